//! Chart drawing, written once for every plotters `DrawingBackend`: the canvas in the
//! browser, SVG in native tests and exports. Nothing here knows the DOM.
//!
//! Coordinate spaces are named: the x axis is `log2(concurrency)` (`x_from_conc`), the
//! y axis is the value, or `log10(value)` on a log scale (`y_from_value`). Ticks come
//! from the file's own concurrency list. Legends are drawn in the DOM by the views, not
//! with plotters' series labels (those measure text by inserting DOM spans).

pub mod accuracy;

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::core::palette::{Marker, Rgb};
use crate::core::series::Series;
use crate::core::view_state::Scale;

/// Colours of the chart's furniture, from the page theme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theme {
    /// Background fill.
    pub background: Rgb,
    /// Axis, tick and label colour.
    pub foreground: Rgb,
    /// Grid line colour.
    pub grid: Rgb,
}

/// The light theme.
pub const LIGHT: Theme = Theme { background: Rgb(0xff, 0xff, 0xff), foreground: Rgb(0x1f, 0x29, 0x37), grid: Rgb(0xe5, 0xe7, 0xeb) };

/// The dark theme; its background is `palette::DARK_BACKGROUND`, which every engine colour
/// keeps 3:1 contrast against.
pub const DARK: Theme = Theme { background: Rgb(0x11, 0x18, 0x27), foreground: Rgb(0xe5, 0xe7, 0xeb), grid: Rgb(0x37, 0x41, 0x51) };

/// Everything a concurrency chart needs: lines per engine against the file's levels.
#[derive(Clone, Debug)]
pub struct ConcurrencyChart<'a> {
    /// Y axis title, short, with its unit ("output tok/s per GPU").
    pub y_title: &'a str,
    /// The file's concurrency levels: the x ticks.
    pub concurrency: &'a [u32],
    /// One line per engine.
    pub series: &'a [Series],
    /// The y scale; a log scale falls back to linear when a shown value is not positive.
    pub scale: Scale,
    /// Colours.
    pub theme: Theme,
    /// Draw a legend inside the chart (for exports, which leave the page's DOM legend behind).
    pub legend: bool,
}

/// Where a measured point was drawn, in backend pixels: what a tooltip or a test needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlottedPoint {
    /// Index into the chart's series.
    pub series: usize,
    /// Concurrency level.
    pub conc: u32,
    /// The value as in the file.
    pub value: f64,
    /// Pixel x.
    pub x_px: i32,
    /// Pixel y.
    pub y_px: i32,
}

/// Where a "not measured" mark was drawn: in the strip below the plot, never on an axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GapMark {
    /// Index into the chart's series.
    pub series: usize,
    /// Concurrency level not measured.
    pub conc: u32,
    /// Pixel x (aligned with the level's tick).
    pub x_px: i32,
    /// Pixel y (inside the strip).
    pub y_px: i32,
}

/// What was drawn where.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChartGeometry {
    /// Every measured point.
    pub points: Vec<PlottedPoint>,
    /// Every null, as a mark in the strip.
    pub gaps: Vec<GapMark>,
    /// Every line drawn: the series index and the concurrency levels it joins.
    pub lines: Vec<(usize, Vec<u32>)>,
    /// The plotting area: left, top, right, bottom pixels.
    pub plot_px: (i32, i32, i32, i32),
    /// The scale actually used.
    pub scale: Scale,
}

/// x coordinate of a concurrency level: its base-2 logarithm, so 1, 2, 4 … are evenly spaced.
pub fn x_from_conc(conc: u32) -> f64 {
    f64::from(conc.max(1)).log2()
}

/// The scale a chart can use: log only when every shown value is positive.
pub fn usable_scale(series: &[Series], requested: Scale) -> Scale {
    let all_positive = series.iter().flat_map(Series::measured).all(|(_, v)| v > 0.0);
    if requested == Scale::Log && all_positive { Scale::Log } else { Scale::Lin }
}

fn y_from_value(value: f64, scale: Scale) -> f64 {
    match scale {
        Scale::Lin => value,
        Scale::Log => value.log10(),
    }
}

