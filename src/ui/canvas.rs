//! The one place charts meet the DOM: a canvas backend that measures text with the canvas
//! itself, sized to its CSS box × `devicePixelRatio`, redrawn when the box or ratio changes.

use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

type CanvasError = <CanvasBackend as DrawingBackend>::ErrorType;

/// `CanvasBackend` with text measured by the 2D context's `measureText`.
///
/// plotters' own web text measurement inserts a styled `<span>` per label: a forced layout
/// each time, and a CSP `style-src` violation. Every method is forwarded except
/// `estimate_text_size`; `get_size` reports CSS pixels because the context is pre-scaled.
pub struct MeasuredCanvas {
    inner: CanvasBackend,
    context: CanvasRenderingContext2d,
    css_size: (u32, u32),
}

fn css_font<S: BackendTextStyle>(style: &S) -> String {
    // The same font string CanvasBackend::draw_text sets, so measurement matches drawing.
    format!("{} {}px {}", style.style().as_str(), style.size(), style.family().as_str())
}

impl DrawingBackend for MeasuredCanvas {
    type ErrorType = CanvasError;

    fn get_size(&self) -> (u32, u32) {
        self.css_size
    }
    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.ensure_prepared()
    }
    fn present(&mut self) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.present()
    }
    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_pixel(point, color)
    }
    fn draw_line<S: BackendStyle>(&mut self, from: BackendCoord, to: BackendCoord, style: &S) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_line(from, to, style)
    }
    fn draw_rect<S: BackendStyle>(&mut self, ul: BackendCoord, br: BackendCoord, style: &S, fill: bool) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_rect(ul, br, style, fill)
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(&mut self, path: I, style: &S) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_path(path, style)
    }
    fn draw_circle<S: BackendStyle>(&mut self, center: BackendCoord, radius: u32, style: &S, fill: bool) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_circle(center, radius, style, fill)
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(&mut self, vert: I, style: &S) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.fill_polygon(vert, style)
    }
    fn draw_text<S: BackendTextStyle>(&mut self, text: &str, style: &S, pos: BackendCoord) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.draw_text(text, style, pos)
    }
    fn estimate_text_size<S: BackendTextStyle>(&self, text: &str, style: &S) -> Result<(u32, u32), DrawingErrorKind<CanvasError>> {
        self.context.set_font(&css_font(style));
        let metrics = self
            .context
            .measure_text(text)
            .map_err(|e| DrawingErrorKind::FontError(format!("measureText failed: {e:?}").into()))?;
        let height = metrics.font_bounding_box_ascent() + metrics.font_bounding_box_descent();
        Ok((metrics.width().ceil() as u32, height.ceil() as u32))
    }
    fn blit_bitmap(&mut self, pos: BackendCoord, size: (u32, u32), src: &[u8]) -> Result<(), DrawingErrorKind<CanvasError>> {
        self.inner.blit_bitmap(pos, size, src)
    }
}

/// Size the canvas's backing store to its CSS box × `devicePixelRatio`, scale the context,
/// and hand `draw` a drawing area in CSS pixels. Returns `None` when the canvas has no box
/// yet (not laid out) or no 2D context.
pub fn draw_on_canvas<T>(
    canvas: &HtmlCanvasElement,
    draw: impl FnOnce(&DrawingArea<MeasuredCanvas, Shift>) -> T,
) -> Option<T> {
    let width = canvas.client_width().max(0) as u32;
    let height = canvas.client_height().max(0) as u32;
    if width == 0 || height == 0 {
        return None;
    }
    let ratio = web_sys::window().map(|w| w.device_pixel_ratio()).unwrap_or(1.0).max(1.0);
    canvas.set_width((f64::from(width) * ratio).round() as u32);
    canvas.set_height((f64::from(height) * ratio).round() as u32);
    let context: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.dyn_into().ok()?;
    let inner = CanvasBackend::with_canvas_object(canvas.clone())?;
    // Resizing the backing store reset the context; scale it so drawing is in CSS pixels.
    context.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0).ok()?;
    let backend = MeasuredCanvas { inner, context, css_size: (width, height) };
    Some(draw(&backend.into_drawing_area()))
}

