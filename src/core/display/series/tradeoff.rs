//! The throughput/interactivity plane: per engine a polyline through its load points
//! (concurrency or request rate) (x = per-user tok/s, y = a throughput, efficiency or cost metric), service-level
//! limits, the Pareto frontier over the points that meet them, and the best point per
//! engine under the limits.

use super::concurrency::cell_at;
use crate::core::basics::format::readable;
use crate::core::display::palette::{engine_style, EngineStyle};
use crate::core::link::SeriesInputs;
use crate::core::measures::metric::{Better, Metric};
use crate::core::study::model::{Cell, Results, Workload};

/// One measured point on the plane.
#[derive(Clone, Debug, PartialEq)]
pub struct TradeoffPoint {
    /// Load level (concurrency, or offered req/s).
    pub level: f64,
    /// The level as a label: "c32", "2 req/s", "c100 burst".
    pub label: String,
    /// Per-user tok/s.
    pub x: f64,
    /// The y metric.
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
    /// Points in load order (only where both coordinates were measured).
    pub points: Vec<TradeoffPoint>,
}

/// Whether a cell meets the service-level limits in the link; a limit on a metric the
/// cell did not measure is not met (it cannot be shown to hold).
pub fn meets_limits(cell: &Cell, state: &SeriesInputs) -> bool {
    let ttft = state.slo_ttft_p99_ms.is_none_or(|limit| cell.ttft_p99_ms.is_some_and(|v| v <= limit));
    let user = state.slo_user_tok_s.is_none_or(|limit| cell.user_tok_s.is_some_and(|v| v >= limit));
    ttft && user
}

/// The engines with no trade-off line (nothing where both figures are measured, or hidden):
/// their chips say "not measured in this workload".
pub fn without_line(results: &Results, lines: &[TradeoffLine]) -> Vec<String> {
    results.engines().iter().filter(|e| !lines.iter().any(|l| l.id == e.id)).map(|e| e.id.clone()).collect()
}

/// The trade-off lines: x = per-user tok/s, y = `y_metric`, one per shown engine with a
/// point where both are measured.
pub fn tradeoff_lines(results: &Results, workload: &Workload, y_metric: Metric, state: &SeriesInputs) -> Vec<TradeoffLine> {
    tradeoff_lines_by(results, workload, state, &|_, _, cell| y_metric.value(cell, &state.prices))
}

/// A y value of the plane read otherwise than from the cell's own figures: `(engine id,
/// load level, cell)` → the value (goodput, from the requests at an objective).
pub type YOf<'a> = &'a dyn Fn(&str, f64, &Cell) -> Option<f64>;

/// The trade-off lines with y read by `y`.
pub fn tradeoff_lines_by(results: &Results, workload: &Workload, state: &SeriesInputs, y: YOf<'_>) -> Vec<TradeoffLine> {
    results
        .engines()
        .iter()
        .enumerate()
        .filter(|(_, e)| state.shows_engine(&e.id))
        .filter_map(|(index, engine)| {
            let points: Vec<TradeoffPoint> = workload
                .levels
                .iter()
                .filter_map(|&level| {
                    let cell = cell_at(workload, &engine.id, level)?;
                    Some(TradeoffPoint {
                        level,
                        label: level_label(workload, cell),
                        x: cell.user_tok_s?,
                        y: y(&engine.id, level, cell)?,
                        meets_limits: meets_limits(cell, state),
                    })
                })
                .collect();
            (!points.is_empty()).then(|| TradeoffLine {
                id: engine.id.clone(),
                label: engine.label.clone(),
                style: engine_style(index),
                points,
            })
        })
        .collect()
}

/// A cell's level as a label: "c32", "2 req/s", "c100 burst", "1.5 req/s, cap 25".
pub fn level_label(workload: &Workload, cell: &Cell) -> String {
    workload.cell_label(cell)
}

/// A point of the Pareto frontier, with the line it belongs to.
#[derive(Clone, Debug, PartialEq)]
pub struct FrontierPoint {
    /// Index into the lines.
    pub line: usize,
    /// Load level.
    pub level: f64,
    /// The level as a label.
    pub label: String,
    /// Per-user tok/s.
    pub x: f64,
    /// The y metric.
    pub y: f64,
}

/// The points that meet the limits and that no other such point beats on both axes (more
/// per-user speed is better; on y, as the metric says), in increasing x. Ties keep the
/// first in line order.
pub fn pareto_frontier(lines: &[TradeoffLine], y_better: Better) -> Vec<FrontierPoint> {
    let sign = if y_better == Better::Lower { -1.0 } else { 1.0 };
    let mut all: Vec<FrontierPoint> = lines
        .iter()
        .enumerate()
        .flat_map(|(line, l)| {
            l.points.iter().filter(|p| p.meets_limits).map(move |p| FrontierPoint {
                line,
                level: p.level,
                label: p.label.clone(),
                x: p.x,
                y: p.y,
            })
        })
        .collect();
    // Highest x first; among equal x, best y first; then keep each point that beats every
    // point to its right on y.
    all.sort_by(|a, b| b.x.total_cmp(&a.x).then((sign * b.y).total_cmp(&(sign * a.y))));
    let mut frontier = Vec::new();
    let mut best = f64::NEG_INFINITY;
    for p in all {
        if sign * p.y > best {
            best = sign * p.y;
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
            let label = lines.get(line).map_or("?", |l| l.label.as_str());
            let concs: Vec<String> = points.iter().map(|p| p.label.clone()).collect();
            let (lo, hi) = (points.first().map_or(0.0, |p| p.x), points.last().map_or(0.0, |p| p.x));
            let span = if lo == hi {
                format!("at {} per-user tok/s", readable(lo))
            } else {
                format!("from {} to {} per-user tok/s", readable(lo), readable(hi))
            };
            format!("{label} ({}) {span}", concs.join(", "))
        })
        .collect()
}

