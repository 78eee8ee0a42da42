//! The frame an exported chart carries, so a PNG or SVG stands alone once shared: a
//! title line (study · hardware · workload · metric · percentile or ratio base), the legend
//! with each line's style, the limits and assumptions applied, and a footer (link, results
//! sha256, "null = not measured"). The chart itself is drawn by its own function inside.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::concurrency::dashed;
use super::dot::fit_text;
use super::geometry::Pen;
use super::style::{colour, text, TextSize, Theme};
use crate::core::display::palette::EngineStyle;

/// One legend entry.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendItem {
    /// The label.
    pub label: String,
    /// Colour and marker.
    pub style: EngineStyle,
    /// The line's dash pattern (`(0, 0)` solid); `None` for a chart without lines.
    pub dash: Option<(u32, u32)>,
    /// A wide grey band and no marker: the trade-off's frontier (its colour is the theme's).
    pub band: bool,
}

/// What frames an export.
#[derive(Clone, Debug)]
pub struct Frame<'a> {
    /// The title line.
    pub title: &'a str,
    /// The legend.
    pub legend: &'a [LegendItem],
    /// Limits and assumptions applied, one line each.
    pub notes: &'a [String],
    /// The footer, one line each (the link, then the file's hash and what a gap means).
    pub footer: &'a [String],
    /// Colours.
    pub theme: Theme,
}

/// Draw the frame and, in the space it leaves, the chart.
pub fn draw_framed<DB: DrawingBackend, T>(
    area: &DrawingArea<DB, Shift>,
    frame: &Frame<'_>,
    chart: impl FnOnce(&DrawingArea<DB, Shift>) -> Result<T, DrawingAreaErrorKind<DB::ErrorType>>,
) -> Result<T, DrawingAreaErrorKind<DB::ErrorType>> {
    let theme = frame.theme;
    area.fill(&colour(theme.background))?;
    let pen = Pen::new(area);
    let (width, height) = area.dim_in_pixel();
    let (x0, y0) = area.get_base_pixel();
    let left = x0 + 14;
    let room = width.saturating_sub(28);
    let title = text(TextSize::Title, theme.foreground).pos(Pos::new(HPos::Left, VPos::Top));
    let mut y = y0 + 10;
    pen.text(&fit_text(&pen, frame.title, &title, room), (left, y), &title)?;
    y += pen.measure("Hg", &title).1 as i32 + 10;

    let legend = text(TextSize::Legend, theme.foreground).pos(Pos::new(HPos::Left, VPos::Center));
    let row = 20;
    let mut x = left;
    // A line's sample is long enough to show two periods of the longest dash, with its
    // marker at the left end: a marker in the middle hid the one gap of "long dashes",
    // which then read as solid (QA pass 3).
    let key = |item: &LegendItem| if item.dash.is_some() { 46 } else { 14 };
    for item in frame.legend {
        let w = pen.measure(&item.label, &legend).0 as i32 + key(item) + 20;
        if x + w > x0 + width as i32 - 14 && x > left {
            x = left;
            y += row;
        }
        let centre = y + row / 2 - 2;
        if item.band {
            pen.path(&[(x, centre), (x + 28, centre)], colour(super::style::frontier_colour(theme)).stroke_width(6))?;
        } else if let Some((dash, space)) = item.dash {
            let style = colour(item.style.colour).stroke_width(2);
            if dash == 0 {
                pen.path(&[(x, centre), (x + 44, centre)], style)?;
            } else {
                dashed(&pen, &[(x + 11, centre), (x + 44, centre)], dash, space, style)?;
            }
            pen.marker((x + 5, centre), item.style.marker, item.style.colour, true)?;
        } else {
            pen.marker((x + 5, centre), item.style.marker, item.style.colour, true)?;
        }
        pen.text(&item.label, (x + key(item) + 6, centre), &legend)?;
        x += w;
    }
    if !frame.legend.is_empty() {
        y += row + 4;
    }
    let note = text(TextSize::Small, theme.foreground).pos(Pos::new(HPos::Left, VPos::Top));
    for line in frame.notes {
        pen.text(&fit_text(&pen, line, &note, room), (left, y), &note)?;
        y += 18;
    }
    let footer = text(TextSize::Small, theme.muted).pos(Pos::new(HPos::Left, VPos::Bottom));
    let footer_h = 8 + 17 * frame.footer.len() as u32;
    for (i, line) in frame.footer.iter().rev().enumerate() {
        pen.text(&fit_text(&pen, line, &footer, room), (left, y0 + height as i32 - 8 - 17 * i as i32), &footer)?;
    }
    let used_top = (y - y0 + 4).max(0) as u32;
    let (_, rest) = area.split_vertically(used_top.min(height));
    let (_, rest_h) = rest.dim_in_pixel();
    let (body, _) = rest.split_vertically(rest_h.saturating_sub(footer_h).max(1));
    chart(&body)
}
