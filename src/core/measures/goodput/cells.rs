//! One cell's goodput at an objective, from its requests, and every cell of a study placed
//! by engine, workload and load.

use super::{Slo, Threshold, Verdict};
use crate::core::basics::stats::wilson95;
use crate::core::measures::requests::{CellRequests, RequestTable, Status};
use crate::core::study::model::{Cell, Results};

/// Goodput of one cell at an objective.
#[derive(Clone, Debug, PartialEq)]
pub struct CellGoodput {
    /// Every request of the cell (all its trials).
    pub evaluated: usize,
    /// Completed requests that met every threshold; `None` when the goodput is not measured
    /// (never a 0 that was not counted).
    pub good: Option<usize>,
    /// Requests that did not complete (failed or cut off).
    pub not_completed: usize,
    /// Completed requests over each threshold (`Threshold::ALL`'s order); a request can be
    /// over several.
    pub over: [usize; 3],
    /// The thresholds the objective gives (`Threshold::ALL`'s order).
    pub given: [bool; 3],
    /// good ÷ evaluated (0–1); `None` when not measured.
    pub attainment: Option<f64>,
    /// The attainment's 95 % Wilson score interval, `(low, high)` as fractions.
    pub interval: Option<(f64, f64)>,
    /// Good requests/s per GPU.
    pub req_s: Option<f64>,
    /// Good requests' output tokens/s per GPU.
    pub tok_s: Option<f64>,
    /// Why the goodput is not measured, or why its rates are not.
    pub note: Option<String>,
    /// The rates are per GPU (the cell states its GPUs), else the whole endpoint's.
    pub per_gpu: bool,
}

impl CellGoodput {
    /// The threshold completed requests missed most often (ties: the first), if any missed.
    pub fn failed_most(&self) -> Option<Threshold> {
        self.good?;
        let (k, &most) = self.over.iter().enumerate().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))?;
        (most > 0).then(|| Threshold::ALL[k])
    }

    /// How many requests missed each threshold given, and how many did not complete:
    /// `[(key, count)]` with `not_completed` last, always; `None` when not measured.
    pub fn missed(&self) -> Option<Vec<(&'static str, usize)>> {
        self.good?;
        let mut out: Vec<(&'static str, usize)> =
            Threshold::ALL.iter().enumerate().filter(|(k, _)| self.given[*k]).map(|(k, t)| (t.key(), self.over[k])).collect();
        out.push(("not_completed", self.not_completed));
        Some(out)
    }

    /// Against an attainment target (0–1): meets, misses or indeterminate; `None` when not
    /// measured or nothing was evaluated.
    pub fn verdict(&self, target: f64) -> Option<Verdict> {
        self.interval.map(|i| Verdict::of(i, target))
    }
}

/// A measure's column.
fn column(rows: &CellRequests, t: Threshold) -> &[f64] {
    match t {
        Threshold::Ttft => &rows.ttft_ms,
        Threshold::Tpot => &rows.tpot_ms,
        Threshold::E2el => &rows.e2e_ms,
    }
}

/// The thresholds an objective gives: `(index in Threshold::ALL, threshold, limit ms)`.
pub(super) fn limits(slo: &Slo) -> Vec<(usize, Threshold, f64)> {
    Threshold::ALL.iter().enumerate().filter_map(|(k, t)| slo.limit(*t).map(|l| (k, *t, l))).collect()
}

/// The thresholds a completed request `i` is over (indices in `Threshold::ALL`): judged on
/// those it has a measure for, so a one-token request is never over a TPOT limit.
pub(super) fn over(rows: &CellRequests, i: usize, limits: &[(usize, Threshold, f64)]) -> Vec<usize> {
    limits.iter().filter(|&&(_, t, limit)| column(rows, t)[i] > limit).map(|&(k, _, _)| k).collect()
}

/// The note for a threshold no completed request has a measure for, if one is given.
pub(super) fn unjudgeable(slo: &Slo, runs: &[&CellRequests]) -> Option<String> {
    let completed = |r: &CellRequests, i: usize| r.status[i] == Status::Ok;
    for t in Threshold::ALL.into_iter().filter(|t| slo.limit(*t).is_some()) {
        let recorded = runs.iter().any(|r| (0..r.len()).any(|i| completed(r, i) && !column(r, t).get(i).is_none_or(|v| v.is_nan())));
        if recorded {
            continue;
        }
        let tokens = runs.iter().any(|r| (0..r.len()).any(|i| completed(r, i) && !r.output_tokens[i].is_nan()));
        return Some(if t == Threshold::Tpot && !tokens {
            "the tool records no output tokens, so no TPOT: goodput at a TPOT threshold is not measured".to_owned()
        } else {
            format!("no completed request records {}: goodput at a {} threshold is not measured", t.title(), t.key())
        });
    }
    None
}

