//! Goodput at a reader's objective (`core::measures::goodput`), against figures worked out by hand;
//! the per-request table's own checks, each naming its file and line; and
//! `servescope-verify --goodput` as the command line prints it.

use crate::common;

use std::process::Command;

use common::cli::{import, out_dir};
use servescope::core::basics::stats::wilson95;
use servescope::core::measures::goodput::{
    capacity, capacity_words, cell_words, evaluate, LevelPoint, Slo, Threshold, Verdict, NO_REQUESTS,
};
use servescope::core::measures::requests::{check_table, RequestTable, HEADER};
use servescope::core::study::model::Cell;

/// A table of one cell (`1024x128` at c8) from rows after the header.
fn rows(text: &str) -> RequestTable {
    RequestTable::parse(format!("{HEADER}\n{text}").as_bytes()).expect("a table")
}

fn cell(wall_s: Option<f64>, gpus: Option<f64>) -> Cell {
    Cell { conc: Some(8), wall_s, gpus, requests: Some(6.0), ..Cell::default() }
}

// Six requests: TTFT / TPOT / E2E in µs, output tokens, status.
const SIX: &str = "\
1024x128,8,,0,400000,20000,2940000,1024,128,ok,
1024x128,8,,100,600000,20000,3140000,1024,128,ok,
1024x128,8,,200,300000,60000,7920000,1024,128,ok,
1024x128,8,,300,450000,,450000,1024,1,ok,
1024x128,8,,400,,,,1024,,failed,HTTP 500
1024x128,8,,500,,,,1024,,cancelled,
";

#[test]
fn a_request_is_good_when_it_completed_and_meets_every_threshold_it_has_a_measure_for() {
    let table = rows(SIX);
    let runs: Vec<_> = table.cells.iter().collect();
    let slo = Slo::parse("ttft:500,tpot:50").expect("an objective");
    let g = evaluate(&slo, &cell(Some(10.0), Some(2.0)), &runs);
    // Good: the first (400 ms, 20 ms) and the one-token request (450 ms, no TPOT to judge).
    // Over: the second's TTFT (600), the third's TPOT (60). Failed and cut off: evaluated, not good.
    assert_eq!((g.evaluated, g.good, g.not_completed, g.over), (6, Some(2), 2, [1, 1, 0]));
    assert_eq!(g.attainment, Some(2.0 / 6.0));
    assert_eq!(g.interval, wilson95(2, 6), "over every request evaluated, failed and cut off included");
    assert_eq!(g.missed(), Some(vec![("ttft", 1), ("tpot", 1), ("not_completed", 2)]), "the thresholds given, then not completed");
    // Per GPU over the tool's wall time: 2 ÷ 10 s ÷ 2 GPUs; (128 + 1) tokens ÷ 10 ÷ 2.
    assert_eq!((g.req_s, g.tok_s), (Some(0.1), Some(6.45)));
    assert_eq!(g.failed_most(), Some(Threshold::Ttft), "a tie goes to the first threshold");
    assert_eq!(
        cell_words(&g, 0.9),
        "evaluated 6, good 2 (33.3 %, 95 % interval 9.7–70.0 %: misses ≥ 90 % of requests good), 0.1 good req/s per GPU, 6.45 good tok/s per GPU; missed: over TTFT 1, TPOT 1; 2 did not complete"
    );
    // E2E alone: 7,920 ms is the only one over 5 s.
    let e2e = evaluate(&Slo::parse("e2el:5000").expect("slo"), &cell(Some(10.0), Some(2.0)), &runs);
    assert_eq!((e2e.good, e2e.over), (Some(3), [0, 0, 1]));
    assert_eq!(e2e.missed(), Some(vec![("e2el", 1), ("not_completed", 2)]), "a threshold's key only when it is given");
}

