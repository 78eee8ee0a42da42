//! The overview, a study's landing view: the headline findings as cards — each stating its
//! rule and linking to the view that shows it, the publisher's own first — and the first
//! chart, output tok/s per GPU against load (`core::views::explorer::overview_chart`).

use leptos::prelude::*;

use crate::core::display::headline::{headline_cards, no_findings_note};
use crate::core::views::explorer::{overview_chart, ServingInputs};
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::widgets::card::card_view;
use crate::ui::widgets::panel::{panel_model, Painter, PanelView};

/// Cards and the first chart.
#[component]
pub fn OverviewView(
    /// The study.
    study: Study,
    /// Cards whose code is in a chunk (the router's: the goodput card), after the others.
    #[prop(optional)]
    more_cards: Option<AnyView>,
) -> impl IntoView {
    let page = page();
    // The cards and the note on their absence read the same cards: built twice rather
    // than kept in a memo (a memo of cards is 10 KB of the first download's wasm, measured).
    let cards = {
        let study = study.clone();
        move || headline_cards(&study.results, &page.link.prices.get()).into_iter().map(|c| card_view(c, &study)).collect_view()
    };
    let none = {
        let study = study.clone();
        move || {
            let cards = headline_cards(&study.results, &page.link.prices.get());
            no_findings_note(&study.results, &cards).map(|note| view! { <p class="absent no-findings">{note}</p> })
        }
    };
    let chart = {
        let shown = study.clone();
        let build = move || {
            let inputs = ServingInputs { series: page.link.series_inputs(), scale: page.link.scale.get() };
            page.files(&shown, |files| overview_chart(files, &inputs))
        };
        untrack(build.clone()).map(|first| {
            let model = panel_model(move || build().unwrap_or_else(|| first.clone()));
            view! { <PanelView study=study.clone() model=model painter=Painter::LINES/> }
        })
    };
    let hint = {
        let study = study.clone();
        move || {
            let cards = headline_cards(&study.results, &page.link.prices.get());
            crate::core::display::headline::cards_swipe_hint(&cards).map(|hint| view! { <p class="cards-more">{hint}</p> })
        }
    };
    view! {
        <section class="panel overview">
            <h2 class="visually-hidden">"Headline findings"</h2>
            {none}
            <ul class="cards">{cards}{more_cards}</ul>
            {hint}
            {chart}
        </section>
    }
}
