//! Comparing results files: what differs in their setup, said plainly; whether they are
//! comparable at all; each compared file's lines, told apart by line style; and a delta
//! table against the first file. Points exist only where a file measured them.

use crate::core::display::palette::{engine_style, EngineStyle};
use crate::core::display::series::{decode_series, serving_series, Series};
use crate::core::link::{EngineFilter, SeriesInputs, WorkloadKey};
use crate::core::measures::metric::Metric;
use crate::core::study::model::{Results, Workload};

/// How each file is named in columns and legends: its date, or its title when two files
/// share a date, or its title and position when they share that too.
pub fn file_tags(files: &[&Results]) -> Vec<String> {
    let unique = |tags: &[String]| tags.iter().enumerate().all(|(i, t)| !tags[..i].contains(t));
    let dates: Vec<String> = files.iter().map(|r| if r.date().is_empty() { r.title().to_owned() } else { r.date().to_owned() }).collect();
    if unique(&dates) {
        return dates;
    }
    let titles: Vec<String> = files.iter().map(|r| r.title().to_owned()).collect();
    if unique(&titles) {
        return titles;
    }
    files.iter().enumerate().map(|(i, r)| format!("{} (file {})", r.title(), i + 1)).collect()
}

/// The key from line style to file, naming each study by its title when the titles tell
/// the files apart — "File 3 — “Qwen3 on B200” (2026-11-15): dotted, triangles" — and by
/// hardware and date when they do not ("File 3 — B200, 2026-11-15: dotted, triangles"); one
/// per file, the first file solid circles and each compared file its own dash and marker
/// (`palette::file_line_style`, `palette::file_marker`). The model and hardware are said when
/// the files do not all state the same model, unless the title already names them.
pub fn file_key(files: &[&Results]) -> Vec<String> {
    let tags = file_tags(files);
    let models_differ = files.iter().any(|f| f.model() != files[0].model());
    let titles: Vec<&str> = files.iter().map(|f| f.title()).collect();
    let by_title = titles.iter().enumerate().all(|(i, t)| !t.is_empty() && !titles[..i].contains(t));
    let shapes = shapes_mark_files(files);
    files
        .iter()
        .zip(&tags)
        .enumerate()
        .map(|(k, (file, tag))| {
            let model = file.model().unwrap_or("model not stated");
            let titled = |words: &str| by_title && file.title().contains(words);
            let said_model = (models_differ && !titled(model)).then_some(model);
            let said_hardware = file.hardware().filter(|h| !titled(h));
            let place = match (said_model, said_hardware) {
                (Some(m), Some(h)) => format!("{m} on {h}, "),
                (Some(m), None) => format!("{m}, "),
                (None, Some(h)) => format!("{h}, "),
                (None, None) => String::new(),
            };
            let name = match by_title {
                true if file.date().is_empty() && place.is_empty() => format!("“{}”", file.title()),
                true => format!("“{}” ({place}{})", file.title(), file.date()).replace(", )", ")"),
                false => format!("{place}{tag}"),
            };
            let style = crate::core::display::palette::file_line_style(k).1;
            match shapes {
                true => format!("File {} — {name}: {style}, {}", k + 1, crate::core::display::palette::file_marker(k).1),
                false => format!("File {} — {name}: {style}", k + 1),
            }
        })
        .collect()
}

/// The name of one file among others (see `file_tags`).
pub fn file_tag(results: &Results) -> String {
    file_tags(&[results]).remove(0)
}

/// The heading over what differs between the first file and file `number` (1-based): each
/// named by its number, title and date, since several studies may share a date.
pub fn differs_heading(first: &Results, other: &Results, number: usize) -> String {
    let name = |r: &Results, n: usize| match r.date().is_empty() {
        true => format!("file {n}, “{}”", r.title()),
        false => format!("file {n}, “{}” ({})", r.title(), r.date()),
    };
    format!("What differs: {} and {}", name(first, 1), name(other, number))
}

/// A warning when two studies measured different things: a different model or hardware
/// (schema 1.1 fields). `None` when they agree or a file does not state them.
pub fn comparability(a: &Results, b: &Results) -> Option<String> {
    let mut differs = Vec::new();
    if let (Some(x), Some(y)) = (a.model(), b.model()) {
        if x != y {
            differs.push(format!("model {x} against {y}"));
        }
    }
    if let (Some(x), Some(y)) = (a.hardware(), b.hardware()) {
        if x != y {
            differs.push(format!("hardware {x} against {y}"));
        }
    }
    (!differs.is_empty()).then(|| {
        format!(
            "These studies may not be comparable: {}. Engines are matched by id across them; read each file's own setup before comparing numbers.",
            differs.join("; ")
        )
    })
}

