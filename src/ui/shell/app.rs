//! The app: builds the page state, provides it, follows the link with loads, the theme and
//! the document title, and lays out the shell.

use leptos::prelude::*;

use super::drawers::Drawers;
use super::embed::EmbedHead;
use super::lazy::{Chunk, Chunks};
use super::router::Router;
use super::topbar::TopBar;
use crate::core::link::ViewState;
use crate::core::views::{boot_waits, is_dark, BootCollection, BootStudy};
use crate::ui::io::browser::{prefers_dark, printing, set_title};
use crate::ui::io::landing::{prerender_shown, take_over};
use crate::ui::state::file::{ManifestCheck, SlotState};
use crate::ui::state::{history, PageState};
use crate::ui::state::{manifest_check, CollectionState};
use crate::ui::tasks::load;
use crate::ui::widgets::import_form::ImportedNotice;
use crate::ui::widgets::notices::NoticesPanel;

/// Behind the pre-rendered overview the app draws hidden; the overview's chart ends the
/// wait when drawn (`ChartFigure`), anything else ends it as soon as it is known. Then the
/// app takes the pre-rendered view's place.
fn end_boot_when_shown(page: PageState, chunks: Chunks) {
    Effect::new(move |_| {
        if !page.booting.get() {
            return;
        }
        let collection = page.collection.with(|c| match c {
            CollectionState::Loading => BootCollection::Loading,
            CollectionState::Failed(_) => BootCollection::Failed,
            CollectionState::Ready { collection, .. } => BootCollection::Ready(collection.studies.len()),
        });
        let study = match page.primary().get() {
            SlotState::Idle => BootStudy::Idle,
            SlotState::Loading(_) => BootStudy::Loading,
            SlotState::Ready(study) => BootStudy::Ready { serving: study.results.serving().is_some_and(|s| !s.workloads.is_empty()) },
            SlotState::Failed { .. } | SlotState::Invalid { .. } => BootStudy::Failed,
        };
        let view = page.link.view.get();
        // A view whose chunk did not arrive never draws its chart: once the study is in, the
        // failure is what the reader must see, not the pre-rendered view kept forever.
        let chunk_failed = || Chunk::of_study_view(view, page.link.chart.get()).is_some_and(|c| chunks.failed(c));
        let waits_for_chart = boot_waits(view, collection, study) && !(matches!(study, BootStudy::Ready { .. }) && chunk_failed());
        if !waits_for_chart {
            page.booting.set(false);
        }
    });
    Effect::new(move |_| {
        if !page.booting.get() && !page.boot_hold.get() {
            take_over();
        }
    });
    // The card's hold is the overview's: another view shown lets go of it.
    Effect::new(move |_| {
        if page.link.view.get() != crate::core::link::View::Overview && page.boot_hold.get_untracked() {
            page.boot_hold.set(false);
        }
    });
}

/// Loads follow the link: the collection, the study it opens, the compared files; a study
/// whose bytes differ from the manifest is remembered (for the catalog's rows), and the
/// tab's title follows the view and the study.
fn follow_link_with_loads(page: PageState) {
    Effect::new(move |_| load::load_collection(page, page.link.index.get()));
    let target = Memo::new(move |_| load::study_to_open(page));
    Effect::new(move |_| {
        if let Some(src) = target.get() {
            load::load_primary(page, src);
        }
    });
    Effect::new(move |_| load::load_compared(page, page.link.compare.get()));
    // A study whose bytes differ from the manifest is remembered, for the catalog's rows.
    Effect::new(move |_| {
        let Some(study) = page.study() else { return };
        if matches!(manifest_check(page, &study), ManifestCheck::Changed { .. }) && !page.changed.with_untracked(|c| c.contains(&study.src))
        {
            page.changed.update(|c| c.push(study.src.clone()));
        }
    });
    // The tab's title follows the view and the study.
    Effect::new(move |_| {
        let view = page.link.view.get();
        let title = match page.study() {
            Some(s) if !view.is_collection() => format!("{} · {} · servescope", s.results.title(), view),
            _ if view.is_collection() => format!("{view} · servescope"),
            _ => "servescope".to_owned(),
        };
        set_title(&title);
    });
}

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let system_dark = prefers_dark();
    let paper = printing();
    let booting = prerender_shown();
    let held = booting && crate::ui::io::landing::prerender_holds_for_card();
    let page = PageState::new(&history::current_query(), system_dark.get_untracked(), (booting, held));
    provide_context(page);
    let chunks = Chunks::new();
    provide_context(chunks);
    end_boot_when_shown(page, chunks);
    if !page.notices.with_untracked(Vec::is_empty) {
        // The link must say what the page shows.
        history::write_address(&page.link.current(), false);
    }
    // Back and forward restore the state of their entry, with its notices.
    history::on_history_move(move |query| {
        let (next, notices) = ViewState::parse(&query);
        page.notices.set(notices);
        let local = next.local_only().map(str::to_owned);
        history::restore(page.link, next);
        if let Some(name) = local {
            load::local_link(page, name);
        }
    });
    if let Some(name) = page.link.local.get_untracked() {
        load::local_link(page, name);
    }
    // The theme: the link's, else the system's, followed live.
    Effect::new(move |_| {
        let dark = is_dark(page.link.theme.get(), system_dark.get(), paper.get());
        page.dark.set(dark);
        if let Some(root) = document().document_element() {
            root.set_attribute("data-theme", if dark { "dark" } else { "light" }).ok();
        }
    });
    // An embed is `height=` tall (default `CHART_HEIGHT`, the snippet's), or its frame if shorter: the
    // chart fills what the caption and key leave (CSSOM, which the CSP allows).
    Effect::new(move |_| {
        let Some(root) = document().document_element() else { return };
        let style = wasm_bindgen::JsCast::unchecked_into::<web_sys::HtmlElement>(root).style();
        let height = page.link.height.get().unwrap_or(crate::core::views::CHART_HEIGHT);
        style.set_property("--embed-height", &format!("{height}px")).ok();
    });
    follow_link_with_loads(page);
    // A file dropped anywhere on the window is read like one dropped on the page.
    let dragging = RwSignal::new(false);
    crate::ui::io::files::drops_anywhere(dragging, move |files| load::load_file_list(page, files));
    view! {
        <div class="page" class:embed=move || page.link.embed.get() class:booting=move || page.booting.get() || page.boot_hold.get()>
            {move || dragging.get().then(|| view! {
                <p class="drop-hint" role="status">"Drop a results file with its sources, or a benchmark tool's output, anywhere on the page"</p>
            })}
            {move || if page.link.embed.get() { view! { <EmbedHead/> }.into_any() } else { view! { <TopBar/> }.into_any() }}
            <NoticesPanel/>
            <ImportedNotice/>
            <Drawers/>
            <Router/>
            {move || (!page.link.embed.get()).then(|| view! { <footer class="site-footer"><p class="build-line">{version_line()}</p></footer> })}
        </div>
    }
}

/// Which build this is, as the footer and the Share drawer say it: a reader reporting a
/// figure can name the exact code that drew it.
pub fn version_line() -> String {
    format!("servescope {} · commit {}", env!("CARGO_PKG_VERSION"), option_env!("SERVESCOPE_COMMIT").unwrap_or("unknown"))
}
