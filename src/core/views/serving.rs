//! The serving and energy explorers' words, built once for the app and the pre-render:
//! the heading (what is drawn, in seconds where the chart reads so, the pair under
//! `pct=both`, the ratio base) and the method texts under the chart; the overview chart's
//! heading.

use crate::core::chart_words::ServingAxis;
use crate::core::link::View;
use crate::core::metric::Metric;
use crate::core::model::{LoadAxis, Serving, Workload};
use crate::core::series::in_seconds;

/// "Serving: TTFT p99 (s) against concurrency, as a ratio to vLLM" (or "Energy: …").
pub fn heading(view: View, axis: &ServingAxis, load: LoadAxis) -> String {
    let title = if view == View::Energy { "Energy" } else { "Serving" };
    let what = if axis.both { axis.metric.pair_axis_title() } else { axis.metric.title_in(axis.per).to_owned() };
    let what = if axis.seconds { in_seconds(&what) } else { what };
    let relative = axis.relative.as_ref().map(|l| format!(", as a ratio to {l}")).unwrap_or_default();
    format!("{title}: {what} against {}{relative}", load.noun())
}

/// The method texts an explorer shows under its chart, `(label, text)`, those the file has.
pub fn method_texts(view: View, serving: &Serving) -> Vec<(&'static str, String)> {
    let texts = match view {
        View::Energy => vec![("Power", &serving.power_unit), ("Energy", &serving.energy_unit), ("Sample limits", &serving.sample_limits)],
        _ => vec![("Sample limits", &serving.sample_limits), ("Selection", &serving.selection)],
    };
    texts.into_iter().filter_map(|(k, v)| v.clone().map(|v| (k, v))).collect()
}

/// The overview chart's heading: "Output tok/s per GPU against concurrency · ISL 1024 / OSL
/// 1024" ("for the endpoint" where the runs state no GPUs).
pub fn overview_heading(workload: &Workload) -> String {
    // Capitalised by hand: `char::to_uppercase` brings Unicode's case tables, 13 KB of the
    // first download's wasm (measured).
    let what = match Metric::OutTokS.title_in(workload.per).strip_prefix("output") {
        Some(rest) => format!("Output{rest}"),
        None => Metric::OutTokS.title_in(workload.per).to_owned(),
    };
    format!("{what} against {} · {}", workload.load.noun(), workload.name())
}