#[test]
fn without_a_wall_time_the_span_of_the_requests_is_the_duration_and_without_tokens_no_tpot_goodput() {
    let table = rows(SIX);
    let runs: Vec<_> = table.cells.iter().collect();
    let g = evaluate(&Slo::parse("ttft:1000").expect("slo"), &cell(None, Some(1.0)), &runs);
    // Completed requests only: sent at 0 … 300 ms, the last answered at 200 + 7,920 ms.
    assert_eq!(g.req_s, Some(4.0 / 8.12));
    let no_tokens = rows("1024x128,8,,0,400000,,2940000,1024,,ok,\n1024x128,8,,10,500000,,3000000,1024,,ok,\n");
    let runs: Vec<_> = no_tokens.cells.iter().collect();
    let g = evaluate(&Slo::parse("tpot:50").expect("slo"), &cell(Some(3.0), Some(1.0)), &runs);
    assert_eq!((g.attainment, g.req_s), (None, None), "not measured, never a guess");
    assert_eq!((g.good, g.interval, g.missed(), g.verdict(0.9)), (None, None, None, None), "not measured is never a 0");
    assert_eq!(g.note.as_deref(), Some("the tool records no output tokens, so no TPOT: goodput at a TPOT threshold is not measured"));
    assert!(cell_words(&g, 0.9).starts_with("evaluated 2, good not measured, "), "{}", cell_words(&g, 0.9));
    let g = evaluate(&Slo::parse("ttft:450").expect("slo"), &cell(Some(3.0), None), &runs);
    assert_eq!((g.good, g.req_s, g.tok_s, g.per_gpu), (Some(1), Some(1.0 / 3.0), None, false), "a run stating no GPUs: per endpoint");
}

#[test]
fn a_sampled_cell_has_its_attainment_and_no_rates() {
    let table = rows(SIX);
    let runs: Vec<_> = table.cells.iter().collect();
    let sampled = Cell { requests_sampled: true, ..cell(Some(10.0), Some(1.0)) };
    let g = evaluate(&Slo::parse("ttft:500").expect("slo"), &sampled, &runs);
    assert_eq!((g.attainment, g.req_s, g.tok_s), (Some(3.0 / 6.0), None, None));
}

/// Levels `(level, good, evaluated)` as the capacity rule takes them.
fn levels(points: &[(f64, usize, usize)]) -> Vec<LevelPoint> {
    points.iter().map(|&(level, good, n)| (level, format!("c{level}"), wilson95(good, n))).collect()
}

#[test]
fn capacity_is_the_highest_level_whose_interval_meets_the_target_never_interpolated() {
    // 100 requests a level: 99 → 94.6–99.8 % meets 90 %; 91 → 83.8–95.2 % is indeterminate;
    // 80 → 71.1–86.7 % misses; 4 is not measured; 99 of 100 again at 32 meets it.
    let points = levels(&[(1.0, 99, 100), (2.0, 98, 100), (8.0, 91, 100), (16.0, 80, 100), (32.0, 99, 100)]);
    let mut with_gap = points.clone();
    with_gap.push((4.0, "c4".into(), None));
    let c = capacity(&with_gap, 0.9);
    assert_eq!(c.highest, Some(32.0), "the highest level that meets it, whatever lies below");
    let below: Vec<(f64, Verdict)> = c.short_below().iter().map(|l| (l.level, l.judged.expect("judged").1)).collect();
    assert_eq!(below, [(8.0, Verdict::Indeterminate), (16.0, Verdict::Misses)], "4 was not measured: passed over");
    assert_eq!(
        capacity_words(&c, 0.9),
        "≥ 90 % of requests good up to c32 (94.6–99.8 %); below it, c8 indeterminate (83.8–95.2 %), c16 misses (71.1–86.7 %)"
    );
    // Higher indeterminate levels are said, and the first that misses.
    let c = capacity(&levels(&[(1.0, 400, 400), (16.0, 366, 400), (32.0, 300, 400)]), 0.9);
    assert_eq!((c.highest, c.indeterminate_above().len()), (Some(1.0), 1));
    assert_eq!(
        capacity_words(&c, 0.9),
        "≥ 90 % of requests good up to c1 (99.0–100.0 %); c16 indeterminate (88.4–93.9 %): more requests would decide; c32 misses (70.5–79.0 %)"
    );
    let c = capacity(&levels(&[(1.0, 50, 100)]), 0.9);
    assert_eq!(c.highest, None);
    assert_eq!(capacity_words(&c, 0.9), "≥ 90 % of requests good at no measured level: already below at c1 (40.4–59.6 %)");
    let c = capacity(&levels(&[(1.0, 9, 10)]), 0.9);
    assert_eq!(
        capacity_words(&c, 0.9),
        "≥ 90 % of requests good: no measured level surely meets it; c1 indeterminate (59.6–98.2 %): more requests would decide"
    );
    let c = capacity(&[(1.0, "c1".into(), None)], 0.9);
    assert_eq!(capacity_words(&c, 0.9), "≥ 90 % of requests good: not measured at any level");
}

