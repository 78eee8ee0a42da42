//! vLLM: its results files, appended results, sweep summaries and runs, `--from`, and the
//! outputs of its other benchmarks, refused saying what they are.

use crate::common;

use std::path::Path;

use serde_json::Value;

use common::cli::{assert_cell, assert_cells, cell, import, out_dir, rate_cell, results, verify_all, At, ExpectedCell, FIXTURES};

/// The cells of `vllm/c1.json` and `vllm/append.json` at 2 GPUs: c1 with the E2E stats;
/// c4 with the default percentiles (no e2el stats and no latencies to derive them from, so
/// not measured); c8 whose `median_ttft_ms` 0.0 is an empty list's mean, not a measurement.
const VLLM_CELLS: &[ExpectedCell] = &[
    (
        (1024, 1024),
        "vllm",
        At::Conc(1),
        &[
            ("n", 10.0),
            ("errors", 0.0),
            ("wall_s", 41.25),
            ("out_tok_s", 124.1),
            ("user_tok_s", 251.5),
            ("gpus", 2.0),
            ("ttft_p50_ms", 51.9),
            ("ttft_p99_ms", 55.42),
            ("tpot_p50_ms", 3.976),
            ("tpot_p99_ms", 4.01),
            ("itl_p50_ms", 3.95),
            ("itl_p99_ms", 4.6),
            ("e2e_p50_ms", 4120.0),
            ("e2e_p99_ms", 4139.0),
        ],
    ),
    (
        (1024, 1024),
        "vllm",
        At::Conc(4),
        &[
            ("n", 19.0),
            ("errors", 1.0),
            ("wall_s", 22.5),
            ("out_tok_s", 432.4),
            ("user_tok_s", 222.2),
            ("gpus", 2.0),
            ("ttft_p50_ms", 86.0),
            ("ttft_p99_ms", 104.7),
            ("tpot_p50_ms", 4.5),
            ("tpot_p99_ms", 4.61),
            ("itl_p50_ms", 4.44),
            ("itl_p99_ms", 6.2),
        ],
    ),
    (
        (1024, 1024),
        "vllm",
        At::Conc(8),
        &[
            ("n", 32.0),
            ("errors", 0.0),
            ("wall_s", 30.0),
            ("out_tok_s", 546.1),
            ("user_tok_s", 145.5),
            ("gpus", 2.0),
            ("ttft_p99_ms", 190.5),
            ("tpot_p50_ms", 6.875),
            ("tpot_p99_ms", 7.2),
            ("itl_p50_ms", 6.7),
            ("itl_p99_ms", 9.9),
        ],
    ),
];

/// The cells of `vllm/summary/summary.json` and `vllm/rate-append.json`: three runs of c16
/// as one cell of their medians; 8 req/s where every request failed (throughput a measured
/// 0, no latency, the failures counted).
const VLLM_SUMMARY_CELLS: &[ExpectedCell] = &[
    (
        (1024, 512),
        "v",
        At::Conc(16),
        &[
            ("n", 200.0),
            ("errors", 0.0),
            ("wall_s", 61.0),
            ("out_tok_s", 2011.0),
            ("user_tok_s", 131.6),
            ("gpus", 1.0),
            ("ttft_p50_ms", 88.0),
            ("ttft_p99_ms", 140.0),
            ("tpot_p50_ms", 7.6),
            ("tpot_p99_ms", 8.4),
            ("itl_p50_ms", 7.5),
            ("itl_p99_ms", 11.0),
            ("e2e_p50_ms", 4000.0),
            ("e2e_p99_ms", 4300.0),
        ],
    ),
    ((1000, 500), "r", At::Rate(8.0), &[("n", 0.0), ("errors", 100.0), ("wall_s", 63.0), ("out_tok_s", 0.0), ("gpus", 1.0)]),
];

