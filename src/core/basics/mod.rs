//! The basics every other part of the core reads through: number formatting and rounding,
//! the statistics, the JSON tree, the CSV and ZIP writers and the size limit on what the
//! page reads. None of them names another core module.

pub mod csv;
pub mod format;
pub mod intake;
pub mod json;
pub mod stats;
pub mod zip;
