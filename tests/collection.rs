//! A collection of twelve studies made from the bundled one (tests/fixtures/collection/
//! make.mjs): its manifest written and checked by servescope-index, and the catalog,
//! coverage and history built from it.

use std::path::{Path, PathBuf};
use std::process::Command;

use servescope::core::catalog::{catalog_table, coverage_table, facet_values, filtered};
use servescope::core::collection::parse_collection;
use servescope::core::cost::Prices;
use servescope::core::history::history;
use servescope::core::link::ViewState;
use servescope::core::metric::Metric;
use servescope::core::validate::parse_results;

fn make(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("collection").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/collection/make.mjs");
    let status = Command::new("node").arg(script).arg(&dir).arg("12").status().expect("node runs");
    assert!(status.success(), "make.mjs");
    dir
}

fn index(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_servescope-index")).args(args).output().expect("runs");
    (out.status.code().unwrap_or(-1), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

#[test]
fn the_manifest_is_written_from_the_files_and_fails_its_check_when_a_study_changes() {
    let dir = make("check");
    let d = dir.to_str().expect("utf-8");
    let (code, said) = index(&[d]);
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("(12 studies)"), "{said}");
    assert_eq!(index(&[d, "--check"]).0, 0);
    // One study's bytes change after the manifest was built.
    let study = dir.join("study-003.json");
    let text = std::fs::read_to_string(&study).expect("study").replace("run 3 (test fixture)", "run 3 (edited)");
    std::fs::write(&study, text).expect("write");
    let (code, said) = index(&[d, "--check"]);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("MISMATCH study-003.json: sha256 is "), "{said}");
    assert!(
        said.contains(
            "MISMATCH study-003.json: title is [Qwen3.8-Flash-Next on MI300X, run 3 (test fixture)] in the manifest but [Qwen3.8-Flash-Next on MI300X, run 3 (edited)] in the file"
        ),
        "{said}"
    );
    assert_eq!(said.matches("MISMATCH").count(), 3, "sha256, bytes and title: {said}");
    assert!(!said.contains("study-001"), "only the changed study is named: {said}");
}

#[test]
fn the_bundled_manifest_matches_its_study() {
    let (code, said) = index(&[concat!(env!("CARGO_MANIFEST_DIR"), "/data"), "--check"]);
    assert_eq!(code, 0, "{said}");
}

