//! Provenance: each source's hash status, what cites it, and the recomputation of serving
//! cells from raw sweep lines. The browser and the command line share these checks, their
//! statuses and their words.

use std::collections::BTreeMap;
use std::fmt;

use serde_json::Value;
use sha2::{Digest, Sha256};

use super::format::rounding_half_width;
use super::model::Results;

/// The hash status of one source file. Only `Verified` ever counts as verified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SourceStatus {
    /// The bytes' sha256 equals the published one.
    Verified,
    /// The bytes arrived but hash to something else.
    Mismatch {
        /// The hash the file publishes.
        expected: String,
        /// The hash of the bytes received.
        actual: String,
    },
    /// The bytes could not be had: the HTTP status, a network failure, a missing file, or a
    /// page returned in place of the file.
    Unavailable(String),
    /// Not attempted: a `url`-only source, or not reached yet.
    NotChecked(String),
}

impl SourceStatus {
    /// The one-word status used on the page and by the command line.
    pub fn label(&self) -> &'static str {
        match self {
            Self::Verified => "verified",
            Self::Mismatch { .. } => "mismatch",
            Self::Unavailable(_) => "unavailable",
            Self::NotChecked(_) => "not checked",
        }
    }

    /// The detail after the label: what was expected and found, or why not.
    pub fn detail(&self) -> String {
        match self {
            Self::Verified => "sha256 matches".into(),
            Self::Mismatch { expected, actual } => format!("expected sha256 {expected}, found {actual}"),
            Self::Unavailable(why) | Self::NotChecked(why) => why.clone(),
        }
    }
}

impl fmt::Display for SourceStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.label(), self.detail())
    }
}

/// Incremental sha256, so large files are hashed chunk by chunk as they arrive.
#[derive(Clone, Default)]
pub struct SourceHasher {
    hasher: Sha256,
    bytes: u64,
    head: Vec<u8>,
}

impl SourceHasher {
    /// Feed the next chunk.
    pub fn update(&mut self, chunk: &[u8]) {
        if self.head.len() < 256 {
            let take = (256 - self.head.len()).min(chunk.len());
            self.head.extend_from_slice(&chunk[..take]);
        }
        self.bytes += chunk.len() as u64;
        self.hasher.update(chunk);
    }

    /// Bytes hashed so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Compare with the published hash (case-insensitively). `file` names the source so an
    /// HTML page served in place of a non-HTML file is "unavailable", never a mismatch.
    pub fn finish(self, file: &str, expected: &str) -> SourceStatus {
        let actual: String = self.hasher.finalize().iter().map(|b| format!("{b:02x}")).collect();
        if actual.eq_ignore_ascii_case(expected) {
            return SourceStatus::Verified;
        }
        let expects_html = file.to_ascii_lowercase().ends_with(".html") || file.to_ascii_lowercase().ends_with(".htm");
        if !expects_html && looks_like_html(&self.head) {
            return SourceStatus::Unavailable("the server returned a page".into());
        }
        SourceStatus::Mismatch { expected: expected.to_ascii_lowercase(), actual }
    }
}

/// Whether bytes start like an HTML document (a server's fallback or error page).
fn looks_like_html(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(head).trim_start().to_ascii_lowercase();
    text.starts_with("<!doctype html") || text.starts_with("<html") || text.starts_with("<head") || text.starts_with("<body")
}

/// Check whole bytes against a source's published hash.
pub fn check_bytes(file: &str, expected: &str, bytes: &[u8]) -> SourceStatus {
    let mut hasher = SourceHasher::default();
    hasher.update(bytes);
    hasher.finish(file, expected)
}

/// Counts for the header badge: "17 sources · 0 verified · 0 mismatched · 17 unavailable".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StatusCounts {
    /// Sources listed.
    pub total: usize,
    /// Verified.
    pub verified: usize,
    /// Mismatched.
    pub mismatched: usize,
    /// Unavailable.
    pub unavailable: usize,
    /// Not checked (remote, or not reached yet).
    pub not_checked: usize,
}

impl StatusCounts {
    /// Count statuses.
    pub fn of<'a>(statuses: impl IntoIterator<Item = &'a SourceStatus>) -> Self {
        statuses.into_iter().fold(Self::default(), |mut c, s| {
            c.total += 1;
            match s {
                SourceStatus::Verified => c.verified += 1,
                SourceStatus::Mismatch { .. } => c.mismatched += 1,
                SourceStatus::Unavailable(_) => c.unavailable += 1,
                SourceStatus::NotChecked(_) => c.not_checked += 1,
            }
            c
        })
    }
}

