//! Link parameters that were not used, each dismissible, and the page's own notices.

use leptos::prelude::*;

use crate::ui::state::page;

/// The dismissible notices of the link.
#[component]
pub fn NoticesPanel() -> impl IntoView {
    let page = page();
    move || {
        let notices = page.notices.get();
        (!notices.is_empty()).then(|| {
            let items = notices
                .into_iter()
                .enumerate()
                .map(|(i, n)| {
                    view! {
                        <li class="notice">
                            <code>{n.param.clone()} "=" {n.value.clone()}</code> ": " {n.reason.clone()} " "
                            <button class="dismiss" aria-label="dismiss" on:click=move |_| page.notices.update(|all| { if i < all.len() { all.remove(i); } })>"×"</button>
                        </li>
                    }
                })
                .collect_view();
            view! { <ul class="notices" role="status">{items}</ul> }
        })
    }
}

/// A notice in a view (a refused log scale, a missing ratio base).
#[component]
pub fn Notice(
    /// What to say.
    #[prop(into)]
    text: String,
) -> impl IntoView {
    view! { <p class="notice" role="status">{text}</p> }
}
