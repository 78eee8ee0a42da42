//! The study as a whole: verification back to the tools' files, the GPU count, measured
//! mean lengths, and the page's draft.

use crate::common;

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use common::cli::{cell, import, out_dir, results, verify_all, FIXTURES};

#[test]
fn verification_reaches_the_tools_own_file_and_names_the_cell_when_it_was_edited() {
    let dir = out_dir("vllm-tool-edit");
    let d = dir.to_str().expect("utf-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "vLLM",
        "--engine",
        "vllm",
        "--label",
        "vLLM",
        "--gpus",
        "1",
        "--isl",
        "1024",
        "--osl",
        "1024",
        "vllm/c1.json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let verify = |dir: &Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_servescope-verify"))
            .arg(dir.join("results.json"))
            .arg("--require-all")
            .output()
            .expect("runs");
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let (code, text) = verify(&dir);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("1 of 1 cells match their source line; 1 of them derived again from the tool's file"), "{text}");
    // Edit the copied tool file and publish its new hash: only re-deriving the cell can tell.
    let copy = dir.join("vllm-c1.json");
    let original = std::fs::read_to_string(&copy).expect("copy");
    let edited = original.replacen("\"p50_ttft_ms\": 51.9", "\"p50_ttft_ms\": 61.9", 1);
    assert_ne!(edited, original, "the fixture has p50_ttft_ms 51.9");
    std::fs::write(&copy, &edited).expect("write");
    let mut doc = results(&dir);
    for source in doc["sources"].as_array_mut().expect("sources") {
        if source["file"] == "vllm-c1.json" {
            source["sha256"] = Value::String(servescope::core::provenance::sha256_hex(edited.as_bytes()));
        }
    }
    std::fs::write(dir.join("results.json"), serde_json::to_vec_pretty(&doc).expect("json")).expect("write");
    let (code, text) = verify(&dir);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("serving.workloads[0].rows[0].cells[0]"), "{text}");
    assert!(text.contains("`ttft_p50_ms` is 51.9 in the sweep but vllm-c1.json gives 61.9"), "{text}");
}

