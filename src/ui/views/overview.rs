//! The overview, a study's landing view: the headline findings as cards — each stating its
//! rule and linking to the view that shows it, the publisher's own first — and the first
//! chart, output tok/s per GPU against concurrency.

use leptos::prelude::*;

use crate::core::headline::{headline_cards, no_findings_note};
use crate::core::link::{ChartId, View};
use crate::core::metric::Metric;
use crate::core::views::overview_heading;
use crate::ui::chart::figure::ChartFigure;
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::widgets::card::card_view;
use crate::ui::widgets::legend::{chips_for, EngineChips};
use crate::ui::widgets::pickers::WorkloadPicker;
use crate::ui::widgets::serving_chart::{serving_chart, workload_index, ServingChart};

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
    let chart = study.results.serving.as_ref().filter(|s| !s.workloads.is_empty()).map(|_| {
        let metric = Memo::new(|_| Metric::OutTokS);
        let index = workload_index(page, &study);
        let (chart, spec) = serving_chart(page, &study, View::Overview, ChartId::Overview, metric, index, crate::core::views::CHART_HEIGHT);
        let ServingChart { lines, .. } = chart;
        let not_measured = Signal::derive(move || lines.with(|l| l.as_ref().map(|l| l.not_measured.clone()).unwrap_or_default()));
        let heading = {
            let study = study.clone();
            move || index.get().and_then(|i| study.results.serving.as_ref()?.workloads.get(i).map(overview_heading)).unwrap_or_default()
        };
        view! {
            <div class="overview-chart">
                <div class="chart-head">
                    <h2>{heading}</h2>
                    <WorkloadPicker workloads=crate::core::link::workload_options(&study.results)/>
                </div>
                <EngineChips chips=chips_for(&study.results, &[]) not_measured=not_measured/>
                <ChartFigure spec=spec/>
            </div>
        }
    });
    view! {
        <section class="panel overview">
            <h2 class="visually-hidden">"Headline findings"</h2>
            {none}
            <ul class="cards">{cards}{more_cards}</ul>
            {chart}
        </section>
    }
}
