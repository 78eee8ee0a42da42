//! Studies read across a collection (the history view): each listed study's file, fetched
//! and checked, under a generation so an older request never lands in a newer list.

use std::sync::Arc;

use crate::core::study::model::Results;

/// Where one study of the list stands.
#[derive(Clone, Debug, PartialEq)]
pub enum AcrossState {
    /// Being fetched.
    Loading,
    /// Read and valid.
    Ready(Arc<Results>),
    /// Could not be had, or is not valid, with why.
    Failed(String),
}

/// One study of the list.
#[derive(Clone, Debug, PartialEq)]
pub struct AcrossStudy {
    /// Its `src`.
    pub src: String,
    /// Where it stands.
    pub state: AcrossState,
}
