//! The importers, through the command line: each tool's fixture (its real layout, our own
//! numbers) becomes a results file whose cells are asserted value by value — every field
//! not listed must be absent, i.e. not measured — and `servescope-verify --require-all`
//! passes on what was written.

mod common;

use std::path::Path;
use std::process::Command;

use serde_json::Value;
use servescope::core::import::{import_file, write_study, EngineGroup, StudyAnswers, Tool};

use common::cli::{assert_cell, cell, import, out_dir, rate_cell, results, verify_all, FIXTURES};

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
    assert_eq!(doc["schemaVersion"], "1.2", "a rate cell is schema 1.2");
    assert_eq!(doc["concurrency"], serde_json::json!([1, 4, 8]));
    // Object 3 had no max_concurrency and request_rate 4.0: a rate cell, with what was achieved.
    let rate = rate_cell(&doc, (1024, 1024), "vllm", 4.0);
    assert_eq!(rate["rate_rps"], 4);
    assert_eq!(rate["req_s_achieved"].as_f64(), Some(0.8444));
    assert!(rate.get("conc").is_none(), "{rate}");
    assert_eq!(doc["date"], "2026-10-30", "the earliest date the results record");
    let key = (1024, 1024);
    let c1 = [("n", 10.0), ("errors", 0.0), ("wall_s", 41.25), ("out_tok_s", 124.1), ("user_tok_s", 251.5), ("gpus", 2.0)];
    let lat1 = [
        ("ttft_p50_ms", 51.9),
        ("ttft_p99_ms", 55.42),
        ("tpot_p50_ms", 3.976),
        ("tpot_p99_ms", 4.01),
        ("itl_p50_ms", 3.95),
        ("itl_p99_ms", 4.6),
    ];
    assert_cell(cell(&doc, key, "vllm", 1), &[&c1[..], &lat1[..], &[("e2e_p50_ms", 4120.0), ("e2e_p99_ms", 4139.0)]].concat());
    // Default percentiles: no e2el stats and no latencies to derive them from — not measured.
    assert_cell(
        cell(&doc, key, "vllm", 4),
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
    );
    // median_ttft_ms 0.0 is an empty list's mean, not a measurement.
    assert_cell(
        cell(&doc, key, "vllm", 8),
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
    );
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
    assert!(
        stderr.contains("vllm/c1.json: vLLM bench serve does not record the nominal input length: give it for engine `v` (--isl N)"),
        "{stderr}"
    );
}

#[test]
fn sglang_lines_of_every_generation_with_bare_infinity_and_nan() {
    let dir = out_dir("sglang");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "SGLang",
        "--date",
        "2026-10-30",
        "--engine",
        "sglang",
        "--label",
        "SGLang",
        "--gpus",
        "1",
        "sglang/sweep.jsonl",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("sglang/sweep.jsonl line 2: bare NaN is not JSON; read as null (not measured)"), "{stderr}");
    assert!(
        stderr.contains(
            "sglang/sweep.jsonl line 3: request rate inf with no concurrency cap (a burst), but the requests sent are not recorded; skipped"
        ),
        "{stderr}"
    );
    let doc = results(&dir);
    let key = (1024, 1024);
    let base = [("gpus", 1.0)];
    assert_cell(
        cell(&doc, key, "sglang", 1),
        &[
            &base[..],
            &[("n", 10.0), ("wall_s", 30.5), ("out_tok_s", 335.7), ("user_tok_s", 343.1), ("ttft_p50_ms", 60.5), ("ttft_p99_ms", 63.1)],
            &[
                ("tpot_p50_ms", 2.915),
                ("tpot_p99_ms", 2.98),
                ("itl_p50_ms", 2.88),
                ("itl_p99_ms", 8.75),
                ("e2e_p50_ms", 3050.0),
                ("e2e_p99_ms", 3068.0),
            ],
        ]
        .concat(),
    );
    // Mid-2025: no details, so errors are not measured; p99 E2E was NaN.
    assert_cell(
        cell(&doc, key, "sglang", 4),
        &[
            &base[..],
            &[("n", 24.0), ("wall_s", 40.0), ("out_tok_s", 614.4), ("user_tok_s", 158.7), ("ttft_p50_ms", 135.5), ("ttft_p99_ms", 201.2)],
            &[("tpot_p50_ms", 6.3), ("tpot_p99_ms", 6.45), ("itl_p50_ms", 6.1), ("itl_p99_ms", 12.3), ("e2e_p50_ms", 6590.0)],
        ]
        .concat(),
    );
    // The refactor's keys and nested details: errors and short counted; ITL written as 0s.
    assert_cell(
        cell(&doc, key, "sglang", 8),
        &[
            &base[..],
            &[("n", 3.0), ("errors", 1.0), ("short", 1.0), ("wall_s", 50.0), ("out_tok_s", 52.0), ("user_tok_s", 96.34)],
            &[
                ("ttft_p50_ms", 390.0),
                ("ttft_p99_ms", 458.0),
                ("tpot_p50_ms", 10.38),
                ("tpot_p99_ms", 10.6),
                ("e2e_p50_ms", 11020.0),
                ("e2e_p99_ms", 11190.0),
            ],
        ]
        .concat(),
    );
    verify_all(&dir);
}

