//! Fetching a study's per-request tables when a view needs them (schema 1.3), never on a
//! first visit: each hashed as it streams in (progress on the way), its status written into
//! the study's checks, and a verified one inflated by the browser — then handed to the view
//! that asked, which reads and checks it in its own chunk.

use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::core::collections::collection::asks_for;
use crate::core::provenance::{check_bytes, SourceHasher, SourceStatus};
use crate::ui::io::fetch::{self, FetchError};
use crate::ui::io::inflate::gunzip;
use crate::ui::state::file::{Origin, Study};
use crate::ui::state::requests::{FetchedTable, RequestsState};

/// The largest table the page reads (inflated, a million requests are about 55 MB).
const LIMIT: u64 = 1 << 30;

/// One table's bytes and status: read from the picked files, or fetched and hashed chunk by
/// chunk.
async fn fetch_table(study: &Study, file: &str, sha256: &str) -> (SourceStatus, Option<Vec<u8>>) {
    match &study.origin {
        Origin::Local(files) => match files.get(file) {
            Some(bytes) => (check_bytes(file, sha256, bytes), Some(bytes.clone())),
            None => (SourceStatus::not_found("not among the files picked"), None),
        },
        Origin::Url(base) => {
            let Some(url) = fetch::absolute_url(file, Some(base)) else {
                return (SourceStatus::unavailable("the file name does not resolve to a URL"), None);
            };
            let response = match fetch::get(&url, None).await {
                Ok(r) => r,
                Err(e) if e.is_not_found() => return (SourceStatus::not_found(e.to_string()), None),
                Err(e) => return (SourceStatus::unavailable(e.to_string()), None),
            };
            let total = fetch::announced_length(&response);
            let (mut hasher, mut kept) = (SourceHasher::default(), Vec::with_capacity(total.unwrap_or(0).min(LIMIT) as usize));
            let requests = study.requests.clone();
            let read = fetch::read_chunks(response, None, |chunk| {
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
                Ok(()) => (hasher.finish(file, sha256), Some(kept)),
                Err(e) => (SourceStatus::unavailable(e.to_string()), None),
            }
        }
    }
}

/// Fetch the study's tables, once: a view that needs them calls this, and reads them when
/// they are `Fetched`.
pub fn load_tables(study: Study) {
    if !matches!(study.requests.get_untracked(), RequestsState::Idle) {
        return;
    }
    let Some(serving) = study.results.serving().filter(|s| !s.requests.is_empty()) else { return };
    let wanted: Vec<(String, String, String)> = serving
        .requests
        .iter()
        .filter_map(|t| Some((t.id.clone(), t.file.clone(), study.results.sources().iter().find(|s| s.name() == t.file)?.sha256.clone())))
        .collect();
    study.requests.set(RequestsState::Loading { file: wanted.first().map(|w| w.1.clone()).unwrap_or_default(), done: 0, total: None });
    let page = crate::ui::state::page();
    spawn_local(async move {
        // A table the collection's manifest lists as unpublished is never asked for.
        let listing = match &study.origin {
            Origin::Url(_) => super::sources::listing_when_known(page, &study, || true).await,
            Origin::Local(_) => None,
        };
        let mut fetched = Vec::new();
        for (engine, file, sha256) in wanted {
            let (status, bytes) = match asks_for(listing.as_deref(), &file) {
                true => fetch_table(&study, &file, &sha256).await,
                false => (SourceStatus::not_published(), None),
            };
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
        study.requests.set(RequestsState::Fetched(Arc::new(fetched)));
    });
}