#[test]
fn a_verdict_reads_the_interval_against_the_target() {
    assert_eq!(Verdict::of((0.91, 0.97), 0.9), Verdict::Meets);
    assert_eq!(Verdict::of((0.9, 0.97), 0.9), Verdict::Meets, "a low end at the target meets it");
    assert_eq!(Verdict::of((0.80, 0.89), 0.9), Verdict::Misses);
    assert_eq!(Verdict::of((0.88, 0.94), 0.9), Verdict::Indeterminate);
    assert_eq!([Verdict::Meets.json(), Verdict::Misses.json(), Verdict::Indeterminate.json()], ["yes", "no", "indeterminate"]);
}

#[test]
fn objectives_are_read_as_vllm_writes_them_and_bad_ones_say_why() {
    let slo = Slo::parse("ttft:500 tpot:50").expect("vLLM's --goodput form");
    assert_eq!((slo.ttft_ms, slo.tpot_ms, slo.e2el_ms), (Some(500.0), Some(50.0), None));
    assert_eq!(slo.to_string(), "ttft:500,tpot:50");
    assert_eq!(slo.words(), "TTFT ≤ 500 ms and TPOT ≤ 50 ms");
    for (text, why) in [
        ("ttft", "`ttft` is not KEY:MS (ttft, tpot or e2el, in ms)"),
        ("itl:5", "`itl` is not ttft, tpot or e2el"),
        ("ttft:-1", "ttft: `-1` is not a number of ms > 0"),
        ("ttft:1,ttft:2", "ttft is given twice"),
        ("", "no threshold given: expected ttft:MS, tpot:MS or e2el:MS"),
    ] {
        assert_eq!(Slo::parse(text).err().as_deref(), Some(why), "{text}");
    }
}

#[test]
fn a_table_names_each_problem_by_line() {
    let bad =
        format!("{HEADER}\n1024x128,8,,0,400000,,300000,1,2,ok,\n1024x128,8,,-5,1,,2,1,2,ok,\n1024x128,8,,0,1,,2,1,2,done,\n1024x128,8\n");
    let problems = RequestTable::parse(bad.as_bytes()).expect_err("four bad rows");
    let said: Vec<(usize, &str)> = problems.iter().map(|p| (p.line, p.message.as_str())).collect();
    assert_eq!(
        said,
        [
            (2, "TTFT 400 ms is after the request's end, E2E 300 ms"),
            (3, "start_ms is negative"),
            (4, "status `done` is not ok, failed or cancelled"),
            (5, &format!("2 fields; every row has 11 ({HEADER})")[..]),
        ]
    );
    let header = RequestTable::parse(b"a,b\n").expect_err("not the header");
    assert_eq!(header[0].line, 1);
}

#[test]
fn a_table_whose_rows_do_not_count_what_the_cell_says_is_refused_at_the_cell() {
    let results = common::check(
        &std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/data/requests/aiperf-example/results.json")).expect("bundled"),
        &[],
    )
    .results
    .expect("valid");
    // One completed request too few, and rows for a cell the study does not have.
    let table = rows("550x250,100,,0,1,,2,550,2,ok,\n550x250,64,,0,1,,2,550,2,ok,\n");
    let findings: Vec<String> = check_table(&results, "endpoint", "t.csv.gz", &table).iter().map(ToString::to_string).collect();
    assert_eq!(
        findings,
        [
            "error t.csv.gz line 2: 1 ok rows, but the cell at serving.workloads[0].rows[0].cells[0] has n 89",
            "error t.csv.gz line 2: 0 failed rows, but the cell at serving.workloads[0].rows[0].cells[0] has errors 11",
            "error t.csv.gz line 3: rows for workload 550x250 at level 64, where engine `endpoint` has no cell",
            "error serving.workloads[0].rows[0].cells[0].requests: 100 requests, but t.csv.gz has 1 rows for it",
        ]
    );
}