/// The y range in axis space, padded so a zero span is never degenerate.
fn y_range(series: &[Series], scale: Scale) -> (f64, f64) {
    let ys: Vec<f64> = series.iter().flat_map(Series::measured).map(|(_, v)| y_from_value(v, scale)).collect();
    let (min, max) = ys.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &y| (lo.min(y), hi.max(y)));
    if ys.is_empty() {
        return (0.0, 1.0);
    }
    match scale {
        Scale::Lin => {
            let lo = min.min(0.0);
            let hi = if max > lo { max + (max - lo) * 0.08 } else { lo + max.abs().max(1.0) };
            (lo, hi)
        }
        Scale::Log => {
            let pad = ((max - min) * 0.08).max(0.25);
            (min - pad, max + pad)
        }
    }
}

/// A tick label: whole numbers without decimals, others with up to three significant decimals.
pub fn tick_label(value: f64) -> String {
    if value.abs() >= 1.0 && (value - value.round()).abs() < 1e-9 {
        return format!("{}", value.round() as i64);
    }
    let text = format!("{value:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" { "0".to_owned() } else { text.to_owned() }
}

fn colour(rgb: Rgb) -> RGBColor {
    RGBColor(rgb.0, rgb.1, rgb.2)
}

/// Draw a marker centred on a pixel of `area` (filled for measured points, hollow for gaps).
fn draw_marker<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    at: (i32, i32),
    marker: Marker,
    rgb: Rgb,
    filled: bool,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let style = if filled { colour(rgb).filled() } else { colour(rgb).stroke_width(2) };
    let (x, y) = at;
    match marker {
        Marker::Circle => area.draw(&Circle::new((x, y), 4, style)),
        Marker::Square => area.draw(&Rectangle::new([(x - 4, y - 4), (x + 4, y + 4)], style)),
        Marker::Triangle if filled => area.draw(&Polygon::new(vec![(x, y - 5), (x + 5, y + 4), (x - 5, y + 4)], style)),
        Marker::Triangle => area.draw(&PathElement::new(vec![(x, y - 5), (x + 5, y + 4), (x - 5, y + 4), (x, y - 5)], style)),
        Marker::Diamond if filled => area.draw(&Polygon::new(vec![(x, y - 5), (x + 5, y), (x, y + 5), (x - 5, y)], style)),
        Marker::Diamond => area.draw(&PathElement::new(vec![(x, y - 5), (x + 5, y), (x, y + 5), (x - 5, y), (x, y - 5)], style)),
        Marker::Cross => {
            let style = colour(rgb).stroke_width(2);
            area.draw(&PathElement::new(vec![(x - 4, y - 4), (x + 4, y + 4)], style))?;
            area.draw(&PathElement::new(vec![(x - 4, y + 4), (x + 4, y - 4)], style))
        }
    }
}

const GAP_ROW_PX: u32 = 14;
/// The ring drawn around points whose source failed its hash check.
const MISMATCH: Rgb = Rgb(0xb4, 0x23, 0x18);
const GAP_STRIP_PAD_PX: u32 = 8;

/// Draw a legend (marker and label per line, dashed lines marked) across the top, wrapping
/// as needed; returns the area left below it.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    series: &[Series],
    theme: Theme,
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    let (width, _) = area.dim_in_pixel();
    let font = ("sans-serif", 14).into_font().color(&colour(theme.foreground));
    let (mut x, mut y) = (12i32, 8i32);
    let row = 20i32;
    for s in series {
        let label = if s.dashed && !s.label.contains("p99") { format!("{} (dashed)", s.label) } else { s.label.clone() };
        let (w, _) = area.estimate_text_size(&label, &font)?;
        if x + 22 + w as i32 > width as i32 - 8 && x > 12 {
            x = 12;
            y += row;
        }
        draw_marker(area, (x + 5, y + 8), s.style.marker, s.style.colour, true)?;
        area.draw(&Text::new(label, (x + 16, y), font.clone()))?;
        x += 16 + w as i32 + 18;
    }
    let used = (y + row + 4) as u32;
    Ok(area.split_vertically(used).1)
}

