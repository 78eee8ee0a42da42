//! What readers hit, natively: one unit per chart (a latency chart in seconds says so
//! everywhere), honest words (a verdict that verified nothing, an overview with no
//! findings, coverage's empty cells), and exports that match the chart.

use crate::common;

use common::bundled_results as results;
use servescope::core::collections::catalog::coverage_table;
use servescope::core::collections::collection::parse_collection;
use servescope::core::display::headline::{headline_cards, no_findings_note};
use servescope::core::display::series::describe_lines;
use servescope::core::display::series::{in_seconds, reads_in_seconds, serving_series};
use servescope::core::display::tables::{cache_table, serving_table};
use servescope::core::display::tooltip::serving_tip;
use servescope::core::link::chosen_workload;
use servescope::core::link::ViewState;
use servescope::core::measures::cost::Prices;
use servescope::core::measures::metric::Metric;
use servescope::core::provenance::{SourceStatus, Verification};
use servescope::core::study::contents::{page_heading, PageShows};

fn state(q: &str) -> ViewState {
    ViewState::parse(q).0
}

#[test]
fn a_latency_chart_past_10_s_reads_in_seconds_in_its_title_axis_and_tooltip() {
    let r = results();
    let s = state("metric=ttft_p99_ms");
    let w = chosen_workload(&r, s.workload).expect("workload");
    let lines = serving_series(&r, w, Metric::TtftP99Ms, &s.series_inputs());
    let top = lines.series.iter().flat_map(|l| l.points.iter().filter_map(|p| p.1)).fold(0.0, f64::max);
    assert!(top >= 10_000.0, "the bundled 1024×1024 TTFT p99 reaches {top} ms");
    assert!(reads_in_seconds(&lines.series, false));
    assert!(!reads_in_seconds(&lines.series, true), "a ratio is never in seconds");
    assert_eq!(in_seconds(Metric::TtftP99Ms.axis_title()), "TTFT p99 (s)");
    assert_eq!(Metric::TtftP99Ms.choice_label(), "TTFT p99", "the picker names no unit the axis may not use");
    assert_eq!(Metric::OutTokS.choice_label(), Metric::OutTokS.axis_title());
    // The point past 10 s, in its tooltip: seconds, labelled so; the file's ms kept as the exact value.
    let (line, level, value) = lines
        .series
        .iter()
        .find_map(|l| l.points.iter().find_map(|&(level, v)| v.filter(|v| *v >= 10_000.0).map(|v| (l, level, v))))
        .expect("a point past 10 s");
    let tip = serving_tip(w, line, level, &s.series_inputs(), &[], true).expect("tip");
    assert_eq!(tip.lines[0].label, "TTFT p99 (s)");
    assert_eq!(tip.lines[0].value, servescope::core::basics::format::readable(value / 1000.0));
    let in_ms = serving_tip(w, line, level, &s.series_inputs(), &[], false).expect("tip");
    assert_eq!(in_ms.lines[0].label, "TTFT p99 (ms)");
    // The chart's text alternative reads in the seconds its title names.
    let first = line.measured().next().expect("a measured point");
    let said = describe_lines(&lines.series, "TTFT p99 (s)", w.load, true);
    let at = format!("{} from {} at c{}", line.label, servescope::core::basics::format::readable(first.1 / 1000.0), first.0);
    assert!(said.contains(&at), "{at:?} in {said}");
    assert!(describe_lines(&lines.series, "TTFT p99 (ms)", w.load, false)
        .contains(&format!("from {} at", servescope::core::basics::format::readable(first.1))));
    // Throughput never switches.
    let out = serving_series(&r, w, Metric::OutTokS, &s.series_inputs());
    assert!(!reads_in_seconds(&out.series, false));
}