/// A signal that ticks when the window is resized or its pixel ratio changes, so charts
/// redraw at their new size. Resize events cover zoom and moving to another monitor.
pub fn use_resize_tick() -> ReadSignal<u32> {
    let (tick, set_tick) = signal(0u32);
    let handle = window_event_listener(leptos::ev::resize, move |_| set_tick.update(|t| *t += 1));
    on_cleanup(move || handle.remove());
    tick
}

/// Redraw a canvas whenever what `draw` reads changes or the window is resized. Redrawing
/// is the one effect a chart owns; everything it draws is derived upstream.
fn redraw_effect<T: 'static, E: std::fmt::Debug>(
    canvas_ref: NodeRef<leptos::html::Canvas>,
    draw: impl Fn(&DrawingArea<MeasuredCanvas, Shift>) -> Result<T, E> + 'static,
    drawn: impl Fn(&HtmlCanvasElement, T) + 'static,
) {
    let resized = use_resize_tick();
    Effect::new(move |_| {
        resized.track();
        let Some(canvas) = canvas_ref.get() else { return };
        mark("servescope:draw-start");
        match draw_on_canvas(&canvas, &draw) {
            Some(Ok(result)) => {
                drawn(&canvas, result);
                mark("servescope:chart-drawn");
            }
            Some(Err(e)) => leptos::logging::error!("chart drawing failed: {e:?}"),
            None => {}
        }
    });
}

/// A concurrency chart on a canvas. Publishes what it drew (for tooltips) through
/// `geometry`, and the points' pixels as `data-point-px` for automation.
#[component]
pub fn ConcurrencyCanvas(
    /// One line per engine.
    #[prop(into)]
    series: Signal<Vec<crate::core::series::Series>>,
    /// The concurrency levels to tick (the file's, or both files' when comparing).
    #[prop(into)]
    concurrency: Signal<Vec<u32>>,
    /// Y axis title with unit.
    #[prop(into)]
    y_title: Signal<String>,
    /// The y scale.
    #[prop(into)]
    scale: Signal<crate::core::view_state::Scale>,
    /// Text alternative: what the chart shows.
    #[prop(into)]
    summary: Signal<String>,
    /// Where the drawn geometry goes, for hover lookups.
    #[prop(optional)]
    geometry: Option<RwSignal<Option<crate::chart::ChartGeometry>>>,
) -> impl IntoView {
    use crate::chart::{draw_concurrency_chart, ConcurrencyChart, LIGHT};
    let canvas_ref = NodeRef::<leptos::html::Canvas>::new();
    redraw_effect(
        canvas_ref,
        move |area| {
            let (series, scale, y_title, concurrency) = (series.get(), scale.get(), y_title.get(), concurrency.get());
            draw_concurrency_chart(area, &ConcurrencyChart { y_title: &y_title, concurrency: &concurrency, series: &series, scale, theme: LIGHT })
        },
        move |canvas, drawn| {
            canvas.set_attribute("data-points", &drawn.points.len().to_string()).ok();
            canvas.set_attribute("data-gaps", &drawn.gaps.len().to_string()).ok();
            let px: Vec<String> = drawn.points.iter().map(|p| format!("{},{}", p.x_px, p.y_px)).collect();
            canvas.set_attribute("data-point-px", &px.join(";")).ok();
            if let Some(geometry) = geometry {
                geometry.set(Some(drawn));
            }
        },
    );
    view! { <canvas node_ref=canvas_ref class="chart" role="img" aria-label=move || summary.get()></canvas> }
}

