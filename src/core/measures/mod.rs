//! What is measured and derived from a study: the per-request tables (schema 1.3), goodput
//! at a reader's objective, cost, and the metrics a view draws.

pub mod cost;
pub mod goodput;
pub mod metric;
pub mod requests;
