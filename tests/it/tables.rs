//! Every view's table, its page text and its CSV, natively: one table model rendered two
//! ways, readable on the page and exact in CSV; and the overview's cards and the tooltips'
//! words on the bundled study.

use crate::common;

use common::{bundled_results as results, check, read};
use servescope::core::basics::format::significant_digits;
use servescope::core::display::headline::headline_cards;
use servescope::core::display::series::{best_within_limits, concurrency_ticks, serving_series, tradeoff_lines};
use servescope::core::display::tables::*;
use servescope::core::display::tooltip::{serving_tip, tradeoff_tip};
use servescope::core::link::chosen_workload;
use servescope::core::link::{sources_behind, View, ViewState, WorkloadKey};
use servescope::core::measures::metric::Metric;
use servescope::core::provenance::SourceStatus;
use servescope::core::study::model::LoadAxis;

fn state(q: &str) -> ViewState {
    ViewState::parse(q).0
}

fn row<'a>(table: &'a Table, label: &str) -> &'a Row {
    table.rows.iter().find(|r| r.head.label == label).unwrap_or_else(|| panic!("no row {label}"))
}

fn shown(row: &Row) -> Vec<String> {
    row.cells.iter().map(|c| c.field.display()).collect()
}

#[test]
fn the_decode_table_reads_readably_and_exports_the_files_digits() {
    let r = results();
    let table = decode_table(&r, &state("").engine_filter(), &[]).expect("decode");
    assert_eq!(shown(row(&table, "Paiton CDNA4"))[0], "273.1");
    let csv = table.to_csv("# provenance");
    assert!(csv.contains("Paiton CDNA4,paiton,273.071554221675,"), "{csv}");
    assert!(csv.contains("SGLang · no MTP,sglangNoMtp,,,,,,1088.6304487429068,1092.9729308758801,"), "{csv}");
    assert!(table.displayed().all(|t| significant_digits(&t) <= 6));
}

#[test]
fn the_serving_table_in_ratio_mode_says_so_in_its_csv() {
    let r = results();
    let s = state("vs=vllm");
    let w = chosen_workload(&r, s.workload).expect("workload");
    let table = serving_table(&r, w, Metric::OutTokS, &s.series_inputs(), &[]);
    assert_eq!(shown(row(&table, "vLLM + AITER"))[0], "1.000×");
    let csv = table.to_csv("#");
    assert!(csv.lines().nth(1).is_some_and(|h| h.contains("out_tok_s ratio to vllm at c1")), "{csv}");
    assert!(table.caption.contains("as a ratio to vLLM + AITER"), "{}", table.caption);
    // A percentile carries its cell's n; a low sample is marked.
    let ttft = serving_table(&r, w, Metric::TtftP99Ms, &state("").series_inputs(), &[]);
    let paiton = row(&ttft, "Paiton CDNA4");
    assert_eq!(paiton.cells[0].note.as_deref(), Some("n=8"));
    assert_eq!(paiton.sources, ["sweep-paiton.jsonl", "sweep-paiton-c3264.jsonl"]);
    assert_eq!(paiton.cells[6].source_ref, Some(2));
}

#[test]
fn an_engine_run_in_the_workload_keeps_its_row_when_the_metric_has_nothing_measured() {
    let r = results();
    let w = chosen_workload(&r, state("").workload).expect("workload");
    // A cost without prices: every cell is null, and every engine run here says so in a row.
    let cost = serving_table(&r, w, Metric::CostPerMtok, &state("").series_inputs(), &[]);
    let labels: Vec<&str> = cost.rows.iter().map(|r| r.head.label.as_str()).collect();
    assert_eq!(
        labels,
        ["Paiton CDNA4", "vLLM + AITER", "SGLang MTP · 16 seqs", "SGLang · no MTP"],
        "engines with a row in 1K/1K, in file order"
    );
    for row in &cost.rows {
        assert_eq!(shown(row), vec!["not measured"; 7], "{}", row.head.label);
    }
    // An engine not run in this workload (SGLang MTP · 8 seqs) has no row: the key says why.
    let lines = serving_series(&r, w, Metric::CostPerMtok, &state("").series_inputs());
    assert!(lines.not_measured.contains(&"sglang8".to_owned()));
    // With a price, the same rows carry numbers.
    let priced = serving_table(&r, w, Metric::CostPerMtok, &state("gpu_hour_price=2").series_inputs(), &[]);
    assert_eq!(priced.rows.len(), 4);
    assert!(matches!(row(&priced, "Paiton CDNA4").cells[0].field, Field::Number(..)));
}

