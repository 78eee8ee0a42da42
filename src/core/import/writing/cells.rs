//! From runs to cells: each run's cell along its load (a concurrency, an offered rate or a
//! burst), repeated runs of one configuration merged into one cell of trials (medians, and
//! each field's min and max), and the cells as JSON — the rounded ones the results file
//! shows and the unrounded ones (one line per trial) its sweep keeps.

use crate::core::import::ask::Piece;
use serde_json::Value;

use super::doc::{CellDoc, Figure, LineRequests, RowDoc, WorkloadDoc};
use crate::core::basics::stats::median;
use crate::core::import::reading::requests::RunRequests;
use crate::core::import::{ImportError, Load, Run};
use crate::core::study::model::{Cell, LoadAxis, LoadSource, Trials, CELL_NUMBERS};

/// Cell numbers the importers read only from a later version on: a sweep line written
/// before then lacks them and is not wrong for it (studies published before are checked as
/// they were written).
const READ_LATER: [&str; 2] = ["isl_mean", "osl_mean"];

/// Cell numbers the importers no longer derive where they cannot know them (`short` for a
/// tool that records no requested length per request): a line written before keeps its
/// figure and is not wrong for it.
const READ_NO_LONGER: [&str; 1] = ["short"];

/// One run's cell, unrounded, at its load.
/// `gpus` `None`: the run does not state its GPU count (`--gpus unstated`), so throughput
/// stays the whole endpoint's, as the study's aggregate unit then says, and no figure is
/// per GPU.
pub(in crate::core::import) fn cell_of(run: &Run, load: Load, isl: u64, osl: u64, gpus: Option<u32>) -> Cell {
    let all_failed = run.n == Some(0.0) && run.errors.is_some_and(|e| e > 0.0);
    let out = if all_failed { Some(0.0) } else { run.out_tok_s.map(|v| v / f64::from(gpus.unwrap_or(1))) };
    // Per GPU only when the telemetry saw the GPUs the publisher gave.
    let power = run.power.filter(|p| gpus.is_some_and(|g| p.1 == g as usize)).map(|p| p.0);
    // No request completed: no latency exists, whatever the tool wrote.
    let latency = |v: (Option<f64>, Option<f64>)| if all_failed { (None, None) } else { v };
    let (ttft, tpot, itl, e2e) = (latency(run.ttft), latency(run.tpot), latency(run.itl), latency(run.e2e));
    let (conc, rate_rps, burst) = match load {
        Load::Conc(c) => (Some(c), None, false),
        Load::Rate(r) => (None, Some(r), false),
        Load::Burst(n) => (Some(n), None, true),
    };
    Cell {
        conc,
        rate_rps,
        burst,
        conc_cap: run.conc_cap.filter(|_| rate_rps.is_some()),
        load_source: Some(if run.load_given { LoadSource::Publisher } else { LoadSource::File }),
        rate_sent_rps: run.rate_sent.filter(|_| rate_rps.is_some()),
        conc_achieved: run.conc_achieved,
        req_s_achieved: run.req_s_achieved,
        isl: Some(isl),
        osl: Some(osl),
        t_start: run.t_start,
        t_end: run.t_end,
        n: run.n,
        errors: run.errors,
        wall_s: run.wall_s,
        isl_mean: run.isl_mean,
        osl_mean: run.osl_mean,
        short: run.output_lengths.as_ref().map(|lens| lens.iter().filter(|l| **l < osl as f64).count() as f64),
        out_tok_s: out,
        user_tok_s: tpot.0.map(|tpot| 1000.0 / tpot),
        gpus: gpus.map(f64::from),
        power_w: power,
        tok_s_per_kw: out.zip(power).filter(|(_, p)| *p > 0.0).map(|(o, p)| o / p * 1000.0),
        ttft_p50_ms: ttft.0,
        ttft_p99_ms: ttft.1,
        tpot_p50_ms: tpot.0,
        tpot_p99_ms: tpot.1,
        itl_p50_ms: itl.0,
        itl_p99_ms: itl.1,
        e2e_p50_ms: e2e.0,
        e2e_p99_ms: e2e.1,
        requests: run.requests.as_ref().map(|r| r.list.len() as f64),
        requests_sampled: run.requests.as_ref().is_some_and(|r| r.sampled_from.is_some()),
        ..Cell::default()
    }
}

