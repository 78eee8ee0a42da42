//! The page's plotters backend: a 2D canvas drawn directly, or an SVG document for export,
//! both measuring text with the canvas's own `measureText`.
//!
//! plotters' web text measurement inserts a styled `<span>` per label — a forced layout
//! each time, and a CSP `style-src` violation. Here text is measured on a canvas context,
//! and set at `size / 1.24` px, plotters' SVG rule, so the canvas, the SVG export and the
//! pre-rendered page lay text out alike. Sizes are CSS pixels; the context is pre-scaled.

use plotters::prelude::SVGBackend;
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind, FontTransform};
use web_sys::CanvasRenderingContext2d;

/// What the backend draws into.
pub enum Target<'a> {
    /// The context of an on-page or offscreen canvas (pre-scaled to CSS pixels).
    Canvas,
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
    /// Draw on a canvas context of `css_size` CSS pixels.
    pub fn canvas(context: CanvasRenderingContext2d, css_size: (u32, u32)) -> Self {
        CanvasTextBackend { target: Target::Canvas, context, css_size }
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

fn svg_error<E: std::error::Error + Send + Sync>(error: DrawingErrorKind<E>) -> DrawingErrorKind<BackendError> {
    match error {
        DrawingErrorKind::DrawingError(e) => DrawingErrorKind::DrawingError(BackendError(e.to_string())),
        DrawingErrorKind::FontError(e) => DrawingErrorKind::FontError(e),
    }
}

type Drawn = Result<(), DrawingErrorKind<BackendError>>;

impl CanvasTextBackend<'_> {
    fn stroke<S: BackendStyle>(&self, style: &S) {
        self.context.set_stroke_style_str(&css_colour(style.color()));
        self.context.set_line_width(f64::from(style.stroke_width().max(1)));
    }

    fn fill<S: BackendStyle>(&self, style: &S) {
        self.context.set_fill_style_str(&css_colour(style.color()));
    }

    fn path(&self, points: impl IntoIterator<Item = BackendCoord>) -> bool {
        self.context.begin_path();
        let mut any = false;
        for (i, (x, y)) in points.into_iter().enumerate() {
            if i == 0 {
                self.context.move_to(f64::from(x), f64::from(y));
            } else {
                self.context.line_to(f64::from(x), f64::from(y));
            }
            any = true;
        }
        any
    }
}

impl DrawingBackend for CanvasTextBackend<'_> {
    type ErrorType = BackendError;

    fn get_size(&self) -> (u32, u32) {
        self.css_size
    }

    fn ensure_prepared(&mut self) -> Drawn {
        match &mut self.target {
            Target::Canvas => Ok(()),
            Target::Svg(b) => b.ensure_prepared().map_err(svg_error),
        }
    }

    fn present(&mut self) -> Drawn {
        match &mut self.target {
            Target::Canvas => Ok(()),
            Target::Svg(b) => b.present().map_err(svg_error),
        }
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Drawn {
        match &mut self.target {
            Target::Svg(b) => b.draw_pixel(point, color).map_err(svg_error),
            Target::Canvas => {
                if color.alpha > 0.0 {
                    self.context.set_fill_style_str(&css_colour(color));
                    self.context.fill_rect(f64::from(point.0), f64::from(point.1), 1.0, 1.0);
                }
                Ok(())
            }
        }
    }

    fn draw_line<S: BackendStyle>(&mut self, from: BackendCoord, to: BackendCoord, style: &S) -> Drawn {
        if let Target::Svg(b) = &mut self.target {
            return b.draw_line(from, to, style).map_err(svg_error);
        }
        if style.color().alpha > 0.0 {
            self.stroke(style);
            self.path([from, to]);
            self.context.stroke();
        }
        Ok(())
    }

    fn draw_rect<S: BackendStyle>(&mut self, upper_left: BackendCoord, bottom_right: BackendCoord, style: &S, fill: bool) -> Drawn {
        if let Target::Svg(b) = &mut self.target {
            return b.draw_rect(upper_left, bottom_right, style, fill).map_err(svg_error);
        }
        if style.color().alpha > 0.0 {
            let (x, y) = (f64::from(upper_left.0), f64::from(upper_left.1));
            let (w, h) = (f64::from(bottom_right.0 - upper_left.0), f64::from(bottom_right.1 - upper_left.1));
            if fill {
                self.fill(style);
                self.context.fill_rect(x, y, w, h);
            } else {
                self.stroke(style);
                self.context.stroke_rect(x, y, w, h);
            }
        }
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(&mut self, path: I, style: &S) -> Drawn {
        if let Target::Svg(b) = &mut self.target {
            return b.draw_path(path, style).map_err(svg_error);
        }
        if style.color().alpha > 0.0 {
            self.stroke(style);
            self.context.set_line_join("round");
            if self.path(path) {
                self.context.stroke();
            }
        }
        Ok(())
    }

    fn draw_circle<S: BackendStyle>(&mut self, center: BackendCoord, radius: u32, style: &S, fill: bool) -> Drawn {
        if let Target::Svg(b) = &mut self.target {
            return b.draw_circle(center, radius, style, fill).map_err(svg_error);
        }
        if style.color().alpha > 0.0 {
            self.context.begin_path();
            self.context.arc(f64::from(center.0), f64::from(center.1), f64::from(radius), 0.0, std::f64::consts::TAU).ok();
            if fill {
                self.fill(style);
                self.context.fill();
            } else {
                self.stroke(style);
                self.context.stroke();
            }
        }
        Ok(())
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(&mut self, vert: I, style: &S) -> Drawn {
        if let Target::Svg(b) = &mut self.target {
            return b.fill_polygon(vert, style).map_err(svg_error);
        }
        if style.color().alpha > 0.0 && self.path(vert) {
            self.context.close_path();
            self.fill(style);
            self.context.fill();
        }
        Ok(())
    }

    fn draw_text<S: BackendTextStyle>(&mut self, text: &str, style: &S, pos: BackendCoord) -> Drawn {
        if let Target::Svg(b) = &mut self.target {
            return b.draw_text(text, style, pos).map_err(svg_error);
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
