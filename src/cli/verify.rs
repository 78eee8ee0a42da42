//! `servescope-verify RESULTS.json [--sources DIR] [--require-all] [--json]
//!  [--goodput ttft:MS,tpot:MS,e2el:MS [--attain PCT] [--sessions] [--kwh-price P] [--gpu-hour-price P] [--pue X]]`
//!
//! Validates a results file, checks every source's sha256 against the files in DIR
//! (default: the results file's folder), recomputes serving cells from verified sweep
//! sources and each run's figures from its verified requests (schema 1.3) — the page's
//! checks, statuses, words and verdict, from `core::provenance` — and, with `--goodput`,
//! computes goodput at that objective from the requests (`core::measures::goodput`).
//!
//! Exit codes: 0 valid and nothing mismatched (warnings do not fail); 1 a validation error,
//! a hash mismatch or a recomputation mismatch — or, with `--require-all`, any source not
//! verified; 2 bad usage, or the results file cannot be opened or read.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::core::basics::format::as_written;
use crate::core::measures::cost::Prices;
use crate::core::measures::goodput::{
    self, at_capacity, capacities, capacity_words, cell_words, session_words, CapacityFigures, CellRow, Slo, DEFAULT_TARGET, NO_REQUESTS,
};
use crate::core::measures::requests::{read_tables, RequestTable};
use crate::core::provenance::{Report, Verification};
use crate::core::study::model::Results;
use crate::site::check::check_study;
use serde_json::json;

const USAGE: &str = "usage: servescope-verify RESULTS.json [--sources DIR] [--require-all] [--json] [--goodput SLO [--attain PCT] [PRICES]]
(also: servescope verify)

