//! A study written as llm-d Benchmark Reports, version 0.2.1: one report per serving cell,
//! so a servescope study can join the llm-d tooling (`servescope-export --benchmark-report`).
//! The rules:
//! - Nothing is invented. A report's statistic needs a mean, and a cell records p50 and p99
//!   only: a latency is written where the engine's per-request table gives its mean (over
//!   the completed requests, the percentiles the study's own), and left out otherwise —
//!   said, per study, in what the export returns.
//! - Throughput is the endpoint's: `out_tok_s` × the cell's GPUs where the study divides by
//!   them (from figures rounded to four digits, so the product is the study's, not the
//!   tool's, to that precision).
//! - The stack is one inference engine of the cell's GPUs (0, llm-d's "not known", where the
//!   study does not state them); replicas and parallelism are not recorded, so they are 1 and
//!   none. The load's producer is `servescope`, whose TPOT and ITL are the study's.
//! - Identifiers are sha256 prefixes: `run.eid` the study's file, `run.uid` the cell's place
//!   in it, so exporting again writes the same reports.

use serde_json::{json, Map, Value};

use crate::core::measures::requests::{value, CellRequests, RequestTable, Status};
use crate::core::provenance::sha256_hex;
use crate::core::study::model::{Cell, Engine, LoadAxis, Per, Results, Workload};

/// The version written.
pub const VERSION: &str = "0.2.1";

/// One report: its file name and its JSON.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The file's name (`ENGINE-WORKLOAD-LEVEL.json`).
    pub name: String,
    /// The report.
    pub doc: Value,
}

/// What an export wrote and what it left out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Exported {
    /// One per cell.
    pub reports: Vec<Report>,
    /// What was not written, and why.
    pub notes: Vec<String>,
}

fn id32(text: &str) -> String {
    sha256_hex(text.as_bytes())[..32].to_owned()
}

