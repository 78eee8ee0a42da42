//! The page: its state (the link's `ViewState`, the loaded file, notices), loading, and
//! which view is shown.

use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::load::{fetch_index, fetch_results, INDEX_PATH};
use crate::core::index::{too_large, MAX_RESULTS_BYTES};
use super::sources::{check_sources, Origin, SourceChecks};
use super::views::{accuracy::AccuracyView, compare::ComparePanel, decode::DecodeView, engines::EnginesPanel, findings::{ErrorPanel, FindingsPanel, NoticesPanel}, header::Header, cache::CacheView, prefill::PrefillView, provenance::ProvenanceView, raw::RawView, serving::{ExplorerView, Preset}, tradeoff::TradeoffView};
use crate::core::findings::{Finding, Severity};
use crate::core::index::sha256_hex;
use crate::core::model::Results;
use crate::core::validate::parse_results;
use crate::core::view_state::{Metric, ParamNotice, View, ViewState};

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
    /// Where it came from: its sources are resolved against this.
    pub origin: Origin,
}

/// Where loading stands.
#[derive(Clone, Debug)]
pub enum Load {
    /// Nothing requested (the second file when no `compare` is given).
    Idle,
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
    /// The loaded file's source statuses.
    pub checks: SourceChecks,
    /// The second file, when `compare` names one.
    pub compare: RwSignal<Load>,
    /// The second file's source statuses.
    pub compare_checks: SourceChecks,
    /// Whether the dark theme is shown (the system's preference until the reader toggles).
    pub dark: RwSignal<bool>,
    /// The bundled files `data/index.json` lists, once fetched (for the pickers).
    pub index: RwSignal<Vec<crate::core::index::IndexEntry>>,
}

/// Which of the two files a load fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// The file the page shows (`src`).
    Primary,
    /// The file compared with it (`compare`).
    Compare,
}

impl Page {
    fn slot(&self, slot: Slot) -> (RwSignal<Load>, SourceChecks) {
        match slot {
            Slot::Primary => (self.load, self.checks),
            Slot::Compare => (self.compare, self.compare_checks),
        }
    }
}

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let query = window().location().search().unwrap_or_default();
    let (state, notices) = ViewState::parse(&query);
    if !notices.is_empty() {
        rewrite_address(&state);
    }
    let src = state.src.clone();
    let page = Page {
        state: RwSignal::new(state),
        load: RwSignal::new(Load::Loading(INDEX_PATH.into())),
        notices: RwSignal::new(notices),
        checks: SourceChecks::new(),
        compare: RwSignal::new(Load::Idle),
        compare_checks: SourceChecks::new(),
        dark: RwSignal::new(prefers_dark()),
        index: RwSignal::new(Vec::new()),
    };
    // The stylesheet follows the root's data-theme; charts follow `dark` directly.
    Effect::new(move |_| {
        if let Some(root) = document().document_element() {
            root.set_attribute("data-theme", if page.dark.get() { "dark" } else { "light" }).ok();
        }
    });
    provide_context(page);
    // Back and forward restore the view the entry was made for; another file is reloaded.
    let history = window_event_listener(leptos::ev::popstate, move |_| {
        let query = window().location().search().unwrap_or_default();
        let (next, notices) = ViewState::parse(&query);
        let (reload, recompare) = page.state.with_untracked(|s| (s.src != next.src, s.compare != next.compare));
        page.notices.set(notices);
        page.state.set(next.clone());
        if reload {
            spawn_local(load_results(page, Slot::Primary, next.src.map(|s| s.as_str().to_owned())));
        }
        if recompare {
            reload_compare(page, next.compare.map(|s| s.as_str().to_owned()));
        }
    });
    on_cleanup(move || history.remove());
    let compare = page.state.with_untracked(|s| s.compare.clone());
    if src.is_some() {
        // Without src, load_results fetches the index anyway and shares it.
        spawn_local(async move {
            if let Ok(list) = fetch_index().await {
                page.index.set(list);
            }
        });
    }
    spawn_local(load_results(page, Slot::Primary, src.map(|s| s.as_str().to_owned())));
    if let Some(compare) = compare {
        spawn_local(load_results(page, Slot::Compare, Some(compare.as_str().to_owned())));
    }

    let body = move || match page.load.get() {
        Load::Idle => ().into_any(),
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
    let embedded = move || page.state.with(|s| s.embed);
    view! {
        <div class="page" class:embed=embedded on:dragover=|e: leptos::ev::DragEvent| e.prevent_default() on:drop=move |e: leptos::ev::DragEvent| {
            e.prevent_default();
            if let Some(files) = e.data_transfer().and_then(|d| d.files()) {
                spawn_local(load_local_files(page, Slot::Primary, files));
            }
        }>
            <NoticesPanel/>
            {body}
            <LocalPicker/>
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
            View::Provenance => view! { <ProvenanceView loaded=loaded.clone()/> }.into_any(),
            View::Serving => view! { <ExplorerView loaded=loaded.clone() preset=Preset::Serving/> }.into_any(),
            View::Energy if page.state.with(|s| s.chart.as_deref() == Some("tradeoff")) => {
                view! { <TradeoffView loaded=loaded.clone() y_metric=Metric::TokSPerKw/> }.into_any()
            }
            View::Energy => view! { <ExplorerView loaded=loaded.clone() preset=Preset::Energy/> }.into_any(),
            View::Tradeoff => view! { <TradeoffView loaded=loaded.clone() y_metric=Metric::OutTokS/> }.into_any(),
            View::Prefill => view! { <PrefillView loaded=loaded.clone()/> }.into_any(),
            View::Cache => view! { <CacheView loaded=loaded.clone()/> }.into_any(),
            View::Accuracy => view! { <AccuracyView loaded=loaded.clone()/> }.into_any(),
            View::Compare => ().into_any(),
        }
    };
    view! {
        <Header loaded=loaded.clone()/>
        <ViewNav/>
        <ShareBar loaded=loaded.clone()/>
        <FindingsPanel findings=loaded.warnings.clone()/>
        <EnginesPanel loaded=loaded.clone()/>
        <main>{view_body}</main>
        {
            let loaded = loaded.clone();
            move || page.state.with(|s| s.embed).then(|| {
                let full = {
                    let mut state = page.state.get();
                    state.embed = false;
                    state.chart = None;
                    if state.src.is_none() {
                        state.src = loaded.src.parse().ok();
                    }
                    format!("?{}", state.to_query())
                };
                view! { <p class="embed-link"><a href=full target="_blank" rel="noopener">"Open the full view ↗"</a></p> }
            })
        }
        <ReproduceBox loaded=loaded.clone()/>
        {
            let loaded = loaded.clone();
            move || {
                let shown = page.state.with(|s| s.view == View::Compare) || !matches!(page.compare.get(), Load::Idle);
                shown.then(|| view! { <ComparePanel loaded=loaded.clone()/> })
            }
        }
    }
}

