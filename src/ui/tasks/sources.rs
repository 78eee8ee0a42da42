//! Checking a study's sources in the browser: fetch each relative to the results file's
//! own URL (or take it from the files the reader picked), hash it chunk by chunk with
//! progress, and let the core's verification recompute the verified sweeps and decide.

use leptos::prelude::*;

use crate::core::collections::collection::known_unfetched;
use crate::core::provenance::{check_bytes, SourceHasher, SourceJob, SourceStatus, Verification};
use crate::ui::io::fetch::{self, FetchError};
use crate::ui::io::import_module;
use crate::ui::state::checks::Progress;
use crate::ui::state::file::{FileSlot, LoadId, Origin, Study};
use crate::ui::state::requests::RequestsState;
use crate::ui::state::{published_sources, CollectionState, PageState};
use web_sys::AbortSignal;

/// Tools' files sent to the import module beyond which it is stopped once it has derived
/// their lines, to give its memory back (a million requests' files are hundreds of MB).
const RELEASE_ABOVE: u64 = 64 << 20;

/// A source's bytes as the check keeps them: none, in wasm memory (a sweep, recomputed
/// here; a picked file, already here), or held in the page's JavaScript memory (a tool's
/// file, only handed on to the import module).
enum Kept {
    None,
    Here(Vec<u8>),
    Held(js_sys::Uint8Array),
}

/// Fetch one source and hash it as it streams in, reporting progress; a sweep's bytes are
/// kept for the recomputation, a tool's file held for the import module.
async fn fetch_and_hash(
    url: &str,
    job: &SourceJob,
    abort: Option<&AbortSignal>,
    on_progress: impl Fn(Progress),
) -> Result<(SourceStatus, Kept), FetchError> {
    let response = match fetch::get(url, abort).await {
        Ok(response) => response,
        Err(FetchError::Aborted) => return Err(FetchError::Aborted),
        Err(e) if e.is_not_found() => return Ok((SourceStatus::not_found(e.to_string()), Kept::None)),
        Err(e) => return Ok((SourceStatus::unavailable(e.to_string()), Kept::None)),
    };
    let total = fetch::announced_length(&response);
    let mut hasher = SourceHasher::default();
    let held = job.keep_bytes && !job.sweep && !job.on_demand;
    let mut kept = Vec::new();
    let mut hash = |chunk: &[u8], keep: bool| {
        hasher.update(chunk);
        if keep {
            kept.extend_from_slice(chunk);
        }
        on_progress(Progress { name: job.name.clone(), done: hasher.bytes(), total });
        Ok::<(), FetchError>(())
    };
    let read = match held {
        true => fetch::read_chunks_held(response, abort, |chunk| hash(chunk, false)).await.map(Kept::Held),
        false => fetch::read_chunks(response, abort, |chunk| hash(chunk, job.keep_bytes)).await.map(|()| Kept::None),
    };
    match read {
        Ok(body) => {
            let status = hasher.finish(&job.file, &job.sha256);
            let kept = match body {
                Kept::Held(bytes) => Kept::Held(bytes),
                _ if job.keep_bytes => Kept::Here(kept),
                _ => Kept::None,
            };
            Ok((status, kept))
        }
        Err(FetchError::Aborted) => Err(FetchError::Aborted),
        Err(e) => Ok((SourceStatus::unavailable(e.to_string()), Kept::None)),
    }
}

/// The statuses so far, keeping what a view that read the requests found of its tables
/// (they may be checked before the load's own checks end).
fn set_statuses(checks: &crate::ui::state::checks::SourceChecks, verification: &Verification) {
    checks.statuses.update(|all| {
        let read: Vec<(String, SourceStatus)> = all
            .iter()
            .filter(|(_, s)| !matches!(s, SourceStatus::NotChecked(_)))
            .filter(|(n, _)| verification.is_on_demand(n))
            .cloned()
            .collect();
        *all = verification.statuses().to_vec();
        for (name, status) in read {
            if let Some(slot) = all.iter_mut().find(|(n, _)| *n == name) {
                slot.1 = status;
            }
        }
    });
}

/// What the manifest says is published beside a study by URL, once the manifest is known:
/// it is fetched on every load and small, so a few frames' wait costs less than one request
/// for a source that is not there. Gives up (asking for every source) if it never arrives.
pub(super) async fn listing_when_known(page: PageState, study: &Study, current: impl Fn() -> bool) -> Option<Vec<String>> {
    for _ in 0..500 {
        if !page.collection.with_untracked(|c| matches!(c, CollectionState::Loading)) {
            return published_sources(page, study);
        }
        // A newer load of the slot stops this one's wait too.
        if !current() {
            return None;
        }
        gloo_timers::future::TimeoutFuture::new(20).await;
    }
    None
}

