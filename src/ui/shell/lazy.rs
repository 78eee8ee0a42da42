//! Views a first visit does not show, each split into a wasm chunk of its own, the compare
//! panel and the import form: the page downloads a chunk the first time it is needed (at
//! boot for a link to such a view, beside the study), never on a first visit's load.
//!
//! Every split point below is a `#[wasm_split]` function; the release build's split step
//! (`tools/split.mjs`) cuts each one, and the code only it reaches, out of the main module.
//! The split functions only build a view: loading is the `preload_*` function's, awaited
//! here with the chunk's state in a signal, so that the view is then built synchronously in
//! the router's reactive scope like every other view (built after an `.await` instead, its
//! signals would belong to no owner the router keeps).
//!
//! A chunk that does not arrive shows what failed and a "Retry" that asks again (a failed
//! load is not remembered, by the loader or by this module).

use std::collections::HashMap;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_split_helpers::{wasm_split, SplitLoaderError};

use crate::core::collections::collection::Collection;
use crate::core::link::{is_energy_tradeoff, ChartId, View};
use crate::ui::state::file::Study;
use crate::ui::views::{
    accuracy, cache, catalog, compare, coverage, decode, goodput, history, prefill, provenance, raw, requests, tradeoff,
};
use crate::ui::widgets::findings::loading_line;
use crate::ui::widgets::import_form::ImportForm;

/// A view whose code is in a chunk of its own.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) enum Chunk {
    Decode,
    Tradeoff,
    Accuracy,
    Prefill,
    Cache,
    Provenance,
    Raw,
    Catalog,
    Coverage,
    History,
    Compare,
    ImportForm,
    Goodput,
    GoodputCard,
    Requests,
}

impl Chunk {
    /// What the chunk holds, for the failure message.
    fn label(self) -> &'static str {
        match self {
            Chunk::Decode => "decode view",
            Chunk::Tradeoff => "trade-off view",
            Chunk::Accuracy => "accuracy view",
            Chunk::Prefill => "prefill view",
            Chunk::Cache => "KV-cache view",
            Chunk::Provenance => "provenance view",
            Chunk::Raw => "raw file view",
            Chunk::Catalog => "catalog",
            Chunk::Coverage => "coverage view",
            Chunk::History => "history view",
            Chunk::Compare => "compare panel",
            Chunk::ImportForm => "import form",
            Chunk::Goodput => "goodput view",
            Chunk::GoodputCard => "goodput card",
            Chunk::Requests => "requests view",
        }
    }

    /// The chunk a study view needs beyond the first download, if any: a link to it asks
    /// for the chunk while the study loads, not once it is in.
    pub(super) fn of_study_view(view: View, chart: Option<ChartId>) -> Option<Chunk> {
        Some(match view {
            View::Decode => Chunk::Decode,
            View::Tradeoff => Chunk::Tradeoff,
            View::Energy if is_energy_tradeoff(chart, view) => Chunk::Tradeoff,
            View::Accuracy => Chunk::Accuracy,
            View::Prefill => Chunk::Prefill,
            View::Cache => Chunk::Cache,
            View::Provenance => Chunk::Provenance,
            View::Raw => Chunk::Raw,
            View::Compare => Chunk::Compare,
            View::Goodput => Chunk::Goodput,
            View::Requests => Chunk::Requests,
            _ => return None,
        })
    }

    /// Fetches the chunk (at once when it is already in).
    async fn load(self) -> Result<(), SplitLoaderError> {
        match self {
            Chunk::Decode => preload_decode().await,
            Chunk::Tradeoff => preload_tradeoff().await,
            Chunk::Accuracy => preload_accuracy().await,
            Chunk::Prefill => preload_prefill().await,
            Chunk::Cache => preload_cache().await,
            Chunk::Provenance => preload_provenance().await,
            Chunk::Raw => preload_raw().await,
            Chunk::Catalog => preload_catalog().await,
            Chunk::Coverage => preload_coverage().await,
            Chunk::History => preload_history().await,
            Chunk::Compare => preload_compare().await,
            Chunk::ImportForm => preload_import_form().await,
            Chunk::Goodput => preload_goodput().await,
            Chunk::GoodputCard => preload_goodput_card().await,
            Chunk::Requests => preload_requests().await,
        }
    }
}

