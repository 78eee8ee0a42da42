//! One file per view or panel.

pub mod decode;
pub mod engines;
pub mod findings;
pub mod header;
pub mod provenance;
pub mod raw;
