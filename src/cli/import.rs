//! servescope-import: turn what a benchmark tool wrote (`core::import::IMPORTERS`: vLLM,
//! SGLang, GuideLLM, AIPerf, GenAI-Perf, LLMPerf, llm-d, inference-perf) into a servescope results file, its raw files copied beside it and one sweep per engine, so
//! `servescope-verify DIR/results.json --require-all` passes on what it wrote.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::core::import::{check_answers, write_study, EngineGroup, StudyAnswers};
use std::collections::{BTreeMap, BTreeSet};

use lexopt::prelude::*;

/// The usage, `FROM` standing for the names `--from` takes (the importers' list).
const USAGE: &str = "\
usage: servescope-import --out DIR [--title TITLE] [--date D] [--scope TEXT] [--model TEXT] [--hardware TEXT]
         [--gpus N|unstated] [--isl N --osl N] [--conc N | --rate R] [FILE...]
         --engine ID --label LABEL [--checkpoint C] [--gpus N|unstated] [--isl N --osl N] [--conc N | --rate R]
         [--split-by KEY] [--same-run]
         [--from FROM] FILE... [--engine ID2 ... FILE...]...   (also: servescope import)

Each --engine starts a group; the options and files after it are that engine's. Files (and
folders of them) before any --engine are one engine per tool that wrote them, its id the tool's name (vllm,
sglang, …) and its label the tool's; without --title the study is titled from the files. --gpus is
the number of GPUs behind the endpoint: throughput is divided by it and it is never
assumed. Where the files record it (vLLM --metadata gpus=N or gpu=NxNAME, SGLang's
server_info tp_size × dp_size, AIPerf's and GenAI-Perf's GPU telemetry) and every record
agrees, that count is used; --gpus overrides it, with a warning. --isl/--osl give the nominal lengths where the tool does not record them: before
an engine's first file, for all its files; after one, for the files that follow. --gpus,
--isl, --osl, --conc and --rate before the first --engine are every engine's, unless it
gives its own.
--split-by KEY makes one engine per value of a run label (vLLM --metadata KEY=VALUE).
--gpus unstated imports runs that do not say how many GPUs served them: throughput stays
the whole endpoint's and nothing is per GPU (every engine of the study alike).
--conc N (--rate R) places runs whose file records no load (June 2025 AIPerf, a file of
requests alone) at concurrency N (at R requests/s). A run's per-request file (AIPerf's
profile_export.jsonl, GenAI-Perf's profile_export.json, LLMPerf's individual responses)
given with its summary joins that run; the two must count the same requests (a summary
that records no count: the same request throughput within 1 %). --same-run joins them on
your word where their figures cannot tell it, and the method text says so.
Writes DIR/results.json, a copy of every file (ENGINE-NAME), ENGINE.cells.jsonl, the
unrounded figures every cell is checked against, and, where the files record what each
request did, ENGINE.requests.csv.gz (schema 1.3).
Exit 0: written (warnings allowed); 1: a file cannot be imported; 2: bad usage.";

/// The usage with the names `--from` takes.
fn usage_text() -> String {
    USAGE.replace("FROM", &crate::core::import::tools::from_names())
}

fn usage(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("servescope-import: {message}\n\n{}", usage_text());
    ExitCode::from(2)
}

struct Args {
    out: PathBuf,
    answers: StudyAnswers,
    groups: Vec<(EngineGroup, Vec<PathBuf>)>,
    /// Files given before any --engine: one engine per tool, named after it.
    loose: Vec<PathBuf>,
    /// What the flags before the first --engine give the loose files' engines.
    every: EngineGroup,
}

