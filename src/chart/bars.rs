//! Grouped bars: per category (a nominal prompt length, or the one KV-cache figure), one
//! bar per engine in its colour; an engine without a measurement gets no bar and a "not
//! measured" label where its bar would be; a reference (the configured context) is drawn
//! as a dashed line.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axis::{linear_ticks, padded_range, tick_labels};
use super::concurrency::dashed;
use super::geometry::{Mark, Pen};
use super::plot::{coords, plot_px, ticks, Layout};
use super::style::{colour, text, TextSize, Theme};
use crate::core::display::series::Bars;
use crate::core::link::Scale;

/// A bar chart.
#[derive(Clone, Debug)]
pub struct BarChart<'a> {
    /// The bars.
    pub bars: &'a Bars,
    /// Y axis title with unit and direction.
    pub y_title: &'a str,
    /// Colours.
    pub theme: Theme,
}

/// What a bar chart drew: its marks and the key that names its bars.
#[derive(Clone, Debug, Default)]
pub struct BarsGeometry {
    /// One mark per bar: its top centre, reaching over its body (group = engine, item = category).
    pub marks: Vec<Mark>,
    /// The key's labels as drawn, one per engine, in order.
    pub key: Vec<String>,
}

/// Draw grouped bars under a key of the engines' colours and labels: the bars are named on
/// the chart itself, so the page, an embed and an export name them alike.
pub fn draw_bars<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &BarChart<'_>,
) -> Result<BarsGeometry, DrawingAreaErrorKind<DB::ErrorType>> {
    let theme = chart.theme;
    area.fill(&colour(theme.background))?;
    let pen = Pen::new(area);
    // The key, wrapped to the width: a swatch and a label per engine.
    let (x0, y0) = area.get_base_pixel();
    let key_style = text(TextSize::Small, theme.foreground).pos(Pos::new(HPos::Left, VPos::Center));
    let room = area.dim_in_pixel().0 as i32 - 16;
    let mut key: Vec<(i32, i32, String, usize)> = Vec::new();
    let (mut x, mut row) = (16, 0);
    for (g, group) in chart.bars.groups.iter().enumerate() {
        let label = super::dot::fit_text(&pen, &group.label, &key_style, (room - 46).max(40) as u32);
        let w = pen.measure(&label, &key_style).0 as i32 + 30;
        if x + w > room && x > 16 {
            (x, row) = (16, row + 1);
        }
        key.push((x, row, label, g));
        x += w;
    }
    let key_height = if key.is_empty() { 0 } else { (row as u32 + 1) * 18 + 4 };
    let bars = chart.bars;
    let values = bars.groups.iter().flat_map(|g| g.values.iter().flatten().copied()).chain(bars.reference.as_ref().map(|r| r.0));
    let (_, hi) = padded_range(values, Scale::Lin, true);
    let categories = bars.categories.len().max(1) as f64;
    let (x, y) = ((0.0, categories), (0.0, hi));
    let (_, height) = area.dim_in_pixel();
    let y_values = linear_ticks(0.0, hi, ((f64::from(height) - 80.0) / 55.0).clamp(3.0, 6.0) as usize);
    let axis = text(TextSize::Axis, theme.foreground);
    let labels = tick_labels(&y_values);
    let widest = labels.iter().map(|l| pen.measure(l, &axis).0).max().unwrap_or(20);
    let layout = Layout { top: 14 + key_height, right: 20, bottom: 44, left: (widest + 36).clamp(56, 110) };
    // Category labels that would run into each other keep their first word ("8,192"), and
    // the words they share become the axis title ("nominal tokens").
    let (width, _) = area.dim_in_pixel();
    let per_category = width.saturating_sub(layout.left + layout.right) / bars.categories.len().max(1) as u32;
    let crowded = bars.categories.iter().any(|c| pen.measure(c, &axis).0 + 8 > per_category);
    let tails: Vec<&str> = bars.categories.iter().filter_map(|c| c.split_once(' ').map(|(_, tail)| tail)).collect();
    let shared = crowded && !tails.is_empty() && tails.len() == bars.categories.len() && tails.iter().all(|t| *t == tails[0]);
    let categories: Vec<String> = if shared {
        bars.categories.iter().map(|c| c.split(' ').next().unwrap_or(c).to_owned()).collect()
    } else {
        bars.categories.clone()
    };
    let x_title = if shared { tails[0] } else { "" };
    let ctx = coords(area, layout, x, y, x_title, chart.y_title, theme)?;
    let plot = plot_px(&ctx, x, y);
    let y_ticks: Vec<(i32, String)> = y_values.iter().zip(labels).map(|(v, l)| (ctx.backend_coord(&(0.0, *v)).1, l)).collect();
    let x_ticks: Vec<(i32, String)> =
        categories.iter().enumerate().map(|(i, c)| (ctx.backend_coord(&(i as f64 + 0.5, 0.0)).0, c.clone())).collect();
    ticks(&pen, plot, &y_ticks, &[], false, theme)?;
    let below = axis.clone().pos(Pos::new(HPos::Center, VPos::Top));
    for (x_px, label) in &x_ticks {
        pen.text(label, (*x_px, plot.3 + 10), &below)?;
    }
    for (x, row, label, g) in &key {
        let centre = y0 + 10 + row * 18;
        pen.rect((x0 + x, centre - 5), (x0 + x + 12, centre + 6), colour(bars.groups[*g].style.colour).filled())?;
        pen.text(label, (x0 + x + 18, centre), &key_style)?;
    }
    let groups = bars.groups.len().max(1) as f64;
    let mut marks = Vec::new();
    let note = text(TextSize::Small, theme.muted).pos(Pos::new(HPos::Center, VPos::Bottom));
    for (c, _) in bars.categories.iter().enumerate() {
        for (g, group) in bars.groups.iter().enumerate() {
            let left = c as f64 + 0.1 + 0.8 * g as f64 / groups;
            let right = c as f64 + 0.1 + 0.8 * (g as f64 + 0.85) / groups;
            let centre = ctx.backend_coord(&((left + right) / 2.0, 0.0)).0;
            match group.values.get(c).copied().flatten() {
                Some(v) => {
                    let (l, top) = ctx.backend_coord(&(left, v));
                    let (r, bottom) = ctx.backend_coord(&(right, 0.0));
                    pen.rect((l, top), (r, bottom), colour(group.style.colour).filled())?;
                    // The whole bar answers a pointer, not only its top.
                    marks.push(Mark { group: g, item: c as u32, x_px: centre, y_px: top, reach: [(r - l) / 2, bottom - top] });
                }
                None => pen.text("–", (centre, plot.3 - 2), &note)?,
            }
        }
    }
    if bars.groups.iter().any(|g| g.values.iter().take(bars.categories.len()).any(Option::is_none)) {
        let key = text(TextSize::Small, theme.muted).pos(Pos::new(HPos::Left, VPos::Top));
        pen.text("– not measured", (plot.0 + 8, plot.1 + 4), &key)?;
    }
    if let Some((value, label)) = &bars.reference {
        let y_px = ctx.backend_coord(&(0.0, *value)).1;
        dashed(&pen, &[(plot.0, y_px), (plot.2, y_px)], 6, 4, colour(theme.foreground).stroke_width(1))?;
        pen.text(label, (plot.2 - 4, y_px - 4), &text(TextSize::Small, theme.foreground).pos(Pos::new(HPos::Right, VPos::Bottom)))?;
    }
    area.present()?;
    Ok(BarsGeometry { marks, key: key.into_iter().map(|k| k.2).collect() })
}