/// Draw a metric against concurrency: one line per engine through its measured points, a
/// line broken at every null, and each null marked in a "not measured" strip below.
pub fn draw_concurrency_chart<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &ConcurrencyChart<'_>,
) -> Result<ChartGeometry, DrawingAreaErrorKind<DB::ErrorType>> {
    let theme = chart.theme;
    area.fill(&colour(theme.background))?;
    let scale = usable_scale(chart.series, chart.scale);
    let area = &if chart.legend { draw_legend(area, chart.series, theme)? } else { area.clone() };
    let (_, height) = area.dim_in_pixel();

    let gap_rows: Vec<usize> = chart.series.iter().enumerate().filter(|(_, s)| s.gaps().next().is_some()).map(|(i, _)| i).collect();
    let strip_px = if gap_rows.is_empty() { 0 } else { GAP_STRIP_PAD_PX * 2 + GAP_ROW_PX * gap_rows.len() as u32 };
    let (plot_area, strip) = area.split_vertically(height.saturating_sub(strip_px).max(1));

    let (Some(&first), Some(&last)) = (chart.concurrency.first(), chart.concurrency.last()) else {
        return Ok(ChartGeometry { scale, ..ChartGeometry::default() });
    };
    let x_pad = ((x_from_conc(last) - x_from_conc(first)) * 0.04).max(0.3);
    let x_axis = x_from_conc(first) - x_pad..x_from_conc(last) + x_pad;
    let (y_lo, y_hi) = y_range(chart.series, scale);

    let fg = colour(theme.foreground);
    let label_font = ("sans-serif", 15).into_font().color(&fg);
    let title_font = ("sans-serif", 15).into_font().color(&fg);
    let mut builder = ChartBuilder::on(&plot_area);
    builder.margin_top(12).margin_right(18).margin_left(6).x_label_area_size(42).y_label_area_size(88);
    let mut ctx = builder.build_cartesian_2d(x_axis, y_lo..y_hi)?;

    let y_label = |y: &f64| match scale {
        Scale::Lin => tick_label(*y),
        Scale::Log => tick_label(10f64.powf(*y)),
    };
    ctx.configure_mesh()
        .disable_x_mesh()
        .bold_line_style(colour(theme.grid))
        .light_line_style(TRANSPARENT)
        .axis_style(fg)
        .label_style(label_font)
        .axis_desc_style(title_font)
        .x_desc("concurrency (requests in flight)")
        .y_desc(chart.y_title)
        // x ticks are drawn below at exactly the file's levels, not at plotters' round numbers.
        .x_labels(0)
        .y_label_formatter(&y_label)
        .y_labels(6)
        .draw()?;

    let mut geometry = ChartGeometry { scale, ..ChartGeometry::default() };
    let (x0, y0) = ctx.backend_coord(&(x_from_conc(first) - x_pad, y_hi));
    let (x1, y1) = ctx.backend_coord(&(x_from_conc(last) + x_pad, y_lo));
    geometry.plot_px = (x0, y0, x1, y1);
    let (area_x, area_y) = area.get_base_pixel();
    let tick_font = ("sans-serif", 15).into_font().color(&fg).pos(Pos::new(HPos::Center, VPos::Top));
    for &conc in chart.concurrency {
        let (x, _) = ctx.backend_coord(&(x_from_conc(conc), y_lo));
        let (x, y) = (x - area_x, y1 - area_y);
        area.draw(&PathElement::new(vec![(x, y), (x, y + 5)], fg))?;
        area.draw(&Text::new(conc.to_string(), (x, y + 8), tick_font.clone()))?;
    }

    for (index, series) in chart.series.iter().enumerate() {
        let line = colour(series.style.colour).stroke_width(2);
        for run in series.segments() {
            let path: Vec<(f64, f64)> = run.iter().map(|&(c, v)| (x_from_conc(c), y_from_value(v, scale))).collect();
            if series.dashed {
                ctx.draw_series(std::iter::once(DashedPathElement::new(path, 8, 5, line)))?;
            } else {
                ctx.draw_series(std::iter::once(PathElement::new(path, line)))?;
            }
            geometry.lines.push((index, run.iter().map(|&(c, _)| c).collect()));
        }
        for (conc, value) in series.measured() {
            let (x_px, y_px) = ctx.backend_coord(&(x_from_conc(conc), y_from_value(value, scale)));
            // A low-sample cell's point is hollow: its percentiles rest on few requests.
            let solid = !series.low_sample.contains(&conc);
            if !solid {
                area.draw(&Circle::new((x_px - area_x, y_px - area_y), 5, colour(theme.background).filled()))?;
            }
            draw_marker(area, (x_px - area_x, y_px - area_y), series.style.marker, series.style.colour, solid)?;
            if series.flagged {
                area.draw(&Circle::new((x_px - area_x, y_px - area_y), 8, colour(MISMATCH).stroke_width(2)))?;
            }
            geometry.points.push(PlottedPoint { series: index, conc, value, x_px, y_px });
        }
    }

    if !gap_rows.is_empty() {
        let (strip_x, strip_y) = strip.get_base_pixel();
        strip.draw(&Text::new("not measured", (4, GAP_STRIP_PAD_PX as i32), ("sans-serif", 14).into_font().color(&fg)))?;
        for (row, &index) in gap_rows.iter().enumerate() {
            let series = &chart.series[index];
            let y_px = (GAP_STRIP_PAD_PX + GAP_ROW_PX * row as u32 + GAP_ROW_PX / 2) as i32 + 2;
            for conc in series.gaps() {
                let (abs_x, _) = ctx.backend_coord(&(x_from_conc(conc), y_lo));
                let at = (abs_x - strip_x, y_px);
                draw_marker(&strip, at, series.style.marker, series.style.colour, false)?;
                geometry.gaps.push(GapMark { series: index, conc, x_px: abs_x - area_x, y_px: strip_y - area_y + y_px });
            }
        }
    }
    area.present()?;
    Ok(geometry)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_read_as_whole_numbers_or_short_decimals() {
        assert_eq!(tick_label(2500.0), "2500");
        assert_eq!(tick_label(0.25), "0.25");
        assert_eq!(tick_label(0.0), "0");
        assert_eq!(tick_label(1.0 / 3.0), "0.333");
    }

    #[test]
    fn concurrency_maps_to_evenly_spaced_log2_positions() {
        assert_eq!(x_from_conc(1), 0.0);
        assert_eq!(x_from_conc(64), 6.0);
        assert_eq!(x_from_conc(32) - x_from_conc(16), x_from_conc(2) - x_from_conc(1));
    }
}

