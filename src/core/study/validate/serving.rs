//! The serving block: workloads, one row per engine, one cell per load level (the file's
//! concurrency levels, or a rate-driven workload's `requestRates`); the cell's number
//! fields are read through `model::CELL_NUMBERS`, its load and trials by `load.rs`.

use std::collections::HashSet;

use crate::core::basics::json::{Json as Value, Obj};

use super::load::{self, Drive};
use super::reader::{Checker, RowId};
use super::refs::References;
use crate::core::basics::format::Interval;
use crate::core::study::findings::{FindingKind, Severity};
use crate::core::study::model::{Cell, LoadAxis, Per, RequestsFile, Serving, ServingRow, Workload, CELL_NUMBERS};
use crate::core::study::path::JsonPath;

/// `throughputPer` (schema 1.3): "gpu" (the default) or "endpoint".
fn throughput_per(checker: &mut Checker, obj: &Obj<'_>, path: &JsonPath) -> Per {
    match checker.optional_string(obj, "throughputPer", path).as_deref() {
        None | Some("gpu") => Per::Gpu,
        Some("endpoint") => Per::Endpoint,
        Some(other) => {
            checker.error(
                FindingKind::OutOfRange,
                &path.key("throughputPer"),
                format!("expected \"gpu\" or \"endpoint\" (what out_tok_s is per), found \"{other}\""),
            );
            Per::Gpu
        }
    }
}

/// The serving block.
pub(super) fn serving(checker: &mut Checker, obj: &Obj<'_>, path: &JsonPath, levels: &[u32], refs: &mut References) -> Serving {
    let mut serving = Serving {
        throughput_per: throughput_per(checker, obj, path),
        aggregate_unit: checker.optional_string(obj, "aggregateUnit", path),
        user_unit: checker.optional_string(obj, "userUnit", path),
        power_unit: checker.optional_string(obj, "powerUnit", path),
        energy_unit: checker.optional_string(obj, "energyUnit", path),
        sample_limits: checker.optional_string(obj, "sampleLimits", path),
        selection: checker.optional_string(obj, "selection", path),
        workloads: Vec::new(),
        requests: requests_files(checker, obj, path, refs),
    };
    let mut seen_workloads = HashSet::new();
    let items = checker.required_array(obj, "workloads", path).unwrap_or(&[]);
    for (map, wpath) in checker.objects(items, &path.key("workloads")) {
        let isl = checker.whole(map, "inputTokens", &wpath, 1);
        let osl = checker.whole(map, "outputTokens", &wpath, 1);
        let (axis, levels) = load::workload_levels(checker, map, &wpath, levels);
        let (Some(isl), Some(osl)) = (isl, osl) else { continue };
        if !seen_workloads.insert((isl, osl, axis)) {
            let by = if axis == LoadAxis::Rate { " by request rate" } else { "" };
            checker.error(FindingKind::Duplicate, &wpath, format!("workload ISL {isl} / OSL {osl}{by} appears more than once"));
        }
        let mut rows = Vec::new();
        for (rmap, rpath, id) in checker.rows(map, &wpath, RowId::Engine, "serving row id in this workload", refs) {
            let cells = match checker.required_array(rmap, "cells", &rpath) {
                Some(items) => {
                    let cpath = rpath.key("cells");
                    checker.check_levels(items, levels.len(), axis.noun(), &cpath);
                    let mut drives = Vec::new();
                    let cells = items
                        .iter()
                        .enumerate()
                        .map(|(j, item)| {
                            let slot = Slot { axis, level: levels.get(j).copied(), lengths: (isl, osl) };
                            let (cell, drive) = cell(checker, item, &cpath.index(j), slot, refs)?;
                            drives.push((j, drive));
                            Some(cell)
                        })
                        .collect();
                    load::check_row_axes(checker, &drives, &cpath);
                    cells
                }
                None => Vec::new(),
            };
            check_requests_declared(checker, &serving.requests, &id, &cells, &rpath);
            rows.push(ServingRow { id, cells });
        }
        serving.workloads.push(Workload { isl, osl, load: axis, levels, rows, per: serving.throughput_per });
    }
    serving
}

/// Where a cell sits: its workload's axis and lengths, and its slot's level.
struct Slot {
    axis: LoadAxis,
    level: Option<f64>,
    lengths: (u64, u64),
}

/// One cell: `null` is a cell not measured; an object is checked against its slot's load
/// level and its workload's lengths.
fn cell(checker: &mut Checker, item: &Value, path: &JsonPath, slot: Slot, refs: &mut References) -> Option<(Cell, Drive)> {
    if item.is_null() {
        return None;
    }
    let map = checker.object(item, path)?;
    let (isl, osl) = slot.lengths;
    let mut cell = Cell {
        isl: checker.whole_opt(map, "isl", path, 1),
        osl: checker.whole_opt(map, "osl", path, 1),
        source: checker.source(map, path, refs),
        ..Cell::default()
    };
    let drive = load::cell_load(checker, map, path, slot.axis, slot.level, &mut cell);
    for field in CELL_NUMBERS {
        let value = checker.number(map, field.name, path);
        (field.set)(&mut cell, value);
    }
    cell.trials = load::trials(checker, map, path, &cell);
    requests_fields(checker, map, path, &mut cell);
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
    check_counts(checker, &cell, path);
    check_energy(checker, &cell, path);
    Some((cell, drive))
}

