//! A servescope results file from imported runs: one engine per group of files, one serving
//! cell per run with a configured concurrency. The rules, in `write_study`'s stages:
//! - `out_tok_s` = the endpoint's output throughput ÷ the GPUs the publisher gave;
//!   `user_tok_s` = 1000 ÷ TPOT p50; `tok_s_per_kw` = out_tok_s ÷ power_w × 1000, only
//!   from measured power;
//! - `isl`/`osl` are the publisher's, else the tool's nominal ones, else refused;
//! - figures are rounded to 4 significant digits (whole numbers kept) and each engine's
//!   sweep file keeps the unrounded values, so `servescope-verify` recomputes every cell;
//! - a run's per-request file and its summary are one run (`pairing`); the requests of an
//!   engine's cells go into its per-request table (schema 1.3);
//! - the raw files are copied beside the results file, everything listed with its sha256.
//!
//! The command line and the page call this one function: the same bytes either way.

pub(in crate::core::import) mod cells;
pub mod doc;
mod gpus;
mod groups;
mod lengths;
mod place;
pub(in crate::core::import) mod tables;

use crate::core::import::ask::{Ask, Said};
use crate::core::import::given::study_error;
pub use crate::core::import::given::{round4, sweep_name, EngineGroup, FileRead, StudyAnswers, WrittenFile, WrittenStudy, RESULTS};
use crate::core::import::run::ImportWarning;
use crate::core::import::ImportError;
use crate::core::study::validate::parse_results;
use crate::said;
use cells::{workloads, Placed};
use doc::{RequestsDoc, ServingDoc, SourceDoc, StudyDoc};
use groups::split_groups;
use place::{place_group, read_group, Gathered};
use tables::{request_tables, sweeps};

/// What the study needs before any file is read: a title, and per engine an id, a label,
/// the GPUs and its files. The command line asks the same through this function.
pub fn check_answers(answers: &StudyAnswers, groups: &[EngineGroup]) -> Result<(), ImportError> {
    if answers.title.trim().is_empty() {
        return Err(study_error(said!["the study needs a title ", Ask::Title]));
    }
    if groups.is_empty() {
        return Err(study_error(said!["no engine given ", Ask::Engine]));
    }
    for (g, group) in groups.iter().enumerate() {
        if group.id.trim().is_empty() {
            return Err(study_error(said![format!("engine {}: an id and a label are needed ", g + 1), Ask::EngineLabel]));
        }
        if group.label.trim().is_empty() {
            return Err(study_error(said![format!("engine `{}`: a label is needed ", group.id), Ask::EngineLabel]));
        }
        if groups[..g].iter().any(|o| o.id == group.id) {
            return Err(study_error(format!("engine id `{}` is given twice", group.id)));
        }
        if group.gpus_unstated != groups[0].gpus_unstated {
            return Err(study_error(format!(
                "engine `{}` and engine `{}`: one study's throughput is per GPU or per endpoint, not both: give every engine its GPU count, or none",
                groups[0].id, group.id
            )));
        }
        if group.files.is_empty() {
            return Err(study_error(format!("engine `{}`: no files given", group.id)));
        }
    }
    Ok(())
}