/// Whether the system asks for a dark colour scheme.
fn prefers_dark() -> bool {
    window().match_media("(prefers-color-scheme: dark)").ok().flatten().is_some_and(|m| m.matches())
}

/// Change the view state and the address bar together: a new history entry for a new
/// page (`ViewState::is_new_page`), a replaced one for filters. Nothing is reloaded.
pub fn navigate(page: Page, next: ViewState) {
    let push = page.state.with_untracked(|prev| prev.is_new_page(&next));
    let (reload, recompare) = page.state.with_untracked(|prev| (prev.src != next.src, prev.compare != next.compare));
    let query = next.to_query();
    let location = window().location();
    let url = if query.is_empty() { location.pathname().unwrap_or_default() } else { format!("?{query}") };
    if let Ok(history) = window().history() {
        let written = if push {
            history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url))
        } else {
            history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url))
        };
        if let Err(e) = written {
            leptos::logging::warn!("could not update the address bar: {e:?}");
        }
    }
    if reload {
        spawn_local(load_results(page, Slot::Primary, next.src.as_ref().map(|s| s.as_str().to_owned())));
    }
    if recompare {
        reload_compare(page, next.compare.as_ref().map(|s| s.as_str().to_owned()));
    }
    page.state.set(next);
}

/// Load (or drop) the second file after `compare` changed.
fn reload_compare(page: Page, src: Option<String>) {
    match src {
        Some(src) => spawn_local(load_results(page, Slot::Compare, Some(src))),
        None => page.compare.set(Load::Idle),
    }
}

/// Rewrite the address bar to the state actually shown, without a history entry: after a
/// link parameter fell back to its default, the link must say what the page shows.
fn rewrite_address(state: &ViewState) {
    let query = state.to_query();
    let url = if query.is_empty() { window().location().pathname().unwrap_or_default() } else { format!("?{query}") };
    if let Ok(history) = window().history() {
        history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url)).ok();
    }
}

/// Follow a same-page link in the app, unless the reader asked for a new tab or window.
fn follow(page: Page, event: leptos::ev::MouseEvent, next: ViewState) {
    if event.ctrl_key() || event.meta_key() || event.shift_key() || event.alt_key() || event.button() != 0 {
        return;
    }
    event.prevent_default();
    navigate(page, next);
}

