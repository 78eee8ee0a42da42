//! Shared helpers for the native tests: the fixtures, the one `check` helper every
//! validation test goes through, edits applied to `minimal.json`, and SVG rendering.
#![allow(dead_code, unreachable_pub)]

pub mod cli;

use plotters::coord::Shift;
use plotters::prelude::*;
use serde_json::Value;
use servescope::core::study::findings::{FindingKind, Severity};
use servescope::core::study::model::Results;
use servescope::core::study::validate::{parse_results, Validation};

/// Bytes of a file under the repository root.
pub fn read(relative: &str) -> Vec<u8> {
    let path = format!("{}/{relative}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The bundled reference study.
/// A file's concurrency levels as a chart's load levels.
#[allow(dead_code)]
pub fn levels(results: &Results) -> Vec<f64> {
    results.concurrency().iter().map(|&c| f64::from(c)).collect()
}

pub fn bundled() -> Vec<u8> {
    read("data/qwen3.8-flash-next-mi350p-2026-10-30.json")
}

/// The bundled study, validated.
pub fn bundled_results() -> Results {
    check(&bundled(), &[]).results.expect("the bundled file is valid")
}

/// A study with its document edited and checked again: a `Results` is read-only once
/// validated, so a variant of one is a different file.
pub fn revised(results: &Results, edit: impl FnOnce(&mut Value)) -> Results {
    let mut doc: Value = serde_json::from_slice(results.raw()).expect("a checked study is JSON");
    edit(&mut doc);
    // `check` fails the test, naming the finding, if the edit made the file invalid.
    check(&serde_json::to_vec(&doc).expect("JSON"), &[]).results.expect("the edited study is valid")
}

/// A study without these top-level blocks (their names in the file: `weightAccuracy`).
pub fn without_blocks(results: &Results, blocks: &[&str]) -> Results {
    revised(results, |doc| {
        let doc = doc.as_object_mut().expect("a study is an object");
        blocks.iter().for_each(|b| drop(doc.remove(*b)));
    })
}

/// The minimal fixture as a JSON value, to edit.
pub fn minimal() -> Value {
    serde_json::from_slice(&read("tests/fixtures/minimal.json")).expect("minimal.json is JSON")
}

/// One edit of a JSON document, by JSON pointer.
#[derive(Clone, Debug)]
pub enum Edit {
    /// Replace the value at the pointer (`""` is the whole document).
    Set(&'static str, Value),
    /// Remove the object member at the pointer.
    Remove(&'static str),
    /// Append a value to the array at the pointer.
    Push(&'static str, Value),
    /// Append a copy of the value at the second pointer to the array at the first.
    PushCopy(&'static str, &'static str),
}

/// Apply edits to a document; a pointer that does not resolve is a test bug and panics.
pub fn mutate(mut doc: Value, edits: &[Edit]) -> Value {
    for edit in edits {
        match edit {
            Edit::Set("", value) => doc = value.clone(),
            Edit::Set(pointer, value) => match doc.pointer_mut(pointer) {
                Some(slot) => *slot = value.clone(),
                // A new member of an object that exists.
                None => {
                    let (parent, key) = pointer.rsplit_once('/').expect("a pointer");
                    let object = doc.pointer_mut(parent).and_then(Value::as_object_mut).unwrap_or_else(|| panic!("no object {parent}"));
                    object.insert(key.to_owned(), value.clone());
                }
            },
            Edit::Remove(pointer) => {
                let (parent, key) = pointer.rsplit_once('/').expect("a pointer");
                let removed = doc.pointer_mut(parent).and_then(Value::as_object_mut).and_then(|o| o.remove(key));
                assert!(removed.is_some(), "nothing at {pointer}");
            }
            Edit::Push(pointer, value) => {
                doc.pointer_mut(pointer).and_then(Value::as_array_mut).unwrap_or_else(|| panic!("no array {pointer}")).push(value.clone())
            }
            Edit::PushCopy(to, from) => {
                let copy = doc.pointer(from).unwrap_or_else(|| panic!("no {from}")).clone();
                doc.pointer_mut(to).and_then(Value::as_array_mut).unwrap_or_else(|| panic!("no array {to}")).push(copy);
            }
        }
    }
    doc
}

/// One expected finding: severity, kind and the exact path.
pub type Expected = (Severity, FindingKind, &'static str);

/// Validate `input` and assert its findings are exactly `expected` (order-insensitive),
/// each with a message; returns the validation for further assertions.
pub fn check(input: &[u8], expected: &[Expected]) -> Validation {
    let (validation, mismatch) = compare(input, expected);
    if let Some(mismatch) = mismatch {
        panic!("{mismatch}");
    }
    validation
}

/// Validate `input` and describe how its findings differ from `expected`, if they do.
pub fn compare(input: &[u8], expected: &[Expected]) -> (Validation, Option<String>) {
    let validation = parse_results(input);
    let mut found: Vec<(Severity, FindingKind, String)> =
        validation.findings.iter().map(|f| (f.severity, f.kind, f.path.clone())).collect();
    let mut want: Vec<(Severity, FindingKind, String)> = expected.iter().map(|&(s, k, p)| (s, k, p.to_owned())).collect();
    let key = |x: &(Severity, FindingKind, String)| format!("{:?} {:?} {}", x.0, x.1, x.2);
    found.sort_by_key(key);
    want.sort_by_key(key);
    let mut problems = Vec::new();
    if found != want {
        problems.push(format!("expected {want:?}\n   found {found:?}\n   messages {:#?}", validation.findings));
    }
    if let Some(f) = validation.findings.iter().find(|f| f.message.len() <= 8) {
        problems.push(format!("finding without a real message: {f:?}"));
    }
    let has_error = expected.iter().any(|e| e.0 == Severity::Error);
    if validation.results.is_none() != has_error {
        problems.push("a model must be built exactly when there is no error".to_owned());
    }
    let mismatch = (!problems.is_empty()).then(|| problems.join("\n"));
    (validation, mismatch)
}

/// Draw on an SVG of `size` and return the document with what the drawing returned.
pub fn render_svg<T>(size: (u32, u32), draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> T) -> (String, T) {
    let mut svg = String::new();
    let out = {
        let area = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        draw(&area)
    };
    (svg, out)
}
