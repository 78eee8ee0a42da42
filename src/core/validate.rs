//! Parse, then check: bytes → JSON value → typed model, collecting every finding on the way.
//!
//! Typed serde would stop at the first error and lose paths under `flatten`, so the JSON
//! value is walked by hand. Each helper reports what it expected at the exact path and
//! returns `None` so the walk can go on and report the rest of the file at once.

use std::collections::HashSet;

use serde_json::{Map, Value};

use super::findings::{Finding, FindingKind, Severity};
use super::format::Interval;
use super::model::*;
use super::path::JsonPath;

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
    let results = checker.document(bytes);
    let results = if checker.findings.iter().any(|f| f.severity == Severity::Error) { None } else { results };
    Validation { results, findings: checker.findings }
}

/// What a JSON value is, in words for messages.
fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// What the first bytes of a non-JSON answer look like, for the syntax message.
fn describe_non_json(text: &str) -> Option<&'static str> {
    let head = text.trim_start().get(..64.min(text.trim_start().len())).unwrap_or("").to_ascii_lowercase();
    if head.starts_with("<!doctype html") || head.starts_with("<html") || head.starts_with("<head") || head.starts_with("<body") {
        Some("an HTML page")
    } else if head.starts_with("<?xml") || head.starts_with('<') {
        Some("markup (XML or HTML)")
    } else {
        None
    }
}

#[derive(Default)]
struct Checker {
    findings: Vec<Finding>,
}

impl Checker {
    fn report(&mut self, severity: Severity, kind: FindingKind, path: &JsonPath, message: String) {
        self.findings.push(Finding { severity, kind, path: path.to_string(), message });
    }

    fn error(&mut self, kind: FindingKind, path: &JsonPath, message: impl Into<String>) {
        self.report(Severity::Error, kind, path, message.into());
    }

    fn wrong_type(&mut self, path: &JsonPath, expected: &str, found: &Value) {
        self.error(FindingKind::WrongType, path, format!("expected {expected}, found {}", type_name(found)));
    }

    fn document(&mut self, bytes: &[u8]) -> Option<Results> {
        let root = JsonPath::root();
        let bytes = match bytes.strip_prefix(UTF8_BOM) {
            Some(rest) => {
                // Editors on some systems add a byte-order mark; it carries no data, so the file
                // is read without it — but never silently.
                self.report(Severity::Warning, FindingKind::Syntax, &root, "the file starts with a UTF-8 byte-order mark; it was ignored".into());
                rest
            }
            None => bytes,
        };
        if bytes.iter().all(u8::is_ascii_whitespace) {
            self.error(FindingKind::Syntax, &root, "the file is empty; expected a JSON object");
            return None;
        }
        let value: Value = match serde_json::from_slice(bytes) {
            Ok(value) => value,
            Err(e) => {
                let text = String::from_utf8_lossy(&bytes[..bytes.len().min(256)]);
                let what = match describe_non_json(&text) {
                    Some(kind) => format!("not JSON: this is {kind}"),
                    None => "not valid JSON".to_owned(),
                };
                // serde_json's own message ends in "at line L column C"; say it once, plainly.
                let reason = e.to_string();
                let reason = reason.split(" at line ").next().unwrap_or(&reason).to_owned();
                self.error(FindingKind::Syntax, &root, format!("{what} — line {}, column {}: {reason}", e.line(), e.column()));
                return None;
            }
        };
        let Some(obj) = value.as_object() else {
            self.wrong_type(&root, "a JSON object with title, date, concurrency, engines and sources", &value);
            return None;
        };
        self.results(obj, &value)
    }

    // ---- field helpers: each reports at the exact path and returns None on a problem ----

