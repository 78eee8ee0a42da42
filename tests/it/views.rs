//! What the serving and trade-off charts say around their marks (`core::display::chart_words`): axis
//! titles, export titles and notes, the ratio base, limits — the rules the views render.

use crate::common;

use servescope::core::display::chart_words::{
    limit_from_text, limit_notes, price_note, ratio_base, tradeoff_export_title, tradeoff_summary, tradeoff_y_title, ServingAxis,
};
use servescope::core::link::View;
use servescope::core::measures::cost::{Prices, COST_AXIS_TITLE};
use servescope::core::measures::metric::Metric;
use servescope::core::study::model::Per;

fn axis(metric: Metric, both: bool, seconds: bool, relative: Option<&str>) -> ServingAxis {
    ServingAxis { metric, both, seconds, relative: relative.map(str::to_owned), per: Per::Gpu }
}

#[test]
fn a_serving_axis_says_its_metric_its_unit_its_pair_and_its_ratio() {
    assert_eq!(axis(Metric::OutTokS, false, false, None).y_title(), Metric::OutTokS.titled_with_direction(Metric::OutTokS.axis_title()));
    assert!(axis(Metric::OutTokS, false, false, None).y_title().ends_with("higher is better"));
    // Seconds throughout a latency chart: the title's unit follows.
    let ttft = axis(Metric::TtftP99Ms, false, true, None).y_title();
    assert!(ttft.contains("(s)") && !ttft.contains("(ms)"), "{ttft}");
    assert!(ttft.ends_with("lower is better"), "{ttft}");
    // p50 and p99 together name the pair.
    let pair = axis(Metric::TtftP99Ms, true, false, None).y_title();
    assert!(pair.starts_with(&Metric::TtftP99Ms.pair_axis_title()), "{pair}");
    // Ratios say to whom, and no direction (a ratio has none of its own).
    assert_eq!(axis(Metric::OutTokS, false, false, Some("vLLM")).y_title(), format!("{} (× vLLM)", Metric::OutTokS.axis_title()));
    // The cost keeps its short axis title; the full label is said under the chart.
    assert!(axis(Metric::CostPerMtok, false, false, None).y_title().starts_with(COST_AXIS_TITLE));
    assert!(tradeoff_y_title(Metric::CostPerMtok, Per::Gpu).starts_with(COST_AXIS_TITLE));
    assert_eq!(
        tradeoff_y_title(Metric::OutTokS, Per::Gpu),
        axis(Metric::OutTokS, false, false, None).y_title(),
        "one rule for both charts"
    );
}

/// A study whose runs state no GPUs (`throughputPer: "endpoint"`) says so wherever a
/// throughput per GPU would be named; nothing else changes.
#[test]
fn a_throughput_for_the_endpoint_is_never_called_per_gpu() {
    let endpoint = ServingAxis { per: Per::Endpoint, ..axis(Metric::OutTokS, false, false, None) };
    assert_eq!(endpoint.y_title(), "output tok/s for the endpoint · higher is better");
    assert_eq!(tradeoff_y_title(Metric::OutTokS, Per::Endpoint), endpoint.y_title());
    assert_eq!(
        tradeoff_summary(Metric::OutTokS, Per::Endpoint, &["a".into()]),
        "output tok/s for the endpoint against per-user tok/s; frontier: a."
    );
    assert_eq!(Metric::GoodTokS.title_in(Per::Endpoint), "good output tok/s for the endpoint");
    assert_eq!(Metric::TtftP99Ms.title_in(Per::Endpoint), Metric::TtftP99Ms.axis_title(), "latencies are per request");
    assert_eq!(Metric::OutTokS.title_in(Per::Gpu), "output tok/s per GPU");
}

#[test]
fn exports_name_the_study_the_workload_and_how_the_values_are_drawn() {
    let a = axis(Metric::TtftP99Ms, true, true, Some("Paiton CDNA4"));
    assert_eq!(
        a.export_title("Study · MI350P", "ISL 1024 / OSL 1024"),
        format!(
            "Study · MI350P · ISL 1024 / OSL 1024 · {} · p50 solid, p99 dashed · ratio to Paiton CDNA4",
            Metric::TtftP99Ms.axis_title().replace("(ms)", "(s)")
        )
    );
    assert_eq!(axis(Metric::OutTokS, false, false, None).export_title("S", "W"), format!("S · W · {}", Metric::OutTokS.axis_title()));
    assert_eq!(
        tradeoff_export_title("S", "W", Metric::TokSPerKw, Per::Gpu),
        format!("S · W · {} against per-user tok/s", Metric::TokSPerKw.axis_title())
    );
    assert_eq!(price_note(Metric::OutTokS, &Prices::default()), None, "only a cost carries the prices");
    let note = price_note(Metric::CostPerMtok, &Prices::default()).expect("a note");
    assert!(note.starts_with("Prices: kwh_price not given, gpu_hour_price not given"), "{note}");
    assert_eq!(
        tradeoff_summary(Metric::OutTokS, Per::Gpu, &["a".into(), "b".into()]),
        format!("{} against per-user tok/s; frontier: a; then b.", Metric::OutTokS.axis_title())
    );
}

