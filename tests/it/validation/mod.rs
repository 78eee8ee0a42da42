//! Every validation rule: edits of `minimal.json` (one JSON pointer each, beside the exact
//! findings it must produce), and the byte-level cases an edit cannot express, as files
//! in `tests/fixtures/bad/`.

use crate::common;

use common::{check, compare, minimal, mutate, read, Edit, Edit::*};
use serde_json::json;
use servescope::core::study::findings::FindingKind::*;
use servescope::core::study::findings::Severity::{Error, Warning};
use servescope::core::study::validate::parse_results;

mod cases;
mod whole_file;

use cases::{edits, rate_workload, CELL0};
use whole_file::files;

#[test]
fn the_minimal_fixture_is_valid_with_no_finding() {
    let validation = check(&read("tests/fixtures/minimal.json"), &[]);
    let results = validation.results.expect("model");
    assert_eq!(results.engines().len(), 2);
    assert_eq!(results.concurrency(), [1, 2, 4]);
}

#[test]
fn every_edit_gives_exactly_its_findings() {
    let failures: Vec<String> = edits()
        .into_iter()
        .filter_map(|(name, edits, expected)| {
            let bytes = serde_json::to_vec(&mutate(minimal(), &edits)).expect("serialisable");
            compare(&bytes, &expected).1.map(|m| format!("{name}: {m}"))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(edits().len() >= 50);
}

#[test]
fn every_byte_level_fixture_gives_exactly_its_findings() {
    let failures: Vec<String> = files()
        .into_iter()
        .filter_map(|(name, expected)| {
            compare(&read(&format!("tests/fixtures/bad/{name}.json")), &expected).1.map(|m| format!("{name}: {m}"))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_fixture_in_the_folder_has_expectations() {
    let names: Vec<&str> = files().iter().map(|(n, _)| *n).collect();
    let dir = format!("{}/tests/fixtures/bad", env!("CARGO_MANIFEST_DIR"));
    let mut count = 0;
    for entry in std::fs::read_dir(dir).expect("fixtures folder") {
        let file = entry.expect("entry").file_name().into_string().expect("utf-8 name");
        let stem = file.strip_suffix(".json").expect("fixtures are .json");
        assert!(names.contains(&stem), "{file} has no expectations in files()");
        count += 1;
    }
    assert_eq!(count, names.len());
}

fn message_of(edits: &[Edit]) -> String {
    let bytes = serde_json::to_vec(&mutate(minimal(), edits)).expect("serialisable");
    parse_results(&bytes).findings[0].message.clone()
}

#[test]
fn syntax_errors_name_line_and_column() {
    let validation = check(&read("tests/fixtures/bad/trailing-comma.json"), &[(Error, Syntax, "(root)")]);
    let message = &validation.findings[0].message;
    assert!(message.contains("line ") && message.contains(", column "), "{message}");
    let truncated = check(&read("tests/fixtures/bad/truncated.json"), &[(Error, Syntax, "(root)")]);
    assert!(truncated.findings[0].message.contains("EOF"), "{}", truncated.findings[0].message);
}

#[test]
fn messages_say_what_was_expected() {
    let file = |name: &str| parse_results(&read(&format!("tests/fixtures/bad/{name}.json"))).findings[0].message.clone();
    assert_eq!(message_of(&[Set("/decode/rows/0/values", json!([1.0, 2.0]))]), "expected 3 values (one per concurrency level), found 2");
    assert_eq!(message_of(&[Set("/serving/workloads/0/rows/0/cells/2/conc", json!(8))]), "expected 4 (this slot's concurrency), found 8");
    assert_eq!(
        message_of(&[Set("/serving/workloads/0/rows/0/cells/0/ttft_p99_ms", json!("100.6"))]),
        "expected a number or null, found a string"
    );
    assert_eq!(message_of(&[Remove("/title")]), "required field `title` is missing");
    assert_eq!(
        message_of(&[Set("/serving/workloads/0/rows/0/cells/0/source", json!("sweep-missing.jsonl"))]),
        "`sweep-missing.jsonl` is not a declared source file"
    );
    assert_eq!(message_of(&[Set("/serving/workloads/0/rows/0/cells/0/isl", json!(1024.7))]), "expected a whole number ≥ 1, found 1024.7");
    assert_eq!(message_of(&[Set("/engines/1/id", json!(""))]), "engine id must not be empty");
    assert_eq!(
        message_of(&[Set("/schemaVersion", json!("2.0"))]),
        "schema version 2.0 is not supported: this page reads versions 1.0 to 1.4"
    );
    assert!(file("html-404-page").starts_with("not JSON: this is an HTML page"), "{}", file("html-404-page"));
    assert!(file("deep-nesting").contains("recursion limit"), "{}", file("deep-nesting"));
    assert!(message_of(&[Set("/serving/workloads/0/rows/0/cells/0/tok_s_per_kw", json!(1200.0))])
        .starts_with("1200 is outside what out_tok_s / power_w × 1000 allows"));
}

#[test]
fn a_byte_order_mark_is_ignored_with_a_warning() {
    let validation = check(&read("tests/fixtures/bad/utf8-bom.json"), &[(Warning, Syntax, "(root)")]);
    assert_eq!(validation.results.expect("model").title(), "Minimal study");
}

#[test]
fn a_null_ci_is_no_ci_not_a_zero_width_one() {
    let results = check(&read("tests/fixtures/minimal.json"), &[]).results.expect("model");
    let weight = results.weight_accuracy().expect("block");
    assert_eq!(weight.rows[0].kl95_ci, Some((0.0239, 0.0292)));
    assert_eq!(weight.rows[1].kl95_ci, None);
}

#[test]
fn schema_one_one_fields_are_read() {
    let doc = mutate(
        minimal(),
        &[
            Set("/schemaVersion", json!("1.1")),
            Set("/model", json!("Qwen3.8")),
            Set("/highlights", json!([{ "text": "A leads.", "link": "?view=serving" }])),
        ],
    );
    let results = check(&serde_json::to_vec(&doc).expect("json"), &[]).results.expect("model");
    assert_eq!(results.schema_version().to_string(), "1.1");
    assert_eq!(results.model(), Some("Qwen3.8"));
    assert_eq!(results.highlights()[0].link.as_deref(), Some("?view=serving"));
    assert_eq!(results.raw_document().get("model").and_then(|m| m.as_str()), Some("Qwen3.8"), "the document is kept whole");
}

#[test]
fn schema_one_two_fields_are_read() {
    let mut edits = rate_workload(vec![Set("/schemaVersion", json!("1.2"))]);
    edits.push(Set("/serving/workloads/0/rows/0/cells/0/trials", json!({"count": 3, "range": {"out_tok_s": [320.5, 333.0]}})));
    let doc = mutate(minimal(), &edits);
    let results = check(&serde_json::to_vec(&doc).expect("json"), &[]).results.expect("model");
    assert_eq!(results.schema_version().to_string(), "1.2");
    let w = &results.serving().expect("serving").workloads[0];
    assert_eq!(w.load, servescope::core::study::model::LoadAxis::Rate);
    assert_eq!(w.levels, [0.5, 1.0, 2.0]);
    assert_eq!(w.key(), "1024x1024-rate");
    let cells: Vec<_> = w.rows[0].cells.iter().flatten().collect();
    assert_eq!((cells[0].conc, cells[0].rate_rps, cells[0].level()), (None, Some(0.5), 0.5));
    let trials = cells[0].trials.as_ref().expect("trials");
    assert_eq!((trials.count, trials.range_of("out_tok_s")), (3, Some((320.5, 333.0))));
    assert_eq!((cells[1].conc_achieved, cells[1].req_s_achieved), (Some(3.7), Some(1.96)));
    // A burst is a concurrency cell: N in flight, no rate.
    let doc = mutate(minimal(), &[Set("/serving/workloads/0/rows/0/cells/2/burst", json!(true))]);
    let results = check(&serde_json::to_vec(&doc).expect("json"), &[]).results.expect("model");
    let cell = results.serving().expect("serving").workloads[0].rows[0].cells[2].clone().expect("cell");
    assert!(cell.burst && cell.conc == Some(4) && cell.rate_rps.is_none());
    // Every request failed: valid, throughput a measured 0, no latency.
    let doc = mutate(
        minimal(),
        &[
            Set(p0_all("n"), json!(0)),
            Set(p0_all("errors"), json!(8)),
            Set(p0_all("out_tok_s"), json!(0)),
            Set(p0_all("user_tok_s"), json!(null)),
            Set(p0_all("tok_s_per_kw"), json!(0)),
            Set(p0_all("ttft_p99_ms"), json!(null)),
        ],
    );
    let results = check(&serde_json::to_vec(&doc).expect("json"), &[]).results.expect("model");
    let cell = results.serving().expect("serving").workloads[0].rows[0].cells[0].clone().expect("cell");
    assert!(cell.all_failed());
    assert_eq!(cell.failed_note().as_deref(), Some("all 8 failed"));
}

#[test]
fn schema_one_four_fields_are_read() {
    let cell = |i: usize, f: &str| -> &'static str { Box::leak(format!("/serving/workloads/0/rows/0/cells/{i}/{f}").into_boxed_str()) };
    let doc = mutate(
        minimal(),
        &rate_workload(vec![
            Set("/schemaVersion", json!("1.4")),
            Set(cell(0, "conc_cap"), json!(25)),
            Set(cell(0, "rate_sent_rps"), json!(0.31)),
            Set(cell(0, "load_source"), json!("publisher")),
            Set(cell(2, "load_source"), json!("file")),
        ]),
    );
    let results = check(&serde_json::to_vec(&doc).expect("json"), &[]).results.expect("model");
    let w = &results.serving().expect("serving").workloads[0];
    let cells: Vec<_> = w.rows[0].cells.iter().flatten().collect();
    use servescope::core::study::model::LoadSource;
    assert_eq!((cells[0].conc_cap, cells[0].rate_sent_rps, cells[0].load_source), (Some(25), Some(0.31), Some(LoadSource::Publisher)));
    assert_eq!(w.cell_label(cells[0]), "0.5 req/s, cap 25");
    assert_eq!(cells[0].fell_behind().as_deref(), Some("sent 0.31 of 0.5 req/s offered (62 %)"));
    assert_eq!((cells[1].load_source, cells[1].fell_behind()), (Some(LoadSource::File), None));
}

fn p0_all(field: &str) -> &'static str {
    Box::leak(format!("{CELL0}/{field}").into_boxed_str())
}

/// The published schema, compiled.
fn schema() -> jsonschema::Validator {
    let schema: serde_json::Value = serde_json::from_slice(&read("schema/results-1.json")).expect("the schema is JSON");
    assert_eq!(schema["$schema"], "https://json-schema.org/draft/2020-12/schema");
    jsonschema::validator_for(&schema).expect("a valid JSON Schema")
}

/// Where the schema refuses a document, with what it says, for messages.
fn schema_errors(schema: &jsonschema::Validator, doc: &serde_json::Value) -> Vec<String> {
    schema.iter_errors(doc).map(|e| format!("{}: {e}", e.instance_path())).collect()
}

#[test]
fn every_valid_file_passes_the_schema_and_the_validator() {
    let schema = schema();
    let files = [
        "data/qwen3.8-flash-next-mi350p-2026-10-30.json",
        "tests/fixtures/minimal.json",
        "tests/fixtures/highlights.json",
        "tests/fixtures/hostile.json",
        "tests/fixtures/compare/rerun.json",
        "tests/fixtures/compare/stated.json",
        "tests/fixtures/compare/unrelated.json",
        "tests/fixtures/provenance/results.json",
        "tests/fixtures/provenance/slow-sources.json",
        "tests/fixtures/rate/results.json",
    ];
    for path in files {
        let bytes = read(path);
        assert!(parse_results(&bytes).results.is_some(), "{path}: the validator accepts it");
        let doc: serde_json::Value = serde_json::from_slice(&bytes).expect("JSON");
        assert_eq!(schema_errors(&schema, &doc), Vec::<String>::new(), "{path}");
    }
}

#[test]
fn the_schema_refuses_every_structural_error_and_never_what_the_validator_accepts() {
    let schema = schema();
    let mut structural = 0;
    for (name, edits, expected) in edits() {
        let doc = mutate(minimal(), &edits);
        let validation = parse_results(&serde_json::to_vec(&doc).expect("json"));
        let schema_says = schema_errors(&schema, &doc);
        // Structure: a missing field, a wrong type, a value outside its range. Everything else
        // (references, duplicates, lengths, fields that disagree) is the validator's alone.
        let is_structural =
            !expected.is_empty() && expected.iter().all(|(s, k, _)| *s == Error && matches!(k, Missing | WrongType | OutOfRange));
        if is_structural {
            structural += 1;
            assert!(!schema_says.is_empty(), "{name}: the validator refuses it ({expected:?}), the schema must too");
        }
        if !schema_says.is_empty() {
            assert!(validation.results.is_none(), "{name}: the schema refuses it ({schema_says:?}) but the validator accepts it");
        }
    }
    assert!(structural >= 20, "the structural cases were run ({structural})");
}
