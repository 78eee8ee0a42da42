//! The catalog: every study of the collection from its manifest alone (no study file is
//! fetched until one is opened) — title linking to the study, date, model, hardware,
//! engines, workloads — filtered by the link's `model`, `hardware`, `engine` and `q`, newest
//! first, as a table and a CSV. Long lists show a page at a time.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::collections::catalog::{catalog_heading, catalog_table, facet_values, filtered, CATALOG_PAGE_ROWS};
use crate::core::collections::collection::Collection;
use crate::core::display::chart_words::show_more_words;
use crate::core::link::CatalogFilter;
use crate::ui::io::download::download_text;
use crate::ui::state::{history, page, share_link};
use crate::ui::widgets::pickers::Choice;
use crate::ui::widgets::table::TableView;

/// The catalog of a collection.
#[component]
pub fn CatalogView(
    /// The manifest.
    collection: Collection,
    /// Each study's `src`.
    srcs: Vec<String>,
) -> impl IntoView {
    let page = page();
    let (collection, srcs) = (Arc::new(collection), Arc::new(srcs));
    let state = page.link.catalog;
    // "Show more" counts for the filters it was pressed under: another filter starts again
    // at one page (derived, not reset by an effect, so the long list is never drawn first).
    let more = RwSignal::new(None::<(CatalogFilter, usize)>);
    let shown = Memo::new(move |_| {
        state.with(|now| more.with(|m| m.as_ref().filter(|(under, _)| under == now).map_or(CATALOG_PAGE_ROWS, |(_, n)| *n)))
    });
    let rows = {
        let collection = collection.clone();
        Memo::new(move |_| filtered(&collection, &state.get()))
    };
    let table = {
        let (collection, srcs) = (collection.clone(), srcs.clone());
        move || {
            let table = rows.with(|rows| catalog_table(&collection, &srcs, rows, shown.get(), &state.get(), &page.changed.get()));
            view! { <TableView table=table/> }
        }
    };
    let facet = |label: &'static str, class: &'static str, key: &'static str| {
        let mut options = vec![(String::new(), "any".to_owned())];
        options.extend(facet_values(&collection, key).into_iter().map(|v| (v.clone(), v)));
        let selected = Signal::derive(move || {
            let CatalogFilter { model, hardware, engine, .. } = page.link.catalog.get();
            match key {
                "model" => model,
                "hardware" => hardware,
                _ => engine,
            }
            .unwrap_or_default()
        });
        let pick = Callback::new(move |value: String| {
            let value = (!value.is_empty()).then_some(value);
            page.update_link(|s| match key {
                "model" => s.model = value,
                "hardware" => s.hardware = value,
                _ => s.engine = value,
            });
        });
        view! { <Choice label=label class=class options=Signal::stored(options) selected=selected pick=pick/> }
    };
    let csv = {
        let (collection, srcs) = (collection.clone(), srcs.clone());
        move |_| {
            let table = rows.with_untracked(|rows| {
                catalog_table(&collection, &srcs, rows, usize::MAX, &state.get_untracked(), &page.changed.get_untracked())
            });
            let link = untrack(|| share_link(page)).unwrap_or_default();
            download_text("catalog.csv", "text/csv", &table.to_csv(&format!("# servescope catalog · {link}")));
        }
    };
    let show_more = move || {
        let total = rows.with(Vec::len);
        let words = show_more_words(total, shown.get(), CATALOG_PAGE_ROWS)?;
        let next = move |_| more.set(Some((state.get_untracked(), shown.get_untracked() + CATALOG_PAGE_ROWS)));
        Some(view! { <button type="button" class="action show-more" on:click=next>{words}</button> })
    };
    // Filters that keep nothing offer the way back, rather than an empty table alone.
    let no_match = move || {
        let filtered = state.with(CatalogFilter::is_filtered);
        (filtered && rows.with(Vec::is_empty)).then(|| {
            let clear = move |_| history::navigate(page.link, page.link.current().without_catalog_filters());
            view! { <p class="absent no-match">"No study matches these filters. " <button type="button" class="action clear-filters" on:click=clear>"Clear filters"</button></p> }
        })
    };
    view! {
        <section class="panel catalog">
            <h2>{catalog_heading(collection.studies.len())}</h2>
            <div class="controls">
                <label class="control">"Search "
                    // Filters as one types (a filter replaces the history entry, never adds one).
                    <input type="search" class="catalog-search" prop:value=move || page.link.catalog.with(|f| f.q.clone()).unwrap_or_default()
                        on:input=move |e| {
                            let q = event_target_value(&e);
                            page.update_link(|s| s.q = (!q.trim().is_empty()).then_some(q));
                        }/>
                </label>
                {facet("Model", "model-facet", "model")}
                {facet("Hardware", "hardware-facet", "hardware")}
                {facet("Engine", "engine-facet", "engine")}
                <button type="button" class="toggle export-csv" on:click=csv>"CSV"</button>
            </div>
            <div class="table-block">{table}</div>
            {no_match}
            {show_more}
        </section>
    }
}
