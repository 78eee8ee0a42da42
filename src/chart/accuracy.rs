//! Chart specs for the accuracy views, built from the model: served KL and top-1, and
//! weight KL with its 95 % CI. Served and weight accuracy are separate measurements (130
//! teacher-forced positions, top-1024-plus-tail, top-1 a fraction; against held-out tokens,
//! full vocabulary, top-1 in percent), so they never share an axis.

use super::{DotRow, ScatterPoint};
use crate::core::model::Results;
use crate::core::palette::{engine_style, EngineStyle, Marker, NEUTRAL_COLOUR};

/// The style of an accuracy id: an engine's own style when the id names an engine, else a
/// neutral colour with the `k`-th marker among the non-engine ids.
pub fn accuracy_style(results: &Results, id: &str, k: usize) -> EngineStyle {
    match results.engine_index(id) {
        Some(index) => engine_style(index),
        None => EngineStyle { colour: NEUTRAL_COLOUR, marker: Marker::ALL[(k + 1) % Marker::ALL.len()] },
    }
}

/// The label of a served-accuracy row: the engine's label when the id is an engine, with
/// the BF16 control named as such.
pub fn served_label(results: &Results, id: &str) -> String {
    match (id, results.engine(id)) {
        ("bf16", _) => "BF16 reference control".to_owned(),
        (_, Some(engine)) => engine.label.clone(),
        (other, None) => other.to_owned(),
    }
}

fn styled<T>(results: &Results, ids: impl Iterator<Item = (String, T)>) -> Vec<(String, T, EngineStyle)> {
    let mut neutral = 0;
    ids.map(|(id, item)| {
        let style = accuracy_style(results, &id, neutral);
        if results.engine(&id).is_none() {
            neutral += 1;
        }
        (id, item, style)
    })
    .collect()
}

/// Served KL per row (no intervals: the file reports none for served accuracy).
pub fn served_kl_rows(results: &Results) -> Vec<DotRow> {
    let Some(accuracy) = &results.accuracy else { return Vec::new() };
    styled(results, accuracy.rows.iter().map(|r| (r.id.clone(), r)))
        .into_iter()
        .map(|(id, row, style)| DotRow { label: served_label(results, &id), value: row.kl, interval: None, colour: style.colour, marker: style.marker })
        .collect()
}

/// Weight KL per row with its 95 % CI; a null CI gives no bar at all.
pub fn weight_kl_rows(results: &Results) -> Vec<DotRow> {
    let Some(weight) = &results.weight_accuracy else { return Vec::new() };
    styled(results, weight.rows.iter().map(|r| (r.id.clone(), r)))
        .into_iter()
        .map(|(id, row, style)| DotRow {
            label: row.label.clone().unwrap_or(id),
            value: row.kl,
            interval: row.kl95_ci,
            colour: style.colour,
            marker: style.marker,
        })
        .collect()
}

/// KL against top-1 (a fraction) for served accuracy: rows with both measured.
pub fn served_scatter(results: &Results) -> Vec<ScatterPoint> {
    let Some(accuracy) = &results.accuracy else { return Vec::new() };
    styled(results, accuracy.rows.iter().map(|r| (r.id.clone(), r)))
        .into_iter()
        .filter_map(|(id, row, style)| Some(ScatterPoint { label: served_label(results, &id), x: row.kl?, y: row.top1?, colour: style.colour, marker: style.marker }))
        .collect()
}

/// KL against top-1 % for weight accuracy: rows with both measured.
pub fn weight_scatter(results: &Results) -> Vec<ScatterPoint> {
    let Some(weight) = &results.weight_accuracy else { return Vec::new() };
    styled(results, weight.rows.iter().map(|r| (r.id.clone(), r)))
        .into_iter()
        .filter_map(|(id, row, style)| Some(ScatterPoint { label: row.label.clone().unwrap_or(id), x: row.kl?, y: row.top1_percent?, colour: style.colour, marker: style.marker }))
        .collect()
}
