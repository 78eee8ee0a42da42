//! A collection of twelve studies made from the bundled one (tests/fixtures/collection/
//! make.mjs): its manifest written and checked by servescope-index, and the catalog,
//! coverage and history built from it.

use crate::common;
use std::path::{Path, PathBuf};
use std::process::Command;

use servescope::core::collections::catalog::{catalog_heading, catalog_table, coverage_table, facet_values, filtered};
use servescope::core::collections::collection::{parse_collection, Collection};
use servescope::core::collections::history::{history, history_scope, history_setups, history_table, history_title, HistoryScope};
use servescope::core::link::ViewState;
use servescope::core::measures::cost::Prices;
use servescope::core::measures::metric::Metric;
use servescope::core::study::model::Results;
use servescope::core::study::validate::parse_results;

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
fn the_manifest_lists_the_sources_published_beside_each_study_and_the_page_asks_for_those_only() {
    let dir = make("published");
    let d = dir.to_str().expect("utf-8");
    assert_eq!(index(&[d]).0, 0);
    let read = || parse_collection(&std::fs::read(dir.join("index.json")).expect("manifest"), "index.json").expect("parses");
    let manifest = read();
    let study = manifest.studies.iter().find(|s| s.path == "study-001.json").expect("listed");
    assert_eq!(study.published.as_deref(), Some(&[][..]), "none of the bundled study's 17 sources is beside it");
    let results = parse_results(&std::fs::read(dir.join("study-001.json")).expect("study")).results.expect("valid");
    let files = servescope::core::collections::collection::source_files(&results);
    assert_eq!(files.len(), 17);
    assert!(files.iter().all(|f| !study.asks_for(f)), "an unpublished source is not asked for");
    // One source is published after the manifest was written: the check names it.
    std::fs::write(dir.join(&files[0]), b"bytes").expect("write");
    let (code, said) = index(&[d, "--check"]);
    assert_eq!(code, 1, "{said}");
    assert!(
        said.contains(&format!("MISMATCH study-001.json: publishedSources is [] in the manifest but [{}] beside the file", files[0])),
        "{said}"
    );
    assert_eq!(index(&[d]).0, 0);
    let manifest = read();
    let study = manifest.studies.iter().find(|s| s.path == "study-001.json").expect("listed");
    assert!(study.asks_for(&files[0]));
    assert!(!study.asks_for(&files[1]));
    assert!(std::fs::read_to_string(dir.join("index.json")).expect("text").contains("\"schemaVersion\": \"1.1\""));
    // A 1.0 manifest says nothing of what is published: every source is asked for.
    let old = br#"{"schemaVersion":"1.0","studies":[{"path":"a.json","title":"A","date":"d","sha256":"ab"}]}"#;
    let old = parse_collection(old, "index.json").expect("1.0");
    assert_eq!(old.studies[0].published, None);
    assert!(old.studies[0].asks_for("anything.json"));
    // A malformed list is named by its path.
    let bad = br#"{"schemaVersion":"1.1","studies":[{"path":"a.json","title":"A","date":"d","sha256":"ab","publishedSources":[1]}]}"#;
    assert_eq!(
        parse_collection(bad, "index.json").expect_err("malformed").to_string(),
        "index.json: studies[0].publishedSources[0]: expected a string"
    );
}

#[test]
fn the_bundled_manifest_matches_its_study() {
    let (code, said) = index(&[concat!(env!("CARGO_MANIFEST_DIR"), "/data"), "--check"]);
    assert_eq!(code, 0, "{said}");
}

