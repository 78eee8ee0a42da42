//! The legend is the engine key: one chip per engine (every file's, when comparing) that
//! shows or hides it, says when it has nothing in this view, and — on hover, tap or focus of
//! its "i" — names its checkpoint and setup file. Ids, never labels, identify engines.

use leptos::prelude::*;

use super::swatch::Swatch;
use crate::core::model::Results;
use crate::core::palette::{engine_style, EngineStyle};
use crate::ui::state::{history, page};

/// One engine of the legend.
#[derive(Clone, Debug, PartialEq)]
pub struct Chip {
    /// Engine id.
    pub id: String,
    /// Label.
    pub label: String,
    /// Colour and marker.
    pub style: EngineStyle,
    /// Checkpoint and setup file, for the detail.
    pub detail: String,
    /// Only a compared file has this engine (it cannot be filtered in the first file).
    pub compared_only: bool,
}

/// The legend: toggles in file order.
#[component]
pub fn EngineChips(
    /// The engines.
    chips: Vec<Chip>,
    /// Ids of engines with nothing measured in this view.
    #[prop(into)]
    not_measured: Signal<Vec<String>>,
    /// What "nothing measured" is said as ("not measured in this workload").
    #[prop(optional, into)]
    absent_words: Option<String>,
) -> impl IntoView {
    let page = page();
    let all: Vec<String> = chips.iter().filter(|c| !c.compared_only).map(|c| c.id.clone()).collect();
    let words = absent_words.unwrap_or_else(|| "not measured in this workload".into());
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
            let words = words.clone();
            view! {
                <li class="chip" class:off=move || !shown.get()>
                    <button type="button" class="legend-toggle" aria-pressed=move || shown.get().to_string() on:click=toggle disabled=chip.compared_only>
                        <Swatch style=chip.style/> <span class="chip-label">{chip.label.clone()}</span>
                        {move || missing().then(|| view! { <span class="absent">" — " {words.clone()}</span> })}
                    </button>
                    <button type="button" class="chip-info-button" aria-label=format!("about {}", chip.label)>"i"</button>
                    <span class="chip-info" role="tooltip">{chip.detail}</span>
                </li>
            }
        })
        .collect_view();
    view! { <ul class="legend toggles" aria-label="engines: press to show or hide">{items}</ul> }
}

/// The chips of a study and its compared files: the study's engines in file order, then
/// each compared file's engines the study lacks, styled as their lines are.
pub fn chips_for(first: &Results, compared: &[&Results]) -> Vec<Chip> {
    let detail = |e: &crate::core::model::Engine| {
        format!(
            "{} · checkpoint {} · setup {}",
            e.id,
            e.checkpoint.as_deref().unwrap_or("not stated"),
            e.source.as_deref().unwrap_or("not stated")
        )
    };
    let mut chips: Vec<Chip> = first
        .engines
        .iter()
        .enumerate()
        .map(|(i, e)| Chip { id: e.id.clone(), label: e.label.clone(), style: engine_style(i), detail: detail(e), compared_only: false })
        .collect();
    for file in compared {
        let mut extra = 0;
        for e in &file.engines {
            if first.engine(&e.id).is_none() {
                extra += 1;
                if !chips.iter().any(|c| c.id == e.id) {
                    chips.push(Chip {
                        id: e.id.clone(),
                        label: e.label.clone(),
                        style: engine_style(first.engines.len() + extra - 1),
                        detail: detail(e),
                        compared_only: true,
                    });
                }
            }
        }
    }
    chips
}
