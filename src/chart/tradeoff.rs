//! Per-user speed against a throughput, efficiency or cost metric: one polyline per engine
//! through its load points (concurrency or request rate), the Pareto frontier over the points that meet the
//! limits, the per-user limit drawn as a shaded fail region, failing points and lines
//! dimmed, point labels placed only where they collide with no other label or marker.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axis::{linear_ticks, padded_range, tick_label};
use super::geometry::{Mark, Pen};
use super::plot::{coords, fitting, plot_px, ticks, Layout};
use super::style::{blend, colour, frontier_colour, text, TextSize, Theme};
use crate::core::display::series::{FrontierPoint, TradeoffLine};
use crate::core::link::Scale;

/// Everything a trade-off chart needs.
#[derive(Clone, Debug)]
pub struct TradeoffChart<'a> {
    /// X axis title ("per-user tok/s · higher is better").
    pub x_title: &'a str,
    /// Y axis title with direction.
    pub y_title: &'a str,
    /// One polyline per engine.
    pub lines: &'a [TradeoffLine],
    /// The Pareto frontier in increasing x.
    pub frontier: &'a [FrontierPoint],
    /// A per-user speed limit: the region left of it fails and is shaded.
    pub x_limit: Option<f64>,
    /// Colours.
    pub theme: Theme,
}

/// Where a trade-off point was drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TradeoffMark {
    /// Index into the lines.
    pub line: usize,
    /// Index of the point in its line.
    pub point: usize,
    /// Pixel x.
    pub x_px: i32,
    /// Pixel y.
    pub y_px: i32,
    /// Drawn dimmed: breaks a service-level limit.
    pub dimmed: bool,
    /// Its level label (`c32`, `2/s`) was drawn (labels that would collide are left out).
    pub labelled: bool,
}

/// What the trade-off chart drew.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TradeoffGeometry {
    /// Every point.
    pub marks: Vec<TradeoffMark>,
    /// Each drawn label's box (left, top, right, bottom px), in drawing order.
    pub label_boxes: Vec<(i32, i32, i32, i32)>,
    /// The x tick labels drawn.
    pub x_ticks: Vec<String>,
    /// The plot's corners.
    pub plot_px: (i32, i32, i32, i32),
}

impl TradeoffGeometry {
    /// The points as marks: group = line, item = the point's index in its line.
    pub fn marks(&self) -> Vec<Mark> {
        self.marks.iter().map(|m| Mark { group: m.line, item: m.point as u32, x_px: m.x_px, y_px: m.y_px, reach: [0, 0] }).collect()
    }
}

/// Draw the trade-off plane.
pub fn draw_tradeoff_chart<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &TradeoffChart<'_>,
) -> Result<TradeoffGeometry, DrawingAreaErrorKind<DB::ErrorType>> {
    let theme = chart.theme;
    area.fill(&colour(theme.background))?;
    let pen = Pen::new(area);
    let points: Vec<_> = chart.lines.iter().flat_map(|l| &l.points).collect();
    let (_, x_hi) = padded_range(points.iter().map(|p| p.x).chain(chart.x_limit), Scale::Lin, true);
    let (_, y_hi) = padded_range(points.iter().map(|p| p.y), Scale::Lin, true);
    let (x, y) = ((0.0, x_hi), (0.0, y_hi));
    let (width, height) = area.dim_in_pixel();
    let y_values = linear_ticks(0.0, y_hi, ((f64::from(height) - 80.0) / 55.0).clamp(3.0, 7.0) as usize);
    let y_labels: Vec<String> = super::axis::tick_labels(&y_values);
    let axis = text(TextSize::Axis, theme.foreground);
    let widest = y_labels.iter().map(|t| pen.measure(t, &axis).0).max().unwrap_or(20);
    let layout = Layout { top: 14, right: 26, bottom: 48, left: (widest + 36).clamp(56, 110) };
    let ctx = coords(area, layout, x, y, chart.x_title, chart.y_title, theme)?;
    let plot = plot_px(&ctx, x, y);

    if let Some(limit) = chart.x_limit {
        // The fail region of a per-user limit: everything slower than it.
        let (lx, _) = ctx.backend_coord(&(limit, 0.0));
        pen.rect(
            (plot.0 + 1, plot.1),
            (lx.min(plot.2), plot.3 - 1),
            colour(blend(theme.background, super::style::MISMATCH, 0.08)).filled(),
        )?;
        pen.path(&[(lx, plot.1), (lx, plot.3)], colour(theme.muted).stroke_width(1))?;
    }
    let y_ticks: Vec<(i32, String)> = y_values.iter().zip(&y_labels).map(|(v, l)| (ctx.backend_coord(&(0.0, *v)).1, l.clone())).collect();
    // About one tick per 70 px (a phone's chart read only 0 and 200 at one per 90); `fitting`
    // drops any label that would still collide.
    let x_values = linear_ticks(0.0, x_hi, (f64::from(width) / 70.0).clamp(2.0, 8.0) as usize);
    let candidates: Vec<(i32, String, ())> = x_values.iter().map(|v| (ctx.backend_coord(&(*v, 0.0)).0, tick_label(*v), ())).collect();
    let widths: Vec<u32> = candidates.iter().map(|(_, t, _)| pen.measure(t, &axis).0).collect();
    let x_ticks: Vec<(i32, String)> = fitting(&candidates, &widths, 10).into_iter().map(|(x, t, _)| (x, t)).collect();
    ticks(&pen, plot, &y_ticks, &x_ticks, true, theme)?;

    // The frontier first, underneath: a staircase bounding what the passing points reach.
    let mut stair = Vec::new();
    for pair in chart.frontier.windows(2) {
        stair.push(ctx.backend_coord(&(pair[0].x, pair[0].y)));
        stair.push(ctx.backend_coord(&(pair[0].x, pair[1].y)));
    }
    if let Some(last) = chart.frontier.last() {
        stair.push(ctx.backend_coord(&(last.x, last.y)));
    }
    if stair.len() > 1 {
        pen.path(&stair, colour(frontier_colour(theme)).stroke_width(6))?;
    }

    let mut geometry =
        TradeoffGeometry { plot_px: plot, x_ticks: x_ticks.iter().map(|t| t.1.clone()).collect(), ..TradeoffGeometry::default() };
    for (index, line) in chart.lines.iter().enumerate() {
        let dim = blend(line.style.colour, theme.background, 0.72);
        for pair in line.points.windows(2) {
            let shade = if pair[0].meets_limits && pair[1].meets_limits { line.style.colour } else { dim };
            pen.path(
                &[ctx.backend_coord(&(pair[0].x, pair[0].y)), ctx.backend_coord(&(pair[1].x, pair[1].y))],
                colour(shade).stroke_width(2),
            )?;
        }
        for (point, p) in line.points.iter().enumerate() {
            let at = ctx.backend_coord(&(p.x, p.y));
            let dimmed = !p.meets_limits;
            pen.marker(at, line.style.marker, if dimmed { dim } else { line.style.colour }, true)?;
            geometry.marks.push(TradeoffMark { line: index, point, x_px: at.0, y_px: at.1, dimmed, labelled: false });
        }
    }
    place_labels(&pen, chart, plot, &mut geometry)?;
    area.present()?;
    Ok(geometry)
}