/// The GPU count is no flag the file answers: vLLM's `--metadata gpus`, SGLang's
/// `server_info`, AIPerf's and GenAI-Perf's telemetry give it; `--gpus` overrides with a
/// warning; files that record none, or disagree, are refused saying so.
#[test]
fn the_gpu_count_comes_from_the_files_where_they_record_it() {
    let run = |name: &str, args: &[&str]| {
        let dir = out_dir(name);
        let mut all = vec!["--out", dir.to_str().expect("utf-8"), "--title", "T", "--date", "2026-10-30", "--engine", "e", "--label", "E"];
        all.extend(args);
        let (code, _, stderr) = import(&all);
        (code, stderr, dir)
    };
    let gpus_of = |dir: &Path| {
        results(dir)["serving"]["workloads"][0]["rows"][0]["cells"].as_array().expect("cells").iter().find_map(|c| c["gpus"].as_f64())
    };
    // vLLM: `--metadata gpus=2`; throughput per GPU is the file's ÷ 2.
    let (code, stderr, dir) = run("gpus-vllm", &["--isl", "1024", "--osl", "1024", "vllm/c1.json"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(gpus_of(&dir), Some(2.0));
    assert_eq!(cell(&results(&dir), (1024, 1024), "e", 1)["out_tok_s"], 124.1, "248.242424 tok/s ÷ 2, to 4 significant digits");
    assert!(results(&dir)["serving"]["selection"].as_str().expect("selection").contains("E — vLLM bench serve, 1 file, 2 GPUs"));
    verify_all(&dir);
    // Given over it: the flag wins, said.
    let (code, stderr, dir) = run("gpus-vllm-given", &["--gpus", "4", "--isl", "1024", "--osl", "1024", "vllm/c1.json"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(gpus_of(&dir), Some(4.0));
    assert!(stderr.contains("warning vllm/c1.json: --gpus 4 overrides the 2 GPUs its --metadata gpus records"), "{stderr}");
    // SGLang: server_info tp_size (× dp_size) on the lines that carry it.
    let (code, stderr, dir) = run("gpus-sglang", &["sglang/v04-rate.jsonl"]);
    assert_eq!(code, 0, "{stderr}");
    let rate = results(&dir)["serving"]["workloads"][0]["rows"][0]["cells"][0]["gpus"].as_f64();
    assert_eq!(rate, Some(1.0), "{}", results(&dir)["serving"]);
    // AIPerf and GenAI-Perf: the GPUs their telemetry saw.
    for (name, file) in
        [("gpus-aiperf", "aiperf/flat/profile_export_aiperf.json"), ("gpus-genai", "genai-perf/profile_export_genai_perf.json")]
    {
        let (code, stderr, dir) = run(name, &[file]);
        assert_eq!(code, 0, "{file}: {stderr}");
        assert_eq!(gpus_of(&dir), Some(2.0), "{file}");
    }
    // `--metadata gpu=4xNVIDIA_L40S`: the count, and the study's hardware as named; its
    // model from the run's model_id (the catalog no longer reads "not stated").
    let dir = out_dir("gpus-named");
    let mut doc: Value = serde_json::from_slice(&std::fs::read(Path::new(FIXTURES).join("vllm/c1.json")).expect("fixture")).expect("json");
    let obj = doc.as_object_mut().expect("object");
    obj.remove("gpus");
    obj.insert("gpu".into(), "4xNVIDIA_L40S".into());
    let file = dir.join("l40s.json");
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(&file, serde_json::to_vec(&doc).expect("json")).expect("write");
    let (code, stderr, study) = run("gpus-named-study", &["--isl", "1024", "--osl", "1024", file.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(gpus_of(&study), Some(4.0));
    let written = results(&study);
    assert_eq!((written["model"].as_str(), written["hardware"].as_str()), (Some("org/model-x"), Some("4xNVIDIA_L40S")));
    // A file that records none is refused, naming what to give.
    let (code, stderr, _) = run("gpus-none", &["sglang/sweep.jsonl"]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("engine `e`: the GPU count (--gpus N, or --gpus unstated when the run does not say): its files record none, and it is never assumed"),
        "{stderr}"
    );
}

/// Lengths never silently wrong (#40 item 4): every tool's measured mean lengths are kept
/// beside the nominal ones, and a nominal length the requests did not deliver is warned of,
/// naming the flag or the tool's field and the mean.
#[test]
fn each_tool_keeps_its_measured_mean_lengths_and_a_nominal_length_far_from_them_is_warned_of() {
    // One cell per tool, its means as the tool's file gives them: tool, arguments, lengths,
    // concurrency, (isl_mean, osl_mean).
    type Case<'a> = (&'a str, &'a [&'a str], (u64, u64), u64, (f64, f64));
    let cases: [Case; 6] = [
        ("vllm", &["--gpus", "2", "--isl", "1024", "--osl", "1024", "vllm/c1.json"], (1024, 1024), 1, (1023.0, 1024.0)),
        ("sglang", &["--gpus", "1", "--date", "2026-10-30", "sglang/sweep.jsonl"], (1024, 1024), 1, (1024.0, 1024.0)),
        ("aiperf", &["aiperf/flat/profile_export_aiperf.json"], (1024, 1024), 8, (1024.0, 1024.0)),
        ("genai-perf", &["--date", "2026-10-30", "genai-perf/profile_export_genai_perf.json"], (2048, 256), 4, (2048.0, 256.0)),
        ("guidellm", &["--gpus", "1", "--isl", "1024", "--osl", "1024", "guidellm/benchmarks.json"], (1024, 1024), 1, (1024.0, 1024.0)),
        ("llmperf", &["--gpus", "8", "llmperf/leaderboard-by-concurrency.json"], (550, 150), 1, (549.0, 149.0)),
    ];
    for (tool, args, lengths, conc, (isl_mean, osl_mean)) in cases {
        let dir = out_dir(&format!("means-{tool}"));
        let d = dir.to_str().expect("utf-8");
        let mut all = vec!["--out", d, "--title", "t", "--engine", "e", "--label", "E"];
        all.extend_from_slice(args);
        let (code, _, stderr) = import(&all);
        assert_eq!(code, 0, "{tool}: {stderr}");
        let doc = results(&dir);
        let c = cell(&doc, lengths, "e", conc);
        assert_eq!((c["isl_mean"].as_f64(), c["osl_mean"].as_f64()), (Some(isl_mean), Some(osl_mean)), "{tool}: {c}");
        if tool == "sglang" {
            // Line 4's run had a request stop short (its `short` 1): 866.7 of 1,024 is said.
            assert!(stderr.contains("warning sglang/sweep.jsonl line 4: the nominal output length 1024 (random_output_len) is not what the requests had: the completed ones averaged 866.7 output tokens (-15 %)"), "{stderr}");
            assert_eq!(stderr.matches("is not what the requests had").count(), 1, "{stderr}");
        } else {
            assert!(!stderr.contains("is not what the requests had"), "{tool}: within 5 %: {stderr}");
        }
        verify_all(&dir);
    }

    // A vLLM run whose file names 1024 / 128 while its requests averaged 505 in and 61 out.
    let scratch = out_dir("means-far-input");
    std::fs::create_dir_all(&scratch).expect("dir");
    let mut run: Value =
        serde_json::from_str(&std::fs::read_to_string(Path::new(FIXTURES).join("vllm/c1.json")).expect("c1")).expect("json");
    run["random_input_len"] = 1024.into();
    run["random_output_len"] = 128.into();
    run["total_input_tokens"] = 5050.into();
    run["total_output_tokens"] = 610.into();
    let file = scratch.join("short.json");
    std::fs::write(&file, serde_json::to_vec(&run).expect("bytes")).expect("write");
    let dir = out_dir("means-far");
    let (code, _, stderr) =
        import(&["--out", dir.to_str().expect("utf-8"), "--title", "t", "--engine", "e", "--label", "E", file.to_str().expect("utf-8")]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.lines().any(|l| l.starts_with("warning ")
            && l.ends_with("the nominal input length 1024 (random_input_len) is not what the requests had: the completed ones averaged 505 input tokens (-51 %); the workload keeps the nominal length and each cell its measured mean (isl_mean)")),
        "{stderr}"
    );
    assert!(stderr.contains("the nominal output length 128 (random_output_len) is not what the requests had: the completed ones averaged 61 output tokens (-52 %)"), "{stderr}");
    let doc = results(&dir);
    let c = cell(&doc, (1024, 128), "e", 1);
    assert_eq!((c["isl_mean"].as_f64(), c["osl_mean"].as_f64()), (Some(505.0), Some(61.0)));
    // The page names the workload with what its requests measured, in its picker and tables.
    let study = servescope::core::study::validate::parse_results(&std::fs::read(dir.join("results.json")).expect("results"))
        .results
        .expect("valid");
    assert_eq!(
        servescope::core::link::workload_options(&study),
        [("1024x128".to_owned(), "ISL 1024 / OSL 128 · measured 505 / 61".to_owned())]
    );
    let workload = &study.serving().expect("serving").workloads[0];
    let state = servescope::core::link::ViewState::default();
    let table = servescope::core::display::tables::serving_table(
        &study,
        workload,
        servescope::core::measures::metric::Metric::OutTokS,
        &state.series_inputs(),
        &[],
    );
    assert!(table.caption.starts_with("ISL 1024 / OSL 128 · measured 505 / 61 · "), "{}", table.caption);
    // A publisher's --isl is named as the flag it is.
    let dir = out_dir("means-far-flag");
    let (code, _, stderr) = import(&[
        "--out",
        dir.to_str().expect("utf-8"),
        "--title",
        "t",
        "--engine",
        "e",
        "--label",
        "E",
        "--isl",
        "1024",
        file.to_str().expect("utf-8"),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("--isl 1024 is not what the requests had: the completed ones averaged 505 input tokens (-51 %)"), "{stderr}");
}

/// The page's import form asks what the importer's messages ask for (#40 item 1): the draft
/// of a file whose runs record no load says so (the form's Concurrency field), and runs that
/// differ in a label offer one engine per value (its "One engine per" choice).
#[test]
fn the_draft_says_which_runs_need_a_concurrency_and_which_labels_split_engines() {
    use servescope::core::import::draft::{read_draft, split_keys};
    use servescope::core::import::remote::{answer, write_reply, write_request};
    use servescope::core::import::{EngineGroup, StudyAnswers};
    let read = |path: &str| std::fs::read(Path::new(FIXTURES).join(path)).expect("fixture");
    let files = std::collections::BTreeMap::from([
        ("profile_export_aiperf.json".to_owned(), read("aiperf/june-2025/profile_export_aiperf.json")),
        ("deployments.json".to_owned(), read("vllm/deployments.json")),
        ("c1.json".to_owned(), read("vllm/c1.json")),
    ]);
    let draft = read_draft(&files).expect("tool outputs");
    let by_name = |name: &str| draft.iter().find(|f| f.name == name).expect("read");
    let june = by_name("profile_export_aiperf.json");
    assert!(june.needs_load, "{june:?}");
    assert_eq!(june.tool.as_deref(), Some("aiperf"));
    assert!(
        june.read_as.as_ref().is_err_and(|why| why.ends_with("if you know the concurrency the runs used, give it (the Concurrency field)")),
        "{june:?}"
    );
    assert!(!by_name("c1.json").needs_load);
    assert!(!by_name("deployments.json").needs_load);
    assert_eq!(split_keys(&draft), ["deployment"]);
    assert_eq!(split_keys(&draft[..0]), Vec::<String>::new());
    // Written through the import module, as the form does: its refusal in the form's words.
    let answers = StudyAnswers { title: "Deployments".into(), ..StudyAnswers::default() };
    let files = vec![("deployments.json".to_owned(), read("vllm/deployments.json"))];
    let group = EngineGroup { id: "v".into(), label: "vLLM".into(), gpus: 1, files, ..EngineGroup::default() };
    let refused = write_reply(answer(write_request(&answers, &group))).expect("the module answers").err().expect("refused");
    assert!(refused.ends_with("different setups are never trials of one cell; choose deployment under “One engine per”"), "{refused}");
}
