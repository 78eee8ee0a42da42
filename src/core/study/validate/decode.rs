//! The top-level lists every block refers to — concurrency levels, engines, sources — and
//! the decode block.

use std::collections::HashSet;

use crate::core::basics::json::{Json as Value, Obj};

use super::reader::{Checker, RowId};
use super::refs::References;
use crate::core::study::findings::FindingKind;
use crate::core::study::model::{Decode, DecodeRow, Engine, Source};
use crate::core::study::path::JsonPath;

/// `concurrency`: positive whole numbers, strictly ascending; empty only in a study that
/// indexes nothing by them (`needs_levels`).
pub(super) fn concurrency(checker: &mut Checker, obj: &Obj<'_>) -> Option<Vec<u32>> {
    let root = JsonPath::root();
    let items = checker.required_array(obj, "concurrency", &root)?;
    let path = root.key("concurrency");
    let mut levels: Vec<u32> = Vec::with_capacity(items.len());
    let mut ok = true;
    for (i, item) in items.iter().enumerate() {
        let here = path.index(i);
        let Value::Number(n) = item else {
            checker.wrong_type(&here, "a positive whole number", item);
            ok = false;
            continue;
        };
        let Some(level) = n.as_f64().filter(|x| x.fract() == 0.0 && *x >= 1.0 && *x <= f64::from(u32::MAX)) else {
            checker.error(FindingKind::OutOfRange, &here, format!("expected a positive whole number, found {n}"));
            ok = false;
            continue;
        };
        let level = level as u32;
        if levels.contains(&level) {
            checker.error(FindingKind::Duplicate, &here, format!("concurrency {level} appears more than once"));
            ok = false;
        } else if let Some(&last) = levels.last().filter(|&&last| level < last) {
            checker.error(FindingKind::Inconsistent, &here, format!("concurrency must ascend; {level} follows {last}"));
            ok = false;
        }
        levels.push(level);
    }
    ok.then_some(levels)
}

/// `engines`: each with a unique, non-empty id and a label.
pub(super) fn engines(checker: &mut Checker, obj: &Obj<'_>) -> Vec<Engine> {
    let root = JsonPath::root();
    let Some(items) = checker.required_array(obj, "engines", &root) else { return Vec::new() };
    let mut seen = HashSet::new();
    let mut engines = Vec::new();
    for (map, path) in checker.objects(items, &root.key("engines")) {
        let id = checker.id(map, &path, "engine id");
        let label = checker.required_string(map, "label", &path);
        let source = checker.optional_string(map, "source", &path);
        let checkpoint = checker.optional_string(map, "checkpoint", &path);
        if let Some(id) = &id {
            checker.unique_id(&mut seen, id, &path.key("id"), "engine id");
        }
        if let (Some(id), Some(label)) = (id, label) {
            engines.push(Engine { id, label, source, checkpoint });
        }
    }
    engines
}

/// `sources`: each a `file` or a `url`, unique by name, with a 64-hex-digit sha256.
pub(super) fn sources(checker: &mut Checker, obj: &Obj<'_>) -> Vec<Source> {
    let root = JsonPath::root();
    let Some(items) = checker.required_array(obj, "sources", &root) else { return Vec::new() };
    let mut seen = HashSet::new();
    let mut sources = Vec::new();
    for (map, path) in checker.objects(items, &root.key("sources")) {
        let file = checker.optional_string(map, "file", &path);
        let url = checker.optional_string(map, "url", &path);
        let original_path = checker.optional_string(map, "originalPath", &path);
        let retrieved = checker.optional_string(map, "retrieved", &path);
        let sha256 = checker.required_string(map, "sha256", &path);
        if file.is_none() && url.is_none() {
            checker.error(FindingKind::Missing, &path.key("file"), "a source needs a `file` or a `url`");
            continue;
        }
        if let Some(hash) = &sha256 {
            if hash.len() != 64 || !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
                checker.error(
                    FindingKind::OutOfRange,
                    &path.key("sha256"),
                    format!("expected 64 hexadecimal characters, found {} characters", hash.chars().count()),
                );
            }
        }
        let source = Source { file, url, original_path, retrieved, sha256: sha256.unwrap_or_default().to_ascii_lowercase() };
        let key = if source.file.is_some() { "file" } else { "url" };
        checker.unique_id(&mut seen, source.name(), &path.key(key), "source");
        sources.push(source);
    }
    sources
}

/// The decode block: one row per engine, one value per concurrency level.
pub(super) fn decode(checker: &mut Checker, obj: &Obj<'_>, path: &JsonPath, levels: &[u32], refs: &mut References) -> Decode {
    let unit = checker.optional_string(obj, "unit", path);
    let method = checker.optional_string(obj, "method", path);
    let mut rows = Vec::new();
    for (map, here, id) in checker.rows(obj, path, RowId::Engine, "decode row id", refs) {
        let label = checker.optional_string(map, "label", &here);
        let sources = checker.strings(map, "sources", &here);
        for (k, source) in sources.iter().enumerate() {
            refs.source(source, || here.key("sources").index(k));
        }
        let values = match checker.required_array(map, "values", &here) {
            Some(items) => {
                let values_path = here.key("values");
                checker.check_length(items, levels, &values_path, "values");
                items.iter().enumerate().map(|(j, v)| checker.number_value(v, &values_path.index(j))).collect()
            }
            None => Vec::new(),
        };
        rows.push(DecodeRow { id, label, values, sources });
    }
    Decode { unit, method, rows }
}
