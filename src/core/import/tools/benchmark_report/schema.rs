//! llm-d's Benchmark Report (versions 0.2 and 0.2.1) as serde types: the one spelling of
//! the fields servescope reads (`super::run`) and writes (`core::export`), so the reader and
//! the writer cannot drift apart. Only the fields either side uses are named; any other
//! field a report carries is ignored on reading. Numbers are read leniently (a number, a
//! number written as a string, else absent), as the tools write them; the reading policy
//! — units, producers, what is not read and why — is the reader's.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The version the export writes.
pub const VERSION: &str = "0.2.1";

/// One report: one point of a sweep.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The schema's version (YAML may write `0.2` as a number).
    #[serde(deserialize_with = "super::lenient::text")]
    pub version: String,
    /// The run's identity and time.
    #[serde(default)]
    pub run: RunInfo,
    /// What ran: the stack and the load.
    #[serde(default)]
    pub scenario: Scenario,
    /// What was measured.
    #[serde(default)]
    pub results: Results,
}

/// `run`: identifiers, description and time.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunInfo {
    /// This point's id.
    #[serde(default)]
    pub uid: String,
    /// The experiment's id, shared by the points of one sweep.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eid: Option<String>,
    /// In words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// When, and how long.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<Time>,
}

/// `run.time`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Time {
    /// ISO 8601 start.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::opt_text")]
    pub start: Option<String>,
    /// ISO 8601 duration (`PT49.9S`).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::opt_text")]
    pub duration: Option<String>,
}

/// `scenario`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    /// The stack's components (inference engines, routers…).
    #[serde(default)]
    pub stack: Vec<Component>,
    /// The load.
    #[serde(default)]
    pub load: LoadSpec,
}

/// A component of the stack.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Component {
    /// Its label and ids.
    #[serde(default)]
    pub metadata: ComponentMeta,
    /// What it is, standardized.
    #[serde(default)]
    pub standardized: Standardized,
    /// As the tool wrote it.
    #[serde(default)]
    pub native: Native,
}

/// `metadata` of a component.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ComponentMeta {
    /// Its label (what `results.observability` names it by).
    #[serde(default, deserialize_with = "super::lenient::text_or_empty")]
    pub label: String,
    /// Its configuration's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cfg_id: Option<String>,
    /// In words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// `standardized` of a component.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Standardized {
    /// `inference_engine`, …
    #[serde(default, deserialize_with = "super::lenient::text_or_empty")]
    pub kind: String,
    /// The engine.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::opt_text")]
    pub tool: Option<String>,
    /// Its version.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::opt_text")]
    pub tool_version: Option<String>,
    /// `prefill`, `decode`, `replica`…
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::opt_text")]
    pub role: Option<String>,
    /// How many copies.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::count")]
    pub replicas: Option<u64>,
    /// The model served.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<ModelName>,
    /// Its accelerators, per replica.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accelerator: Option<Accelerator>,
}

/// `model`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ModelName {
    /// Its name.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::opt_text")]
    pub name: Option<String>,
}

/// `accelerator`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Accelerator {
    /// The accelerator's name.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::opt_text")]
    pub model: Option<String>,
    /// How many (0: not known).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::count")]
    pub count: Option<u64>,
    /// How the model is split over them.
    #[serde(default)]
    pub parallelism: Map<String, Value>,
}

/// `native`: what the tool wrote, as it wrote it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Native {
    /// The engine's arguments (`--flag: value`).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::object")]
    pub args: Option<Map<String, Value>>,
}

/// `scenario.load`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LoadSpec {
    /// Its configuration's id.
    #[serde(default)]
    pub metadata: LoadMeta,
    /// The load, standardized.
    #[serde(default)]
    pub standardized: LoadStandardized,
    /// As the producer wrote it.
    #[serde(default)]
    pub native: Native,
}

/// `scenario.load.metadata`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LoadMeta {
    /// Its configuration's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cfg_id: Option<String>,
}

