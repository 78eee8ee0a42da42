//! A study's per-request tables (schema 1.3), loaded by one task per study when a view first
//! needs them or once the study's other sources are checked, never before the first chart:
//! each fetched and hashed as it streams in (progress on the way), its status written into
//! the study's checks, a verified one inflated by the browser, then — once the study's sweeps
//! have their statuses — read and checked against the study in the task, and its check
//! recorded in the study's report. The task is the study's `tables` (`state::task::Once`, a
//! `Slot` load with its abort and generation): a second view asking finds it begun, and the
//! study leaving its slot aborts the download and drops whatever the task would still write.

use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::core::collections::collection::asks_for;
use crate::core::measures::requests::RequestTable;
use crate::core::provenance::{check_bytes, check_requests, check_table_read, SourceHasher, SourceStatus};
use crate::ui::io::fetch::{self, FetchError};
use crate::ui::io::inflate::gunzip;
use crate::ui::state::file::{Origin, Study};
use crate::ui::state::requests::{FetchedTable, LoadedTables, RequestsState};
use crate::ui::state::task::Ticket;

/// The largest table the page reads (inflated, a million requests are about 55 MB).
const LIMIT: u64 = 1 << 30;

/// How often the task looks again for what it waits on (the sweeps' statuses, the report).
const WAIT_MS: u32 = 20;

/// One table's bytes and status: read from the picked files, or fetched and hashed chunk by
/// chunk; `None` when the task was stopped meanwhile.
async fn fetch_table(study: &Study, task: &Ticket, file: &str, sha256: &str) -> Option<(SourceStatus, Option<Vec<u8>>)> {
    let base = match &study.origin {
        Origin::Local(files) => {
            return Some(match files.get(file) {
                Some(bytes) => (check_bytes(file, sha256, bytes), Some(bytes.clone())),
                None => (SourceStatus::not_found("not among the files picked"), None),
            })
        }
        Origin::Url(base) => base,
    };
    let Some(url) = fetch::absolute_url(file, Some(base)) else {
        return Some((SourceStatus::unavailable("the file name does not resolve to a URL"), None));
    };
    let response = match fetch::get(&url, task.signal()).await {
        Ok(r) => r,
        Err(FetchError::Aborted) => return None,
        Err(e) if e.is_not_found() => return Some((SourceStatus::not_found(e.to_string()), None)),
        Err(e) => return Some((SourceStatus::unavailable(e.to_string()), None)),
    };
    let total = fetch::announced_length(&response);
    let (mut hasher, mut kept) = (SourceHasher::default(), Vec::with_capacity(total.unwrap_or(0).min(LIMIT) as usize));
    let requests = study.requests.clone();
    let read = fetch::read_chunks(response, task.signal(), |chunk| {
        hasher.update(chunk);
        kept.extend_from_slice(chunk);
        if kept.len() as u64 > LIMIT {
            return Err(FetchError::TooLarge { bytes: kept.len() as u64 });
        }
        requests.set(RequestsState::Loading { file: file.to_owned(), done: hasher.bytes(), total });
        Ok(())
    })
    .await;
    match read {
        Ok(()) => Some((hasher.finish(file, sha256), Some(kept))),
        Err(FetchError::Aborted) => None,
        Err(e) => Some((SourceStatus::unavailable(e.to_string()), None)),
    }
}

/// Load the study's tables, once: the views that need them call this and read
/// `study.requests` as it moves on.
pub fn ensure_tables(study: &Study) {
    let Some(serving) = study.results.serving().filter(|s| !s.requests.is_empty()) else { return };
    let Some(task) = study.tables.start() else { return };
    let wanted: Vec<(String, String, String)> = serving
        .requests
        .iter()
        .filter_map(|t| Some((t.id.clone(), t.file.clone(), study.results.sources().iter().find(|s| s.name() == t.file)?.sha256.clone())))
        .collect();
    study.requests.set(RequestsState::Loading { file: wanted.first().map(|w| w.1.clone()).unwrap_or_default(), done: 0, total: None });
    let page = crate::ui::state::page();
    let study = study.clone();
    spawn_local(async move {
        let current = || study.tables.is_current(&task);
        // A table the collection's manifest lists as unpublished is never asked for.
        let listing = match &study.origin {
            Origin::Url(_) => super::sources::listing_when_known(page, &study, current).await,
            Origin::Local(_) => None,
        };
        let mut fetched = Vec::new();
        for (engine, file, sha256) in wanted {
            let (status, bytes) = match asks_for(listing.as_deref(), &file) {
                true => match fetch_table(&study, &task, &file, &sha256).await {
                    Some(got) => got,
                    None => return,
                },
                false => (SourceStatus::not_published(), None),
            };
            if !current() {
                return;
            }
            // The status is the study's, like every source's.
            study.checks.statuses.update(|all| {
                if let Some(slot) = all.iter_mut().find(|(n, _)| *n == file) {
                    slot.1 = status.clone();
                }
            });
            let (text, why) = match (&status, bytes) {
                (SourceStatus::Verified, Some(bytes)) => match gunzip(&bytes).await {
                    Ok(text) => (Some(text), None),
                    Err(e) => (None, Some(e)),
                },
                _ => (None, None),
            };
            fetched.push(FetchedTable { engine, file, status, text, why });
        }
        study.requests.set(RequestsState::Checking);
        // Checked against the sweeps, whose statuses come first in the study's own checks.
        let Some(sweeps) = wait_for(&study.checks.sweeps, current).await else { return };
        let loaded = Arc::new(read_fetched(&study, fetched, &sweeps));
        study.requests.set(RequestsState::Ready(loaded.clone()));
        // Each table's check joins the study's report once the load's verification made it.
        if wait_for(&study.checks.report, current).await.is_none() {
            return;
        }
        study.checks.report.update(|r| {
            if let Some(r) = r {
                for (file, status, check) in &loaded.records {
                    r.record_table(file, status.clone(), check.clone());
                }
            }
        });
    });
}

/// The signal's value once it is `Some`, or `None` if the task stops first.
async fn wait_for<T: Clone + Send + Sync + 'static>(signal: &ArcRwSignal<Option<T>>, current: impl Fn() -> bool) -> Option<T> {
    loop {
        if !current() {
            return None;
        }
        if let Some(value) = signal.get_untracked() {
            return Some(value);
        }
        gloo_timers::future::TimeoutFuture::new(WAIT_MS).await;
    }
}

/// Read each fetched table once — for its check and for the views — and check it against the
/// study and its verified sweeps; one that does not check is not used, and said.
fn read_fetched(study: &Study, fetched: Vec<FetchedTable>, sweeps: &crate::ui::state::checks::KeptSweeps) -> LoadedTables {
    let mut loaded = LoadedTables::default();
    for t in fetched {
        let Some(text) = &t.text else {
            let why = t.why.clone().unwrap_or_else(|| match &t.status {
                SourceStatus::Mismatch { .. } => "its sha256 does not match the published one: not used".to_owned(),
                other => format!("{}: {}", other.label(), other.detail()),
            });
            loaded.unusable.push((t.file.clone(), why));
            loaded.records.push((t.file.clone(), t.status.clone(), None));
            continue;
        };
        let check = match RequestTable::parse(text) {
            Ok(table) => {
                let check = check_table_read(&study.results, &t.engine, &t.file, &table, sweeps, &|_, _, _, _| None);
                if check.passes() {
                    loaded.tables.push((t.engine.clone(), table));
                }
                check
            }
            Err(_) => check_requests(&study.results, &t.engine, &t.file, text, sweeps, &|_, _, _, _| None),
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
    loaded
}
