//! The requests view's model: what the requests of one cell did — each engine's latency
//! distribution (TTFT, TPOT or E2E) as a cumulative curve with the cell's published p50
//! and p99 marked on it and the objective's threshold, and the run's timeline (when each
//! request was sent against its latency, the failed ones marked) — built once here, as
//! `Panel`s (`requests_panels`) both renderers draw.

mod panel;
mod tips;
mod turns;

pub use panel::{requests_key, requests_panels, without_requests, CdfPlot, TimelinePlot};
pub use tips::{cdf_tip, timeline_tip, timeline_words};
use turns::turn_rows;
pub use turns::{percentile_table, turn_table, TurnRow};

use crate::core::basics::format::readable;
use crate::core::display::palette::{engine_style, EngineStyle};
use crate::core::link::{chosen_workload, EngineFilter, Latency, RequestsX, Scale, WorkloadKey};
use crate::core::measures::goodput::Slo;
use crate::core::measures::requests::{CellRequests, RequestTable, Status};
use crate::core::study::model::{Cell, Results};

/// Points a distribution draws at most: the curve's shape, not every request; the hover
/// reads every request (`at_or_below`).
pub const CDF_POINTS: usize = 400;
/// Requests a timeline draws at most: every k-th in the order sent beyond it, said so.
pub const TIMELINE_POINTS: usize = 4000;
/// The item of a distribution's mark at a line's published p50 (its curve's points are
/// numbered from 0).
pub const PUBLISHED_P50: u32 = u32::MAX - 1;
/// The item of the mark at its published p99.
pub const PUBLISHED_P99: u32 = u32::MAX;
/// The items of a timeline's marks of requests that did not complete start here (completed
/// ones are numbered from 0).
pub const FAILED_FROM: u32 = 1 << 30;

/// What the requests view reads of the link.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RequestsInputs {
    /// The workload (`workload=`).
    pub workload: Option<WorkloadKey>,
    /// The engines shown (`engines=`).
    pub engines: EngineFilter,
    /// The load level (`level=`); none: the workload's first with requests.
    pub level: Option<f64>,
    /// The latency followed (`latency=`).
    pub latency: Latency,
    /// The latency axis (`xscale=`); none: log when one engine's tail dwarfs the others'.
    pub xscale: Option<Scale>,
    /// The objective, whose threshold on this latency is drawn (`slo=`).
    pub slo: Option<Slo>,
    /// What the second chart draws each request's latency against (`x=`).
    pub x: RequestsX,
}

/// One engine's distribution at the level.
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution {
    /// Engine id.
    pub id: String,
    /// Its label.
    pub label: String,
    /// Colour and marker.
    pub style: EngineStyle,
    /// Every completed request's latency that records it, ascending (ms).
    pub sorted: Vec<f64>,
    /// The curve drawn: `(ms, % at or below)`, at most `CDF_POINTS`.
    pub curve: Vec<(f64, f64)>,
    /// The cell's published p50 and p99 (ms), drawn on the curve at 50 % and 99 %.
    pub published: (Option<f64>, Option<f64>),
    /// Requests of the cell (every status).
    pub requests: usize,
    /// Of them, the ones that did not complete (failed or cut off).
    pub failed: usize,
}

/// One engine's requests at the level on the second chart: when each was sent (or its turn,
/// or its input length), and its latency.
#[derive(Clone, Debug, PartialEq)]
pub struct Timeline {
    /// Engine id.
    pub id: String,
    /// Its label.
    pub label: String,
    /// Colour and marker.
    pub style: EngineStyle,
    /// `(x, ms)` of the completed requests drawn: x is s from the first request, the turn
    /// index or the input tokens (`RequestsModel::x`).
    pub points: Vec<(f64, f64)>,
    /// The x of each request that did not complete, drawn on the axis.
    pub failed: Vec<f64>,
    /// Every `drawn_every`-th request in the order sent is drawn (1: every one).
    pub drawn_every: usize,
}

