//! SGLang `bench_serving` JSON Lines: one run per line, appended, in three key-set
//! generations (2024: medians only; mid-2025: p99s and `max_concurrency`; 2026: p90/p95,
//! `tag`, `server_info`) and a refactor that writes `total_output` for `total_output_tokens`
//! and may nest the per-request details under `details`. Keys are read where present.
//! - `concurrency` is the measured mean in flight, never the cell's `conc`: that is
//!   `max_concurrency`; null or absent, the run is a rate cell at `request_rate` (an
//!   infinite rate with no cap: a burst); a finite rate with a cap is a rate cell that keeps
//!   it. The measured figure is every cell's `conc_achieved`.
//! - `random_*_len` are the CLI values whatever the dataset; for a random dataset they name
//!   the workload: with `random_range_ratio` 1 every request has them, below 1 each length is
//!   drawn from len × ratio (at least 1) to len — said, and each cell keeps its measured means.
//! - A 0 latency is an empty list's mean, not a measurement; `NaN` arrives as null.
//! - A `sharegpt` dataset records no nominal lengths: the measured means are used, and said.
//! - `--output-details` adds index-aligned lists over every request (`ttfts`, `itls`,
//!   `input_lens`, `output_lens`, `errors`; no start time, no latency): a request's E2E is
//!   TTFT + Σ ITL.

use serde_json::Value;

use crate::core::import::reading::json::{count, level, mean_per_request, measured, number, rate};
use crate::core::import::reading::requests::{from_arrays, with_requests, RequestsRule};
use crate::core::import::{Length, Run};

/// Keys every generation of SGLang's lines has one of, and vLLM never writes.
pub(in crate::core::import) const SGLANG_ONLY: [&str; 3] =
    ["total_output_tokens_retokenized", "total_output_retokenized", "mean_e2e_latency_ms"];

/// Whether a line is SGLang's: its throughput and keys only SGLang writes.
pub(in crate::core::import) fn detect(doc: &Value) -> bool {
    doc.get("output_throughput").is_some() && SGLANG_ONLY.iter().any(|k| doc.get(*k).is_some())
}

/// The GPUs the server said it ran on (`server_info`, the server's own arguments, where
/// the GET succeeded): tensor-parallel × data-parallel size.
fn server_gpus(doc: &Value) -> Option<(u32, &'static str)> {
    let info = doc.get("server_info")?;
    let size = |key: &str| info.get(key).and_then(Value::as_u64).and_then(|n| u32::try_from(n).ok()).filter(|n| *n >= 1);
    Some((size("tp_size")? * size("dp_size").unwrap_or(1), "its server_info tp_size × dp_size"))
}