    fn field<'a>(&mut self, obj: &'a Map<String, Value>, key: &str, path: &JsonPath, required: bool) -> Option<&'a Value> {
        match obj.get(key) {
            Some(v) => Some(v),
            None => {
                if required {
                    self.error(FindingKind::Missing, &path.key(key), format!("required field `{key}` is missing"));
                }
                None
            }
        }
    }

    fn string(&mut self, obj: &Map<String, Value>, key: &str, path: &JsonPath, required: bool) -> Option<String> {
        match self.field(obj, key, path, required)? {
            Value::String(s) => Some(s.clone()),
            Value::Null if !required => None,
            other => {
                self.wrong_type(&path.key(key), "a string", other);
                None
            }
        }
    }

    /// A number that must be finite and ≥ 0; `null` reads as "not measured".
    fn number_value(&mut self, value: &Value, path: &JsonPath) -> Option<f64> {
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

    fn number(&mut self, obj: &Map<String, Value>, key: &str, path: &JsonPath) -> Option<f64> {
        let value = self.field(obj, key, path, false)?;
        self.number_value(value, &path.key(key))
    }

    /// A required, non-null whole number ≥ `min`.
    fn whole(&mut self, obj: &Map<String, Value>, key: &str, path: &JsonPath, min: u64) -> Option<u64> {
        let value = self.field(obj, key, path, true)?;
        let here = path.key(key);
        if value.is_null() {
            self.error(FindingKind::WrongType, &here, "expected a whole number, found null");
            return None;
        }
        let x = self.number_value(value, &here)?;
        if x.fract() != 0.0 || x < min as f64 || x > u32::MAX as f64 {
            self.error(FindingKind::OutOfRange, &here, format!("expected a whole number ≥ {min}, found {x}"));
            return None;
        }
        Some(x as u64)
    }

    fn array<'a>(&mut self, obj: &'a Map<String, Value>, key: &str, path: &JsonPath, required: bool) -> Option<&'a Vec<Value>> {
        match self.field(obj, key, path, required)? {
            Value::Array(items) => Some(items),
            Value::Null if !required => None,
            other => {
                self.wrong_type(&path.key(key), "an array", other);
                None
            }
        }
    }

    fn object<'a>(&mut self, value: &'a Value, path: &JsonPath) -> Option<&'a Map<String, Value>> {
        match value {
            Value::Object(map) => Some(map),
            other => {
                self.wrong_type(path, "an object", other);
                None
            }
        }
    }

    /// An optional block: absent or null means "not in this file".
    fn block<'a>(&mut self, obj: &'a Map<String, Value>, key: &str) -> Option<(&'a Map<String, Value>, JsonPath)> {
        let path = JsonPath::root().key(key);
        match obj.get(key)? {
            Value::Null => None,
            value => self.object(value, &path).map(|map| (map, path)),
        }
    }

    fn strings(&mut self, obj: &Map<String, Value>, key: &str, path: &JsonPath) -> Vec<String> {
        let Some(items) = self.array(obj, key, path, false) else { return Vec::new() };
        let here = path.key(key);
        items
            .iter()
            .enumerate()
            .filter_map(|(i, item)| match item {
                Value::String(s) => Some(s.clone()),
                other => {
                    self.wrong_type(&here.index(i), "a string", other);
                    None
                }
            })
            .collect()
    }

    /// Each element of an array that is an object, with its path.
    fn objects<'a>(&mut self, items: &'a [Value], path: &JsonPath) -> Vec<(usize, &'a Map<String, Value>, JsonPath)> {
        items
            .iter()
            .enumerate()
            .filter_map(|(i, item)| {
                let here = path.index(i);
                self.object(item, &here).map(|map| (i, map, here))
            })
            .collect()
    }

    fn unique_id(&mut self, seen: &mut HashSet<String>, id: &str, path: &JsonPath, what: &str) {
        if !seen.insert(id.to_owned()) {
            self.error(FindingKind::Duplicate, path, format!("{what} `{id}` appears more than once"));
        }
    }

    // ---- the document ----

    fn results(&mut self, obj: &Map<String, Value>, raw: &Value) -> Option<Results> {
        let root = JsonPath::root();
        let title = self.string(obj, "title", &root, true);
        let date = self.string(obj, "date", &root, true);
        let scope = self.string(obj, "scope", &root, false);
        let concurrency = self.concurrency(obj);
        let engines = self.engines(obj);
        let sources = self.sources(obj);

        let mut refs = References {
            engine_ids: engines.iter().map(|e| e.id.clone()).collect(),
            source_names: sources.iter().map(|s| s.name().to_owned()).collect(),
            pending: Vec::new(),
        };
        for (i, engine) in engines.iter().enumerate() {
            if let Some(source) = &engine.source {
                refs.source(source, JsonPath::root().key("engines").index(i).key("source"));
            }
        }
        let levels = concurrency.as_deref().unwrap_or(&[]);
        let decode = self.block(obj, "decode").map(|(map, path)| self.decode(map, &path, levels, &mut refs));
        let prefill = self.block(obj, "prefill").map(|(map, path)| self.prefill(map, &path, &mut refs));
        let cache = self.block(obj, "cache").map(|(map, path)| self.cache(map, &path, &mut refs));
        let serving = self.block(obj, "serving").map(|(map, path)| self.serving(map, &path, levels, &mut refs));
        let accuracy = self.block(obj, "accuracy").map(|(map, path)| self.accuracy(map, &path, &mut refs));
        let weight_accuracy = self.block(obj, "weightAccuracy").map(|(map, path)| self.weight_accuracy(map, &path, &mut refs));
        self.check_references(&refs);

        Some(Results {
            title: title?,
            date: date?,
            scope,
            concurrency: concurrency?,
            engines,
            sources,
            decode,
            prefill,
            cache,
            serving,
            accuracy,
            weight_accuracy,
            raw: raw.clone(),
        })
    }

    fn concurrency(&mut self, obj: &Map<String, Value>) -> Option<Vec<u32>> {
        let root = JsonPath::root();
        let items = self.array(obj, "concurrency", &root, true)?;
        let path = root.key("concurrency");
        if items.is_empty() {
            self.error(FindingKind::OutOfRange, &path, "expected at least one concurrency level");
            return None;
        }
        let mut levels = Vec::with_capacity(items.len());
        let mut ok = true;
        for (i, item) in items.iter().enumerate() {
            let here = path.index(i);
            let level = match item {
                Value::Number(n) => n.as_f64().filter(|x| x.fract() == 0.0 && *x >= 1.0 && *x <= u32::MAX as f64),
                other => {
                    self.wrong_type(&here, "a positive whole number", other);
                    ok = false;
                    continue;
                }
            };
            let Some(level) = level else {
                self.error(FindingKind::OutOfRange, &here, format!("expected a positive whole number, found {item}"));
                ok = false;
                continue;
            };
            let level = level as u32;
            if levels.contains(&level) {
                self.error(FindingKind::Duplicate, &here, format!("concurrency {level} appears more than once"));
                ok = false;
            } else if levels.last().is_some_and(|&last| level < last) {
                self.error(FindingKind::Inconsistent, &here, format!("concurrency must ascend; {level} follows {}", levels.last().copied().unwrap_or_default()));
                ok = false;
            }
            levels.push(level);
        }
        ok.then_some(levels)
    }

    fn engines(&mut self, obj: &Map<String, Value>) -> Vec<Engine> {
        let root = JsonPath::root();
        let Some(items) = self.array(obj, "engines", &root, true) else { return Vec::new() };
        let mut seen = HashSet::new();
        let mut engines = Vec::new();
        for (_, map, path) in self.objects(items, &root.key("engines")) {
            let id = self.string(map, "id", &path, true);
            let label = self.string(map, "label", &path, true);
            let source = self.string(map, "source", &path, false);
            let checkpoint = self.string(map, "checkpoint", &path, false);
            if let Some(id) = &id {
                self.unique_id(&mut seen, id, &path.key("id"), "engine id");
            }
            if let (Some(id), Some(label)) = (id, label) {
                engines.push(Engine { id, label, source, checkpoint });
            }
        }
        engines
    }

    fn sources(&mut self, obj: &Map<String, Value>) -> Vec<Source> {
        let root = JsonPath::root();
        let Some(items) = self.array(obj, "sources", &root, true) else { return Vec::new() };
        let mut seen = HashSet::new();
        let mut sources = Vec::new();
        for (_, map, path) in self.objects(items, &root.key("sources")) {
            let file = self.string(map, "file", &path, false);
            let url = self.string(map, "url", &path, false);
            let original_path = self.string(map, "originalPath", &path, false);
            let retrieved = self.string(map, "retrieved", &path, false);
            let sha256 = self.string(map, "sha256", &path, true);
            if file.is_none() && url.is_none() {
                self.error(FindingKind::Missing, &path.key("file"), "a source needs a `file` or a `url`");
                continue;
            }
            if let Some(hash) = &sha256 {
                if hash.len() != 64 || !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
                    self.error(FindingKind::OutOfRange, &path.key("sha256"), format!("expected 64 hexadecimal characters, found {} characters", hash.chars().count()));
                }
            }
            let source = Source { file, url, original_path, retrieved, sha256: sha256.unwrap_or_default().to_ascii_lowercase() };
            let key = if source.file.is_some() { "file" } else { "url" };
            self.unique_id(&mut seen, source.name(), &path.key(key), "source");
            sources.push(source);
        }
        sources
    }

    /// `values`/`cells` hold one entry per concurrency level.
    fn check_length(&mut self, items: &[Value], levels: &[u32], path: &JsonPath, what: &str) -> bool {
        if !levels.is_empty() && items.len() != levels.len() {
            self.error(
                FindingKind::LengthMismatch,
                path,
                format!("expected {} {what} (one per concurrency level), found {}", levels.len(), items.len()),
            );
            return false;
        }
        true
    }

    fn decode(&mut self, obj: &Map<String, Value>, path: &JsonPath, levels: &[u32], refs: &mut References) -> Decode {
        let unit = self.string(obj, "unit", path, false);
        let method = self.string(obj, "method", path, false);
        let mut rows = Vec::new();
        let mut seen = HashSet::new();
        let items = self.array(obj, "rows", path, true).map(Vec::as_slice).unwrap_or(&[]);
        for (_, map, here) in self.objects(items, &path.key("rows")) {
            let id = self.string(map, "id", &here, true);
            let label = self.string(map, "label", &here, false);
            let sources = self.strings(map, "sources", &here);
            for (k, source) in sources.iter().enumerate() {
                refs.source(source, here.key("sources").index(k));
            }
            let values = match self.array(map, "values", &here, true) {
                Some(items) => {
                    let values_path = here.key("values");
                    self.check_length(items, levels, &values_path, "values");
                    items.iter().enumerate().map(|(j, v)| self.number_value(v, &values_path.index(j))).collect()
                }
                None => Vec::new(),
            };
            if let Some(id) = id {
                self.unique_id(&mut seen, &id, &here.key("id"), "decode row id");
                refs.engine(&id, here.key("id"));
                rows.push(DecodeRow { id, label, values, sources });
            }
        }
        Decode { unit, method, rows }
    }

    fn prefill(&mut self, obj: &Map<String, Value>, path: &JsonPath, refs: &mut References) -> Prefill {
        let unit = self.string(obj, "unit", path, false);
        let nominal_tokens = match self.array(obj, "nominalTokens", path, false) {
            Some(items) => {
                let here = path.key("nominalTokens");
                items.iter().enumerate().filter_map(|(i, v)| self.number_value(v, &here.index(i)).map(|x| x as u64)).collect()
            }
            None => Vec::new(),
        };
        let mut rows = Vec::new();
        let mut seen = HashSet::new();
        let items = self.array(obj, "rows", path, true).map(Vec::as_slice).unwrap_or(&[]);
        for (_, map, here) in self.objects(items, &path.key("rows")) {
            let id = self.string(map, "id", &here, true);
            let source = self.string(map, "source", &here, false);
            if let Some(source) = &source {
                refs.source(source, here.key("source"));
            }
            let items = self.array(map, "measurements", &here, true).map(Vec::as_slice).unwrap_or(&[]);
            let mut measurements = Vec::new();
            for (_, m, mpath) in self.objects(items, &here.key("measurements")) {
                let Some(nominal_tokens) = self.whole(m, "nominalTokens", &mpath, 1) else { continue };
                measurements.push(PrefillMeasurement {
                    nominal_tokens,
                    prompt_tokens: self.number(m, "prompt_tokens", &mpath),
                    tok_per_sec: self.number(m, "tok_per_sec", &mpath),
                    ttft_seconds: self.number(m, "ttft_seconds", &mpath),
                    samples: self.number(m, "samples", &mpath),
                    method: self.string(m, "method", &mpath, false),
                    server_validation: server_validation(m.get("server_validation")),
                });
            }
            if let Some(id) = id {
                self.unique_id(&mut seen, &id, &here.key("id"), "prefill row id");
                refs.engine(&id, here.key("id"));
                rows.push(PrefillRow { id, source, measurements });
            }
        }
        Prefill { unit, nominal_tokens, rows }
    }

    fn cache(&mut self, obj: &Map<String, Value>, path: &JsonPath, refs: &mut References) -> Cache {
        let unit = self.string(obj, "unit", path, false);
        let configured_context_tokens = self.number(obj, "configuredContextTokens", path);
        let divisor_tokens = self.number(obj, "divisorTokens", path);
        let method = self.string(obj, "method", path, false);
        let mut rows = Vec::new();
        let mut seen = HashSet::new();
        let items = self.array(obj, "rows", path, true).map(Vec::as_slice).unwrap_or(&[]);
        for (_, map, here) in self.objects(items, &path.key("rows")) {
            let id = self.string(map, "id", &here, true);
            let source = self.string(map, "source", &here, false);
            if let Some(source) = &source {
                refs.source(source, here.key("source"));
            }
            let tokens = self.number(map, "tokens", &here);
            let memory_only_32k = self.number(map, "memoryOnly32k", &here);
            if let Some(id) = id {
                self.unique_id(&mut seen, &id, &here.key("id"), "cache row id");
                refs.engine(&id, here.key("id"));
                rows.push(CacheRow { id, source, tokens, memory_only_32k });
            }
        }
        Cache { unit, configured_context_tokens, divisor_tokens, method, rows }
    }

    fn serving(&mut self, obj: &Map<String, Value>, path: &JsonPath, levels: &[u32], refs: &mut References) -> Serving {
        let mut serving = Serving {
            aggregate_unit: self.string(obj, "aggregateUnit", path, false),
            user_unit: self.string(obj, "userUnit", path, false),
            power_unit: self.string(obj, "powerUnit", path, false),
            energy_unit: self.string(obj, "energyUnit", path, false),
            sample_limits: self.string(obj, "sampleLimits", path, false),
            selection: self.string(obj, "selection", path, false),
            workloads: Vec::new(),
        };
        let mut seen_workloads = HashSet::new();
        let items = self.array(obj, "workloads", path, true).map(Vec::as_slice).unwrap_or(&[]);
        for (_, map, wpath) in self.objects(items, &path.key("workloads")) {
            let isl = self.whole(map, "inputTokens", &wpath, 1);
            let osl = self.whole(map, "outputTokens", &wpath, 1);
            let (Some(isl), Some(osl)) = (isl, osl) else { continue };
            if !seen_workloads.insert((isl, osl)) {
                self.error(FindingKind::Duplicate, &wpath, format!("workload ISL {isl} / OSL {osl} appears more than once"));
            }
            let mut rows = Vec::new();
            let mut seen_rows = HashSet::new();
            let row_items = self.array(map, "rows", &wpath, true).map(Vec::as_slice).unwrap_or(&[]);
            for (_, rmap, rpath) in self.objects(row_items, &wpath.key("rows")) {
                let id = self.string(rmap, "id", &rpath, true);
                let cells = match self.array(rmap, "cells", &rpath, true) {
                    Some(items) => {
                        let cpath = rpath.key("cells");
                        self.check_length(items, levels, &cpath, "cells");
                        items
                            .iter()
                            .enumerate()
                            .map(|(j, item)| self.cell(item, &cpath.index(j), levels.get(j).copied(), isl, osl, refs))
                            .collect()
                    }
                    None => Vec::new(),
                };
                if let Some(id) = id {
                    self.unique_id(&mut seen_rows, &id, &rpath.key("id"), "serving row id in this workload");
                    refs.engine(&id, rpath.key("id"));
                    rows.push(ServingRow { id, cells });
                }
            }
            serving.workloads.push(Workload { isl, osl, rows });
        }
        serving
    }

    fn cell(&mut self, item: &Value, path: &JsonPath, level: Option<u32>, isl: u64, osl: u64, refs: &mut References) -> Option<Cell> {
        if item.is_null() {
            return None;
        }
        let map = self.object(item, path)?;
        let conc = self.whole(map, "conc", path, 1);
        if let (Some(conc), Some(level)) = (conc, level) {
            if conc != u64::from(level) {
                self.error(FindingKind::Inconsistent, &path.key("conc"), format!("expected {level} (this slot's concurrency), found {conc}"));
            }
        }
        let mut cell = Cell {
            conc: conc.unwrap_or_default() as u32,
            isl: self.number(map, "isl", path).map(|x| x as u64),
            osl: self.number(map, "osl", path).map(|x| x as u64),
            t_start: self.number(map, "t_start", path),
            t_end: self.number(map, "t_end", path),
            n: self.number(map, "n", path),
            errors: self.number(map, "errors", path),
            wall_s: self.number(map, "wall_s", path),
            short: self.number(map, "short", path),
            out_tok_s: self.number(map, "out_tok_s", path),
            user_tok_s: self.number(map, "user_tok_s", path),
            gpus: self.number(map, "gpus", path),
            power_w: self.number(map, "power_w", path),
            tok_s_per_kw: self.number(map, "tok_s_per_kw", path),
            ttft_p50_ms: self.number(map, "ttft_p50_ms", path),
            ttft_p99_ms: self.number(map, "ttft_p99_ms", path),
            tpot_p50_ms: self.number(map, "tpot_p50_ms", path),
            tpot_p99_ms: self.number(map, "tpot_p99_ms", path),
            itl_p50_ms: self.number(map, "itl_p50_ms", path),
            itl_p99_ms: self.number(map, "itl_p99_ms", path),
            e2e_p50_ms: self.number(map, "e2e_p50_ms", path),
            e2e_p99_ms: self.number(map, "e2e_p99_ms", path),
            source: self.string(map, "source", path, false),
        };
        if cell.isl.is_some_and(|x| x != isl) {
            self.error(FindingKind::Inconsistent, &path.key("isl"), format!("expected {isl} (this workload's input length), found {}", cell.isl.unwrap_or_default()));
        }
        if cell.osl.is_some_and(|x| x != osl) {
            self.error(FindingKind::Inconsistent, &path.key("osl"), format!("expected {osl} (this workload's output length), found {}", cell.osl.unwrap_or_default()));
        }
        if let Some(n) = cell.n {
            if n < 1.0 || n.fract() != 0.0 {
                self.error(FindingKind::OutOfRange, &path.key("n"), format!("expected a whole number of requests ≥ 1, found {n}"));
            }
            if let Some(errors) = cell.errors.filter(|&e| e > n) {
                self.error(FindingKind::Inconsistent, &path.key("errors"), format!("expected at most n = {n} failed requests, found {errors}"));
            }
        }
        if let Some(source) = &cell.source {
            refs.source(source, path.key("source"));
        }
        self.check_energy(&cell, path);
        cell.conc = cell.conc.max(1);
        Some(cell)
    }

    /// `tok_s_per_kw` must lie within what `out_tok_s / power_w × 1000` allows, given that
    /// every input is rounded: each is an interval of ± half its last written decimal.
    fn check_energy(&mut self, cell: &Cell, path: &JsonPath) {
        let (Some(out), Some(power), Some(published)) = (cell.out_tok_s, cell.power_w, cell.tok_s_per_kw) else { return };
        let Some(allowed) = Interval::of_rounded(out).ratio(Interval::of_rounded(power), 1000.0) else { return };
        if !Interval::of_rounded(published).overlaps(allowed) {
            self.report(
                Severity::Warning,
                FindingKind::Inconsistent,
                &path.key("tok_s_per_kw"),
                format!(
                    "{published} is outside what out_tok_s / power_w × 1000 allows given their rounding ({:.1} to {:.1})",
                    allowed.lo, allowed.hi
                ),
            );
        }
    }

    fn accuracy(&mut self, obj: &Map<String, Value>, path: &JsonPath, refs: &mut References) -> Accuracy {
        let positions = self.number(obj, "positions", path);
        let method = self.string(obj, "method", path, false);
        let mut rows = Vec::new();
        let mut seen = HashSet::new();
        let items = self.array(obj, "rows", path, true).map(Vec::as_slice).unwrap_or(&[]);
        for (_, map, here) in self.objects(items, &path.key("rows")) {
            let id = self.string(map, "id", &here, true);
            let hardware = self.string(map, "hardware", &here, false);
            let kl = self.number(map, "kl", &here);
            let top1 = self.number(map, "top1", &here);
            if let Some(t) = top1.filter(|t| *t > 1.0) {
                self.error(FindingKind::OutOfRange, &here.key("top1"), format!("expected a fraction in [0, 1], found {t}"));
            }
            let covered = self.strings(map, "rows", &here);
            let source = self.string(map, "source", &here, false);
            if let Some(source) = &source {
                refs.source(source, here.key("source"));
            }
            if let Some(id) = id {
                self.unique_id(&mut seen, &id, &here.key("id"), "accuracy row id");
                rows.push(AccuracyRow { id, hardware, kl, top1, rows: covered, source });
            }
        }
        Accuracy { positions, method, rows }
    }

    fn weight_accuracy(&mut self, obj: &Map<String, Value>, path: &JsonPath, refs: &mut References) -> WeightAccuracy {
        let source = self.string(obj, "source", path, false);
        if let Some(source) = &source {
            refs.source(source, path.key("source"));
        }
        let held_out_tokens = self.number(obj, "heldOutTokens", path);
        let method = self.string(obj, "method", path, false);
        let limits = self.string(obj, "limits", path, false);
        let mut rows = Vec::new();
        let mut seen = HashSet::new();
        let items = self.array(obj, "rows", path, true).map(Vec::as_slice).unwrap_or(&[]);
        for (_, map, here) in self.objects(items, &path.key("rows")) {
            let id = self.string(map, "id", &here, true);
            let label = self.string(map, "label", &here, false);
            let kl = self.number(map, "kl", &here);
            let kl95_ci = self.confidence_interval(map, &here, kl);
            let routing_locked_kl = self.number(map, "routingLockedKl", &here);
            let top1_percent = self.number(map, "top1Percent", &here);
            if let Some(t) = top1_percent.filter(|t| *t > 100.0) {
                self.error(FindingKind::OutOfRange, &here.key("top1Percent"), format!("expected a percentage in [0, 100], found {t}"));
            }
            if let Some(id) = id {
                self.unique_id(&mut seen, &id, &here.key("id"), "weight accuracy row id");
                rows.push(WeightRow { id, label, kl, kl95_ci, routing_locked_kl, top1_percent });
            }
        }
        let mut retrieval = Vec::new();
        let items = self.array(obj, "retrieval", path, false).map(Vec::as_slice).unwrap_or(&[]);
        for (_, map, here) in self.objects(items, &path.key("retrieval")) {
            let matched = self.number(map, "matched", &here);
            let total = self.number(map, "total", &here);
            if let (Some(m), Some(t)) = (matched, total) {
                if m > t {
                    self.error(FindingKind::Inconsistent, &here.key("matched"), format!("expected at most total = {t}, found {m}"));
                }
            }
            retrieval.push(Retrieval { matched, total, context_label: self.string(map, "contextLabel", &here, false) });
        }
        WeightAccuracy { source, held_out_tokens, method, rows, retrieval, limits }
    }

    /// `kl95CI` is null (no CI reported) or `[lo, hi]` with lo ≤ kl ≤ hi.
    fn confidence_interval(&mut self, map: &Map<String, Value>, path: &JsonPath, kl: Option<f64>) -> Option<(f64, f64)> {
        let value = map.get("kl95CI")?;
        let here = path.key("kl95CI");
        let items = match value {
            Value::Null => return None,
            Value::Array(items) => items,
            other => {
                self.wrong_type(&here, "[lo, hi] or null", other);
                return None;
            }
        };
        if items.len() != 2 {
            self.error(FindingKind::LengthMismatch, &here, format!("expected [lo, hi], found {} numbers", items.len()));
            return None;
        }
        let lo = self.number_value(&items[0], &here.index(0));
        let hi = self.number_value(&items[1], &here.index(1));
        let (Some(lo), Some(hi)) = (lo, hi) else {
            if items.iter().any(Value::is_null) {
                self.error(FindingKind::WrongType, &here, "expected both bounds, found null; write null for the whole interval when no CI was reported");
            }
            return None;
        };
        let inside = match kl {
            Some(kl) => lo <= kl && kl <= hi,
            None => lo <= hi,
        };
        if !inside {
            self.error(FindingKind::Inconsistent, &here, format!("expected lo ≤ kl ≤ hi, found [{lo}, {hi}] with kl = {}", kl.map(|k| k.to_string()).unwrap_or_else(|| "null".into())));
            return None;
        }
        Some((lo, hi))
    }

    fn check_references(&mut self, refs: &References) {
        for (kind, name, path) in &refs.pending {
            let (known, what) = match kind {
                Reference::Engine => (&refs.engine_ids, "engine"),
                Reference::Source => (&refs.source_names, "source file"),
            };
            if !known.contains(name) {
                self.error(FindingKind::UnknownReference, path, format!("`{name}` is not a declared {what}"));
            }
        }
    }
}

