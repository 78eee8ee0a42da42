//! The one chart figure every view uses: a canvas redrawn when what its drawing reads
//! changes (or its box or pixel ratio does), a tooltip on hover, tap and keyboard focus
//! that looks the pointer up in the last drawing's marks (never redrawing), the arrow keys
//! stepping through points, and PNG/SVG exports of the same drawing with its frame.

use std::sync::Arc;

use leptos::prelude::*;

use super::export::{ExportButtons, ExportText};
use super::surface::{draw_on_canvas, Area};
use crate::chart::{marks_attribute, nearest, step, Mark, Step, Theme, DARK, HIT_RADIUS_PX, LIGHT};
use crate::core::display::tooltip::{tip_offset, Tooltip};
use crate::core::link::{embedded_chart, ChartId};
use crate::ui::io::browser::{device_pixel_ratio, element_size, mark};
use crate::ui::io::landing::take_prerender_tip;
use crate::ui::state::page;

pub use crate::chart::Drawn;

/// Draws a chart on an area in a theme; the signals it reads are what it redraws on.
pub type DrawFn = Arc<dyn Fn(&Area<'_>, Theme) -> Result<Drawn, String> + Send + Sync>;

/// Everything a figure needs to know about its chart.
#[derive(Clone)]
pub struct ChartSpec {
    /// The chart's name (`chart=`, `data-chart`, export names).
    pub id: ChartId,
    /// The drawing.
    pub draw: DrawFn,
    /// The tooltip of a mark.
    pub tip: Arc<dyn Fn(Mark) -> Option<Tooltip> + Send + Sync>,
    /// The text alternative.
    pub summary: Signal<String>,
    /// An export's frame.
    pub export: Arc<dyn Fn() -> ExportText + Send + Sync>,
    /// The chart's CSS height.
    pub height: Signal<u32>,
}

fn theme_of(dark: bool) -> Theme {
    if dark {
        DARK
    } else {
        LIGHT
    }
}

/// A figure's handles: its canvas, the last drawing's marks, the point whose tooltip shows,
/// the pre-rendered chart's tooltip carried until the app's chart shows, and a drawing's
/// failure.
#[derive(Clone, Copy)]
struct FigureState {
    canvas: NodeRef<leptos::html::Canvas>,
    marks: StoredValue<Vec<Mark>>,
    hovered: RwSignal<Option<Mark>>,
    carried: StoredValue<Option<(usize, u32)>>,
    failure: RwSignal<Option<String>>,
}

/// Redraws the chart when what its drawing reads changes, or its box or pixel ratio does:
/// the one effect a chart owns (everything it draws is derived upstream).
fn redraw(state: FigureState, draw: DrawFn, id: ChartId, (size, height, ratio): (Signal<(u32, u32)>, Signal<u32>, Signal<f64>)) {
    let page = page();
    let FigureState { canvas, marks, hovered, carried, failure } = state;
    Effect::new(move |_| {
        let (width, _) = size.get();
        let (height, ratio, theme) = (height.get(), ratio.get(), theme_of(page.dark.get()));
        let Some(element) = canvas.get() else { return };
        if width == 0 {
            // Not laid out yet (or hidden): the size arrives with the layout. No mark either:
            // each `draw-start` is then paired with a draw (the benchmark's notes read them).
            return;
        }
        mark("servescope:draw-start");
        match draw_on_canvas(&element, (width, height), ratio, |area| draw(area, theme)) {
            Some(Ok(drawn)) => {
                for (name, value) in &drawn.attrs {
                    element.set_attribute(&format!("data-{name}"), value).ok();
                }
                element.set_attribute("data-marks", &marks_attribute(&drawn.marks)).ok();
                // A tooltip the pre-rendered chart shows is shown here too: carried through the
                // draws made hidden behind it and the one that follows the swap.
                let wanted = take_prerender_tip(id.as_str()).or_else(|| carried.get_value());
                carried.set_value(wanted.filter(|_| page.booting.get_untracked()));
                let kept = wanted.and_then(|(group, item)| drawn.marks.iter().find(|m| m.group == group && m.item == item).copied());
                marks.set_value(drawn.marks);
                hovered.set(kept);
                failure.set(None);
                mark("servescope:chart-drawn");
                if page.booting.get_untracked() {
                    page.booting.set(false);
                }
            }
            // A failed drawing is said on the page, not only logged.
            // Marked too, so a test waiting for the charts to be drawn fails at once.
            Some(Err(e)) => {
                mark("servescope:chart-failed");
                failure.set(Some(format!("This chart could not be drawn: {e}")));
                page.booting.set(false);
            }
            None => {}
        }
    });
}

/// Placed through the CSSOM (the CSP forbids inline style attributes, not this), and
/// flipped to the point's left or above it near an edge, so it stays inside the chart.
fn place_tooltip(tooltip: NodeRef<leptos::html::Div>, hovered: RwSignal<Option<Mark>>) {
    Effect::new(move |_| {
        let Some(at) = hovered.get() else { return };
        // Measured in the next frame's callback, before it paints: by then the tip holds this
        // point's words and is shown (hidden, it measured 0 px and went after the point
        // whatever the room), and measured at the chart's left edge, since a box placed
        // absolutely shrinks to the room right of where it stands (where the last point had
        // put it, a tip near the right edge came out a word wide and ran off a phone's screen).
        request_animation_frame(move || {
            let (Some(Some(tip)), Some(Some(now))) = (tooltip.try_get_untracked(), hovered.try_get_untracked()) else { return };
            if now != at {
                return;
            }
            let style = web_sys::HtmlElement::style(&tip);
            style.set_property("left", "0px").ok();
            style.set_property("top", "0px").ok();
            let (width, height) = (tip.offset_width(), tip.offset_height());
            let (room_x, room_y) = tip.parent_element().map_or((i32::MAX, i32::MAX), |p| (p.client_width(), p.client_height()));
            style.set_property("left", &format!("{}px", tip_offset(at.x_px, width, room_x))).ok();
            style.set_property("top", &format!("{}px", tip_offset(at.y_px, height, room_y))).ok();
        });
    });
}

/// A chart: canvas, tooltip, keyboard, exports.
#[component]
pub fn ChartFigure(
    /// The chart.
    spec: ChartSpec,
) -> impl IntoView {
    let page = page();
    let wrap = NodeRef::<leptos::html::Div>::new();
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let tooltip = NodeRef::<leptos::html::Div>::new();
    let size = element_size(wrap);
    let ratio = device_pixel_ratio();
    let state = FigureState {
        canvas,
        marks: StoredValue::new(Vec::<Mark>::new()),
        hovered: RwSignal::new(None::<Mark>),
        carried: StoredValue::new(None::<(usize, u32)>),
        failure: RwSignal::new(None::<String>),
    };
    let FigureState { marks, hovered, failure, .. } = state;
    let id = spec.id;
    // Embedded, the chart fills the room its frame leaves (the page's CSS sizes the box), so
    // the embed fits the snippet's own height whatever its width makes of the legend.
    let height = {
        let fixed = spec.height;
        Signal::derive(move || if page.link.embed.get() { size.get().1.max(160) } else { fixed.get() })
    };
    redraw(state, spec.draw.clone(), id, (size, height, ratio));
    let pick = move |x: f64, y: f64| {
        let Some(element) = canvas.get_untracked() else { return };
        let rect = element.get_bounding_client_rect();
        let hit = marks.with_value(|m| nearest(m, (x - rect.left()).round() as i32, (y - rect.top()).round() as i32, HIT_RADIUS_PX));
        // Pointer moves fire constantly: notify the tooltip only when the hit changes.
        if hovered.get_untracked() != hit {
            hovered.set(hit);
        }
    };
    let on_key = move |e: leptos::ev::KeyboardEvent| {
        let direction = match e.key().as_str() {
            "ArrowRight" => Step::Next,
            "ArrowLeft" => Step::Previous,
            "ArrowDown" => Step::NextGroup,
            "ArrowUp" => Step::PreviousGroup,
            "Escape" => {
                hovered.set(None);
                return;
            }
            _ => return,
        };
        e.prevent_default();
        let next = marks.with_value(|m| step(m, hovered.get_untracked(), direction));
        hovered.set(next);
    };
    place_tooltip(tooltip, hovered);
    let tip = spec.tip.clone();
    let content = move || {
        let tooltip = hovered.get().and_then(|m| tip(m))?;
        let lines = tooltip
            .lines
            .into_iter()
            .map(|l| view! { <span class="tip-line" class:warn=l.warn title=l.exact.unwrap_or_default()><span class="tip-label">{l.label}</span> " " <strong>{l.value}</strong></span> })
            .collect_view();
        Some(view! { <strong class="tip-title">{tooltip.title}</strong> {lines} })
    };
    let hidden = move || {
        let view = page.link.view.get();
        let shown = embedded_chart(page.link.chart.get(), view);
        page.link.embed.get() && shown != id
    };
    let summary = spec.summary;
    view! {
        <figure class="chart-figure" class:embed-hidden=hidden data-chart=id.as_str()>
            <div class="chart-wrap" node_ref=wrap
                on:pointermove=move |e| pick(f64::from(e.client_x()), f64::from(e.client_y()))
                on:pointerdown=move |e| pick(f64::from(e.client_x()), f64::from(e.client_y()))
                // A finger lifting off the screen "leaves" the element in the same instant:
                // a tapped tooltip stays until the next tap elsewhere (or the canvas's blur).
                on:pointerleave=move |e: web_sys::PointerEvent| if e.pointer_type() != "touch" { hovered.set(None) }>
                <canvas node_ref=canvas class="chart" role="img" tabindex="0" aria-label=move || summary.get()
                    aria-describedby=format!("tip-{}", id.as_str()) on:keydown=on_key on:blur=move |_| hovered.set(None)></canvas>
                <div class="tooltip" id=format!("tip-{}", id.as_str()) role="status" aria-live="polite" node_ref=tooltip class:shown=move || hovered.with(Option::is_some)>{content}</div>
            </div>
            {move || failure.get().map(|f| view! { <p class="notice">{f}</p> })}
            <ExportButtons draw=spec.draw.clone() export=spec.export.clone() canvas=canvas height=height/>
        </figure>
    }
}
