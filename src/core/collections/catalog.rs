//! A collection's catalog and coverage, from its manifest alone (no study file is read):
//! the studies a link's filters keep, newest first; the facets to filter by; the catalog
//! as a table (title linking to the study, date, model, hardware, engines, workloads); and
//! the coverage grid, model × hardware, each cell the engines measured and the studies
//! behind them, linking to the catalog filtered to it.

use crate::core::collections::collection::{Collection, StudyEntry};
use crate::core::display::tables::{Cell, Column, Field, Row, RowHead, Table};
use crate::core::link::{CatalogFilter, View, ViewState};

/// What a study's model or hardware reads as when the manifest does not state it.
pub const NOT_STATED: &str = "not stated";

/// Whether an entry passes the link's catalog filters: `model`, `hardware` exact; `engine`
/// an engine label or id; `q` free text in its title, date, model, hardware, engines or path.
pub fn passes(entry: &StudyEntry, state: &CatalogFilter) -> bool {
    let stated = |v: &Option<String>| v.clone().unwrap_or_else(|| NOT_STATED.to_owned());
    let facet = |want: &Option<String>, have: String| want.as_ref().is_none_or(|w| *w == have);
    let engine = state.engine.as_ref().is_none_or(|e| entry.engines.iter().chain(&entry.engine_ids).any(|x| x == e));
    let text = state.q.as_ref().filter(|q| !q.trim().is_empty()).is_none_or(|q| {
        let q = q.to_lowercase();
        let hay = [&entry.title, &entry.date, &entry.path, &stated(&entry.model), &stated(&entry.hardware), &entry.engines.join(" ")];
        hay.iter().any(|h| h.to_lowercase().contains(&q))
    });
    facet(&state.model, stated(&entry.model)) && facet(&state.hardware, stated(&entry.hardware)) && engine && text
}

/// The indices of the studies the filters keep, newest first (ties in manifest order).
pub fn filtered(collection: &Collection, state: &CatalogFilter) -> Vec<usize> {
    let mut kept: Vec<usize> = (0..collection.studies.len()).filter(|&i| passes(&collection.studies[i], state)).collect();
    kept.sort_by(|&a, &b| collection.studies[b].date.cmp(&collection.studies[a].date).then(a.cmp(&b)));
    kept
}

