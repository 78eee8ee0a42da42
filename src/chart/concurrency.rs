//! A metric against load (concurrency, or offered request rate): one line per engine
//! through its measured points, a line broken at every null, and each null marked in a
//! "not measured" strip below the plot — never on an axis, never as a zero. A level at
//! which every request failed is a cross on the x axis; repeated runs add a min–max
//! whisker; a burst's tick says so.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axis::{coord_from_value, padded_range, tick_labels, usable_scale, value_ticks, LoadScale};
use super::geometry::{Mark, Pen};
use super::plot::{coords, fitting, level_rule, plot_px, ticks, Layout};
use super::style::{blend, colour, text, TextSize, Theme, MISMATCH};
use crate::core::display::palette::file_line_style;
use crate::core::display::series::Series;
use crate::core::link::Scale;
use crate::core::study::model::LoadAxis;

/// Everything a load chart needs.
#[derive(Clone, Debug)]
pub struct ConcurrencyChart<'a> {
    /// Y axis title with unit and direction ("output tok/s per GPU · higher is better").
    pub y_title: &'a str,
    /// What the x axis is: concurrency, or offered request rate.
    pub load: LoadAxis,
    /// The load levels to tick: the workload's (or every compared file's).
    pub concurrency: &'a [f64],
    /// One line per engine.
    pub series: &'a [Series],
    /// The y scale; a log scale falls back to linear when a shown value is not positive.
    pub scale: Scale,
    /// Values are milliseconds drawn in seconds (`core::display::series::reads_in_seconds`); the
    /// title says so already.
    pub seconds: bool,
    /// A level the reader set, drawn as a dashed line across the plot with its label (the
    /// goodput view's attainment target); the axis holds it.
    pub reference: Option<(f64, &'a str)>,
    /// Colours.
    pub theme: Theme,
}

/// Where a "not measured" mark was drawn: in the strip below the plot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GapMark {
    /// Index into the chart's series.
    pub series: usize,
    /// Load level not measured.
    pub conc: f64,
    /// Pixel x (aligned with the level's tick).
    pub x_px: i32,
    /// Pixel y (inside the strip).
    pub y_px: i32,
}

/// Where a measured point was drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlottedPoint {
    /// Index into the chart's series.
    pub series: usize,
    /// Load level.
    pub conc: f64,
    /// The value as in the file.
    pub value: f64,
    /// Pixel x.
    pub x_px: i32,
    /// Pixel y.
    pub y_px: i32,
}

/// What was drawn where.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChartGeometry {
    /// Every measured point.
    pub points: Vec<PlottedPoint>,
    /// Every null, as a mark in the strip.
    pub gaps: Vec<GapMark>,
    /// Every all-failed level, as a cross on the x axis (`series`, level, px).
    pub failed: Vec<GapMark>,
    /// Every min–max whisker drawn: series, level, min, max.
    pub whiskers: Vec<(usize, f64, f64, f64)>,
    /// Every line drawn: the series index and the load levels it joins.
    pub lines: Vec<(usize, Vec<f64>)>,
    /// The plotting area: left, top, right, bottom pixels.
    pub plot_px: (i32, i32, i32, i32),
    /// The scale actually used.
    pub scale: Scale,
    /// The y tick labels drawn, top to bottom.
    pub y_ticks: Vec<String>,
    /// The x axis title drawn.
    pub x_title: String,
    /// The x tick labels drawn (thinned when narrow).
    pub x_ticks: Vec<String>,
}

impl ChartGeometry {
    /// The measured points and the all-failed crosses as marks: group = series, item =
    /// the index of the level in `levels` (the chart's ticks).
    pub fn marks(&self, levels: &[f64]) -> Vec<Mark> {
        let item = |conc: f64| levels.iter().position(|&l| l == conc).unwrap_or(usize::MAX) as u32;
        let points = self.points.iter().map(|p| Mark { group: p.series, item: item(p.conc), x_px: p.x_px, y_px: p.y_px, reach: [0, 0] });
        points
            .chain(self.failed.iter().map(|f| Mark { group: f.series, item: item(f.conc), x_px: f.x_px, y_px: f.y_px, reach: [0, 0] }))
            .collect()
    }
}

const GAP_ROW_PX: u32 = 12;
const GAP_STRIP_PAD_PX: u32 = 8;

