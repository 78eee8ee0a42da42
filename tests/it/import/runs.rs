//! How runs become cells whatever the tool: detection by keys, usage errors, the same bytes
//! twice, datasets, labels, checkpoints and lengths per file.

use crate::common;

use std::path::Path;

use servescope::core::import::{import_file, write_study, EngineGroup, StudyAnswers, Tool};

use common::cli::{cell, import, out_dir, results, verify_all, FIXTURES};

#[test]
fn formats_are_told_by_their_keys() {
    let read = |p: &str| std::fs::read(Path::new(FIXTURES).join(p)).expect("fixture");
    for (path, tool) in [
        ("vllm/c1.json", Tool::Vllm),
        ("vllm/sweep/run=0.json", Tool::Vllm),
        ("sglang/sweep.jsonl", Tool::Sglang),
        ("guidellm/benchmarks.json", Tool::Guidellm),
        ("guidellm/v0.5-benchmarks.json", Tool::Guidellm),
        ("aiperf/nested/profile_export_aiperf.json", Tool::Aiperf),
        ("aiperf/flat/profile_export_aiperf.json", Tool::Aiperf),
        ("genai-perf/profile_export_genai_perf.json", Tool::GenaiPerf),
    ] {
        assert_eq!(import_file(path, &read(path), None).map(|i| i.tool), Ok(tool), "{path}");
    }
    let err = import_file(
        "results.json",
        &std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/minimal.json")).expect("fixture"),
        None,
    );
    assert!(err.expect_err("not a tool's output").to_string().starts_with("results.json: not a format servescope imports"));
}

#[test]
fn usage_errors_exit_2_and_name_what_is_missing() {
    let (code, _, stderr) = import(&["--out", "x", "--title", "t", "--engine", "e", "vllm/c1.json"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("engine `e`: a label is needed (--engine ID --label LABEL)"), "{stderr}");
    let (code, _, stderr) = import(&["--out", "x", "--engine", "e", "--label", "E", "vllm/c1.json"]);
    assert_eq!(code, 2, "a missing title is a usage error too");
    assert!(stderr.contains("the study needs a title (--title)"), "{stderr}");
    let (code, stdout, _) = import(&["--help"]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("usage: servescope-import"));
}

#[test]
fn the_same_inputs_give_the_same_bytes() {
    let read = |p: &str| std::fs::read(Path::new(FIXTURES).join(p)).expect("fixture");
    let group = EngineGroup {
        id: "b".into(),
        label: "B".into(),
        gpus: 2,
        files: vec![("profile_export_aiperf.json".into(), read("aiperf/flat/profile_export_aiperf.json"))],
        ..EngineGroup::default()
    };
    let answers = StudyAnswers { title: "Twice".into(), ..StudyAnswers::default() };
    let a = write_study(&answers, std::slice::from_ref(&group)).expect("written");
    let b = write_study(&answers, &[group]).expect("written");
    assert_eq!(a, b);
    assert_eq!(
        a.files.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(),
        ["results.json", "b-profile_export_aiperf.json", "b.cells.jsonl"]
    );
}

#[test]
fn what_a_file_was_read_as_counts_its_runs_by_load_axis() {
    let bytes = std::fs::read(format!("{FIXTURES}/vllm/append.json")).expect("fixture");
    let imported = import_file("append.json", &bytes, None).expect("imports");
    assert_eq!(imported.read_as(), "vLLM bench serve (appended results, one per line), 3 runs (2 by concurrency, 1 by request rate)");
    assert_eq!(imported.placeable().len(), 3);
    let bytes = std::fs::read(format!("{FIXTURES}/llmperf/leaderboard-by-concurrency.json")).expect("fixture");
    let imported = import_file("l.json", &bytes, None).expect("imports");
    assert_eq!(imported.read_as(), "LLMPerf (summaries keyed by concurrency), 3 runs by concurrency");
}

#[test]
fn the_tools_own_record_wins_and_disagreements_are_said() {
    // A publisher's --osl far from the recorded 256, and 4 GPUs where the telemetry saw 2.
    let dir = out_dir("genai-perf-disagree");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "GenAI-Perf",
        "--date",
        "2026-10-30",
        "--engine",
        "t",
        "--label",
        "T",
        "--gpus",
        "4",
        "--isl",
        "2048",
        "--osl",
        "1024",
        "genai-perf/profile_export_genai_perf.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("--osl 1024 disagrees with the file's own input_config output_tokens of 256 (more than 5 %); --osl was used"),
        "{stderr}"
    );
    assert!(!stderr.contains("--isl 2048 disagrees"), "an agreeing length is not flagged: {stderr}");
    assert!(
        stderr.contains("the GPU telemetry saw 2 GPUs, but 4 were given: power per GPU is not written (not measured) rather than guessed"),
        "{stderr}"
    );
    let doc = results(&dir);
    let c = cell(&doc, (2048, 1024), "t", 4);
    assert_eq!((c.get("power_w"), c.get("tok_s_per_kw")), (None, None), "{c}");
    assert_eq!(c["out_tok_s"].as_f64(), Some(32.0), "the endpoint's throughput ÷ the 4 GPUs given");
    verify_all(&dir);
}

