//! Every validation rule, driven by the fixtures in `tests/fixtures/bad/` through `check`.

mod common;

use common::{check, compare, read, Expected};
use servescope::core::findings::FindingKind::*;
use servescope::core::findings::Severity::{Error, Warning};

const CELL0: &str = "serving.workloads[0].rows[0].cells[0]";

/// Each bad fixture and exactly the findings it must produce.
fn corpus() -> Vec<(&'static str, Vec<Expected>)> {
    let cell0 = |field: &'static str| -> &'static str { Box::leak(format!("{CELL0}.{field}").into_boxed_str()) };
    vec![
        ("decode-values-too-short", vec![(Error, LengthMismatch, "decode.rows[0].values")]),
        ("serving-cells-too-long", vec![(Error, LengthMismatch, "serving.workloads[0].rows[0].cells")]),
        ("concurrency-zero", vec![(Error, OutOfRange, "concurrency[0]")]),
        ("concurrency-fraction", vec![(Error, OutOfRange, "concurrency[1]")]),
        ("concurrency-duplicate", vec![(Error, Duplicate, "concurrency[2]")]),
        ("concurrency-descending", vec![(Error, Inconsistent, "concurrency[2]")]),
        ("concurrency-empty", vec![(Error, OutOfRange, "concurrency")]),
        ("concurrency-wrong-type", vec![(Error, WrongType, "concurrency")]),
        ("cell-conc-wrong-slot", vec![(Error, Inconsistent, "serving.workloads[0].rows[0].cells[2].conc")]),
        ("cell-conc-null", vec![(Error, WrongType, cell0("conc"))]),
        ("cell-isl-other-workload", vec![(Error, Inconsistent, cell0("isl"))]),
        ("cell-osl-other-workload", vec![(Error, Inconsistent, cell0("osl"))]),
        ("cell-negative-throughput", vec![(Error, OutOfRange, cell0("out_tok_s"))]),
        ("cell-n-zero", vec![(Error, OutOfRange, cell0("n"))]),
        ("cell-errors-above-n", vec![(Error, Inconsistent, cell0("errors"))]),
        ("cell-unknown-source", vec![(Error, UnknownReference, cell0("source"))]),
        ("cell-number-as-string", vec![(Error, WrongType, cell0("ttft_p99_ms"))]),
        ("cell-not-an-object", vec![(Error, WrongType, CELL0)]),
        ("accuracy-top1-above-one", vec![(Error, OutOfRange, "accuracy.rows[0].top1")]),
        ("accuracy-kl-negative", vec![(Error, OutOfRange, "accuracy.rows[0].kl")]),
        ("weight-top1-percent-above-100", vec![(Error, OutOfRange, "weightAccuracy.rows[0].top1Percent")]),
        ("weight-ci-excludes-kl", vec![(Error, Inconsistent, "weightAccuracy.rows[0].kl95CI")]),
        ("weight-ci-three-numbers", vec![(Error, LengthMismatch, "weightAccuracy.rows[0].kl95CI")]),
        ("weight-ci-half-null", vec![(Error, WrongType, "weightAccuracy.rows[0].kl95CI")]),
        ("retrieval-matched-above-total", vec![(Error, Inconsistent, "weightAccuracy.retrieval[0].matched")]),
        // Renaming beta to alpha also leaves beta's decode row naming an undeclared engine.
        ("engine-id-duplicate", vec![(Error, Duplicate, "engines[1].id"), (Error, UnknownReference, "decode.rows[1].id")]),
        ("decode-row-id-duplicate", vec![(Error, Duplicate, "decode.rows[1].id")]),
        ("workload-duplicate", vec![(Error, Duplicate, "serving.workloads[1]")]),
        ("serving-row-id-duplicate", vec![(Error, Duplicate, "serving.workloads[0].rows[1].id")]),
        // Renaming beta.json to alpha.json leaves every citation of beta.json dangling.
        ("source-file-duplicate", vec![
            (Error, Duplicate, "sources[1].file"),
            (Error, UnknownReference, "engines[1].source"),
            (Error, UnknownReference, "decode.rows[1].sources[0]"),
            (Error, UnknownReference, "weightAccuracy.source"),
        ]),
        ("source-without-file-or-url", vec![(Error, Missing, "sources[2].file"), (Error, UnknownReference, cell0("source")), (Error, UnknownReference, "serving.workloads[0].rows[0].cells[2].source")]),
        ("decode-row-unknown-engine", vec![(Error, UnknownReference, "decode.rows[0].id")]),
        ("serving-row-unknown-engine", vec![(Error, UnknownReference, "serving.workloads[0].rows[0].id")]),
        ("prefill-row-unknown-engine", vec![(Error, UnknownReference, "prefill.rows[0].id")]),
        ("cache-row-unknown-source", vec![(Error, UnknownReference, "cache.rows[0].source")]),
        ("decode-unknown-source", vec![(Error, UnknownReference, "decode.rows[0].sources[0]")]),
        ("engine-unknown-source", vec![(Error, UnknownReference, "engines[0].source")]),
        ("sha256-too-short", vec![(Error, OutOfRange, "sources[0].sha256")]),
        ("sha256-not-hex", vec![(Error, OutOfRange, "sources[0].sha256")]),
        ("missing-title", vec![(Error, Missing, "title")]),
        ("missing-engines", vec![
            (Error, Missing, "engines"),
            (Error, UnknownReference, "decode.rows[0].id"),
            (Error, UnknownReference, "decode.rows[1].id"),
            (Error, UnknownReference, "prefill.rows[0].id"),
            (Error, UnknownReference, "cache.rows[0].id"),
            (Error, UnknownReference, "serving.workloads[0].rows[0].id"),
        ]),
        ("missing-sources", vec![
            (Error, Missing, "sources"),
            (Error, UnknownReference, "engines[0].source"),
            (Error, UnknownReference, "engines[1].source"),
            (Error, UnknownReference, "decode.rows[0].sources[0]"),
            (Error, UnknownReference, "decode.rows[1].sources[0]"),
            (Error, UnknownReference, "prefill.rows[0].source"),
            (Error, UnknownReference, "cache.rows[0].source"),
            (Error, UnknownReference, cell0("source")),
            (Error, UnknownReference, "serving.workloads[0].rows[0].cells[2].source"),
            (Error, UnknownReference, "accuracy.rows[0].source"),
            (Error, UnknownReference, "weightAccuracy.source"),
        ]),
        ("missing-cells", vec![(Error, Missing, "serving.workloads[0].rows[0].cells")]),
        ("title-is-a-number", vec![(Error, WrongType, "title")]),
        ("decode-block-is-a-string", vec![(Error, WrongType, "decode")]),
        ("energy-disagrees-with-power", vec![(Warning, Inconsistent, cell0("tok_s_per_kw"))]),
        ("truncated", vec![(Error, Syntax, "(root)")]),
        ("empty", vec![(Error, Syntax, "(root)")]),
        ("whitespace-only", vec![(Error, Syntax, "(root)")]),
        ("not-json", vec![(Error, Syntax, "(root)")]),
        ("html-404-page", vec![(Error, Syntax, "(root)")]),
        ("nan-literal", vec![(Error, Syntax, "(root)")]),
        ("infinity-literal", vec![(Error, Syntax, "(root)")]),
        ("number-too-large", vec![(Error, Syntax, "(root)")]),
        ("deep-nesting", vec![(Error, Syntax, "(root)")]),
        ("top-level-array", vec![(Error, WrongType, "(root)")]),
        ("top-level-string", vec![(Error, WrongType, "(root)")]),
        ("utf8-bom", vec![(Warning, Syntax, "(root)")]),
        ("trailing-comma", vec![(Error, Syntax, "(root)")]),
    ]
}

