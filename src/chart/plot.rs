//! The furniture every cartesian chart shares: the coordinate system on an area, axis
//! lines and titles, grid lines and tick labels at ticks the chart chose.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::geometry::{Drawing, Pen};
use super::style::{colour, font, text, TextSize, Theme};

/// A chart's coordinate system: plotters' context over two f64 axes.
pub type Coords<'a, DB> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// Margins and label areas around the plot, in pixels.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// Space above the plot.
    pub top: u32,
    /// Space right of the plot.
    pub right: u32,
    /// The x tick labels and title below the plot.
    pub bottom: u32,
    /// The y tick labels and title left of the plot.
    pub left: u32,
}

/// A rotated y title made to fit (`fits` says whether a text fits at a size): its "· higher
/// is better" tail dropped first, then a size smaller, then cut with an ellipsis before a
/// closing "(derived)"-like remark, which says how the figure was made and is kept
/// (QA pass 4, F28).
pub fn fit_y_title(title: &str, fits: &dyn Fn(&str, TextSize) -> bool) -> (String, TextSize) {
    let mut title = title.to_owned();
    let mut size = TextSize::Axis;
    if !fits(&title, size) {
        if let Some((head, _)) = title.rsplit_once(" · ") {
            title = head.to_owned();
        }
    }
    if !fits(&title, size) {
        size = TextSize::Small;
    }
    let (mut head, remark) = match title.rfind(" (") {
        Some(at) if title.ends_with(')') && at > 0 => (title[..at].to_owned(), title[at..].to_owned()),
        _ => (title.clone(), String::new()),
    };
    while !fits(&format!("{head}{remark}"), size) && head.chars().count() > 4 {
        let keep: String = head.chars().take(head.chars().count().saturating_sub(2)).collect();
        head = format!("{}…", keep.trim_end_matches('…').trim_end());
    }
    (format!("{head}{remark}"), size)
}

/// Build the coordinates and draw the axis lines and titles (no plotters ticks: the
/// chart draws its own with `ticks`).
pub fn coords<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    layout: Layout,
    x: (f64, f64),
    y: (f64, f64),
    x_title: &str,
    y_title: &str,
    theme: Theme,
) -> Result<Coords<'a, DB>, DrawingAreaErrorKind<DB::ErrorType>> {
    // A rotated y title longer than the plot is tall would be clipped at both ends: drop its
    // "· higher is better" tail first, then set the titles a size smaller (a phone's short
    // chart keeps "joules per output token (derived)" whole), and only then cut it with an
    // ellipsis.
    let room = area.dim_in_pixel().1.saturating_sub(layout.top + layout.bottom + 8);
    let fits = |t: &str, size: TextSize| {
        let style = super::style::text(size, theme.foreground);
        super::geometry::layout_size(t, &style).0 <= room
    };
    let (y_title, size) = fit_y_title(y_title, &fits);
    let y_title = y_title.as_str();
    let mut ctx = ChartBuilder::on(area)
        .margin_top(layout.top)
        .margin_right(layout.right)
        .margin_left(4)
        .x_label_area_size(layout.bottom)
        .y_label_area_size(layout.left)
        .build_cartesian_2d(x.0..x.1, y.0..y.1)?;
    let fg = colour(theme.foreground);
    ctx.configure_mesh()
        .disable_mesh()
        .x_labels(0)
        .y_labels(0)
        .axis_style(fg)
        .axis_desc_style(font(size).color(&fg))
        .x_desc(x_title)
        .y_desc(y_title)
        .draw()?;
    Ok(ctx)
}

/// The plot's corners in backend pixels: left, top, right, bottom.
pub fn plot_px<DB: DrawingBackend>(ctx: &Coords<'_, DB>, x: (f64, f64), y: (f64, f64)) -> (i32, i32, i32, i32) {
    let (l, t) = ctx.backend_coord(&(x.0, y.1));
    let (r, b) = ctx.backend_coord(&(x.1, y.0));
    (l, t, r, b)
}

