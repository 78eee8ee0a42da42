//! Importers: what the common benchmark tools write, read into runs (one measured point
//! each, per endpoint, as the tool reported it) and then into a servescope results file
//! (`study`). One module per tool; the format is told from the keys present, never from a
//! version string. The rules (zero means not measured, TPOT vs ITL, nominal vs measured
//! lengths, configured vs measured concurrency) are each tool's module's comments.

pub mod ask;
pub mod draft;
pub mod given;
mod imported;
mod load;
mod pairing;
pub mod reading;
pub mod remote;
mod run;
pub mod tools;
pub mod writing;

use std::fmt;

use crate::said;
use std::str::FromStr;

use serde_json::Value;

pub use ask::{Ask, Piece, Said};
pub use given::{EngineGroup, FileRead, StudyAnswers, WrittenFile, WrittenStudy};
pub use imported::Imported;
pub use load::Load;
pub use reading::json;
pub use reading::requests::{RequestsRule, RunRequests};
pub use run::{ImportWarning, Length, Run};
pub use tools::{Importer, IMPORTERS};
pub use writing::cells::rederive;
pub use writing::tables::rederive_requests;
pub use writing::{check_answers, write_study};

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
    /// llm-d's Benchmark Report (0.2, 0.2.1; JSON or YAML), one report per point.
    BenchmarkReport,
    /// inference-perf's `stage_N_lifecycle_metrics.json`.
    InferencePerf,
}

impl Tool {
    /// Every tool, in the order detection tries them (`IMPORTERS`' order).
    pub const ALL: [Tool; 8] = {
        let mut all = [Tool::Vllm; 8];
        let mut k = 0;
        while k < tools::NAME_TABLE.len() {
            all[k] = tools::NAME_TABLE[k].tool;
            k += 1;
        }
        all
    };

    /// The tool's importer.
    pub fn importer(self) -> &'static Importer {
        IMPORTERS.iter().find(|i| i.names.tool == self).expect("every tool has its importer")
    }

    /// What the tool is called (no importer linked by reading it).
    pub fn names(self) -> &'static tools::Names {
        tools::NAMES.iter().find(|n| n.tool == self).expect("every tool has its names")
    }

    /// The name `--from` takes.
    pub fn as_str(self) -> &'static str {
        self.names().name
    }

    /// The tool's name in prose.
    pub fn title(self) -> &'static str {
        self.names().title
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
    #[error("{file}: not a format servescope imports ({}): {why}", tools::known_formats())]
    UnknownFormat {
        /// The file.
        file: String,
        /// What was seen.
        why: String,
    },
    /// Recognisably another kind of run than a serving benchmark: what it is, and why it has
    /// no serving load to chart.
    #[error("{file}: {what}")]
    NotServing {
        /// The file.
        file: String,
        /// What it is, in one sentence.
        what: String,
    },
    /// Recognised, but it holds nothing that can become a cell.
    #[error("{file}: nothing to import: {why}")]
    Nothing {
        /// The file.
        file: String,
        /// Why.
        why: String,
    },
    /// Its runs record no load, and none was given: it imports once the publisher gives one.
    #[error("{file}: nothing to import: {why}")]
    NoLoad {
        /// The file.
        file: String,
        /// Why, and what to give.
        why: Said,
    },
    /// What the files do not say and the study needs, every answer at once (one line each).
    #[error("{ANSWERS_NEEDED}\n{}", .0.iter().map(|a| format!("  {a}")).collect::<Vec<_>>().join("\n"))]
    Answers(Vec<Said>),
    /// The study cannot be written as asked.
    #[error("{0}")]
    Study(Said),
}

/// What precedes the answers an import needs, one per line.
const ANSWERS_NEEDED: &str = "the files do not say everything the study needs; give:";

impl ImportError {
    /// In the page's import form's words (`Display` is the command line's).
    pub fn in_form(&self) -> String {
        match self {
            ImportError::NoLoad { file, why } => format!("{file}: nothing to import: {}", why.form()),
            ImportError::Answers(asks) => {
                format!("{ANSWERS_NEEDED}\n{}", asks.iter().map(|a| format!("  {}", a.form())).collect::<Vec<_>>().join("\n"))
            }
            ImportError::Study(said) => said.form(),
            other => other.to_string(),
        }
    }
}

/// Read one tool output. `tool` forces the format; otherwise it is detected from the keys.
pub fn import_file(file: &str, bytes: &[u8], tool: Option<Tool>) -> Result<Imported, ImportError> {
    import_file_with(file, bytes, tool, None)
}

/// Read one tool output; a run with no load recorded (June 2025 AIPerf, a file of requests
/// alone) takes `given`, the load the publisher says it ran at (`--conc N`, `--rate R`),
/// and says so.
pub fn import_file_with(file: &str, bytes: &[u8], tool: Option<Tool>, given: Option<Load>) -> Result<Imported, ImportError> {
    let mut imported = read_file(file, bytes, tool)?;
    imported.place_at(file, given);
    imported.check_placeable(file)?;
    Ok(imported)
}

