//! What the publisher gives an import and what it writes: the study's answers, the engine
//! groups, the files written and what each input gave. A leaf: the study's writing
//! (`writing`), the page's protocol (`remote`) and the command line all name these types,
//! and they name none of those.

use crate::core::import::ask::Said;
use crate::core::import::{ImportError, ImportWarning, Load, Tool};

/// What the publisher says about the study as a whole.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StudyAnswers {
    /// Title.
    pub title: String,
    /// Date (`YYYY-MM-DD`); else the earliest date the files record.
    pub date: Option<String>,
    /// Scope text.
    pub scope: Option<String>,
    /// Model.
    pub model: Option<String>,
    /// Hardware.
    pub hardware: Option<String>,
    /// The day of the import (`YYYY-MM-DD`, the caller's clock): the study's date when
    /// neither `date` nor the files give one, said in a warning.
    pub today: Option<String>,
}

/// One engine: its files and what they do not say.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineGroup {
    /// Engine id.
    pub id: String,
    /// Label.
    pub label: String,
    /// Checkpoint.
    pub checkpoint: Option<String>,
    /// GPUs behind the endpoint (never assumed; 0 until given).
    pub gpus: u32,
    /// `gpus` is the count the files record (the publisher gave none).
    pub gpus_from_files: bool,
    /// The run does not state its GPU count and the publisher says so (`--gpus unstated`):
    /// throughput stays the whole endpoint's and nothing is per GPU.
    pub gpus_unstated: bool,
    /// Nominal input length, when the files do not record it (or to override them).
    pub isl: Option<u64>,
    /// Nominal output length.
    pub osl: Option<u64>,
    /// The tool, or `None` to detect it from each file's keys.
    pub tool: Option<Tool>,
    /// Lengths given for single files, `(file, isl, osl)`, over the engine's (`--isl`/`--osl`
    /// after a file apply to the files after them).
    pub file_lengths: Vec<(String, Option<u64>, Option<u64>)>,
    /// The concurrency of runs whose file records no load (`--conc N`), in the publisher's word.
    pub conc: Option<u32>,
    /// The offered request rate of runs whose file records no load (`--rate R`), likewise.
    pub rate: Option<f64>,
    /// One engine per value of this run label (`--split-by KEY`, e.g. vLLM `--metadata
    /// deployment=…`), instead of refusing runs that differ in it.
    pub split_by: Option<String>,
    /// Join a per-request file to the one summary beside it on the publisher's word
    /// (`--same-run`), where their figures cannot tell that they are one run.
    pub same_run: bool,
    /// The files as given (name, bytes).
    pub files: Vec<(String, Vec<u8>)>,
}

impl EngineGroup {
    /// The GPU count, or `None` when the publisher says it is not stated.
    pub fn stated_gpus(&self) -> Option<u32> {
        (!self.gpus_unstated && self.gpus > 0).then_some(self.gpus)
    }

    /// The load the publisher gives runs whose file records none.
    pub fn given_load(&self) -> Option<Load> {
        self.conc.map(Load::Conc).or(self.rate.map(Load::Rate))
    }
}

/// A file written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenFile {
    /// Its name in the study's folder.
    pub name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// The study written: `results.json` first, then the raw copies, the sweeps and the
/// per-request tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenStudy {
    /// The files.
    pub files: Vec<WrittenFile>,
    /// What was imported with a caveat or left out.
    pub warnings: Vec<ImportWarning>,
    /// Serving cells written.
    pub cells: usize,
    /// Per input file, in the order read: what it held and what was left out.
    pub read: Vec<FileRead>,
}

/// The name of the results file.
pub const RESULTS: &str = "results.json";

/// Round to 4 significant digits, keeping every whole digit.
pub fn round4(v: f64) -> f64 {
    if v == 0.0 || !v.is_finite() {
        return v;
    }
    let decimals = (3 - v.abs().log10().floor() as i32).clamp(0, 6);
    let scale = 10f64.powi(decimals);
    (v * scale).round() / scale
}

/// The sweep an engine's cells cite: their unrounded figures, one line per cell.
pub fn sweep_name(engine: &str) -> String {
    format!("{engine}.cells.jsonl")
}

pub(in crate::core::import) fn study_error(message: impl Into<Said>) -> ImportError {
    ImportError::Study(message.into())
}

/// What one input file gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileRead {
    /// The file as given.
    pub file: String,
    /// The tool it was read as.
    pub tool: &'static str,
    /// Runs read.
    pub runs: usize,
    /// Why each run left out was left out.
    pub skipped: Vec<String>,
    /// Runs of requests alone that joined the summary of the same run given beside them.
    pub paired: usize,
    /// Records left out as warm-up.
    pub warmup: usize,
}

impl std::fmt::Display for FileRead {
    /// "vllm/append.json: vLLM bench serve, 3 runs read, 3 placed" (then what was skipped, and why).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let runs = |n: usize| if n == 1 { "1 run".to_owned() } else { format!("{n} runs") };
        write!(f, "{}: {}, {} read, {} placed", self.file, self.tool, runs(self.runs), self.runs - self.skipped.len() - self.paired)?;
        if self.paired > 0 {
            write!(f, ", {} paired with the summary beside it (its requests joined that run)", self.paired)?;
        }
        if !self.skipped.is_empty() {
            write!(f, ", {} skipped ({})", self.skipped.len(), self.skipped.join("; "))?;
        }
        if self.warmup > 0 {
            let records = if self.warmup == 1 { "record" } else { "records" };
            write!(f, ", {} warm-up {records} left out (not counted)", self.warmup)?;
        }
        Ok(())
    }
}