/// Everything a throughput/interactivity chart needs.
#[derive(Clone, Debug)]
pub struct TradeoffChart<'a> {
    /// X axis title ("per-user tok/s").
    pub x_title: &'a str,
    /// Y axis title ("output tok/s per GPU").
    pub y_title: &'a str,
    /// One polyline per engine.
    pub lines: &'a [crate::core::series::TradeoffLine],
    /// The Pareto frontier in increasing x.
    pub frontier: &'a [crate::core::series::FrontierPoint],
    /// A per-user speed limit, drawn as a vertical line.
    pub x_limit: Option<f64>,
    /// Colours.
    pub theme: Theme,
}

/// Where a trade-off point was drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TradeoffMark {
    /// Index into the lines.
    pub line: usize,
    /// Concurrency level.
    pub conc: u32,
    /// Pixel x.
    pub x_px: i32,
    /// Pixel y.
    pub y_px: i32,
    /// Drawn dimmed: breaks a service-level limit.
    pub dimmed: bool,
}

fn blend(a: Rgb, b: Rgb, t: f64) -> Rgb {
    let mix = |x: u8, y: u8| (f64::from(x) * (1.0 - t) + f64::from(y) * t).round() as u8;
    Rgb(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Draw per-user speed against a throughput metric: one polyline per engine through its
/// concurrency points (each labelled c1…c64), and the Pareto frontier as a step line.
/// Points that break a service-level limit are dimmed.
pub fn draw_tradeoff_chart<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &TradeoffChart<'_>,
) -> Result<Vec<TradeoffMark>, DrawingAreaErrorKind<DB::ErrorType>> {
    let theme = chart.theme;
    area.fill(&colour(theme.background))?;
    let points = chart.lines.iter().flat_map(|l| &l.points);
    let (x_max, y_max) = points.fold((0.0f64, 0.0f64), |(x, y), p| (x.max(p.x), y.max(p.y)));
    let x_max = chart.x_limit.unwrap_or(0.0).max(x_max).max(1e-9) * 1.08;
    let y_max = y_max.max(1e-9) * 1.08;
    let fg = colour(theme.foreground);
    let font = ("sans-serif", 15).into_font().color(&fg);
    let mut ctx = ChartBuilder::on(area)
        .margin_top(12)
        .margin_right(24)
        .margin_left(6)
        .x_label_area_size(48)
        .y_label_area_size(88)
        .build_cartesian_2d(0.0..x_max, 0.0..y_max)?;
    ctx.configure_mesh()
        .bold_line_style(colour(theme.grid))
        .light_line_style(TRANSPARENT)
        .axis_style(fg)
        .label_style(font.clone())
        .axis_desc_style(font)
        .x_desc(chart.x_title)
        .y_desc(chart.y_title)
        .x_label_formatter(&|x| tick_label(*x))
        .y_label_formatter(&|y| tick_label(*y))
        .draw()?;

    if let Some(limit) = chart.x_limit {
        ctx.draw_series(std::iter::once(DashedPathElement::new(vec![(limit, 0.0), (limit, y_max)], 6, 4, fg.stroke_width(1))))?;
    }
    // The frontier first, underneath: a staircase bounding what the measured points reach.
    let mut stair = Vec::new();
    for pair in chart.frontier.windows(2) {
        stair.push((pair[0].x, pair[0].y));
        stair.push((pair[0].x, pair[1].y));
    }
    if let Some(last) = chart.frontier.last() {
        stair.push((last.x, last.y));
    }
    ctx.draw_series(std::iter::once(PathElement::new(stair, colour(blend(theme.foreground, theme.background, 0.55)).stroke_width(6))))?;

    let (area_x, area_y) = area.get_base_pixel();
    let mut marks = Vec::new();
    let small = ("sans-serif", 12).into_font();
    for (index, line) in chart.lines.iter().enumerate() {
        let path: Vec<(f64, f64)> = line.points.iter().map(|p| (p.x, p.y)).collect();
        ctx.draw_series(std::iter::once(PathElement::new(path, colour(line.style.colour).stroke_width(2))))?;
        for p in &line.points {
            let (x_px, y_px) = ctx.backend_coord(&(p.x, p.y));
            let dimmed = !p.meets_limits;
            let shade = if dimmed { blend(line.style.colour, theme.background, 0.7) } else { line.style.colour };
            draw_marker(area, (x_px - area_x, y_px - area_y), line.style.marker, shade, true)?;
            area.draw(&Text::new(format!("c{}", p.conc), (x_px - area_x + 7, y_px - area_y - 16), small.clone().color(&colour(shade))))?;
            marks.push(TradeoffMark { line: index, conc: p.conc, x_px, y_px, dimmed });
        }
    }
    area.present()?;
    Ok(marks)
}

/// One row of a dot chart: a value with an optional interval.
#[derive(Clone, Debug, PartialEq)]
pub struct DotRow {
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

/// A dot chart: one labelled row per measurement, value on x.
#[derive(Clone, Debug)]
pub struct DotChart<'a> {
    /// X axis title with unit.
    pub x_title: &'a str,
    /// Rows, top to bottom.
    pub rows: &'a [DotRow],
    /// X scale; log falls back to linear when a value or bound is not positive.
    pub scale: Scale,
    /// Colours.
    pub theme: Theme,
}

/// What a dot chart drew, in pixels.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DotGeometry {
    /// `(row, x, y)` of each dot.
    pub dots: Vec<(usize, i32, i32)>,
    /// `(row, x of lo, x of hi)` of each interval bar.
    pub bars: Vec<(usize, i32, i32)>,
    /// Rows drawn as "not measured".
    pub not_measured: Vec<usize>,
    /// The scale used.
    pub scale: Scale,
}