/// The dash pattern of a line: solid, or dashed by its file (p99 lines use the first).
pub fn dash_of(series: &Series) -> (u32, u32) {
    if !series.dashed {
        return file_line_style(0).0;
    }
    file_line_style(series.file.max(1)).0
}

/// An export's legend for lines drawn against the load: each line's label, style and dash.
pub fn series_legend(series: &[Series]) -> Vec<super::LegendItem> {
    series.iter().map(|s| super::LegendItem { label: s.label.clone(), style: s.style, dash: Some(dash_of(s)), band: false }).collect()
}

/// Draw a metric against concurrency.
pub fn draw_concurrency_chart<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &ConcurrencyChart<'_>,
) -> Result<ChartGeometry, DrawingAreaErrorKind<DB::ErrorType>> {
    let theme = chart.theme;
    area.fill(&colour(theme.background))?;
    let pen = Pen::new(area);
    let values: Vec<f64> = chart.series.iter().flat_map(Series::measured).map(|(_, v)| v).collect();
    let scale = usable_scale(values.iter().copied(), chart.scale);
    let (width, height) = area.dim_in_pixel();

    let gap_rows: Vec<usize> = chart.series.iter().enumerate().filter(|(_, s)| s.gaps().next().is_some()).map(|(i, _)| i).collect();
    let strip_px = if gap_rows.is_empty() { 0 } else { GAP_STRIP_PAD_PX * 2 + GAP_ROW_PX * gap_rows.len() as u32 + 14 };
    let (plot_area, strip) = area.split_vertically(height.saturating_sub(strip_px).max(1));

    let mut geometry = ChartGeometry { scale, ..ChartGeometry::default() };
    let (Some(&first), Some(&last)) = (chart.concurrency.first(), chart.concurrency.last()) else {
        area.present()?;
        return Ok(geometry);
    };
    let load_scale = LoadScale::for_levels(chart.load, chart.concurrency);
    let x_of = |level: f64| load_scale.x(level);
    let span = x_of(last) - x_of(first);
    let x_pad = match load_scale {
        LoadScale::Log2 => (span * 0.04).max(0.3),
        LoadScale::Linear => (span * 0.04).max(last.abs() * 0.05).max(0.05),
    };
    let x = (x_of(first) - x_pad, x_of(last) + x_pad);
    // Whiskers are part of what is drawn: the axis holds them too.
    let whisker_values = chart.series.iter().flat_map(|s| s.spread.iter().flat_map(|&(_, lo, hi)| [lo, hi]));
    let reference = chart.reference.map(|r| r.0).filter(|&v| scale == Scale::Lin || v > 0.0);
    let held = values.iter().copied().chain(whisker_values.filter(|&v| scale == Scale::Lin || v > 0.0)).chain(reference);
    let (lo, hi) = padded_range(held, scale, true);
    let y = (coord_from_value(lo, scale), coord_from_value(hi, scale));

    // Milliseconds read in seconds: ticks at round seconds.
    let divisor = if chart.seconds { 1000.0 } else { 1.0 };
    let target = ((height as f64 - 80.0) / 55.0).clamp(3.0, 7.0) as usize;
    let tick_values = value_ticks(lo / divisor, hi / divisor, scale, target);
    let tick_labels: Vec<String> = tick_labels(&tick_values);
    let tick_style = text(TextSize::Axis, theme.foreground);
    let widest = tick_labels.iter().map(|t| pen.measure(t, &tick_style).0).max().unwrap_or(20);
    let layout = Layout { top: 12, right: 18, bottom: 44, left: (widest + 36).clamp(56, 110) };
    let x_title = match (chart.load, load_scale) {
        (LoadAxis::Rate, LoadScale::Log2) => "offered request rate (req/s, log scale)",
        (LoadAxis::Rate, LoadScale::Linear) => "offered request rate (req/s)",
        (LoadAxis::Concurrency, _) => chart.load.title(),
    };
    geometry.x_title = x_title.to_owned();
    let ctx = coords(&plot_area, layout, x, y, x_title, chart.y_title, theme)?;
    let plot = plot_px(&ctx, x, y);
    geometry.plot_px = plot;

    let y_ticks: Vec<(i32, String)> = tick_values
        .iter()
        .zip(&tick_labels)
        .map(|(v, label)| (ctx.backend_coord(&(x.0, coord_from_value(v * divisor, scale))).1, label.clone()))
        .collect();
    let burst_at = |c: f64| chart.series.iter().any(|s| s.burst.contains(&c));
    // A rate level run under a cap says it: "1.5 cap 25" (one cap shared by every line), or
    // "1.5 capped" where the lines' caps differ.
    let cap_at = |c: f64| {
        let mut caps = chart.series.iter().filter_map(|s| s.cap.iter().find(|k| k.0 == c).map(|k| k.1));
        let first = caps.next()?;
        Some(if caps.all(|k| k == first) { format!("cap {first}") } else { "capped".to_owned() })
    };
    let x_candidates: Vec<(i32, String, ())> = chart
        .concurrency
        .iter()
        .map(|&c| {
            let label = match (burst_at(c), cap_at(c)) {
                (true, _) => format!("{} burst", chart.load.tick(c)),
                (false, Some(cap)) => format!("{} {cap}", chart.load.tick(c)),
                _ => chart.load.tick(c),
            };
            (ctx.backend_coord(&(x_of(c), y.0)).0, label, ())
        })
        .collect();
    let widths: Vec<u32> = x_candidates.iter().map(|(_, t, _)| pen.measure(t, &tick_style).0).collect();
    let x_ticks: Vec<(i32, String)> = fitting(&x_candidates, &widths, 6).into_iter().map(|(x, t, _)| (x, t)).collect();
    ticks(&pen, plot, &y_ticks, &x_ticks, false, theme)?;
    geometry.y_ticks = y_ticks.iter().map(|t| t.1.clone()).collect();
    geometry.x_ticks = x_ticks.iter().map(|t| t.1.clone()).collect();
    let _ = width;

    let at = |conc: f64, value: f64| ctx.backend_coord(&(x_of(conc), coord_from_value(value, scale)));
    if let Some((value, label)) = chart.reference.filter(|r| scale == Scale::Lin || r.0 > 0.0) {
        level_rule(&pen, plot, at(first, value).1, label, theme)?;
    }
    let axis_x = |conc: f64| ctx.backend_coord(&(x_of(conc), y.0)).0;
    for (index, series) in chart.series.iter().enumerate() {
        draw_series(&pen, (index, series), (&at, &axis_x), plot, (scale, theme), &mut geometry)?;
    }
    if !gap_rows.is_empty() {
        draw_gap_strip(&strip, chart, &gap_rows, plot.0, &axis_x, &mut geometry)?;
    }
    area.present()?;
    Ok(geometry)
}