/// Where a chunk's load stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Load {
    Loading,
    Ready,
    Failed,
}

/// The chunks' loads, shared by every place that shows a split view (the app provides one
/// to the router and the drawers).
#[derive(Clone, Copy)]
pub(super) struct Chunks(RwSignal<HashMap<Chunk, Load>>);

impl Chunks {
    pub(super) fn new() -> Self {
        Chunks(RwSignal::new(HashMap::new()))
    }

    /// The app's.
    pub(super) fn of_app() -> Self {
        expect_context()
    }

    /// Starts the chunk's load unless it is in or on its way (at once, before its view is
    /// needed, where the page knows it soon will be).
    pub(super) fn request(self, chunk: Chunk) {
        let state = self.0.with_untracked(|loads| loads.get(&chunk).copied());
        if matches!(state, Some(Load::Loading | Load::Ready)) {
            return;
        }
        self.0.update(|loads| {
            loads.insert(chunk, Load::Loading);
        });
        spawn_local(async move {
            let done = if chunk.load().await.is_ok() { Load::Ready } else { Load::Failed };
            self.0.update(|loads| {
                loads.insert(chunk, done);
            });
        });
    }

    /// Whether the chunk is in (tracked).
    pub(super) fn ready(self, chunk: Chunk) -> bool {
        self.0.with(|loads| loads.get(&chunk) == Some(&Load::Ready))
    }

    /// Whether the chunk's last load failed (tracked).
    pub(super) fn failed(self, chunk: Chunk) -> bool {
        self.0.with(|loads| loads.get(&chunk) == Some(&Load::Failed))
    }

    /// The view once its chunk is in (`build` calls the split function); until then a
    /// loading line, and a retry if the chunk failed to arrive.
    pub(super) fn show<F>(self, chunk: Chunk, build: impl Fn() -> F + Send + Sync + 'static) -> AnyView
    where
        F: Future<Output = Result<AnyView, SplitLoaderError>>,
    {
        self.show_or(chunk, build, move || loading_line(format!("the {}", chunk.label())))
    }

    /// `show`, with `waiting` in the view's place until its chunk is in.
    pub(super) fn show_or<F>(
        self,
        chunk: Chunk,
        build: impl Fn() -> F + Send + Sync + 'static,
        waiting: impl Fn() -> AnyView + Send + Sync + 'static,
    ) -> AnyView
    where
        F: Future<Output = Result<AnyView, SplitLoaderError>>,
    {
        self.request(chunk);
        // This chunk's state alone: another chunk arriving must not build this view again.
        let state = Memo::new(move |_| self.0.with(|loads| loads.get(&chunk).copied()));
        (move || match state.get() {
            Some(Load::Ready) => match run_loaded(build()) {
                Some(Ok(view)) => view,
                // Not reached: a loaded chunk's split function answers at once.
                _ => failed(self, chunk),
            },
            Some(Load::Failed) => failed(self, chunk),
            _ => waiting(),
        })
        .into_any()
    }
}

/// A split function's answer once its chunk is in: the wrapper's only wait is the load,
/// which a loaded chunk's loader passes on the first poll.
fn run_loaded<T>(future: impl Future<Output = T>) -> Option<T> {
    let mut future = pin!(future);
    match future.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(value) => Some(value),
        Poll::Pending => None,
    }
}

/// What failed, and a retry.
fn failed(chunks: Chunks, chunk: Chunk) -> AnyView {
    let retry = move |_| chunks.request(chunk);
    view! {
        <section class="panel error-panel chunk-failed" role="alert">
            <h2>"Could not load the " {chunk.label()}</h2>
            <p class="message">"This part's code is downloaded the first time it is needed, and it did not arrive. Check the connection and try again."</p>
            <button type="button" class="action retry-chunk" on:click=retry>"Retry"</button>
        </section>
    }
    .into_any()
}

// The split points: one chunk each. `fallible` turns a failed download into an `Err`
// instead of a panic, which would stop the whole page.

