//! Serving series, relative mode, the frontier and the service-level table on the bundled
//! study and on hand-made cases; the trade-off chart's SVG structure.

use crate::common;

use common::{bundled_results as results, check, render_svg};
use servescope::chart::{draw_concurrency_chart, draw_tradeoff_chart, ConcurrencyChart, TradeoffChart, LIGHT};
use servescope::core::display::palette::engine_style;
use servescope::core::display::series::*;
use servescope::core::link::{chosen_workload, Scale, ViewState};
use servescope::core::measures::metric::{is_low_sample, Better, Metric};
use servescope::core::study::model::LoadAxis;

fn state(q: &str) -> ViewState {
    let (state, notices) = ViewState::parse(q);
    assert!(notices.is_empty(), "{notices:?}");
    state
}

/// A serving chart of `metric`'s lines on an SVG of `size`, linear, by concurrency.
fn draw_lines(size: (u32, u32), metric: Metric, levels: &[f64], series: &[Series]) -> (String, servescope::chart::ChartGeometry) {
    render_svg(size, |area| {
        let spec = ConcurrencyChart {
            y_title: metric.axis_title(),
            load: LoadAxis::Concurrency,
            concurrency: levels,
            series,
            scale: Scale::Lin,
            seconds: false,
            reference: None,
            theme: LIGHT,
        };
        draw_concurrency_chart(area, &spec).expect("drawn")
    })
}

fn values(series: &ServingSeries, label: &str) -> Vec<Option<f64>> {
    series.series.iter().find(|s| s.label == label).unwrap_or_else(|| panic!("no line {label}")).points.iter().map(|p| p.1).collect()
}

#[test]
fn ttft_p99_at_8192x1024_reads_the_file_and_leaves_nulls_as_gaps() {
    let r = results();
    let s = state("workload=8192x1024&metric=ttft_p99_ms");
    let workload = chosen_workload(&r, s.workload).expect("workload");
    assert_eq!(workload.name(), "ISL 8192 / OSL 1024");
    let lines = serving_series(&r, workload, Metric::TtftP99Ms, &s.series_inputs());
    assert_eq!(values(&lines, "Paiton CDNA4")[6], Some(47099.7));
    assert_eq!(values(&lines, "SGLang MTP · 8 seqs")[5], None, "c32 is not measured");
    assert_eq!(lines.not_measured, ["sglang16"], "an engine without a row is listed by id, not left out");
}

#[test]
fn the_chart_plots_exactly_the_measured_cells() {
    let r = results();
    let s = state("workload=1024x1024&metric=out_tok_s");
    let lines = serving_series(&r, chosen_workload(&r, s.workload).expect("workload"), Metric::OutTokS, &s.series_inputs());
    let non_null: usize = lines.series.iter().map(|l| l.measured().count()).sum();
    assert_eq!(non_null, 21, "7 + 7 + 5 + 2 measured cells in ISL 1024 / OSL 1024");
    let (svg, geometry) = draw_lines((800, 440), Metric::OutTokS, &common::levels(&r), &lines.series);
    assert_eq!(geometry.points.len(), 21);
    assert_eq!(geometry.gaps.len(), 7);
    assert!(svg.contains("output tok/s per GPU"));
}

#[test]
fn pct_both_draws_p50_solid_and_p99_dashed() {
    let r = results();
    let s = state("metric=ttft_p99_ms&pct=both&engines=paiton");
    let lines = serving_series(&r, chosen_workload(&r, s.workload).expect("workload"), Metric::TtftP99Ms, &s.series_inputs());
    let shape: Vec<(&str, bool)> = lines.series.iter().map(|l| (l.label.as_str(), l.dashed)).collect();
    assert_eq!(shape, [("Paiton CDNA4 · p50", false), ("Paiton CDNA4 · p99", true)]);
    assert_eq!(lines.series[0].points[0].1, Some(97.8));
    assert_eq!(lines.series[1].points[0].1, Some(100.6));
}

#[test]
fn relative_mode_divides_by_the_reference_and_a_null_on_either_side_is_not_measured() {
    let r = results();
    let s = state("metric=out_tok_s&vs=paiton");
    let lines = serving_series(&r, chosen_workload(&r, s.workload).expect("workload"), Metric::OutTokS, &s.series_inputs());
    assert!(values(&lines, "Paiton CDNA4").iter().all(|v| *v == Some(1.0)));
    let sglang = values(&lines, "SGLang MTP · 16 seqs");
    assert_eq!(sglang[5], None, "SGLang c32 is null");
    let no_mtp = values(&lines, "SGLang · no MTP");
    assert_eq!(no_mtp[0], None, "no-MTP c1 is null while Paiton's is measured");
    let w = chosen_workload(&r, s.workload).expect("workload");
    let (p, v) = (cell_at(w, "paiton", 1.0).and_then(|c| c.out_tok_s), cell_at(w, "vllm", 1.0).and_then(|c| c.out_tok_s));
    assert_eq!(values(&lines, "vLLM + AITER")[0], Some(v.expect("vllm") / p.expect("paiton")));
}

