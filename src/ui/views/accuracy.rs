//! The accuracy view: served KL and top-1 against the BF16 reference, and — in a separate
//! panel, never on a shared axis — full-vocabulary weight KL with its 95 % CI, top-1 % and
//! long-context retrieval (`core::views::accuracy`).

use leptos::prelude::*;

use crate::core::views::accuracy::{served, weight};
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::widgets::panel::{ends_the_boot, panel_model, Painter, PanelView};

/// Served and weight accuracy.
#[component]
pub fn AccuracyView(
    /// The study.
    study: Study,
) -> impl IntoView {
    let page = page();
    let served = {
        let study = study.clone();
        panel_model(move || served(&study.results, page.link.scale.get()))
    };
    let weight = {
        let study = study.clone();
        panel_model(move || weight(&study.results, page.link.scale.get()))
    };
    // A study with neither block draws no chart to end the wait behind a pre-rendered view.
    if served.with_untracked(|p| p.figures.is_empty()) && weight.with_untracked(|p| p.figures.is_empty()) {
        ends_the_boot();
    }
    view! { <PanelView study=study.clone() model=served painter=Painter::ANY/> <PanelView study=study model=weight painter=Painter::ANY/> }
}