#[test]
fn vllm_results_and_appended_results_become_cells_per_gpu_with_nulls_for_what_was_not_measured() {
    let dir = out_dir("vllm");
    let d = dir.to_str().expect("utf-8");
    let (code, stdout, stderr) = import(&[
        "--out",
        d,
        "--title",
        "vLLM",
        "--engine",
        "vllm",
        "--label",
        "vLLM 0.14",
        "--gpus",
        "2",
        "--isl",
        "1024",
        "--osl",
        "1024",
        "vllm/c1.json",
        "vllm/append.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("4 cells"), "{stdout}");
    assert!(!stderr.contains("skipped"), "a rate-driven run is a rate cell now: {stderr}");
    let doc = results(&dir);
    assert_eq!(doc["schemaVersion"], "1.4", "every cell says where its load came from: schema 1.4");
    assert_eq!(doc["concurrency"], serde_json::json!([1, 4, 8]));
    // Object 3 had no max_concurrency and request_rate 4.0: a rate cell, with what was achieved.
    let rate = rate_cell(&doc, (1024, 1024), "vllm", 4.0);
    assert_eq!(rate["rate_rps"], 4);
    assert_eq!(rate["req_s_achieved"].as_f64(), Some(0.8444));
    assert!(rate.get("conc").is_none(), "{rate}");
    assert_eq!(doc["date"], "2026-10-30", "the earliest date the results record");
    assert_cells(&doc, VLLM_CELLS);
    assert_eq!(doc["serving"]["powerUnit"], "not measured: the tools imported here record no GPU power");
    assert!(doc["serving"]["userUnit"].as_str().is_some_and(|t| t.contains("1000 ÷ TPOT p50")));
    let files: Vec<String> =
        std::fs::read_dir(&dir).expect("dir").map(|e| e.expect("entry").file_name().to_string_lossy().into_owned()).collect();
    for name in ["results.json", "vllm-c1.json", "vllm-append.json", "vllm.cells.jsonl"] {
        assert!(files.iter().any(|f| f == name), "{name} in {files:?}");
    }
    verify_all(&dir);
}

#[test]
fn a_vllm_sweep_run_gives_its_nominal_lengths_and_a_plain_result_without_them_is_refused() {
    let dir = out_dir("vllm-sweep");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) =
        import(&["--out", d, "--title", "sweep", "--engine", "v", "--label", "V", "--gpus", "1", "vllm/sweep/run=0.json"]);
    assert_eq!(code, 0, "{stderr}");
    let doc = results(&dir);
    assert_eq!(cell(&doc, (2048, 512), "v", 2)["out_tok_s"], 409.6);
    verify_all(&dir);
    let (code, _, stderr) = import(&["--out", d, "--title", "plain", "--engine", "v", "--label", "V", "--gpus", "1", "vllm/c1.json"]);
    assert_eq!(code, 1);
    // Both lengths asked at once, once for the engine, with what the requests measured.
    assert_eq!(
        stderr.trim(),
        "servescope-import: the files do not say everything the study needs; give:\n  engine `v`: the nominal input length (--isl N): vLLM bench serve does not record it; its requests averaged 1023 input tokens\n  engine `v`: the nominal output length (--osl N): vLLM bench serve does not record it; its requests averaged 1024 output tokens"
    );
}

#[test]
fn a_vllm_sweep_summary_becomes_one_cell_of_trials_and_an_appended_rate_sweep_rate_cells() {
    let dir = out_dir("vllm-rate");
    let d = dir.to_str().expect("utf-8");
    let (code, stdout, stderr) = import(&[
        "--out",
        d,
        "--title",
        "vLLM rate sweep and repeats",
        "--engine",
        "v",
        "--label",
        "vLLM",
        "--gpus",
        "1",
        "vllm/summary/summary.json",
        "--engine",
        "r",
        "--label",
        "vLLM by rate",
        "--gpus",
        "1",
        "vllm/rate-append.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("6 cells"), "{stdout}");
    assert!(stdout.contains("vllm/summary/summary.json: vLLM bench serve, 3 runs read, 3 placed\n"), "one line per file: {stdout}");
    assert!(stdout.contains("vllm/rate-append.json: vLLM bench serve, 5 runs read, 5 placed\n"), "{stdout}");
    let doc = results(&dir);
    assert_eq!(doc["schemaVersion"], "1.4");
    assert_eq!(doc["date"], "2026-11-12", "the date the runs record");
    // Three runs (run_number 0, 1, 2) of c16: one cell of their medians, with the spread.
    assert_cells(&doc, VLLM_SUMMARY_CELLS);
    let trial = cell(&doc, (1024, 512), "v", 16);
    assert_eq!(trial["trials"]["count"], 3);
    assert_eq!(trial["trials"]["range"]["out_tok_s"], serde_json::json!([1985, 2033]));
    assert_eq!(trial["trials"]["range"]["ttft_p99_ms"], serde_json::json!([138.5, 151]));
    // No cap and a numeric rate: rate cells, with the request rate achieved.
    let r1 = rate_cell(&doc, (1000, 500), "r", 1.0);
    assert_eq!((r1["rate_rps"].as_f64(), r1["req_s_achieved"].as_f64(), r1.get("conc")), (Some(1.0), Some(3.333), None));
    assert_eq!(r1["out_tok_s"].as_f64(), Some(240.0));
    // Rate inf and no cap: a burst of the 100 requests sent.
    let burst = cell(&doc, (1000, 500), "r", 100);
    assert_eq!((burst["burst"].as_bool(), burst["conc"].as_u64(), burst["n"].as_u64()), (Some(true), Some(100), Some(100)));
    verify_all(&dir);
}

#[test]
fn another_tools_summary_read_as_vllm_names_the_latency_keys_it_did_not_recognise() {
    let dir = out_dir("inferencex");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "X",
        "--date",
        "2026-10-30",
        "--engine",
        "x",
        "--label",
        "X",
        "--gpus",
        "8",
        "inferencex/agg_summary.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains(
            "inferencex/agg_summary.json: read as vLLM bench serve but none of its latency keys is here; keys it does not recognise: median_ttft, p99_ttft, median_tpot, median_e2el"
        ),
        "{stderr}"
    );
    let doc = results(&dir);
    let c = cell(&doc, (1024, 1024), "x", 64);
    assert!(c.get("ttft_p50_ms").is_none() && c.get("tpot_p50_ms").is_none(), "no latency is made up: {c}");
}

/// A file only `--from` reads (a vLLM result stripped of the keys detection looks for)
/// imports, and the study verifies: the sweep line says how its run was read, and the
/// verifier reads the tool's copy the same way instead of detecting it again.
#[test]
fn a_study_imported_with_from_verifies() {
    let dir = out_dir("from-forced");
    let input = dir.join("input");
    std::fs::create_dir_all(&input).expect("dir");
    let mut doc: Value = serde_json::from_slice(&std::fs::read(Path::new(FIXTURES).join("vllm/c1.json")).expect("fixture")).expect("json");
    let obj = doc.as_object_mut().expect("object");
    obj.remove("num_prompts");
    obj.remove("model_id");
    let file = input.join("trimmed.json");
    std::fs::write(&file, serde_json::to_vec_pretty(&doc).expect("json")).expect("write");
    let out = dir.join("study");
    let file = file.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        out.to_str().expect("utf-8"),
        "--title",
        "T",
        "--engine",
        "v",
        "--label",
        "V",
        "--gpus",
        "1",
        "--isl",
        "1024",
        "--osl",
        "1024",
        file,
    ]);
    assert_eq!(code, 1, "detection alone does not read it: {stderr}");
    let (code, _, stderr) = import(&[
        "--out",
        out.to_str().expect("utf-8"),
        "--title",
        "T",
        "--engine",
        "v",
        "--label",
        "V",
        "--gpus",
        "1",
        "--isl",
        "1024",
        "--osl",
        "1024",
        "--from",
        "vllm",
        file,
    ]);
    assert_eq!(code, 0, "{stderr}");
    let sweep = std::fs::read_to_string(out.join("v.cells.jsonl")).expect("sweep");
    assert!(sweep.contains("\"read_as\":\"vllm\""), "{sweep}");
    verify_all(&out);
}