#[test]
fn six_cells_are_low_sample_and_vllm_1024x8192_c1_is_one_of_them() {
    let r = results();
    let serving = r.serving().expect("serving");
    let low: Vec<(String, String, u32, f64)> = serving
        .workloads
        .iter()
        .flat_map(|w| w.rows.iter().map(move |row| (w, row)))
        .flat_map(|(w, row)| {
            row.cells
                .iter()
                .flatten()
                .filter(|c| is_low_sample(c))
                .map(move |c| (w.key(), row.id.clone(), c.conc.unwrap_or(0), c.n.unwrap_or(0.0)))
        })
        .collect();
    assert_eq!(low.len(), 6);
    assert!(low.contains(&("1024x8192".into(), "vllm".into(), 1, 2.0)));
    let s = state("workload=1024x8192");
    let lines = serving_series(&r, chosen_workload(&r, s.workload).expect("workload"), Metric::OutTokS, &s.series_inputs());
    let vllm = lines.series.iter().find(|l| l.id == "vllm").expect("vllm");
    assert_eq!(vllm.low_sample, [1.0, 2.0, 4.0]);
}

fn line(id: &str, index: usize, points: &[(u32, f64, f64)]) -> TradeoffLine {
    TradeoffLine {
        id: id.into(),
        label: id.to_uppercase(),
        style: engine_style(index),
        points: points
            .iter()
            .map(|&(conc, x, y)| TradeoffPoint { level: f64::from(conc), label: format!("c{conc}"), x, y, meets_limits: true })
            .collect(),
    }
}

#[test]
fn the_frontier_keeps_only_points_nothing_beats_on_both_axes() {
    // a: fast per user, little throughput; b: a dominated middle point and the best throughput.
    let lines =
        [line("a", 0, &[(1, 100.0, 100.0), (2, 80.0, 150.0)]), line("b", 1, &[(1, 70.0, 120.0), (4, 40.0, 300.0), (8, 20.0, 290.0)])];
    let frontier = pareto_frontier(&lines, Better::Higher);
    let kept: Vec<(usize, u32)> = frontier.iter().map(|p| (p.line, p.level as u32)).collect();
    assert_eq!(kept, [(1, 4), (0, 2), (0, 1)], "b c1 (70,120) loses to a c2 (80,150); b c8 loses to b c4");
    let stretches = frontier_stretches(&lines, &frontier);
    assert_eq!(stretches, ["B (c4) at 40 per-user tok/s", "A (c2, c1) from 80 to 100 per-user tok/s"]);
}

#[test]
fn the_bundled_frontier_is_paiton_with_one_sglang_point() {
    let r = results();
    let s = state("");
    let lines = tradeoff_lines(&r, chosen_workload(&r, s.workload).expect("workload"), Metric::OutTokS, &s.series_inputs());
    let owners: Vec<(String, u32)> =
        pareto_frontier(&lines, Better::Higher).iter().map(|p| (lines[p.line].id.clone(), p.level as u32)).collect();
    let expected = [("paiton", 64), ("paiton", 32), ("sglang16", 16), ("paiton", 8), ("paiton", 4), ("paiton", 2), ("paiton", 1)];
    assert_eq!(owners, expected.map(|(id, c)| (id.to_owned(), c)));
}

#[test]
fn the_limits_table_names_the_best_point_and_tells_not_measured_from_none_meets() {
    let r = results();
    let s = state("view=tradeoff&slo_ttft_p99_ms=1000");
    let table = best_within_limits(&r, chosen_workload(&r, s.workload).expect("workload"), Metric::OutTokS, &s.series_inputs());
    let said: Vec<(&str, String)> = table
        .iter()
        .map(|(id, result)| {
            let text = match result {
                LimitResult::Best { level, value, ttft_p99_ms, .. } => format!("c{level} {value} ttft {}", ttft_p99_ms.unwrap_or(f64::NAN)),
                LimitResult::NoneMeets => "none meets".to_owned(),
                LimitResult::MeetsUnmeasured { level, .. } => format!("c{level} meets, unmeasured"),
                LimitResult::NotMeasured => "not measured".to_owned(),
            };
            (id.as_str(), text)
        })
        .collect();
    assert_eq!(
        said,
        [
            ("paiton", "c8 754.6 ttft 668".to_owned()),
            ("vllm", "c4 365.4 ttft 663.5".to_owned()),
            ("sglang16", "c8 736 ttft 580".to_owned()),
            ("sglang8", "not measured".to_owned()),
            ("sglangNoMtp", "none meets".to_owned()),
        ]
    );
}

