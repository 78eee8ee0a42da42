//! Serving cells recomputed from their sweep's JSONL lines: a cell matches when one line
//! has its `isl`, `osl`, `conc` or `rate_rps` (and `t_start` when the cell has one) and
//! every number the cell publishes is that line's value rounded to the decimals the cell
//! shows. A cell of repeated runs matches when its sweep has one line per trial (each with
//! a `trial` index) and each figure is their median, each range their min and max.

use std::fmt;

use crate::core::basics::json::{Json, Obj};

use crate::core::basics::format::rounding_half_width;
use crate::core::basics::stats::median;
use crate::core::study::model::{Cell, Results, Trials, CELL_NUMBERS};
use crate::core::study::path::JsonPath;

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
    /// Cells that match a line (and, where the line names a verified tool file, what the
    /// tool's file gives).
    pub matched: usize,
    /// Matched cells whose lines were also derived again from the tool's own file.
    pub from_tool: usize,
    /// Cells that do not, with why.
    pub mismatches: Vec<CellMismatch>,
}

impl fmt::Display for Recomputation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} of {} cells match their source line", self.matched, self.cells)?;
        if self.from_tool > 0 {
            write!(f, "; {} of them derived again from the tool's file", self.from_tool)?;
        }
        Ok(())
    }
}

/// Derives a sweep line again from the tool's file it names (`from`), given the line's text
/// and its object: `None` when the line names none (or that file is not verified), else
/// whether every figure agrees. The importers supply it (`import::rederive`); provenance
/// does not depend on them.
pub type Rederive<'a> = &'a dyn Fn(&str, &Obj<'_>) -> Option<Result<(), String>>;

/// Whether a published figure is the line's value rounded to the decimals the figure shows.
pub fn rounds_to(published: f64, raw: f64) -> bool {
    (raw - published).abs() <= rounding_half_width(published) * (1.0 + 1e-9) + f64::EPSILON * published.abs()
}

/// The cell's published numbers by name, key fields first.
fn published(cell: &Cell) -> Vec<(&'static str, f64)> {
    let mut fields: Vec<(&'static str, f64)> = Vec::new();
    fields.extend(cell.conc.map(|c| ("conc", f64::from(c))));
    fields.extend(cell.rate_rps.map(|r| ("rate_rps", r)));
    fields.extend(cell.isl.map(|v| ("isl", v as f64)));
    fields.extend(cell.osl.map(|v| ("osl", v as f64)));
    fields.extend(CELL_NUMBERS.iter().filter_map(|f| (f.get)(cell).map(|v| (f.name, v))));
    // A run's request rows (a cell of trials sums its trials', checked with the table).
    if cell.trials.is_none() {
        fields.extend(cell.requests.map(|r| ("requests", r)));
    }
    fields
}

/// Why a line does not reproduce a cell, or `None` when it does.
fn line_disagreement(fields: &[(&str, f64)], line: &Obj<'_>) -> Option<String> {
    for &(field, published) in fields {
        match line.get(field).and_then(Json::as_f64) {
            None => return Some(format!("the line has no number `{field}`")),
            Some(raw) if !rounds_to(published, raw) => return Some(format!("`{field}` is {published} but the line gives {raw}")),
            Some(_) => {}
        }
    }
    None
}

/// Why a repeated-runs cell does not follow from its trial lines, or `None` when each
/// published figure is the trials' median and each range their min and max (rounded as
/// the cell shows them).
fn trials_disagreement(fields: &[(&str, f64)], trials: &Trials, runs: &[&Obj<'_>]) -> Option<String> {
    if runs.len() != trials.count as usize {
        return Some(format!("the cell says {} trials, the sweep has {} trial lines for it", trials.count, runs.len()));
    }
    let values = |field: &str| -> Vec<f64> { runs.iter().filter_map(|l| l.get(field).and_then(Json::as_f64)).collect() };
    for &(field, published) in fields {
        let Some(raw) = median(&mut values(field)) else { return Some(format!("no trial line has a number `{field}`")) };
        if !rounds_to(published, raw) {
            return Some(format!("`{field}` is {published} but the median of its {} trials is {raw}", runs.len()));
        }
    }
    for (field, lo, hi) in &trials.range {
        let v = values(field);
        let (min, max) = v.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &x| (a.min(x), b.max(x)));
        if !rounds_to(*lo, min) || !rounds_to(*hi, max) {
            return Some(format!("`{field}` ranges {lo}–{hi} in the cell but {min}–{max} across its trials"));
        }
    }
    None
}

/// Each line of a sweep: its text (what a re-derivation is asked about) and its object,
/// borrowing it.
pub(super) fn sweep_lines(text: &str) -> Vec<(&str, Obj<'_>)> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| match Json::parse(l.as_bytes()).ok()? {
            Json::Object(obj) => Some((l, obj)),
            _ => None,
        })
        .collect()
}