/// `n` is a whole number of completed requests; `n = 0` is an all-failed cell, which needs
/// its failures counted and has no latency.
fn check_counts(checker: &mut Checker, cell: &Cell, path: &JsonPath) {
    let Some(n) = cell.n else { return };
    // The median of an even number of trials may fall between two whole counts.
    let whole = n.fract() == 0.0 || cell.trials.is_some() && (n * 2.0).fract() == 0.0;
    if !whole {
        checker.error(FindingKind::OutOfRange, &path.key("n"), format!("expected a whole number of requests, found {n}"));
        return;
    }
    if n == 0.0 {
        if !cell.errors.is_some_and(|e| e > 0.0) {
            let errors = cell.errors.map_or_else(|| "null".to_owned(), |e| e.to_string());
            checker.error(
                FindingKind::Inconsistent,
                &path.key("n"),
                format!("n = 0 with errors = {errors}: a cell in which no request completed must count its failed requests"),
            );
        }
        for field in CELL_NUMBERS.iter().filter(|f| f.name.ends_with("_ms")) {
            if let Some(v) = (field.get)(cell) {
                checker.error(
                    FindingKind::Inconsistent,
                    &path.key(field.name),
                    format!("expected null (n = 0: no request completed, so there is no latency), found {v}"),
                );
            }
        }
    }
    // More failed than completed is a measurement, not a mistake (97 of 150 in a published
    // LLMPerf run): no rule relates `errors` to `n`.
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

/// `serving.requests` (schema 1.3): `[{id, file}]`, an engine's per-request table, one per
/// engine, each file a declared source.
fn requests_files(checker: &mut Checker, obj: &Obj<'_>, path: &JsonPath, refs: &mut References) -> Vec<RequestsFile> {
    let mut out: Vec<RequestsFile> = Vec::new();
    let Some(items) = checker.optional_array(obj, "requests", path) else { return out };
    let rpath = path.key("requests");
    for (map, ipath) in checker.objects(items, &rpath) {
        let id = checker.required_string(map, "id", &ipath);
        let file = checker.required_string(map, "file", &ipath);
        let (Some(id), Some(file)) = (id, file) else { continue };
        refs.engine(&id, || ipath.key("id"));
        refs.source(&file, || ipath.key("file"));
        if out.iter().any(|r| r.id == id) {
            checker.error(FindingKind::Duplicate, &ipath.key("id"), format!("engine `{id}` has more than one per-request table"));
            continue;
        }
        out.push(RequestsFile { id, file });
    }
    out
}

/// A cell's `requests` (rows in its engine's per-request table, whole ≥ 1) and
/// `requests_sampled` (the tool listed a sample).
fn requests_fields(checker: &mut Checker, map: &Obj<'_>, path: &JsonPath, cell: &mut Cell) {
    cell.requests = checker.whole_opt(map, "requests", path, 1).map(|r| r as f64);
    cell.requests_sampled = match map.get("requests_sampled") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(other) => {
            checker.wrong_type(&path.key("requests_sampled"), "true or false", other);
            false
        }
    };
    if cell.requests_sampled && cell.requests.is_none() {
        checker.error(FindingKind::Inconsistent, &path.key("requests_sampled"), "a sample of requests, but the cell has no `requests`");
    }
    // Every request of one run is a row: completed, failed, or cut off by the tool.
    if let (Some(rows), Some(n), false, None) = (cell.requests, cell.n, cell.requests_sampled, &cell.trials) {
        let errors = cell.errors.unwrap_or(0.0);
        if rows < n + errors {
            checker.error(
                FindingKind::Inconsistent,
                &path.key("requests"),
                format!("{rows} requests, but the cell counts n {n} + errors {errors}: every request of a run is a row (or mark the cell requests_sampled)"),
            );
        }
    }
}

/// A row whose cells have requests needs its engine's table in `serving.requests`.
fn check_requests_declared(checker: &mut Checker, files: &[RequestsFile], id: &str, cells: &[Option<Cell>], path: &JsonPath) {
    if files.iter().any(|f| f.id == id) {
        return;
    }
    if let Some(c) = cells.iter().position(|c| c.as_ref().is_some_and(|c| c.requests.is_some())) {
        checker.error(
            FindingKind::UnknownReference,
            &path.key("cells").index(c).key("requests"),
            format!("the cell has requests, but serving.requests names no table for engine `{id}`"),
        );
    }
}
