//! Beyond the six tools: llm-d's Benchmark Reports (0.2 and 0.2.1, YAML and JSON),
//! inference-perf's lifecycle metrics, and the words for runs that are not serving runs.

use crate::common;

use common::cli::{assert_cell, cell, import, out_dir, rate_cell, results, verify_all};
use serde_json::Value;

/// Import `files` as one engine `e` into a fresh folder named `name`; returns the folder,
/// the results file and stderr.
pub(crate) fn imported(name: &str, extra: &[&str], files: &[&str]) -> (std::path::PathBuf, Value, String) {
    let dir = out_dir(name);
    let out = dir.to_str().expect("UTF-8").to_owned();
    let mut args = vec!["--out", out.as_str(), "--title", name, "--engine", "e", "--label", "E"];
    args.extend_from_slice(extra);
    args.extend_from_slice(files);
    let (code, stdout, stderr) = import(&args);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let doc = results(&dir);
    (dir, doc, stderr)
}

/// The one import error line for `file`.
fn refused(file: &str) -> String {
    let (code, _, stderr) = import(&[
        "--out",
        out_dir("refused").to_str().expect("UTF-8"),
        "--title",
        "x",
        "--engine",
        "e",
        "--label",
        "E",
        "--gpus",
        "1",
        file,
    ]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    stderr.trim().to_owned()
}

#[test]
fn a_version_0_2_report_is_a_rate_cell_with_the_stacks_gpus_hardware_and_model() {
    let (dir, doc, stderr) = imported("br-0.2", &[], &["benchmark-report/br-0.2-example.yaml"]);
    // Concurrency .inf with rate_qps 10: a rate cell; 2 replicas × 8 H100s; the router counts none.
    assert_cell(
        rate_cell(&doc, (2148, 1000), "e", 10.0),
        &[
            ("n", 500.0),
            ("errors", 0.0),
            ("wall_s", 49.97),
            ("gpus", 16.0),
            ("out_tok_s", 141.4),
            ("req_s_achieved", 2262.0),
            ("ttft_p50_ms", 36.23),
            ("ttft_p99_ms", 50.29),
        ],
    );
    assert_eq!(
        (doc["model"].as_str(), doc["hardware"].as_str(), doc["date"].as_str()),
        (Some("Qwen/Qwen3-0.6B"), Some("NVIDIA-H100-80GB-HBM3"), Some("2025-11-05"))
    );
    let selection = doc["serving"]["selection"].as_str().expect("method");
    assert!(selection.contains("E — llm-d Benchmark Report, 1 file, 16 GPUs (as the files record)"), "{selection}");
    assert!(selection.contains("Benchmark Reports from inference-perf: TPOT from time_per_output_token"), "{selection}");
    // The example's TPOT has a mean and no percentile: not measured, never its mean.
    assert!(stderr.contains("nominal output length 1000 (output_seq_len)"), "{stderr}");
    verify_all(&dir);
}

/// The examples' one cell (10 req/s), without its sweep file's name.
fn example_cell(doc: &Value) -> Value {
    let mut cell = rate_cell(doc, (2148, 1000), "e", 10.0).clone();
    cell.as_object_mut().expect("cell").remove("source");
    cell
}

#[test]
fn version_0_2_as_json_is_the_same_cell_as_its_yaml() {
    let (_, yaml, _) = imported("br-0.2-yaml", &[], &["benchmark-report/br-0.2-example.yaml"]);
    let (dir, json, _) = imported("br-0.2-json", &[], &["benchmark-report/br-0.2-example.json"]);
    assert_eq!(example_cell(&yaml), example_cell(&json));
    assert_eq!(json["date"], "2025-11-05");
    verify_all(&dir);
}

#[test]
fn the_same_report_as_yaml_and_as_python_json_with_a_bare_infinity_is_the_same_cell() {
    let (_, yaml, _) = imported("br-0.2.1-yaml", &[], &["benchmark-report/br-0.2.1-example.yaml"]);
    let (dir, json, stderr) = imported("br-0.2.1-json", &[], &["benchmark-report/br-0.2.1-example.json"]);
    assert_eq!(example_cell(&yaml), example_cell(&json));
    // The stack's native args, verbatim, in the method text beside the engine.
    let selection = json["serving"]["selection"].as_str().expect("method");
    assert!(
        selection.contains("vllm-svc-0 (decode, 16 GPUs) ran with --block-size 1024 --disable-uvicorn-access-log --kv-transfer-config {\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_both\"} --max-model-len 1024"),
        "{selection}"
    );
    assert!(stderr.contains("line 1151: bare Infinity is not JSON; read as unbounded"), "{stderr}");
    verify_all(&dir);
}

#[test]
fn an_experiments_reports_are_its_concurrency_cells_with_the_producers_tpot_and_itl() {
    let files = [
        "benchmark-report/experiment/report-c1.json",
        "benchmark-report/experiment/report-c8.json",
        "benchmark-report/experiment/report-c32.json",
    ];
    let (dir, doc, stderr) = imported("br-experiment", &[], &files);
    // One experiment, lengths as nominal; c1's report claims 0.06 req/s for 200 requests in
    // 300 s, which its own counts contradict, and that is said (QA pass 4, item 10).
    assert_eq!(
        stderr,
        "warning benchmark-report/experiment/report-c1.json: its achieved request rate, 0.06 req/s, contradicts its 200 completed requests in 300 s (0.6667 req/s): one of them is not what the run did\n"
    );
    assert_cell(
        cell(&doc, (1024, 1024), "e", 32),
        &[
            ("n", 199.0),
            ("errors", 1.0),
            ("wall_s", 300.0),
            ("gpus", 16.0),
            ("out_tok_s", 69.06),
            ("user_tok_s", 39.37),
            ("req_s_achieved", 1.084),
            // TTFT declared in ms, TPOT and ITL in s/token, request latency in s.
            ("ttft_p50_ms", 121.7),
            ("ttft_p99_ms", 440.2),
            ("tpot_p50_ms", 25.4),
            ("tpot_p99_ms", 37.7),
            ("itl_p50_ms", 24.89),
            ("itl_p99_ms", 52.78),
            ("e2e_p50_ms", 26540.0),
            ("e2e_p99_ms", 31200.0),
        ],
    );
    assert_eq!(doc["concurrency"], serde_json::json!([1, 8, 32]));
    let selection = doc["serving"]["selection"].as_str().expect("method");
    assert!(
        selection
            .contains("Benchmark Reports from vllm-benchmark: TPOT from time_per_output_token (vLLM's tpot), ITL from inter_token_latency"),
        "{selection}"
    );
    verify_all(&dir);
}

#[test]
fn reports_of_two_experiments_in_one_engine_are_said() {
    let other = out_dir("br-other-eid").with_extension("json");
    let text = String::from_utf8(common::read("tests/fixtures/import/benchmark-report/experiment/report-c8.json")).expect("UTF-8");
    std::fs::write(&other, text.replace("5b1d9e0c7a2f4e6d8c3b1a0f9e8d7c6b", "00000000000000000000000000000000")).expect("write");
    let (_, _, stderr) =
        imported("br-two-experiments", &[], &["benchmark-report/experiment/report-c1.json", other.to_str().expect("UTF-8")]);
    let said = stderr
        .lines()
        .find(|l| l.starts_with("warning engine `e`: its Benchmark Reports come from 2 experiments (run.eid "))
        .expect(&stderr);
    assert!(said.contains("5b1d9e0c7a2f4e6d8c3b1a0f9e8d7c6b") && said.contains("00000000000000000000000000000000"), "{said}");
    assert!(said.ends_with("give each experiment its own --engine"), "{said}");
}

#[test]
fn a_split_prefill_decode_stack_counts_both_sides_and_its_power_is_gpu_weighted() {
    let (dir, doc, stderr) = imported("br-split", &[], &["benchmark-report/split-prefill-decode.yaml"]);
    // 1 × 4 prefill + 2 × 8 decode; power (401 W × 4 + 612 W × 16) ÷ 20.
    let cell = rate_cell(&doc, (2148, 1000), "e", 10.0);
    assert_eq!((cell["gpus"].as_f64(), cell["power_w"].as_f64(), cell["out_tok_s"].as_f64()), (Some(20.0), Some(569.8), Some(113.1)));
    let said = "a stack split into prefill (4 GPUs) and decode (16 GPUs): throughput per GPU divides by both sides' 20";
    assert!(stderr.contains(said), "{stderr}");
    assert!(doc["serving"]["selection"].as_str().expect("method").contains(said));
    assert!(doc["serving"]["powerUnit"]
        .as_str()
        .expect("unit")
        .starts_with("mean GPU power per GPU, W, from each Benchmark Report's power_consumption"));
    verify_all(&dir);
}

#[test]
fn gpus_given_override_the_stack_with_a_warning_and_power_from_other_gpus_is_not_written() {
    let (_, doc, stderr) = imported("br-gpus", &["--gpus", "8"], &["benchmark-report/split-prefill-decode.yaml"]);
    assert!(stderr.contains("--gpus 8 overrides the 20 GPUs the stack's accelerator counts × replicas records"), "{stderr}");
    assert!(stderr.contains("the GPU telemetry saw 20 GPUs, but 8 were given"), "{stderr}");
    let cell = rate_cell(&doc, (2148, 1000), "e", 10.0);
    assert_eq!((cell["gpus"].as_f64(), cell.get("power_w")), (Some(8.0), None));
}

#[test]
fn an_unknown_producers_tpot_and_itl_are_not_read_and_units_that_are_not_time_are_said() {
    let text = String::from_utf8(common::read("tests/fixtures/import/benchmark-report/experiment/report-c1.json")).expect("UTF-8");
    let file = out_dir("br-producer").with_extension("json");
    let edited = text.replace("\"vllm-benchmark\"", "\"homegrown\"").replacen("\"units\": \"ms\"", "\"units\": \"tokens/s\"", 1);
    std::fs::write(&file, edited).expect("write");
    let (_, doc, stderr) = imported("br-producer-import", &[], &[file.to_str().expect("UTF-8")]);
    let cell = cell(&doc, (1024, 1024), "e", 1);
    for key in ["tpot_p50_ms", "itl_p50_ms", "ttft_p50_ms"] {
        assert_eq!(cell.get(key), None, "{key}");
    }
    assert_eq!(cell["e2e_p50_ms"].as_f64(), Some(15610.0));
    assert!(stderr.contains("time_to_first_token: units `tokens/s` are not a time, so it is not read"), "{stderr}");
    assert!(
        stderr.contains("TPOT and ITL are not read: the producer `homegrown` is not one whose meaning of them servescope knows"),
        "{stderr}"
    );
}

#[test]
fn inference_perfs_stages_are_rate_cells_and_its_summary_is_refused_saying_why() {
    let stages: Vec<String> = (0..7).map(|k| format!("inference-perf/stage_{k}_lifecycle_metrics.json")).collect();
    let files: Vec<&str> = stages.iter().map(String::as_str).collect();
    let (dir, doc, _) = imported("inference-perf", &["--gpus", "1", "--isl", "192", "--osl", "64", "--date", "2025-11-05"], &files);
    let rates: Vec<f64> =
        doc["serving"]["workloads"][0]["requestRates"].as_array().expect("rates").iter().filter_map(Value::as_f64).collect();
    assert_eq!(rates, [1.0, 37.97, 74.94, 111.92, 148.89, 185.86, 222.83], "the offered rates as the tool wrote them");
    assert_cell(
        rate_cell(&doc, (192, 64), "e", 111.92),
        &[
            ("n", 6715.0),
            ("errors", 0.0),
            ("gpus", 1.0),
            ("out_tok_s", 6956.0),
            ("user_tok_s", 79.2),
            ("req_s_achieved", 110.8),
            ("ttft_p50_ms", 105.5),
            ("ttft_p99_ms", 397.5),
            ("tpot_p50_ms", 12.63),
            ("tpot_p99_ms", 13.07),
            ("e2e_p50_ms", 1727.0),
            ("e2e_p99_ms", 2056.0),
        ],
    );
    assert!(doc["serving"]["selection"]
        .as_str()
        .expect("method")
        .contains("its inter_token_latency (gaps between token timestamps, pooled) is not ITL and not read"));
    verify_all(&dir);
    let words = refused("inference-perf/summary_lifecycle_metrics.json");
    assert!(
        words.contains("the summary over every stage records no load: import the stage_N_lifecycle_metrics.json files, one cell each"),
        "{words}"
    );
}

#[test]
fn runs_that_are_not_serving_runs_are_refused_in_one_sentence_naming_what_they_are() {
    for (file, words) in [
        ("mlperf/accuracy-mlperf_log_detail.txt", "an MLPerf LoadGen log of an accuracy run (effective_test_mode AccuracyOnly): LoadGen runs every sample once to score the outputs and times nothing, so it has no serving load to chart"),
        ("mlperf/performance-mlperf_log_detail.txt", "an MLPerf LoadGen detail log (mlperf_log_detail.txt): servescope does not import LoadGen's logs"),
        ("mlperf/mlperf_log_accuracy.json", "an MLPerf LoadGen accuracy log (mlperf_log_accuracy.json): the model's output for each sample, kept to score accuracy, with no timings and no load"),
        ("benchmark-report/br-0.1-example.yaml", "nothing to import: a Benchmark Report of version 0.1, which servescope does not read: it reads versions 0.2 and 0.2.1"),
    ] {
        let said = refused(file);
        assert!(said.starts_with(&format!("servescope-import: {file}: ")) && said.contains(words), "{said}");
        // The words come from the content, not the name.
        let renamed = out_dir("renamed").with_extension("dat");
        std::fs::write(&renamed, common::read(&format!("tests/fixtures/import/{file}"))).expect("copy");
        assert!(refused(renamed.to_str().expect("UTF-8")).contains(words), "{file} renamed");
    }
}

/// A command line's words as a POSIX shell splits them (double quotes, no escapes), with a
/// `*` in a file name expanded in `dir` as the shell globs it (sorted).
fn shell_words(line: &str, dir: &std::path::Path) -> Vec<String> {
    let (mut words, mut word, mut quoted, mut started) = (Vec::new(), String::new(), false, false);
    for c in line.chars().chain(std::iter::once(' ')) {
        match c {
            '"' => (quoted, started) = (!quoted, true),
            c if c.is_whitespace() && !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            c => (word, started) = (word + &c.to_string(), true),
        }
    }
    words
        .into_iter()
        .flat_map(|w| {
            let Some((head, tail)) = w.split_once('*') else { return vec![w] };
            let (folder, prefix) = head.rsplit_once('/').unwrap_or(("", head));
            let mut found: Vec<String> = std::fs::read_dir(dir.join(folder))
                .expect("the glob's folder")
                .filter_map(|e| e.ok()?.file_name().into_string().ok())
                .filter(|name| name.starts_with(prefix) && name.ends_with(tail) && name.len() >= prefix.len() + tail.len())
                .map(|name| if folder.is_empty() { name } else { format!("{folder}/{name}") })
                .collect();
            found.sort();
            found
        })
        .collect()
}

#[test]
fn the_readmes_import_command_for_each_tool_runs_and_its_study_verifies() {
    let readme = String::from_utf8(common::read("README.md")).expect("UTF-8");
    let start = readme.find("I=\"cargo run --release --bin servescope-import --\"\n").expect("the README's per-tool commands");
    let block = &readme[start..readme[start..].find("```").map_or(readme.len(), |end| start + end)];
    let fixtures = std::path::Path::new(common::cli::FIXTURES);
    let mut ran = Vec::new();
    for line in block.lines().map(str::trim).filter(|l| l.starts_with("$I ")) {
        let mut args = shell_words(&line[3..], fixtures);
        let at = args.iter().position(|a| a == "--out").expect("--out") + 1;
        let name = args[at].trim_start_matches("out/").to_owned();
        let dir = out_dir(&format!("readme-{name}"));
        args[at] = dir.to_str().expect("UTF-8").to_owned();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, stdout, stderr) = import(&args);
        assert_eq!(code, 0, "{line}\n{stdout}{stderr}");
        verify_all(&dir);
        ran.push(name);
    }
    assert_eq!(ran, ["vllm", "vllm-sweep", "sglang", "guidellm", "aiperf", "genai-perf", "llmperf", "llm-d", "inference-perf"]);
}

#[test]
fn shell_words_split_as_the_shell_does() {
    let dir = std::path::Path::new(common::cli::FIXTURES);
    assert_eq!(shell_words(r#"--title "a b" x"#, dir), ["--title", "a b", "x"]);
    assert_eq!(shell_words(r#"--label """#, dir), ["--label", ""]);
    let stages = shell_words("inference-perf/stage_*_lifecycle_metrics.json", dir);
    assert_eq!(stages.len(), 7);
    assert_eq!(stages[0], "inference-perf/stage_0_lifecycle_metrics.json");
}
