//! GenAI-Perf's per-request export (`profile_export.json`) beside its summary: a
//! non-streaming run's requests complete (E2E from their one response, TTFT not measured, as
//! the summary has it), an older summary that records no request count joins its requests by
//! their request throughput, and otherwise the publisher's word joins them, said.

use std::path::Path;

use serde_json::{json, Value};

use crate::common::cli::{cell, import, out_dir, results, verify_all, FIXTURES};

/// The 20 requests' E2E in 0.1 ms, ascending: numpy's p50 7,990 and p99 8,105.5 ms, the
/// non-streaming fixture summary's.
const E2E_TENTHS: [u64; 20] = [
    79000, 79100, 79200, 79300, 79400, 79500, 79600, 79700, 79800, 79850, 79950, 80000, 80100, 80200, 80300, 80400, 80500, 80600, 80974,
    81074,
];

/// A non-streaming raw export of 20 requests at concurrency 16 spanning `span_s` (40 s is the
/// summary's 0.5 req/s): sent at even steps, each answered once with the whole chat response.
fn raw_export(span_s: f64) -> Value {
    let t0: u64 = 1_793_323_700_000_000_000;
    let step = ((span_s * 1e9) as u64 - E2E_TENTHS[19] * 100_000) / 19;
    let requests: Vec<Value> = (0..20u64)
        .map(|i| {
            let sent = t0 + i * step;
            let e2e_ns = E2E_TENTHS[i as usize] * 100_000;
            json!({
                "timestamp": sent,
                "request_inputs": { "payload": "{\"messages\": [{\"role\": \"user\", \"content\": \"hi\"}], \"stream\": false}" },
                "response_timestamps": [sent + e2e_ns],
                "response_outputs": [{ "response": "{\"id\": \"c\", \"object\": \"chat.completion\", \"choices\": [{\"index\": 0, \"message\": {\"role\": \"assistant\", \"content\": \"The quick brown fox\"}}]}" }]
            })
        })
        .collect();
    json!({ "service_kind": "openai", "endpoint": "v1/chat/completions", "version": "0.0.8",
            "experiments": [{ "experiment": { "mode": "concurrency", "value": 16 }, "requests": requests }] })
}

/// Write the raw export (and a summary, from the non-streaming fixture, with or without its
/// request count) into a folder of their own; their paths.
fn files(name: &str, span_s: f64, count: bool) -> (std::path::PathBuf, String, String) {
    let dir = out_dir(name);
    std::fs::create_dir_all(dir.join("in")).expect("a folder");
    let raw = dir.join("in/profile_export.json");
    std::fs::write(&raw, serde_json::to_vec(&raw_export(span_s)).expect("JSON")).expect("written");
    let mut summary: Value = serde_json::from_slice(
        &std::fs::read(Path::new(FIXTURES).join("genai-perf/non-streaming/profile_export_genai_perf.json")).expect("fixture"),
    )
    .expect("JSON");
    if !count {
        summary.as_object_mut().expect("an object").remove("request_count");
    }
    let path = dir.join("in/profile_export_genai_perf.json");
    std::fs::write(&path, serde_json::to_vec(&summary).expect("JSON")).expect("written");
    (dir.clone(), raw.to_str().expect("UTF-8").to_owned(), path.to_str().expect("UTF-8").to_owned())
}

fn args<'a>(out: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["--out", out, "--title", "T", "--date", "2026-12-01", "--engine", "t", "--label", "T", "--gpus", "2"];
    args.extend_from_slice(more);
    args
}

#[test]
fn a_non_streaming_per_request_export_completes_its_requests_alone_and_beside_its_summary() {
    let (dir, raw, summary) = files("genai-perf-non-streaming", 40.0, true);
    let out = dir.join("alone");
    let (code, _, stderr) = import(&args(out.to_str().expect("UTF-8"), &["--isl", "2048", "--osl", "256", &raw]));
    assert_eq!(code, 0, "{stderr}");
    let doc = results(&out);
    let c = cell(&doc, (2048, 256), "t", 16);
    assert_eq!((c["n"].as_f64(), c.get("ttft_p50_ms"), c["e2e_p50_ms"].as_f64()), (Some(20.0), None, Some(7990.0)), "{c}");
    verify_all(&out);
    // Beside its summary: one run, the summary's figures and the requests' rows.
    let out = dir.join("pair");
    let (code, stdout, stderr) = import(&args(out.to_str().expect("UTF-8"), &[&summary, &raw]));
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("1 paired with the summary beside it"), "{stdout}");
    let c = cell(&results(&out), (2048, 256), "t", 16).clone();
    assert_eq!((c["n"].as_f64(), c["requests"].as_f64(), c.get("ttft_p50_ms")), (Some(20.0), Some(20.0), None));
    verify_all(&out);
}

#[test]
fn a_summary_without_a_request_count_joins_its_requests_by_their_throughput_or_on_the_publishers_word() {
    // 20 requests over 40 s: the summary's 0.5 req/s.
    let (dir, raw, summary) = files("genai-perf-no-count", 40.0, false);
    let out = dir.join("joined");
    let (code, stdout, stderr) = import(&args(out.to_str().expect("UTF-8"), &[&summary, &raw]));
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("1 paired with the summary beside it"), "{stdout}");
    verify_all(&out);
    // Over 30 s they are not the same run by their figures: refused, naming the flag.
    let (dir, raw, summary) = files("genai-perf-no-count-far", 30.0, false);
    let out = dir.join("refused");
    let (code, _, stderr) = import(&args(out.to_str().expect("UTF-8"), &[&summary, &raw]));
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("join them on your word (--same-run)"), "{stderr}");
    let out = dir.join("on-word");
    let (code, _, stderr) = import(&args(out.to_str().expect("UTF-8"), &["--same-run", &summary, &raw]));
    assert_eq!(code, 0, "{stderr}");
    let doc = results(&out);
    let method = doc["serving"]["selection"].as_str().expect("method");
    assert!(method.contains("requests joined to this summary on the publisher's word (--same-run)"), "{method}");
}