/// The run on one line.
pub(in crate::core::import) fn run(doc: &Value, entry: String) -> Run {
    let ms = |key: &str| measured(doc, &[key]);
    let cap = level(number(doc, &["max_concurrency"]));
    let rate = rate(doc, &["request_rate"]);
    // A finite rate under a cap is a rate cell that keeps its cap.
    let (conc, conc_cap) = match (cap, rate) {
        (Some(c), Some(r)) if r.is_finite() => (None, Some(c)),
        (c, _) => (c, None),
    };
    let no_conc = (conc.is_none() && rate.is_none()).then(|| {
        if doc.get("max_concurrency").is_some() {
            "max_concurrency is null (unbounded)".to_owned()
        } else {
            "no max_concurrency recorded (an early bench_serving line)".to_owned()
        }
    });
    let random = doc.get("dataset_name").and_then(Value::as_str).is_some_and(|d| d.starts_with("random"));
    let ratio = number(doc, &["random_range_ratio"]);
    let fixed = ratio == Some(1.0);
    // A random dataset draws each request's lengths from N × random_range_ratio (at least 1)
    // to N: the workload is named by N, and what was drawn is said.
    let nominal = |key: &'static str| random.then(|| count(doc, &[key]).map(|tokens| Length::nominal(tokens, key))).flatten();
    let drawn = ratio.filter(|r| random && (0.0..1.0).contains(r)).and_then(|r| {
        let span = |key: &str| count(doc, &[key]).map(|n| format!("{} to {n}", ((n as f64 * r) as u64).max(1)));
        Some(format!(
            "a random dataset with random_range_ratio {}: input lengths drawn from {}, output lengths from {}; the workload is named by the most, each cell keeps the means measured",
            crate::core::basics::format::as_written(r),
            span("random_input_len")?,
            span("random_output_len")?
        ))
    });
    // A ShareGPT run has no nominal length: its lengths are the measured means (its own
    // workload, never merged with a random dataset's).
    let sharegpt = doc.get("dataset_name").and_then(Value::as_str) == Some("sharegpt");
    let measured_mean = |total: &str, from: &'static str| {
        let (total, n) = (number(doc, &[total])?, number(doc, &["completed"]).filter(|n| *n > 0.0)?);
        sharegpt.then(|| Length::measured((total / n).round() as u64, from))
    };
    let details = doc.get("details").unwrap_or(doc);
    let errors_list: Option<Vec<bool>> =
        details.get("errors").and_then(Value::as_array).map(|e| e.iter().map(|x| x.as_str().is_some_and(|s| !s.is_empty())).collect());
    let output_lengths = details.get("output_lens").and_then(Value::as_array).map(|lens| {
        lens.iter()
            .enumerate()
            .filter(|(i, _)| !errors_list.as_ref().and_then(|e| e.get(*i).copied()).unwrap_or(false))
            .filter_map(|(_, v)| v.as_f64())
            .collect()
    });
    let run = Run {
        entry,
        conc,
        no_conc,
        rate,
        conc_cap,
        // The measured mean in flight and request throughput: what the load achieved, beside
        // the load offered.
        conc_achieved: measured(doc, &["concurrency"]),
        req_s_achieved: measured(doc, &["request_throughput"]),
        isl: nominal("random_input_len").or_else(|| measured_mean("total_input_tokens", "ShareGPT measured mean input length")),
        osl: nominal("random_output_len")
            .or_else(|| measured_mean("total_output_tokens", "ShareGPT measured mean output length"))
            .or_else(|| measured_mean("total_output", "ShareGPT measured mean output length")),
        // The dataset is the tool's own label: runs of two datasets are two setups, never trials.
        labels: doc
            .get("dataset_name")
            .and_then(Value::as_str)
            .map(|d| vec![("dataset_name".to_owned(), d.to_owned())])
            .unwrap_or_default(),
        caveat: sharegpt
            .then(|| "a ShareGPT dataset: its lengths are the measured means (total tokens ÷ completed), a workload of its own".to_owned())
            .or(drawn),
        n: number(doc, &["completed"]),
        isl_mean: mean_per_request(doc, "total_input_tokens", "completed"),
        osl_mean: mean_per_request(doc, "total_output_tokens", "completed").or_else(|| mean_per_request(doc, "total_output", "completed")),
        errors: errors_list.map(|e| e.iter().filter(|x| **x).count() as f64),
        wall_s: measured(doc, &["duration"]),
        // `short` needs what each request asked for: only a fixed-length random dataset says.
        output_lengths: output_lengths.filter(|_| random && fixed),
        out_tok_s: measured(doc, &["output_throughput"]),
        ttft: (ms("median_ttft_ms"), ms("p99_ttft_ms")),
        tpot: (ms("median_tpot_ms"), ms("p99_tpot_ms")),
        itl: (ms("median_itl_ms"), ms("p99_itl_ms")),
        e2e: (ms("median_e2e_latency_ms"), ms("p99_e2e_latency_ms")),
        gpus: server_gpus(doc),
        ..Run::default()
    };
    with_requests(run, from_arrays(details), DETAILS)
}

/// What `--output-details` gives again: the counts and TTFT. Its summary TPOT and E2E use
/// each request's latency, timed after the stream closed, which the details do not write.
const DETAILS: RequestsRule = RequestsRule {
    reproduce: &["n", "errors", "ttft_p50_ms", "ttft_p99_ms"],
    why_not: Some("SGLang's summary TPOT and E2E use each request's latency, timed after its stream closed, which --output-details does not write: a request's E2E here is TTFT + Σ ITL, and its TPOT follows from that"),
};
