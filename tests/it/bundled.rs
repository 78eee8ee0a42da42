//! The bundled reference study: exact counts, zero findings, and its decode chart in SVG.

use crate::common;

use common::{bundled, bundled_results as results, check, render_svg};
use servescope::chart::{draw_concurrency_chart, draw_framed, ConcurrencyChart, Frame, LegendItem, LIGHT};
use servescope::core::display::series::{decode_coverage, decode_series, serving_coverage, Coverage};
use servescope::core::link::{ChartId, Scale, View, ViewState};
use servescope::core::study::model::{LoadAxis, ServerValidation};

#[test]
fn the_bundled_file_has_zero_errors_and_zero_warnings() {
    let validation = check(&bundled(), &[]);
    assert_eq!(validation.error_count(), 0);
    assert_eq!(validation.warning_count(), 0);
}

#[test]
fn the_bundled_file_has_the_published_counts() {
    let r = results();
    assert_eq!(r.title(), "Qwen3.8-Flash-Next on one MI350P");
    assert_eq!(r.concurrency(), [1, 2, 4, 8, 16, 32, 64]);
    assert_eq!(r.engines().len(), 5);
    assert_eq!(r.sources().len(), 17);
    assert_eq!(r.serving().map(|s| s.workloads.len()), Some(3));
    assert_eq!(serving_coverage(&r), Coverage { measured: 63, null: 21 });
    assert_eq!(decode_coverage(&r), Coverage { measured: 26, null: 9 });
}

#[test]
fn bundled_values_are_read_as_written() {
    let r = results();
    let serving = r.serving().expect("serving");
    let paiton_c1 = serving.workloads[0].rows[0].cells[0].as_ref().expect("measured");
    assert_eq!((paiton_c1.out_tok_s, paiton_c1.power_w, paiton_c1.tok_s_per_kw), (Some(331.4), Some(308.1), Some(1075.7)));
    assert_eq!(paiton_c1.source.as_deref(), Some("sweep-paiton.jsonl"));
    let decode = r.decode().expect("decode");
    assert_eq!(decode.rows[4].values[0], None, "SGLang no-MTP c1 is not measured");
    assert_eq!(decode.rows[0].values[6], Some(2508.6422309896725));
    let prefill = r.prefill().expect("prefill");
    assert_eq!(prefill.rows[0].measurements[0].server_validation, ServerValidation::NotDone);
    assert_eq!(prefill.rows[0].measurements[0].prompt_tokens, Some(8197.0));
    let weight = r.weight_accuracy().expect("weight accuracy");
    assert_eq!(weight.rows[1].kl95_ci, None, "INT4 reports no CI");
    assert!(r.raw_document().get("weightAccuracy").is_some(), "the raw document is kept whole");
}

/// Render the decode chart to SVG as the export and the tests see it.
fn decode_svg(state: &ViewState) -> (String, servescope::chart::ChartGeometry) {
    let r = results();
    let series = decode_series(&r, &state.engine_filter());
    render_svg((800, 440), |area| {
        let levels: Vec<f64> = r.concurrency().iter().map(|&c| f64::from(c)).collect();
        let spec = ConcurrencyChart {
            y_title: "aggregate output tok/s",
            load: LoadAxis::Concurrency,
            concurrency: &levels,
            series: &series,
            scale: state.scale,
            seconds: false,
            reference: None,
            theme: LIGHT,
        };
        draw_concurrency_chart(area, &spec).expect("drawn")
    })
}