/// The requests view, built.
#[derive(Clone, Debug, PartialEq)]
pub struct RequestsModel {
    /// "TTFT of each request at c8, ISL 1024 / OSL 1024".
    pub heading: String,
    /// The levels with requests, `(level, label)`.
    pub levels: Vec<(f64, String)>,
    /// The level shown.
    pub level: f64,
    /// The latency followed.
    pub latency: Latency,
    /// The objective's threshold on it (ms).
    pub threshold: Option<f64>,
    /// The distribution's x title.
    pub x_title: String,
    /// A distribution per engine.
    pub distributions: Vec<Distribution>,
    /// A timeline per engine whose requests record their x (when they were sent, their turn,
    /// their input length).
    pub timelines: Vec<Timeline>,
    /// What the second chart's x is.
    pub x: RequestsX,
    /// The distribution's latency axis: the link's, else log when one engine's tail dwarfs
    /// the others'.
    pub xscale: Scale,
    /// Its title: "TTFT against turn index".
    pub timeline_heading: String,
    /// Its x axis title.
    pub timeline_x_title: String,
    /// For `x=turn`, per engine and turn: requests, completed, and the latency's p50 and p90.
    pub by_turn: Vec<TurnRow>,
    /// What is missing, and why.
    pub notes: Vec<String>,
}

/// "812 ms: 95.0 % of 1,000 requests at or below" — the share of `sorted` at or below `ms`.
pub fn at_or_below(sorted: &[f64], ms: f64) -> String {
    let count = sorted.partition_point(|v| *v <= ms);
    let share = if sorted.is_empty() { 0.0 } else { count as f64 / sorted.len() as f64 * 100.0 };
    format!("{} ms: {share:.1} % of {} requests at or below", readable(ms), readable(sorted.len() as f64))
}

/// The curve of a sorted column: each drawn point is a request's latency and the share of
/// requests at or below it; evenly spaced ranks, the first and the last always among them.
pub fn curve(sorted: &[f64]) -> Vec<(f64, f64)> {
    let n = sorted.len();
    if n == 0 {
        return Vec::new();
    }
    let steps = n.min(CDF_POINTS);
    let mut out: Vec<(f64, f64)> = Vec::with_capacity(steps);
    for k in 0..steps {
        let i = if steps == 1 { n - 1 } else { k * (n - 1) / (steps - 1) };
        // Ties: the share at a value counts every request with it.
        let last = sorted.partition_point(|v| *v <= sorted[i]);
        let point = (sorted[i], last as f64 / n as f64 * 100.0);
        if out.last() != Some(&point) {
            out.push(point);
        }
    }
    out
}

pub(super) fn column(rows: &CellRequests, latency: Latency) -> &[f64] {
    match latency {
        Latency::Ttft => &rows.ttft_ms,
        Latency::Tpot => &rows.tpot_ms,
        Latency::E2e => &rows.e2e_ms,
    }
}

fn published(cell: &Cell, latency: Latency) -> (Option<f64>, Option<f64>) {
    match latency {
        Latency::Ttft => (cell.ttft_p50_ms, cell.ttft_p99_ms),
        Latency::Tpot => (cell.tpot_p50_ms, cell.tpot_p99_ms),
        Latency::E2e => (cell.e2e_p50_ms, cell.e2e_p99_ms),
    }
}

/// A request's x on the second chart: s from its run's first request, its turn, or its input
/// tokens (`NaN`: not recorded).
fn x_of(rows: &CellRequests, i: usize, x: RequestsX) -> f64 {
    match x {
        RequestsX::Time => rows.start_ms[i] / 1000.0,
        RequestsX::Turn => rows.turn[i],
        RequestsX::Isl => rows.input_tokens[i],
    }
}

/// The second chart's requests of one run (every trial's, one after the other).
fn timeline(runs: &[&CellRequests], latency: Latency, x: RequestsX) -> (Vec<(f64, f64)>, Vec<f64>, usize) {
    let total: usize = runs.iter().map(|r| r.len()).sum();
    let every = total.div_ceil(TIMELINE_POINTS).max(1);
    let (mut points, mut failed) = (Vec::new(), Vec::new());
    let mut k = 0usize;
    for rows in runs {
        for i in 0..rows.len() {
            let at = x_of(rows, i, x);
            if at.is_nan() {
                continue;
            }
            if rows.status[i] != Status::Ok {
                failed.push(at);
                continue;
            }
            let v = column(rows, latency)[i];
            if !v.is_nan() && k.is_multiple_of(every) {
                points.push((at, v));
            }
            k += 1;
        }
    }
    (points, failed, every)
}

