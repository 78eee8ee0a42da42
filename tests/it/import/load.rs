//! The load as it ran (schema 1.4): a rate under a cap keeps both, a load the publisher gave
//! is told apart from one the files record, a generator that fell behind the offered rate
//! is warned of and marked, and burstiness is kept in the method text.

use crate::common;

use serde_json::Value;

use common::cli::{cell, import, out_dir, rate_cell, results, verify_all};
use servescope::core::display::series::serving_series;
use servescope::core::display::tables::serving_table;
use servescope::core::display::tooltip::serving_tip;
use servescope::core::link::ViewState;
use servescope::core::measures::metric::Metric;

fn args<'a>(out: &'a str, title: &'a str, rest: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["--out", out, "--title", title];
    args.extend_from_slice(rest);
    args
}

#[test]
fn a_vllm_run_with_a_rate_and_a_cap_is_a_rate_cell_that_keeps_its_cap() {
    let dir = out_dir("load-rate-cap");
    let d = dir.to_str().expect("UTF-8");
    let (code, _, stderr) =
        import(&args(d, "V", &["--engine", "v", "--label", "V", "--gpus", "1", "--isl", "1024", "--osl", "128", "vllm/rate-cap.json"]));
    assert_eq!(code, 0, "{stderr}");
    let doc = results(&dir);
    assert_eq!(doc["schemaVersion"], "1.4");
    let c = rate_cell(&doc, (1024, 128), "v", 1.5);
    assert_eq!((c["rate_rps"].as_f64(), c["conc_cap"].as_u64(), c.get("conc")), (Some(1.5), Some(25), None), "{c}");
    assert_eq!((c["load_source"].as_str(), c["req_s_achieved"].as_f64()), (Some("file"), Some(1.452)));
    let method = doc["serving"]["selection"].as_str().expect("method");
    assert!(
        method.contains("requests sent at 1.5 req/s with burstiness 0.7 (gamma-distributed gaps; 1 is Poisson, lower is burstier)"),
        "{method}"
    );
    verify_all(&dir);
    // The page says the load as it ran: the tooltip's title and load line, the table's note
    // and the axis tick.
    let r = common::check(&std::fs::read(dir.join("results.json")).expect("written"), &[]).results.expect("valid");
    let w = &r.serving().expect("serving").workloads[0];
    let state = ViewState::default().series_inputs();
    let lines = serving_series(&r, w, Metric::OutTokS, &state);
    let tip = serving_tip(w, &lines.series[0], 1.5, &state, &[], false).expect("a tip");
    assert_eq!(tip.title, "V · 1.5 req/s, cap 25");
    let load = tip.lines.iter().find(|l| l.label == "load").expect("a load line");
    assert_eq!(load.value, "offered 1.5 req/s, cap 25 in flight · achieved 1.452 req/s (measured)");
    assert_eq!(lines.series[0].cap, [(1.5, 25)], "the axis tick says the cap");
    let table = serving_table(&r, w, Metric::OutTokS, &state, &[]);
    assert_eq!(table.rows[0].cells[0].note.as_deref(), Some("1 % failed · cap 25 in flight · achieved 1.452 req/s (measured)"));
}

#[test]
fn a_load_the_publisher_gave_is_told_apart_from_one_the_files_record() {
    let dir = out_dir("load-source");
    let d = dir.to_str().expect("UTF-8");
    let june = "aiperf/june-2025/profile_export_aiperf.json";
    let october = "aiperf/october-2025/profile_export_aiperf.json";
    let (code, _, stderr) = import(&args(
        d,
        "A",
        &["--engine", "a", "--label", "A", "--gpus", "1", "--conc", "8", june, "--engine", "o", "--label", "O", "--gpus", "1", october],
    ));
    assert_eq!(code, 0, "{stderr}");
    let doc = results(&dir);
    assert_eq!(cell(&doc, (1024, 256), "a", 8)["load_source"], "publisher", "June 2025's file records no concurrency");
    assert_eq!(cell(&doc, (1024, 256), "o", 8)["load_source"], "file", "October 2025's records it; --conc was not needed");
    let r = common::check(&std::fs::read(dir.join("results.json")).expect("written"), &[]).results.expect("valid");
    let w = &r.serving().expect("serving").workloads[0];
    let state = ViewState::default().series_inputs();
    let lines = serving_series(&r, w, Metric::OutTokS, &state);
    let said = |i: usize| {
        let tip = serving_tip(w, &lines.series[i], 8.0, &state, &[], false).expect("a tip");
        tip.lines.iter().find(|l| l.label == "load").map(|l| l.value.clone())
    };
    assert_eq!(said(0).as_deref(), Some("achieved 3.1 req/s (measured) · load given by the publisher, not recorded in the tool's files"));
    assert!(said(1).is_none_or(|s| !s.contains("publisher")), "{:?}", said(1));
    verify_all(&dir);
}

