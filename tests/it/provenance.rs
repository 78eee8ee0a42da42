//! Provenance through the library and through the `servescope-verify` binary, on the
//! bundled study (no raw files shipped) and on the fixture bundle (one source matching,
//! one tampered, one absent, one remote, and a sweep with one disagreeing cell).

use crate::common;

use std::process::Command;

use common::{bundled, check, read};
use serde_json::Value;
use servescope::core::provenance::{check_bytes, citations, recompute, SourceStatus};

const VERIFY: &str = env!("CARGO_BIN_EXE_servescope-verify");
const BUNDLED: &str = "data/qwen3.8-flash-next-mi350p-2026-10-30.json";
const FIXTURE: &str = "tests/fixtures/provenance/results.json";

fn run(args: &[&str]) -> (i32, String) {
    let out = Command::new(VERIFY).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().expect("binary runs");
    (out.status.code().expect("exit code"), String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr))
}

#[test]
fn every_bundled_source_is_cited_and_the_sweeps_cite_the_right_cells() {
    let results = check(&bundled(), &[]).results.expect("valid");
    let cited = citations(&results);
    assert_eq!(cited.len(), 17);
    assert!(cited.values().all(|c| !c.is_empty()), "the bundled file has no uncited source");
    // Paiton c1–c16 come from sweep-paiton.jsonl, c32–c64 from sweep-paiton-c3264.jsonl, in 3 workloads.
    assert_eq!(cited["sweep-paiton.jsonl"].len(), 15);
    assert_eq!(cited["sweep-paiton-c3264.jsonl"].len(), 6);
    assert_eq!(cited["sweep-paiton.jsonl"][0].what, "serving ISL 1024 / OSL 1024 · paiton · c1");
    assert_eq!(cited["weight-model-card.md"][0].path, "weightAccuracy.source");
    let sweeps: Vec<&str> = servescope::core::provenance::sweep_sources(&results).into_iter().collect();
    assert_eq!(
        sweeps,
        [
            "sweep-paiton-c3264.jsonl",
            "sweep-paiton.jsonl",
            "sweep-sglang-mtp16.jsonl",
            "sweep-sglang-mtp8.jsonl",
            "sweep-sglang-no-mtp.jsonl",
            "sweep-vllm-c3264.jsonl",
            "sweep-vllm.jsonl",
        ]
    );
}

#[test]
fn the_fixture_sweep_reproduces_one_cell_and_names_the_other() {
    let results = check(&read(FIXTURE), &[]).results.expect("valid");
    let sweep = read("tests/fixtures/provenance/sweep.jsonl");
    let expected = &results.sources()[2].sha256;
    assert_eq!(check_bytes("sweep.jsonl", expected, &sweep), SourceStatus::Verified);
    let r = recompute(&results, "sweep.jsonl", &sweep, &|_, _| None);
    assert_eq!((r.cells, r.matched), (2, 1));
    assert_eq!(r.mismatches[0].path, "serving.workloads[0].rows[0].cells[2]");
    assert_eq!(r.mismatches[0].reason, "`out_tok_s` is 900 but the line gives 905.2");
    assert_eq!(r.to_string(), "1 of 2 cells match their source line");
}

#[test]
fn the_bundled_file_reports_17_unavailable_and_exits_0() {
    let (code, out) = run(&[BUNDLED]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.matches("UNAVAILABLE ").count(), 17, "{out}");
    assert!(out.contains("17 sources · 0 verified · 0 mismatched · 17 unavailable"), "{out}");
    assert!(out.contains("verdict: valid · sources not published, not verified — valid with 0 warnings; 17 sources: 0 verified, 0 mismatched, 17 unavailable"), "{out}");
    let (code, _) = run(&[BUNDLED, "--require-all"]);
    assert_eq!(code, 1, "--require-all fails when sources are unavailable");
}

#[test]
fn the_fixture_bundle_reports_each_status_and_exits_1() {
    let (code, out) = run(&[FIXTURE]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("VERIFIED alpha.json — sha256 matches"), "{out}");
    assert!(out.contains("MISMATCH beta.json — expected sha256 e2a9dd7c"), "{out}");
    assert!(out.contains("UNAVAILABLE absent.json — not found in"), "{out}");
    assert!(out.contains("NOT CHECKED https://example.org/weights/model-card.md — remote"), "{out}");
    assert!(out.contains("recompute sweep.jsonl: 1 of 2 cells match their source line"), "{out}");
    assert!(out.contains("5 sources · 2 verified · 1 mismatched · 1 unavailable · 1 not checked"), "{out}");
    assert!(out.contains("verdict: fail — 1 source mismatched (beta.json); 1 of 2 cells disagree with their sweep"), "{out}");
}

#[test]
fn help_goes_to_stdout_and_exits_0() {
    let out = Command::new(VERIFY).arg("--help").output().expect("runs");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("usage: servescope-verify RESULTS.json"));
    assert!(out.stderr.is_empty());
}

