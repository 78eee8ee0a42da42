//! Every tool the importer reads, each one value: how its files are told apart, what it is
//! called (by `--from`, in prose, in the list of what servescope imports), the words for each
//! layout it writes, how its runs are read, and the file of per-request records read as one
//! run. The command line, the page's import form, the errors and the docs read this list.

use serde_json::Value;

pub(in crate::core::import) mod aiperf;
pub mod benchmark_report;
mod genai_perf;
mod guidellm;
mod inference_perf;
mod llmperf;
pub(in crate::core::import) mod sglang;
mod vllm;

use crate::core::import::{Run, Tool};

/// What a tool is called.
#[derive(Clone, Copy, Debug)]
pub struct Names {
    /// The tool.
    pub tool: Tool,
    /// The name `--from` takes.
    pub name: &'static str,
    /// The tool's name in prose.
    pub title: &'static str,
    /// The files it reads, as the list of what servescope imports names them.
    pub files: &'static str,
}

/// One tool's importer.
pub struct Importer {
    /// What the tool is called.
    pub names: Names,
    /// Whether a document looks like this tool's output.
    pub detect: fn(&Value) -> bool,
    /// The layout of a file of it (its first document, and how many it holds), in words.
    pub layout: fn(&Value, usize) -> &'static str,
    /// The runs of one document (its entry's words: "line 3", "run 2"), or why it holds none.
    pub read: fn(&Value, String) -> Result<Vec<Run>, String>,
    /// A file of per-request records, read as one run.
    pub records: Option<Records>,
}

/// A tool's file of per-request records, read as one run whatever its line count.
#[derive(Clone, Copy)]
pub struct Records {
    /// Whether a document is such a record.
    pub is_record: fn(&Value) -> bool,
    /// The run the records make.
    pub run: fn(&[&Value]) -> Run,
}

/// Every importer, in the order detection tries them (the more particular first). A
/// static, so each use reads the one table rather than building a copy of it.
pub static IMPORTERS: [Importer; 8] = TABLE;

/// Every tool's names, in `IMPORTERS`' order: code that only names tools (the page's import
/// protocol) reads these and links no importer.
pub static NAMES: [Names; 8] = NAME_TABLE;

/// `NAMES`, copied out of the table when the crate is compiled (for `Tool::ALL`).
pub(in crate::core::import) const NAME_TABLE: [Names; 8] = {
    let mut names = [TABLE[0].names; 8];
    let mut k = 1;
    while k < TABLE.len() {
        names[k] = TABLE[k].names;
        k += 1;
    }
    names
};

const TABLE: [Importer; 8] = [
    Importer {
        names: Names {
            tool: Tool::BenchmarkReport,
            name: "benchmark-report",
            title: "llm-d Benchmark Report",
            files: "llm-d Benchmark Reports",
        },
        detect: benchmark_report::detect,
        layout: |doc, _| match doc.get("version").and_then(Value::as_str) {
            Some("0.2.1") => "version 0.2.1, one report per point",
            _ => "version 0.2, one report per point",
        },
        read: |doc, entry| match benchmark_report::unsupported(doc) {
            Some(why) => Err(why),
            None => benchmark_report::run(doc, entry).map(|run| vec![run]),
        },
        records: None,
    },
    Importer {
        names: Names {
            tool: Tool::InferencePerf,
            name: "inference-perf",
            title: "inference-perf",
            files: "inference-perf lifecycle metrics",
        },
        detect: inference_perf::detect,
        layout: |doc, _| {
            if inference_perf::is_summary(doc) {
                "lifecycle metrics, the summary over every stage"
            } else {
                "lifecycle metrics of one stage"
            }
        },
        read: |doc, entry| Ok(vec![inference_perf::run(doc, entry)]),
        records: None,
    },
    Importer {
        names: Names { tool: Tool::Guidellm, name: "guidellm", title: "GuideLLM", files: "GuideLLM" },
        detect: guidellm::detect,
        layout: |doc, _| if doc.get("metadata").is_some() { "benchmarks report" } else { "v0.3/v0.4 benchmarks report" },
        read: |doc, _| Ok(guidellm::runs(doc)),
        records: None,
    },
    Importer {
        names: Names { tool: Tool::Aiperf, name: "aiperf", title: "AIPerf", files: "AIPerf" },
        detect: aiperf::detect,
        layout: |doc, _| {
            let records = doc.get("records");
            if aiperf::is_record(doc) {
                "per-request records (profile_export.jsonl)"
            } else if records.is_some_and(aiperf::keyed_by_display_name) {
                "keyed by display name, June 2025"
            } else if records.is_some() {
                "records keyed by tag, up to v0.1.1"
            } else if doc.get("schema_version").is_some() {
                "flat metrics with a schema version"
            } else {
                "flat metrics"
            }
        },
        read: |doc, entry| Ok(vec![aiperf::run(doc, entry)]),
        records: Some(Records { is_record: aiperf::is_record, run: aiperf::records_run }),
    },
    Importer {
        names: Names { tool: Tool::GenaiPerf, name: "genai-perf", title: "GenAI-Perf", files: "GenAI-Perf" },
        detect: |doc| genai_perf::detect(doc) || genai_perf::is_raw(doc),
        layout: |doc, _| if genai_perf::is_raw(doc) { "raw export, the requests of each experiment" } else { "profile export" },
        read: |doc, entry| Ok(if genai_perf::is_raw(doc) { genai_perf::raw_runs(doc) } else { vec![genai_perf::run(doc, entry)] }),
        records: None,
    },
    Importer {
        names: Names { tool: Tool::Llmperf, name: "llmperf", title: "LLMPerf", files: "LLMPerf summaries" },
        detect: llmperf::detect,
        layout: |doc, _| {
            if doc.is_array() {
                "individual responses"
            } else if doc.get("num_concurrent_requests").is_none() {
                "summaries keyed by concurrency"
            } else {
                "summary"
            }
        },
        read: |doc, entry| Ok(llmperf::runs(doc, &entry)),
        records: None,
    },
    Importer {
        names: Names { tool: Tool::Sglang, name: "sglang", title: "SGLang bench_serving", files: "SGLang" },
        detect: sglang::detect,
        layout: |_, _| "result lines",
        read: |doc, entry| Ok(vec![sglang::run(doc, entry)]),
        records: None,
    },
    Importer {
        names: Names { tool: Tool::Vllm, name: "vllm", title: "vLLM bench serve", files: "vLLM" },
        detect: vllm::detect,
        layout: |doc, documents| {
            if doc.is_array() {
                "bench sweep summary, a list of runs"
            } else if documents > 1 {
                "appended results, one per line"
            } else if doc.get("run_number").is_some() {
                "bench sweep run"
            } else {
                "a single result"
            }
        },
        read: |doc, entry| Ok(vec![vllm::run(doc, entry)]),
        records: None,
    },
];

/// What servescope imports, as an error lists it: "vLLM, SGLang, …".
pub fn known_formats() -> String {
    let mut files: Vec<&str> = NAMES.iter().map(|n| n.files).collect();
    // Read in the order a reader knows them, the engines' own tools first.
    files.reverse();
    files.join(", ")
}

/// The names `--from` takes: `auto`, then each tool's.
pub fn from_names() -> String {
    std::iter::once("auto").chain(NAMES.iter().map(|n| n.name)).collect::<Vec<_>>().join("|")
}
