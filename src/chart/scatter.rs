//! A labelled scatter (KL against top-1 for one measurement). KL starts at zero, so a
//! small difference is not drawn as a large one; labels flip left near the right edge.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axis::{linear_ticks, padded_range, tick_label};
use super::dot::fit_text;
use super::geometry::{Mark, Pen};
use super::plot::{coords, plot_px, ticks, Layout};
use super::style::{colour, text, TextSize, Theme};
use crate::core::display::series::ScatterPoint;
use crate::core::link::Scale;

/// A labelled scatter.
#[derive(Clone, Debug)]
pub struct ScatterChart<'a> {
    /// X axis title.
    pub x_title: &'a str,
    /// Y axis title.
    pub y_title: &'a str,
    /// Points.
    pub points: &'a [ScatterPoint],
    /// Colours.
    pub theme: Theme,
}

/// Draw a labelled scatter; returns each point as a mark (group = point).
pub fn draw_scatter<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &ScatterChart<'_>,
) -> Result<Vec<Mark>, DrawingAreaErrorKind<DB::ErrorType>> {
    let theme = chart.theme;
    area.fill(&colour(theme.background))?;
    let pen = Pen::new(area);
    let (x_lo, x_hi) = padded_range(chart.points.iter().map(|p| p.x), Scale::Lin, true);
    // Top-1 is near its ceiling: a padded span around the points, not from zero.
    let (y_lo, y_hi) = padded_range(chart.points.iter().map(|p| p.y), Scale::Lin, false);
    let (x, y) = ((x_lo, x_hi), (y_lo, y_hi));
    let (width, height) = area.dim_in_pixel();
    let y_values = linear_ticks(y_lo, y_hi, ((f64::from(height) - 80.0) / 60.0).clamp(3.0, 5.0) as usize);
    let axis = text(TextSize::Axis, theme.foreground);
    let widest = y_values.iter().map(|v| pen.measure(&tick_label(*v), &axis).0).max().unwrap_or(20);
    let layout = Layout { top: 14, right: 24, bottom: 46, left: (widest + 36).clamp(56, 100) };
    let ctx = coords(area, layout, x, y, chart.x_title, chart.y_title, theme)?;
    let plot = plot_px(&ctx, x, y);
    let y_ticks: Vec<(i32, String)> = y_values.iter().map(|v| (ctx.backend_coord(&(x_lo, *v)).1, tick_label(*v))).collect();
    let x_ticks: Vec<(i32, String)> = linear_ticks(x_lo, x_hi, (f64::from(width) / 100.0).clamp(2.0, 5.0) as usize)
        .into_iter()
        .map(|v| (ctx.backend_coord(&(v, y_lo)).0, tick_label(v)))
        .collect();
    ticks(&pen, plot, &y_ticks, &x_ticks, true, theme)?;
    let mut marks = Vec::new();
    let small = text(TextSize::Small, theme.foreground);
    for (index, p) in chart.points.iter().enumerate() {
        let at = ctx.backend_coord(&(p.x, p.y));
        pen.marker(at, p.marker, p.colour, true)?;
        let room_right = (plot.2 - at.0 - 10).max(0) as u32;
        let room_left = (at.0 - plot.0 - 10).max(0) as u32;
        let full = pen.measure(&p.label, &small).0;
        let style = text(TextSize::Small, p.colour);
        if full <= room_right || room_right >= room_left {
            let label = fit_text(&pen, &p.label, &style, room_right);
            pen.text(&label, (at.0 + 9, at.1 - 4), &style.pos(Pos::new(HPos::Left, VPos::Bottom)))?;
        } else {
            let label = fit_text(&pen, &p.label, &style, room_left);
            pen.text(&label, (at.0 - 9, at.1 - 4), &style.pos(Pos::new(HPos::Right, VPos::Bottom)))?;
        }
        marks.push(Mark { group: index, item: 0, x_px: at.0, y_px: at.1, reach: [0, 0] });
    }
    area.present()?;
    Ok(marks)
}