/// Every setup difference between two files, one sentence each.
pub fn differences(a: &Results, b: &Results) -> Vec<String> {
    let mut out = Vec::new();
    let tags = file_tags(&[a, b]);
    let (ta, tb) = (&tags[0], &tags[1]);
    let only = |xs: &[u32], ys: &[u32]| xs.iter().filter(|x| !ys.contains(x)).map(|x| format!("c{x}")).collect::<Vec<_>>();
    for (levels, tag) in [(only(a.concurrency(), b.concurrency()), ta), (only(b.concurrency(), a.concurrency()), tb)] {
        if !levels.is_empty() {
            out.push(format!("Concurrency only in {tag}: {}.", levels.join(", ")));
        }
    }
    let keys = |r: &Results| r.serving().into_iter().flat_map(|s| &s.workloads).map(Workload::name).collect::<Vec<_>>();
    let (wa, wb) = (keys(a), keys(b));
    for (mine, theirs, tag) in [(&wa, &wb, ta), (&wb, &wa, tb)] {
        let missing: Vec<&str> = mine.iter().filter(|w| !theirs.contains(w)).map(String::as_str).collect();
        if !missing.is_empty() {
            out.push(format!("Workloads only in {tag}: {}.", missing.join("; ")));
        }
    }
    // The same lengths swept along different load axes: drawn apart, never on one x axis.
    for wa in a.serving().into_iter().flat_map(|s| &s.workloads) {
        let same_lengths = |w: &&Workload| w.isl == wa.isl && w.osl == wa.osl;
        let theirs: Vec<&Workload> = b.serving().into_iter().flat_map(|s| &s.workloads).filter(same_lengths).collect();
        if !theirs.is_empty() && theirs.iter().all(|w| w.load != wa.load) {
            out.push(format!(
                "Different load axes: ISL {} / OSL {} is swept by {} in {ta} and by {} in {tb}; their lines are drawn apart, each against its own axis.",
                wa.isl,
                wa.osl,
                wa.load.noun(),
                theirs[0].load.noun()
            ));
        }
    }
    let ids = |r: &Results| r.engines().iter().map(|e| e.id.clone()).collect::<Vec<_>>();
    let (ea, eb) = (ids(a), ids(b));
    for (mine, theirs, tag) in [(&ea, &eb, ta), (&eb, &ea, tb)] {
        let missing: Vec<&str> = mine.iter().filter(|e| !theirs.contains(e)).map(String::as_str).collect();
        if !missing.is_empty() {
            out.push(format!("Engines only in {tag}: {}.", missing.join(", ")));
        }
    }
    for engine in a.engines() {
        if let Some(other) = b.engine(&engine.id) {
            if engine.checkpoint != other.checkpoint {
                out.push(format!(
                    "Engine {} serves {} in {ta} and {} in {tb}.",
                    engine.id,
                    engine.checkpoint.as_deref().unwrap_or("—"),
                    other.checkpoint.as_deref().unwrap_or("—")
                ));
            }
        }
    }
    let texts = |r: &Results| -> Vec<(&'static str, Option<String>)> {
        let s = r.serving();
        vec![
            ("model", r.model().map(str::to_owned)),
            ("hardware", r.hardware().map(str::to_owned)),
            ("serving aggregate unit", s.and_then(|s| s.aggregate_unit.clone())),
            ("serving per-user unit", s.and_then(|s| s.user_unit.clone())),
            ("serving power unit", s.and_then(|s| s.power_unit.clone())),
            ("serving energy unit", s.and_then(|s| s.energy_unit.clone())),
            ("serving sample limits", s.and_then(|s| s.sample_limits.clone())),
            ("serving selection", s.and_then(|s| s.selection.clone())),
            ("decode unit", r.decode().and_then(|d| d.unit.clone())),
            ("decode method", r.decode().and_then(|d| d.method.clone())),
            ("prefill unit", r.prefill().and_then(|p| p.unit.clone())),
            ("KV-cache method", r.cache().and_then(|c| c.method.clone())),
            ("served accuracy method", r.accuracy().and_then(|x| x.method.clone())),
            ("weight accuracy method", r.weight_accuracy().and_then(|x| x.method.clone())),
        ]
    };
    for ((name, x), (_, y)) in texts(a).into_iter().zip(texts(b)) {
        if x != y {
            let say = |t: &Option<String>| t.clone().map_or_else(|| "absent".into(), |t| format!("“{t}”"));
            out.push(format!("The {name} differs: {ta} {}; {tb} {}.", say(&x), say(&y)));
        }
    }
    out
}