impl fmt::Display for StatusCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} sources · {} verified · {} mismatched · {} unavailable", self.total, self.verified, self.mismatched, self.unavailable)?;
        if self.not_checked > 0 {
            write!(f, " · {} not checked", self.not_checked)?;
        }
        Ok(())
    }
}

/// One figure or row that names a source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Citation {
    /// What cites it, in words ("serving ISL 1024 / OSL 1024 · paiton · c1").
    pub what: String,
    /// The JSON path of the reference.
    pub path: String,
}

/// Everything that cites each source, keyed by source name; sources nothing cites have an
/// empty list ("not cited").
pub fn citations(results: &Results) -> BTreeMap<String, Vec<Citation>> {
    let mut map: BTreeMap<String, Vec<Citation>> = results.sources.iter().map(|s| (s.name().to_owned(), Vec::new())).collect();
    let mut cite = |name: &str, what: String, path: String| map.entry(name.to_owned()).or_default().push(Citation { what, path });
    for (i, e) in results.engines.iter().enumerate() {
        if let Some(s) = &e.source {
            cite(s, format!("engine {}", e.id), format!("engines[{i}].source"));
        }
    }
    if let Some(d) = &results.decode {
        for (i, row) in d.rows.iter().enumerate() {
            for (k, s) in row.sources.iter().enumerate() {
                cite(s, format!("decode · {}", row.id), format!("decode.rows[{i}].sources[{k}]"));
            }
        }
    }
    if let Some(p) = &results.prefill {
        for (i, row) in p.rows.iter().enumerate() {
            if let Some(s) = &row.source {
                cite(s, format!("prefill · {}", row.id), format!("prefill.rows[{i}].source"));
            }
        }
    }
    if let Some(c) = &results.cache {
        for (i, row) in c.rows.iter().enumerate() {
            if let Some(s) = &row.source {
                cite(s, format!("KV cache · {}", row.id), format!("cache.rows[{i}].source"));
            }
        }
    }
    if let Some(serving) = &results.serving {
        for (w, workload) in serving.workloads.iter().enumerate() {
            for (r, row) in workload.rows.iter().enumerate() {
                for (c, cell) in row.cells.iter().enumerate() {
                    if let Some(s) = cell.as_ref().and_then(|cell| cell.source.as_deref()) {
                        let conc = results.concurrency.get(c).copied().unwrap_or_default();
                        cite(s, format!("serving {} · {} · c{conc}", workload.name(), row.id), format!("serving.workloads[{w}].rows[{r}].cells[{c}].source"));
                    }
                }
            }
        }
    }
    if let Some(a) = &results.accuracy {
        for (i, row) in a.rows.iter().enumerate() {
            if let Some(s) = &row.source {
                cite(s, format!("served accuracy · {}", row.id), format!("accuracy.rows[{i}].source"));
            }
        }
    }
    if let Some(s) = results.weight_accuracy.as_ref().and_then(|w| w.source.as_deref()) {
        cite(s, "weight accuracy".into(), "weightAccuracy.source".into());
    }
    map
}

/// The sweep sources: every source a serving cell cites, in name order. These are the
/// files `recompute` reads once they are verified.
pub fn sweep_sources(results: &Results) -> std::collections::BTreeSet<&str> {
    results
        .serving
        .iter()
        .flat_map(|s| &s.workloads)
        .flat_map(|w| &w.rows)
        .flat_map(|r| r.cells.iter().flatten())
        .filter_map(|c| c.source.as_deref())
        .collect()
}

/// A serving cell whose published figures do not match its source sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellMismatch {
    /// The cell's JSON path.
    pub path: String,
    /// What disagrees, in words.
    pub reason: String,
}

/// The outcome of recomputing one sweep source's cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recomputation {
    /// Cells citing the source.
    pub cells: usize,
    /// Cells that match a line.
    pub matched: usize,
    /// Cells that do not, with why.
    pub mismatches: Vec<CellMismatch>,
}

impl fmt::Display for Recomputation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} of {} cells match their source line", self.matched, self.cells)
    }
}

/// Whether a published figure is the line's value rounded to the decimals the figure shows.
fn rounds_to(published: f64, raw: f64) -> bool {
    (raw - published).abs() <= rounding_half_width(published) * (1.0 + 1e-9) + f64::EPSILON * published.abs()
}