/// Goodput of a cell from its requests (one run, or every trial of a cell of repeated runs).
/// `cell` gives the tool's duration, the GPUs and whether the requests are a sample.
pub fn evaluate(slo: &Slo, cell: &Cell, runs: &[&CellRequests]) -> CellGoodput {
    let gpus = cell.gpus.filter(|g| *g > 0.0);
    let mut out = CellGoodput {
        evaluated: runs.iter().map(|r| r.len()).sum(),
        good: None,
        not_completed: runs.iter().map(|r| r.status.iter().filter(|s| **s != Status::Ok).count()).sum(),
        over: [0; 3],
        given: Threshold::ALL.map(|t| slo.limit(t).is_some()),
        attainment: None,
        interval: None,
        req_s: None,
        tok_s: None,
        note: None,
        per_gpu: gpus.is_some(),
    };
    // A threshold on a measure no completed request records: not measured.
    if let Some(note) = unjudgeable(slo, runs) {
        out.note = Some(note);
        return out;
    }
    let limits = limits(slo);
    let (mut good, mut tokens, mut tokens_known) = (0, 0.0, true);
    for rows in runs {
        for i in (0..rows.len()).filter(|&i| rows.status[i] == Status::Ok) {
            let over = over(rows, i, &limits);
            for &k in &over {
                out.over[k] += 1;
            }
            if over.is_empty() {
                good += 1;
                let out_tokens = rows.output_tokens[i];
                tokens_known &= !out_tokens.is_nan();
                tokens += if out_tokens.is_nan() { 0.0 } else { out_tokens };
            }
        }
    }
    if out.evaluated == 0 {
        out.note = Some("no requests".to_owned());
        return out;
    }
    out.good = Some(good);
    out.attainment = Some(good as f64 / out.evaluated as f64);
    out.interval = wilson95(good, out.evaluated);
    if cell.requests_sampled {
        out.note = Some(format!(
            "the tool listed a sample of the cell's requests ({} here): attainment is the sample's; goodput rates need every request",
            out.evaluated
        ));
        return out;
    }
    // The tool's duration for one run; for repeated runs, the sum of each run's span.
    let duration = match runs {
        [one] => cell.wall_s.or_else(|| one.span_s()),
        many => many.iter().map(|r| r.span_s()).sum::<Option<f64>>(),
    };
    let Some(duration) = duration.filter(|d| *d > 0.0) else {
        out.note =
            Some("the run's duration is not recorded (no wall time, no request timestamps): goodput rates are not measured".to_owned());
        return out;
    };
    // Per GPU as the cell's throughput; a study whose runs do not state their GPUs has its
    // throughput per endpoint, and so has its goodput.
    let gpus = gpus.unwrap_or(1.0);
    out.req_s = Some(good as f64 / duration / gpus);
    out.tok_s = tokens_known.then(|| tokens / duration / gpus);
    if !tokens_known {
        out.note = Some("the tool records no output tokens: good tokens/s is not measured".to_owned());
    }
    out
}

/// One cell's goodput, placed: its engine, workload and load.
#[derive(Clone, Debug, PartialEq)]
pub struct CellRow {
    /// The cell's JSON path.
    pub path: String,
    /// The engine id.
    pub engine: String,
    /// The workload token.
    pub workload: String,
    /// The load level.
    pub level: f64,
    /// The load as a label ("c8", "2 req/s").
    pub load: String,
    /// The cell's mean GPU power, W per GPU, where measured (for good tokens per kW).
    pub power_w: Option<f64>,
    /// The goodput.
    pub goodput: CellGoodput,
    /// Goodput by session, where the requests are turns of sessions.
    pub sessions: Option<super::SessionGoodput>,
}

/// Every cell with requests, in the file's order, at an objective: `tables` are the engines'
/// per-request tables, read (an engine without one has no rows here); `only` a workload
/// token, to evaluate that workload's cells alone.
pub fn study(results: &Results, tables: &[(String, RequestTable)], slo: &Slo, only: Option<&str>) -> Vec<CellRow> {
    let Some(serving) = results.serving() else { return Vec::new() };
    let any_gpus = serving
        .workloads
        .iter()
        .flat_map(|w| &w.rows)
        .flat_map(|r| r.cells.iter().flatten())
        .any(|c| c.requests.is_some() && c.gpus.is_some());
    let mut out = Vec::new();
    for (w, wl) in serving.workloads.iter().enumerate() {
        let token = wl.key();
        if only.is_some_and(|o| o != token) {
            continue;
        }
        for (r, row) in wl.rows.iter().enumerate() {
            let Some((_, table)) = tables.iter().find(|(id, _)| *id == row.id) else { continue };
            for (c, cell) in row.cells.iter().enumerate() {
                let (Some(cell), Some(&level)) = (cell.as_ref().filter(|c| c.requests.is_some()), wl.levels.get(c)) else { continue };
                let runs: Vec<&CellRequests> = table.cells.iter().filter(|g| g.workload == token && g.level == level).collect();
                let mut goodput = evaluate(slo, cell, &runs);
                let sessions = super::evaluate_sessions(slo, cell, &runs);
                // One study's rates are all per GPU or all per endpoint: a cell without its
                // GPUs among cells with theirs has no rate rather than another unit's.
                if !goodput.per_gpu && any_gpus {
                    goodput.req_s = None;
                    goodput.tok_s = None;
                    goodput.note = Some(
                        "the cell does not state its GPU count, where the study's others do: goodput per GPU is not measured".to_owned(),
                    );
                }
                out.push(CellRow {
                    path: format!("serving.workloads[{w}].rows[{r}].cells[{c}]"),
                    engine: row.id.clone(),
                    workload: token.clone(),
                    level,
                    load: wl.cell_label(cell),
                    power_w: cell.power_w,
                    goodput,
                    sessions,
                });
            }
        }
    }
    out
}
