//! What a chart drew where, in one shape for every chart: marks in backend pixels, each
//! naming its group (a line, a row, an engine) and item (a concurrency level, a category),
//! so one hover lookup and one keyboard walk serve every chart. And `Pen`, which draws in
//! backend pixels on an area that starts elsewhere, so no chart adds offsets by hand.

use plotters::coord::Shift;
use plotters::element::{Circle, PathElement, Polygon, Rectangle, Text};
use plotters::prelude::{DrawingArea, DrawingAreaErrorKind, DrawingBackend};
use plotters::style::{Color, ShapeStyle, TextStyle};

use super::style::colour;
use crate::core::display::palette::{Marker, Rgb};

/// One drawn point, in backend pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// Which line, row or engine.
    pub group: usize,
    /// Which point of it: a concurrency level, or a category's index.
    pub item: u32,
    /// Pixel x.
    pub x_px: i32,
    /// Pixel y.
    pub y_px: i32,
    /// What else is the mark: `[half width, height below]` in pixels — a bar's body, so a
    /// pointer anywhere on the bar finds it; `[0, 0]` for a point.
    pub reach: [i32; 2],
}

/// How far from a mark, in CSS pixels, a pointer still finds it: the app's and the
/// pre-rendered page's (written onto `<html data-hit-radius>` at build).
pub const HIT_RADIUS_PX: i32 = 16;

/// The mark nearest to a pixel within `radius`, if any: the distance to a mark with a
/// `reach` is the distance to its box (zero inside it).
pub fn nearest(marks: &[Mark], x_px: i32, y_px: i32, radius: i32) -> Option<Mark> {
    let distance = |m: &Mark| {
        let dx = ((m.x_px - x_px).abs() - m.reach[0]).max(0);
        let dy = if y_px < m.y_px { m.y_px - y_px } else { (y_px - m.y_px - m.reach[1]).max(0) };
        i64::from(dx).pow(2) + i64::from(dy).pow(2)
    };
    marks.iter().map(|m| (m, distance(m))).filter(|(_, d)| *d <= i64::from(radius).pow(2)).min_by_key(|(_, d)| *d).map(|(m, _)| *m)
}

/// A keyboard step through marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The next point to the right in the same group.
    Next,
    /// The previous point in the same group.
    Previous,
    /// The nearest point of the next group.
    NextGroup,
    /// The nearest point of the previous group.
    PreviousGroup,
}

/// The mark a keyboard step lands on: along a group in x order, or to the nearest point
/// of the neighbouring group; from nothing, the first mark.
pub fn step(marks: &[Mark], from: Option<Mark>, step: Step) -> Option<Mark> {
    let Some(from) = from.filter(|f| marks.contains(f)) else { return marks.iter().min_by_key(|m| (m.group, m.x_px)).copied() };
    let mut groups: Vec<usize> = marks.iter().map(|m| m.group).collect();
    groups.sort_unstable();
    groups.dedup();
    let in_group = |g: usize| {
        let mut ms: Vec<Mark> = marks.iter().filter(|m| m.group == g).copied().collect();
        ms.sort_by_key(|m| (m.x_px, m.y_px));
        ms
    };
    match step {
        Step::Next | Step::Previous => {
            let ms = in_group(from.group);
            let at = ms.iter().position(|m| *m == from)?;
            let next = if step == Step::Next { at + 1 } else { at.checked_sub(1)? };
            ms.get(next).copied().or(Some(from))
        }
        Step::NextGroup | Step::PreviousGroup => {
            let at = groups.iter().position(|g| *g == from.group)?;
            let next = if step == Step::NextGroup { (at + 1) % groups.len() } else { (at + groups.len() - 1) % groups.len() };
            in_group(groups[next]).into_iter().min_by_key(|m| (m.x_px - from.x_px).abs())
        }
    }
}

/// The marks as the page's `data-marks` attribute, in one format for the app's canvas and
/// the pre-rendered SVG: `x,y,group,item` per mark, then `,half width,height below` for a
/// bar's body, `;` between marks.
pub fn marks_attribute(marks: &[Mark]) -> String {
    let one = |m: &Mark| match m.reach {
        [0, 0] => format!("{},{},{},{}", m.x_px, m.y_px, m.group, m.item),
        [w, h] => format!("{},{},{},{},{w},{h}", m.x_px, m.y_px, m.group, m.item),
    };
    marks.iter().map(one).collect::<Vec<_>>().join(";")
}