/// The engines of tool outputs no --engine names (`loose`): one per tool, its id the tool's
/// `--from` name and its label the tool's, given `every`'s GPUs, lengths and load; the title
/// from the files when `title` is empty. A file in `optional` (found in a folder given) that
/// no tool wrote is left out, said in a warning; any other is refused. `servescope view`
/// imports its files this way.
pub(super) fn tool_engines(
    loose: &BTreeMap<String, Vec<u8>>,
    optional: &BTreeSet<String>,
    every: &EngineGroup,
    title: &mut String,
) -> Result<Vec<EngineGroup>, String> {
    use crate::core::import::draft::{engines_by_tool, read_draft, title_from};
    let names = || loose.keys().map(String::as_str).collect::<Vec<_>>().join(", ");
    let mut drafts = read_draft(loose).ok_or_else(|| format!("{}: neither a results file nor a benchmark tool's output", names()))?;
    drafts.retain(|d| {
        let skip = d.tool.is_none() && optional.contains(&d.name);
        if skip {
            eprintln!("warning {}: left out, not a benchmark tool's output", d.name);
        }
        !skip
    });
    if drafts.is_empty() {
        return Err(format!("{}: no benchmark tool's output among them", names()));
    }
    let mut groups = engines_by_tool(&drafts, every)?;
    for group in &mut groups {
        for (name, bytes) in &mut group.files {
            *bytes = loose.get(name).cloned().unwrap_or_default();
        }
    }
    if title.trim().is_empty() {
        *title = title_from(&drafts);
    }
    Ok(groups)
}

/// Files by name, and the names of those that may be left out (`read_loose`).
pub(super) type LooseFiles = (BTreeMap<String, Vec<u8>>, BTreeSet<String>);

/// Read the files `paths` name, and the top-level files (not hidden ones) of the folders
/// they name; a folder's files go into `optional` (left out when no tool wrote them).
pub(super) fn read_loose(paths: &[PathBuf]) -> Result<LooseFiles, String> {
    let (mut files, mut optional) = (BTreeMap::new(), BTreeSet::new());
    let read = |path: &std::path::Path| std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()));
    for path in paths {
        if !path.is_dir() {
            files.insert(path.display().to_string(), read(path)?);
            continue;
        }
        let entries = std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut inside: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        inside.sort();
        for file in inside {
            let hidden = file.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'));
            if file.is_file() && !hidden {
                optional.insert(file.display().to_string());
                files.insert(file.display().to_string(), read(&file)?);
            }
        }
    }
    Ok((files, optional))
}

/// A numeric flag of an engine: its GPUs (or `unstated`), lengths or concurrency. --isl and
/// --osl before the engine's first file are the engine's; after one (`after_files`) they
/// apply to the files that follow (`lengths`).
pub(super) fn number_flag(
    flag: &str,
    value: &str,
    group: &mut EngineGroup,
    after_files: bool,
    lengths: &mut (Option<u64>, Option<u64>),
) -> Result<(), String> {
    // The run does not say how many GPUs served it, and the publisher says so.
    if flag == "gpus" && value == "unstated" {
        group.gpus_unstated = true;
        return Ok(());
    }
    let n: u64 = value.parse().ok().filter(|n| *n >= 1).ok_or_else(|| format!("--{flag} expects a whole number ≥ 1, found `{value}`"))?;
    match flag {
        "gpus" => group.gpus = u32::try_from(n).map_err(|_| format!("--gpus {n} is too large"))?,
        "isl" if after_files => lengths.0 = Some(n),
        "osl" if after_files => lengths.1 = Some(n),
        "isl" => group.isl = Some(n),
        "conc" => group.conc = Some(u32::try_from(n).map_err(|_| format!("--conc {n} is too large"))?),
        _ => group.osl = Some(n),
    }
    Ok(())
}

/// `--rate R`: requests/s, finite and above 0.
pub(super) fn rate_of(value: &str) -> Result<f64, String> {
    value
        .trim()
        .parse()
        .ok()
        .filter(|r: &f64| r.is_finite() && *r > 0.0)
        .ok_or_else(|| format!("--rate expects requests/s > 0, found `{value}`"))
}

/// What `--gpus`, `--isl` and `--osl` before the first `--engine` gave, for each engine that
/// gives none of its own.
fn every_engines(groups: &mut [(EngineGroup, Vec<PathBuf>)], every: &EngineGroup) {
    for (group, _) in groups {
        if group.gpus == 0 && !group.gpus_unstated {
            (group.gpus, group.gpus_unstated) = (every.gpus, every.gpus_unstated);
        }
        group.isl = group.isl.or(every.isl);
        group.osl = group.osl.or(every.osl);
        if group.conc.is_none() && group.rate.is_none() {
            (group.conc, group.rate) = (every.conc, every.rate);
        }
    }
}

