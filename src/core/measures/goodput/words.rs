//! Goodput in words, the same on the page and the command line: a cell's figures, and an
//! engine's capacity at the attainment target in a sentence a newcomer reads.

use super::{capacity, Capacity, CellGoodput, CellRow};
use crate::core::basics::format::{readable, NOT_MEASURED};

/// An attainment fraction as a percentage with one decimal: `0.933` → "93.3 %".
pub fn percent(fraction: f64) -> String {
    format!("{:.1} %", fraction * 100.0)
}

/// "evaluated 100, good 93 (93.0 %), 1.23 req/s per GPU, 456.7 tok/s per GPU; most missed:
/// TTFT (5)", with "not measured" and the reason where a figure is not.
pub fn cell_words(g: &CellGoodput) -> String {
    let attainment = g.attainment.map_or_else(|| NOT_MEASURED.to_owned(), percent);
    let per = if g.per_gpu { "per GPU" } else { "for the endpoint" };
    let rate =
        |v: Option<f64>, unit: &str| v.map_or_else(|| format!("{unit} {per} {NOT_MEASURED}"), |v| format!("{} {unit} {per}", readable(v)));
    let mut out = format!(
        "evaluated {}, good {} ({attainment}), {}, {}",
        g.evaluated,
        g.good,
        rate(g.req_s, "good req/s"),
        rate(g.tok_s, "good tok/s")
    );
    if let Some(t) = g.failed_most() {
        out.push_str(&format!(
            "; most missed: {} ({} requests)",
            t.title(),
            g.over[super::Threshold::ALL.iter().position(|x| *x == t).unwrap_or(0)]
        ));
    }
    if g.not_completed > 0 {
        out.push_str(&format!("; {} did not complete", g.not_completed));
    }
    if let Some(note) = &g.note {
        out.push_str(&format!(" — {note}"));
    }
    out
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
            let mut points: Vec<(f64, Option<f64>, String)> = rows
                .iter()
                .filter(|r| r.engine == engine && r.workload == workload)
                .map(|r| (r.level, r.goodput.attainment, r.load.clone()))
                .collect();
            points.sort_by(|a, b| a.0.total_cmp(&b.0));
            let levels: Vec<(f64, Option<f64>)> = points.iter().map(|p| (p.0, p.1)).collect();
            let mut c = capacity(&levels, target);
            c.labels = points.into_iter().map(|p| (p.0, p.2)).collect();
            (engine, workload, c)
        })
        .collect()
}

/// "holds ≥ 90 % up to c16; c32 is the first level below it", or why it holds nowhere.
pub fn capacity_words(c: &Capacity, target: f64) -> String {
    let label = |level: f64| c.labels.iter().find(|l| l.0 == level).map_or_else(|| level.to_string(), |l| l.1.clone());
    let goal = format!("≥ {} of requests good", percent(target).replace(".0 %", " %"));
    match (c.highest, c.first_miss) {
        (Some(h), Some(m)) => format!("{goal} up to {}; {} is the first level below it", label(h), label(m)),
        (Some(h), None) => format!("{goal} at every measured level, up to {}", label(h)),
        (None, Some(m)) => format!("{goal} at no measured level: already below at {}", label(m)),
        (None, None) => format!("{goal}: no level with requests measured"),
    }
}
