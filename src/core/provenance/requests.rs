//! The requests verified (schema 1.3): an engine's per-request table read and checked
//! against the study; each run's counts and percentiles recomputed from its rows and held
//! to the figures its sweep line says they reproduce; and each run's rows derived again
//! from the verified copy of the tool's own per-request file.

use std::collections::BTreeMap;

use crate::core::basics::format::rounding_half_width;
use crate::core::basics::json::{Json, Obj};
use crate::core::measures::requests::{check_table, table_findings, CellRequests, RequestTable};
use crate::core::study::findings::Finding;
use crate::core::study::model::Results;
use crate::core::study::path::JsonPath;

use super::recompute::{cell_lines, sweep_lines, CellMismatch};

/// Derives a run's rows again from the tool's per-request file: `(file name, its bytes,
/// entry, the sweep line's text)`; `None` when it cannot be done where the check runs.
pub type RowsRederive<'a> = &'a dyn Fn(&str, &[u8], &str, &str) -> Option<Result<CellRequests, String>>;

/// What checking one engine's per-request table found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RequestsCheck {
    /// The engine.
    pub engine: String,
    /// The table's file.
    pub file: String,
    /// Problems in the table or between it and the study (each an error).
    pub findings: Vec<Finding>,
    /// Runs with rows (a cell, or a trial of one).
    pub runs: usize,
    /// Runs whose recomputed figures match their line.
    pub matched: usize,
    /// Matched runs whose rows were also derived again from the tool's own file.
    pub from_tool: usize,
    /// Runs that do not match, with why.
    pub mismatches: Vec<CellMismatch>,
    /// Figures not recomputed, and why (the tool's own rule), once per reason.
    pub not_reproduced: Vec<String>,
    /// Why the table was not checked at all (it is not verified).
    pub skipped: Option<String>,
    /// Cells whose sweep is not verified: their requests are read but not checked against it.
    pub unchecked: usize,
}

impl RequestsCheck {
    /// Whether nothing disagrees.
    pub fn passes(&self) -> bool {
        self.findings.is_empty() && self.mismatches.is_empty()
    }
}

impl std::fmt::Display for RequestsCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} of {} runs' figures recomputed from their requests", self.matched, self.runs)?;
        if self.from_tool > 0 {
            write!(f, "; {} derived again from the tool's per-request file", self.from_tool)?;
        }
        Ok(())
    }
}

/// A recomputed figure agrees with the one written: within the rounding the tool wrote,
/// 1e-6 relative, and for a latency the table's quantum (whole microseconds: 0.0005 ms).
fn agrees(field: &str, written: f64, recomputed: f64) -> bool {
    let quantum = if field.ends_with("_ms") { 0.0005 } else { 0.0 };
    (written - recomputed).abs() <= rounding_half_width(written) * (1.0 + 1e-9) + 1e-6 * written.abs() + quantum + 1e-9
}

/// One run's rows against its sweep line: the count, and each figure the line says its
/// requests reproduce.
fn run_disagreement(rows: &CellRequests, line: &Obj<'_>) -> Option<String> {
    let said = line.get("requests").and_then(Json::as_f64);
    if said != Some(rows.len() as f64) {
        return Some(format!(
            "`requests` is {} in the sweep but the table has {} rows",
            said.map_or_else(|| "not given".to_owned(), |v| v.to_string()),
            rows.len()
        ));
    }
    let summary = rows.summary();
    let fields: Vec<&str> =
        line.get("reproduces").and_then(Json::as_array).map(|a| a.iter().filter_map(Json::as_str).collect()).unwrap_or_default();
    for field in fields {
        let written = line.get(field).and_then(Json::as_f64);
        let recomputed = summary.field(field);
        match (written, recomputed) {
            (None, _) => {}
            (Some(w), None) => return Some(format!("`{field}` is {w}, but no request gives it")),
            (Some(w), Some(r)) if !agrees(field, w, r) => return Some(format!("`{field}` is {w} in the sweep but its requests give {r}")),
            _ => {}
        }
    }
    None
}

