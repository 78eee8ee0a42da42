//! What each request of a run did (schema 1.3): the per-request table an engine's cells
//! cite, as the importers write it and as the page, the verification and the goodput read
//! it. One CSV per engine, gzip-compressed, listed as a source with the sha256 of the
//! compressed bytes; one row per request:
//!
//! `workload,level,trial,start_ms,ttft_us,tpot_us,e2e_us,input_tokens,output_tokens,status,error`
//!
//! - `workload` is the cell's workload token (`1024x1024`, `1024x256-rate`), `level` its
//!   concurrency or offered rate, `trial` the run's index among repeated runs (empty
//!   otherwise): together they name the cell.
//! - Times are whole numbers: `start_ms` milliseconds from the first request of the run,
//!   the latencies microseconds (milliseconds to 0.001). An empty field is not recorded.
//! - TPOT is per request, (E2E − TTFT) ÷ (output tokens − 1), empty for one output token.
//! - `status` is `ok`, `failed` (the tool counted it in `errors`) or `cancelled` (cut off by
//!   the tool and counted in neither); `error` is the tool's code or text.
//!
//! Why whole numbers and gzip: a million requests measured at 15.7 bytes a request stored
//! (BENCHMARKS.md), where decimal milliseconds cost 17; pandas, polars and DuckDB read a
//! `.csv.gz` directly, and the browser inflates it natively (`DecompressionStream`), so the
//! page carries no decompressor.

mod check;
mod gz;
mod read;
mod same;
mod summary;
mod write;

pub use check::{check_table, table_findings};
pub use gz::{gunzip, gzip};
pub use read::{value, CellRequests, RequestTable, TableError, NO_SESSION};
pub use summary::{span_s, summarize, Summary};
pub use write::{table_text, TableCell};

/// The table's header, which a table must start with.
pub const HEADER: &str = "workload,level,trial,start_ms,ttft_us,tpot_us,e2e_us,input_tokens,output_tokens,status,error";

/// The header of a table whose requests are turns of sessions (schema 1.4): two more
/// columns, `session` (the conversation a request is a turn of) and `turn` (its index from 0).
/// A table without sessions keeps the eleven columns, byte for byte.
pub const HEADER_SESSIONS: &str =
    "workload,level,trial,start_ms,ttft_us,tpot_us,e2e_us,input_tokens,output_tokens,status,error,session,turn";

/// A study's per-request tables, `(engine, table)`, from their compressed bytes as
/// `bytes_of(file)` gives them (only verified bytes: the caller's rule); a table it does not
/// give, or that does not inflate or read, is left out (its check says why).
pub fn read_tables<'a>(
    results: &crate::core::study::model::Results,
    bytes_of: impl Fn(&str) -> Option<std::borrow::Cow<'a, [u8]>>,
) -> Vec<(String, RequestTable)> {
    let listed = results.serving().into_iter().flat_map(|s| &s.requests);
    listed.filter_map(|t| Some((t.id.clone(), RequestTable::parse(&gunzip(&bytes_of(&t.file)?).ok()?).ok()?))).collect()
}

/// The per-request table of an engine: `ENGINE.requests.csv.gz`.
pub fn table_name(engine: &str) -> String {
    format!("{engine}.requests.csv.gz")
}

/// How a request ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// It completed.
    Ok,
    /// It failed, and the tool counted it among the run's errors.
    Failed,
    /// The tool cut it off (the end of its window, a cancellation it drove) and counted it
    /// neither completed nor failed.
    Cancelled,
}

impl Status {
    /// The word the table writes.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Failed => "failed",
            Status::Cancelled => "cancelled",
        }
    }

    /// The status a table's word names.
    pub fn parse(word: &str) -> Option<Status> {
        match word {
            "ok" => Some(Status::Ok),
            "failed" => Some(Status::Failed),
            "cancelled" => Some(Status::Cancelled),
            _ => None,
        }
    }
}

/// One request as a tool recorded it; `None` is not recorded.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// When it was sent, seconds on the tool's own clock (only differences mean anything).
    pub start_s: Option<f64>,
    /// Time to first token, ms.
    pub ttft_ms: Option<f64>,
    /// Time per output token after the first, ms: (E2E − TTFT) ÷ (output tokens − 1).
    pub tpot_ms: Option<f64>,
    /// End to end, ms.
    pub e2e_ms: Option<f64>,
    /// Prompt tokens.
    pub input_tokens: Option<u64>,
    /// Output tokens.
    pub output_tokens: Option<u64>,
    /// How it ended.
    pub status: Status,
    /// The tool's error code or text.
    pub error: Option<String>,
    /// The session (conversation) it is a turn of, where the tool records one (AIPerf's
    /// `conversation_id` in a multi-turn run).
    pub session: Option<String>,
    /// Its turn within the session, from 0 (AIPerf's `turn_index`).
    pub turn: Option<u32>,
}

impl Request {
    /// A completed request with its TPOT derived from its E2E, TTFT and output tokens.
    pub fn completed(start_s: Option<f64>, ttft_ms: Option<f64>, e2e_ms: Option<f64>, input: Option<u64>, output: Option<u64>) -> Request {
        Request {
            start_s,
            ttft_ms,
            tpot_ms: tpot(ttft_ms, e2e_ms, output),
            e2e_ms,
            input_tokens: input,
            output_tokens: output,
            status: Status::Ok,
            error: None,
            session: None,
            turn: None,
        }
    }

    /// A request that did not complete: no latency is kept, whatever the tool wrote.
    pub fn not_completed(start_s: Option<f64>, input: Option<u64>, status: Status, error: Option<String>) -> Request {
        Request {
            start_s,
            ttft_ms: None,
            tpot_ms: None,
            e2e_ms: None,
            input_tokens: input,
            output_tokens: None,
            status,
            error,
            session: None,
            turn: None,
        }
    }

    /// The same request as a turn of a session.
    pub fn in_session(self, session: Option<String>, turn: Option<u32>) -> Request {
        Request { session, turn, ..self }
    }
}

/// TPOT of one request, ms: (E2E − TTFT) ÷ (output tokens − 1); none for one output token.
pub fn tpot(ttft_ms: Option<f64>, e2e_ms: Option<f64>, output: Option<u64>) -> Option<f64> {
    let (ttft, e2e, out) = (ttft_ms?, e2e_ms?, output?);
    (out > 1).then(|| (e2e - ttft) / (out - 1) as f64)
}

/// One request's values as the table stores them: whole milliseconds of start offset, whole
/// microseconds of latency. Every reader and writer rounds through here, so a value derived
/// again from a tool's file compares exactly with the table's.
pub fn quantum_us(ms: f64) -> i64 {
    (ms * 1000.0).round() as i64
}

impl read::CellRequests {
    /// The summary its rows give (`summarize`).
    pub fn summary(&self) -> Summary {
        summarize((0..self.len()).map(|i| (self.status[i], self.ttft_ms[i], self.tpot_ms[i], self.e2e_ms[i])))
    }

    /// The span of its run, s (`span_s`; the table's starts are ms).
    pub fn span_s(&self) -> Option<f64> {
        span_s((0..self.len()).map(|i| (self.status[i], self.start_ms[i] / 1000.0, self.e2e_ms[i])))
    }
}

/// The summary of requests as a tool recorded them.
pub fn summary_of(list: &[Request]) -> Summary {
    let nan = |v: Option<f64>| v.unwrap_or(f64::NAN);
    summarize(list.iter().map(|r| (r.status, nan(r.ttft_ms), nan(r.tpot_ms), nan(r.e2e_ms))))
}
