//! Reading what the tools write, before any tool's rules: JSON with Python's bare `NaN` and
//! `Infinity`, one or many documents per file, YAML, per-request records, and the text of
//! other kinds of run refused in one sentence.

pub(in crate::core::import) mod checks;
pub mod json;
pub mod requests;
pub(in crate::core::import) mod yaml;
