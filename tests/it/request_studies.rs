//! Whole studies with per-request tables: failures outnumbering completions, lengths given
//! per file, the bundled AIPerf run, the page's order of checks, and a study written before
//! the measured means were read.

use crate::common;

use std::path::Path;

use common::cli::{cell, import, out_dir, results, verify_all};
use servescope::core::measures::requests::{gunzip, RequestTable};

use crate::requests::{table, verify, DATA};

#[test]
fn a_run_with_more_failed_than_completed_requests_imports_and_verifies() {
    let dir = out_dir("requests-mostly-failed");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) =
        import(&["--out", d, "--title", "L", "--engine", "l", "--label", "L", "--gpus", "8", "llmperf/mostly-failed_summary.json"]);
    assert_eq!(code, 0, "{stderr}");
    let c = cell(&results(&dir), (550, 150), "l", 32).clone();
    assert_eq!((c["n"].as_f64(), c["errors"].as_f64()), (Some(53.0), Some(97.0)));
    verify_all(&dir);
}

#[test]
fn lengths_given_for_a_file_never_relabel_a_dataset_that_measured_its_own() {
    let dir = out_dir("requests-mixed-datasets");
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
        "--isl",
        "512",
        "--osl",
        "128",
        "sglang/datasets.jsonl",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("run_number"), "runs of two datasets are never called repeated runs: {stderr}");
    assert!(
        stderr.contains("sglang/datasets.jsonl line 2: --isl 512 is not used here: the run's dataset has no nominal input length, so it keeps its ShareGPT measured mean input length of 302"),
        "{stderr}"
    );
    let doc = results(&dir);
    assert_eq!(cell(&doc, (512, 128), "s", 8)["n"], 100);
    assert_eq!(cell(&doc, (302, 199), "s", 8)["n"], 100);
}

#[test]
fn the_bundled_per_request_study_is_aiperfs_own_run_and_verifies_whole() {
    let results = format!("{DATA}/results.json");
    let (code, out) = verify(&[&results, "--require-all"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("requests endpoint.requests.csv.gz: 1 of 1 runs' figures recomputed from their requests; 1 derived again"),
        "{out}"
    );
    // The files are AIPerf's as published: its summary's own figures, untouched.
    let summary = std::fs::read_to_string(format!("{DATA}/endpoint-profile_export_aiperf.json")).expect("the copy");
    assert!(
        summary.contains("\"p50\": 2369.317693") && summary.contains("\"cli_command\": \"aiperf profile -m \\\"openai/gpt-oss-20b\\\"")
    );
    let t = table(Path::new(DATA), "endpoint");
    assert_eq!(t.rows(), 100);
    // It is a collection of its own: the landing's manifest does not list it.
    let landing = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/index.json")).expect("manifest");
    assert!(!landing.contains("aiperf-example"), "{landing}");
}

/// What the page does with the bundled study: its sweep checked first, the table read once
/// and checked against it (the same check as `check_requests`), the tools' files moved out
/// of the verification without a copy.
#[test]
fn the_page_checks_sweeps_first_and_reads_a_table_once_with_the_same_check() {
    use servescope::core::provenance::{check_requests, check_table_read, SourceStatus, Verification};
    let results = common::check(&std::fs::read(format!("{DATA}/results.json")).expect("bundled"), &[]).results.expect("valid");
    let mut verification = Verification::new(&results);
    let sweeps: Vec<&str> = verification.jobs().iter().filter(|j| j.sweep).map(|j| j.file.as_str()).collect();
    assert_eq!(sweeps, ["endpoint.cells.jsonl"], "the one sweep the cells name");
    for job in verification.jobs().to_vec() {
        let bytes = std::fs::read(format!("{DATA}/{}", job.file)).expect("bundled source");
        verification.record(&job, SourceStatus::Verified, Some(bytes));
    }
    let kept = verification.verified_sweeps(&results);
    assert_eq!(kept.keys().collect::<Vec<_>>(), ["endpoint.cells.jsonl"]);
    let text = gunzip(&std::fs::read(format!("{DATA}/endpoint.requests.csv.gz")).expect("table")).expect("gzip");
    let table = RequestTable::parse(&text).expect("reads");
    let once = check_table_read(&results, "endpoint", "endpoint.requests.csv.gz", &table, &kept, &|_, _, _, _| None);
    let twice = check_requests(&results, "endpoint", "endpoint.requests.csv.gz", &text, &kept, &|_, _, _, _| None);
    assert!(once.passes(), "{once:?}");
    assert_eq!((once.runs, once.matched, once.unchecked), (1, 1, 0));
    assert_eq!(format!("{once:?}"), format!("{twice:?}"), "the same check either way");
    let copy = "endpoint-profile_export.jsonl";
    let bytes = verification.take_kept(copy).expect("a tool's file is kept");
    assert!(!bytes.is_empty());
    assert_eq!(verification.kept(copy), Some(&[][..]), "kept, empty, once taken");
}

/// A study published before the importers read the measured mean lengths: its sweep lines
/// lack `isl_mean`/`osl_mean`, which its tool's file now gives; derived again, its lines
/// still agree (the fields were never written, not written wrong), and it verifies whole.
#[test]
fn a_study_written_before_the_measured_means_were_read_still_verifies_whole() {
    let dir = out_dir("before-means");
    std::fs::create_dir_all(&dir).expect("dir");
    for entry in std::fs::read_dir(DATA).expect("bundled") {
        let path = entry.expect("entry").path();
        std::fs::copy(&path, dir.join(path.file_name().expect("name"))).expect("copy");
    }
    let strip = |v: &mut serde_json::Value| {
        if let Some(o) = v.as_object_mut() {
            o.remove("isl_mean");
            o.remove("osl_mean");
        }
    };
    let sweep = std::fs::read_to_string(dir.join("endpoint.cells.jsonl")).expect("sweep");
    assert!(sweep.contains("\"isl_mean\""), "the bundled sweep carries the means");
    let lines: Vec<String> = sweep
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).expect("line");
            strip(&mut v);
            serde_json::to_string(&v).expect("line")
        })
        .collect();
    let old_sweep = lines.join("\n") + "\n";
    std::fs::write(dir.join("endpoint.cells.jsonl"), &old_sweep).expect("write");
    let mut doc: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join("results.json")).expect("results")).expect("json");
    for cell in doc["serving"]["workloads"][0]["rows"][0]["cells"].as_array_mut().expect("cells") {
        strip(cell);
    }
    for source in doc["sources"].as_array_mut().expect("sources") {
        if source["file"] == "endpoint.cells.jsonl" {
            source["sha256"] = servescope::core::provenance::sha256_hex(old_sweep.as_bytes()).into();
        }
    }
    std::fs::write(dir.join("results.json"), serde_json::to_vec_pretty(&doc).expect("bytes")).expect("write");
    let (code, out) = verify(&[dir.join("results.json").to_str().expect("utf-8"), "--require-all"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("1 derived again from the tool's per-request file"), "{out}");
    assert!(!out.contains("mismatch serving"), "{out}");
}
