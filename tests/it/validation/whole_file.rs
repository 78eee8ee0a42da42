//! The cases of the validation corpus about the file as a whole: sources' hashes, required
//! fields, types, the schema version, highlights, and the byte-level cases kept as files.

use super::cases::{c0, p0, EditCase};
use crate::common;
use common::{Edit::*, Expected};
use serde_json::json;
use servescope::core::study::findings::FindingKind::*;
use servescope::core::study::findings::Severity::{Error, Warning};

/// Sources' hashes, required fields, types, the schema version and highlights.
pub(super) fn file_level_edits() -> Vec<EditCase> {
    vec![
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
pub(super) fn files() -> Vec<(&'static str, Vec<Expected>)> {
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
