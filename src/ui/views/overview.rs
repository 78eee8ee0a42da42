//! The overview, a study's landing view: the headline findings as cards — each stating its
//! rule and linking to the view that shows it, the publisher's own first — and the first
//! chart, output tok/s per GPU against concurrency.

use leptos::prelude::*;

use crate::core::headline::{headline_cards, no_findings_note, Card};
use crate::core::link::{ChartId, View};
use crate::core::metric::Metric;
use crate::ui::chart::figure::ChartFigure;
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::widgets::legend::{chips_for, EngineChips};
use crate::ui::widgets::pickers::WorkloadPicker;
use crate::ui::widgets::serving_chart::{serving_chart, workload_index, ServingChart};
use crate::ui::widgets::state_link::StateLink;

fn card_view(card: Card, study: &Study) -> impl IntoView {
    let page = page();
    let lines = card
        .lines
        .into_iter()
        .map(|line| match line.link {
            Some(to) => {
                let src = study.src.clone();
                let to = Signal::derive(move || {
                    let view = to.view.unwrap_or(View::Overview);
                    let mut state = to.for_sharing(&src, view);
                    state.index = page.link.index.get_untracked();
                    state
                });
                view! { <li title=line.detail.unwrap_or_default()><StateLink to=to>{line.text}</StateLink></li> }.into_any()
            }
            None => view! { <li title=line.detail.unwrap_or_default()>{line.text}</li> }.into_any(),
        })
        .collect_view();
    view! {
        <li class="card" class:publisher=card.publisher>
            <h3>{card.title}{card.publisher.then(|| view! { <span class="tag">"the publisher's"</span> })}</h3>
            <ul class="card-lines">{lines}</ul>
            <p class="rule">{card.rule}</p>
        </li>
    }
}

/// Cards and the first chart.
#[component]
pub fn OverviewView(
    /// The study.
    study: Study,
) -> impl IntoView {
    let page = page();
    let cards = {
        let study = study.clone();
        move || {
            let cards = headline_cards(&study.results, &page.link.prices.get());
            let none = no_findings_note(&study.results, &cards).map(|note| view! { <p class="absent no-findings">{note}</p> });
            view! { {none} <ul class="cards">{cards.into_iter().map(|c| card_view(c, &study)).collect_view()}</ul> }
        }
    };
    let chart = study.results.serving.as_ref().filter(|s| !s.workloads.is_empty()).map(|_| {
        let metric = Memo::new(|_| Metric::OutTokS);
        let index = workload_index(page, &study);
        let (chart, spec) = serving_chart(page, &study, View::Overview, ChartId::Overview, metric, index, 380);
        let ServingChart { lines, load, .. } = chart;
        let not_measured = Signal::derive(move || lines.with(|l| l.as_ref().map(|l| l.not_measured.clone()).unwrap_or_default()));
        let name = {
            let study = study.clone();
            move || index.get().and_then(|i| study.results.serving.as_ref()?.workloads.get(i).map(|w| w.name())).unwrap_or_default()
        };
        let against = move || load.get().noun();
        view! {
            <div class="overview-chart">
                <div class="chart-head">
                    <h2>"Output tok/s per GPU against " {against} " · " {name}</h2>
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
            {cards}
            {chart}
        </section>
    }
}
