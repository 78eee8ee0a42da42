//! Comparing two results files: what differs in their setup, said plainly, and a delta
//! table for one workload and metric. Points exist only where a file measured them.

use super::format::as_written;
use super::model::{Results, Workload};
use super::palette::{engine_style, EngineStyle};
use super::series::{serving_series, Series};
use super::view_state::{Metric, ViewState, WorkloadKey};

/// How the second file is named on the page: its date, else its title.
pub fn file_tag(results: &Results) -> String {
    if results.date.is_empty() { results.title.clone() } else { results.date.clone() }
}

/// Every setup difference between two files, one sentence each.
pub fn differences(a: &Results, b: &Results) -> Vec<String> {
    let mut out = Vec::new();
    let (ta, tb) = (file_tag(a), file_tag(b));
    let only = |xs: &[u32], ys: &[u32]| xs.iter().filter(|x| !ys.contains(x)).map(|x| format!("c{x}")).collect::<Vec<_>>();
    for (levels, tag) in [(only(&a.concurrency, &b.concurrency), &ta), (only(&b.concurrency, &a.concurrency), &tb)] {
        if !levels.is_empty() {
            out.push(format!("Concurrency only in {tag}: {}.", levels.join(", ")));
        }
    }
    let keys = |r: &Results| r.serving.iter().flat_map(|s| &s.workloads).map(Workload::name).collect::<Vec<_>>();
    let (wa, wb) = (keys(a), keys(b));
    for (mine, theirs, tag) in [(&wa, &wb, &ta), (&wb, &wa, &tb)] {
        let missing: Vec<&String> = mine.iter().filter(|w| !theirs.contains(w)).collect();
        if !missing.is_empty() {
            out.push(format!("Workloads only in {tag}: {}.", missing.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("; ")));
        }
    }
    let ids = |r: &Results| r.engines.iter().map(|e| e.id.clone()).collect::<Vec<_>>();
    let (ea, eb) = (ids(a), ids(b));
    for (mine, theirs, tag) in [(&ea, &eb, &ta), (&eb, &ea, &tb)] {
        let missing: Vec<&String> = mine.iter().filter(|e| !theirs.contains(e)).collect();
        if !missing.is_empty() {
            out.push(format!("Engines only in {tag}: {}.", missing.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")));
        }
    }
    for engine in a.engines.iter() {
        if let Some(other) = b.engine(&engine.id) {
            if engine.checkpoint != other.checkpoint {
                out.push(format!("Engine {} serves {} in {ta} and {} in {tb}.", engine.id, engine.checkpoint.as_deref().unwrap_or("—"), other.checkpoint.as_deref().unwrap_or("—")));
            }
        }
    }
    let texts = |r: &Results| -> Vec<(&'static str, Option<String>)> {
        let s = r.serving.as_ref();
        vec![
            ("serving aggregate unit", s.and_then(|s| s.aggregate_unit.clone())),
            ("serving per-user unit", s.and_then(|s| s.user_unit.clone())),
            ("serving power unit", s.and_then(|s| s.power_unit.clone())),
            ("serving energy unit", s.and_then(|s| s.energy_unit.clone())),
            ("serving sample limits", s.and_then(|s| s.sample_limits.clone())),
            ("serving selection", s.and_then(|s| s.selection.clone())),
            ("decode unit", r.decode.as_ref().and_then(|d| d.unit.clone())),
            ("decode method", r.decode.as_ref().and_then(|d| d.method.clone())),
            ("prefill unit", r.prefill.as_ref().and_then(|p| p.unit.clone())),
            ("KV-cache method", r.cache.as_ref().and_then(|c| c.method.clone())),
            ("served accuracy method", r.accuracy.as_ref().and_then(|x| x.method.clone())),
            ("weight accuracy method", r.weight_accuracy.as_ref().and_then(|x| x.method.clone())),
        ]
    };
    for ((name, x), (_, y)) in texts(a).into_iter().zip(texts(b)) {
        if x != y {
            let say = |t: &Option<String>| t.clone().map(|t| format!("“{t}”")).unwrap_or_else(|| "absent".into());
            out.push(format!("The {name} differs: {ta} {}; {tb} {}.", say(&x), say(&y)));
        }
    }
    out
}

/// One row of the delta table.
#[derive(Clone, Debug, PartialEq)]
pub struct DeltaRow {
    /// Engine id present in both files.
    pub engine: String,
    /// Concurrency level present in both files.
    pub conc: u32,
    /// The first file's value.
    pub a: Option<f64>,
    /// The second file's value.
    pub b: Option<f64>,
}

impl DeltaRow {
    /// `b − a`, when both are measured.
    pub fn difference(&self) -> Option<f64> {
        Some(self.b? - self.a?)
    }

    /// `b ÷ a`, when both are measured and `a` is not zero.
    pub fn ratio(&self) -> Option<f64> {
        let a = self.a.filter(|a| *a != 0.0)?;
        Some(self.b? / a)
    }
}

fn find_workload(results: &Results, key: WorkloadKey) -> Option<&Workload> {
    results.serving.as_ref()?.workloads.iter().find(|w| w.isl == key.isl && w.osl == key.osl)
}

fn value(results: &Results, workload: Option<&Workload>, engine: &str, conc: u32, metric: Metric) -> Option<f64> {
    let slot = results.concurrency.iter().position(|&c| c == conc)?;
    workload?.rows.iter().find(|r| r.id == engine)?.cells.get(slot)?.as_ref().and_then(|c| metric.of(c))
}

/// For each engine id in both files and each concurrency level in both, the two values
/// of `metric` in workload `key` (a null on either side stays `None`).
pub fn delta_table(a: &Results, b: &Results, key: WorkloadKey, metric: Metric) -> Vec<DeltaRow> {
    let (wa, wb) = (find_workload(a, key), find_workload(b, key));
    let mut rows = Vec::new();
    for engine in a.engines.iter().filter(|e| b.engine(&e.id).is_some()) {
        for &conc in a.concurrency.iter().filter(|c| b.concurrency.contains(c)) {
            rows.push(DeltaRow { engine: engine.id.clone(), conc, a: value(a, wa, &engine.id, conc, metric), b: value(b, wb, &engine.id, conc, metric) });
        }
    }
    rows
}

/// The second file's lines for the explorer: dashed, labelled with the file, each engine
/// keeping the first file's colour when its id appears there.
pub fn compare_series(a: &Results, b: &Results, key: WorkloadKey, metric: Metric, state: &ViewState) -> Vec<Series> {
    let Some(workload) = find_workload(b, key) else { return Vec::new() };
    restyle(a, b, serving_series(b, workload, metric, state).series)
}

/// The second file's decode lines, dashed and labelled like `compare_series`.
pub fn compare_decode_series(a: &Results, b: &Results, state: &ViewState) -> Vec<Series> {
    restyle(a, b, super::series::decode_series(b, state))
}

/// Dash the second file's lines, label them with the file, and give each engine the first
/// file's colour when its id appears there (the next free styles otherwise).
fn restyle(a: &Results, b: &Results, mut lines: Vec<Series>) -> Vec<Series> {
    let tag = file_tag(b);
    let mut extra = 0;
    let styles: Vec<EngineStyle> = b
        .engines
        .iter()
        .map(|e| match a.engine_index(&e.id) {
            Some(i) => engine_style(i),
            None => {
                extra += 1;
                engine_style(a.engines.len() + extra - 1)
            }
        })
        .collect();
    for line in &mut lines {
        if let Some(i) = b.engine_index(&line.id) {
            line.style = styles[i];
        }
        line.dashed = true;
        line.label = format!("{} · {tag}", line.label);
    }
    lines
}

/// A delta-table cell: the number, or "not measured".
pub fn delta_text(value: Option<f64>, derived: bool) -> String {
    match value {
        None => super::format::NOT_MEASURED.to_owned(),
        Some(v) if derived => super::format::significant4(v),
        Some(v) => as_written(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::validate::parse_results;
    use serde_json::json;

    fn file(date: &str, levels: &[u32], engines: &[&str], cells: &[(&str, Vec<Option<f64>>)]) -> Results {
        let rows: Vec<_> = cells
            .iter()
            .map(|(id, values)| {
                let cells: Vec<_> = levels
                    .iter()
                    .zip(values)
                    .map(|(c, v)| v.map(|v| json!({ "conc": c, "isl": 8, "osl": 8, "n": 10, "out_tok_s": v })))
                    .collect();
                json!({ "id": id, "cells": cells })
            })
            .collect();
        let doc = json!({
            "title": "t", "date": date, "concurrency": levels, "sources": [],
            "engines": engines.iter().map(|e| json!({ "id": e, "label": e.to_uppercase() })).collect::<Vec<_>>(),
            "serving": { "workloads": [{ "inputTokens": 8, "outputTokens": 8, "rows": rows }] },
        });
        parse_results(&serde_json::to_vec(&doc).expect("json")).results.expect("valid")
    }

    #[test]
    fn the_delta_table_pairs_shared_engines_at_shared_levels_and_keeps_nulls() {
        let a = file("A", &[1, 2, 4], &["x", "y"], &[("x", vec![Some(10.0), None, Some(40.0)]), ("y", vec![Some(1.0), Some(2.0), Some(4.0)])]);
        let b = file("B", &[1, 4, 8], &["x", "z"], &[("x", vec![Some(15.0), Some(20.0), Some(99.0)]), ("z", vec![Some(5.0), None, None])]);
        let rows = delta_table(&a, &b, WorkloadKey { isl: 8, osl: 8 }, Metric::OutTokS);
        assert_eq!(rows, vec![
            DeltaRow { engine: "x".into(), conc: 1, a: Some(10.0), b: Some(15.0) },
            DeltaRow { engine: "x".into(), conc: 4, a: Some(40.0), b: Some(20.0) },
        ]);
        assert_eq!(rows[0].ratio(), Some(1.5));
        assert_eq!(rows[1].difference(), Some(-20.0));
        let with_null = DeltaRow { engine: "x".into(), conc: 2, a: None, b: Some(3.0) };
        assert_eq!((with_null.difference(), with_null.ratio()), (None, None));
        assert_eq!(delta_text(with_null.ratio(), true), "not measured");
    }

    #[test]
    fn differences_name_levels_engines_and_texts_present_in_one_file_only() {
        let a = file("A", &[1, 2, 4], &["x", "y"], &[("x", vec![Some(1.0), None, None])]);
        let b = file("B", &[1, 4, 8], &["x", "z"], &[("x", vec![Some(1.0), None, None])]);
        let said = differences(&a, &b);
        assert!(said.contains(&"Concurrency only in A: c2.".to_owned()), "{said:?}");
        assert!(said.contains(&"Concurrency only in B: c8.".to_owned()), "{said:?}");
        assert!(said.contains(&"Engines only in A: y.".to_owned()), "{said:?}");
        assert!(said.contains(&"Engines only in B: z.".to_owned()), "{said:?}");
    }

    #[test]
    fn the_second_files_lines_are_dashed_and_keep_shared_colours() {
        let a = file("A", &[1, 2], &["x", "y"], &[("x", vec![Some(1.0), Some(2.0)])]);
        let b = file("B", &[1, 2], &["y", "z"], &[("y", vec![Some(1.0), Some(2.0)]), ("z", vec![Some(3.0), None])]);
        let lines = compare_series(&a, &b, WorkloadKey { isl: 8, osl: 8 }, Metric::OutTokS, &ViewState::default());
        assert_eq!(lines.len(), 2);
        assert!(lines.iter().all(|l| l.dashed));
        assert_eq!(lines[0].label, "Y · B");
        assert_eq!(lines[0].style, engine_style(1), "y keeps the first file's colour");
        assert_eq!(lines[1].style, engine_style(2), "z takes the next free style");
    }
}
