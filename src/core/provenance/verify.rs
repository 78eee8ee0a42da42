//! The one verification policy, without I/O, shared by `servescope-verify` and the page:
//! which sources to check, that only verified sweeps are recomputed, and the pass/fail
//! verdict with its sentence. The caller fetches or reads each job's bytes and records
//! the status; everything else is decided here.

use std::collections::BTreeMap;

use super::recompute::{recompute, Recomputation};
use super::requests::{check_requests, RequestsCheck, RowsRederive};
use super::status::{SourceStatus, StatusCounts};
use crate::core::study::findings::{Finding, FindingKind, Severity};
use crate::core::study::model::Results;

/// Derives a sweep line again from a tool file: `(file name, bytes, entry, the line's JSON
/// text)`, `Ok`
/// when every figure agrees (`import::rederive`); `None` when it cannot be derived again
/// where the check runs (the page's import module could not be loaded): the line is then
/// checked against its sweep only, and not counted as derived from its tool's file.
pub type ToolRederive<'a> = &'a dyn Fn(&str, &[u8], &str, &str) -> Option<Result<(), String>>;

/// Inflates a per-request table's gzip bytes (natively `requests::gunzip`; the page uses the
/// browser's own `DecompressionStream` and checks tables only when a view asks).
pub type Inflate<'a> = &'a dyn Fn(&[u8]) -> Result<Vec<u8>, String>;

/// The status a `url`-only source keeps: neither the page nor the command line fetches it.
pub const REMOTE: &str = "remote: known only by its URL, not fetched";

/// One source to check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceJob {
    /// Index into the file's `sources`.
    pub index: usize,
    /// The name figures cite it by.
    pub name: String,
    /// The file to fetch or read, relative to the results file.
    pub file: String,
    /// The published sha256.
    pub sha256: String,
    /// A sweep, or a copy of a tool's file (it has an `originalPath`): its bytes are kept
    /// to recompute cells once verified.
    pub keep_bytes: bool,
    /// A per-request table (schema 1.3): the page checks it when a view reads the requests,
    /// not on load (a million requests are megabytes); the command line checks it always.
    pub on_demand: bool,
    /// A sweep a cell names as its source (small, and what a table read early is checked
    /// against: the page checks these first).
    pub sweep: bool,
}

/// What a per-request table's status says until it is read: after the other sources, or
/// first by a view that reads the requests.
pub const ON_DEMAND: &str = "checked after the other sources";

/// A verification in progress: the statuses so far, in file order.
#[derive(Clone, Debug, PartialEq)]
pub struct Verification {
    statuses: Vec<(String, SourceStatus)>,
    sweeps: BTreeMap<String, Vec<u8>>,
    jobs: Vec<SourceJob>,
}

impl Verification {
    /// Every source "not checked" until it is reached; `url`-only sources stay so.
    pub fn new(results: &Results) -> Self {
        let sweeps = super::citations::sweep_sources(results);
        let tables: Vec<&str> = results.serving().into_iter().flat_map(|s| s.requests.iter().map(|r| r.file.as_str())).collect();
        let mut jobs = Vec::new();
        let statuses = results
            .sources()
            .iter()
            .enumerate()
            .map(|(index, source)| {
                let status = match &source.file {
                    Some(file) => {
                        jobs.push(SourceJob {
                            index,
                            name: source.name().to_owned(),
                            file: file.clone(),
                            sha256: source.sha256.clone(),
                            keep_bytes: sweeps.contains(file.as_str()) || source.original_path.is_some() || tables.contains(&file.as_str()),
                            on_demand: tables.contains(&file.as_str()),
                            sweep: sweeps.contains(file.as_str()),
                        });
                        SourceStatus::NotChecked("not reached yet".into())
                    }
                    None => SourceStatus::NotChecked(REMOTE.into()),
                };
                (source.name().to_owned(), status)
            })
            .collect();
        Verification { statuses, sweeps: BTreeMap::new(), jobs }
    }

    /// The bytes kept of a verified source (a sweep, a copy of a tool's file, a table).
    pub fn kept(&self, name: &str) -> Option<&[u8]> {
        self.sweeps.get(name).map(Vec::as_slice)
    }

    /// Take a kept source's bytes out, to hand them on without a copy; it stays kept, empty
    /// (the page sends the tools' files to the import module so: its last pass over the
    /// verification needs their names, not their bytes). Not a removal from the map: that is
    /// 3.5 KB of wasm, measured.
    pub fn take_kept(&mut self, name: &str) -> Option<Vec<u8>> {
        self.sweeps.get_mut(name).map(std::mem::take)
    }

