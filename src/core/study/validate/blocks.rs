//! The prefill and KV-cache blocks.

use crate::core::basics::json::{Json as Value, Obj};

use super::reader::{Checker, RowId};
use super::refs::References;
use crate::core::study::model::{Cache, CacheRow, Prefill, PrefillMeasurement, PrefillRow, ServerValidation};
use crate::core::study::path::JsonPath;

/// The prefill block: per engine, measurements at nominal prompt lengths.
pub(super) fn prefill(checker: &mut Checker, obj: &Obj<'_>, path: &JsonPath, refs: &mut References) -> Prefill {
    let unit = checker.optional_string(obj, "unit", path);
    let nominal_tokens = match checker.optional_array(obj, "nominalTokens", path) {
        // Every entry must be a whole length: a null or a fraction is reported, never dropped or truncated.
        Some(items) => {
            let here = path.key("nominalTokens");
            items.iter().enumerate().filter_map(|(i, v)| checker.whole_value(v, &here.index(i), 1)).collect()
        }
        None => Vec::new(),
    };
    let mut rows = Vec::new();
    for (map, here, id) in checker.rows(obj, path, RowId::Engine, "prefill row id", refs) {
        let source = checker.source(map, &here, refs);
        let items = checker.required_array(map, "measurements", &here).unwrap_or(&[]);
        let mut measurements = Vec::new();
        for (m, mpath) in checker.objects(items, &here.key("measurements")) {
            let Some(nominal_tokens) = checker.whole(m, "nominalTokens", &mpath, 1) else { continue };
            measurements.push(PrefillMeasurement {
                nominal_tokens,
                prompt_tokens: checker.number(m, "prompt_tokens", &mpath),
                tok_per_sec: checker.number(m, "tok_per_sec", &mpath),
                ttft_seconds: checker.number(m, "ttft_seconds", &mpath),
                samples: checker.number(m, "samples", &mpath),
                method: checker.optional_string(m, "method", &mpath),
                server_validation: server_validation(m.get("server_validation")),
            });
        }
        rows.push(PrefillRow { id, source, measurements });
    }
    Prefill { unit, nominal_tokens, rows }
}

/// The KV-cache block: per engine, the tokens reported at start-up.
pub(super) fn cache(checker: &mut Checker, obj: &Obj<'_>, path: &JsonPath, refs: &mut References) -> Cache {
    let unit = checker.optional_string(obj, "unit", path);
    let configured_context_tokens = checker.number(obj, "configuredContextTokens", path);
    let divisor_tokens = checker.number(obj, "divisorTokens", path);
    let method = checker.optional_string(obj, "method", path);
    let mut rows = Vec::new();
    for (map, here, id) in checker.rows(obj, path, RowId::Engine, "cache row id", refs) {
        let source = checker.source(map, &here, refs);
        let tokens = checker.number(map, "tokens", &here);
        let memory_only_32k = checker.number(map, "memoryOnly32k", &here);
        rows.push(CacheRow { id, source, tokens, memory_only_32k });
    }
    Cache { unit, configured_context_tokens, divisor_tokens, method, rows }
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
        Some(_) => ServerValidation::Done,
    }
}
