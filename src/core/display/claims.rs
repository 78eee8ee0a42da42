//! Every sentence the page and the command line derive from a study's figures, each from
//! one function here that returns the sentence with the cells it rests on (their JSON
//! paths). The rules: a best names its cell, its value and its load, and a cell of which at
//! least a tenth of the requests failed says so ("34 % failed"); where no cell qualifies the
//! sentence says why — which input is not measured, or the nearest miss — never "none" for
//! something that was not measured. `tests/it/claims.rs` checks them against generated
//! studies by recomputing each one independently.

use crate::core::basics::format::{as_written, as_written_or_gap, readable, significant4};
use crate::core::display::series::{is_control, served_label};
use crate::core::measures::cost::Prices;
use crate::core::study::model::{Cell, LoadSource, Results, Workload};

/// The failed share from which a best is marked: a tenth of the requests sent.
pub const FAILED_MARK: f64 = 0.1;

/// A derived sentence and what it rests on.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Claim {
    /// The sentence ("8192/1024: Paiton CDNA4, 315 at c1").
    pub text: String,
    /// More about it, for a tooltip ("ISL 8192 / OSL 1024: TTFT p99 537.4 ms").
    pub detail: Option<String>,
    /// The JSON paths of the cells it rests on (empty when it rests on none).
    pub cells: Vec<String>,
    /// A caveat a reader must see with it (a best of which many requests failed).
    pub warn: bool,
}

/// A latency limit or figure in words: "1 s", "2.5 s", "537.4 ms".
fn ms_words(ms: f64) -> String {
    if ms >= 1000.0 {
        format!("{} s", readable(ms / 1000.0))
    } else {
        format!("{} ms", readable(ms))
    }
}

/// A cell of a workload, placed.
#[derive(Clone, Copy)]
pub struct Placed<'a> {
    /// `serving.workloads[w].rows[r].cells[c]`'s indices.
    pub at: (usize, usize, usize),
    /// The engine's label.
    pub engine: &'a str,
    /// The cell.
    pub cell: &'a Cell,
}

impl Placed<'_> {
    /// Its JSON path.
    pub fn path(&self) -> String {
        let (w, r, c) = self.at;
        format!("serving.workloads[{w}].rows[{r}].cells[{c}]")
    }
}

/// Every measured cell of workload `w`, engines in the study's order, with its label; cells
/// in which every request failed are left out (a measured 0 is never a best).
pub fn cells_of<'a>(results: &'a Results, w: usize) -> Vec<Placed<'a>> {
    let Some(workload) = results.serving().and_then(|s| s.workloads.get(w)) else { return Vec::new() };
    let mut out = Vec::new();
    for engine in results.engines() {
        let Some((r, row)) = workload.rows.iter().enumerate().find(|(_, row)| row.id == engine.id) else { continue };
        for (c, cell) in row.cells.iter().enumerate() {
            if let Some(cell) = cell.as_ref().filter(|c| !c.all_failed()) {
                out.push(Placed { at: (w, r, c), engine: &engine.label, cell });
            }
        }
    }
    out
}

