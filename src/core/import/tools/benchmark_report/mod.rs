//! llm-d's Benchmark Report, versions 0.2 and 0.2.1 (llm-d-benchmark's
//! `benchmark_report` schema; JSON or YAML, one report per point of a sweep, the points of
//! one experiment sharing `run.eid`). What servescope reads, by the schema's rules:
//! - The load: `scenario.load.standardized.concurrency` (an integer ≥ 1, or `.inf` — a bare
//!   JSON `Infinity`, or null as pydantic writes it — for no cap) and `rate_qps`; a capped
//!   report is a concurrency cell, an uncapped one a rate cell at `rate_qps`, and uncapped
//!   with no rate a burst.
//! - The GPUs: Σ `accelerator.count` × `replicas` over the stack's `inference_engine`
//!   components (prefill, decode or aggregate; a component without accelerators, such as a
//!   router, counts none). A stack split into prefill and decode is said so: its throughput
//!   per GPU divides by both sides' GPUs.
//! - Every statistic carries its `units`: times in `s` or `ms` (per token `s/token`,
//!   `ms/token`), rates in `tokens/s` and `queries/s`, power in `Watts`; a statistic in any
//!   other unit is not read, and said.
//! - TTFT and request latency always; TPOT and ITL only where the producer's meaning is
//!   known (`PRODUCERS`): the schema itself warns that they differ between tools.
//! - `requests.total` counts every request sent; `failures` and `incomplete` are not
//!   completed.
//! - Power: the serving components' `power_consumption` in `results.observability` (llm-d's
//!   collector writes DCGM's per-GPU power), the GPU-weighted mean.
//! - No report records a hash of the harness's own file or what each request did.
//!
//! The report's fields are spelled once, in `schema` (serde types the export writes too).

mod lenient;
pub mod schema;

use serde_json::Value;

use crate::core::import::reading::json::{at, level, positive, rate};
use crate::core::import::{Length, Run};
use schema::{Report, Statistic};

/// The versions read.
pub(in crate::core::import) const VERSIONS: [&str; 2] = ["0.2", "0.2.1"];

