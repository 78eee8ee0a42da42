//! Lines against load: decode throughput against concurrency, and any serving metric per
//! workload against its load levels (concurrency, or offered request rate) with the
//! engines filter, `pct=both` and `vs` (ratios) applied.

use crate::core::display::palette::{engine_style, EngineStyle};
use crate::core::link::{EngineFilter, Scale, SeriesInputs};
use crate::core::measures::metric::{is_low_sample, Metric};
use crate::core::study::model::{Cell, Results, Workload};

/// One line of a chart: an engine's values at each load level.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Engine id.
    pub id: String,
    /// Legend label.
    pub label: String,
    /// Colour and marker.
    pub style: EngineStyle,
    /// `(load level, value)`; `None` = not measured.
    pub points: Vec<(f64, Option<f64>)>,
    /// A source behind this line hashed to something other than published: its points
    /// are ringed in red and its legend entry says so.
    pub flagged: bool,
    /// Drawn dashed (the p99 line under `pct=both`, or a compared file's line).
    pub dashed: bool,
    /// Which file the line comes from: 0 for the first, k for the k-th compared file.
    pub file: usize,
    /// The metric the line shows (under `pct=both`, p50 or p99 whatever was picked).
    pub metric: Option<Metric>,
    /// Levels whose cell has fewer requests than the sweep's minimum.
    pub low_sample: Vec<f64>,
    /// Levels at which every request failed: marked on the axis, never a point.
    pub failed: Vec<(f64, String)>,
    /// Levels whose cell is the median of repeated runs: `(level, min, max)` of the shown
    /// value, drawn as a whisker.
    pub spread: Vec<(f64, f64, f64)>,
    /// Levels whose cell is a burst (every request sent at once).
    pub burst: Vec<f64>,
    /// Levels whose rate-driven cell kept a cap on requests in flight, with the cap.
    pub cap: Vec<(f64, u32)>,
}

impl Series {
    /// A solid line of the first file.
    pub fn new(id: &str, label: &str, style: EngineStyle, points: Vec<(f64, Option<f64>)>) -> Self {
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
            failed: Vec::new(),
            spread: Vec::new(),
            burst: Vec::new(),
            cap: Vec::new(),
        }
    }

    /// The measured points, in load order.
    pub fn measured(&self) -> impl Iterator<Item = (f64, f64)> + '_ {
        self.points.iter().filter_map(|&(c, v)| v.map(|v| (c, v)))
    }

    /// The levels not measured (an all-failed level is marked apart, not as a gap).
    pub fn gaps(&self) -> impl Iterator<Item = f64> + '_ {
        self.points.iter().filter(|(c, v)| v.is_none() && !self.failed.iter().any(|f| f.0 == *c)).map(|&(c, _)| c)
    }

    /// The value at a load level, if measured.
    pub fn value_at(&self, conc: f64) -> Option<f64> {
        self.points.iter().find(|p| p.0 == conc).and_then(|p| p.1)
    }

    /// Runs of consecutive measured points: a line is drawn through each run, never across a gap.
    pub fn segments(&self) -> Vec<Vec<(f64, f64)>> {
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
pub fn decode_series(results: &Results, state: &EngineFilter) -> Vec<Series> {
    let Some(decode) = results.decode() else { return Vec::new() };
    decode
        .rows
        .iter()
        .filter(|row| state.shows_engine(&row.id))
        .map(|row| {
            let index = results.engine_index(&row.id).unwrap_or(results.engines().len());
            let label = results.engine(&row.id).map(|e| e.label.clone()).or_else(|| row.label.clone()).unwrap_or_else(|| row.id.clone());
            Series::new(
                &row.id,
                &label,
                engine_style(index),
                results.concurrency().iter().map(|&c| f64::from(c)).zip(row.values.iter().copied()).collect(),
            )
        })
        .collect()
}

/// The cell of an engine at a load level in a workload, if measured.
pub fn cell_at<'a>(workload: &'a Workload, engine: &str, level: f64) -> Option<&'a Cell> {
    let slot = workload.slot(level)?;
    workload.rows.iter().find(|r| r.id == engine)?.cells.get(slot)?.as_ref()
}

/// The load ticks of a chart across files: every file's levels of the workload, ascending.
pub fn load_ticks<'a>(workloads: impl IntoIterator<Item = &'a Workload>) -> Vec<f64> {
    let mut levels: Vec<f64> = workloads.into_iter().flat_map(|w| w.levels.iter().copied()).collect();
    levels.sort_by(f64::total_cmp);
    levels.dedup();
    levels
}