/// A run's requests as placed: its trial index, the requests, and the file and entry they
/// were read from ("COPY ENTRY").
pub(in crate::core::import) struct PlacedRequests {
    /// The run's index among repeated runs.
    pub trial: Option<u32>,
    /// The requests.
    pub requests: RunRequests,
    /// Where they were read.
    pub from: String,
}

/// A cell placed in the study: its engine, workload, load and where it came from; a cell of
/// repeated runs keeps each trial's cell.
pub(in crate::core::import) struct Placed {
    /// Index of the engine group.
    pub engine: usize,
    /// `(isl, osl)`.
    pub key: (u64, u64),
    /// The load.
    pub load: Load,
    /// The cell (the trials' medians when there are several).
    pub cell: Cell,
    /// The file and entry it came from.
    pub from: String,
    /// The repeated runs behind it: `(trial index, unrounded cell, from)`.
    pub trials: Vec<(u32, Cell, String)>,
    /// The publisher's labels on the run (`Run::labels`).
    pub labels: Vec<(String, String)>,
    /// The requests of its run (of each trial), where the tool recorded them.
    pub requests: Vec<PlacedRequests>,
    /// The format the publisher named for its file (`--from`), if any.
    pub read_as: Option<crate::core::import::Tool>,
}

/// The first label two runs of one configuration disagree on, with both values.
fn differing_label<'a>(a: &'a [(String, String)], b: &'a [(String, String)]) -> Option<(&'a str, &'a str, &'a str)> {
    a.iter().find_map(|(k, v)| {
        let other = b.iter().find(|(k2, _)| k2 == k).map_or("(absent)", |(_, v2)| v2.as_str());
        (other != v).then_some((k.as_str(), v.as_str(), other))
    })
}

impl Placed {
    /// Whether it sits in workload `key` along `axis` at `level` for engine `engine`.
    pub(in crate::core::import) fn at(&self, engine: usize, key: (u64, u64), axis: LoadAxis, level: f64) -> bool {
        self.engine == engine && self.key == key && self.load.axis() == axis && self.load.level() == level
    }
}

/// Place one run's cell: a second run of the same configuration is a trial when both carry a
/// trial index, else the import fails naming both.
pub(in crate::core::import) fn place(
    placed: &mut Vec<Placed>,
    new: Placed,
    trial: Option<u32>,
    engine_id: &str,
) -> Result<(), ImportError> {
    let Some(other) = placed.iter_mut().find(|p| p.at(new.engine, new.key, new.load.axis(), new.load.level())) else {
        let trials = trial.map(|t| vec![(t, new.cell.clone(), new.from.clone())]).unwrap_or_default();
        placed.push(Placed { trials, ..new });
        return Ok(());
    };
    let (isl, osl) = new.key;
    // Runs whose labels differ measured different setups: refused, naming the label.
    if let Some((key, a, b)) = differing_label(&new.labels, &other.labels).or_else(|| differing_label(&other.labels, &new.labels)) {
        return Err(ImportError::Study(crate::said![
            format!(
                "{} and {} are both engine `{engine_id}` at ISL {isl} / OSL {osl}, {}, but differ in `{key}` ({b}, {a}): different setups are never trials of one cell; ",
                new.from,
                other.from,
                new.load.label(),
            ),
            Piece::SplitBy(key.to_owned())
        ]));
    }
    match trial {
        Some(t) if !other.trials.is_empty() && other.trials.iter().all(|x| x.0 != t) => {
            other.requests.extend(new.requests);
            other.trials.push((t, new.cell, new.from));
            other.trials.sort_by_key(|x| x.0);
            other.cell = merged(&other.trials);
            Ok(())
        }
        _ => Err(ImportError::Study(
            format!(
                "{} and {} are both engine `{engine_id}` at ISL {isl} / OSL {osl}, {}{}",
                new.from,
                other.from,
                new.load.label(),
                if trial.is_some() { " with the same run number" } else { " (give repeated runs a run_number to keep them as trials)" }
            )
            .into(),
        )),
    }
}

