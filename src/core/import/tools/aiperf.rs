//! NVIDIA AIPerf `profile_export_aiperf.json`: metrics nested under `records` (≤ v0.1.1;
//! keyed by display name in June 2025, by tag from October) or at the top level (later),
//! each `{unit, avg, p50, p99, …}`; the `unit` field is authoritative. A June 2025 export
//! records no load: it imports only with the publisher's `--conc N`. GenAI-Perf writes the same per-metric layout (`genai_perf` reads it too).
//! - `inter_token_latency` is TPOT; chunk ITL is `inter_chunk_latency`.
//! - Concurrency: `input_config.loadgen.concurrency` (present only when set on the command
//!   line), or a sweep's `run_info.variation_values`.
//! - Nominal lengths: `input_config.input.prompt.{input,output}_tokens.mean`.
//! - Errors: `error_request_count` is absent on a clean run; `error_summary: []` confirms 0.
//! - Power: GPU telemetry `gpu_power_usage` (`nvidia_power_usage`, `amd_power` from schema
//!   1.5), the mean over the GPUs the telemetry saw.

use serde_json::Value;

use crate::core::import::reading::json::{at, count, number};
use crate::core::import::reading::requests::{run_of_requests, to_ms, EVERY_FIGURE};
use crate::core::import::{Length, Run};
use crate::core::measures::requests::{Request, Status};

/// June 2025 `records` are keyed by display name ("Time to First Token"); later ones by
/// tag (`time_to_first_token`). The tag is the display name, lower-cased, spaces to `_`.
fn by_tag(records: &Value) -> Option<Value> {
    let map = records.as_object()?;
    keyed_by_display_name(records)
        .then(|| Value::Object(map.iter().map(|(k, v)| (k.to_lowercase().replace([' ', '-'], "_"), v.clone())).collect()))
}

/// Whether `records` are keyed by display name (June 2025): a key with a space.
pub(in crate::core::import) fn keyed_by_display_name(records: &Value) -> bool {
    records.as_object().is_some_and(|r| r.keys().any(|k| k.contains(' ')))
}

/// A metric by its tag, or by the shorter tag some versions write (`ttft` for
/// `time_to_first_token` in October 2025's exports).
fn metric<'a>(metrics: &'a Value, tag: &str) -> Option<&'a Value> {
    const SHORT: [(&str, &str); 2] = [("time_to_first_token", "ttft"), ("time_to_second_token", "ttst")];
    metrics.get(tag).or_else(|| SHORT.iter().find(|(long, _)| *long == tag).and_then(|(_, short)| metrics.get(*short)))
}

/// Whether a document is AIPerf's: its metrics, and keys GenAI-Perf never writes.
pub(in crate::core::import) fn detect(doc: &Value) -> bool {
    if is_record(doc) {
        return true;
    }
    let records = doc.get("records").unwrap_or(doc);
    let translated = by_tag(records);
    let metrics = translated.as_ref().unwrap_or(records);
    metric(metrics, "time_to_first_token").is_some()
        && ["records", "was_cancelled", "error_summary", "errors_by_type", "benchmark_duration", "aiperf_version", "telemetry_data"]
            .iter()
            .any(|k| doc.get(*k).is_some())
}

/// A metric's statistic in ms (or its own unit, for counts and rates), by its `unit`.
pub(in crate::core::import) fn stat(metrics: &Value, tag: &str, key: &str) -> Option<f64> {
    let metric = metric(metrics, tag)?;
    let value = number(metric, &[key])?;
    let scale = match metric.get("unit").and_then(Value::as_str).unwrap_or("ms") {
        "sec" | "s" | "seconds" => 1000.0,
        "us" => 0.001,
        "ns" => 1e-6,
        _ => 1.0,
    };
    let value = value * scale;
    (value != 0.0).then_some(value)
}

/// The first model the run's configuration names (`endpoint.model_names`, or the flat
/// `model_names` of older configurations).
pub(in crate::core::import) fn model_name(doc: &Value) -> Option<String> {
    let names = at(doc, &["input_config", "endpoint", "model_names"]).or_else(|| at(doc, &["input_config", "model_names"]))?;
    names.as_array()?.first()?.as_str().map(str::to_owned)
}