#[test]
fn a_valid_file_whose_sources_are_unpublished_is_not_said_to_pass() {
    let r = results();
    let mut verification = Verification::new(&r);
    for job in verification.jobs().to_vec() {
        verification.record(&job, SourceStatus::not_found("HTTP 404"), None);
    }
    let report = verification.finish(&r, 0, 0, &|f, b, e, l| Some(servescope::core::import::rederive(f, b, e, l)));
    let verdict = report.verdict(false);
    assert!(verdict.pass, "the exit code is unchanged");
    assert!(
        verdict.sentence.starts_with("valid · sources not published, not verified — valid with 0 warnings; 17 sources: 0 verified"),
        "{}",
        verdict.sentence
    );
    assert!(!verdict.sentence.starts_with("pass"));
}

#[test]
fn an_overview_without_cards_says_what_the_file_holds() {
    let r = results();
    assert_eq!(no_findings_note(&r, &headline_cards(&r, &Prices::default())), None);
    let r = common::without_blocks(&r, &["serving", "accuracy", "highlights"]);
    let cards = headline_cards(&r, &Prices::default());
    assert!(cards.is_empty());
    let note = no_findings_note(&r, &cards).expect("a note");
    assert!(note.starts_with("No headline findings: the cards are drawn from serving sweeps and served accuracy"), "{note}");
    assert!(note.contains("It holds: Decode, Prefill, KV cache"), "{note}");
    let r = common::without_blocks(&r, &["decode", "prefill", "cache", "weightAccuracy"]);
    assert_eq!(
        no_findings_note(&r, &[]).as_deref(),
        Some("No headline findings: this file holds no measurements — every block is absent or has no rows.")
    );
}

#[test]
fn coverage_says_no_study_and_does_not_count_an_unstated_model() {
    let manifest = br#"{"schemaVersion":"1.0","studies":[
        {"path":"a.json","sha256":"00","title":"A","date":"2026-01-01","model":"M1","hardware":"H200","engines":["vLLM"],"engineIds":["vllm"],"workloads":["1024x1024"]},
        {"path":"b.json","sha256":"00","title":"B","date":"2026-01-02","model":"M2","hardware":"B200","engines":["vLLM"],"engineIds":["vllm"],"workloads":["1024x1024"]},
        {"path":"c.json","sha256":"00","title":"C","date":"2026-01-03","model":null,"hardware":"H200","engines":["SGLang"],"engineIds":["sglang"],"workloads":["1024x1024"]}]}"#;
    let collection = parse_collection(manifest, "c/index.json").expect("manifest");
    let table = coverage_table(&collection, &ViewState::default().catalog_filter());
    assert_eq!(
        table.caption,
        "What was measured: 2 models × 2 hardware, the engines and studies in each; some studies state no model (their row reads \"not stated\")"
    );
    let m1 = table.rows.iter().find(|r| r.head.label == "M1").expect("row");
    let shown: Vec<String> = m1.cells.iter().map(|c| c.field.display()).collect();
    assert_eq!(shown, ["no study", "vLLM · 1 study"]);
}

#[test]
fn with_p50_and_p99_together_the_table_and_its_csv_hold_both() {
    let r = results();
    let s = state("metric=ttft_p99_ms&pct=both");
    let w = chosen_workload(&r, s.workload).expect("workload");
    let table = serving_table(&r, w, Metric::TtftP99Ms, &s.series_inputs(), &[]);
    let n = w.levels.len();
    assert_eq!(table.columns.len(), 2 * n);
    assert_eq!(table.columns[0].label, "p50 c1");
    assert_eq!(table.columns[n].label, "p99 c1");
    let csv = table.to_csv("#");
    let header = csv.lines().nth(1).expect("header");
    assert!(header.starts_with("engine,engine_id,ttft_p50_ms at c1,"), "{header}");
    assert!(header.contains(",ttft_p99_ms at c1,"), "{header}");
    assert!(table.caption.contains("TTFT p50 & p99 (ms)"), "{}", table.caption);
    // Each row holds the engine's own p50 and p99, in the file's digits.
    let paiton = w.rows.iter().find(|x| x.id == "paiton").expect("paiton's row");
    let c1 = paiton.cells[0].as_ref().expect("c1");
    let row = table.rows.iter().find(|x| x.head.id.as_deref() == Some("paiton")).expect("row");
    assert_eq!(row.cells[0].field.exact(), servescope::core::basics::format::as_written(c1.ttft_p50_ms.expect("p50")));
    assert_eq!(row.cells[n].field.exact(), servescope::core::basics::format::as_written(c1.ttft_p99_ms.expect("p99")));
    // One metric alone keeps one column per level.
    assert_eq!(serving_table(&r, w, Metric::TtftP99Ms, &state("").series_inputs(), &[]).columns.len(), n);
}

