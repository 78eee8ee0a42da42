//! Shared helpers for the native tests: the fixtures and the one `check` helper every
//! validation test goes through.
#![allow(dead_code)]

use servescope::core::findings::{FindingKind, Severity};
use servescope::core::validate::{parse_results, Validation};

/// Bytes of a file under the repository root.
pub fn read(relative: &str) -> Vec<u8> {
    let path = format!("{}/{relative}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The bundled reference study.
pub fn bundled() -> Vec<u8> {
    read("data/qwen3.8-flash-next-mi350p-2026-10-30.json")
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
    let mut want: Vec<(Severity, FindingKind, String)> =
        expected.iter().map(|&(s, k, p)| (s, k, p.to_owned())).collect();
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
