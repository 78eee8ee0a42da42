//! Goodput at a service-level objective the reader picks, from the requests themselves
//! (schema 1.3's per-request tables). One definition, the one docs/schema.md states:
//!
//! - A request is **good** when it completed and meets every threshold given (`ttft`,
//!   `tpot`, `e2el`, in ms — the keys vLLM's `--goodput` takes). A request is judged on the
//!   thresholds it has a measure for: a one-token request has no TPOT.
//! - **Evaluated** is every request of the cell: completed, failed and cut off alike.
//!   Attainment = good ÷ evaluated.
//! - **Goodput** = good requests ÷ the run's duration, and their output tokens ÷ the
//!   duration, per GPU as every throughput here (the whole endpoint's in a study whose runs
//!   do not state their GPUs; one study never mixes the two). The duration is the tool's (`wall_s`),
//!   else the span of the requests' own timestamps (the first completed request sent to the
//!   last answered), else not measured.
//! - A threshold on a measure no completed request of the cell records (TPOT where the tool
//!   records no output tokens) makes the cell's goodput not measured — never a guess.
//! - Per engine, the highest measured load whose attainment meets a target with every lower
//!   measured level meeting it too, and the first level that misses: never interpolated.

mod words;

use std::fmt;

use crate::core::measures::requests::{CellRequests, RequestTable, Status};
use crate::core::study::model::{Cell, Results};

pub use words::{capacities, capacity_words, cell_words, percent};

/// What the page and the command line say of a study without per-request data.
pub const NO_REQUESTS: &str = "no per-request data: goodput needs per-request records, which every tool can write — vLLM bench serve --save-detailed, SGLang bench_serving --output-details, AIPerf's profile_export.jsonl, GuideLLM's benchmarks.json (its requests lists), GenAI-Perf's profile_export.json and LLMPerf's individual responses — imported with servescope-import beside the summaries";

/// The attainment target when none is given: 90 %.
pub const DEFAULT_TARGET: f64 = 0.9;

/// A latency objective: any of the three thresholds, in ms.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Slo {
    /// Time to first token, ms.
    pub ttft_ms: Option<f64>,
    /// Time per output token, ms.
    pub tpot_ms: Option<f64>,
    /// End to end, ms.
    pub e2el_ms: Option<f64>,
}

/// One threshold of an objective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threshold {
    /// `ttft`.
    Ttft,
    /// `tpot`.
    Tpot,
    /// `e2el`.
    E2el,
}

impl Threshold {
    /// All three, in the order objectives are written.
    pub const ALL: [Threshold; 3] = [Threshold::Ttft, Threshold::Tpot, Threshold::E2el];

    /// The key (`ttft`, `tpot`, `e2el`), vLLM's.
    pub fn key(self) -> &'static str {
        match self {
            Threshold::Ttft => "ttft",
            Threshold::Tpot => "tpot",
            Threshold::E2el => "e2el",
        }
    }

    /// The measure's name in prose.
    pub fn title(self) -> &'static str {
        match self {
            Threshold::Ttft => "TTFT",
            Threshold::Tpot => "TPOT",
            Threshold::E2el => "E2E",
        }
    }
}

impl Slo {
    /// The limit of one threshold.
    pub fn limit(&self, t: Threshold) -> Option<f64> {
        match t {
            Threshold::Ttft => self.ttft_ms,
            Threshold::Tpot => self.tpot_ms,
            Threshold::E2el => self.e2el_ms,
        }
    }

    /// No threshold given.
    pub fn is_empty(&self) -> bool {
        Threshold::ALL.iter().all(|t| self.limit(*t).is_none())
    }

    /// Read `ttft:500,tpot:50,e2el:2000` (any subset, any order; a space may separate the
    /// pairs as in vLLM's `--goodput`). Each limit is a number of ms > 0.
    pub fn parse(text: &str) -> Result<Slo, String> {
        let mut slo = Slo::default();
        for pair in text.split([',', ' ']).map(str::trim).filter(|p| !p.is_empty()) {
            let Some((key, value)) = pair.split_once(':') else {
                return Err(format!("`{pair}` is not KEY:MS (ttft, tpot or e2el, in ms)"));
            };
            let Some(t) = Threshold::ALL.into_iter().find(|t| t.key() == key.trim()) else {
                return Err(format!("`{}` is not ttft, tpot or e2el", key.trim()));
            };
            let ms: f64 = value
                .trim()
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite() && *v > 0.0)
                .ok_or_else(|| format!("{key}: `{}` is not a number of ms > 0", value.trim()))?;
            if slo.limit(t).is_some() {
                return Err(format!("{key} is given twice"));
            }
            match t {
                Threshold::Ttft => slo.ttft_ms = Some(ms),
                Threshold::Tpot => slo.tpot_ms = Some(ms),
                Threshold::E2el => slo.e2el_ms = Some(ms),
            }
        }
        if slo.is_empty() {
            return Err("no threshold given: expected ttft:MS, tpot:MS or e2el:MS".to_owned());
        }
        Ok(slo)
    }

    /// "TTFT ≤ 500 ms and TPOT ≤ 50 ms".
    pub fn words(&self) -> String {
        let parts: Vec<String> = Threshold::ALL
            .iter()
            .filter_map(|t| self.limit(*t).map(|ms| format!("{} ≤ {} ms", t.title(), crate::core::basics::format::as_written(ms))))
            .collect();
        parts.join(" and ")
    }
}

