//! The export to llm-d Benchmark Reports: each report valid against the published schema,
//! and a study exported and imported again the same.

use crate::common;

use common::cli::{cell, out_dir, results};
use serde_json::Value;

use crate::harnesses::imported;

/// Export the study in `dir` as Benchmark Reports into a fresh folder; returns the folder,
/// the reports (name, JSON) and stdout.
fn exported(name: &str, results: &std::path::Path) -> (std::path::PathBuf, Vec<(String, Value)>, String) {
    let dir = out_dir(name);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_servescope-export"))
        .arg("--benchmark-report")
        .arg(&dir)
        .arg(results)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    let mut reports: Vec<(String, Value)> = std::fs::read_dir(&dir)
        .expect("written")
        .map(|e| {
            let path = e.expect("entry").path();
            let doc = serde_json::from_slice(&std::fs::read(&path).expect("read")).expect("JSON");
            (path.file_name().expect("name").to_string_lossy().into_owned(), doc)
        })
        .collect();
    reports.sort_by(|a, b| a.0.cmp(&b.0));
    (dir, reports, stdout)
}

/// What the published JSON Schema of 0.2.1 (checked in, unchanged) says of a report.
fn schema_errors(doc: &Value) -> Vec<String> {
    let schema: Value =
        serde_json::from_slice(&common::read("tests/fixtures/benchmark-report/br_v0_2_1_json_schema.json")).expect("schema");
    jsonschema::validator_for(&schema).expect("a schema").iter_errors(doc).map(|e| format!("at {}: {e}", e.instance_path())).collect()
}

#[test]
fn exported_reports_validate_against_the_published_schema_and_a_wrong_field_does_not() {
    let (_, reports, stdout) =
        exported("export-aiperf", std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/data/requests/aiperf-example/results.json")));
    assert_eq!(reports.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(), ["endpoint-550x250-c100.json"]);
    assert!(stdout.contains("wrote 1 Benchmark Report (version 0.2.1) into ") && stdout.ends_with("export-aiperf\n"), "{stdout}");
    let doc = &reports[0].1;
    assert_eq!(schema_errors(doc), Vec::<String>::new());
    // The means are the completed requests' (the table's), the percentiles the study's.
    let table = servescope::core::measures::requests::RequestTable::parse(
        &servescope::core::measures::requests::gunzip(&common::read("data/requests/aiperf-example/endpoint.requests.csv.gz"))
            .expect("gzip"),
    )
    .expect("table");
    let cell = table.cell("550x250", 100.0, None).expect("the cell's requests");
    let ok: Vec<usize> = (0..cell.len()).filter(|k| cell.status[*k] == servescope::core::measures::requests::Status::Ok).collect();
    let mean = |column: &[f64]| ok.iter().map(|k| column[*k]).sum::<f64>() / ok.len() as f64;
    let latency = &doc["results"]["request_performance"]["aggregate"]["latency"];
    assert_eq!(latency["time_to_first_token"]["mean"].as_f64(), Some(mean(&cell.ttft_ms)));
    assert_eq!(latency["request_latency"]["mean"].as_f64(), Some(mean(&cell.e2e_ms)));
    let study = results(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/data/requests/aiperf-example")));
    let c = &study["serving"]["workloads"][0]["rows"][0]["cells"][0];
    assert_eq!(
        (latency["time_to_first_token"]["p50"].as_f64(), latency["time_to_first_token"]["p99"].as_f64()),
        (c["ttft_p50_ms"].as_f64(), c["ttft_p99_ms"].as_f64())
    );
    assert_eq!(
        doc["results"]["request_performance"]["aggregate"]["requests"],
        serde_json::json!({"total": 100, "failures": 11, "input_length": {"units": "count", "mean": 550.0}, "output_length": {"units": "count", "mean": 243.0}})
    );
    // The schema catches a wrong field, a wrong unit and a missing required one, at the
    // edit or at the union above it (`anyOf` reports where its branches part).
    for (edit, found) in [
        ("/results/request_performance/aggregate/latency/ttft", "at /results/request_performance: "),
        ("/results/request_performance/aggregate/latency/time_to_first_token/units", "at /results/request_performance: "),
        ("/scenario/stack/0/standardized/replicas", "at /scenario: "),
    ] {
        let mut wrong = doc.clone();
        let (parent, key) = edit.rsplit_once('/').expect("a path");
        let at = wrong.pointer_mut(parent).and_then(Value::as_object_mut).expect("the parent");
        match key {
            "ttft" => drop(at.insert(key.into(), serde_json::json!({"units": "ms", "mean": 1.0}))),
            "units" => drop(at.insert(key.into(), serde_json::json!("msec"))),
            _ => drop(at.remove(key)),
        }
        let errors = schema_errors(&wrong);
        assert!(!errors.is_empty() && errors.iter().all(|e| e.starts_with(found)), "{edit}: {errors:?}");
    }
}

#[test]
fn a_study_exported_and_imported_again_has_the_same_cells() {
    let files = [
        "benchmark-report/experiment/report-c1.json",
        "benchmark-report/experiment/report-c8.json",
        "benchmark-report/experiment/report-c32.json",
    ];
    let (dir, study, _) = imported("export-source", &[], &files);
    let (reports_dir, reports, stdout) = exported("export-experiment", &dir.join("results.json"));
    assert_eq!(reports.len(), 3);
    for (name, doc) in &reports {
        assert_eq!(schema_errors(doc), Vec::<String>::new(), "{name}");
    }
    // No per-request table: no mean, so no latency; said once for the study.
    assert!(
        stdout.starts_with("note: latencies of 3 cells not written, in whole or in part: a Benchmark Report statistic needs a mean"),
        "{stdout}"
    );
    let paths: Vec<String> = reports.iter().map(|(n, _)| reports_dir.join(n).to_string_lossy().into_owned()).collect();
    let (_, again, _) = imported("export-reimport", &[], &paths.iter().map(String::as_str).collect::<Vec<_>>());
    for conc in [1, 8, 32] {
        let (before, after) = (cell(&study, (1024, 1024), "e", conc), cell(&again, (1024, 1024), "e", conc));
        for key in ["n", "errors", "gpus", "out_tok_s", "req_s_achieved", "wall_s", "isl_mean", "osl_mean"] {
            assert_eq!(after.get(key), before.get(key), "c{conc} {key}");
        }
        assert_eq!(after.get("ttft_p50_ms"), None, "never a latency without its mean");
    }
    assert_eq!(again["model"], study["model"]);
    assert_eq!(again["hardware"], study["hardware"]);
}
