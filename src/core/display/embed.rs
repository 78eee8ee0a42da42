//! What an embedded view (`embed=1`) says and how tall its chart is: a caption naming the
//! study, the workload, what the chart shows and any limit set, since an embed is read on
//! someone else's page without the full view's headings.

use crate::core::link::chosen_workload;
use crate::core::link::{embedded_chart, is_energy_tradeoff, metric_for, tradeoff_metric, ChartId, SeriesInputs, View};
use crate::core::measures::goodput::Slo;
use crate::core::measures::metric::Metric;
use crate::core::study::model::Results;

/// The embed's caption: "Qwen3.8 on one MI350P · ISL 1024 / OSL 1024 · output tok/s per
/// GPU", the trade-off's axes and limits, or the table or block shown.
/// `slo` is the goodput view's objective (`slo=`), named in a per-request view's caption.
pub fn embed_caption(results: &Results, state: &SeriesInputs, chart: Option<ChartId>, view: View, slo: Option<&Slo>) -> String {
    let mut parts = vec![results.title().to_owned()];
    parts.extend(results.hardware().map(str::to_owned));
    let shown = embedded_chart(chart, view);
    let by_workload =
        matches!(view, View::Overview | View::Serving | View::Energy | View::Tradeoff | View::Compare | View::Goodput | View::Requests);
    if by_workload {
        parts.extend(chosen_workload(results, state.workload).map(|w| w.name()));
    }
    let what = match (view, shown) {
        (_, ChartId::Table) => format!("{view} table"),
        (View::Tradeoff, _) | (View::Energy, ChartId::Tradeoff) => {
            format!("{} against per-user tok/s", tradeoff_metric(view, state).choice_label_in(results.throughput_per()))
        }
        (View::Overview, _) => Metric::OutTokS.title_in(results.throughput_per()).to_owned(),
        (View::Serving | View::Energy | View::Compare, _) => metric_for(view, state).choice_label_in(results.throughput_per()).to_owned(),
        (View::Decode, _) => "decode throughput by concurrency".to_owned(),
        (View::Prefill, _) => "prefill input tokens/s per prompt length".to_owned(),
        (View::Cache, _) => "KV cache at start-up".to_owned(),
        (View::Accuracy, _) => "accuracy against BF16".to_owned(),
        (View::Goodput, ChartId::Attainment) => "attainment (% of requests good) against load".to_owned(),
        (View::Goodput, ChartId::GoodputTokens) => "good output tokens/s against load".to_owned(),
        (View::Goodput, _) => "goodput (good requests/s) against load".to_owned(),
        (View::Requests, ChartId::Timeline) => "each request's latency against when it was sent".to_owned(),
        (View::Requests, _) => "latency distribution of the requests".to_owned(),
        _ => view.to_string(),
    };
    parts.push(what);
    let tradeoff = view == View::Tradeoff || is_energy_tradeoff(chart, view);
    if tradeoff {
        if let Some(v) = state.slo_ttft_p99_ms {
            parts.push(format!("limit TTFT p99 ≤ {v} ms"));
        }
        if let Some(v) = state.slo_user_tok_s {
            parts.push(format!("limit per-user tok/s ≥ {v}"));
        }
    }
    if matches!(view, View::Goodput | View::Requests) {
        parts.push(match slo {
            Some(slo) => format!("objective {}", slo.words()),
            None if view == View::Goodput => "objective: the study's typical p99".to_owned(),
            None => "no objective".to_owned(),
        });
    }
    parts.join(" · ")
}
