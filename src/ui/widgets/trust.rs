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
    let summary = Memo::new(move |_| study.checks.summary());
    let to = Signal::derive(move || page.link.whole().on_view(View::Provenance));
    view! {
        <StateLink to=to class="badge-link">
            <span class=move || format!("badge sources {}", summary.get().tone) aria-live="polite">{move || summary.get().text}</span>
        </StateLink>
    }
}
