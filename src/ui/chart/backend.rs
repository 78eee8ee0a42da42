//! The page's plotters backend: plotters-canvas's `CanvasBackend` on the page's canvas, or
//! plotters' `SVGBackend` for export, with text measured and set by the canvas's own
//! `measureText`/`fillText`.
//!
//! Why a wrapper rather than `CanvasBackend` alone (pixels measured by
//! `tests/e2e/pixels.test.mjs` against the canvas before the wrapper):
//! - plotters measures text with a styled `<span>` per label — a forced layout each time,
//!   and a CSP `style-src` violation — so text is measured on the canvas context, and set
//!   at `size / 1.24` px, plotters' SVG rule, so the canvas, the SVG export and the
//!   pre-rendered page lay text out alike;
//! - `CanvasBackend::get_size` is the backing store in device pixels; our context is
//!   pre-scaled to CSS pixels, so the size is the CSS size;
//! - paths join round (markers and lines drawn as paths meet without spikes), set on the
//!   shared context before `CanvasBackend` strokes them.
//!
//! Everything else — pixels, lines, rectangles, paths, circles, polygons — is
//! `CanvasBackend`'s.

use plotters::prelude::SVGBackend;
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind, FontTransform};
use plotters_canvas::CanvasBackend;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// What the backend draws into.
pub enum Target<'a> {
    /// plotters-canvas on an on-page or offscreen canvas (context pre-scaled to CSS pixels).
    Canvas(CanvasBackend),
    /// An SVG document being written.
    Svg(SVGBackend<'a>),
}

/// A drawing error, as text.
#[derive(Debug)]
pub struct BackendError(pub String);

impl std::fmt::Display for BackendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BackendError {}

/// The backend every chart on the page draws through.
pub struct CanvasTextBackend<'a> {
    target: Target<'a>,
    context: CanvasRenderingContext2d,
    css_size: (u32, u32),
}

impl<'a> CanvasTextBackend<'a> {
    /// Draw on `canvas`, whose 2D `context` is pre-scaled to `css_size` CSS pixels; `None`
    /// when plotters-canvas cannot take the canvas.
    pub fn canvas(canvas: HtmlCanvasElement, context: CanvasRenderingContext2d, css_size: (u32, u32)) -> Option<Self> {
        let backend = CanvasBackend::with_canvas_object(canvas)?;
        Some(CanvasTextBackend { target: Target::Canvas(backend), context, css_size })
    }

    /// Write an SVG document, measuring text on `context`.
    pub fn svg(svg: SVGBackend<'a>, context: CanvasRenderingContext2d, css_size: (u32, u32)) -> Self {
        CanvasTextBackend { target: Target::Svg(svg), context, css_size }
    }
}

fn css_colour(color: BackendColor) -> String {
    let (r, g, b) = color.rgb;
    if color.alpha >= 1.0 {
        format!("rgb({r},{g},{b})")
    } else {
        format!("rgba({r},{g},{b},{})", color.alpha)
    }
}

fn css_font<S: BackendTextStyle>(style: &S) -> String {
    format!("{} {}px {}", style.style().as_str(), style.size() / 1.24, style.family().as_str())
}

fn as_ours<E: std::error::Error + Send + Sync>(error: DrawingErrorKind<E>) -> DrawingErrorKind<BackendError> {
    match error {
        DrawingErrorKind::DrawingError(e) => DrawingErrorKind::DrawingError(BackendError(e.to_string())),
        DrawingErrorKind::FontError(e) => DrawingErrorKind::FontError(e),
    }
}

type Drawn = Result<(), DrawingErrorKind<BackendError>>;

/// Hand a drawing call to whichever backend draws.
macro_rules! delegate {
    ($self:ident, $b:ident => $call:expr) => {
        match &mut $self.target {
            Target::Canvas($b) => $call.map_err(as_ours),
            Target::Svg($b) => $call.map_err(as_ours),
        }
    };
}

impl DrawingBackend for CanvasTextBackend<'_> {
    type ErrorType = BackendError;

    fn get_size(&self) -> (u32, u32) {
        self.css_size
    }

    fn ensure_prepared(&mut self) -> Drawn {
        delegate!(self, b => b.ensure_prepared())
    }

    fn present(&mut self) -> Drawn {
        delegate!(self, b => b.present())
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Drawn {
        delegate!(self, b => b.draw_pixel(point, color))
    }

    fn draw_line<S: BackendStyle>(&mut self, from: BackendCoord, to: BackendCoord, style: &S) -> Drawn {
        delegate!(self, b => b.draw_line(from, to, style))
    }

    fn draw_rect<S: BackendStyle>(&mut self, upper_left: BackendCoord, bottom_right: BackendCoord, style: &S, fill: bool) -> Drawn {
        delegate!(self, b => b.draw_rect(upper_left, bottom_right, style, fill))
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(&mut self, path: I, style: &S) -> Drawn {
        if matches!(self.target, Target::Canvas(_)) && style.color().alpha > 0.0 {
            self.context.set_line_join("round");
        }
        delegate!(self, b => b.draw_path(path, style))
    }

    fn draw_circle<S: BackendStyle>(&mut self, center: BackendCoord, radius: u32, style: &S, fill: bool) -> Drawn {
        delegate!(self, b => b.draw_circle(center, radius, style, fill))
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(&mut self, vert: I, style: &S) -> Drawn {
        delegate!(self, b => b.fill_polygon(vert, style))
    }

    fn draw_text<S: BackendTextStyle>(&mut self, text: &str, style: &S, pos: BackendCoord) -> Drawn {
        if let Target::Svg(b) = &mut self.target {
            return b.draw_text(text, style, pos).map_err(as_ours);
        }
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        let degrees: f64 = match style.transform() {
            FontTransform::None => 0.0,
            FontTransform::Rotate90 => 90.0,
            FontTransform::Rotate180 => 180.0,
            FontTransform::Rotate270 => 270.0,
        };
        let (mut x, mut y) = (f64::from(pos.0), f64::from(pos.1));
        if degrees != 0.0 {
            self.context.save();
            self.context.translate(x, y).ok();
            self.context.rotate(degrees.to_radians()).ok();
            (x, y) = (0.0, 0.0);
        }
        self.context.set_text_baseline(match style.anchor().v_pos {
            VPos::Top => "top",
            VPos::Center => "middle",
            VPos::Bottom => "bottom",
        });
        self.context.set_text_align(match style.anchor().h_pos {
            HPos::Left => "start",
            HPos::Right => "end",
            HPos::Center => "center",
        });
        self.context.set_fill_style_str(&css_colour(color));
        self.context.set_font(&css_font(style));
        self.context.fill_text(text, x, y).ok();
        if degrees != 0.0 {
            self.context.restore();
        }
        Ok(())
    }

    fn estimate_text_size<S: BackendTextStyle>(&self, text: &str, style: &S) -> Result<(u32, u32), DrawingErrorKind<BackendError>> {
        self.context.set_font(&css_font(style));
        let metrics =
            self.context.measure_text(text).map_err(|e| DrawingErrorKind::FontError(format!("measureText failed: {e:?}").into()))?;
        let height = metrics.font_bounding_box_ascent() + metrics.font_bounding_box_descent();
        Ok((metrics.width().ceil() as u32, height.ceil() as u32))
    }
}
