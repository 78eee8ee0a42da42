//! A view model's figure drawn by the chart it names (`core::views::panel::Plot`): the one
//! place that turns a figure into a chart struct, for the page's canvas and exports and for
//! the pre-rendered page alike, with the marks the tooltips look up and `data-*` facts about
//! the drawing; and an export's legend for it.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::bars::{draw_bars, BarChart};
use super::cdf::{draw_cdf, CdfChart, CdfLine};
use super::concurrency::{draw_concurrency_chart, series_legend, ConcurrencyChart};
use super::dot::{draw_dot_chart, DotChart};
use super::frame::LegendItem;
use super::geometry::Mark;
use super::scatter::{draw_scatter, ScatterChart};
use super::style::Theme;
use super::timeline::{draw_timeline, TimelineChart, TimelineLine};
use super::tradeoff::{draw_tradeoff_chart, TradeoffChart};
use crate::core::display::chart_words::TRADEOFF_X_TITLE;
use crate::core::display::palette::{engine_style, EngineStyle};
use crate::core::display::series::{Bars, DotRow, ScatterPoint};
use crate::core::link::Scale;
use crate::core::views::panel::{Lines, Plot, Tradeoff};
use crate::core::views::requests::{CdfPlot, TimelinePlot};

/// The frontier's key in an export's legend.
pub const FRONTIER_LEGEND: &str = "frontier (best points meeting the limits)";

/// What a drawing produced: its marks (for hover and keys) and `data-*` facts about it (for
/// tests and automation).
#[derive(Clone, Debug, Default)]
pub struct Drawn {
    /// Every point or bar drawn.
    pub marks: Vec<Mark>,
    /// `data-*` attributes, by name.
    pub attrs: Vec<(&'static str, String)>,
}

impl Drawn {
    /// A count the drawing reports (`points`, `gaps`), 0 where it reports none.
    pub fn count(&self, name: &str) -> usize {
        self.attrs.iter().find(|(n, _)| *n == name).and_then(|(_, v)| v.parse().ok()).unwrap_or(0)
    }
}

/// Draw `plot` on `area` in `theme`, by the chart its kind names. (The page's views call
/// the one function their plots need, so a view loaded when first opened keeps its chart's
/// code in its own chunk.)
pub fn draw_plot<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, plot: &Plot, theme: Theme) -> Result<Drawn, String> {
    match plot {
        Plot::Lines(lines) => draw_lines(area, lines, theme),
        Plot::Tradeoff(t) => draw_tradeoff(area, t, theme),
        Plot::Bars { y_title, bars } => draw_bar_plot(area, y_title, bars, theme),
        Plot::Dots { x_title, rows, scale } => draw_dots(area, x_title, rows, *scale, theme),
        Plot::Scatter { x_title, y_title, points } => draw_scatter_plot(area, (x_title, y_title), points, theme),
        Plot::Cdf(cdf) => draw_cdf_plot(area, cdf, theme),
        Plot::Timeline(timeline) => draw_timeline_plot(area, timeline, theme),
    }
}

/// "objective ≤ 800 ms", the threshold line's label.
fn objective_label(threshold: Option<f64>) -> Option<String> {
    threshold.map(|t| format!("objective ≤ {} ms", crate::core::basics::format::as_written(t)))
}

/// Each engine's latency distribution at one load.
pub fn draw_cdf_plot<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, cdf: &CdfPlot, theme: Theme) -> Result<Drawn, String> {
    let lines: Vec<CdfLine<'_>> =
        cdf.distributions.iter().map(|d| CdfLine { style: d.style, curve: &d.curve, published: d.published }).collect();
    let label = objective_label(cdf.threshold);
    let chart = CdfChart { x_title: &cdf.x_title, lines: &lines, threshold: cdf.threshold.zip(label.as_deref()), scale: cdf.scale, theme };
    let drawn = draw_cdf(area, &chart).map_err(failed)?;
    Ok(Drawn { attrs: vec![("points", drawn.marks.len().to_string()), ("x-ticks", drawn.x_ticks.join("|"))], marks: drawn.marks })
}

/// Each engine's requests against when they were sent, their turn or input length.
pub fn draw_timeline_plot<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, t: &TimelinePlot, theme: Theme) -> Result<Drawn, String> {
    let lines: Vec<TimelineLine<'_>> =
        t.timelines.iter().map(|l| TimelineLine { style: l.style, points: &l.points, failed: &l.failed }).collect();
    let label = objective_label(t.threshold);
    let chart =
        TimelineChart { x_title: &t.x_title, y_title: &t.y_title, lines: &lines, threshold: t.threshold.zip(label.as_deref()), theme };
    let marks = draw_timeline(area, &chart).map_err(failed)?;
    let failed = t.timelines.iter().map(|l| l.failed.len()).sum::<usize>();
    Ok(Drawn { attrs: vec![("points", marks.len().to_string()), ("failed", failed.to_string())], marks })
}

fn failed<E: std::error::Error + Send + Sync>(e: DrawingAreaErrorKind<E>) -> String {
    e.to_string()
}

