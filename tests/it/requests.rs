//! Per-request data (schema 1.3) through the command line: each tool's per-request layout
//! imported into the engine's table (its rows asserted), a per-request file paired with its
//! summary by what both record, and `servescope-verify` recomputing each run's figures from
//! its requests, deriving the rows again from the tool's file, and catching an edited row.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::cli::{cell, import, out_dir, rate_cell, results, verify_all};
use servescope::core::measures::requests::{gunzip, gzip, value, CellRequests, RequestTable, Status};

pub(crate) const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/requests/aiperf-example");

/// The table an import wrote, read.
pub(crate) fn table(dir: &Path, engine: &str) -> RequestTable {
    let bytes = std::fs::read(dir.join(format!("{engine}.requests.csv.gz"))).expect("a table");
    RequestTable::parse(&gunzip(&bytes).expect("gzip")).expect("it reads")
}

/// A column as the page would show it: `None` where not recorded.
pub(crate) fn shown(column: &[f64]) -> Vec<Option<f64>> {
    column.iter().map(|v| value(*v)).collect()
}

/// servescope-verify with these arguments: (exit code, stdout).
pub(crate) fn verify(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_servescope-verify")).args(args).output().expect("runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

pub(crate) fn only(table: &RequestTable) -> &CellRequests {
    assert_eq!(table.cells.len(), 1, "one run");
    &table.cells[0]
}

#[test]
fn vllm_save_detailed_arrays_become_the_engines_table_and_verify_recomputes_every_figure() {
    let dir = out_dir("requests-vllm");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "V",
        "--engine",
        "v",
        "--label",
        "V",
        "--gpus",
        "1",
        "--isl",
        "32",
        "--osl",
        "4",
        "vllm/detailed.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let doc = results(&dir);
    assert_eq!(doc["schemaVersion"], "1.4");
    assert_eq!(doc["serving"]["requests"], serde_json::json!([{"id": "v", "file": "v.requests.csv.gz"}]));
    assert_eq!(cell(&doc, (32, 4), "v", 2)["requests"], 3);
    // vLLM records no length asked for per request: `short` is not measured (QA F6), never
    // counted against the nominal length its random dataset draws around.
    assert!(cell(&doc, (32, 4), "v", 2).get("short").is_none(), "{}", cell(&doc, (32, 4), "v", 2));
    let t = table(&dir, "v");
    let run = only(&t);
    assert_eq!((run.workload.as_str(), run.level, run.trial), ("32x4", 2.0, None));
    assert_eq!(run.status, [Status::Ok, Status::Ok, Status::Failed]);
    assert_eq!(shown(&run.ttft_ms), [Some(92.1), Some(103.4), None], "seconds to ms; a failed request has no TTFT (vLLM wrote 0.0)");
    assert_eq!(shown(&run.e2e_ms), [Some(122.3), Some(135.1), None]);
    // (122.3 − 92.1) ÷ 3 and (135.1 − 103.4) ÷ 3, to the microsecond.
    assert_eq!(shown(&run.tpot_ms), [Some(10.067), Some(10.567), None]);
    assert_eq!(shown(&run.output_tokens), [Some(4.0), Some(4.0), None]);
    assert_eq!(run.errors, [(2, "Bad Request: prompt too long".to_owned())]);
    let (code, out) = verify(&[dir.join("results.json").to_str().expect("utf-8"), "--require-all"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("requests v.requests.csv.gz: 1 of 1 runs' figures recomputed from their requests; 1 derived again from the tool's per-request file"), "{out}");
}

#[test]
fn an_edited_request_is_caught_naming_the_cell_the_field_and_both_values() {
    let dir = out_dir("requests-tampered");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "V",
        "--engine",
        "v",
        "--label",
        "V",
        "--gpus",
        "1",
        "--isl",
        "32",
        "--osl",
        "4",
        "vllm/detailed.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    // Edit the table, and its hash in the results file to match: only the checks below can tell.
    let edit = |from: &str, to: &str| {
        let path = dir.join("v.requests.csv.gz");
        let old = std::fs::read(&path).expect("table");
        let text = String::from_utf8(gunzip(&old).expect("gzip")).expect("utf-8").replacen(from, to, 1);
        let new = gzip(text.as_bytes());
        std::fs::write(&path, &new).expect("written");
        let doc = std::fs::read_to_string(dir.join("results.json")).expect("results");
        let hex = |b: &[u8]| servescope::core::provenance::sha256_hex(b);
        std::fs::write(dir.join("results.json"), doc.replace(&hex(&old), &hex(&new))).expect("written");
        verify(&[dir.join("results.json").to_str().expect("utf-8")])
    };
    // The first request's TTFT, 92.1 ms → 92.0 ms: the cell's p50 no longer follows.
    let (code, out) = edit(",92100,", ",92000,");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("mismatch serving.workloads[0].rows[0].cells[0]: `ttft_p50_ms` is 97.75 in the sweep but its requests give 97.7"),
        "{out}"
    );
    assert!(out.contains("verdict: fail — per-request tables disagree (v.requests.csv.gz)"), "{out}");
    // Put back; then the failed request's prompt, 32 → 33 tokens: no figure moves, but the rows
    // are no longer the tool's.
    let (code, out) = edit(",92000,", ",92100,");
    assert_eq!(code, 0, "{out}");
    let (code, out) = edit(",32,,failed,", ",33,,failed,");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("mismatch serving.workloads[0].rows[0].cells[0]: its rows differ from the tool's file: row 3 (line 4): input_tokens is 33 in the table but 32 derived again"),
        "{out}"
    );
}

