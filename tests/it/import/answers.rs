//! What an import says when the files are not all it needs: other kinds of text refused in
//! one sentence, every missing answer asked at once, a tool's own output given to verify,
//! and the study's identity (model, hardware, GPUs) read from the files where they say it.

use std::path::Path;

use servescope::core::import::{import_file, EngineGroup, StudyAnswers};

use crate::common::cli::{cell, import, out_dir, results, FIXTURES};

#[test]
fn text_files_of_another_kind_are_refused_in_one_sentence_naming_them() {
    for (file, said) in [
        ("text/vllm_bench_serve_conc32.log", "a vLLM bench serve console log: import the JSON that --save-result wrote"),
        (
            "text/sglang_bench_serving_console.txt",
            "an SGLang bench_serving console log: import the JSON Lines file its --output-file wrote",
        ),
        ("text/mlperf_log_summary.txt", "an MLPerf LoadGen summary (mlperf_log_summary.txt)"),
        (
            "aiperf/agentic-0.8/profile_export_aiperf.csv",
            "a CSV export of AIPerf or GenAI-Perf (profile_export_*.csv): import the JSON export written beside it",
        ),
        ("aiperf/agentic-0.8/profile_export_console.txt", "the console table AIPerf or GenAI-Perf prints (its console export)"),
    ] {
        // Judged from the content: the same bytes under a neutral name say the same.
        let dir = out_dir("text-refused");
        std::fs::create_dir_all(&dir).expect("a folder");
        let neutral = dir.join("results.json");
        std::fs::copy(Path::new(FIXTURES).join(file), &neutral).expect("copied");
        let out = dir.join("out");
        let (code, stdout, stderr) = import(&[
            "--out",
            out.to_str().expect("UTF-8"),
            "--title",
            "T",
            "--engine",
            "e",
            "--label",
            "E",
            "--gpus",
            "1",
            neutral.to_str().expect("UTF-8"),
        ]);
        assert_eq!(code, 1, "{file}: {stderr}");
        assert!(stderr.contains(said), "{file}: {stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{file}: one message, no usage text: {stderr}");
        assert!(!stderr.contains("neither JSON nor YAML") && !stdout.contains("usage"), "{file}: {stderr}");
    }
}

#[test]
fn every_missing_answer_is_asked_at_once_and_answers_before_the_first_engine_are_every_engines() {
    let dir = out_dir("answers-at-once");
    std::fs::create_dir_all(&dir).expect("a folder");
    // Two engines of plain vLLM results: no GPUs, no lengths recorded; the second nests its
    // GPU count under `metadata`, as some harnesses write it.
    let text = std::fs::read_to_string(Path::new(FIXTURES).join("vllm/c1.json")).expect("fixture");
    let mut plain: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    plain.as_object_mut().expect("an object").remove("gpus");
    let mut nested = plain.clone();
    nested["metadata"] = serde_json::json!({ "gpus": "1" });
    let (first, second) = (dir.join("plain.json"), dir.join("nested.json"));
    std::fs::write(&first, serde_json::to_vec(&plain).expect("JSON")).expect("written");
    std::fs::write(&second, serde_json::to_vec(&nested).expect("JSON")).expect("written");
    let out = dir.join("out");
    let (o, f, s) = (out.to_str().expect("UTF-8"), first.to_str().expect("UTF-8"), second.to_str().expect("UTF-8"));
    let args = ["--out", o, "--title", "T", "--engine", "a", "--label", "A", f, "--engine", "b", "--label", "B", s];
    let (code, _, stderr) = import(&args);
    assert_eq!(code, 1, "{stderr}");
    let asked: Vec<&str> = stderr.lines().skip(1).map(str::trim).collect();
    assert_eq!(
        asked,
        [
            "engine `a`: the GPU count (--gpus N, or --gpus unstated when the run does not say): its files record none, and it is never assumed",
            "engine `a`: the nominal input length (--isl N): vLLM bench serve does not record it; its requests averaged 1023 input tokens",
            "engine `a`: the nominal output length (--osl N): vLLM bench serve does not record it; its requests averaged 1024 output tokens",
            "engine `b`: the nominal input length (--isl N): vLLM bench serve does not record it; its requests averaged 1023 input tokens",
            "engine `b`: the nominal output length (--osl N): vLLM bench serve does not record it; its requests averaged 1024 output tokens",
        ],
        "b's metadata.gpus is read, never asked for: {stderr}"
    );
    // Given once, before the first engine: every engine's.
    let mut once = vec!["--out", o, "--title", "T", "--gpus", "2", "--isl", "1024", "--osl", "1024"];
    once.extend(&args[4..]);
    let (code, _, stderr) = import(&once);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("--gpus 2 overrides the 1 GPU its metadata.gpus records"), "{stderr}");
    let doc = results(&out);
    assert_eq!(
        (cell(&doc, (1024, 1024), "a", 1)["gpus"].as_f64(), cell(&doc, (1024, 1024), "b", 1)["gpus"].as_f64()),
        (Some(2.0), Some(2.0))
    );
    // A mistyped flag is met with the one it meant.
    let (code, _, stderr) = import(&["--out", o, "--gpu", "1"]);
    assert_eq!(code, 2);
    assert!(stderr.starts_with("servescope-import: invalid option '--gpu': did you mean --gpus?"), "{stderr}");
}

