//! The one place charts meet the DOM: a canvas backend that measures text with the canvas
//! itself, sized to its CSS box × `devicePixelRatio`, redrawn when the box or ratio changes.

use std::rc::Rc;

use leptos::prelude::*;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind};
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// What a chart is drawn into in the browser: the page's canvas, or an SVG string for
/// export. One enum, so each view's drawing closure serves both.
pub enum Target<'a> {
    /// The on-page canvas (its context pre-scaled to CSS pixels).
    Canvas(CanvasBackend),
    /// An SVG document being written.
    Svg(SVGBackend<'a>),
}

/// A drawing error from either target, as text.
#[derive(Debug)]
pub struct BackendError(String);

impl std::fmt::Display for BackendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BackendError {}

fn unify<E: std::error::Error + Send + Sync>(error: DrawingErrorKind<E>) -> DrawingErrorKind<BackendError> {
    match error {
        DrawingErrorKind::DrawingError(e) => DrawingErrorKind::DrawingError(BackendError(e.to_string())),
        DrawingErrorKind::FontError(e) => DrawingErrorKind::FontError(e),
    }
}

/// A chart target with text measured by a 2D context's `measureText`.
///
/// plotters' own web text measurement inserts a styled `<span>` per label: a forced layout
/// each time, and a CSP `style-src` violation. Every method is forwarded except
/// `estimate_text_size`; `get_size` reports CSS pixels because the context is pre-scaled.
pub struct Measured<'a> {
    target: Target<'a>,
    context: CanvasRenderingContext2d,
    css_size: (u32, u32),
}

fn css_font<S: BackendTextStyle>(style: &S) -> String {
    // The same font string CanvasBackend::draw_text sets, so measurement matches drawing.
    format!("{} {}px {}", style.style().as_str(), style.size(), style.family().as_str())
}

macro_rules! forward {
    ($self:ident, $b:ident => $call:expr) => {
        match &mut $self.target {
            Target::Canvas($b) => $call.map_err(unify),
            Target::Svg($b) => $call.map_err(unify),
        }
    };
}

impl DrawingBackend for Measured<'_> {
    type ErrorType = BackendError;

    fn get_size(&self) -> (u32, u32) {
        self.css_size
    }
    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<BackendError>> {
        forward!(self, b => b.ensure_prepared())
    }
    fn present(&mut self) -> Result<(), DrawingErrorKind<BackendError>> {
        forward!(self, b => b.present())
    }
    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), DrawingErrorKind<BackendError>> {
        forward!(self, b => b.draw_pixel(point, color))
    }
    fn draw_line<S: BackendStyle>(&mut self, from: BackendCoord, to: BackendCoord, style: &S) -> Result<(), DrawingErrorKind<BackendError>> {
        forward!(self, b => b.draw_line(from, to, style))
    }
    fn draw_rect<S: BackendStyle>(&mut self, ul: BackendCoord, br: BackendCoord, style: &S, fill: bool) -> Result<(), DrawingErrorKind<BackendError>> {
        forward!(self, b => b.draw_rect(ul, br, style, fill))
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(&mut self, path: I, style: &S) -> Result<(), DrawingErrorKind<BackendError>> {
        forward!(self, b => b.draw_path(path, style))
    }
    fn draw_circle<S: BackendStyle>(&mut self, center: BackendCoord, radius: u32, style: &S, fill: bool) -> Result<(), DrawingErrorKind<BackendError>> {
        forward!(self, b => b.draw_circle(center, radius, style, fill))
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(&mut self, vert: I, style: &S) -> Result<(), DrawingErrorKind<BackendError>> {
        forward!(self, b => b.fill_polygon(vert, style))
    }
    fn draw_text<S: BackendTextStyle>(&mut self, text: &str, style: &S, pos: BackendCoord) -> Result<(), DrawingErrorKind<BackendError>> {
        forward!(self, b => b.draw_text(text, style, pos))
    }
    fn estimate_text_size<S: BackendTextStyle>(&self, text: &str, style: &S) -> Result<(u32, u32), DrawingErrorKind<BackendError>> {
        self.context.set_font(&css_font(style));
        let metrics = self
            .context
            .measure_text(text)
            .map_err(|e| DrawingErrorKind::FontError(format!("measureText failed: {e:?}").into()))?;
        let height = metrics.font_bounding_box_ascent() + metrics.font_bounding_box_descent();
        Ok((metrics.width().ceil() as u32, height.ceil() as u32))
    }
    fn blit_bitmap(&mut self, pos: BackendCoord, size: (u32, u32), src: &[u8]) -> Result<(), DrawingErrorKind<BackendError>> {
        forward!(self, b => b.blit_bitmap(pos, size, src))
    }
}

/// The canvas target, as the views see it.
pub type MeasuredCanvas = Measured<'static>;

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
    let backend = Measured { target: Target::Canvas(inner), context, css_size: (width, height) };
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

/// Renders a chart as an SVG document, measuring text on the given canvas.
type SvgRenderer = Rc<dyn Fn(&HtmlCanvasElement) -> Option<String>>;

/// A drawing closure for either target; the flag says whether it draws an export.
type DrawFn<T, E> = dyn for<'a> Fn(&DrawingArea<Measured<'a>, Shift>, bool) -> Result<T, E>;