#[test]
fn guidellm_reports_of_both_layouts_with_a_constant_rate_benchmark_as_a_rate_cell() {
    let dir = out_dir("guidellm");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "GuideLLM",
        "--engine",
        "g",
        "--label",
        "G",
        "--gpus",
        "1",
        "guidellm/benchmarks.json",
        "--engine",
        "g5",
        "--label",
        "G5",
        "--gpus",
        "1",
        "guidellm/v0.5-benchmarks.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("skipped"), "{stderr}");
    let doc = results(&dir);
    assert_eq!(doc["concurrency"], serde_json::json!([1, 2, 4]));
    // benchmarks[2], a constant strategy at 2.5 req/s, is a rate cell.
    assert_cell(
        rate_cell(&doc, (1024, 1024), "g", 2.5),
        &[
            ("t_start", 1793400200.0),
            ("t_end", 1793400220.0),
            ("n", 40.0),
            ("errors", 0.0),
            ("wall_s", 20.0),
            ("out_tok_s", 1500.0),
            ("user_tok_s", 256.4),
            ("gpus", 1.0),
            ("ttft_p50_ms", 100.0),
            ("ttft_p99_ms", 150.0),
            ("tpot_p50_ms", 3.9),
            ("tpot_p99_ms", 4.1),
            ("e2e_p50_ms", 4100.0),
            ("e2e_p99_ms", 4300.0),
        ],
    );
    assert_eq!(doc["date"], "2026-10-30");
    let common = [("gpus", 1.0)];
    assert_cell(
        cell(&doc, (1024, 1024), "g", 1),
        &[
            &common[..],
            &[
                ("n", 12.0),
                ("errors", 0.0),
                ("wall_s", 40.0),
                ("t_start", 1_793_400_000.0),
                ("t_end", 1_793_400_040.0),
                ("out_tok_s", 300.3),
            ],
            &[("user_tok_s", 307.7), ("ttft_p50_ms", 45.5), ("ttft_p99_ms", 52.0), ("tpot_p50_ms", 3.25), ("tpot_p99_ms", 3.31)],
            &[("e2e_p50_ms", 3380.0), ("e2e_p99_ms", 3450.0)],
        ]
        .concat(),
    );
    assert_cell(
        cell(&doc, (1024, 1024), "g", 4),
        &[
            &common[..],
            &[
                ("n", 30.0),
                ("errors", 2.0),
                ("wall_s", 36.0),
                ("t_start", 1_793_400_100.0),
                ("t_end", 1_793_400_136.0),
                ("out_tok_s", 1101.0),
            ],
            &[("user_tok_s", 276.2), ("ttft_p50_ms", 95.0), ("ttft_p99_ms", 140.8), ("tpot_p50_ms", 3.62), ("tpot_p99_ms", 3.8)],
            &[("e2e_p50_ms", 3800.0), ("e2e_p99_ms", 4000.0)],
        ]
        .concat(),
    );
    // v0.5: lengths from the `args.data` string; a p99 written as 0.0 is not measured.
    assert_cell(
        cell(&doc, (512, 256), "g5", 2),
        &[
            &common[..],
            &[
                ("n", 20.0),
                ("errors", 0.0),
                ("wall_s", 15.0),
                ("t_start", 1_793_500_000.0),
                ("t_end", 1_793_500_015.0),
                ("out_tok_s", 520.0),
            ],
            &[
                ("user_tok_s", 487.8),
                ("ttft_p50_ms", 60.0),
                ("tpot_p50_ms", 2.05),
                ("tpot_p99_ms", 2.12),
                ("e2e_p50_ms", 600.0),
                ("e2e_p99_ms", 650.0),
            ],
        ]
        .concat(),
    );
    verify_all(&dir);
}

#[test]
fn aiperf_nested_and_flat_exports_with_telemetry_power() {
    let dir = out_dir("aiperf");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "AIPerf",
        "--engine",
        "a",
        "--label",
        "A",
        "--gpus",
        "1",
        "aiperf/nested/profile_export_aiperf.json",
        "--engine",
        "b",
        "--label",
        "B",
        "--gpus",
        "2",
        "aiperf/flat/profile_export_aiperf.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let doc = results(&dir);
    assert_eq!(doc["date"], "2025-10-01");
    assert_cell(
        cell(&doc, (1024, 1024), "a", 2),
        &[
            ("n", 16.0),
            ("errors", 0.0),
            ("wall_s", 41.75),
            ("out_tok_s", 392.4),
            ("user_tok_s", 204.1),
            ("gpus", 1.0),
            ("ttft_p50_ms", 180.3),
            ("ttft_p99_ms", 230.5),
            ("tpot_p50_ms", 4.9),
            ("tpot_p99_ms", 5.05),
            ("e2e_p50_ms", 5210.0),
            ("e2e_p99_ms", 5289.0),
        ],
    );
    assert_cell(
        cell(&doc, (1024, 1024), "b", 8),
        &[
            ("n", 32.0),
            ("errors", 1.0),
            ("wall_s", 45.1),
            ("out_tok_s", 725.4),
            ("user_tok_s", 96.15),
            ("gpus", 2.0),
            ("power_w", 600.0),
            ("tok_s_per_kw", 1209.0),
            ("ttft_p50_ms", 350.5),
            ("ttft_p99_ms", 512.8),
            ("tpot_p50_ms", 10.4),
            ("tpot_p99_ms", 10.62),
            ("itl_p50_ms", 10.35),
            ("itl_p99_ms", 15.9),
            ("e2e_p50_ms", 11001.0),
            ("e2e_p99_ms", 11090.0),
        ],
    );
    assert!(doc["serving"]["powerUnit"].as_str().is_some_and(|t| t.starts_with("mean GPU power per GPU")));
    verify_all(&dir);
}

#[test]
fn genai_perf_exports_with_telemetry_and_no_error_count() {
    let dir = out_dir("genai-perf");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "GenAI-Perf",
        "--date",
        "2026-10-30",
        "--engine",
        "t",
        "--label",
        "T",
        "--gpus",
        "2",
        "genai-perf/profile_export_genai_perf.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let doc = results(&dir);
    assert_cell(
        cell(&doc, (2048, 256), "t", 4),
        &[
            ("n", 20.0),
            ("wall_s", 40.0),
            ("out_tok_s", 64.0),
            ("user_tok_s", 33.78),
            ("gpus", 2.0),
            ("power_w", 410.0),
            ("tok_s_per_kw", 156.1),
            ("ttft_p50_ms", 420.0),
            ("ttft_p99_ms", 610.3),
            ("tpot_p50_ms", 29.6),
            ("tpot_p99_ms", 30.4),
            ("e2e_p50_ms", 7990.0),
            ("e2e_p99_ms", 8106.0),
        ],
    );
    verify_all(&dir);
}

#[test]
fn formats_are_told_by_their_keys() {
    let read = |p: &str| std::fs::read(Path::new(FIXTURES).join(p)).expect("fixture");
    for (path, tool) in [
        ("vllm/c1.json", Tool::Vllm),
        ("vllm/sweep/run=0.json", Tool::Vllm),
        ("sglang/sweep.jsonl", Tool::Sglang),
        ("guidellm/benchmarks.json", Tool::Guidellm),
        ("guidellm/v0.5-benchmarks.json", Tool::Guidellm),
        ("aiperf/nested/profile_export_aiperf.json", Tool::Aiperf),
        ("aiperf/flat/profile_export_aiperf.json", Tool::Aiperf),
        ("genai-perf/profile_export_genai_perf.json", Tool::GenaiPerf),
    ] {
        assert_eq!(import_file(path, &read(path), None).map(|i| i.tool), Ok(tool), "{path}");
    }
    let err = import_file(
        "results.json",
        &std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/minimal.json")).expect("fixture"),
        None,
    );
    assert!(err.expect_err("not a tool's output").to_string().starts_with("results.json: not a format servescope imports"));
}

