//! A per-request table checked against the study that cites it: every row belongs to a cell
//! of its engine that says it has requests, and each cell has as many rows as it says —
//! completed rows `n`, failed rows `errors`, unless the tool listed only a sample.

use std::collections::BTreeSet;

use super::{RequestTable, Status, TableError};
use crate::core::study::findings::{Finding, FindingKind, Severity};
use crate::core::study::model::{Cell, Results};
use crate::core::study::path::JsonPath;

/// The cell of `engine` at a workload token and level, with its JSON path.
pub(crate) fn cell_at<'a>(results: &'a Results, engine: &str, workload: &str, level: f64) -> Option<(&'a Cell, String)> {
    let serving = results.serving()?;
    serving.workloads.iter().enumerate().find_map(|(w, wl)| {
        if wl.key() != workload {
            return None;
        }
        let slot = wl.slot(level)?;
        let (r, row) = wl.rows.iter().enumerate().find(|(_, row)| row.id == engine)?;
        let cell = row.cells.get(slot)?.as_ref()?;
        let path = JsonPath::root().key("serving").key("workloads").index(w).key("rows").index(r).key("cells").index(slot);
        Some((cell, path.to_string()))
    })
}

fn error(path: String, kind: FindingKind, message: String) -> Finding {
    Finding { severity: Severity::Error, kind, path, message }
}

/// Findings for problems read in the table itself (each at `FILE line N`).
pub fn table_findings(file: &str, problems: &[TableError]) -> Vec<Finding> {
    problems.iter().map(|p| error(format!("{file} line {}", p.line), FindingKind::OutOfRange, p.message.clone())).collect()
}

/// Check `table`, the per-request table `file` of engine `engine`, against the study.
pub fn check_table(results: &Results, engine: &str, file: &str, table: &RequestTable) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    // Rows per cell, summed over its trials.
    let mut rows: Vec<(String, usize)> = Vec::new();
    for group in &table.cells {
        let at = format!("{file} line {}", group.first_line);
        let Some((cell, path)) = cell_at(results, engine, &group.workload, group.level) else {
            out.push(error(
                at,
                FindingKind::UnknownReference,
                format!("rows for workload {} at level {}, where engine `{engine}` has no cell", group.workload, group.level),
            ));
            continue;
        };
        if cell.requests.is_none() {
            out.push(error(
                at,
                FindingKind::Inconsistent,
                format!("rows for the cell at {path}, which does not say it has requests (`requests`)"),
            ));
            continue;
        }
        seen.insert(path.clone());
        match rows.iter_mut().find(|(p, _)| *p == path) {
            Some(entry) => entry.1 += group.len(),
            None => rows.push((path.clone(), group.len())),
        }
        if group.trial.is_some() != cell.trials.is_some() {
            let says = if cell.trials.is_some() { "has trials" } else { "is one run" };
            out.push(error(
                at,
                FindingKind::Inconsistent,
                format!("rows {} a trial, but the cell at {path} {says}", if group.trial.is_some() { "name" } else { "do not name" }),
            ));
            continue;
        }
        // One run's counts follow the cell's; a cell of trials has medians (the sweep's lines
        // are checked instead, by the verification).
        if cell.trials.is_none() && !cell.requests_sampled {
            for (status, field, expected) in [(Status::Ok, "n", cell.n), (Status::Failed, "errors", cell.errors)] {
                let counted = group.count(status) as f64;
                if let Some(expected) = expected.filter(|e| *e != counted) {
                    out.push(error(
                        at.clone(),
                        FindingKind::Inconsistent,
                        format!("{counted} {} rows, but the cell at {path} has {field} {expected}", status.as_str()),
                    ));
                }
            }
        }
    }
    for (path, count) in &rows {
        let Some(declared) = cell_by_path(results, engine, path).and_then(|c| c.requests) else { continue };
        if *count as f64 != declared {
            out.push(error(
                format!("{path}.requests"),
                FindingKind::Inconsistent,
                format!("{declared} requests, but {file} has {count} rows for it"),
            ));
        }
    }
    // Cells that say they have requests and have no row.
    if let Some(serving) = results.serving() {
        for (w, wl) in serving.workloads.iter().enumerate() {
            for (r, row) in wl.rows.iter().enumerate().filter(|(_, row)| row.id == engine) {
                for (c, cell) in row.cells.iter().enumerate() {
                    let path =
                        JsonPath::root().key("serving").key("workloads").index(w).key("rows").index(r).key("cells").index(c).to_string();
                    if cell.as_ref().is_some_and(|cell| cell.requests.is_some()) && !seen.contains(&path) {
                        out.push(error(
                            format!("{path}.requests"),
                            FindingKind::Missing,
                            format!("the cell says it has requests, but {file} has no row for it"),
                        ));
                    }
                }
            }
        }
    }
    out
}

fn cell_by_path<'a>(results: &'a Results, engine: &str, path: &str) -> Option<&'a Cell> {
    let serving = results.serving()?;
    serving.workloads.iter().find_map(|wl| {
        wl.levels.iter().find_map(|&level| cell_at(results, engine, &wl.key(), level).filter(|(_, p)| p == path).map(|(c, _)| c))
    })
}