/// The decode view.
#[wasm_split(decode, fallible, preload(preload_decode))]
pub(super) fn decode_view(study: Study) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <decode::DecodeView study=study/> }.into_any())
}

/// The trade-off view (`view=tradeoff`, and the energy view's `chart=tradeoff`).
#[wasm_split(tradeoff, fallible, preload(preload_tradeoff))]
pub(super) fn tradeoff_view(study: Study, view: View) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <tradeoff::TradeoffView study=study view=view/> }.into_any())
}

/// The accuracy view.
#[wasm_split(accuracy, fallible, preload(preload_accuracy))]
pub(super) fn accuracy_view(study: Study) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <accuracy::AccuracyView study=study/> }.into_any())
}

/// The prefill view.
#[wasm_split(prefill, fallible, preload(preload_prefill))]
pub(super) fn prefill_view(study: Study) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <prefill::PrefillView study=study/> }.into_any())
}

/// The KV-cache view.
#[wasm_split(cache, fallible, preload(preload_cache))]
pub(super) fn cache_view(study: Study) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <cache::CacheView study=study/> }.into_any())
}

/// The provenance view.
#[wasm_split(provenance, fallible, preload(preload_provenance))]
pub(super) fn provenance_view(study: Study) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <provenance::ProvenanceView study=study/> }.into_any())
}

/// The raw file view.
#[wasm_split(raw, fallible, preload(preload_raw))]
pub(super) fn raw_view(study: Study) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <raw::RawView study=study/> }.into_any())
}

/// The collection's catalog.
#[wasm_split(catalog, fallible, preload(preload_catalog))]
pub(super) fn catalog_view(collection: Collection, srcs: Vec<String>) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <catalog::CatalogView collection=collection srcs=srcs/> }.into_any())
}

/// The collection's coverage grid.
#[wasm_split(coverage, fallible, preload(preload_coverage))]
pub(super) fn coverage_view(collection: Collection) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <coverage::CoverageView collection=collection/> }.into_any())
}

/// The collection's history.
#[wasm_split(history, fallible, preload(preload_history))]
pub(super) fn history_view(collection: Collection, srcs: Vec<String>) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <history::HistoryView collection=collection srcs=srcs/> }.into_any())
}

/// The compare panel: pick files, their states, comparability and the delta table.
#[wasm_split(compare, fallible, preload(preload_compare))]
pub(super) fn compare_panel(study: Study) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <compare::ComparePanel study=study/> }.into_any())
}

/// The import form, for a draft the import module has read.
#[wasm_split(import_form, fallible, preload(preload_import_form))]
pub(super) fn import_form() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <ImportForm/> }.into_any())
}

/// The goodput view (`view=goodput`).
#[wasm_split(goodput, fallible, preload(preload_goodput))]
pub(super) fn goodput_view(study: Study) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <goodput::GoodputView study=study/> }.into_any())
}

/// The overview's goodput card, for a study with requests.
#[wasm_split(goodput_card, fallible, preload(preload_goodput_card))]
pub(super) fn goodput_card(study: Study) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <goodput::GoodputCard study=study/> }.into_any())
}

/// Every view reads the study's per-request tables once its other sources are checked, so
/// each names the same verified count (QA pass 4, F3); their load's code stays out of the
/// first download (in it, +15.5 KB gzip, measured).
#[wasm_split(tables, fallible, preload(preload_tables))]
fn check_tables(study: Study) -> Result<(), SplitLoaderError> {
    crate::ui::tasks::requests::ensure_tables(&study);
    Ok(())
}

/// Start the study's tables' check once their chunk is in, in the caller's reactive owner
/// (the load reads the page's state from it), as the views are built.
pub(super) fn check_tables_when_in(study: Study) {
    let owner = Owner::current();
    spawn_local(async move {
        if preload_tables().await.is_ok() {
            if let Some(owner) = owner {
                owner.with(|| run_loaded(check_tables(study)));
            }
        }
    });
}

/// The requests view (`view=requests`).
#[wasm_split(requests, fallible, preload(preload_requests))]
pub(super) fn requests_view(study: Study) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <requests::RequestsView study=study/> }.into_any())
}
