//! Every validation rule: edits of `minimal.json` (one JSON pointer each, beside the exact
//! findings it must produce), and the byte-level cases an edit cannot express, as files
//! in `tests/fixtures/bad/`.

mod common;

use common::{check, compare, minimal, mutate, read, Edit, Edit::*, Expected};
use serde_json::json;
use servescope::core::findings::FindingKind::*;
use servescope::core::findings::Severity::{Error, Warning};
use servescope::core::validate::parse_results;

const CELL0: &str = "/serving/workloads/0/rows/0/cells/0";

/// The minimal fixture's workload turned into a rate sweep (0.5, 1 and 2 req/s), then `more`.
fn rate_workload(more: Vec<Edit>) -> Vec<Edit> {
    let field = |i: usize, f: &str| -> &'static str { Box::leak(format!("/serving/workloads/0/rows/0/cells/{i}/{f}").into_boxed_str()) };
    let mut edits = vec![
        Set("/serving/workloads/0/load", json!("rate")),
        Set("/serving/workloads/0/requestRates", json!([0.5, 1, 2])),
        Remove(field(0, "conc")),
        Set(field(0, "rate_rps"), json!(0.5)),
        Remove(field(2, "conc")),
        Set(field(2, "rate_rps"), json!(2)),
        Set(field(2, "conc_achieved"), json!(3.7)),
        Set(field(2, "req_s_achieved"), json!(1.96)),
    ];
    edits.extend(more);
    edits
}

