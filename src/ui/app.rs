//! The page: its state (the link's `ViewState`, the loaded file, notices), loading, and
//! which view is shown.

use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::load::{fetch_bytes, fetch_index, INDEX_PATH};
use super::views::{decode::DecodeView, engines::EnginesPanel, findings::{ErrorPanel, FindingsPanel, NoticesPanel}, header::Header, raw::RawView};
use crate::core::findings::{Finding, Severity};
use crate::core::index::sha256_hex;
use crate::core::model::Results;
use crate::core::validate::parse_results;
use crate::core::view_state::{ParamNotice, View, ViewState};

/// A results file that passed validation, with what the page says about it.
#[derive(Debug)]
pub struct Loaded {
    /// Where it was loaded from, as the link names it.
    pub src: String,
    /// The checked model.
    pub results: Results,
    /// Warnings (a loaded file has no errors).
    pub warnings: Vec<Finding>,
    /// sha256 of the bytes loaded.
    pub sha256: String,
}

/// Where loading stands.
#[derive(Clone, Debug)]
pub enum Load {
    /// Fetching or parsing; names what.
    Loading(String),
    /// The file could not be fetched.
    Failed {
        /// What was requested.
        src: String,
        /// Why it failed: HTTP status or network error.
        message: String,
    },
    /// The file arrived but has errors; every finding is listed.
    Invalid {
        /// What was loaded.
        src: String,
        /// All findings, errors first.
        findings: Vec<Finding>,
    },
    /// Ready to show.
    Ready(Arc<Loaded>),
}

/// The page's shared state, provided as context to every view.
#[derive(Clone, Copy)]
pub struct Page {
    /// The link's view state.
    pub state: RwSignal<ViewState>,
    /// The results file.
    pub load: RwSignal<Load>,
    /// Link parameters that were not used, shown as dismissible notices.
    pub notices: RwSignal<Vec<ParamNotice>>,
}

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let query = window().location().search().unwrap_or_default();
    let (state, notices) = ViewState::parse(&query);
    let src = state.src.clone();
    let page = Page { state: RwSignal::new(state), load: RwSignal::new(Load::Loading(INDEX_PATH.into())), notices: RwSignal::new(notices) };
    provide_context(page);
    spawn_local(load_results(page, src.map(|s| s.as_str().to_owned())));

    let body = move || match page.load.get() {
        Load::Loading(what) => view! { <p class="status" role="status">"Loading " {what} "…"</p> }.into_any(),
        Load::Failed { src, message } => view! {
            <section class="panel error-panel" role="alert">
                <h2>"Could not load the results file"</h2>
                <p><code>{src}</code></p>
                <p class="message">{message}</p>
            </section>
        }
        .into_any(),
        Load::Invalid { src, findings } => view! { <ErrorPanel src findings/> }.into_any(),
        Load::Ready(loaded) => view! { <Loaded loaded/> }.into_any(),
    };
    view! {
        <div class="page">
            <NoticesPanel/>
            {body}
        </div>
    }
}

/// A valid file: header, engines, findings and the chosen view.
#[component]
fn Loaded(loaded: Arc<Loaded>) -> impl IntoView {
    let page = expect_context::<Page>();
    let view_body = {
        let loaded = loaded.clone();
        move || match page.state.with(|s| s.view) {
            View::Decode => view! { <DecodeView loaded=loaded.clone()/> }.into_any(),
            View::Raw => view! { <RawView loaded=loaded.clone()/> }.into_any(),
            other => view! {
                <section class="panel">
                    <p>"The " <code>{other.as_str()}</code> " view is not part of this build yet; the decode and raw views are."</p>
                </section>
            }
            .into_any(),
        }
    };
    view! {
        <Header loaded=loaded.clone()/>
        <ViewNav/>
        <FindingsPanel findings=loaded.warnings.clone()/>
        <EnginesPanel loaded=loaded.clone()/>
        <main>{view_body}</main>
    }
}

/// The views this build has, as links that keep the rest of the state.
#[component]
fn ViewNav() -> impl IntoView {
    let page = expect_context::<Page>();
    let links = [(View::Decode, "Decode"), (View::Raw, "Raw file")]
        .into_iter()
        .map(|(view, label)| {
            let href = move || {
                let mut state = page.state.get();
                state.view = view;
                format!("?{}", state.to_query())
            };
            let current = move || (page.state.with(|s| s.view) == view).then_some("page");
            view! { <a href=href aria-current=current>{label}</a> }
        })
        .collect_view();
    view! { <nav class="views" aria-label="views">{links}</nav> }
}

/// Fetch the index if no `src` was given, then the results file; validate it and resolve
/// the link against it.
async fn load_results(page: Page, src: Option<String>) {
    let src = match src {
        Some(src) => src,
        None => match fetch_index().await {
            Ok(entries) => entries.into_iter().next().map(|e| e.path).unwrap_or_default(),
            Err(message) => {
                page.load.set(Load::Failed { src: INDEX_PATH.into(), message });
                return;
            }
        },
    };
    page.load.set(Load::Loading(src.clone()));
    let bytes = match fetch_bytes(&src).await {
        Ok(bytes) => bytes,
        Err(message) => {
            page.load.set(Load::Failed { src, message });
            return;
        }
    };
    let validation = parse_results(&bytes);
    let Some(results) = validation.results else {
        let mut findings = validation.findings;
        findings.sort_by_key(|f| f.severity);
        page.load.set(Load::Invalid { src, findings });
        return;
    };
    let mut state = page.state.get_untracked();
    let notices = state.resolve(&results);
    if !notices.is_empty() {
        page.state.set(state);
        page.notices.update(|n| n.extend(notices));
    }
    let warnings = validation.findings.into_iter().filter(|f| f.severity == Severity::Warning).collect();
    page.load.set(Load::Ready(Arc::new(Loaded { src, sha256: sha256_hex(&bytes), results, warnings })));
}
