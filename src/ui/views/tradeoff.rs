//! The trade-off view: per-user speed against throughput (or tokens per kW, a cost, or
//! goodput from the requests), one polyline per engine, the Pareto frontier over the points
//! that meet the limits, the limits drawn as a fail region, and per engine the best point
//! under them (`core::views::tradeoff`). Goodput's requests are fetched here when the y axis
//! asks for them.

use leptos::prelude::*;

use crate::core::link::View;
use crate::core::measures::metric::Metric;
use crate::core::views::goodput::tradeoff_goodput;
use crate::core::views::tradeoff::{drawn_metric, tradeoff, TradeoffInputs};
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::tasks::requests::ensure_tables;
use crate::ui::widgets::panel::{panel_model, Painter, PanelView};

/// The trade-off of a view (`tradeoff`, or `energy` with `chart=tradeoff`).
#[component]
pub fn TradeoffView(
    /// The study.
    study: Study,
    /// Which view it serves.
    view: View,
) -> impl IntoView {
    let page = page();
    let y_metric = {
        let study = study.clone();
        Memo::new(move |_| drawn_metric(&study.results, view, &page.link.series_inputs()))
    };
    if study.results.has_requests() {
        let study = study.clone();
        Effect::new(move |_| {
            if y_metric.get() == Metric::GoodTokS {
                ensure_tables(&study);
            }
        });
    }
    let goodput = {
        let study = study.clone();
        Memo::new(move |_| {
            if y_metric.get() != Metric::GoodTokS {
                return None;
            }
            let loaded = study.requests.with(|r| r.tables())?;
            tradeoff_goodput(&study.results, &loaded.tables, page.link.workload.get(), page.link.slo.get().0)
        })
    };
    let model = {
        let study = study.clone();
        panel_model(move || {
            let series = page.link.series_inputs();
            goodput.with(|goodput| tradeoff(&study.results, &TradeoffInputs { view, series: &series, goodput: goodput.as_ref() }))
        })
    };
    view! { <PanelView study=study model=model painter=Painter::TRADEOFF/> }
}