#[test]
fn an_aiperf_per_request_file_joins_its_summary_by_counts_and_first_request_never_by_name() {
    let dir = out_dir("requests-aiperf");
    let d = dir.to_str().expect("utf-8");
    let summary = format!("{DATA}/endpoint-profile_export_aiperf.json");
    let records = format!("{DATA}/endpoint-profile_export.jsonl");
    let base = ["--out", d, "--title", "A", "--engine", "a", "--label", "A", "--gpus", "1", "--isl", "550"];
    let with = |files: &[&str]| -> Vec<String> { base.iter().chain(files).map(|s| s.to_string()).collect() };
    let args = with(&[&records, &summary]);
    let (code, stdout, stderr) = import(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("endpoint-profile_export.jsonl: AIPerf, 1 run read, 0 placed, 1 paired with the summary beside it"),
        "{stdout}"
    );
    assert!(
        !stderr.contains("counts and percentiles computed from the requests"),
        "a paired file's standalone words are not said: {stderr}"
    );
    let doc = results(&dir);
    let c = cell(&doc, (550, 250), "a", 100);
    assert_eq!((c["n"].as_f64(), c["errors"].as_f64(), c["requests"].as_f64()), (Some(89.0), Some(11.0), Some(100.0)));
    let t = table(&dir, "a");
    let run = only(&t);
    assert_eq!((run.count(Status::Ok), run.count(Status::Failed)), (89, 11), "cancellations (code 499) are AIPerf's errors");
    assert!(run.errors.iter().all(|(_, e)| e == "499 RequestCancellationError"), "{:?}", run.errors);
    verify_all(&dir);
    // Alone, the records are a run of their own at the load the publisher gives; its figures
    // are computed from the requests and equal AIPerf's own.
    let alone = out_dir("requests-aiperf-alone");
    let a = alone.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out", a, "--title", "A", "--engine", "a", "--label", "A", "--gpus", "1", "--isl", "550", "--osl", "250", "--conc", "100",
        &records,
    ]);
    assert_eq!(code, 0, "{stderr}");
    let line = std::fs::read_to_string(alone.join("a.cells.jsonl")).expect("sweep");
    let line: serde_json::Value = serde_json::from_str(line.trim()).expect("JSON");
    let close = |k: &str, v: f64| (line[k].as_f64().expect(k) - v).abs() <= 1e-6 * v;
    assert!(
        close("ttft_p50_ms", 2369.317693) && close("ttft_p99_ms", 3833.3894000399996) && close("e2e_p99_ms", 9297.609933759999),
        "{line}"
    );
    assert!(close("wall_s", 9.317788951) && close("out_tok_s", 2320.7222350404572), "the span of the completed requests: {line}");
    verify_all(&alone);
}

#[test]
fn a_per_request_file_whose_counts_no_summary_records_is_refused_naming_both() {
    let dir = out_dir("requests-aiperf-mismatch");
    std::fs::create_dir_all(&dir).expect("dir");
    let summary = std::fs::read_to_string(format!("{DATA}/endpoint-profile_export_aiperf.json")).expect("summary");
    // Another run's summary: 88 completed, not 89.
    let other = summary.replacen("\"avg\": 89.0", "\"avg\": 88.0", 1);
    let other_path = dir.join("profile_export_aiperf.json");
    std::fs::write(&other_path, other).expect("written");
    let records = format!("{DATA}/endpoint-profile_export.jsonl");
    let out = dir.join("out");
    let (code, _, stderr) = import(&[
        "--out",
        out.to_str().expect("utf-8"),
        "--title",
        "A",
        "--engine",
        "a",
        "--label",
        "A",
        "--gpus",
        "1",
        "--isl",
        "550",
        other_path.to_str().expect("utf-8"),
        &records,
    ]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("holds the requests of a run (89 completed, 11 failed) that no summary beside it records"), "{stderr}");
    assert!(stderr.contains("profile_export_aiperf.json (88 completed, 11 failed)"), "{stderr}");
}