/// A point's pixel: its load level and value.
type PixelOf<'a> = dyn Fn(f64, f64) -> (i32, i32) + 'a;

/// One engine's line: its runs between nulls (dashed by its file), the whiskers of repeated
/// runs, a cross for each level where every request failed, and its measured points.
fn draw_series<DB: DrawingBackend>(
    pen: &Pen<'_, DB>,
    (index, series): (usize, &Series),
    (at, axis_x): (&PixelOf<'_>, &dyn Fn(f64) -> i32),
    plot: (i32, i32, i32, i32),
    (scale, theme): (Scale, Theme),
    geometry: &mut ChartGeometry,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let line = colour(series.style.colour).stroke_width(2);
    let (dash, space) = dash_of(series);
    for run in series.segments() {
        let path: Vec<(i32, i32)> = run.iter().map(|&(c, v)| at(c, v)).collect();
        if dash == 0 {
            pen.path(&path, line)?;
        } else {
            dashed(pen, &path, dash, space, line)?;
        }
        geometry.lines.push((index, run.iter().map(|&(c, _)| c).collect()));
    }
    // Repeated runs: a min–max whisker with caps behind the median's marker.
    for &(conc, lo, hi) in &series.spread {
        if scale == Scale::Log && lo <= 0.0 {
            continue;
        }
        let (x_px, top) = at(conc, hi);
        let (_, bottom) = at(conc, lo);
        let pen_style = colour(series.style.colour).stroke_width(1);
        pen.path(&[(x_px, top), (x_px, bottom)], pen_style)?;
        pen.path(&[(x_px - 4, top), (x_px + 4, top)], pen_style)?;
        pen.path(&[(x_px - 4, bottom), (x_px + 4, bottom)], pen_style)?;
        geometry.whiskers.push((index, conc, lo, hi));
    }
    // Every request failed: a cross on the x axis, never a point at zero, and its words
    // above it (stacked when several engines failed at one level).
    for (conc, note) in &series.failed {
        let x_px = axis_x(*conc);
        let y_px = plot.3 - 1;
        let cross = colour(MISMATCH).stroke_width(2);
        pen.path(&[(x_px - 5, y_px - 5), (x_px + 5, y_px + 5)], cross)?;
        pen.path(&[(x_px - 5, y_px + 5), (x_px + 5, y_px - 5)], cross)?;
        let below = geometry.failed.iter().filter(|f| f.conc == *conc).count() as i32;
        let style = text(TextSize::Small, MISMATCH);
        let (w, _) = pen.measure(note, &style);
        let left = (x_px - w as i32 / 2).clamp(plot.0 + 2, (plot.2 - w as i32 - 2).max(plot.0 + 2));
        pen.text(note, (left, y_px - 22 - 13 * below), &style.pos(Pos::new(HPos::Left, VPos::Top)))?;
        geometry.failed.push(GapMark { series: index, conc: *conc, x_px, y_px });
    }
    for (conc, value) in series.measured() {
        let (x_px, y_px) = at(conc, value);
        // A low-sample cell's point is hollow: its percentiles rest on few requests.
        let solid = !series.low_sample.contains(&conc);
        if !solid {
            pen.disc((x_px, y_px), 5, theme.background)?;
        }
        pen.marker((x_px, y_px), series.style.marker, series.style.colour, solid)?;
        if series.flagged {
            pen.ring((x_px, y_px), 8, MISMATCH)?;
        }
        geometry.points.push(PlottedPoint { series: index, conc, value, x_px, y_px });
    }
    Ok(())
}

/// The "not measured" strip below the plot: a row per engine with a null, a short bar in its
/// colour under the tick of each level it lacks.
fn draw_gap_strip<DB: DrawingBackend>(
    strip: &DrawingArea<DB, Shift>,
    chart: &ConcurrencyChart<'_>,
    gap_rows: &[usize],
    plot_left: i32,
    axis_x: &dyn Fn(f64) -> i32,
    geometry: &mut ChartGeometry,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    // Not measured: a short bar in the engine's colour, one row per engine, under the
    // tick of each level it lacks — a glyph no measured point uses.
    let strip_pen = Pen::new(strip);
    let (_, strip_y) = strip.get_base_pixel();
    let muted = text(TextSize::Small, chart.theme.muted);
    strip_pen.text("not measured", (plot_left, strip_y + GAP_STRIP_PAD_PX as i32), &muted)?;
    for (row, &index) in gap_rows.iter().enumerate() {
        let series = &chart.series[index];
        let y_px = strip_y + (GAP_STRIP_PAD_PX + 14 + GAP_ROW_PX * row as u32 + GAP_ROW_PX / 2) as i32;
        let shade = blend(series.style.colour, chart.theme.background, 0.15);
        for conc in series.gaps() {
            let x_px = axis_x(conc);
            strip_pen.rect((x_px - 6, y_px - 1), (x_px + 6, y_px + 2), colour(shade).filled())?;
            geometry.gaps.push(GapMark { series: index, conc, x_px, y_px });
        }
    }
    Ok(())
}

/// A dashed polyline: `dash` pixels drawn, `space` skipped, along the whole path.
pub fn dashed<DB: DrawingBackend>(
    pen: &Pen<'_, DB>,
    path: &[(i32, i32)],
    dash: u32,
    space: u32,
    style: ShapeStyle,
) -> super::geometry::Drawing<DB> {
    let (dash, space) = (f64::from(dash), f64::from(space));
    let mut on = true;
    let mut left = dash;
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let (dx, dy) = (f64::from(b.0 - a.0), f64::from(b.1 - a.1));
        let length = (dx * dx + dy * dy).sqrt();
        let mut done = 0.0;
        while done < length {
            let step = left.min(length - done);
            if on {
                let from = (a.0 + (dx * done / length).round() as i32, a.1 + (dy * done / length).round() as i32);
                let to = (a.0 + (dx * (done + step) / length).round() as i32, a.1 + (dy * (done + step) / length).round() as i32);
                pen.path(&[from, to], style)?;
            }
            done += step;
            left -= step;
            if left <= 0.0 {
                on = !on;
                left = if on { dash } else { space };
            }
        }
    }
    Ok(())
}