/// Build the view from the study, its engines' loaded tables and the link.
pub fn requests_model(results: &Results, tables: &[(String, RequestTable)], inputs: &RequestsInputs) -> Option<RequestsModel> {
    let workload = chosen_workload(results, inputs.workload)?;
    let token = workload.key();
    let with_requests = |level: f64| {
        workload.rows.iter().filter_map(|r| workload.slot(level).and_then(|s| r.cells.get(s)?.as_ref())).any(|c| c.requests.is_some())
    };
    let levels: Vec<(f64, String)> =
        workload.levels.iter().copied().filter(|l| with_requests(*l)).map(|l| (l, workload.level_label(l))).collect();
    let level = inputs
        .level
        .filter(|l| levels.iter().any(|(x, _)| x == l))
        .or(levels.first().map(|l| l.0))
        .unwrap_or(workload.levels.first().copied().unwrap_or(1.0));
    let latency = inputs.latency;
    let threshold = inputs.slo.and_then(|slo| match latency {
        Latency::Ttft => slo.ttft_ms,
        Latency::Tpot => slo.tpot_ms,
        Latency::E2e => slo.e2el_ms,
    });
    let mut notes = Vec::new();
    let (mut distributions, mut timelines, mut by_turn) = (Vec::new(), Vec::new(), Vec::new());
    let mut missing_x: Vec<String> = Vec::new();
    for row in workload.rows.iter().filter(|r| inputs.engines.shows_engine(&r.id)) {
        let Some(cell) = workload.slot(level).and_then(|s| row.cells.get(s)?.as_ref()).filter(|c| c.requests.is_some()) else { continue };
        let Some((_, table)) = tables.iter().find(|(id, _)| *id == row.id) else { continue };
        let runs: Vec<&CellRequests> = table.cells.iter().filter(|g| g.workload == token && g.level == level).collect();
        let label = results.engine(&row.id).map_or_else(|| row.id.clone(), |e| e.label.clone());
        let style = engine_style(results.engine_index(&row.id).unwrap_or(0));
        let mut sorted: Vec<f64> = runs
            .iter()
            .flat_map(|r| (0..r.len()).filter(|&i| r.status[i] == Status::Ok).map(move |i| column(r, latency)[i]))
            .filter(|v| !v.is_nan())
            .collect();
        sorted.sort_by(f64::total_cmp);
        let requests = runs.iter().map(|r| r.len()).sum();
        let failed = runs.iter().map(|r| r.status.iter().filter(|s| **s != Status::Ok).count()).sum();
        if sorted.is_empty() {
            notes.push(format!("{label}: no completed request records its {} (not measured)", latency.title()));
        }
        if cell.requests_sampled {
            notes.push(format!("{label}: the tool listed a sample of this cell's requests ({requests} of them)"));
        }
        distributions.push(Distribution {
            id: row.id.clone(),
            label: label.clone(),
            style,
            curve: curve(&sorted),
            sorted,
            published: published(cell, latency),
            requests,
            failed,
        });
        let (points, failed, drawn_every) = timeline(&runs, latency, inputs.x);
        by_turn.extend(turn_rows(&row.id, &label, &runs, latency).filter(|_| inputs.x == RequestsX::Turn));
        if points.is_empty() && failed.is_empty() {
            missing_x.push(label.clone());
            notes.push(match inputs.x {
                RequestsX::Time => format!("{label}: its requests record no send time (the tool writes none), so there is no timeline"),
                RequestsX::Turn => format!("{label}: its requests are no turns of sessions (the tool records no conversation), so there is nothing to draw against the turn"),
                RequestsX::Isl => format!("{label}: its requests record no input length, so there is nothing to draw against it"),
            });
        } else {
            if drawn_every > 1 {
                notes.push(format!("{label}: every {drawn_every}th request in the order sent is drawn on the timeline ({} of {requests}); the distribution counts every one", points.len()));
            }
            timelines.push(Timeline { id: row.id.clone(), label, style, points, failed, drawn_every });
        }
    }
    one_note_for_all(&mut notes, &missing_x, distributions.len(), inputs.x);
    let xscale = inputs.xscale.unwrap_or_else(|| auto_scale(&distributions));
    let unit = if xscale == Scale::Log { "ms, log scale" } else { "ms" };
    Some(RequestsModel {
        heading: format!("{} of each request at {}, {}", latency.title(), workload.level_label(level), workload.name()),
        levels,
        level,
        latency,
        threshold,
        x_title: format!("{} ({unit})", latency.title()),
        distributions,
        timelines,
        notes,
        x: inputs.x,
        xscale,
        timeline_heading: format!("{} against {}", latency.title(), inputs.x.title()),
        timeline_x_title: match inputs.x {
            RequestsX::Time => "sent at (s from the run's first request)".to_owned(),
            RequestsX::Turn => "turn index (0: a conversation's first turn)".to_owned(),
            RequestsX::Isl => "input length (tokens)".to_owned(),
        },
        by_turn,
    })
}