#[test]
fn guidellm_request_lists_keep_the_measured_window_and_say_a_sample_in_json_and_yaml_alike() {
    let mut tables = Vec::new();
    for file in ["guidellm/requests.json", "guidellm/requests.yaml"] {
        let dir = out_dir(&format!("requests-{}", file.replace(['/', '.'], "-")));
        let d = dir.to_str().expect("utf-8");
        let (code, _, stderr) = import(&["--out", d, "--title", "G", "--engine", "g", "--label", "G", "--gpus", "1", file]);
        assert_eq!(code, 0, "{file}: {stderr}");
        assert!(stderr.contains("GuideLLM listed a sample of the requests (3 of 12)"), "{stderr}");
        let doc = results(&dir);
        let full = cell(&doc, (256, 64), "g", 4);
        assert_eq!((full["requests"].as_f64(), full.get("requests_sampled")), (Some(6.0), None), "the warm-up request left out");
        let sampled = cell(&doc, (256, 64), "g", 8);
        assert_eq!((sampled["requests"].as_f64(), sampled["requests_sampled"].as_bool()), (Some(3.0), Some(true)));
        let t = table(&dir, "g");
        let run = t.cell("256x64", 4.0, None).expect("c4");
        assert_eq!(run.status, [Status::Ok, Status::Ok, Status::Ok, Status::Failed, Status::Ok, Status::Cancelled], "in the order sent");
        // 1.40 s latency, 120 ms TTFT, 64 tokens: (1400 − 120) ÷ 63; a one-token answer has no TPOT.
        assert_eq!(shown(&run.tpot_ms)[0], Some(20.317));
        assert_eq!(shown(&run.tpot_ms)[4], None);
        let (code, out) = verify(&[dir.join("results.json").to_str().expect("utf-8"), "--require-all"]);
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("not recomputed: GuideLLM listed a sample of the requests (its sample_size)"), "{out}");
        assert!(out.contains("not recomputed: GuideLLM's percentiles are read off its own distribution summary"), "{out}");
        tables.push(gunzip(&std::fs::read(dir.join("g.requests.csv.gz")).expect("table")).expect("gzip"));
    }
    assert_eq!(tables[0], tables[1], "benchmarks.yaml is the same tree as benchmarks.json");
}

#[test]
fn genai_perf_raw_timestamps_pair_with_the_summary_and_skip_chunks_without_content() {
    let dir = out_dir("requests-genai-perf");
    let d = dir.to_str().expect("utf-8");
    let (code, stdout, stderr) = import(&[
        "--out",
        d,
        "--title",
        "T",
        "--date",
        "2026-10-30",
        "--engine",
        "t",
        "--label",
        "T",
        "--gpus",
        "1",
        "genai-perf/raw/profile_export_genai_perf.json",
        "genai-perf/raw/profile_export.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("genai-perf/raw/profile_export.json: GenAI-Perf, 1 run read, 0 placed, 1 paired"), "{stdout}");
    let t = table(&dir, "t");
    let run = only(&t);
    // Role-only, reasoning-only, usage-only chunks and [DONE] carry no content.
    assert_eq!(shown(&run.ttft_ms), [Some(150.0), Some(180.0), Some(160.0)]);
    assert_eq!(shown(&run.e2e_ms), [Some(170.0), Some(230.0), Some(250.0)]);
    assert_eq!(shown(&run.tpot_ms), [None, None, None], "chunks are not tokens: no TPOT");
    let (code, out) = verify(&[dir.join("results.json").to_str().expect("utf-8"), "--require-all"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("1 of 1 runs' figures recomputed from their requests; 1 derived again"), "{out}");
}

#[test]
fn llmperf_responses_join_the_summary_that_counts_them_and_others_are_refused() {
    let dir = out_dir("requests-llmperf");
    let d = dir.to_str().expect("utf-8");
    let base = ["--out", d, "--title", "L", "--engine", "l", "--label", "L", "--gpus", "1", "--isl", "550", "--osl", "150"];
    let run = |files: &[&str]| import(&base.iter().chain(files).copied().collect::<Vec<_>>());
    let (code, _, stderr) = run(&[
        "llmperf/paired/meta-llama-Llama-3-1-8B-Instruct_550_150_summary.json",
        "llmperf/paired/meta-llama-Llama-3-1-8B-Instruct_550_150_individual_responses.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(cell(&results(&dir), (550, 150), "l", 2)["requests"], 3);
    verify_all(&dir);
    // Four completed and one failed (the other fixture) are not the summary's three.
    let (code, _, stderr) = run(&[
        "llmperf/paired/meta-llama-Llama-3-1-8B-Instruct_550_150_summary.json",
        "llmperf/meta-llama-Llama-3-1-8B-Instruct_550_150_individual_responses.json",
    ]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("(4 completed, 1 failed) that no summary beside it records"), "{stderr}");
    // Alone, at the rate the publisher gives.
    let (code, _, stderr) =
        run(&["--rate", "2", "--date", "2026-10-30", "llmperf/paired/meta-llama-Llama-3-1-8B-Instruct_550_150_individual_responses.json"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("placed at 2 req/s, the request rate given by --rate (the publisher's word, not the file's)"), "{stderr}");
    assert_eq!(rate_cell(&results(&dir), (550, 150), "l", 2.0)["n"], 3);
}