#[test]
fn usage_errors_exit_2_and_name_what_is_missing() {
    let (code, _, stderr) = import(&["--out", "x", "--title", "t", "--engine", "e", "vllm/c1.json"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("engine `e`: --label is required"), "{stderr}");
    let (code, stdout, _) = import(&["--help"]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("usage: servescope-import"));
}

#[test]
fn the_same_inputs_give_the_same_bytes() {
    let read = |p: &str| std::fs::read(Path::new(FIXTURES).join(p)).expect("fixture");
    let group = EngineGroup {
        id: "b".into(),
        label: "B".into(),
        gpus: 2,
        files: vec![("profile_export_aiperf.json".into(), read("aiperf/flat/profile_export_aiperf.json"))],
        ..EngineGroup::default()
    };
    let answers = StudyAnswers { title: "Twice".into(), ..StudyAnswers::default() };
    let a = write_study(&answers, std::slice::from_ref(&group)).expect("written");
    let b = write_study(&answers, &[group]).expect("written");
    assert_eq!(a, b);
    assert_eq!(
        a.files.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(),
        ["results.json", "b-profile_export_aiperf.json", "b.cells.jsonl"]
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
    assert_eq!(doc["schemaVersion"], "1.2");
    assert_eq!(doc["date"], "2026-11-12", "the date the runs record");
    // Three runs (run_number 0, 1, 2) of c16: one cell of their medians, with the spread.
    let trial = cell(&doc, (1024, 512), "v", 16);
    assert_cell(
        trial,
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
    );
    assert_eq!(trial["trials"]["count"], 3);
    assert_eq!(trial["trials"]["range"]["out_tok_s"], serde_json::json!([1985, 2033]));
    assert_eq!(trial["trials"]["range"]["ttft_p99_ms"], serde_json::json!([138.5, 151]));
    // No cap and a numeric rate: rate cells, with the request rate achieved.
    let r1 = rate_cell(&doc, (1000, 500), "r", 1.0);
    assert_eq!((r1["rate_rps"].as_f64(), r1["req_s_achieved"].as_f64(), r1.get("conc")), (Some(1.0), Some(3.333), None));
    assert_eq!(r1["out_tok_s"].as_f64(), Some(240.0));
    // Every request failed at 8 req/s: throughput a measured 0, no latency, the failures counted.
    assert_cell(
        rate_cell(&doc, (1000, 500), "r", 8.0),
        &[("n", 0.0), ("errors", 100.0), ("wall_s", 63.0), ("out_tok_s", 0.0), ("gpus", 1.0)],
    );
    // Rate inf and no cap: a burst of the 100 requests sent.
    let burst = cell(&doc, (1000, 500), "r", 100);
    assert_eq!((burst["burst"].as_bool(), burst["conc"].as_u64(), burst["n"].as_u64()), (Some(true), Some(100), Some(100)));
    verify_all(&dir);
}

#[test]
fn llmperf_summaries_and_a_wrapper_keyed_by_concurrency_import_in_ms_without_tpot_or_itl() {
    let dir = out_dir("llmperf");
    let d = dir.to_str().expect("utf-8");
    let (code, stdout, stderr) = import(&[
        "--out",
        d,
        "--title",
        "LLMPerf",
        "--engine",
        "a",
        "--label",
        "A",
        "--gpus",
        "1",
        "llmperf/meta-llama-Llama-3-1-8B-Instruct_550_150_summary.json",
        "--engine",
        "b",
        "--label",
        "B",
        "--gpus",
        "8",
        "llmperf/leaderboard-by-concurrency.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("4 cells"), "{stdout}");
    assert!(stdout.contains("llmperf/leaderboard-by-concurrency.json: LLMPerf, 3 runs read, 3 placed"), "{stdout}");
    assert!(stderr.contains("llmperf/leaderboard-by-concurrency.json lines 103, 104, 105 … (22 in all): bare NaN is not JSON"), "{stderr}");
    let doc = results(&dir);
    assert_eq!(doc["date"], "2026-10-30", "from the summaries' timestamp");
    assert_eq!(doc["concurrency"], serde_json::json!([1, 2, 8, 64]));
    // Seconds become ms; inter_token_latency (TTFT included) is neither TPOT nor ITL.
    assert_cell(
        cell(&doc, (550, 150), "a", 2),
        &[
            ("n", 3.0),
            ("errors", 0.0),
            ("wall_s", 2.6),
            ("out_tok_s", 171.9),
            ("gpus", 1.0),
            ("ttft_p50_ms", 210.0),
            ("ttft_p99_ms", 219.8),
            ("e2e_p50_ms", 2150.0),
            ("e2e_p99_ms", 2199.0),
        ],
    );
    assert_cell(
        cell(&doc, (550, 150), "b", 8),
        &[
            ("n", 370.0),
            ("errors", 30.0),
            ("wall_s", 137.0),
            ("out_tok_s", 50.69),
            ("gpus", 8.0),
            ("ttft_p50_ms", 350.0),
            ("ttft_p99_ms", 610.0),
            ("e2e_p50_ms", 2900.0),
            ("e2e_p99_ms", 3400.0),
        ],
    );
    // Every request of the c64 run failed (429s): a measured 0, NaN quantiles not measured.
    assert_cell(cell(&doc, (550, 150), "b", 64), &[("n", 0.0), ("errors", 400.0), ("out_tok_s", 0.0), ("gpus", 8.0)]);
    let selection = doc["serving"]["selection"].as_str().expect("text");
    assert!(selection.contains("LLMPerf's inter_token_latency (E2E ÷ output tokens per request, TTFT included) is neither TPOT nor ITL"));
    verify_all(&dir);
}

#[test]
fn what_a_file_was_read_as_counts_its_runs_by_load_axis() {
    let bytes = std::fs::read(format!("{FIXTURES}/vllm/append.json")).expect("fixture");
    let imported = import_file("append.json", &bytes, None).expect("imports");
    assert_eq!(imported.read_as(), "vLLM bench serve (appended results, one per line), 3 runs (2 by concurrency, 1 by request rate)");
    assert_eq!(imported.placeable().len(), 3);
    let bytes = std::fs::read(format!("{FIXTURES}/llmperf/leaderboard-by-concurrency.json")).expect("fixture");
    let imported = import_file("l.json", &bytes, None).expect("imports");
    assert_eq!(imported.read_as(), "LLMPerf (summaries keyed by concurrency), 3 runs by concurrency");
}

#[test]
fn verification_reaches_the_tools_own_file_and_names_the_cell_when_it_was_edited() {
    let dir = out_dir("vllm-tool-edit");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "vLLM",
        "--engine",
        "vllm",
        "--label",
        "vLLM",
        "--gpus",
        "1",
        "--isl",
        "1024",
        "--osl",
        "1024",
        "vllm/c1.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let verify = |dir: &Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_servescope-verify"))
            .arg(dir.join("results.json"))
            .arg("--require-all")
            .output()
            .expect("runs");
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let (code, text) = verify(&dir);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("1 of 1 cells match their source line; 1 of them derived again from the tool's file"), "{text}");
    // Edit the copied tool file and publish its new hash: only re-deriving the cell can tell.
    let copy = dir.join("vllm-c1.json");
    let original = std::fs::read_to_string(&copy).expect("copy");
    let edited = original.replacen("\"p50_ttft_ms\": 51.9", "\"p50_ttft_ms\": 61.9", 1);
    assert_ne!(edited, original, "the fixture has p50_ttft_ms 51.9");
    std::fs::write(&copy, &edited).expect("write");
    let mut doc = results(&dir);
    for source in doc["sources"].as_array_mut().expect("sources") {
        if source["file"] == "vllm-c1.json" {
            source["sha256"] = Value::String(servescope::core::provenance::sha256_hex(edited.as_bytes()));
        }
    }
    std::fs::write(dir.join("results.json"), serde_json::to_vec_pretty(&doc).expect("json")).expect("write");
    let (code, text) = verify(&dir);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("serving.workloads[0].rows[0].cells[0]"), "{text}");
    assert!(text.contains("`ttft_p50_ms` is 51.9 in the sweep but vllm-c1.json gives 61.9"), "{text}");
}

