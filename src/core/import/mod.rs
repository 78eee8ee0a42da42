//! Importers: what the common benchmark tools write, read into runs (one measured point
//! each, per endpoint, as the tool reported it) and then into a servescope results file
//! (`study`). One module per tool; the format is told from the keys present, never from a
//! version string. The rules (zero means not measured, TPOT vs ITL, nominal vs measured
//! lengths, configured vs measured concurrency) are each tool's module's comments.

mod aiperf;
mod cells;
mod checks;
pub mod doc;
pub mod draft;
mod genai_perf;
mod groups;
mod guidellm;
pub mod json;
mod llmperf;
mod load;
pub mod remote;
mod sglang;
pub mod study;
mod vllm;

use std::fmt;
use std::str::FromStr;

use serde_json::Value;

pub use cells::rederive;
pub use load::Load;
pub use study::{write_study, EngineGroup, FileRead, StudyAnswers, WrittenFile, WrittenStudy};

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
    /// LLMPerf `*_summary.json` (and wrappers keyed by concurrency).
    Llmperf,
}

impl Tool {
    /// Every tool, in the order detection tries them.
    pub const ALL: [Tool; 6] = [Tool::Guidellm, Tool::Aiperf, Tool::GenaiPerf, Tool::Llmperf, Tool::Sglang, Tool::Vllm];

    /// The name `--from` takes.
    pub fn as_str(self) -> &'static str {
        match self {
            Tool::Vllm => "vllm",
            Tool::Sglang => "sglang",
            Tool::Guidellm => "guidellm",
            Tool::Aiperf => "aiperf",
            Tool::GenaiPerf => "genai-perf",
            Tool::Llmperf => "llmperf",
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
            Tool::Llmperf => "LLMPerf",
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
            Tool::Llmperf => llmperf::detect(doc),
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
    /// Why there is no load to place the run at (no concurrency and no rate), for the warning.
    pub no_conc: Option<String>,
    /// The offered request rate, req/s; infinite for "send everything at once".
    pub rate: Option<f64>,
    /// Requests sent (completed and failed), where the tool records it (a burst's N).
    pub requests: Option<f64>,
    /// The run's index among repeated runs of one configuration (vLLM `run_number`).
    pub trial: Option<u32>,
    /// Mean requests in flight as measured.
    pub conc_achieved: Option<f64>,
    /// Completed requests/s as measured.
    pub req_s_achieved: Option<f64>,
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
    /// A caveat the importer says about this run (a figure it left out, and why).
    pub caveat: Option<String>,
    /// The model the tool says it served (vLLM `model_id`, AIPerf/GenAI-Perf `model_names`,
    /// LLMPerf `model`).
    pub model: Option<String>,
    /// The publisher's own labels on the run (vLLM `--metadata` strings such as
    /// `"deployment": "base"`): runs that differ in one are different setups, never trials.
    pub labels: Vec<(String, String)>,
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
    #[error("{file}: not a format servescope imports (vLLM, SGLang, GuideLLM, AIPerf, GenAI-Perf, LLMPerf summaries): {why}")]
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
    /// The tool's layout, in words ("bench sweep summary, a list of runs").
    pub layout: &'static str,
    /// Every run, in file order (rate-driven ones included, with `conc: None`).
    pub runs: Vec<Run>,
    /// Caveats.
    pub warnings: Vec<ImportWarning>,
}

impl Imported {
    /// The runs that can be placed as cells (a concurrency, a rate or a burst).
    pub fn placeable(&self) -> Vec<&Run> {
        self.runs.iter().filter(|r| Load::of(r).is_ok()).collect()
    }

