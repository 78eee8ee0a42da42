//! A study file's source checks: the statuses of its own sources, owned by the file they
//! were computed for, so a check still running for a file nobody shows writes into that
//! file only, never into another file's slots.

use leptos::prelude::*;

use crate::core::provenance::{Report, SourceStatus, StatusCounts, TrustSummary, ON_DEMAND};

pub use crate::core::provenance::Progress;

/// The provenance state of one file. Reference-counted signals: they live as long as the
/// file, with no reactive owner to outlive.
#[derive(Clone)]
pub struct SourceChecks {
    /// One status per `sources` entry, by name, in file order.
    pub statuses: ArcRwSignal<Vec<(String, SourceStatus)>>,
    /// The source being checked now.
    pub progress: ArcRwSignal<Option<Progress>>,
    /// The finished verification: recomputations and verdict.
    pub report: ArcRwSignal<Option<Report>>,
    /// The verified sweeps' bytes, kept for the per-request tables a view may read later:
    /// `None` until every sweep has its status (they are checked first).
    pub sweeps: ArcRwSignal<Option<KeptSweeps>>,
}

/// The verified sweeps' bytes, by name.
pub type KeptSweeps = std::sync::Arc<std::collections::BTreeMap<String, Vec<u8>>>;

impl SourceChecks {
    /// Checks starting from these statuses (every source "not checked").
    pub fn new(statuses: Vec<(String, SourceStatus)>) -> Self {
        SourceChecks {
            statuses: ArcRwSignal::new(statuses),
            progress: ArcRwSignal::new(None),
            report: ArcRwSignal::new(None),
            sweeps: ArcRwSignal::new(None),
        }
    }

    /// The status of a source by name (tracked).
    pub fn status_of(&self, name: &str) -> Option<SourceStatus> {
        self.statuses.with(|all| all.iter().find(|(n, _)| n == name).map(|(_, s)| s.clone()))
    }

    /// Whether any source behind `names` hashed to something else (tracked).
    pub fn any_mismatched<'a>(&self, mut names: impl Iterator<Item = &'a str>) -> bool {
        self.statuses.with(|all| names.any(|name| all.iter().any(|(n, s)| n == name && s.is_mismatch())))
    }

    /// The counts so far (tracked).
    pub fn counts(&self) -> StatusCounts {
        self.statuses.with(|all| StatusCounts::of(all.iter().map(|(_, s)| s)))
    }

    /// The trust badge's sentence (tracked): "checking" until the report is made and every
    /// per-request table is read.
    pub fn summary(&self) -> TrustSummary {
        let tables_pending =
            || self.statuses.with(|all| all.iter().any(|(_, s)| matches!(s, SourceStatus::NotChecked(why) if why == ON_DEMAND)));
        let checking = self.report.with(Option::is_none) || tables_pending();
        TrustSummary::of(&self.counts(), checking)
    }
}