/// The bundled study's trade-off for a link, drawn as SVG at `size`: the SVG, what it drew
/// and the lines it drew.
fn tradeoff_svg(
    query: &str,
    size: (u32, u32),
) -> (String, servescope::chart::TradeoffGeometry, Vec<servescope::core::display::series::TradeoffLine>) {
    let r = results();
    let s = state(query);
    let w = chosen_workload(&r, s.workload).expect("workload");
    let lines = tradeoff_lines(&r, w, Metric::OutTokS, &s.series_inputs());
    let frontier = pareto_frontier(&lines, Better::Higher);
    let (svg, geometry) = render_svg(size, |area| {
        let spec = TradeoffChart {
            x_title: "per-user tok/s",
            y_title: "output tok/s per GPU",
            lines: &lines,
            frontier: &frontier,
            x_limit: None,
            theme: LIGHT,
        };
        draw_tradeoff_chart(area, &spec).expect("drawn")
    });
    (svg, geometry, lines)
}

#[test]
fn the_tradeoff_svg_has_a_line_per_engine_labels_and_dimmed_points() {
    let (svg, geometry, lines) = tradeoff_svg("view=tradeoff&slo_ttft_p99_ms=1000", (800, 480));
    let marks = geometry.marks;
    assert_eq!(lines.len(), 4, "sglang8 has no cell in this workload");
    assert_eq!(marks.len(), 21);
    // Paiton meets TTFT p99 ≤ 1000 ms up to c8: c16, c32, c64 are dimmed.
    let paiton_dimmed: Vec<u32> = marks.iter().filter(|m| m.line == 0 && m.dimmed).map(|m| lines[0].points[m.point].level as u32).collect();
    assert_eq!(paiton_dimmed, [16, 32, 64]);
    for label in ["c1", "c2", "c4", "c8", "c16", "c32", "c64"] {
        assert!(svg.contains(&format!(">\n{label}\n</text>")) || svg.contains(&format!(">{label}</text>")), "label {label}");
    }
    assert!(svg.contains("per-user tok/s"));
}

#[test]
fn tradeoff_labels_overlap_no_other_label_and_no_marker_on_a_laptop_or_a_phone() {
    for (query, size) in [("view=tradeoff", (800, 480)), ("view=tradeoff&slo_ttft_p99_ms=1000", (800, 480)), ("view=tradeoff", (360, 300))]
    {
        let (_, geometry, _) = tradeoff_svg(query, size);
        if size.0 < 400 {
            assert!(geometry.x_ticks.len() >= 3, "a phone's x axis reads more than two ticks: {:?}", geometry.x_ticks);
        }
        let boxes = &geometry.label_boxes;
        assert_eq!(boxes.len(), geometry.marks.iter().filter(|m| m.labelled).count());
        assert!(boxes.len() >= if size.0 > 400 { 18 } else { 12 }, "{query} {size:?}: {} labels of {}", boxes.len(), geometry.marks.len());
        let overlap = |a: &(i32, i32, i32, i32), b: &(i32, i32, i32, i32)| a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3;
        for (i, a) in boxes.iter().enumerate() {
            assert!(boxes[..i].iter().all(|b| !overlap(a, b)), "{query} {size:?}: label {a:?} overlaps another");
            for m in &geometry.marks {
                let marker = (m.x_px - 5, m.y_px - 5, m.x_px + 5, m.y_px + 5);
                assert!(!overlap(a, &marker), "{query} {size:?}: label {a:?} covers the marker at ({}, {})", m.x_px, m.y_px);
            }
        }
    }
}

