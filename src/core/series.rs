//! Series building: from the model to the lines a chart draws. A null stays a gap here;
//! it is never turned into a zero, and never silently dropped (it is listed in `gaps`).

use super::model::Results;
use super::palette::{engine_style, EngineStyle};
use super::view_state::ViewState;

/// One line of a chart: an engine's values at each concurrency level.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Engine id.
    pub id: String,
    /// Legend label.
    pub label: String,
    /// Colour and marker.
    pub style: EngineStyle,
    /// `(concurrency, value)`; `None` = not measured.
    pub points: Vec<(u32, Option<f64>)>,
    /// A source behind this line hashed to something other than published: its points
    /// are ringed in red and its legend entry says so.
    pub flagged: bool,
}

impl Series {
    /// The measured points, in concurrency order.
    pub fn measured(&self) -> impl Iterator<Item = (u32, f64)> + '_ {
        self.points.iter().filter_map(|&(c, v)| v.map(|v| (c, v)))
    }

    /// The concurrency levels not measured.
    pub fn gaps(&self) -> impl Iterator<Item = u32> + '_ {
        self.points.iter().filter(|(_, v)| v.is_none()).map(|&(c, _)| c)
    }

    /// Runs of consecutive measured points: a line is drawn through each run, never across a gap.
    pub fn segments(&self) -> Vec<Vec<(u32, f64)>> {
        let mut runs = vec![Vec::new()];
        for &(c, v) in &self.points {
            match v {
                Some(v) => {
                    if let Some(run) = runs.last_mut() {
                        run.push((c, v));
                    }
                }
                None if runs.last().is_some_and(|r| !r.is_empty()) => runs.push(Vec::new()),
                None => {}
            }
        }
        runs.retain(|r| !r.is_empty());
        runs
    }
}

/// Decode throughput series, one per decode row the `engines` filter shows, in file order.
pub fn decode_series(results: &Results, state: &ViewState) -> Vec<Series> {
    let Some(decode) = &results.decode else { return Vec::new() };
    decode
        .rows
        .iter()
        .filter(|row| state.shows_engine(&row.id))
        .map(|row| {
            let index = results.engine_index(&row.id).unwrap_or(results.engines.len());
            let label = results.engine(&row.id).map(|e| e.label.clone()).or_else(|| row.label.clone()).unwrap_or_else(|| row.id.clone());
            Series {
                id: row.id.clone(),
                label,
                style: engine_style(index),
                points: results.concurrency.iter().copied().zip(row.values.iter().copied()).collect(),
                flagged: false,
            }
        })
        .collect()
}

/// Counts of measured and null entries, for summaries and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Entries with a value.
    pub measured: usize,
    /// Null entries: not measured.
    pub null: usize,
}

/// How many decode values are measured and null.
pub fn decode_coverage(results: &Results) -> Coverage {
    let values = results.decode.iter().flat_map(|d| &d.rows).flat_map(|r| &r.values);
    values.fold(Coverage::default(), |c, v| if v.is_some() { Coverage { measured: c.measured + 1, ..c } } else { Coverage { null: c.null + 1, ..c } })
}

/// How many serving cells are measured and null.
pub fn serving_coverage(results: &Results) -> Coverage {
    let cells = results.serving.iter().flat_map(|s| &s.workloads).flat_map(|w| &w.rows).flat_map(|r| &r.cells);
    cells.fold(Coverage::default(), |c, v| if v.is_some() { Coverage { measured: c.measured + 1, ..c } } else { Coverage { null: c.null + 1, ..c } })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::palette::{engine_style, Marker};

    fn series(values: &[Option<f64>]) -> Series {
        Series { id: "e".into(), label: "E".into(), style: engine_style(0), points: (0..).map(|i| 1u32 << i).zip(values.iter().copied()).collect(), flagged: false }
    }

    #[test]
    fn a_null_splits_the_line_and_is_listed_as_a_gap_not_a_zero() {
        let s = series(&[Some(1.0), Some(2.0), None, Some(4.0), None, None, Some(0.0)]);
        assert_eq!(s.segments(), vec![vec![(1, 1.0), (2, 2.0)], vec![(8, 4.0)], vec![(64, 0.0)]]);
        assert_eq!(s.gaps().collect::<Vec<_>>(), vec![4, 16, 32]);
        assert_eq!(s.measured().count(), 4);
        assert_eq!(s.style.marker, Marker::Circle);
    }

    #[test]
    fn a_series_with_no_measurement_has_no_segment() {
        let s = series(&[None, None]);
        assert!(s.segments().is_empty());
        assert_eq!(s.gaps().count(), 2);
    }
}
