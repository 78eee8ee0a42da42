//! Every derived sentence against generated studies: each claim of `core::display::claims`,
//! the goodput presets and the capacity rule are recomputed here independently, and a claim
//! that says something the figures do not — a best that is not the best, "no point under
//! 1 s" where one is, "none" for what was not measured, a best of which many requests failed
//! without saying so, "per GPU" for an endpoint-only study — fails the property.

use proptest::prelude::*;
use serde_json::{json, Value};

use servescope::core::basics::format::readable;
use servescope::core::basics::stats::{median, wilson95};
use servescope::core::display::claims::{best_under_ttft, highest_throughput, most_per_kw, not_held_to_ttft, FAILED_MARK};
use servescope::core::display::headline::headline_cards;
use servescope::core::measures::goodput::{capacity, capacity_words, presets, LevelPoint};
use servescope::core::study::model::{Cell, LoadAxis, Per, ServingRow, Workload};
use servescope::core::study::validate::parse_results;

const LEVELS: [u32; 4] = [1, 4, 16, 64];

/// A generated cell: throughput, TTFT p99, power, and how many requests completed and failed.
#[derive(Clone, Debug)]
struct Gen {
    out: Option<f64>,
    ttft: Option<f64>,
    power: Option<f64>,
    n: u32,
    errors: u32,
}

fn gen_cell() -> impl Strategy<Value = Option<Gen>> {
    // Values on a coarse grid make ties likely; TTFT straddles the 1 s limit.
    let value = proptest::option::of((1u32..40).prop_map(|v| f64::from(v) * 50.0));
    let ttft = proptest::option::of((1u32..30).prop_map(|v| f64::from(v) * 100.0));
    let power = proptest::option::of((1u32..5).prop_map(|v| f64::from(v) * 100.0));
    // Up to every request failed; a third of them often.
    let counts = (0u32..60, 0u32..40);
    proptest::option::weighted(
        0.8,
        (value, ttft, power, counts).prop_map(|(out, ttft, power, (n, errors))| Gen { out, ttft, power, n, errors }),
    )
}

/// A study: engines × levels of cells in one or two workloads, per GPU or per endpoint.
fn gen_study() -> impl Strategy<Value = (Vec<Vec<Vec<Option<Gen>>>>, bool)> {
    let engines = 1usize..4;
    let workloads = 1usize..3;
    (engines, workloads).prop_flat_map(|(e, w)| {
        let row = proptest::collection::vec(gen_cell(), LEVELS.len());
        (proptest::collection::vec(proptest::collection::vec(row, e), w), any::<bool>())
    })
}

fn cell_json(g: &Gen, isl: u64, conc: u32, endpoint: bool) -> Value {
    // No request completed: every request failed, a measured 0 and no latency.
    let all_failed = g.n == 0;
    let errors = if all_failed { g.errors.max(1) } else { g.errors };
    let mut c = json!({ "isl": isl, "osl": 128, "conc": conc, "n": g.n, "errors": errors });
    if all_failed {
        c["out_tok_s"] = json!(0);
        return c;
    }
    c["out_tok_s"] = json!(g.out);
    c["ttft_p99_ms"] = json!(g.ttft);
    if !endpoint {
        c["gpus"] = json!(1);
        c["power_w"] = json!(g.power);
        if let (Some(out), Some(power)) = (g.out, g.power) {
            c["tok_s_per_kw"] = json!(out / power * 1000.0);
        }
    }
    c
}

fn study_json(workloads: &[Vec<Vec<Option<Gen>>>], endpoint: bool) -> Vec<u8> {
    let engines: Vec<Value> = (0..workloads[0].len()).map(|e| json!({ "id": format!("e{e}"), "label": format!("Engine {e}") })).collect();
    let docs: Vec<Value> = workloads
        .iter()
        .enumerate()
        .map(|(w, rows)| {
            let isl = 512 * (w as u64 + 1);
            let rows: Vec<Value> = rows
                .iter()
                .enumerate()
                .map(|(e, cells)| {
                    let cells: Vec<Value> = cells
                        .iter()
                        .zip(LEVELS)
                        .map(|(c, level)| c.as_ref().map_or(Value::Null, |g| cell_json(g, isl, level, endpoint)))
                        .collect();
                    json!({ "id": format!("e{e}"), "cells": cells })
                })
                .collect();
            json!({ "inputTokens": isl, "outputTokens": 128, "rows": rows })
        })
        .collect();
    let mut serving = json!({ "aggregateUnit": "output tokens/s", "workloads": docs });
    if endpoint {
        serving["throughputPer"] = json!("endpoint");
    }
    serde_json::to_vec(&json!({
        "schemaVersion": "1.4", "title": "generated", "date": "2026-01-01", "concurrency": LEVELS,
        "engines": engines, "sources": [], "serving": serving,
    }))
    .expect("serialisable")
}