/// Draw values (and intervals) per labelled row; used for KL with its 95 % CI.
pub fn draw_dot_chart<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, chart: &DotChart<'_>) -> Result<DotGeometry, DrawingAreaErrorKind<DB::ErrorType>> {
    let theme = chart.theme;
    area.fill(&colour(theme.background))?;
    let ends: Vec<f64> = chart.rows.iter().flat_map(|r| r.value.into_iter().chain(r.interval.into_iter().flat_map(|(lo, hi)| [lo, hi]))).collect();
    let scale = if chart.scale == Scale::Log && ends.iter().all(|v| *v > 0.0) { Scale::Log } else { Scale::Lin };
    let to_x = |v: f64| y_from_value(v, scale);
    let (lo, hi) = ends.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| (a.min(to_x(v)), b.max(to_x(v))));
    let (x_lo, x_hi) = match scale {
        _ if ends.is_empty() => (0.0, 1.0),
        Scale::Lin => (0.0f64.min(lo), if hi > 0.0 { hi * 1.12 } else { 1.0 }),
        Scale::Log => {
            let pad = ((hi - lo) * 0.1).max(0.15);
            (lo - pad, hi + pad)
        }
    };
    let n = chart.rows.len().max(1) as f64;
    let fg = colour(theme.foreground);
    let font = ("sans-serif", 15).into_font().color(&fg);
    let mut ctx = ChartBuilder::on(area)
        .margin_top(10)
        .margin_right(24)
        .x_label_area_size(46)
        .y_label_area_size(210)
        .build_cartesian_2d(x_lo..x_hi, 0.0..n)?;
    let x_label = |x: &f64| match scale {
        Scale::Lin => tick_label(*x),
        Scale::Log => tick_label(10f64.powf(*x)),
    };
    ctx.configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .bold_line_style(colour(theme.grid))
        .light_line_style(TRANSPARENT)
        .axis_style(fg)
        .label_style(font.clone())
        .axis_desc_style(font.clone())
        .x_desc(chart.x_title)
        .x_labels(6)
        .x_label_formatter(&x_label)
        .draw()?;
    let (area_x, area_y) = area.get_base_pixel();
    let mut geometry = DotGeometry { scale, ..DotGeometry::default() };
    let label_font = font.pos(Pos::new(HPos::Right, VPos::Center));
    for (index, row) in chart.rows.iter().enumerate() {
        let y = n - index as f64 - 0.5;
        let (left, y_px) = ctx.backend_coord(&(x_lo, y));
        area.draw(&Text::new(row.label.clone(), (left - area_x - 10, y_px - area_y), label_font.clone()))?;
        if let Some((lo, hi)) = row.interval {
            let (lo_px, _) = ctx.backend_coord(&(to_x(lo), y));
            let (hi_px, _) = ctx.backend_coord(&(to_x(hi), y));
            let style = colour(row.colour).stroke_width(2);
            let (l, h, yy) = (lo_px - area_x, hi_px - area_x, y_px - area_y);
            area.draw(&PathElement::new(vec![(l, yy), (h, yy)], style))?;
            area.draw(&PathElement::new(vec![(l, yy - 7), (l, yy + 7)], style))?;
            area.draw(&PathElement::new(vec![(h, yy - 7), (h, yy + 7)], style))?;
            geometry.bars.push((index, lo_px, hi_px));
        }
        match row.value {
            Some(v) => {
                let (x_px, _) = ctx.backend_coord(&(to_x(v), y));
                draw_marker(area, (x_px - area_x, y_px - area_y), row.marker, row.colour, true)?;
                geometry.dots.push((index, x_px, y_px));
            }
            None => {
                area.draw(&Text::new("not measured", (left - area_x + 8, y_px - area_y - 8), ("sans-serif", 13).into_font().color(&fg)))?;
                geometry.not_measured.push(index);
            }
        }
    }
    area.present()?;
    Ok(geometry)
}