/// The values a facet takes across the collection, in alphabetical order.
pub fn facet_values(collection: &Collection, facet: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in &collection.studies {
        let values: Vec<String> = match facet {
            "model" => vec![s.model.clone().unwrap_or_else(|| NOT_STATED.into())],
            "hardware" => vec![s.hardware.clone().unwrap_or_else(|| NOT_STATED.into())],
            _ => s.engines.clone(),
        };
        for v in values {
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out.sort();
    out
}

/// The link that opens study `src`'s overview, keeping the collection.
pub fn study_link(filter: &CatalogFilter, src: &str) -> ViewState {
    ViewState { index: filter.index.clone(), src: src.parse().ok(), view: Some(View::Overview), ..ViewState::default() }
}

/// Rows of the catalog shown at first, and added by each "Show more": a 500-study
/// catalog stays quick to draw.
pub const CATALOG_PAGE_ROWS: usize = 100;

/// The catalog's heading: "Catalog · 1 study", "Catalog · 8 studies".
pub fn catalog_heading(studies: usize) -> String {
    format!("Catalog · {studies} {}", crate::core::basics::format::plural(studies, "study", "studies"))
}

/// The catalog as a table: the first `shown` of the kept studies (`rows` are indices), each
/// title a link; a study whose bytes no longer match the manifest is tagged so. The caption
/// counts every kept study and says when only the first ones are shown.
pub fn catalog_table(
    collection: &Collection,
    srcs: &[String],
    rows: &[usize],
    shown: usize,
    state: &CatalogFilter,
    changed: &[String],
) -> Table {
    let text = |v: &Option<String>| v.clone().map_or_else(|| Field::Note(NOT_STATED.into()), Field::Text);
    let body = rows
        .iter()
        .take(shown)
        .filter_map(|&i| {
            let (entry, src) = (collection.studies.get(i)?, srcs.get(i)?);
            let tag = changed.contains(src).then(|| "changed since the index was built".to_owned());
            let head = RowHead { label: entry.title.clone(), id: Some(src.clone()), swatch: None, tag, link: Some(study_link(state, src)) };
            let cells: Vec<Cell> = vec![
                Field::Text(entry.date.clone()).into(),
                text(&entry.model).into(),
                text(&entry.hardware).into(),
                Field::Text(entry.engines.join(", ")).into(),
                Field::Code(entry.workloads.join(" ")).into(),
            ];
            Some(Row { head, cells, sources: Vec::new(), mismatch: changed.contains(src) })
        })
        .collect();
    let filters = [("model", &state.model), ("hardware", &state.hardware), ("engine", &state.engine), ("text", &state.q)];
    let said: Vec<String> = filters.iter().filter_map(|(k, v)| v.as_ref().map(|v| format!("{k} “{v}”"))).collect();
    let caption = format!(
        "{} of {} studies, newest first{}{}",
        rows.len(),
        collection.studies.len(),
        if said.is_empty() { String::new() } else { format!(" · {}", said.join(" · ")) },
        if shown < rows.len() { format!(" · the first {shown} shown") } else { String::new() }
    );
    Table {
        name: "catalog",
        caption,
        head: "Study".into(),
        head_csv: ("title", Some("src")),
        columns: vec![
            Column::new("date", "date"),
            Column::new("model", "model"),
            Column::new("hardware", "hardware"),
            Column::new("engines", "engines"),
            Column::new("workloads", "workloads"),
        ],
        rows: body,
        show_sources: false,
        // On a phone, one card per study, its fields labelled lines (QA pass 4, F26: the
        // table was 844 px wide in a 353 px box, showing the title, date and part of the model).
        by_concurrency: true,
    }
}

fn coverage_caption(models: &[String], hardware: &[String]) -> String {
    let stated = |all: &[String]| all.iter().filter(|v| *v != NOT_STATED).count();
    let (m, h) = (stated(models), stated(hardware));
    let unstated = match (models.iter().any(|v| v == NOT_STATED), hardware.iter().any(|v| v == NOT_STATED)) {
        (true, true) => "; some studies state no model or no hardware (their row or column reads \"not stated\")",
        (true, false) => "; some studies state no model (their row reads \"not stated\")",
        (false, true) => "; some studies state no hardware (their column reads \"not stated\")",
        (false, false) => "",
    };
    format!(
        "What was measured: {m} {} × {h} hardware, the engines and studies in each{unstated}",
        crate::core::basics::format::plural(m, "model", "models")
    )
}

/// The coverage grid: one row per model, one column per hardware; a cell lists the engines
/// measured there and how many studies, linking to the catalog filtered to it; an empty one
/// reads "no study" (nothing was run there, which is not a measurement missing from a study).
/// The caption counts only stated models and hardware.
pub fn coverage_table(collection: &Collection, state: &CatalogFilter) -> Table {
    let models = facet_values(collection, "model");
    let hardware = facet_values(collection, "hardware");
    let stated = |v: &Option<String>| v.clone().unwrap_or_else(|| NOT_STATED.to_owned());
    let rows = models
        .iter()
        .map(|model| {
            let cells = hardware
                .iter()
                .map(|hw| {
                    let studies: Vec<&StudyEntry> =
                        collection.studies.iter().filter(|s| stated(&s.model) == *model && stated(&s.hardware) == *hw).collect();
                    if studies.is_empty() {
                        return Cell::from(Field::Text("no study".into()));
                    }
                    let mut engines: Vec<&str> = Vec::new();
                    for e in studies.iter().flat_map(|s| &s.engines) {
                        if !engines.contains(&e.as_str()) {
                            engines.push(e);
                        }
                    }
                    let n = studies.len();
                    let words = format!("{} · {n} {}", engines.join(", "), crate::core::basics::format::plural(n, "study", "studies"));
                    let link = ViewState {
                        index: state.index.clone(),
                        view: Some(View::Catalog),
                        model: Some(model.clone()),
                        hardware: Some(hw.clone()),
                        ..ViewState::default()
                    };
                    Cell { link: Some(link), ..Field::Text(words).into() }
                })
                .collect();
            Row { head: RowHead::label(model.clone()), cells, sources: Vec::new(), mismatch: false }
        })
        .collect();
    Table {
        name: "coverage",
        caption: coverage_caption(&models, &hardware),
        head: "Model".into(),
        head_csv: ("model", None),
        columns: hardware.iter().map(|h| Column::new(h.clone(), h.clone())).collect(),
        rows,
        show_sources: false,
        by_concurrency: false,
    }
}