#[test]
fn the_decode_chart_plots_every_measured_value_and_no_null() {
    let (svg, geometry) = decode_svg(&ViewState::default());
    assert_eq!(geometry.points.len(), 26, "one marker per measured decode value");
    assert_eq!(geometry.gaps.len(), 9, "one not-measured mark per null");
    let (_, _, _, plot_bottom) = geometry.plot_px;
    for gap in &geometry.gaps {
        assert!(gap.y_px > plot_bottom + 20, "a null's mark sits in the strip below the plot, not on the axis: {gap:?}");
    }
    for point in &geometry.points {
        assert!(point.y_px < plot_bottom, "{point:?}");
    }
    // One line per engine: no engine has a null between two measured levels.
    let lines: Vec<(usize, Vec<f64>)> = geometry.lines.clone();
    assert_eq!(
        lines,
        vec![
            (0, vec![1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0]),
            (1, vec![1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0]),
            (2, vec![1.0, 2.0, 4.0, 8.0, 16.0]),
            (3, vec![1.0, 2.0, 4.0, 8.0, 16.0]),
            (4, vec![32.0, 64.0]),
        ]
    );
    let paiton_line = svg.split("<polyline").filter(|p| p.contains("stroke=\"#0072B2\"") && p.contains("stroke-width=\"2\"")).count();
    assert_eq!(paiton_line, 1, "paiton is one polyline in its colour");
    assert!(svg.contains("not measured"));
    assert!(svg.contains("aggregate output tok/s"));
    assert!(geometry.y_ticks.iter().all(|t| !t.contains('.')), "round ticks: {:?}", geometry.y_ticks);
    let texts = svg_texts(&svg);
    for tick in ["1", "2", "4", "8", "16", "32", "64"] {
        assert!(texts.iter().any(|t| t == tick), "x tick {tick} in {texts:?}");
    }
    // Markers lie on the file's x ticks: all c1 points share one x, c64 points another.
    let c1: Vec<i32> = geometry.points.iter().filter(|p| p.conc == 1.0).map(|p| p.x_px).collect();
    assert!(c1.windows(2).all(|w| w[0] == w[1]));
    let c64_gap = geometry.gaps.iter().find(|g| g.conc == 64.0).expect("sglang c64 gap");
    let c64_point = geometry.points.iter().find(|p| p.conc == 64.0).expect("paiton c64");
    assert_eq!(c64_gap.x_px, c64_point.x_px, "gap marks align with their concurrency tick");
}

/// The text content of every `<text>` element.
fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("<text").skip(1).filter_map(|t| Some(t.split_once('>')?.1.split_once("</text>")?.0.trim().to_owned())).collect()
}

#[test]
fn the_engines_filter_keeps_only_the_named_lines() {
    let (state, _) = ViewState::parse("engines=paiton,vllm");
    let (_, geometry) = decode_svg(&state);
    assert_eq!(geometry.points.len(), 14);
    assert!(geometry.gaps.is_empty());
}

#[test]
fn a_log_scale_is_used_when_every_value_is_positive() {
    let (state, _) = ViewState::parse("scale=log");
    let (_, geometry) = decode_svg(&state);
    assert_eq!(geometry.scale, Scale::Log);
    let paiton: Vec<i32> = geometry.points.iter().filter(|p| p.series == 0).map(|p| p.y_px).collect();
    assert!(paiton.windows(2).all(|w| w[1] < w[0]), "paiton rises with concurrency: {paiton:?}");
}

#[test]
fn a_line_whose_source_is_mismatched_has_every_point_ringed() {
    let r = results();
    let mut series = decode_series(&r, &ViewState::default().engine_filter());
    series[0].flagged = true;
    let (svg, _) = render_svg((800, 440), |area| {
        let spec = ConcurrencyChart {
            y_title: "t",
            load: LoadAxis::Concurrency,
            concurrency: &common::levels(&r),
            series: &series,
            scale: Scale::Lin,
            seconds: false,
            reference: None,
            theme: LIGHT,
        };
        draw_concurrency_chart(area, &spec).expect("drawn")
    });
    let rings = svg.split("<circle").filter(|c| c.contains("stroke=\"#B42318\"")).count();
    assert_eq!(rings, 7, "one ring per measured paiton point");
}

