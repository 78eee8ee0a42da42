//! Canvas surfaces: an on-page or offscreen canvas sized to its CSS size × the pixel
//! ratio, its context pre-scaled so charts draw in CSS pixels; and SVG documents drawn by
//! the same functions.

use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, IntoDrawingArea, SVGBackend};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use super::backend::CanvasTextBackend;

/// The drawing area every page chart draws on.
pub type Area<'a> = DrawingArea<CanvasTextBackend<'a>, Shift>;

fn context(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas.get_context("2d").ok()??.dyn_into().ok()
}

/// Size a canvas's backing store to `css_size` × `ratio`, set its CSS size through the
/// CSSOM (an inline `style` attribute would be refused by the CSP), scale the context,
/// and hand `draw` an area in CSS pixels. `None` without a size or a context.
pub fn draw_on_canvas<T>(canvas: &HtmlCanvasElement, css_size: (u32, u32), ratio: f64, draw: impl FnOnce(&Area<'_>) -> T) -> Option<T> {
    let (width, height) = css_size;
    if width == 0 || height == 0 {
        return None;
    }
    let ratio = ratio.max(1.0);
    canvas.set_width((f64::from(width) * ratio).round() as u32);
    canvas.set_height((f64::from(height) * ratio).round() as u32);
    let style = web_sys::HtmlElement::style(canvas);
    style.set_property("width", &format!("{width}px")).ok();
    style.set_property("height", &format!("{height}px")).ok();
    let context = context(canvas)?;
    // Resizing the backing store reset the context; scale it so drawing is in CSS pixels.
    context.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0).ok()?;
    let backend = CanvasTextBackend::canvas(canvas.clone(), context, css_size)?;
    Some(draw(&backend.into_drawing_area()))
}

/// An offscreen canvas, for a PNG export.
pub fn offscreen() -> Option<HtmlCanvasElement> {
    web_sys::window()?.document()?.create_element("canvas").ok()?.dyn_into().ok()
}

/// Draw into an SVG document of `css_size`, measuring text on `measure`'s context.
pub fn draw_svg<T>(measure: &HtmlCanvasElement, css_size: (u32, u32), draw: impl FnOnce(&Area<'_>) -> T) -> Option<(String, T)> {
    let context = context(measure)?;
    let mut svg = String::new();
    let out = {
        let backend = CanvasTextBackend::svg(SVGBackend::with_string(&mut svg, css_size), context, css_size);
        draw(&backend.into_drawing_area())
    };
    Some((svg, out))
}
