//! Series building: from the model to the lines a chart draws. A null stays a gap here;
//! it is never turned into a zero, and never silently dropped (it is listed in `gaps`).

use super::metrics::is_low_sample;
use super::model::{Cell, Results, Workload};
use super::palette::{engine_style, EngineStyle};
use super::view_state::{Metric, ViewState, WorkloadKey};

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
    /// Drawn dashed (the p99 line under `pct=both`).
    pub dashed: bool,
    /// Concurrency levels whose cell has fewer requests than the sweep's minimum.
    pub low_sample: Vec<u32>,
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
                dashed: false,
                low_sample: Vec::new(),
            }
        })
        .collect()
}

/// The workload a view shows: the link's, else the first in file order.
pub fn chosen_workload<'a>(results: &'a Results, state: &ViewState) -> Option<&'a Workload> {
    let workloads = &results.serving.as_ref()?.workloads;
    let wanted = |w: &&Workload| state.workload.is_none_or(|WorkloadKey { isl, osl }| w.isl == isl && w.osl == osl);
    workloads.iter().find(wanted).or_else(|| workloads.first())
}

/// The cell of an engine at a concurrency level in a workload, if measured.
pub fn cell_at<'a>(results: &Results, workload: &'a Workload, engine: &str, conc: u32) -> Option<&'a Cell> {
    let slot = results.concurrency.iter().position(|&c| c == conc)?;
    workload.rows.iter().find(|r| r.id == engine)?.cells.get(slot)?.as_ref()
}

/// Lines for a serving metric against concurrency, and the engines with nothing to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct ServingSeries {
    /// One line per engine (two under `pct=both`: p50 solid, p99 dashed).
    pub series: Vec<Series>,
    /// Labels of shown engines with no row or no measured value in this workload.
    pub not_measured: Vec<String>,
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
        (0..results.concurrency.len()).map(|i| row.and_then(|r| r.cells.get(i)).and_then(Option::as_ref).and_then(|c| m.of(c))).collect()
    };
    let mut out = ServingSeries { series: Vec::new(), not_measured: Vec::new() };
    for (index, engine) in results.engines.iter().enumerate() {
        if !state.shows_engine(&engine.id) {
            continue;
        }
        let mut lines = Vec::new();
        for &(m, dashed, suffix) in &metrics {
            let mut values = values_of(&engine.id, m);
            if let Some(reference) = state.vs.as_deref() {
                let base = values_of(reference, m);
                values = values.iter().zip(&base).map(|(v, b)| match (v, b) { (Some(v), Some(b)) if *b != 0.0 => Some(v / b), _ => None }).collect();
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
            lines.push(Series {
                id: engine.id.clone(),
                label: format!("{}{suffix}", engine.label),
                style: engine_style(index),
                points: results.concurrency.iter().copied().zip(values).collect(),
                flagged: false,
                dashed,
                low_sample,
            });
        }
        if lines.is_empty() {
            out.not_measured.push(engine.label.clone());
        }
        out.series.extend(lines);
    }
    out
}

/// One measured point on the throughput/interactivity plane.
#[derive(Clone, Debug, PartialEq)]
pub struct TradeoffPoint {
    /// Concurrency level.
    pub conc: u32,
    /// Per-user tok/s.
    pub x: f64,
    /// The y metric (aggregate tok/s, or tok/s per kW).
    pub y: f64,
    /// Whether the point meets every service-level limit set.
    pub meets_limits: bool,
}

/// One engine's polyline through its concurrency points.
#[derive(Clone, Debug, PartialEq)]
pub struct TradeoffLine {
    /// Engine id.
    pub id: String,
    /// Legend label.
    pub label: String,
    /// Colour and marker.
    pub style: EngineStyle,
    /// Points in concurrency order (only where both coordinates were measured).
    pub points: Vec<TradeoffPoint>,
}

/// Whether a cell meets the service-level limits in the link; a limit on a metric the
/// cell did not measure is not met (it cannot be shown to hold).
pub fn meets_limits(cell: &Cell, state: &ViewState) -> bool {
    let ttft = state.slo_ttft_p99_ms.is_none_or(|limit| cell.ttft_p99_ms.is_some_and(|v| v <= limit));
    let user = state.slo_user_tok_s.is_none_or(|limit| cell.user_tok_s.is_some_and(|v| v >= limit));
    ttft && user
}