/// Which tick labels fit side by side: each label is kept only if it does not overlap the
/// last one kept (with a gap), so a narrow chart thins its ticks instead of colliding.
pub fn fitting<T: Clone>(labels: &[(i32, String, T)], widths: &[u32], gap: i32) -> Vec<(i32, String, T)> {
    let mut kept: Vec<(i32, String, T)> = Vec::new();
    let mut right_edge = i32::MIN;
    for ((x, label, data), w) in labels.iter().zip(widths) {
        let half = (*w as i32) / 2;
        if x - half >= right_edge + gap {
            kept.push((*x, label.clone(), data.clone()));
            right_edge = x + half;
        }
    }
    kept
}

/// Grid lines and tick labels: `y_ticks` are `(coordinate, label)`, drawn across the plot;
/// `x_ticks` are `(pixel x, label)`, drawn as ticks below it.
pub fn ticks<DB: DrawingBackend>(
    pen: &Pen<'_, DB>,
    plot: (i32, i32, i32, i32),
    y_ticks: &[(i32, String)],
    x_ticks: &[(i32, String)],
    x_grid: bool,
    theme: Theme,
) -> Drawing<DB> {
    let (l, t, r, b) = plot;
    let label = text(TextSize::Axis, theme.foreground);
    let y_label = label.clone().pos(Pos::new(HPos::Right, VPos::Center));
    for (y, text) in y_ticks {
        if *y < t - 1 || *y > b + 1 {
            continue;
        }
        pen.path(&[(l, *y), (r, *y)], colour(theme.grid))?;
        pen.path(&[(l - 5, *y), (l, *y)], colour(theme.foreground))?;
        pen.text(text, (l - 8, *y), &y_label)?;
    }
    let x_label = label.pos(Pos::new(HPos::Center, VPos::Top));
    for (x, text) in x_ticks {
        if x_grid {
            pen.path(&[(*x, t), (*x, b)], colour(theme.grid))?;
        }
        pen.path(&[(*x, b), (*x, b + 5)], colour(theme.foreground))?;
        pen.text(text, (*x, b + 8), &x_label)?;
    }
    // The axes again, over the grid.
    pen.path(&[(l, t), (l, b), (r, b)], colour(theme.foreground))
}

/// A dashed line across the plot at pixel `y`, labelled at its right end above it: an
/// objective or target the reader set, drawn in the foreground colour so that no engine's
/// colour is mistaken for it.
pub fn level_rule<DB: DrawingBackend>(pen: &Pen<'_, DB>, plot: (i32, i32, i32, i32), y: i32, label: &str, theme: Theme) -> Drawing<DB> {
    let (l, _, r, _) = plot;
    let mut x = l;
    while x < r {
        pen.path(&[(x, y), ((x + 6).min(r), y)], colour(theme.foreground).stroke_width(2))?;
        x += 10;
    }
    pen.text(label, (r - 4, y - 3), &text(TextSize::Small, theme.foreground).pos(Pos::new(HPos::Right, VPos::Bottom)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_y_title_keeps_its_closing_remark() {
        // Room for 30 characters at the axis size and 34 a size smaller.
        let fits = |t: &str, size: TextSize| t.chars().count() <= if matches!(size, TextSize::Axis) { 30 } else { 34 };
        let (title, size) = fit_y_title("joules per output token (derived) · lower is better", &fits);
        assert!(matches!(size, TextSize::Small));
        assert_eq!(title, "joules per output token (derived)", "whole, a size smaller");
        let (title, _) = fit_y_title("joules per output token, measured at the wall (derived)", &fits);
        assert!(title.ends_with("… (derived)") && title.chars().count() <= 34, "{title}");
        assert_eq!(fit_y_title("output tok/s", &fits).0, "output tok/s");
        let (title, _) = fit_y_title("output tokens per second per GPU across the whole run", &fits);
        assert!(title.ends_with('…') && title.chars().count() <= 34, "{title}");
    }
}
