//! How charts look: the two themes, the fonts and sizes, and colour blending. Every chart
//! takes its furniture from here, so a style change is one edit.

use plotters::style::{FontDesc, IntoFont, RGBColor, TextStyle};

use crate::core::display::palette::Rgb;

/// Colours of the chart's furniture, from the page theme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theme {
    /// Background fill.
    pub background: Rgb,
    /// Axis, tick and label colour.
    pub foreground: Rgb,
    /// Grid line colour.
    pub grid: Rgb,
    /// Colour of text that says less (notes, the not-measured strip).
    pub muted: Rgb,
}

/// The light theme.
pub const LIGHT: Theme = Theme {
    background: Rgb(0xff, 0xff, 0xff),
    foreground: Rgb(0x1f, 0x29, 0x37),
    grid: Rgb(0xe5, 0xe7, 0xeb),
    muted: Rgb(0x6b, 0x72, 0x80),
};

/// The dark theme; its background is `palette::DARK_BACKGROUND`, which every engine colour
/// keeps 3:1 contrast against.
pub const DARK: Theme = Theme {
    background: Rgb(0x11, 0x18, 0x27),
    foreground: Rgb(0xe5, 0xe7, 0xeb),
    grid: Rgb(0x37, 0x41, 0x51),
    muted: Rgb(0x9c, 0xa3, 0xaf),
};

/// The ring drawn around points whose source failed its hash check.
pub const MISMATCH: Rgb = Rgb(0xb4, 0x23, 0x18);

/// The font family every chart uses.
pub const FAMILY: &str = "sans-serif";

/// Text sizes, in plotters' units: both backends draw a size `s` as an `s / 1.24` px font
/// (plotters' SVG rule, which the page's canvas backend follows), so an export, the
/// pre-rendered page and the canvas set the same text.
#[derive(Clone, Copy, Debug)]
pub enum TextSize {
    /// Tick labels and axis titles.
    Axis,
    /// Point labels and notes.
    Small,
    /// Legend entries.
    Legend,
    /// An export's title line.
    Title,
}

impl TextSize {
    fn px(self) -> f64 {
        match self {
            // 13.5, 12, 13 and 16 CSS px.
            TextSize::Axis => 16.74,
            TextSize::Small => 14.88,
            TextSize::Legend => 16.12,
            TextSize::Title => 19.84,
        }
    }
}

/// A plotters colour.
pub fn colour(rgb: Rgb) -> RGBColor {
    RGBColor(rgb.0, rgb.1, rgb.2)
}

/// A font of a size.
pub fn font(size: TextSize) -> FontDesc<'static> {
    (FAMILY, size.px()).into_font()
}

/// A text style: font, size and colour.
pub fn text(size: TextSize, rgb: Rgb) -> TextStyle<'static> {
    font(size).color(&colour(rgb))
}

/// The trade-off frontier's grey, in the chart and its legend key.
pub fn frontier_colour(theme: Theme) -> Rgb {
    blend(theme.foreground, theme.background, 0.6)
}

/// `a` moved towards `b` by `t` (0 = a, 1 = b): dimmed marks and the frontier's grey.
pub fn blend(a: Rgb, b: Rgb, t: f64) -> Rgb {
    let mix = |x: u8, y: u8| (f64::from(x) * (1.0 - t) + f64::from(y) * t).round() as u8;
    Rgb(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}
