//! The serving explorer: any metric against load per workload, with hover details, engine
//! chips, relative mode, p50 and p99 together, compared files' lines, and the table of the
//! file's values. The energy view is the same explorer on the energy metrics, with the
//! measurement boundary and the reader's prices beside it. What it shows is the core's
//! model (`core::views::explorer`).

use leptos::prelude::*;

use crate::core::link::View;
use crate::core::views::explorer::{explorer, ServingInputs};
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::widgets::panel::{panel_model, Painter, PanelView};

/// The explorer of a view (`serving` or `energy`).
#[component]
pub fn ExplorerView(
    /// The study.
    study: Study,
    /// Which explorer.
    view: View,
) -> impl IntoView {
    let page = page();
    let model = {
        let study = study.clone();
        panel_model(move || {
            let inputs = ServingInputs { series: page.link.series_inputs(), scale: page.link.scale.get() };
            page.files(&study, |files| explorer(view, files, &inputs))
        })
    };
    view! { <PanelView study=study model=model painter=Painter::LINES/> }
}