#[test]
fn a_cost_cell_says_its_parts_and_a_missing_cache_row_leaves_its_csv_fields_empty() {
    let r = results();
    let s = state("workload=1024x1024&metric=cost_per_mtok&kwh_price=0.12&gpu_hour_price=2");
    let w = chosen_workload(&r, s.workload).expect("workload");
    let table = serving_table(&r, w, Metric::CostPerMtok, &s.series_inputs(), &[]);
    let paiton = table.rows.iter().find(|x| x.head.id.as_deref() == Some("paiton")).expect("row");
    assert_eq!(paiton.cells[5].field.display(), "0.3948");
    assert_eq!(paiton.cells[5].note.as_deref(), Some("energy 0.01010 + GPU time 0.3847"));
    let cache = cache_table(&r, &ViewState::default().engine_filter()).expect("cache");
    let csv = cache.to_csv("#");
    assert!(csv.lines().any(|l| l == "SGLang · no MTP,sglangNoMtp,,,"), "{csv}");
    assert!(!csv.contains("not measured"), "{csv}");
}

#[test]
fn the_top_bar_never_titles_an_error_as_a_collection() {
    assert_eq!(page_heading(PageShows::StudyFailed), "The study could not be loaded");
    assert_eq!(page_heading(PageShows::CollectionFailed), "The collection could not be loaded");
    assert_eq!(page_heading(PageShows::Collection(1)), "A collection of 1 study");
    assert_eq!(page_heading(PageShows::Collection(8)), "A collection of 8 studies");
}

#[test]
fn bars_name_their_engines_answer_anywhere_on_a_bar_and_say_their_unit() {
    use servescope::chart::{draw_bars, nearest, BarChart, LIGHT};
    use servescope::core::display::series::{cache_bars, prefill_bars};
    use servescope::core::display::tooltip::bar_tip;
    let r = results();
    let bars = cache_bars(&r, &ViewState::default().engine_filter());
    for (size, wraps) in [((800, 380), false), ((360, 300), true)] {
        let (svg, drawn) =
            common::render_svg(size, |area| draw_bars(area, &BarChart { bars: &bars, y_title: "KV tokens", theme: LIGHT }).expect("drawn"));
        let labels: Vec<&str> = r.engines().iter().map(|e| e.label.as_str()).collect();
        assert_eq!(drawn.key.len(), labels.len(), "a key entry per engine at {size:?}");
        for (drawn, label) in drawn.key.iter().zip(&labels) {
            assert!(*drawn == *label || (wraps && drawn.ends_with('…')), "{drawn} for {label}");
            assert!(svg.contains(drawn.as_str()), "{drawn} is drawn");
        }
        // Every measured bar answers in the middle of its body, not only at its top.
        assert!(drawn.marks.iter().any(|m| m.reach[1] > 100), "the tallest bars reach far below their top");
        for mark in &drawn.marks {
            assert!(mark.reach[1] > 0 && mark.reach[0] > 5, "a bar's body: {mark:?}");
            let middle = nearest(&drawn.marks, mark.x_px, mark.y_px + mark.reach[1] / 2, 16).expect("a hit");
            assert_eq!((middle.group, middle.item), (mark.group, mark.item));
        }
    }
    let tip = bar_tip(&bars, 0, 0).expect("Paiton's bar");
    assert_eq!(tip.lines[0].label, "GPU KV cache");
    assert_eq!(tip.lines[0].value, "2.191 M tokens");
    let prefill = prefill_bars(&r, &ViewState::default().engine_filter());
    let tip = bar_tip(&prefill, 0, 0).expect("Paiton's first bar");
    assert!(tip.lines[0].value.ends_with(" input tokens/s"), "{}", tip.lines[0].value);
}

