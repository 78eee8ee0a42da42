//! The per-request table as text: the header, then each cell's requests in the order they
//! were sent (the tool's order where it records no start time).

use std::fmt::Write;

use super::{quantum_us, Request, HEADER, HEADER_SESSIONS};

/// One cell's requests for the table: the cell's key and the requests as the tool recorded them.
pub struct TableCell<'a> {
    /// The cell's workload token (`1024x1024`, `1024x256-rate`).
    pub workload: String,
    /// Its concurrency or offered rate.
    pub level: f64,
    /// The run's index among repeated runs.
    pub trial: Option<u32>,
    /// The requests.
    pub requests: &'a [Request],
}

/// A level as the table writes it: whole numbers without a decimal point.
pub(super) fn level_text(level: f64) -> String {
    if level.fract() == 0.0 && level.abs() < 1e15 {
        format!("{}", level as i64)
    } else {
        format!("{level}")
    }
}

/// A text field, quoted when it holds a comma, a quote or a line break (RFC 4180; the text
/// is the tool's, kept as it wrote it).
fn quoted(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// The rows of one cell, without the header; with `sessions`, each ends in its session and turn.
pub(super) fn cell_rows(cell: &TableCell<'_>, sessions: bool, out: &mut String) {
    let mut order: Vec<&Request> = cell.requests.iter().collect();
    // In the order sent, when every request records when; else as the tool listed them.
    if order.iter().all(|r| r.start_s.is_some()) {
        order.sort_by(|a, b| a.start_s.unwrap_or(0.0).total_cmp(&b.start_s.unwrap_or(0.0)));
    }
    let first = order.iter().filter_map(|r| r.start_s).fold(f64::INFINITY, f64::min);
    let (workload, level) = (quoted(&cell.workload), level_text(cell.level));
    let trial = cell.trial.map(|t| t.to_string()).unwrap_or_default();
    let whole = |v: Option<i64>| v.map(|v| v.to_string()).unwrap_or_default();
    for r in order {
        let start = r.start_s.map(|s| ((s - first) * 1000.0).round() as i64);
        let _ = write!(
            out,
            "{workload},{level},{trial},{},{},{},{},{},{},{},{}",
            whole(start),
            whole(r.ttft_ms.map(quantum_us)),
            whole(r.tpot_ms.map(quantum_us)),
            whole(r.e2e_ms.map(quantum_us)),
            r.input_tokens.map(|v| v.to_string()).unwrap_or_default(),
            r.output_tokens.map(|v| v.to_string()).unwrap_or_default(),
            r.status.as_str(),
            r.error.as_deref().map(quoted).unwrap_or_default(),
        );
        if sessions {
            let _ = write!(
                out,
                ",{},{}",
                r.session.as_deref().map(quoted).unwrap_or_default(),
                r.turn.map(|t| t.to_string()).unwrap_or_default()
            );
        }
        out.push('\n');
    }
}

/// The table's text: the header, then every cell's rows.
pub fn table_text(cells: &[TableCell<'_>]) -> String {
    let mut out = String::with_capacity(64 + cells.iter().map(|c| c.requests.len() * 64).sum::<usize>());
    // Sessions add two columns, only to a table that has them.
    let sessions = cells.iter().any(|c| c.requests.iter().any(|r| r.session.is_some()));
    out.push_str(if sessions { HEADER_SESSIONS } else { HEADER });
    out.push('\n');
    for cell in cells {
        cell_rows(cell, sessions, &mut out);
    }
    out
}
