//! Provenance: each source's hash status, what cites it, the recomputation of serving
//! cells from raw sweep lines, and the verification policy. The browser and the command
//! line share these checks, their statuses, their words and their verdict.

mod citations;
mod recompute;
mod requests;
mod status;
mod verify;

pub use citations::{citation_words, citations, sweep_sources, Citation};
pub use recompute::{recompute, rounds_to, CellMismatch, Recomputation, Rederive};
pub use requests::{check_requests, check_table_read, RequestsCheck, RowsRederive};
pub use status::{check_bytes, sha256_hex, Progress, SourceHasher, SourceStatus, StatusCounts, TrustSummary};
pub use verify::{Inflate, Report, SourceJob, ToolRederive, Verdict, Verification, ON_DEMAND, REMOTE};