#[test]
fn compared_files_each_have_a_style_a_key_and_every_engine_label_is_named() {
    use servescope::core::display::compare::file_key;
    use servescope::core::display::legend::chips_for;
    use servescope::core::display::palette::file_line_style;
    use servescope::core::link::MAX_COMPARED;
    // As many styles as files can be shown, all different.
    let styles: Vec<_> = (0..=MAX_COMPARED).map(file_line_style).collect();
    for (i, a) in styles.iter().enumerate() {
        assert!(styles[..i].iter().all(|b| b.0 != a.0 && b.1 != a.1), "{a:?} repeats");
    }
    let first = results();
    let second = common::revised(&first, |doc| doc["date"] = "2026-11-12".into());
    let third = common::revised(&first, |doc| {
        doc["date"] = "2026-11-15".into();
        doc["hardware"] = "B200".into();
        doc["engines"][0]["label"] = "TensorRT-LLM 1.3 NVFP4".into();
    });
    let key = file_key(&[&first, &second, &third]);
    assert_eq!(key[0], "File 1 — 2026-10-30: solid, circles", "a file stating no hardware is named by its date");
    assert_eq!(key[2], "File 3 — B200, 2026-11-15: dotted, triangles");
    // As many shapes as files can be shown, all different: a file is told by shape, not only dash.
    let shapes: Vec<_> = (0..=MAX_COMPARED).map(|k| servescope::core::display::palette::file_marker(k).0).collect();
    for (i, a) in shapes.iter().enumerate() {
        assert!(!shapes[..i].contains(a), "{a:?} repeats");
    }
    // Files of different models say so in the key.
    let other_model = common::revised(&first, |doc| {
        doc["model"] = "Llama-4-Scout".into();
        doc["date"] = "2026-11-20".into();
    });
    let key = file_key(&[&third, &other_model]);
    assert_eq!(key[1], "File 2 — Llama-4-Scout, 2026-11-20: dashed, squares", "{key:?}");
    // Studies whose titles differ are named by them (QA pass 4, F29), with what the title
    // does not already say.
    let titled = common::revised(&third, |doc| doc["title"] = "Qwen3.8-Flash-Next on B200".into());
    let llama = common::revised(&other_model, |doc| doc["title"] = "A second look".into());
    let key = file_key(&[&first, &titled, &llama]);
    assert_eq!(key[0], "File 1 — “Qwen3.8-Flash-Next on one MI350P” (model not stated, 2026-10-30): solid, circles", "{key:?}");
    assert_eq!(
        key[1], "File 2 — “Qwen3.8-Flash-Next on B200” (model not stated, 2026-11-15): dashed, squares",
        "the title names the hardware"
    );
    assert_eq!(key[2], "File 3 — “A second look” (Llama-4-Scout, 2026-11-20): dotted, triangles", "{key:?}");
    let chips = chips_for(&first, &[&second, &third]);
    assert_eq!(chips.len(), first.engines().len(), "one chip per engine id");
    assert_eq!(chips[0].text(), "Paiton CDNA4 (file 3: TensorRT-LLM 1.3 NVFP4)");
    assert_eq!(chips[1].text(), "vLLM + AITER", "a label shared by every file is said once");
    // What differs names the studies, not only their dates.
    let third = common::revised(&third, |doc| doc["title"] = "Qwen3.8-Flash-Next on B200".into());
    assert_eq!(
        servescope::core::display::compare::differs_heading(&first, &third, 3),
        "What differs: file 1, “Qwen3.8-Flash-Next on one MI350P” (2026-10-30) and file 3, “Qwen3.8-Flash-Next on B200” (2026-11-15)"
    );
}