#[test]
fn the_ratio_base_is_the_links_engine_except_on_the_overview_or_when_its_line_is_missing() {
    let r = common::bundled_results();
    assert_eq!(ratio_base(&r, View::Serving, Some("vllm"), None).as_deref(), Some("vLLM + AITER"));
    assert_eq!(ratio_base(&r, View::Overview, Some("vllm"), None), None, "the overview states findings as measured");
    assert_eq!(ratio_base(&r, View::Serving, Some("vllm"), Some("vllm")), None, "no line to divide by");
    assert_eq!(ratio_base(&r, View::Serving, Some("nobody"), None), None);
    assert_eq!(ratio_base(&r, View::Serving, None, None), None);
}

#[test]
fn limits_are_typed_as_the_link_takes_them_and_noted_as_they_are_drawn() {
    assert_eq!(limit_from_text(""), Ok(None));
    assert_eq!(limit_from_text("  250 "), Ok(Some(250.0)));
    assert_eq!(limit_from_text("0"), Err("expected a positive number".into()));
    assert_eq!(limit_from_text("-3"), Err("expected a positive number".into()));
    assert_eq!(limit_from_text("fast"), Err("expected a positive number".into()));
    assert_eq!(limit_notes(None, None), Vec::<String>::new());
    assert_eq!(
        limit_notes(Some(1000.0), Some(20.5)),
        [
            "Limit: TTFT p99 ≤ 1000 ms (points breaking a limit are dimmed)".to_owned(),
            "Limit: per-user tok/s ≥ 20.5 (the shaded region fails it)".to_owned()
        ]
    );
}