#[test]
fn the_serving_table_marks_the_best_engine_at_each_load_level_in_the_metrics_direction() {
    let r = results();
    let w = chosen_workload(&r, state("").workload).expect("workload");
    let number = |c: &Cell| match c.field {
        Field::Number(v, _) => Some(v),
        _ => None,
    };
    for (metric, higher) in [(Metric::OutTokS, true), (Metric::TtftP99Ms, false)] {
        let table = serving_table(&r, w, metric, &state("").series_inputs(), &[]);
        for column in 0..table.columns.len() {
            // Low-sample cells are never made prominent.
            let eligible = |c: &Cell| number(c).filter(|_| !c.low_sample);
            let values: Vec<f64> = table.rows.iter().filter_map(|row| eligible(&row.cells[column])).collect();
            let best =
                if higher { values.iter().copied().fold(f64::MIN, f64::max) } else { values.iter().copied().fold(f64::MAX, f64::min) };
            for row in &table.rows {
                let cell = &row.cells[column];
                let expected = values.len() >= 2 && eligible(cell) == Some(best);
                assert_eq!(cell.best, expected, "{metric:?} {} column {column}: {:?}", row.head.label, cell.field);
            }
        }
        assert!(table.caption.contains("bold: the best engine at each concurrency"), "{}", table.caption);
    }
    // The reader's question (a): at c64, Paiton's 1,790 is the best output throughput.
    let out = serving_table(&r, w, Metric::OutTokS, &state("").series_inputs(), &[]);
    let c64 = out.columns.iter().position(|c| c.label == "c64").expect("c64 column");
    assert!(row(&out, "Paiton CDNA4").cells[c64].best);
    assert_eq!(row(&out, "Paiton CDNA4").cells[c64].field.display(), "1,790");
    assert!(!row(&out, "vLLM + AITER").cells[c64].best);
    // One engine shown: a lone value is no winner.
    let alone = serving_table(&r, w, Metric::OutTokS, &state("engines=paiton").series_inputs(), &[]);
    assert!(alone.rows.iter().flat_map(|r| &r.cells).all(|c| !c.best));
}

#[test]
fn a_mismatched_source_marks_its_cells_and_row() {
    let r = results();
    let w = chosen_workload(&r, state("").workload).expect("workload");
    let statuses = vec![("sweep-vllm.jsonl".to_owned(), SourceStatus::Mismatch { expected: "a".into(), actual: "b".into() })];
    let table = serving_table(&r, w, Metric::OutTokS, &state("").series_inputs(), &statuses);
    let vllm = row(&table, "vLLM + AITER");
    assert!(vllm.mismatch);
    assert!(vllm.cells[0].mismatch, "c1 comes from sweep-vllm.jsonl");
    assert!(!vllm.cells[6].mismatch, "c64 comes from sweep-vllm-c3264.jsonl");
}

#[test]
fn the_limits_table_keeps_not_measured_apart_and_its_concurrency_a_number() {
    let r = results();
    let s = state("view=tradeoff&slo_ttft_p99_ms=1000");
    let w = chosen_workload(&r, s.workload).expect("workload");
    let best = best_within_limits(&r, w, Metric::OutTokS, &s.series_inputs());
    let table = limits_table(&r, w, Metric::OutTokS, &best, &s.series_inputs());
    assert_eq!(shown(row(&table, "Paiton CDNA4")), ["best point under the limits", "754.6", "c8", "668", "97.4"]);
    let csv = table.to_csv("#");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[2], "Paiton CDNA4,paiton,best point under the limits,754.6,8,668,97.4");
    assert_eq!(lines[5], "SGLang MTP · 8 seqs,sglang8,not measured in this workload,,,,");
    assert_eq!(lines[6], "SGLang · no MTP,sglangNoMtp,no measured point meets the limits,,,,");
    assert!(table.caption.contains("TTFT p99 ≤ 1000 ms"));
}

fn results_of(doc: serde_json::Value) -> servescope::core::study::model::Results {
    check(&serde_json::to_vec(&doc).expect("json"), &[]).results.expect("valid")
}