/// The report's version as written (YAML may read an unquoted `0.2` as a number).
pub(in crate::core::import) fn version(doc: &Value) -> Option<String> {
    match doc.get("version")? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Whether a document is a Benchmark Report (of any version: 0.1 has `scenario` and
/// `metrics` where 0.2 has `run` and `results`).
pub(in crate::core::import) fn detect(doc: &Value) -> bool {
    version(doc).is_some_and(|v| v.starts_with("0."))
        && ((at(doc, &["run", "uid"]).is_some() && doc.get("results").is_some())
            || (doc.get("scenario").is_some() && doc.get("metrics").is_some()))
}

/// Why a report of another version is not read, or `None` for one that is.
pub(in crate::core::import) fn unsupported(doc: &Value) -> Option<String> {
    let version = version(doc)?;
    (!VERSIONS.contains(&version.as_str())).then(|| {
        format!(
            "a Benchmark Report of version {version}, which servescope does not read: it reads versions {} (llm-d-benchmark's converter writes 0.2.1 from the same harness output)",
            VERSIONS.join(" and ")
        )
    })
}

/// How a producer (`scenario.load.standardized.tool`) fills TPOT and ITL, as llm-d's
/// converter (`native_to_br0_2.py`) maps each harness's own figures: which report field
/// holds servescope's TPOT (per request, (E2E − TTFT) ÷ (output − 1)) and which its ITL
/// (gaps between streamed chunks), and the method text's words.
pub(in crate::core::import) struct Producer {
    /// The producer as reports name it.
    pub(in crate::core::import) tool: &'static str,
    /// The latency field holding TPOT, if any.
    pub(in crate::core::import) tpot: Option<&'static str>,
    /// The latency field holding ITL, if any.
    pub(in crate::core::import) itl: Option<&'static str>,
    /// What the method text says.
    pub(in crate::core::import) words: &'static str,
}

/// The producers whose TPOT and ITL are known; any other producer's are not read (and said).
pub(in crate::core::import) const PRODUCERS: [Producer; 6] = [
    Producer {
        tool: "servescope",
        tpot: Some("time_per_output_token"),
        itl: Some("inter_token_latency"),
        words: "TPOT from time_per_output_token and ITL from inter_token_latency (a servescope study's own, written by servescope-export)",
    },
    Producer {
        tool: "inference-perf",
        tpot: Some("time_per_output_token"),
        itl: None,
        words: "TPOT from time_per_output_token (inference-perf's per request (last − first token) ÷ (output − 1)); its inter_token_latency pools the gaps between every pair of token timestamps, microseconds apart within one streamed chunk, and is not read as ITL",
    },
    Producer {
        tool: "vllm-benchmark",
        tpot: Some("time_per_output_token"),
        itl: Some("inter_token_latency"),
        words: "TPOT from time_per_output_token (vLLM's tpot), ITL from inter_token_latency (vLLM's itl, gaps between chunks)",
    },
    Producer {
        tool: "inferencemax",
        tpot: Some("time_per_output_token"),
        itl: Some("inter_token_latency"),
        words: "TPOT from time_per_output_token and ITL from inter_token_latency (InferenceMAX's, as vLLM's; its ITL has no p50)",
    },
    Producer {
        tool: "guidellm",
        tpot: Some("inter_token_latency"),
        itl: None,
        words: "TPOT from inter_token_latency (GuideLLM's inter_token_latency_ms, per request); its time_per_output_token includes TTFT and is not read; no ITL",
    },
    Producer {
        tool: "aiperf",
        tpot: Some("inter_token_latency"),
        itl: None,
        words: "TPOT from inter_token_latency (AIPerf's, per request); no ITL",
    },
];

/// A statistic's value (`p50`, `p99`) in ms, from its declared time unit.
fn millis(stat: Option<&Statistic>, value: fn(&Statistic) -> Option<f64>) -> Result<Option<f64>, String> {
    let Some(stat) = stat else { return Ok(None) };
    let factor = match stat.units.as_deref() {
        Some("s" | "s/token") => 1000.0,
        Some("ms" | "ms/token") => 1.0,
        other => return Err(format!("units {} are not a time", other.map_or("missing".to_owned(), |u| format!("`{u}`")))),
    };
    Ok(positive(value(stat)).map(|v| v * factor))
}

/// A statistic's mean in `units` (one of them), or an error naming what it declares.
fn mean_in(stat: Option<&Statistic>, units: &[&str]) -> Result<Option<f64>, String> {
    let Some(stat) = stat else { return Ok(None) };
    match stat.units.as_deref() {
        Some(u) if units.contains(&u) => Ok(stat.mean),
        other => Err(format!("units {} are not {}", other.map_or("missing".to_owned(), |u| format!("`{u}`")), units.join(" or "))),
    }
}

/// A serving component of the stack.
struct Engine {
    label: String,
    role: String,
    gpus: u64,
    accelerator: Option<String>,
    model: Option<String>,
    /// `native.args` as written (`--flag value`, a flag alone where its value is null).
    args: Option<String>,
}

fn engines(report: &Report) -> Vec<Engine> {
    report
        .scenario
        .stack
        .iter()
        .filter(|c| c.standardized.kind == "inference_engine")
        .map(|c| {
            let s = &c.standardized;
            let count = s.accelerator.as_ref().and_then(|a| a.count).unwrap_or(0);
            let replicas = s.replicas.filter(|n| *n >= 1).unwrap_or(1);
            Engine {
                label: c.metadata.label.clone(),
                role: s.role.clone().unwrap_or_default(),
                gpus: count * replicas,
                accelerator: s.accelerator.as_ref().and_then(|a| a.model.clone()),
                model: s.model.as_ref().and_then(|m| m.name.clone()),
                args: c.native.args.as_ref().filter(|a| !a.is_empty()).map(|args| {
                    let words: Vec<String> = args
                        .iter()
                        .map(|(flag, value)| match value {
                            Value::Null => flag.clone(),
                            Value::String(v) => format!("{flag} {v}"),
                            other => format!("{flag} {other}"),
                        })
                        .collect();
                    words.join(" ")
                }),
            }
        })
        .collect()
}

/// The one value every engine names, if they agree.
fn agreed(values: impl Iterator<Item = Option<String>>) -> Option<String> {
    let mut seen: Option<String> = None;
    for value in values {
        match (&seen, value) {
            (_, None) => return None,
            (None, Some(v)) => seen = Some(v),
            (Some(s), Some(v)) if *s != v => return None,
            _ => {}
        }
    }
    seen
}

/// An ISO 8601 duration such as `PT49.97S` or `PT1H2M3.5S`, in seconds.
pub(in crate::core::import) fn duration_s(text: &str) -> Option<f64> {
    let rest = text.strip_prefix("PT")?;
    let (mut total, mut digits) = (0.0, String::new());
    for c in rest.chars() {
        let unit = match c {
            'H' => 3600.0,
            'M' => 60.0,
            'S' => 1.0,
            c if c.is_ascii_digit() || c == '.' => {
                digits.push(c);
                continue;
            }
            _ => return None,
        };
        total += digits.parse::<f64>().ok()? * unit;
        digits.clear();
    }
    (digits.is_empty() && total > 0.0).then_some(total)
}

/// A nominal length from the load's sequence-length spec.
fn length(spec: Option<&schema::SeqLen>, key: &'static str) -> Option<Length> {
    spec.and_then(|s| s.value).filter(|v| *v >= 1).map(|v| Length::nominal(v, key))
}

/// What a report's reading says about statistics it could not read.
#[derive(Default)]
struct Unread(Vec<String>);

impl Unread {
    /// The value, or `None` and a caveat naming the statistic and why.
    fn read(&mut self, what: &str, found: Result<Option<f64>, String>) -> Option<f64> {
        found.unwrap_or_else(|why| {
            self.0.push(format!("{what}: {why}, so it is not read"));
            None
        })
    }
}

/// The report's one run, or why it does not follow the schema.
pub(in crate::core::import) fn run(doc: &Value, entry: String) -> Result<Run, String> {
    // Through its text: the import module then carries one serde_json deserializer (the
    // text's), not also the tree's (`from_value`), for a report of a few kilobytes.
    let report: Report =
        serde_json::from_str(&doc.to_string()).map_err(|e| format!("not a Benchmark Report as its schema writes one: {e}"))?;
    let load = &report.scenario.load.standardized;
    let aggregate = &report.results.request_performance.aggregate;
    let mut said = Unread::default();
    let latency = |name: &str| aggregate.latency.as_ref().and_then(|l| l.get(name));
    let pair = |said: &mut Unread, name: &str| {
        (said.read(name, millis(latency(name), |s| s.p50)), said.read(name, millis(latency(name), |s| s.p99)))
    };
    let producer = load.tool.as_deref().unwrap_or("");
    let meaning = PRODUCERS.iter().find(|p| p.tool == producer);
    let ttft = pair(&mut said, "time_to_first_token");
    let e2e = pair(&mut said, "request_latency");
    let tpot = meaning.and_then(|p| p.tpot).map_or((None, None), |field| pair(&mut said, field));
    let itl = meaning.and_then(|p| p.itl).map_or((None, None), |field| pair(&mut said, field));
    let throughput = aggregate.throughput.as_ref();
    let out_tok_s = positive(said.read("output_token_rate", mean_in(throughput.and_then(|t| t.output_token_rate.as_ref()), &["tokens/s"])));
    let req_s = positive(said.read("request_rate", mean_in(throughput.and_then(|t| t.request_rate.as_ref()), &["queries/s"])));
    let requests = aggregate.requests.as_ref();
    let isl_mean = positive(said.read("input_length", mean_in(requests.and_then(|r| r.input_length.as_ref()), &["count"])));
    let osl_mean = positive(said.read("output_length", mean_in(requests.and_then(|r| r.output_length.as_ref()), &["count"])));
    let mut caveats = said.0;
    let total = requests.and_then(|r| r.total).map(|t| t as f64);
    let not_completed = requests.map_or(0, |r| r.failures.unwrap_or(0) + r.incomplete.unwrap_or(0)) as f64;
    // llm-d's converter writes AIPerf's count of distinct errors as `failures`.
    let counted = producer != "aiperf";
    if !counted {
        caveats.push("requests: llm-d's converter writes AIPerf's number of distinct errors as failures, so completed and failed requests are not read".to_owned());
    }
    let stack = engines(&report);
    let gpus: u64 = stack.iter().map(|e| e.gpus).sum();
    let split = stack_split(&stack, gpus);
    caveats.extend(split.clone());
    let power = power(&report, &stack, &mut caveats);
    if meaning.is_none() && (latency("time_per_output_token").is_some() || latency("inter_token_latency").is_some()) {
        caveats.push(format!(
            "TPOT and ITL are not read: the producer `{producer}` is not one whose meaning of them servescope knows ({})",
            PRODUCERS.iter().map(|p| p.tool).collect::<Vec<_>>().join(", ")
        ));
    }
    let cap = load.concurrency.as_ref();
    let conc = level(cap.and_then(Value::as_f64));
    let unbounded = cap.is_none_or(|c| c.is_null() || rate(c, &[]).is_some_and(f64::is_infinite));
    let offered = load.rate_qps.as_ref().and_then(|r| rate(r, &[])).filter(|r| *r > 0.0);
    let time = report.run.time.as_ref();
    Ok(Run {
        entry,
        conc,
        no_conc: conc.is_none().then(|| "the report's load has neither a concurrency cap nor a rate".to_owned()),
        // A cap makes a concurrency cell; inference-perf's concurrent load writes its request
        // count as rate_qps, so a rate beside a cap is not read.
        rate: if conc.is_some() {
            None
        } else if unbounded {
            offered.or(Some(f64::INFINITY))
        } else {
            offered
        },
        sent: total.filter(|_| counted),
        n: total.filter(|_| counted).map(|t| (t - not_completed).max(0.0)),
        errors: total.filter(|_| counted).map(|_| not_completed),
        req_s_achieved: req_s,
        isl: length(load.input_seq_len.as_ref(), "input_seq_len"),
        osl: length(load.output_seq_len.as_ref(), "output_seq_len"),
        isl_mean,
        osl_mean,
        out_tok_s,
        ttft,
        tpot,
        itl,
        e2e,
        wall_s: time.and_then(|t| t.duration.as_deref()).and_then(duration_s),
        date: time
            .and_then(|t| t.start.as_deref())
            .filter(|t| t.len() >= 10 && t.as_bytes()[4] == b'-' && t.as_bytes()[7] == b'-')
            .map(|t| t[..10].to_owned()),
        power,
        gpus: u32::try_from(gpus).ok().filter(|g| *g > 0).map(|g| (g, "the stack's accelerator counts × replicas")),
        hardware: agreed(stack.iter().map(|e| e.accelerator.clone())),
        model: agreed(stack.iter().map(|e| e.model.clone())),
        labels: report.run.eid.as_ref().map(|e| vec![("run.eid".to_owned(), e.clone())]).unwrap_or_default(),
        caveat: (!caveats.is_empty()).then(|| caveats.join("; ")),
        method: Some(method_words(meaning, producer, split.as_deref(), &stack)),
        ..Run::default()
    })
}

/// The words for a stack split into prefill and decode sides, whose GPUs together are the
/// count throughput per GPU divides by.
fn stack_split(stack: &[Engine], gpus: u64) -> Option<String> {
    let has = |role: &str| stack.iter().any(|e| e.role == role);
    let side = |role: &str| stack.iter().filter(|e| e.role == role).map(|e| e.gpus).sum::<u64>();
    (has("prefill") && has("decode")).then(|| {
        format!(
            "a stack split into prefill ({} GPUs) and decode ({} GPUs): throughput per GPU divides by both sides' {gpus}",
            side("prefill"),
            side("decode")
        )
    })
}

/// How the report's numbers were measured: its producer and what its TPOT and ITL mean, a
/// split stack, and each engine's arguments.
fn method_words(meaning: Option<&Producer>, producer: &str, split: Option<&str>, stack: &[Engine]) -> String {
    let measured = match meaning {
        Some(p) => format!("Benchmark Reports from {}: {}", p.tool, p.words),
        None => format!(
            "Benchmark Reports from {}: TPOT and ITL not read (a producer whose meaning of them is not known)",
            if producer.is_empty() { "an unnamed producer" } else { producer }
        ),
    };
    let split = split.map(|s| format!("; {s}")).unwrap_or_default();
    let args: String =
        stack.iter().filter_map(|e| e.args.as_ref().map(|a| format!("; {} ({}, {} GPUs) ran with {a}", e.label, e.role, e.gpus))).collect();
    format!("{measured}{split}{args}")
}

/// Mean power per GPU over the serving components that report it, weighted by their GPUs.
fn power(report: &Report, stack: &[Engine], caveats: &mut Vec<String>) -> Option<(f64, usize)> {
    let components = &report.results.observability.as_ref()?.components;
    let (mut watts, mut gpus) = (0.0, 0u64);
    for engine in stack.iter().filter(|e| e.gpus > 0) {
        let Some(found) = components.iter().find(|c| c.component_label == engine.label) else { continue };
        match mean_in(found.aggregate.power_consumption.as_ref(), &["Watts"]) {
            Ok(Some(w)) if w > 0.0 => {
                watts += w * engine.gpus as f64;
                gpus += engine.gpus;
            }
            Ok(_) => {}
            Err(why) => caveats.push(format!("power_consumption of {}: {why}, so it is not read", engine.label)),
        }
    }
    (gpus > 0).then(|| (watts / gpus as f64, gpus as usize))
}

#[cfg(test)]
mod tests {
    use super::duration_s;

    #[test]
    fn iso_durations_read_as_seconds() {
        assert_eq!(duration_s("PT49.97206788184121S"), Some(49.97206788184121));
        assert_eq!(duration_s("PT1H2M3.5S"), Some(3723.5));
        assert_eq!(duration_s("PT2M"), Some(120.0));
        assert_eq!(duration_s("P1D"), None);
        assert_eq!(duration_s("PT"), None);
        assert_eq!(duration_s("PT5"), None);
    }
}
