//! Parse, then check: bytes → JSON value → typed model, collecting every finding on the way.
//!
//! Typed serde would stop at the first error and lose paths under `flatten`, so the JSON
//! value is walked by hand, one file per block. Each helper reports what it expected at
//! the exact path and returns `None` so the walk can go on and report the rest of the file
//! at once. Cross-field rules (references, rounding, a CI containing its value) are here,
//! not in the JSON Schema (`schema/results-1.json`), which states only the structure.

mod accuracy;
mod blocks;
mod choose;
mod decode;
mod load;
mod reader;
mod refs;
mod serving;

use crate::core::basics::json::{Json as Value, Obj};

use std::sync::Arc;

use crate::core::study::findings::{Finding, FindingKind, Severity};
use crate::core::study::model::{Highlight, Results, SchemaVersion};
use crate::core::study::path::JsonPath;
pub use choose::{choose_results_file, ChosenResults, NotChosen};
use reader::Checker;
use refs::References;

/// The outcome of checking one file: the model if nothing was an error, and every finding.
#[derive(Clone, Debug)]
pub struct Validation {
    /// The checked model; `None` when any finding is an error.
    pub results: Option<Results>,
    /// Every finding, errors and warnings, in file order.
    pub findings: Vec<Finding>,
}

impl Validation {
    /// Findings of one severity.
    pub fn with_severity(&self, severity: Severity) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(move |f| f.severity == severity)
    }

    /// Number of errors.
    pub fn error_count(&self) -> usize {
        self.with_severity(Severity::Error).count()
    }

    /// Number of warnings.
    pub fn warning_count(&self) -> usize {
        self.with_severity(Severity::Warning).count()
    }
}

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Check a results file's bytes. Never panics: every problem becomes a finding.
pub fn parse_results(bytes: &[u8]) -> Validation {
    let mut checker = Checker::default();
    let results = document(&mut checker, bytes);
    let results = if checker.findings.iter().any(|f| f.severity == Severity::Error) { None } else { results };
    Validation { results, findings: checker.findings }
}

/// What the first bytes of a non-JSON answer look like, for the syntax message.
pub fn describe_non_json(head: &[u8]) -> Option<&'static str> {
    let text = String::from_utf8_lossy(&head[..head.len().min(256)]);
    let trimmed = text.trim_start();
    let lower = trimmed.get(..64.min(trimmed.len())).unwrap_or(trimmed).to_ascii_lowercase();
    if ["<!doctype html", "<html", "<head", "<body"].iter().any(|p| lower.starts_with(p)) {
        Some("an HTML page")
    } else if lower.starts_with('<') {
        Some("markup (XML or HTML)")
    } else {
        None
    }
}

fn document(checker: &mut Checker, bytes: &[u8]) -> Option<Results> {
    let root = JsonPath::root();
    let bytes = match bytes.strip_prefix(UTF8_BOM) {
        Some(rest) => {
            // Editors on some systems add a byte-order mark; it carries no data, so the file
            // is read without it — but never silently.
            checker.warning(FindingKind::Syntax, &root, "the file starts with a UTF-8 byte-order mark; it was ignored");
            rest
        }
        None => bytes,
    };
    if bytes.iter().all(u8::is_ascii_whitespace) {
        checker.error(FindingKind::Syntax, &root, "the file is empty; expected a JSON object");
        return None;
    }
    let value = match Value::parse(bytes) {
        Ok(value) => value,
        Err(e) => {
            let what = match describe_non_json(bytes) {
                Some(kind) => format!("not JSON: this is {kind}"),
                None => "not valid JSON".to_owned(),
            };
            // serde_json's own message ends in "at line L column C"; say it once, plainly.
            let reason = e.to_string();
            let reason = reason.split(" at line ").next().unwrap_or(&reason).to_owned();
            checker.error(FindingKind::Syntax, &root, format!("{what} — line {}, column {}: {reason}", e.line(), e.column()));
            return None;
        }
    };
    let Some(obj) = value.as_object() else {
        checker.wrong_type(&root, "a JSON object with title, date, concurrency, engines and sources", &value);
        return None;
    };
    let mut results = results(checker, obj)?;
    results.raw = Arc::from(bytes);
    Some(results)
}