/// The flags the command takes, for "did you mean".
const FLAGS: [&str; 17] = [
    "out",
    "title",
    "date",
    "scope",
    "model",
    "hardware",
    "engine",
    "label",
    "checkpoint",
    "gpus",
    "isl",
    "osl",
    "conc",
    "rate",
    "split-by",
    "same-run",
    "from",
];

/// An unknown flag, and the known one it most likely meant: "invalid option '--gpu': did you
/// mean --gpus?".
fn unknown_flag(flag: &str) -> String {
    let close = FLAGS.iter().map(|f| (crate::core::basics::format::edit_distance(flag, f), *f)).min();
    match close {
        Some((d, near)) if d <= 2 || near.starts_with(flag) || flag.starts_with(near) => {
            format!("invalid option '--{flag}': did you mean --{near}?")
        }
        _ => format!("invalid option '--{flag}'"),
    }
}

/// What an import cannot go without, checked by the core's own rule (`check_answers`, the
/// page's form asks the same) before any file is read: a bad usage, exit 2.
fn required(answers: &StudyAnswers, groups: &[(EngineGroup, Vec<PathBuf>)]) -> Result<(), String> {
    let named: Vec<EngineGroup> = groups
        .iter()
        .map(|(group, files)| EngineGroup { files: files.iter().map(|f| (f.display().to_string(), Vec::new())).collect(), ..group.clone() })
        .collect();
    check_answers(answers, &named).map_err(|e| e.to_string())
}

/// The engine a flag after `--engine` belongs to: the last one given.
fn group(groups: &mut [(EngineGroup, Vec<PathBuf>)], flag: &str) -> Result<usize, String> {
    match groups.len() {
        0 => Err(format!("{flag} belongs to an engine: give --engine ID first")),
        n => Ok(n - 1),
    }
}

fn parse(args: Vec<OsString>) -> Result<Option<Args>, String> {
    let mut parser = lexopt::Parser::from_args(args);
    let mut out = None;
    // Today (UTC) dates a study whose files record no date and that no --date names; the
    // import says so in a warning.
    let days = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() / 86_400);
    let mut answers = StudyAnswers { today: Some(crate::core::basics::format::date_of_day(days as i64)), ..StudyAnswers::default() };
    let mut groups: Vec<(EngineGroup, Vec<PathBuf>)> = Vec::new();
    // What --gpus, --isl and --osl give every engine, before the first --engine.
    let mut every = EngineGroup::default();
    // Per engine, the lengths given after its first file: they apply to the files after them.
    let mut lengths: Vec<(Option<u64>, Option<u64>)> = Vec::new();
    let mut loose = Vec::new();
    let text = |parser: &mut lexopt::Parser| -> Result<String, String> {
        parser.value().map_err(|e| e.to_string())?.string().map_err(|e| e.to_string())
    };
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Short('h') | Long("help") => return Ok(None),
            Long("out") => out = Some(PathBuf::from(text(&mut parser)?)),
            Long("title") => answers.title = text(&mut parser)?,
            Long("date") => answers.date = Some(text(&mut parser)?),
            Long("scope") => answers.scope = Some(text(&mut parser)?),
            Long("model") => answers.model = Some(text(&mut parser)?),
            Long("hardware") => answers.hardware = Some(text(&mut parser)?),
            Long("engine") => {
                groups.push((EngineGroup { id: text(&mut parser)?, ..EngineGroup::default() }, Vec::new()));
                lengths.push((None, None));
            }
            Long("label") => {
                let g = group(&mut groups, "--label")?;
                groups[g].0.label = text(&mut parser)?;
            }
            Long("checkpoint") => {
                let g = group(&mut groups, "--checkpoint")?;
                groups[g].0.checkpoint = Some(text(&mut parser)?);
            }
            Long("rate") => {
                let rate = rate_of(&text(&mut parser)?)?;
                match groups.last_mut() {
                    Some((group, _)) => group.rate = Some(rate),
                    None => every.rate = Some(rate),
                }
            }
            // Before the first --engine, --gpus, --isl, --osl and --conc are every engine's
            // (unless one gives its own).
            Long(flag @ ("gpus" | "isl" | "osl" | "conc")) if groups.is_empty() => {
                let flag = flag.to_owned();
                let value = text(&mut parser)?;
                number_flag(&flag, &value, &mut every, false, &mut (None, None))?;
            }
            Long(flag @ ("gpus" | "isl" | "osl" | "conc")) => {
                let flag = flag.to_owned();
                let g = group(&mut groups, &format!("--{flag}"))?;
                let value = text(&mut parser)?;
                let (group, files) = &mut groups[g];
                number_flag(&flag, &value, group, !files.is_empty(), &mut lengths[g])?;
            }
            Long("same-run") => {
                let g = group(&mut groups, "--same-run")?;
                groups[g].0.same_run = true;
            }
            Long("split-by") => {
                let g = group(&mut groups, "--split-by")?;
                groups[g].0.split_by = Some(text(&mut parser)?);
            }
            Long("from") => {
                let g = group(&mut groups, "--from")?;
                let value = text(&mut parser)?;
                groups[g].0.tool = if value == "auto" { None } else { Some(value.parse()?) };
            }
            // Before any --engine: one engine per tool (`tool_engines`).
            Value(file) if groups.is_empty() => loose.push(PathBuf::from(file)),
            Value(file) => {
                let g = group(&mut groups, "a file")?;
                let path = PathBuf::from(file);
                if lengths[g] != (None, None) {
                    groups[g].0.file_lengths.push((path.display().to_string(), lengths[g].0, lengths[g].1));
                }
                groups[g].1.push(path);
            }
            Long(flag) => return Err(unknown_flag(flag)),
            other => return Err(other.unexpected().to_string()),
        }
    }
    every_engines(&mut groups, &every);
    let out = out.ok_or("--out DIR is required")?;
    // Loose files' engines and title come from the files, once read; the named engines are
    // checked now, whatever title the files will give.
    if loose.is_empty() {
        required(&answers, &groups)?;
    } else if !groups.is_empty() {
        let titled = StudyAnswers { title: "from the files".to_owned(), ..answers.clone() };
        required(&titled, &groups)?;
    }
    Ok(Some(Args { out, answers, groups, loose, every }))
}

