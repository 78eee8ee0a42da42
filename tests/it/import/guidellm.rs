//! GuideLLM: reports of both layouts and of v0.3, constant-rate benchmarks as rate cells.

use crate::common;

use common::cli::{assert_cell, assert_cells, cell, import, out_dir, results, verify_all, At, ExpectedCell};

/// The cells the two reports give: benchmarks[2], a constant strategy at 2.5 req/s, is a
/// rate cell; in v0.5 the lengths come from the `args.data` string and a p99 written as 0.0
/// is not measured.
const GUIDELLM_CELLS: &[ExpectedCell] = &[
    (
        (1024, 1024),
        "g",
        At::Rate(2.5),
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
    ),
    (
        (1024, 1024),
        "g",
        At::Conc(1),
        &[
            ("gpus", 1.0),
            ("n", 12.0),
            ("errors", 0.0),
            ("wall_s", 40.0),
            ("t_start", 1_793_400_000.0),
            ("t_end", 1_793_400_040.0),
            ("out_tok_s", 300.3),
            ("user_tok_s", 307.7),
            ("ttft_p50_ms", 45.5),
            ("ttft_p99_ms", 52.0),
            ("tpot_p50_ms", 3.25),
            ("tpot_p99_ms", 3.31),
            ("e2e_p50_ms", 3380.0),
            ("e2e_p99_ms", 3450.0),
        ],
    ),
    (
        (1024, 1024),
        "g",
        At::Conc(4),
        &[
            ("gpus", 1.0),
            ("n", 30.0),
            ("errors", 2.0),
            ("wall_s", 36.0),
            ("t_start", 1_793_400_100.0),
            ("t_end", 1_793_400_136.0),
            ("out_tok_s", 1101.0),
            ("user_tok_s", 276.2),
            ("ttft_p50_ms", 95.0),
            ("ttft_p99_ms", 140.8),
            ("tpot_p50_ms", 3.62),
            ("tpot_p99_ms", 3.8),
            ("e2e_p50_ms", 3800.0),
            ("e2e_p99_ms", 4000.0),
        ],
    ),
    (
        (512, 256),
        "g5",
        At::Conc(2),
        &[
            ("gpus", 1.0),
            ("n", 20.0),
            ("errors", 0.0),
            ("wall_s", 15.0),
            ("t_start", 1_793_500_000.0),
            ("t_end", 1_793_500_015.0),
            ("out_tok_s", 520.0),
            ("user_tok_s", 487.8),
            ("ttft_p50_ms", 60.0),
            ("tpot_p50_ms", 2.05),
            ("tpot_p99_ms", 2.12),
            ("e2e_p50_ms", 600.0),
            ("e2e_p99_ms", 650.0),
        ],
    ),
];

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
    assert_eq!(doc["date"], "2026-10-30");
    assert_cells(&doc, GUIDELLM_CELLS);
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
fn an_emulated_data_spec_written_as_a_string_gives_the_nominal_lengths() {
    let path = std::path::Path::new(common::cli::FIXTURES).join("guidellm/benchmarks.json");
    let mut doc: serde_json::Value = serde_json::from_slice(&std::fs::read(path).expect("fixture")).expect("JSON");
    for spec in [serde_json::json!(["prompt_tokens=512,output_tokens=128"]), serde_json::json!("prompt_tokens=512,output_tokens=128")] {
        doc["config"]["spec"] = serde_json::json!({ "data": spec });
        let bytes = serde_json::to_vec(&doc).expect("JSON");
        let imported = servescope::core::import::import_file("benchmarks.json", &bytes, None).expect("reads");
        let run = &imported.runs[0];
        assert_eq!((run.isl.map(|l| l.tokens), run.osl.map(|l| l.tokens)), (Some(512), Some(128)), "{spec}");
    }
}

#[test]
fn request_stats_of_v0_4_keep_their_start_times_for_the_timeline() {
    let path = std::path::Path::new(common::cli::FIXTURES).join("guidellm/requests.json");
    let text = std::fs::read_to_string(path).expect("fixture");
    // v0.3–v0.4's request stats name the times start_time and end_time, with no info.timings.
    let mut doc: serde_json::Value =
        serde_json::from_str(&text.replace("\"request_start_time\"", "\"start_time\"").replace("\"request_end_time\"", "\"end_time\""))
            .expect("JSON");
    for b in doc["benchmarks"].as_array_mut().expect("benchmarks") {
        for list in ["successful", "errored", "incomplete"] {
            for r in b["requests"][list].as_array_mut().into_iter().flatten() {
                r["info"].as_object_mut().map(|i| i.remove("timings"));
            }
        }
    }
    let bytes = serde_json::to_vec(&doc).expect("JSON");
    let imported = servescope::core::import::import_file("benchmarks.json", &bytes, None).expect("reads");
    let requests = imported.runs[0].requests.as_ref().expect("the requests are kept");
    assert!(!requests.list.is_empty() && requests.list.iter().all(|r| r.start_s.is_some()), "every request keeps its start");
}

#[test]
fn a_real_v0_3_report_gives_its_emulated_lengths_and_the_model_its_backend_served() {
    let dir = out_dir("guidellm-v0.3-emulated");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "G",
        "--engine",
        "g",
        "--label",
        "G",
        "--gpus",
        "1",
        "guidellm/v0.3-emulated/benchmark-results.yaml",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let doc = results(&dir);
    assert_eq!(doc["model"], "llama-3-2-3b", "worker.backend_model");
    assert!(cell(&doc, (512, 128), "g", 1).is_object(), "request_loader.data's emulated 512 / 128");
    assert!(stderr.contains("the study names no hardware (its page says \"hardware not stated\"): give it (--hardware)"), "{stderr}");
    verify_all(&dir);
}