/// The mean, over GPUs, of a per-GPU power figure, and the GPU count.
pub(in crate::core::import) fn mean_power(per_gpu: &[f64]) -> Option<(f64, usize)> {
    let n = per_gpu.len();
    (n > 0).then(|| (per_gpu.iter().sum::<f64>() / n as f64, n))
}

/// The one run of an export.
pub(in crate::core::import) fn run(doc: &Value, entry: String) -> Run {
    let records = doc.get("records").unwrap_or(doc);
    let translated = by_tag(records);
    let metrics = translated.as_ref().unwrap_or(records);
    let s = |tag: &str, key: &str| stat(metrics, tag, key);
    let conc = count(doc, &["input_config", "loadgen", "concurrency"])
        .or_else(|| count(doc, &["run_info", "variation_values", "phases.profiling.concurrency"]))
        .map(|c| c as u32);
    let no_conc = conc.is_none().then(|| "no concurrency recorded (input_config.loadgen.concurrency is absent)".to_owned());
    let length = |key: &'static str| {
        count(doc, &["input_config", "input", "prompt", key, "mean"]).map(|tokens| {
            Length::nominal(
                tokens,
                if key == "input_tokens" { "input_config prompt input_tokens" } else { "input_config prompt output_tokens" },
            )
        })
    };
    // A replayed trace or dataset (AIPerf's agentic scenarios) records no nominal lengths: the
    // requests' means name the workload, unless the publisher gives lengths of their own.
    let replayed = ["public_dataset", "file", "custom_dataset_type", "detected_loader"]
        .iter()
        .any(|k| at(doc, &["input_config", "input", k]).is_some_and(|v| !v.is_null()));
    let mean = |tag: &str, from: &'static str| replayed.then(|| s(tag, "avg")).flatten().and_then(|m| Length::trace_mean(m, from));
    // A count of 0 is a measurement here, so it is read without the zero rule.
    // Cancelled requests (code 499) are in error_summary too: they are failed requests.
    let errors = number(metrics, &["error_request_count", "avg"])
        .or_else(|| {
            let summary = doc.get("error_summary")?.as_array()?;
            Some(summary.iter().filter_map(|e| number(e, &["count"])).sum())
        })
        .or_else(|| {
            let by_type = doc.get("errors_by_type")?.as_object()?;
            Some(by_type.values().filter_map(|v| number(v, &[]).or_else(|| number(v, &["count"]))).sum())
        });
    let telemetry = telemetry(doc);
    let gpus: Option<Vec<f64>> = telemetry.as_ref().map(|t| t.iter().filter_map(|g| g.power).collect());
    Run {
        model: model_name(doc),
        entry,
        conc,
        no_conc,
        isl: length("input_tokens").or_else(|| mean("input_sequence_length", "the replayed dataset's mean input length")),
        osl: length("output_tokens").or_else(|| mean("output_sequence_length", "the replayed dataset's mean output length")),
        n: s("request_count", "avg"),
        isl_mean: s("input_sequence_length", "avg"),
        osl_mean: s("output_sequence_length", "avg"),
        errors,
        // Seconds: the stat is scaled to ms by its unit.
        wall_s: s("benchmark_duration", "avg").map(|ms| ms / 1000.0),
        out_tok_s: s("output_token_throughput", "avg"),
        req_s_achieved: s("request_throughput", "avg"),
        ttft: (s("time_to_first_token", "p50"), s("time_to_first_token", "p99")),
        tpot: (s("inter_token_latency", "p50"), s("inter_token_latency", "p99")),
        itl: (s("inter_chunk_latency", "p50"), s("inter_chunk_latency", "p99")),
        e2e: (s("request_latency", "p50"), s("request_latency", "p99")),
        power: gpus.as_deref().and_then(mean_power),
        gpus: gpus.as_ref().filter(|g| !g.is_empty()).and_then(|g| u32::try_from(g.len()).ok()).map(|n| (n, "its GPU telemetry")),
        first_request_s: s("min_request_timestamp", "avg").map(|ms| ms / 1000.0),
        date: doc.get("start_time").and_then(Value::as_str).and_then(|t| t.get(..10)).map(str::to_owned),
        hardware: telemetry.as_deref().and_then(telemetry_hardware),
        caveat: duplicated_gpus(doc),
        ..Run::default()
    }
}

