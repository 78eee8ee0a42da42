//! The requests view's tooltips: a distribution's mark (the share of requests at or below
//! it, or a published percentile) and a request on the second chart.

use super::{at_or_below, CdfPlot, TimelinePlot, FAILED_FROM, PUBLISHED_P50, PUBLISHED_P99};
use crate::core::basics::format::{as_written, readable, readable_ms};
use crate::core::link::{Latency, RequestsX};

/// Where a request sits on the second chart's x: "sent at 12.3 s", "turn 3", "input 1,024 tokens".
fn x_words(x: RequestsX, at: f64) -> String {
    match x {
        RequestsX::Time => format!("sent at {} s", as_written((at * 1000.0).round() / 1000.0)),
        RequestsX::Turn => format!("turn {}", as_written(at)),
        RequestsX::Isl => format!("input {} tokens", readable(at)),
    }
}

/// A point of the second chart as its tooltip reads it: "sent at 12.3 s · TTFT 812 ms",
/// "turn 3 · TTFT 2,148 ms".
pub fn timeline_words(latency: Latency, x: RequestsX, at: f64, ms: f64) -> String {
    format!("{} · {} {} ms", x_words(x, at), latency.title(), readable(ms))
}

/// The tooltip of a distribution's mark: the share of requests at or below that latency,
/// or a published percentile and where it sits among the requests.
pub fn cdf_tip(plot: &CdfPlot, group: usize, item: u32) -> Option<crate::core::display::tooltip::Tooltip> {
    use crate::core::display::tooltip::{TipLine, Tooltip};
    let d = plot.distributions.get(group)?;
    let title = format!("{} · {}", d.label, plot.latency.title());
    let lines = match item {
        PUBLISHED_P50 | PUBLISHED_P99 => {
            let (which, v) = if item == PUBLISHED_P50 { ("p50", d.published.0?) } else { ("p99", d.published.1?) };
            vec![
                TipLine::new(format!("{which} (published by the tool)"), format!("{} ms", readable_ms(v))),
                TipLine::new("the requests", at_or_below(&d.sorted, v)),
            ]
        }
        k => {
            let (ms, _) = *d.curve.get(k as usize)?;
            vec![TipLine::new("requests", at_or_below(&d.sorted, ms))]
        }
    };
    Some(Tooltip { title, lines })
}

/// The tooltip of a timeline's mark: when the request was sent and its latency, or that it
/// did not complete.
pub fn timeline_tip(plot: &TimelinePlot, group: usize, item: u32) -> Option<crate::core::display::tooltip::Tooltip> {
    use crate::core::display::tooltip::{TipLine, Tooltip};
    let t = plot.timelines.get(group)?;
    if item >= FAILED_FROM {
        let s = *t.failed.get((item - FAILED_FROM) as usize)?;
        return Some(Tooltip { title: t.label.clone(), lines: vec![TipLine::new(x_words(plot.x, s), "did not complete")] });
    }
    let (s, ms) = *t.points.get(item as usize)?;
    Some(Tooltip { title: t.label.clone(), lines: vec![TipLine::new("request", timeline_words(plot.latency, plot.x, s, ms))] })
}
