//! The pure core: data model, validation, formatting, series building and URL state.
//!
//! Architecture invariant: nothing under `core` imports `web_sys`, `leptos` or any
//! other browser crate. Everything here runs and is tested natively.

pub mod compare;
pub mod contents;
pub mod csv;
pub mod findings;
pub mod format;
pub mod index;
pub mod metrics;
pub mod model;
pub mod palette;
pub mod path;
pub mod provenance;
pub mod series;
pub mod validate;
pub mod view_state;
