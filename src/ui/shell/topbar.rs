//! The top bar: the study on one line (details behind a toggle), the trust badge, the view
//! tabs (a horizontal scroller on a phone), and the actions — copy link, open a file, share
//! and reproduce, the theme.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::core::link::View;
use crate::core::study::contents::{block_summaries, page_heading, PageShows};
use crate::ui::io::browser::copy_text;
use crate::ui::state::file::SlotState;
use crate::ui::state::{page, share_link, CollectionState, Drawer};
use crate::ui::widgets::pickers::Choice;
use crate::ui::widgets::state_link::StateLink;
use crate::ui::widgets::trust::TrustBadge;

/// The view tabs, as links that keep the rest of the state.
#[component]
fn Tabs() -> impl IntoView {
    let page = page();
    let many = move || page.collection.with(|c| matches!(c, CollectionState::Ready { collection, .. } if collection.studies.len() > 1));
    let tab = move |view: View, label: &'static str| {
        let to = Signal::derive(move || page.link.whole().on_view(view));
        let current = Signal::derive(move || page.link.view.get() == view);
        let lacks = Signal::derive(move || page.study().and_then(|s| crate::core::link::tab_lacks(&s.results, view)));
        view! { <StateLink to=to current=current lacks=lacks class="tab">{label}</StateLink> }
    };
    let collection_tabs =
        move || many().then(|| view! { {tab(View::Catalog, "Catalog")} {tab(View::Coverage, "Coverage")} {tab(View::History, "History")} });
    // The per-request views' tabs, for a study with requests. A memo: the tabs are built
    // again only when that changes, not at each change of the study's state (a rebuilt tab
    // list would lose the scrolling below).
    let with_requests = Memo::new(move |_| page.study().is_some_and(|s| s.results.has_requests()));
    // On a phone the tabs scroll sideways: keep the current one in sight after each
    // navigation, and when the study's own tabs arrive. Measured against the strip's own box
    // (a tab's offsetLeft counts from the nearest positioned ancestor, not the strip: QA pass
    // 4, F10 read it as −212 px), after the frame that draws the new current tab.
    let nav = NodeRef::<leptos::html::Nav>::new();
    Effect::new(move |_| {
        page.link.view.track();
        with_requests.track();
        request_animation_frame(move || {
            let Some(nav) = nav.get_untracked() else { return };
            let Ok(Some(current)) = nav.query_selector("a[aria-current=page]") else { return };
            let (tab, strip) = (current.get_bounding_client_rect(), nav.get_bounding_client_rect());
            let room = f64::from(nav.client_width());
            let left = tab.left() - strip.left();
            if left < 0.0 || left + tab.width() > room {
                // The tab a little in from the strip's left edge, as far as the strip scrolls.
                // Rounded as the pre-render's script rounds (Math.round: half up).
                nav.set_scroll_left(nav.scroll_left() + (left - 24.0 + 0.5).floor() as i32);
            }
        });
    });
    view! {
        <nav class="views" aria-label="views" node_ref=nav>
            {collection_tabs}
            // A study's views, once there is a study to show (not on a collection's own views).
            {move || (!page.link.view.get().is_collection() || page.link.src.get().is_some())
                .then(|| View::tabs(with_requests.get()).into_iter().map(|(v, l)| tab(v, l)).collect_view())}
        </nav>
    }
}

