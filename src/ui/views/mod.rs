//! One file per view or panel.

pub mod accuracy;
pub mod cache;
pub mod compare;
pub mod controls;
pub mod decode;
pub mod engines;
pub mod findings;
pub mod header;
pub mod prefill;
pub mod provenance;
pub mod raw;
pub mod serving;
pub mod tradeoff;
