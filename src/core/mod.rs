//! The pure core: data model, validation, link state, series, tables, provenance and the
//! importers.
//!
//! Architecture invariant: nothing under `core` imports `web_sys`, `leptos` or any other
//! browser crate. Everything here runs and is tested natively, and the command-line tools
//! and the page share it: the same checks, the same words, the same verdict.

/// Numbers, statistics and the file formats the rest reads and writes: the basics.
pub mod basics;
/// Several studies: the manifest, the catalog and history across studies.
pub mod collections;
/// What a reader sees: colours, series, legends, comparisons, tables, cards, tooltips and
/// the charts' words.
pub mod display;
pub mod export;
pub mod import;
pub mod link;
/// What is measured from a study's cells and requests: per-request tables, goodput, cost,
/// the metrics a view draws.
pub mod measures;
pub mod provenance;
/// The results file: its model, the findings and paths its checks name, the validator.
pub mod study;
pub mod views;