#[test]
fn catalog_coverage_and_history_come_from_the_collection() {
    let dir = make("views");
    let (code, said) = index(&[dir.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{said}");
    let manifest = std::fs::read(dir.join("index.json")).expect("manifest");
    let collection = parse_collection(&manifest, "c/index.json").expect("manifest");
    let srcs: Vec<String> = collection.studies.iter().map(|s| collection.src_of("c/index.json", s)).collect();
    assert_eq!(collection.studies.len(), 12);

    let all = filtered(&collection, &ViewState::default());
    let dates: Vec<&str> = all.iter().map(|&i| collection.studies[i].date.as_str()).collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "newest first: {dates:?}");
    let h200 = ViewState { hardware: Some("H200".into()), ..ViewState::default() };
    let kept = filtered(&collection, &h200);
    assert!(!kept.is_empty() && kept.iter().all(|&i| collection.studies[i].hardware.as_deref() == Some("H200")));
    let by_engine = ViewState { engine: Some("paiton".into()), ..ViewState::default() };
    assert_eq!(filtered(&collection, &by_engine).len(), 9, "Paiton is dropped from every third study but the last pair");
    let text = ViewState { q: Some("run 12".into()), ..ViewState::default() };
    assert_eq!(filtered(&collection, &text).len(), 1);
    let table = catalog_table(&collection, &srcs, &kept, usize::MAX, &h200, &[srcs[kept[0]].clone()]);
    assert_eq!(table.caption, format!("{} of 12 studies, newest first · hardware “H200”", kept.len()));
    // A page of a longer list: the caption still counts every kept study, and says so.
    let first = catalog_table(&collection, &srcs, &all, 5, &ViewState::default(), &[]);
    assert_eq!(first.rows.len(), 5);
    assert_eq!(first.caption, "12 of 12 studies, newest first · the first 5 shown");
    assert_eq!(first.rows[0].head.label, collection.studies[all[0]].title);
    let whole = catalog_table(&collection, &srcs, &all, all.len(), &ViewState::default(), &[]);
    assert_eq!((whole.rows.len(), whole.caption.as_str()), (12, "12 of 12 studies, newest first"));
    assert_eq!(table.rows[0].head.tag.as_deref(), Some("changed since the index was built"));
    assert!(table.to_csv("#").lines().nth(1).is_some_and(|h| h == "title,src,date,model,hardware,engines,workloads"));

    assert_eq!(facet_values(&collection, "hardware"), ["H200", "MI300X", "MI350P"]);
    let coverage = coverage_table(&collection, &ViewState::default());
    assert_eq!(coverage.columns.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(), ["H200", "MI300X", "MI350P"]);
    let llama = coverage.rows.iter().find(|r| r.head.label == "Llama-4-Scout").expect("a row per model");
    assert!(llama.cells.iter().all(|c| c.link.is_some()), "every measured cell links to the filtered catalog");

    let studies: Vec<_> = collection
        .studies
        .iter()
        .map(|s| parse_results(&std::fs::read(dir.join(&s.path)).expect("study")).results.expect("valid"))
        .collect();
    let refs: Vec<_> = studies.iter().collect();
    let h = history(&refs, "paiton", "1024x1024".parse().expect("key"), Metric::OutTokS, 1.0, &Prices::default());
    assert_eq!(h.points.len(), 9, "one point per study that measured it");
    assert_eq!(h.not_measured.len(), 3);
    assert!(h.points.windows(2).all(|w| w[0].date <= w[1].date));
    let conflicted: Vec<&str> = h.conflicts.iter().flat_map(|&(a, b)| [studies[a].title.as_str(), studies[b].title.as_str()]).collect();
    assert_eq!(h.conflicts.len(), 1, "the last pair: same engine, checkpoint and hardware, different values: {conflicted:?}");
}

#[test]
fn history_says_when_studies_swept_a_workload_along_the_other_axis() {
    use servescope::core::history::{followed_level, other_axis_note};
    let key: servescope::core::link::WorkloadKey = "1024x256".parse().expect("key");
    let studies: Vec<Vec<String>> =
        vec![vec!["1024x256".into()], vec!["1024x256-rate".into()], vec!["1024x256-rate".into(), "1024x256".into()]];
    let note = other_axis_note(studies.iter().map(Vec::as_slice), key).expect("a note");
    assert_eq!(
        note,
        "1 study measured ISL 1024 / OSL 256 by request rate rather than by concurrency: a different load axis, so it is not joined on this line (pick the workload “1024 / 256 by request rate” to follow it)."
    );
    assert_eq!(other_axis_note(studies[..1].iter().map(Vec::as_slice), key), None);
    // The link's rate is followed on a rate workload; one no study has falls back to the first.
    let rate_key: servescope::core::link::WorkloadKey = "1024x256-rate".parse().expect("key");
    let (state, _) = ViewState::parse("view=history&rate=4&conc=8");
    assert_eq!(followed_level(&state, rate_key, &[1.0, 2.0, 4.0]), (Some(4.0), None));
    assert_eq!(followed_level(&state, key, &[1.0, 8.0]), (Some(8.0), None));
    assert_eq!(
        followed_level(&state, rate_key, &[1.0, 2.0]),
        (Some(1.0), Some("4 req/s is not a level these studies measured: showing 1 req/s.".to_owned()))
    );
    assert!(state.to_query().contains("rate=4"), "the rate round-trips: {}", state.to_query());
}
