//! One page each: the overview, the measurement views, provenance, the raw file, compare,
//! and the collection's catalog, coverage and history. Views import state, io, tasks,
//! ui::chart and widgets; never the shell and never each other.

pub mod accuracy;
pub mod cache;
pub mod catalog;
pub mod compare;
pub mod coverage;
pub mod decode;
pub mod goodput;
pub mod history;
pub mod overview;
pub mod prefill;
pub mod provenance;
pub mod raw;
pub mod requests;
pub mod serving;
pub mod tradeoff;
