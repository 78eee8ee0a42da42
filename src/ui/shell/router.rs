//! The router: which view a link shows, for the study loaded. With `lazy.rs` (the split
//! points of the views loaded when first opened), the only file that names the views.

use leptos::prelude::*;

use super::lazy::{self, Chunk, Chunks};
use crate::core::link::{is_energy_tradeoff, settings_sentence, View};
use crate::core::views::goodput::pending_goodput_card;
use crate::ui::state::file::{ManifestCheck, SlotState, Study};
use crate::ui::state::{manifest_check, page, CollectionState};
use crate::ui::tasks::load;
use crate::ui::views::{overview, serving};
use crate::ui::widgets::card::card_view;
use crate::ui::widgets::findings::{loading_line, ErrorPanel, FailurePanel, FindingsPanel};

/// The view of a study. A view shown from a chunk here is named in `Chunk::of_study_view`
/// too, which asks for its chunk at boot when a link names the view.
fn study_view(study: Study, view: View, chunks: Chunks) -> AnyView {
    let page = page();
    match view {
        View::Overview => {
            // A study with requests gets the goodput card: its chunk, and then the tables,
            // are asked for by an effect made after the overview (and its chart's) is built.
            let has_requests = study.results.has_requests();
            let after_first_chart = RwSignal::new(false);
            // Until the card's chunk is in, the card in its place, as the pre-render writes it
            // (QA pass 4, F4).
            let more_cards = {
                let study = study.clone();
                move || {
                    let study = study.clone();
                    let pending = {
                        let study = study.clone();
                        move || pending_goodput_card(&study.results).map(|card| card_view(card, &study)).into_any()
                    };
                    match after_first_chart.get() {
                        true => chunks.show_or(Chunk::GoodputCard, move || lazy::goodput_card(study.clone()), pending),
                        false => pending(),
                    }
                }
            };
            let overview = view! { <overview::OverviewView study=study.clone() more_cards=more_cards.into_any()/> }.into_any();
            if has_requests {
                Effect::new(move |_| after_first_chart.set(true));
            }
            // Behind a landing written with the card's own lines, the app shows once its card
            // says them too: its chunk in and the tables read (or the chunk failed, said).
            if page.boot_hold.get_untracked() {
                let study = study.clone();
                Effect::new(move |_| {
                    let card_final = chunks.ready(Chunk::GoodputCard) && study.requests.with(|r| r.tables().is_some());
                    if card_final || chunks.failed(Chunk::GoodputCard) || !has_requests {
                        page.boot_hold.set(false);
                    }
                });
            }
            overview
        }
        View::Decode => chunks.show(Chunk::Decode, move || lazy::decode_view(study.clone())),
        View::Serving => view! { <serving::ExplorerView study=study view=View::Serving/> }.into_any(),
        View::Energy => {
            // `chart=tradeoff` in the energy view is the energy trade-off (docs/links.md).
            let tradeoff = Memo::new(move |_| is_energy_tradeoff(page.link.chart.get(), View::Energy));
            (move || {
                let study = study.clone();
                if tradeoff.get() {
                    chunks.show(Chunk::Tradeoff, move || lazy::tradeoff_view(study.clone(), View::Energy))
                } else {
                    view! { <serving::ExplorerView study=study view=View::Energy/> }.into_any()
                }
            })
            .into_any()
        }
        View::Tradeoff => chunks.show(Chunk::Tradeoff, move || lazy::tradeoff_view(study.clone(), View::Tradeoff)),
        // The per-request views fetch the study's tables as they open (never before).
        View::Goodput => chunks.show(Chunk::Goodput, move || lazy::goodput_view(study.clone())),
        View::Requests => chunks.show(Chunk::Requests, move || lazy::requests_view(study.clone())),
        View::Accuracy => chunks.show(Chunk::Accuracy, move || lazy::accuracy_view(study.clone())),
        View::Prefill => chunks.show(Chunk::Prefill, move || lazy::prefill_view(study.clone())),
        View::Cache => chunks.show(Chunk::Cache, move || lazy::cache_view(study.clone())),
        View::Provenance => chunks.show(Chunk::Provenance, move || lazy::provenance_view(study.clone())),
        View::Raw => chunks.show(Chunk::Raw, move || lazy::raw_view(study.clone())),
        View::Compare => {
            // Files to add come first; once files are compared, their chart does.
            let panel = {
                let study = study.clone();
                chunks.show(Chunk::Compare, move || lazy::compare_panel(study.clone()))
            };
            if page.link.compare.with_untracked(Vec::is_empty) {
                view! { {panel} <serving::ExplorerView study=study view=View::Serving/> }.into_any()
            } else {
                view! { <serving::ExplorerView study=study view=View::Serving/> {panel} }.into_any()
            }
        }
        // Collection views are routed before a study is needed (see `Router`).
        View::Catalog | View::Coverage | View::History => ().into_any(),
    }
}

