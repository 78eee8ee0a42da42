//! An embedded view (`embed=1`): the study and workload above the one chart or table, and
//! a way to the full view.

use leptos::prelude::*;

use crate::core::display::embed::embed_caption;
use crate::core::link::charts_of;
use crate::ui::state::{page, share_link};

/// The embed's heading and its link out.
// Reached by the shell's app only; `#[component]` writes its props as `pub` items.
#[allow(unreachable_pub)]
#[component]
pub fn EmbedHead() -> impl IntoView {
    let page = page();
    let full = move || {
        let link = share_link(page)?;
        Some(link.replace("&embed=1", "").replace("embed=1&", ""))
    };
    // The caption names what the chart shows: an embed has no view heading around it.
    let title = move || {
        let study = page.study()?;
        Some(embed_caption(
            &study.results,
            &page.link.series_inputs(),
            page.link.chart.get(),
            page.link.view.get(),
            page.link.slo.get().0.as_ref(),
        ))
    };
    let unknown = move || {
        let view = page.link.view.get();
        page.link
            .chart
            .get()
            .filter(|c| !charts_of(view).contains(c))
            .map(|c| format!("chart={c} is not a chart of this view; its first chart is shown."))
    };
    view! {
        <div class="embed-head">
            <strong class="embed-title">{title}</strong>
            {move || unknown().map(|u| view! { <p class="notice">{u}</p> })}
            {move || full().map(|href| view! { <a class="embed-link" href=href target="_blank" rel="noopener">"Open the full view ↗"</a> })}
        </div>
    }
}