/// A vLLM result stripped of its counts and throughputs (#40 item 5) imports what it does
/// record, its latencies, and says what it does not; it verifies as published.
#[test]
fn a_vllm_result_stripped_of_its_counts_and_throughputs_imports_its_latencies_and_says_so() {
    let scratch = out_dir("stripped-input");
    std::fs::create_dir_all(&scratch).expect("dir");
    let mut run: Value =
        serde_json::from_str(&std::fs::read_to_string(Path::new(FIXTURES).join("vllm/c1.json")).expect("c1")).expect("json");
    let object = run.as_object_mut().expect("object");
    for key in ["completed", "failed", "num_prompts", "duration", "output_throughput", "request_throughput", "total_token_throughput"] {
        object.remove(key);
    }
    for key in [
        "total_input_tokens",
        "total_output_tokens",
        "latencies",
        "output_lens",
        "ttfts",
        "itls",
        "errors",
        "input_lens",
        "generated_texts",
        "start_times",
        "queue_times",
    ] {
        object.remove(key);
    }
    let file = scratch.join("stripped.json");
    std::fs::write(&file, serde_json::to_vec(&run).expect("bytes")).expect("write");
    let dir = out_dir("stripped");
    let (code, _, stderr) = import(&[
        "--out",
        dir.to_str().expect("utf-8"),
        "--title",
        "t",
        "--engine",
        "v",
        "--label",
        "V",
        "--isl",
        "1024",
        "--osl",
        "1024",
        file.to_str().expect("utf-8"),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("the result records no completed, output_throughput, duration: only what it does record is imported (its latencies), the rest is not measured"),
        "{stderr}"
    );
    let doc = results(&dir);
    assert_cell(
        cell(&doc, (1024, 1024), "v", 1),
        &[
            ("gpus", 2.0),
            ("user_tok_s", 251.5),
            ("ttft_p50_ms", 51.9),
            ("ttft_p99_ms", 55.42),
            ("tpot_p50_ms", 3.976),
            ("tpot_p99_ms", 4.01),
            ("itl_p50_ms", 3.95),
            ("itl_p99_ms", 4.6),
            ("e2e_p50_ms", 4120.0),
            ("e2e_p99_ms", 4139.0),
        ],
    );
    verify_all(&dir);
}

/// A file that is recognisably another kind of run is refused saying what it is (#41 item
/// 4), in one line and whatever the file is called; the page's form names it the same way.
#[test]
fn vllms_offline_latency_and_throughput_outputs_are_refused_saying_what_they_are() {
    let scratch = out_dir("offline-input");
    std::fs::create_dir_all(&scratch).expect("dir");
    let latency =
        r#"{"avg_latency": 1.92, "std_latency": 0.01, "latencies": [1.91, 1.93], "percentiles": {"10": 1.91, "50": 1.92, "99": 1.93}}"#;
    let throughput = r#"{"elapsed_time": 41.2, "num_requests": 1000, "total_num_tokens": 1280000, "requests_per_second": 24.3, "tokens_per_second": 31067.9}"#;
    for (name, text, words) in [
        ("a.json", latency, "a vLLM offline latency benchmark (vllm bench latency): it times batches of prompts run to completion in the engine itself, with no server and no requests in flight, so it has no serving load to chart; benchmark the server with vllm bench serve"),
        ("b.json", throughput, "a vLLM offline throughput benchmark (vllm bench throughput): every request is given to the engine at once, with no server, no concurrency or request rate and no per-request latencies, so it has no serving load to chart; benchmark the server with vllm bench serve"),
    ] {
        let file = scratch.join(name);
        std::fs::write(&file, text).expect("write");
        let dir = out_dir(&format!("offline-{name}"));
        let (code, _, stderr) = import(&["--out", dir.to_str().expect("utf-8"), "--title", "t", "--engine", "v", "--label", "V", "--gpus", "1", file.to_str().expect("utf-8")]);
        assert_eq!(code, 1, "{stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        assert!(stderr.trim().ends_with(&format!("{name}: {words}")), "{stderr}");
        assert!(!stderr.contains("not a format servescope imports"), "{stderr}");
        // The page's form lists it, refused in the same words.
        let files = std::collections::BTreeMap::from([(name.to_owned(), text.as_bytes().to_vec())]);
        let draft = servescope::core::import::draft::read_draft(&files).expect("named in the form");
        assert_eq!(draft[0].read_as, Err(format!("{name}: {words}")));
    }
}
