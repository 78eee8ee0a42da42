//! The checker's primitives: read one field at an exact path, report what was expected
//! when it is wrong, and return `None` so the walk goes on and reports the rest at once.

use std::collections::HashSet;

use crate::core::basics::json::{Json as Value, Obj};

use crate::core::study::findings::{Finding, FindingKind, Severity};
use crate::core::study::path::JsonPath;

/// A valid whole number ≥ `min`, read without building a path (`None`: not valid, or not
/// a number — the slow path reports why).
fn whole_fast(value: &Value, min: u64) -> Option<u64> {
    let x = value.as_f64()?;
    (x.is_finite() && x.fract() == 0.0 && x >= min as f64 && x <= f64::from(u32::MAX)).then_some(x as u64)
}

/// What a JSON value is, in words for messages.
pub(super) fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Collects findings while the document is walked.
#[derive(Default)]
pub(super) struct Checker {
    /// Every finding so far, in file order.
    pub findings: Vec<Finding>,
}

/// How a row of a block is identified.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum RowId {
    /// Its `id` must name a declared engine.
    Engine,
    /// Its `id` is its own (accuracy rows).
    Own,
}

impl Checker {
    /// Record a finding.
    pub(super) fn report(&mut self, severity: Severity, kind: FindingKind, path: &JsonPath, message: String) {
        self.findings.push(Finding { severity, kind, path: path.to_string(), message });
    }

    /// Record an error.
    pub(super) fn error(&mut self, kind: FindingKind, path: &JsonPath, message: impl Into<String>) {
        self.report(Severity::Error, kind, path, message.into());
    }

    /// Record a warning.
    pub(super) fn warning(&mut self, kind: FindingKind, path: &JsonPath, message: impl Into<String>) {
        self.report(Severity::Warning, kind, path, message.into());
    }

    /// Record that a value has the wrong JSON type.
    pub(super) fn wrong_type(&mut self, path: &JsonPath, expected: &str, found: &Value) {
        self.error(FindingKind::WrongType, path, format!("expected {expected}, found {}", type_name(found)));
    }

