//! Checking a loaded file's sources in the browser: fetch each relative to the results
//! file's own URL (or take it from the files the user picked), hash it chunk by chunk with
//! progress, and recompute serving cells from verified sweeps. The statuses and words are
//! the core's, shared with `servescope-verify`.

use std::collections::BTreeMap;
use std::sync::Arc;

use leptos::prelude::*;

use crate::core::model::Results;
use crate::ui::app::Loaded;
use crate::ui::load::{announced_length, get, read_chunks};
use crate::core::provenance::{check_bytes, recompute, sweep_sources, Recomputation, SourceHasher, SourceStatus};

/// Where a results file (and so its sources) came from.
#[derive(Clone, Debug)]
pub enum Origin {
    /// Fetched; sources resolve against this absolute URL.
    Url(String),
    /// Picked or dropped by the user, with the other files picked alongside, by name.
    Local(Arc<BTreeMap<String, Vec<u8>>>),
}

/// A download or hash in progress: which source, bytes so far, bytes expected.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Source name.
    pub name: String,
    /// Bytes hashed so far.
    pub done: u64,
    /// Content-Length, when the server sent one.
    pub total: Option<u64>,
}

/// The provenance state of the loaded file, shared by the badge, the view and the tables.
#[derive(Clone, Copy)]
pub struct SourceChecks {
    /// One status per `sources` entry, in file order.
    pub statuses: RwSignal<Vec<SourceStatus>>,
    /// The source being checked now.
    pub progress: RwSignal<Option<Progress>>,
    /// Recomputation per verified sweep source.
    pub recomputed: RwSignal<Vec<(String, Recomputation)>>,
}

impl SourceChecks {
    /// Fresh state: every source "not checked" until it is reached.
    pub fn new() -> Self {
        Self { statuses: RwSignal::new(Vec::new()), progress: RwSignal::new(None), recomputed: RwSignal::new(Vec::new()) }
    }

    /// The status of a source by name, if the file declares it.
    pub fn status_of(&self, results: &Results, name: &str) -> Option<SourceStatus> {
        let index = results.sources.iter().position(|s| s.name() == name)?;
        self.statuses.with(|all| all.get(index).cloned())
    }
}

/// Fetch one source and hash it chunk by chunk as it streams in, reporting progress.
/// With `keep`, the bytes are returned too (sweeps are recomputed from them).
async fn fetch_and_hash(url: &str, file: &str, expected: &str, keep: bool, progress: RwSignal<Option<Progress>>) -> (SourceStatus, Vec<u8>) {
    let response = match get(url).await {
        Ok(response) => response,
        Err(why) => return (SourceStatus::Unavailable(why), Vec::new()),
    };
    let total = announced_length(&response);
    let mut hasher = SourceHasher::default();
    let mut kept = Vec::new();
    let read = read_chunks(response, |chunk| {
        hasher.update(chunk);
        if keep {
            kept.extend_from_slice(chunk);
        }
        progress.set(Some(Progress { name: file.to_owned(), done: hasher.bytes(), total }));
        Ok(())
    })
    .await;
    match read {
        Ok(()) => (hasher.finish(file, expected), kept),
        Err(why) => (SourceStatus::Unavailable(why), Vec::new()),
    }
}

/// Resolve a source file against the results file's URL.
fn resolve(file: &str, base: &str) -> Option<String> {
    web_sys::Url::new_with_base(file, base).ok().map(|u| u.href())
}

/// Check every source in order, then recompute the cells of verified sweep sources.
pub async fn check_sources(checks: SourceChecks, loaded: Arc<Loaded>) {
    let (results, origin) = (&loaded.results, &loaded.origin);
    let initial = results
        .sources
        .iter()
        .map(|s| match s.file {
            Some(_) => SourceStatus::NotChecked("not reached yet".into()),
            None => SourceStatus::NotChecked("remote: known only by its URL".into()),
        })
        .collect();
    checks.statuses.set(initial);
    checks.recomputed.set(Vec::new());
    let mut sweeps_bytes: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    let sweeps = sweep_sources(results);
    for (index, source) in results.sources.iter().enumerate() {
        let Some(file) = source.file.as_deref() else { continue };
        let is_sweep = sweeps.contains(file);
        let (status, bytes) = match origin {
            Origin::Local(files) => match files.get(file) {
                Some(bytes) => (check_bytes(file, &source.sha256, bytes), bytes.clone()),
                None => (SourceStatus::Unavailable("not among the files picked".into()), Vec::new()),
            },
            Origin::Url(base) => match resolve(file, base) {
                None => (SourceStatus::Unavailable("the file name does not resolve to a URL".into()), Vec::new()),
                Some(url) => fetch_and_hash(&url, file, &source.sha256, is_sweep, checks.progress).await,
            },
        };
        if is_sweep && status == SourceStatus::Verified {
            sweeps_bytes.insert(file.to_owned(), bytes);
        }
        checks.statuses.update(|all| {
            if let Some(slot) = all.get_mut(index) {
                *slot = status;
            }
        });
    }
    checks.progress.set(None);
    let recomputed = sweeps_bytes.iter().map(|(name, bytes)| (name.clone(), recompute(results, name, bytes))).collect();
    checks.recomputed.set(recomputed);
}
