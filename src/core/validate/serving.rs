//! The serving block: workloads, one row per engine, one cell per concurrency level; the
//! cell's number fields are read through `model::CELL_NUMBERS`.

use std::collections::HashSet;

use serde_json::{Map, Value};

use super::reader::{Checker, RowId};
use super::refs::References;
use crate::core::findings::{FindingKind, Severity};
use crate::core::format::Interval;
use crate::core::model::{Cell, Serving, ServingRow, Workload, CELL_NUMBERS};
use crate::core::path::JsonPath;

/// The serving block.
pub fn serving(checker: &mut Checker, obj: &Map<String, Value>, path: &JsonPath, levels: &[u32], refs: &mut References) -> Serving {
    let mut serving = Serving {
        aggregate_unit: checker.optional_string(obj, "aggregateUnit", path),
        user_unit: checker.optional_string(obj, "userUnit", path),
        power_unit: checker.optional_string(obj, "powerUnit", path),
        energy_unit: checker.optional_string(obj, "energyUnit", path),
        sample_limits: checker.optional_string(obj, "sampleLimits", path),
        selection: checker.optional_string(obj, "selection", path),
        workloads: Vec::new(),
    };
    let mut seen_workloads = HashSet::new();
    let items = checker.required_array(obj, "workloads", path).unwrap_or(&[]);
    for (map, wpath) in checker.objects(items, &path.key("workloads")) {
        let isl = checker.whole(map, "inputTokens", &wpath, 1);
        let osl = checker.whole(map, "outputTokens", &wpath, 1);
        let (Some(isl), Some(osl)) = (isl, osl) else { continue };
        if !seen_workloads.insert((isl, osl)) {
            checker.error(FindingKind::Duplicate, &wpath, format!("workload ISL {isl} / OSL {osl} appears more than once"));
        }
        let mut rows = Vec::new();
        for (rmap, rpath, id) in checker.rows(map, &wpath, RowId::Engine, "serving row id in this workload", refs) {
            let cells = match checker.required_array(rmap, "cells", &rpath) {
                Some(items) => {
                    let cpath = rpath.key("cells");
                    checker.check_length(items, levels, &cpath, "cells");
                    items
                        .iter()
                        .enumerate()
                        .map(|(j, item)| cell(checker, item, &cpath.index(j), levels.get(j).copied(), (isl, osl), refs))
                        .collect()
                }
                None => Vec::new(),
            };
            rows.push(ServingRow { id, cells });
        }
        serving.workloads.push(Workload { isl, osl, rows });
    }
    serving
}

/// One cell: `null` is a cell not measured; an object is checked against its slot's
/// concurrency and its workload's lengths.
fn cell(
    checker: &mut Checker,
    item: &Value,
    path: &JsonPath,
    level: Option<u32>,
    (isl, osl): (u64, u64),
    refs: &mut References,
) -> Option<Cell> {
    if item.is_null() {
        return None;
    }
    let map = checker.object(item, path)?;
    let conc = checker.whole(map, "conc", path, 1);
    if let (Some(conc), Some(level)) = (conc, level) {
        if conc != u64::from(level) {
            checker.error(
                FindingKind::Inconsistent,
                &path.key("conc"),
                format!("expected {level} (this slot's concurrency), found {conc}"),
            );
        }
    }
    let mut cell = Cell {
        conc: conc.map_or(1, |c| c as u32),
        isl: checker.whole_opt(map, "isl", path, 1),
        osl: checker.whole_opt(map, "osl", path, 1),
        source: checker.source(map, path, refs),
        ..Cell::default()
    };
    for field in CELL_NUMBERS {
        let value = checker.number(map, field.name, path);
        (field.set)(&mut cell, value);
    }
    if let Some(found) = cell.isl.filter(|&x| x != isl) {
        checker.error(FindingKind::Inconsistent, &path.key("isl"), format!("expected {isl} (this workload's input length), found {found}"));
    }
    if let Some(found) = cell.osl.filter(|&x| x != osl) {
        checker.error(
            FindingKind::Inconsistent,
            &path.key("osl"),
            format!("expected {osl} (this workload's output length), found {found}"),
        );
    }
    if let Some(n) = cell.n {
        if n < 1.0 || n.fract() != 0.0 {
            checker.error(FindingKind::OutOfRange, &path.key("n"), format!("expected a whole number of requests ≥ 1, found {n}"));
        }
        if let Some(errors) = cell.errors.filter(|&e| e > n) {
            checker.error(
                FindingKind::Inconsistent,
                &path.key("errors"),
                format!("expected at most n = {n} failed requests, found {errors}"),
            );
        }
    }
    check_energy(checker, &cell, path);
    Some(cell)
}

/// `tok_s_per_kw` must lie within what `out_tok_s / power_w × 1000` allows, given that
/// every input is rounded: each is an interval of ± half its last written decimal.
fn check_energy(checker: &mut Checker, cell: &Cell, path: &JsonPath) {
    let (Some(out), Some(power), Some(published)) = (cell.out_tok_s, cell.power_w, cell.tok_s_per_kw) else { return };
    let Some(allowed) = Interval::of_rounded(out).ratio(Interval::of_rounded(power), 1000.0) else { return };
    if !Interval::of_rounded(published).overlaps(allowed) {
        checker.report(
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