/// A chart's export handle: its canvas (for PNG) and its drawing closure replayed into an
/// SVG document — the same function draws both, so the export is the chart on the page.
#[derive(Clone, Copy)]
pub struct ChartExport {
    canvas: NodeRef<leptos::html::Canvas>,
    svg: StoredValue<SvgRenderer, LocalStorage>,
}

impl ChartExport {
    /// The chart as an SVG document, at the canvas's CSS size.
    pub fn svg(&self) -> Option<String> {
        let canvas = self.canvas.get_untracked()?;
        self.svg.with_value(|render| render(&canvas))
    }

    /// The chart as a PNG data URL, at its device-pixel resolution.
    pub fn png_data_url(&self) -> Option<String> {
        self.canvas.get_untracked()?.to_data_url_with_type("image/png").ok()
    }
}

/// Draw into an SVG string with the same closure the canvas uses.
fn render_svg<T, E>(canvas: &HtmlCanvasElement, draw: &DrawFn<T, E>) -> Option<String> {
    let size = (canvas.client_width().max(1) as u32, canvas.client_height().max(1) as u32);
    let context: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.dyn_into().ok()?;
    let mut svg = String::new();
    {
        let backend = Measured { target: Target::Svg(SVGBackend::with_string(&mut svg, size)), context, css_size: size };
        draw(&backend.into_drawing_area(), true).ok()?;
    }
    Some(svg)
}

/// Redraw a canvas whenever what `draw` reads changes or the window is resized. Redrawing
/// is the one effect a chart owns; everything it draws is derived upstream. `draw`'s flag
/// says whether it is drawing an export (which carries its own legend).
fn redraw_effect<T: 'static, E: std::fmt::Debug + 'static>(
    canvas_ref: NodeRef<leptos::html::Canvas>,
    draw: impl for<'a> Fn(&DrawingArea<Measured<'a>, Shift>, bool) -> Result<T, E> + 'static,
    drawn: impl Fn(&HtmlCanvasElement, T) + 'static,
) -> ChartExport {
    let draw = Rc::new(draw);
    let for_svg = draw.clone();
    let resized = use_resize_tick();
    Effect::new(move |_| {
        resized.track();
        let Some(canvas) = canvas_ref.get() else { return };
        mark("servescope:draw-start");
        match draw_on_canvas(&canvas, |area| draw(area, false)) {
            Some(Ok(result)) => {
                drawn(&canvas, result);
                mark("servescope:chart-drawn");
            }
            Some(Err(e)) => leptos::logging::error!("chart drawing failed: {e:?}"),
            None => {}
        }
    });
    let svg: SvgRenderer = Rc::new(move |canvas| untrack(|| render_svg(canvas, &*for_svg)));
    ChartExport { canvas: canvas_ref, svg: StoredValue::new_local(svg) }
}

/// PNG and SVG download buttons for a chart.
#[component]
pub fn ExportButtons(
    /// The chart's export handle.
    export: ChartExport,
    /// File name without extension.
    #[prop(into)]
    name: String,
) -> impl IntoView {
    let png_name = format!("{name}.png");
    let svg_name = format!("{name}.svg");
    view! {
        <div class="exports">
            <button type="button" class="toggle export-png" on:click=move |_| {
                if let Some(url) = export.png_data_url() {
                    crate::ui::download::download_url(&png_name, &url);
                }
            }>"PNG"</button>
            <button type="button" class="toggle export-svg" on:click=move |_| {
                if let Some(svg) = export.svg() {
                    crate::ui::download::download_text(&svg_name, "image/svg+xml", &svg);
                }
            }>"SVG"</button>
        </div>
    }
}

/// A chart's figure: its canvas (with its text alternative) and export buttons; hidden when
/// the page is embedded with another chart chosen.
#[component]
fn ChartFigure(
    /// The chart's name.
    chart: &'static str,
    /// Hidden in embed mode.
    hidden: Signal<bool>,
    /// The canvas the chart draws on.
    canvas_ref: NodeRef<leptos::html::Canvas>,
    /// The canvas's classes.
    class: &'static str,
    /// Text alternative.
    #[prop(into)]
    summary: Signal<String>,
    /// Export handle.
    export: ChartExport,
) -> impl IntoView {
    view! {
        <figure class="chart-figure" class:embed-hidden=hidden data-chart=chart>
            <canvas node_ref=canvas_ref class=class role="img" aria-label=move || summary.get()></canvas>
            <ExportButtons export=export name=format!("servescope-{chart}")/>
        </figure>
    }
}

