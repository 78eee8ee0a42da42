//! The checked model the views use. Only `validate::parse_results` builds it, so a view
//! never sees an unchecked file. Every number that may be null in the file is an `Option`:
//! `None` means "not measured", never zero.

use serde_json::Value;

/// A validated results file: one published study.
#[derive(Clone, Debug, PartialEq)]
pub struct Results {
    /// The study's title.
    pub title: String,
    /// The study's date, as written.
    pub date: String,
    /// What the study covers and does not, as written.
    pub scope: Option<String>,
    /// The concurrency levels every per-concurrency list is indexed by (positive, ascending).
    pub concurrency: Vec<u32>,
    /// The serving setups compared.
    pub engines: Vec<Engine>,
    /// Every raw file behind the figures, with its hash.
    pub sources: Vec<Source>,
    /// Aggregate decode throughput against concurrency.
    pub decode: Option<Decode>,
    /// Prefill speed at nominal prompt lengths.
    pub prefill: Option<Prefill>,
    /// KV-cache capacity at start-up.
    pub cache: Option<Cache>,
    /// Serving sweeps per workload.
    pub serving: Option<Serving>,
    /// Served accuracy against a BF16 reference.
    pub accuracy: Option<Accuracy>,
    /// Full-vocabulary weight accuracy.
    pub weight_accuracy: Option<WeightAccuracy>,
    /// The whole parsed document, so fields the model does not know are never lost.
    pub raw: Value,
}

impl Results {
    /// The engine with this id, if declared.
    pub fn engine(&self, id: &str) -> Option<&Engine> {
        self.engines.iter().find(|e| e.id == id)
    }

    /// The index of an engine id in file order; colours and markers follow it.
    pub fn engine_index(&self, id: &str) -> Option<usize> {
        self.engines.iter().position(|e| e.id == id)
    }
}

/// One serving setup: an engine with its checkpoint.
#[derive(Clone, Debug, PartialEq)]
pub struct Engine {
    /// Stable id, used in links (`engines=`) and row references.
    pub id: String,
    /// Human label.
    pub label: String,
    /// The source file this engine's setup is recorded in.
    pub source: Option<String>,
    /// The checkpoint served.
    pub checkpoint: Option<String>,
}

/// A raw file behind the figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Source {
    /// File name, relative to the results file.
    pub file: Option<String>,
    /// A remote address, for sources not shipped beside the results file.
    pub url: Option<String>,
    /// Where the file lived when it was produced.
    pub original_path: Option<String>,
    /// When a remote source was retrieved.
    pub retrieved: Option<String>,
    /// Expected sha256, lower-case hex (compared case-insensitively).
    pub sha256: String,
}

impl Source {
    /// The name figures cite this source by: its file, else its URL.
    pub fn name(&self) -> &str {
        self.file.as_deref().or(self.url.as_deref()).unwrap_or("")
    }
}

/// Aggregate output tok/s against concurrency.
#[derive(Clone, Debug, PartialEq)]
pub struct Decode {
    /// Unit text, as written.
    pub unit: Option<String>,
    /// Method text, as written.
    pub method: Option<String>,
    /// One row per engine.
    pub rows: Vec<DecodeRow>,
}

/// One engine's decode throughput, one value per concurrency level.
#[derive(Clone, Debug, PartialEq)]
pub struct DecodeRow {
    /// Engine id.
    pub id: String,
    /// Label, as written (the engine's label is used when absent).
    pub label: Option<String>,
    /// `values[i]` is measured at `concurrency[i]`; `None` = not measured.
    pub values: Vec<Option<f64>>,
    /// Source files these values come from.
    pub sources: Vec<String>,
}

/// Prefill speed at nominal prompt lengths.
#[derive(Clone, Debug, PartialEq)]
pub struct Prefill {
    /// Unit text, as written.
    pub unit: Option<String>,
    /// The nominal prompt lengths measured.
    pub nominal_tokens: Vec<u64>,
    /// One row per engine.
    pub rows: Vec<PrefillRow>,
}

