//! Goodput at a reader's objective (`core::measures::goodput`), against figures worked out by hand;
//! the per-request table's own checks, each naming its file and line; and
//! `servescope-verify --goodput` as the command line prints it.

use crate::common;

use std::process::Command;

use common::cli::{import, out_dir};
use servescope::core::measures::goodput::{capacity, cell_words, evaluate, Slo, Threshold, NO_REQUESTS};
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
    assert_eq!((g.evaluated, g.good, g.not_completed, g.over), (6, 2, 2, [1, 1, 0]));
    assert_eq!(g.attainment, Some(2.0 / 6.0));
    // Per GPU over the tool's wall time: 2 ÷ 10 s ÷ 2 GPUs; (128 + 1) tokens ÷ 10 ÷ 2.
    assert_eq!((g.req_s, g.tok_s), (Some(0.1), Some(6.45)));
    assert_eq!(g.failed_most(), Some(Threshold::Ttft), "a tie goes to the first threshold");
    assert_eq!(
        cell_words(&g),
        "evaluated 6, good 2 (33.3 %), 0.1 good req/s per GPU, 6.45 good tok/s per GPU; most missed: TTFT (1 requests); 2 did not complete"
    );
    // E2E alone: 7,920 ms is the only one over 5 s.
    let e2e = evaluate(&Slo::parse("e2el:5000").expect("slo"), &cell(Some(10.0), Some(2.0)), &runs);
    assert_eq!((e2e.good, e2e.over), (3, [0, 0, 1]));
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
    assert_eq!(g.note.as_deref(), Some("the tool records no output tokens, so no TPOT: goodput at a TPOT threshold is not measured"));
    let g = evaluate(&Slo::parse("ttft:450").expect("slo"), &cell(Some(3.0), None), &runs);
    assert_eq!((g.good, g.req_s, g.tok_s, g.per_gpu), (1, Some(1.0 / 3.0), None, false), "a run stating no GPUs: per endpoint");
}

#[test]
fn a_sampled_cell_has_its_attainment_and_no_rates() {
    let table = rows(SIX);
    let runs: Vec<_> = table.cells.iter().collect();
    let sampled = Cell { requests_sampled: true, ..cell(Some(10.0), Some(1.0)) };
    let g = evaluate(&Slo::parse("ttft:500").expect("slo"), &sampled, &runs);
    assert_eq!((g.attainment, g.req_s, g.tok_s), (Some(3.0 / 6.0), None, None));
}

#[test]
fn capacity_is_the_highest_level_with_every_lower_one_meeting_the_target_never_interpolated() {
    let points = [(1.0, Some(0.99)), (2.0, Some(0.95)), (4.0, None), (8.0, Some(0.91)), (16.0, Some(0.85)), (32.0, Some(0.95))];
    let c = capacity(&points, 0.9);
    assert_eq!((c.highest, c.first_miss), (Some(8.0), Some(16.0)), "32 meets it again, but 16 already missed; 4 was not measured");
    let c = capacity(&[(1.0, Some(0.5))], 0.9);
    assert_eq!((c.highest, c.first_miss), (None, Some(1.0)));
    let c = capacity(&[(1.0, Some(0.9)), (2.0, Some(1.0))], 0.9);
    assert_eq!((c.highest, c.first_miss), (Some(2.0), None), "exactly the target meets it");
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
    // One good request and its 4 tokens over the run's 0.2012 s, on 1 GPU.
    assert_eq!((g["req_s"].as_f64(), g["tok_s"].as_f64()), (Some(1.0 / 0.2012), Some(4.0 / 0.2012)));
    assert_eq!(doc["goodput_slo"], "ttft:100,tpot:10.5");
    let out = Command::new(env!("CARGO_BIN_EXE_servescope-verify"))
        .args([results, "--goodput", "ttft:100,tpot:10.5", "--attain", "30"])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("goodput at TTFT ≤ 100 ms and TPOT ≤ 10.5 ms (attainment target 30 %):"), "{text}");
    assert!(text.contains("  serving.workloads[0].rows[0].cells[0] v c2: evaluated 3, good 1 (33.3 %), 4.97 good req/s per GPU"), "{text}");
    assert!(text.contains("capacity v 32x4: ≥ 30 % of requests good at every measured level, up to c2"), "{text}");
    // A study without requests says so, and how the tools write them.
    let seed = concat!(env!("CARGO_MANIFEST_DIR"), "/data/qwen3.8-flash-next-mi350p-2026-10-30.json");
    let out = Command::new(env!("CARGO_BIN_EXE_servescope-verify")).args([seed, "--goodput", "ttft:500"]).output().expect("runs");
    assert!(String::from_utf8_lossy(&out.stdout).contains(NO_REQUESTS));
    let doc = verify_json(seed, &["--goodput", "ttft:500"]);
    assert_eq!((doc["goodput"].as_array().map(Vec::len), doc["goodput_note"].as_str()), (Some(0), Some(NO_REQUESTS)));
    let out = Command::new(env!("CARGO_BIN_EXE_servescope-verify")).args([seed, "--attain", "90"]).output().expect("runs");
    assert_eq!(out.status.code(), Some(2), "--attain needs --goodput");
}
