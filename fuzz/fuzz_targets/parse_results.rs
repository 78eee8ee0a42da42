//! Bytes → validated model → series, tables, headline cards → chart: none of it may panic,
//! and a valid model's chart plots exactly its non-null decode values.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plotters::prelude::*;
use servescope::chart::{draw_concurrency_chart, ConcurrencyChart, LIGHT};
use servescope::core::headline::headline_cards;
use servescope::core::link::ViewState;
use servescope::core::metric::Metric;
use servescope::core::provenance::citations;
use servescope::core::link::chosen_workload;
use servescope::core::series::decode_series;
use servescope::core::tables;

fuzz_target!(|data: &[u8]| {
    let validation = servescope::core::validate::parse_results(data);
    let Some(results) = validation.results else { return };
    let state = ViewState::default();
    let _ = citations(&results);
    let _ = headline_cards(&results, &state.prices);
    let _ = tables::decode_table(&results, &state.engine_filter(), &[]);
    let _ = tables::prefill_table(&results, &state.engine_filter());
    let _ = tables::cache_table(&results, &state.engine_filter());
    let _ = tables::sources_table(&results, &[]);
    if let Some(workload) = chosen_workload(&results, state.workload) {
        let _ = tables::serving_table(&results, workload, Metric::TtftP99Ms, &state.series_inputs(), &[]).to_csv("#");
    }
    let series = decode_series(&results, &state.engine_filter());
    let measured: usize = series.iter().map(|s| s.measured().count()).sum();
    let mut svg = String::new();
    let area = SVGBackend::with_string(&mut svg, (640, 400)).into_drawing_area();
    let spec = ConcurrencyChart {
        y_title: "y",
        concurrency: &results.concurrency,
        series: &series,
        scale: state.scale,
        millis: false,
        theme: LIGHT,
    };
    if let Ok(geometry) = draw_concurrency_chart(&area, &spec) {
        assert_eq!(geometry.points.len(), measured);
    }
});
