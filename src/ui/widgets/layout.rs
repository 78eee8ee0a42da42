//! Sizes that follow the screen and the link: a chart's height (fits a phone's screen in
//! landscape; `height=` when embedded).

use leptos::prelude::*;

use crate::ui::state::PageState;

/// A chart's CSS height for the window (`core::views::chart_css_height`); when embedded the
/// figure fills its frame instead (`ChartFigure`), and this is the export's height.
pub fn chart_height(page: PageState, base: u32) -> Signal<u32> {
    let size = |f: Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue>| f.ok().and_then(|v| v.as_f64());
    let viewport = (size(window().inner_width()).unwrap_or(1280.0), size(window().inner_height()).unwrap_or(800.0));
    let fitted = crate::core::views::chart_css_height(base, viewport);
    Signal::derive(move || if page.link.embed.get() { crate::core::views::embed_chart_height(page.link.height.get()) } else { fitted })
}
