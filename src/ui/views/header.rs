//! The study's header: title, date, scope, and where the file came from.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::contents::block_summaries;
use crate::ui::app::Loaded;
use crate::ui::views::provenance::SourcesBadge;

/// Title, date and scope as the file states them.
#[component]
pub fn Header(
    /// The loaded file.
    loaded: Arc<Loaded>,
) -> impl IntoView {
    let r = &loaded.results;
    let blocks = block_summaries(r)
        .into_iter()
        .map(|b| {
            let class = if b.present { "block" } else { "block absent" };
            view! { <li class=class><strong>{b.name}</strong> ": " {b.status}</li> }
        })
        .collect_view();
    view! {
        <header class="study">
            <p class="brand">"servescope"</p>
            <h1>{r.title.clone()}</h1>
            <p class="meta">
                <span class="date">{r.date.clone()}</span>
                " · " <code class="src">{loaded.src.clone()}</code>
                " · sha256 " <code class="hash" title=loaded.sha256.clone()>{loaded.sha256[..12].to_owned()} "…"</code>
            </p>
            {r.scope.clone().map(|scope| view! { <p class="scope">{scope}</p> })}
            <ul class="contents" aria-label="what this file contains">{blocks}</ul>
            <SourcesBadge/>
        </header>
    }
}
