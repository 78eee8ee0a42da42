//! The requests view: what the requests of one cell did — the core's two panels
//! (`core::views::requests::requests_panels`: the distribution, then the second chart),
//! from the study's per-request tables, which it asks for and reads.

use leptos::prelude::*;

use crate::core::link::{EngineFilter, View};
use crate::core::views::panel::Panel;
use crate::core::views::requests::{requests_panels, RequestsInputs};
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::tasks::requests::ensure_tables;
use crate::ui::widgets::panel::{panel_model, Painter, PanelView};
use crate::ui::widgets::requests::{tables_read, while_reading};

/// What the requests of one cell did.
#[component]
pub fn RequestsView(
    /// The study.
    study: Study,
) -> impl IntoView {
    let page = page();
    ensure_tables(&study);
    let panels = {
        let study = study.clone();
        Memo::new_with_compare(
            move |_| {
                let (level, latency, xscale, x) = page.link.requests.get();
                let inputs = RequestsInputs {
                    workload: page.link.workload.get(),
                    engines: EngineFilter { engines: page.link.engines.get() },
                    level,
                    latency: latency.unwrap_or_default(),
                    xscale,
                    slo: page.link.slo.get().0,
                    x,
                };
                let loaded = study.requests.with(|r| r.tables());
                requests_panels(&study.results, loaded.as_ref().map_or(&[], |l| &l.tables), &inputs)
            },
            // Not compared: every rebuild is new (`panel_model`'s reason).
            |_, _| true,
        )
    };
    // Each panel's model, read from the two (the charts' data are shared, not copied).
    let part = |k: usize| {
        panel_model(move || panels.with(|p| p.get(k).cloned()).unwrap_or_else(|| Panel::new(View::Requests, "panel requests-timeline", "")))
    };
    let first = part(0);
    let second = part(1);
    // The second panel is there only when the study has requests; its chart comes and goes
    // with what the requests record (no empty chart): built again when it does.
    let has_second = Memo::new(move |_| panels.with(|p| p.len() > 1));
    let second_charts = Memo::new(move |_| second.with(|m| m.figures.len()));
    let second_view = {
        let study = study.clone();
        move || {
            second_charts.track();
            has_second.get().then(|| view! { <PanelView study=study.clone() model=second painter=Painter::REQUESTS/> })
        }
    };
    let read = tables_read(&study);
    move || match read.get() {
        true => view! {
            <PanelView study=study.clone() model=first painter=Painter::REQUESTS/>
            {second_view.clone()}
        }
        .into_any(),
        false => while_reading(&study, first, Painter::REQUESTS),
    }
}