#[test]
fn a_best_of_which_a_third_of_the_requests_failed_says_so_and_its_rule_why() {
    let doc = common::mutate(
        common::minimal(),
        &[
            common::Edit::Set("/serving/workloads/0/rows/0/cells/2/n", serde_json::json!(66)),
            common::Edit::Set("/serving/workloads/0/rows/0/cells/2/errors", serde_json::json!(34)),
        ],
    );
    let r = check(&serde_json::to_vec(&doc).expect("json"), &[]).results.expect("valid");
    let cards = headline_cards(&r, &Default::default());
    let line = &cards[0].lines[0];
    assert_eq!(line.text, "1024/1024: Alpha engine, 900 at c4 — 34 % failed", "in the serving table's words");
    assert!(line.warn);
    assert!(cards[0].rule.ends_with("A best in whose cell 10 % or more of the requests failed says so."), "{}", cards[0].rule);
    assert!(cards[1].lines[0].text.ends_with("— 34 % failed") && cards[2].lines[0].text.ends_with("— 34 % failed"), "every best it is");
    let plain = headline_cards(&results_of(common::minimal()), &Default::default());
    assert!(plain.iter().all(|c| !c.rule.contains("failed")), "a card with no marked line keeps its rule short");
}

#[test]
fn a_point_under_the_limits_whose_value_is_not_measured_is_never_called_none() {
    // Both of Alpha's cells are under 1 s TTFT p99, and neither has its throughput.
    let doc = common::mutate(
        common::minimal(),
        &[
            common::Edit::Set("/serving/workloads/0/rows/0/cells/0/out_tok_s", serde_json::json!(null)),
            common::Edit::Set("/serving/workloads/0/rows/0/cells/0/tok_s_per_kw", serde_json::json!(null)),
            common::Edit::Set("/serving/workloads/0/rows/0/cells/2/out_tok_s", serde_json::json!(null)),
            common::Edit::Set("/serving/workloads/0/rows/0/cells/2/tok_s_per_kw", serde_json::json!(null)),
        ],
    );
    let r = check(&serde_json::to_vec(&doc).expect("json"), &[]).results.expect("valid");
    let s = state("view=tradeoff&slo_ttft_p99_ms=1000");
    let w = chosen_workload(&r, s.workload).expect("workload");
    let best = best_within_limits(&r, w, Metric::OutTokS, &s.series_inputs());
    let table = limits_table(&r, w, Metric::OutTokS, &best, &s.series_inputs());
    assert_eq!(shown(row(&table, "Alpha engine")), ["meets the limits; its value not measured", "not measured", "c1", "100.6", "337.6"]);
    let cards = headline_cards(&r, &Default::default());
    assert_eq!(
        cards[1].lines[0].text,
        "1024/1024: Alpha engine at c1 has a TTFT p99 of 100.6 ms, but its output throughput is not measured (and 1 more at or under 1 s)"
    );
    assert_eq!(cards[0].lines[0].text, "1024/1024: output throughput not measured at any load");
}

#[test]
fn prefill_cache_and_accuracy_tables_say_what_is_absent_in_words() {
    let r = results();
    let prefill = prefill_table(&r, &state("").engine_filter()).expect("prefill");
    assert_eq!(shown(&prefill.rows[0]), ["8,192", "8,197", "13,709", "0.598", "1", "scout_only", "not done", "lmx-paiton.json"]);
    let cache = cache_table(&r, &state("").engine_filter()).expect("cache");
    assert_eq!(shown(row(&cache, "Paiton CDNA4"))[..2], ["2.191 M", "66"]);
    assert_eq!(shown(row(&cache, "SGLang · no MTP"))[0], "not measured");
    let weight = weight_accuracy_table(&r).expect("weight");
    assert_eq!(shown(row(&weight, "INT4-g128 · RDNA4 recipe"))[1], "no CI reported");
    let served = served_accuracy_table(&r).expect("served");
    assert_eq!(row(&served, "BF16 reference control").head.tag.as_deref(), Some("reference control"));
    assert_eq!(shown(row(&served, "Paiton CDNA4"))[3], "93.08 %");
    assert!(served.to_csv("#").contains(",0.9307695,"), "the fraction as written in CSV");
}

