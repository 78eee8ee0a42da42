//! Importers: what the common benchmark tools write, read into runs (one measured point
//! each, per endpoint, as the tool reported it) and then into a servescope results file
//! (`study`). One module per tool; the format is told from the keys present, never from a
//! version string. The rules (zero means not measured, TPOT vs ITL, nominal vs measured
//! lengths, configured vs measured concurrency) are each tool's module's comments.

mod aiperf;
mod genai_perf;
mod guidellm;
pub mod json;
mod sglang;
pub mod study;
mod vllm;

use std::fmt;
use std::str::FromStr;

use serde_json::Value;

pub use study::{write_study, EngineGroup, StudyAnswers, WrittenFile, WrittenStudy};

/// A benchmark tool whose output can be imported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// vLLM `bench serve` (and `bench sweep serve`'s `run=k.json`).
    Vllm,
    /// SGLang `bench_serving` JSON Lines.
    Sglang,
    /// GuideLLM `benchmarks.json`.
    Guidellm,
    /// NVIDIA AIPerf `profile_export_aiperf.json`.
    Aiperf,
    /// NVIDIA GenAI-Perf `profile_export_genai_perf.json`.
    GenaiPerf,
}

impl Tool {
    /// Every tool, in the order detection tries them.
    pub const ALL: [Tool; 5] = [Tool::Guidellm, Tool::Aiperf, Tool::GenaiPerf, Tool::Sglang, Tool::Vllm];

    /// The name `--from` takes.
    pub fn as_str(self) -> &'static str {
        match self {
            Tool::Vllm => "vllm",
            Tool::Sglang => "sglang",
            Tool::Guidellm => "guidellm",
            Tool::Aiperf => "aiperf",
            Tool::GenaiPerf => "genai-perf",
        }
    }

    /// The tool's name in prose.
    pub fn title(self) -> &'static str {
        match self {
            Tool::Vllm => "vLLM bench serve",
            Tool::Sglang => "SGLang bench_serving",
            Tool::Guidellm => "GuideLLM",
            Tool::Aiperf => "AIPerf",
            Tool::GenaiPerf => "GenAI-Perf",
        }
    }

    /// Whether a document looks like this tool's output.
    fn writes(self, doc: &Value) -> bool {
        match self {
            Tool::Vllm => vllm::detect(doc),
            Tool::Sglang => sglang::detect(doc),
            Tool::Guidellm => guidellm::detect(doc),
            Tool::Aiperf => aiperf::detect(doc),
            Tool::GenaiPerf => genai_perf::detect(doc),
        }
    }
}

impl fmt::Display for Tool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Tool {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Tool::ALL.into_iter().find(|t| t.as_str() == text).ok_or_else(|| {
            let names: Vec<&str> = Tool::ALL.iter().map(|t| t.as_str()).collect();
            format!("unknown tool `{text}`: expected auto or one of {}", names.join(", "))
        })
    }
}

/// An input or output length and where it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Length {
    /// Tokens.
    pub tokens: u64,
    /// Where the value came from, in words ("random_input_len", "--isl").
    pub from: &'static str,
}

/// One measured point as the tool reported it: latencies in ms, throughput for the whole
/// endpoint, power per GPU. `None` is not measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Run {
    /// Where in the file ("line 2", "object 1", "benchmarks[0]").
    pub entry: String,
    /// The configured concurrency; `None` for a run the tool drove by request rate.
    pub conc: Option<u32>,
    /// Why there is no concurrency, for the warning.
    pub no_conc: Option<String>,
    /// Nominal input length, where the tool records one.
    pub isl: Option<Length>,
    /// Nominal output length.
    pub osl: Option<Length>,
    /// Requests completed.
    pub n: Option<f64>,
    /// Requests failed.
    pub errors: Option<f64>,
    /// Wall time of the measured window, s.
    pub wall_s: Option<f64>,
    /// Start and end of the window, epoch s.
    pub t_start: Option<f64>,
    /// See `t_start`.
    pub t_end: Option<f64>,
    /// Output lengths of successful requests, where the file lists them (for `short`).
    pub output_lengths: Option<Vec<f64>>,
    /// Output tok/s of the whole endpoint.
    pub out_tok_s: Option<f64>,
    /// TTFT p50 / p99, ms.
    pub ttft: (Option<f64>, Option<f64>),
    /// TPOT p50 / p99, ms (per request, (E2E − TTFT) ÷ (output tokens − 1)).
    pub tpot: (Option<f64>, Option<f64>),
    /// ITL p50 / p99, ms (chunk gaps).
    pub itl: (Option<f64>, Option<f64>),
    /// E2E p50 / p99, ms.
    pub e2e: (Option<f64>, Option<f64>),
    /// Mean GPU power per GPU, W, and the GPUs the telemetry saw.
    pub power: Option<(f64, usize)>,
    /// The run's calendar date, where the tool records one.
    pub date: Option<String>,
}