/// The mean of the completed requests' values (not recorded ones left out).
fn mean(requests: &CellRequests, column: &[f64]) -> Option<f64> {
    let values: Vec<f64> = column.iter().zip(&requests.status).filter(|(_, s)| **s == Status::Ok).filter_map(|(v, _)| value(*v)).collect();
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// A statistic in `units`, where its mean is known.
fn statistic(units: &str, mean: Option<f64>, p50: Option<f64>, p99: Option<f64>) -> Option<Value> {
    let mut stat = Map::new();
    stat.insert("units".into(), json!(units));
    stat.insert("mean".into(), json!(mean?));
    for (key, v) in [("p50", p50), ("p99", p99)] {
        if let Some(v) = v {
            stat.insert(key.into(), json!(v));
        }
    }
    Some(Value::Object(stat))
}

/// The cell's load, in the file name's and the description's words.
fn load_words(workload: &Workload, cell: &Cell) -> (String, String) {
    match (workload.load, cell.burst) {
        (_, true) => ("burst".to_owned(), "all requests at once".to_owned()),
        (LoadAxis::Rate, false) => (format!("r{}", cell.level()), format!("{} req/s offered", cell.level())),
        (LoadAxis::Concurrency, false) => (format!("c{}", cell.level()), format!("concurrency {}", cell.level())),
    }
}

/// The study's cells as reports. `tables` are the engines' per-request tables, read
/// (`(engine id, table)`); `study_sha256` names the study's file.
pub fn benchmark_reports(results: &Results, study_sha256: &str, tables: &[(String, RequestTable)]) -> Exported {
    let mut exported = Exported::default();
    let Some(serving) = results.serving() else {
        exported.notes.push("the study has no serving cells: nothing to write".to_owned());
        return exported;
    };
    let mut without_mean = 0;
    for workload in &serving.workloads {
        for row in &workload.rows {
            let Some(engine) = results.engines().iter().find(|e| e.id == row.id) else { continue };
            let table = tables.iter().find(|(id, _)| *id == row.id).map(|(_, t)| t);
            for cell in row.cells.iter().flatten() {
                let requests = table.filter(|_| cell.trials.is_none()).and_then(|t| t.cell(&workload.key(), cell.level(), None));
                let (report, latencies_left) = report(results, study_sha256, workload, engine, cell, requests, serving.throughput_per);
                without_mean += usize::from(latencies_left);
                exported.reports.push(report);
            }
        }
    }
    if without_mean > 0 {
        exported.notes.push(format!(
            "latencies of {without_mean} cell{} not written, in whole or in part: a Benchmark Report statistic needs a mean, and a cell records p50 and p99 only (a mean is taken from an engine's per-request table where it has one; ITL's chunk gaps are never kept per request)",
            if without_mean == 1 { "" } else { "s" }
        ));
    }
    exported
}

/// One cell's report, and whether latencies it records were left out for want of a mean.
fn report(
    results: &Results,
    study_sha256: &str,
    workload: &Workload,
    engine: &Engine,
    cell: &Cell,
    requests: Option<&CellRequests>,
    per: Per,
) -> (Report, bool) {
    let (load_token, load_text) = load_words(workload, cell);
    let name = format!("{}-{}-{load_token}.json", engine.id, workload.key());
    let gpus = cell.gpus.filter(|g| *g >= 1.0);
    let endpoint_rate = |v: f64| match per {
        Per::Gpu => gpus.map(|g| v * g),
        Per::Endpoint => Some(v),
    };
    let means = |column: fn(&CellRequests) -> &[f64]| requests.and_then(|r| mean(r, column(r)));
    let latencies = [
        ("time_to_first_token", "ms", means(|r| &r.ttft_ms), cell.ttft_p50_ms, cell.ttft_p99_ms),
        ("time_per_output_token", "ms/token", means(|r| &r.tpot_ms), cell.tpot_p50_ms, cell.tpot_p99_ms),
        ("request_latency", "ms", means(|r| &r.e2e_ms), cell.e2e_p50_ms, cell.e2e_p99_ms),
        // Chunk gaps are not kept per request: ITL has no mean to write.
        ("inter_token_latency", "ms/token", None, cell.itl_p50_ms, cell.itl_p99_ms),
    ];
    let left = latencies.iter().any(|(_, _, mean, p50, p99)| mean.is_none() && (p50.is_some() || p99.is_some()));
    let latency: Map<String, Value> = latencies
        .into_iter()
        .filter_map(|(key, units, mean, p50, p99)| statistic(units, mean, p50, p99).map(|s| (key.to_owned(), s)))
        .collect();
    let mut requests_doc = Map::new();
    if let Some(n) = cell.n {
        let errors = cell.errors.unwrap_or(0.0);
        requests_doc.insert("total".into(), json!((n + errors).round() as u64));
        requests_doc.insert("failures".into(), json!(errors.round() as u64));
        for (key, m) in [("input_length", cell.isl_mean), ("output_length", cell.osl_mean)] {
            if let Some(stat) = statistic("count", m, None, None) {
                requests_doc.insert(key.into(), stat);
            }
        }
    }
    let throughput: Map<String, Value> =
        [("output_token_rate", "tokens/s", cell.out_tok_s.and_then(endpoint_rate)), ("request_rate", "queries/s", cell.req_s_achieved)]
            .into_iter()
            .filter_map(|(key, units, mean)| statistic(units, mean, None, None).map(|s| (key.to_owned(), s)))
            .collect();
    let mut aggregate = Map::new();
    for (key, part) in [("requests", requests_doc), ("latency", latency), ("throughput", throughput)] {
        if !part.is_empty() {
            aggregate.insert(key.into(), Value::Object(part));
        }
    }
    let mut load = json!({
        "tool": "servescope",
        "tool_version": env!("CARGO_PKG_VERSION"),
        "source": "unknown",
        "input_seq_len": { "distribution": "other", "value": workload.isl },
        "output_seq_len": { "distribution": "other", "value": workload.osl },
    });
    match (workload.load, cell.burst) {
        (_, true) => {}
        (LoadAxis::Rate, false) => load["rate_qps"] = json!(cell.level()),
        (LoadAxis::Concurrency, false) => load["concurrency"] = json!(cell.conc),
    }
    let unstated = "not stated";
    let checkpoint = engine.checkpoint.as_deref().or(results.model()).unwrap_or(unstated);
    let mut doc = json!({
        "version": VERSION,
        "run": {
            "uid": id32(&format!("{study_sha256}|{}|{}|{}", engine.id, workload.key(), cell.level())),
            "eid": id32(study_sha256),
            "description": format!("{}: {}, {}, {load_text} (servescope study {})", results.title(), engine.label, workload.name(), &study_sha256[..12]),
        },
        "scenario": {
            "stack": [{
                "metadata": { "label": engine.id, "cfg_id": id32(&format!("{}|{}|{checkpoint}", engine.id, engine.label)), "description": engine.label },
                "standardized": {
                    "kind": "inference_engine",
                    "tool": engine.label,
                    "tool_version": unstated,
                    "role": "replica",
                    "replicas": 1,
                    "model": { "name": checkpoint },
                    "accelerator": { "model": results.hardware().unwrap_or(unstated), "count": gpus.map_or(0, |g| g.round() as u64), "parallelism": {} },
                },
                "native": {},
            }],
            "load": { "metadata": { "cfg_id": id32(&workload.key()) }, "standardized": load, "native": {} },
        },
        "results": { "request_performance": { "aggregate": Value::Object(aggregate) } },
    });
    if let Some(s) = cell.wall_s {
        doc["run"]["time"] = json!({ "duration": format!("PT{s}S") });
    }
    if let Some(w) = cell.power_w {
        doc["results"]["observability"] = json!({ "components": [{ "component_label": engine.id, "aggregate": { "power_consumption": { "units": "Watts", "mean": w } } }] });
    }
    (Report { name, doc }, left)
}