/// The highest (or lowest) of `value` over `cells`; ties keep the first.
fn best<'a>(cells: &[Placed<'a>], value: impl Fn(&Cell) -> Option<f64>, lower_is_better: bool) -> Option<(Placed<'a>, f64)> {
    let sign = if lower_is_better { -1.0 } else { 1.0 };
    let mut out: Option<(Placed<'a>, f64)> = None;
    for p in cells {
        let Some(v) = value(p.cell) else { continue };
        if out.as_ref().is_none_or(|(_, b)| sign * v > sign * *b) {
            out = Some((*p, v));
        }
    }
    out
}

/// "Paiton CDNA4, 1,790 at c64", and " — 34 % failed" for a cell with many failed requests.
fn best_words(workload: &Workload, p: &Placed<'_>, value: String) -> (String, bool) {
    let mut text = format!("{}: {}, {value} at {}", workload.short_name(), p.engine, workload.cell_label(p.cell));
    let failed = p.cell.error_share().filter(|s| *s >= FAILED_MARK);
    if let Some(words) = failed.and(p.cell.failed_share_words()) {
        text.push_str(&format!(" — {words}"));
    }
    (text, failed.is_some())
}

fn claim_of(workload: &Workload, found: Option<(Placed<'_>, f64)>, shown: impl Fn(f64) -> String) -> Option<Claim> {
    let (p, v) = found?;
    let (text, warn) = best_words(workload, &p, shown(v));
    Some(Claim { text, detail: None, cells: vec![p.path()], warn })
}

/// The highest output throughput measured in workload `w`, at any load.
pub fn highest_throughput(results: &Results, w: usize, workload: &Workload) -> Claim {
    let cells = cells_of(results, w);
    claim_of(workload, best(&cells, |c| c.out_tok_s, false), readable).unwrap_or_else(|| Claim {
        text: format!("{}: output throughput not measured at any load", workload.short_name()),
        ..Claim::default()
    })
}

/// The highest output throughput among the cells of workload `w` whose TTFT p99 is at most
/// `limit_ms`; where none qualifies, why: a cell under the limit whose throughput is not
/// measured is named with its TTFT, a workload without TTFT p99 says so, and otherwise the
/// lowest TTFT p99 measured is named.
pub fn best_under_ttft(results: &Results, w: usize, workload: &Workload, limit_ms: f64) -> Claim {
    let cells = cells_of(results, w);
    let under = |c: &Cell| c.ttft_p99_ms.is_some_and(|t| t <= limit_ms);
    let limit = ms_words(limit_ms);
    if let Some(mut claim) = claim_of(workload, best(&cells, |c| c.out_tok_s.filter(|_| under(c)), false), readable) {
        let ttft = cells.iter().find(|p| claim.cells.contains(&p.path())).and_then(|p| p.cell.ttft_p99_ms);
        claim.detail = ttft.map(|t| format!("{}: TTFT p99 {}", workload.name(), ms_words(t)));
        return claim;
    }
    let name = workload.short_name();
    if let Some((p, t)) = best(&cells, |c| c.ttft_p99_ms.filter(|_| under(c)), true) {
        let n = cells.iter().filter(|p| under(p.cell)).count();
        let others = if n > 1 { format!(" (and {} more at or under {limit})", n - 1) } else { String::new() };
        return Claim {
            text: format!(
                "{name}: {} at {} has a TTFT p99 of {}, but its output throughput is not measured{others}",
                p.engine,
                workload.cell_label(p.cell),
                ms_words(t)
            ),
            cells: cells.iter().filter(|p| under(p.cell)).map(Placed::path).collect(),
            ..Claim::default()
        };
    }
    match best(&cells, |c| c.ttft_p99_ms, true) {
        Some((p, t)) => Claim {
            text: format!(
                "{name}: no measured point has a TTFT p99 of {limit} or less; the lowest is {} ({} at {})",
                ms_words(t),
                p.engine,
                workload.cell_label(p.cell)
            ),
            cells: vec![p.path()],
            ..Claim::default()
        },
        None => Claim { text: format!("{name}: TTFT p99 not measured, so no point can be held to {limit}"), ..Claim::default() },
    }
}

/// The engines of workload `w` none of whose points measures a TTFT p99, beside others
/// that do: they are not held to the limit, and the card says so under its best (a best
/// among the engines that could be judged is not the best of them all). `None` when every
/// engine measures one, or none does (the best's own line says that).
pub fn not_held_to_ttft(results: &Results, w: usize, workload: &Workload, limit_ms: f64) -> Option<Claim> {
    let cells = cells_of(results, w);
    let mut judged: Vec<&str> = Vec::new();
    let mut unjudged: Vec<&str> = Vec::new();
    for p in &cells {
        let list = if cells.iter().any(|q| q.engine == p.engine && q.cell.ttft_p99_ms.is_some()) { &mut judged } else { &mut unjudged };
        if !list.contains(&p.engine) {
            list.push(p.engine);
        }
    }
    if judged.is_empty() || unjudged.is_empty() {
        return None;
    }
    let (whose, verb) = if unjudged.len() == 1 { ("'s", "is") } else { (": their", "are") };
    Some(Claim {
        text: format!(
            "{}: {}{whose} TTFT p99 {verb} not measured, so not held to {}",
            workload.short_name(),
            unjudged.join(", "),
            ms_words(limit_ms)
        ),
        cells: cells.iter().filter(|p| unjudged.contains(&p.engine)).map(Placed::path).collect(),
        ..Claim::default()
    })
}

/// The most output tokens per kW of measured mean GPU power in workload `w`.
pub fn most_per_kw(results: &Results, w: usize, workload: &Workload) -> Claim {
    let cells = cells_of(results, w);
    claim_of(workload, best(&cells, |c| c.tok_s_per_kw, false), readable).unwrap_or_else(|| {
        let text = if cells.iter().any(|p| p.cell.power_w.is_some()) {
            format!("{}: tokens per kW not measured: no cell with GPU power has its throughput measured", workload.short_name())
        } else {
            format!("{}: GPU power not measured, so no tokens per kW", workload.short_name())
        };
        Claim { text, ..Claim::default() }
    })
}

/// The lowest cost per million output tokens at `prices` among the cells of workload `w`
/// whose TTFT p99 is at most `limit_ms`.
pub fn cheapest_under_ttft(results: &Results, w: usize, workload: &Workload, prices: &Prices, limit_ms: f64) -> Claim {
    let cells = cells_of(results, w);
    let cost = |c: &Cell| prices.cost(c).map(|k| k.total).filter(|_| c.ttft_p99_ms.is_some_and(|t| t <= limit_ms));
    claim_of(workload, best(&cells, cost, true), significant4).unwrap_or_else(|| {
        let why = if cells.iter().all(|p| prices.cost(p.cell).is_none()) {
            "no cell has a cost at these prices (its throughput, or the power a kWh price needs, is not measured)"
        } else if cells.iter().all(|p| p.cell.ttft_p99_ms.is_none()) {
            "TTFT p99 not measured"
        } else {
            "no measured point with a cost has a TTFT p99 at or under the limit"
        };
        Claim { text: format!("{}: {why}", workload.short_name()), ..Claim::default() }
    })
}

/// The checkpoint closest to the BF16 reference by served KL, the control row excluded and
/// named as the floor; `None` without accuracy rows.
pub fn closest_to_reference(results: &Results) -> Option<Claim> {
    let accuracy = results.accuracy().filter(|a| !a.rows.is_empty())?;
    let control = accuracy.rows.iter().find(|r| is_control(&r.id)).and_then(|r| r.kl);
    let best = accuracy
        .rows
        .iter()
        .enumerate()
        .filter(|(_, r)| !is_control(&r.id))
        .filter_map(|(i, r)| Some((i, r, r.kl?)))
        .min_by(|a, b| a.2.total_cmp(&b.2));
    Some(match best {
        Some((i, row, kl)) => {
            let control = control.map_or_else(|| "no control row".to_owned(), |c| format!("BF16 control {}", readable(c)));
            Claim {
                text: format!("{}: KL {} ({control})", served_label(results, &row.id), readable(kl)),
                cells: vec![format!("accuracy.rows[{i}]")],
                ..Claim::default()
            }
        }
        None => Claim { text: "No checkpoint other than the control has a measured KL.".to_owned(), ..Claim::default() },
    })
}

/// The load as it ran, in parts: "burst: all 100 requests sent at once, no rate limit",
/// "offered 1.5 req/s, cap 25 in flight", "sent 116.3 of 222.8 req/s offered (52 %)",
/// "achieved 1.43 req/s, 23.4 in flight (measured)", "given by the publisher, not the
/// tool's files". The tooltips say these; a table whose column already names the level
/// (`level_shown`) leaves out what it says ("burst", "cap 25" in its place).
pub fn load_words(cell: &Cell, level_shown: bool) -> Vec<String> {
    let mut parts = Vec::new();
    match (cell.burst, level_shown) {
        (true, true) => parts.push("burst".to_owned()),
        (true, false) => {
            parts.push(format!("burst: all {} requests sent at once, no rate limit", as_written_or_gap(cell.conc.map(f64::from))))
        }
        _ => {}
    }
    match (cell.rate_rps, cell.conc_cap, level_shown) {
        (Some(_), Some(cap), true) => parts.push(format!("cap {cap} in flight")),
        (Some(rate), cap, false) => {
            let cap = cap.map_or_else(String::new, |c| format!(", cap {c} in flight"));
            parts.push(format!("offered {} req/s{cap}", as_written(rate)));
        }
        _ => {}
    }
    parts.extend(cell.fell_behind());
    let achieved: Vec<String> =
        [cell.req_s_achieved.map(|v| format!("{} req/s", readable(v))), cell.conc_achieved.map(|v| format!("{} in flight", readable(v)))]
            .into_iter()
            .flatten()
            .collect();
    if !achieved.is_empty() {
        parts.push(format!("achieved {} (measured)", achieved.join(", ")));
    } else if cell.rate_rps.is_some() {
        parts.push("achieved not recorded".to_owned());
    }
    if cell.load_source == Some(LoadSource::Publisher) {
        parts.push("load given by the publisher, not recorded in the tool's files".to_owned());
    }
    parts
}

/// What the study measured, for the line under its title: "2026-10-30 · model
/// example/qwen3-8b · hardware not stated · 1 GPU per engine" — the model the study (or
/// every engine's checkpoint) names, its hardware, and each engine's GPU count from its
/// cells; "not stated" where the study does not say.
pub fn measured_on(results: &Results) -> String {
    let mut checkpoints: Vec<&str> = results.engines().iter().filter_map(|e| e.checkpoint.as_deref()).collect();
    checkpoints.dedup();
    let model = match (results.model(), checkpoints.as_slice()) {
        (Some(m), _) => format!("model {m}"),
        (None, [one]) if results.engines().iter().all(|e| e.checkpoint.is_some()) => format!("model {one}"),
        (None, []) => "model not stated".to_owned(),
        (None, _) => "a checkpoint per engine".to_owned(),
    };
    let hardware = results.hardware().map_or_else(|| "hardware not stated".to_owned(), |h| format!("hardware {h}"));
    let mut parts = vec![results.date().to_owned(), model, hardware];
    parts.extend(gpus_words(results));
    parts.join(" · ")
}

/// "1 GPU per engine", "GPUs 1: Paiton CDNA4, not stated: 4 engines", "GPUs not
/// stated"; none without serving cells. An engine whose cells state no count is "not stated",
/// never counted with the others.
fn gpus_words(results: &Results) -> Option<String> {
    let serving = results.serving()?;
    if results.throughput_per() == crate::core::study::model::Per::Endpoint {
        return Some("GPUs not stated (throughput for the endpoint)".to_owned());
    }
    // Per engine with cells: its counts, as a phrase ("1", "1–8", "not stated").
    let per_engine: Vec<(&str, String)> = results
        .engines()
        .iter()
        .filter_map(|e| {
            let cells: Vec<&Cell> = serving
                .workloads
                .iter()
                .flat_map(|w| w.rows.iter().filter(|r| r.id == e.id))
                .flat_map(|r| r.cells.iter().flatten())
                .collect();
            if cells.is_empty() {
                return None;
            }
            let mut counts: Vec<f64> = cells.iter().filter_map(|c| c.gpus).collect();
            counts.sort_by(f64::total_cmp);
            counts.dedup();
            let said = match counts.as_slice() {
                [] => "not stated".to_owned(),
                [one] => as_written(*one),
                [lo, .., hi] => format!("{}–{}", as_written(*lo), as_written(*hi)),
            };
            Some((e.label.as_str(), said))
        })
        .collect();
    let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
    for (label, said) in per_engine {
        match groups.iter_mut().find(|g| g.0 == said) {
            Some(g) => g.1.push(label),
            None => groups.push((said, vec![label])),
        }
    }
    Some(match groups.as_slice() {
        [] => "GPUs not stated".to_owned(),
        [(said, _)] if said == "not stated" => "GPUs not stated".to_owned(),
        [(said, _)] => format!("{said} GPU{} per engine", if said == "1" { "" } else { "s" }),
        many => {
            let words: Vec<String> = many
                .iter()
                .map(|(said, labels)| match labels.as_slice() {
                    [one] => format!("{said}: {one}"),
                    all => format!("{said}: {} engines", all.len()),
                })
                .collect();
            format!("GPUs {}", words.join(", "))
        }
    })
}