/// servescope-verify's JSON for a study at an objective.
fn verify_json(results: &str, args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_servescope-verify")).arg(results).args(args).arg("--json").output().expect("runs");
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn the_command_line_prints_goodput_per_cell_and_the_capacity_at_the_target() {
    let dir = out_dir("goodput-cli");
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
    let results = dir.join("results.json");
    let results = results.to_str().expect("utf-8");
    // 92.1 ms / 10.067 ms meets it; 103.4 ms does not; the failed request is evaluated, not good.
    let doc = verify_json(results, &["--goodput", "ttft:100,tpot:10.5"]);
    let g = &doc["goodput"][0];
    assert_eq!(
        (g["path"].as_str(), g["engine"].as_str(), g["load"].as_f64()),
        (Some("serving.workloads[0].rows[0].cells[0]"), Some("v"), Some(2.0))
    );
    assert_eq!((g["evaluated"].as_u64(), g["good"].as_u64(), g["attainment"].as_f64()), (Some(3), Some(1), Some(1.0 / 3.0)));
    let (lo, hi) = wilson95(1, 3).expect("an interval");
    assert_eq!((g["attainment_ci"][0].as_f64(), g["attainment_ci"][1].as_f64(), g["meets"].as_str()), (Some(lo), Some(hi), Some("no")));
    // One good request and its 4 tokens over the run's 0.2012 s, on 1 GPU.
    assert_eq!((g["req_s"].as_f64(), g["tok_s"].as_f64()), (Some(1.0 / 0.2012), Some(4.0 / 0.2012)));
    assert_eq!(doc["goodput_slo"], "ttft:100,tpot:10.5");
    let out = Command::new(env!("CARGO_BIN_EXE_servescope-verify"))
        .args([results, "--goodput", "ttft:100,tpot:10.5", "--attain", "30"])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("goodput at TTFT ≤ 100 ms and TPOT ≤ 10.5 ms (attainment target 30 %):"), "{text}");
    assert!(
        text.contains("  serving.workloads[0].rows[0].cells[0] v c2: evaluated 3, good 1 (33.3 %, 95 % interval 6.1–79.2 %: indeterminate ≥ 30 % of requests good), 4.97 good req/s per GPU"),
        "{text}"
    );
    assert!(text.contains("capacity v 32x4: ≥ 30 % of requests good: no measured level surely meets it; c2 indeterminate (6.1–79.2 %): more requests would decide"), "{text}");
    // A study without requests says so, and how the tools write them.
    let seed = concat!(env!("CARGO_MANIFEST_DIR"), "/data/qwen3.8-flash-next-mi350p-2026-10-30.json");
    let out = Command::new(env!("CARGO_BIN_EXE_servescope-verify")).args([seed, "--goodput", "ttft:500"]).output().expect("runs");
    assert!(String::from_utf8_lossy(&out.stdout).contains(NO_REQUESTS));
    let doc = verify_json(seed, &["--goodput", "ttft:500"]);
    assert_eq!((doc["goodput"].as_array().map(Vec::len), doc["goodput_note"].as_str()), (Some(0), Some(NO_REQUESTS)));
    for flag in ["--attain", "--kwh-price", "--gpu-hour-price", "--pue"] {
        let out = Command::new(env!("CARGO_BIN_EXE_servescope-verify")).args([seed, flag, "2"]).output().expect("runs");
        assert_eq!(out.status.code(), Some(2), "{flag} needs --goodput");
        assert!(String::from_utf8_lossy(&out.stderr).contains(&format!("{flag} needs --goodput")));
    }
}

#[test]
fn the_bundled_aiperf_run_at_the_worked_objective_gives_its_interval_verdict_and_misses() {
    let results = concat!(env!("CARGO_MANIFEST_DIR"), "/data/requests/aiperf-example/results.json");
    let doc = verify_json(results, &["--goodput", "ttft:2500,e2el:9200"]);
    let g = &doc["goodput"][0];
    assert_eq!((g["evaluated"].as_u64(), g["good"].as_u64(), g["attainment"].as_f64()), (Some(100), Some(46), Some(0.46)));
    let ci: Vec<f64> = g["attainment_ci"].as_array().expect("an interval").iter().filter_map(serde_json::Value::as_f64).collect();
    assert_eq!(ci.iter().map(|v| (v * 1000.0).round() / 1000.0).collect::<Vec<_>>(), [0.366, 0.557]);
    assert_eq!(g["meets"], "no");
    assert_eq!(g["missed"], serde_json::json!({ "ttft": 43, "e2el": 24, "not_completed": 11 }), "TPOT is not given: no key");
    // No level meets 90 %: the capacity row says so with nulls, never a figure.
    let cap = &doc["capacity"][0];
    assert_eq!((cap["engine"].as_str(), cap["workload"].as_str(), cap["load"].is_null()), (Some("endpoint"), Some("550x250"), true));
    assert!(cap["good_tok_s_per_gpu"].is_null() && cap["usd_per_mtok"].is_null());
    // At 40 % it meets: the run states no GPUs, so there is no per-GPU figure, nor a cost per GPU-hour.
    let doc = verify_json(results, &["--goodput", "ttft:2500,e2el:9200", "--attain", "35", "--gpu-hour-price", "2"]);
    let cap = &doc["capacity"][0];
    assert_eq!((cap["load"].as_f64(), cap["good_tok_s_per_gpu"].is_null(), cap["usd_per_mtok"].is_null()), (Some(100.0), true, true));
}
