//! Coverage: model × hardware from the manifest, each cell the engines measured there and
//! the studies behind them, linking to the catalog filtered to it; "no study" where the
//! collection has nothing.

use leptos::prelude::*;

use crate::core::collections::catalog::coverage_table;
use crate::core::collections::collection::Collection;
use crate::ui::state::page;
use crate::ui::widgets::table::TableView;

/// The coverage grid of a collection.
#[component]
pub fn CoverageView(
    /// The manifest.
    collection: Collection,
) -> impl IntoView {
    let page = page();
    let table = move || {
        view! { <TableView table=coverage_table(&collection, &page.link.catalog.get())/> }
    };
    view! {
        <section class="panel coverage">
            <h2>"Coverage"</h2>
            <p class="status">"Which engines were measured on which model and hardware, from the collection's manifest. A cell opens the catalog filtered to it."</p>
            <div class="table-block">{table}</div>
        </section>
    }
}