    fn required<'a>(&mut self, obj: &'a Obj<'a>, key: &str, path: &JsonPath) -> Option<&'a Value<'a>> {
        let value = obj.get(key);
        if value.is_none() {
            self.error(FindingKind::Missing, &path.key(key), format!("required field `{key}` is missing"));
        }
        value
    }

    /// A required, non-null string.
    pub(super) fn required_string(&mut self, obj: &Obj<'_>, key: &str, path: &JsonPath) -> Option<String> {
        match self.required(obj, key, path)? {
            Value::String(s) => Some(s.to_string()),
            other => {
                self.wrong_type(&path.key(key), "a string", other);
                None
            }
        }
    }

    /// An optional string: absent or null reads as `None`.
    pub(super) fn optional_string(&mut self, obj: &Obj<'_>, key: &str, path: &JsonPath) -> Option<String> {
        match obj.get(key)? {
            Value::String(s) => Some(s.to_string()),
            Value::Null => None,
            other => {
                self.wrong_type(&path.key(key), "a string", other);
                None
            }
        }
    }

    /// A number that must be finite and ≥ 0; `null` reads as "not measured".
    pub(super) fn number_value(&mut self, value: &Value, path: &JsonPath) -> Option<f64> {
        match value {
            Value::Null => None,
            Value::Number(n) => match n.as_f64() {
                Some(x) if !x.is_finite() => {
                    self.error(FindingKind::OutOfRange, path, format!("expected a finite number, found {n}"));
                    None
                }
                Some(x) if x < 0.0 => {
                    self.error(FindingKind::OutOfRange, path, format!("expected a number ≥ 0, found {n}"));
                    None
                }
                Some(x) => Some(x),
                None => {
                    self.error(FindingKind::OutOfRange, path, format!("expected a number that fits in f64, found {n}"));
                    None
                }
            },
            other => {
                self.wrong_type(path, "a number or null", other);
                None
            }
        }
    }

    /// An optional number ≥ 0: absent or null reads as "not measured".
    pub(super) fn number(&mut self, obj: &Obj<'_>, key: &str, path: &JsonPath) -> Option<f64> {
        let value = obj.get(key)?;
        // The path is built only for a finding: a large file has ~20 numbers per cell, and
        // extending a path copies it.
        match value {
            Value::Null => None,
            Value::Number(n) if n.as_f64().is_some_and(|x| x.is_finite() && x >= 0.0) => n.as_f64(),
            _ => self.number_value(value, &path.key(key)),
        }
    }

    /// A whole number ≥ `min` at `path` (not null).
    pub(super) fn whole_value(&mut self, value: &Value, path: &JsonPath, min: u64) -> Option<u64> {
        if let Some(x) = whole_fast(value, min) {
            return Some(x);
        }
        if value.is_null() {
            self.error(FindingKind::WrongType, path, "expected a whole number, found null");
            return None;
        }
        let x = self.number_value(value, path)?;
        if x.fract() != 0.0 || x < min as f64 || x > f64::from(u32::MAX) {
            self.error(FindingKind::OutOfRange, path, format!("expected a whole number ≥ {min}, found {x}"));
            return None;
        }
        Some(x as u64)
    }

    /// A required whole number ≥ `min`.
    pub(super) fn whole(&mut self, obj: &Obj<'_>, key: &str, path: &JsonPath, min: u64) -> Option<u64> {
        let value = self.required(obj, key, path)?;
        whole_fast(value, min).or_else(|| self.whole_value(value, &path.key(key), min))
    }

    /// An optional whole number ≥ `min`: absent or null is `None`, a fraction an error
    /// (never truncated).
    pub(super) fn whole_opt(&mut self, obj: &Obj<'_>, key: &str, path: &JsonPath, min: u64) -> Option<u64> {
        match obj.get(key)? {
            Value::Null => None,
            value => whole_fast(value, min).or_else(|| self.whole_value(value, &path.key(key), min)),
        }
    }

    /// A required array.
    pub(super) fn required_array<'a>(&mut self, obj: &'a Obj<'a>, key: &str, path: &JsonPath) -> Option<&'a [Value<'a>]> {
        match self.required(obj, key, path)? {
            Value::Array(items) => Some(items),
            other => {
                self.wrong_type(&path.key(key), "an array", other);
                None
            }
        }
    }

    /// An optional array: absent or null reads as `None`.
    pub(super) fn optional_array<'a>(&mut self, obj: &'a Obj<'a>, key: &str, path: &JsonPath) -> Option<&'a [Value<'a>]> {
        match obj.get(key)? {
            Value::Array(items) => Some(items),
            Value::Null => None,
            other => {
                self.wrong_type(&path.key(key), "an array", other);
                None
            }
        }
    }

    /// A value that must be an object.
    pub(super) fn object<'a>(&mut self, value: &'a Value<'a>, path: &JsonPath) -> Option<&'a Obj<'a>> {
        match value {
            Value::Object(map) => Some(map),
            other => {
                self.wrong_type(path, "an object", other);
                None
            }
        }
    }

    /// An optional top-level block: absent or null means "not in this file".
    pub(super) fn block<'a>(&mut self, obj: &'a Obj<'a>, key: &str) -> Option<(&'a Obj<'a>, JsonPath)> {
        let path = JsonPath::root().key(key);
        match obj.get(key)? {
            Value::Null => None,
            value => self.object(value, &path).map(|map| (map, path)),
        }
    }

    /// An optional array of strings.
    pub(super) fn strings(&mut self, obj: &Obj<'_>, key: &str, path: &JsonPath) -> Vec<String> {
        let Some(items) = self.optional_array(obj, key, path) else { return Vec::new() };
        let here = path.key(key);
        items
            .iter()
            .enumerate()
            .filter_map(|(i, item)| match item {
                Value::String(s) => Some(s.to_string()),
                other => {
                    self.wrong_type(&here.index(i), "a string", other);
                    None
                }
            })
            .collect()
    }

    /// Each element of an array that is an object, with its path.
    pub(super) fn objects<'a>(&mut self, items: &'a [Value<'a>], path: &JsonPath) -> Vec<(&'a Obj<'a>, JsonPath)> {
        items
            .iter()
            .enumerate()
            .filter_map(|(i, item)| {
                let here = path.index(i);
                self.object(item, &here).map(|map| (map, here))
            })
            .collect()
    }

    /// An id that must be unique within `seen`.
    pub(super) fn unique_id(&mut self, seen: &mut HashSet<String>, id: &str, path: &JsonPath, what: &str) {
        if !seen.insert(id.to_owned()) {
            self.error(FindingKind::Duplicate, path, format!("{what} `{id}` appears more than once"));
        }
    }

    /// A required, non-empty id string.
    pub(super) fn id(&mut self, obj: &Obj<'_>, path: &JsonPath, what: &str) -> Option<String> {
        let id = self.required_string(obj, "id", path)?;
        if id.trim().is_empty() {
            self.error(FindingKind::OutOfRange, &path.key("id"), format!("{what} must not be empty"));
            return None;
        }
        Some(id)
    }

    /// The rows of a block (`rows` is required): each row's object, its path and its id,
    /// checked unique within the block; `RowId::Engine` rows must name declared engines
    /// (recorded in `refs`, checked once the whole file is read).
    pub(super) fn rows<'a>(
        &mut self,
        obj: &'a Obj<'a>,
        path: &JsonPath,
        id_kind: RowId,
        what: &str,
        refs: &mut super::refs::References,
    ) -> Vec<(&'a Obj<'a>, JsonPath, String)> {
        let items = self.required_array(obj, "rows", path).unwrap_or(&[]);
        let mut seen = HashSet::new();
        let mut rows = Vec::new();
        for (map, here) in self.objects(items, &path.key("rows")) {
            let Some(id) = self.id(map, &here, what) else { continue };
            self.unique_id(&mut seen, &id, &here.key("id"), what);
            if id_kind == RowId::Engine {
                refs.engine(&id, || here.key("id"));
            }
            rows.push((map, here, id));
        }
        rows
    }

    /// An optional `source` field that must name a declared source.
    pub(super) fn source(&mut self, obj: &Obj<'_>, path: &JsonPath, refs: &mut super::refs::References) -> Option<String> {
        let source = self.optional_string(obj, "source", path)?;
        refs.source(&source, || path.key("source"));
        Some(source)
    }

    /// `values` hold one entry per concurrency level.
    pub(super) fn check_length(&mut self, items: &[Value<'_>], levels: &[u32], path: &JsonPath, what: &str) {
        if !levels.is_empty() && items.len() != levels.len() {
            self.error(
                FindingKind::LengthMismatch,
                path,
                format!("expected {} {what} (one per concurrency level), found {}", levels.len(), items.len()),
            );
        }
    }

    /// `cells` hold one entry per load level of their workload (`axis`: "concurrency" or
    /// "request rate").
    pub(super) fn check_levels(&mut self, items: &[Value<'_>], levels: usize, axis: &str, path: &JsonPath) {
        if levels > 0 && items.len() != levels {
            self.error(FindingKind::LengthMismatch, path, format!("expected {levels} cells (one per {axis} level), found {}", items.len()));
        }
    }
}
