//! What each request did, as the tools record it: the readers every tool's module shares
//! (index-aligned arrays, a time in the unit the file names), a run's figures computed from
//! its requests when a file holds nothing else, and which figures the requests reproduce.

use serde_json::Value;

use crate::core::import::Run;
use crate::core::measures::requests::{span_s, summary_of, Request, Status};

/// Which of a run's figures its requests give again (numpy's linear percentile over the
/// completed requests), and why the others do not — written into the sweep line, so the
/// verification checks exactly these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RequestsRule {
    /// Cell fields recomputed from the requests.
    pub reproduce: &'static [&'static str],
    /// Why the run's other figures are not recomputed from them.
    pub why_not: Option<&'static str>,
}

/// Every count and percentile: the tool computes them with numpy from these same requests.
pub(in crate::core::import) const EVERY_FIGURE: RequestsRule = RequestsRule {
    reproduce: &["n", "errors", "ttft_p50_ms", "ttft_p99_ms", "tpot_p50_ms", "tpot_p99_ms", "e2e_p50_ms", "e2e_p99_ms"],
    why_not: None,
};

/// A run's requests as read.
#[derive(Clone, Debug, PartialEq)]
pub struct RunRequests {
    /// One per request, in the tool's order.
    pub list: Vec<Request>,
    /// The requests the run made, when the tool listed only a sample of them.
    pub sampled_from: Option<usize>,
    /// What they reproduce.
    pub rule: RequestsRule,
    /// The file and entry they were read from, when not the run's own (a summary given with
    /// its per-request file).
    pub file: Option<(String, String)>,
}

/// A time in ms from a value in `unit` (`ms`, `s`/`sec`, `us`, `ns`); `None` for another unit.
pub(in crate::core::import) fn to_ms(value: f64, unit: &str) -> Option<f64> {
    let scale = match unit {
        "ms" => 1.0,
        "s" | "sec" | "seconds" => 1000.0,
        "us" => 0.001,
        "ns" => 1e-6,
        _ => return None,
    };
    Some(value * scale)
}

/// A list at `key` of `doc`, each entry mapped (`None` entries kept as `None`).
pub(in crate::core::import) fn column<T>(doc: &Value, key: &str, read: impl Fn(&Value) -> Option<T>) -> Option<Vec<Option<T>>> {
    doc.get(key)?.as_array().map(|items| items.iter().map(&read).collect())
}

/// Index-aligned arrays over every request of a run (vLLM `--save-detailed`, SGLang
/// `--output-details`): `ttfts` (s), `itls` (s, a list per request), `latencies` (s, when
/// written; else TTFT + Σ ITL), `input_lens`, `output_lens`, `start_times` (s) and `errors`
/// (`""` = completed). A failed request is one with an error text, or — vLLM's text can be
/// empty — with no output and no time to first token. `None` when the file keeps no
/// `ttfts`; `Err` when its lists disagree in length.
pub(in crate::core::import) fn from_arrays(doc: &Value) -> Option<Result<Vec<Request>, String>> {
    let ttfts = column(doc, "ttfts", Value::as_f64)?;
    // Σ ITL of a request, when it lists its gaps (an abridged list is no sum).
    let itls = column(doc, "itls", |v| {
        v.as_array().filter(|gaps| !gaps.is_empty()).map(|gaps| gaps.iter().filter_map(Value::as_f64).sum::<f64>())
    });
    let latencies = column(doc, "latencies", Value::as_f64);
    let inputs = column(doc, "input_lens", Value::as_u64);
    let outputs = column(doc, "output_lens", Value::as_u64);
    let starts = column(doc, "start_times", Value::as_f64);
    let errors = column(doc, "errors", |v| v.as_str().map(str::to_owned));
    let n = ttfts.len();
    let lengths = [
        ("itls", itls.as_ref().map(Vec::len)),
        ("latencies", latencies.as_ref().map(Vec::len)),
        ("input_lens", inputs.as_ref().map(Vec::len)),
        ("output_lens", outputs.as_ref().map(Vec::len)),
        ("start_times", starts.as_ref().map(Vec::len)),
        ("errors", errors.as_ref().map(Vec::len)),
    ];
    if let Some((name, len)) = lengths.iter().find_map(|(name, len)| len.filter(|l| *l != n).map(|l| (name, l))) {
        return Some(Err(format!("its per-request lists disagree in length (ttfts {n}, {name} {len})")));
    }
    let at = |list: &Option<Vec<Option<f64>>>, i: usize| list.as_ref().and_then(|l| l[i]);
    let list = (0..n)
        .map(|i| {
            let error = errors.as_ref().and_then(|e| e[i].clone()).filter(|e| !e.is_empty());
            let output = outputs.as_ref().and_then(|o| o[i]);
            let ttft = ttfts[i].filter(|t| *t > 0.0);
            let start = at(&starts, i);
            let input = inputs.as_ref().and_then(|o| o[i]);
            if error.is_some() || (output == Some(0) && ttft.is_none()) {
                return Request::not_completed(start, input, Status::Failed, error);
            }
            // A one-token answer has no gap: its E2E is its TTFT.
            let gaps = at(&itls, i).or_else(|| (output == Some(1)).then_some(0.0));
            let e2e = at(&latencies, i).filter(|l| *l > 0.0).or_else(|| Some(ttft? + gaps?));
            Request::completed(start, ttft.map(|t| t * 1000.0), e2e.map(|s| s * 1000.0), input, output)
        })
        .collect();
    Some(Ok(list))
}