/// `schemaVersion`: absent means 1.0; a newer minor is read with a warning (its new fields
/// stay in the raw view); an unknown major is refused.
fn schema_version(checker: &mut Checker, obj: &Obj<'_>) -> Option<SchemaVersion> {
    let root = JsonPath::root();
    let Some(text) = checker.optional_string(obj, "schemaVersion", &root) else {
        return obj.get("schemaVersion").is_none_or(Value::is_null).then_some(SchemaVersion::V1_0);
    };
    let path = root.key("schemaVersion");
    let parsed = text.split_once('.').and_then(|(major, minor)| {
        let whole = |s: &str| s.parse::<u32>().ok().filter(|_| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()));
        Some(SchemaVersion { major: whole(major)?, minor: whole(minor)? })
    });
    let Some(version) = parsed else {
        checker.error(FindingKind::OutOfRange, &path, format!("expected a version like \"1.1\", found \"{text}\""));
        return None;
    };
    let current = SchemaVersion::CURRENT;
    if version.major != current.major {
        checker.error(
            FindingKind::Unsupported,
            &path,
            format!("schema version {version} is not supported: this page reads versions {}.0 to {current}", current.major),
        );
        return None;
    }
    if version.minor > current.minor {
        checker.warning(
            FindingKind::Unsupported,
            &path,
            format!("written for schema {version}, newer than this page's {current}: fields it does not know are kept in the raw view"),
        );
    }
    Some(version)
}

/// `highlights`: the publisher's own findings, each a sentence and an optional link that
/// must be a query string of this page (it is parsed as a link, never followed elsewhere).
fn highlights(checker: &mut Checker, obj: &Obj<'_>) -> Vec<Highlight> {
    let root = JsonPath::root();
    let Some(items) = checker.optional_array(obj, "highlights", &root) else { return Vec::new() };
    let mut out = Vec::new();
    for (map, here) in checker.objects(items, &root.key("highlights")) {
        let text = checker.required_string(map, "text", &here);
        let link = checker.optional_string(map, "link", &here);
        if let Some(link) = &link {
            if !link.starts_with('?') {
                checker.error(
                    FindingKind::OutOfRange,
                    &here.key("link"),
                    format!("expected a link to a view of this page, starting with `?`, found \"{link}\""),
                );
                continue;
            }
        }
        if let Some(text) = text {
            out.push(Highlight { text, link });
        }
    }
    out
}

fn results(checker: &mut Checker, obj: &Obj<'_>) -> Option<Results> {
    let root = JsonPath::root();
    let schema_version = schema_version(checker, obj);
    let title = checker.required_string(obj, "title", &root);
    let date = checker.required_string(obj, "date", &root);
    let scope = checker.optional_string(obj, "scope", &root);
    let model = checker.optional_string(obj, "model", &root);
    let hardware = checker.optional_string(obj, "hardware", &root);
    let highlights = highlights(checker, obj);
    let concurrency = decode::concurrency(checker, obj);
    let engines = decode::engines(checker, obj);
    let sources = decode::sources(checker, obj);

    let mut refs = References::new(engines.iter().map(|e| e.id.clone()), sources.iter().map(|s| s.name().to_owned()));
    for (i, engine) in engines.iter().enumerate() {
        if let Some(source) = &engine.source {
            refs.source(source, || root.key("engines").index(i).key("source"));
        }
    }
    let levels = concurrency.as_deref().unwrap_or(&[]);
    let decode = checker.block(obj, "decode").map(|(map, path)| decode::decode(checker, map, &path, levels, &mut refs));
    let prefill = checker.block(obj, "prefill").map(|(map, path)| blocks::prefill(checker, map, &path, &mut refs));
    let cache = checker.block(obj, "cache").map(|(map, path)| blocks::cache(checker, map, &path, &mut refs));
    let serving = checker.block(obj, "serving").map(|(map, path)| serving::serving(checker, map, &path, levels, &mut refs));
    let accuracy = checker.block(obj, "accuracy").map(|(map, path)| accuracy::accuracy(checker, map, &path, &mut refs));
    let weight_accuracy = checker.block(obj, "weightAccuracy").map(|(map, path)| accuracy::weight_accuracy(checker, map, &path, &mut refs));
    refs.check(checker);
    // A study of request-rate sweeps alone has no concurrency level to list; the decode
    // block and concurrency-driven workloads are indexed by them.
    let by_concurrency =
        serving.as_ref().is_some_and(|s| s.workloads.iter().any(|w| w.load == crate::core::study::model::LoadAxis::Concurrency));
    if concurrency.as_ref().is_some_and(Vec::is_empty) && (decode.is_some() || by_concurrency) {
        checker.error(
            FindingKind::Inconsistent,
            &root.key("concurrency"),
            "expected at least one concurrency level: the decode block and concurrency-driven workloads are indexed by them (only a study of request-rate sweeps may list none)",
        );
    }

    Some(Results {
        schema_version: schema_version?,
        title: title?,
        date: date?,
        scope,
        model,
        hardware,
        highlights,
        concurrency: concurrency?,
        engines,
        sources,
        decode,
        prefill,
        cache,
        serving,
        accuracy,
        weight_accuracy,
        raw: Arc::from(&[][..]),
    })
}