/// The throughput/interactivity chart on a canvas.
#[component]
pub fn TradeoffCanvas(
    /// One polyline per engine.
    #[prop(into)]
    lines: Signal<Vec<crate::core::series::TradeoffLine>>,
    /// The Pareto frontier.
    #[prop(into)]
    frontier: Signal<Vec<crate::core::series::FrontierPoint>>,
    /// Y axis title.
    y_title: String,
    /// A per-user speed limit to draw.
    #[prop(into)]
    x_limit: Signal<Option<f64>>,
    /// Text alternative.
    #[prop(into)]
    summary: Signal<String>,
) -> impl IntoView {
    use crate::chart::{draw_tradeoff_chart, TradeoffChart, LIGHT};
    let canvas_ref = NodeRef::<leptos::html::Canvas>::new();
    redraw_effect(
        canvas_ref,
        move |area| {
            let (lines, frontier, x_limit) = (lines.get(), frontier.get(), x_limit.get());
            draw_tradeoff_chart(area, &TradeoffChart { x_title: "per-user tok/s", y_title: &y_title, lines: &lines, frontier: &frontier, x_limit, theme: LIGHT })
        },
        |canvas, marks| {
            canvas.set_attribute("data-points", &marks.len().to_string()).ok();
            canvas.set_attribute("data-dimmed", &marks.iter().filter(|m| m.dimmed).count().to_string()).ok();
        },
    );
    view! { <canvas node_ref=canvas_ref class="chart" role="img" aria-label=move || summary.get()></canvas> }
}

/// A dot chart (values with optional intervals) on a canvas.
#[component]
pub fn DotCanvas(
    /// Rows, top to bottom.
    rows: Vec<crate::chart::DotRow>,
    /// X axis title.
    x_title: String,
    /// X scale.
    #[prop(into)]
    scale: Signal<crate::core::view_state::Scale>,
    /// Text alternative.
    summary: String,
) -> impl IntoView {
    use crate::chart::{draw_dot_chart, DotChart, LIGHT};
    let canvas_ref = NodeRef::<leptos::html::Canvas>::new();
    let height = 90 + 44 * rows.len();
    redraw_effect(
        canvas_ref,
        move |area| draw_dot_chart(area, &DotChart { x_title: &x_title, rows: &rows, scale: scale.get(), theme: LIGHT }),
        |canvas, drawn| {
            canvas.set_attribute("data-points", &drawn.dots.len().to_string()).ok();
            canvas.set_attribute("data-bars", &drawn.bars.len().to_string()).ok();
        },
    );
    // The height follows the row count; it is set through the CSSOM, which the CSP allows.
    Effect::new(move |_| {
        if let Some(canvas) = canvas_ref.get() {
            web_sys::HtmlElement::style(&canvas).set_property("height", &format!("{height}px")).ok();
        }
    });
    view! { <canvas node_ref=canvas_ref class="chart dots" role="img" aria-label=summary></canvas> }
}

/// A labelled scatter on a canvas.
#[component]
pub fn ScatterCanvas(
    /// Points.
    points: Vec<crate::chart::ScatterPoint>,
    /// X axis title.
    x_title: String,
    /// Y axis title.
    y_title: String,
    /// Text alternative.
    summary: String,
) -> impl IntoView {
    use crate::chart::{draw_scatter, ScatterChart, LIGHT};
    let canvas_ref = NodeRef::<leptos::html::Canvas>::new();
    redraw_effect(
        canvas_ref,
        move |area| draw_scatter(area, &ScatterChart { x_title: &x_title, y_title: &y_title, points: &points, theme: LIGHT }),
        |canvas, drawn| {
            canvas.set_attribute("data-points", &drawn.len().to_string()).ok();
        },
    );
    view! { <canvas node_ref=canvas_ref class="chart scatter" role="img" aria-label=summary></canvas> }
}

/// Performance marks for the benchmark: a draw's start and its end.
fn mark(name: &str) {
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        performance.mark(name).ok();
    }
}
