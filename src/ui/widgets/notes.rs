//! A panel's words (`core::views::panel::Note`) on the page, as the pre-render writes them:
//! paragraphs, notices, method texts, lists, links, tables among them, and the two widgets of
//! the app's own the model leaves a place for.

use leptos::prelude::*;

use super::prices::PriceNotes;
use super::requests::RequestsStatus;
use super::state_link::StateLink;
use super::table::TableBlock;
use crate::core::views::panel::{Link, Note, Slot};
use crate::ui::state::file::Study;
use crate::ui::state::page;

/// A link to another chart of the study, from the link shown now.
pub fn link_view(link: Link) -> impl IntoView {
    let page = page();
    let to = Signal::derive(move || link.to.from(&page.link.whole()));
    view! { <StateLink to=to class="chart-link">{link.words}</StateLink> }
}

fn note_view(note: Note, study: &Study) -> AnyView {
    match note {
        Note::Text(class, text) => view! { <p class=class>{text}</p> }.into_any(),
        Note::Linked(class, text, link) => view! { <p class=class>{text}{link_view(link)}</p> }.into_any(),
        Note::Notice(class, text) => {
            let class = if class.is_empty() { "notice".to_owned() } else { format!("notice {class}") };
            view! { <p class=class role="status">{text}</p> }.into_any()
        }
        Note::Method(label, text) => view! { <p class="method"><strong>{format!("{label}: ")}</strong>{text}</p> }.into_any(),
        Note::List(class, items) => view! { <ul class=class>{items.into_iter().map(|i| view! { <li>{i}</li> }).collect_view()}</ul> }.into_any(),
        Note::Subheading(text) => view! { <h3>{text}</h3> }.into_any(),
        Note::Path(words, path) => view! { <p class="unit">{words}<code>{path}</code></p> }.into_any(),
        Note::Table(part) => view! {
            <TableBlock table=Signal::stored(part.table) study=study.clone() sources=Signal::stored(part.sources) notes=Signal::stored(part.notes)
                stem=Signal::stored(part.stem) class=part.class absent=part.absent later=part.later/>
        }
        .into_any(),
        Note::Slot(Slot::PriceNotes) => view! { <PriceNotes study=study.clone()/> }.into_any(),
        Note::Slot(Slot::RequestsStatus) => view! { <RequestsStatus study=study.clone()/> }.into_any(),
    }
}

/// A run of a panel's words, drawn again only when they change.
#[component]
pub fn Notes(
    /// The words.
    notes: Memo<Vec<Note>>,
    /// The study (its tables' CSV, the widgets' state).
    study: Study,
) -> impl IntoView {
    move || notes.get().into_iter().map(|n| note_view(n, &study)).collect_view()
}