/// The chart theme for the page's current theme, and whether this chart is hidden because
/// the page is embedded with another chart chosen (`embed=1&chart=`).
fn chart_context(chart: &'static str) -> (Signal<crate::chart::Theme>, Signal<bool>) {
    let page = expect_context::<crate::ui::app::Page>();
    let theme = Signal::derive(move || if page.dark.get() { crate::chart::DARK } else { crate::chart::LIGHT });
    let hidden = Signal::derive(move || page.state.with(|s| s.embed && s.chart.as_deref().unwrap_or(default_chart(s.view)) != chart));
    (theme, hidden)
}

/// Each view's first chart: what `embed=1` shows when `chart=` is absent.
pub fn default_chart(view: crate::core::view_state::View) -> &'static str {
    use crate::core::view_state::View;
    match view {
        View::Decode => "decode",
        View::Serving => "serving",
        View::Energy => "energy",
        View::Tradeoff => "tradeoff",
        View::Accuracy => "served-kl",
        _ => "none",
    }
}

/// A concurrency chart on a canvas. Publishes what it drew (for tooltips) through
/// `geometry`, and the points' pixels as `data-point-px` for automation.
#[component]
pub fn ConcurrencyCanvas(
    /// The chart's name in links (`chart=`) and export file names.
    chart: &'static str,
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
    use crate::chart::{draw_concurrency_chart, ConcurrencyChart};
    let (theme, hidden) = chart_context(chart);
    let canvas_ref = NodeRef::<leptos::html::Canvas>::new();
    let export = redraw_effect(
        canvas_ref,
        move |area, exporting| {
            let (series, scale, y_title, concurrency) = (series.get(), scale.get(), y_title.get(), concurrency.get());
            draw_concurrency_chart(area, &ConcurrencyChart { y_title: &y_title, concurrency: &concurrency, series: &series, scale, theme: theme.get(), legend: exporting })
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
    view! { <ChartFigure chart=chart hidden=hidden canvas_ref=canvas_ref class="chart" summary=summary export=export/> }
}

/// The throughput/interactivity chart on a canvas.
#[component]
pub fn TradeoffCanvas(
    /// The chart's name in links (`chart=`) and export file names.
    chart: &'static str,
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
    use crate::chart::{draw_tradeoff_chart, TradeoffChart};
    let (theme, hidden) = chart_context(chart);
    let canvas_ref = NodeRef::<leptos::html::Canvas>::new();
    let export = redraw_effect(
        canvas_ref,
        move |area, _| {
            let (lines, frontier, x_limit) = (lines.get(), frontier.get(), x_limit.get());
            draw_tradeoff_chart(area, &TradeoffChart { x_title: "per-user tok/s", y_title: &y_title, lines: &lines, frontier: &frontier, x_limit, theme: theme.get() })
        },
        |canvas, marks| {
            canvas.set_attribute("data-points", &marks.len().to_string()).ok();
            canvas.set_attribute("data-dimmed", &marks.iter().filter(|m| m.dimmed).count().to_string()).ok();
        },
    );
    view! { <ChartFigure chart=chart hidden=hidden canvas_ref=canvas_ref class="chart" summary=summary export=export/> }
}

/// A dot chart (values with optional intervals) on a canvas.
#[component]
pub fn DotCanvas(
    /// The chart's name in links (`chart=`) and export file names.
    chart: &'static str,
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
    use crate::chart::{draw_dot_chart, DotChart};
    let (theme, hidden) = chart_context(chart);
    let canvas_ref = NodeRef::<leptos::html::Canvas>::new();
    let height = 90 + 44 * rows.len();
    let export = redraw_effect(
        canvas_ref,
        move |area, _| draw_dot_chart(area, &DotChart { x_title: &x_title, rows: &rows, scale: scale.get(), theme: theme.get() }),
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
    view! { <ChartFigure chart=chart hidden=hidden canvas_ref=canvas_ref class="chart dots" summary=summary export=export/> }
}

/// A labelled scatter on a canvas.
#[component]
pub fn ScatterCanvas(
    /// The chart's name in links (`chart=`) and export file names.
    chart: &'static str,
    /// Points.
    points: Vec<crate::chart::ScatterPoint>,
    /// X axis title.
    x_title: String,
    /// Y axis title.
    y_title: String,
    /// Text alternative.
    summary: String,
) -> impl IntoView {
    use crate::chart::{draw_scatter, ScatterChart};
    let (theme, hidden) = chart_context(chart);
    let canvas_ref = NodeRef::<leptos::html::Canvas>::new();
    let export = redraw_effect(
        canvas_ref,
        move |area, _| draw_scatter(area, &ScatterChart { x_title: &x_title, y_title: &y_title, points: &points, theme: theme.get() }),
        |canvas, drawn| {
            canvas.set_attribute("data-points", &drawn.len().to_string()).ok();
        },
    );
    view! { <ChartFigure chart=chart hidden=hidden canvas_ref=canvas_ref class="chart scatter" summary=summary export=export/> }
}

/// Performance marks for the benchmark: a draw's start and its end.
fn mark(name: &str) {
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        performance.mark(name).ok();
    }
}
