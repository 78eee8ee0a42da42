//! Goodput by session, for a run whose requests are turns of conversations (schema 1.4's
//! `session` and `turn` columns): a session is good when every one of its turns completed and
//! met the objective; session attainment = good sessions ÷ sessions, with its 95 % interval;
//! good sessions per second per GPU over the run's duration, as the requests' goodput.

use super::cells::{limits, over, unjudgeable};
use super::{Interval, Slo};
use crate::core::basics::stats::wilson95;
use crate::core::measures::requests::{CellRequests, Status, NO_SESSION};
use crate::core::study::model::Cell;

/// Goodput by session of one cell.
#[derive(Clone, Debug, PartialEq)]
pub struct SessionGoodput {
    /// Sessions (conversations) the cell's requests are turns of.
    pub sessions: usize,
    /// Their turns: the requests that name a session.
    pub turns: usize,
    /// Sessions whose every turn completed and met every threshold; `None`: not measured.
    pub good: Option<usize>,
    /// good ÷ sessions (0–1).
    pub attainment: Option<f64>,
    /// Its 95 % Wilson interval.
    pub interval: Option<Interval>,
    /// Good sessions per second per GPU (for the endpoint where the cell states no GPUs).
    pub per_s: Option<f64>,
    /// Why a figure is not measured.
    pub note: Option<String>,
}

/// Goodput by session of a cell from its requests; `None` when they name no session.
pub fn evaluate_sessions(slo: &Slo, cell: &Cell, runs: &[&CellRequests]) -> Option<SessionGoodput> {
    if !runs.iter().any(|r| r.has_sessions()) {
        return None;
    }
    let limits = limits(slo);
    // Per run (a session never spans two trials): each session's turns and whether all were good.
    let mut sessions = 0;
    let mut good = 0;
    let mut turns = 0;
    for rows in runs {
        let mut ok = vec![true; rows.session_names.len()];
        for i in (0..rows.len()).filter(|&i| rows.session[i] != NO_SESSION) {
            turns += 1;
            let s = rows.session[i] as usize;
            ok[s] &= rows.status[i] == Status::Ok && over(rows, i, &limits).is_empty();
        }
        sessions += ok.len();
        good += ok.iter().filter(|g| **g).count();
    }
    let mut out = SessionGoodput { sessions, turns, good: None, attainment: None, interval: None, per_s: None, note: None };
    if let Some(note) = unjudgeable(slo, runs) {
        out.note = Some(note);
        return Some(out);
    }
    out.good = Some(good);
    out.attainment = (sessions > 0).then(|| good as f64 / sessions as f64);
    out.interval = wilson95(good, sessions);
    let duration = match runs {
        [one] => cell.wall_s.or_else(|| one.span_s()),
        many => many.iter().map(|r| r.span_s()).sum::<Option<f64>>(),
    };
    match duration.filter(|d| *d > 0.0) {
        Some(d) if !cell.requests_sampled => out.per_s = Some(good as f64 / d / cell.gpus.filter(|g| *g > 0.0).unwrap_or(1.0)),
        _ => out.note = Some("the run's duration is not recorded, or its requests are a sample: good sessions/s not measured".to_owned()),
    }
    Some(out)
}
