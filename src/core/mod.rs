//! The pure core: data model, validation, link state, series, tables, provenance and the
//! importers.
//!
//! Architecture invariant: nothing under `core` imports `web_sys`, `leptos` or any other
//! browser crate. Everything here runs and is tested natively, and the command-line tools
//! and the page share it: the same checks, the same words, the same verdict.

pub mod catalog;
pub mod chart_words;
pub mod collection;
pub mod compare;
pub mod contents;
pub mod cost;
pub mod csv;
pub mod embed;
pub mod export;
pub mod findings;
pub mod format;
pub mod goodput;
pub mod headline;
pub mod history;
pub mod history_view;
pub mod import;
pub mod intake;
pub mod json;
pub mod legend;
pub mod link;
pub mod metric;
pub mod model;
pub mod palette;
pub mod path;
pub mod provenance;
pub mod requests;
pub mod series;
pub mod stats;
pub mod tables;
pub mod tooltip;
pub mod validate;
pub mod views;
pub mod zip;