/// The actions: copy link, open a file, share and reproduce, theme.
#[component]
fn Actions() -> impl IntoView {
    let page = page();
    let said = RwSignal::new(String::new());
    let copy = move |_| {
        let Some(url) = untrack(|| share_link(page)) else {
            said.set("A local file cannot be linked: serve it and open it by URL to share this view.".into());
            return;
        };
        spawn_local(async move {
            let done = copy_text(&url).await;
            said.set(if done { "link copied".into() } else { "could not copy: open Share & reproduce and copy the link there".into() });
        });
    };
    let toggle = move |drawer: Drawer| move |_| page.drawer.update(|d| *d = if *d == Some(drawer) { None } else { Some(drawer) });
    view! {
        <div class="bar-actions">
            <button type="button" class="action details-toggle" aria-expanded=move || (page.drawer.get() == Some(Drawer::Details)).to_string() aria-controls="study-details"
                on:click=toggle(Drawer::Details)>"Details"</button>
            <button type="button" class="action copy-link" on:click=copy>"Copy link"</button>
            <button type="button" class="action open-file" aria-expanded=move || (page.drawer.get() == Some(Drawer::Open)).to_string() on:click=toggle(Drawer::Open)>"Open file…"</button>
            <button type="button" class="action share" aria-expanded=move || (page.drawer.get() == Some(Drawer::Share)).to_string() on:click=toggle(Drawer::Share)>"Share & reproduce"</button>
            <button type="button" class="action theme-toggle" aria-pressed=move || page.dark.get().to_string()
                on:click=move |_| {
                    let dark = !page.dark.get_untracked();
                    page.update_link(|s| s.theme = Some(if dark { crate::core::link::ThemeChoice::Dark } else { crate::core::link::ThemeChoice::Light }));
                }>{move || if page.dark.get() { "Light" } else { "Dark" }}</button>
            <span class="copied" role="status">{move || said.get()}</span>
        </div>
    }
}

/// The study's details: scope, file, hash, contents, and the collection's other studies.
#[component]
fn Details() -> impl IntoView {
    let page = page();
    let picker = move || {
        let CollectionState::Ready { collection, srcs } = page.collection.get() else { return None };
        (collection.studies.len() > 1).then(|| {
            let options: Vec<(String, String)> =
                collection.studies.iter().zip(&srcs).map(|(s, src)| (src.clone(), format!("{} ({})", s.title, s.date))).collect();
            let selected = Signal::derive(move || page.study().map(|s| s.src.clone()).unwrap_or_default());
            let pick = Callback::new(move |src: String| {
                if let Ok(src) = src.parse() {
                    page.update_link(|s| s.src = Some(src));
                }
            });
            view! { <Choice label="Study" class="dataset-picker" options=Signal::stored(options) selected=selected pick=pick/> }
        })
    };
    move || {
        let study = page.study()?;
        let blocks = block_summaries(&study.results)
            .into_iter()
            .map(|b| view! { <li class:absent=!b.present><strong>{b.name}</strong> ": " {b.status}</li> })
            .collect_view();
        Some(view! {
            <div class="details" id="study-details">
                {study.results.scope().map(str::to_owned).map(|s| view! { <p class="scope">{s}</p> })}
                <p class="meta"><code class="src">{study.src.clone()}</code> " · sha256 " <code class="hash">{study.sha256.clone()}</code></p>
                <ul class="contents" aria-label="what this file contains">{blocks}</ul>
                {picker}
            </div>
        })
    }
}

/// The sticky top bar.
// Reached by the shell's app only; `#[component]` writes its props as `pub` items.
#[allow(unreachable_pub)]
#[component]
pub fn TopBar() -> impl IntoView {
    let page = page();
    let line = move || match page.primary().get() {
        SlotState::Ready(study) => {
            let r = &study.results;
            let badge = view! { <TrustBadge study=study.clone()/> };
            let meta = crate::core::display::claims::measured_on(r);
            view! { <h1>{r.title().to_owned()}</h1> <span class="study-meta">{meta}</span> {badge} }.into_any()
        }
        state => {
            let collection = page.collection.with(|c| match c {
                CollectionState::Loading => PageShows::CollectionLoading,
                CollectionState::Failed(_) => PageShows::CollectionFailed,
                CollectionState::Ready { collection, .. } => PageShows::Collection(collection.studies.len()),
            });
            let shows = match state {
                _ if page.link.view.get().is_collection() => collection,
                SlotState::Loading(_) => PageShows::LoadingStudy,
                SlotState::Failed { .. } => PageShows::StudyFailed,
                SlotState::Invalid { .. } => PageShows::StudyInvalid,
                _ => collection,
            };
            view! { <h1>{page_heading(shows)}</h1> }.into_any()
        }
    };
    let details_open = move || page.drawer.get() == Some(Drawer::Details);
    view! {
        <header class="topbar">
            <a class="skip" href="#main">"Skip to the chart"</a>
            <div class="bar-row">
                <a class="brand" href="./">"servescope"</a>
                <div class="study-line">{line}</div>
                <Actions/>
            </div>
            <Tabs/>
            {move || details_open().then(|| view! { <Details/> })}
        </header>
    }
}
