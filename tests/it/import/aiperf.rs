//! AIPerf and GenAI-Perf: nested, flat and 0.8 exports, telemetry power, display names,
//! non-streaming runs.

use crate::common;

use serde_json::Value;

use common::cli::{assert_cell, assert_cells, cell, import, out_dir, results, verify_all, At, ExpectedCell};

/// The cells of AIPerf's nested export (engine `a`, 1 GPU, no ITL) and its flat export
/// (engine `b`, 2 GPUs, with telemetry power: per GPU, and tokens/s per kW from it).
const AIPERF_CELLS: &[ExpectedCell] = &[
    (
        (1024, 1024),
        "a",
        At::Conc(2),
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
    ),
    (
        (1024, 1024),
        "b",
        At::Conc(8),
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
    ),
];

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
    assert_cells(&doc, AIPERF_CELLS);
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
    assert!(stderr.contains("placed at c8, the concurrency given by --conc (the publisher's word, not the file's)"), "{stderr}");
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
        stderr.contains(
            "engine `t`: the nominal output length (--osl N): GenAI-Perf does not record it; its requests averaged 256 output tokens"
        ),
        "an empty mean is not a length of 0: {stderr}"
    );
    let mut args = base.to_vec();
    args.extend(["--osl", "256", file]);
    let (code, _, stderr) = import(&args);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(cell(&results(&dir), (2048, 256), "t", 4)["out_tok_s"].as_f64(), Some(64.0));
}

#[test]
fn aiperf_0_8_agentic_records_import_alone_and_with_their_summary_the_warm_up_left_out() {
    let jsonl = "aiperf/agentic-0.8/profile_export.jsonl";
    let summary = "aiperf/agentic-0.8/profile_export_aiperf.json";
    let dir = out_dir("aiperf-agentic");
    let out = |name: &str| dir.join(name).to_str().expect("utf-8").to_owned();
    let base = |d: &str| {
        vec![
            "--out".to_owned(),
            d.to_owned(),
            "--title".into(),
            "A".into(),
            "--engine".into(),
            "k".into(),
            "--label".into(),
            "K".into(),
            "--gpus".into(),
            "4".into(),
        ]
    };
    // Alone, at the concurrency the publisher gives: 195 requests, the one warm-up record left
    // out (and said on the file's line), the workload named by the replayed trace's means.
    let mut args = base(&out("alone"));
    args.extend(["--conc".into(), "1".into(), jsonl.into()]);
    let (code, stdout, stderr) = import(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("profile_export.jsonl: AIPerf, 1 run read, 1 placed, 1 warm-up record left out (not counted)"), "{stdout}");
    let doc = results(&dir.join("alone"));
    let w = &doc["serving"]["workloads"][0];
    assert_eq!((w["inputTokens"].as_u64(), w["outputTokens"].as_u64()), (Some(97032), Some(1092)), "the requests' means");
    let c = cell(&doc, (97032, 1092), "k", 1);
    // The tool's own TTFT p50 (2,148.04 ms in its summary), from the 195 profiling records.
    assert_eq!(
        (c["n"].as_f64(), c["errors"].as_f64(), c["ttft_p50_ms"].as_f64(), c["requests"].as_f64()),
        (Some(195.0), Some(0.0), Some(2148.0), Some(195.0))
    );
    assert_eq!(c["load_source"], "publisher");
    verify_all(&dir.join("alone"));
    // Beside its summary: one run, the summary's figures, the requests joined by their counts.
    let mut args = base(&out("pair"));
    args.extend([summary.into(), jsonl.into()]);
    let (code, stdout, stderr) = import(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("1 paired with the summary beside it"), "{stdout}");
    let doc = results(&dir.join("pair"));
    let c = cell(&doc, (97032, 1092), "k", 1);
    assert_eq!(
        (c["n"].as_f64(), c["ttft_p50_ms"].as_f64(), c["ttft_p99_ms"].as_f64(), c["requests"].as_f64()),
        (Some(195.0), Some(2148.0), Some(92946.0), Some(195.0))
    );
    // The endpoint's 58.68 output tok/s over 4 GPUs.
    assert_eq!((c["out_tok_s"].as_f64(), c["load_source"].as_str()), (Some(14.67), Some("file")));
    verify_all(&dir.join("pair"));
    // The publisher's lengths, when given, are the workload's.
    let mut args = base(&out("given"));
    args.extend(["--isl".into(), "100000".into(), "--osl".into(), "1000".into(), summary.into(), jsonl.into()]);
    let (code, _, stderr) = import(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{stderr}");
    assert!(cell(&results(&dir.join("given")), (100000, 1000), "k", 1).is_object());
}

#[test]
fn a_record_the_tool_cancelled_did_not_complete_and_did_not_fail() {
    let text = std::fs::read_to_string(std::path::Path::new(common::cli::FIXTURES).join("aiperf/agentic-0.8/profile_export.jsonl"))
        .expect("fixture");
    let mut lines: Vec<serde_json::Value> = text.lines().take(4).map(|l| serde_json::from_str(l).expect("JSON")).collect();
    lines[3]["metadata"]["was_cancelled"] = serde_json::json!(true);
    let bytes: Vec<u8> = lines.iter().map(|l| serde_json::to_string(l).expect("JSON") + "\n").collect::<String>().into_bytes();
    let imported = servescope::core::import::read_file("profile_export.jsonl", &bytes, None).expect("reads");
    let run = &imported.runs[0];
    assert_eq!((run.n, run.errors, imported.warmup), (Some(2.0), Some(0.0), 1), "one warm-up, two completed, one cancelled");
    let statuses: Vec<_> = run.requests.as_ref().expect("requests").list.iter().map(|r| r.status).collect();
    assert_eq!(
        statuses,
        [
            servescope::core::measures::requests::Status::Ok,
            servescope::core::measures::requests::Status::Ok,
            servescope::core::measures::requests::Status::Cancelled
        ]
    );
}