/// The points' labels, passing points first, each at the first of four places beside its
/// point (above right, above left, below right, below left) that overlaps no other label, no
/// point's marker and no plot edge; a label with no such place is left to the tooltip.
fn place_labels<DB: DrawingBackend>(
    pen: &Pen<'_, DB>,
    chart: &TradeoffChart<'_>,
    plot: (i32, i32, i32, i32),
    geometry: &mut TradeoffGeometry,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (theme, small) = (chart.theme, text(TextSize::Small, chart.theme.foreground));
    let mut taken: Vec<(i32, i32, i32, i32)> = Vec::new();
    let n = geometry.marks.len();
    let passing = (0..n).filter(|&i| !geometry.marks[i].dimmed);
    let order: Vec<usize> = passing.chain((0..n).filter(|&i| geometry.marks[i].dimmed)).collect();
    const MARKER: i32 = 6;
    let markers: Vec<(i32, i32, i32, i32)> =
        geometry.marks.iter().map(|m| (m.x_px - MARKER, m.y_px - MARKER, m.x_px + MARKER, m.y_px + MARKER)).collect();
    let overlap = |a: &(i32, i32, i32, i32), b: &(i32, i32, i32, i32)| a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3;
    for i in order {
        let mark = geometry.marks[i];
        // On the plane a rate reads "2/s": the axis titles already say what is measured.
        let label = chart.lines[mark.line].points[mark.point].label.replace(" req/s", "/s");
        let (w, h) = pen.measure(&label, &small);
        let (w, h) = (w as i32, h as i32);
        let places = [
            (mark.x_px + 7, mark.y_px - 6 - h),
            (mark.x_px - 7 - w, mark.y_px - 6 - h),
            (mark.x_px + 7, mark.y_px + 6),
            (mark.x_px - 7 - w, mark.y_px + 6),
        ];
        let free = places.into_iter().map(|(x0, y0)| (x0, y0, (x0 - 1, y0 - 1, x0 + w + 1, y0 + h + 1))).find(|(_, _, boxed)| {
            let inside = boxed.0 >= plot.0 && boxed.1 >= plot.1 && boxed.2 <= plot.2 && boxed.3 <= plot.3;
            inside && !taken.iter().any(|b| overlap(boxed, b)) && !markers.iter().any(|b| overlap(boxed, b))
        });
        let Some((x0, y0, boxed)) = free else { continue };
        taken.push(boxed);
        geometry.label_boxes.push(boxed);
        let line = &chart.lines[mark.line];
        let shade = if mark.dimmed { theme.muted } else { line.style.colour };
        pen.text(&label, (x0, y0), &text(TextSize::Small, shade).pos(Pos::new(HPos::Left, VPos::Top)))?;
        geometry.marks[i].labelled = true;
    }
    Ok(())
}