#[test]
fn a_non_streaming_genai_perf_run_has_no_ttft_tpot_or_itl_only_e2e() {
    let dir = out_dir("genai-perf-non-streaming");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "GenAI-Perf",
        "--date",
        "2026-10-30",
        "--engine",
        "t",
        "--label",
        "T",
        "--gpus",
        "2",
        "genai-perf/non-streaming/profile_export_genai_perf.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("a non-streaming run (endpoint.streaming false): its time_to_first_token is the whole request's latency"),
        "the reason is said: {stderr}"
    );
    let doc = results(&dir);
    // Its time_to_first_token equals request_latency: never imported as TTFT.
    assert_cell(
        cell(&doc, (2048, 256), "t", 16),
        &[
            ("n", 20.0),
            ("wall_s", 40.0),
            ("out_tok_s", 64.0),
            ("gpus", 2.0),
            ("power_w", 410.0),
            ("tok_s_per_kw", 156.1),
            ("e2e_p50_ms", 7990.0),
            ("e2e_p99_ms", 8106.0),
        ],
    );
    verify_all(&dir);
}

#[test]
fn the_tools_own_record_wins_and_disagreements_are_said() {
    // A publisher's --osl far from the recorded 256, and 4 GPUs where the telemetry saw 2.
    let dir = out_dir("genai-perf-disagree");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "GenAI-Perf",
        "--date",
        "2026-10-30",
        "--engine",
        "t",
        "--label",
        "T",
        "--gpus",
        "4",
        "--isl",
        "2048",
        "--osl",
        "1024",
        "genai-perf/profile_export_genai_perf.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("--osl 1024 disagrees with the file's own input_config output_tokens of 256 (more than 5 %); --osl was used"),
        "{stderr}"
    );
    assert!(!stderr.contains("--isl 2048 disagrees"), "an agreeing length is not flagged: {stderr}");
    assert!(
        stderr.contains("the GPU telemetry saw 2 GPUs, but 4 were given: power per GPU is not written (not measured) rather than guessed"),
        "{stderr}"
    );
    let doc = results(&dir);
    let c = cell(&doc, (2048, 1024), "t", 4);
    assert_eq!((c.get("power_w"), c.get("tok_s_per_kw")), (None, None), "{c}");
    assert_eq!(c["out_tok_s"].as_f64(), Some(32.0), "the endpoint's throughput ÷ the 4 GPUs given");
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

#[test]
fn sglang_v04_lines_swept_by_request_rate_become_rate_cells_with_the_measured_concurrency() {
    let dir = out_dir("sglang-v04");
    let d = dir.to_str().expect("utf-8");
    let args = ["--out", d, "--title", "SGLang 0.4", "--engine", "s", "--label", "SGLang 0.4", "--gpus", "1", "sglang/v04-rate.jsonl"];
    // No date in the file and none given: dated the day of the import, said in a warning.
    let (code, _, stderr) = import(&args);
    assert_eq!(code, 0, "{stderr}");
    let days = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("clock").as_secs() / 86_400;
    let today = servescope::core::format::date_of_day(days as i64);
    assert!(
        stderr.contains(&format!("warning results.json: the files record no date and none was given: the study is dated {today}, the day of the import; give the run's own date (--date YYYY-MM-DD)")),
        "{stderr}"
    );
    assert_eq!(results(&dir)["date"], today.as_str());
    // The core without a clock still refuses, saying the flag.
    let bytes = std::fs::read(Path::new(FIXTURES).join("sglang/v04-rate.jsonl")).expect("fixture");
    let group =
        EngineGroup { id: "s".into(), label: "S".into(), gpus: 1, files: vec![("v04-rate.jsonl".into(), bytes)], ..EngineGroup::default() };
    let refused = write_study(&StudyAnswers { title: "T".into(), ..StudyAnswers::default() }, &[group]).expect_err("no date");
    assert!(refused.to_string().contains("the files record no date: give the study's date (--date YYYY-MM-DD)"), "{refused}");
    let mut dated = args.to_vec();
    dated.extend(["--date", "2025-03-01"]);
    let (code, stdout, stderr) = import(&dated);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("sglang/v04-rate.jsonl: SGLang bench_serving, 4 runs read, 4 placed"), "{stdout}");
    let doc = results(&dir);
    // The minimal key set: medians only, no TPOT; per-request ttfts (seconds) are not summary figures.
    let r2 = rate_cell(&doc, (512, 128), "s", 2.0);
    assert_cell(
        r2,
        &[
            ("n", 100.0),
            ("wall_s", 51.0),
            ("out_tok_s", 253.4),
            ("gpus", 1.0),
            ("ttft_p50_ms", 35.0),
            ("itl_p50_ms", 11.3),
            ("e2e_p50_ms", 1510.0),
        ],
    );
    assert_eq!((r2["conc_achieved"].as_f64(), r2["req_s_achieved"].as_f64()), (Some(2.95), Some(1.98)));
    assert_eq!(doc["serving"]["workloads"][1]["requestRates"], serde_json::json!([1, 2, 8]));
    // The line with max_concurrency 4 (and a bare Infinity rate) is a concurrency cell.
    let c4 = cell(&doc, (512, 128), "s", 4);
    assert_eq!((c4["conc"].as_u64(), c4.get("conc_achieved"), c4.get("rate_rps")), (Some(4), None, None));
    verify_all(&dir);
}