#[test]
fn hostile_text_is_escaped_in_the_svg_export() {
    let results = check(&common::read("tests/fixtures/hostile.json"), &[]).results.expect("valid");
    let unit = results.decode().and_then(|d| d.unit.clone()).expect("unit");
    let series = decode_series(&results, &ViewState::default().engine_filter());
    let (svg, _) = render_svg((800, 440), |area| {
        let spec = ConcurrencyChart {
            y_title: &unit,
            load: LoadAxis::Concurrency,
            concurrency: &common::levels(&results),
            series: &series,
            scale: Scale::Lin,
            seconds: false,
            reference: None,
            theme: LIGHT,
        };
        draw_concurrency_chart(area, &spec).expect("drawn")
    });
    assert!(!svg.contains("<img"), "raw markup in the SVG");
    assert!(svg.contains("tok/s &lt;img src=x onerror=alert(1)&gt;"), "the unit is kept, escaped");
}

#[test]
fn an_exported_chart_carries_its_title_legend_and_footer() {
    let r = results();
    let series = decode_series(&r, &ViewState::default().engine_filter());
    let legend: Vec<LegendItem> =
        series.iter().map(|s| LegendItem { label: s.label.clone(), style: s.style, dash: Some((0, 0)), band: false }).collect();
    let frame = Frame {
        title: "Qwen3.8-Flash-Next on one MI350P · decode throughput",
        legend: &legend,
        notes: &[],
        footer: &["https://example.org/?view=decode".to_owned(), "results sha256 87007c20… · null = not measured".to_owned()],
        theme: LIGHT,
    };
    let (svg, geometry) = render_svg((900, 560), |area| {
        draw_framed(area, &frame, |body| {
            let spec = ConcurrencyChart {
                y_title: "t",
                load: LoadAxis::Concurrency,
                concurrency: &common::levels(&r),
                series: &series,
                scale: Scale::Lin,
                seconds: false,
                reference: None,
                theme: LIGHT,
            };
            draw_concurrency_chart(body, &spec)
        })
        .expect("drawn")
    });
    let texts = svg_texts(&svg);
    for label in ["Paiton CDNA4", "vLLM + AITER", "SGLang MTP · 16 seqs", "SGLang MTP · 8 seqs", "SGLang · no MTP"] {
        assert!(texts.iter().any(|t| t == label), "legend entry {label} in {texts:?}");
    }
    assert!(texts.iter().any(|t| t.starts_with("Qwen3.8-Flash-Next on one MI350P")), "the title line");
    assert!(texts.iter().any(|t| t.contains("null = not measured")), "the footer");
    assert_eq!(geometry.points.len(), 26, "the frame does not change what is plotted");
    assert!(geometry.plot_px.1 > 60, "the plot starts below the title and legend");
}

#[test]
fn a_link_is_resolved_against_its_file_and_keeps_a_compared_files_engines() {
    let results = results();
    let (mut alone, _) = ViewState::parse("engines=paiton,nosuch");
    let notices = alone.resolve(&results);
    assert_eq!(alone.engines.as_deref(), Some(&["paiton".to_string()][..]));
    assert_eq!(notices.len(), 1);
    assert_eq!((notices[0].param.as_str(), notices[0].value.as_str()), ("engines", "nosuch"));
    // With compare=, an id this file lacks may be a compared file's own engine, which the
    // legend keeps in the filter: it stays, with no notice.
    let (mut compared, _) = ViewState::parse("engines=paiton,theirs&compare=other.json");
    assert!(compared.resolve(&results).is_empty());
    assert_eq!(compared.engines.as_deref(), Some(&["paiton".to_string(), "theirs".to_string()][..]));
}