/// Check an engine's per-request table (`inflated`: the verified file's bytes, inflated)
/// against the study, its verified sweeps (`kept`, by name, with the verified copies of
/// the tools' files) and, through `rederive`, the tools' own per-request files.
pub fn check_requests(
    results: &Results,
    engine: &str,
    file: &str,
    inflated: &[u8],
    kept: &BTreeMap<String, Vec<u8>>,
    rederive: RowsRederive<'_>,
) -> RequestsCheck {
    match RequestTable::parse(inflated) {
        Ok(table) => check_table_read(results, engine, file, &table, kept, rederive),
        Err(problems) => RequestsCheck {
            engine: engine.to_owned(),
            file: file.to_owned(),
            findings: table_findings(file, &problems),
            ..RequestsCheck::default()
        },
    }
}

/// `check_requests` of a table already read (the page reads it once, for the check and
/// for the views).
pub fn check_table_read(
    results: &Results,
    engine: &str,
    file: &str,
    table: &RequestTable,
    kept: &BTreeMap<String, Vec<u8>>,
    rederive: RowsRederive<'_>,
) -> RequestsCheck {
    let mut out = RequestsCheck { engine: engine.to_owned(), file: file.to_owned(), ..RequestsCheck::default() };
    out.findings = check_table(results, engine, file, table);
    let Some(serving) = results.serving() else { return out };
    for (w, wl) in serving.workloads.iter().enumerate() {
        let token = wl.key();
        for (r, row) in wl.rows.iter().enumerate().filter(|(_, row)| row.id == engine) {
            for (c, cell) in row.cells.iter().enumerate() {
                let (Some(cell), Some(&level)) = (cell.as_ref().filter(|c| c.requests.is_some()), wl.levels.get(c)) else { continue };
                let path = JsonPath::root().key("serving").key("workloads").index(w).key("rows").index(r).key("cells").index(c).to_string();
                // An unverified sweep fails the verdict on its own; its cells' requests are
                // then read but not checked against it.
                let Some(sweep) = cell.source.as_deref().and_then(|s| kept.get(s)) else {
                    out.unchecked += 1;
                    continue;
                };
                let text = String::from_utf8_lossy(sweep);
                let lines = sweep_lines(&text);
                let used = match cell_lines(cell, &lines) {
                    Ok(used) => used,
                    Err(reason) => {
                        out.mismatches.push(CellMismatch { path, reason });
                        continue;
                    }
                };
                for (line_text, line) in used {
                    out.runs += 1;
                    let trial = line.get("trial").and_then(Json::as_f64).map(|t| t as u32);
                    let at = match trial {
                        Some(t) => format!("{path} trial {t}"),
                        None => path.clone(),
                    };
                    let Some(rows) = table.cell(&token, level, trial) else {
                        out.mismatches.push(CellMismatch { path: at, reason: format!("{file} has no rows for it") });
                        continue;
                    };
                    if let Some(reason) = run_disagreement(rows, line) {
                        out.mismatches.push(CellMismatch { path: at, reason });
                        continue;
                    }
                    if let Some(why) = line.get("not_reproduced").and_then(Json::as_str) {
                        if !out.not_reproduced.iter().any(|n| n == why) {
                            out.not_reproduced.push(why.to_owned());
                        }
                    }
                    match derive_again(line, kept, line_text, rederive) {
                        Some(Err(reason)) => out.mismatches.push(CellMismatch { path: at, reason }),
                        Some(Ok(again)) => match rows.same_rows(&again) {
                            Ok(()) => {
                                out.matched += 1;
                                out.from_tool += 1;
                            }
                            Err(reason) => out
                                .mismatches
                                .push(CellMismatch { path: at, reason: format!("its rows differ from the tool's file: {reason}") }),
                        },
                        None => out.matched += 1,
                    }
                }
            }
        }
    }
    out
}

/// The run's rows derived again from the verified copy its line names (`requests_from`:
/// "COPY ENTRY"); `None` when that copy is not at hand or the check cannot run here.
fn derive_again(
    line: &Obj<'_>,
    kept: &BTreeMap<String, Vec<u8>>,
    text: &str,
    rederive: RowsRederive<'_>,
) -> Option<Result<CellRequests, String>> {
    let from = line.get("requests_from")?.as_str()?;
    let (name, bytes) = kept
        .iter()
        .filter(|(name, _)| from == name.as_str() || from.strip_prefix(name.as_str()).is_some_and(|r| r.starts_with(' ')))
        .max_by_key(|(name, _)| name.len())?;
    rederive(name, bytes, from[name.len()..].trim(), text)
}