#[test]
fn runs_of_different_datasets_are_different_workloads_never_trials() {
    let dir = out_dir("sglang-datasets");
    let d = dir.to_str().expect("utf-8");
    let (code, stdout, stderr) = import(&[
        "--out",
        d,
        "--title",
        "Datasets",
        "--date",
        "2026-10-30",
        "--engine",
        "s",
        "--label",
        "S",
        "--gpus",
        "1",
        "sglang/datasets.jsonl",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("2 cells"), "{stdout}");
    assert!(
        stderr.contains("sglang/datasets.jsonl line 2: a ShareGPT dataset: its lengths are the measured means (total tokens ÷ completed)"),
        "{stderr}"
    );
    let doc = results(&dir);
    let keys: Vec<(u64, u64)> = doc["serving"]["workloads"]
        .as_array()
        .expect("workloads")
        .iter()
        .map(|w| (w["inputTokens"].as_u64().unwrap_or(0), w["outputTokens"].as_u64().unwrap_or(0)))
        .collect();
    assert_eq!(keys, [(512, 128), (302, 199)], "random 512/128 and ShareGPT's measured 302/199, one level each: the files' order");
    assert_eq!(cell(&doc, (302, 199), "s", 8)["ttft_p50_ms"].as_f64(), Some(44.0));
    assert_eq!(cell(&doc, (512, 128), "s", 8)["ttft_p50_ms"].as_f64(), Some(58.0));
    verify_all(&dir);
}

#[test]
fn runs_that_differ_in_a_metadata_label_are_refused_naming_it_or_split_into_engines() {
    let dir = out_dir("vllm-deployments");
    let d = dir.to_str().expect("utf-8");
    let base = ["--out", d, "--title", "Deployments", "--engine", "v", "--label", "vLLM", "--gpus", "1"];
    let mut refused = base.to_vec();
    refused.push("vllm/deployments.json");
    let (code, _, stderr) = import(&refused);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains(
            "but differ in `deployment` (base, kvcache): different setups are never trials of one cell; give --split-by deployment"
        ),
        "{stderr}"
    );
    let mut split = base.to_vec();
    split.extend(["--split-by", "deployment", "vllm/deployments.json"]);
    let (code, stdout, stderr) = import(&split);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("3 cells"), "{stdout}");
    let doc = results(&dir);
    let engines: Vec<(&str, &str)> = doc["engines"]
        .as_array()
        .expect("engines")
        .iter()
        .map(|e| (e["id"].as_str().unwrap_or(""), e["label"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(engines, [("v-base", "vLLM base"), ("v-kvcache", "vLLM kvcache"), ("v-no-features", "vLLM no-features")]);
    assert_eq!(cell(&doc, (1024, 512), "v-kvcache", 16)["out_tok_s"].as_f64(), Some(2150.0));
    verify_all(&dir);
}

#[test]
fn the_checkpoint_comes_from_the_files_and_an_engine_of_several_models_is_said() {
    let dir = out_dir("vllm-models");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "Models",
        "--engine",
        "one",
        "--label",
        "One model",
        "--gpus",
        "1",
        "--isl",
        "1024",
        "--osl",
        "1024",
        "vllm/c1.json",
        "--engine",
        "mixed",
        "--label",
        "Three models",
        "--gpus",
        "1",
        "--isl",
        "1024",
        "--osl",
        "1024",
        "vllm/models/opt.json",
        "vllm/models/glm.json",
        "vllm/models/gpt-oss.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains(
            "warning engine `mixed`: its files name 3 different models (zai-org/GLM-4.7, openai/gpt-oss-120b, facebook/opt-125m): one engine should be one model and checkpoint"
        ),
        "{stderr}"
    );
    let doc = results(&dir);
    assert_eq!(doc["engines"][0]["checkpoint"], "org/model-x", "the checkpoint the file names");
    assert!(doc["engines"][1].get("checkpoint").is_none(), "no checkpoint is picked among three: {}", doc["engines"][1]);
}

#[test]
fn lengths_can_be_given_per_file() {
    let dir = out_dir("per-file-lengths");
    let d = dir.to_str().expect("utf-8");
    // c1.json at the engine's 1024/1024; the models' files at 512/128, given after c1.json.
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "Per file",
        "--engine",
        "v",
        "--label",
        "V",
        "--gpus",
        "1",
        "--isl",
        "1024",
        "--osl",
        "1024",
        "vllm/c1.json",
        "--isl",
        "512",
        "--osl",
        "128",
        "vllm/models/glm.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let doc = results(&dir);
    assert_eq!(cell(&doc, (1024, 1024), "v", 1)["conc"], 1);
    assert_eq!(cell(&doc, (512, 128), "v", 16)["conc"], 16);
}
