//! A servescope results file from imported runs: one engine per group of files, one serving
//! cell per run with a configured concurrency. The rules, in `write_study`'s order:
//! - `out_tok_s` = the endpoint's output throughput ÷ the GPUs the publisher gave;
//!   `user_tok_s` = 1000 ÷ TPOT p50; `tok_s_per_kw` = out_tok_s ÷ power_w × 1000, only
//!   from measured power;
//! - `isl`/`osl` are the publisher's, else the tool's nominal ones, else refused;
//! - figures are rounded to 4 significant digits (whole numbers kept) and each engine's
//!   sweep file keeps the unrounded values, so `servescope-verify` recomputes every cell;
//! - the raw files are copied beside the results file, everything listed with its sha256.
//!
//! The command line and the page call this one function: the same bytes either way.

use super::cells::{cell_of, place, sweep_lines, workloads, Placed};
use super::doc::{EngineDoc, ServingDoc, SourceDoc, StudyDoc};
use super::groups::split_groups;
pub use super::groups::FileRead;
use super::{import_file_with, ImportError, ImportWarning, Load, Tool};
use crate::core::model::LoadAxis;
use crate::core::provenance::sha256_hex;
use crate::core::validate::parse_results;

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
}

/// One engine: its files and what they do not say.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineGroup {
    /// Engine id.
    pub id: String,
    /// Label.
    pub label: String,
    /// Checkpoint.
    pub checkpoint: Option<String>,
    /// GPUs behind the endpoint (never assumed).
    pub gpus: u32,
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
    /// One engine per value of this run label (`--split-by KEY`, e.g. vLLM `--metadata
    /// deployment=…`), instead of refusing runs that differ in it.
    pub split_by: Option<String>,
    /// The files as given (name, bytes).
    pub files: Vec<(String, Vec<u8>)>,
}

/// A file written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenFile {
    /// Its name in the study's folder.
    pub name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// The study written: `results.json` first, then the raw copies and the sweeps.
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

fn basename(name: &str) -> &str {
    name.rsplit(['/', '\\']).next().unwrap_or(name)
}

fn study_error(message: String) -> ImportError {
    ImportError::Study(message)
}