/// The metadata keys of a record of `profile_export.jsonl` (any one will do): October 2025's
/// `credit_phase` and `timestamp_ns`, 0.8's `benchmark_phase` and `request_start_ns`.
const RECORD_KEYS: [&str; 6] = ["benchmark_phase", "credit_phase", "request_start_ns", "timestamp_ns", "x_request_id", "conversation_id"];

/// One GPU the telemetry saw: its UUID (where recorded), name and mean power.
struct TelemetryGpu {
    uuid: Option<String>,
    name: Option<String>,
    power: Option<f64>,
}

/// The GPUs AIPerf's telemetry saw, each once: endpoints that report the same GPU (its
/// UUID) count it once.
fn telemetry(doc: &Value) -> Option<Vec<TelemetryGpu>> {
    let endpoints = at(doc, &["telemetry_data", "endpoints"]).and_then(Value::as_object)?;
    let mut out: Vec<TelemetryGpu> = Vec::new();
    for gpu in endpoints.values().filter_map(|e| e.get("gpus").and_then(Value::as_object)).flat_map(|g| g.values()) {
        let uuid = ["gpu_uuid", "uuid"].iter().find_map(|k| gpu.get(*k)?.as_str()).map(str::to_owned);
        if uuid.is_some() && out.iter().any(|g| g.uuid == uuid) {
            continue;
        }
        out.push(TelemetryGpu {
            uuid,
            name: gpu.get("gpu_name").and_then(Value::as_str).map(str::to_owned),
            power: ["gpu_power_usage", "nvidia_power_usage", "amd_power"].iter().find_map(|name| number(gpu, &["metrics", name, "avg"])),
        });
    }
    Some(out)
}

/// The hardware the telemetry names: its GPUs' one name, where every GPU it saw has it.
fn telemetry_hardware(gpus: &[TelemetryGpu]) -> Option<String> {
    let first = gpus.first()?.name.clone()?;
    gpus.iter().all(|g| g.name.as_deref() == Some(first.as_str())).then_some(first)
}

/// A GPU two telemetry endpoints both reported, for a warning.
fn duplicated_gpus(doc: &Value) -> Option<String> {
    let endpoints = at(doc, &["telemetry_data", "endpoints"]).and_then(Value::as_object)?;
    let uuids: Vec<&str> = endpoints
        .values()
        .filter_map(|e| e.get("gpus").and_then(Value::as_object))
        .flat_map(|g| g.values())
        .filter_map(|gpu| ["gpu_uuid", "uuid"].iter().find_map(|k| gpu.get(*k)?.as_str()))
        .collect();
    let twice: Vec<&str> = uuids.iter().enumerate().filter(|(i, u)| uuids[..*i].contains(u)).map(|(_, u)| *u).collect();
    (!twice.is_empty())
        .then(|| format!("its telemetry endpoints report the same GPU more than once ({}): each counted once", twice.join(", ")))
}

/// Whether a document is a line of `profile_export.jsonl`: one request's record — its
/// `metadata` and `metrics`, and an `error` (before 0.8 every record had one, null when it
/// succeeded; from 0.8 only a failed one does) or a record's own metadata keys.
pub(in crate::core::import) fn is_record(doc: &Value) -> bool {
    let Some(meta) = doc.get("metadata").filter(|m| m.is_object()) else { return false };
    doc.get("metrics").is_some_and(Value::is_object) && (doc.get("error").is_some() || RECORD_KEYS.iter().any(|k| meta.get(*k).is_some()))
}

/// A record's metric in ms (or tokens), by any of its names (they drift between versions:
/// `ttft`, `time_to_first_token`), converted by the `unit` it carries.
fn record_metric(metrics: &Value, names: &[&str]) -> Option<f64> {
    let metric = names.iter().find_map(|n| metrics.get(*n))?;
    let value = number(metric, &["value"])?;
    match metric.get("unit").and_then(Value::as_str).unwrap_or("ms") {
        "tokens" | "requests" => Some(value),
        unit => to_ms(value, unit),
    }
}

