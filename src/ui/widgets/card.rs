//! A headline card: what it answers, a line per finding (each a link to the view that
//! shows it, its detail in a tooltip) and the rule it was found by. The overview's cards and
//! the goodput card (in the goodput view's chunk) draw with it.

use leptos::prelude::*;

use crate::core::display::headline::Card;
use crate::core::link::View;
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::widgets::state_link::StateLink;

/// One card, as an item of the overview's `ul.cards`.
pub fn card_view(card: Card, study: &Study) -> impl IntoView {
    let page = page();
    let lines = card
        .lines
        .into_iter()
        .map(|line| match line.link {
            Some(to) => {
                let src = study.src.clone();
                let to = Signal::derive(move || {
                    let view = to.view.unwrap_or(View::Overview);
                    let mut state = to.for_sharing(&src, view);
                    state.index = page.link.index.get_untracked();
                    state
                });
                view! { <li title=line.detail.unwrap_or_default() class:warn=line.warn><StateLink to=to>{line.text}</StateLink></li> }
                    .into_any()
            }
            None => view! { <li title=line.detail.unwrap_or_default() class:warn=line.warn>{line.text}</li> }.into_any(),
        })
        .collect_view();
    view! {
        <li class="card" class:publisher=card.publisher class:pending=card.pending>
            <h3>{card.title}{card.publisher.then(|| view! { <span class="tag">"the publisher's"</span> })}</h3>
            <ul class="card-lines">{lines}</ul>
            <p class="rule">{card.rule}</p>
        </li>
    }
}