/// `scenario.load.standardized`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LoadStandardized {
    /// The producer (the harness that measured).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::opt_text")]
    pub tool: Option<String>,
    /// Its version.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::opt_text")]
    pub tool_version: Option<String>,
    /// Where the prompts came from.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::opt_text")]
    pub source: Option<String>,
    /// The input length's spec.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_seq_len: Option<SeqLen>,
    /// The output length's spec.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_seq_len: Option<SeqLen>,
    /// The offered request rate, as written (a number, or `inf`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate_qps: Option<Value>,
    /// The concurrency cap, as written (an integer, `.inf`, or null for none).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::present")]
    pub concurrency: Option<Value>,
}

/// A sequence length's spec.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SeqLen {
    /// `fixed`, `normal`, `other`…
    #[serde(default, deserialize_with = "super::lenient::text_or_empty")]
    pub distribution: String,
    /// The nominal length.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::rounded")]
    pub value: Option<u64>,
}

/// `results`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Results {
    /// Per request.
    #[serde(default)]
    pub request_performance: RequestPerformance,
    /// What the collectors saw (power).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observability: Option<Observability>,
}

/// `results.request_performance`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RequestPerformance {
    /// Over the whole run.
    #[serde(default)]
    pub aggregate: Aggregate,
}

/// `results.request_performance.aggregate`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Aggregate {
    /// Counts and lengths.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requests: Option<Requests>,
    /// Latencies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub latency: Option<Latency>,
    /// Throughputs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throughput: Option<Throughput>,
}

/// `aggregate.requests`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Requests {
    /// Every request sent.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::count")]
    pub total: Option<u64>,
    /// Requests that failed.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::count")]
    pub failures: Option<u64>,
    /// Requests that did not complete.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::count")]
    pub incomplete: Option<u64>,
    /// Input tokens per request.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::statistic")]
    pub input_length: Option<Statistic>,
    /// Output tokens per request.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::statistic")]
    pub output_length: Option<Statistic>,
}

/// `aggregate.latency`, by the schema's names.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Latency {
    /// TTFT.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::statistic")]
    pub time_to_first_token: Option<Statistic>,
    /// What the producer calls TPOT.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::statistic")]
    pub time_per_output_token: Option<Statistic>,
    /// E2E.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::statistic")]
    pub request_latency: Option<Statistic>,
    /// What the producer calls ITL.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::statistic")]
    pub inter_token_latency: Option<Statistic>,
}

impl Latency {
    /// A latency by its schema name.
    pub fn get(&self, name: &str) -> Option<&Statistic> {
        match name {
            "time_to_first_token" => self.time_to_first_token.as_ref(),
            "time_per_output_token" => self.time_per_output_token.as_ref(),
            "request_latency" => self.request_latency.as_ref(),
            "inter_token_latency" => self.inter_token_latency.as_ref(),
            _ => None,
        }
    }
}

/// `aggregate.throughput`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Throughput {
    /// Output tokens per second, the endpoint's.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::statistic")]
    pub output_token_rate: Option<Statistic>,
    /// Requests per second.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::statistic")]
    pub request_rate: Option<Statistic>,
}

/// A statistic with its units. A statistic that is not an object reads as absent.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Statistic {
    /// Its units, as written.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::opt_text")]
    pub units: Option<String>,
    /// The mean.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::number")]
    pub mean: Option<f64>,
    /// The median.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::number")]
    pub p50: Option<f64>,
    /// The 99th percentile.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::number")]
    pub p99: Option<f64>,
}

impl Statistic {
    /// A statistic of `mean` in `units`, with what percentiles are known.
    pub fn of(units: &str, mean: f64, p50: Option<f64>, p99: Option<f64>) -> Statistic {
        Statistic { units: Some(units.to_owned()), mean: Some(mean), p50, p99 }
    }
}

/// `results.observability`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Observability {
    /// Per component.
    #[serde(default)]
    pub components: Vec<Observed>,
}

/// One component's observations.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Observed {
    /// The component, by its stack label.
    #[serde(default, deserialize_with = "super::lenient::text_or_empty")]
    pub component_label: String,
    /// Over the run.
    #[serde(default)]
    pub aggregate: ObservedAggregate,
}

/// What a component's collector saw over the run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ObservedAggregate {
    /// Power, per GPU (DCGM's).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::lenient::statistic")]
    pub power_consumption: Option<Statistic>,
}
