//! The line that says where the study's per-request tables stand (their one load is
//! `tasks::requests::ensure_tables`).

use leptos::prelude::*;

use crate::core::basics::format::readable;
use crate::ui::state::file::Study;
use crate::ui::state::requests::RequestsState;

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
