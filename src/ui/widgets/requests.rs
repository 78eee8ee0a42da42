//! What the per-request views share: the study's tables as its one load task reads them
//! (`tasks::requests::ensure_tables`, started by the first view that needs them, so a first
//! visit fetches none), and the line that says where the tables stand.

use leptos::prelude::*;

use crate::core::basics::format::readable;
use crate::core::measures::goodput::NO_REQUESTS;
use crate::core::measures::requests::RequestTable;
use crate::ui::state::file::Study;
use crate::ui::state::requests::RequestsState;
use crate::ui::tasks::requests::ensure_tables;

/// Fetch and read the study's tables (once per study, `ensure_tables`) and build
/// `build(tables)` from those read so far: again as they arrive, and as the link values
/// `build` reads change.
pub fn from_tables<T: PartialEq + Send + Sync + 'static>(
    study: &Study,
    build: impl Fn(&[(String, RequestTable)]) -> T + Send + Sync + 'static,
) -> Memo<T> {
    ensure_tables(study);
    let requests = study.requests.clone();
    Memo::new(move |_| {
        let loaded = requests.with(|r| r.tables());
        build(loaded.as_ref().map_or(&[], |l| &l.tables))
    })
}

/// A per-request view of a study without requests: its heading and what the view needs,
/// and how each tool writes it.
pub fn without_requests(class: &'static str, heading: &'static str) -> AnyView {
    view! {
        <section class=format!("panel {class}")>
            <h2>{heading}</h2>
            <p class="notice no-requests" role="note">{format!("This study has {NO_REQUESTS}.")}</p>
        </section>
    }
    .into_any()
}

/// Where the study's tables stand, in a line, while they are not read; and what could not
/// be used once they are.
#[component]
pub fn RequestsStatus(
    /// The study.
    study: Study,
) -> impl IntoView {
    let state = study.requests.clone();
    move || match state.get() {
        RequestsState::Idle => None,
        RequestsState::Loading { file, done, total } => {
            let of = total.map(|t| format!(" of {} MB", readable(t as f64 / 1e6))).unwrap_or_default();
            Some(view! { <p class="loading requests-loading" role="status">"Reading what each request did: " <code>{file}</code> " · " {readable(done as f64 / 1e6)} " MB" {of}</p> }.into_any())
        }
        RequestsState::Checking => {
            Some(view! { <p class="loading requests-loading" role="status">"Checking the requests against the study…"</p> }.into_any())
        }
        RequestsState::Ready(loaded) => {
            let items =
                loaded.unusable.iter().map(|(file, why)| view! { <li><code>{file.clone()}</code> ": " {why.clone()}</li> }).collect_view();
            (!loaded.unusable.is_empty()).then(|| {
                view! { <div class="notice requests-unusable" role="alert"><p>"Per-request tables not used:"</p><ul>{items}</ul></div> }
                    .into_any()
            })
        }
    }
}