#[test]
fn comparing_with_the_rerun_fixture_pairs_cells_and_names_what_differs() {
    use servescope::core::display::compare::differences;
    use servescope::core::display::tables::delta_table;
    use servescope::core::link::WorkloadKey;
    let a = results();
    let b = check(&common::read("tests/fixtures/compare/rerun.json"), &[]).results.expect("valid");
    let table =
        delta_table(&[&a, &b], "1024x1024".parse::<WorkloadKey>().expect("key"), Metric::OutTokS, &Default::default()).expect("table");
    assert_eq!(table.rows.len(), 14, "paiton and vllm at the first file's 7 levels");
    let paiton_c1: Vec<String> = table.rows[0].cells.iter().map(|c| c.field.display()).collect();
    assert_eq!(paiton_c1, ["c1", "331.4", "364.5", "1.100×"]);
    let csv = table.to_csv("# test");
    assert!(csv.lines().nth(2).is_some_and(|l| l == "Paiton CDNA4,paiton,1,331.4,364.5,1.100"), "{csv}");
    let said = differences(&a, &b);
    assert!(said.contains(&"Concurrency only in 2026-11-15: c128.".to_owned()), "{said:?}");
    assert!(said.iter().any(|d| d.starts_with("Workloads only in 2026-10-30: ISL 1024 / OSL 8192")), "{said:?}");
    assert!(said.contains(&"Engines only in 2026-11-15: nextgen.".to_owned()), "{said:?}");
    assert!(said.iter().any(|d| d.starts_with("The decode method differs")), "{said:?}");
}

/// The schema 1.2 fixture: a rate sweep (alpha fails every request at 16 req/s), a
/// concurrency sweep with a 3-trial cell at c8 and a burst at c100.
fn rate_study() -> servescope::core::study::model::Results {
    check(&common::read("tests/fixtures/rate/results.json"), &[]).results.expect("valid")
}

#[test]
fn a_rate_sweep_draws_against_offered_rate_and_marks_the_failed_level() {
    let r = rate_study();
    let s = state("workload=1024x256-rate");
    let w = chosen_workload(&r, s.workload).expect("workload");
    assert_eq!((w.load, w.levels.clone()), (LoadAxis::Rate, vec![1.0, 2.0, 4.0, 8.0, 16.0]));
    let lines = serving_series(&r, w, Metric::OutTokS, &s.series_inputs());
    let alpha = &lines.series[0];
    assert_eq!(alpha.value_at(16.0), None, "an all-failed level is not a point at zero");
    assert_eq!(alpha.failed, [(16.0, "all 100 failed".to_owned())]);
    assert_eq!(alpha.gaps().count(), 0, "nor is it 'not measured'");
    assert_eq!(lines.series[1].gaps().collect::<Vec<_>>(), [16.0]);
    let table = servescope::core::display::tables::serving_table(&r, w, Metric::OutTokS, &s.series_inputs(), &[]);
    let heads: Vec<&str> = table.columns.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(heads, ["1 req/s", "2 req/s", "4 req/s", "8 req/s", "16 req/s"]);
    assert_eq!(table.rows[0].cells[4].field.display(), "all 100 failed");
    assert_eq!(table.rows[1].cells[3].note.as_deref(), Some("2.5 % failed · achieved 7.76 req/s, 29.1 in flight (measured)"));
    let tip = servescope::core::display::tooltip::serving_tip(w, alpha, 2.0, &s.series_inputs(), &[], false).expect("tip");
    assert_eq!(tip.title, "Alpha 1.0 · 2 req/s");
    let load = tip.lines.iter().find(|l| l.label == "load").expect("load line");
    assert_eq!(load.value, "offered 2 req/s · achieved 1.97 req/s, 6.9 in flight (measured)");
    let failed = servescope::core::display::tooltip::serving_tip(w, alpha, 16.0, &s.series_inputs(), &[], false).expect("tip");
    assert_eq!(failed.lines[0].value, "all 100 failed · no request completed");
    // Neither a headline nor the frontier picks the failed cell.
    let trade = tradeoff_lines(&r, w, Metric::OutTokS, &s.series_inputs());
    assert!(trade.iter().all(|l| l.points.iter().all(|p| p.level != 16.0 || l.id != "alpha")));
    assert_eq!(trade[0].points[0].label, "1 req/s");
}

