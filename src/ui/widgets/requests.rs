//! What the per-request views show while the study's tables are read (their one load is
//! `tasks::requests::ensure_tables`): the panel without its charts and tables, and the line
//! that says where the tables stand.

use leptos::prelude::*;

use super::panel::{panel_model, Painter, PanelView};
use crate::core::basics::format::readable;
use crate::core::views::panel::{Note, Panel};
use crate::ui::state::file::Study;
use crate::ui::state::requests::RequestsState;

/// Whether the study's tables are read (tracked; changes once).
pub fn tables_read(study: &Study) -> Memo<bool> {
    let requests = study.requests.clone();
    Memo::new(move |_| requests.with(|r| r.tables().is_some()))
}

/// A per-request view's panel while its tables are read: its heading, controls and words
/// with where the tables stand, no chart — so no empty chart shows, and one pre-rendered
/// from the tables stays until the app has drawn them (the boot waits for a chart).
pub fn while_reading(study: &Study, model: Memo<Panel>, painter: Painter) -> AnyView {
    let reading = panel_model(move || {
        let mut panel = model.get();
        panel.figures.clear();
        panel.tables.clear();
        panel.notes.retain(|n| !matches!(n, Note::Table(_)));
        panel.key = None;
        panel
    });
    view! { <PanelView study=study.clone() model=reading painter=painter/> }.into_any()
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
