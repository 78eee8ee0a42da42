//! vLLM `bench serve` results: one object per run (`--append-result` appends more, one per
//! line), and `bench sweep serve`'s `run=k.json`, which also carries the sweep's overrides.
//! - Summary values are ms, per-request arrays seconds.
//! - `mean/median/p99_*_ms` of an empty list are written as 0 (`np.mean(x or 0)`): a 0 is
//!   not measured. p50 is `p50_*_ms` when asked for, else `median_*_ms` (the same under numpy).
//! - E2E stats exist only with `--percentile-metrics …e2el`; otherwise they are derived from
//!   `latencies` (successful requests, linear percentiles) when the file keeps them.
//! - ISL/OSL are not recorded, except as sweep overrides (`random_input_len`, `input_len`).
//! - `max_concurrency: null` is unbounded: a rate cell at `request_rate` (a number, `"inf"`
//!   or a bare `Infinity`); with an infinite rate too, a burst of `num_prompts` requests. A
//!   finite rate with a `max_concurrency` is a rate cell that keeps the cap (`conc_cap`).
//! - `burstiness` other than 1 (gamma-distributed arrivals) is said in the method text.
//! - `completed: 0` with `failed: N` is a run in which every request failed: its metrics
//!   are zeros written for empty lists.
//! - A `bench sweep` summary is a list of runs; `run_number` tells repeated runs apart.
//! - `--metadata` values arrive as strings (`"input_len": "1000"`) and are read as numbers.
//! - `--save-detailed` keeps index-aligned arrays over every request (`ttfts`, `itls`,
//!   `latencies`, `output_lens`, `start_times`, `errors`): the run's requests. Its
//!   percentiles are numpy's over the completed ones, so the requests give every figure again.

use serde_json::Value;

use crate::core::basics::stats::percentile;
use crate::core::import::reading::json::{at, count, level, mean_per_request, measured, number, rate};
use crate::core::import::reading::requests::{from_arrays, with_requests, EVERY_FIGURE};
use crate::core::import::{Length, Run};

/// Whether a document is a vLLM result: its throughput or its TTFT summary (a result
/// stripped of its counts and throughputs keeps its latencies), and none of SGLang's keys.
pub(in crate::core::import) fn detect(doc: &Value) -> bool {
    let summary = doc.get("output_throughput").is_some() || ["p99_ttft_ms", "median_ttft_ms"].iter().any(|k| doc.get(*k).is_some());
    summary
        && (doc.get("num_prompts").is_some() || doc.get("model_id").is_some())
        && !super::sglang::SGLANG_ONLY.iter().any(|k| doc.get(*k).is_some())
}

/// What a result stripped of its counts and throughputs lacks, in words: its latencies are
/// imported and these figures are not measured.
fn stripped(doc: &Value) -> Option<String> {
    let missing: Vec<&str> =
        ["completed", "output_throughput", "duration"].into_iter().filter(|k| doc.get(*k).is_none_or(Value::is_null)).collect();
    (!missing.is_empty()).then(|| {
        format!(
            "the result records no {}: only what it does record is imported (its latencies), the rest is not measured",
            missing.join(", ")
        )
    })
}