/// The link to the view shown, with `src` written out; `None` for a local file, which
/// cannot be linked. Reads the view state, so it is reactive where called reactively.
pub fn share_link(page: Page, loaded: &Loaded) -> Option<String> {
    let Origin::Url(_) = &loaded.origin else { return None };
    let mut state = page.state.get();
    if state.src.is_none() {
        state.src = loaded.src.parse().ok();
    }
    let location = window().location();
    let base = format!("{}{}", location.origin().unwrap_or_default(), location.pathname().unwrap_or_default());
    Some(format!("{base}?{}", state.to_query()))
}

/// A CSV export's provenance line for the view shown and the sources behind the table.
pub fn csv_provenance(page: Page, loaded: &Loaded, sources: &[String]) -> String {
    let link = untrack(|| share_link(page, loaded)).unwrap_or_else(|| "a local file (not linkable)".into());
    let sources = sources
        .iter()
        .map(|name| (name.clone(), page.checks.status_of(&loaded.results, name).map(|s| s.label()).unwrap_or("not checked")))
        .collect();
    crate::core::csv::Provenance { src: &loaded.src, sha256: &loaded.sha256, link: &link, sources }.comment()
}

/// The sources behind what a view shows, in file order.
fn sources_behind(results: &Results, state: &ViewState) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut add = |name: &str| {
        if !names.iter().any(|n| n == name) {
            names.push(name.to_owned());
        }
    };
    match state.view {
        View::Decode => results.decode.iter().flat_map(|d| &d.rows).filter(|r| state.shows_engine(&r.id)).flat_map(|r| &r.sources).for_each(|s| add(s)),
        View::Serving | View::Energy | View::Tradeoff | View::Compare => {
            if let Some(w) = crate::core::series::chosen_workload(results, state) {
                w.rows.iter().filter(|r| state.shows_engine(&r.id)).flat_map(|r| r.cells.iter().flatten()).filter_map(|c| c.source.as_deref()).for_each(&mut add);
            }
        }
        View::Prefill => results.prefill.iter().flat_map(|p| &p.rows).filter_map(|r| r.source.as_deref()).for_each(&mut add),
        View::Cache => results.cache.iter().flat_map(|c| &c.rows).filter_map(|r| r.source.as_deref()).for_each(&mut add),
        View::Accuracy => {
            results.accuracy.iter().flat_map(|a| &a.rows).filter_map(|r| r.source.as_deref()).for_each(&mut add);
            results.weight_accuracy.iter().filter_map(|w| w.source.as_deref()).for_each(&mut add);
        }
        View::Provenance | View::Raw => results.sources.iter().for_each(|s| add(s.name())),
    }
    names
}

/// "Reproduce this": the link, the results file's hash, the sources behind the view with
/// their status, and the dashboard's version and commit.
#[component]
fn ReproduceBox(loaded: Arc<Loaded>) -> impl IntoView {
    let page = expect_context::<Page>();
    let link = {
        let loaded = loaded.clone();
        move || share_link(page, &loaded).unwrap_or_else(|| "a local file: not linkable".into())
    };
    let sources = {
        let loaded = loaded.clone();
        move || {
            let names = page.state.with(|s| sources_behind(&loaded.results, s));
            names
                .into_iter()
                .map(|name| {
                    let status = page.checks.status_of(&loaded.results, &name).map(|s| s.label()).unwrap_or("not checked");
                    view! { <li><code>{name}</code> " — " {status}</li> }
                })
                .collect_view()
        }
    };
    let version = format!("servescope {} · commit {}", env!("CARGO_PKG_VERSION"), option_env!("SERVESCOPE_COMMIT").unwrap_or("unknown"));
    view! {
        <section class="panel reproduce">
            <h2>"Reproduce this"</h2>
            <dl>
                <dt>"Link"</dt><dd><code class="reproduce-link">{link}</code></dd>
                <dt>"Results file"</dt><dd><code>{loaded.src.clone()}</code> " · sha256 " <code>{loaded.sha256.clone()}</code></dd>
                <dt>"Sources behind this view"</dt><dd><ul class="reproduce-sources">{sources}</ul></dd>
                <dt>"Dashboard"</dt><dd class="version">{version}</dd>
            </dl>
        </section>
    }
}

/// `<option>`s for the files `data/index.json` lists, the one at `current` selected.
pub fn index_options(entries: Vec<crate::core::index::IndexEntry>, current: &str) -> impl IntoView {
    entries
        .into_iter()
        .map(|e| {
            let selected = e.path == current;
            view! { <option value=e.path.clone() prop:selected=selected>{e.title} " (" {e.date} ")"</option> }
        })
        .collect_view()
}