/// A latency as the claims say it: seconds from 1 s up.
fn latency(ms: f64) -> String {
    if ms >= 1000.0 {
        format!("{} s", readable(ms / 1000.0))
    } else {
        format!("{} ms", readable(ms))
    }
}

/// The cells a claim may rest on: measured, not all failed, with their JSON path.
fn measured(workload: &Workload, w: usize) -> Vec<(String, &Cell)> {
    let mut out = Vec::new();
    for (r, row) in workload.rows.iter().enumerate() {
        for (c, cell) in row.cells.iter().enumerate() {
            if let Some(cell) = cell.as_ref().filter(|c| !c.all_failed()) {
                out.push((format!("serving.workloads[{w}].rows[{r}].cells[{c}]"), cell));
            }
        }
    }
    out
}

fn cell_of<'a>(cells: &'a [(String, &'a Cell)], path: &str) -> &'a Cell {
    cells.iter().find(|(p, _)| p == path).map(|(_, c)| *c).expect("a claim rests on a cell of its workload")
}

/// A best's failed share is said exactly when it is a tenth or more.
fn failed_said(text: &str, warn: bool, cell: &Cell) -> Result<(), TestCaseError> {
    let heavy = cell.error_share().is_some_and(|s| s >= FAILED_MARK);
    prop_assert_eq!(text.contains("% failed"), heavy, "{}", text);
    prop_assert_eq!(warn, heavy);
    if heavy {
        prop_assert!(text.ends_with(&cell.failed_share_words().expect("a share")), "{}", text);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_headline_claim_is_true_of_the_figures((workloads, endpoint) in gen_study()) {
        let validation = parse_results(&study_json(&workloads, endpoint));
        prop_assert!(validation.findings.iter().all(|f| f.severity.to_string() != "error"), "{:?}", validation.findings);
        let results = validation.results.expect("valid");
        for (w, workload) in results.serving().expect("serving").workloads.iter().enumerate() {
            let cells = measured(workload, w);
            let value = |f: fn(&Cell) -> Option<f64>| cells.iter().filter_map(|(_, c)| f(c)).fold(None, |m: Option<f64>, v| Some(m.map_or(v, |m| m.max(v))));

            // Highest throughput: the claimed cell holds the highest throughput, and says it.
            let claim = highest_throughput(&results, w, workload);
            match value(|c| c.out_tok_s) {
                Some(best) => {
                    prop_assert_eq!(claim.cells.len(), 1);
                    let cell = cell_of(&cells, &claim.cells[0]);
                    prop_assert_eq!(cell.out_tok_s, Some(best));
                    prop_assert!(claim.text.contains(&format!(", {} at c{}", readable(best), cell.level())), "{}", claim.text);
                    failed_said(&claim.text, claim.warn, cell)?;
                }
                None => {
                    prop_assert!(claim.cells.is_empty());
                    prop_assert!(claim.text.contains("not measured"), "{}", claim.text);
                }
            }

            // Best under a 1 s TTFT p99: never "no point" where one is under it.
            let claim = best_under_ttft(&results, w, workload, 1000.0);
            let under: Vec<&(String, &Cell)> = cells.iter().filter(|(_, c)| c.ttft_p99_ms.is_some_and(|t| t <= 1000.0)).collect();
            let best = under.iter().filter_map(|(_, c)| c.out_tok_s).fold(None, |m: Option<f64>, v| Some(m.map_or(v, |m| m.max(v))));
            match (best, under.is_empty()) {
                (Some(best), _) => {
                    let cell = cell_of(&cells, &claim.cells[0]);
                    prop_assert_eq!(cell.out_tok_s, Some(best));
                    prop_assert!(cell.ttft_p99_ms.is_some_and(|t| t <= 1000.0));
                    failed_said(&claim.text, claim.warn, cell)?;
                }
                (None, false) => {
                    // Under the limit, throughput not measured: named, with its TTFT.
                    prop_assert!(claim.text.contains("its output throughput is not measured"), "{}", claim.text);
                    prop_assert!(!claim.text.contains("no measured point"), "{}", claim.text);
                    let lowest = under.iter().filter_map(|(_, c)| c.ttft_p99_ms).fold(f64::INFINITY, f64::min);
                    prop_assert!(claim.text.contains(&format!("TTFT p99 of {}", latency(lowest))), "{}", claim.text);
                    prop_assert_eq!(claim.cells.len(), under.len());
                }
                (None, true) => match cells.iter().filter_map(|(_, c)| c.ttft_p99_ms).fold(None, |m: Option<f64>, v| Some(m.map_or(v, |m: f64| m.min(v)))) {
                    Some(lowest) => {
                        prop_assert!(lowest > 1000.0);
                        prop_assert!(claim.text.contains("no measured point has a TTFT p99 of 1 s or less"), "{}", claim.text);
                        prop_assert!(claim.text.contains(&format!("the lowest is {}", latency(lowest))), "{}", claim.text);
                    }
                    None => prop_assert!(claim.text.contains("TTFT p99 not measured"), "{}", claim.text),
                },
            }

            // An engine with no TTFT p99 anywhere, beside one with one, is said not held to
            // the limit (the best above is the best of the engines judged).
            let said = not_held_to_ttft(&results, w, workload, 1000.0);
            let engines: Vec<(&str, bool)> = workload
                .rows
                .iter()
                .filter(|r| r.cells.iter().flatten().any(|c| !c.all_failed()))
                .map(|r| {
                    let label = results.engine(&r.id).map_or(r.id.as_str(), |e| e.label.as_str());
                    (label, r.cells.iter().flatten().filter(|c| !c.all_failed()).any(|c| c.ttft_p99_ms.is_some()))
                })
                .collect();
            let unjudged: Vec<&str> = engines.iter().filter(|e| !e.1).map(|e| e.0).collect();
            match said {
                Some(claim) => {
                    prop_assert!(!unjudged.is_empty() && engines.iter().any(|e| e.1), "{}", claim.text);
                    for engine in &unjudged {
                        prop_assert!(claim.text.contains(engine), "{} in {}", engine, claim.text);
                    }
                    prop_assert!(claim.text.contains("not measured, so not held to 1 s"), "{}", claim.text);
                }
                None => prop_assert!(unjudged.is_empty() || engines.iter().all(|e| !e.1), "unsaid: {:?}", unjudged),
            }

            // Most tokens per kW: the best where measured; otherwise which input is missing.
            let claim = most_per_kw(&results, w, workload);
            match value(|c| c.tok_s_per_kw) {
                Some(best) => prop_assert_eq!(cell_of(&cells, &claim.cells[0]).tok_s_per_kw, Some(best)),
                None if cells.iter().any(|(_, c)| c.power_w.is_some()) => {
                    prop_assert!(claim.text.contains("no cell with GPU power has its throughput measured"), "{}", claim.text)
                }
                None => prop_assert!(claim.text.contains("GPU power not measured"), "{}", claim.text),
            }
        }
        // "per GPU" only where the GPUs are known.
        let said: String = headline_cards(&results, &Default::default()).iter().map(|c| format!("{} {}", c.title, c.rule)).collect();
        prop_assert_eq!(said.contains("per GPU"), results.throughput_per() == Per::Gpu, "{}", said);
    }

    #[test]
    fn presets_are_never_below_their_percentiles_and_different_percentiles_stay_different(
        p99s in proptest::collection::vec((1u32..5000, 1u32..200), 1..6),
        spread in 1u32..40,
    ) {
        // Each cell's p50 a little below its p99: close values round to the same two digits.
        let cells: Vec<Option<Cell>> = p99s
            .iter()
            .map(|&(ttft, tpot)| {
                let (ttft, tpot) = (f64::from(ttft) + 0.4, f64::from(tpot) + 0.37);
                Some(Cell {
                    conc: Some(1),
                    requests: Some(10.0),
                    ttft_p99_ms: Some(ttft),
                    ttft_p50_ms: Some(ttft - f64::from(spread) / 10.0),
                    tpot_p99_ms: Some(tpot),
                    tpot_p50_ms: Some(tpot * 0.99),
                    ..Cell::default()
                })
            })
            .collect();
        let n = cells.len();
        let workload = Workload {
            isl: 1, osl: 1, load: LoadAxis::Concurrency, levels: (1..=n).map(|l| l as f64).collect(),
            rows: vec![ServingRow { id: "e".into(), cells }], per: Per::Gpu,
        };
        let typical = |f: fn(&Cell) -> Option<f64>| median(&mut workload.rows[0].cells.iter().flatten().filter_map(f).collect::<Vec<_>>());
        let offered = presets(&workload);
        let p99 = offered.iter().find(|p| p.name == "typical p99").expect("a typical p99 whenever a p99 is published");
        prop_assert!(p99.slo.ttft_ms.expect("TTFT") >= typical(|c| c.ttft_p99_ms).expect("p99"), "{:?}", p99);
        prop_assert!(p99.slo.tpot_ms.expect("TPOT") >= typical(|c| c.tpot_p99_ms).expect("p99"), "{:?}", p99);
        for p in &offered {
            for (limit, from) in [(p.slo.ttft_ms, p.from.ttft_ms), (p.slo.tpot_ms, p.from.tpot_ms), (p.slo.e2el_ms, p.from.e2el_ms)] {
                prop_assert_eq!(limit.is_some(), from.is_some());
                prop_assert!(limit.zip(from).is_none_or(|(l, f)| l >= f), "{:?} below its percentile", p);
            }
        }
        for (i, a) in offered.iter().enumerate() {
            for b in &offered[..i] {
                prop_assert!(a.from != b.from, "equal percentiles are offered once");
                prop_assert!(a.slo != b.slo, "{} and {} round to the same objective {:?}", a.name, b.name, a.slo);
            }
        }
    }

    #[test]
    fn the_capacity_is_the_highest_level_whose_interval_meets_the_target(
        levels in proptest::collection::vec((0usize..=100, 1usize..=100), 1..7),
        target in 50u32..100,
    ) {
        let target = f64::from(target) / 100.0;
        let points: Vec<LevelPoint> = levels
            .iter()
            .enumerate()
            .map(|(i, &(good, n))| ((1 << i) as f64, format!("c{}", 1 << i), wilson95(good.min(n), n)))
            .collect();
        let c = capacity(&points, target);
        let expected = points.iter().filter(|p| p.2.is_some_and(|(lo, _)| lo >= target)).map(|p| p.0).fold(None, |m: Option<f64>, l| Some(m.map_or(l, |m| m.max(l))));
        prop_assert_eq!(c.highest, expected);
        let words = capacity_words(&c, target);
        match expected {
            Some(h) => prop_assert!(words.contains(&format!("up to c{h} (")), "{}", words),
            None => prop_assert!(!words.contains("up to"), "{}", words),
        }
        // Every level above the capacity whose interval straddles the target is said.
        for p in points.iter().filter(|p| expected.is_none_or(|h| p.0 > h)) {
            if let Some((lo, hi)) = p.2.filter(|(lo, hi)| *lo < target && *hi >= target) {
                let _ = (lo, hi);
                prop_assert!(words.contains(&format!("{} indeterminate", p.1)), "{}", words);
            }
        }
    }
}

/// One cell's workload with these TTFT percentiles.
fn one_cell(p50: f64, p99: f64) -> Workload {
    let cell = Cell { conc: Some(1), requests: Some(609.0), ttft_p99_ms: Some(p99), ttft_p50_ms: Some(p50), ..Cell::default() };
    Workload {
        isl: 1,
        osl: 1,
        load: LoadAxis::Concurrency,
        levels: vec![1.0],
        rows: vec![ServingRow { id: "g".into(), cells: vec![Some(cell)] }],
        per: Per::Gpu,
    }
}

#[test]
fn a_preset_rounds_up_so_a_run_meets_its_own_typical_p99() {
    let ttft = |w: &Workload, name: &str| presets(w).iter().find(|p| p.name == name).and_then(|p| p.slo.ttft_ms);
    // GuideLLM at 10 req/s: a TTFT p99 of 1019 ms is offered as 1100, never 1000.
    let w = one_cell(612.0, 1019.0);
    assert_eq!((ttft(&w, "typical p50"), ttft(&w, "typical p99")), (Some(620.0), Some(1100.0)));
    let names: Vec<&str> = presets(&w).iter().map(|p| p.name).collect();
    assert_eq!(names, ["typical p50", "typical p99"], "one cell: its best p99 is its typical p99, offered once");
    // p50 1012 and p99 1019 round up alike at two and three digits: four keep them apart.
    let w = one_cell(1012.0, 1019.0);
    assert_eq!((ttft(&w, "typical p50"), ttft(&w, "typical p99")), (Some(1012.0), Some(1019.0)));
}