/// The cell of repeated runs: each field the median of the trials that measured it, its
/// min and max kept; the window's start and end are each trial's own (in the sweep).
fn merged(trials: &[(u32, Cell, String)]) -> Cell {
    let first = &trials[0].1;
    let mut cell = Cell { t_start: None, t_end: None, ..first.clone() };
    let mut range = Vec::new();
    for field in CELL_NUMBERS.iter().filter(|f| !matches!(f.name, "t_start" | "t_end")) {
        let mut values: Vec<f64> = trials.iter().filter_map(|t| (field.get)(&t.1)).collect();
        let (lo, hi) = values.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| (a.min(v), b.max(v)));
        let value = median(&mut values);
        (field.set)(&mut cell, value);
        if value.is_some() && lo < hi {
            range.push((field.name.to_owned(), lo, hi));
        }
    }
    cell.trials = Some(Trials { count: trials.len() as u32, range });
    cell
}

impl Placed {
    /// Whether the cell is one of repeated runs (its sweep has a line per trial).
    pub(in crate::core::import) fn has_trials(&self) -> bool {
        self.trials.len() > 1
    }

    /// The cell's requests, every trial's together: rows and whether any run listed a sample.
    pub(in crate::core::import) fn finish_requests(&mut self) {
        if self.requests.is_empty() {
            return;
        }
        self.cell.requests = Some(self.requests.iter().map(|r| r.requests.list.len() as f64).sum());
        self.cell.requests_sampled = self.requests.iter().any(|r| r.requests.sampled_from.is_some());
    }

    /// The requests of a trial (or of the one run).
    fn requests_of(&self, trial: Option<u32>) -> Option<&PlacedRequests> {
        self.requests.iter().find(|r| !self.has_trials() || r.trial == trial)
    }
}

/// The sweep lines of a placed cell, unrounded: one per trial (with its index), else one.
pub(in crate::core::import) fn sweep_lines(p: &Placed) -> Vec<String> {
    let line = |cell: &Cell, from: &str, trial: Option<u32>| {
        let requests = p.requests_of(trial).map(|r| LineRequests {
            from: r.from.clone(),
            rule: r.requests.rule,
            sampled_from: r.requests.sampled_from,
        });
        let doc = CellDoc {
            cell: cell.clone(),
            rounded: false,
            source: None,
            trial,
            from: Some(from.to_owned()),
            requests,
            read_as: p.read_as.map(crate::core::import::Tool::as_str),
        };
        serde_json::to_string(&doc).unwrap_or_default()
    };
    if p.has_trials() {
        p.trials.iter().map(|(t, cell, from)| line(cell, from, Some(*t))).collect()
    } else {
        vec![line(&p.cell, &p.from, None)]
    }
}

/// The workloads of a study: per `(isl, osl)` a concurrency workload (levels shared with
/// the file's `concurrency`) and a rate workload (its own `requestRates`) where runs were
/// placed along each, the one with the most levels first; rows per engine, one cell per level.
pub(in crate::core::import) fn workloads(
    placed: &[Placed],
    engines: &[String],
    levels: &[u32],
    sweep: impl Fn(&str) -> String,
) -> Vec<WorkloadDoc> {
    // Each lengths-and-axis pair once, in the order the files placed them.
    let mut keys: Vec<((u64, u64), LoadAxis)> = Vec::new();
    for p in placed {
        if !keys.contains(&(p.key, p.load.axis())) {
            keys.push((p.key, p.load.axis()));
        }
    }
    // The workload with the most load levels first (the link's default is the first: a sweep,
    // not a lone point); equal ones keep the files' order.
    let levels_of = |key: (u64, u64), axis: LoadAxis| {
        let mut levels: Vec<f64> = placed.iter().filter(|p| p.key == key && p.load.axis() == axis).map(|p| p.load.level()).collect();
        levels.sort_by(f64::total_cmp);
        levels.dedup();
        levels.len()
    };
    keys.sort_by_key(|&(key, axis)| std::cmp::Reverse(levels_of(key, axis)));
    let mut out = Vec::new();
    for &(key, axis) in &keys {
        {
            let here: Vec<&Placed> = placed.iter().filter(|p| p.key == key && p.load.axis() == axis).collect();
            if here.is_empty() {
                continue;
            }
            let slots: Vec<f64> = match axis {
                LoadAxis::Concurrency => levels.iter().map(|&c| f64::from(c)).collect(),
                LoadAxis::Rate => {
                    let mut rates: Vec<f64> = here.iter().map(|p| p.load.level()).collect();
                    rates.sort_by(f64::total_cmp);
                    rates.dedup();
                    rates
                }
            };
            let rows: Vec<RowDoc> = engines
                .iter()
                .enumerate()
                .filter(|(g, _)| here.iter().any(|p| p.engine == *g))
                .map(|(g, id)| RowDoc {
                    id: id.clone(),
                    cells: slots
                        .iter()
                        .map(|&level| {
                            here.iter().find(|p| p.at(g, key, axis, level)).map(|p| CellDoc {
                                cell: p.cell.clone(),
                                rounded: true,
                                source: Some(sweep(id)),
                                trial: None,
                                from: None,
                                requests: None,
                                read_as: None,
                            })
                        })
                        .collect(),
                })
                .collect();
            let rate = axis == LoadAxis::Rate;
            out.push(WorkloadDoc {
                input_tokens: key.0,
                output_tokens: key.1,
                load: rate.then_some("rate"),
                // Whole rates print as integers, as the cells' rate_rps do.
                request_rates: rate.then(|| slots.iter().map(|&r| Figure(r)).collect()),
                rows,
            });
        }
    }
    out
}