/// A run whose file holds only its requests: its counts and percentiles computed from them
/// (`summarize`'s rule), and — where the requests record when they were sent — its wall
/// time as their span and its output throughput as their tokens over it.
pub(in crate::core::import) fn run_of_requests(entry: String, list: Vec<Request>, rule: RequestsRule, tool_words: &str) -> Run {
    let summary = summary_of(&list);
    let nan = |v: Option<f64>| v.unwrap_or(f64::NAN);
    let span = span_s(list.iter().map(|r| (r.status, nan(r.start_s), nan(r.e2e_ms))));
    // The first completed request (AIPerf's min_request_timestamp counts those alone).
    let first = list.iter().filter(|r| r.status == Status::Ok).filter_map(|r| r.start_s).fold(f64::INFINITY, f64::min);
    let tokens: Option<f64> = list.iter().filter(|r| r.status == Status::Ok).map(|r| r.output_tokens.map(|t| t as f64)).sum();
    let caveat = match span {
        Some(_) => format!("{tool_words}: counts and percentiles computed from the requests (numpy's linear rule), TPOT per request as (E2E − TTFT) ÷ (output − 1); wall time the span from the first completed request sent to the last answered, output throughput the completed requests' output tokens over it"),
        None => format!("{tool_words}: counts and percentiles computed from the requests (numpy's linear rule), TPOT per request as (E2E − TTFT) ÷ (output − 1); no request records when it was sent, so no wall time and no throughput"),
    };
    let completed_mean = |f: fn(&Request) -> Option<u64>| {
        let counts: Vec<f64> = list.iter().filter(|r| r.status == Status::Ok).filter_map(|r| f(r).map(|t| t as f64)).collect();
        (!counts.is_empty()).then(|| counts.iter().sum::<f64>() / counts.len() as f64)
    };
    Run {
        entry,
        isl_mean: completed_mean(|r| r.input_tokens),
        osl_mean: completed_mean(|r| r.output_tokens),
        n: Some(summary.n),
        errors: Some(summary.errors),
        ttft: summary.ttft,
        tpot: summary.tpot,
        e2e: summary.e2e,
        wall_s: span,
        out_tok_s: span.zip(tokens).map(|(s, t)| t / s),
        req_s_achieved: span.filter(|s| *s > 0.0).map(|s| summary.n / s),
        first_request_s: first.is_finite().then_some(first),
        // Epoch seconds (AIPerf, GenAI-Perf, LLMPerf's fork) give the run's date; a monotonic
        // clock (vLLM's perf_counter) starts near boot, far before 2001.
        date: first.is_finite().then_some(first).filter(|s| *s >= 1e9).and_then(super::json::date_of_epoch),
        caveat: Some(caveat),
        from_requests: true,
        requests: Some(RunRequests { list, sampled_from: None, rule, file: None }),
        ..Run::default()
    }
}

/// Keep a run's requests only when they are every request it counts (completed and failed):
/// lists the file holds for a part of the run are said and left out, never half kept.
pub(in crate::core::import) fn if_complete(run: &Run, list: Vec<Request>) -> Result<Vec<Request>, String> {
    let ok = list.iter().filter(|r| r.status == Status::Ok).count() as f64;
    let failed = list.iter().filter(|r| r.status == Status::Failed).count() as f64;
    match (run.n, run.errors) {
        (Some(n), errors) if n != ok || errors.is_some_and(|e| e != failed) => Err(format!(
            "its per-request lists hold {} requests ({ok} completed, {failed} failed) but the run counts {n} completed{}: the requests are not kept",
            list.len(),
            errors.map(|e| format!(" and {e} failed")).unwrap_or_default()
        )),
        _ => Ok(list),
    }
}

/// A run with the requests its file lists, when they are every request it counts; a list
/// that cannot be kept is said in the run's caveat.
pub(in crate::core::import) fn with_requests(mut run: Run, found: Option<Result<Vec<Request>, String>>, rule: RequestsRule) -> Run {
    let kept = match found {
        None => return run,
        Some(found) => found.and_then(|list| if_complete(&run, list)),
    };
    match kept {
        Ok(list) if !list.is_empty() => run.requests = Some(RunRequests { list, sampled_from: None, rule, file: None }),
        Ok(_) => {}
        Err(why) => {
            let caveat = run.caveat.take().map(|c| format!("{c}; ")).unwrap_or_default();
            run.caveat = Some(format!("{caveat}{why}"));
        }
    }
    run
}
