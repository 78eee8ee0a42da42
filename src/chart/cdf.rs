//! A latency distribution: for each engine, the share of requests at or below each latency
//! (a cumulative curve from 0 to 100 %), the cell's published p50 and p99 marked at 50 and
//! 99 % (where the tool's own figures sit on the requests' curve), and the objective's
//! threshold as a dashed vertical line. The latency axis is linear or log.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axis::{padded_range, tick_label, value_ticks};
use super::geometry::{Mark, Pen};
use super::plot::{coords, plot_px, ticks, Layout};
use super::style::{colour, text, TextSize, Theme};
use crate::core::display::palette::EngineStyle;
use crate::core::link::Scale;
use crate::core::views::requests::{PUBLISHED_P50, PUBLISHED_P99};

/// One engine's curve.
#[derive(Clone, Debug)]
pub struct CdfLine<'a> {
    /// Colour and marker.
    pub style: EngineStyle,
    /// `(ms, % at or below)`, ascending.
    pub curve: &'a [(f64, f64)],
    /// The cell's published p50 and p99, ms.
    pub published: (Option<f64>, Option<f64>),
}

/// A distribution chart.
#[derive(Clone, Debug)]
pub struct CdfChart<'a> {
    /// The latency axis's title ("TTFT (ms)").
    pub x_title: &'a str,
    /// A curve per engine.
    pub lines: &'a [CdfLine<'a>],
    /// The objective's threshold on this latency (ms) and its label.
    pub threshold: Option<(f64, &'a str)>,
    /// Linear or log latency axis.
    pub scale: Scale,
    /// Colours.
    pub theme: Theme,
}

/// What was drawn: every curve point and published percentile as a mark (group = line),
/// and the latency axis's tick labels.
#[derive(Clone, Debug, Default)]
pub struct CdfGeometry {
    /// Marks for hover.
    pub marks: Vec<Mark>,
    /// The x tick labels.
    pub x_ticks: Vec<String>,
}

/// Draw the distribution.
pub fn draw_cdf<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &CdfChart<'_>,
) -> Result<CdfGeometry, DrawingAreaErrorKind<DB::ErrorType>> {
    let theme = chart.theme;
    area.fill(&colour(theme.background))?;
    let pen = Pen::new(area);
    let values = chart
        .lines
        .iter()
        .flat_map(|l| l.curve.iter().map(|p| p.0).chain([l.published.0, l.published.1].into_iter().flatten()))
        .chain(chart.threshold.map(|t| t.0))
        .filter(|v| v.is_finite() && (chart.scale == Scale::Lin || *v > 0.0));
    let (x_lo, x_hi) = padded_range(values, chart.scale, chart.scale == Scale::Lin);
    let to_x = |v: f64| if chart.scale == Scale::Log { v.max(f64::MIN_POSITIVE).log10() } else { v };
    let (x, y) = ((to_x(x_lo), to_x(x_hi)), (0.0, 100.0));
    let (width, _) = area.dim_in_pixel();
    let layout = Layout { top: 16, right: 20, bottom: 46, left: 62 };
    let ctx = coords(area, layout, x, y, chart.x_title, "requests at or below (%)", theme)?;
    let plot = plot_px(&ctx, x, y);
    // The quartiles first, then 90 and 99 where they do not crowd a label already placed
    // (99 sits 1 % under 100: on a short chart its label would print over 100's).
    let mut y_ticks: Vec<(i32, String)> = Vec::new();
    for v in [0.0, 25.0, 50.0, 75.0, 100.0, 90.0, 99.0] {
        let at = ctx.backend_coord(&(x.0, v)).1;
        if y_ticks.iter().all(|(y, _)| (y - at).abs() >= 14) {
            y_ticks.push((at, tick_label(v)));
        }
    }
    let x_values = value_ticks(x_lo, x_hi, chart.scale, (f64::from(width) / 110.0).clamp(2.0, 7.0) as usize);
    let x_ticks: Vec<(i32, String)> = x_values.iter().map(|v| (ctx.backend_coord(&(to_x(*v), 0.0)).0, tick_label(*v))).collect();
    ticks(&pen, plot, &y_ticks, &x_ticks, true, theme)?;
    if let Some((ms, label)) = chart.threshold {
        let at = ctx.backend_coord(&(to_x(ms), 100.0)).0;
        if at >= plot.0 && at <= plot.2 {
            let mut y_px = plot.1;
            while y_px < plot.3 {
                pen.path(&[(at, y_px), (at, (y_px + 6).min(plot.3))], colour(theme.foreground).stroke_width(2))?;
                y_px += 10;
            }
            let style = text(TextSize::Small, theme.foreground);
            let (anchor, dx) = if at + 120 > plot.2 { (HPos::Right, -6) } else { (HPos::Left, 6) };
            pen.text(label, (at + dx, plot.1 + 2), &style.pos(Pos::new(anchor, VPos::Top)))?;
        }
    }
    let mut marks = Vec::new();
    for (group, line) in chart.lines.iter().enumerate() {
        let points: Vec<(i32, i32)> = line.curve.iter().map(|&(v, share)| ctx.backend_coord(&(to_x(v), share))).collect();
        pen.path(&points, colour(line.style.colour).stroke_width(2))?;
        marks.extend(points.iter().enumerate().map(|(k, &(x_px, y_px))| Mark { group, item: k as u32, x_px, y_px, reach: [0, 0] }));
        for (value, share, item) in [(line.published.0, 50.0, PUBLISHED_P50), (line.published.1, 99.0, PUBLISHED_P99)] {
            let Some(v) = value.filter(|v| chart.scale == Scale::Lin || *v > 0.0) else { continue };
            let at = ctx.backend_coord(&(to_x(v), share));
            pen.marker(at, line.style.marker, line.style.colour, false)?;
            marks.push(Mark { group, item, x_px: at.0, y_px: at.1, reach: [0, 0] });
        }
    }
    area.present()?;
    Ok(CdfGeometry { marks, x_ticks: x_values.iter().map(|v| tick_label(*v)).collect() })
}