/// A `server_validation` of zeros and empty strings means the check was not done.
fn server_validation(value: Option<&Value>) -> ServerValidation {
    fn empty(v: &Value) -> bool {
        match v {
            Value::Null => true,
            Value::Bool(b) => !b,
            Value::Number(n) => n.as_f64() == Some(0.0),
            Value::String(s) => s.is_empty(),
            Value::Array(items) => items.iter().all(empty),
            Value::Object(map) => map.values().all(empty),
        }
    }
    match value {
        None | Some(Value::Null) => ServerValidation::Absent,
        Some(v) if empty(v) => ServerValidation::NotDone,
        Some(v) => ServerValidation::Done(v.clone()),
    }
}

#[derive(Clone, Copy)]
enum Reference {
    Engine,
    Source,
}

/// References are checked after the whole file is read, so order in the file does not matter.
struct References {
    engine_ids: HashSet<String>,
    source_names: HashSet<String>,
    pending: Vec<(Reference, String, JsonPath)>,
}

impl References {
    fn engine(&mut self, id: &str, path: JsonPath) {
        self.pending.push((Reference::Engine, id.to_owned(), path));
    }

    fn source(&mut self, name: &str, path: JsonPath) {
        self.pending.push((Reference::Source, name.to_owned(), path));
    }
}
