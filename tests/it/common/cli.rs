//! The command-line tools as the native tests run them: the importer in the fixtures'
//! folder, the verifier on what it wrote, and readers of the results file's cells.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use servescope::core::study::model::CELL_NUMBERS;

pub const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/import");

pub fn out_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("import").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Run servescope-import in the fixtures folder; returns (exit code, stdout, stderr).
pub fn import(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_servescope-import")).args(args).current_dir(FIXTURES).output().expect("runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

pub fn verify_all(dir: &Path) {
    let out =
        Command::new(env!("CARGO_BIN_EXE_servescope-verify")).arg(dir.join("results.json")).arg("--require-all").output().expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "verify --require-all: {text}");
    assert!(text.contains(" 0 mismatched · 0 unavailable"), "{text}");
}

/// The results file written, checked against the published schema.
pub fn results(dir: &Path) -> Value {
    let doc: Value = serde_json::from_slice(&std::fs::read(dir.join("results.json")).expect("written")).expect("JSON");
    let schema: Value =
        serde_json::from_slice(&std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/schema/results-1.json")).expect("schema"))
            .expect("JSON");
    let errors: Vec<String> = jsonschema::validator_for(&schema).expect("schema").iter_errors(&doc).map(|e| e.to_string()).collect();
    assert_eq!(errors, Vec::<String>::new(), "the schema accepts what servescope-import wrote");
    doc
}

/// The cell of `engine` at concurrency `conc` in the workload `isl`/`osl`.
pub fn cell<'a>(doc: &'a Value, (isl, osl): (u64, u64), engine: &str, conc: u64) -> &'a Value {
    let levels = doc["concurrency"].as_array().expect("levels");
    let k = levels.iter().position(|c| c.as_u64() == Some(conc)).unwrap_or_else(|| panic!("no level c{conc}"));
    let workload = doc["serving"]["workloads"]
        .as_array()
        .expect("workloads")
        .iter()
        .find(|w| w["inputTokens"].as_u64() == Some(isl) && w["outputTokens"].as_u64() == Some(osl) && w["load"] != "rate")
        .unwrap_or_else(|| panic!("no workload {isl}/{osl}"));
    let row = workload["rows"].as_array().expect("rows").iter().find(|r| r["id"] == engine).unwrap_or_else(|| panic!("no row {engine}"));
    &row["cells"][k]
}

/// The cell of `engine` at offered `rate` req/s in the rate-driven workload `isl`/`osl`.
pub fn rate_cell<'a>(doc: &'a Value, (isl, osl): (u64, u64), engine: &str, rate: f64) -> &'a Value {
    let workload = doc["serving"]["workloads"]
        .as_array()
        .expect("workloads")
        .iter()
        .find(|w| w["inputTokens"].as_u64() == Some(isl) && w["outputTokens"].as_u64() == Some(osl) && w["load"] == "rate")
        .unwrap_or_else(|| panic!("no rate workload {isl}/{osl}"));
    let rates = workload["requestRates"].as_array().expect("rates");
    let k = rates.iter().position(|r| r.as_f64() == Some(rate)).unwrap_or_else(|| panic!("no rate {rate} in {rates:?}"));
    let row = workload["rows"].as_array().expect("rows").iter().find(|r| r["id"] == engine).unwrap_or_else(|| panic!("no row {engine}"));
    &row["cells"][k]
}

/// Where an expected cell sits in its workload's row: at a concurrency level or an
/// offered rate.
pub enum At {
    /// A concurrency level.
    Conc(u64),
    /// An offered request rate, req/s.
    Rate(f64),
}

/// A cell an import must write, as data: its workload (ISL, OSL), engine, place, and every
/// number it holds (any other is null).
pub type ExpectedCell = ((u64, u64), &'static str, At, &'static [(&'static str, f64)]);

/// Each expected cell, as `assert_cell` checks one.
pub fn assert_cells(doc: &Value, expected: &[ExpectedCell]) {
    for (workload, engine, at, fields) in expected {
        let got = match at {
            At::Conc(c) => cell(doc, *workload, engine, *c),
            At::Rate(r) => rate_cell(doc, *workload, engine, *r),
        };
        assert_cell(got, fields);
    }
}

/// Every number field of the cell is exactly `expected`; the others are absent (null). The
/// measured mean lengths (`isl_mean`, `osl_mean`) are checked where listed: each tool's are
/// pinned by a test of their own (`tests/it/import/study.rs`, measured means).
pub fn assert_cell(cell: &Value, expected: &[(&str, f64)]) {
    for field in CELL_NUMBERS {
        if matches!(field.name, "isl_mean" | "osl_mean") && !expected.iter().any(|(k, _)| *k == field.name) {
            continue;
        }
        let want = expected.iter().find(|(k, _)| *k == field.name).map(|(_, v)| *v);
        let got = cell.get(field.name).and_then(Value::as_f64);
        assert_eq!(got, want, "{}: {cell}", field.name);
    }
}
