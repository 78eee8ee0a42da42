//! LLMPerf (ray-project/llmperf) `*_summary.json`: one closed-loop run per file, flattened
//! `results_*` keys, latencies in **seconds**; and wrappers that key whole summaries by
//! concurrency (`{"1": {...}, "2": {...}}`), as the public leaderboard's raw data does.
//! - Concurrency is `num_concurrent_requests`; there is no request rate.
//! - `inter_token_latency_s` is each request's E2E ÷ output tokens, TTFT included: neither
//!   TPOT nor ITL, so neither is imported (the method text says so).
//! - `mean_input_tokens` / `mean_output_tokens` are the lengths asked for (sampled around
//!   them); errored requests are left out of every quantile and counted in
//!   `results_number_errors`; a NaN quantile (every request failed) is not measured.
//! - Counts can be strings (`"548"`); `timestamp` is epoch seconds.
//! - `*_individual_responses.json` is a list of requests: percentiles are computed from the
//!   successful ones (numpy's linear rule), TPOT per request as (E2E − TTFT) ÷ (output − 1);
//!   it records neither the concurrency (give `--conc N`) nor a wall clock (no throughput).
//!   Failed requests carry an `error_code` (and zeros); entries that are not objects are
//!   skipped.

use serde_json::Value;

use crate::core::import::reading::json::{count, date_of_epoch, level, measured, number, positive};
use crate::core::import::reading::requests::{run_of_requests, RequestsRule};
use crate::core::import::{Length, Run};
use crate::core::measures::requests::{Request, Status};

/// Whether a document is an LLMPerf summary, a wrapper of summaries keyed by concurrency,
/// or a list of individual responses.
pub(in crate::core::import) fn detect(doc: &Value) -> bool {
    is_summary(doc) || wrapped(doc).is_some() || is_responses(doc)
}

fn is_responses(doc: &Value) -> bool {
    doc.as_array()
        .and_then(|a| a.iter().find(|v| v.is_object()))
        .is_some_and(|r| r.get("ttft_s").is_some() && r.get("end_to_end_latency_s").is_some())
}

/// The requests of a list of individual responses (entries that are not objects skipped).
fn response_list(doc: &Value) -> Vec<Request> {
    let records: Vec<&Value> = doc.as_array().map(|a| a.iter().filter(|v| v.is_object()).collect()).unwrap_or_default();
    records
        .iter()
        .map(|r| {
            let code = r.get("error_code").filter(|c| !c.is_null()).map(|c| c.as_str().map_or_else(|| c.to_string(), str::to_owned));
            let message = r.get("error_msg").and_then(Value::as_str).filter(|m| !m.is_empty()).map(str::to_owned);
            // The 2025 fork records when each request started (epoch s); upstream does not.
            let start = number(r, &["start_time"]);
            let input = number(r, &["number_input_tokens"]).map(|t| t as u64);
            if code.is_some() || message.is_some() {
                let error = match (code, message) {
                    (Some(c), Some(m)) => Some(format!("{c} {m}")),
                    (c, m) => c.or(m),
                };
                return Request::not_completed(start, input, Status::Failed, error);
            }
            let seconds = |key: &str| positive(number(r, &[key])).map(|s| s * 1000.0);
            let output = number(r, &["number_output_tokens"]).map(|t| t as u64);
            Request::completed(start, seconds("ttft_s"), seconds("end_to_end_latency_s"), input, output)
        })
        .collect()
}

/// The one run of a list of individual responses: its figures from its requests.
fn responses(doc: &Value, entry: String) -> Run {
    let mut run = run_of_requests(entry, response_list(doc), RESPONSES, "LLMPerf individual responses");
    run.no_conc = Some("individual responses record no concurrency".to_owned());
    run
}

/// What individual responses give again: LLMPerf's quantiles are pandas' (linear, as
/// numpy's) over the requests without an error; it writes no TPOT.
const RESPONSES: RequestsRule = RequestsRule {
    reproduce: &["n", "errors", "ttft_p50_ms", "ttft_p99_ms", "e2e_p50_ms", "e2e_p99_ms"],
    why_not: Some("LLMPerf's summary has no TPOT: its inter_token_latency_s is E2E ÷ output tokens, TTFT included"),
};

fn is_summary(doc: &Value) -> bool {
    doc.get("num_concurrent_requests").is_some() && doc.get("results_num_completed_requests").is_some()
}

/// The summaries of a wrapper keyed by concurrency, when every value is one.
fn wrapped(doc: &Value) -> Option<Vec<(&String, &Value)>> {
    let map = doc.as_object()?;
    let all = !map.is_empty() && map.iter().all(|(k, v)| k.parse::<u32>().is_ok() && is_summary(v));
    all.then(|| map.iter().collect())
}

/// Every run of the document: the summary, or each wrapped summary by its key.
pub(in crate::core::import) fn runs(doc: &Value, entry: &str) -> Vec<Run> {
    if is_responses(doc) {
        return vec![responses(doc, entry.to_owned())];
    }
    match wrapped(doc) {
        Some(items) => items.into_iter().map(|(key, summary)| run(summary, format!("[\"{key}\"]"))).collect(),
        None => vec![run(doc, entry.to_owned())],
    }
}

fn run(doc: &Value, entry: String) -> Run {
    let seconds = |metric: &str, q: &str| positive(number(doc, &[&format!("results_{metric}_quantiles_{q}")])).map(|s| s * 1000.0);
    let n = number(doc, &["results_num_completed_requests"]);
    let per_min = positive(number(doc, &["results_num_completed_requests_per_min"]));
    let length = |key: &'static str| count(doc, &[key]).map(|tokens| Length::nominal(tokens, key));
    let conc = level(number(doc, &["num_concurrent_requests"]));
    Run {
        entry,
        conc,
        no_conc: conc.is_none().then(|| "num_concurrent_requests is not a whole number ≥ 1".to_owned()),
        isl: length("mean_input_tokens"),
        osl: length("mean_output_tokens"),
        n,
        isl_mean: measured(doc, &["results_number_input_tokens_mean"]),
        osl_mean: measured(doc, &["results_number_output_tokens_mean"]),
        errors: number(doc, &["results_number_errors"]),
        sent: number(doc, &["results_num_requests_started"]),
        wall_s: n.zip(per_min).map(|(n, m)| 60.0 * n / m),
        out_tok_s: positive(number(doc, &["results_mean_output_throughput_token_per_s"])),
        ttft: (seconds("ttft_s", "p50"), seconds("ttft_s", "p99")),
        e2e: (seconds("end_to_end_latency_s", "p50"), seconds("end_to_end_latency_s", "p99")),
        date: number(doc, &["timestamp"]).and_then(date_of_epoch),
        model: doc.get("model").and_then(Value::as_str).map(str::to_owned),
        ..Run::default()
    }
}