/// The workload with this key in a file: the same lengths and the same load axis, so
/// lines against concurrency and against request rate never share an x axis.
pub fn find_workload(results: &Results, key: WorkloadKey) -> Option<&Workload> {
    results.serving()?.workloads.iter().find(|w| w.isl == key.isl && w.osl == key.osl && w.load == key.load)
}

/// For each compared file (by tag) that measured this workload's lengths only along the
/// other load axis, a sentence saying so: its lines are not drawn on this x axis.
pub fn other_axis_notes(files: &[&Results], tags: &[String], key: WorkloadKey) -> Vec<String> {
    let mut notes = Vec::new();
    for (i, file) in files.iter().enumerate().skip(1) {
        if find_workload(file, key).is_some() {
            continue;
        }
        let other = file.serving().into_iter().flat_map(|s| &s.workloads).find(|w| w.isl == key.isl && w.osl == key.osl);
        if let Some(other) = other {
            let tag = tags.get(i).map_or("another file", String::as_str);
            notes.push(format!(
                "File {} ({tag}) uses a different load axis: it measured ISL {} / OSL {} by {}, this chart is by {}; its lines are drawn apart, on its own workload ({}).",
                i + 1,
                key.isl,
                key.osl,
                other.load.noun(),
                key.load.noun(),
                other.key()
            ));
        }
    }
    notes
}

/// Whether, with `files` compared, a line's shape says its file and its colour its engine:
/// only when there are other files and every engine across them has a colour of its own
/// (beyond the palette's colours, engines are told apart by shape, and shapes stay theirs).
pub fn shapes_mark_files(files: &[&Results]) -> bool {
    files.len() > 1 && all_engine_ids(files).len() <= crate::core::display::palette::ENGINE_COLOURS.len()
}

/// Every line drawn while `files` are compared takes its file's marker, when shapes mark
/// files (`shapes_mark_files`): the chart, its key and its chips then say the same.
pub fn mark_files(lines: &mut [Series], files: &[&Results]) {
    if shapes_mark_files(files) {
        for line in lines {
            line.style.marker = crate::core::display::palette::file_marker(line.file).0;
        }
    }
}

/// A compared file's lines: styled by line (file `k` draws dash pattern `k` and marker `k`), labelled
/// with the file's tag, each engine keeping the first file's colour when its id is there
/// and taking the next free style otherwise — so an engine only a compared file has gets
/// its own chip and line.
pub fn restyle(first: &Results, file: &Results, k: usize, tag: &str, mut lines: Vec<Series>) -> Vec<Series> {
    let mut extra = 0;
    let styles: Vec<EngineStyle> = file
        .engines()
        .iter()
        .map(|e| match first.engine_index(&e.id) {
            Some(i) => engine_style(i),
            None => {
                extra += 1;
                engine_style(first.engines().len() + extra - 1)
            }
        })
        .collect();
    for line in &mut lines {
        if let Some(style) = file.engine_index(&line.id).and_then(|i| styles.get(i)) {
            line.style = *style;
        }
        line.dashed = true;
        line.file = k;
        line.label = format!("{} · {tag}", line.label);
    }
    lines
}

/// The serving lines of the `k`-th compared file for the first file's workload and metric
/// (the picked metric only: p50 and p99 together belong to the first file).
pub fn compare_series(
    first: &Results,
    file: &Results,
    k: usize,
    tag: &str,
    key: WorkloadKey,
    metric: Metric,
    state: &SeriesInputs,
) -> Vec<Series> {
    let Some(workload) = find_workload(file, key) else { return Vec::new() };
    let mut single = state.clone();
    single.pct_both = false;
    single.vs = None;
    restyle(first, file, k, tag, serving_series(file, workload, metric, &single).series)
}

/// The decode lines of the `k`-th compared file.
pub fn compare_decode_series(first: &Results, file: &Results, k: usize, tag: &str, state: &EngineFilter) -> Vec<Series> {
    restyle(first, file, k, tag, decode_series(file, state))
}

