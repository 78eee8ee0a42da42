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
use crate::core::import::reading::json::{at, count, level, number};
use crate::core::import::reading::requests::{run_of_requests, RequestsRule};
use crate::core::import::{Length, Run};
use crate::core::measures::requests::{Request, Status};

/// Whether a document is GenAI-Perf's.
pub(in crate::core::import) fn detect(doc: &Value) -> bool {
    at(doc, &["request_throughput", "unit"]).is_some() && doc.get("time_to_first_token").is_some()
}

/// The one run of an export.
pub(in crate::core::import) fn run(doc: &Value, entry: String) -> Run {
    let s = |tag: &str, key: &str| stat(doc, tag, key);
    let config = doc.get("input_config").unwrap_or(&Value::Null);
    let conc = count(config, &["perf_analyzer", "stimulus", "concurrency"]).or_else(|| count(config, &["concurrency"])).map(|c| c as u32);
    let no_conc = conc.is_none().then(|| "no concurrency in input_config (a request-rate run?)".to_owned());
    let isl = count(config, &["input", "synthetic_tokens", "mean"])
        .map(|tokens| Length::nominal(tokens, "input_config synthetic_tokens"))
        .or_else(|| count(config, &["synthetic_input_tokens_mean"]).map(|tokens| Length::nominal(tokens, "synthetic_input_tokens_mean")));
    let osl = count(config, &["input", "output_tokens", "mean"])
        .map(|tokens| Length::nominal(tokens, "input_config output_tokens"))
        .or_else(|| count(config, &["output_tokens_mean"]).map(|tokens| Length::nominal(tokens, "output_tokens_mean")));
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
            "a non-streaming run (endpoint.streaming false): its time_to_first_token is the whole request's latency and it has no inter-token latency, so TTFT, TPOT and ITL are not measured; E2E is measured".to_owned()
        }),
        entry,
        conc,
        no_conc,
        isl,
        osl,
        n,
        isl_mean: s("input_sequence_length", "avg"),
        osl_mean: s("output_sequence_length", "avg"),
        wall_s: n.zip(s("request_throughput", "avg")).map(|(n, rate)| n / rate),
        out_tok_s: s("output_token_throughput", "avg"),
        req_s_achieved: s("request_throughput", "avg"),
        ttft: streamed((s("time_to_first_token", "p50"), s("time_to_first_token", "p99"))),
        tpot: streamed((s("inter_token_latency", "p50"), s("inter_token_latency", "p99"))),
        e2e: (s("request_latency", "p50"), s("request_latency", "p99")),
        power: power.as_deref().and_then(mean_power),
        gpus: power.as_ref().filter(|g| !g.is_empty()).and_then(|g| u32::try_from(g.len()).ok()).map(|n| (n, "its GPU telemetry")),
        ..Run::default()
    }
}

/// Whether a document is perf_analyzer's raw export (`profile_export.json`): experiments,
/// each with its load and its requests' timestamps.
pub(in crate::core::import) fn is_raw(doc: &Value) -> bool {
    doc.get("experiments")
        .and_then(Value::as_array)
        .and_then(|e| e.first())
        .is_some_and(|e| e.get("experiment").is_some() && e.get("requests").is_some())
}

/// Whether a choice carries text: a streamed chunk's `delta.content`, a completion's `text`,
/// or a whole chat response's `message.content`.
fn has_text(chunk: &Value) -> bool {
    let Some(choice) = chunk.get("choices").and_then(Value::as_array).and_then(|c| c.first()) else { return false };
    let text = at(choice, &["delta", "content"]).or_else(|| choice.get("text")).or_else(|| at(choice, &["message", "content"]));
    text.and_then(Value::as_str).is_some_and(|t| !t.is_empty())
}

/// Whether a response carries no output text, as GenAI-Perf tells it (and so leaves the
/// response and its timestamp out before taking the first and the last): an empty
/// `text_output`; an OpenAI stream event with no `data` (`[DONE]`, comments, `event:` lines)
/// or whose chunk has no `delta.content`/`text` — role-only, reasoning-only and usage-only
/// chunks alike; an error event. A response that is no stream (a non-streaming request's one
/// JSON body) has output when its choice has text, or when it is text that is not JSON.
fn empty_output(output: &Value) -> bool {
    if let Some(text) = output.get("text_output").and_then(Value::as_str) {
        return text.is_empty();
    }
    let Some(raw) = output.get("response").and_then(Value::as_str) else { return false };
    if raw.lines().any(|l| l.trim_start().starts_with("event:") && l.contains("error")) {
        return true;
    }
    let mut events = raw.lines().filter_map(|l| l.trim().strip_prefix("data:")).map(str::trim).peekable();
    if events.peek().is_none() {
        return match serde_json::from_str::<Value>(raw) {
            Ok(body) => !has_text(&body),
            Err(_) => raw.trim().is_empty(),
        };
    }
    // Several events in one response are one: it has output if any of them does.
    !events.any(|data| data != "[DONE]" && serde_json::from_str::<Value>(data).is_ok_and(|chunk| has_text(&chunk)))
}