/// The format a sweep line says its file was read as (`read_as`, written for `--from`);
/// `None`: detected, as at import.
pub(in crate::core::import) fn read_as(line: &serde_json::Map<String, Value>) -> Result<Option<crate::core::import::Tool>, String> {
    match line.get("read_as") {
        None => Ok(None),
        Some(Value::String(name)) => name.parse().map(Some).map_err(|e| format!("the sweep line's read_as: {e}")),
        Some(_) => Err("the sweep line's read_as is not a tool's name".into()),
    }
}

/// Derive a sweep line again from the tool's file it came from (`file`, at `entry`): the
/// same importer, the line's own lengths and GPU count; every figure must agree. This is
/// what lets `servescope-verify` reach the tool's own output, not only the sweep.
pub fn rederive(file: &str, bytes: &[u8], entry: &str, line: &str) -> Result<(), String> {
    let Ok(Value::Object(line)) = serde_json::from_str::<Value>(line) else { return Err("the sweep line is not a JSON object".into()) };
    // A run with no load of its own was placed at the line's load (`--conc`, `--rate`).
    let given = line
        .get("conc")
        .and_then(Value::as_u64)
        .and_then(|c| u32::try_from(c).ok())
        .map(Load::Conc)
        .or_else(|| line.get("rate_rps").and_then(Value::as_f64).map(Load::Rate));
    let tool = read_as(&line)?;
    let imported =
        crate::core::import::import_file_with(file, bytes, tool, given).map_err(|e| format!("its tool file does not import again: {e}"))?;
    let at = if entry.is_empty() { file.to_owned() } else { format!("{file} {entry}") };
    let run = imported.runs.iter().find(|r| r.entry == entry).ok_or_else(|| format!("{file} has no run `{entry}` any more"))?;
    let load = Load::of(run).map_err(|why| format!("{at}: {why}"))?;
    let number = |key: &str| line.get(key).and_then(Value::as_f64);
    let (Some(isl), Some(osl)) = (number("isl"), number("osl")) else {
        return Err("the sweep line lacks isl or osl".into());
    };
    // A line without gpus is of a run that does not state them (`--gpus unstated`).
    let cell = cell_of(run, load, isl as u64, osl as u64, number("gpus").map(|g| g as u32));
    for field in CELL_NUMBERS {
        let (from_tool, in_line) = ((field.get)(&cell), number(field.name));
        let agree = match (from_tool, in_line) {
            (None, None) => true,
            // A figure the importer learnt to read after the line was written (the measured
            // mean lengths): a line without it was right when written, and still is.
            (Some(_), None) if READ_LATER.contains(&field.name) => true,
            (None, Some(_)) if READ_NO_LONGER.contains(&field.name) => true,
            (Some(a), Some(b)) => (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0),
            _ => false,
        };
        if !agree {
            let say = |v: Option<f64>| v.map_or_else(|| "not measured".to_owned(), |v| v.to_string());
            return Err(format!("`{}` is {} in the sweep but {at} gives {}", field.name, say(in_line), say(from_tool)));
        }
    }
    Ok(())
}
