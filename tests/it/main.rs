//! The integration tests: one binary of modules, one per area, linking the crate and the
//! shared helpers (`common`) once rather than once per file.

mod accuracy;
mod bundled;
mod capacity;
mod claims;
mod collection;
mod command;
mod common;
mod cost;
mod export;
mod goodput;
mod harnesses;
mod history;
mod import;
mod import_layout;
mod json;
mod lengths;
mod link;
mod panels;
mod prerender;
mod properties;
mod provenance;
mod reader;
mod remote;
mod request_panels;
mod request_studies;
mod request_views;
mod requests;
mod serving;
mod sessions;
mod structure;
mod tables;
mod validation;
mod views;
mod written;
