//! What an importer says about a file it read but does not trust whole.

use serde_json::Value;

use crate::core::import::{Run, Tool};

/// A run of a completed-requests file with no latency at all, while the document has keys
/// that look like latencies the importer does not know (another tool's layout read as this
/// one): said, naming them, so every latency being null is never silent.
pub(in crate::core::import) fn unrecognised_latencies(tool: Tool, run: &Run, doc: &Value) -> Option<String> {
    let none = [run.ttft, run.tpot, run.itl, run.e2e].iter().all(|p| p.0.is_none() && p.1.is_none());
    if !none || run.n == Some(0.0) || !matches!(tool, Tool::Vllm | Tool::Sglang) {
        return None;
    }
    let keys: Vec<&str> = doc
        .as_object()?
        .keys()
        .map(String::as_str)
        .filter(|k| ["ttft", "tpot", "itl", "latency", "e2e"].iter().any(|w| k.contains(w)))
        .take(6)
        .collect();
    (!keys.is_empty()).then(|| {
        format!(
            "read as {} but none of its latency keys is here; keys it does not recognise: {} — every latency is not measured (is this another tool's summary?)",
            tool.title(),
            keys.join(", ")
        )
    })
}

/// What a text file is when it is not a tool's result file but something a person could
/// take for one — a console log, a CSV export, MLPerf LoadGen's logs — judged from its
/// content (never its name, never a parser's error), in one sentence that says what to
/// import instead.
pub(in crate::core::import) fn not_serving_text(text: &str) -> Option<String> {
    let start = text.trim_start();
    // Text that opens as JSON is read as JSON (and a JSON parse error said as one).
    if start.starts_with(['{', '[']) {
        return None;
    }
    let has = |needle: &str| text.contains(needle);
    if start.starts_with(":::MLLOG") {
        let accuracy = text.lines().any(|l| l.contains("\"key\": \"effective_test_mode\"") && l.contains("\"value\": \"AccuracyOnly\""));
        return Some(if accuracy {
            format!("an MLPerf LoadGen log of an accuracy run (effective_test_mode AccuracyOnly): LoadGen runs every sample once to score the outputs and times nothing, so it has no serving load to chart; servescope reads a serving tool's output ({})", crate::core::import::tools::known_formats())
        } else {
            "an MLPerf LoadGen detail log (mlperf_log_detail.txt): servescope does not import LoadGen's logs — a LoadGen run is one scenario's result, not a sweep of loads; publish it beside the study as a source".to_owned()
        });
    }
    if has("MLPerf Results Summary") {
        return Some("an MLPerf LoadGen summary (mlperf_log_summary.txt): one scenario's result as LoadGen judges it, not a sweep of loads, so servescope does not import it; publish it beside the study as a source".to_owned());
    }
    if has("Serving Benchmark Result") && has("Successful requests:") {
        return Some(if has("(retokenized)") || text.lines().any(|l| l.trim_start().starts_with("Backend:")) {
            "an SGLang bench_serving console log: import the JSON Lines file its --output-file wrote (one line per run)".to_owned()
        } else {
            "a vLLM bench serve console log: import the JSON that --save-result wrote (--result-dir and --result-filename say where)"
                .to_owned()
        });
    }
    let first = start.lines().next().unwrap_or_default();
    if first.starts_with("Metric,") && first.contains("avg") {
        return Some("a CSV export of AIPerf or GenAI-Perf (profile_export_*.csv): import the JSON export written beside it (profile_export_aiperf.json or profile_export_genai_perf.json), which holds the same aggregates and the run's configuration".to_owned());
    }
    if (has("AIPerf") || has("GenAI-Perf")) && (has("┃") || has("│") || has("|")) && has("Metric") {
        return Some("the console table AIPerf or GenAI-Perf prints (its console export): import profile_export_aiperf.json or profile_export_genai_perf.json, written beside it".to_owned());
    }
    None
}

/// What a file is when it is recognisably another kind of run than a serving benchmark
/// (vLLM's offline latency and throughput benchmarks, `vllm bench latency` /
/// `benchmark_latency.py` and `vllm bench throughput` / `benchmark_throughput.py` with
/// `--output-json`): one sentence naming it and why it has no serving load to chart.
pub(in crate::core::import) fn not_serving(doc: &serde_json::Value) -> Option<String> {
    let has = |keys: &[&str]| keys.iter().all(|k| doc.get(*k).is_some());
    if has(&["qsl_idx", "data"]) {
        return Some(
            format!("an MLPerf LoadGen accuracy log (mlperf_log_accuracy.json): the model's output for each sample, kept to score accuracy, with no timings and no load, so it has no serving load to chart; servescope reads a serving tool's output ({})", crate::core::import::tools::known_formats()),
        );
    }
    if has(&["avg_latency", "latencies", "percentiles"]) {
        return Some(
            "a vLLM offline latency benchmark (vllm bench latency): it times batches of prompts run to completion in the engine itself, with no server and no requests in flight, so it has no serving load to chart; benchmark the server with vllm bench serve"
                .to_owned(),
        );
    }
    if has(&["elapsed_time", "num_requests", "total_num_tokens", "requests_per_second", "tokens_per_second"]) {
        return Some(
            "a vLLM offline throughput benchmark (vllm bench throughput): every request is given to the engine at once, with no server, no concurrency or request rate and no per-request latencies, so it has no serving load to chart; benchmark the server with vllm bench serve"
                .to_owned(),
        );
    }
    None
}