    /// What the file was read as, in a line: "vLLM bench serve (appended results, one per
    /// line), 3 runs (2 by concurrency, 1 by request rate)".
    pub fn read_as(&self) -> String {
        let loads: Vec<Load> = self.runs.iter().filter_map(|r| Load::of(r).ok()).collect();
        let by = |axis: crate::core::model::LoadAxis| loads.iter().filter(|l| l.axis() == axis).count();
        let (conc, rate) = (by(crate::core::model::LoadAxis::Concurrency), by(crate::core::model::LoadAxis::Rate));
        let runs = |n: usize| if n == 1 { "1 run".to_owned() } else { format!("{n} runs") };
        let how = match (conc, rate) {
            (_, 0) => format!("{} by concurrency", runs(conc)),
            (0, _) => format!("{} by request rate", runs(rate)),
            _ => format!("{} ({conc} by concurrency, {rate} by request rate)", runs(conc + rate)),
        };
        format!("{} ({}), {how}", self.tool.title(), self.layout)
    }
}

/// Read one tool output. `tool` forces the format; otherwise it is detected from the keys.
pub fn import_file(file: &str, bytes: &[u8], tool: Option<Tool>) -> Result<Imported, ImportError> {
    import_file_with(file, bytes, tool, None)
}

/// Read one tool output; a run with no load recorded (June 2025 AIPerf) takes
/// `conc`, the concurrency the publisher says it ran at (`--conc N`), and says so.
pub fn import_file_with(file: &str, bytes: &[u8], tool: Option<Tool>, conc: Option<u32>) -> Result<Imported, ImportError> {
    let text = String::from_utf8_lossy(bytes);
    let (clean, replaced) = json::without_non_finite(text.trim_start_matches('\u{feff}'));
    let docs = json::documents(&clean).map_err(|(line, reason)| ImportError::NotJson { file: file.to_owned(), line, reason })?;
    let Some(first) = docs.first() else {
        return Err(ImportError::Nothing { file: file.to_owned(), why: "the file is empty".into() });
    };
    // A list of runs is told by its first run.
    let probe = match &first.value {
        Value::Array(items) => items.first().unwrap_or(&first.value),
        other => other,
    };
    let tool = match tool {
        Some(tool) => tool,
        None => Tool::ALL
            .into_iter()
            .find(|t| t.writes(&first.value) || t.writes(probe))
            .ok_or_else(|| ImportError::UnknownFormat { file: file.to_owned(), why: describe_keys(probe) })?,
    };
    // One warning per token: its line, or its first lines and how many.
    let mut warnings: Vec<ImportWarning> = Vec::new();
    for token in ["NaN", "Infinity", "-Infinity"] {
        let lines: Vec<usize> = replaced.iter().filter(|r| r.token == token).map(|r| r.line).collect();
        let entry = match lines.as_slice() {
            [] => continue,
            [line] => format!("line {line}"),
            many if many.len() <= 3 => format!("lines {}", many.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")),
            many => format!("lines {}, {}, {} … ({} in all)", many[0], many[1], many[2], many.len()),
        };
        let message = if token == "Infinity" {
            "bare Infinity is not JSON; read as unbounded (a request rate) or not measured (a figure)".to_owned()
        } else {
            format!("bare {token} is not JSON; read as null (not measured)")
        };
        warnings.push(ImportWarning { file: file.to_owned(), entry, message });
    }
    let layout = checks::layout(tool, &first.value, docs.len());
    // A top-level list of runs (vLLM `bench sweep` summaries) is read run by run.
    let docs: Vec<(String, &Value)> =
        if let (false, [json::Document { value: Value::Array(items), .. }]) = (tool == Tool::Llmperf, docs.as_slice()) {
            items.iter().enumerate().map(|(k, v)| (format!("run {}", k + 1), v)).collect()
        } else {
            let many = docs.len() > 1;
            docs.iter()
                .enumerate()
                .map(|(k, d)| {
                    let entry = if tool == Tool::Sglang {
                        format!("line {}", d.line)
                    } else if many {
                        format!("object {}", k + 1)
                    } else {
                        String::new()
                    };
                    (entry, &d.value)
                })
                .collect()
        };
    let mut runs = Vec::new();
    for (entry, doc) in docs {
        let found = match tool {
            Tool::Vllm => vec![vllm::run(doc, entry)],
            Tool::Sglang => vec![sglang::run(doc, entry)],
            Tool::Guidellm => guidellm::runs(doc),
            Tool::Aiperf => vec![aiperf::run(doc, entry)],
            Tool::GenaiPerf => vec![genai_perf::run(doc, entry)],
            Tool::Llmperf => llmperf::runs(doc, &entry),
        };
        for run in &found {
            if let Some(why) = checks::unrecognised_latencies(tool, run, doc) {
                warnings.push(ImportWarning { file: file.to_owned(), entry: run.entry.clone(), message: why });
            }
        }
        runs.extend(found);
    }
    for run in &runs {
        if let Some(caveat) = &run.caveat {
            warnings.push(ImportWarning { file: file.to_owned(), entry: run.entry.clone(), message: caveat.clone() });
        }
    }
    if let Some(c) = conc {
        for run in runs.iter_mut().filter(|r| Load::of(r).is_err()) {
            let why = Load::of(run).err().unwrap_or_default();
            run.conc = Some(c);
            warnings.push(ImportWarning {
                file: file.to_owned(),
                entry: run.entry.clone(),
                message: format!("{why}: placed at c{c}, the concurrency --conc gives (the publisher's word, not the file's)"),
            });
        }
    }
    let mut placeable = 0;
    for run in &runs {
        match Load::of(run) {
            Ok(_) => placeable += 1,
            Err(why) => {
                warnings.push(ImportWarning { file: file.to_owned(), entry: run.entry.clone(), message: format!("{why}; skipped") })
            }
        }
    }
    if placeable == 0 {
        let why = runs.first().and_then(|r| Load::of(r).err()).unwrap_or_else(|| "no runs".into());
        let hint =
            if runs.is_empty() { String::new() } else { "; if you know the concurrency the runs used, give it (--conc N)".to_owned() };
        return Err(ImportError::Nothing {
            file: file.to_owned(),
            why: format!("{} ({layout}) records no concurrency or request rate for its runs ({why}){hint}", tool.title()),
        });
    }
    Ok(Imported { tool, layout, runs, warnings })
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
