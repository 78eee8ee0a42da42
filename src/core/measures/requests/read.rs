//! Reading a per-request table into columns, one set per cell: what the goodput, the
//! distributions and the verification read. Rows are checked as they are read (a negative
//! time, a TTFT after the E2E, a word that is not a status); every problem names its line.
//! A million rows are read in one pass without a string allocated per row.

use std::collections::HashMap;

use super::{Status, HEADER, HEADER_SESSIONS};

/// A row's session index when it has none.
pub const NO_SESSION: u32 = u32::MAX;

/// A problem in a table, at its line (1-based; the header is line 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    /// The line.
    pub line: usize,
    /// What is wrong, in words.
    pub message: String,
}

/// One cell's requests, as columns. A `NaN` in a number column is a value the tool did not
/// record: it is never drawn, counted or shown as a number (`value` says so).
#[derive(Clone, Debug)]
pub struct CellRequests {
    /// The cell's workload token.
    pub workload: String,
    /// Its concurrency or offered rate.
    pub level: f64,
    /// The run's index among repeated runs.
    pub trial: Option<u32>,
    /// The line of its first row.
    pub first_line: usize,
    /// Start offset from the run's first request, ms.
    pub start_ms: Vec<f64>,
    /// Time to first token, ms.
    pub ttft_ms: Vec<f64>,
    /// Time per output token, ms.
    pub tpot_ms: Vec<f64>,
    /// End to end, ms.
    pub e2e_ms: Vec<f64>,
    /// Prompt tokens.
    pub input_tokens: Vec<f64>,
    /// Output tokens.
    pub output_tokens: Vec<f64>,
    /// How each ended.
    pub status: Vec<Status>,
    /// The tool's error code or text, by row, for the rows that have one.
    pub errors: Vec<(usize, String)>,
    /// Each row's session, an index into `session_names` (`NO_SESSION`: none).
    pub session: Vec<u32>,
    /// The sessions' names, in the order first met.
    pub session_names: Vec<String>,
    /// Each row's turn within its session (`NaN`: not recorded).
    pub turn: Vec<f64>,
    /// Where each session name sits in `session_names`, while the table is read.
    session_index: HashMap<String, u32>,
}

/// A recorded value, or `None` for one the tool did not record.
pub fn value(v: f64) -> Option<f64> {
    (!v.is_nan()).then_some(v)
}

impl CellRequests {
    fn new(workload: &str, level: f64, trial: Option<u32>, first_line: usize) -> Self {
        CellRequests {
            workload: workload.to_owned(),
            level,
            trial,
            first_line,
            start_ms: Vec::new(),
            ttft_ms: Vec::new(),
            tpot_ms: Vec::new(),
            e2e_ms: Vec::new(),
            input_tokens: Vec::new(),
            output_tokens: Vec::new(),
            status: Vec::new(),
            errors: Vec::new(),
            session: Vec::new(),
            session_names: Vec::new(),
            turn: Vec::new(),
            session_index: HashMap::new(),
        }
    }

    /// Whether its rows are turns of sessions.
    pub fn has_sessions(&self) -> bool {
        !self.session_names.is_empty()
    }

    /// A row's session name.
    pub fn session_of(&self, row: usize) -> Option<&str> {
        self.session.get(row).and_then(|&s| self.session_names.get(s as usize)).map(String::as_str)
    }

    fn push_session(&mut self, name: Option<String>) {
        let index = match name {
            None => NO_SESSION,
            Some(name) => match self.session_index.get(&name) {
                Some(&i) => i,
                None => {
                    let i = self.session_names.len() as u32;
                    self.session_index.insert(name.clone(), i);
                    self.session_names.push(name);
                    i
                }
            },
        };
        self.session.push(index);
    }

    /// Rows.
    pub fn len(&self) -> usize {
        self.status.len()
    }

    /// No rows.
    pub fn is_empty(&self) -> bool {
        self.status.is_empty()
    }

    /// Rows of a status.
    pub fn count(&self, status: Status) -> usize {
        self.status.iter().filter(|s| **s == status).count()
    }
}

/// A per-request table read into its cells, in the order they first appear.
#[derive(Clone, Debug, Default)]
pub struct RequestTable {
    /// The cells.
    pub cells: Vec<CellRequests>,
}

/// At most this many problems are listed; the last entry says how many more there were.
const LISTED: usize = 20;