#[test]
fn a_load_generator_that_fell_behind_the_offered_rate_is_warned_of_and_marked() {
    let dir = out_dir("load-behind");
    let d = dir.to_str().expect("UTF-8");
    let stages: Vec<String> = (0..7).map(|k| format!("inference-perf/stage_{k}_lifecycle_metrics.json")).collect();
    let mut rest = vec!["--engine", "e", "--label", "E", "--gpus", "1", "--isl", "192", "--osl", "64", "--date", "2025-11-05"];
    rest.extend(stages.iter().map(String::as_str));
    let (code, _, stderr) = import(&args(d, "inference-perf", &rest));
    assert_eq!(code, 0, "{stderr}");
    // Stages 4–6 sent 117.04 of 148.89, 117.74 of 185.86 and 116.32 of 222.83 req/s.
    assert!(
        stderr.contains(
            "stage_6_lifecycle_metrics.json: the load generator sent 116.32 of 222.83 req/s offered (52 %); 113.66 req/s completed: the cell ran a lighter load than its level says, and the page marks it"
        ),
        "{stderr}"
    );
    assert_eq!(stderr.matches("the load generator sent").count(), 3, "stages 4, 5 and 6 only: {stderr}");
    let doc = results(&dir);
    let last = rate_cell(&doc, (192, 64), "e", 222.83);
    assert_eq!((last["rate_sent_rps"].as_f64(), last["req_s_achieved"].as_f64()), (Some(116.3), Some(113.7)));
    assert_eq!(rate_cell(&doc, (192, 64), "e", 1.0)["rate_sent_rps"].as_f64(), Some(1.005), "kept where it kept up, unmarked");
    let r = common::check(&std::fs::read(dir.join("results.json")).expect("written"), &[]).results.expect("valid");
    let w = &r.serving().expect("serving").workloads[0];
    let state = ViewState::default().series_inputs();
    let lines = serving_series(&r, w, Metric::OutTokS, &state);
    let tip = serving_tip(w, &lines.series[0], 222.83, &state, &[], false).expect("a tip");
    let load = tip.lines.iter().find(|l| l.label == "load").expect("a load line");
    assert_eq!(load.value, "offered 222.83 req/s · sent 116.3 of 222.83 req/s offered (52 %) · achieved 113.7 req/s (measured)");
    assert!(load.warn, "marked");
    let calm = serving_tip(w, &lines.series[0], 1.0, &state, &[], false).expect("a tip");
    assert!(!calm.lines.iter().any(|l| l.warn && l.label == "load"), "a generator that kept up is not marked");
    verify_all(&dir);
}

#[test]
fn guidellms_initial_burst_and_rate_cap_are_kept() {
    let path = std::path::Path::new(common::cli::FIXTURES).join("guidellm/benchmarks.json");
    let mut doc: Value = serde_json::from_slice(&std::fs::read(path).expect("fixture")).expect("JSON");
    let strategy = &mut doc["benchmarks"][2]["config"]["strategy"];
    assert_eq!(strategy["type_"], "constant");
    strategy["initial_burst"] = Value::Bool(true);
    strategy["max_concurrency"] = serde_json::json!(16);
    let bytes = serde_json::to_vec(&doc).expect("JSON");
    let imported = servescope::core::import::import_file("benchmarks.json", &bytes, None).expect("reads");
    let run = &imported.runs[2];
    assert_eq!((run.rate, run.conc_cap), (Some(2.5), Some(16)));
    assert_eq!(
        run.method.as_deref(),
        Some("GuideLLM's constant strategy opened with an initial burst of requests before sending at its rate")
    );
}