/// Where each keyboard step from each mark lands, as indices into `marks`, in the order
/// `[Next, Previous, NextGroup, PreviousGroup]`: `step` run once per mark, so the page
/// before the wasm (which reads this from `data-steps`) walks exactly as the app does.
pub fn steps(marks: &[Mark]) -> Vec<[usize; 4]> {
    let index = |m: Option<Mark>, k: usize| m.and_then(|m| marks.iter().position(|n| *n == m)).unwrap_or(k);
    marks
        .iter()
        .enumerate()
        .map(|(k, m)| [Step::Next, Step::Previous, Step::NextGroup, Step::PreviousGroup].map(|s| index(step(marks, Some(*m), s), k)))
        .collect()
}

/// Draws in backend pixels on an area that may start anywhere on the backend.
pub struct Pen<'a, DB: DrawingBackend> {
    area: &'a DrawingArea<DB, Shift>,
    base: (i32, i32),
}

/// A drawing result.
pub type Drawing<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

impl<'a, DB: DrawingBackend> Pen<'a, DB> {
    /// A pen for an area.
    pub fn new(area: &'a DrawingArea<DB, Shift>) -> Self {
        Pen { area, base: area.get_base_pixel() }
    }

    fn here(&self, (x, y): (i32, i32)) -> (i32, i32) {
        (x - self.base.0, y - self.base.1)
    }

    /// A polyline through backend pixels.
    pub fn path(&self, points: &[(i32, i32)], style: impl Into<ShapeStyle>) -> Drawing<DB> {
        self.area.draw(&PathElement::new(points.iter().map(|p| self.here(*p)).collect::<Vec<_>>(), style))
    }

    /// A filled or stroked rectangle between two corners.
    pub fn rect(&self, from: (i32, i32), to: (i32, i32), style: impl Into<ShapeStyle>) -> Drawing<DB> {
        self.area.draw(&Rectangle::new([self.here(from), self.here(to)], style))
    }

    /// Text anchored at a pixel.
    pub fn text(&self, text: &str, at: (i32, i32), style: &TextStyle<'_>) -> Drawing<DB> {
        self.area.draw(&Text::new(text.to_owned(), self.here(at), style.clone()))
    }

    /// A text's size for layout (`layout_size`): the same on every backend.
    pub fn measure(&self, text: &str, style: &TextStyle<'_>) -> (u32, u32) {
        layout_size(text, style)
    }

    /// A marker centred on a pixel: filled for a measured point, hollow for a low sample.
    pub fn marker(&self, at: (i32, i32), marker: Marker, rgb: Rgb, filled: bool) -> Drawing<DB> {
        let style = if filled { colour(rgb).filled() } else { colour(rgb).stroke_width(2) };
        let (x, y) = self.here(at);
        let stroke = colour(rgb).stroke_width(2);
        let poly = |points: Vec<(i32, i32)>| -> Drawing<DB> {
            if filled {
                self.area.draw(&Polygon::new(points, style))
            } else {
                let mut closed = points.clone();
                closed.extend(points.first().copied());
                self.area.draw(&PathElement::new(closed, style))
            }
        };
        match marker {
            Marker::Circle => self.area.draw(&Circle::new((x, y), 4, style)),
            Marker::Square => self.area.draw(&Rectangle::new([(x - 4, y - 4), (x + 4, y + 4)], style)),
            Marker::Triangle => poly(vec![(x, y - 5), (x + 5, y + 4), (x - 5, y + 4)]),
            Marker::Diamond => poly(vec![(x, y - 5), (x + 5, y), (x, y + 5), (x - 5, y)]),
            Marker::Cross => {
                self.area.draw(&PathElement::new(vec![(x - 4, y - 4), (x + 4, y + 4)], stroke))?;
                self.area.draw(&PathElement::new(vec![(x - 4, y + 4), (x + 4, y - 4)], stroke))
            }
            Marker::Plus => {
                self.area.draw(&PathElement::new(vec![(x - 5, y), (x + 5, y)], stroke))?;
                self.area.draw(&PathElement::new(vec![(x, y - 5), (x, y + 5)], stroke))
            }
            Marker::Star => {
                self.area.draw(&PathElement::new(vec![(x, y - 6), (x, y + 6)], stroke))?;
                self.area.draw(&PathElement::new(vec![(x - 5, y - 3), (x + 5, y + 3)], stroke))?;
                self.area.draw(&PathElement::new(vec![(x - 5, y + 3), (x + 5, y - 3)], stroke))
            }
        }
    }