/// The fields of one CSV record (RFC 4180 quoting), and the byte after it.
fn record(bytes: &[u8], mut at: usize, fields: &mut Vec<(usize, usize, bool)>) -> usize {
    fields.clear();
    loop {
        if bytes.get(at) == Some(&b'"') {
            let start = at + 1;
            at = start;
            while at < bytes.len() {
                if bytes[at] == b'"' {
                    if bytes.get(at + 1) == Some(&b'"') {
                        at += 2;
                        continue;
                    }
                    break;
                }
                at += 1;
            }
            fields.push((start, at.min(bytes.len()), true));
            at += 1;
        } else {
            let start = at;
            while at < bytes.len() && !matches!(bytes[at], b',' | b'\n' | b'\r') {
                at += 1;
            }
            fields.push((start, at, false));
        }
        match bytes.get(at) {
            Some(b',') => at += 1,
            Some(b'\r') if bytes.get(at + 1) == Some(&b'\n') => return at + 2,
            Some(_) => return at + 1,
            None => return at,
        }
    }
}

/// A whole number field: `Ok(NaN)` when empty.
fn whole(text: &[u8]) -> Result<f64, ()> {
    let (negative, digits) = match text.first() {
        None => return Ok(f64::NAN),
        Some(b'-') => (true, &text[1..]),
        Some(_) => (false, text),
    };
    if digits.is_empty() || digits.len() > 15 {
        return Err(());
    }
    let mut n: i64 = 0;
    for &b in digits {
        if !b.is_ascii_digit() {
            return Err(());
        }
        n = n * 10 + i64::from(b - b'0');
    }
    Ok(if negative { -(n as f64) } else { n as f64 })
}

/// One row's fields, read and checked.
struct ParsedRow<'a> {
    workload: &'a [u8],
    level: f64,
    trial: Option<u32>,
    /// start_ms, ttft_us, tpot_us, e2e_us, input_tokens, output_tokens.
    numbers: [f64; 6],
    status: Status,
    error: Option<String>,
    /// With the session columns: the session and the turn.
    session: Option<String>,
    turn: f64,
}

/// Read one row's eleven fields (`fields`: each one's span in `text` and whether it was
/// quoted), or say what is wrong with it.
fn read_row<'a>(text: &'a [u8], fields: &[(usize, usize, bool)]) -> Result<ParsedRow<'a>, String> {
    let field = |k: usize| -> &[u8] { &text[fields[k].0..fields[k].1] };
    let text_of = |k: usize| -> String {
        let raw = String::from_utf8_lossy(field(k)).into_owned();
        if fields[k].2 {
            raw.replace("\"\"", "\"")
        } else {
            raw
        }
    };
    let level = std::str::from_utf8(field(1))
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|l| l.is_finite() && *l > 0.0)
        .ok_or_else(|| format!("level `{}` is not a load level (a number > 0)", text_of(1)))?;
    let trial = match field(2) {
        [] => None,
        t => Some(
            std::str::from_utf8(t)
                .ok()
                .and_then(|s| s.parse::<u32>().ok())
                .ok_or_else(|| format!("trial `{}` is not a whole number", text_of(2)))?,
        ),
    };
    let mut numbers = [0f64; 6];
    for (k, slot) in numbers.iter_mut().enumerate() {
        *slot = whole(field(3 + k))
            .map_err(|()| format!("{} `{}` is not a whole number", HEADER.split(',').nth(3 + k).unwrap_or_default(), text_of(3 + k)))?;
    }
    if let Some(k) = numbers.iter().position(|v| *v < 0.0) {
        return Err(format!("{} is negative", HEADER.split(',').nth(3 + k).unwrap_or_default()));
    }
    let [_, ttft, _, e2e, _, _] = numbers;
    if ttft > e2e {
        return Err(format!("TTFT {} ms is after the request's end, E2E {} ms", ttft / 1000.0, e2e / 1000.0));
    }
    let status = std::str::from_utf8(field(9))
        .ok()
        .and_then(Status::parse)
        .ok_or_else(|| format!("status `{}` is not ok, failed or cancelled", text_of(9)))?;
    let error = (!field(10).is_empty()).then(|| text_of(10));
    let (session, turn) = if fields.len() == 13 {
        let turn = whole(field(12)).map_err(|()| format!("turn `{}` is not a whole number", text_of(12)))?;
        ((!field(11).is_empty()).then(|| text_of(11)), turn)
    } else {
        (None, f64::NAN)
    };
    Ok(ParsedRow { workload: field(0), level, trial, numbers, status, error, session, turn })
}