/// Twelve studies made in `name` and indexed, their manifest read as the page reads it.
fn indexed(name: &str) -> (PathBuf, Collection, Vec<String>) {
    let dir = make(name);
    let (code, said) = index(&[dir.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{said}");
    let manifest = std::fs::read(dir.join("index.json")).expect("manifest");
    let collection = parse_collection(&manifest, "c/index.json").expect("manifest");
    let srcs: Vec<String> = collection.studies.iter().map(|s| collection.src_of("c/index.json", s)).collect();
    assert_eq!(collection.studies.len(), 12);
    (dir, collection, srcs)
}

/// The collection's studies, each read and checked.
fn studies_of(dir: &Path, collection: &Collection) -> Vec<Results> {
    collection.studies.iter().map(|s| parse_results(&std::fs::read(dir.join(&s.path)).expect("study")).results.expect("valid")).collect()
}

/// Paiton on Qwen3.8-Flash-Next, on one hardware or across them.
fn qwen(hardware: Option<&str>) -> HistoryScope {
    HistoryScope { engine: "paiton".into(), model: Some("Qwen3.8-Flash-Next".into()), hardware: hardware.map(str::to_owned) }
}

#[test]
fn catalog_and_coverage_come_from_the_collection() {
    let (_, collection, srcs) = indexed("catalog");

    let all = filtered(&collection, &ViewState::default().catalog_filter());
    let dates: Vec<&str> = all.iter().map(|&i| collection.studies[i].date.as_str()).collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "newest first: {dates:?}");
    let h200 = ViewState { hardware: Some("H200".into()), ..ViewState::default() };
    let kept = filtered(&collection, &h200.catalog_filter());
    assert!(!kept.is_empty() && kept.iter().all(|&i| collection.studies[i].hardware.as_deref() == Some("H200")));
    let by_engine = ViewState { engine: Some("paiton".into()), ..ViewState::default() };
    assert_eq!(filtered(&collection, &by_engine.catalog_filter()).len(), 9, "Paiton is dropped from every third study but the last pair");
    let text = ViewState { q: Some("run 12".into()), ..ViewState::default() };
    assert_eq!(filtered(&collection, &text.catalog_filter()).len(), 1);
    let table = catalog_table(&collection, &srcs, &kept, usize::MAX, &h200.catalog_filter(), &[srcs[kept[0]].clone()]);
    assert_eq!(table.caption, format!("{} of 12 studies, newest first · hardware “H200”", kept.len()));
    // A page of a longer list: the caption still counts every kept study, and says so.
    let first = catalog_table(&collection, &srcs, &all, 5, &ViewState::default().catalog_filter(), &[]);
    assert_eq!(first.rows.len(), 5);
    assert_eq!(first.caption, "12 of 12 studies, newest first · the first 5 shown");
    assert_eq!(first.rows[0].head.label, collection.studies[all[0]].title);
    let whole = catalog_table(&collection, &srcs, &all, all.len(), &ViewState::default().catalog_filter(), &[]);
    assert_eq!((whole.rows.len(), whole.caption.as_str()), (12, "12 of 12 studies, newest first"));
    assert_eq!(table.rows[0].head.tag.as_deref(), Some("changed since the index was built"));
    assert!(table.to_csv("#").lines().nth(1).is_some_and(|h| h == "title,src,date,model,hardware,engines,workloads"));

    assert_eq!(facet_values(&collection, "hardware"), ["H200", "MI300X", "MI350P"]);
    let coverage = coverage_table(&collection, &ViewState::default().catalog_filter());
    assert_eq!(coverage.columns.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(), ["H200", "MI300X", "MI350P"]);
    let llama = coverage.rows.iter().find(|r| r.head.label == "Llama-4-Scout").expect("a row per model");
    assert!(llama.cells.iter().all(|c| c.link.is_some()), "every measured cell links to the filtered catalog");
}

#[test]
fn history_follows_one_setup_across_the_collection() {
    let (dir, collection, _) = indexed("history");
    let studies = studies_of(&dir, &collection);
    let refs: Vec<_> = studies.iter().collect();
    // One engine id on one model and hardware: Paiton runs of both models share the id, and
    // only the Qwen ones on MI350P are this line (studies 1 and 7).
    let key = "1024x1024".parse().expect("key");
    let h = history(&refs, &qwen(Some("MI350P")), key, Metric::OutTokS, 1.0, &Prices::default());
    let titles: Vec<&str> = h.points.iter().map(|p| studies[p.study].title()).collect();
    assert_eq!(titles, ["Qwen3.8-Flash-Next on MI350P, run 1 (test fixture)", "Qwen3.8-Flash-Next on MI350P, run 7 (test fixture)"]);
    assert_eq!(h.lines, ["checkpoint EliovpAI/Qwen3.8-Flash-Next-W4A8-Paiton-CDNA4-for-Qwen3.8-Flash-Next"]);
    assert!(h.conflicts.is_empty(), "two builds of the engine differ: not a conflict");
    assert!(h.elsewhere.iter().any(|(i, setup)| studies[*i].model() == Some("Llama-4-Scout") && setup.starts_with("Llama-4-Scout on ")));
    assert_eq!(h.points.len() + h.elsewhere.len() + h.not_measured.len(), 12, "every study is placed once");
    // On H200 the last pair is the same build, checkpoint and setup with different values.
    let h200 = history(&refs, &qwen(Some("H200")), key, Metric::OutTokS, 1.0, &Prices::default());
    assert_eq!(h200.points.len(), 3);
    let run = |n: usize| studies.iter().position(|s| s.title().contains(&format!("run {n} "))).expect("study");
    let pair = (run(11).min(run(12)), run(11).max(run(12)));
    assert_eq!(h200.conflicts, [pair]);
    // Spanning hardware: a line per hardware, never one line through them.
    let all = history(&refs, &qwen(None), key, Metric::OutTokS, 1.0, &Prices::default());
    assert_eq!(all.lines.len(), 2, "{:?}", all.lines);
    assert!(all.lines.iter().all(|l| l.ends_with(" · MI350P") || l.ends_with(" · H200")), "{:?}", all.lines);
    // A pair whose files describe different setups (a power limit) is a different setting.
    let mut capped: Vec<_> = studies.clone();
    capped[run(12)] = common::revised(&studies[run(12)], |doc| {
        doc["scope"] = "Speed and serving: one H200, configured GPU power limit 500 W.".into();
    });
    let refs: Vec<_> = capped.iter().collect();
    let h = history(&refs, &qwen(Some("H200")), key, Metric::OutTokS, 1.0, &Prices::default());
    assert_eq!((h.conflicts.len(), h.settings.as_slice()), (0, &[pair][..]));
    let table = history_table(&refs.iter().map(|r| (*r, String::new())).collect::<Vec<_>>(), &h, Metric::OutTokS, &ViewState::default(), 0);
    let last = table.rows.iter().find(|r| r.head.label.contains("run 12")).expect("row");
    assert!(
        last.cells[5].field.display().starts_with("a different setting from Qwen3.8-Flash-Next on H200, run 11"),
        "{:?}",
        last.cells[5]
    );
    assert_eq!(last.cells[2].field.display(), "Paiton CDNA4 · build 11");
    assert_eq!(
        history_title(&h, &qwen(Some("H200")), "Paiton"),
        "paiton (Paiton CDNA4 · build 5, Paiton CDNA4 · build 11) on Qwen3.8-Flash-Next · H200, across studies"
    );
}

#[test]
fn history_scope_comes_from_the_link_and_the_collection() {
    let (_, collection, _) = indexed("scope");
    // The scope a link names: its model and hardware, else the newest study's that lists the engine.
    let scope = history_scope(&collection, &ViewState { engine: Some("paiton".into()), ..ViewState::default() });
    assert_eq!(scope, qwen(Some("H200")));
    let llama = ViewState { engine: Some("paiton".into()), model: Some("Llama-4-Scout".into()), ..ViewState::default() };
    let scope = history_scope(&collection, &llama);
    assert_eq!(
        (scope.model.as_deref(), scope.hardware.as_deref()),
        (Some("Llama-4-Scout"), Some("MI300X")),
        "its newest study with Paiton"
    );
    let spanning = ViewState { engine: Some("paiton".into()), across_hardware: true, ..ViewState::default() };
    assert_eq!(history_scope(&collection, &spanning).hardware, None);
    assert_eq!(spanning.to_query(), "engine=paiton&across=hardware");
    assert_eq!(history_setups(&collection, "paiton").0, ["Qwen3.8-Flash-Next", "Llama-4-Scout"]);
}

#[test]
fn history_says_when_studies_swept_a_workload_along_the_other_axis() {
    use servescope::core::collections::history::{followed_level, other_axis_note};
    let key: servescope::core::link::WorkloadKey = "1024x256".parse().expect("key");
    let studies: Vec<Vec<String>> =
        vec![vec!["1024x256".into()], vec!["1024x256-rate".into()], vec!["1024x256-rate".into(), "1024x256".into()]];
    let note = other_axis_note(studies.iter().map(Vec::as_slice), key).expect("a note");
    assert_eq!(
        note,
        "1 study measured ISL 1024 / OSL 256 by request rate rather than by concurrency: a different load axis, so it is not joined on this line (pick the workload “ISL 1024 / OSL 256 · by request rate” to follow it)."
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

#[test]
fn the_history_view_model_says_what_the_view_shows() {
    use servescope::core::collections::history_view::{
        hardware_options, history_export_title, history_notices, history_summary, history_tip, line_key, studies_not_read, studies_to_read,
        workload_words, HistoryChoices, EVERY_HARDWARE,
    };
    let dir = make("history-view");
    let (code, said) = index(&[dir.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{said}");
    let manifest = std::fs::read(dir.join("index.json")).expect("manifest");
    let collection = parse_collection(&manifest, "c/index.json").expect("manifest");
    let srcs: Vec<String> = collection.studies.iter().map(|s| collection.src_of("c/index.json", s)).collect();

    // The pickers: every engine id once with its first label; workloads named as the serving view names them.
    let choices = HistoryChoices::of(&collection);
    let ids: Vec<&str> = choices.engines.iter().map(|(id, _)| id.as_str()).collect();
    let mut unique = ids.clone();
    unique.dedup();
    assert_eq!(ids, unique, "each engine once");
    assert!(ids.contains(&"paiton"), "{ids:?}");
    // A title names the engine by its first label; the picker by its id and every label.
    assert_eq!(choices.engine_label("paiton"), "Paiton CDNA4 · build 11");
    assert!(choices.engines[choices.engine_index("paiton")].1.starts_with("paiton: Paiton CDNA4 · build 11, "));
    assert_eq!(choices.engine_label("nobody"), "nobody", "an unknown id is shown as itself");
    assert_eq!(choices.workloads[0], ("1024x1024".to_owned(), "ISL 1024 / OSL 1024".to_owned()));
    assert_eq!(choices.first_workload().map(|w| w.to_string()).as_deref(), Some("1024x1024"));
    assert_eq!(workload_words("1024x256-rate"), "ISL 1024 / OSL 256 · by request rate");
    assert_eq!(workload_words("not a workload"), "not a workload");
    assert_eq!(
        hardware_options(&["H200".into()]),
        [("H200".into(), "H200".into()), (EVERY_HARDWARE.into(), "every hardware (a line each)".into())]
    );

    // What is read: Paiton on Qwen and H200, by the manifest alone; the rest are listed, not read.
    let scope = history_scope(&collection, &ViewState { engine: Some("paiton".into()), ..ViewState::default() });
    let key = "1024x1024".parse().expect("key");
    let read = studies_to_read(&collection, &srcs, &scope, Some(key));
    assert_eq!(read.len(), 3, "{read:?}");
    let listed = studies_not_read(&collection, &srcs, &read);
    assert_eq!(listed.len(), 9);
    assert!(listed.iter().any(|l| l.contains("run 2 (test fixture)") && l.contains(" — ")), "{listed:?}");
    assert!(listed.iter().all(|l| l.contains(" on ")), "each says its model and hardware: {listed:?}");

    // The notices, the key, the tooltip, the summary and the export title over the H200 line.
    let studies: Vec<_> = collection
        .studies
        .iter()
        .zip(&srcs)
        .filter(|(_, src)| read.contains(src))
        .map(|(s, _)| parse_results(&std::fs::read(dir.join(&s.path)).expect("study")).results.expect("valid"))
        .collect();
    let refs: Vec<_> = studies.iter().collect();
    let h = history(&refs, &scope, key, Metric::OutTokS, 1.0, &Prices::default());
    assert_eq!(h.points.len(), 3);
    let (conflicts, settings) = history_notices(&h);
    assert_eq!(
        conflicts.as_deref(),
        Some("1 pair of studies reports the same engine, checkpoint, hardware, setup, workload and concurrency with different values: flagged below, not merged.")
    );
    assert_eq!(settings, None);
    assert_eq!(line_key(&h), [format!("{} · 3 studies", h.lines[0])]);
    let tip = history_tip(&h, 0, &refs, Metric::OutTokS).expect("a tooltip");
    assert_eq!(tip.title, studies[h.points[0].study].title());
    let words: Vec<(&str, &str)> = tip.lines.iter().map(|l| (l.label.as_str(), l.value.as_str())).collect();
    assert_eq!(words[0], ("date", h.points[0].date.as_str()));
    assert_eq!(words[1], ("engine", h.points[0].label.as_str()));
    assert_eq!(words[2], ("line", h.lines[0].as_str()));
    assert_eq!(tip.lines[3].exact, Some(h.points[0].value.to_string()));
    assert_eq!(history_tip(&h, 3, &refs, Metric::OutTokS), None, "no fourth point");
    let summary = history_summary(&h, "output tok/s");
    assert!(summary.starts_with("History of output tok/s across 3 studies: "), "{summary}");
    assert_eq!(summary.matches("; ").count(), 2, "{summary}");
    assert_eq!(
        history_export_title("T", Some(key), Some(1.0), Metric::OutTokS),
        format!(
            "T · 1024x1024 · {} · {}",
            servescope::core::study::model::LoadAxis::Concurrency.level_label(1.0),
            Metric::OutTokS.axis_title()
        )
    );
}

#[test]
fn the_catalog_heading_counts_one_study_as_one() {
    assert_eq!(catalog_heading(1), "Catalog · 1 study");
    assert_eq!(catalog_heading(8), "Catalog · 8 studies");
}

#[test]
fn the_history_opens_on_its_longest_series_and_names_every_label_an_engine_id_carries() {
    use servescope::core::collections::history_view::HistoryChoices;
    // The newest study's first engine (deepseek's vllm) is on one study; vllm on Qwen3.8 on
    // MI350P is on three.
    let entry = |path: &str, date: &str, model: &str, hw: &str, ids: &[&str], labels: &[&str]| {
        format!(
            r#"{{"path":"{path}","sha256":"ab","title":"{path}","date":"{date}","model":"{model}","hardware":"{hw}","engines":{labels:?},"engineIds":{ids:?},"workloads":["1024x1024"]}}"#
        )
    };
    let studies = [
        entry("a.json", "2026-11-30", "DeepSeek-V3.2", "B200", &["vllm"], &["vLLM 0.19 DeepEP"]),
        entry("b.json", "2026-11-20", "Qwen3.8", "MI350P", &["paiton", "vllm"], &["Paiton CDNA4", "vLLM + AITER"]),
        entry("c.json", "2026-11-12", "Qwen3.8", "MI350P", &["vllm"], &["vLLM + AITER"]),
        entry("d.json", "2026-11-02", "Qwen3.8", "H200", &["vllm"], &["vLLM 0.19 CUDA FP8"]),
        entry("e.json", "2026-10-30", "Qwen3.8", "MI350P", &["paiton", "vllm"], &["Paiton CDNA4", "vLLM + AITER"]),
    ];
    let manifest = format!(r#"{{"schemaVersion":"1.1","studies":[{}]}}"#, studies.join(","));
    let collection = parse_collection(manifest.as_bytes(), "index.json").expect("manifest");
    let scope = history_scope(&collection, &ViewState::parse("view=history").0);
    assert_eq!(scope.engine, "vllm", "listed by all five studies");
    assert_eq!(scope.model.as_deref(), Some("Qwen3.8"), "four of vllm's five studies");
    assert_eq!(scope.hardware.as_deref(), Some("MI350P"), "three of those four");
    // A chosen engine still starts from its own most studied setup.
    let paiton = history_scope(&collection, &ViewState::parse("view=history&engine=paiton").0);
    assert_eq!((paiton.model.as_deref(), paiton.hardware.as_deref()), (Some("Qwen3.8"), Some("MI350P")));
    let choices = HistoryChoices::of(&collection);
    assert_eq!(
        choices.engines,
        [
            ("vllm".to_owned(), "vllm: vLLM 0.19 DeepEP, vLLM + AITER, vLLM 0.19 CUDA FP8".to_owned()),
            ("paiton".to_owned(), "paiton: Paiton CDNA4".to_owned())
        ]
    );
    assert_eq!(
        servescope::core::collections::history_view::engine_choice_words(
            "x",
            &["a".into(), "b".into(), "c".into(), "d".into(), "e".into()]
        ),
        "x: a, b, c and 2 more"
    );
}
