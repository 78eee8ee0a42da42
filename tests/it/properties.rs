//! Property tests: generated valid files plot exactly their non-null values; mutated files
//! and arbitrary link strings never panic; any parsed view state prints and parses back.

use crate::common;

use plotters::prelude::*;
use proptest::prelude::*;
use serde_json::{json, Value};
use servescope::chart::{draw_concurrency_chart, ConcurrencyChart, LIGHT};
use servescope::core::display::series::decode_series;
use servescope::core::link::{Scale, ViewState};
use servescope::core::study::model::LoadAxis;
use servescope::core::study::validate::parse_results;

/// A valid results file: `levels` concurrency levels and one decode row per engine, with
/// values that may be null.
fn results_file() -> impl Strategy<Value = (Vec<u32>, Vec<Vec<Option<f64>>>)> {
    (1usize..9).prop_flat_map(|n_levels| {
        let levels = proptest::collection::btree_set(1u32..100_000, n_levels).prop_map(|s| s.into_iter().collect::<Vec<_>>());
        let value = proptest::option::of(0.0f64..1e7);
        let rows = proptest::collection::vec(proptest::collection::vec(value, n_levels), 1..7);
        (levels, rows)
    })
}

fn to_json(levels: &[u32], rows: &[Vec<Option<f64>>]) -> Vec<u8> {
    let engines: Vec<Value> = (0..rows.len()).map(|i| json!({ "id": format!("e{i}"), "label": format!("Engine {i}") })).collect();
    let decode_rows: Vec<Value> = rows.iter().enumerate().map(|(i, values)| json!({ "id": format!("e{i}"), "values": values })).collect();
    serde_json::to_vec(&json!({
        "title": "generated", "date": "2026-01-01", "concurrency": levels,
        "engines": engines, "sources": [], "decode": { "rows": decode_rows },
    }))
    .expect("serialisable")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_generated_file_plots_exactly_its_non_null_values((levels, rows) in results_file(), log in any::<bool>()) {
        let validation = parse_results(&to_json(&levels, &rows));
        prop_assert_eq!(validation.findings.len(), 0, "{:?}", validation.findings);
        let results = validation.results.expect("valid");
        let series = decode_series(&results, &ViewState::default().engine_filter());
        let mut svg = String::new();
        let geometry = {
            let area = SVGBackend::with_string(&mut svg, (640, 400)).into_drawing_area();
            let scale = if log { Scale::Log } else { Scale::Lin };
            let spec = ConcurrencyChart { y_title: "y", load: LoadAxis::Concurrency, concurrency: &common::levels(&results), series: &series, scale, seconds: false, reference: None, theme: LIGHT };
            draw_concurrency_chart(&area, &spec).expect("drawn")
        };
        let non_null: Vec<(usize, u32, f64)> = rows.iter().enumerate()
            .flat_map(|(i, values)| levels.iter().zip(values).filter_map(move |(&c, v)| v.map(|v| (i, c, v))))
            .collect();
        let plotted: Vec<(usize, u32, f64)> = geometry.points.iter().map(|p| (p.series, p.conc as u32, p.value)).collect();
        prop_assert_eq!(plotted, non_null);
        let nulls: usize = rows.iter().flatten().filter(|v| v.is_none()).count();
        prop_assert_eq!(geometry.gaps.len(), nulls);
        let (_, _, _, plot_bottom) = geometry.plot_px;
        for gap in &geometry.gaps {
            prop_assert!(gap.y_px > plot_bottom, "a null's mark is below the plot: {:?}", gap);
        }
    }

    #[test]
    fn byte_mutations_of_the_bundled_file_never_panic(edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..8)) {
        let mut bytes = common::bundled();
        for (at, byte, op) in edits {
            let i = at.index(bytes.len().max(1));
            match op {
                0 if i < bytes.len() => bytes[i] = byte,
                1 => bytes.insert(i.min(bytes.len()), byte),
                _ if i < bytes.len() => { bytes.remove(i); }
                _ => {}
            }
        }
        let _ = parse_results(&bytes);
    }

    #[test]
    fn value_mutations_of_the_bundled_file_never_panic(picks in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..8), 1..6)) {
        let mut doc: Value = serde_json::from_slice(&common::bundled()).expect("json");
        for (at, replacement) in picks {
            let mut paths = Vec::new();
            collect_paths(&doc, String::new(), &mut paths);
            let path = at.get(&paths).clone();
            if let Some(slot) = doc.pointer_mut(&path) {
                *slot = match replacement {
                    0 => Value::Null,
                    1 => json!(-1),
                    2 => json!(0),
                    3 => json!("text"),
                    4 => json!([]),
                    5 => json!({}),
                    6 => json!(1e308),
                    _ => json!(true),
                };
            }
        }
        let validation = parse_results(&serde_json::to_vec(&doc).expect("json"));
        if let Some(results) = validation.results {
            let _ = decode_series(&results, &ViewState::default().engine_filter());
        }
    }

    #[test]
    fn any_query_parses_and_its_state_prints_back_to_itself(query in ".{0,80}") {
        let (state, _) = ViewState::parse(&query);
        let (again, notices) = ViewState::parse(&state.to_query());
        prop_assert_eq!(&again, &state);
        prop_assert!(notices.is_empty(), "{:?}", notices);
    }

    #[test]
    fn link_shaped_queries_round_trip(
        view in prop::sample::select(vec!["decode", "serving", "tradeoff", "energy", "raw", "bogus"]),
        engines in proptest::collection::vec("[a-zA-Z0-9 %&=+,]{0,8}", 0..4),
        slo in proptest::option::of(0.0f64..1e6),
        src in "[a-z/.:%&+ ]{0,20}",
    ) {
        let mut query = format!("view={view}&src={src}");
        if !engines.is_empty() {
            query.push_str(&format!("&engines={}", engines.join(",")));
        }
        if let Some(slo) = slo {
            query.push_str(&format!("&slo_ttft_p99_ms={slo}"));
        }
        let (state, _) = ViewState::parse(&query);
        prop_assert_eq!(ViewState::parse(&state.to_query()).0, state);
    }
}

/// JSON pointers to every value in a document.
fn collect_paths(value: &Value, here: String, out: &mut Vec<String>) {
    out.push(here.clone());
    match value {
        Value::Object(map) => {
            map.iter().for_each(|(k, v)| collect_paths(v, format!("{here}/{}", k.replace('~', "~0").replace('/', "~1")), out))
        }
        Value::Array(items) => items.iter().enumerate().for_each(|(i, v)| collect_paths(v, format!("{here}/{i}"), out)),
        _ => {}
    }
}