fn length(doc: &Value, keys: [&'static str; 3]) -> Option<Length> {
    keys.into_iter().find_map(|key| count(doc, &[key]).map(|tokens| Length::nominal(tokens, key)))
}

/// The run in one result object.
pub(in crate::core::import) fn run(doc: &Value, entry: String) -> Run {
    let ms = |key: &str| measured(doc, &[key]);
    let p50 = |name: &str| ms(&format!("p50_{name}_ms")).or_else(|| ms(&format!("median_{name}_ms")));
    let cap = level(number(doc, &["max_concurrency"]));
    let rate = rate(doc, &["request_rate"]);
    // A finite rate with a cap is a rate cell that keeps its cap; an infinite rate (or none)
    // under a cap is the cap's concurrency cell.
    let (conc, conc_cap) = match (cap, rate) {
        (Some(c), Some(r)) if r.is_finite() => (None, Some(c)),
        (c, _) => (c, None),
    };
    let no_conc = (conc.is_none() && rate.is_none()).then(|| match at(doc, &["request_rate"]) {
        Some(rate) => format!("max_concurrency is null (unbounded) and the request rate {rate} is not a rate"),
        None => "max_concurrency is null (unbounded) and no request rate is recorded".to_owned(),
    });
    let errors_list: Option<Vec<bool>> =
        doc.get("errors").and_then(Value::as_array).map(|e| e.iter().map(|x| x.as_str().is_some_and(|s| !s.is_empty())).collect());
    let output_lens: Option<Vec<f64>> =
        doc.get("output_lens").and_then(Value::as_array).map(|l| l.iter().filter_map(Value::as_f64).collect());
    let latencies: Option<Vec<f64>> = doc.get("latencies").and_then(Value::as_array).map(|l| l.iter().filter_map(Value::as_f64).collect());
    // A failed request has an error text, or (the text can be empty) no output and no latency.
    let failed = |i: usize| {
        errors_list.as_ref().and_then(|e| e.get(i).copied()).unwrap_or(false)
            || (output_lens.as_ref().and_then(|o| o.get(i)) == Some(&0.0)
                && latencies.as_ref().and_then(|l| l.get(i)).is_none_or(|l| *l == 0.0))
    };
    let successful = |values: &Option<Vec<f64>>| -> Option<Vec<f64>> {
        values.as_ref().map(|v| v.iter().enumerate().filter(|(i, _)| !failed(*i)).map(|(_, x)| *x).collect())
    };
    let errors = number(doc, &["failed"])
        .or_else(|| errors_list.as_ref().map(|e| e.iter().filter(|x| **x).count() as f64))
        .or_else(|| Some(number(doc, &["num_prompts"])? - number(doc, &["completed"])?));
    let e2e_from_latencies = successful(&latencies).filter(|l| !l.is_empty()).map(|l| {
        let ms: Vec<f64> = l.iter().filter(|v| **v > 0.0).map(|v| v * 1000.0).collect();
        (percentile(&ms, 50.0), percentile(&ms, 99.0))
    });
    let e2e = match (p50("e2el"), ms("p99_e2el_ms")) {
        (None, None) => e2e_from_latencies.unwrap_or_default(),
        stated => stated,
    };
    let run = Run {
        entry,
        conc,
        no_conc,
        rate,
        conc_cap,
        sent: number(doc, &["num_prompts"]),
        trial: number(doc, &["run_number"]).filter(|t| *t >= 0.0 && t.fract() == 0.0).map(|t| t as u32),
        req_s_achieved: measured(doc, &["request_throughput"]),
        labels: labels(doc),
        gpus: recorded_gpus(doc),
        hardware: ["hardware", "gpu"].iter().find_map(|k| doc.get(*k)?.as_str()).map(str::to_owned),
        model: doc.get("model_id").and_then(Value::as_str).map(str::to_owned),
        isl: length(doc, ["random_input_len", "input_len", "isl"]),
        osl: length(doc, ["random_output_len", "output_len", "osl"]),
        n: number(doc, &["completed"]),
        errors,
        isl_mean: mean_per_request(doc, "total_input_tokens", "completed"),
        osl_mean: mean_per_request(doc, "total_output_tokens", "completed"),
        wall_s: measured(doc, &["duration"]),
        // `short` needs what each request asked for, which vLLM does not record (its random
        // dataset draws lengths around the nominal one): not measured, never a guess.
        output_lengths: None,
        out_tok_s: measured(doc, &["output_throughput"]),
        ttft: (p50("ttft"), ms("p99_ttft_ms")),
        tpot: (p50("tpot"), ms("p99_tpot_ms")),
        itl: (p50("itl"), ms("p99_itl_ms")),
        e2e,
        date: doc.get("date").and_then(Value::as_str).and_then(date_of_stamp),
        caveat: stripped(doc),
        method: burstiness(doc),
        ..Run::default()
    };
    with_requests(run, from_arrays(doc), EVERY_FIGURE)
}

/// Arrivals other than Poisson, for the method text: `--burstiness` is the shape of the gamma
/// distribution of the gaps between requests (1 is Poisson; lower is burstier).
fn burstiness(doc: &Value) -> Option<String> {
    let b = number(doc, &["burstiness"]).filter(|b| *b != 1.0)?;
    let rate = rate(doc, &["request_rate"]).filter(|r| r.is_finite())?;
    Some(format!(
        "requests sent at {} req/s with burstiness {} (gamma-distributed gaps; 1 is Poisson, lower is burstier)",
        crate::core::basics::format::as_written(rate),
        crate::core::basics::format::as_written(b)
    ))
}

/// The string values vLLM itself does not write: `--metadata` labels (numbers written as
/// strings, such as `"input_len": "1000"`, are read as numbers, not labels).
fn labels(doc: &Value) -> Vec<(String, String)> {
    const OWN: [&str; 8] = ["date", "endpoint_type", "backend", "label", "model_id", "tokenizer_id", "request_rate", "burstiness"];
    let Some(map) = doc.as_object() else { return Vec::new() };
    map.iter()
        .filter(|(k, _)| !OWN.contains(&k.as_str()))
        .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_owned())))
        .filter(|(_, v)| v.trim().parse::<f64>().is_err())
        .collect()
}

/// The GPUs a `--metadata` key records: `gpus=2` (a count), or `gpu=4xNVIDIA_L40S` (a
/// count before an `x`); `None` for anything else (a model name alone says no count).
fn recorded_gpus(doc: &Value) -> Option<(u32, &'static str)> {
    let count = |text: &str| text.trim().parse::<u32>().ok().filter(|n| *n >= 1);
    let gpus = |v: Option<&Value>| match v {
        Some(Value::String(t)) => count(t),
        Some(Value::Number(n)) => n.as_u64().and_then(|n| u32::try_from(n).ok()).filter(|n| *n >= 1),
        _ => None,
    };
    let product = |v: Option<&Value>| {
        let (n, _) = v?.as_str()?.split_once(['x', 'X'])?;
        count(n)
    };
    // At the top level as `vllm bench serve --metadata` writes them, or in a `metadata`
    // object as some harnesses nest them.
    gpus(doc.get("gpus"))
        .map(|n| (n, "its --metadata gpus"))
        .or_else(|| Some((product(doc.get("gpu"))?, "its --metadata gpu")))
        .or_else(|| Some((gpus(at(doc, &["metadata", "gpus"]))?, "its metadata.gpus")))
        .or_else(|| Some((product(at(doc, &["metadata", "gpu"]))?, "its metadata.gpu")))
}

/// `20261030-010342` → `2026-10-30`.
fn date_of_stamp(stamp: &str) -> Option<String> {
    let digits = stamp.get(..8)?;
    digits.bytes().all(|b| b.is_ascii_digit()).then(|| format!("{}-{}-{}", &digits[..4], &digits[4..6], &digits[6..8]))
}