#[test]
fn the_delta_table_compares_every_file_with_the_first() {
    let a = results();
    let b = check(&read("tests/fixtures/compare/rerun.json"), &[]).results.expect("valid");
    let table =
        delta_table(&[&a, &b, &b], WorkloadKey { isl: 1024, osl: 1024, load: LoadAxis::Concurrency }, Metric::OutTokS, &Default::default())
            .expect("table");
    let heads: Vec<&str> = table.columns.iter().map(|c| c.label.as_str()).collect();
    let base = "Qwen3.8-Flash-Next on one MI350P";
    let rerun = "Qwen3.8-Flash-Next on one MI350P — rerun (test fixture)";
    assert_eq!(
        heads,
        [
            "concurrency".to_owned(),
            format!("{base} (file 1)"),
            format!("{rerun} (file 2)"),
            format!("{rerun} (file 3)"),
            "file 2 ÷ file 1".to_owned(),
            "file 3 ÷ file 1".to_owned(),
        ]
    );
    assert_eq!(shown(&table.rows[0]), ["c1", "331.4", "364.5", "364.5", "1.100×", "1.100×"]);
    assert!(table.caption.contains("a ratio above 1 is better"));
    // A file that labels an engine otherwise gets a column of its labels, page and CSV alike.
    let relabelled = common::revised(&b, |doc| doc["engines"][0]["label"] = "Paiton CDNA4 (rebuilt)".into());
    let table = delta_table(
        &[&a, &b, &relabelled],
        WorkloadKey { isl: 1024, osl: 1024, load: LoadAxis::Concurrency },
        Metric::OutTokS,
        &Default::default(),
    )
    .expect("table");
    assert_eq!(table.columns.last().map(|c| c.label.as_str()), Some("engine in file 3"));
    assert_eq!(table.columns.len(), 7, "only file 3 labels an engine otherwise");
    let paiton = table.rows.iter().find(|r| r.head.id.as_deref() == Some(&*relabelled.engines()[0].id)).expect("row");
    assert_eq!(shown(paiton).last().map(String::as_str), Some("Paiton CDNA4 (rebuilt)"));
    let csv = table.to_csv("#");
    assert!(csv.lines().nth(1).is_some_and(|h| h.ends_with(",engine_label_file_3")), "{csv}");
}

#[test]
fn the_sources_table_says_not_published_when_every_source_is_absent() {
    let r = results();
    let absent: Vec<(String, SourceStatus)> =
        r.sources().iter().map(|s| (s.name().to_owned(), SourceStatus::not_found("HTTP 404 Not Found"))).collect();
    let table = sources_table(&r, &absent);
    assert!(table.rows.iter().all(|row| row.cells[2].field.display() == "not published"));
    let mut one = absent.clone();
    one[0].1 = SourceStatus::Verified;
    let table = sources_table(&r, &one);
    assert_eq!(table.rows[1].cells[2].field.display(), "unavailable", "once a source is published, an absent one is unavailable");
}

#[test]
fn the_overview_cards_on_the_bundled_study() {
    let r = results();
    let cards = headline_cards(&r, &Default::default());
    let titles: Vec<&str> = cards.iter().map(|c| c.title.as_str()).collect();
    assert_eq!(titles, ["Highest throughput", "Best under a 1 s TTFT p99", "Most tokens per kW", "Closest to the BF16 reference"]);
    let lines = |i: usize| cards[i].lines.iter().map(|l| l.text.clone()).collect::<Vec<_>>();
    assert_eq!(
        lines(0),
        ["1024/1024: Paiton CDNA4, 1,790 at c64", "1024/8192: Paiton CDNA4, 1,937 at c64", "8192/1024: Paiton CDNA4, 818.5 at c64"]
    );
    assert_eq!(lines(1)[2], "8192/1024: Paiton CDNA4, 315 at c1");
    assert_eq!(cards[1].lines[2].detail.as_deref(), Some("ISL 8192 / OSL 1024: TTFT p99 537.4 ms"));
    assert_eq!(lines(3), ["Paiton CDNA4: KL 0.02194 (BF16 control 0.007695)"]);
    let link = cards[1].lines[2].link.as_ref().expect("a link");
    assert_eq!(link.to_query(), "view=tradeoff&workload=8192x1024&slo_ttft_p99_ms=1000");
    assert!(cards.iter().all(|c| !c.rule.is_empty()), "every card states its rule");
    let priced = headline_cards(&r, &ViewState::parse("kwh_price=0.12&gpu_hour_price=2").0.prices);
    assert_eq!(priced.len(), 5, "prices add the cost card");
    assert_eq!(priced[3].title, "Cheapest per million tokens under a 1 s TTFT p99");
}

#[test]
fn a_rule_no_point_satisfies_says_so() {
    let doc = common::mutate(
        common::minimal(),
        &[
            common::Edit::Set("/serving/workloads/0/rows/0/cells/0/ttft_p99_ms", serde_json::json!(5000)),
            common::Edit::Set("/serving/workloads/0/rows/0/cells/2/ttft_p99_ms", serde_json::json!(5000)),
        ],
    );
    let r = check(&serde_json::to_vec(&doc).expect("json"), &[]).results.expect("valid");
    let cards = headline_cards(&r, &Default::default());
    assert_eq!(
        cards[1].lines[0].text, "1024/1024: no measured point has a TTFT p99 of 1 s or less; the lowest is 5 s (Alpha engine at c1)",
        "the nearest miss is named, so the claim can be checked"
    );
}

