//! SGLang: bench_serving lines of every generation, swept by concurrency or request rate.

use crate::common;

use std::path::Path;

use servescope::core::import::{write_study, EngineGroup, StudyAnswers};

use common::cli::{assert_cell, assert_cells, cell, import, out_dir, rate_cell, results, verify_all, At, ExpectedCell, FIXTURES};

/// The cells of `sglang/sweep.jsonl`, one line per generation: the 2026 layout at c1; mid-2025
/// at c4 (no details, so errors are not measured; p99 E2E was NaN); the refactor's keys and
/// nested details at c8 (errors and short counted; ITL written as 0s, so not measured).
const SGLANG_CELLS: &[ExpectedCell] = &[
    (
        (1024, 1024),
        "sglang",
        At::Conc(1),
        &[
            ("gpus", 1.0),
            ("n", 10.0),
            ("wall_s", 30.5),
            ("out_tok_s", 335.7),
            ("user_tok_s", 343.1),
            ("ttft_p50_ms", 60.5),
            ("ttft_p99_ms", 63.1),
            ("tpot_p50_ms", 2.915),
            ("tpot_p99_ms", 2.98),
            ("itl_p50_ms", 2.88),
            ("itl_p99_ms", 8.75),
            ("e2e_p50_ms", 3050.0),
            ("e2e_p99_ms", 3068.0),
        ],
    ),
    (
        (1024, 1024),
        "sglang",
        At::Conc(4),
        &[
            ("gpus", 1.0),
            ("n", 24.0),
            ("wall_s", 40.0),
            ("out_tok_s", 614.4),
            ("user_tok_s", 158.7),
            ("ttft_p50_ms", 135.5),
            ("ttft_p99_ms", 201.2),
            ("tpot_p50_ms", 6.3),
            ("tpot_p99_ms", 6.45),
            ("itl_p50_ms", 6.1),
            ("itl_p99_ms", 12.3),
            ("e2e_p50_ms", 6590.0),
        ],
    ),
    (
        (1024, 1024),
        "sglang",
        At::Conc(8),
        &[
            ("gpus", 1.0),
            ("n", 3.0),
            ("errors", 1.0),
            ("short", 1.0),
            ("wall_s", 50.0),
            ("out_tok_s", 52.0),
            ("user_tok_s", 96.34),
            ("ttft_p50_ms", 390.0),
            ("ttft_p99_ms", 458.0),
            ("tpot_p50_ms", 10.38),
            ("tpot_p99_ms", 10.6),
            ("e2e_p50_ms", 11020.0),
            ("e2e_p99_ms", 11190.0),
        ],
    ),
];

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
    assert_cells(&doc, SGLANG_CELLS);
    verify_all(&dir);
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
    let today = servescope::core::basics::format::date_of_day(days as i64);
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
    // The rate sweep has the most levels: it comes first, and the link opens on it.
    assert_eq!(doc["serving"]["workloads"][0]["requestRates"], serde_json::json!([1, 2, 8]));
    // The line with max_concurrency 4 (and a bare Infinity rate) is a concurrency cell, with
    // what it achieved beside it.
    let c4 = cell(&doc, (512, 128), "s", 4);
    assert_eq!((c4["conc"].as_u64(), c4["conc_achieved"].as_f64(), c4.get("rate_rps")), (Some(4), Some(5.9), None));
    assert_eq!(c4["load_source"], "file", "the file records its load");
    verify_all(&dir);
}