/// Write a study from engine groups (see the module's rules).
pub fn write_study(answers: &StudyAnswers, given: &[EngineGroup]) -> Result<WrittenStudy, ImportError> {
    let split = split_groups(given)?;
    let groups: Vec<EngineGroup> = split.iter().map(|(g, _)| g.clone()).collect();
    if answers.title.trim().is_empty() {
        return Err(study_error("the study needs a title (--title)".into()));
    }
    if groups.is_empty() {
        return Err(study_error("no engine given (--engine ID --label LABEL --gpus N FILE...)".into()));
    }
    let mut warnings = Vec::new();
    let mut placed: Vec<Placed> = Vec::new();
    let mut copies: Vec<WrittenFile> = Vec::new();
    let mut sources: Vec<SourceDoc> = Vec::new();
    let mut engines: Vec<EngineDoc> = Vec::new();
    let mut described: Vec<String> = Vec::new();
    let mut dates: Vec<String> = Vec::new();
    let mut any_power = false;
    let mut read: Vec<FileRead> = Vec::new();
    for (g, group) in groups.iter().enumerate() {
        if group.id.trim().is_empty() || group.label.trim().is_empty() {
            return Err(study_error(format!("engine {}: an id and a label are needed (--engine ID --label LABEL)", g + 1)));
        }
        if groups[..g].iter().any(|o| o.id == group.id) {
            return Err(study_error(format!("engine id `{}` is given twice", group.id)));
        }
        if group.gpus == 0 {
            return Err(study_error(format!("engine `{}`: the GPU count is needed (--gpus N); it is never assumed", group.id)));
        }
        if group.files.is_empty() {
            return Err(study_error(format!("engine `{}`: no files given", group.id)));
        }
        let mut tools = Vec::new();
        let mut models: Vec<String> = Vec::new();
        // In name order, so the study does not depend on the order files were given or picked.
        let mut files: Vec<&(String, Vec<u8>)> = group.files.iter().collect();
        files.sort_by(|a, b| a.0.cmp(&b.0));
        let first_copy = copies.len();
        for (name, bytes) in files {
            let imported = import_file_with(name, bytes, group.tool, group.conc)?;
            let skipped: Vec<String> = imported.runs.iter().filter_map(|r| Load::of(r).err()).collect();
            read.push(FileRead { file: name.clone(), tool: imported.tool.title(), runs: imported.runs.len(), skipped });
            warnings.extend(imported.warnings);
            tools.push(imported.tool);
            let mut copy = format!("{}-{}", group.id, basename(name));
            let mut k = 2;
            // Never a name another file of the study takes: another copy, a sweep, the results.
            let taken =
                |name: &str| name == RESULTS || copies.iter().any(|c| c.name == name) || groups.iter().any(|o| sweep_name(&o.id) == name);
            while taken(&copy) {
                copy = format!("{}-{k}-{}", group.id, basename(name));
                k += 1;
            }
            let original = if name.starts_with('/') || name.contains(':') { basename(name) } else { name.as_str() };
            sources.push(SourceDoc { file: copy.clone(), original_path: Some(original.to_owned()), sha256: sha256_hex(bytes) });
            for run in imported.runs {
                let Ok(load) = Load::of(&run) else { continue };
                if let Some((key, value)) = &split[g].1 {
                    if !run.labels.iter().any(|(k, v)| k == key && v == value) {
                        continue;
                    }
                }
                let at = if run.entry.is_empty() { name.clone() } else { format!("{name} {}", run.entry) };
                let length = |given: Option<u64>, found: Option<super::Length>, flag: &str, what: &str| {
                    given.or(found.map(|l| l.tokens)).ok_or_else(|| {
                        study_error(format!(
                            "{at}: {} does not record the nominal {what} length: give it for engine `{}` ({flag} N)",
                            imported.tool.title(),
                            group.id
                        ))
                    })
                };
                // Lengths given for this file, else for the engine.
                let (given_isl, given_osl) = group
                    .file_lengths
                    .iter()
                    .find(|l| l.0 == *name)
                    .map_or((group.isl, group.osl), |l| (l.1.or(group.isl), l.2.or(group.osl)));
                let isl = length(given_isl, run.isl, "--isl", "input")?;
                let osl = length(given_osl, run.osl, "--osl", "output")?;
                // The tool's own record wins the argument: a publisher's length far from it is said.
                for (given, found, flag) in [(given_isl, run.isl, "--isl"), (given_osl, run.osl, "--osl")] {
                    if let (Some(given), Some(found)) = (given, found) {
                        let (a, b) = (given as f64, found.tokens as f64);
                        if (a - b).abs() > 0.05 * b {
                            warnings.push(ImportWarning {
                                file: name.clone(),
                                entry: run.entry.clone(),
                                message: format!(
                                    "{flag} {given} disagrees with the file's own {} of {} (more than 5 %); {flag} was used",
                                    found.from, found.tokens
                                ),
                            });
                        }
                    }
                }
                if let Some((_, seen)) = run.power {
                    if seen == group.gpus as usize {
                        any_power = true;
                    } else {
                        warnings.push(ImportWarning {
                            file: name.clone(),
                            entry: run.entry.clone(),
                            message: format!(
                                "the GPU telemetry saw {seen} GPUs, but {} were given: power per GPU is not written (not measured) rather than guessed",
                                group.gpus
                            ),
                        });
                    }
                }
                dates.extend(run.date.clone());
                if let Some(m) = run.model.as_ref().filter(|m| !models.contains(m)) {
                    models.push(m.clone());
                }
                let cell = cell_of(&run, load, isl, osl, group.gpus);
                let from = format!("{copy} {}", run.entry).trim_end().to_owned();
                let new = Placed { engine: g, key: (isl, osl), load, cell, from, trials: Vec::new(), labels: run.labels.clone() };
                place(&mut placed, new, run.trial, &group.id)?;
            }
            copies.push(WrittenFile { name: copy, bytes: bytes.clone() });
        }
        tools.dedup();
        let lengths = match (group.isl, group.osl) {
            (Some(_), Some(_)) => "lengths given by the publisher".to_owned(),
            _ => "nominal lengths as the tool recorded them".to_owned(),
        };
        let tool_names: Vec<&str> = tools.iter().map(|t| t.title()).collect();
        described.push(format!(
            "{} — {}, {} file{}, {} GPU{}, {lengths}",
            group.label,
            tool_names.join(" and "),
            group.files.len(),
            crate::core::format::plural(group.files.len(), "", "s"),
            group.gpus,
            crate::core::format::plural(group.gpus as usize, "", "s")
        ));
        // The checkpoint the files name, unless the publisher gave one; files naming
        // several models in one engine are said (one engine is one model).
        if models.len() > 1 {
            warnings.push(ImportWarning {
                file: format!("engine `{}`", group.id),
                entry: String::new(),
                message: format!(
                    "its files name {} different models ({}): one engine should be one model and checkpoint",
                    models.len(),
                    models.join(", ")
                ),
            });
        }
        let checkpoint = match (&group.checkpoint, models.as_slice()) {
            (Some(c), _) => Some(c.clone()),
            (None, [only]) => Some(only.clone()),
            _ => None,
        };
        let source = copies.get(first_copy).map(|c| c.name.clone());
        engines.push(EngineDoc { id: group.id.clone(), label: group.label.clone(), checkpoint, source });
    }
    if placed.is_empty() {
        return Err(study_error("no run with a concurrency or a request rate in any file: nothing to chart".into()));
    }
    let date = match &answers.date {
        Some(d) => d.clone(),
        None => dates
            .iter()
            .min()
            .cloned()
            .ok_or_else(|| study_error("the files record no date: give the study's date (--date YYYY-MM-DD)".into()))?,
    };
    let mut levels: Vec<u32> = placed.iter().filter_map(|p| p.cell.conc).collect();
    levels.sort_unstable();
    levels.dedup();
    // One sweep per engine: every cell's unrounded figures (a line per trial), the line it
    // came from named.
    let mut sweeps = Vec::new();
    for (g, group) in groups.iter().enumerate() {
        let name = sweep_name(&group.id);
        let mut mine: Vec<&Placed> = placed.iter().filter(|p| p.engine == g).collect();
        mine.sort_by(|a, b| a.key.cmp(&b.key).then(a.load.axis().cmp(&b.load.axis())).then(a.load.level().total_cmp(&b.load.level())));
        let text: String = mine.iter().flat_map(|p| sweep_lines(p)).map(|l| l + "\n").collect();
        if !text.is_empty() {
            sources.push(SourceDoc { file: name.clone(), original_path: None, sha256: sha256_hex(text.as_bytes()) });
            sweeps.push(WrittenFile { name, bytes: text.into_bytes() });
        }
    }
    let ids: Vec<String> = groups.iter().map(|g| g.id.clone()).collect();
    let workloads = workloads(&placed, &ids, &levels, sweep_name);
    // Concurrency-only imports stay schema 1.1, byte for byte; rates, bursts, trials and
    // all-failed cells are 1.2.
    let v12 = placed.iter().any(|p| p.load.axis() == LoadAxis::Rate || p.cell.burst || p.cell.trials.is_some() || p.cell.n == Some(0.0));
    let power_unit = if any_power {
        "mean GPU power per GPU, W, from the tool's GPU telemetry (gpu_power_usage), averaged over the GPUs it saw"
    } else {
        "not measured: the tools imported here record no GPU power"
    };
    let selection = format!(
        "Imported with servescope-import {} from: {}. Percentiles are the tools' own. TPOT is per request, (E2E − TTFT) ÷ (output tokens − 1) \
         (vLLM and SGLang tpot, GuideLLM inter_token_latency_ms, AIPerf and GenAI-Perf inter_token_latency); ITL is the gap between streamed \
         chunks where the tool records it (vLLM and SGLang itl, AIPerf inter_chunk_latency), otherwise not measured. A latency of exactly 0, an \
         empty distribution, NaN or Infinity is not measured. Runs driven by request rate are rate cells (offered req/s); a run with no rate \
         limit and no concurrency cap is a burst at the requests it sent; LLMPerf's \
         inter_token_latency (E2E ÷ output tokens per request, TTFT included) is neither TPOT nor ITL and is not imported; repeated runs are one cell of their medians; a run in which every \
         request failed has a measured throughput of 0 and no latency. Figures \
         are rounded to 4 significant digits (whole numbers kept); each engine's sweep file keeps the unrounded values every cell is checked against.",
        env!("CARGO_PKG_VERSION"),
        described.join("; ")
    );
    let doc = StudyDoc {
        schema_version: if v12 { "1.2" } else { "1.1" },
        title: &answers.title,
        date: &date,
        scope: answers.scope.as_deref(),
        model: answers.model.as_deref(),
        hardware: answers.hardware.as_deref(),
        concurrency: &levels,
        engines,
        sources,
        serving: ServingDoc {
            aggregate_unit: "output tokens/s per GPU: the tool's output throughput for the whole endpoint ÷ the engine's GPU count, as the publisher gave it",
            user_unit: "tokens/s per user, derived here: 1000 ÷ TPOT p50 (ms)",
            power_unit,
            energy_unit: "output tokens/s per kW, derived here: out_tok_s ÷ power_w × 1000",
            selection: &selection,
            workloads,
        },
    };
    let mut text = serde_json::to_string_pretty(&doc).map_err(|e| study_error(e.to_string()))?;
    text.push('\n');
    // Never hand back a file the page would refuse.
    let check = parse_results(text.as_bytes());
    if check.results.is_none() {
        let findings: Vec<String> = check.findings.iter().map(ToString::to_string).collect();
        return Err(study_error(format!("the study written does not validate: {}", findings.join("; "))));
    }
    let cells = placed.len();
    let mut files = vec![WrittenFile { name: RESULTS.into(), bytes: text.into_bytes() }];
    files.extend(copies);
    files.extend(sweeps);
    Ok(WrittenStudy { files, warnings, cells, read })
}

#[cfg(test)]
mod tests {
    use super::round4;

    #[test]
    fn four_significant_digits_keep_whole_digits() {
        assert_eq!(round4(734.3792), 734.4);
        assert_eq!(round4(19148.5), 19149.0);
        assert_eq!(round4(0.010_324_9), 0.01032);
        assert_eq!(round4(96.852_300_2), 96.85);
    }
}
