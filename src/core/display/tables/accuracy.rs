//! The accuracy tables: served accuracy, weight accuracy with its CI, and retrieval.

use super::{Cell, Column, Field, NumberKind, Row, RowHead, Table};
use crate::core::basics::format::as_written;
use crate::core::display::series::{accuracy_styles, is_control, served_label};
use crate::core::study::model::Results;

/// Served KL and top-1 (a fraction, shown as a percentage) per row; the control tagged.
pub fn served_accuracy_table(results: &Results) -> Option<Table> {
    let accuracy = results.accuracy()?;
    let styles = accuracy_styles(results, accuracy.rows.iter().map(|r| r.id.as_str()));
    let rows = accuracy
        .rows
        .iter()
        .zip(styles)
        .map(|(row, style)| {
            let head = RowHead {
                label: served_label(results, &row.id),
                id: Some(row.id.clone()),
                swatch: Some(style),
                tag: is_control(&row.id).then(|| "reference control".to_owned()),
                link: None,
            };
            let cells: Vec<Cell> = vec![
                Field::Code(row.id.clone()).into(),
                Field::Text(row.hardware.clone().unwrap_or_else(|| "—".into())).into(),
                Field::measured(row.kl, NumberKind::Plain).into(),
                Field::measured(row.top1, NumberKind::FractionAsPercent).into(),
                Field::Text(row.rows.join(", ")).into(),
                row.source.clone().map_or(Field::Text("—".into()), Field::Code).into(),
            ];
            Row { head, cells, sources: Vec::new(), mismatch: false }
        })
        .collect();
    Some(Table {
        name: "served-accuracy",
        caption: "Served accuracy against the BF16 reference: KL (lower is closer to the reference) and top-1 agreement".into(),
        head: "Checkpoint".into(),
        head_csv: ("checkpoint", None),
        columns: vec![
            Column::new("id", "id"),
            Column::new("hardware", "hardware"),
            Column::new("KL", "kl"),
            Column::new("top-1", "top1"),
            Column::new("rows", "rows"),
            Column::new("source", "source"),
        ],
        rows,
        show_sources: false,
        by_concurrency: false,
    })
}

/// Weight KL with its 95 % CI ("no CI reported" where null), routing-locked KL, top-1 %.
pub fn weight_accuracy_table(results: &Results) -> Option<Table> {
    let weight = results.weight_accuracy()?;
    let styles = accuracy_styles(results, weight.rows.iter().map(|r| r.id.as_str()));
    let rows = weight
        .rows
        .iter()
        .zip(styles)
        .map(|(row, style)| {
            let head = RowHead {
                label: row.label.clone().unwrap_or_else(|| row.id.clone()),
                id: Some(row.id.clone()),
                swatch: Some(style),
                tag: None,
                link: None,
            };
            let ci = match row.kl95_ci {
                Some((lo, hi)) => Field::Text(format!("{} – {}", as_written(lo), as_written(hi))),
                None => Field::Note("no CI reported".into()),
            };
            let cells: Vec<Cell> = vec![
                Field::measured(row.kl, NumberKind::Plain).into(),
                ci.into(),
                Field::measured(row.routing_locked_kl, NumberKind::Plain).into(),
                Field::measured(row.top1_percent, NumberKind::Plain).into(),
            ];
            Row { head, cells, sources: Vec::new(), mismatch: false }
        })
        .collect();
    Some(Table {
        name: "weight-accuracy",
        caption: "Weight accuracy: full-vocabulary KL (lower is closer to BF16) with its 95 % CI, and top-1 in percent".into(),
        head: "Checkpoint".into(),
        head_csv: ("checkpoint", Some("id")),
        columns: vec![
            Column::new("KL (free routing)", "kl"),
            Column::new("95 % CI", "kl95CI"),
            Column::new("KL (routing locked)", "routingLockedKl"),
            Column::new("top-1 %", "top1Percent"),
        ],
        rows,
        show_sources: false,
        by_concurrency: false,
    })
}

/// Long-context retrieval: matched of total probes per context length.
pub fn retrieval_table(results: &Results) -> Option<Table> {
    let weight = results.weight_accuracy().filter(|w| !w.retrieval.is_empty())?;
    let rows = weight
        .retrieval
        .iter()
        .map(|r| Row {
            head: RowHead::label(r.context_label.clone().unwrap_or_else(|| "—".into())),
            cells: vec![Field::measured(r.matched, NumberKind::Whole).into(), Field::measured(r.total, NumberKind::Whole).into()],
            sources: Vec::new(),
            mismatch: false,
        })
        .collect();
    Some(Table {
        name: "retrieval",
        caption: "Long-context retrieval: probes matched of probes run".into(),
        head: "Context".into(),
        head_csv: ("context", None),
        columns: vec![Column::new("matched", "matched"), Column::new("total", "total")],
        rows,
        show_sources: false,
        by_concurrency: false,
    })
}
