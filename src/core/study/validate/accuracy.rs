//! Served accuracy and weight accuracy: two separate measurements, checked apart.

use crate::core::basics::json::{Json as Value, Obj};

use super::reader::{Checker, RowId};
use super::refs::References;
use crate::core::study::findings::FindingKind;
use crate::core::study::model::{Accuracy, AccuracyRow, Retrieval, WeightAccuracy, WeightRow};
use crate::core::study::path::JsonPath;

/// Served accuracy: KL and top-1 (a fraction) per row.
pub(super) fn accuracy(checker: &mut Checker, obj: &Obj<'_>, path: &JsonPath, refs: &mut References) -> Accuracy {
    let positions = checker.number(obj, "positions", path);
    let method = checker.optional_string(obj, "method", path);
    let mut rows = Vec::new();
    for (map, here, id) in checker.rows(obj, path, RowId::Own, "accuracy row id", refs) {
        let label = checker.optional_string(map, "label", &here);
        let hardware = checker.optional_string(map, "hardware", &here);
        let kl = checker.number(map, "kl", &here);
        let top1 = checker.number(map, "top1", &here);
        if let Some(t) = top1.filter(|t| *t > 1.0) {
            checker.error(FindingKind::OutOfRange, &here.key("top1"), format!("expected a fraction in [0, 1], found {t}"));
        }
        let covered = checker.strings(map, "rows", &here);
        let source = checker.source(map, &here, refs);
        rows.push(AccuracyRow { id, label, hardware, kl, top1, rows: covered, source });
    }
    Accuracy { positions, method, rows }
}

/// Weight accuracy: full-vocabulary KL with its CI, routing-locked KL, top-1 %, retrieval.
pub(super) fn weight_accuracy(checker: &mut Checker, obj: &Obj<'_>, path: &JsonPath, refs: &mut References) -> WeightAccuracy {
    let source = checker.source(obj, path, refs);
    let held_out_tokens = checker.number(obj, "heldOutTokens", path);
    let method = checker.optional_string(obj, "method", path);
    let limits = checker.optional_string(obj, "limits", path);
    let mut rows = Vec::new();
    for (map, here, id) in checker.rows(obj, path, RowId::Own, "weight accuracy row id", refs) {
        let label = checker.optional_string(map, "label", &here);
        let kl = checker.number(map, "kl", &here);
        let kl95_ci = confidence_interval(checker, map, &here, kl);
        let routing_locked_kl = checker.number(map, "routingLockedKl", &here);
        let top1_percent = checker.number(map, "top1Percent", &here);
        if let Some(t) = top1_percent.filter(|t| *t > 100.0) {
            checker.error(FindingKind::OutOfRange, &here.key("top1Percent"), format!("expected a percentage in [0, 100], found {t}"));
        }
        rows.push(WeightRow { id, label, kl, kl95_ci, routing_locked_kl, top1_percent });
    }
    let mut retrieval = Vec::new();
    let items = checker.optional_array(obj, "retrieval", path).unwrap_or(&[]);
    for (map, here) in checker.objects(items, &path.key("retrieval")) {
        let matched = checker.number(map, "matched", &here);
        let total = checker.number(map, "total", &here);
        if let (Some(m), Some(t)) = (matched, total) {
            if m > t {
                checker.error(FindingKind::Inconsistent, &here.key("matched"), format!("expected at most total = {t}, found {m}"));
            }
        }
        retrieval.push(Retrieval { matched, total, context_label: checker.optional_string(map, "contextLabel", &here) });
    }
    WeightAccuracy { source, held_out_tokens, method, rows, retrieval, limits }
}

/// `kl95CI` is null (no CI reported) or `[lo, hi]` with lo ≤ kl ≤ hi.
fn confidence_interval(checker: &mut Checker, map: &Obj<'_>, path: &JsonPath, kl: Option<f64>) -> Option<(f64, f64)> {
    let value = map.get("kl95CI")?;
    let here = path.key("kl95CI");
    let items = match value {
        Value::Null => return None,
        Value::Array(items) => items,
        other => {
            checker.wrong_type(&here, "[lo, hi] or null", other);
            return None;
        }
    };
    let [lo, hi] = items.as_slice() else {
        checker.error(FindingKind::LengthMismatch, &here, format!("expected [lo, hi], found {} numbers", items.len()));
        return None;
    };
    let (Some(lo_value), Some(hi_value)) = (checker.number_value(lo, &here.index(0)), checker.number_value(hi, &here.index(1))) else {
        if lo.is_null() || hi.is_null() {
            checker.error(
                FindingKind::WrongType,
                &here,
                "expected both bounds, found null; write null for the whole interval when no CI was reported",
            );
        }
        return None;
    };
    let inside = match kl {
        Some(kl) => lo_value <= kl && kl <= hi_value,
        None => lo_value <= hi_value,
    };
    if !inside {
        let kl = kl.map_or_else(|| "null".to_owned(), |k| k.to_string());
        checker.error(FindingKind::Inconsistent, &here, format!("expected lo ≤ kl ≤ hi, found [{lo_value}, {hi_value}] with kl = {kl}"));
        return None;
    }
    Some((lo_value, hi_value))
}