/// Something imported with a caveat, or left out: it names the file and the entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportWarning {
    /// The file.
    pub file: String,
    /// The entry, or empty for the whole file.
    pub entry: String,
    /// What happened.
    pub message: String,
}

impl fmt::Display for ImportWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.entry.is_empty() {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{} {}: {}", self.file, self.entry, self.message)
        }
    }
}

/// Why a file cannot be imported.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// Not JSON (after the lenient pre-pass).
    #[error("{file} line {line}: not JSON: {reason}")]
    NotJson {
        /// The file.
        file: String,
        /// Line.
        line: usize,
        /// The parser's words.
        reason: String,
    },
    /// No importer recognises it.
    #[error("{file}: not a format servescope imports (vLLM, SGLang, GuideLLM, AIPerf, GenAI-Perf): {why}")]
    UnknownFormat {
        /// The file.
        file: String,
        /// What was seen.
        why: String,
    },
    /// Recognised, but it holds nothing that can become a cell.
    #[error("{file}: nothing to import: {why}")]
    Nothing {
        /// The file.
        file: String,
        /// Why.
        why: String,
    },
    /// The study cannot be written as asked.
    #[error("{0}")]
    Study(String),
}

/// A file read by its tool's importer.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    /// The tool.
    pub tool: Tool,
    /// Every run, in file order (rate-driven ones included, with `conc: None`).
    pub runs: Vec<Run>,
    /// Caveats.
    pub warnings: Vec<ImportWarning>,
}

/// Read one tool output. `tool` forces the format; otherwise it is detected from the keys.
pub fn import_file(file: &str, bytes: &[u8], tool: Option<Tool>) -> Result<Imported, ImportError> {
    let text = String::from_utf8_lossy(bytes);
    let (clean, replaced) = json::without_non_finite(text.trim_start_matches('\u{feff}'));
    let docs = json::documents(&clean).map_err(|(line, reason)| ImportError::NotJson { file: file.to_owned(), line, reason })?;
    let Some(first) = docs.first() else {
        return Err(ImportError::Nothing { file: file.to_owned(), why: "the file is empty".into() });
    };
    let tool = match tool {
        Some(tool) => tool,
        None => Tool::ALL
            .into_iter()
            .find(|t| t.writes(&first.value))
            .ok_or_else(|| ImportError::UnknownFormat { file: file.to_owned(), why: describe_keys(&first.value) })?,
    };
    let mut warnings: Vec<ImportWarning> = replaced
        .iter()
        .map(|r| ImportWarning {
            file: file.to_owned(),
            entry: format!("line {}", r.line),
            message: format!("bare {} is not JSON; read as null (not measured)", r.token),
        })
        .collect();
    let many = docs.len() > 1;
    let mut runs = Vec::new();
    for (k, doc) in docs.iter().enumerate() {
        let entry = if tool == Tool::Sglang {
            format!("line {}", doc.line)
        } else if many {
            format!("object {}", k + 1)
        } else {
            String::new()
        };
        let found = match tool {
            Tool::Vllm => vec![vllm::run(&doc.value, entry)],
            Tool::Sglang => vec![sglang::run(&doc.value, entry)],
            Tool::Guidellm => guidellm::runs(&doc.value),
            Tool::Aiperf => vec![aiperf::run(&doc.value, entry)],
            Tool::GenaiPerf => vec![genai_perf::run(&doc.value, entry)],
        };
        runs.extend(found);
    }
    for run in &runs {
        if let Some(why) = &run.no_conc {
            warnings.push(ImportWarning {
                file: file.to_owned(),
                entry: run.entry.clone(),
                message: format!("{why}; not a concurrency cell, skipped"),
            });
        }
    }
    if runs.iter().all(|r| r.conc.is_none()) {
        let why = runs.first().and_then(|r| r.no_conc.clone()).unwrap_or_else(|| "no runs".into());
        return Err(ImportError::Nothing { file: file.to_owned(), why: format!("no run has a configured concurrency ({why})") });
    }
    Ok(Imported { tool, runs, warnings })
}

/// The top-level keys of a document, for the "not a format" error.
fn describe_keys(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let keys: Vec<&str> = map.keys().take(6).map(String::as_str).collect();
            format!("an object with keys {}{}", keys.join(", "), if map.len() > 6 { ", …" } else { "" })
        }
        Value::Array(_) => "a JSON array".into(),
        _ => "not a JSON object".into(),
    }
}
