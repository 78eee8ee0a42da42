//! Schema 1.2's load axis and repeated runs: a workload driven by concurrency (the file's
//! levels) or by request rate (its own `requestRates`); a cell driven by `conc`, by
//! `rate_rps` or as a `burst`; and a cell's `trials` (count, and each field's min–max).

use crate::core::basics::json::{Json as Value, Obj};

use super::reader::Checker;
use crate::core::study::findings::FindingKind;
use crate::core::study::model::{Cell, LoadAxis, LoadSource, Trials, CELL_NUMBERS};
use crate::core::study::path::JsonPath;

/// What a cell's own keys say drives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Drive {
    /// `conc` (or a `burst` at `conc` in flight).
    Concurrency,
    /// `rate_rps`.
    Rate,
}

/// A workload's axis and the levels its cells are indexed by.
pub(super) fn workload_levels(checker: &mut Checker, map: &Obj<'_>, path: &JsonPath, concurrency: &[u32]) -> (LoadAxis, Vec<f64>) {
    let axis = match map.get("load") {
        None | Some(Value::Null) => LoadAxis::Concurrency,
        Some(Value::String(s)) if s == "concurrency" => LoadAxis::Concurrency,
        Some(Value::String(s)) if s == "rate" => LoadAxis::Rate,
        Some(Value::String(s)) => {
            checker.error(FindingKind::OutOfRange, &path.key("load"), format!("expected \"concurrency\" or \"rate\", found \"{s}\""));
            LoadAxis::Concurrency
        }
        Some(other) => {
            checker.wrong_type(&path.key("load"), "\"concurrency\" or \"rate\"", other);
            LoadAxis::Concurrency
        }
    };
    if axis == LoadAxis::Concurrency {
        if map.get("requestRates").is_some_and(|v| !v.is_null()) {
            checker.error(
                FindingKind::Inconsistent,
                &path.key("requestRates"),
                "a workload driven by concurrency has no request rates: add \"load\": \"rate\" to sweep by request rate",
            );
        }
        return (axis, concurrency.iter().map(|&c| f64::from(c)).collect());
    }
    let Some(items) = checker.required_array(map, "requestRates", path) else { return (axis, Vec::new()) };
    let rpath = path.key("requestRates");
    if items.is_empty() {
        checker.error(FindingKind::OutOfRange, &rpath, "expected at least one request rate");
    }
    let mut rates: Vec<f64> = Vec::new();
    let mut readable = true;
    for (i, item) in items.iter().enumerate() {
        let ipath = rpath.index(i);
        if item.is_null() {
            checker.error(FindingKind::WrongType, &ipath, "expected a request rate in req/s, found null");
            readable = false;
            continue;
        }
        let Some(rate) = checker.number_value(item, &ipath) else {
            readable = false;
            continue;
        };
        if rate <= 0.0 {
            checker.error(FindingKind::OutOfRange, &ipath, format!("expected a request rate > 0 req/s, found {rate}"));
            readable = false;
            continue;
        }
        if let Some(&last) = rates.last() {
            if rate <= last {
                checker.error(FindingKind::Inconsistent, &ipath, format!("expected rates strictly ascending: {rate} follows {last}"));
            }
        }
        rates.push(rate);
    }
    // An unreadable rate would shift every slot after it: its cells are then not checked
    // against the levels (the finding above already refuses the file).
    (axis, if readable { rates } else { Vec::new() })
}

/// A cell's load: `conc` in a concurrency slot, `rate_rps` in a rate slot, `burst` only
/// with `conc` and without a rate; the achieved figures where the tool recorded them.
pub(super) fn cell_load(
    checker: &mut Checker,
    map: &Obj<'_>,
    path: &JsonPath,
    axis: LoadAxis,
    level: Option<f64>,
    cell: &mut Cell,
) -> Drive {
    let has = |key: &str| map.get(key).is_some_and(|v| !v.is_null());
    cell.burst = match map.get("burst") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(other) => {
            checker.wrong_type(&path.key("burst"), "true or false", other);
            false
        }
    };
    cell.conc_achieved = checker.number(map, "conc_achieved", path);
    cell.req_s_achieved = checker.number(map, "req_s_achieved", path);
    cell.conc_cap = checker.whole_opt(map, "conc_cap", path, 1).map(|c| c as u32);
    cell.rate_sent_rps = checker.number(map, "rate_sent_rps", path);
    cell.load_source = load_source(checker, map, path);
    let drive = if has("rate_rps") && !has("conc") {
        Drive::Rate
    } else if has("conc") || axis == LoadAxis::Concurrency {
        Drive::Concurrency
    } else {
        Drive::Rate
    };
    if drive == Drive::Concurrency {
        // A cap and a sent rate belong to a run driven by rate; a concurrency cell's `conc` is its cap.
        for (key, present) in [("conc_cap", cell.conc_cap.is_some()), ("rate_sent_rps", cell.rate_sent_rps.is_some())] {
            if present {
                checker.error(
                    FindingKind::Inconsistent,
                    &path.key(key),
                    format!("`{key}` belongs to a cell driven by rate_rps: a concurrency-driven cell's conc is its load"),
                );
            }
        }
    }
    match drive {
        Drive::Concurrency => {
            let conc = checker.whole(map, "conc", path, 1);
            cell.conc = conc.map(|c| c as u32);
            if has("rate_rps") {
                let why = if cell.burst {
                    "a burst has no rate: all its requests are sent at once (drop rate_rps)"
                } else {
                    "a cell is driven by conc or by rate_rps, not both: achieved figures go in conc_achieved and req_s_achieved"
                };
                checker.error(FindingKind::Inconsistent, &path.key("rate_rps"), why);
            }
            if axis == LoadAxis::Rate {
                checker.error(
                    FindingKind::Inconsistent,
                    &path.key("conc"),
                    "a cell of a rate-driven workload has no concurrency slot: write its offered rate as rate_rps (measured concurrency goes in conc_achieved)",
                );
            } else if let (Some(conc), Some(level)) = (conc, level) {
                if conc as f64 != level {
                    checker.error(
                        FindingKind::Inconsistent,
                        &path.key("conc"),
                        format!("expected {level} (this slot's concurrency), found {conc}"),
                    );
                }
            }
        }
        Drive::Rate => {
            let rpath = path.key("rate_rps");
            cell.rate_rps = match map.get("rate_rps") {
                None => {
                    checker.error(FindingKind::Missing, &rpath, "required field `rate_rps` is missing");
                    None
                }
                Some(v) => checker.number_value(v, &rpath),
            };
            if cell.burst {
                checker.error(
                    FindingKind::Inconsistent,
                    &path.key("burst"),
                    "a burst has no rate: write it in a concurrency-driven workload at its N in flight",
                );
            }
            if axis == LoadAxis::Concurrency {
                checker.error(
                    FindingKind::Inconsistent,
                    &rpath,
                    "a rate-driven cell in a workload driven by concurrency: give the workload \"load\": \"rate\" and requestRates",
                );
            } else if let (Some(rate), Some(level)) = (cell.rate_rps, level) {
                if rate != level {
                    checker.error(FindingKind::Inconsistent, &rpath, format!("expected {level} (this slot's request rate), found {rate}"));
                }
            }
        }
    }
    drive
}