#[test]
fn repeats_draw_a_whisker_and_a_burst_is_named() {
    let r = rate_study();
    let s = state("workload=1024x256");
    let w = chosen_workload(&r, s.workload).expect("workload");
    assert_eq!(w.load, LoadAxis::Concurrency, "a key without -rate picks the concurrency sweep");
    let lines = serving_series(&r, w, Metric::OutTokS, &s.series_inputs());
    assert_eq!(lines.series[0].spread, [(8.0, 887.1, 915.8)]);
    assert_eq!(lines.series[0].burst, [100.0]);
    let tip = servescope::core::display::tooltip::serving_tip(w, &lines.series[0], 8.0, &s.series_inputs(), &[], false).expect("tip");
    let trials = tip.lines.iter().find(|l| l.label == "trials").expect("trials line");
    assert_eq!(trials.value, "median of 3 runs · min 887.1 · max 915.8");
    let burst = servescope::core::display::tooltip::serving_tip(w, &lines.series[0], 100.0, &s.series_inputs(), &[], false).expect("tip");
    assert_eq!(burst.title, "Alpha 1.0 · c100 burst");
    let table = servescope::core::display::tables::serving_table(&r, w, Metric::OutTokS, &s.series_inputs(), &[]);
    assert_eq!(table.rows[0].cells[1].note.as_deref(), Some("median of 3: 887.1–915.8"));
    let cards = servescope::core::display::headline::headline_cards(&r, &Default::default());
    let top = &cards[0].lines;
    assert_eq!(top[0].text, "1024/256 by rate: Alpha 1.0, 1,960 at 8 req/s", "the failed 16 req/s is never the headline");
    // The chart draws the whisker and the failed cross and titles the x axis by rate.
    let rate = chosen_workload(&r, state("workload=1024x256-rate").workload).expect("w");
    let rate_lines = serving_series(&r, rate, Metric::OutTokS, &ViewState::default().series_inputs());
    let (svg, geometry) = render_svg((800, 440), |area| {
        let spec = ConcurrencyChart {
            y_title: "y",
            load: LoadAxis::Rate,
            concurrency: &rate.levels,
            series: &rate_lines.series,
            scale: Scale::Lin,
            seconds: false,
            reference: None,
            theme: LIGHT,
        };
        draw_concurrency_chart(area, &spec).expect("drawn")
    });
    assert!(svg.contains("offered request rate (req/s, log scale)"), "the x axis says rate and scale");
    assert_eq!(geometry.failed.len(), 1);
    assert!(geometry.failed[0].y_px >= geometry.plot_px.3 - 2, "the cross sits on the x axis");
    let (_, conc) = render_svg((800, 440), |area| {
        let spec = ConcurrencyChart {
            y_title: "y",
            load: LoadAxis::Concurrency,
            concurrency: &w.levels,
            series: &lines.series,
            scale: Scale::Lin,
            seconds: false,
            reference: None,
            theme: LIGHT,
        };
        draw_concurrency_chart(area, &spec).expect("drawn")
    });
    assert_eq!(conc.whiskers, [(0, 8.0, 887.1, 915.8)]);
    assert!(conc.x_ticks.contains(&"100 burst".to_owned()), "{:?}", conc.x_ticks);
}

#[test]
fn an_engine_that_failed_at_every_rate_is_drawn_as_failed_not_called_not_measured() {
    let mut doc: serde_json::Value = serde_json::from_slice(&common::read("tests/fixtures/rate/results.json")).expect("json");
    let failed = doc["serving"]["workloads"][0]["rows"][0]["cells"][4].clone();
    let rates = doc["serving"]["workloads"][0]["requestRates"].clone();
    let cells: Vec<serde_json::Value> = (0..5)
        .map(|i| {
            let mut c = failed.clone();
            c["rate_rps"] = rates[i].clone();
            c
        })
        .collect();
    doc["serving"]["workloads"][0]["rows"][1]["cells"] = serde_json::Value::Array(cells);
    let r = check(&serde_json::to_vec(&doc).expect("json"), &[]).results.expect("valid");
    let s = state("workload=1024x256-rate&engines=beta");
    let lines = serving_series(&r, chosen_workload(&r, s.workload).expect("workload"), Metric::OutTokS, &s.series_inputs());
    assert_eq!(lines.not_measured, Vec::<String>::new(), "every request failed: measured, not absent");
    assert_eq!(lines.series.len(), 1);
    assert_eq!(lines.series[0].failed.len(), 5);
    assert_eq!(lines.series[0].measured().count(), 0, "and never a point at zero");
}

#[test]
fn a_phone_sized_chart_keeps_derived_in_its_y_title() {
    // QA pass 4, F28: a phone's short chart cut "joules per output token (derived)" to
    // "joules per output token …", dropping how the figure was made.
    let r = results();
    let s = state("workload=1024x1024&metric=j_per_token");
    let lines = serving_series(&r, chosen_workload(&r, s.workload).expect("workload"), Metric::JPerToken, &s.series_inputs());
    for height in [200, 150] {
        let (svg, _) = draw_lines((360, height), Metric::JPerToken, &common::levels(&r), &lines.series);
        assert!(svg.contains("(derived)"), "{height} px: the y title keeps (derived)");
    }
}
