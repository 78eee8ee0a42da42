//! kubernetes-sigs/inference-perf's lifecycle metrics: `stage_N_lifecycle_metrics.json`, one
//! per stage of a sweep, and `summary_lifecycle_metrics.json` over all of them
//! (`reportgen/base.py`). What servescope reads:
//! - The load: a stage's `load_summary.requested_rate` (req/s) makes a rate cell; a stage of
//!   the `concurrent` load type records `load_summary.concurrency` and writes its request
//!   count as `requested_rate`, so it is a concurrency cell and that rate is not read. The
//!   summary records no load (import the stage files).
//! - `load_summary.achieved_rate` is the rate the generator sent at, which falls behind the
//!   requested one under load (116.32 of 222.83 req/s in the demo's last stage): kept as the
//!   cell's `rate_sent_rps`, and said; `requests_per_sec` is the completion rate.
//! - Every time is in seconds; a statistic's 50th percentile is `median` (`p50` before
//!   August 2025); a block is null when nothing was measured (non-streaming runs have no
//!   TTFT or TPOT).
//! - TPOT is `time_per_output_token`, per request (last − first token) ÷ (output − 1).
//!   `inter_token_latency` pools the gaps between every pair of token timestamps the client
//!   recorded — tokens of one streamed chunk microseconds apart (a median of 0.034 ms beside
//!   a TPOT of 3.5 ms in inference-perf's own demo) — so it is not chunk ITL and not read.
//! - Throughput is divided by the whole time and written as 0 when that time is 0: 0 is not
//!   measured.
//! - The measured lengths are `successes.prompt_len` (`prompt_tokens` since August 2026)
//!   and `output_len`; the nominal ones are in the run's config, not here.

use serde_json::Value;

use crate::core::import::reading::json::{at, level, number, positive};
use crate::core::import::Run;

/// Whether a document is a lifecycle metrics report.
pub(in crate::core::import) fn detect(doc: &Value) -> bool {
    doc.get("load_summary").is_some_and(Value::is_object) && at(doc, &["successes", "latency"]).is_some() && doc.get("failures").is_some()
}

/// Whether it is the summary over every stage (no rate and no concurrency).
pub(in crate::core::import) fn is_summary(doc: &Value) -> bool {
    ["requested_rate", "concurrency"].iter().all(|k| at(doc, &["load_summary", k]).is_none())
}

/// A latency statistic at `key` in ms (its median under either name); 0 is not measured.
fn millis(doc: &Value, metric: &str, key: &str) -> Option<f64> {
    let stat = at(doc, &["successes", "latency", metric]).filter(|s| s.is_object())?;
    let value = if key == "median" { number(stat, &["median"]).or_else(|| number(stat, &["p50"])) } else { number(stat, &[key]) };
    positive(value).map(|s| s * 1000.0)
}

/// The report's one run.
pub(in crate::core::import) fn run(doc: &Value, entry: String) -> Run {
    let pair = |metric: &str| (millis(doc, metric, "median"), millis(doc, metric, "p99"));
    let conc = level(number(doc, &["load_summary", "concurrency"]));
    let rate = number(doc, &["load_summary", "requested_rate"]).filter(|r| *r > 0.0 && conc.is_none());
    let throughput = |key: &str| positive(number(doc, &["successes", "throughput", key]));
    let mean = |keys: &[&str]| positive(keys.iter().find_map(|k| number(doc, &["successes", k, "mean"])));
    Run {
        entry,
        conc,
        no_conc: (conc.is_none() && rate.is_none()).then(|| {
            if is_summary(doc) {
                "the summary over every stage records no load: import the stage_N_lifecycle_metrics.json files, one cell each".to_owned()
            } else {
                "its load_summary records neither a rate nor a concurrency".to_owned()
            }
        }),
        rate,
        // What the generator managed to send, beside what it was asked to: it can fall behind.
        rate_sent: rate.and(positive(number(doc, &["load_summary", "achieved_rate"]))),
        sent: number(doc, &["load_summary", "count"]),
        n: number(doc, &["successes", "count"]),
        errors: number(doc, &["failures", "count"]),
        wall_s: number(doc, &["benchmark_time_seconds"]).filter(|s| *s > 0.0),
        req_s_achieved: throughput("requests_per_sec"),
        out_tok_s: throughput("output_tokens_per_sec"),
        isl_mean: mean(&["prompt_tokens", "prompt_len"]),
        osl_mean: mean(&["output_len", "output_tokens"]),
        ttft: pair("time_to_first_token"),
        tpot: pair("time_per_output_token"),
        e2e: pair("request_latency"),
        method: Some(
            "inference-perf: TPOT from time_per_output_token; its inter_token_latency (gaps between token timestamps, pooled) is not ITL and not read".to_owned(),
        ),
        ..Run::default()
    }
}
