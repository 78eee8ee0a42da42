//! GuideLLM `benchmarks.json` (v0.3 to v0.7 layouts): one run per benchmark entry. v0.3
//! keeps `request_totals` beside `metrics`, and its distributions carry a `median` beside
//! percentiles that have no `p50` (and a `cumulative_distribution_function`).
//! - Figures come from each metric's `successful` distribution; `total` mixes in errored
//!   and incomplete requests whose latencies were written as 0. A distribution with
//!   `count == 0` is empty: not measured.
//! - `inter_token_latency_ms` is TPOT ((last − first token) ÷ (output − 1));
//!   `time_per_output_token_ms` includes TTFT and is not read. Chunk ITL is not recorded.
//! - `request_latency` is in seconds.
//! - Concurrency from the strategy: synchronous → 1, concurrent → `streams`; constant and
//!   poisson offer `rate` req/s (rate cells); throughput has neither (skipped, and said).
//! - Nominal lengths: v0.7 `config.spec.data[*]`, v0.4–v0.6 `args.data`, as objects or as
//!   the emulated spec's strings (`"prompt_tokens=512,output_tokens=128"`,
//!   `"{'prompt_tokens': 256, 'output_tokens': 256}"`).
//! - `requests.{successful, errored, incomplete}` list what each request did (errored ones
//!   failed; incomplete ones were cut off at the window's end) — a reservoir sample when
//!   `sample_size` is set, and warm-up and cool-down requests included, which are left out.
//! - `benchmarks.yaml` is the same tree (PyYAML, keys sorted): read through `yaml`.

use serde_json::Value;

use crate::core::import::reading::json::{at, count, date_of_epoch, number, positive};
use crate::core::import::reading::requests::{RequestsRule, RunRequests};
use crate::core::import::{Length, Run};
use crate::core::measures::requests::{Request, Status};

/// Whether a document is a GuideLLM report.
pub(in crate::core::import) fn detect(doc: &Value) -> bool {
    doc.get("benchmarks").and_then(Value::as_array).and_then(|b| b.first()).is_some_and(|b| {
        b.get("type_").and_then(Value::as_str) == Some("generative_benchmark")
            || at(b, &["metrics", "request_totals"]).is_some()
            || (b.get("request_totals").is_some() && b.get("metrics").is_some())
    })
}

/// The number after `key` in a text such as `{'prompt_tokens': 256}` or `prompt_tokens=256`.
fn number_after(text: &str, key: &str) -> Option<u64> {
    let at = text.find(key)? + key.len();
    let rest = text[at..].trim_start_matches(|c: char| c == '\'' || c == '"' || c == ':' || c == '=' || c.is_whitespace());
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok().filter(|n| *n >= 1)
}

/// The nominal lengths the report's data source names, when it names one of each.
fn nominal(doc: &Value, key: &'static str) -> Option<Length> {
    // One data source, written as an object ({"prompt_tokens": 512}) or as the emulated
    // spec's string ("prompt_tokens=512,output_tokens=128", or a Python dict's repr).
    let one = |data: &Value| match data {
        Value::Array(items) if items.len() == 1 => {
            items[0].as_str().and_then(|s| number_after(s, key)).or_else(|| count(&items[0], &[key]))
        }
        Value::String(s) => number_after(s, key),
        Value::Object(_) => count(data, &[key]),
        _ => None,
    };
    let from_spec = at(doc, &["config", "spec", "data"]).and_then(one);
    let from_args = || at(doc, &["args", "data"]).and_then(one);
    // v0.3's reports keep it per benchmark, in its request loader.
    let from_loader = || {
        let first = doc.get("benchmarks").and_then(Value::as_array)?.first()?;
        at(first, &["request_loader", "data"]).and_then(one)
    };
    from_spec.or_else(from_args).or_else(from_loader).map(|tokens| Length::nominal(tokens, key))
}

/// A figure of the successful requests' distribution: `stat` is `median`, `mean` or a
/// percentile key (`p99`). Empty distributions and 0 are not measured.
fn successful(metrics: &Value, name: &str, stat: &str) -> Option<f64> {
    let dist = at(metrics, &[name, "successful"])?;
    if number(dist, &["count"]).is_some_and(|c| c == 0.0) {
        return None;
    }
    let value = if stat.starts_with('p') { number(dist, &["percentiles", stat]) } else { number(dist, &[stat]) };
    value.filter(|v| *v != 0.0)
}

