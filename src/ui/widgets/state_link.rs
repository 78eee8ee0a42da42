//! A link to another state of this page: a real `href` (so it can be opened in a new tab,
//! copied or bookmarked) that the app follows itself on a plain click.

use leptos::prelude::*;

use crate::core::link::ViewState;
use crate::ui::state::{history, page};

/// An in-app link; Ctrl/Cmd/Shift/Alt or a middle click leaves it to the browser.
#[component]
pub fn StateLink(
    /// Where it goes.
    #[prop(into)]
    to: Signal<ViewState>,
    /// Its class.
    #[prop(optional, into)]
    class: String,
    /// `aria-current="page"` when it names what is shown.
    #[prop(optional, into)]
    current: Signal<bool>,
    /// What it leads to lacks, in words ("Decode: not in this file"): marked (`lacks`) and
    /// said in its title.
    #[prop(optional, into)]
    lacks: Signal<Option<String>>,
    /// Its content.
    children: Children,
) -> impl IntoView {
    let page = page();
    let classes = move || if lacks.with(Option::is_some) { format!("{class} lacks") } else { class.clone() };
    view! {
        <a class=classes href=move || history::href(&to.get()) aria-current=move || current.get().then_some("page")
            title=move || lacks.get()
            on:click=move |e| history::follow(page.link, &e, to.get_untracked())>{children()}</a>
    }
}
