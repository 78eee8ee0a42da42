//! Lines against concurrency: decode throughput, and any serving metric per workload with
//! the engines filter, `pct=both` and `vs` (ratios) applied.

use crate::core::link::{ViewState, WorkloadKey};
use crate::core::metric::{is_low_sample, Metric};
use crate::core::model::{Cell, Results, Workload};
use crate::core::palette::{engine_style, EngineStyle};

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
    /// Drawn dashed (the p99 line under `pct=both`, or a compared file's line).
    pub dashed: bool,
    /// Which file the line comes from: 0 for the first, k for the k-th compared file.
    pub file: usize,
    /// The metric the line shows (under `pct=both`, p50 or p99 whatever was picked).
    pub metric: Option<Metric>,
    /// Concurrency levels whose cell has fewer requests than the sweep's minimum.
    pub low_sample: Vec<u32>,
}

impl Series {
    /// A solid line of the first file.
    pub fn new(id: &str, label: &str, style: EngineStyle, points: Vec<(u32, Option<f64>)>) -> Self {
        Series {
            id: id.to_owned(),
            label: label.to_owned(),
            style,
            points,
            flagged: false,
            dashed: false,
            file: 0,
            metric: None,
            low_sample: Vec::new(),
        }
    }

    /// The measured points, in concurrency order.
    pub fn measured(&self) -> impl Iterator<Item = (u32, f64)> + '_ {
        self.points.iter().filter_map(|&(c, v)| v.map(|v| (c, v)))
    }

    /// The concurrency levels not measured.
    pub fn gaps(&self) -> impl Iterator<Item = u32> + '_ {
        self.points.iter().filter(|(_, v)| v.is_none()).map(|&(c, _)| c)
    }

    /// The value at a concurrency level, if measured.
    pub fn value_at(&self, conc: u32) -> Option<f64> {
        self.points.iter().find(|p| p.0 == conc).and_then(|p| p.1)
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
            Series::new(&row.id, &label, engine_style(index), results.concurrency.iter().copied().zip(row.values.iter().copied()).collect())
        })
        .collect()
}

/// The workload a view shows: the link's, else the first in file order.
pub fn chosen_workload<'a>(results: &'a Results, state: &ViewState) -> Option<&'a Workload> {
    let workloads = &results.serving.as_ref()?.workloads;
    let wanted = |w: &&Workload| state.workload.is_none_or(|WorkloadKey { isl, osl }| w.isl == isl && w.osl == osl);
    workloads.iter().find(wanted).or_else(|| workloads.first())
}

/// A workload's link token.
pub fn workload_key(workload: &Workload) -> WorkloadKey {
    WorkloadKey { isl: workload.isl, osl: workload.osl }
}

/// The cell of an engine at a concurrency level in a workload, if measured.
pub fn cell_at<'a>(results: &Results, workload: &'a Workload, engine: &str, conc: u32) -> Option<&'a Cell> {
    let slot = results.concurrency.iter().position(|&c| c == conc)?;
    workload.rows.iter().find(|r| r.id == engine)?.cells.get(slot)?.as_ref()
}

/// The concurrency ticks of a chart across files: the first file's levels, then every
/// other file's levels the first lacks, ascending.
pub fn concurrency_ticks<'a>(files: impl IntoIterator<Item = &'a Results>) -> Vec<u32> {
    let mut levels: Vec<u32> = files.into_iter().flat_map(|r| r.concurrency.iter().copied()).collect();
    levels.sort_unstable();
    levels.dedup();
    levels
}

/// Lines for a serving metric against concurrency, and the engines with nothing to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct ServingSeries {
    /// One line per engine (two under `pct=both`: p50 solid, p99 dashed).
    pub series: Vec<Series>,
    /// Ids of shown engines with no row or no measured value in this workload.
    pub not_measured: Vec<String>,
    /// The `vs` engine when it has nothing measured in this workload: values are then
    /// shown as measured, and the page says why.
    pub reference_missing: Option<String>,
}