/// A rate strategy that opens with a burst (`initial_burst`), for the method text: its first
/// requests were not sent at the rate.
fn initial_burst(strategy: &Value, kind: &str) -> Option<String> {
    let burst = strategy.get("initial_burst").and_then(Value::as_bool).filter(|b| *b)?;
    burst.then(|| format!("GuideLLM's {kind} strategy opened with an initial burst of requests before sending at its rate"))
}

/// Every benchmark of the report.
pub(in crate::core::import) fn runs(doc: &Value) -> Vec<Run> {
    let (isl, osl) = (nominal(doc, "prompt_tokens"), nominal(doc, "output_tokens"));
    let benchmarks = doc.get("benchmarks").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]);
    benchmarks
        .iter()
        .enumerate()
        .map(|(k, b)| {
            let metrics = b.get("metrics").unwrap_or(&Value::Null);
            let strategy = at(b, &["config", "strategy"]).or_else(|| at(b, &["args", "strategy"])).unwrap_or(&Value::Null);
            let kind = strategy.get("type_").and_then(Value::as_str).unwrap_or("unknown");
            let conc = match kind {
                "synchronous" => Some(1),
                "concurrent" => count(strategy, &["streams"]).map(|s| s as u32),
                _ => None,
            };
            // Constant and Poisson strategies offer a rate: rate cells. A throughput strategy
            // sends as fast as it can, neither a rate nor a concurrency: skipped, and said.
            let rate = matches!(kind, "constant" | "poisson").then(|| number(strategy, &["rate"])).flatten().filter(|r| *r > 0.0);
            let no_conc = (conc.is_none() && rate.is_none()).then(|| format!("a {kind} strategy has no fixed concurrency or request rate"));
            let conc_cap = rate.and(count(strategy, &["max_concurrency"])).map(|c| c as u32).filter(|c| *c >= 1);
            let ms_of_s = |stat: &str| successful(metrics, "request_latency", stat).map(|s| s * 1000.0);
            let start = number(b, &["start_time"]);
            // v0.3 keeps request_totals beside metrics, v0.4+ inside it.
            let totals = |key: &str| number(metrics, &["request_totals", key]).or_else(|| number(b, &["request_totals", key]));
            let n = totals("successful");
            // Output lengths count only when every successful request is listed (not sampled).
            let listed: Option<Vec<f64>> = at(b, &["requests", "successful"])
                .and_then(Value::as_array)
                .map(|l| l.iter().filter_map(|r| number(r, &["output_tokens"])).collect());
            let run = Run {
                entry: format!("benchmarks[{k}]"),
                conc,
                no_conc,
                rate,
                conc_cap,
                conc_achieved: successful(metrics, "request_concurrency", "mean"),
                req_s_achieved: successful(metrics, "requests_per_second", "mean"),
                isl,
                osl,
                n,
                isl_mean: successful(metrics, "prompt_token_count", "mean"),
                osl_mean: successful(metrics, "output_token_count", "mean"),
                output_lengths: listed.filter(|l| !l.is_empty() && Some(l.len() as f64) == n),
                errors: totals("errored"),
                wall_s: number(b, &["duration"]).filter(|d| *d > 0.0),
                t_start: start,
                t_end: number(b, &["end_time"]),
                out_tok_s: successful(metrics, "output_tokens_per_second", "mean"),
                ttft: (successful(metrics, "time_to_first_token_ms", "median"), successful(metrics, "time_to_first_token_ms", "p99")),
                tpot: (successful(metrics, "inter_token_latency_ms", "median"), successful(metrics, "inter_token_latency_ms", "p99")),
                e2e: (ms_of_s("median"), ms_of_s("p99")),
                date: start.and_then(date_of_epoch),
                method: initial_burst(strategy, kind),
                // The model the backend served: the worker's (v0.3–v0.4), or the run's spec (v0.7+).
                model: at(b, &["worker", "backend_model"])
                    .or_else(|| at(b, &["config", "backend", "model"]))
                    .or_else(|| at(doc, &["config", "spec", "backend", "model"]))
                    .and_then(Value::as_str)
                    .map(str::to_owned),
                ..Run::default()
            };
            with_listed_requests(run, b, [totals("successful"), totals("errored"), totals("incomplete")])
        })
        .collect()
}

/// When a listed request was sent and answered, epoch s: `request_start_time` (v0.5+),
/// `start_time` (v0.3–v0.4's request stats), or its `info.timings`.
fn started(r: &Value) -> Option<f64> {
    number(r, &["request_start_time"]).or_else(|| number(r, &["start_time"])).or_else(|| number(r, &["info", "timings", "request_start"]))
}