/// A collection view, from the manifest alone (history fetches what it reads itself).
fn collection_view(view: View, chunks: Chunks) -> AnyView {
    let page = page();
    match page.collection.get() {
        CollectionState::Loading => loading_line("the collection"),
        CollectionState::Failed(message) => {
            view! { <FailurePanel src="the collection manifest".to_owned() message heading="Could not load the collection"/> }.into_any()
        }
        CollectionState::Ready { collection, srcs } => match view {
            View::Coverage => chunks.show(Chunk::Coverage, move || lazy::coverage_view(collection.clone())),
            View::History => chunks.show(Chunk::History, move || lazy::history_view(collection.clone(), srcs.clone())),
            _ => chunks.show(Chunk::Catalog, move || lazy::catalog_view(collection.clone(), srcs.clone())),
        },
    }
}

/// The warning over a study whose bytes are not those the collection's manifest lists.
fn manifest_warning(study: &Study) -> Option<impl IntoView> {
    let page = page();
    match manifest_check(page, study) {
        ManifestCheck::Changed { listed, actual } => Some(view! {
            <p class="notice manifest-changed" role="alert">
                "This study's file changed since the index was built: the manifest lists sha256 " <code>{listed}</code>
                ", the file is " <code>{actual}</code> ". What is shown is the file as it is now, not the study the index describes."
            </p>
        }),
        _ => None,
    }
}

/// The main area: the view shown, or where loading stands.
// Reached by the shell's app only; `#[component]` writes its props as `pub` items.
#[allow(unreachable_pub)]
#[component]
pub fn Router() -> impl IntoView {
    let page = page();
    let chunks = Chunks::of_app();
    let first = Chunk::of_study_view(page.link.view.get_untracked(), page.link.chart.get_untracked());
    let compared = page.link.compare.with_untracked(|c| !c.is_empty()).then_some(Chunk::Compare);
    for chunk in first.into_iter().chain(compared) {
        chunks.request(chunk);
    }
    // The study's per-request tables are checked once its other sources are, whatever the
    // view (a view that reads the requests has begun the one load already).
    Effect::new(move |_| {
        let SlotState::Ready(study) = page.primary().get() else { return };
        if study.results.has_requests() && study.checks.report.with(Option::is_some) {
            lazy::check_tables_when_in(study);
        }
    });
    let body = move || {
        let view = page.link.view.get();
        if view.is_collection() {
            return collection_view(view, chunks);
        }
        match page.primary().get() {
            // A study is about to load (the collection has just named it): not the catalog
            // for that moment, whose chunk the page would fetch for nothing.
            SlotState::Idle if load::study_to_open(page).is_some() => loading_line("the study"),
            // No study to open: the collection says why (loading, or failed to load).
            SlotState::Idle => collection_view(View::Catalog, chunks),
            SlotState::Loading(what) => loading_line(what),
            SlotState::Failed { src, message } => view! { <FailurePanel src message/> }.into_any(),
            SlotState::Invalid { src, findings } => view! { <ErrorPanel src findings/> }.into_any(),
            SlotState::Ready(study) => {
                let compared = page.link.compare.with_untracked(|c| !c.is_empty()) && view != View::Compare;
                let panel = compared.then(|| {
                    let study = study.clone();
                    chunks.show(Chunk::Compare, move || lazy::compare_panel(study.clone()))
                });
                let settings = {
                    let study = study.clone();
                    move || page.link.with(|s| settings_sentence(&study.results, s, page.link.view.get()))
                };
                let warning = manifest_warning(&study);
                view! {
                    {warning}
                    <p class="print-settings">{settings}</p>
                    <FindingsPanel findings=study.warnings.clone()/>
                    {study_view(study, view, chunks)}
                    {panel}
                }
                .into_any()
            }
        }
    };
    view! { <main id="main">{body}</main> }
}