/// The dataset picker (the files `data/index.json` lists) and the copy-link control. A
/// copied link always writes `src` out, so reordering the index never re-points it.
#[component]
fn ShareBar(loaded: Arc<Loaded>) -> impl IntoView {
    let page = expect_context::<Page>();
    let entries = page.index;
    let current = loaded.src.clone();
    let picker = move || {
        let list = entries.get();
        (!list.is_empty()).then(|| {
            let current = current.clone();
            let listed = list.iter().any(|e| e.path == current);
            let unlisted = (!listed).then(|| view! { <option value="" selected>"— a file not in the index"</option> });
            let options = index_options(list, &current);
            view! {
                <label class="control">"Dataset "
                    <select class="dataset-picker" on:change=move |e| {
                        let Ok(src) = event_target_value(&e).parse() else { return };
                        let mut next = page.state.get_untracked();
                        next.src = Some(src);
                        navigate(page, next);
                    }>{unlisted}{options}</select>
                </label>
            }
        })
    };
    let link = {
        let loaded = loaded.clone();
        move || share_link(page, &loaded)
    };
    let copied = RwSignal::new(String::new());
    let share = move || match link() {
        None => view! { <p class="share-local">"A local file cannot be linked: serve it and open it by URL to share this view."</p> }.into_any(),
        Some(url) => {
            let to_copy = url.clone();
            view! {
                <label class="control share">"Link "
                    <input class="share-link" readonly prop:value=url aria-label="link to this view"/>
                </label>
                <button type="button" class="toggle copy-link" on:click=move |_| {
                    let text = to_copy.clone();
                    spawn_local(async move {
                        let promise = window().navigator().clipboard().write_text(&text);
                        let done = wasm_bindgen_futures::JsFuture::from(promise).await;
                        copied.set(if done.is_ok() { "link copied".into() } else { "could not copy: select the link and copy it".into() });
                    });
                }>"Copy link"</button>
                <span class="copied" role="status">{move || copied.get()}</span>
            }
            .into_any()
        }
    };
    let theme_toggle = view! {
        <button type="button" class="toggle theme-toggle" aria-pressed=move || page.dark.get().to_string()
            on:click=move |_| page.dark.update(|d| *d = !*d)>"Dark theme"</button>
    };
    let download = match &loaded.origin {
        Origin::Url(url) => Some(view! { <a class="download-json" href=url.clone() download="">"Download the results JSON"</a> }),
        Origin::Local(_) => None,
    };
    view! { <div class="controls share-bar">{picker}{share}{download}{theme_toggle}</div> }
}

/// The views this build has, as links that keep the rest of the state.
#[component]
fn ViewNav() -> impl IntoView {
    let page = expect_context::<Page>();
    let links = [
        (View::Decode, "Decode"),
        (View::Serving, "Serving"),
        (View::Tradeoff, "Trade-off"),
        (View::Energy, "Energy"),
        (View::Prefill, "Prefill"),
        (View::Cache, "KV cache"),
        (View::Accuracy, "Accuracy"),
        (View::Compare, "Compare"),
        (View::Provenance, "Provenance"),
        (View::Raw, "Raw file"),
    ]
        .into_iter()
        .map(|(view, label)| {
            // A view link opens the view's first chart: `chart` belongs to the view it was set in.
            let href = move || {
                let mut state = page.state.get();
                state.view = view;
                state.chart = None;
                format!("?{}", state.to_query())
            };
            let current = move || (page.state.with(|s| s.view) == view).then_some("page");
            let on_click = move |e| {
                let mut next = page.state.get_untracked();
                next.view = view;
                next.chart = None;
                follow(page, e, next);
            };
            view! { <a href=href aria-current=current on:click=on_click>{label}</a> }
        })
        .collect_view();
    view! { <nav class="views" aria-label="views">{links}</nav> }
}

