//! NVIDIA GenAI-Perf `profile_export_genai_perf.json`: the per-metric layout AIPerf adopted,
//! without a benchmark duration, error count or chunk ITL.
//! - `inter_token_latency` is TPOT; there is no chunk ITL: not measured.
//! - Concurrency: `input_config.perf_analyzer.stimulus.concurrency` (config v2, 2025) or the
//!   flat `input_config.concurrency` (earlier). Nominal lengths likewise:
//!   `input.synthetic_tokens.mean` / `input.output_tokens.mean`, or
//!   `synthetic_input_tokens_mean` / `output_tokens_mean`.
//! - Errors are not recorded: not measured. Wall time is derived: count ÷ request rate.
//! - Power: `telemetry_stats.gpu_power_usage.<gpu>.avg`, the mean over GPUs.
//! - A non-streaming run (`endpoint.streaming: false`) writes the whole request's latency
//!   as `time_to_first_token` and has no inter-token latency: only E2E is measured.

use serde_json::Value;

use super::aiperf::{mean_power, model_name, stat};
use super::json::{at, count, number};
use super::{Length, Run};

/// Whether a document is GenAI-Perf's.
pub(super) fn detect(doc: &Value) -> bool {
    at(doc, &["request_throughput", "unit"]).is_some() && doc.get("time_to_first_token").is_some()
}

/// The one run of an export.
pub(super) fn run(doc: &Value, entry: String) -> Run {
    let s = |tag: &str, key: &str| stat(doc, tag, key);
    let config = doc.get("input_config").unwrap_or(&Value::Null);
    let conc = count(config, &["perf_analyzer", "stimulus", "concurrency"]).or_else(|| count(config, &["concurrency"])).map(|c| c as u32);
    let no_conc = conc.is_none().then(|| "no concurrency in input_config (a request-rate run?)".to_owned());
    let isl = count(config, &["input", "synthetic_tokens", "mean"])
        .map(|tokens| Length { tokens, from: "input_config synthetic_tokens" })
        .or_else(|| count(config, &["synthetic_input_tokens_mean"]).map(|tokens| Length { tokens, from: "synthetic_input_tokens_mean" }));
    let osl = count(config, &["input", "output_tokens", "mean"])
        .map(|tokens| Length { tokens, from: "input_config output_tokens" })
        .or_else(|| count(config, &["output_tokens_mean"]).map(|tokens| Length { tokens, from: "output_tokens_mean" }));
    let power: Option<Vec<f64>> = at(doc, &["telemetry_stats", "gpu_power_usage"])
        .and_then(Value::as_object)
        .map(|gpus| gpus.iter().filter(|(k, _)| k.as_str() != "unit").filter_map(|(_, g)| number(g, &["avg"])).collect());
    let n = s("request_count", "avg");
    let streaming = at(config, &["endpoint", "streaming"]).or_else(|| at(config, &["streaming"])).and_then(Value::as_bool);
    let whole_request = streaming == Some(false);
    let streamed = |v: (Option<f64>, Option<f64>)| if whole_request { (None, None) } else { v };
    Run {
        model: model_name(doc),
        caveat: whole_request.then(|| {
            "a non-streaming run (endpoint.streaming false): its time_to_first_token is the whole request's latency and it has no inter-token latency, so TTFT, TPOT and ITL are not measured; E2E is".to_owned()
        }),
        entry,
        conc,
        no_conc,
        isl,
        osl,
        n,
        wall_s: n.zip(s("request_throughput", "avg")).map(|(n, rate)| n / rate),
        out_tok_s: s("output_token_throughput", "avg"),
        ttft: streamed((s("time_to_first_token", "p50"), s("time_to_first_token", "p99"))),
        tpot: streamed((s("inter_token_latency", "p50"), s("inter_token_latency", "p99"))),
        e2e: (s("request_latency", "p50"), s("request_latency", "p99")),
        power: power.as_deref().and_then(mean_power),
        ..Run::default()
    }
}
