//! Capacity at an objective: each level's verdict against the attainment target from its
//! interval, the highest level that meets it, and what that load gives per GPU, per kW of
//! GPU power and per dollar.

use super::CellRow;
use crate::core::measures::cost::Prices;
use crate::core::study::model::Cell;

/// An attainment interval, `(low, high)` as fractions 0–1.
pub type Interval = (f64, f64);

/// A level as the capacity rule takes it: `(level, label, interval)`; no interval where the
/// goodput is not measured.
pub type LevelPoint = (f64, String, Option<Interval>);

/// A cell's attainment against a target, by its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The interval's low end is at or above the target.
    Meets,
    /// The interval's high end is below the target.
    Misses,
    /// The interval straddles the target: more requests would decide.
    Indeterminate,
}

impl Verdict {
    /// The verdict of an interval `(low, high)` against a target, all fractions 0–1.
    pub fn of((low, high): (f64, f64), target: f64) -> Verdict {
        // A hair of tolerance so that an interval computed to the target is not lost to rounding.
        if low + 1e-12 >= target {
            Verdict::Meets
        } else if high + 1e-12 < target {
            Verdict::Misses
        } else {
            Verdict::Indeterminate
        }
    }

    /// The command line's JSON word: `"yes"`, `"no"`, `"indeterminate"`.
    pub fn json(self) -> &'static str {
        match self {
            Verdict::Meets => "yes",
            Verdict::Misses => "no",
            Verdict::Indeterminate => "indeterminate",
        }
    }

    /// The word in prose and tables: "meets", "misses", "indeterminate".
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Meets => "meets",
            Verdict::Misses => "misses",
            Verdict::Indeterminate => "indeterminate",
        }
    }
}

/// One measured level of an engine, with its verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelVerdict {
    /// The level.
    pub level: f64,
    /// As a label ("c16", "2 req/s").
    pub label: String,
    /// Its interval and verdict; `None` where its goodput is not measured.
    pub judged: Option<((f64, f64), Verdict)>,
}

/// Where an engine meets the target, along its levels (ascending).
#[derive(Clone, Debug, PartialEq)]
pub struct Capacity {
    /// The highest measured level whose verdict is meets, whatever the levels below it.
    pub highest: Option<f64>,
    /// Every level with requests, ascending.
    pub levels: Vec<LevelVerdict>,
}

impl Capacity {
    /// The label of a level.
    pub fn label(&self, level: f64) -> String {
        self.levels.iter().find(|l| l.level == level).map_or_else(|| level.to_string(), |l| l.label.clone())
    }

    /// Levels below the capacity (or every level, without one) that do not meet the target.
    pub fn short_below(&self) -> Vec<&LevelVerdict> {
        let top = self.highest.unwrap_or(f64::INFINITY);
        self.levels.iter().filter(|l| l.level < top && l.judged.is_some_and(|j| j.1 != Verdict::Meets)).collect()
    }

    /// Levels above the capacity whose verdict is indeterminate.
    pub fn indeterminate_above(&self) -> Vec<&LevelVerdict> {
        let top = self.highest.unwrap_or(f64::NEG_INFINITY);
        self.levels.iter().filter(|l| l.level > top && l.judged.is_some_and(|j| j.1 == Verdict::Indeterminate)).collect()
    }

    /// The first level above the capacity that misses the target.
    pub fn first_miss_above(&self) -> Option<&LevelVerdict> {
        let top = self.highest.unwrap_or(f64::NEG_INFINITY);
        self.levels.iter().find(|l| l.level > top && l.judged.is_some_and(|j| j.1 == Verdict::Misses))
    }
}

/// The capacity of one engine in one workload: `points` are `(level, label, interval)` in
/// any order (`None`: not measured there, passed over); `target` is 0–1.
pub fn capacity(points: &[LevelPoint], target: f64) -> Capacity {
    let mut levels: Vec<LevelVerdict> = points
        .iter()
        .map(|(level, label, interval)| LevelVerdict {
            level: *level,
            label: label.clone(),
            judged: interval.map(|i| (i, Verdict::of(i, target))),
        })
        .collect();
    levels.sort_by(|a, b| a.level.total_cmp(&b.level));
    let highest = levels.iter().rev().find(|l| l.judged.is_some_and(|j| j.1 == Verdict::Meets)).map(|l| l.level);
    Capacity { highest, levels }
}