/// Fetch the index if no `src` was given, then the results file; validate it and resolve
/// the link against it.
pub async fn load_results(page: Page, slot: Slot, src: Option<String>) {
    let (target, _) = page.slot(slot);
    let src = match src {
        Some(src) => src,
        None => match fetch_index().await {
            Ok(entries) => {
                let first = entries.first().map(|e| e.path.clone()).unwrap_or_default();
                page.index.set(entries);
                first
            }
            Err(message) => {
                target.set(Load::Failed { src: INDEX_PATH.into(), message });
                return;
            }
        },
    };
    target.set(Load::Loading(src.clone()));
    let reported = std::cell::Cell::new(0u64);
    let progress = |done: u64, total: Option<u64>| {
        // A large download shows progress; small steps are not worth a repaint.
        if done - reported.get() >= 256 * 1024 {
            reported.set(done);
            let of = total.map(|t| format!(" of {t}")).unwrap_or_default();
            target.set(Load::Loading(format!("{src} — {done}{of} bytes")));
        }
    };
    let bytes = match fetch_results(&src, progress).await {
        Ok(bytes) => bytes,
        Err(message) => {
            target.set(Load::Failed { src, message });
            return;
        }
    };
    let origin = Origin::Url(absolute_url(&src));
    accept_bytes(page, slot, src, &bytes, origin).await;
}

/// Let the browser paint what was just set (the "parsing…" state) before a long task.
async fn paint() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        window().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 16).ok();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.ok();
}

/// The absolute URL of a results file, so its sources resolve against it.
fn absolute_url(src: &str) -> String {
    let base = window().location().href().unwrap_or_default();
    web_sys::Url::new_with_base(src, &base).map(|u| u.href()).unwrap_or(base)
}

/// Validate loaded bytes and show them — the same path for fetched and local files.
async fn accept_bytes(page: Page, slot: Slot, src: String, bytes: &[u8], origin: Origin) {
    let (target, checks) = page.slot(slot);
    target.set(Load::Loading(format!("{src} — parsing")));
    paint().await;
    let validation = parse_results(bytes);
    let Some(results) = validation.results else {
        let mut findings = validation.findings;
        findings.sort_by_key(|f| f.severity);
        target.set(Load::Invalid { src, findings });
        return;
    };
    let mut state = page.state.get_untracked();
    // The link is resolved against the file it names views of; the second file is shown as is.
    let notices = if slot == Slot::Primary { state.resolve(&results) } else { Vec::new() };
    if !notices.is_empty() {
        rewrite_address(&state);
        page.state.set(state);
        page.notices.update(|n| n.extend(notices));
    }
    let warnings = validation.findings.into_iter().filter(|f| f.severity == Severity::Warning).collect();
    let loaded = Arc::new(Loaded { src, sha256: sha256_hex(bytes), results, warnings, origin });
    target.set(Load::Ready(loaded.clone()));
    spawn_local(check_sources(checks, loaded));
}

/// Load files the user picked or dropped: the results file and, beside it, its sources.
/// The results file is the first `.json` that validates (else the first `.json`, to show
/// its findings); the other files are matched to sources by name. Nothing is uploaded.
pub async fn load_local_files(page: Page, slot: Slot, list: web_sys::FileList) {
    let (target, _) = page.slot(slot);
    let mut files = std::collections::BTreeMap::new();
    for index in 0..list.length() {
        let Some(file) = list.item(index) else { continue };
        if file.size() > MAX_RESULTS_BYTES as f64 {
            target.set(Load::Failed { src: file.name(), message: too_large(file.size() as u64) });
            return;
        }
        let Ok(buffer) = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await else {
            target.set(Load::Failed { src: file.name(), message: "the browser could not read this file".into() });
            return;
        };
        files.insert(file.name(), js_sys::Uint8Array::new(&buffer).to_vec());
    }
    let json: Vec<&String> = files.keys().filter(|n| n.to_ascii_lowercase().ends_with(".json")).collect();
    let chosen = json.iter().find(|n| files.get(**n).is_some_and(|b| parse_results(b).results.is_some())).or(json.first()).map(|n| (*n).clone());
    let Some(name) = chosen else {
        target.set(Load::Failed { src: "local files".into(), message: "none of the files picked is a .json results file".into() });
        return;
    };
    let bytes = files.get(&name).cloned().unwrap_or_default();
    accept_bytes(page, slot, format!("local file {name}"), &bytes, Origin::Local(Arc::new(files))).await;
}

/// A file picker for a local results file and its sources.
#[component]
fn LocalPicker() -> impl IntoView {
    let page = expect_context::<Page>();
    view! {
        <section class="panel local">
            <h2>"Check local files"</h2>
            <p>
                "Pick or drop a results file together with its source files to validate it and check every source's sha256 here. "
                "Nothing is uploaded: the files are read by this page only. A local file cannot be linked."
            </p>
            <input type="file" multiple accept=".json,.jsonl,.log,.md,.txt,application/json" aria-label="results file and its sources"
                on:change=move |e| {
                    let input: web_sys::HtmlInputElement = event_target(&e);
                    if let Some(files) = input.files() {
                        spawn_local(load_local_files(page, Slot::Primary, files));
                    }
                }/>
        </section>
    }
}
