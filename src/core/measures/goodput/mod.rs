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
//! - Attainment carries its 95 % Wilson score interval over the evaluated requests; against
//!   the reader's target a cell **meets** it (the interval's low end at or above), **misses**
//!   it (the high end below) or is **indeterminate** (the interval straddles it).
//! - An engine's **capacity** in a workload is its highest measured load that meets the
//!   target, whatever the levels below it; levels that do not are said beside it. Never
//!   interpolated.

mod capacity;
mod cells;
mod presets;
mod sessions;
mod words;

use std::fmt;

pub use capacity::{at_capacity, capacities, capacity, Capacity, CapacityFigures, Interval, LevelPoint, LevelVerdict, Verdict};
pub use cells::{evaluate, study, CellGoodput, CellRow};
pub use presets::{presets, round_up, Preset};
pub use sessions::{evaluate_sessions, SessionGoodput};
pub use words::{capacity_words, cell_words, missed_words, percent, percent_span, session_words};

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