    /// The verified sweeps' bytes, by name: what a per-request table read later is checked
    /// against (the page keeps them; the tools' files and tables it does not).
    pub fn verified_sweeps(&self, results: &Results) -> BTreeMap<String, Vec<u8>> {
        let sweeps = super::citations::sweep_sources(results);
        // Inserted one by one: collecting into a map sorts, and a sort is 6 KB of wasm in
        // the first download (measured on the split build's name section).
        let mut kept = BTreeMap::new();
        for (name, bytes) in self.sweeps.iter().filter(|(name, _)| sweeps.contains(name.as_str())) {
            kept.insert(name.clone(), bytes.clone());
        }
        kept
    }

    /// Whether a source is a per-request table, checked when a view reads the requests.
    pub fn is_on_demand(&self, name: &str) -> bool {
        self.jobs.iter().any(|j| j.on_demand && j.name == name)
    }

    /// The sources to fetch or read, in file order.
    pub fn jobs(&self) -> &[SourceJob] {
        &self.jobs
    }

    /// Record a job's outcome; `bytes` are kept only for a verified sweep or tool file.
    pub fn record(&mut self, job: &SourceJob, status: SourceStatus, bytes: Option<Vec<u8>>) {
        if job.keep_bytes && status == SourceStatus::Verified {
            if let Some(bytes) = bytes {
                self.sweeps.insert(job.name.clone(), bytes);
            }
        }
        if let Some(slot) = self.statuses.get_mut(job.index) {
            slot.1 = status;
        }
    }

    /// The statuses so far, by source name, in file order.
    pub fn statuses(&self) -> &[(String, SourceStatus)] {
        &self.statuses
    }

    /// Recompute the verified sweeps — and each line from the verified tool file it names,
    /// through `rederive(file name, its bytes, entry, line)` — and decide.
    /// It borrows: the page runs it twice for a study whose lines name tool files (once to
    /// learn what to ask its import module, once with the answers), never copying the sweeps.
    pub fn finish(&self, results: &Results, errors: usize, warnings: usize, rederive: ToolRederive) -> Report {
        let sweeps = super::citations::sweep_sources(results);
        let kept = &self.sweeps;
        // `from` is "COPY ENTRY": the longest kept file name it starts with is the copy.
        let from_tool = |text: &str, line: &crate::core::basics::json::Obj<'_>| {
            let from = line.get("from")?.as_str()?;
            let (name, bytes) = kept
                .iter()
                .filter(|(name, _)| from == name.as_str() || from.strip_prefix(name.as_str()).is_some_and(|r| r.starts_with(' ')))
                .max_by_key(|(name, _)| name.len())?;
            rederive(name, bytes, from[name.len()..].trim(), text)
        };
        let recomputations = sweeps
            .into_iter()
            .map(|name| {
                let outcome = match self.sweeps.get(name) {
                    Some(bytes) => Ok(recompute(results, name, bytes, &from_tool)),
                    None => Err("not recomputed: the source is not verified".to_owned()),
                };
                (name.to_owned(), outcome)
            })
            .collect();
        Report { statuses: self.statuses.clone(), recomputations, errors, warnings, requests: Vec::new() }
    }

    /// Check every engine's per-request table that was verified (`inflate` reads its gzip
    /// bytes; the page inflates in the browser and checks only when a view asks): its rows
    /// against the study, its runs' figures against their verified sweep lines, and its rows
    /// against the tools' own per-request files through `rederive`.
    pub fn check_requests(&self, results: &Results, inflate: Inflate<'_>, rederive: RowsRederive<'_>) -> Vec<RequestsCheck> {
        let Some(serving) = results.serving() else { return Vec::new() };
        serving
            .requests
            .iter()
            .map(|t| {
                let skipped = |why: String| RequestsCheck {
                    engine: t.id.clone(),
                    file: t.file.clone(),
                    skipped: Some(why),
                    ..RequestsCheck::default()
                };
                let Some(bytes) = self.sweeps.get(&t.file) else { return skipped("not checked: the table is not verified".to_owned()) };
                match inflate(bytes) {
                    Ok(text) => check_requests(results, &t.id, &t.file, &text, &self.sweeps, rederive),
                    Err(why) => RequestsCheck {
                        engine: t.id.clone(),
                        file: t.file.clone(),
                        findings: vec![Finding {
                            severity: Severity::Error,
                            kind: FindingKind::Syntax,
                            path: t.file.clone(),
                            message: why,
                        }],
                        ..RequestsCheck::default()
                    },
                }
            })
            .collect()
    }
}

