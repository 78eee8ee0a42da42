//! `servescope-verify RESULTS.json [--sources DIR] [--require-all] [--json]`
//!
//! Validates a results file and checks every source's sha256 against the files in DIR
//! (default: the results file's folder), then recomputes serving cells from verified sweep
//! sources. Same checks, statuses and words as the browser: both call `servescope::core`.
//!
//! Exit codes: 0 valid and nothing mismatched (warnings do not fail); 1 a validation error,
//! a hash mismatch or a recomputation mismatch — or, with `--require-all`, any source not
//! verified; 2 bad usage, or the results file cannot be opened or read.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{json, Value};
use servescope::core::findings::Severity;
use servescope::core::provenance::{check_bytes, recompute, sweep_sources, Recomputation, SourceStatus, StatusCounts};
use servescope::core::validate::parse_results;

const USAGE: &str = "usage: servescope-verify RESULTS.json [--sources DIR] [--require-all] [--json]";

struct Args {
    results: PathBuf,
    sources: Option<PathBuf>,
    require_all: bool,
    json: bool,
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let (mut results, mut sources, mut require_all, mut json) = (None, None, false, false);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--sources" => sources = Some(PathBuf::from(args.next().ok_or("--sources needs a folder")?)),
            "--require-all" => require_all = true,
            "--json" => json = true,
            "-h" | "--help" => return Err(String::new()),
            flag if flag.starts_with('-') => return Err(format!("unknown option {flag}")),
            path if results.is_none() => results = Some(PathBuf::from(path)),
            extra => return Err(format!("unexpected argument {extra}")),
        }
    }
    let results = results.ok_or("no results file given")?;
    Ok(Args { results, sources, require_all, json })
}

/// One source's outcome, in file order.
struct SourceReport {
    name: String,
    status: SourceStatus,
}

fn check_source(dir: &Path, file: Option<&str>, sha256: &str) -> SourceStatus {
    // A url-only source is never fetched from here: the command line checks local files.
    let Some(file) = file else {
        return SourceStatus::NotChecked("remote".into());
    };
    match std::fs::read(dir.join(file)) {
        Ok(bytes) => check_bytes(file, sha256, &bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => SourceStatus::Unavailable(format!("not found in {}", dir.display())),
        Err(e) => SourceStatus::Unavailable(format!("cannot be read: {e}")),
    }
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("servescope-verify: {message}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let bytes = match std::fs::read(&args.results) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("servescope-verify: cannot read {}: {e}", args.results.display());
            return ExitCode::from(2);
        }
    };
    let dir = args.sources.clone().unwrap_or_else(|| args.results.parent().map(Path::to_path_buf).unwrap_or_default());
    let dir = if dir.as_os_str().is_empty() { PathBuf::from(".") } else { dir };

    let validation = parse_results(&bytes);
    let mut sources = Vec::new();
    let mut recomputations: Vec<(String, Result<Recomputation, String>)> = Vec::new();
    if let Some(results) = &validation.results {
        for source in &results.sources {
            let status = check_source(&dir, source.file.as_deref(), &source.sha256);
            sources.push(SourceReport { name: source.name().to_owned(), status });
        }
        for sweep in sweep_sources(results) {
            let verified = sources.iter().any(|s| s.name == sweep && s.status == SourceStatus::Verified);
            let outcome = if verified {
                std::fs::read(dir.join(sweep)).map(|raw| recompute(results, sweep, &raw)).map_err(|e| e.to_string())
            } else {
                Err("not recomputed: the source is not verified".into())
            };
            recomputations.push((sweep.to_owned(), outcome));
        }
    }

    let counts = StatusCounts::of(sources.iter().map(|s| &s.status));
    let (cells, matched) = recomputations.iter().filter_map(|(_, r)| r.as_ref().ok()).fold((0, 0), |(c, m), r| (c + r.cells, m + r.matched));
    let errors = validation.error_count();
    let warnings = validation.warning_count();
    let failed = errors > 0 || counts.mismatched > 0 || matched < cells || (args.require_all && counts.verified < counts.total);
    let code: u8 = if failed { 1 } else { 0 };

    if args.json {
        let report = json!({
            "results": args.results.display().to_string(),
            "valid": errors == 0,
            "findings": validation.findings.iter().map(|f| json!({
                "severity": f.severity.to_string(), "kind": f.kind.as_str(), "path": f.path, "message": f.message,
            })).collect::<Vec<_>>(),
            "sources": sources.iter().map(|s| json!({ "name": s.name, "status": s.status.label(), "detail": s.status.detail() })).collect::<Vec<_>>(),
            "recomputation": recomputations.iter().map(|(name, r)| match r {
                Ok(r) => json!({ "source": name, "cells": r.cells, "matched": r.matched,
                    "mismatches": r.mismatches.iter().map(|m| json!({ "path": m.path, "reason": m.reason })).collect::<Vec<_>>() }),
                Err(why) => json!({ "source": name, "skipped": why }),
            }).collect::<Vec<_>>(),
            "summary": { "sources": counts.total, "verified": counts.verified, "mismatched": counts.mismatched,
                "unavailable": counts.unavailable, "not_checked": counts.not_checked, "errors": errors, "warnings": warnings,
                "cells": cells, "cells_matched": matched },
            "exit_code": code,
        });
        println!("{}", serde_json::to_string_pretty(&report).unwrap_or_else(|_| Value::Null.to_string()));
        return ExitCode::from(code);
    }

    for f in &validation.findings {
        println!("{} {}: {}", f.severity, f.path, f.message);
    }
    for s in &sources {
        println!("{} {} — {}", s.status.label().to_uppercase(), s.name, s.status.detail());
    }
    for (name, r) in &recomputations {
        match r {
            Ok(r) => {
                println!("recompute {name}: {r}");
                for m in &r.mismatches {
                    println!("  mismatch {}: {}", m.path, m.reason);
                }
            }
            Err(why) => println!("recompute {name}: {why}"),
        }
    }
    let verdict = if failed { "FAIL" } else { "OK" };
    let severity_note = if validation.findings.iter().any(|f| f.severity == Severity::Error) { "invalid" } else { "valid" };
    println!(
        "summary: {verdict} — {severity_note}, {errors} errors, {warnings} warnings; {counts}; recomputation {matched} of {cells} cells match",
    );
    ExitCode::from(code)
}