/// Why a line does not reproduce a cell, or `None` when it does.
fn line_disagreement(cell: &serde_json::Map<String, Value>, line: &serde_json::Map<String, Value>) -> Option<String> {
    for (field, value) in cell {
        let Some(published) = value.as_f64() else { continue };
        match line.get(field).and_then(Value::as_f64) {
            None => return Some(format!("the line has no number `{field}`")),
            Some(raw) if !rounds_to(published, raw) => return Some(format!("`{field}` is {published} but the line gives {raw}")),
            Some(_) => {}
        }
    }
    None
}

/// Recompute every serving cell that cites `source` from that sweep's JSONL lines: a cell
/// matches when one line has its `isl`, `osl`, `conc` (and `t_start` when the cell has
/// one) and every numeric field rounds to the cell's figure.
pub fn recompute(results: &Results, source: &str, jsonl: &[u8]) -> Recomputation {
    let text = String::from_utf8_lossy(jsonl);
    let lines: Vec<serde_json::Map<String, Value>> =
        text.lines().filter(|l| !l.trim().is_empty()).filter_map(|l| serde_json::from_str::<Value>(l).ok()?.as_object().cloned()).collect();
    let mut out = Recomputation::default();
    let Some(workloads) = results.raw.pointer("/serving/workloads").and_then(Value::as_array) else { return out };
    for (w, workload) in workloads.iter().enumerate() {
        let rows = workload.get("rows").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]);
        for (r, row) in rows.iter().enumerate() {
            let cells = row.get("cells").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]);
            for (c, cell) in cells.iter().enumerate() {
                let Some(cell) = cell.as_object() else { continue };
                if cell.get("source").and_then(Value::as_str) != Some(source) {
                    continue;
                }
                out.cells += 1;
                let path = format!("serving.workloads[{w}].rows[{r}].cells[{c}]");
                let key_fields: &[&str] = if cell.contains_key("t_start") { &["isl", "osl", "conc", "t_start"] } else { &["isl", "osl", "conc"] };
                let candidates: Vec<_> = lines
                    .iter()
                    .filter(|line| key_fields.iter().all(|k| match (cell.get(*k).and_then(Value::as_f64), line.get(*k).and_then(Value::as_f64)) {
                        (Some(a), Some(b)) => rounds_to(a, b),
                        _ => false,
                    }))
                    .collect();
                if candidates.is_empty() {
                    out.mismatches.push(CellMismatch { path, reason: format!("no line with the same {}", key_fields.join(", ")) });
                    continue;
                }
                let reasons: Vec<String> = candidates.iter().filter_map(|line| line_disagreement(cell, line)).collect();
                if reasons.len() < candidates.len() {
                    out.matched += 1;
                } else {
                    out.mismatches.push(CellMismatch { path, reason: reasons.into_iter().next().unwrap_or_default() });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_count_only_verified_as_verified() {
        let statuses = [
            SourceStatus::Verified,
            SourceStatus::Unavailable("HTTP 404".into()),
            SourceStatus::NotChecked("remote".into()),
            SourceStatus::Mismatch { expected: "a".into(), actual: "b".into() },
        ];
        let counts = StatusCounts::of(&statuses);
        assert_eq!(counts, StatusCounts { total: 4, verified: 1, mismatched: 1, unavailable: 1, not_checked: 1 });
        assert_eq!(counts.to_string(), "4 sources · 1 verified · 1 mismatched · 1 unavailable · 1 not checked");
    }

    #[test]
    fn hashes_compare_case_insensitively_and_a_page_is_unavailable_not_a_mismatch() {
        let hash = "2CF24DBA5FB0A30E26E83B2AC5B9E29E1B161E5C1FA7425E73043362938B9824"; // "hello"
        assert_eq!(check_bytes("a.txt", hash, b"hello"), SourceStatus::Verified);
        assert_eq!(check_bytes("a.jsonl", hash, b"<!DOCTYPE html><html>fallback</html>"), SourceStatus::Unavailable("the server returned a page".into()));
        assert!(matches!(check_bytes("a.jsonl", hash, b"hellO"), SourceStatus::Mismatch { .. }));
        let mut chunked = SourceHasher::default();
        chunked.update(b"hel");
        chunked.update(b"lo");
        assert_eq!(chunked.bytes(), 5);
        assert_eq!(chunked.finish("a.txt", hash), SourceStatus::Verified);
    }

    #[test]
    fn rounding_allows_exactly_half_the_last_decimal() {
        assert!(rounds_to(331.4, 331.43));
        assert!(rounds_to(331.4, 331.35));
        assert!(!rounds_to(331.4, 331.46));
        assert!(rounds_to(3.0, 3.4));
        assert!(!rounds_to(9.11, 9.1161));
    }
}
