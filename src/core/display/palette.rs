//! One colour and one marker shape per engine id, the same in every view.
//!
//! Engines are told apart by colour *and* shape, so the charts survive colour blindness,
//! greyscale print and a second file's dashed lines. Every colour keeps ≥ 3:1 contrast
//! against both theme backgrounds (a test computes it).
//!
//! Rule for files with more engines than colours: engine `i` takes colour `i mod 8` and
//! shape `(i + i / 8) mod 5`, so the first 40 engines get 40 distinct (colour, shape)
//! pairs; beyond 40 pairs repeat and only the legend and table tell engines apart.

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`, for CSS and SVG.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// WCAG relative luminance.
    pub fn luminance(self) -> f64 {
        let channel = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.03928 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(self.0) + 0.7152 * channel(self.1) + 0.0722 * channel(self.2)
    }

    /// WCAG contrast ratio between two colours (1 to 21).
    pub fn contrast(self, other: Rgb) -> f64 {
        let (a, b) = (self.luminance(), other.luminance());
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }
}

/// The light theme's chart background.
pub const LIGHT_BACKGROUND: Rgb = Rgb(0xff, 0xff, 0xff);
/// The dark theme's chart background.
pub const DARK_BACKGROUND: Rgb = Rgb(0x11, 0x18, 0x27);

/// Engine colours in file order: an Okabe–Ito base, darkened where a shade fell below 3:1.
pub const ENGINE_COLOURS: [Rgb; 8] = [
    Rgb(0x00, 0x72, 0xb2), // blue
    Rgb(0xd5, 0x5e, 0x00), // vermillion
    Rgb(0x00, 0x9e, 0x73), // green
    Rgb(0x7c, 0x3a, 0xed), // violet
    Rgb(0xcc, 0x79, 0xa7), // pink
    Rgb(0xa1, 0x62, 0x07), // ochre
    Rgb(0x0e, 0x74, 0x90), // teal
    Rgb(0xdc, 0x26, 0x26), // red
];

/// Colour for ids that are not engines (e.g. accuracy-only rows).
pub const NEUTRAL_COLOUR: Rgb = Rgb(0x80, 0x80, 0x80);

/// A marker shape; paired with colour so engines differ by more than hue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// Filled circle.
    Circle,
    /// Filled square.
    Square,
    /// Filled upward triangle.
    Triangle,
    /// Filled diamond.
    Diamond,
    /// Diagonal cross.
    Cross,
    /// Upright plus: only for ids that are not engines, so a grey mark never reads as one.
    Plus,
    /// Six-armed star: the second shape for ids that are not engines.
    Star,
}

impl Marker {
    /// Shapes kept for ids that are not engines.
    pub const NEUTRAL: [Marker; 2] = [Marker::Plus, Marker::Star];

    /// The engines' shapes, in assignment order (`NEUTRAL` ones are kept for other ids).
    pub const ALL: [Marker; 5] = [Marker::Circle, Marker::Square, Marker::Triangle, Marker::Diamond, Marker::Cross];

    /// A CSS class suffix for the DOM legend's swatch.
    pub fn as_str(self) -> &'static str {
        match self {
            Marker::Circle => "circle",
            Marker::Square => "square",
            Marker::Triangle => "triangle",
            Marker::Diamond => "diamond",
            Marker::Cross => "cross",
            Marker::Plus => "plus",
            Marker::Star => "star",
        }
    }

    /// The legend swatch of this shape in an 18 × 16 box: one SVG path and how it is
    /// painted. The page's legend and the pre-rendered page draw the same path.
    pub fn swatch(self) -> (&'static str, SwatchPaint) {
        match self {
            Marker::Circle => ("M4,7a5,5 0 1,0 10,0a5,5 0 1,0 -10,0", SwatchPaint::Fill),
            Marker::Square => ("M4,2h10v10h-10z", SwatchPaint::Fill),
            Marker::Triangle => ("M9,1L15,12L3,12z", SwatchPaint::Fill),
            Marker::Diamond => ("M9,1L15,7L9,13L3,7z", SwatchPaint::Fill),
            Marker::Cross => ("M4,2L14,12M4,12L14,2", SwatchPaint::Stroke("2.5")),
            Marker::Plus => ("M3,7L15,7M9,1L9,13", SwatchPaint::Stroke("2.5")),
            Marker::Star => ("M9,1L9,13M4,4L14,10M4,10L14,4", SwatchPaint::Stroke("2")),
        }
    }
}

/// How a swatch path is painted: filled, or stroked at a width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwatchPaint {
    /// Filled in the colour.
    Fill,
    /// Stroked in the colour at this width.
    Stroke(&'static str),
}

/// The dash drawn under a swatch whose line is dashed.
pub const SWATCH_DASH: &str = "M0,15L18,15";

/// How one engine is drawn everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineStyle {
    /// Line and marker colour.
    pub colour: Rgb,
    /// Marker shape.
    pub marker: Marker,
}

/// Dash pattern per line style, with the word a key says: solid for the first file, then
/// one per compared file — as many as `MAX_COMPARED` allows, so no two files share a style
/// (the p99 line under pct=both draws the second). `(0, 0)` is solid.
const LINE_STYLES: [((u32, u32), &str); 1 + crate::core::link::MAX_COMPARED] = [
    ((0, 0), "solid"),
    ((8, 5), "dashed"),
    ((2, 4), "dotted"),
    ((14, 4), "long dashes"),
    ((5, 2), "short dashes"),
    ((20, 6), "very long dashes"),
    ((1, 8), "sparse dots"),
];

/// The marker of file `k` in a comparison (0 = the first): with several files a line's
/// colour names its engine and its shape and dash its file, since dashes alone are hard to
/// tell apart at the page's line width (QA pass 3). One shape per file `MAX_COMPARED` allows.
const FILE_MARKERS: [(Marker, &str); 1 + crate::core::link::MAX_COMPARED] = [
    (Marker::Circle, "circles"),
    (Marker::Square, "squares"),
    (Marker::Triangle, "triangles"),
    (Marker::Diamond, "diamonds"),
    (Marker::Cross, "crosses"),
    (Marker::Plus, "pluses"),
    (Marker::Star, "stars"),
];

/// File `k`'s marker in a comparison and its name in a key ("squares").
pub fn file_marker(k: usize) -> (Marker, &'static str) {
    FILE_MARKERS[k.min(FILE_MARKERS.len() - 1)]
}

/// The line style of file `k` (0 = the first; also a history's k-th line): its dash
/// pattern and its name.
pub fn file_line_style(k: usize) -> ((u32, u32), &'static str) {
    LINE_STYLES[k.min(LINE_STYLES.len() - 1)]
}

/// The style of the engine at `index` in the file's `engines` list.
pub fn engine_style(index: usize) -> EngineStyle {
    let colours = ENGINE_COLOURS.len();
    let shapes = Marker::ALL.len();
    EngineStyle { colour: ENGINE_COLOURS[index % colours], marker: Marker::ALL[(index + index / colours) % shapes] }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_engine_colour_keeps_three_to_one_contrast_on_both_backgrounds() {
        for colour in ENGINE_COLOURS.iter().chain([&NEUTRAL_COLOUR]) {
            let light = colour.contrast(LIGHT_BACKGROUND);
            let dark = colour.contrast(DARK_BACKGROUND);
            assert!(light >= 3.0, "{} on light: {light:.2}", colour.hex());
            assert!(dark >= 3.0, "{} on dark: {dark:.2}", colour.hex());
        }
    }

    #[test]
    fn the_first_forty_engines_get_distinct_colour_and_shape_pairs() {
        let pairs: HashSet<_> = (0..40)
            .map(|i| {
                let s = engine_style(i);
                (s.colour.hex(), s.marker.as_str())
            })
            .collect();
        assert_eq!(pairs.len(), 40);
        assert_eq!(engine_style(0).marker, Marker::Circle);
        assert_eq!(engine_style(1).marker, Marker::Square);
        assert_eq!(engine_style(8).colour, ENGINE_COLOURS[0]);
        assert_ne!(engine_style(8).marker, engine_style(0).marker);
    }
}
