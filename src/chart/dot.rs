//! A dot chart: one labelled row per measurement, value on x, with its confidence interval
//! where one is reported (a bar), none where it is not (never a zero-width bar).

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axis::{coord_from_value, padded_range, tick_label, usable_scale, value_ticks};
use super::geometry::{Mark, Pen};
use super::plot::{coords, plot_px, ticks, Layout};
use super::style::{colour, text, TextSize, Theme};
use crate::core::display::series::DotRow;
use crate::core::link::Scale;

/// A dot chart.
#[derive(Clone, Debug)]
pub struct DotChart<'a> {
    /// X axis title with unit and direction.
    pub x_title: &'a str,
    /// Rows, top to bottom.
    pub rows: &'a [DotRow],
    /// X scale; log falls back to linear when a value or bound is not positive.
    pub scale: Scale,
    /// Colours.
    pub theme: Theme,
}

/// What a dot chart drew.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DotGeometry {
    /// Each dot: group = row.
    pub dots: Vec<Mark>,
    /// `(row, x of lo, x of hi)` of each interval bar.
    pub bars: Vec<(usize, i32, i32)>,
    /// Rows drawn as "not measured".
    pub not_measured: Vec<usize>,
    /// The scale used.
    pub scale: Scale,
}

/// `text` cut to fit `width` pixels, with an ellipsis when cut.
pub fn fit_text<DB: DrawingBackend>(pen: &Pen<'_, DB>, text: &str, style: &TextStyle<'_>, width: u32) -> String {
    if pen.measure(text, style).0 <= width {
        return text.to_owned();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let cut: String = chars.iter().collect::<String>() + "…";
        if pen.measure(&cut, style).0 <= width {
            return cut;
        }
    }
    "…".to_owned()
}

/// Draw values (and intervals) per labelled row; used for KL with its 95 % CI.
pub fn draw_dot_chart<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &DotChart<'_>,
) -> Result<DotGeometry, DrawingAreaErrorKind<DB::ErrorType>> {
    let theme = chart.theme;
    area.fill(&colour(theme.background))?;
    let pen = Pen::new(area);
    let ends: Vec<f64> =
        chart.rows.iter().flat_map(|r| r.value.into_iter().chain(r.interval.into_iter().flat_map(|(lo, hi)| [lo, hi]))).collect();
    let scale = usable_scale(ends.iter().copied(), chart.scale);
    let (lo, hi) = padded_range(ends.iter().copied(), scale, true);
    let x = (coord_from_value(lo, scale), coord_from_value(hi, scale));
    let n = chart.rows.len().max(1) as f64;
    let (width, _) = area.dim_in_pixel();
    let label_style = text(TextSize::Axis, theme.foreground);
    // Row labels take what they need, up to 40 % of the width; longer ones are cut.
    let widest = chart.rows.iter().map(|r| pen.measure(&r.label, &label_style).0).max().unwrap_or(40);
    let label_px = (widest + 20).min(width * 2 / 5).max(60);
    let layout = Layout { top: 10, right: 24, bottom: 46, left: label_px };
    let ctx = coords(area, layout, x, (0.0, n), chart.x_title, "", theme)?;
    let plot = plot_px(&ctx, x, (0.0, n));
    let target = (f64::from(width.saturating_sub(label_px)) / 90.0).clamp(2.0, 6.0) as usize;
    let x_ticks: Vec<(i32, String)> = value_ticks(lo, hi, scale, target)
        .into_iter()
        .map(|v| (ctx.backend_coord(&(coord_from_value(v, scale), 0.0)).0, tick_label(v)))
        .collect();
    ticks(&pen, plot, &[], &x_ticks, true, theme)?;
    let mut geometry = DotGeometry { scale, ..DotGeometry::default() };
    let right = label_style.clone().pos(Pos::new(HPos::Right, VPos::Center));
    for (index, row) in chart.rows.iter().enumerate() {
        let yc = n - index as f64 - 0.5;
        let (left, y_px) = ctx.backend_coord(&(x.0, yc));
        let shown = fit_text(&pen, &row.label, &label_style, label_px - 14);
        pen.text(&shown, (left - 10, y_px), &right)?;
        if let Some((lo, hi)) = row.interval {
            let (lo_px, _) = ctx.backend_coord(&(coord_from_value(lo, scale), yc));
            let (hi_px, _) = ctx.backend_coord(&(coord_from_value(hi, scale), yc));
            let style = colour(row.colour).stroke_width(2);
            pen.path(&[(lo_px, y_px), (hi_px, y_px)], style)?;
            pen.path(&[(lo_px, y_px - 7), (lo_px, y_px + 7)], style)?;
            pen.path(&[(hi_px, y_px - 7), (hi_px, y_px + 7)], style)?;
            geometry.bars.push((index, lo_px, hi_px));
        }
        match row.value {
            Some(v) => {
                let (x_px, _) = ctx.backend_coord(&(coord_from_value(v, scale), yc));
                pen.marker((x_px, y_px), row.marker, row.colour, true)?;
                geometry.dots.push(Mark { group: index, item: 0, x_px, y_px, reach: [0, 0] });
            }
            None => {
                pen.text("not measured", (left + 8, y_px), &text(TextSize::Small, theme.muted).pos(Pos::new(HPos::Left, VPos::Center)))?;
                geometry.not_measured.push(index);
            }
        }
    }
    area.present()?;
    Ok(geometry)
}