impl RequestTable {
    /// Read a table's text (after inflating it); every problem with its line.
    pub fn parse(text: &[u8]) -> Result<RequestTable, Vec<TableError>> {
        let mut problems: Vec<TableError> = Vec::new();
        let mut more = 0usize;
        let mut problem = |problems: &mut Vec<TableError>, line: usize, message: String| {
            if problems.len() < LISTED {
                problems.push(TableError { line, message });
            } else {
                more += 1;
            }
        };
        let header_end = text.iter().position(|&b| b == b'\n').unwrap_or(text.len());
        let header = String::from_utf8_lossy(&text[..header_end]);
        // Eleven columns (1.3), or thirteen with each request's session and turn (1.4).
        let columns = match header.trim_end_matches('\r') {
            h if h == HEADER => 11,
            h if h == HEADER_SESSIONS => 13,
            _ => {
                return Err(vec![TableError {
                    line: 1,
                    message: format!("the header is `{}`; expected `{HEADER}` (with `,session,turn` for sessions)", header.trim_end()),
                }])
            }
        };
        let mut table = RequestTable::default();
        let mut index: HashMap<(String, u64, Option<u32>), usize> = HashMap::new();
        let mut current: Option<usize> = None;
        let mut fields = Vec::with_capacity(11);
        let (mut at, mut line) = (header_end + 1, 1usize);
        while at < text.len() {
            line += 1;
            let start_line = line;
            let next = record(text, at, &mut fields);
            // A quoted field may hold line breaks: the record spans them.
            line += text[at..next.saturating_sub(1).max(at)].iter().filter(|&&b| b == b'\n').count();
            at = next;
            if fields.len() == 1 && fields[0].0 == fields[0].1 {
                continue;
            }
            if fields.len() != columns {
                let named = if columns == 11 { HEADER } else { HEADER_SESSIONS };
                problem(&mut problems, start_line, format!("{} fields; every row has {columns} ({named})", fields.len()));
                continue;
            }
            let row = match read_row(text, &fields) {
                Ok(row) => row,
                Err(message) => {
                    problem(&mut problems, start_line, message);
                    continue;
                }
            };
            let ParsedRow { workload, level, trial, numbers: [start, ttft, tpot, e2e, input, output], status, error, session, turn } = row;
            // The cell: the one before when the key repeats (the usual case), else looked up.
            let same = current
                .and_then(|c| table.cells.get(c))
                .is_some_and(|c| c.workload.as_bytes() == workload && c.level == level && c.trial == trial);
            if !same {
                let key = (String::from_utf8_lossy(workload).into_owned(), level.to_bits(), trial);
                let c = *index.entry(key.clone()).or_insert_with(|| {
                    table.cells.push(CellRequests::new(&key.0, level, trial, start_line));
                    table.cells.len() - 1
                });
                current = Some(c);
            }
            let Some(cell) = current.and_then(|c| table.cells.get_mut(c)) else { continue };
            let row = cell.status.len();
            cell.start_ms.push(start);
            cell.ttft_ms.push(ttft / 1000.0);
            cell.tpot_ms.push(tpot / 1000.0);
            cell.e2e_ms.push(e2e / 1000.0);
            cell.input_tokens.push(input);
            cell.output_tokens.push(output);
            cell.status.push(status);
            cell.push_session(session);
            cell.turn.push(turn);
            if let Some(error) = error {
                cell.errors.push((row, error));
            }
        }
        if more > 0 {
            problems.push(TableError { line, message: format!("and {more} more problems") });
        }
        // The names are kept in order; the index served the reading only.
        for cell in &mut table.cells {
            cell.session_index = HashMap::new();
        }
        if problems.is_empty() {
            Ok(table)
        } else {
            Err(problems)
        }
    }

    /// The cell of a workload, level and trial.
    pub fn cell(&self, workload: &str, level: f64, trial: Option<u32>) -> Option<&CellRequests> {
        self.cells.iter().find(|c| c.workload == workload && c.level == level && c.trial == trial)
    }

    /// Every row.
    pub fn rows(&self) -> usize {
        self.cells.iter().map(CellRequests::len).sum()
    }
}
