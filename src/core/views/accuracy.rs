//! The accuracy view as two `Panel`s: served KL and top-1 against the BF16 reference, and —
//! apart, never on a shared axis — full-vocabulary weight KL with its 95 % CI, top-1 % and
//! long-context retrieval. Each is absent in the core's words when the file lacks its block.

use super::panel::{stem, study_line, Control, ExportWords, Figure, Height, Note, Panel, Plot, TablePart};
use crate::core::basics::format::readable;
use crate::core::display::chart_words::{kl_summary, scatter_summary, served_interval_words, KL_DIRECTION};
use crate::core::display::series::{served_kl_rows, served_scatter, weight_kl_rows, weight_scatter, DotRow, ScatterPoint};
use crate::core::display::tables::{retrieval_table, served_accuracy_table, weight_accuracy_table};
use crate::core::link::{ChartId, Scale, View};
use crate::core::study::contents::Block;
use crate::core::study::model::Results;

/// The scatter charts' height, CSS px.
pub const SCATTER_HEIGHT: u32 = 340;

/// A dot chart's height: room for its axis and a row each.
pub fn dot_height(rows: usize) -> u32 {
    96 + 44 * u32::try_from(rows).unwrap_or(u32::MAX / 64)
}

fn dot_figure(results: &Results, id: ChartId, rows: Vec<DotRow>, title: &str, scale: Scale) -> Figure {
    Figure {
        id,
        summary: kl_summary(&rows),
        height: Height::Fixed(dot_height(rows.len())),
        export: ExportWords {
            title: format!("{} · {title}", study_line(results)),
            notes: Vec::new(),
            stem: stem(View::Accuracy, &[id.as_str().to_owned()]),
            compared: false,
        },
        plot: Plot::Dots { x_title: format!("{title} · {KL_DIRECTION}"), rows, scale },
    }
}

fn scatter_figure(results: &Results, id: ChartId, points: Vec<ScatterPoint>, x_title: &str, y_title: &str) -> Figure {
    Figure {
        id,
        summary: scatter_summary(&points, x_title, y_title),
        height: Height::Fixed(SCATTER_HEIGHT),
        export: ExportWords {
            title: format!("{} · {x_title} against {y_title}", study_line(results)),
            notes: Vec::new(),
            stem: stem(View::Accuracy, &[id.as_str().to_owned()]),
            compared: false,
        },
        plot: Plot::Scatter { x_title: format!("{x_title} · {KL_DIRECTION}"), y_title: y_title.to_owned(), points },
    }
}

/// The served panel: KL per row with its control, KL against top-1, method and table.
pub fn served(results: &Results, scale: Scale) -> Panel {
    let Some(accuracy) = results.accuracy().filter(|a| !a.rows.is_empty()) else {
        return Panel::absent(View::Accuracy, "Served accuracy", results, Block::Accuracy);
    };
    let positions = accuracy.positions.map_or_else(|| "—".into(), readable);
    let mut panel = Panel::new(View::Accuracy, "panel accuracy served", "Served accuracy: KL and top-1 against the BF16 reference");
    panel.embed_shows = Some(vec![ChartId::ServedKl, ChartId::ServedScatter, ChartId::Table]);
    panel.controls.push(Control::Scale { label: "KL scale", drawn: scale });
    panel.notes.push(Note::Text("unit", format!(
        "{positions} teacher-forced positions; KL is top-1024-plus-tail (lower is closer to the reference); top-1 is agreement with the reference's next token. The BF16 row is the control: BF16 against itself on other hardware, the floor the others are read against."
    )));
    panel.notes.push(Note::Text("unit no-ci", served_interval_words(accuracy.positions)));
    panel.figures.push(dot_figure(results, ChartId::ServedKl, served_kl_rows(results), "KL divergence (top-1024 + tail)", scale));
    let scatter = served_scatter(results);
    panel.figures.push(scatter_figure(results, ChartId::ServedScatter, scatter, "KL divergence (served)", "top-1 agreement (%)"));
    if let Some(method) = &accuracy.method {
        panel.after.push(Note::Method("Method".into(), method.clone()));
    }
    let sources = accuracy.rows.iter().filter_map(|r| r.source.clone()).collect();
    panel.tables.push(TablePart::new(served_accuracy_table(results), sources, stem(View::Accuracy, &["served".into()])));
    panel
}

/// The weight panel: full-vocabulary KL with its CI, KL against top-1, the weight and
/// retrieval tables, and the file's method, limits and source.
pub fn weight(results: &Results, scale: Scale) -> Panel {
    let Some(weight) = results.weight_accuracy().filter(|w| !w.rows.is_empty()) else {
        return Panel::absent(View::Accuracy, "Weight accuracy", results, Block::WeightAccuracy);
    };
    let held_out = weight.held_out_tokens.map_or_else(|| "—".into(), readable);
    let mut panel = Panel::new(View::Accuracy, "panel accuracy weight", "Weight accuracy: full-vocabulary KL with 95 % CI");
    panel.embed_shows = Some(vec![ChartId::WeightKl, ChartId::WeightScatter, ChartId::Table]);
    panel.notes.push(Note::Text("unit", format!(
        "Over {held_out} held-out tokens, full vocabulary; top-1 in percent. A separate measurement from served accuracy: never compare the two on one axis."
    )));
    let rows = weight_kl_rows(results);
    panel.figures.push(dot_figure(results, ChartId::WeightKl, rows, "KL divergence (full vocabulary, free routing)", scale));
    let scatter = weight_scatter(results);
    panel.figures.push(scatter_figure(results, ChartId::WeightScatter, scatter, "KL divergence (full vocabulary)", "top-1 agreement (%)"));
    let sources: Vec<String> = weight.source.iter().cloned().collect();
    panel.tables.push(TablePart::new(weight_accuracy_table(results), sources.clone(), stem(View::Accuracy, &["weight".into()])));
    panel.tail.push(Note::Subheading("Long-context retrieval".into()));
    panel.tail.push(Note::Table(TablePart::new(retrieval_table(results), sources, stem(View::Accuracy, &["retrieval".into()]))));
    if let Some(method) = &weight.method {
        panel.tail.push(Note::Method("Method".into(), method.clone()));
    }
    if let Some(limits) = &weight.limits {
        panel.tail.push(Note::Method("Limits".into(), limits.clone()));
    }
    if let Some(source) = &weight.source {
        panel.tail.push(Note::Path("Source: ".into(), source.clone()));
    }
    panel
}

/// Both panels of the accuracy view, served first.
pub fn accuracy(results: &Results, scale: Scale) -> [Panel; 2] {
    [served(results, scale), weight(results, scale)]
}