/// Write a study from engine groups (see the module's rules).
pub fn write_study(answers: &StudyAnswers, given: &[EngineGroup]) -> Result<WrittenStudy, ImportError> {
    let split = split_groups(given)?;
    let groups: Vec<EngineGroup> = split.iter().map(|(g, _)| g.clone()).collect();
    check_answers(answers, &groups)?;
    let mut gathered = Gathered { per_endpoint: groups.first().is_some_and(|g| g.gpus_unstated), ..Gathered::default() };
    // Every engine's files first, so what the files do not say is asked all at once, once
    // per engine: its load, its GPUs, its lengths.
    let mut missing: Vec<Said> = Vec::new();
    let mut no_load: Option<ImportError> = None;
    let mut read = Vec::new();
    for (g, group) in groups.iter().enumerate() {
        let files = match read_group(group, &groups, &mut gathered) {
            Ok(files) => files,
            Err(ImportError::NoLoad { file, why }) => {
                missing.push(why.clone().after(format!("engine `{}`: {file}: nothing to import: ", group.id)));
                let e = ImportError::NoLoad { file, why };
                no_load.get_or_insert(e);
                continue;
            }
            Err(e) => return Err(e),
        };
        let group = match gpus::with_gpus(group, &files, &mut gathered.warnings) {
            Ok(group) => group,
            Err(ImportError::Answers(asks)) => {
                missing.extend(asks);
                group.clone()
            }
            Err(e) => return Err(e),
        };
        missing.extend(lengths::missing_lengths(&group, &files));
        read.push((g, group, files));
    }
    match (missing.len(), no_load) {
        (0, _) => {}
        // A file with no load and nothing else missing: its own refusal, as it was.
        (1, Some(e)) => return Err(e),
        _ => return Err(ImportError::Answers(missing)),
    }
    for (g, group, files) in read {
        gathered.gpus_from_files |= group.gpus_from_files;
        place_group(g, &group, split[g].1.as_ref(), files, &mut gathered)?;
    }
    if gathered.placed.is_empty() {
        return Err(study_error("no run with a concurrency or a request rate in any file: nothing to chart"));
    }
    for placed in &mut gathered.placed {
        placed.finish_requests();
    }
    let date = match (&answers.date, gathered.dates.iter().min(), &answers.today) {
        (Some(d), _, _) => d.clone(),
        (None, Some(d), _) => d.clone(),
        (None, None, Some(today)) => {
            gathered.warnings.push(ImportWarning {
                file: "results.json".into(),
                entry: String::new(),
                message: said![
                    format!("the files record no date and none was given: the study is dated {today}, the day of the import; give the run's own date "),
                    Ask::Date
                ],
            });
            today.clone()
        }
        (None, None, None) => return Err(study_error(said!["the files record no date: give the study's date ", Ask::Date])),
    };
    let ids: Vec<String> = groups.iter().map(|g| g.id.clone()).collect();
    let (sweep_files, sweep_sources) = sweeps(&ids, &gathered.placed);
    let (table_files, table_sources, tables) = request_tables(&ids, &gathered.placed);
    let mut sources = std::mem::take(&mut gathered.sources);
    sources.extend(sweep_sources);
    sources.extend(table_sources);
    let text = document(answers, &date, &ids, &mut gathered, sources, tables)?;
    let cells = gathered.placed.len();
    let mut files = vec![WrittenFile { name: RESULTS.into(), bytes: text.into_bytes() }];
    files.append(&mut gathered.copies);
    files.extend(sweep_files);
    files.extend(table_files);
    Ok(WrittenStudy { files, warnings: gathered.warnings, cells, read: gathered.read })
}