/// The page drives the same policy with fetched bytes: the same statuses, cells and verdict
/// sentence as the command line for the same files.
#[test]
fn the_shared_policy_gives_the_command_lines_verdict() {
    use servescope::core::provenance::Verification;
    let results = check(&read(FIXTURE), &[]).results.expect("valid");
    let mut verification = Verification::new(&results);
    for job in verification.jobs().to_vec() {
        let path = format!("{}/tests/fixtures/provenance/{}", env!("CARGO_MANIFEST_DIR"), job.file);
        let (status, bytes) = match std::fs::read(path) {
            Ok(bytes) => (check_bytes(&job.file, &job.sha256, &bytes), Some(bytes)),
            Err(_) => (SourceStatus::not_found("not found"), None),
        };
        verification.record(&job, status, bytes);
    }
    let report = verification.finish(&results, 0, 0, &|f, b, e, l| Some(servescope::core::import::rederive(f, b, e, l)));
    assert_eq!(report.cells(), (2, 1));
    let verdict = report.verdict(false);
    assert!(!verdict.pass);
    let (_, out) = run(&[FIXTURE]);
    assert!(out.contains(&format!("verdict: {}", verdict.sentence)), "{out}\n{}", verdict.sentence);
}

#[test]
fn json_output_carries_the_same_content() {
    let (code, out) = run(&[FIXTURE, "--json"]);
    assert_eq!(code, 1);
    let report: Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(report["exit_code"], 1);
    assert_eq!(report["summary"]["verified"], 2);
    assert_eq!(report["summary"]["cells_matched"], 1);
    let statuses: Vec<&str> = report["sources"].as_array().expect("sources").iter().map(|s| s["status"].as_str().unwrap_or("")).collect();
    assert_eq!(statuses, ["verified", "mismatch", "verified", "unavailable", "not checked"]);
    assert_eq!(report["recomputation"][0]["mismatches"][0]["path"], "serving.workloads[0].rows[0].cells[2]");
}

#[test]
fn an_invalid_file_exits_1_and_bad_usage_or_an_unreadable_file_exits_2() {
    let dir = std::env::temp_dir().join(format!("servescope-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let invalid = dir.join("short.json");
    let doc = common::mutate(common::minimal(), &[common::Edit::Set("/decode/rows/0/values", serde_json::json!([1.0, 2.0]))]);
    std::fs::write(&invalid, serde_json::to_vec(&doc).expect("json")).expect("written");
    let (code, out) = run(&[invalid.to_str().expect("utf-8 path")]);
    assert_eq!(code, 1);
    assert!(out.contains("error decode.rows[0].values: expected 3 values (one per concurrency level), found 2"), "{out}");
    assert!(out.contains("verdict: fail — 1 validation error"), "{out}");
    let (code, _) = run(&["tests/fixtures/bad/not-json.json"]);
    assert_eq!(code, 1, "a file that opens but is not JSON is a validation error");
    assert_eq!(run(&["no/such/file.json"]).0, 2);
    assert_eq!(run(&[]).0, 2);
    assert_eq!(run(&[BUNDLED, "--bogus"]).0, 2);
    let (code, _) = run(&[BUNDLED, "--sources", "tests/fixtures/provenance"]);
    assert_eq!(code, 0, "--sources names the folder; the bundled sources are still unavailable there");
}

const RATE: &str = "tests/fixtures/rate/results.json";

#[test]
fn a_rate_sweep_with_repeats_a_burst_and_an_all_failed_cell_verifies() {
    let (code, out) = run(&[RATE, "--require-all"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("recompute sweep-alpha.jsonl: 8 of 8 cells match their source line"), "{out}");
    assert!(out.contains("recompute sweep-beta.jsonl: 6 of 6 cells match their source line"), "{out}");
}

/// A copy of the rate fixture in a fresh folder with one trial line edited and the
/// sweep's published sha256 updated to the edited bytes, so only recomputation can tell.
fn tampered_rate_copy() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("servescope-rate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let sweep = String::from_utf8(read("tests/fixtures/rate/sweep-alpha.jsonl")).expect("utf-8");
    let edited = sweep.replacen(
        "\"trial\": 1, \"n\": 200, \"errors\": 0, \"gpus\": 1, \"out_tok_s\": 915.8",
        "\"trial\": 1, \"n\": 200, \"errors\": 0, \"gpus\": 1, \"out_tok_s\": 800.0",
        1,
    );
    assert_ne!(edited, sweep, "the trial line was found");
    std::fs::write(dir.join("sweep-alpha.jsonl"), &edited).expect("write sweep");
    std::fs::copy(format!("{}/tests/fixtures/rate/sweep-beta.jsonl", env!("CARGO_MANIFEST_DIR")), dir.join("sweep-beta.jsonl"))
        .expect("copy");
    let mut doc: Value = serde_json::from_slice(&read(RATE)).expect("json");
    doc["sources"][0]["sha256"] = Value::String(servescope::core::provenance::sha256_hex(edited.as_bytes()));
    std::fs::write(dir.join("results.json"), serde_json::to_vec_pretty(&doc).expect("json")).expect("write results");
    dir
}

#[test]
fn a_tampered_trial_fails_verification_naming_the_cell() {
    let dir = tampered_rate_copy();
    let results = dir.join("results.json");
    let (code, out) = run(&[results.to_str().expect("path"), "--require-all"]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("serving.workloads[1].rows[0].cells[1]"), "the 3-trial cell is named: {out}");
    assert!(out.contains("median of its 3 trials"), "{out}");
}