/// One engine's answer to "what is the best point under the limits".
#[derive(Clone, Debug, PartialEq)]
pub enum LimitResult {
    /// The engine has no measured cell in this workload.
    NotMeasured,
    /// It was measured, and no measured point meets every limit.
    NoneMeets,
    /// A point meets every limit but its y metric is not measured there: never called
    /// "none meets".
    MeetsUnmeasured {
        /// The load level of the first such point.
        level: f64,
        /// Its TTFT p99.
        ttft_p99_ms: Option<f64>,
        /// Its per-user speed.
        user_tok_s: Option<f64>,
    },
    /// The best passing point on the y metric.
    Best {
        /// The load level (concurrency, or offered req/s).
        level: f64,
        /// The y metric's value there.
        value: f64,
        /// Its TTFT p99, the limit a reader checks first.
        ttft_p99_ms: Option<f64>,
        /// Its per-user speed.
        user_tok_s: Option<f64>,
    },
}

/// Per shown engine: the best value of `y_metric` (highest, or lowest for a cost) among
/// points meeting every limit, telling "not measured in this workload" apart from "no
/// measured point meets the limits".
pub fn best_within_limits(results: &Results, workload: &Workload, y_metric: Metric, state: &SeriesInputs) -> Vec<(String, LimitResult)> {
    best_within_limits_by(results, workload, y_metric.better(), state, &|_, _, cell| y_metric.value(cell, &state.prices))
}

/// The best point per engine under the limits, with y read by `y` (improving as `better`).
pub fn best_within_limits_by(
    results: &Results,
    workload: &Workload,
    better: Better,
    state: &SeriesInputs,
    y: YOf<'_>,
) -> Vec<(String, LimitResult)> {
    let sign = if better == Better::Lower { -1.0 } else { 1.0 };
    results
        .engines()
        .iter()
        .filter(|e| state.shows_engine(&e.id))
        .map(|engine| {
            let cells: Vec<(f64, &Cell)> =
                workload.levels.iter().filter_map(|&level| Some((level, cell_at(workload, &engine.id, level)?))).collect();
            if cells.is_empty() {
                return (engine.id.clone(), LimitResult::NotMeasured);
            }
            let meeting: Vec<(f64, &Cell)> =
                cells.into_iter().filter(|(_, cell)| !cell.all_failed() && meets_limits(cell, state)).collect();
            let best = meeting
                .iter()
                .filter_map(|&(level, cell)| Some((cell, y(&engine.id, level, cell)?)))
                .max_by(|a, b| (sign * a.1).total_cmp(&(sign * b.1)));
            let result = match (best, meeting.first()) {
                (Some((cell, value)), _) => {
                    LimitResult::Best { level: cell.level(), value, ttft_p99_ms: cell.ttft_p99_ms, user_tok_s: cell.user_tok_s }
                }
                (None, Some((level, cell))) => {
                    LimitResult::MeetsUnmeasured { level: *level, ttft_p99_ms: cell.ttft_p99_ms, user_tok_s: cell.user_tok_s }
                }
                (None, None) => LimitResult::NoneMeets,
            };
            (engine.id.clone(), result)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(points: &[(u32, f64, f64, bool)]) -> TradeoffLine {
        let point = |&(conc, x, y, meets_limits): &(u32, f64, f64, bool)| TradeoffPoint {
            level: f64::from(conc),
            label: format!("c{conc}"),
            x,
            y,
            meets_limits,
        };
        TradeoffLine { id: "e".into(), label: "E".into(), style: engine_style(0), points: points.iter().map(point).collect() }
    }

    #[test]
    fn the_frontier_keeps_only_undominated_points_that_meet_the_limits() {
        let lines = [line(&[(1, 100.0, 10.0, true), (2, 80.0, 30.0, true), (4, 50.0, 60.0, false), (8, 40.0, 20.0, true)])];
        let f = pareto_frontier(&lines, Better::Higher);
        assert_eq!(f.iter().map(|p| p.level).collect::<Vec<_>>(), [2.0, 1.0], "c4 fails a limit and c8 is dominated by c2");
    }

    #[test]
    fn for_a_cost_lower_is_better_on_y() {
        let lines = [line(&[(1, 100.0, 5.0, true), (2, 80.0, 1.0, true), (4, 50.0, 3.0, true)])];
        let f = pareto_frontier(&lines, Better::Lower);
        assert_eq!(f.iter().map(|p| p.level).collect::<Vec<_>>(), [2.0, 1.0], "c4 costs more at less speed than c2");
    }
}