/// The trade-off lines: x = per-user tok/s, y = `y_metric`, one per shown engine.
pub fn tradeoff_lines(results: &Results, workload: &Workload, y_metric: Metric, state: &ViewState) -> Vec<TradeoffLine> {
    results
        .engines
        .iter()
        .enumerate()
        .filter(|(_, e)| state.shows_engine(&e.id))
        .filter_map(|(index, engine)| {
            let points: Vec<TradeoffPoint> = results
                .concurrency
                .iter()
                .filter_map(|&conc| {
                    let cell = cell_at(results, workload, &engine.id, conc)?;
                    Some(TradeoffPoint { conc, x: cell.user_tok_s?, y: y_metric.of(cell)?, meets_limits: meets_limits(cell, state) })
                })
                .collect();
            (!points.is_empty()).then(|| TradeoffLine { id: engine.id.clone(), label: engine.label.clone(), style: engine_style(index), points })
        })
        .collect()
}

/// A point of the Pareto frontier, with the line it belongs to.
#[derive(Clone, Debug, PartialEq)]
pub struct FrontierPoint {
    /// Index into the lines.
    pub line: usize,
    /// Concurrency level.
    pub conc: u32,
    /// Per-user tok/s.
    pub x: f64,
    /// The y metric.
    pub y: f64,
}

/// The measured points no other point beats on both axes (higher is better on both),
/// across every line, in increasing x. Ties keep the first in line order.
pub fn pareto_frontier(lines: &[TradeoffLine]) -> Vec<FrontierPoint> {
    let mut all: Vec<FrontierPoint> = lines
        .iter()
        .enumerate()
        .flat_map(|(line, l)| l.points.iter().map(move |p| FrontierPoint { line, conc: p.conc, x: p.x, y: p.y }))
        .collect();
    // Highest x first; among equal x, highest y first; then keep each point that beats
    // every point to its right on y.
    all.sort_by(|a, b| b.x.total_cmp(&a.x).then(b.y.total_cmp(&a.y)));
    let mut frontier = Vec::new();
    let mut best_y = f64::NEG_INFINITY;
    for p in all {
        if p.y > best_y {
            best_y = p.y;
            frontier.push(p);
        }
    }
    frontier.reverse();
    frontier
}

/// Who owns which stretch of the frontier: runs of consecutive points of one line.
pub fn frontier_stretches(lines: &[TradeoffLine], frontier: &[FrontierPoint]) -> Vec<String> {
    let mut runs: Vec<(usize, Vec<&FrontierPoint>)> = Vec::new();
    for p in frontier {
        match runs.last_mut() {
            Some((line, points)) if *line == p.line => points.push(p),
            _ => runs.push((p.line, vec![p])),
        }
    }
    runs.into_iter()
        .map(|(line, points)| {
            let label = lines.get(line).map(|l| l.label.as_str()).unwrap_or("?");
            let concs: Vec<String> = points.iter().map(|p| format!("c{}", p.conc)).collect();
            let (lo, hi) = (points.first().map(|p| p.x).unwrap_or(0.0), points.last().map(|p| p.x).unwrap_or(0.0));
            let span = if lo == hi {
                format!("at {} per-user tok/s", super::format::as_written(lo))
            } else {
                format!("from {} to {} per-user tok/s", super::format::as_written(lo), super::format::as_written(hi))
            };
            format!("{label} ({}) {span}", concs.join(", "))
        })
        .collect()
}

/// Per engine: the highest aggregate throughput among points meeting every limit, and at
/// which concurrency; `None` when no measured point meets them.
pub fn best_within_limits(results: &Results, workload: &Workload, state: &ViewState) -> Vec<(String, Option<(u32, f64)>)> {
    results
        .engines
        .iter()
        .filter(|e| state.shows_engine(&e.id))
        .map(|engine| {
            let best = results
                .concurrency
                .iter()
                .filter_map(|&conc| {
                    let cell = cell_at(results, workload, &engine.id, conc)?;
                    (meets_limits(cell, state)).then_some((conc, cell.out_tok_s?))
                })
                .max_by(|a, b| a.1.total_cmp(&b.1));
            (engine.label.clone(), best)
        })
        .collect()
}

/// A chart's text alternative: what each line does, in words.
pub fn describe_lines(series: &[Series], what: &str) -> String {
    let lines: Vec<String> = series
        .iter()
        .map(|s| {
            let measured: Vec<(u32, f64)> = s.measured().collect();
            match (measured.first(), measured.last()) {
                (Some(first), Some(last)) => format!(
                    "{} from {} at c{} to {} at c{}",
                    s.label,
                    super::format::significant4(first.1),
                    first.0,
                    super::format::significant4(last.1),
                    last.0
                ),
                _ => format!("{}: not measured", s.label),
            }
        })
        .collect();
    format!("Chart of {what} against concurrency: {}.", lines.join("; "))
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
        Series { id: "e".into(), label: "E".into(), style: engine_style(0), points: (0..).map(|i| 1u32 << i).zip(values.iter().copied()).collect(), flagged: false, dashed: false, low_sample: vec![] }
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
