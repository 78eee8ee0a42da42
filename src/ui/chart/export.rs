//! Exports of a chart: the same drawing framed with its title, legend, limits and footer
//! (`crate::chart::frame`), as a PNG at twice the screen's resolution or more, and as SVG;
//! file names carry the view, workload and metric.

use std::sync::Arc;

use leptos::prelude::*;

use plotters::drawing::DrawingAreaErrorKind;
use plotters_backend::DrawingErrorKind;

use super::backend::BackendError;
use super::figure::{DrawFn, Drawn};
use super::surface::{draw_svg, offscreen, Area};
use crate::chart::{draw_framed, Frame, LegendItem, Theme, DARK, LIGHT};
use crate::ui::io::download::{download_text, download_url};
use crate::ui::state::page;

/// What frames an export: the words around the chart.
#[derive(Clone, Debug, Default)]
pub struct ExportText {
    /// Study · hardware · workload · metric · percentile or ratio base.
    pub title: String,
    /// The legend, with each line's style.
    pub legend: Vec<LegendItem>,
    /// Limits, prices and other assumptions applied.
    pub notes: Vec<String>,
    /// The link, then the results file, its sha256 and what a gap means.
    pub footer: Vec<String>,
    /// The file name without extension: `servescope-serving-1024x1024-out_tok_s`.
    pub stem: String,
}

/// The space the frame takes above and below the chart, estimated from its contents.
fn frame_px(text: &ExportText, width: u32) -> u32 {
    let per_row = (width.saturating_sub(28) / 190).max(1) as usize;
    let rows = text.legend.len().div_ceil(per_row) as u32;
    44 + rows * 20 + 4 + text.notes.len() as u32 * 18 + 12 + 17 * text.footer.len() as u32
}

/// Draw the framed chart on an area.
fn framed(area: &Area<'_>, draw: &DrawFn, text: &ExportText, theme: Theme) -> Result<Drawn, DrawingAreaErrorKind<BackendError>> {
    let frame = Frame { title: &text.title, legend: &text.legend, notes: &text.notes, footer: &text.footer, theme };
    draw_framed(area, &frame, |body| {
        draw(body, theme).map_err(|e| DrawingAreaErrorKind::BackendError(DrawingErrorKind::DrawingError(BackendError(e))))
    })
}

fn render_png(draw: &DrawFn, text: &ExportText, size: (u32, u32), dark: bool) -> Option<String> {
    let theme = if dark { DARK } else { LIGHT };
    let canvas = offscreen()?;
    let total = (size.0, size.1 + frame_px(text, size.0));
    let ratio = web_sys::window().map_or(2.0, |w| w.device_pixel_ratio()).max(2.0);
    super::surface::draw_on_canvas(&canvas, total, ratio, |area| framed(area, draw, text, theme))?.ok()?;
    canvas.to_data_url_with_type("image/png").ok()
}

fn render_svg(measure: &web_sys::HtmlCanvasElement, draw: &DrawFn, text: &ExportText, size: (u32, u32), dark: bool) -> Option<String> {
    let theme = if dark { DARK } else { LIGHT };
    let total = (size.0, size.1 + frame_px(text, size.0));
    let (svg, drawn) = draw_svg(measure, total, |area| framed(area, draw, text, theme))?;
    drawn.ok()?;
    Some(svg)
}

/// PNG and SVG download buttons for a chart.
#[component]
pub fn ExportButtons(
    /// The chart's drawing.
    draw: DrawFn,
    /// Its frame.
    export: Arc<dyn Fn() -> ExportText + Send + Sync>,
    /// The on-page canvas (its size, and a context to measure text on).
    canvas: NodeRef<leptos::html::Canvas>,
    /// The chart's height.
    height: Signal<u32>,
) -> impl IntoView {
    let page = page();
    let size = move || canvas.get_untracked().map(|c| (c.client_width().max(320) as u32, height.get_untracked()));
    let (draw_png, export_png) = (draw.clone(), export.clone());
    let png = move |_| {
        let (Some(size), text) = (size(), export_png()) else { return };
        if let Some(url) = untrack(|| render_png(&draw_png, &text, size, page.dark.get_untracked())) {
            download_url(&format!("{}.png", text.stem), &url);
        }
    };
    let svg = move |_| {
        let (Some(size), Some(measure), text) = (size(), canvas.get_untracked(), export()) else { return };
        if let Some(svg) = untrack(|| render_svg(&measure, &draw, &text, size, page.dark.get_untracked())) {
            download_text(&format!("{}.svg", text.stem), "image/svg+xml", &svg);
        }
    };
    view! {
        <div class="exports">
            <button type="button" class="toggle export-png" on:click=png>"PNG"</button>
            <button type="button" class="toggle export-svg" on:click=svg>"SVG"</button>
        </div>
    }
}