impl RequestsModel {
    /// What each engine's curve counts, shown under the charts: "gpt-oss-20b: 89 of 100
    /// requests record a TTFT (the curve's 100 %); 11 did not complete (× on the
    /// timeline's axis)".
    pub fn count_words(&self) -> Vec<String> {
        let title = self.latency.title();
        self.distributions
            .iter()
            .map(|d| {
                let mut words = format!("{}: {} of {} requests record a {title} (the curve's 100 %)", d.label, d.sorted.len(), d.requests);
                let without = d.requests.saturating_sub(d.failed + d.sorted.len());
                if without > 0 {
                    words.push_str(&format!("; {without} completed without one"));
                }
                // The × marks exist only where the engine has a second chart.
                let marked = if self.timelines.iter().any(|t| t.id == d.id) { ": × on the second chart's axis" } else { "" };
                if d.failed > 0 {
                    words.push_str(&format!("; {} did not complete (failed or cut off{marked})", d.failed));
                }
                words
            })
            .collect()
    }
}

/// Every engine without the second chart's x: one note for all of them, not one each.
fn one_note_for_all(notes: &mut Vec<String>, missing: &[String], engines: usize, x: RequestsX) {
    if missing.len() < 2 || missing.len() != engines {
        return;
    }
    notes.retain(|n| !missing.iter().any(|l| n.starts_with(&format!("{l}: its requests"))));
    let why = match x {
        RequestsX::Time => "their requests record no send time (the tool writes none), so there is no timeline",
        RequestsX::Turn => "their requests are no turns of sessions, so there is nothing to draw against the turn",
        RequestsX::Isl => "their requests record no input length, so there is nothing to draw against it",
    };
    notes.push(format!("{}: {why}", missing.join(", ")));
}

/// Log when one engine's p99 is ten times another's or more (a linear axis would squeeze
/// the others into its first tenth), else linear.
fn auto_scale(distributions: &[Distribution]) -> Scale {
    let p99s: Vec<f64> =
        distributions.iter().filter_map(|d| crate::core::basics::stats::percentile_sorted(&d.sorted, 99.0)).filter(|v| *v > 0.0).collect();
    let (lo, hi) = p99s.iter().fold((f64::INFINITY, 0.0f64), |(lo, hi), v| (lo.min(*v), hi.max(*v)));
    if p99s.len() > 1 && hi >= 10.0 * lo {
        Scale::Log
    } else {
        Scale::Lin
    }
}

#[cfg(test)]
mod tests {
    use super::{auto_scale, Distribution};
    use crate::core::display::palette::engine_style;
    use crate::core::link::Scale;

    fn engine(sorted: Vec<f64>) -> Distribution {
        Distribution {
            id: "e".into(),
            label: "E".into(),
            style: engine_style(0),
            curve: Vec::new(),
            sorted,
            published: (None, None),
            requests: 0,
            failed: 0,
        }
    }

    #[test]
    fn the_axis_is_log_when_one_tail_dwarfs_the_others() {
        let fast = engine((1..=100).map(f64::from).collect());
        let slow = engine((1..=100).map(|v| f64::from(v) * 12.0).collect());
        let near = engine((1..=100).map(|v| f64::from(v) * 2.0).collect());
        assert_eq!(auto_scale(&[fast.clone(), slow]), Scale::Log, "a p99 twelve times the other's");
        assert_eq!(auto_scale(&[fast.clone(), near]), Scale::Lin);
        assert_eq!(auto_scale(&[fast]), Scale::Lin, "one engine has nothing to dwarf");
    }
}
