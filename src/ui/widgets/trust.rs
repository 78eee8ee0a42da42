//! The trust badge: what hashing the sources found, in honest words — "not published with
//! this page" when none was shipped, counts otherwise, a mismatch loud — linking to the
//! provenance view.

use leptos::prelude::*;

use super::state_link::StateLink;
use crate::core::link::View;
use crate::ui::state::file::Study;
use crate::ui::state::page;

/// The badge for a study's sources.
#[component]
pub fn TrustBadge(
    /// The study.
    study: Study,
) -> impl IntoView {
    let page = page();
    let sha256 = study.sha256.clone();
    let summary = Memo::new(move |_| study.checks.summary());
    // A study imported in this page is verified against the files picked here: nothing is
    // published with it, downloaded or not (QA pass 4, F17: once downloaded it read "all 4
    // sources verified", as if published), and the badge says so.
    let unpublished = Memo::new(move |_| {
        page.imported.with(|i| {
            i.as_ref().filter(|i| crate::core::provenance::sha256_hex(&i.results) == sha256).map(|i| match i.downloaded {
                false => format!("verified in this browser — download the {} files to publish", i.files),
                true => format!("verified in this browser — downloaded; publish the {} files to share it", i.files),
            })
        })
    });
    let to = Signal::derive(move || page.link.whole().on_view(View::Provenance));
    view! {
        <StateLink to=to class="badge-link">
            <span class=move || format!("badge sources {}", summary.get().tone) aria-live="polite">
                {move || unpublished.get().unwrap_or_else(|| summary.get().text)}
            </span>
        </StateLink>
    }
}