/// One labelled point of a scatter.
#[derive(Clone, Debug, PartialEq)]
pub struct ScatterPoint {
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

/// A labelled scatter (KL against top-1 for one measurement).
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

/// Draw a labelled scatter; returns each point's pixel position.
pub fn draw_scatter<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, chart: &ScatterChart<'_>) -> Result<Vec<(i32, i32)>, DrawingAreaErrorKind<DB::ErrorType>> {
    let theme = chart.theme;
    area.fill(&colour(theme.background))?;
    let span = |values: Vec<f64>| {
        let (lo, hi) = values.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| (a.min(v), b.max(v)));
        if values.is_empty() {
            (0.0, 1.0)
        } else {
            let pad = ((hi - lo) * 0.15).max(hi.abs() * 0.05).max(1e-6);
            (lo - pad, hi + pad)
        }
    };
    let (x_lo, x_hi) = span(chart.points.iter().map(|p| p.x).collect());
    let (y_lo, y_hi) = span(chart.points.iter().map(|p| p.y).collect());
    let fg = colour(theme.foreground);
    let font = ("sans-serif", 15).into_font().color(&fg);
    let mut ctx = ChartBuilder::on(area)
        .margin_top(12)
        .margin_right(24)
        .x_label_area_size(46)
        .y_label_area_size(80)
        .build_cartesian_2d(x_lo..x_hi, y_lo..y_hi)?;
    ctx.configure_mesh()
        .bold_line_style(colour(theme.grid))
        .light_line_style(TRANSPARENT)
        .axis_style(fg)
        .label_style(font.clone())
        .axis_desc_style(font)
        .x_desc(chart.x_title)
        .y_desc(chart.y_title)
        .x_labels(5)
        .y_labels(5)
        .x_label_formatter(&|x| tick_label(*x))
        .y_label_formatter(&|y| tick_label(*y))
        .draw()?;
    let (area_x, area_y) = area.get_base_pixel();
    let mut drawn = Vec::new();
    for p in chart.points {
        let (x_px, y_px) = ctx.backend_coord(&(p.x, p.y));
        draw_marker(area, (x_px - area_x, y_px - area_y), p.marker, p.colour, true)?;
        area.draw(&Text::new(p.label.clone(), (x_px - area_x + 8, y_px - area_y - 18), ("sans-serif", 14).into_font().color(&colour(p.colour))))?;
        drawn.push((x_px, y_px));
    }
    area.present()?;
    Ok(drawn)
}