/// Each edit of the minimal fixture and exactly the findings it must produce.
fn edits() -> Vec<(&'static str, Vec<Edit>, Vec<Expected>)> {
    let cell0 = "serving.workloads[0].rows[0].cells[0]";
    let c0 = |field: &'static str| -> &'static str { Box::leak(format!("{cell0}.{field}").into_boxed_str()) };
    let p0 = |field: &'static str| -> &'static str { Box::leak(format!("{CELL0}/{field}").into_boxed_str()) };
    vec![
        (
            "decode values too short",
            vec![Set("/decode/rows/0/values", json!([1.0, 2.0]))],
            vec![(Error, LengthMismatch, "decode.rows[0].values")],
        ),
        (
            "serving cells too long",
            vec![Push("/serving/workloads/0/rows/0/cells", json!(null))],
            vec![(Error, LengthMismatch, "serving.workloads[0].rows[0].cells")],
        ),
        ("concurrency zero", vec![Set("/concurrency/0", json!(0))], vec![(Error, OutOfRange, "concurrency[0]")]),
        ("throughput per a rack", vec![Set("/serving/throughputPer", json!("rack"))], vec![(Error, OutOfRange, "serving.throughputPer")]),
        ("throughput per endpoint", vec![Set("/serving/throughputPer", json!("endpoint"))], vec![]),
        ("concurrency fraction", vec![Set("/concurrency/1", json!(2.5))], vec![(Error, OutOfRange, "concurrency[1]")]),
        ("concurrency duplicate", vec![Set("/concurrency/2", json!(2))], vec![(Error, Duplicate, "concurrency[2]")]),
        (
            "concurrency descending",
            vec![Set("/concurrency/1", json!(4)), Set("/concurrency/2", json!(2))],
            vec![(Error, Inconsistent, "concurrency[2]")],
        ),
        ("concurrency empty", vec![Set("/concurrency", json!([]))], vec![(Error, Inconsistent, "concurrency")]),
        ("concurrency wrong type", vec![Set("/concurrency", json!("1,2,4"))], vec![(Error, WrongType, "concurrency")]),
        (
            "cell conc in the wrong slot",
            vec![Set("/serving/workloads/0/rows/0/cells/2/conc", json!(8))],
            vec![(Error, Inconsistent, "serving.workloads[0].rows[0].cells[2].conc")],
        ),
        ("cell conc null", vec![Set(p0("conc"), json!(null))], vec![(Error, WrongType, c0("conc"))]),
        ("cell isl of another workload", vec![Set(p0("isl"), json!(8192))], vec![(Error, Inconsistent, c0("isl"))]),
        ("cell osl of another workload", vec![Set(p0("osl"), json!(8192))], vec![(Error, Inconsistent, c0("osl"))]),
        ("cell isl fractional is reported, never truncated", vec![Set(p0("isl"), json!(1024.7))], vec![(Error, OutOfRange, c0("isl"))]),
        ("cell negative throughput", vec![Set(p0("out_tok_s"), json!(-331.4))], vec![(Error, OutOfRange, c0("out_tok_s"))]),
        (
            "cell n zero with no failure counted",
            vec![Set(p0("n"), json!(0))],
            vec![(Error, Inconsistent, c0("n")), (Error, Inconsistent, c0("ttft_p99_ms"))],
        ),
        (
            "all-failed cell with a latency",
            vec![Set(p0("n"), json!(0)), Set(p0("errors"), json!(8)), Set(p0("out_tok_s"), json!(0)), Set(p0("user_tok_s"), json!(null))],
            vec![(Error, Inconsistent, c0("ttft_p99_ms"))],
        ),
        ("cell n fractional", vec![Set(p0("n"), json!(7.25))], vec![(Error, OutOfRange, c0("n"))]),
        (
            "workload load unknown",
            vec![Set("/serving/workloads/0/load", json!("poisson"))],
            vec![(Error, OutOfRange, "serving.workloads[0].load")],
        ),
        (
            "rate workload without rates",
            vec![Set("/serving/workloads/0/load", json!("rate"))],
            vec![
                (Error, Missing, "serving.workloads[0].requestRates"),
                (Error, Inconsistent, c0("conc")),
                (Error, Inconsistent, "serving.workloads[0].rows[0].cells[2].conc"),
            ],
        ),
        (
            "rates in a concurrency workload",
            vec![Set("/serving/workloads/0/requestRates", json!([1, 2, 4]))],
            vec![(Error, Inconsistent, "serving.workloads[0].requestRates")],
        ),
        (
            "rate cell in a concurrency slot",
            vec![Remove(p0("conc")), Set(p0("rate_rps"), json!(1))],
            vec![(Error, Inconsistent, c0("rate_rps")), (Error, Inconsistent, "serving.workloads[0].rows[0].cells")],
        ),
        (
            "mixed axes in one row of a rate workload",
            rate_workload(vec![
                Set("/serving/workloads/0/rows/0/cells/2/conc", json!(4)),
                Remove("/serving/workloads/0/rows/0/cells/2/rate_rps"),
            ]),
            vec![
                (Error, Inconsistent, "serving.workloads[0].rows[0].cells[2].conc"),
                (Error, Inconsistent, "serving.workloads[0].rows[0].cells"),
            ],
        ),
        (
            "rate cell of another slot",
            rate_workload(vec![Set("/serving/workloads/0/rows/0/cells/2/rate_rps", json!(3))]),
            vec![(Error, Inconsistent, "serving.workloads[0].rows[0].cells[2].rate_rps")],
        ),
        (
            "rate cell without its rate",
            rate_workload(vec![Remove("/serving/workloads/0/rows/0/cells/2/rate_rps")]),
            vec![(Error, Missing, "serving.workloads[0].rows[0].cells[2].rate_rps")],
        ),
        (
            "request rates descending",
            rate_workload(vec![Set("/serving/workloads/0/requestRates", json!([0.5, 4, 2]))]),
            vec![(Error, Inconsistent, "serving.workloads[0].requestRates[2]")],
        ),
        (
            "request rate zero",
            rate_workload(vec![Set("/serving/workloads/0/requestRates/0", json!(0))]),
            vec![(Error, OutOfRange, "serving.workloads[0].requestRates[0]")],
        ),
        (
            "a burst with a rate",
            vec![Set(p0("burst"), json!(true)), Set(p0("rate_rps"), json!(1))],
            vec![(Error, Inconsistent, c0("rate_rps"))],
        ),
        ("a burst not a boolean", vec![Set(p0("burst"), json!("yes"))], vec![(Error, WrongType, c0("burst"))]),
        (
            "a burst in a rate workload",
            rate_workload(vec![Set("/serving/workloads/0/rows/0/cells/2/burst", json!(true))]),
            vec![(Error, Inconsistent, "serving.workloads[0].rows[0].cells[2].burst")],
        ),
        ("trials below 2", vec![Set(p0("trials"), json!({"count": 1}))], vec![(Error, OutOfRange, c0("trials.count"))]),
        (
            "trials min above the median",
            vec![Set(p0("trials"), json!({"count": 3, "range": {"out_tok_s": [340.0, 350.0]}}))],
            vec![(Error, Inconsistent, c0("trials.range.out_tok_s"))],
        ),
        (
            "trials max below the median",
            vec![Set(p0("trials"), json!({"count": 3, "range": {"out_tok_s": [320.0, 330.0]}}))],
            vec![(Error, Inconsistent, c0("trials.range.out_tok_s"))],
        ),
        (
            "trials range of an unknown field",
            vec![Set(p0("trials"), json!({"count": 2, "range": {"tokens": [1, 2]}}))],
            vec![(Error, UnknownReference, c0("trials.range.tokens"))],
        ),
        (
            "trials range of a field not measured",
            vec![Set(p0("trials"), json!({"count": 2, "range": {"e2e_p99_ms": [1, 2]}}))],
            vec![(Error, Inconsistent, c0("trials.range.e2e_p99_ms"))],
        ),
        (
            "trials range not a pair",
            vec![Set(p0("trials"), json!({"count": 2, "range": {"out_tok_s": 331.4}}))],
            vec![(Error, WrongType, c0("trials.range.out_tok_s"))],
        ),
        // 97 of 150 failed in a published LLMPerf run: more failed than completed is a measurement.
        ("cell errors above n is valid", vec![Set(p0("errors"), json!(9))], vec![]),
        (
            "cell requests below n plus errors",
            vec![Set(p0("requests"), json!(1))],
            vec![(Error, Inconsistent, c0("requests")), (Error, UnknownReference, c0("requests"))],
        ),
        (
            "cell requests sampled without requests",
            vec![Set(p0("requests_sampled"), json!(true))],
            vec![(Error, Inconsistent, c0("requests_sampled"))],
        ),
        ("cell requests not a whole number", vec![Set(p0("requests"), json!(2.5))], vec![(Error, OutOfRange, c0("requests"))]),
        (
            "requests table of an unknown engine",
            vec![Set("/serving/requests", json!([{"id": "nobody", "file": "sweep-missing.csv.gz"}]))],
            vec![(Error, UnknownReference, "serving.requests[0].id"), (Error, UnknownReference, "serving.requests[0].file")],
        ),
        ("cell unknown source", vec![Set(p0("source"), json!("sweep-missing.jsonl"))], vec![(Error, UnknownReference, c0("source"))]),
        ("cell number as string", vec![Set(p0("ttft_p99_ms"), json!("100.6"))], vec![(Error, WrongType, c0("ttft_p99_ms"))]),
        ("cell not an object", vec![Set(CELL0, json!(331.4))], vec![(Error, WrongType, cell0)]),
        ("accuracy top-1 above one", vec![Set("/accuracy/rows/0/top1", json!(95.0))], vec![(Error, OutOfRange, "accuracy.rows[0].top1")]),
        ("accuracy KL negative", vec![Set("/accuracy/rows/0/kl", json!(-0.01))], vec![(Error, OutOfRange, "accuracy.rows[0].kl")]),
        (
            "weight top-1 percent above 100",
            vec![Set("/weightAccuracy/rows/0/top1Percent", json!(193.78))],
            vec![(Error, OutOfRange, "weightAccuracy.rows[0].top1Percent")],
        ),
        (
            "weight CI excludes KL",
            vec![Set("/weightAccuracy/rows/0/kl95CI", json!([0.03, 0.04]))],
            vec![(Error, Inconsistent, "weightAccuracy.rows[0].kl95CI")],
        ),
        (
            "weight CI of three numbers",
            vec![Set("/weightAccuracy/rows/0/kl95CI", json!([0.02, 0.03, 0.04]))],
            vec![(Error, LengthMismatch, "weightAccuracy.rows[0].kl95CI")],
        ),
        (
            "weight CI half null",
            vec![Set("/weightAccuracy/rows/0/kl95CI/1", json!(null))],
            vec![(Error, WrongType, "weightAccuracy.rows[0].kl95CI")],
        ),
        (
            "retrieval matched above total",
            vec![Set("/weightAccuracy/retrieval/0/matched", json!(9))],
            vec![(Error, Inconsistent, "weightAccuracy.retrieval[0].matched")],
        ),
        // Renaming beta to alpha also leaves beta's decode row naming an undeclared engine.
        (
            "engine id duplicate",
            vec![Set("/engines/1/id", json!("alpha"))],
            vec![(Error, Duplicate, "engines[1].id"), (Error, UnknownReference, "decode.rows[1].id")],
        ),
        // An empty id is named as the cause, beside what it leaves dangling.
        (
            "engine id empty",
            vec![Set("/engines/1/id", json!(""))],
            vec![(Error, OutOfRange, "engines[1].id"), (Error, UnknownReference, "decode.rows[1].id")],
        ),
        ("decode row id duplicate", vec![Set("/decode/rows/1/id", json!("alpha"))], vec![(Error, Duplicate, "decode.rows[1].id")]),
        (
            "workload duplicate",
            vec![PushCopy("/serving/workloads", "/serving/workloads/0")],
            vec![(Error, Duplicate, "serving.workloads[1]")],
        ),
        (
            "serving row id duplicate",
            vec![PushCopy("/serving/workloads/0/rows", "/serving/workloads/0/rows/0")],
            vec![(Error, Duplicate, "serving.workloads[0].rows[1].id")],
        ),
        // Renaming beta.json to alpha.json leaves every citation of beta.json dangling.
        (
            "source file duplicate",
            vec![Set("/sources/1/file", json!("alpha.json"))],
            vec![
                (Error, Duplicate, "sources[1].file"),
                (Error, UnknownReference, "engines[1].source"),
                (Error, UnknownReference, "decode.rows[1].sources[0]"),
                (Error, UnknownReference, "weightAccuracy.source"),
            ],
        ),
        (
            "source without file or url",
            vec![Remove("/sources/2/file")],
            vec![
                (Error, Missing, "sources[2].file"),
                (Error, UnknownReference, c0("source")),
                (Error, UnknownReference, "serving.workloads[0].rows[0].cells[2].source"),
            ],
        ),
        (
            "decode row of an unknown engine",
            vec![Set("/decode/rows/0/id", json!("gamma"))],
            vec![(Error, UnknownReference, "decode.rows[0].id")],
        ),
        (
            "serving row of an unknown engine",
            vec![Set("/serving/workloads/0/rows/0/id", json!("gamma"))],
            vec![(Error, UnknownReference, "serving.workloads[0].rows[0].id")],
        ),
        (
            "prefill row of an unknown engine",
            vec![Set("/prefill/rows/0/id", json!("gamma"))],
            vec![(Error, UnknownReference, "prefill.rows[0].id")],
        ),
        (
            "prefill nominal length null is reported, never dropped",
            vec![Push("/prefill/nominalTokens", json!(null))],
            vec![(Error, WrongType, "prefill.nominalTokens[1]")],
        ),
        (
            "prefill nominal length fractional",
            vec![Set("/prefill/nominalTokens/0", json!(8192.5))],
            vec![(Error, OutOfRange, "prefill.nominalTokens[0]")],
        ),
        (
            "cache row of an unknown source",
            vec![Set("/cache/rows/0/source", json!("nowhere.json"))],
            vec![(Error, UnknownReference, "cache.rows[0].source")],
        ),
        (
            "decode of an unknown source",
            vec![Set("/decode/rows/0/sources/0", json!("nowhere.json"))],
            vec![(Error, UnknownReference, "decode.rows[0].sources[0]")],
        ),
        (
            "engine of an unknown source",
            vec![Set("/engines/0/source", json!("nowhere.json"))],
            vec![(Error, UnknownReference, "engines[0].source")],
        ),
        ("sha256 too short", vec![Set("/sources/0/sha256", json!("abc123"))], vec![(Error, OutOfRange, "sources[0].sha256")]),
        ("sha256 not hex", vec![Set("/sources/0/sha256", json!("z".repeat(64)))], vec![(Error, OutOfRange, "sources[0].sha256")]),
        ("missing title", vec![Remove("/title")], vec![(Error, Missing, "title")]),
        (
            "missing engines",
            vec![Remove("/engines")],
            vec![
                (Error, Missing, "engines"),
                (Error, UnknownReference, "decode.rows[0].id"),
                (Error, UnknownReference, "decode.rows[1].id"),
                (Error, UnknownReference, "prefill.rows[0].id"),
                (Error, UnknownReference, "cache.rows[0].id"),
                (Error, UnknownReference, "serving.workloads[0].rows[0].id"),
            ],
        ),
        (
            "missing sources",
            vec![Remove("/sources")],
            vec![
                (Error, Missing, "sources"),
                (Error, UnknownReference, "engines[0].source"),
                (Error, UnknownReference, "engines[1].source"),
                (Error, UnknownReference, "decode.rows[0].sources[0]"),
                (Error, UnknownReference, "decode.rows[1].sources[0]"),
                (Error, UnknownReference, "prefill.rows[0].source"),
                (Error, UnknownReference, "cache.rows[0].source"),
                (Error, UnknownReference, c0("source")),
                (Error, UnknownReference, "serving.workloads[0].rows[0].cells[2].source"),
                (Error, UnknownReference, "accuracy.rows[0].source"),
                (Error, UnknownReference, "weightAccuracy.source"),
            ],
        ),
        ("missing cells", vec![Remove("/serving/workloads/0/rows/0/cells")], vec![(Error, Missing, "serving.workloads[0].rows[0].cells")]),
        ("title is a number", vec![Set("/title", json!(5))], vec![(Error, WrongType, "title")]),
        ("decode block is a string", vec![Set("/decode", json!("n/a"))], vec![(Error, WrongType, "decode")]),
        ("energy disagrees with power", vec![Set(p0("tok_s_per_kw"), json!(1200.0))], vec![(Warning, Inconsistent, c0("tok_s_per_kw"))]),
        ("top level array", vec![Set("", json!([1, 2]))], vec![(Error, WrongType, "(root)")]),
        ("top level string", vec![Set("", json!("results"))], vec![(Error, WrongType, "(root)")]),
        ("schema version of an unknown major", vec![Set("/schemaVersion", json!("2.0"))], vec![(Error, Unsupported, "schemaVersion")]),
        ("schema version of a newer minor", vec![Set("/schemaVersion", json!("1.9"))], vec![(Warning, Unsupported, "schemaVersion")]),
        ("schema version malformed", vec![Set("/schemaVersion", json!("one"))], vec![(Error, OutOfRange, "schemaVersion")]),
        (
            "schema 1.1 fields",
            vec![
                Set("/schemaVersion", json!("1.1")),
                Set("/model", json!("M")),
                Set("/hardware", json!("H")),
                Set("/highlights", json!([{ "text": "A is fast.", "link": "?view=serving" }])),
            ],
            vec![],
        ),
        (
            "highlight linking elsewhere",
            vec![Set("/highlights", json!([{ "text": "x", "link": "javascript:alert(1)" }]))],
            vec![(Error, OutOfRange, "highlights[0].link")],
        ),
        (
            "highlight without text",
            vec![Set("/highlights", json!([{ "link": "?view=serving" }]))],
            vec![(Error, Missing, "highlights[0].text")],
        ),
    ]
}