/// `servescope import` (and `servescope-import`): `args` after the command's name.
pub fn run(args: Vec<OsString>) -> ExitCode {
    let args = match parse(args) {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{}", usage_text());
            return ExitCode::SUCCESS;
        }
        Err(message) => return usage(message),
    };
    let mut answers = args.answers;
    let mut groups = Vec::new();
    if !args.loose.is_empty() {
        let found = read_loose(&args.loose).and_then(|(loose, optional)| tool_engines(&loose, &optional, &args.every, &mut answers.title));
        match found {
            Ok(found) => groups.extend(found),
            Err(e) => {
                eprintln!("servescope-import: {e}");
                return ExitCode::from(1);
            }
        }
    }
    for (mut group, files) in args.groups {
        for path in files {
            match std::fs::read(&path) {
                Ok(bytes) => group.files.push((path.display().to_string(), bytes)),
                Err(e) => {
                    eprintln!("servescope-import: {}: {e}", path.display());
                    return ExitCode::from(1);
                }
            }
        }
        groups.push(group);
    }
    let written = match write_study(&answers, &groups) {
        Ok(written) => written,
        Err(e) => {
            eprintln!("servescope-import: {e}");
            return ExitCode::from(1);
        }
    };
    for warning in &written.warnings {
        eprintln!("warning {warning}");
    }
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        eprintln!("servescope-import: {}: {e}", args.out.display());
        return ExitCode::from(1);
    }
    for file in &written.files {
        let path = args.out.join(&file.name);
        if let Err(e) = std::fs::write(&path, &file.bytes) {
            eprintln!("servescope-import: {}: {e}", path.display());
            return ExitCode::from(1);
        }
    }
    for file in &written.read {
        println!("{file}");
    }
    println!(
        "wrote {} ({} cells, {} files, {} warnings)",
        args.out.join("results.json").display(),
        written.cells,
        written.files.len(),
        written.warnings.len()
    );
    ExitCode::SUCCESS
}