/// Read one tool output as it is: its runs (placeable or not) and what was said about them.
pub fn read_file(file: &str, bytes: &[u8], tool: Option<Tool>) -> Result<Imported, ImportError> {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim_start_matches('\u{feff}');
    if let Some(what) = reading::checks::not_serving_text(text) {
        return Err(ImportError::NotServing { file: file.to_owned(), what });
    }
    // A YAML file (GuideLLM's benchmarks.yaml) is read as the same tree; anything else as
    // JSON, after the pre-pass for Python's bare NaN and Infinity.
    let (clean, replaced) =
        if reading::yaml::looks_like_yaml(text) { (text.to_owned(), Vec::new()) } else { json::without_non_finite(text) };
    let docs = if reading::yaml::looks_like_yaml(text) {
        reading::yaml::documents(&clean).map_err(|(line, reason)| (line, format!("neither JSON nor YAML: {reason}")))
    } else {
        json::documents(&clean)
    };
    let docs = docs.map_err(|(line, reason)| ImportError::NotJson { file: file.to_owned(), line, reason })?;
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
        None => Tool::ALL.into_iter().find(|t| (t.importer().detect)(&first.value) || (t.importer().detect)(probe)).ok_or_else(|| {
            match reading::checks::not_serving(probe) {
                Some(what) => ImportError::NotServing { file: file.to_owned(), what },
                None => ImportError::UnknownFormat { file: file.to_owned(), why: describe_keys(probe) },
            }
        })?,
    };
    let mut warnings = non_finite_warnings(file, &replaced);
    let importer = tool.importer();
    let layout = (importer.layout)(&first.value, docs.len());
    let docs = entries(tool, &docs);
    let mut runs = Vec::new();
    // A file of per-request records is one run, whatever its line count.
    let records = importer.records.filter(|r| (r.is_record)(&first.value));
    if let Some(records) = records {
        let all: Vec<&Value> = docs.iter().map(|(_, d)| *d).collect();
        runs.push((records.run)(&all));
    }
    for (entry, doc) in docs.into_iter().filter(|_| records.is_none()) {
        let found = (importer.read)(doc, entry).map_err(|why| ImportError::Nothing { file: file.to_owned(), why })?;
        for run in &found {
            if let Some(why) = reading::checks::unrecognised_latencies(tool, run, doc) {
                warnings.push(ImportWarning { file: file.to_owned(), entry: run.entry.clone(), message: why.into() });
            }
        }
        runs.extend(found);
    }
    // A model id that is a filesystem path (a local checkpoint's folder) names no model a
    // reader can look up: said, and not used; `--model` gives it.
    for run in &mut runs {
        if let Some(path) = run.model.take_if(|m| is_path(m)) {
            warnings.push(ImportWarning {
                file: file.to_owned(),
                entry: run.entry.clone(),
                message: said![
                    format!("the model id `{path}` is a filesystem path, not a model's name: it is not used as the model or checkpoint; give the model's name "),
                    Ask::Model
                ],
            });
        }
    }
    for run in &runs {
        if let Some(caveat) = &run.caveat {
            warnings.push(ImportWarning { file: file.to_owned(), entry: run.entry.clone(), message: caveat.clone().into() });
        }
    }
    let warmup = runs.iter().map(|r| r.warmup).sum();
    Ok(Imported { tool, layout, runs, warnings, paired: 0, warmup })
}

/// Whether a model id is a filesystem path: absolute, or starting with `./`, `../` or `~`
/// (an `org/name` id is not one).
fn is_path(model: &str) -> bool {
    let m = model.trim();
    m.starts_with('/') || m.starts_with("./") || m.starts_with("../") || m.starts_with('~') || m.as_bytes().get(1..3) == Some(b":\\")
}

/// One warning per bare NaN, Infinity or -Infinity token the JSON pre-pass replaced: its
/// line, or its first lines and how many.
fn non_finite_warnings(file: &str, replaced: &[json::Replaced]) -> Vec<ImportWarning> {
    let mut warnings = Vec::new();
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
        warnings.push(ImportWarning { file: file.to_owned(), entry, message: message.into() });
    }
    warnings
}

/// A file's documents as the runs' entries name them: a top-level list of runs (vLLM
/// `bench sweep` summaries) run by run, SGLang's lines by line, several objects by number.
fn entries(tool: Tool, docs: &[json::Document]) -> Vec<(String, &Value)> {
    if let (false, [json::Document { value: Value::Array(items), .. }]) = (tool == Tool::Llmperf, docs) {
        return items.iter().enumerate().map(|(k, v)| (format!("run {}", k + 1), v)).collect();
    }
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
