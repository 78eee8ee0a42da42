//! LLMPerf: summaries, a wrapper keyed by concurrency, and individual responses.

use crate::common;

use common::cli::{assert_cell, assert_cells, cell, import, out_dir, results, verify_all, At, ExpectedCell};

/// The summaries' cells: seconds become ms, and inter_token_latency (TTFT included) is
/// neither TPOT nor ITL; every request of the c64 run failed (429s): a measured 0, its NaN
/// quantiles not measured.
const LLMPERF_CELLS: &[ExpectedCell] = &[
    (
        (550, 150),
        "a",
        At::Conc(2),
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
    ),
    (
        (550, 150),
        "b",
        At::Conc(8),
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
    ),
    ((550, 150), "b", At::Conc(64), &[("n", 0.0), ("errors", 400.0), ("out_tok_s", 0.0), ("gpus", 8.0)]),
];

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
    assert_cells(&doc, LLMPERF_CELLS);
    let selection = doc["serving"]["selection"].as_str().expect("text");
    assert!(selection.contains("LLMPerf's inter_token_latency (E2E ÷ output tokens per request, TTFT included) is neither TPOT nor ITL"));
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