/// Whether a request asked for a stream, as its payload says (`"stream": false` is not).
fn streamed(r: &Value) -> bool {
    let payload = at(r, &["request_inputs", "payload"]).and_then(Value::as_str);
    let stream = payload.and_then(|p| serde_json::from_str::<Value>(p).ok()).and_then(|p| p.get("stream").and_then(Value::as_bool));
    stream != Some(false)
}

/// One request: TTFT from its send to its first response with output, E2E to its last;
/// timestamps in ns. A request with no response failed. A request that asked for no stream
/// has its one response at its end: its E2E, and no TTFT (as GenAI-Perf's summary of such a
/// run has none). Output tokens are not recorded (chunks are not tokens), so there is no TPOT.
fn raw_request(r: &Value) -> Request {
    // Whole nanoseconds since the epoch: differences taken as integers stay exact.
    let ns = |v: &Value| v.as_u64().map(i128::from).or_else(|| v.as_f64().filter(|f| f.is_finite()).map(|f| f as i128));
    let sent = r.get("timestamp").and_then(ns);
    let start = sent.map(|ns| ns as f64 / 1e9);
    let times: Vec<i128> =
        r.get("response_timestamps").and_then(Value::as_array).map(|t| t.iter().filter_map(ns).collect()).unwrap_or_default();
    let outputs = r.get("response_outputs").and_then(Value::as_array);
    let kept: Vec<i128> =
        times.iter().enumerate().filter(|(i, _)| !outputs.and_then(|o| o.get(*i)).is_some_and(empty_output)).map(|(_, t)| *t).collect();
    let (Some(sent), Some(first), Some(last)) = (sent, kept.first(), kept.last()) else {
        return Request::not_completed(start, None, Status::Failed, Some("no response with output".to_owned()));
    };
    let ms = |t: i128| (t - sent) as f64 / 1e6;
    let ttft = streamed(r).then(|| ms(*first));
    Request::completed(start, ttft, Some(ms(*last)), None, None)
}

/// What the raw export gives again: the count, TTFT and E2E (numpy's percentiles over the
/// same requests); it records no errors and no output tokens.
const RAW: RequestsRule = RequestsRule {
    reproduce: &["n", "ttft_p50_ms", "ttft_p99_ms", "e2e_p50_ms", "e2e_p99_ms"],
    why_not: Some(
        "GenAI-Perf counts output tokens by tokenizing the responses, which the raw export does not do for it: no TPOT is computed from it",
    ),
};

/// The runs of a raw export: one per experiment, at its concurrency or request rate.
pub(in crate::core::import) fn raw_runs(doc: &Value) -> Vec<Run> {
    let experiments = doc.get("experiments").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]);
    experiments
        .iter()
        .enumerate()
        .map(|(k, e)| {
            let list: Vec<Request> =
                e.get("requests").and_then(Value::as_array).map(|r| r.iter().map(raw_request).collect()).unwrap_or_default();
            let mut run = run_of_requests(format!("experiments[{k}]"), list, RAW, "GenAI-Perf raw export");
            let mode = at(e, &["experiment", "mode"]).and_then(Value::as_str).unwrap_or_default();
            let value = number(e, &["experiment", "value"]);
            match mode {
                "concurrency" => run.conc = level(value),
                "request_rate" => run.rate = value.filter(|r| *r > 0.0),
                _ => {}
            }
            if run.conc.is_none() && run.rate.is_none() {
                run.no_conc = Some(format!("experiment mode `{mode}` is neither a concurrency nor a request rate"));
            }
            // GenAI-Perf counts no errors in its summary; a run none of whose requests answered
            // is all failed, and says how many.
            if run.n != Some(0.0) {
                run.errors = None;
            }
            run
        })
        .collect()
}