/// The results file's text, checked by the validator the page runs: never a file it refuses.
fn document(
    answers: &StudyAnswers,
    date: &str,
    ids: &[String],
    gathered: &mut Gathered,
    sources: Vec<SourceDoc>,
    requests: Vec<RequestsDoc>,
) -> Result<String, ImportError> {
    let placed: &[Placed] = &gathered.placed;
    let mut levels: Vec<u32> = placed.iter().filter_map(|p| p.cell.conc).collect();
    levels.sort_unstable();
    levels.dedup();
    let workloads = workloads(placed, ids, &levels, sweep_name);
    // Every cell says where its load came from (`load_source`): schema 1.4.
    let version = "1.4";
    let aggregate_unit = if gathered.per_endpoint {
        "output tokens/s of the whole endpoint, as the tool measured it: the runs do not state their GPU count, so no figure here is per GPU"
    } else {
        if gathered.gpus_from_files {
            "output tokens/s per GPU: the tool's output throughput for the whole endpoint ÷ the engine's GPU count, as the publisher gave it or, where not given, as its files record it"
        } else {
            "output tokens/s per GPU: the tool's output throughput for the whole endpoint ÷ the engine's GPU count, as the publisher gave it"
        }
    };
    let power_unit = match (gathered.power_from_telemetry, gathered.power_from_reports) {
        (true, false) => "mean GPU power per GPU, W, from the tool's GPU telemetry (gpu_power_usage), averaged over the GPUs it saw",
        (false, true) => "mean GPU power per GPU, W, from each Benchmark Report's power_consumption of its serving components (DCGM's per-GPU power in llm-d's collector), weighted by their GPUs",
        (true, true) => "mean GPU power per GPU, W, from the tools' GPU telemetry (gpu_power_usage), averaged over the GPUs it saw, or from a Benchmark Report's power_consumption of its serving components, weighted by their GPUs",
        (false, false) => "not measured: the tools imported here record no GPU power",
    };
    let selection = selection_text(&gathered.described, !requests.is_empty());
    // The study's model: the publisher's, else the one checkpoint every engine's files name.
    let checkpoints: Vec<Option<&String>> = gathered.engines.iter().map(|e| e.checkpoint.as_ref()).collect();
    let model = answers.model.clone().or_else(|| match checkpoints.split_first() {
        Some((Some(first), rest)) if rest.iter().all(|c| *c == Some(*first)) => Some((*first).clone()),
        _ => None,
    });
    // Its hardware: the publisher's, else the one every run names.
    let hardware = answers.hardware.clone().or_else(|| match &gathered.hardware {
        (names, false) if names.len() == 1 => names.first().cloned(),
        _ => None,
    });
    // Neither is ever refused; a study that names neither says so, as the page will.
    for (named, what, ask) in [(model.is_some(), "model", Ask::Model), (hardware.is_some(), "hardware", Ask::Hardware)] {
        if !named {
            gathered.warnings.push(ImportWarning {
                file: RESULTS.into(),
                entry: String::new(),
                message: said![format!("the study names no {what} (its page says \"{what} not stated\"): give it "), ask],
            });
        }
    }
    let doc = StudyDoc {
        schema_version: version,
        title: &answers.title,
        date,
        scope: answers.scope.as_deref(),
        model: model.as_deref(),
        hardware: hardware.as_deref(),
        concurrency: &levels,
        engines: std::mem::take(&mut gathered.engines),
        sources,
        serving: ServingDoc {
            throughput_per: gathered.per_endpoint.then_some("endpoint"),
            aggregate_unit,
            user_unit: "tokens/s per user, derived here: 1000 ÷ TPOT p50 (ms)",
            power_unit,
            energy_unit: "output tokens/s per kW, derived here: out_tok_s ÷ power_w × 1000",
            selection: &selection,
            workloads,
            requests,
        },
    };
    let mut text = serde_json::to_string_pretty(&doc).map_err(|e| study_error(e.to_string()))?;
    text.push('\n');
    let check = parse_results(text.as_bytes());
    if check.results.is_none() {
        let findings: Vec<String> = check.findings.iter().map(ToString::to_string).collect();
        return Err(study_error(format!("the study written does not validate: {}", findings.join("; "))));
    }
    Ok(text)
}

/// How the cells were chosen and derived, in the serving block's words.
fn selection_text(described: &[String], with_requests: bool) -> String {
    let requests = if with_requests {
        " What each request did is in each engine's per-request table (ENGINE.requests.csv.gz: TTFT, TPOT as (E2E − TTFT) ÷ (output − 1), E2E, tokens, start, status), read from the tools' per-request records; chunk gaps are not kept, so ITL stays the tool's summary."
    } else {
        ""
    };
    format!(
        "Imported with servescope-import {} from: {}. Percentiles are the tools' own. TPOT is per request, (E2E − TTFT) ÷ (output tokens − 1) \
         (vLLM and SGLang tpot, GuideLLM inter_token_latency_ms, AIPerf and GenAI-Perf inter_token_latency); ITL is the gap between streamed \
         chunks where the tool records it (vLLM and SGLang itl, AIPerf inter_chunk_latency), otherwise not measured. A latency of exactly 0, an \
         empty distribution, NaN or Infinity is not measured. Runs driven by request rate are rate cells (offered req/s); a run with no rate \
         limit and no concurrency cap is a burst at the requests it sent; LLMPerf's \
         inter_token_latency (E2E ÷ output tokens per request, TTFT included) is neither TPOT nor ITL and is not imported; repeated runs are one cell of their medians; a run in which every \
         request failed has a measured throughput of 0 and no latency. Figures \
         are rounded to 4 significant digits (whole numbers kept); each engine's sweep file keeps the unrounded values every cell is checked against.{requests}",
        env!("CARGO_PKG_VERSION"),
        described.join("; ")
    )
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
