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

use serde_json::Value;

use crate::core::import::tools::benchmark_report::schema::{
    Accelerator, Aggregate, Component, ComponentMeta, Latency, LoadMeta, LoadSpec, LoadStandardized, ModelName, Observability, Observed,
    ObservedAggregate, Report as Doc, RequestPerformance, Requests, Results as Outcome, RunInfo, Scenario, SeqLen, Standardized, Statistic,
    Throughput, Time,
};
use crate::core::measures::requests::{value, CellRequests, RequestTable, Status};
use crate::core::provenance::sha256_hex;
use crate::core::study::model::{Cell, Engine, LoadAxis, Per, Results, Workload};

pub use crate::core::import::tools::benchmark_report::schema::VERSION;

/// One report: its file name and the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The file's name (`ENGINE-WORKLOAD-LEVEL.json`).
    pub name: String,
    /// The report.
    pub doc: Doc,
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
fn statistic(units: &str, mean: Option<f64>, p50: Option<f64>, p99: Option<f64>) -> Option<Statistic> {
    Some(Statistic::of(units, mean?, p50, p99))
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
    let (ttft, tpot, e2e) = (means(|r| &r.ttft_ms), means(|r| &r.tpot_ms), means(|r| &r.e2e_ms));
    // Chunk gaps are not kept per request: ITL has no mean to write.
    let left =
        [(ttft, cell.ttft_p50_ms, cell.ttft_p99_ms), (tpot, cell.tpot_p50_ms, cell.tpot_p99_ms), (e2e, cell.e2e_p50_ms, cell.e2e_p99_ms)]
            .iter()
            .chain(&[(None, cell.itl_p50_ms, cell.itl_p99_ms)])
            .any(|(mean, p50, p99)| mean.is_none() && (p50.is_some() || p99.is_some()));
    let latency = Latency {
        time_to_first_token: statistic("ms", ttft, cell.ttft_p50_ms, cell.ttft_p99_ms),
        time_per_output_token: statistic("ms/token", tpot, cell.tpot_p50_ms, cell.tpot_p99_ms),
        request_latency: statistic("ms", e2e, cell.e2e_p50_ms, cell.e2e_p99_ms),
        inter_token_latency: None,
    };
    let requests_doc = cell.n.map(|n| {
        let errors = cell.errors.unwrap_or(0.0);
        Requests {
            total: Some((n + errors).round() as u64),
            failures: Some(errors.round() as u64),
            incomplete: None,
            input_length: statistic("count", cell.isl_mean, None, None),
            output_length: statistic("count", cell.osl_mean, None, None),
        }
    });
    let throughput = Throughput {
        output_token_rate: statistic("tokens/s", cell.out_tok_s.and_then(endpoint_rate), None, None),
        request_rate: statistic("queries/s", cell.req_s_achieved, None, None),
    };
    let aggregate = Aggregate {
        requests: requests_doc,
        latency: (latency != Latency::default()).then_some(latency),
        throughput: (throughput != Throughput::default()).then_some(throughput),
    };
    let (rate_qps, concurrency) = match (workload.load, cell.burst) {
        (_, true) => (None, None),
        (LoadAxis::Rate, false) => (Some(Value::from(cell.level())), None),
        (LoadAxis::Concurrency, false) => (None, Some(cell.conc.map_or(Value::Null, Value::from))),
    };
    let seq = |value: u64| Some(SeqLen { distribution: "other".into(), value: Some(value) });
    let load = LoadStandardized {
        tool: Some("servescope".into()),
        tool_version: Some(env!("CARGO_PKG_VERSION").into()),
        source: Some("unknown".into()),
        input_seq_len: seq(workload.isl),
        output_seq_len: seq(workload.osl),
        rate_qps,
        concurrency,
    };
    let engine_component = stack_component(results, engine, gpus);
    let observability = cell.power_w.map(|w| Observability {
        components: vec![Observed {
            component_label: engine.id.clone(),
            aggregate: ObservedAggregate { power_consumption: Some(Statistic::of("Watts", w, None, None)) },
        }],
    });
    let doc = Doc {
        version: VERSION.into(),
        run: RunInfo {
            uid: id32(&format!("{study_sha256}|{}|{}|{}", engine.id, workload.key(), cell.level())),
            eid: Some(id32(study_sha256)),
            description: Some(format!(
                "{}: {}, {}, {load_text} (servescope study {})",
                results.title(),
                engine.label,
                workload.name(),
                &study_sha256[..12]
            )),
            time: cell.wall_s.map(|s| Time { start: None, duration: Some(format!("PT{s}S")) }),
        },
        scenario: Scenario {
            stack: vec![engine_component],
            load: LoadSpec { metadata: LoadMeta { cfg_id: Some(id32(&workload.key())) }, standardized: load, native: Default::default() },
        },
        results: Outcome { request_performance: RequestPerformance { aggregate }, observability },
    };
    (Report { name, doc }, left)
}

/// The stack a cell ran on, as the study records it: one inference engine of the cell's
/// GPUs (0, "not known", where they are not stated).
fn stack_component(results: &Results, engine: &Engine, gpus: Option<f64>) -> Component {
    let unstated = "not stated";
    let checkpoint = engine.checkpoint.as_deref().or(results.model()).unwrap_or(unstated);
    Component {
        metadata: ComponentMeta {
            label: engine.id.clone(),
            cfg_id: Some(id32(&format!("{}|{}|{checkpoint}", engine.id, engine.label))),
            description: Some(engine.label.clone()),
        },
        standardized: Standardized {
            kind: "inference_engine".into(),
            tool: Some(engine.label.clone()),
            tool_version: Some(unstated.into()),
            role: Some("replica".into()),
            replicas: Some(1),
            model: Some(ModelName { name: Some(checkpoint.to_owned()) }),
            accelerator: Some(Accelerator {
                model: Some(results.hardware().unwrap_or(unstated).to_owned()),
                count: Some(gpus.map_or(0, |g| g.round() as u64)),
                parallelism: Default::default(),
            }),
        },
        native: Default::default(),
    }
}