#[test]
fn an_embed_caption_names_what_its_chart_shows_and_a_phone_chart_leaves_room_for_its_key() {
    use servescope::core::display::embed::embed_caption;
    use servescope::core::link::View;
    use servescope::core::views::chart_css_height;
    let r = results();
    let caption = |query: &str, view: View| {
        let link = state(query);
        embed_caption(&r, &link.series_inputs(), link.chart, view, link.slo.as_ref())
    };
    assert_eq!(
        caption("view=tradeoff&workload=1024x1024&slo_ttft_p99_ms=1000&embed=1", View::Tradeoff),
        "Qwen3.8-Flash-Next on one MI350P · ISL 1024 / OSL 1024 · output tok/s per GPU against per-user tok/s · limit TTFT p99 ≤ 1000 ms"
    );
    assert_eq!(
        caption("view=serving&workload=8192x1024&metric=ttft_p99_ms&embed=1", View::Serving),
        "Qwen3.8-Flash-Next on one MI350P · ISL 8192 / OSL 1024 · TTFT p99"
    );
    assert_eq!(caption("view=cache&embed=1", View::Cache), "Qwen3.8-Flash-Next on one MI350P · KV cache at start-up");
    assert_eq!(chart_css_height(440, (1280.0, 800.0)), 440);
    assert_eq!(chart_css_height(440, (390.0, 844.0)), 303);
    assert_eq!(chart_css_height(440, (844.0, 390.0)), 240, "a phone in landscape keeps a readable chart");
}

#[test]
fn a_source_reads_not_published_everywhere_when_none_was() {
    use servescope::core::display::tables::source_words;
    let r = results();
    let absent: Vec<(String, SourceStatus)> =
        r.sources().iter().map(|s| (s.name().to_owned(), SourceStatus::not_found("HTTP 404"))).collect();
    let first = absent[0].0.clone();
    assert_eq!(source_words(&absent, &first), "not published");
    assert_eq!(source_words(&absent, "nope.json"), "not checked");
    // One source published: the others are unavailable, not unpublished.
    let mut some = absent.clone();
    some[1].1 = SourceStatus::Verified;
    assert_eq!(source_words(&some, &first), "unavailable");
    // The tooltip says the same words as the badge.
    let s = state("");
    let w = chosen_workload(&r, s.workload).expect("workload");
    let lines = serving_series(&r, w, Metric::OutTokS, &s.series_inputs());
    let tip = serving_tip(w, &lines.series[0], 1.0, &s.series_inputs(), &absent, false).expect("tip");
    let source = tip.lines.iter().find(|l| l.label == "source").expect("a source line");
    assert!(source.value.ends_with("(not published)"), "{}", source.value);
}

#[test]
fn a_tooltip_goes_after_its_point_then_before_it_then_centred_inside_the_chart() {
    use servescope::core::display::tooltip::tip_offset;
    // A 340 px wide phone chart and a 200 px wide tip.
    assert_eq!(tip_offset(40, 200, 340), 54, "room after the point: 14 px after it");
    assert_eq!(tip_offset(300, 200, 340), 86, "no room after: 14 px before it");
    assert_eq!(tip_offset(170, 200, 340), 70, "room on neither side: centred on the point");
    assert_eq!(tip_offset(20, 330, 340), 0, "centred would start left of the chart: at its start");
    assert_eq!(tip_offset(330, 330, 340), 10, "centred would end right of it: flush with its end");
    assert_eq!(tip_offset(100, 400, 340), 0, "wider than the chart: at its start");
}