/// Build the serving lines for `metric` in `workload`, honouring `engines`, `pct=both` and
/// `vs` (each value as a ratio to that engine's at the same concurrency; a null on either
/// side, or a zero reference, is "not measured").
pub fn serving_series(results: &Results, workload: &Workload, metric: Metric, state: &ViewState) -> ServingSeries {
    let metrics: Vec<(Metric, bool, &str)> = match metric.percentile_pair() {
        Some((p50, p99)) if state.pct_both => vec![(p50, false, " · p50"), (p99, true, " · p99")],
        _ => vec![(metric, false, "")],
    };
    let values_of = |id: &str, m: Metric| -> Vec<Option<f64>> {
        let row = workload.rows.iter().find(|r| r.id == id);
        (0..results.concurrency.len())
            .map(|i| row.and_then(|r| r.cells.get(i)).and_then(Option::as_ref).and_then(|c| m.value(c, &state.prices)))
            .collect()
    };
    let mut out = ServingSeries { series: Vec::new(), not_measured: Vec::new(), reference_missing: None };
    // A reference with nothing measured here would blank every line; show values as measured instead.
    let reference = state.vs.as_deref().filter(|id| {
        let measured = metrics.iter().any(|&(m, _, _)| values_of(id, m).iter().any(Option::is_some));
        if !measured {
            out.reference_missing = Some((*id).to_owned());
        }
        measured
    });
    for (index, engine) in results.engines.iter().enumerate() {
        if !state.shows_engine(&engine.id) {
            continue;
        }
        let mut lines = Vec::new();
        for &(m, dashed, suffix) in &metrics {
            let mut values = values_of(&engine.id, m);
            if let Some(reference) = reference {
                let base = values_of(reference, m);
                values = values
                    .iter()
                    .zip(&base)
                    .map(|(v, b)| match (v, b) {
                        (Some(v), Some(b)) if *b != 0.0 => Some(v / b),
                        _ => None,
                    })
                    .collect();
            }
            if values.iter().all(Option::is_none) {
                continue;
            }
            let low_sample = results
                .concurrency
                .iter()
                .filter(|&&c| cell_at(results, workload, &engine.id, c).is_some_and(is_low_sample))
                .copied()
                .collect();
            let mut line = Series::new(
                &engine.id,
                &format!("{}{suffix}", engine.label),
                engine_style(index),
                results.concurrency.iter().copied().zip(values).collect(),
            );
            line.dashed = dashed;
            line.metric = Some(m);
            line.low_sample = low_sample;
            lines.push(line);
        }
        if lines.is_empty() {
            out.not_measured.push(engine.id.clone());
        }
        out.series.extend(lines);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::palette::{engine_style, Marker};

    fn series(values: &[Option<f64>]) -> Series {
        Series::new("e", "E", engine_style(0), (0..).map(|i| 1u32 << i).zip(values.iter().copied()).collect())
    }

    #[test]
    fn a_null_splits_the_line_and_is_listed_as_a_gap_not_a_zero() {
        let s = series(&[Some(1.0), Some(2.0), None, Some(4.0), None, None, Some(0.0)]);
        assert_eq!(s.segments(), vec![vec![(1, 1.0), (2, 2.0)], vec![(8, 4.0)], vec![(64, 0.0)]]);
        assert_eq!(s.gaps().collect::<Vec<_>>(), vec![4, 16, 32]);
        assert_eq!(s.measured().count(), 4);
        assert_eq!(s.style.marker, Marker::Circle);
        assert_eq!(s.value_at(8), Some(4.0));
        assert_eq!(s.value_at(4), None);
    }

    #[test]
    fn a_series_with_no_measurement_has_no_segment() {
        let s = series(&[None, None]);
        assert!(s.segments().is_empty());
        assert_eq!(s.gaps().count(), 2);
    }
}