#[test]
fn sharegpt_runs_of_one_dataset_at_two_rates_are_one_workload_labelled_by_their_means() {
    let dir = out_dir("sglang-sharegpt-rates");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "S",
        "--date",
        "2026-10-30",
        "--engine",
        "s",
        "--label",
        "S",
        "--gpus",
        "1",
        "sglang/sharegpt-rates.jsonl",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let doc = results(&dir);
    // 224 / 189 at 4 req/s and 225 / 192 at 8 req/s: one dataset, one workload, at the mean
    // of the runs' means; each cell keeps its own.
    let workloads = doc["serving"]["workloads"].as_array().expect("workloads");
    assert_eq!(workloads.len(), 1, "{workloads:?}");
    assert_eq!((workloads[0]["inputTokens"].as_u64(), workloads[0]["outputTokens"].as_u64()), (Some(225), Some(191)));
    assert_eq!(workloads[0]["requestRates"], serde_json::json!([4, 8]));
    let (slow, fast) = (rate_cell(&doc, (225, 191), "s", 4.0), rate_cell(&doc, (225, 191), "s", 8.0));
    assert_eq!((slow["isl_mean"].as_f64(), slow["osl_mean"].as_f64()), (Some(224.0), Some(189.0)));
    assert_eq!((fast["isl_mean"].as_f64(), fast["osl_mean"].as_f64()), (Some(225.0), Some(192.0)));
    verify_all(&dir);
}

#[test]
fn a_random_dataset_drawing_its_lengths_is_named_by_the_most_and_says_what_was_drawn() {
    let line = std::fs::read_to_string(Path::new(FIXTURES).join("sglang/sweep.jsonl")).expect("fixture");
    // Python's bare Infinity, as the tool writes it, written as the string the importer also reads.
    let first = line.lines().next().expect("a line").replace(": Infinity", ": \"inf\"");
    let mut doc: serde_json::Value = serde_json::from_str(&first).expect("JSON");
    doc["random_range_ratio"] = serde_json::json!(0.0);
    let bytes = serde_json::to_vec(&doc).expect("JSON");
    let imported = servescope::core::import::import_file("sweep.jsonl", &bytes, None).expect("reads");
    let run = &imported.runs[0];
    let (isl, osl) = (doc["random_input_len"].as_u64().expect("len"), doc["random_output_len"].as_u64().expect("len"));
    assert_eq!((run.isl.map(|l| l.tokens), run.osl.map(|l| l.tokens)), (Some(isl), Some(osl)));
    assert_eq!(
        run.caveat.as_deref(),
        Some(&*format!(
            "a random dataset with random_range_ratio 0: input lengths drawn from 1 to {isl}, output lengths from 1 to {osl}; the workload is named by the most, each cell keeps the means measured"
        ))
    );
    assert_eq!(run.output_lengths, None, "no `short`: the lengths asked for were drawn, not fixed");
}

#[test]
fn a_real_rate_sweep_with_sharegpt_runs_opens_on_its_sweep_and_keeps_sharegpt_one_workload() {
    let dir = out_dir("sglang-datacrunch");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "H200",
        "--date",
        "2024-12-14",
        "--engine",
        "s",
        "--label",
        "SGLang",
        "--gpus",
        "8",
        "sglang/datacrunch/llama_3_3_70b_online_output.jsonl",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("input lengths drawn from 1 to 1024, output lengths from 1 to 1024"), "{stderr}");
    let doc = results(&dir);
    let workloads: Vec<(u64, u64, usize)> = doc["serving"]["workloads"]
        .as_array()
        .expect("workloads")
        .iter()
        .map(|w| {
            (
                w["inputTokens"].as_u64().unwrap_or(0),
                w["outputTokens"].as_u64().unwrap_or(0),
                w["requestRates"].as_array().map_or(0, Vec::len),
            )
        })
        .collect();
    // The five-rate random sweep first (the link's default); ShareGPT's two rates one workload,
    // at the mean of their means: 269081 / 1200 = 224.2 and 540779 / 2400 = 225.3 tokens in,
    // 226901 / 1200 = 189.1 and 461874 / 2400 = 192.4 out (each rounded, then their mean).
    assert_eq!(workloads, [(1024, 1024, 5), (225, 191, 2)]);
    let slow = rate_cell(&doc, (225, 191), "s", 4.0);
    assert_eq!((slow["isl_mean"].as_f64(), slow["osl_mean"].as_f64()), (Some(224.2), Some(189.1)));
    verify_all(&dir);
}
