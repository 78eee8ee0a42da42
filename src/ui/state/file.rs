//! The files a page shows: a slot per file (the study, each compared file), what the slot
//! holds, and the generation that makes a late result of an older load land nowhere.

use std::collections::BTreeMap;
use std::sync::Arc;

use leptos::prelude::*;

use super::checks::SourceChecks;
use super::task::{TaskSlot, Ticket};
use crate::core::study::findings::Finding;
use crate::core::study::model::Results;

/// Where a results file (and so its sources) came from.
#[derive(Clone, Debug)]
pub enum Origin {
    /// Fetched; sources resolve against this absolute URL.
    Url(String),
    /// Picked or dropped by the reader, with the other files picked alongside, by name.
    Local(Arc<BTreeMap<String, Vec<u8>>>),
}

/// What the collection's manifest says of a study, checked against its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ManifestCheck {
    /// The study is not listed in the collection (opened by its own link).
    NotListed,
    /// Its sha256 is the manifest's.
    Matches,
    /// Its bytes changed since the manifest was built.
    Changed {
        /// The manifest's sha256.
        listed: String,
        /// The bytes' sha256.
        actual: String,
    },
}

/// A results file that passed validation, with what the page knows about it.
pub struct StudyFile {
    /// Where it was loaded from, as the link names it.
    pub src: String,
    /// The checked model.
    pub results: Results,
    /// Warnings (a loaded file has no errors).
    pub warnings: Vec<Finding>,
    /// sha256 of the bytes loaded.
    pub sha256: String,
    /// Where it came from: its sources are resolved against this.
    pub origin: Origin,
    /// Its own source checks.
    pub checks: SourceChecks,
    /// Its per-request tables, once a view asks for them (schema 1.3).
    pub requests: ArcRwSignal<super::requests::RequestsState>,
    /// The task that loads them: begun by the first view that asks, stopped when the study
    /// leaves its slot.
    pub tables: super::task::OnceTask,
}

/// A shared, cheap handle on a loaded file.
pub type Study = Arc<StudyFile>;

/// What a slot holds.
#[derive(Clone)]
pub enum SlotState {
    /// Nothing requested.
    Idle,
    /// Fetching or parsing; names what.
    Loading(String),
    /// The file could not be had.
    Failed {
        /// What was requested.
        src: String,
        /// Why, in words.
        message: String,
    },
    /// The file arrived but has errors; every finding is listed.
    Invalid {
        /// What was loaded.
        src: String,
        /// All findings, errors first.
        findings: Vec<Finding>,
    },
    /// Ready to show.
    Ready(Study),
}

impl SlotState {
    /// The file, when ready.
    pub fn study(&self) -> Option<Study> {
        match self {
            SlotState::Ready(study) => Some(study.clone()),
            _ => None,
        }
    }
}

/// A load of a slot: a result carries it and is dropped when a newer load of the slot
/// started since; its fetches stop then too.
pub type LoadId = Ticket;

/// One file's place on the page. Reference-counted signals: a slot made while loads are
/// (re)started lives as long as the page holds it, whatever reactive scope made it.
#[derive(Clone)]
pub struct FileSlot {
    state: ArcRwSignal<SlotState>,
    task: TaskSlot,
}

impl FileSlot {
    /// An empty slot.
    pub fn new() -> Self {
        FileSlot { state: ArcRwSignal::new(SlotState::Idle), task: TaskSlot::default() }
    }

    /// Start a load: the one before is aborted and its results dropped from now on.
    pub fn begin(&self) -> LoadId {
        self.task.begin()
    }

    /// Whether `id` is the newest load of this slot.
    pub fn is_current(&self, id: &LoadId) -> bool {
        self.task.is_current(id)
    }

    /// Set what the slot holds, if `id` is still the newest load; says whether it was set.
    pub fn set(&self, id: &LoadId, state: SlotState) -> bool {
        let current = self.is_current(id);
        if current {
            self.replace(state);
        }
        current
    }

    /// Empty the slot, aborting any load in flight.
    pub fn clear(&self) {
        self.task.cancel();
        self.replace(SlotState::Idle);
    }

    /// Hold `state`; a study that leaves the slot stops its tables' download.
    fn replace(&self, state: SlotState) {
        let leaving = self.state.with_untracked(SlotState::study);
        if let Some(old) = leaving.filter(|old| state.study().is_none_or(|new| !Arc::ptr_eq(old, &new))) {
            old.tables.stop();
        }
        self.state.set(state);
    }

    /// What the slot holds (tracked).
    pub fn get(&self) -> SlotState {
        self.state.get()
    }

    /// The file, when ready (tracked).
    pub fn study(&self) -> Option<Study> {
        self.state.with(SlotState::study)
    }
}

impl Default for FileSlot {
    fn default() -> Self {
        Self::new()
    }
}
