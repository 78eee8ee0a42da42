//! servescope-export: a servescope study in another tool's format. Today: llm-d's Benchmark
//! Report (version 0.2.1), one report per serving cell.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::core::export::{benchmark_reports, VERSION};
use crate::core::measures::requests::read_tables;
use crate::core::provenance::sha256_hex;
use crate::site::check::check_study;

const USAGE: &str = "\
usage: servescope-export --benchmark-report DIR RESULTS.json   (also: servescope export)

Write one llm-d Benchmark Report (version 0.2.1, JSON) per serving cell of RESULTS.json
into DIR, named ENGINE-WORKLOAD-LEVEL.json: the cell's load, requests, throughput (the
endpoint's), power and the latencies whose mean is known (from the engine's per-request
table, where the study has one and it verifies; a report's statistic needs a mean, so a
latency recorded as p50 and p99 only is left out, and said). The study must be valid.
Exit 0: written; 1: the study is not valid, or DIR cannot be written; 2: bad usage.";

fn parse_args(args: Vec<OsString>) -> Result<Option<(PathBuf, PathBuf)>, String> {
    use lexopt::prelude::*;
    let (mut dir, mut results) = (None, None);
    let mut parser = lexopt::Parser::from_args(args);
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Short('h') | Long("help") => return Ok(None),
            Long("benchmark-report") => dir = Some(PathBuf::from(parser.value().map_err(|e| e.to_string())?)),
            Value(value) if results.is_none() => results = Some(PathBuf::from(value)),
            other => return Err(other.unexpected().to_string()),
        }
    }
    match (dir, results) {
        (Some(dir), Some(results)) => Ok(Some((dir, results))),
        (None, _) => Err("--benchmark-report DIR is required (the one format written today)".to_owned()),
        (_, None) => Err("no RESULTS.json given".to_owned()),
    }
}

fn export(dir: &Path, path: &Path) -> Result<Vec<String>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let checked = check_study(&bytes, folder);
    let (Some(results), Some(verification)) = (&checked.validation.results, &checked.verification) else {
        let findings: Vec<String> = checked.validation.findings.iter().map(ToString::to_string).collect();
        return Err(format!("{}: not a valid results file:\n  {}", path.display(), findings.join("\n  ")));
    };
    // Only verified tables: a mean is taken from the requests the study's hash names.
    let tables = read_tables(results, |file| verification.kept(file).map(std::borrow::Cow::Borrowed));
    let exported = benchmark_reports(results, &sha256_hex(&bytes), &tables);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for report in &exported.reports {
        let to = dir.join(&report.name);
        let mut text = serde_json::to_string_pretty(&report.doc).map_err(|e| e.to_string())?;
        text.push('\n');
        std::fs::write(&to, text).map_err(|e| format!("{}: {e}", to.display()))?;
    }
    let mut said: Vec<String> = exported.notes.iter().map(|n| format!("note: {n}")).collect();
    said.push(format!(
        "wrote {} Benchmark Report{} (version {VERSION}) into {}",
        exported.reports.len(),
        if exported.reports.len() == 1 { "" } else { "s" },
        dir.display()
    ));
    Ok(said)
}

/// `servescope export` (and `servescope-export`): `args` after the command's name.
pub fn run(args: Vec<OsString>) -> ExitCode {
    let (dir, results) = match parse_args(args) {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("servescope-export: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match export(&dir, &results) {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("servescope-export: {e}");
            ExitCode::from(1)
        }
    }
}