#[test]
fn runs_of_different_datasets_are_different_workloads_never_trials() {
    let dir = out_dir("sglang-datasets");
    let d = dir.to_str().expect("utf-8");
    let (code, stdout, stderr) = import(&[
        "--out",
        d,
        "--title",
        "Datasets",
        "--date",
        "2026-10-30",
        "--engine",
        "s",
        "--label",
        "S",
        "--gpus",
        "1",
        "sglang/datasets.jsonl",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("2 cells"), "{stdout}");
    assert!(
        stderr.contains("sglang/datasets.jsonl line 2: a ShareGPT dataset: its lengths are the measured means (total tokens ÷ completed)"),
        "{stderr}"
    );
    let doc = results(&dir);
    let keys: Vec<(u64, u64)> = doc["serving"]["workloads"]
        .as_array()
        .expect("workloads")
        .iter()
        .map(|w| (w["inputTokens"].as_u64().unwrap_or(0), w["outputTokens"].as_u64().unwrap_or(0)))
        .collect();
    assert_eq!(keys, [(302, 199), (512, 128)], "random 512/128 and ShareGPT's measured 302/199");
    assert_eq!(cell(&doc, (302, 199), "s", 8)["ttft_p50_ms"].as_f64(), Some(44.0));
    assert_eq!(cell(&doc, (512, 128), "s", 8)["ttft_p50_ms"].as_f64(), Some(58.0));
    verify_all(&dir);
}

#[test]
fn runs_that_differ_in_a_metadata_label_are_refused_naming_it_or_split_into_engines() {
    let dir = out_dir("vllm-deployments");
    let d = dir.to_str().expect("utf-8");
    let base = ["--out", d, "--title", "Deployments", "--engine", "v", "--label", "vLLM", "--gpus", "1"];
    let mut refused = base.to_vec();
    refused.push("vllm/deployments.json");
    let (code, _, stderr) = import(&refused);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains(
            "but differ in `deployment` (base, kvcache): different setups are never trials of one cell; give --split-by deployment"
        ),
        "{stderr}"
    );
    let mut split = base.to_vec();
    split.extend(["--split-by", "deployment", "vllm/deployments.json"]);
    let (code, stdout, stderr) = import(&split);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("3 cells"), "{stdout}");
    let doc = results(&dir);
    let engines: Vec<(&str, &str)> = doc["engines"]
        .as_array()
        .expect("engines")
        .iter()
        .map(|e| (e["id"].as_str().unwrap_or(""), e["label"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(engines, [("v-base", "vLLM base"), ("v-kvcache", "vLLM kvcache"), ("v-no-features", "vLLM no-features")]);
    assert_eq!(cell(&doc, (1024, 512), "v-kvcache", 16)["out_tok_s"].as_f64(), Some(2150.0));
    verify_all(&dir);
}

#[test]
fn aiperf_june_2025_display_names_need_the_publishers_concurrency_and_october_2025_counts_cancelled_requests() {
    let dir = out_dir("aiperf-2025");
    let d = dir.to_str().expect("utf-8");
    let june = "aiperf/june-2025/profile_export_aiperf.json";
    // No load recorded: one line naming the file, the tool and the flag that supplies it.
    let (code, _, stderr) = import(&["--out", d, "--title", "A", "--engine", "a", "--label", "A", "--gpus", "1", june]);
    assert_eq!(code, 1);
    assert_eq!(
        stderr.trim(),
        "servescope-import: aiperf/june-2025/profile_export_aiperf.json: nothing to import: AIPerf (keyed by display name, June 2025) records no concurrency or request rate for its runs (no concurrency recorded (input_config.loadgen.concurrency is absent)); if you know the concurrency the runs used, give it (--conc N)"
    );
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "A",
        "--engine",
        "a",
        "--label",
        "A",
        "--gpus",
        "1",
        "--conc",
        "8",
        june,
        "--engine",
        "o",
        "--label",
        "O",
        "--gpus",
        "1",
        "aiperf/october-2025/profile_export_aiperf.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("placed at c8, the concurrency --conc gives (the publisher's word, not the file's)"), "{stderr}");
    let doc = results(&dir);
    assert_eq!(doc["date"], "2025-06-18", "from start_time");
    // "Time to First Token" and the other display names read as their tags; errors_by_type counted.
    assert_cell(
        cell(&doc, (1024, 256), "a", 8),
        &[
            ("n", 97.0),
            ("errors", 3.0),
            ("wall_s", 31.3),
            ("out_tok_s", 850.5),
            ("user_tok_s", 89.29),
            ("gpus", 1.0),
            ("ttft_p50_ms", 58.0),
            ("ttft_p99_ms", 120.0),
            ("tpot_p50_ms", 11.2),
            ("tpot_p99_ms", 13.1),
            ("e2e_p50_ms", 2900.0),
            ("e2e_p99_ms", 3600.0),
        ],
    );
    // October 2025: tags, error_request_count's avg (its percentiles null), cancelled (499) included.
    let o = cell(&doc, (1024, 256), "o", 8);
    assert_eq!((o["n"].as_f64(), o["errors"].as_f64(), o["itl_p99_ms"].as_f64()), (Some(190.0), Some(10.0), Some(20.0)));
    verify_all(&dir);
}

#[test]
fn guidellm_v03_reports_give_their_request_totals_and_medians_beside_percentiles_without_p50() {
    let dir = out_dir("guidellm-v03");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "GuideLLM 0.3",
        "--engine",
        "g",
        "--label",
        "G",
        "--gpus",
        "1",
        "--isl",
        "512",
        "--osl",
        "128",
        "guidellm/v0.3-benchmarks.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let doc = results(&dir);
    assert_eq!(doc["date"], "2025-06-01");
    // request_totals beside metrics give n and errors; the all-zero errored blocks are not read.
    assert_cell(
        cell(&doc, (512, 128), "g", 4),
        &[
            ("t_start", 1748770000.0),
            ("t_end", 1748770060.0),
            ("n", 50.0),
            ("errors", 2.0),
            ("wall_s", 60.0),
            ("out_tok_s", 108.0),
            ("user_tok_s", 28.99),
            ("gpus", 1.0),
            ("ttft_p50_ms", 78.0),
            ("ttft_p99_ms", 130.0),
            ("tpot_p50_ms", 34.5),
            ("tpot_p99_ms", 38.0),
            ("e2e_p50_ms", 4550.0),
            ("e2e_p99_ms", 5100.0),
        ],
    );
    verify_all(&dir);
}

#[test]
fn llmperf_individual_responses_give_percentiles_computed_from_the_successful_requests() {
    let dir = out_dir("llmperf-responses");
    let d = dir.to_str().expect("utf-8");
    let file = "llmperf/meta-llama-Llama-3-1-8B-Instruct_550_150_individual_responses.json";
    let base = [
        "--out",
        d,
        "--title",
        "L",
        "--date",
        "2026-10-30",
        "--engine",
        "l",
        "--label",
        "L",
        "--gpus",
        "1",
        "--isl",
        "550",
        "--osl",
        "150",
    ];
    let with = |more: &[&'static str]| -> Vec<&str> { base.iter().copied().chain(more.iter().copied()).collect() };
    let (code, _, stderr) = import(&with(&[file]));
    assert_eq!(code, 1, "no concurrency recorded: {stderr}");
    assert!(
        stderr.contains("give the summary the tool wrote beside it, or the load the requests were sent at (--conc N or --rate R)"),
        "{stderr}"
    );
    let (code, _, stderr) = import(&with(&["--conc", "2", file]));
    assert_eq!(code, 0, "{stderr}");
    let doc = results(&dir);
    // Four successful requests (TTFT 200, 210, 220, 250 ms; E2E 2.1–2.3 s), one 429, one
    // non-object entry skipped; linear percentiles; TPOT = (E2E − TTFT) ÷ (output − 1).
    assert_cell(
        cell(&doc, (550, 150), "l", 2),
        &[
            ("n", 4.0),
            ("errors", 1.0),
            ("user_tok_s", 75.25),
            ("gpus", 1.0),
            ("ttft_p50_ms", 215.0),
            ("ttft_p99_ms", 249.1),
            ("tpot_p50_ms", 13.29),
            ("tpot_p99_ms", 13.75),
            ("e2e_p50_ms", 2175.0),
            ("e2e_p99_ms", 2297.0),
        ],
    );
    verify_all(&dir);
}

#[test]
fn the_checkpoint_comes_from_the_files_and_an_engine_of_several_models_is_said() {
    let dir = out_dir("vllm-models");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "Models",
        "--engine",
        "one",
        "--label",
        "One model",
        "--gpus",
        "1",
        "--isl",
        "1024",
        "--osl",
        "1024",
        "vllm/c1.json",
        "--engine",
        "mixed",
        "--label",
        "Three models",
        "--gpus",
        "1",
        "--isl",
        "1024",
        "--osl",
        "1024",
        "vllm/models/opt.json",
        "vllm/models/glm.json",
        "vllm/models/gpt-oss.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains(
            "warning engine `mixed`: its files name 3 different models (zai-org/GLM-4.7, openai/gpt-oss-120b, facebook/opt-125m): one engine should be one model and checkpoint"
        ),
        "{stderr}"
    );
    let doc = results(&dir);
    assert_eq!(doc["engines"][0]["checkpoint"], "org/model-x", "the checkpoint the file names");
    assert!(doc["engines"][1].get("checkpoint").is_none(), "no checkpoint is picked among three: {}", doc["engines"][1]);
}

#[test]
fn lengths_can_be_given_per_file() {
    let dir = out_dir("per-file-lengths");
    let d = dir.to_str().expect("utf-8");
    // c1.json at the engine's 1024/1024; the models' files at 512/128, given after c1.json.
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "Per file",
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
        "vllm/c1.json",
        "--isl",
        "512",
        "--osl",
        "128",
        "vllm/models/glm.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let doc = results(&dir);
    assert_eq!(cell(&doc, (1024, 1024), "v", 1)["conc"], 1);
    assert_eq!(cell(&doc, (512, 128), "v", 16)["conc"], 16);
}

#[test]
fn an_aiperf_0_8_export_reads_as_the_flat_one_and_never_takes_fleet_power_as_per_gpu() {
    let cells: Vec<Value> = ["aiperf/flat/profile_export_aiperf.json", "aiperf/v0.8/profile_export_aiperf.json"]
        .iter()
        .enumerate()
        .map(|(k, file)| {
            let dir = out_dir(&format!("aiperf-v08-{k}"));
            let d = dir.to_str().expect("utf-8");
            let (code, _, stderr) = import(&["--out", d, "--title", "A", "--engine", "a", "--label", "A", "--gpus", "2", file]);
            assert_eq!(code, 0, "{stderr}");
            verify_all(&dir);
            cell(&results(&dir), (1024, 1024), "a", 8).clone()
        })
        .collect();
    assert_eq!(cells[0], cells[1], "schema_version 1.5, nvidia_* telemetry and ~75 more metrics change nothing");
    assert_eq!(cells[1]["power_w"].as_f64(), Some(600.0), "per GPU, not nvidia_average_gpu_power's fleet total of 1211 W");
    assert_eq!(cells[1]["ttft_p50_ms"].as_f64(), Some(350.5), "adj_p50 is not the p50");
}

#[test]
fn a_genai_perf_output_mean_written_as_an_empty_string_is_no_length() {
    let dir = out_dir("genai-perf-empty-mean");
    let d = dir.to_str().expect("utf-8");
    let file = "genai-perf/empty-mean/profile_export_genai_perf.json";
    let base = ["--out", d, "--title", "G", "--date", "2026-10-30", "--engine", "t", "--label", "T", "--gpus", "2"];
    let mut args = base.to_vec();
    args.push(file);
    let (code, _, stderr) = import(&args);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("GenAI-Perf does not record the nominal output length: give it for engine `t` (--osl N)"),
        "an empty mean is not a length of 0: {stderr}"
    );
    let mut args = base.to_vec();
    args.extend(["--osl", "256", file]);
    let (code, _, stderr) = import(&args);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(cell(&results(&dir), (2048, 256), "t", 4)["out_tok_s"].as_f64(), Some(64.0));
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

/// The GPU count is no flag the file answers: vLLM's `--metadata gpus`, SGLang's
/// `server_info`, AIPerf's and GenAI-Perf's telemetry give it; `--gpus` overrides with a
/// warning; files that record none, or disagree, are refused saying so.
#[test]
fn the_gpu_count_comes_from_the_files_where_they_record_it() {
    let run = |name: &str, args: &[&str]| {
        let dir = out_dir(name);
        let mut all = vec!["--out", dir.to_str().expect("utf-8"), "--title", "T", "--date", "2026-10-30", "--engine", "e", "--label", "E"];
        all.extend(args);
        let (code, _, stderr) = import(&all);
        (code, stderr, dir)
    };
    let gpus_of = |dir: &Path| {
        results(dir)["serving"]["workloads"][0]["rows"][0]["cells"].as_array().expect("cells").iter().find_map(|c| c["gpus"].as_f64())
    };
    // vLLM: `--metadata gpus=2`; throughput per GPU is the file's ÷ 2.
    let (code, stderr, dir) = run("gpus-vllm", &["--isl", "1024", "--osl", "1024", "vllm/c1.json"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(gpus_of(&dir), Some(2.0));
    assert_eq!(cell(&results(&dir), (1024, 1024), "e", 1)["out_tok_s"], 124.1, "248.242424 tok/s ÷ 2, to 4 significant digits");
    assert!(results(&dir)["serving"]["selection"].as_str().expect("selection").contains("E — vLLM bench serve, 1 file, 2 GPUs"));
    verify_all(&dir);
    // Given over it: the flag wins, said.
    let (code, stderr, dir) = run("gpus-vllm-given", &["--gpus", "4", "--isl", "1024", "--osl", "1024", "vllm/c1.json"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(gpus_of(&dir), Some(4.0));
    assert!(stderr.contains("warning vllm/c1.json: --gpus 4 overrides the 2 GPUs its --metadata gpus records"), "{stderr}");
    // SGLang: server_info tp_size (× dp_size) on the lines that carry it.
    let (code, stderr, dir) = run("gpus-sglang", &["sglang/v04-rate.jsonl"]);
    assert_eq!(code, 0, "{stderr}");
    let rate = results(&dir)["serving"]["workloads"][0]["rows"][0]["cells"][0]["gpus"].as_f64();
    assert_eq!(rate, Some(1.0), "{}", results(&dir)["serving"]);
    // AIPerf and GenAI-Perf: the GPUs their telemetry saw.
    for (name, file) in
        [("gpus-aiperf", "aiperf/flat/profile_export_aiperf.json"), ("gpus-genai", "genai-perf/profile_export_genai_perf.json")]
    {
        let (code, stderr, dir) = run(name, &[file]);
        assert_eq!(code, 0, "{file}: {stderr}");
        assert_eq!(gpus_of(&dir), Some(2.0), "{file}");
    }
    // `--metadata gpu=4xNVIDIA_L40S`: the count, and the study's hardware as named; its
    // model from the run's model_id (the catalog no longer reads "not stated").
    let dir = out_dir("gpus-named");
    let mut doc: Value = serde_json::from_slice(&std::fs::read(Path::new(FIXTURES).join("vllm/c1.json")).expect("fixture")).expect("json");
    let obj = doc.as_object_mut().expect("object");
    obj.remove("gpus");
    obj.insert("gpu".into(), "4xNVIDIA_L40S".into());
    let file = dir.join("l40s.json");
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(&file, serde_json::to_vec(&doc).expect("json")).expect("write");
    let (code, stderr, study) = run("gpus-named-study", &["--isl", "1024", "--osl", "1024", file.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(gpus_of(&study), Some(4.0));
    let written = results(&study);
    assert_eq!((written["model"].as_str(), written["hardware"].as_str()), (Some("org/model-x"), Some("4xNVIDIA_L40S")));
    // A file that records none is refused, naming what to give.
    let (code, stderr, _) = run("gpus-none", &["sglang/sweep.jsonl"]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("engine `e`: the GPU count is needed (--gpus N, or --gpus unstated when the run does not say): its files record none, and it is never assumed"),
        "{stderr}"
    );
}

/// Lengths never silently wrong (#40 item 4): every tool's measured mean lengths are kept
/// beside the nominal ones, and a nominal length the requests did not deliver is warned of,
/// naming the flag or the tool's field and the mean.
#[test]
fn each_tool_keeps_its_measured_mean_lengths_and_a_nominal_length_far_from_them_is_warned_of() {
    // One cell per tool, its means as the tool's file gives them: tool, arguments, lengths,
    // concurrency, (isl_mean, osl_mean).
    type Case<'a> = (&'a str, &'a [&'a str], (u64, u64), u64, (f64, f64));
    let cases: [Case; 6] = [
        ("vllm", &["--gpus", "2", "--isl", "1024", "--osl", "1024", "vllm/c1.json"], (1024, 1024), 1, (1023.0, 1024.0)),
        ("sglang", &["--gpus", "1", "--date", "2026-10-30", "sglang/sweep.jsonl"], (1024, 1024), 1, (1024.0, 1024.0)),
        ("aiperf", &["aiperf/flat/profile_export_aiperf.json"], (1024, 1024), 8, (1024.0, 1024.0)),
        ("genai-perf", &["--date", "2026-10-30", "genai-perf/profile_export_genai_perf.json"], (2048, 256), 4, (2048.0, 256.0)),
        ("guidellm", &["--gpus", "1", "--isl", "1024", "--osl", "1024", "guidellm/benchmarks.json"], (1024, 1024), 1, (1024.0, 1024.0)),
        ("llmperf", &["--gpus", "8", "llmperf/leaderboard-by-concurrency.json"], (550, 150), 1, (549.0, 149.0)),
    ];
    for (tool, args, lengths, conc, (isl_mean, osl_mean)) in cases {
        let dir = out_dir(&format!("means-{tool}"));
        let d = dir.to_str().expect("utf-8");
        let mut all = vec!["--out", d, "--title", "t", "--engine", "e", "--label", "E"];
        all.extend_from_slice(args);
        let (code, _, stderr) = import(&all);
        assert_eq!(code, 0, "{tool}: {stderr}");
        let doc = results(&dir);
        let c = cell(&doc, lengths, "e", conc);
        assert_eq!((c["isl_mean"].as_f64(), c["osl_mean"].as_f64()), (Some(isl_mean), Some(osl_mean)), "{tool}: {c}");
        if tool == "sglang" {
            // Line 4's run had a request stop short (its `short` 1): 866.7 of 1,024 is said.
            assert!(stderr.contains("warning sglang/sweep.jsonl line 4: the nominal output length 1024 (random_output_len) is not what the requests had: the completed ones averaged 866.7 output tokens (-15 %)"), "{stderr}");
            assert_eq!(stderr.matches("is not what the requests had").count(), 1, "{stderr}");
        } else {
            assert!(!stderr.contains("is not what the requests had"), "{tool}: within 5 %: {stderr}");
        }
        verify_all(&dir);
    }

    // A vLLM run whose file names 1024 / 128 while its requests averaged 505 in and 61 out.
    let scratch = out_dir("means-far-input");
    std::fs::create_dir_all(&scratch).expect("dir");
    let mut run: Value =
        serde_json::from_str(&std::fs::read_to_string(Path::new(FIXTURES).join("vllm/c1.json")).expect("c1")).expect("json");
    run["random_input_len"] = 1024.into();
    run["random_output_len"] = 128.into();
    run["total_input_tokens"] = 5050.into();
    run["total_output_tokens"] = 610.into();
    let file = scratch.join("short.json");
    std::fs::write(&file, serde_json::to_vec(&run).expect("bytes")).expect("write");
    let dir = out_dir("means-far");
    let (code, _, stderr) =
        import(&["--out", dir.to_str().expect("utf-8"), "--title", "t", "--engine", "e", "--label", "E", file.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.lines().any(|l| l.starts_with("warning ")
            && l.ends_with("the nominal input length 1024 (random_input_len) is not what the requests had: the completed ones averaged 505 input tokens (-51 %); the workload keeps the nominal length and each cell its measured mean (isl_mean)")),
        "{stderr}"
    );
    assert!(stderr.contains("the nominal output length 128 (random_output_len) is not what the requests had: the completed ones averaged 61 output tokens (-52 %)"), "{stderr}");
    let doc = results(&dir);
    let c = cell(&doc, (1024, 128), "e", 1);
    assert_eq!((c["isl_mean"].as_f64(), c["osl_mean"].as_f64()), (Some(505.0), Some(61.0)));
    // The page names the workload with what its requests measured, in its picker and tables.
    let study =
        servescope::core::validate::parse_results(&std::fs::read(dir.join("results.json")).expect("results")).results.expect("valid");
    assert_eq!(
        servescope::core::link::workload_options(&study),
        [("1024x128".to_owned(), "ISL 1024 / OSL 128 · measured 505 / 61".to_owned())]
    );
    let workload = &study.serving.as_ref().expect("serving").workloads[0];
    let state = servescope::core::link::ViewState::default();
    let table =
        servescope::core::tables::serving_table(&study, workload, servescope::core::metric::Metric::OutTokS, &state.series_inputs(), &[]);
    assert!(table.caption.starts_with("ISL 1024 / OSL 128 · measured 505 / 61 · "), "{}", table.caption);
    // A publisher's --isl is named as the flag it is.
    let dir = out_dir("means-far-flag");
    let (code, _, stderr) = import(&[
        "--out",
        dir.to_str().expect("utf-8"),
        "--title",
        "t",
        "--engine",
        "e",
        "--label",
        "E",
        "--isl",
        "1024",
        file.to_str().expect("utf-8"),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("--isl 1024 is not what the requests had: the completed ones averaged 505 input tokens (-51 %)"), "{stderr}");
}

/// The page's import form asks what the importer's messages ask for (#40 item 1): the draft
/// of a file whose runs record no load says so (the form's Concurrency field), and runs that
/// differ in a label offer one engine per value (its "One engine per" choice).
#[test]
fn the_draft_says_which_runs_need_a_concurrency_and_which_labels_split_engines() {
    use servescope::core::import::draft::{in_form_words, read_draft, split_keys};
    let read = |path: &str| std::fs::read(Path::new(FIXTURES).join(path)).expect("fixture");
    let files = std::collections::BTreeMap::from([
        ("profile_export_aiperf.json".to_owned(), read("aiperf/june-2025/profile_export_aiperf.json")),
        ("deployments.json".to_owned(), read("vllm/deployments.json")),
        ("c1.json".to_owned(), read("vllm/c1.json")),
    ]);
    let draft = read_draft(&files).expect("tool outputs");
    let by_name = |name: &str| draft.iter().find(|f| f.name == name).expect("read");
    let june = by_name("profile_export_aiperf.json");
    assert!(june.needs_load, "{june:?}");
    assert_eq!(june.tool.as_deref(), Some("aiperf"));
    assert!(
        june.read_as.as_ref().is_err_and(|why| why.ends_with("if you know the concurrency the runs used, give it (the Concurrency field)")),
        "{june:?}"
    );
    assert!(!by_name("c1.json").needs_load);
    assert!(!by_name("deployments.json").needs_load);
    assert_eq!(split_keys(&draft), ["deployment"]);
    assert_eq!(split_keys(&draft[..0]), Vec::<String>::new());
    assert_eq!(
        in_form_words("… different setups are never trials of one cell; give --split-by deployment to make one engine per value"),
        "… different setups are never trials of one cell; choose deployment under “One engine per”"
    );
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