/// `load_source`: `"file"` or `"publisher"` (schema 1.4); absent is not said.
fn load_source(checker: &mut Checker, map: &Obj<'_>, path: &JsonPath) -> Option<LoadSource> {
    match map.get("load_source")? {
        Value::Null => None,
        Value::String(s) if s == "file" => Some(LoadSource::File),
        Value::String(s) if s == "publisher" => Some(LoadSource::Publisher),
        Value::String(s) => {
            checker.error(FindingKind::OutOfRange, &path.key("load_source"), format!("expected \"file\" or \"publisher\", found \"{s}\""));
            None
        }
        other => {
            checker.wrong_type(&path.key("load_source"), "\"file\" or \"publisher\"", other);
            None
        }
    }
}

/// A row's cells are driven along one axis: a row mixing `conc` and `rate_rps` cells is
/// named at its `cells`.
pub(super) fn check_row_axes(checker: &mut Checker, drives: &[(usize, Drive)], path: &JsonPath) {
    let by_conc = drives.iter().find(|d| d.1 == Drive::Concurrency);
    let by_rate = drives.iter().find(|d| d.1 == Drive::Rate);
    if let (Some(c), Some(r)) = (by_conc, by_rate) {
        checker.error(
            FindingKind::Inconsistent,
            path,
            format!("mixed load axes in one row: cells[{}] is driven by concurrency, cells[{}] by request rate", c.0, r.0),
        );
    }
}

/// `trials`: `{count, range: {field: [min, max]}}`; the cell's figure must lie in its range.
pub(super) fn trials(checker: &mut Checker, map: &Obj<'_>, path: &JsonPath, cell: &Cell) -> Option<Trials> {
    let value = map.get("trials").filter(|v| !v.is_null())?;
    let tpath = path.key("trials");
    let obj = checker.object(value, &tpath)?;
    let count = checker.whole(obj, "count", &tpath, 0)?;
    if count < 2 {
        checker.error(
            FindingKind::OutOfRange,
            &tpath.key("count"),
            format!("expected 2 or more trials (one run is a plain cell), found {count}"),
        );
        return None;
    }
    let mut trials = Trials { count: count as u32, range: Vec::new() };
    let Some(range) = obj.get("range").filter(|v| !v.is_null()) else { return Some(trials) };
    let rpath = tpath.key("range");
    let range = checker.object(range, &rpath)?;
    for (name, pair) in range.iter() {
        let fpath = rpath.key(name);
        let Some(field) = CELL_NUMBERS.iter().find(|f| f.name == name) else {
            checker.error(FindingKind::UnknownReference, &fpath, format!("`{name}` is not a cell field"));
            continue;
        };
        let bounds = match pair.as_array() {
            Some(items) if items.len() == 2 => {
                let lo = checker.number_value(&items[0], &fpath.index(0));
                let hi = checker.number_value(&items[1], &fpath.index(1));
                lo.zip(hi)
            }
            _ => {
                checker.wrong_type(&fpath, "[min, max]", pair);
                None
            }
        };
        let Some((lo, hi)) = bounds else { continue };
        match (field.get)(cell) {
            None => {
                checker.error(FindingKind::Inconsistent, &fpath, format!("a range for `{name}`, which the cell does not measure (null)"))
            }
            Some(median) if lo > median => {
                checker.error(FindingKind::Inconsistent, &fpath, format!("min {lo} is above the median {median} (the cell's `{name}`)"))
            }
            Some(median) if hi < median => {
                checker.error(FindingKind::Inconsistent, &fpath, format!("max {hi} is below the median {median} (the cell's `{name}`)"))
            }
            Some(_) => trials.range.push((name.to_owned(), lo, hi)),
        }
    }
    Some(trials)
}
