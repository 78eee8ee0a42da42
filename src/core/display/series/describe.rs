//! Text alternatives for charts and coverage counts for summaries and tests.

use super::concurrency::Series;
use crate::core::basics::format::readable;
use crate::core::study::model::{LoadAxis, Results};

/// A chart's text alternative: what each line does, in words. With `seconds` (a latency
/// chart read in seconds, whose title says "(s)") values in ms are said in seconds too.
pub fn describe_lines(series: &[Series], what: &str, load: LoadAxis, seconds: bool) -> String {
    let said = |value: f64| if seconds { readable(value / 1000.0) } else { readable(value) };
    let against = load.noun();
    if series.is_empty() {
        return format!("Chart of {what} against {against}: nothing to draw.");
    }
    let lines: Vec<String> = series
        .iter()
        .map(|s| {
            let measured: Vec<(f64, f64)> = s.measured().collect();
            match (measured.first(), measured.last()) {
                (Some(first), Some(last)) => format!(
                    "{} from {} at {} to {} at {}",
                    s.label,
                    said(first.1),
                    load.level_label(first.0),
                    said(last.1),
                    load.level_label(last.0)
                ),
                _ => format!("{}: not measured", s.label),
            }
        })
        .collect();
    format!("Chart of {what} against {against}: {}.", lines.join("; "))
}

/// Counts of measured and null entries, for summaries and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Entries with a value.
    pub measured: usize,
    /// Null entries: not measured.
    pub null: usize,
}

fn count<T>(items: impl Iterator<Item = Option<T>>) -> Coverage {
    items.fold(Coverage::default(), |c, v| {
        if v.is_some() {
            Coverage { measured: c.measured + 1, ..c }
        } else {
            Coverage { null: c.null + 1, ..c }
        }
    })
}

/// How many decode values are measured and null.
pub fn decode_coverage(results: &Results) -> Coverage {
    count(results.decode().into_iter().flat_map(|d| &d.rows).flat_map(|r| r.values.iter().copied()))
}

/// How many serving cells are measured and null.
pub fn serving_coverage(results: &Results) -> Coverage {
    count(results.serving().into_iter().flat_map(|s| &s.workloads).flat_map(|w| &w.rows).flat_map(|r| r.cells.iter().map(Option::as_ref)))
}
