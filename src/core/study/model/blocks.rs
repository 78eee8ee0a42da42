//! The measurement blocks besides serving: decode, prefill, KV cache, and the two
//! accuracy measurements.

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
    /// Present with real content (shown in the raw view).
    Done,
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
    /// Label (schema 1.1); absent, the engine's label or the id is shown.
    pub label: Option<String>,
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
