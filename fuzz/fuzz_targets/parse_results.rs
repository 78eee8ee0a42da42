//! Bytes → validated model → series → chart: none of it may panic, and a valid model's
//! chart plots exactly its non-null decode values.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plotters::prelude::*;
use servescope::chart::{draw_concurrency_chart, ConcurrencyChart, LIGHT};
use servescope::core::provenance::citations;
use servescope::core::series::decode_series;
use servescope::core::view_state::ViewState;

fuzz_target!(|data: &[u8]| {
    let validation = servescope::core::validate::parse_results(data);
    let Some(results) = validation.results else { return };
    let _ = citations(&results);
    let series = decode_series(&results, &ViewState::default());
    let measured: usize = series.iter().map(|s| s.measured().count()).sum();
    let mut svg = String::new();
    let area = SVGBackend::with_string(&mut svg, (640, 400)).into_drawing_area();
    let spec = ConcurrencyChart { y_title: "y", concurrency: &results.concurrency, series: &series, scale: ViewState::default().scale, theme: LIGHT, legend: false };
    if let Ok(geometry) = draw_concurrency_chart(&area, &spec) {
        assert_eq!(geometry.points.len(), measured);
    }
});
