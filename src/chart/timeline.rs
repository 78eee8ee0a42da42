//! A run's timeline: each request at the time it was sent (s from the run's first) against
//! its latency, a dot per completed request in its engine's colour and a red cross on the
//! time axis per request that did not complete, so warm-up and queueing show; the
//! objective's threshold as a dashed horizontal line.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis::{linear_ticks, padded_range, tick_label};
use super::geometry::{Mark, Pen};
use super::plot::{coords, level_rule, plot_px, ticks, Layout};
use super::style::{colour, text, TextSize, Theme, MISMATCH};
use crate::core::display::palette::EngineStyle;
use crate::core::link::Scale;
use crate::core::views::requests::FAILED_FROM;

/// One engine's requests.
#[derive(Clone, Debug)]
pub struct TimelineLine<'a> {
    /// Colour.
    pub style: EngineStyle,
    /// `(s, ms)` of the completed requests drawn.
    pub points: &'a [(f64, f64)],
    /// When each request that did not complete was sent, s.
    pub failed: &'a [f64],
}

/// A timeline chart.
#[derive(Clone, Debug)]
pub struct TimelineChart<'a> {
    /// The x axis's title: when each request was sent, or its turn, or its input length.
    pub x_title: &'a str,
    /// The latency axis's title.
    pub y_title: &'a str,
    /// The engines' requests.
    pub lines: &'a [TimelineLine<'a>],
    /// The objective's threshold on this latency (ms) and its label.
    pub threshold: Option<(f64, &'a str)>,
    /// Colours.
    pub theme: Theme,
}

/// Draw the timeline; every request drawn is a mark (group = engine).
pub fn draw_timeline<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &TimelineChart<'_>,
) -> Result<Vec<Mark>, DrawingAreaErrorKind<DB::ErrorType>> {
    let theme = chart.theme;
    area.fill(&colour(theme.background))?;
    let pen = Pen::new(area);
    let times = chart.lines.iter().flat_map(|l| l.points.iter().map(|p| p.0).chain(l.failed.iter().copied()));
    let (x_lo, x_hi) = padded_range(times, Scale::Lin, true);
    let latencies = chart.lines.iter().flat_map(|l| l.points.iter().map(|p| p.1)).chain(chart.threshold.map(|t| t.0));
    let (y_lo, y_hi) = padded_range(latencies, Scale::Lin, true);
    let (width, height) = area.dim_in_pixel();
    let axis = text(TextSize::Axis, theme.foreground);
    let y_values = linear_ticks(y_lo, y_hi, ((f64::from(height) - 80.0) / 60.0).clamp(3.0, 6.0) as usize);
    let widest = y_values.iter().map(|v| pen.measure(&tick_label(*v), &axis).0).max().unwrap_or(20);
    let layout = Layout { top: 16, right: 20, bottom: 46, left: (widest + 36).clamp(56, 100) };
    let ctx = coords(area, layout, (x_lo, x_hi), (y_lo, y_hi), chart.x_title, chart.y_title, theme)?;
    let plot = plot_px(&ctx, (x_lo, x_hi), (y_lo, y_hi));
    let y_ticks: Vec<(i32, String)> = y_values.iter().map(|v| (ctx.backend_coord(&(x_lo, *v)).1, tick_label(*v))).collect();
    let x_ticks: Vec<(i32, String)> = linear_ticks(x_lo, x_hi, (f64::from(width) / 110.0).clamp(2.0, 7.0) as usize)
        .into_iter()
        .map(|v| (ctx.backend_coord(&(v, y_lo)).0, tick_label(v)))
        .collect();
    ticks(&pen, plot, &y_ticks, &x_ticks, false, theme)?;
    if let Some((ms, label)) = chart.threshold {
        level_rule(&pen, plot, ctx.backend_coord(&(x_lo, ms)).1, label, theme)?;
    }
    let mut marks = Vec::new();
    for (group, line) in chart.lines.iter().enumerate() {
        for (k, &(s, ms)) in line.points.iter().enumerate() {
            let at = ctx.backend_coord(&(s, ms));
            pen.disc(at, 2, line.style.colour)?;
            marks.push(Mark { group, item: k as u32, x_px: at.0, y_px: at.1, reach: [0, 0] });
        }
        for (k, &s) in line.failed.iter().enumerate() {
            let at = (ctx.backend_coord(&(s, y_lo)).0, plot.3);
            pen.path(&[(at.0 - 4, at.1 - 4), (at.0 + 4, at.1 + 4)], colour(MISMATCH).stroke_width(2))?;
            pen.path(&[(at.0 - 4, at.1 + 4), (at.0 + 4, at.1 - 4)], colour(MISMATCH).stroke_width(2))?;
            marks.push(Mark { group, item: FAILED_FROM + k as u32, x_px: at.0, y_px: at.1, reach: [0, 0] });
        }
    }
    area.present()?;
    Ok(marks)
}
