//! The goodput view and the overview's goodput card: the core's panel
//! (`core::views::goodput::goodput_panel`) and card, from the study's per-request tables,
//! which they ask for and read.

use leptos::prelude::*;

use crate::core::link::EngineFilter;
use crate::core::views::goodput::{goodput_card, goodput_panel, pending_goodput_card, GoodputInputs};
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::tasks::requests::ensure_tables;
use crate::ui::widgets::card::card_view;
use crate::ui::widgets::panel::{panel_model, Painter, PanelView};
use crate::ui::widgets::requests::{tables_read, while_reading};

/// The overview's goodput card, for a study with requests: the study's tables fetched (after
/// the overview's first chart, the router's doing) and read, then the load each engine
/// carries at the typical p99 (`core::views::goodput::goodput_card`); until then the card
/// in its place (`pending_goodput_card`), the size it will be.
#[component]
pub fn GoodputCard(
    /// The study.
    study: Study,
) -> impl IntoView {
    ensure_tables(&study);
    let card = {
        let study = study.clone();
        Memo::new(move |_| match study.requests.with(|r| r.tables()) {
            Some(loaded) => goodput_card(&study.results, &loaded.tables),
            None => pending_goodput_card(&study.results),
        })
    };
    move || card.get().map(|card| card_view(card, &study))
}

/// Goodput at the link's objective.
#[component]
pub fn GoodputView(
    /// The study.
    study: Study,
) -> impl IntoView {
    let page = page();
    ensure_tables(&study);
    let model = {
        let study = study.clone();
        panel_model(move || {
            let (slo, attain) = page.link.slo.get();
            let inputs = GoodputInputs {
                workload: page.link.workload.get(),
                engines: EngineFilter { engines: page.link.engines.get() },
                slo,
                attain,
                prices: page.link.prices.get(),
            };
            let loaded = study.requests.with(|r| r.tables());
            goodput_panel(&study.results, loaded.as_ref().map_or(&[], |l| &l.tables), &inputs)
        })
    };
    let read = tables_read(&study);
    move || match read.get() {
        true => view! { <PanelView study=study.clone() model=model painter=Painter::GOODPUT/> }.into_any(),
        false => while_reading(&study, model, Painter::GOODPUT),
    }
}
