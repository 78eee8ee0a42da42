//! The validation corpus as data: each edit of `minimal.json` and each byte-level fixture,
//! with exactly the findings it must give (path, kind, severity, words).

use crate::common;
use common::{Edit, Edit::*, Expected};
use serde_json::json;
use servescope::core::study::findings::FindingKind::*;
use servescope::core::study::findings::Severity::Error;

pub(super) const CELL0: &str = "/serving/workloads/0/rows/0/cells/0";

/// The minimal fixture's workload turned into a rate sweep (0.5, 1 and 2 req/s), then `more`.
pub(super) fn rate_workload(more: Vec<Edit>) -> Vec<Edit> {
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

/// A field of the first cell, as a finding's path names it.
pub(super) fn c0(field: &str) -> &'static str {
    Box::leak(format!("serving.workloads[0].rows[0].cells[0].{field}").into_boxed_str())
}

/// A field of the first cell, as an edit's pointer names it.
pub(super) fn p0(field: &str) -> &'static str {
    Box::leak(format!("{CELL0}/{field}").into_boxed_str())
}

/// One of the edits below, its name and exactly the findings it must produce.
pub(super) type EditCase = (&'static str, Vec<Edit>, Vec<Expected>);

/// Each edit of the minimal fixture and exactly the findings it must produce.
pub(super) fn edits() -> Vec<EditCase> {
    [layout_and_cell_edits(), rate_trial_and_accuracy_edits(), id_and_reference_edits(), super::whole_file::file_level_edits()].concat()
}

/// The arrays' shapes, the concurrency axis, a cell's fields and the rate axis.
fn layout_and_cell_edits() -> Vec<EditCase> {
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
    ]
}

/// Request rates, bursts, trials, a cell's requests and sources, the accuracy blocks.
fn rate_trial_and_accuracy_edits() -> Vec<EditCase> {
    vec![
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
        ("a cap on a concurrency cell", vec![Set(p0("conc_cap"), json!(25))], vec![(Error, Inconsistent, c0("conc_cap"))]),
        ("a sent rate on a concurrency cell", vec![Set(p0("rate_sent_rps"), json!(1.2))], vec![(Error, Inconsistent, c0("rate_sent_rps"))]),
        ("a cap of a fraction", rate_workload(vec![Set(p0("conc_cap"), json!(2.5))]), vec![(Error, OutOfRange, c0("conc_cap"))]),
        ("a load source of another word", vec![Set(p0("load_source"), json!("guess"))], vec![(Error, OutOfRange, c0("load_source"))]),
        ("a load source not a string", vec![Set(p0("load_source"), json!(1))], vec![(Error, WrongType, c0("load_source"))]),
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
        ("cell not an object", vec![Set(CELL0, json!(331.4))], vec![(Error, WrongType, "serving.workloads[0].rows[0].cells[0]")]),
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
    ]
}

/// Ids and the references between blocks.
fn id_and_reference_edits() -> Vec<EditCase> {
    vec![
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
    ]
}