/// Lines against load (serving, energy, the overview, decode).
pub fn draw_lines<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, lines: &Lines, theme: Theme) -> Result<Drawn, String> {
    let chart = ConcurrencyChart {
        y_title: &lines.y_title,
        load: lines.load,
        concurrency: &lines.ticks,
        series: &lines.series,
        scale: lines.scale,
        seconds: lines.seconds,
        reference: lines.reference.as_ref().map(|(v, label)| (*v, label.as_str())),
        theme,
    };
    let drawn = draw_concurrency_chart(area, &chart).map_err(failed)?;
    let attrs = vec![
        ("points", drawn.points.len().to_string()),
        ("gaps", drawn.gaps.len().to_string()),
        ("failed", drawn.failed.len().to_string()),
        ("whiskers", drawn.whiskers.len().to_string()),
        ("y-ticks", drawn.y_ticks.join("|")),
        ("x-ticks", drawn.x_ticks.join("|")),
        ("x-title", drawn.x_title.clone()),
    ];
    Ok(Drawn { marks: drawn.marks(&lines.ticks), attrs })
}

/// The trade-off, with its frontier and limit.
pub fn draw_tradeoff<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, t: &Tradeoff, theme: Theme) -> Result<Drawn, String> {
    let chart =
        TradeoffChart { x_title: TRADEOFF_X_TITLE, y_title: &t.y_title, lines: &t.lines, frontier: &t.frontier, x_limit: t.x_limit, theme };
    let drawn = draw_tradeoff_chart(area, &chart).map_err(failed)?;
    let attrs = vec![
        ("points", drawn.marks.len().to_string()),
        ("dimmed", drawn.marks.iter().filter(|m| m.dimmed).count().to_string()),
        ("labels", drawn.marks.iter().filter(|m| m.labelled).count().to_string()),
        ("x-ticks", drawn.x_ticks.join("|")),
    ];
    Ok(Drawn { marks: drawn.marks(), attrs })
}

/// A measurement per engine as bars.
pub fn draw_bar_plot<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, y_title: &str, bars: &Bars, theme: Theme) -> Result<Drawn, String> {
    let drawn = draw_bars(area, &BarChart { bars, y_title, theme }).map_err(failed)?;
    Ok(Drawn { attrs: vec![("points", drawn.marks.len().to_string()), ("key", drawn.key.join("|"))], marks: drawn.marks })
}

/// A KL per row with its interval.
pub fn draw_dots<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    x_title: &str,
    rows: &[DotRow],
    scale: Scale,
    theme: Theme,
) -> Result<Drawn, String> {
    let drawn = draw_dot_chart(area, &DotChart { x_title, rows, scale, theme }).map_err(failed)?;
    Ok(Drawn { attrs: vec![("points", drawn.dots.len().to_string()), ("bars", drawn.bars.len().to_string())], marks: drawn.dots })
}

/// KL against another measure, a point per row.
pub fn draw_scatter_plot<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (x_title, y_title): (&str, &str),
    points: &[ScatterPoint],
    theme: Theme,
) -> Result<Drawn, String> {
    let marks = draw_scatter(area, &ScatterChart { x_title, y_title, points, theme }).map_err(failed)?;
    Ok(Drawn { attrs: vec![("points", marks.len().to_string())], marks })
}

fn keyed(items: impl Iterator<Item = (String, EngineStyle)>) -> Vec<LegendItem> {
    items.map(|(label, style)| LegendItem { label, style, dash: None, band: false }).collect()
}

/// An export's legend for `plot`: each line with its dash, each trade-off line and the
/// frontier's band, each accuracy row; none for bars, whose chart draws its own key.
pub fn plot_legend(plot: &Plot) -> Vec<LegendItem> {
    match plot {
        Plot::Lines(lines) => series_legend(&lines.series),
        Plot::Tradeoff(t) => tradeoff_legend(t),
        Plot::Bars { .. } => Vec::new(),
        Plot::Dots { rows, .. } => keyed(rows.iter().map(|r| (r.label.clone(), EngineStyle { colour: r.colour, marker: r.marker }))),
        Plot::Scatter { points, .. } => keyed(points.iter().map(|p| (p.label.clone(), EngineStyle { colour: p.colour, marker: p.marker }))),
        Plot::Cdf(cdf) => keyed(cdf.distributions.iter().map(|d| (d.label.clone(), d.style))),
        Plot::Timeline(t) => keyed(t.timelines.iter().map(|l| (l.label.clone(), l.style))),
    }
}

/// The trade-off export's legend: each engine's line, and the frontier's band once it joins
/// two points.
pub fn tradeoff_legend(t: &Tradeoff) -> Vec<LegendItem> {
    let mut legend: Vec<LegendItem> =
        t.lines.iter().map(|l| LegendItem { label: l.label.clone(), style: l.style, dash: Some((0, 0)), band: false }).collect();
    if t.frontier.len() > 1 {
        legend.push(LegendItem { label: FRONTIER_LEGEND.into(), style: engine_style(0), dash: Some((0, 0)), band: true });
    }
    legend
}
