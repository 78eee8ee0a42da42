//! The view models both renderers draw (`core::views`): each view's heading, controls,
//! notes, key, charts, heights and tables for the bundled study, its tooltips' words, and
//! what a view says of a block the file lacks.

use crate::common;

use common::bundled_results;
use servescope::core::link::{ChartId, Scale, View, ViewState};
use servescope::core::measures::metric::Metric;
use servescope::core::provenance::Verification;
use servescope::core::views::accuracy::accuracy;
use servescope::core::views::bars::bars_view;
use servescope::core::views::decode::decode;
use servescope::core::views::explorer::{explorer, overview_chart, ServingInputs};
use servescope::core::views::panel::{Control, File, Goes, Height, Note, Panel, Plot, Sets};
use servescope::core::views::provenance::{provenance, Recomputed, VerdictLine};
use servescope::core::views::tradeoff::{tradeoff, TradeoffInputs};
use servescope::core::views::{height_rules, CHART_HEIGHT};

fn inputs(query: &str) -> ServingInputs {
    let (state, notices) = ViewState::parse(query);
    assert!(notices.is_empty(), "{notices:?}");
    ServingInputs { series: state.series_inputs(), scale: state.scale }
}

fn pick(panel: &Panel, sets: Sets) -> (Vec<String>, String) {
    panel
        .controls
        .iter()
        .find_map(|c| match c {
            Control::Pick(p) if p.sets == sets => Some((p.options.iter().map(|o| o.0.clone()).collect(), p.selected.clone())),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no {sets:?} picker"))
}

#[test]
fn the_serving_explorer_says_what_it_draws_and_offers_its_controls_in_order() {
    let results = bundled_results();
    let statuses = Verification::new(&results).statuses().to_vec();
    let files = [File { results: &results, statuses: &statuses }];
    let panel = explorer(View::Serving, &files, &inputs(""));
    assert_eq!(panel.class, "panel explorer serving");
    assert_eq!(panel.heading, "Serving: output tok/s per GPU against concurrency");
    let kinds: Vec<&str> = panel
        .controls
        .iter()
        .map(|c| match c {
            Control::Pick(p) => p.sets.label_and_class().0,
            Control::Scale { .. } => "Scale",
            Control::BothPercentiles { .. } => "both",
            Control::Limit { .. } => "limit",
            Control::Prices => "prices",
            Control::Objective { .. } => "objective",
            Control::Presets(_) => "presets",
            Control::Toggles(t) => t.sets.label_and_class().0,
        })
        .collect();
    assert_eq!(kinds, ["Workload", "Metric", "Scale", "both", "Relative to"], "the pair's toggle stays in the row (F27)");
    assert!(panel.controls.contains(&Control::BothPercentiles { checked: false, applies: false }), "disabled for a throughput");
    assert_eq!(pick(&panel, Sets::Workload).1, "1024x1024");
    assert_eq!(pick(&panel, Sets::Relative).1, "");
    let figure = &panel.figures[0];
    assert_eq!((figure.id, figure.height), (ChartId::Serving, Height::Fitted(440)));
    let Plot::Lines(lines) = &figure.plot else { panic!("lines") };
    assert_eq!(lines.series.iter().map(|s| s.measured().count()).sum::<usize>(), 21);
    assert_eq!(lines.series.iter().map(|s| s.gaps().count()).sum::<usize>(), 7);
    assert_eq!(figure.export.stem, "servescope-serving-1024x1024-out_tok_s");
    // The tooltip of Paiton's c8 point, as the app shows it and the pre-render writes it.
    let tip = figure.tip(0, 3, &files).expect("a point");
    assert_eq!(tip.title, "Paiton CDNA4 · c8");
    assert_eq!((tip.lines[0].label.as_str(), tip.lines[0].value.as_str()), ("output tok/s per GPU", "754.6"));
    assert!(matches!(&panel.after[0], Note::Text("definition", _)), "the metric defined under its chart: {:?}", panel.after[0]);
    assert!(!panel.notes.iter().any(|n| matches!(n, Note::Text("definition", _))), "not above it, where its length moved the chart (F27)");
    let table = panel.tables[0].table.as_ref().expect("the serving table");
    assert!(panel.tables[0].later, "a large file's chart comes first");
    let workload = &results.serving().expect("serving").workloads[0];
    assert_eq!(table.rows.len(), workload.rows.len(), "a row per engine this workload measured");
}

#[test]
fn a_percentile_in_seconds_and_as_a_ratio_is_said_in_the_heading_and_its_notices() {
    let results = bundled_results();
    let files = [File { results: &results, statuses: &[] }];
    let panel = explorer(View::Serving, &files, &inputs("metric=ttft_p99_ms&workload=8192x1024&pct=both&scale=log"));
    assert!(panel.controls.contains(&Control::BothPercentiles { checked: true, applies: true }));
    assert_eq!(panel.heading, "Serving: TTFT p50 & p99 (s) against concurrency", "the pair, in seconds as its axis reads");
    let relative = explorer(View::Serving, &files, &inputs("vs=vllm"));
    assert!(relative.heading.ends_with(", as a ratio to vLLM + AITER"), "{}", relative.heading);
    assert_eq!(relative.tables[0].notes, ["values are ratios to vLLM + AITER at the same concurrency"]);
}

#[test]
fn the_energy_explorer_links_its_trade_off_and_the_trade_off_links_back() {
    let results = bundled_results();
    let files = [File { results: &results, statuses: &[] }];
    let energy = explorer(View::Energy, &files, &inputs("view=energy"));
    assert_eq!(energy.links[0].to, Goes::Showing(View::Energy, Some(ChartId::Tradeoff)));
    let series = ViewState::default().series_inputs();
    let back = tradeoff(&results, &TradeoffInputs { view: View::Energy, series: &series, goodput: None });
    assert_eq!(back.links[0].words, "← Energy against concurrency");
    assert_eq!(back.links[0].to.from(&ViewState::default()).to_query(), "view=energy");
    let (options, selected) = pick(&back, Sets::YAxis);
    assert_eq!(selected, Metric::TokSPerKw.as_str());
    assert!(!options.contains(&Metric::OutTokS.as_str().to_owned()), "the energy trade-off never offers plain throughput");
}

#[test]
fn the_trade_off_lists_its_frontier_and_waits_for_a_limit_before_its_table() {
    let results = bundled_results();
    let series = ViewState::default().series_inputs();
    let panel = tradeoff(&results, &TradeoffInputs { view: View::Tradeoff, series: &series, goodput: None });
    assert_eq!(panel.heading, "Trade-off: output tok/s per GPU against per-user speed");
    assert_eq!(panel.figures[0].height, Height::Fitted(460));
    let Some(Note::List("frontier", stretches)) = panel.after.get(1) else { panic!("the frontier's stretches: {:?}", panel.after) };
    assert!(!stretches.is_empty());
    assert_eq!(panel.tables[0].table, None);
    assert_eq!(panel.tables[0].absent, Some(servescope::core::display::chart_words::LIMITS_UNSET));
    let (limited, _) = ViewState::parse("view=tradeoff&slo_ttft_p99_ms=1000");
    let series = limited.series_inputs();
    let panel = tradeoff(&results, &TradeoffInputs { view: View::Tradeoff, series: &series, goodput: None });
    assert!(panel.tables[0].table.is_some(), "a limit set: the best point per engine");
    assert!(panel.controls.contains(&Control::Limit { limit: servescope::core::views::panel::Limit::TtftP99, value: Some(1000.0) }));
}

#[test]
fn decode_prefill_and_cache_say_their_units_and_heights() {
    let results = bundled_results();
    let files = [File { results: &results, statuses: &[] }];
    let series = ViewState::default().series_inputs();
    let panel = decode(&files, &series, Scale::Log);
    assert_eq!(panel.heading, "Decode throughput against concurrency");
    assert_eq!(panel.controls, [Control::Scale { label: "Scale", drawn: Scale::Log }]);
    assert_eq!(panel.figures[0].height, Height::Fitted(440));
    let prefill = bars_view(&results, View::Prefill, &ViewState::default().engine_filter());
    assert!(prefill.heading.starts_with("Prefill: "), "{}", prefill.heading);
    assert_eq!(prefill.figures[0].height, Height::Fitted(CHART_HEIGHT));
    let Plot::Bars { bars, .. } = &prefill.figures[0].plot else { panic!("bars") };
    assert!(prefill.figures[0].summary.starts_with("Bars by engine: "), "{}", prefill.figures[0].summary);
    assert_eq!(
        bars.groups.len(),
        results
            .prefill()
            .as_ref()
            .map(|p| {
                let mut ids: Vec<&str> = p.rows.iter().map(|r| r.id.as_str()).collect();
                ids.dedup();
                ids.len()
            })
            .unwrap_or(0)
    );
}

#[test]
fn a_block_the_file_lacks_is_said_in_the_cores_words_and_draws_nothing() {
    let results = common::without_blocks(&bundled_results(), &["decode", "weightAccuracy"]);
    let files = [File { results: &results, statuses: &[] }];
    let panel = decode(&files, &ViewState::default().series_inputs(), Scale::Lin);
    assert!(panel.is_absent());
    assert_eq!(panel.heading, "Decode throughput");
    assert_eq!(panel.notes, [Note::Text("absent", "Decode: not in this file.".into())]);
    let [served, weight] = accuracy(&results, Scale::Lin);
    assert!(!served.is_absent());
    assert_eq!(weight.notes, [Note::Text("absent", "Weight accuracy: not in this file.".into())]);
    // In an embed of the weight chart, the served panel hides.
    assert!(served.hidden_in_embed(Some(ChartId::WeightKl)));
    assert!(!served.hidden_in_embed(Some(ChartId::Table)));
}

#[test]
fn the_overview_chart_has_its_picker_beside_its_heading() {
    let results = bundled_results();
    let files = [File { results: &results, statuses: &[] }];
    // A `vs` carried from another view is not applied on the overview.
    let panel = overview_chart(&files, &inputs("vs=vllm")).expect("a chart");
    assert!(panel.inline_head);
    assert_eq!(panel.heading, "Output tok/s per GPU against concurrency · ISL 1024 / OSL 1024");
    assert_eq!(panel.figures[0].height, Height::Fitted(380));
    let Plot::Lines(lines) = &panel.figures[0].plot else { panic!("lines") };
    assert!(lines.y_title.ends_with("higher is better"), "measured values, not ratios: {}", lines.y_title);
}

#[test]
fn provenance_says_the_checks_are_under_way_until_their_report() {
    let results = bundled_results();
    let statuses = Verification::new(&results).statuses().to_vec();
    let model = provenance(&results, &statuses, None);
    assert_eq!(model.verdict, VerdictLine::Checking);
    assert_eq!(model.recomputed, Recomputed::Waiting);
    assert_eq!(model.citing.len(), results.sources().len());
    assert!(model.citing.iter().any(|c| c.words.ends_with("citations")), "{:?}", model.citing);
    assert_eq!(model.sources.stem, "servescope-provenance-sources");
}

#[test]
fn the_pre_rendered_boxes_are_sized_by_the_apps_rule() {
    let rules = height_rules(&[Height::Fitted(440), Height::Fixed(332)]);
    assert!(
        rules.contains(
            ".chart.prerendered.fit-440 { height: clamp(240px, 60vh, 440px); height: clamp(240px, round(down, 60svh, 1px), 440px); }"
        ),
        "{rules}"
    );
    assert!(rules.contains(".chart.prerendered.fixed-332 { height: 332px; }"), "{rules}");
    assert!(rules.contains("@media (max-width: 600px) {\n  .chart.prerendered.fit-440 { height: clamp(240px, 36vh, 440px);"), "{rules}");
    // The same numbers as the app's canvas: 60 % of 700 px is under 440, a phone's 36 % of 844 is 303.
    assert_eq!(servescope::core::views::chart_css_height(440, (1280.0, 700.0)), 420);
    assert_eq!(servescope::core::views::chart_css_height(440, (390.0, 844.0)), 303);
}

#[test]
fn a_chart_lays_text_out_by_one_rule_the_build_svg_follows_too() {
    use plotters::prelude::{DrawingBackend, SVGBackend};
    use servescope::chart::geometry::layout_size;
    use servescope::chart::style::{text, TextSize};
    use servescope::chart::LIGHT;
    let mut svg = String::new();
    let backend = SVGBackend::with_string(&mut svg, (400, 300));
    for size in [TextSize::Axis, TextSize::Small] {
        let style = text(size, LIGHT.foreground);
        for label in ["BF16 reference control", "1,500", "SGLang MTP · 16 seqs", ""] {
            // The rule is the SVG backend's own estimate, so the pre-render's layout is unchanged
            // and the app's canvas (which would measure the reader's fonts) now follows it.
            assert_eq!(Some(layout_size(label, &style)), backend.estimate_text_size(label, &style).ok(), "{label:?}");
        }
    }
    let style = text(TextSize::Axis, LIGHT.foreground);
    assert!(layout_size("BF16 reference control", &style).0 > layout_size("quark", &style).0);
}

/// Why a view under `src/ui/views/` draws a chart outside a `Panel`, if it does: a view
/// that charts renders its core model's `Panel` through `PanelView` (one model, both
/// renderers), and never builds a chart itself. The history view is the one left: a
/// collection view, its model across studies (`core::collections::history_view`), not a
/// study view the pre-render writes.
fn charts_outside_a_panel(file: &str, text: &str) -> Option<String> {
    let draws = ["ChartFigure", "ChartSpec", "chart::draw_", "crate::chart::"].iter().find(|w| text.contains(*w))?;
    (file != "history").then(|| format!("{file}.rs names {draws}: a view that charts renders its model's Panel (PanelView)"))
}

#[test]
fn every_study_view_that_charts_is_a_panel() {
    let views = crate::structure::sources("src/ui/views");
    assert!(views.len() > 10, "walked the views ({} files)", views.len());
    let offences: Vec<String> = views.iter().filter_map(|(path, text)| charts_outside_a_panel(path.file_stem()?.to_str()?, text)).collect();
    assert!(offences.is_empty(), "{}", offences.join("\n"));
    for view in ["goodput", "requests"] {
        let (_, text) = views.iter().find(|(p, _)| p.file_stem().and_then(|s| s.to_str()) == Some(view)).expect("the view");
        assert!(text.contains("PanelView"), "{view}.rs renders its Panel");
    }
    // The rule catches a view that draws its own chart.
    let planted = "use crate::ui::chart::figure::{ChartFigure, ChartSpec};";
    assert_eq!(
        charts_outside_a_panel("goodput", planted).as_deref(),
        Some("goodput.rs names ChartFigure: a view that charts renders its model's Panel (PanelView)")
    );
}