#[test]
fn the_minimal_fixture_is_valid_with_no_finding() {
    let validation = check(&read("tests/fixtures/minimal.json"), &[]);
    let results = validation.results.expect("model");
    assert_eq!(results.engines.len(), 2);
    assert_eq!(results.concurrency, [1, 2, 4]);
}

#[test]
fn every_bad_fixture_gives_exactly_its_findings() {
    let failures: Vec<String> = corpus()
        .into_iter()
        .filter_map(|(name, expected)| {
            let bytes = read(&format!("tests/fixtures/bad/{name}.json"));
            compare(&bytes, &expected).1.map(|m| format!("{name}: {m}"))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_fixture_in_the_folder_has_expectations() {
    let names: Vec<&str> = corpus().iter().map(|(n, _)| *n).collect();
    let dir = format!("{}/tests/fixtures/bad", env!("CARGO_MANIFEST_DIR"));
    let mut count = 0;
    for entry in std::fs::read_dir(dir).expect("fixtures folder") {
        let file = entry.expect("entry").file_name().into_string().expect("utf-8 name");
        let stem = file.strip_suffix(".json").expect("fixtures are .json");
        assert!(names.contains(&stem), "{file} has no expectations in corpus()");
        count += 1;
    }
    assert_eq!(count, names.len());
    assert!(count >= 30);
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
    let message = |name: &str| {
        let v = servescope::core::validate::parse_results(&read(&format!("tests/fixtures/bad/{name}.json")));
        v.findings[0].message.clone()
    };
    assert_eq!(message("decode-values-too-short"), "expected 3 values (one per concurrency level), found 2");
    assert_eq!(message("cell-conc-wrong-slot"), "expected 4 (this slot's concurrency), found 8");
    assert_eq!(message("cell-number-as-string"), "expected a number or null, found a string");
    assert_eq!(message("missing-title"), "required field `title` is missing");
    assert_eq!(message("cell-unknown-source"), "`sweep-missing.jsonl` is not a declared source file");
    assert!(message("html-404-page").starts_with("not JSON: this is an HTML page"), "{}", message("html-404-page"));
    assert!(message("deep-nesting").contains("recursion limit"), "{}", message("deep-nesting"));
    assert!(message("energy-disagrees-with-power").starts_with("1200 is outside what out_tok_s / power_w × 1000 allows"));
}

#[test]
fn a_byte_order_mark_is_ignored_with_a_warning() {
    let validation = check(&read("tests/fixtures/bad/utf8-bom.json"), &[(Warning, Syntax, "(root)")]);
    assert_eq!(validation.results.expect("model").title, "Minimal study");
}

#[test]
fn a_null_ci_is_no_ci_not_a_zero_width_one() {
    let results = check(&read("tests/fixtures/minimal.json"), &[]).results.expect("model");
    let weight = results.weight_accuracy.expect("block");
    assert_eq!(weight.rows[0].kl95_ci, Some((0.0239, 0.0292)));
    assert_eq!(weight.rows[1].kl95_ci, None);
}
