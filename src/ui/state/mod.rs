//! The page's state, with no components: the link (one typed `ViewState` read field by
//! field), the files shown, their source checks, the collection, the theme and the notices.
//! This layer imports only the core; everything above it reads and changes state here.

pub mod across;
pub mod checks;
pub mod file;
pub mod history;
pub mod import;
pub mod link;
pub mod requests;
pub mod task;

use leptos::prelude::*;

use crate::core::collections::collection::Collection;
use crate::core::link::{ParamNotice, View, ViewState};
use crate::core::provenance::SourceStatus;
use crate::core::views::panel::File;
use file::{FileSlot, Study};
use link::Link;

/// Where the collection manifest stands.
#[derive(Clone, Debug, PartialEq)]
pub enum CollectionState {
    /// Not fetched yet.
    Loading,
    /// Fetched and parsed, with each study's path relative to the page (what `src=` names).
    Ready {
        /// The manifest.
        collection: Collection,
        /// Each study's `src`, in manifest order.
        srcs: Vec<String>,
    },
    /// Could not be had, with why (the page still opens a `src` it is given).
    Failed(String),
}

impl CollectionState {
    /// The manifest entry of a study by its `src`, with its index.
    pub fn entry(&self, src: &str) -> Option<(usize, &crate::core::collections::collection::StudyEntry)> {
        match self {
            CollectionState::Ready { collection, srcs } => {
                srcs.iter().position(|s| s == src).and_then(|i| collection.studies.get(i).map(|e| (i, e)))
            }
            _ => None,
        }
    }
}

/// How a study compares with the collection's manifest (tracked on the collection).
pub fn manifest_check(page: PageState, study: &file::StudyFile) -> file::ManifestCheck {
    page.collection.with(|c| match c.entry(&study.src) {
        None => file::ManifestCheck::NotListed,
        Some((_, entry)) if entry.sha256 == study.sha256 => file::ManifestCheck::Matches,
        Some((_, entry)) => file::ManifestCheck::Changed { listed: entry.sha256.clone(), actual: study.sha256.clone() },
    })
}

/// The source files the collection's manifest lists as published beside a study, when it
/// lists these very bytes and says (an entry for another version of the file says nothing
/// about this one's sources): `None` means every source is asked for.
pub fn published_sources(page: PageState, study: &file::StudyFile) -> Option<Vec<String>> {
    page.collection.with_untracked(|c| match c.entry(&study.src) {
        Some((_, entry)) if entry.sha256 == study.sha256 => entry.published.clone(),
        _ => None,
    })
}

/// The page's shared state, provided as context to every layer above.
#[derive(Clone, Copy)]
pub struct PageState {
    /// The link, field by field.
    pub link: Link,
    /// The study shown (a handle on its slot: `primary()`).
    primary: StoredValue<FileSlot>,
    /// The compared files, one slot per `compare=` entry.
    pub compared: RwSignal<Vec<FileSlot>>,
    /// Link parameters not used, shown as dismissible notices.
    pub notices: RwSignal<Vec<ParamNotice>>,
    /// The collection.
    pub collection: RwSignal<CollectionState>,
    /// The view a link without `view=` opens.
    pub landing: RwSignal<View>,
    /// Whether the dark theme is shown.
    pub dark: RwSignal<bool>,
    /// Which drawer is open.
    pub drawer: RwSignal<Option<Drawer>>,
    /// Studies read across the collection (the history view).
    pub across: RwSignal<Vec<across::AcrossStudy>>,
    /// The task reading `across`: a new list supersedes (and aborts) the one before.
    pub across_task: StoredValue<task::TaskSlot>,
    /// The task loading the collection's manifest: a new `index=` supersedes (and aborts) it.
    pub collection_task: StoredValue<task::TaskSlot>,
    /// Studies opened whose bytes differ from the manifest's sha256, by `src`.
    pub changed: RwSignal<Vec<String>>,
    /// Tool outputs picked, waiting for the answers the files do not give.
    pub import_draft: RwSignal<Option<import::ImportDraft>>,
    /// Files the import module could not be loaded for, with why (the Open drawer offers to retry).
    pub import_failure: RwSignal<Option<import::ImportFailure>>,
    /// The results file the last import wrote, to download.
    pub imported: RwSignal<Option<import::ImportedStudy>>,
    /// The app draws hidden behind the pre-rendered landing view until its first chart is
    /// drawn (or it shows something else), then takes its place.
    pub booting: RwSignal<bool>,
    /// The pre-rendered landing shows the goodput card's own lines (read from the tables at
    /// build time): the app stays hidden behind it, its first chart drawn, until its card
    /// says the same, so nothing moves when it takes over (QA pass 4, F4).
    pub boot_hold: RwSignal<bool>,
}