/// Each engine's capacity per workload, in the order the rows come: `(engine, workload, capacity)`.
pub fn capacities(rows: &[CellRow], target: f64) -> Vec<(String, String, Capacity)> {
    let mut keys: Vec<(String, String)> = Vec::new();
    for r in rows {
        let key = (r.engine.clone(), r.workload.clone());
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    keys.into_iter()
        .map(|(engine, workload)| {
            let points: Vec<LevelPoint> = rows
                .iter()
                .filter(|r| r.engine == engine && r.workload == workload)
                .map(|r| (r.level, r.load.clone(), r.goodput.interval))
                .collect();
            let c = capacity(&points, target);
            (engine, workload, c)
        })
        .collect()
}

/// What an engine's capacity load gives: good output tokens/s per GPU, per kW of its
/// measured GPU power, and the cost of a million good output tokens at the reader's prices.
#[derive(Clone, Debug, PartialEq)]
pub struct CapacityFigures {
    /// The engine id.
    pub engine: String,
    /// The workload token.
    pub workload: String,
    /// The capacity level; `None` when no level meets the target.
    pub load: Option<f64>,
    /// Its label ("c16").
    pub label: Option<String>,
    /// Good output tok/s per GPU there (`None`: not measured, or the GPUs are not stated).
    pub good_tok_s_per_gpu: Option<f64>,
    /// Good output tok/s per GPU ÷ the cell's mean GPU power × 1000.
    pub good_tok_s_per_kw: Option<f64>,
    /// The cost of a million good output tokens at the prices (`None` without prices or a
    /// measurement a given price needs).
    pub usd_per_mtok: Option<f64>,
    /// Higher levels whose verdict is indeterminate.
    pub indeterminate_above: Vec<f64>,
    /// The capacity cell states its GPUs (else its figures per GPU cannot be had).
    pub gpus_stated: bool,
}

/// Each engine's capacity figures per workload: at its capacity level, good output tok/s per
/// GPU, per kW (where power was measured) and per dollar (at `prices`, the cost view's rule
/// over good tokens in place of every token).
pub fn at_capacity(rows: &[CellRow], target: f64, prices: &Prices) -> Vec<CapacityFigures> {
    capacities(rows, target)
        .into_iter()
        .map(|(engine, workload, capacity)| {
            let row = capacity.highest.and_then(|h| rows.iter().find(|r| r.engine == engine && r.workload == workload && r.level == h));
            // Per GPU only: a study whose runs state no GPUs has no per-GPU figure to give.
            let per_gpu = row.and_then(|r| r.goodput.tok_s.filter(|_| r.goodput.per_gpu));
            let power = row.and_then(|r| r.power_w).filter(|p| *p > 0.0);
            let usd =
                per_gpu.and_then(|good| prices.cost(&Cell { out_tok_s: Some(good), power_w: power, ..Cell::default() })).map(|c| c.total);
            CapacityFigures {
                label: capacity.highest.map(|h| capacity.label(h)),
                load: capacity.highest,
                good_tok_s_per_gpu: per_gpu,
                good_tok_s_per_kw: per_gpu.zip(power).map(|(g, p)| g / p * 1000.0),
                usd_per_mtok: usd,
                indeterminate_above: capacity.indeterminate_above().iter().map(|l| l.level).collect(),
                // The engine's cells say whether its runs state their GPUs, whether or not a
                // level meets the target (read from the capacity cell alone, an endpoint's study
                // with no capacity read "not measured" per GPU rather than "GPUs not stated").
                gpus_stated: rows.iter().filter(|r| r.engine == engine && r.workload == workload).all(|r| r.goodput.per_gpu),
                engine,
                workload,
            }
        })
        .collect()
}
