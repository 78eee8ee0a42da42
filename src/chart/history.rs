//! One figure across studies: x is the study's date (days, so spacing is time), y the
//! value from zero; points joined in date order only within their line (one checkpoint, or
//! one hardware when a history spans them), each line its own marker; each point a mark
//! (group = the point's index).

use plotters::coord::Shift;
use plotters::prelude::*;

use super::axis::{linear_ticks, padded_range, tick_label};
use super::geometry::{Mark, Pen};
use super::plot::{coords, fitting, plot_px, ticks, Layout};
use super::style::{colour, text, TextSize, Theme};
use crate::core::collections::history::HistoryPoint;
use crate::core::display::palette::{EngineStyle, Marker};
use crate::core::link::Scale;

/// A history chart.
#[derive(Clone, Debug)]
pub struct HistoryChart<'a> {
    /// Y axis title.
    pub y_title: &'a str,
    /// The points, in date order (those without a readable date are left out).
    pub points: &'a [HistoryPoint],
    /// The engine's colour; line k's marker is `line_marker(k)`.
    pub style: EngineStyle,
    /// Colours.
    pub theme: Theme,
}

/// The marker of a history's k-th line.
pub fn line_marker(line: usize) -> Marker {
    Marker::ALL[line % Marker::ALL.len()]
}

/// The dash pattern of a history's k-th line (the first solid).
pub fn line_dash(line: usize) -> (u32, u32) {
    crate::core::display::palette::file_line_style(line % (1 + crate::core::link::MAX_COMPARED)).0
}

/// Draw the history; returns one mark per point drawn (group = its index in `points`).
pub fn draw_history<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &HistoryChart<'_>,
) -> Result<Vec<Mark>, DrawingAreaErrorKind<DB::ErrorType>> {
    let theme = chart.theme;
    area.fill(&colour(theme.background))?;
    let pen = Pen::new(area);
    let dated: Vec<(usize, f64, f64)> = chart.points.iter().enumerate().filter_map(|(i, p)| Some((i, p.day?, p.value))).collect();
    if dated.is_empty() {
        area.present()?;
        return Ok(Vec::new());
    }
    let (lo, hi) = (dated.iter().map(|d| d.1).fold(f64::INFINITY, f64::min), dated.iter().map(|d| d.1).fold(f64::NEG_INFINITY, f64::max));
    let pad = ((hi - lo) * 0.05).max(3.0);
    let x = (lo - pad, hi + pad);
    let y = padded_range(dated.iter().map(|d| d.2), Scale::Lin, true);
    let (_, height) = area.dim_in_pixel();
    let y_values = linear_ticks(y.0, y.1, ((f64::from(height) - 80.0) / 55.0).clamp(3.0, 6.0) as usize);
    let axis = text(TextSize::Axis, theme.foreground);
    let widest = y_values.iter().map(|v| pen.measure(&tick_label(*v), &axis).0).max().unwrap_or(20);
    let layout = Layout { top: 12, right: 24, bottom: 44, left: (widest + 36).clamp(56, 110) };
    let ctx = coords(area, layout, x, y, "study date", chart.y_title, theme)?;
    let plot = plot_px(&ctx, x, y);
    let y_ticks: Vec<(i32, String)> = y_values.iter().map(|v| (ctx.backend_coord(&(x.0, *v)).1, tick_label(*v))).collect();
    // The studies' own dates as x ticks, thinned where they would collide.
    let labels: Vec<(i32, String, ())> =
        dated.iter().map(|&(i, day, _)| (ctx.backend_coord(&(day, y.0)).0, chart.points[i].date.clone(), ())).collect();
    let widths: Vec<u32> = labels.iter().map(|(_, l, _)| pen.measure(l, &axis).0).collect();
    let x_ticks: Vec<(i32, String)> = fitting(&labels, &widths, 10).into_iter().map(|(px, l, _)| (px, l)).collect();
    ticks(&pen, plot, &y_ticks, &x_ticks, false, theme)?;
    let at: Vec<(i32, i32)> = dated.iter().map(|&(_, day, v)| ctx.backend_coord(&(day, v))).collect();
    let lines = chart.points.iter().map(|p| p.line + 1).max().unwrap_or(0);
    for line in 0..lines {
        let joined: Vec<(i32, i32)> = dated.iter().zip(&at).filter(|(d, _)| chart.points[d.0].line == line).map(|(_, &p)| p).collect();
        let style = colour(chart.style.colour).stroke_width(2);
        match line_dash(line) {
            _ if joined.len() < 2 => {}
            (0, _) => pen.path(&joined, style)?,
            (dash, space) => super::concurrency::dashed(&pen, &joined, dash, space, style)?,
        }
    }
    let mut marks = Vec::new();
    for (&(i, _, _), &point) in dated.iter().zip(&at) {
        pen.marker(point, line_marker(chart.points[i].line), chart.style.colour, true)?;
        marks.push(Mark { group: i, item: 0, x_px: point.0, y_px: point.1, reach: [0, 0] });
    }
    area.present()?;
    Ok(marks)
}
