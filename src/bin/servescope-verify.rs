//! `servescope-verify RESULTS.json [--sources DIR] [--require-all] [--json]`
//!
//! Validates a results file, checks every source's sha256 against the files in DIR
//! (default: the results file's folder) and recomputes serving cells from verified sweep
//! sources — the page's checks, statuses, words and verdict, from `core::provenance`.
//!
//! Exit codes: 0 valid and nothing mismatched (warnings do not fail); 1 a validation error,
//! a hash mismatch or a recomputation mismatch — or, with `--require-all`, any source not
//! verified; 2 bad usage, or the results file cannot be opened or read.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::json;
use servescope::core::provenance::{check_bytes, Report, SourceStatus, Verification};
use servescope::core::validate::parse_results;

const USAGE: &str = "usage: servescope-verify RESULTS.json [--sources DIR] [--require-all] [--json]

Validate a servescope results file, check every source file's sha256 and recompute the
serving cells of verified sweep files.

  --sources DIR   where the source files are (default: beside RESULTS.json)
  --require-all   fail unless every source is verified
  --json          print the report as one JSON object
  -h, --help      print this help

Exit status: 0 pass, 1 fail (invalid, mismatched, not reproduced, or not all verified
with --require-all), 2 bad usage or an unreadable results file.";

/// Why the command line cannot be run as given.
#[derive(Debug, thiserror::Error)]
enum UsageError {
    #[error("{0}")]
    Args(#[from] lexopt::Error),
    #[error("no results file given")]
    NoResults,
    #[error("cannot read {path}: {source}")]
    Unreadable { path: String, source: std::io::Error },
}

struct Args {
    results: PathBuf,
    sources: Option<PathBuf>,
    require_all: bool,
    json: bool,
}

enum Command {
    Help,
    Verify(Args),
}

fn parse_args() -> Result<Command, UsageError> {
    use lexopt::prelude::*;
    let mut parser = lexopt::Parser::from_env();
    let (mut results, mut sources, mut require_all, mut json) = (None, None, false, false);
    while let Some(arg) = parser.next()? {
        match arg {
            Short('h') | Long("help") => return Ok(Command::Help),
            Long("sources") => sources = Some(PathBuf::from(parser.value()?)),
            Long("require-all") => require_all = true,
            Long("json") => json = true,
            Value(path) if results.is_none() => results = Some(PathBuf::from(path)),
            other => return Err(other.unexpected().into()),
        }
    }
    Ok(Command::Verify(Args { results: results.ok_or(UsageError::NoResults)?, sources, require_all, json }))
}

/// Read one source from the folder: the command line checks local files only.
fn read_source(dir: &Path, file: &str, sha256: &str) -> (SourceStatus, Option<Vec<u8>>) {
    match std::fs::read(dir.join(file)) {
        Ok(bytes) => (check_bytes(file, sha256, &bytes), Some(bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (SourceStatus::not_found(format!("not found in {}", dir.display())), None),
        Err(e) => (SourceStatus::unavailable(format!("cannot be read: {e}")), None),
    }
}

fn print_text(report: &Report, findings: &[servescope::core::findings::Finding], require_all: bool) {
    for f in findings {
        println!("{f}");
    }
    for (name, status) in &report.statuses {
        println!("{} {name} — {}", status.label().to_uppercase(), status.detail());
    }
    for (name, outcome) in &report.recomputations {
        match outcome {
            Ok(r) => {
                println!("recompute {name}: {r}");
                for m in &r.mismatches {
                    println!("  mismatch {}: {}", m.path, m.reason);
                }
            }
            Err(why) => println!("recompute {name}: {why}"),
        }
    }
    println!("summary: {}", report.counts());
    println!("verdict: {}", report.verdict(require_all).sentence);
}

fn print_json(args: &Args, report: &Report, findings: &[servescope::core::findings::Finding]) -> String {
    let counts = report.counts();
    let (cells, matched) = report.cells();
    let verdict = report.verdict(args.require_all);
    let doc = json!({
        "results": args.results.display().to_string(),
        "valid": report.errors == 0,
        "findings": findings.iter().map(|f| json!({ "severity": f.severity.to_string(), "kind": f.kind.as_str(), "path": f.path, "message": f.message })).collect::<Vec<_>>(),
        "sources": report.statuses.iter().map(|(name, s)| json!({ "name": name, "status": s.label(), "detail": s.detail() })).collect::<Vec<_>>(),
        "recomputation": report.recomputations.iter().map(|(name, r)| match r {
            Ok(r) => json!({ "source": name, "cells": r.cells, "matched": r.matched, "from_tool": r.from_tool,
                "mismatches": r.mismatches.iter().map(|m| json!({ "path": m.path, "reason": m.reason })).collect::<Vec<_>>() }),
            Err(why) => json!({ "source": name, "skipped": why }),
        }).collect::<Vec<_>>(),
        "summary": { "sources": counts.total, "verified": counts.verified, "mismatched": counts.mismatched,
            "unavailable": counts.unavailable, "not_checked": counts.not_checked, "errors": report.errors, "warnings": report.warnings,
            "cells": cells, "cells_matched": matched },
        "verdict": verdict.sentence,
        "exit_code": u8::from(!verdict.pass),
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

fn run() -> Result<ExitCode, UsageError> {
    let args = match parse_args()? {
        Command::Help => {
            println!("{USAGE}");
            return Ok(ExitCode::SUCCESS);
        }
        Command::Verify(args) => args,
    };
    let bytes =
        std::fs::read(&args.results).map_err(|source| UsageError::Unreadable { path: args.results.display().to_string(), source })?;
    let dir = args.sources.clone().unwrap_or_else(|| args.results.parent().map(Path::to_path_buf).unwrap_or_default());
    let dir = if dir.as_os_str().is_empty() { PathBuf::from(".") } else { dir };

    let validation = parse_results(&bytes);
    let (errors, warnings) = (validation.error_count(), validation.warning_count());
    let report = match &validation.results {
        Some(results) => {
            let mut verification = Verification::new(results);
            for job in verification.jobs().to_vec() {
                let (status, bytes) = read_source(&dir, &job.file, &job.sha256);
                verification.record(&job, status, bytes);
            }
            verification.finish(results, errors, warnings, &|f, b, e, l| Some(servescope::core::import::rederive(f, b, e, l)))
        }
        None => Report { statuses: Vec::new(), recomputations: Vec::new(), errors, warnings },
    };
    if args.json {
        println!("{}", print_json(&args, &report, &validation.findings));
    } else {
        print_text(&report, &validation.findings, args.require_all);
    }
    Ok(if report.verdict(args.require_all).pass { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("servescope-verify: {e}");
            eprintln!("{}", USAGE.lines().next().unwrap_or_default());
            ExitCode::from(2)
        }
    }
}