/// The engine ids every file has, in order: the first file's, then each other file's new
/// ones (the legend names them all).
pub fn all_engine_ids(files: &[&Results]) -> Vec<(String, String)> {
    let mut ids: Vec<(String, String)> = Vec::new();
    for file in files {
        for e in file.engines() {
            if !ids.iter().any(|(id, _)| id == &e.id) {
                ids.push((e.id.clone(), e.label.clone()));
            }
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::study::validate::parse_results;
    use serde_json::json;

    fn file(date: &str, levels: &[u32], engines: &[&str], cells: &[(&str, Vec<Option<f64>>)]) -> Results {
        file_with(date, levels, engines, cells, json!({}))
    }

    /// A file with these top-level fields too (a study is read-only once checked, so a
    /// variant is a different document).
    fn file_with(date: &str, levels: &[u32], engines: &[&str], cells: &[(&str, Vec<Option<f64>>)], extra: serde_json::Value) -> Results {
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
            "title": format!("t {date}"), "date": date, "concurrency": levels, "sources": [],
            "engines": engines.iter().map(|e| json!({ "id": e, "label": e.to_uppercase() })).collect::<Vec<_>>(),
            "serving": { "workloads": [{ "inputTokens": 8, "outputTokens": 8, "rows": rows }] },
        });
        let mut doc = doc.as_object().expect("an object").clone();
        doc.extend(extra.as_object().expect("an object").clone());
        parse_results(&serde_json::to_vec(&doc).expect("json")).results.expect("valid")
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
    fn compared_lines_are_dashed_keep_shared_colours_and_name_new_engines() {
        let a = file("A", &[1, 2], &["x", "y"], &[("x", vec![Some(1.0), Some(2.0)])]);
        let b = file("B", &[1, 2], &["y", "z"], &[("y", vec![Some(1.0), Some(2.0)]), ("z", vec![Some(3.0), None])]);
        let lines = compare_series(
            &a,
            &b,
            1,
            "B",
            WorkloadKey { isl: 8, osl: 8, load: crate::core::study::model::LoadAxis::Concurrency },
            Metric::OutTokS,
            &crate::core::link::ViewState::default().series_inputs(),
        );
        assert_eq!(lines.len(), 2);
        assert!(lines.iter().all(|l| l.dashed && l.file == 1));
        assert_eq!(lines[0].label, "Y · B");
        assert_eq!(lines[0].style.colour, engine_style(1).colour, "y keeps the first file's colour");
        assert_eq!(lines[1].style.colour, engine_style(2).colour, "z takes the next free colour");
        let mut marked = lines.clone();
        mark_files(&mut marked, &[&a, &b]);
        assert!(
            marked.iter().all(|l| l.style.marker == crate::core::display::palette::file_marker(1).0),
            "file 2's marker on each of its lines"
        );
        // More engines across the files than colours: shapes stay the engines'.
        let many: Vec<String> = (0..9).map(|i| format!("e{i}")).collect();
        let names: Vec<&str> = many.iter().map(String::as_str).collect();
        let c = file("C", &[1, 2], &names, &[]);
        assert!(!shapes_mark_files(&[&a, &c]));
        let mut kept = lines.clone();
        mark_files(&mut kept, &[&a, &c]);
        assert_eq!(kept[0].style.marker, lines[0].style.marker);
        assert_eq!(all_engine_ids(&[&a, &b]).into_iter().map(|(id, _)| id).collect::<Vec<_>>(), ["x", "y", "z"]);
    }

    #[test]
    fn files_of_one_date_are_named_by_title() {
        let a = file("2026-10-30", &[1], &["x"], &[]);
        let b = file_with("2026-10-30", &[1], &["x"], &[], json!({ "title": "rerun" }));
        assert_eq!(file_tags(&[&a, &b]), ["t 2026-10-30", "rerun"]);
        let b = file("2026-10-30", &[1], &["x"], &[]);
        assert_eq!(file_tags(&[&a, &b]), ["t 2026-10-30 (file 1)", "t 2026-10-30 (file 2)"]);
    }

    #[test]
    fn unrelated_studies_get_a_comparability_warning() {
        let a = file("A", &[1], &["x"], &[]);
        let b = file("B", &[1], &["x"], &[]);
        assert_eq!(comparability(&a, &b), None, "nothing stated, nothing to warn about");
        let a = file_with("A", &[1], &["x"], &[], json!({ "schemaVersion": "1.1", "model": "Qwen3.8" }));
        let b = file_with("B", &[1], &["x"], &[], json!({ "schemaVersion": "1.1", "model": "Llama-70B", "hardware": "H200" }));
        let warning = comparability(&a, &b).expect("different models");
        assert!(warning.contains("model Qwen3.8 against Llama-70B"), "{warning}");
    }
}
