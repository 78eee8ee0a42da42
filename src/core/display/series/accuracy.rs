//! Chart specs for the accuracy view, built from the model: served KL and top-1, and
//! weight KL with its 95 % CI. Served and weight accuracy are separate measurements (130
//! teacher-forced positions, top-1024-plus-tail, top-1 a fraction; against held-out tokens,
//! full vocabulary, top-1 in percent), so they never share an axis.

use crate::core::display::palette::{engine_style, EngineStyle, Marker, Rgb, NEUTRAL_COLOUR};
use crate::core::study::model::Results;

/// The served-accuracy row that is the control: BF16 against itself on other hardware.
pub const CONTROL_ID: &str = "bf16";

/// Whether a served-accuracy row is the control.
pub fn is_control(id: &str) -> bool {
    id == CONTROL_ID
}

/// One row of a dot chart: a value with an optional interval.
#[derive(Clone, Debug, PartialEq)]
pub struct DotRow {
    /// The row's id in the file.
    pub id: String,
    /// Row label, drawn left of the plot.
    pub label: String,
    /// The value; `None` = not measured (the row says so, no dot is drawn).
    pub value: Option<f64>,
    /// A confidence interval; `None` = none reported (no bar, never a zero-width one).
    pub interval: Option<(f64, f64)>,
    /// Colour.
    pub colour: Rgb,
    /// Marker shape.
    pub marker: Marker,
}

/// One labelled point of a scatter.
#[derive(Clone, Debug, PartialEq)]
pub struct ScatterPoint {
    /// The row's id in the file.
    pub id: String,
    /// Label drawn beside the point.
    pub label: String,
    /// X value.
    pub x: f64,
    /// Y value.
    pub y: f64,
    /// Colour.
    pub colour: Rgb,
    /// Marker.
    pub marker: Marker,
}

/// The style of an accuracy id: an engine's own style when the id names an engine, else
/// the neutral colour with a shape no engine uses (the `k`-th non-engine id of its list),
/// so a grey mark never reads as an engine.
pub fn accuracy_style(results: &Results, id: &str, k: usize) -> EngineStyle {
    match results.engine_index(id) {
        Some(index) => engine_style(index),
        None => EngineStyle { colour: NEUTRAL_COLOUR, marker: Marker::NEUTRAL[k % Marker::NEUTRAL.len()] },
    }
}

/// The styles of a list of accuracy ids, in order.
pub fn accuracy_styles<'a>(results: &Results, ids: impl IntoIterator<Item = &'a str>) -> Vec<EngineStyle> {
    let mut neutral = 0;
    ids.into_iter()
        .map(|id| {
            let style = accuracy_style(results, id, neutral);
            neutral += usize::from(results.engine(id).is_none());
            style
        })
        .collect()
}

/// The label of a served-accuracy row: the row's own label (schema 1.1), else the
/// engine's label when the id is an engine, with the BF16 control named as such, else the
/// id as written.
pub fn served_label(results: &Results, id: &str) -> String {
    let own = results.accuracy().and_then(|a| a.rows.iter().find(|r| r.id == id)).and_then(|r| r.label.clone());
    match (own, results.engine(id)) {
        (Some(label), _) => label,
        _ if is_control(id) => "BF16 reference control".to_owned(),
        (None, Some(engine)) => engine.label.clone(),
        (None, None) => id.to_owned(),
    }
}

/// Served KL per row (no intervals: the file reports none for served accuracy).
pub fn served_kl_rows(results: &Results) -> Vec<DotRow> {
    let Some(accuracy) = results.accuracy() else { return Vec::new() };
    let styles = accuracy_styles(results, accuracy.rows.iter().map(|r| r.id.as_str()));
    accuracy
        .rows
        .iter()
        .zip(styles)
        .map(|(row, style)| DotRow {
            id: row.id.clone(),
            label: served_label(results, &row.id),
            value: row.kl,
            interval: None,
            colour: style.colour,
            marker: style.marker,
        })
        .collect()
}

/// Weight KL per row with its 95 % CI; a null CI gives no bar at all.
pub fn weight_kl_rows(results: &Results) -> Vec<DotRow> {
    let Some(weight) = results.weight_accuracy() else { return Vec::new() };
    let styles = accuracy_styles(results, weight.rows.iter().map(|r| r.id.as_str()));
    weight
        .rows
        .iter()
        .zip(styles)
        .map(|(row, style)| {
            let label = row.label.clone().unwrap_or_else(|| row.id.clone());
            DotRow { id: row.id.clone(), label, value: row.kl, interval: row.kl95_ci, colour: style.colour, marker: style.marker }
        })
        .collect()
}

/// KL against top-1 for served accuracy, top-1 in percent (the file's fraction × 100, as
/// its table shows it): rows with both measured.
pub fn served_scatter(results: &Results) -> Vec<ScatterPoint> {
    let Some(accuracy) = results.accuracy() else { return Vec::new() };
    let styles = accuracy_styles(results, accuracy.rows.iter().map(|r| r.id.as_str()));
    accuracy
        .rows
        .iter()
        .zip(styles)
        .filter_map(|(row, style)| {
            Some(ScatterPoint {
                id: row.id.clone(),
                label: served_label(results, &row.id),
                x: row.kl?,
                y: row.top1? * 100.0,
                colour: style.colour,
                marker: style.marker,
            })
        })
        .collect()
}

/// KL against top-1 % for weight accuracy: rows with both measured.
pub fn weight_scatter(results: &Results) -> Vec<ScatterPoint> {
    let Some(weight) = results.weight_accuracy() else { return Vec::new() };
    let styles = accuracy_styles(results, weight.rows.iter().map(|r| r.id.as_str()));
    weight
        .rows
        .iter()
        .zip(styles)
        .filter_map(|(row, style)| {
            let label = row.label.clone().unwrap_or_else(|| row.id.clone());
            Some(ScatterPoint { id: row.id.clone(), label, x: row.kl?, y: row.top1_percent?, colour: style.colour, marker: style.marker })
        })
        .collect()
}