/// `ttft:500,tpot:50`: the link's and the command line's form.
impl fmt::Display for Slo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = Threshold::ALL
            .iter()
            .filter_map(|t| self.limit(*t).map(|ms| format!("{}:{}", t.key(), crate::core::basics::format::as_written(ms))))
            .collect();
        f.write_str(&parts.join(","))
    }
}

/// Goodput of one cell at an objective.
#[derive(Clone, Debug, PartialEq)]
pub struct CellGoodput {
    /// Every request of the cell (all its trials).
    pub evaluated: usize,
    /// Completed requests that met every threshold.
    pub good: usize,
    /// Requests that did not complete (failed or cut off).
    pub not_completed: usize,
    /// Completed requests over each threshold (`Threshold::ALL`'s order).
    pub over: [usize; 3],
    /// good ÷ evaluated (0–1); `None` when not measured.
    pub attainment: Option<f64>,
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
        let (k, &most) = self.over.iter().enumerate().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))?;
        (most > 0).then(|| Threshold::ALL[k])
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

/// Goodput of a cell from its requests (one run, or every trial of a cell of repeated runs).
/// `cell` gives the tool's duration, the GPUs and whether the requests are a sample.
pub fn evaluate(slo: &Slo, cell: &Cell, runs: &[&CellRequests]) -> CellGoodput {
    let mut out = CellGoodput {
        evaluated: 0,
        good: 0,
        not_completed: 0,
        over: [0; 3],
        attainment: None,
        req_s: None,
        tok_s: None,
        note: None,
        per_gpu: true,
    };
    // A threshold on a measure no completed request records: not measured.
    for t in Threshold::ALL.into_iter().filter(|t| slo.limit(*t).is_some()) {
        let recorded =
            runs.iter().any(|r| (0..r.len()).any(|i| r.status[i] == Status::Ok && !column(r, t).get(i).is_none_or(|v| v.is_nan())));
        let tokens = runs.iter().any(|r| (0..r.len()).any(|i| r.status[i] == Status::Ok && !r.output_tokens[i].is_nan()));
        if !recorded {
            out.note = Some(if t == Threshold::Tpot && !tokens {
                "the tool records no output tokens, so no TPOT: goodput at a TPOT threshold is not measured".to_owned()
            } else {
                format!("no completed request records {}: goodput at a {} threshold is not measured", t.title(), t.key())
            });
            out.evaluated = runs.iter().map(|r| r.len()).sum();
            return out;
        }
    }
    let limits: Vec<(usize, Threshold, f64)> =
        Threshold::ALL.iter().enumerate().filter_map(|(k, t)| slo.limit(*t).map(|l| (k, *t, l))).collect();
    let mut tokens = 0.0;
    let mut tokens_known = true;
    for rows in runs {
        out.evaluated += rows.len();
        for i in 0..rows.len() {
            if rows.status[i] != Status::Ok {
                out.not_completed += 1;
                continue;
            }
            let mut good = true;
            for &(k, t, limit) in &limits {
                let v = column(rows, t)[i];
                if v > limit {
                    out.over[k] += 1;
                    good = false;
                }
            }
            if good {
                out.good += 1;
                let out_tokens = rows.output_tokens[i];
                if out_tokens.is_nan() {
                    tokens_known = false;
                } else {
                    tokens += out_tokens;
                }
            }
        }
    }
    if out.evaluated == 0 {
        out.note = Some("no requests".to_owned());
        return out;
    }
    out.attainment = Some(out.good as f64 / out.evaluated as f64);
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
    let gpus = cell.gpus.filter(|g| *g > 0.0);
    out.per_gpu = gpus.is_some();
    let gpus = gpus.unwrap_or(1.0);
    out.req_s = Some(out.good as f64 / duration / gpus);
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
    /// The goodput.
    pub goodput: CellGoodput,
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
                    load: wl.level_label(level),
                    goodput,
                });
            }
        }
    }
    out
}

/// Where an engine's attainment holds, along its levels (ascending).
#[derive(Clone, Debug, PartialEq)]
pub struct Capacity {
    /// The highest measured level meeting the target, with every lower measured level
    /// meeting it too.
    pub highest: Option<f64>,
    /// The first measured level that misses it.
    pub first_miss: Option<f64>,
    /// Each level's label ("c16", "2 req/s"), for the words.
    pub labels: Vec<(f64, String)>,
}

/// The capacity of one engine in one workload: `points` are `(level, attainment)` in
/// ascending level order (`None`: not measured there, passed over); `target` is 0–1.
pub fn capacity(points: &[(f64, Option<f64>)], target: f64) -> Capacity {
    let mut highest = None;
    for &(level, attainment) in points {
        let Some(a) = attainment else { continue };
        if a + 1e-12 >= target {
            highest = Some(level);
        } else {
            return Capacity { highest, first_miss: Some(level), labels: Vec::new() };
        }
    }
    Capacity { highest, first_miss: None, labels: Vec::new() }
}