/// Byte-level cases an edit cannot express, kept as files, and their findings.
fn files() -> Vec<(&'static str, Vec<Expected>)> {
    vec![
        ("truncated", vec![(Error, Syntax, "(root)")]),
        ("empty", vec![(Error, Syntax, "(root)")]),
        ("whitespace-only", vec![(Error, Syntax, "(root)")]),
        ("not-json", vec![(Error, Syntax, "(root)")]),
        ("html-404-page", vec![(Error, Syntax, "(root)")]),
        ("nan-literal", vec![(Error, Syntax, "(root)")]),
        ("infinity-literal", vec![(Error, Syntax, "(root)")]),
        ("number-too-large", vec![(Error, Syntax, "(root)")]),
        ("deep-nesting", vec![(Error, Syntax, "(root)")]),
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
        "schema version 2.0 is not supported: this page reads versions 1.0 to 1.3"
    );
    assert!(file("html-404-page").starts_with("not JSON: this is an HTML page"), "{}", file("html-404-page"));
    assert!(file("deep-nesting").contains("recursion limit"), "{}", file("deep-nesting"));
    assert!(message_of(&[Set("/serving/workloads/0/rows/0/cells/0/tok_s_per_kw", json!(1200.0))])
        .starts_with("1200 is outside what out_tok_s / power_w × 1000 allows"));
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
    assert_eq!(results.schema_version.to_string(), "1.1");
    assert_eq!(results.model.as_deref(), Some("Qwen3.8"));
    assert_eq!(results.highlights[0].link.as_deref(), Some("?view=serving"));
    assert_eq!(results.raw_document().get("model").and_then(|m| m.as_str()), Some("Qwen3.8"), "the document is kept whole");
}

#[test]
fn schema_one_two_fields_are_read() {
    let mut edits = rate_workload(vec![Set("/schemaVersion", json!("1.2"))]);
    edits.push(Set("/serving/workloads/0/rows/0/cells/0/trials", json!({"count": 3, "range": {"out_tok_s": [320.5, 333.0]}})));
    let doc = mutate(minimal(), &edits);
    let results = check(&serde_json::to_vec(&doc).expect("json"), &[]).results.expect("model");
    assert_eq!(results.schema_version.to_string(), "1.2");
    let w = &results.serving.as_ref().expect("serving").workloads[0];
    assert_eq!(w.load, servescope::core::model::LoadAxis::Rate);
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
    let cell = results.serving.as_ref().expect("serving").workloads[0].rows[0].cells[2].clone().expect("cell");
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
    let cell = results.serving.as_ref().expect("serving").workloads[0].rows[0].cells[0].clone().expect("cell");
    assert!(cell.all_failed());
    assert_eq!(cell.failed_note().as_deref(), Some("all 8 failed"));
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
