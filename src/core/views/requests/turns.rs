//! The requests view's tables: each engine's percentiles of the latency, read from its
//! requests (what a reader would otherwise hover the curve for); and a multi-turn run's
//! requests by turn — per engine and turn index, how many requests and the completed ones'
//! latency p50 and p90, the first turn's cold prefill against the cached later ones.

use super::column;
use crate::core::display::palette::engine_style;
use crate::core::display::tables::{Cell, Column, Field, NumberKind, Row, RowHead, Table, MS_OR_S};
use crate::core::link::Latency;
use crate::core::measures::requests::{CellRequests, Status};
use crate::core::study::model::Results;

/// One engine's requests at one turn index.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnRow {
    /// Engine id.
    pub id: String,
    /// Its label.
    pub label: String,
    /// The turn index.
    pub turn: u32,
    /// Requests at that turn (every status).
    pub requests: usize,
    /// The completed ones' latency, median and p90 (ms; numpy's linear rule).
    pub p50: Option<f64>,
    /// See `p50`.
    pub p90: Option<f64>,
}

/// Per turn index, an engine's requests and the completed ones' latency p50 and p90 —
/// none for requests that are no turns of sessions.
pub(super) fn turn_rows<'a>(
    id: &'a str,
    label: &'a str,
    runs: &'a [&CellRequests],
    latency: Latency,
) -> impl Iterator<Item = TurnRow> + 'a {
    let mut turns: Vec<(u32, usize, Vec<f64>)> = Vec::new();
    for rows in runs {
        for i in (0..rows.len()).filter(|&i| !rows.turn[i].is_nan()) {
            let turn = rows.turn[i] as u32;
            let at = match turns.iter().position(|t| t.0 == turn) {
                Some(at) => at,
                None => {
                    turns.push((turn, 0, Vec::new()));
                    turns.len() - 1
                }
            };
            turns[at].1 += 1;
            let v = column(rows, latency)[i];
            if rows.status[i] == Status::Ok && !v.is_nan() {
                turns[at].2.push(v);
            }
        }
    }
    turns.sort_by_key(|t| t.0);
    turns.into_iter().map(move |(turn, requests, values)| TurnRow {
        id: id.to_owned(),
        label: label.to_owned(),
        turn,
        requests,
        p50: crate::core::basics::stats::percentile(&values, 50.0),
        p90: crate::core::basics::stats::percentile(&values, 90.0),
    })
}

/// The by-turn table: one row per engine and turn.
pub fn turn_table(results: &Results, rows: &[TurnRow], latency: Latency) -> Table {
    let title = latency.title();
    Table {
        name: "by-turn",
        caption: format!("{title} by turn: each turn index's requests and the completed ones' {title} (numpy's linear percentiles)"),
        head: "Engine".to_owned(),
        head_csv: ("engine", Some("engine_id")),
        columns: vec![
            Column::new("turn", "turn"),
            Column::new("requests", "requests"),
            Column::new(format!("{title} p50 ({MS_OR_S})"), format!("{latency}_p50_ms")),
            Column::new(format!("{title} p90 ({MS_OR_S})"), format!("{latency}_p90_ms")),
        ],
        rows: rows
            .iter()
            .map(|r| {
                let cells: Vec<Cell> = vec![
                    Field::Number(f64::from(r.turn), NumberKind::Whole).into(),
                    Field::Number(r.requests as f64, NumberKind::Whole).into(),
                    Field::measured(r.p50, NumberKind::Millis).into(),
                    Field::measured(r.p90, NumberKind::Millis).into(),
                ];
                Row {
                    head: RowHead {
                        label: r.label.clone(),
                        id: Some(r.id.clone()),
                        swatch: Some(engine_style(results.engine_index(&r.id).unwrap_or(0))),
                        tag: None,
                        link: None,
                    },
                    cells,
                    sources: Vec::new(),
                    mismatch: false,
                }
            })
            .collect(),
        show_sources: false,
        by_concurrency: true,
    }
}

/// Each engine's p50, p90, p95 and p99 of the latency, from its completed requests (numpy's
/// linear rule), with how many requests record it.
pub fn percentile_table(results: &Results, model: &super::RequestsModel) -> Table {
    let title = model.latency.title();
    let pct =
        |d: &super::Distribution, p: f64| Field::measured(crate::core::basics::stats::percentile_sorted(&d.sorted, p), NumberKind::Millis);
    Table {
        name: "percentiles",
        caption: format!(
            "{title} percentiles of each engine's requests at {} ({MS_OR_S}; numpy's linear rule over the completed requests)",
            model.heading.rsplit(" at ").next().unwrap_or_default()
        ),
        head: "Engine".to_owned(),
        head_csv: ("engine", Some("engine_id")),
        columns: vec![
            Column::new("requests", "requests"),
            Column::new("p50", format!("{}_p50_ms", model.latency)),
            Column::new("p90", format!("{}_p90_ms", model.latency)),
            Column::new("p95", format!("{}_p95_ms", model.latency)),
            Column::new("p99", format!("{}_p99_ms", model.latency)),
        ],
        rows: model
            .distributions
            .iter()
            .map(|d| Row {
                head: RowHead {
                    label: d.label.clone(),
                    id: Some(d.id.clone()),
                    swatch: Some(engine_style(results.engine_index(&d.id).unwrap_or(0))),
                    tag: None,
                    link: None,
                },
                cells: vec![
                    Field::Number(d.sorted.len() as f64, NumberKind::Whole).into(),
                    pct(d, 50.0).into(),
                    pct(d, 90.0).into(),
                    pct(d, 95.0).into(),
                    pct(d, 99.0).into(),
                ],
                sources: Vec::new(),
                mismatch: false,
            })
            .collect(),
        show_sources: false,
        by_concurrency: true,
    }
}
