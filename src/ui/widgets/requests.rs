//! What the per-request views share: reading a study's fetched tables once (in the chunk of
//! the view that asked, so a first visit carries none of this code) — each parsed, checked
//! against the study and its verified sweeps, its check recorded in the study's report —
//! and the line that says where the tables stand.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::basics::format::readable;
use crate::core::measures::goodput::NO_REQUESTS;
use crate::core::measures::requests::RequestTable;
use crate::core::provenance::{check_requests, check_table_read, SourceStatus};
use crate::ui::state::file::Study;
use crate::ui::state::requests::{LoadedTables, RequestsState};
use crate::ui::tasks::requests::load_tables;

/// Fetch the study's tables (once per study) and read them once they are fetched and its
/// sweeps are checked. Called by the views that need them, so that the fetching is in their
/// chunks too, not in the first download (5 KB of wasm; the fetch then starts once the
/// view's chunk is in, which the first-chart timing in BENCHMARKS.md includes).
pub fn read_tables(study: &Study) {
    load_tables(study.clone());
    read_when_fetched(study);
}

/// Fetch and read the study's tables (`read_tables`) and build `build(tables)` from those
/// read so far: again as they arrive, and as the link values `build` reads change.
pub fn from_tables<T: PartialEq + Send + Sync + 'static>(
    study: &Study,
    build: impl Fn(&[(String, RequestTable)]) -> T + Send + Sync + 'static,
) -> Memo<T> {
    read_tables(study);
    let requests = study.requests.clone();
    Memo::new(move |_| {
        let loaded = requests.with(|r| r.tables());
        build(loaded.as_ref().map_or(&[], |l| &l.tables))
    })
}

/// Read the study's tables once they are fetched (by whichever view asked) and the study's
/// sweeps have their statuses (checked first, so this does not wait for the tools' files);
/// each table's check goes into the study's report once the load's verification has made
/// it. Nothing until then.
pub fn read_when_fetched(study: &Study) {
    let read = study.clone();
    Effect::new(move |_| {
        let RequestsState::Fetched(fetched) = read.requests.get() else { return };
        let Some(sweeps) = read.checks.sweeps.get() else { return };
        let mut loaded = LoadedTables::default();
        for t in fetched.iter() {
            let Some(text) = &t.text else {
                let why = t.why.clone().unwrap_or_else(|| match &t.status {
                    SourceStatus::Mismatch { .. } => "its sha256 does not match the published one: not used".to_owned(),
                    other => format!("{}: {}", other.label(), other.detail()),
                });
                loaded.unusable.push((t.file.clone(), why));
                loaded.records.push((t.file.clone(), t.status.clone(), None));
                continue;
            };
            // Read once: for the check and for the views.
            let check = match RequestTable::parse(text) {
                Ok(table) => {
                    let check = check_table_read(&read.results, &t.engine, &t.file, &table, &sweeps, &|_, _, _, _| None);
                    if check.passes() {
                        loaded.tables.push((t.engine.clone(), table));
                    }
                    check
                }
                Err(_) => check_requests(&read.results, &t.engine, &t.file, text, &sweeps, &|_, _, _, _| None),
            };
            if !check.passes() {
                let first = check
                    .findings
                    .first()
                    .map(ToString::to_string)
                    .or_else(|| check.mismatches.first().map(|m| format!("{}: {}", m.path, m.reason)));
                loaded.unusable.push((t.file.clone(), format!("it does not check against the study: {}", first.unwrap_or_default())));
            }
            loaded.records.push((t.file.clone(), t.status.clone(), Some(check.clone())));
            loaded.checks.push(check);
        }
        read.requests.set(RequestsState::Ready(Arc::new(loaded)));
    });
    // The tables' checks join the report when both are there (in either order), once.
    let record = study.clone();
    Effect::new(move |done: Option<bool>| {
        if done == Some(true) {
            return true;
        }
        let Some(loaded) = record.requests.with(|r| r.tables()) else { return false };
        if record.checks.report.with(Option::is_none) {
            return false;
        }
        record.checks.report.update(|r| {
            if let Some(r) = r {
                for (file, status, check) in &loaded.records {
                    r.record_table(file, status.clone(), check.clone());
                }
            }
        });
        true
    });
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
        RequestsState::Fetched(_) => {
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