#[test]
fn the_raw_view_prints_every_field_with_short_arrays_on_one_line() {
    use servescope::core::basics::json::Json;
    let value = Json::parse(br#"{"a": [1, 2.5, null, "q\"", 1.0], "b": {"c": "x", "d": [{"e": true}]}, "f": []}"#).expect("JSON");
    assert_eq!(
        value.pretty(),
        "{\n  \"a\": [1,2.5,null,\"q\\\"\",1.0],\n  \"b\": {\n    \"c\": \"x\",\n    \"d\": [\n      {\n        \"e\": true\n      }\n    ]\n  },\n  \"f\": []\n}"
    );
    // The bundled study reads back as the same JSON, key order included.
    let results = common::bundled_results();
    let printed = results.raw_document().pretty();
    let again: serde_json::Value = serde_json::from_str(&printed).expect("valid JSON");
    let original: serde_json::Value = serde_json::from_slice(results.raw()).expect("valid JSON");
    assert_eq!(again, original);
    assert_eq!(Json::parse(printed.as_bytes()).expect("valid JSON"), results.raw_document());
}

#[test]
fn a_compared_file_is_added_once_and_never_past_the_limit() {
    use servescope::core::link::{ViewState, MAX_COMPARED};
    let mut state = ViewState::default();
    let file = |k: usize| format!("f{k}.json").parse().expect("a reference");
    assert!(state.add_compared(file(0)));
    assert!(!state.add_compared(file(0)), "already compared");
    for k in 1..MAX_COMPARED {
        assert!(state.add_compared(file(k)));
    }
    assert!(!state.add_compared(file(99)), "past the limit");
    assert_eq!(state.compare.len(), MAX_COMPARED);
}

#[test]
fn the_provenance_view_says_progress_citations_and_a_partial_pass_in_the_cores_words() {
    use servescope::core::provenance::{citation_words, Progress, Report, SourceStatus};
    let p = |total| Progress { name: "sweep.jsonl".into(), done: 1024, total };
    assert_eq!(p(Some(4096)).label(), "Checking sweep.jsonl: 1024 of 4096 bytes");
    assert_eq!(p(None).label(), "Checking sweep.jsonl: 1024 bytes");
    assert_eq!([citation_words(0), citation_words(1), citation_words(3)], ["not cited", "1 citation", "3 citations"]);
    // A pass whose sources were not all verified is partial (not green); all verified is not.
    let report = |statuses: Vec<SourceStatus>| Report {
        statuses: statuses.into_iter().enumerate().map(|(k, s)| (format!("s{k}"), s)).collect(),
        recomputations: Vec::new(),
        errors: 0,
        warnings: 0,
        requests: Vec::new(),
    };
    let partial = report(vec![SourceStatus::Verified, SourceStatus::unavailable("offline")]).verdict(false);
    assert!(partial.pass && partial.partial, "{partial:?}");
    let whole = report(vec![SourceStatus::Verified]).verdict(false);
    assert!(whole.pass && !whole.partial, "{whole:?}");
    let required = report(vec![SourceStatus::Verified, SourceStatus::unavailable("offline")]).verdict(true);
    assert!(!required.pass && !required.partial, "a fail is not partial: {required:?}");
}

#[test]
fn the_results_file_among_picked_files_is_the_one_json_that_validates() {
    use servescope::core::study::validate::choose_results_file;
    use std::collections::BTreeMap;
    let valid = common::bundled();
    let files = |list: &[(&str, &[u8])]| list.iter().map(|(n, b)| (n.to_string(), b.to_vec())).collect::<BTreeMap<_, _>>();
    // The valid one wins over an invalid .json and a source beside it, whatever their order.
    let chosen = choose_results_file(&files(&[("a-broken.json", b"{"), ("study.json", &valid), ("sweep.jsonl", b"{}\n")])).expect("chosen");
    assert_eq!(chosen.name, "study.json");
    assert!(chosen.validation.results.is_some());
    // With none valid, the first .json is shown with its findings.
    let shown = choose_results_file(&files(&[("b.json", b"[]"), ("a.json", b"{")])).expect("chosen");
    assert_eq!(shown.name, "a.json");
    assert!(shown.validation.results.is_none() && !shown.validation.findings.is_empty());
    // Two valid ones are refused, naming both; no .json at all is said so.
    let two = choose_results_file(&files(&[("one.json", &valid), ("two.JSON", &valid)])).expect_err("refused");
    assert_eq!(two.message(), "one.json and two.JSON are both results files: pick one results file with its sources");
    assert!(two.found_results(), "two results files are not a tool's output to import");
    let none = choose_results_file(&files(&[("sweep.jsonl", b"{}\n")])).expect_err("refused");
    assert_eq!(none.message(), "none of the files picked is a .json results file");
    assert!(!none.found_results());
    // A JSON with none of a results file's keys is said to be something else, not listed as
    // a results file missing its title and four more fields.
    let package = choose_results_file(&files(&[("package.json", br#"{"name":"x","version":"1.0.0"}"#)])).expect_err("refused");
    assert_eq!(
        package.message(),
        "package.json is neither a servescope results file (it has none of schemaVersion, engines, serving) nor the output of a benchmark tool servescope imports"
    );
    assert!(!package.found_results());
    // A broken results file beside a package.json is shown with its findings, whatever the order.
    let beside = choose_results_file(&files(&[("a-package.json", br#"{"name":"x"}"#), ("b-study.json", br#"{"schemaVersion":"1.3"}"#)]))
        .expect("the results file");
    assert_eq!(beside.name, "b-study.json");
    // One of its keys present, the findings say what is missing.
    let partial = choose_results_file(&files(&[("study.json", br#"{"schemaVersion":"1.3"}"#)])).expect("shown with findings");
    assert!(partial.validation.findings.iter().any(|f| f.path == "title"), "{:?}", partial.validation.findings);
}

#[test]
fn the_theme_and_the_end_of_the_boot_follow_one_rule_each() {
    use servescope::core::link::ThemeChoice;
    use servescope::core::views::{boot_waits, is_dark, BootCollection, BootStudy};
    assert!(is_dark(None, true, false), "the system's scheme");
    assert!(!is_dark(Some(ThemeChoice::Light), true, false), "the link's theme wins");
    assert!(is_dark(Some(ThemeChoice::Dark), false, false));
    assert!(!is_dark(Some(ThemeChoice::Dark), true, true), "paper is light");
    // A collection view waits for its manifest only.
    assert!(boot_waits(View::Catalog, BootCollection::Loading, BootStudy::Idle));
    assert!(!boot_waits(View::Catalog, BootCollection::Ready(12), BootStudy::Idle));
    // A study's overview waits for its chart; other views and errors end the wait at once.
    assert!(boot_waits(View::Overview, BootCollection::Ready(1), BootStudy::Idle), "the collection names the study to open");
    assert!(!boot_waits(View::Overview, BootCollection::Ready(0), BootStudy::Idle), "an empty collection has nothing to wait for");
    assert!(!boot_waits(View::Overview, BootCollection::Failed, BootStudy::Idle));
    assert!(boot_waits(View::Overview, BootCollection::Ready(1), BootStudy::Loading));
    assert!(boot_waits(View::Overview, BootCollection::Ready(1), BootStudy::Ready { serving: true }), "its chart ends the wait");
    assert!(!boot_waits(View::Overview, BootCollection::Ready(1), BootStudy::Ready { serving: false }), "no chart to wait for");
    // The views the build writes for deep links wait for their chart like the overview.
    assert!(boot_waits(View::Serving, BootCollection::Ready(1), BootStudy::Ready { serving: true }));
    assert!(boot_waits(View::Tradeoff, BootCollection::Ready(1), BootStudy::Ready { serving: true }));
    assert!(boot_waits(View::Energy, BootCollection::Ready(1), BootStudy::Ready { serving: true }));
    for view in [View::Decode, View::Prefill, View::Cache, View::Accuracy, View::Provenance] {
        assert!(
            boot_waits(view, BootCollection::Ready(1), BootStudy::Ready { serving: false }),
            "{view:?} is written whatever the file holds"
        );
    }
    assert!(!boot_waits(View::Raw, BootCollection::Ready(1), BootStudy::Ready { serving: true }), "not written: nothing to wait behind");
    assert!(!boot_waits(View::Overview, BootCollection::Ready(1), BootStudy::Failed));
}

#[test]
fn the_history_notices_count_pairs_in_words() {
    use servescope::core::collections::history::History;
    use servescope::core::collections::history_view::history_notices;
    let history = History { conflicts: vec![(0, 1), (2, 3)], settings: vec![(0, 2)], ..History::default() };
    let (conflicts, settings) = history_notices(&history);
    assert!(conflicts.as_deref().is_some_and(|c| c.starts_with("2 pairs of studies report the same engine")), "{conflicts:?}");
    assert!(settings.as_deref().is_some_and(|s| s.starts_with("1 pair of studies differs only in the setup")), "{settings:?}");
    assert_eq!(history_notices(&History::default()), (None, None));
}

#[test]
fn accuracy_and_decode_charts_and_embeds_say_what_they_show() {
    use servescope::core::display::chart_words::{decode_y_title, kl_summary, scatter_summary, show_more_words};
    use servescope::core::display::series::{served_kl_rows, served_scatter};
    use servescope::core::views::embed_chart_height;
    let r = common::bundled_results();
    let rows = served_kl_rows(&r);
    let summary = kl_summary(&rows);
    assert!(summary.starts_with("KL by row (lower is closer to BF16): "), "{summary}");
    assert_eq!(summary.matches("; ").count() + 1, rows.len(), "one part per row: {summary}");
    assert!(rows.iter().all(|row| summary.contains(&row.label)), "{summary}");
    let points = served_scatter(&r);
    let scatter = scatter_summary(&points, "KL", "top-1");
    assert!(scatter.starts_with("KL against top-1, one point per row: "), "{scatter}");
    assert_eq!(decode_y_title(None), "aggregate output tokens/s · higher is better");
    assert_eq!(decode_y_title(Some("tok/s per GPU")), "tok/s per GPU · higher is better");
    assert_eq!(embed_chart_height(None), 270, "the snippet's 380 less the caption and key");
    assert_eq!(embed_chart_height(Some(200)), 160, "never under 160");
    assert_eq!(show_more_words(250, 100, 100).as_deref(), Some("Show 100 more of 250"));
    assert_eq!(show_more_words(250, 200, 100).as_deref(), Some("Show 50 more of 250"));
    assert_eq!(show_more_words(250, 250, 100), None);
}

#[test]
fn tables_show_on_the_page_and_in_an_embed_only_when_the_table_is_what_it_shows() {
    use servescope::core::link::ChartId;
    use servescope::core::views::shows_tables;
    assert!(shows_tables(false, None, View::Serving));
    assert!(!shows_tables(true, None, View::Serving), "an embed of the serving view shows its chart");
    assert!(shows_tables(true, Some(ChartId::Table), View::Serving));
    assert!(!shows_tables(true, Some(ChartId::WeightKl), View::Accuracy));
    assert!(shows_tables(true, None, View::Provenance), "a view whose only chart is its table");
    assert!(shows_tables(true, None, View::Compare));
}

/// The overview chart's heading, the app's and the pre-render's, says what the throughput
/// is per.
#[test]
fn the_overview_heading_names_the_studys_throughput() {
    let read = |path: &str| common::check(&std::fs::read(path).expect("bundled"), &[]).results.expect("valid");
    let gpu = read(concat!(env!("CARGO_MANIFEST_DIR"), "/data/qwen3.8-flash-next-mi350p-2026-10-30.json"));
    let endpoint = read(concat!(env!("CARGO_MANIFEST_DIR"), "/data/requests/aiperf-example/results.json"));
    let first = |r: &servescope::core::study::model::Results| r.serving().expect("serving").workloads[0].clone();
    assert_eq!(
        servescope::core::views::overview_heading(&first(&endpoint)),
        "Output tok/s for the endpoint against concurrency · ISL 550 / OSL 250"
    );
    assert!(servescope::core::views::overview_heading(&first(&gpu)).starts_with("Output tok/s per GPU against concurrency · "));
}