Validate a servescope results file, check every source file's sha256, recompute the
serving cells of verified sweep files and each run's figures from its verified requests.

  --sources DIR   where the source files are (default: beside RESULTS.json)
  --require-all   fail unless every source is verified
  --json          print the report as one JSON object
  --goodput SLO   goodput from the requests at an objective: ttft:MS,tpot:MS,e2el:MS (any
                  subset, vLLM's keys, ms); one line per cell with requests, its
                  attainment's 95 % interval and verdict, then each engine's capacity
  --attain PCT    the attainment target the verdicts and capacity hold to (default 90)
  --sessions      goodput by session too, where the requests are turns of conversations:
                  a session is good when every turn completed and met the objective
  --kwh-price P, --gpu-hour-price P, --pue X
                  prices for the cost of a million good tokens at capacity (the page's
                  kwh_price, gpu_hour_price and pue; without a price the cost is null)
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
    #[error("--goodput: {0}")]
    Slo(String),
    #[error("--attain expects a percentage in (0, 100], found `{0}`")]
    Attain(String),
    #[error("--{0} needs --goodput")]
    NeedsGoodput(&'static str),
    #[error("--{0} expects a number > 0, found `{1}`")]
    Price(&'static str, String),
}

struct Args {
    results: PathBuf,
    sources: Option<PathBuf>,
    require_all: bool,
    json: bool,
    goodput: Option<Slo>,
    /// The attainment target, 0–1.
    attain: f64,
    /// The reader's prices, for the dollar figure at capacity.
    prices: Prices,
    /// Goodput by session too.
    sessions: bool,
}

/// A price flag's value: a number > 0 (the link's rule for `kwh_price`, `gpu_hour_price`, `pue`).
fn price(name: &'static str, text: String) -> Result<f64, UsageError> {
    text.trim().parse::<f64>().ok().filter(|v| v.is_finite() && *v > 0.0).ok_or(UsageError::Price(name, text))
}

enum Command {
    Help,
    Verify(Args),
}

fn parse_args(args: Vec<OsString>) -> Result<Command, UsageError> {
    use lexopt::prelude::*;
    let mut parser = lexopt::Parser::from_args(args);
    let (mut results, mut sources, mut require_all, mut json) = (None, None, false, false);
    let (mut goodput, mut attain, mut prices, mut sessions) = (None, None, Prices::default(), false);
    while let Some(arg) = parser.next()? {
        match arg {
            Short('h') | Long("help") => return Ok(Command::Help),
            Long("sources") => sources = Some(PathBuf::from(parser.value()?)),
            Long("require-all") => require_all = true,
            Long("json") => json = true,
            Long("goodput") => goodput = Some(Slo::parse(&parser.value()?.string()?).map_err(UsageError::Slo)?),
            Long("attain") => {
                let text = parser.value()?.string()?;
                let pct: f64 = text.trim().parse().ok().filter(|p: &f64| *p > 0.0 && *p <= 100.0).ok_or(UsageError::Attain(text))?;
                attain = Some(pct / 100.0);
            }
            Long("sessions") => sessions = true,
            Long("kwh-price") => prices.kwh = Some(price("kwh-price", parser.value()?.string()?)?),
            Long("gpu-hour-price") => prices.gpu_hour = Some(price("gpu-hour-price", parser.value()?.string()?)?),
            Long("pue") => prices.pue = Some(price("pue", parser.value()?.string()?)?),
            Value(path) if results.is_none() => results = Some(PathBuf::from(path)),
            other => return Err(other.unexpected().into()),
        }
    }
    if goodput.is_none() {
        let given = [
            ("attain", attain.is_some()),
            ("sessions", sessions),
            ("kwh-price", prices.kwh.is_some()),
            ("gpu-hour-price", prices.gpu_hour.is_some()),
            ("pue", prices.pue.is_some()),
        ];
        if let Some((flag, _)) = given.into_iter().find(|g| g.1) {
            return Err(UsageError::NeedsGoodput(flag));
        }
    }
    let results = results.ok_or(UsageError::NoResults)?;
    Ok(Command::Verify(Args { results, sources, require_all, json, goodput, attain: attain.unwrap_or(DEFAULT_TARGET), prices, sessions }))
}

fn print_text(report: &Report, findings: &[crate::core::study::findings::Finding], require_all: bool) {
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
    for check in &report.requests {
        match &check.skipped {
            Some(why) => println!("requests {}: {why}", check.file),
            None => println!("requests {}: {check}", check.file),
        }
        for f in &check.findings {
            println!("  {f}");
        }
        for m in &check.mismatches {
            println!("  mismatch {}: {}", m.path, m.reason);
        }
        for why in &check.not_reproduced {
            println!("  not recomputed: {why}");
        }
    }
    println!("summary: {}", report.counts());
    println!("verdict: {}", report.verdict(require_all).sentence);
}

/// The engines' verified per-request tables, read (a table that does not read is left out:
/// its check already fails the verdict).
fn tables(results: &Results, verification: &Verification) -> Vec<(String, RequestTable)> {
    read_tables(results, |file| verification.kept(file).map(std::borrow::Cow::Borrowed))
}

/// Goodput at the objective, one line per cell with requests, then each engine's capacity
/// per workload with what that load gives; or why there is none.
fn goodput_lines(rows: &[CellRow], slo: &Slo, args: &Args, any_tables: bool) -> Vec<String> {
    if !any_tables {
        return vec![NO_REQUESTS.to_owned()];
    }
    let target = args.attain;
    let mut out = vec![format!("goodput at {} (attainment target {} %):", slo.words(), as_written(target * 100.0))];
    for row in rows {
        out.push(format!("  {} {} {}: {}", row.path, row.engine, row.load, cell_words(&row.goodput, target)));
    }
    if args.sessions {
        for row in rows {
            if let Some(s) = &row.sessions {
                out.push(format!("  sessions {} {} {}: {}", row.path, row.engine, row.load, session_words(s, row.goodput.per_gpu)));
            }
        }
        if !rows.iter().any(|r| r.sessions.is_some()) {
            out.push("  sessions: no cell's requests are turns of sessions (the tools record no conversation)".to_owned());
        }
    }
    let figures = at_capacity(rows, target, &args.prices);
    for ((engine, workload, capacity), f) in capacities(rows, target).into_iter().zip(&figures) {
        out.push(format!("capacity {engine} {workload}: {}", capacity_words(&capacity, target)));
        if f.load.is_some() {
            out.push(format!("  at capacity: {}", capacity_figures(f, &args.prices)));
        }
    }
    out
}

/// "good tok/s per GPU 1,234; per kW of GPU power 2,345; cost per M good tokens 0.1234",
/// "not measured" where not.
fn capacity_figures(f: &CapacityFigures, prices: &Prices) -> String {
    use crate::core::basics::format::{readable, significant4, NOT_MEASURED};
    let missing = if f.gpus_stated { NOT_MEASURED } else { "not measured (the runs state no GPUs)" };
    let or = |v: Option<f64>, show: fn(f64) -> String| v.map_or_else(|| missing.to_owned(), show);
    let cost = if prices.any() { or(f.usd_per_mtok, significant4) } else { "no price given".to_owned() };
    format!(
        "good tok/s per GPU {}; per kW of GPU power {}; cost per M good tokens {cost}",
        or(f.good_tok_s_per_gpu, readable),
        or(f.good_tok_s_per_kw, readable)
    )
}

/// One cell's goodput as the JSON lists it: not measured is null, never 0.
fn goodput_json(r: &CellRow, target: f64) -> serde_json::Value {
    let g = &r.goodput;
    let missed = g.missed().map(|m| m.into_iter().map(|(k, n)| (k.to_owned(), json!(n))).collect::<serde_json::Map<_, _>>());
    json!({ "path": r.path, "engine": r.engine, "workload": r.workload, "load": r.level,
        "evaluated": g.evaluated, "good": g.good, "attainment": g.attainment,
        "attainment_ci": g.interval.map(|(lo, hi)| [lo, hi]), "meets": g.verdict(target).map(|v| v.json()),
        "missed": missed, "req_s": g.req_s, "tok_s": g.tok_s, "note": g.note })
}

fn print_json(args: &Args, report: &Report, findings: &[crate::core::study::findings::Finding], goodput: Option<&[CellRow]>) -> String {
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
        "requests": report.requests.iter().map(|c| json!({ "file": c.file, "engine": c.engine, "skipped": c.skipped, "runs": c.runs, "matched": c.matched, "from_tool": c.from_tool,
            "findings": c.findings.iter().map(|f| json!({ "path": f.path, "message": f.message })).collect::<Vec<_>>(),
            "mismatches": c.mismatches.iter().map(|m| json!({ "path": m.path, "reason": m.reason })).collect::<Vec<_>>(),
            "not_reproduced": c.not_reproduced })).collect::<Vec<_>>(),
        "verdict": verdict.sentence,
        "exit_code": u8::from(!verdict.pass),
    });
    let mut doc = doc;
    if let (Some(rows), Some(slo)) = (goodput, &args.goodput) {
        doc["goodput_slo"] = json!(slo.to_string());
        doc["goodput_attain"] = json!(args.attain);
        doc["goodput"] = json!(rows.iter().map(|r| goodput_json(r, args.attain)).collect::<Vec<_>>());
        doc["capacity"] = json!(at_capacity(rows, args.attain, &args.prices)
            .iter()
            .map(|f| json!({ "engine": f.engine, "workload": f.workload, "load": f.load, "good_tok_s_per_gpu": f.good_tok_s_per_gpu,
                "good_tok_s_per_kw": f.good_tok_s_per_kw, "usd_per_mtok": f.usd_per_mtok, "indeterminate_above": f.indeterminate_above }))
            .collect::<Vec<_>>());
        if rows.is_empty() {
            doc["goodput_note"] = json!(NO_REQUESTS);
        }
        if args.sessions {
            doc["sessions"] = json!(rows
                .iter()
                .filter_map(|r| {
                    let s = r.sessions.as_ref()?;
                    Some(json!({ "path": r.path, "engine": r.engine, "load": r.level, "sessions": s.sessions, "turns": s.turns,
                        "good_sessions": s.good, "attainment": s.attainment, "attainment_ci": s.interval.map(|(lo, hi)| [lo, hi]),
                        "good_sessions_per_s": s.per_s, "note": s.note }))
                })
                .collect::<Vec<_>>());
        }
    }
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

/// What a file is when it is a benchmark tool's output rather than a results file: the tool,
/// and the import that makes a study of it.
fn tool_output(path: &Path, bytes: &[u8]) -> Option<String> {
    let name = path.display().to_string();
    let tool = match crate::core::import::read_file(&name, bytes, None) {
        Ok(imported) => format!("{} ({})", imported.tool.title(), imported.layout),
        Err(crate::core::import::ImportError::NotServing { what, .. }) => return Some(format!("{name} is {what}")),
        Err(_) => return None,
    };
    Some(format!(
        "{name} is {tool} output, not a servescope results file: import it first — servescope-import --out DIR --title TITLE --engine ID --label LABEL {name} — then verify DIR/results.json"
    ))
}

fn checked(args: Vec<OsString>) -> Result<ExitCode, UsageError> {
    let args = match parse_args(args)? {
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

    let checked = check_study(&bytes, &dir);
    let validation = &checked.validation;
    let rows = match (&validation.results, &checked.verification, &args.goodput) {
        (Some(results), Some(verification), Some(slo)) => {
            let tables = tables(results, verification);
            Some((goodput::study(results, &tables, slo, None), !tables.is_empty()))
        }
        _ => None,
    };
    let (report, goodput) = (checked.report, rows);
    // A benchmark tool's own output given in place of a results file: said first, with the
    // command that makes a study of it, rather than only the schema's findings.
    if validation.results.is_none() {
        if let Some(said) = tool_output(&args.results, &bytes) {
            eprintln!("servescope-verify: {said}");
        }
    }
    if args.json {
        let rows = goodput.as_ref().map(|(rows, _)| rows.as_slice());
        println!("{}", print_json(&args, &report, &validation.findings, rows.or(args.goodput.as_ref().map(|_| &[][..]))));
    } else {
        print_text(&report, &validation.findings, args.require_all);
        if let Some(slo) = &args.goodput {
            let (rows, any) = goodput.unwrap_or_default();
            for line in goodput_lines(&rows, slo, &args, any) {
                println!("{line}");
            }
        }
    }
    Ok(if report.verdict(args.require_all).pass { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// `servescope verify` (and `servescope-verify`): `args` after the command's name.
pub fn run(args: Vec<OsString>) -> ExitCode {
    match checked(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("servescope-verify: {e}");
            eprintln!("{}", USAGE.lines().next().unwrap_or_default());
            ExitCode::from(2)
        }
    }
}