/// One engine's prefill measurements.
#[derive(Clone, Debug, PartialEq)]
pub struct PrefillRow {
    /// Engine id.
    pub id: String,
    /// Source file.
    pub source: Option<String>,
    /// One per nominal length.
    pub measurements: Vec<PrefillMeasurement>,
}

/// Prefill at one nominal prompt length.
#[derive(Clone, Debug, PartialEq)]
pub struct PrefillMeasurement {
    /// Nominal prompt length.
    pub nominal_tokens: u64,
    /// Tokens really sent.
    pub prompt_tokens: Option<f64>,
    /// Input tokens per second.
    pub tok_per_sec: Option<f64>,
    /// Time to first token, in seconds.
    pub ttft_seconds: Option<f64>,
    /// Sample count.
    pub samples: Option<f64>,
    /// How it was measured, as written.
    pub method: Option<String>,
    /// Whether the server-side check was done; all zeros and empty strings mean not done.
    pub server_validation: ServerValidation,
}

/// The status of a prefill measurement's server-side check.
#[derive(Clone, Debug, PartialEq)]
pub enum ServerValidation {
    /// Absent from the file.
    Absent,
    /// Present but all zeros and empty strings: the check was not done (not a measured 0).
    NotDone,
    /// Present with real content.
    Done(Value),
}

/// KV-cache capacity at start-up.
#[derive(Clone, Debug, PartialEq)]
pub struct Cache {
    /// Unit text, as written.
    pub unit: Option<String>,
    /// The configured context length.
    pub configured_context_tokens: Option<f64>,
    /// The divisor behind `memoryOnly32k`.
    pub divisor_tokens: Option<f64>,
    /// Method and caveat text, as written.
    pub method: Option<String>,
    /// One row per engine that reported a cache.
    pub rows: Vec<CacheRow>,
}

/// One engine's reported KV cache.
#[derive(Clone, Debug, PartialEq)]
pub struct CacheRow {
    /// Engine id.
    pub id: String,
    /// Source file.
    pub source: Option<String>,
    /// KV tokens.
    pub tokens: Option<f64>,
    /// The file's own floor of tokens ÷ divisor; a memory-only illustration.
    pub memory_only_32k: Option<f64>,
}

/// Serving sweeps per workload, with the file's unit texts.
#[derive(Clone, Debug, PartialEq)]
pub struct Serving {
    /// Definition of `out_tok_s`.
    pub aggregate_unit: Option<String>,
    /// Definition of `user_tok_s`.
    pub user_unit: Option<String>,
    /// Definition of `power_w`.
    pub power_unit: Option<String>,
    /// Definition of `tok_s_per_kw`.
    pub energy_unit: Option<String>,
    /// Sample limits text.
    pub sample_limits: Option<String>,
    /// Selection notes.
    pub selection: Option<String>,
    /// One per input/output length pair.
    pub workloads: Vec<Workload>,
}

/// One input/output length pair.
#[derive(Clone, Debug, PartialEq)]
pub struct Workload {
    /// Input sequence length.
    pub isl: u64,
    /// Output sequence length.
    pub osl: u64,
    /// One row per engine measured.
    pub rows: Vec<ServingRow>,
}

impl Workload {
    /// The link token, `ISLxOSL`.
    pub fn key(&self) -> String {
        format!("{}x{}", self.isl, self.osl)
    }

    /// The human name, "ISL 1024 / OSL 8192".
    pub fn name(&self) -> String {
        format!("ISL {} / OSL {}", self.isl, self.osl)
    }
}

/// One engine in one workload: a cell per concurrency level.
#[derive(Clone, Debug, PartialEq)]
pub struct ServingRow {
    /// Engine id.
    pub id: String,
    /// `cells[i]` is at `concurrency[i]`; `None` = not measured.
    pub cells: Vec<Option<Cell>>,
}