/// What a verification found.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Every source's status, by name, in file order.
    pub statuses: Vec<(String, SourceStatus)>,
    /// Per sweep source: its recomputation, or why it was not recomputed.
    pub recomputations: Vec<(String, Result<Recomputation, String>)>,
    /// Validation errors (a file with errors has no model, so this is 0 when a report exists
    /// for the page; the command line reports invalid files too).
    pub errors: usize,
    /// Validation warnings.
    pub warnings: usize,
    /// Each per-request table's check (schema 1.3), when it was run.
    pub requests: Vec<RequestsCheck>,
}

/// Pass or fail, and the sentence that says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the file passes.
    pub pass: bool,
    /// A pass with sources that could not all be verified: not green, since not everything
    /// was checked.
    pub partial: bool,
    /// "pass — valid with 0 warnings; 4 sources: 4 verified, …", or, when a valid file's
    /// sources could not all be verified, "valid · sources not published, not verified — …".
    pub sentence: String,
}

impl Report {
    /// A per-request table checked after the load (the page's, when a view reads the
    /// requests): its status and, when it was read, its check, so the verdict counts them.
    pub fn record_table(&mut self, name: &str, status: SourceStatus, check: Option<RequestsCheck>) {
        if let Some(slot) = self.statuses.iter_mut().find(|(n, _)| n == name) {
            slot.1 = status;
        }
        self.requests.retain(|c| c.file != name);
        self.requests.extend(check);
    }

    /// Counts of the statuses.
    pub fn counts(&self) -> StatusCounts {
        StatusCounts::of(self.statuses.iter().map(|(_, s)| s))
    }

    /// Cells recomputed and cells matched, over every verified sweep.
    pub fn cells(&self) -> (usize, usize) {
        self.recomputations.iter().filter_map(|(_, r)| r.as_ref().ok()).fold((0, 0), |(c, m), r| (c + r.cells, m + r.matched))
    }

    /// The verdict: fail on a validation error, a hash mismatch or a cell its sweep does
    /// not reproduce — and, with `require_all`, on any source not verified.
    pub fn verdict(&self, require_all: bool) -> Verdict {
        let counts = self.counts();
        let (cells, matched) = self.cells();
        let mut reasons = Vec::new();
        if self.errors > 0 {
            reasons.push(format!("{} validation error{}", self.errors, plural(self.errors)));
        }
        if counts.mismatched > 0 {
            let names: Vec<&str> = self.statuses.iter().filter(|(_, s)| s.is_mismatch()).map(|(n, _)| n.as_str()).collect();
            reasons.push(format!("{} source{} mismatched ({})", counts.mismatched, plural(counts.mismatched), names.join(", ")));
        }
        if matched < cells {
            reasons.push(format!("{} of {cells} cells disagree with their sweep", cells - matched));
        }
        let failing: Vec<&str> = self.requests.iter().filter(|r| !r.passes()).map(|r| r.file.as_str()).collect();
        if !failing.is_empty() {
            reasons.push(format!("per-request tables disagree ({})", failing.join(", ")));
        }
        if require_all && counts.verified < counts.total {
            reasons.push(format!("{} of {} sources not verified (--require-all)", counts.total - counts.verified, counts.total));
        }
        let pass = reasons.is_empty();
        let validity =
            if self.errors > 0 { "invalid".to_owned() } else { format!("valid with {} warning{}", self.warnings, plural(self.warnings)) };
        let facts = format!(
            "{validity}; {} sources: {} verified, {} mismatched, {} unavailable{}; {matched} of {cells} serving cells reproduced from verified sweeps",
            counts.total,
            counts.verified,
            counts.mismatched,
            counts.unavailable,
            if counts.not_checked > 0 { format!(", {} not checked", counts.not_checked) } else { String::new() },
        );
        let (runs, matched_runs) = self.requests.iter().fold((0, 0), |(r, m), c| (r + c.runs, m + c.matched));
        let facts = if self.requests.is_empty() {
            facts
        } else {
            format!("{facts}; {matched_runs} of {runs} runs' figures recomputed from their requests")
        };
        // A pass that verified nothing is not said as "pass": the file is valid, its sources unchecked.
        let head = match (counts.verified, counts.total) {
            (v, t) if v == t => "pass".to_owned(),
            (0, t) if counts.unavailable == t => "valid · sources not published, not verified".to_owned(),
            (0, _) => "valid · sources not verified".to_owned(),
            (v, t) => format!("valid · {v} of {t} sources verified"),
        };
        let sentence = if pass { format!("{head} — {facts}") } else { format!("fail — {}; {facts}", reasons.join("; ")) };
        Verdict { pass, partial: pass && counts.verified < counts.total, sentence }
    }
}

fn plural(n: usize) -> &'static str {
    crate::core::basics::format::plural(n, "", "s")
}