#[test]
fn tooltips_name_the_point_its_sample_and_its_source() {
    let r = results();
    let s = state("workload=1024x8192&engines=vllm");
    let w = chosen_workload(&r, s.workload).expect("workload");
    let line = serving_series(&r, w, Metric::OutTokS, &s.series_inputs()).series.remove(0);
    let tip = serving_tip(w, &line, 1.0, &s.series_inputs(), &[], false).expect("a tip");
    assert_eq!(tip.title, "vLLM + AITER · c1");
    let words: Vec<String> = tip.lines.iter().map(|l| format!("{} {}", l.label, l.value)).collect();
    assert!(words[1].starts_with("sample n 2 · errors") && words[1].ends_with("low sample"), "{words:?}");
    assert_eq!(words[2], "source sweep-vllm.jsonl (not checked)");
    let s = state("slo_ttft_p99_ms=1000");
    let w = chosen_workload(&r, s.workload).expect("workload");
    let lines = tradeoff_lines(&r, w, Metric::OutTokS, &s.series_inputs());
    let tip =
        tradeoff_tip(w, &lines[0], lines[0].points.iter().position(|p| p.level == 16.0).expect("c16"), Metric::OutTokS, &s.series_inputs())
            .expect("a tip");
    assert!(tip.lines.iter().any(|l| l.value == "breaks a limit set" && l.warn), "{tip:?}");
}

#[test]
fn ticks_across_files_merge_their_levels_and_a_view_names_its_sources() {
    let a = results();
    let b = check(&read("tests/fixtures/compare/rerun.json"), &[]).results.expect("valid");
    assert_eq!(concurrency_ticks([&a, &b]), [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0]);
    let serving = sources_behind(&a, &state("engines=paiton").series_inputs(), View::Serving);
    assert_eq!(serving, ["sweep-paiton.jsonl", "sweep-paiton-c3264.jsonl"]);
    assert_eq!(
        sources_behind(&a, &state("").series_inputs(), View::Accuracy),
        ["accuracy-bf16.json", "accuracy-paiton.log", "accuracy-quark.json", "weight-model-card.md"]
    );
    assert_eq!(sources_behind(&a, &state("").series_inputs(), View::Provenance).len(), 17);
}

#[test]
fn a_cost_without_prices_says_no_price_given_where_other_metrics_say_not_measured() {
    use servescope::core::display::legend::absent_words;
    let none = state("").series_inputs().prices;
    let priced = state("kwh_price=0.2").series_inputs().prices;
    assert_eq!(absent_words(Metric::CostPerMtok, &none), "no price given");
    assert_eq!(absent_words(Metric::CostPerMtok, &priced), "not measured in this workload");
    assert_eq!(absent_words(Metric::PowerW, &none), "not measured in this workload");
}

#[test]
fn files_with_no_engine_in_common_have_no_delta_table() {
    let a = check(&read("tests/fixtures/minimal.json"), &[]).results.expect("valid");
    let b = results();
    let key = WorkloadKey { isl: 1024, osl: 1024, load: LoadAxis::Concurrency };
    assert!(delta_table(&[&b, &a], key, Metric::OutTokS, &Default::default()).is_none(), "no bundled engine is in the minimal file");
    assert!(delta_table(&[&b, &b], key, Metric::OutTokS, &Default::default()).is_some());
}

#[test]
fn the_line_under_the_title_says_what_the_study_measured_and_not_stated_where_it_does_not() {
    use servescope::core::display::claims::measured_on;
    // The bundled study: five checkpoints, no hardware field, one engine's cells state 1 GPU.
    assert_eq!(
        measured_on(&results()),
        "2026-10-30 · a checkpoint per engine · hardware not stated · GPUs 1: Paiton CDNA4, not stated: 4 engines"
    );
    // One model, one GPU per engine (QA F9's study, in small).
    let doc = common::mutate(
        common::minimal(),
        &[
            common::Edit::Set("/model", serde_json::json!("example/qwen3-8b")),
            common::Edit::Set("/serving/workloads/0/rows/0/cells/0/gpus", serde_json::json!(1)),
            common::Edit::Set("/serving/workloads/0/rows/0/cells/2/gpus", serde_json::json!(1)),
        ],
    );
    assert_eq!(measured_on(&results_of(doc)), "2026-01-02 · model example/qwen3-8b · hardware not stated · 1 GPU per engine");
    // A run that states no GPUs: the endpoint's throughput, said.
    let aiperf =
        check(&std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/data/requests/aiperf-example/results.json")).expect("bundled"), &[])
            .results
            .expect("valid");
    assert_eq!(
        measured_on(&aiperf),
        "2025-10-03 · model openai/gpt-oss-20b · hardware not stated · GPUs not stated (throughput for the endpoint)"
    );
}