/// One measured serving cell. Every metric is optional: a null field is not measured.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Cell {
    /// Concurrency the cell ran at.
    pub conc: u32,
    /// Input length.
    pub isl: Option<u64>,
    /// Output length.
    pub osl: Option<u64>,
    /// Start time (epoch seconds).
    pub t_start: Option<f64>,
    /// End time (epoch seconds).
    pub t_end: Option<f64>,
    /// Requests measured.
    pub n: Option<f64>,
    /// Requests that failed.
    pub errors: Option<f64>,
    /// Wall time of the cell in seconds.
    pub wall_s: Option<f64>,
    /// Requests that stopped short of the requested output length (by the field's name).
    pub short: Option<f64>,
    /// Aggregate output tok/s per GPU.
    pub out_tok_s: Option<f64>,
    /// Per-user decode speed.
    pub user_tok_s: Option<f64>,
    /// GPUs used.
    pub gpus: Option<f64>,
    /// Mean GPU power, W.
    pub power_w: Option<f64>,
    /// Output tok/s per kW of mean GPU power.
    pub tok_s_per_kw: Option<f64>,
    /// Latency percentiles in ms.
    pub ttft_p50_ms: Option<f64>,
    /// See `ttft_p50_ms`.
    pub ttft_p99_ms: Option<f64>,
    /// See `ttft_p50_ms`.
    pub tpot_p50_ms: Option<f64>,
    /// See `ttft_p50_ms`.
    pub tpot_p99_ms: Option<f64>,
    /// See `ttft_p50_ms`.
    pub itl_p50_ms: Option<f64>,
    /// See `ttft_p50_ms`.
    pub itl_p99_ms: Option<f64>,
    /// See `ttft_p50_ms`.
    pub e2e_p50_ms: Option<f64>,
    /// See `ttft_p50_ms`.
    pub e2e_p99_ms: Option<f64>,
    /// The sweep file this cell came from.
    pub source: Option<String>,
}

/// Served accuracy against a BF16 reference.
#[derive(Clone, Debug, PartialEq)]
pub struct Accuracy {
    /// Teacher-forced positions covered.
    pub positions: Option<f64>,
    /// Method text, as written.
    pub method: Option<String>,
    /// One row per checkpoint measured; `bf16` is the control.
    pub rows: Vec<AccuracyRow>,
}

/// One served-accuracy measurement.
#[derive(Clone, Debug, PartialEq)]
pub struct AccuracyRow {
    /// Own id (may equal an engine id).
    pub id: String,
    /// Hardware it ran on.
    pub hardware: Option<String>,
    /// KL divergence against the reference.
    pub kl: Option<f64>,
    /// Top-1 agreement, a fraction.
    pub top1: Option<f64>,
    /// Rows of the test set covered.
    pub rows: Vec<String>,
    /// Source file.
    pub source: Option<String>,
}

/// Full-vocabulary weight accuracy.
#[derive(Clone, Debug, PartialEq)]
pub struct WeightAccuracy {
    /// Source file.
    pub source: Option<String>,
    /// Held-out tokens measured over.
    pub held_out_tokens: Option<f64>,
    /// Method text.
    pub method: Option<String>,
    /// One row per checkpoint.
    pub rows: Vec<WeightRow>,
    /// Long-context retrieval results.
    pub retrieval: Vec<Retrieval>,
    /// The file's stated limits.
    pub limits: Option<String>,
}

/// One weight-accuracy row.
#[derive(Clone, Debug, PartialEq)]
pub struct WeightRow {
    /// Own id.
    pub id: String,
    /// Label.
    pub label: Option<String>,
    /// Full-vocabulary KL.
    pub kl: Option<f64>,
    /// 95 % CI of the KL; `None` = no CI reported (not a zero-width one).
    pub kl95_ci: Option<(f64, f64)>,
    /// KL with routing locked.
    pub routing_locked_kl: Option<f64>,
    /// Top-1 agreement in percent.
    pub top1_percent: Option<f64>,
}

/// Retrieval at one context length.
#[derive(Clone, Debug, PartialEq)]
pub struct Retrieval {
    /// Matched probes.
    pub matched: Option<f64>,
    /// Probes run.
    pub total: Option<f64>,
    /// Context label, as written ("131K").
    pub context_label: Option<String>,
}
