//! The provenance view's tables: every source with its status and citations, and the
//! engines with their checkpoints and setup files.

use super::{Cell, Column, Field, Row, RowHead, Table};
use crate::core::display::palette::engine_style;
use crate::core::provenance::{citations, SourceStatus, StatusCounts};
use crate::core::study::model::Results;

/// The status words a source reads with: "not published" when no source of the file was
/// published with it (every one simply absent), else the status's own label.
pub fn status_words(status: &SourceStatus, counts: &StatusCounts) -> &'static str {
    match status {
        SourceStatus::Unavailable { not_found: true, .. } if counts.none_published() => "not published",
        other => other.label(),
    }
}

/// A source's words by name among a file's statuses, as the badge, the sources table, the
/// Share drawer, tooltips and CSV lines all say it: "not checked" for a name not listed.
pub fn source_words(statuses: &[(String, SourceStatus)], name: &str) -> &'static str {
    let counts = StatusCounts::of(statuses.iter().map(|(_, s)| s));
    super::status_of(statuses, name).map_or("not checked", |s| status_words(s, &counts))
}

/// Every source: name, where it lived, its status with the detail, and how much cites it.
pub fn sources_table(results: &Results, statuses: &[(String, SourceStatus)]) -> Table {
    let counts = StatusCounts::of(statuses.iter().map(|(_, s)| s));
    let cited = citations(results);
    let rows = results
        .sources()
        .iter()
        .enumerate()
        .map(|(i, source)| {
            let status = statuses.get(i).map(|(_, s)| s.clone()).unwrap_or(SourceStatus::NotChecked("not reached yet".into()));
            let n = cited.get(source.name()).map_or(0, Vec::len);
            let cells: Vec<Cell> = vec![
                Field::Code(source.original_path.clone().or_else(|| source.url.clone()).unwrap_or_default()).into(),
                Field::Code(source.sha256.clone()).into(),
                Cell { mismatch: status.is_mismatch(), ..Field::Text(status_words(&status, &counts).into()).into() },
                Field::Text(status.detail()).into(),
                Field::Text(crate::core::provenance::citation_words(n)).into(),
            ];
            Row {
                head: RowHead { label: source.name().to_owned(), id: None, swatch: None, tag: None, link: None },
                cells,
                sources: Vec::new(),
                mismatch: status.is_mismatch(),
            }
        })
        .collect();
    Table {
        name: "sources",
        caption: "Every source file behind the figures: its published sha256 and what hashing it here found".into(),
        head: "Source".into(),
        head_csv: ("source", None),
        columns: vec![
            Column::new("original path or URL", "original"),
            Column::new("published sha256", "sha256"),
            Column::new("status", "status"),
            Column::new("detail", "detail"),
            Column::new("cited by", "cited_by"),
        ],
        rows,
        show_sources: false,
        by_concurrency: false,
    }
}

/// The engines compared: label, id, checkpoint, setup file.
pub fn engines_table(results: &Results) -> Table {
    let rows = results
        .engines()
        .iter()
        .enumerate()
        .map(|(i, e)| Row {
            head: RowHead { label: e.label.clone(), id: Some(e.id.clone()), swatch: Some(engine_style(i)), tag: None, link: None },
            cells: vec![
                Field::Code(e.id.clone()).into(),
                Field::Text(e.checkpoint.clone().unwrap_or_else(|| "—".into())).into(),
                e.source.clone().map_or(Field::Text("—".into()), Field::Code).into(),
            ],
            sources: Vec::new(),
            mismatch: false,
        })
        .collect();
    Table {
        name: "engines",
        caption: "The engines compared, with the checkpoint each served and the file its setup is recorded in".into(),
        head: "Engine".into(),
        head_csv: ("engine", None),
        columns: vec![Column::new("id", "id"), Column::new("checkpoint", "checkpoint"), Column::new("setup file", "source")],
        rows,
        show_sources: false,
        by_concurrency: false,
    }
}