/// The concurrency ticks of a decode chart across files, ascending.
pub fn concurrency_ticks<'a>(files: impl IntoIterator<Item = &'a Results>) -> Vec<f64> {
    let mut levels: Vec<u32> = files.into_iter().flat_map(|r| r.concurrency().iter().copied()).collect();
    levels.sort_unstable();
    levels.dedup();
    levels.into_iter().map(f64::from).collect()
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
pub fn serving_series(results: &Results, workload: &Workload, metric: Metric, state: &SeriesInputs) -> ServingSeries {
    let metrics: Vec<(Metric, bool, &str)> = match metric.percentile_pair() {
        Some((p50, p99)) if state.pct_both => vec![(p50, false, " · p50"), (p99, true, " · p99")],
        _ => vec![(metric, false, "")],
    };
    let values_of = |id: &str, m: Metric| -> Vec<Option<f64>> {
        let row = workload.rows.iter().find(|r| r.id == id);
        (0..workload.levels.len())
            .map(|i| {
                row.and_then(|r| r.cells.get(i))
                    .and_then(Option::as_ref)
                    .filter(|c| !c.all_failed())
                    .and_then(|c| m.value(c, &state.prices))
            })
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
    for (index, engine) in results.engines().iter().enumerate() {
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
            let measured = values.iter().any(Option::is_some);
            let mut line = Series::new(
                &engine.id,
                &format!("{}{suffix}", engine.label),
                engine_style(index),
                workload.levels.iter().copied().zip(values).collect(),
            );
            line.dashed = dashed;
            line.metric = Some(m);
            mark_cells(&mut line, workload, m, reference.is_some(), state);
            // An engine whose every request failed was measured: its crosses are drawn.
            if measured || !line.failed.is_empty() {
                lines.push(line);
            }
        }
        if lines.is_empty() {
            out.not_measured.push(engine.id.clone());
        }
        out.series.extend(lines);
    }
    out
}

/// A line's per-cell marks: low samples, all-failed levels, bursts and the min–max
/// whisker of repeated runs (not under ratios: a ratio of ranges is not a range).
fn mark_cells(line: &mut Series, workload: &Workload, metric: Metric, ratio: bool, state: &SeriesInputs) {
    for &level in &workload.levels {
        let Some(cell) = cell_at(workload, &line.id, level) else { continue };
        if is_low_sample(cell) {
            line.low_sample.push(level);
        }
        if let Some(note) = cell.failed_note() {
            line.failed.push((level, note));
        }
        if cell.burst {
            line.burst.push(level);
        }
        if let Some(cap) = cell.conc_cap.filter(|_| cell.rate_rps.is_some()) {
            line.cap.push((level, cap));
        }
        let range = cell.trials.as_ref().and_then(|t| t.range_of(metric.as_str()));
        if let (Some((lo, hi)), false) = (range, ratio) {
            if metric.value(cell, &state.prices).is_some() {
                line.spread.push((level, lo, hi));
            }
        }
    }
}

/// Whether a latency chart of `series` reads in seconds: once its largest value drawn (a
/// point or the end of a whisker) is 10 s or more, so its ticks read "50", not "50,000".
/// The chart's title, axis, tooltips and export all follow this one answer. Ratios
/// (`relative`) and other units never do.
pub fn reads_in_seconds(series: &[Series], relative: bool) -> bool {
    let latency = |s: &Series| s.metric.is_some_and(|m| m.unit() == crate::core::measures::metric::Unit::Milliseconds);
    !relative
        && !series.is_empty()
        && series.iter().all(latency)
        && series.iter().flat_map(|s| s.points.iter().filter_map(|p| p.1).chain(s.spread.iter().map(|w| w.2))).any(|v| v >= 10_000.0)
}

/// The scale a chart can use: log only when every shown value is positive.
pub fn usable_scale(values: impl IntoIterator<Item = f64>, requested: Scale) -> Scale {
    let mut values = values.into_iter();
    if requested == Scale::Log && values.all(|v| v > 0.0) {
        Scale::Log
    } else {
        Scale::Lin
    }
}

/// A latency title for a chart read in seconds: "TTFT p99 (ms)" becomes "TTFT p99 (s)".
pub fn in_seconds(title: &str) -> String {
    title.replace("(ms)", "(s)")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::display::palette::{engine_style, Marker};

    fn series(values: &[Option<f64>]) -> Series {
        Series::new("e", "E", engine_style(0), (0..).map(|i| f64::from(1u32 << i)).zip(values.iter().copied()).collect())
    }

    #[test]
    fn a_null_splits_the_line_and_is_listed_as_a_gap_not_a_zero() {
        let s = series(&[Some(1.0), Some(2.0), None, Some(4.0), None, None, Some(0.0)]);
        assert_eq!(s.segments(), vec![vec![(1.0, 1.0), (2.0, 2.0)], vec![(8.0, 4.0)], vec![(64.0, 0.0)]]);
        assert_eq!(s.gaps().collect::<Vec<_>>(), vec![4.0, 16.0, 32.0]);
        assert_eq!(s.measured().count(), 4);
        assert_eq!(s.style.marker, Marker::Circle);
        assert_eq!(s.value_at(8.0), Some(4.0));
        assert_eq!(s.value_at(4.0), None);
    }

    #[test]
    fn a_series_with_no_measurement_has_no_segment() {
        let s = series(&[None, None]);
        assert!(s.segments().is_empty());
        assert_eq!(s.gaps().count(), 2);
    }
}