    /// A ring around a point (a mismatched source).
    pub fn ring(&self, at: (i32, i32), radius: u32, rgb: Rgb) -> Drawing<DB> {
        self.area.draw(&Circle::new(self.here(at), radius, colour(rgb).stroke_width(2)))
    }

    /// A filled disc (a low-sample point's background).
    pub fn disc(&self, at: (i32, i32), radius: u32, rgb: Rgb) -> Drawing<DB> {
        self.area.draw(&Circle::new(self.here(at), radius, colour(rgb).filled()))
    }
}

/// The size a text is given in a chart's layout — label columns, legend rows, tick room —
/// by one rule on every backend: plotters' own estimate for a backend without fonts, by
/// which the build lays out the SVG it writes. The canvas measures glyphs with the
/// reader's fonts, which the build cannot know; laid out by the browser's measure, the
/// app's plot moved at the take-over (4 px on the serving chart, 30 px on the accuracy dot
/// chart, a legend row re-wrapped on a phone's bar chart). The glyphs are still drawn and
/// placed by the backend; the rule is wider than the browser's sans text, so nothing clips.
pub fn layout_size(text: &str, style: &TextStyle<'_>) -> (u32, u32) {
    let em = style.font.get_size() / 1.24 / 1.24;
    let width = (em * 0.7 * text.len() as f64).round();
    let height = em.round() + (em * 0.24).round();
    (width as u32, height as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marks() -> Vec<Mark> {
        vec![
            Mark { group: 0, item: 1, x_px: 10, y_px: 100, reach: [0, 0] },
            Mark { group: 0, item: 2, x_px: 20, y_px: 90, reach: [0, 0] },
            Mark { group: 1, item: 1, x_px: 10, y_px: 50, reach: [0, 0] },
            Mark { group: 1, item: 2, x_px: 20, y_px: 40, reach: [0, 0] },
        ]
    }

    #[test]
    fn hover_finds_the_nearest_mark_within_the_radius_only() {
        let m = marks();
        assert_eq!(nearest(&m, 19, 88, 14).map(|m| (m.group, m.item)), Some((0, 2)));
        assert_eq!(nearest(&m, 200, 200, 14), None);
    }

    #[test]
    fn a_bar_answers_anywhere_on_its_body() {
        // A bar 40 px wide whose top centre is (100, 50) and whose base is 150 px lower.
        let bar = [Mark { group: 3, item: 0, x_px: 100, y_px: 50, reach: [20, 150] }];
        assert_eq!(nearest(&bar, 100, 120, 16).map(|m| m.group), Some(3), "the middle of the bar");
        assert_eq!(nearest(&bar, 118, 199, 16).map(|m| m.group), Some(3), "near its bottom corner");
        assert_eq!(nearest(&bar, 100, 40, 16).map(|m| m.group), Some(3), "just above its top");
        assert_eq!(nearest(&bar, 160, 120, 16), None, "beside it");
        assert_eq!(nearest(&bar, 100, 230, 16), None, "below its base");
    }

    #[test]
    fn arrow_keys_walk_a_line_and_jump_between_lines() {
        let m = marks();
        let first = step(&m, None, Step::Next).expect("a start");
        assert_eq!((first.group, first.item), (0, 1));
        let right = step(&m, Some(first), Step::Next).expect("next");
        assert_eq!((right.group, right.item), (0, 2));
        assert_eq!(step(&m, Some(right), Step::Next), Some(right), "the end of a line stays put");
        let down = step(&m, Some(right), Step::NextGroup).expect("other line");
        assert_eq!((down.group, down.item), (1, 2));
        assert_eq!(step(&m, Some(down), Step::NextGroup).map(|m| m.group), Some(0), "wraps");
    }
}