#[test]
fn verify_given_a_tools_own_output_names_the_tool_and_the_import_that_makes_a_study_of_it() {
    let file = Path::new(FIXTURES).join("vllm/c1.json");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_servescope-verify")).arg(&file).output().expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("c1.json is vLLM bench serve (a single result) output, not a servescope results file: import it first — servescope-import --out DIR"), "{said}");
    let log = Path::new(FIXTURES).join("text/vllm_bench_serve_conc32.log");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_servescope-verify")).arg(&log).output().expect("runs");
    assert!(String::from_utf8_lossy(&out.stderr).contains("is a vLLM bench serve console log: import the JSON that --save-result wrote"));
}

#[test]
fn identity_comes_from_the_files_a_path_is_no_model_and_a_gpu_two_endpoints_report_counts_once() {
    // A model id that is a local folder: warned of, not used; the study still written.
    let dir = out_dir("identity-path");
    std::fs::create_dir_all(&dir).expect("a folder");
    let text = std::fs::read_to_string(Path::new(FIXTURES).join("vllm/c1.json")).expect("fixture");
    let mut doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    doc["model_id"] = serde_json::json!("/models/qwen3-8b");
    let file = dir.join("local.json");
    std::fs::write(&file, serde_json::to_vec(&doc).expect("JSON")).expect("written");
    let out = dir.join("out");
    let (code, _, stderr) = import(&[
        "--out",
        out.to_str().expect("UTF-8"),
        "--title",
        "T",
        "--engine",
        "v",
        "--label",
        "V",
        "--isl",
        "1024",
        "--osl",
        "1024",
        file.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("the model id `/models/qwen3-8b` is a filesystem path, not a model's name: it is not used as the model or checkpoint; give the model's name (--model)"), "{stderr}");
    let written = results(&out);
    assert!(written.get("model").is_none() && written["engines"][0].get("checkpoint").is_none(), "{written}");
    assert!(stderr.contains("the study names no model"), "{stderr}");
    // AIPerf's telemetry: its GPUs' name is the hardware; two endpoints reporting one GPU (its
    // UUID) count it once.
    let path = Path::new(FIXTURES).join("aiperf/flat/profile_export_aiperf.json");
    let mut doc: serde_json::Value = serde_json::from_slice(&std::fs::read(path).expect("fixture")).expect("JSON");
    let endpoints = doc["telemetry_data"]["endpoints"].as_object_mut().expect("endpoints");
    let (name, first) = endpoints.iter().next().map(|(k, v)| (k.clone(), v.clone())).expect("an endpoint");
    let mut gpus = first;
    for (k, gpu) in gpus["gpus"].as_object_mut().expect("gpus").iter_mut() {
        gpu["gpu_uuid"] = serde_json::json!(format!("GPU-{k}"));
    }
    endpoints.insert(name.clone(), gpus.clone());
    endpoints.insert(format!("{name}-again"), gpus);
    let bytes = serde_json::to_vec(&doc).expect("JSON");
    let imported = import_file("profile_export_aiperf.json", &bytes, None).expect("reads");
    let run = &imported.runs[0];
    assert_eq!(run.hardware.as_deref(), Some("GPU A"));
    assert_eq!(run.gpus.map(|g| g.0), Some(2), "the two GPUs once, not four");
    assert!(run.caveat.as_deref().is_some_and(|c| c.contains("report the same GPU more than once")), "{:?}", run.caveat);
}

#[test]
fn a_cell_of_fewer_requests_than_its_concurrency_is_noted() {
    let dir = out_dir("fewer-than-conc");
    std::fs::create_dir_all(&dir).expect("a folder");
    let text = std::fs::read_to_string(Path::new(FIXTURES).join("vllm/c1.json")).expect("fixture");
    let mut doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    doc["max_concurrency"] = serde_json::json!(40);
    let file = dir.join("c40.json");
    std::fs::write(&file, serde_json::to_vec(&doc).expect("JSON")).expect("written");
    let out = dir.join("out");
    let (code, _, stderr) = import(&[
        "--out",
        out.to_str().expect("UTF-8"),
        "--title",
        "T",
        "--engine",
        "v",
        "--label",
        "V",
        "--isl",
        "1024",
        "--osl",
        "1024",
        file.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("only 10 requests at concurrency 40: the run never had 40 in flight, so its figures are of a lighter load"),
        "{stderr}"
    );
}

/// Every fixture a reader could pick, alone, through the import module as the form sends it
/// (no GPUs, lengths or load given; then with them): nothing the form shows — what a file
/// was read as, a refusal, a warning — names one of servescope-import's flags.
#[test]
fn no_refusal_or_warning_the_form_shows_names_a_command_line_flag() {
    use servescope::core::import::draft::read_draft;
    use servescope::core::import::remote::{answer, write_reply, write_request};
    const FLAGS: [&str; 15] = [
        "--gpus",
        "--isl",
        "--osl",
        "--conc",
        "--rate",
        "--engine",
        "--label",
        "--title",
        "--date",
        "--model",
        "--hardware",
        "--split-by",
        "--same-run",
        "--from",
        "--checkpoint",
    ];
    let flagged = |said: &str| FLAGS.iter().find(|f| said.contains(*f)).map(|f| format!("{f} in: {said}"));
    let mut files = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(FIXTURES)];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a folder") {
            let path = entry.expect("an entry").path();
            let small = path.metadata().is_ok_and(|m| m.len() < 4_000_000);
            if path.is_dir() {
                stack.push(path);
            } else if small && !path.extension().is_some_and(|e| e == "md" || e == "gz") {
                files.push(path);
            }
        }
    }
    files.sort();
    let (mut said, mut shown) = (Vec::new(), 0);
    for path in &files {
        let name = path.file_name().and_then(|n| n.to_str()).expect("a name").to_owned();
        let bytes = std::fs::read(path).expect("read");
        let picked = std::collections::BTreeMap::from([(name.clone(), bytes.clone())]);
        for file in read_draft(&picked).unwrap_or_default() {
            said.extend(file.read_as.err());
        }
        for (gpus, isl, conc) in [(0, None, None), (1, Some(1024), Some(4))] {
            let answers = StudyAnswers { title: "T".into(), ..StudyAnswers::default() };
            let files = vec![(name.clone(), bytes.clone())];
            let group = EngineGroup { id: "e".into(), label: "E".into(), gpus, isl, osl: isl, conc, files, ..EngineGroup::default() };
            match write_reply(answer(write_request(&answers, &group))).expect("the module answers") {
                Ok(written) => said.extend(written.warnings.iter().map(|w| w.in_form())),
                Err(refused) => said.push(refused),
            }
        }
        shown += 1;
    }
    assert!(shown > 40, "{shown} fixtures");
    assert!(said.len() > 100, "{} messages", said.len());
    let with_flags: Vec<String> = said.iter().filter_map(|s| flagged(s)).collect();
    assert!(with_flags.is_empty(), "{}", with_flags.join("\n"));
    // The same messages name the form's fields.
    assert!(said.iter().any(|s| s.contains("(the GPUs field)")) && said.iter().any(|s| s.contains("(the ISL field)")));
}
