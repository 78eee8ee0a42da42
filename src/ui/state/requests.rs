//! A study's per-request tables as the page holds them (schema 1.3): not asked for, on
//! their way (with progress), being checked, or read (with their checks and what could not
//! be used). Asked for only by the views that need them, never on a first visit; one task
//! per study owns the load (`tasks::requests::ensure_tables`).

use std::sync::Arc;

use crate::core::measures::requests::RequestTable;
use crate::core::provenance::{RequestsCheck, SourceStatus};

/// One engine's table as fetched: its status, and its text once inflated (only a verified
/// table is used).
#[derive(Clone)]
pub struct FetchedTable {
    /// The engine.
    pub engine: String,
    /// The table's file.
    pub file: String,
    /// Its hash status.
    pub status: SourceStatus,
    /// The inflated text; `None` when it is not used, with why in `status` or `why`.
    pub text: Option<Vec<u8>>,
    /// Why it is not used, beyond its status (it did not inflate).
    pub why: Option<String>,
}

/// The tables read: each engine's (only those verified and read whole), the checks, and
/// what could not be used, with why.
#[derive(Clone, Default)]
pub struct LoadedTables {
    /// `(engine, table)`.
    pub tables: Vec<(String, RequestTable)>,
    /// Each table's check against the study and its verified sweeps.
    pub checks: Vec<RequestsCheck>,
    /// `(file, why)` of a table not used.
    pub unusable: Vec<(String, String)>,
    /// What goes into the study's report for each table: its status and its check.
    pub records: Vec<(String, SourceStatus, Option<RequestsCheck>)>,
}

/// Where a study's tables stand.
#[derive(Clone, Default)]
pub enum RequestsState {
    /// Not asked for.
    #[default]
    Idle,
    /// Being fetched: the file and the bytes so far (of how many, when announced).
    Loading {
        /// The table's file.
        file: String,
        /// Bytes so far.
        done: u64,
        /// Bytes announced.
        total: Option<u64>,
    },
    /// Fetched and inflated; being read and checked against the study.
    Checking,
    /// Read.
    Ready(Arc<LoadedTables>),
}

impl RequestsState {
    /// The tables read, when they are.
    pub fn tables(&self) -> Option<Arc<LoadedTables>> {
        match self {
            RequestsState::Ready(t) => Some(t.clone()),
            _ => None,
        }
    }
}
