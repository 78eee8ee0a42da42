//! What servescope writes, byte for byte: the results file, sweeps and per-request tables `servescope-import`
//! writes for each tool's fixture, and the collection manifest `servescope-index` writes,
//! against committed copies. The copies were written by the `json!`-built writer before the
//! typed (`serde` derive) one replaced it, so these tests hold the two to the same bytes.
//!
//! After a deliberate change of the output, `SERVESCOPE_BLESS=1 cargo test --test written`
//! rewrites the copies; the diff then shows what changed.

use std::path::{Path, PathBuf};
use std::process::Command;

use servescope::core::collections::collection::{manifest_json, parse_collection};
use servescope::core::measures::requests::gunzip;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/import");
const WRITTEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/written");

/// One import per tool layout: a name for its folder of expected files, and the arguments.
#[rustfmt::skip]
const IMPORTS: &[(&str, &[&str])] = &[
    ("vllm", &["--title", "vLLM", "--engine", "vllm", "--label", "vLLM 0.14", "--gpus", "2", "--isl", "1024", "--osl", "1024", "vllm/c1.json", "vllm/append.json"]),
    ("vllm-sweep", &["--title", "vLLM sweep", "--engine", "vllm", "--label", "vLLM", "--gpus", "1", "vllm/summary/summary.json", "vllm/rate-append.json"]),
    ("sglang", &["--title", "SGLang", "--date", "2026-10-30", "--engine", "sglang", "--label", "SGLang", "--gpus", "1", "sglang/sweep.jsonl"]),
    ("sglang-rate", &["--title", "SGLang rate", "--date", "2026-10-30", "--engine", "s", "--label", "S", "--gpus", "1", "--isl", "1024", "--osl", "1024", "sglang/v04-rate.jsonl"]),
    ("guidellm", &["--title", "GuideLLM", "--engine", "g", "--label", "GuideLLM", "--gpus", "1", "--isl", "1024", "--osl", "1024", "guidellm/benchmarks.json"]),
    ("aiperf", &["--title", "AIPerf", "--engine", "a", "--label", "AIPerf", "--gpus", "2", "aiperf/flat/profile_export_aiperf.json"]),
    ("genai-perf", &["--title", "GenAI-Perf", "--date", "2026-10-30", "--engine", "t", "--label", "T", "--gpus", "2", "genai-perf/profile_export_genai_perf.json"]),
    ("llmperf", &["--title", "LLMPerf", "--engine", "l", "--label", "LLMPerf", "--gpus", "8", "llmperf/leaderboard-by-concurrency.json"]),
    (
        "two-engines",
        &[
            "--title", "Two engines", "--model", "M", "--hardware", "H", "--scope", "one node",
            "--engine", "a", "--label", "A", "--gpus", "2", "aiperf/flat/profile_export_aiperf.json",
            "--engine", "t", "--label", "T", "--gpus", "2", "--date", "2026-10-30", "genai-perf/profile_export_genai_perf.json",
        ],
    ),
];

fn bless() -> bool {
    std::env::var_os("SERVESCOPE_BLESS").is_some()
}

/// The files of `dir` the writer made (the results file and the sweeps; the copies of the
/// inputs are the inputs), by name.
fn written_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("written")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n == "results.json" || n.ends_with(".cells.jsonl") || n.ends_with(".requests.csv.gz"))
        .map(|n| {
            let bytes = std::fs::read(dir.join(&n)).expect("readable");
            // A per-request table is held as its text, to read in a diff (its gzip bytes are
            // pinned by the sha256 the results file lists).
            match n.strip_suffix(".gz") {
                Some(text) => (text.to_owned(), gunzip(&bytes).expect("a gzip table")),
                None => (n, bytes),
            }
        })
        .collect();
    out.sort();
    out
}

/// `actual` equals the committed copy at `expected` (or, blessing, becomes it).
fn same_bytes(expected: &Path, actual: &[u8]) {
    if bless() {
        std::fs::create_dir_all(expected.parent().expect("a folder")).expect("writable");
        std::fs::write(expected, actual).expect("writable");
        return;
    }
    let want = std::fs::read(expected).unwrap_or_else(|e| panic!("{}: {e} (SERVESCOPE_BLESS=1 writes it)", expected.display()));
    if want != actual {
        let (want, got) = (String::from_utf8_lossy(&want), String::from_utf8_lossy(actual));
        let line = want.lines().zip(got.lines()).position(|(a, b)| a != b).unwrap_or(want.lines().count().min(got.lines().count()));
        panic!(
            "{} differs from what was written, first at line {}:\n  expected: {:?}\n  written:  {:?}",
            expected.display(),
            line + 1,
            want.lines().nth(line).unwrap_or("(end)"),
            got.lines().nth(line).unwrap_or("(end)")
        );
    }
}

#[test]
fn every_import_writes_the_same_bytes_as_before() {
    for (name, args) in IMPORTS {
        let out: PathBuf = Path::new(env!("CARGO_TARGET_TMPDIR")).join("written").join(name);
        let _ = std::fs::remove_dir_all(&out);
        let run = Command::new(env!("CARGO_BIN_EXE_servescope-import"))
            .arg("--out")
            .arg(&out)
            .args(*args)
            .current_dir(FIXTURES)
            .output()
            .expect("runs");
        assert_eq!(run.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&run.stderr));
        let files = written_files(&out);
        assert!(files.iter().any(|(n, _)| n == "results.json"), "{name}: no results.json");
        assert!(files.iter().any(|(n, _)| n.ends_with(".cells.jsonl")), "{name}: no sweep");
        for (file, bytes) in &files {
            same_bytes(&Path::new(WRITTEN).join(name).join(file), bytes);
        }
        if !bless() {
            // No expected file goes unwritten either.
            let expected: Vec<String> = std::fs::read_dir(Path::new(WRITTEN).join(name))
                .expect("expected files")
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect();
            for file in expected {
                assert!(files.iter().any(|(n, _)| *n == file), "{name}: {file} is expected but was not written");
            }
        }
    }
}

#[test]
fn the_bundled_manifest_is_written_back_byte_for_byte() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/index.json");
    let bytes = std::fs::read(path).expect("the bundled manifest");
    let collection = parse_collection(&bytes, "data/index.json").expect("a manifest");
    assert_eq!(collection.studies.len(), 1);
    assert_eq!(manifest_json(&collection), String::from_utf8(bytes).expect("UTF-8"));
}

#[test]
fn a_manifest_of_several_studies_with_unstated_fields_is_written_back_byte_for_byte() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/collection-two.json");
    let bytes = std::fs::read(path).expect("fixture");
    let collection = parse_collection(&bytes, "collection-two.json").expect("a manifest");
    same_bytes(&Path::new(WRITTEN).join("manifest/index.json"), manifest_json(&collection).as_bytes());
}