/// The sweep lines behind a cell — the one its figures round from, or one per trial for a
/// cell of repeated runs — or why there are none.
pub(super) fn cell_lines<'l, 'a>(cell: &Cell, lines: &'l [(&'a str, Obj<'a>)]) -> Result<Vec<&'l (&'a str, Obj<'a>)>, String> {
    let fields = published(cell);
    let keys: Vec<&str> = ["isl", "osl", "conc", "rate_rps", "t_start"].into_iter().filter(|k| fields.iter().any(|f| f.0 == *k)).collect();
    let key_values: Vec<(&str, f64)> = fields.iter().copied().filter(|f| keys.contains(&f.0)).collect();
    let candidates: Vec<&(&str, Obj<'_>)> = lines
        .iter()
        .filter(|(_, line)| key_values.iter().all(|&(k, v)| line.get(k).and_then(Json::as_f64).is_some_and(|raw| rounds_to(v, raw))))
        .collect();
    if let Some(trials) = &cell.trials {
        let runs: Vec<&(&str, Obj<'_>)> = candidates.into_iter().filter(|(_, l)| l.contains_key("trial")).collect();
        let objects: Vec<&Obj<'_>> = runs.iter().map(|(_, l)| l).collect();
        return match trials_disagreement(&fields, trials, &objects) {
            Some(reason) => Err(reason),
            None => Ok(runs),
        };
    }
    if candidates.is_empty() {
        return Err(format!("no line with the same {}", keys.join(", ")));
    }
    let (agree, reasons): (Vec<_>, Vec<_>) =
        candidates.iter().map(|line| (*line, line_disagreement(&fields, &line.1))).partition(|(_, r)| r.is_none());
    match agree.first() {
        Some((line, _)) => Ok(vec![*line]),
        None => Err(reasons.into_iter().find_map(|(_, r)| r).unwrap_or_default()),
    }
}

/// Recompute every serving cell that cites `source` from that sweep's JSONL lines, and
/// each matching line from its tool's file where `rederive` can.
pub fn recompute(results: &Results, source: &str, jsonl: &[u8], rederive: Rederive<'_>) -> Recomputation {
    let text = String::from_utf8_lossy(jsonl);
    let lines = sweep_lines(&text);
    let mut out = Recomputation::default();
    let Some(serving) = results.serving() else { return out };
    for (w, workload) in serving.workloads.iter().enumerate() {
        for (r, row) in workload.rows.iter().enumerate() {
            for (c, cell) in row.cells.iter().enumerate() {
                let Some(cell) = cell.as_ref().filter(|cell| cell.source.as_deref() == Some(source)) else { continue };
                out.cells += 1;
                let path = JsonPath::root().key("serving").key("workloads").index(w).key("rows").index(r).key("cells").index(c).to_string();
                let used = match cell_lines(cell, &lines) {
                    Ok(used) => used,
                    Err(reason) => {
                        out.mismatches.push(CellMismatch { path, reason });
                        continue;
                    }
                };
                // The lines behind the cell, derived again from the tool's own file.
                let checks: Vec<Option<Result<(), String>>> = used.iter().map(|(text, line)| rederive(text, line)).collect();
                if let Some(Err(reason)) = checks.iter().flatten().find(|c| c.is_err()) {
                    out.mismatches.push(CellMismatch { path, reason: reason.clone() });
                    continue;
                }
                out.matched += 1;
                if !checks.is_empty() && checks.iter().all(Option::is_some) {
                    out.from_tool += 1;
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
    fn rounding_allows_exactly_half_the_last_decimal() {
        assert!(rounds_to(331.4, 331.43));
        assert!(rounds_to(331.4, 331.35));
        assert!(!rounds_to(331.4, 331.46));
        assert!(rounds_to(3.0, 3.4));
        assert!(!rounds_to(9.11, 9.1161));
    }
}
