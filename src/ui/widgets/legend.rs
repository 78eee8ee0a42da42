//! The legend is the engine key: one chip per engine (every file's, when comparing) that
//! shows or hides it, says when it has nothing in this view, and — on hover, tap or focus of
//! its "i" — names its checkpoint and setup file. Ids, never labels, identify engines.

use leptos::prelude::*;

use super::swatch::Swatch;
use crate::core::display::legend::absent_words;
pub use crate::core::display::legend::{chips_for, Chip};
use crate::core::measures::metric::Metric;
use crate::ui::state::{history, page};

/// The legend: toggles in file order.
#[component]
pub fn EngineChips(
    /// The engines.
    chips: Vec<Chip>,
    /// Ids of engines with nothing measured in this view.
    #[prop(into)]
    not_measured: Signal<Vec<String>>,
    /// What "nothing measured" is said as ("not measured in this workload"); it may follow
    /// the view's state (a cost without prices says "no price given").
    #[prop(optional, into)]
    absent_words: MaybeProp<String>,
) -> impl IntoView {
    let page = page();
    // Every chip's id, the compared files' own included: a toggle writes the shown ids, and
    // one left out would be hidden by any other engine's toggle.
    let all: Vec<String> = chips.iter().map(|c| c.id.clone()).collect();
    let words = move || absent_words.get().unwrap_or_else(|| "not measured in this workload".into());
    let items = chips
        .into_iter()
        .map(|chip| {
            let (id, all) = (chip.id.clone(), all.clone());
            let shown = {
                let id = id.clone();
                Memo::new(move |_| page.link.engines.with(|e| e.as_ref().is_none_or(|ids| ids.contains(&id))))
            };
            let missing = {
                let id = id.clone();
                move || not_measured.with(|n| n.contains(&id))
            };
            let toggle = move |_| {
                let next = page.link.current().toggled_engine(&all, &id);
                history::navigate(page.link, next);
            };
            view! {
                <li class="chip" class:off=move || !shown.get()>
                    <button type="button" class="legend-toggle" aria-pressed=move || shown.get().to_string() on:click=toggle disabled=chip.compared_only>
                        <Swatch style=chip.style colour_only=chip.colour_only/> <span class="chip-label">{chip.text()}</span>
                        {move || missing().then(|| view! { <span class="absent">" — " {words}</span> })}
                    </button>
                    <button type="button" class="chip-info-button" aria-label=format!("about {}", chip.label)>"i"</button>
                    <span class="chip-info" role="tooltip">{chip.detail}</span>
                </li>
            }
        })
        .collect_view();
    view! { <ul class="legend toggles" aria-label="engines: press to show or hide">{items}</ul> }
}

/// The key from line style to file, over a chart that draws compared files' lines: a short
/// line in each file's dash pattern and its words ("File 3 — B200, 2026-11-15: dotted").
#[component]
pub fn FileKey(
    /// One entry per file, the first file first (`core::display::compare::file_key`).
    entries: Vec<String>,
) -> impl IntoView {
    let items = entries
        .into_iter()
        .enumerate()
        .map(|(k, words)| {
            let ((dash, space), _) = crate::core::display::palette::file_line_style(k);
            let pattern = if dash == 0 { None } else { Some(format!("{dash} {space}")) };
            // The file's marker, then its dash: both as the chart draws the file's lines.
            let (d, paint) = crate::core::display::palette::file_marker(k).0.swatch();
            let (fill, width) = match paint {
                crate::core::display::palette::SwatchPaint::Fill => ("currentColor", None),
                crate::core::display::palette::SwatchPaint::Stroke(w) => ("none", Some(w)),
            };
            view! {
                <li>
                    <svg class="file-swatch" width="52" height="16" viewBox="0 0 52 16" aria-hidden="true">
                        <path d=d fill=fill stroke="currentColor" stroke-width=width/>
                        <path d="M20,8L51,8" stroke="currentColor" stroke-width="2" fill="none" stroke-dasharray=pattern/>
                    </svg>
                    " " {words}
                </li>
            }
        })
        .collect_view();
    view! { <ul class="file-key" aria-label="line style by file">{items}</ul> }
}

/// The key's words for an engine with nothing drawn for a chart's `metric`, following the
/// prices (a cost without them says "no price given"); for `EngineChips`' `absent_words`.
pub fn absent_words_for(metric: Memo<Metric>) -> Signal<String> {
    let page = page();
    Signal::derive(move || absent_words(metric.get(), &page.link.prices.get()).to_owned())
}