/// One request of `profile_export.jsonl`. Its output tokens are `output_sequence_length`
/// (reasoning tokens included, as AIPerf's TPOT counts them); a record with an `error`
/// (a cancellation is code 499) failed, as AIPerf counts it among the errors.
fn record(rec: &Value) -> Request {
    let metrics = rec.get("metrics").unwrap_or(&Value::Null);
    let meta = rec.get("metadata").unwrap_or(&Value::Null);
    let start = number(meta, &["request_start_ns"]).or_else(|| number(meta, &["timestamp_ns"])).map(|ns| ns / 1e9);
    let input = record_metric(metrics, &["input_sequence_length"]).map(|t| t as u64);
    // From 0.8 a request the tool cut off says so (`was_cancelled`): not completed, and not
    // failed either (AIPerf's counts leave it out of both).
    if meta.get("was_cancelled").and_then(Value::as_bool) == Some(true) {
        return Request::not_completed(start, input, Status::Cancelled, Some("cancelled".to_owned()));
    }
    if let Some(error) = rec.get("error").filter(|e| !e.is_null()) {
        let code = error.get("code").map(|c| c.as_str().map_or_else(|| c.to_string(), str::to_owned));
        let kind = error.get("type").and_then(Value::as_str);
        let words = [code.as_deref(), kind].into_iter().flatten().collect::<Vec<_>>().join(" ");
        return Request::not_completed(start, input, Status::Failed, Some(if words.is_empty() { "error".to_owned() } else { words }));
    }
    let output = record_metric(metrics, &["output_sequence_length", "output_token_count"]).map(|t| t as u64);
    Request::completed(
        start,
        record_metric(metrics, &["time_to_first_token", "ttft"]),
        record_metric(metrics, &["request_latency"]),
        input,
        output,
    )
}

/// A record's session and turn: its `conversation_id` and `turn_index`.
fn session_of(rec: &Value) -> (Option<String>, Option<u32>) {
    let meta = rec.get("metadata").unwrap_or(&Value::Null);
    let session = meta.get("conversation_id").and_then(Value::as_str).map(str::to_owned);
    let turn = number(meta, &["turn_index"]).filter(|t| *t >= 0.0 && t.fract() == 0.0).map(|t| t as u32);
    (session, turn)
}

/// The run of a `profile_export.jsonl`: a request per line, warm-up records left out. Its
/// figures are computed from the requests; it records no load, which the summary beside it
/// (`profile_export_aiperf.json`) does.
pub(in crate::core::import) fn records_run(docs: &[&Value]) -> Run {
    let phase = |d: &Value| {
        at(d, &["metadata", "benchmark_phase"]).or_else(|| at(d, &["metadata", "credit_phase"])).and_then(Value::as_str).map(str::to_owned)
    };
    let measured: Vec<&Value> = docs.iter().copied().filter(|d| phase(d).is_none_or(|p| p != "warmup")).collect();
    // A multi-turn run (a turn after a conversation's first) keeps each request's session and
    // turn; a single-turn run's conversation ids name dataset entries, not sessions.
    let multi_turn = measured.iter().any(|d| session_of(d).1.is_some_and(|t| t > 0));
    let list: Vec<Request> = measured
        .iter()
        .map(|d| {
            let request = record(d);
            if multi_turn {
                let (session, turn) = session_of(d);
                request.in_session(session, turn)
            } else {
                request
            }
        })
        .collect();
    let mut run = run_of_requests(String::new(), list, EVERY_FIGURE, "AIPerf per-request records");
    // Turns after the first of a conversation: a replayed multi-turn trace, whose requests'
    // means name the workload (there is no nominal length).
    if multi_turn {
        run.isl = run.isl_mean.and_then(|m| Length::trace_mean(m, "the replayed conversations' mean input length"));
        run.osl = run.osl_mean.and_then(|m| Length::trace_mean(m, "the replayed conversations' mean output length"));
    }
    run.no_conc = Some("profile_export.jsonl records no load (its summary, profile_export_aiperf.json, does)".to_owned());
    run.model = docs.first().and_then(|d| at(d, &["metadata", "model_name"])).and_then(Value::as_str).map(str::to_owned);
    run.warmup = docs.len() - measured.len();
    run
}