/// Check every source of `study` in order, writing each status into the study's own
/// checks, then finish the verification. They belong to the slot's load `id`: a newer load
/// aborts the source being fetched and nothing more is checked or written. A source the
/// collection's manifest lists as unpublished is not asked for.
pub async fn check_sources(page: PageState, study: Study, mut verification: Verification, slot: FileSlot, id: LoadId) {
    let current = || slot.is_current(&id);
    // Waited for only when there is a file to ask for.
    let listing = match &study.origin {
        Origin::Url(_) if !verification.jobs().is_empty() => listing_when_known(page, &study, current).await,
        _ => None,
    };
    let checks = study.checks.clone();
    // Tools' files verified so far, held in JavaScript for the import module.
    let mut held: Vec<(String, js_sys::Uint8Array)> = Vec::new();
    // The sweeps first (small, and what a per-request table is checked against: a view
    // that reads the requests need not wait for the tools' files), then the file's order.
    let (sweeps, rest): (Vec<SourceJob>, Vec<SourceJob>) = verification.jobs().iter().cloned().partition(|j| j.sweep);
    let sweeps_known =
        |verification: &Verification| checks.sweeps.set(Some(std::sync::Arc::new(verification.verified_sweeps(&study.results))));
    if sweeps.is_empty() {
        sweeps_known(&verification);
    }
    let count = sweeps.len();
    for (k, job) in sweeps.into_iter().chain(rest).enumerate() {
        if !current() {
            return;
        }
        if k == count && k > 0 {
            sweeps_known(&verification);
        }
        // A view reading the requests fetches its tables first: the other sources wait for
        // them (QA pass 4, F7: on a slow link they shared it with 2.1 MB of tools' files).
        if k == count {
            while current() && matches!(study.requests.get_untracked(), RequestsState::Loading { .. }) {
                gloo_timers::future::TimeoutFuture::new(20).await;
            }
        }
        // A per-request table is checked when a view reads the requests, not on load, and a
        // source the manifest lists as unpublished is never asked for: both said now, by the
        // rule the pre-render follows too.
        if let Some(status) = known_unfetched(&job, listing.as_deref()) {
            verification.record(&job, status, None);
            set_statuses(&checks, &verification);
            continue;
        }
        let (status, kept) = match &study.origin {
            Origin::Local(files) => match files.get(&job.file) {
                Some(bytes) => (check_bytes(&job.file, &job.sha256, bytes), Kept::Here(bytes.clone())),
                None => (SourceStatus::not_found("not among the files picked"), Kept::None),
            },
            Origin::Url(base) => match fetch::absolute_url(&job.file, Some(base)) {
                None => (SourceStatus::unavailable("the file name does not resolve to a URL"), Kept::None),
                Some(url) => {
                    let progress = checks.progress.clone();
                    match fetch_and_hash(&url, &job, id.signal(), move |p| progress.set(Some(p))).await {
                        Ok(checked) => checked,
                        Err(_) => return,
                    }
                }
            },
        };
        if !current() {
            return;
        }
        let bytes = match kept {
            Kept::None => None,
            Kept::Here(bytes) => Some(bytes),
            // The verification needs the name of a verified tool's file (its lines are asked
            // of the module by it), not its bytes, which stay in JavaScript until sent.
            Kept::Held(bytes) => {
                if status == SourceStatus::Verified {
                    held.push((job.name.clone(), bytes));
                }
                Some(Vec::new())
            }
        };
        verification.record(&job, status, bytes);
        set_statuses(&checks, &verification);
    }
    checks.progress.set(None);
    if checks.sweeps.with_untracked(Option::is_none) {
        sweeps_known(&verification);
    }
    finish_report(&study, verification, held, &checks, current).await;
}

/// The verification's report once every source is checked: sweep lines that name a tool's
/// file are derived again by the import module from the files held so far.
async fn finish_report(
    study: &Study,
    verification: Verification,
    held: Vec<(String, js_sys::Uint8Array)>,
    checks: &crate::ui::state::checks::SourceChecks,
    current: impl Fn() -> bool,
) {
    let mut verification = verification;
    let mut held = held;
    let warnings = study.warnings.len();
    // Sweep lines that name a tool's file are derived again by the import module: a first
    // pass collects what it would ask (most studies ask nothing, and never load it).
    let asked = std::cell::RefCell::new(Vec::new());
    let probe = verification.finish(&study.results, 0, warnings, &|file, _, entry, line| {
        asked.borrow_mut().push((file.to_owned(), entry.to_owned(), line.to_owned()));
        Some(Ok(()))
    });
    let asked = asked.into_inner();
    if asked.is_empty() {
        checks.report.set(Some(probe));
        return;
    }
    // The tools' files go to the import module from JavaScript memory, transferred, never
    // copied into the page's wasm: at a million requests they are hundreds of MB, and wasm
    // memory is never given back. The last pass needs only their names (each line's answer
    // is looked up by what was asked).
    let mut files = std::collections::BTreeMap::new();
    for (file, _, _) in &asked {
        if !files.contains_key(file) && !held.iter().any(|(name, _)| name == file) {
            if let Some(bytes) = verification.take_kept(file) {
                files.insert(file.clone(), bytes);
            }
        }
    }
    held.retain(|(name, _)| asked.iter().any(|(file, _, _)| file == name));
    let sent = files.values().map(|b| b.len() as u64).sum::<u64>() + held.iter().map(|(_, b)| u64::from(b.length())).sum::<u64>();
    let outcomes = import_module::rederive_lines(files, held, &asked).await;
    // The module held the tools' files to derive the lines: past RELEASE_ABOVE its memory is
    // given back (the next import starts it again; a small study's keeps it for the next).
    if sent > RELEASE_ABOVE {
        import_module::release();
    }
    if !current() {
        return;
    }
    let report = match outcomes {
        Ok(outcomes) => {
            // Each line's answer by what was asked: one lookup per line, not a scan of them all.
            let answer: std::collections::HashMap<(&str, &str, &str), usize> =
                asked.iter().enumerate().map(|(k, (f, e, l))| ((f.as_str(), e.as_str(), l.as_str()), k)).collect();
            verification
                .finish(&study.results, 0, warnings, &|file, _, entry, line| outcomes.get(*answer.get(&(file, entry, line))?).cloned())
        }
        // Not derived again here: checked against the sweep only, never counted as from the tool.
        Err(_) => verification.finish(&study.results, 0, warnings, &|_, _, _, _| None),
    };
    checks.report.set(Some(report));
}
