//! The decode view: aggregate output tok/s against concurrency, the file's unit and method
//! text beside it, and the numbers in a table under it (`core::views::decode`).

use leptos::prelude::*;

use crate::core::views::decode::decode;
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::widgets::panel::{panel_model, Painter, PanelView};

/// The decode chart, its texts and its table.
#[component]
pub fn DecodeView(
    /// The study.
    study: Study,
) -> impl IntoView {
    let page = page();
    let model = {
        let study = study.clone();
        panel_model(move || {
            let (series, scale) = (page.link.series_inputs(), page.link.scale.get());
            page.files(&study, |files| decode(files, &series, scale))
        })
    };
    view! { <PanelView study=study model=model painter=Painter::LINES/> }
}