fn ended(r: &Value) -> Option<f64> {
    number(r, &["request_end_time"]).or_else(|| number(r, &["end_time"])).or_else(|| number(r, &["info", "timings", "request_end"]))
}

/// One listed request: its start (epoch s), latency (s), TTFT (ms) and token counts.
fn listed(r: &Value, status: Status) -> Request {
    let start = started(r);
    let input = number(r, &["prompt_tokens"]).map(|t| t as u64);
    if status != Status::Ok {
        let error = at(r, &["info", "error"]).or_else(|| r.get("error")).and_then(Value::as_str).map(str::to_owned);
        return Request::not_completed(start, input, status, error);
    }
    let e2e = number(r, &["request_latency"]).filter(|s| *s > 0.0).map(|s| s * 1000.0);
    let ttft = positive(number(r, &["time_to_first_token_ms"]));
    Request::completed(start, ttft, e2e, input, number(r, &["output_tokens"]).map(|t| t as u64))
}

/// A benchmark with the requests it lists (`requests.successful`, `errored`,
/// `incomplete`). The lists also hold the warm-up and cool-down requests, which the
/// benchmark's counts leave out: only those inside its measurement window are kept. Lists
/// shorter than the counts are a sample (GuideLLM's `sample_size`), said so; longer ones
/// disagree with the file and are left out, said so.
fn with_listed_requests(mut run: Run, benchmark: &Value, totals: [Option<f64>; 3]) -> Run {
    let window = (
        number(benchmark, &["scheduler_metrics", "measure_start_time"]).or_else(|| number(benchmark, &["start_time"])),
        number(benchmark, &["scheduler_metrics", "measure_end_time"]).or_else(|| number(benchmark, &["end_time"])),
    );
    let inside = |r: &Value| {
        let (start, end) = (started(r), ended(r));
        window.0.zip(end).is_none_or(|(from, end)| end >= from) && window.1.zip(start).is_none_or(|(to, start)| start <= to)
    };
    let lists = [("successful", Status::Ok), ("errored", Status::Failed), ("incomplete", Status::Cancelled)];
    let mut list = Vec::new();
    let mut counts = [0usize; 3];
    for (k, (key, status)) in lists.into_iter().enumerate() {
        if let Some(items) = at(benchmark, &["requests", key]).and_then(Value::as_array) {
            let kept: Vec<&Value> = items.iter().filter(|r| r.is_object() && inside(r)).collect();
            counts[k] = kept.len();
            list.extend(kept.into_iter().map(|r| listed(r, status)));
        }
    }
    if list.is_empty() {
        return run;
    }
    if let Some(k) = (0..3).find(|&k| totals[k].is_some_and(|t| counts[k] as f64 > t)) {
        let caveat = run.caveat.take().map(|c| format!("{c}; ")).unwrap_or_default();
        run.caveat = Some(format!(
            "{caveat}its requests.{} lists {} requests inside the measurement window but its metrics count {}: the requests are not kept",
            lists[k].0,
            counts[k],
            totals[k].unwrap_or_default()
        ));
        return run;
    }
    let ran: Option<f64> = totals.iter().copied().sum();
    let sampled_from = ran.filter(|t| *t as usize > list.len()).map(|t| t as usize);
    if let Some(ran) = sampled_from {
        let caveat = run.caveat.take().map(|c| format!("{c}; ")).unwrap_or_default();
        run.caveat = Some(format!("{caveat}GuideLLM listed a sample of the requests ({} of {ran}): goodput rates need every request, so only attainment is computed from them", list.len()));
    }
    let rule = if sampled_from.is_some() { SAMPLED } else { LISTED };
    run.requests = Some(RunRequests { list, sampled_from, rule, file: None });
    run
}

/// Every request listed: the counts come again; the percentiles do not, GuideLLM's being
/// read off its own distribution summary rather than numpy's linear rule.
const LISTED: RequestsRule = RequestsRule {
    reproduce: &["n", "errors"],
    why_not: Some("GuideLLM's percentiles are read off its own distribution summary, not numpy's linear rule over the requests"),
};

/// A sample (GuideLLM's `sample_size`, `--sample-requests`): nothing comes again.
const SAMPLED: RequestsRule = RequestsRule {
    reproduce: &[],
    why_not: Some("GuideLLM listed a sample of the requests (its sample_size), which cannot reproduce its summary"),
};
