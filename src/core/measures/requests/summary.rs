//! A run's summary figures computed from its requests: the rule every tool that computes
//! its own with numpy follows (vLLM, AIPerf, GenAI-Perf, LLMPerf's pandas quantiles, which
//! interpolate the same way) — counts by status, and p50/p99 over the completed requests
//! that record the measure (TPOT: those with more than one output token).

use super::Status;
use crate::core::basics::stats::percentile_sorted;

/// What a run's requests give: counts, and p50/p99 in ms (`None`: no completed request
/// records the measure).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Completed requests.
    pub n: f64,
    /// Failed requests (the tool counted them as errors).
    pub errors: f64,
    /// TTFT p50, p99.
    pub ttft: (Option<f64>, Option<f64>),
    /// TPOT p50, p99.
    pub tpot: (Option<f64>, Option<f64>),
    /// E2E p50, p99.
    pub e2e: (Option<f64>, Option<f64>),
}

impl Summary {
    /// A cell field's recomputed value, by the field's name (`n`, `ttft_p99_ms`, …).
    pub fn field(&self, name: &str) -> Option<f64> {
        match name {
            "n" => Some(self.n),
            "errors" => Some(self.errors),
            "ttft_p50_ms" => self.ttft.0,
            "ttft_p99_ms" => self.ttft.1,
            "tpot_p50_ms" => self.tpot.0,
            "tpot_p99_ms" => self.tpot.1,
            "e2e_p50_ms" => self.e2e.0,
            "e2e_p99_ms" => self.e2e.1,
            _ => None,
        }
    }
}

/// The summary of requests given as `(status, ttft, tpot, e2e)` in ms, `NaN` where not
/// recorded.
pub fn summarize(rows: impl Iterator<Item = (Status, f64, f64, f64)>) -> Summary {
    let mut summary = Summary::default();
    let (mut ttft, mut tpot, mut e2e) = (Vec::new(), Vec::new(), Vec::new());
    for (status, a, b, c) in rows {
        match status {
            Status::Ok => summary.n += 1.0,
            Status::Failed => summary.errors += 1.0,
            Status::Cancelled => {}
        }
        if status != Status::Ok {
            continue;
        }
        for (v, list) in [(a, &mut ttft), (b, &mut tpot), (c, &mut e2e)] {
            if !v.is_nan() {
                list.push(v);
            }
        }
    }
    let pair = |mut values: Vec<f64>| {
        values.sort_by(f64::total_cmp);
        (percentile_sorted(&values, 50.0), percentile_sorted(&values, 99.0))
    };
    summary.ttft = pair(ttft);
    summary.tpot = pair(tpot);
    summary.e2e = pair(e2e);
    summary
}

/// The span of one run, s: from the first completed request sent to the last one answered
/// (AIPerf's and GenAI-Perf's benchmark duration), over `(status, start s, e2e ms)`; `None`
/// when no completed request records when it was sent.
pub fn span_s(rows: impl Iterator<Item = (Status, f64, f64)>) -> Option<f64> {
    let (mut first, mut last) = (f64::INFINITY, f64::NEG_INFINITY);
    for (status, start, e2e) in rows {
        if status != Status::Ok || start.is_nan() {
            continue;
        }
        first = first.min(start);
        last = last.max(if e2e.is_nan() { start } else { start + e2e / 1000.0 });
    }
    (last > first).then_some(last - first)
}