/// The top bar's drawers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawer {
    /// Share & reproduce.
    Share,
    /// Open a file (results files, their sources, or tool outputs to import).
    Open,
    /// The study's details (scope, file, hash).
    Details,
}

impl PageState {
    /// The state for a query string: parsed, with its notices; `(booting, held)`: whether
    /// the app starts hidden behind a pre-rendered view, and held there for its card.
    pub fn new(query: &str, dark: bool, (booting, held): (bool, bool)) -> Self {
        let (state, notices) = ViewState::parse(query);
        let landing = RwSignal::new(View::Overview);
        let link = Link::new(RwSignal::new(state), landing.into());
        PageState {
            link,
            primary: StoredValue::new(FileSlot::new()),
            compared: RwSignal::new(Vec::new()),
            notices: RwSignal::new(notices),
            collection: RwSignal::new(CollectionState::Loading),
            landing,
            dark: RwSignal::new(dark),
            drawer: RwSignal::new(None),
            across: RwSignal::new(Vec::new()),
            across_task: StoredValue::new(task::TaskSlot::default()),
            collection_task: StoredValue::new(task::TaskSlot::default()),
            changed: RwSignal::new(Vec::new()),
            import_draft: RwSignal::new(None),
            import_failure: RwSignal::new(None),
            imported: RwSignal::new(None),
            booting: RwSignal::new(booting),
            boot_hold: RwSignal::new(booting && held),
        }
    }

    /// The slot of the study shown.
    pub fn primary(&self) -> FileSlot {
        self.primary.get_value()
    }

    /// Change the link (and the address bar).
    pub fn update_link(&self, change: impl FnOnce(&mut ViewState)) {
        let mut next = self.link.current();
        change(&mut next);
        history::navigate(self.link, next);
    }

    /// The study shown, when ready (tracked).
    pub fn study(&self) -> Option<Study> {
        self.primary().study()
    }

    /// The compared files that are ready, in link order (tracked).
    pub fn compared_studies(&self) -> Vec<Study> {
        self.compared.with(|slots| slots.iter().filter_map(FileSlot::study).collect())
    }

    /// The study and every compared file ready, with their sources' statuses so far, as the
    /// view models read them (tracked on both).
    pub fn files<T>(&self, study: &Study, f: impl FnOnce(&[File<'_>]) -> T) -> T {
        let studies: Vec<Study> = std::iter::once(study.clone()).chain(self.compared_studies()).collect();
        let statuses: Vec<Vec<(String, SourceStatus)>> = studies.iter().map(|s| s.checks.statuses.get()).collect();
        let files: Vec<File<'_>> = studies.iter().zip(&statuses).map(|(s, st)| File { results: &s.results, statuses: st }).collect();
        f(&files)
    }

    /// Add notices.
    pub fn notify(&self, more: Vec<ParamNotice>) {
        if !more.is_empty() {
            self.notices.update(|n| n.extend(more));
        }
    }
}

/// The page state from context.
pub fn page() -> PageState {
    expect_context::<PageState>()
}

/// The link to what is shown, with `src` and `view` written out (so reordering the
/// collection or a new default view can never re-point it); `None` for a local file, which
/// cannot be linked. Tracked on the whole link.
pub fn share_link(page: PageState) -> Option<String> {
    let view = page.link.view.get();
    let state = page.link.whole();
    let state = match page.study() {
        Some(study) => match study.origin {
            file::Origin::Local(_) => return None,
            file::Origin::Url(_) => state.for_sharing(&study.src, view),
        },
        None => {
            let mut state = state;
            state.view = Some(view);
            state
        }
    };
    Some(format!("{}?{}", history::page_base(), state.to_query()))
}