#[test]
fn a_metric_the_view_does_not_draw_is_said_and_leaves_the_link() {
    let results = results();
    // The energy view draws tokens per kW, not the TTFT a link carried over from Serving.
    let (mut energy, _) = ViewState::parse("view=energy&metric=ttft_p99_ms");
    let notices = energy.resolve(&results);
    assert_eq!(energy.metric, None);
    assert_eq!(energy.to_query(), "view=energy");
    assert_eq!(notices.len(), 1);
    assert_eq!((notices[0].param.as_str(), notices[0].value.as_str()), ("metric", "ttft_p99_ms"));
    assert_eq!(notices[0].reason, "not drawn in the energy view; output tok/s per kW is shown");
    // A metric the view draws stays, with no notice; a view that draws no metric leaves it be.
    for query in [
        "view=serving&metric=ttft_p99_ms",
        "view=energy&metric=j_per_token",
        "view=tradeoff&metric=tok_s_per_kw",
        "view=raw&metric=ttft_p99_ms",
    ] {
        let (mut kept, _) = ViewState::parse(query);
        assert!(kept.resolve(&results).is_empty(), "{query}");
        assert_eq!(kept.to_query(), query);
    }
    // A tab to a view that draws another metric drops it; to one that draws it, keeps it.
    let (serving, _) = ViewState::parse("view=serving&metric=ttft_p99_ms");
    assert_eq!(serving.on_view(View::Energy).to_query(), "view=energy");
    assert_eq!(serving.on_view(View::Compare).to_query(), "view=compare&metric=ttft_p99_ms");
    assert_eq!(serving.on_view(View::Provenance).to_query(), "view=provenance&metric=ttft_p99_ms");
    // The energy view's trade-off chart draws tokens per kW or a cost, never power: a link to
    // it drops power and keeps a cost; its way back keeps the cost too.
    let (power, _) = ViewState::parse("view=energy&metric=power_w");
    assert_eq!(power.showing(View::Energy, Some(ChartId::Tradeoff)).to_query(), "view=energy&chart=tradeoff");
    let (cost, _) = ViewState::parse("view=energy&metric=cost_per_mtok");
    let tradeoff = cost.showing(View::Energy, Some(ChartId::Tradeoff));
    assert_eq!(tradeoff.to_query(), "view=energy&metric=cost_per_mtok&chart=tradeoff");
    assert_eq!(tradeoff.showing(View::Energy, None).to_query(), "view=energy&metric=cost_per_mtok");
    let (mut linked, _) = ViewState::parse("view=energy&chart=tradeoff&metric=power_w");
    assert_eq!(linked.resolve(&results).len(), 1, "a link naming power on the trade-off chart gets a notice");
    assert_eq!(linked.metric, None);
}

#[test]
fn an_exported_legend_shows_the_gaps_of_every_dash_pattern_clear_of_its_marker() {
    use servescope::core::display::palette::{file_line_style, EngineStyle, Marker, ENGINE_COLOURS};
    let colour = ENGINE_COLOURS[0];
    for k in 1..7 {
        let (dash, name) = file_line_style(k);
        let legend = [LegendItem {
            label: format!("file {}", k + 1),
            style: EngineStyle { colour, marker: Marker::Circle },
            dash: Some(dash),
            band: false,
        }];
        let frame = Frame { title: "t", legend: &legend, notes: &[], footer: &[], theme: LIGHT };
        let (svg, _) = render_svg((600, 300), |area| draw_framed(area, &frame, |_| Ok(())).expect("drawn"));
        let stroke = format!("stroke=\"{}\"", colour.hex().to_ascii_uppercase());
        // Each dash is a polyline of the line's colour: its x extent.
        let mut dashes: Vec<(f64, f64)> = svg
            .lines()
            .filter(|l| l.contains("<polyline") && l.to_ascii_uppercase().contains(&stroke.to_ascii_uppercase()))
            .filter_map(|l| {
                let points = l.split("points=\"").nth(1)?.split('"').next()?;
                let xs: Vec<f64> = points.split_whitespace().filter_map(|p| p.split(',').next()?.parse().ok()).collect();
                Some((xs.iter().copied().fold(f64::MAX, f64::min), xs.iter().copied().fold(f64::MIN, f64::max)))
            })
            .collect();
        dashes.sort_by(|a, b| a.0.total_cmp(&b.0));
        let marker_x: f64 = svg.split("<circle cx=\"").nth(1).and_then(|r| r.split('"').next()?.parse().ok()).expect("a marker");
        let gaps: Vec<f64> = dashes.windows(2).map(|w| w[1].0).filter(|&start| start > marker_x + 6.0).collect();
        assert!(!gaps.is_empty(), "{name} {dash:?}: no gap right of the marker at {marker_x}: {dashes:?}");
        assert!(dashes[0].0 > marker_x + 4.0, "{name}: the line starts clear of its marker");
    }
}
