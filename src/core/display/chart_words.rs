//! What the serving and trade-off charts say around their marks: the y axis title, the
//! export's title and notes, the limits' notes and the trade-off's summary. One rule each,
//! for the page, its exports and its embeds alike; the views render these strings.

use crate::core::display::series::in_seconds;
use crate::core::link::View;
use crate::core::measures::cost::{Prices, COST_AXIS_TITLE, FORMULA};
use crate::core::measures::metric::Metric;
use crate::core::study::model::{Per, Results};

/// The axis title of a metric: its own, but the cost's short form (the full label, "…in the
/// currency of the prices entered", is said under the chart).
fn short_axis_title(metric: Metric, per: Per) -> String {
    if metric == Metric::CostPerMtok {
        COST_AXIS_TITLE.to_owned()
    } else {
        metric.title_in(per).to_owned()
    }
}

/// How a serving chart's y axis reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServingAxis {
    /// The metric drawn.
    pub metric: Metric,
    /// p50 and p99 together (`pct=both` on a percentile metric).
    pub both: bool,
    /// The latencies read in seconds (`series::reads_in_seconds`).
    pub seconds: bool,
    /// The label of the engine values are a ratio to, when drawn as ratios.
    pub relative: Option<String>,
    /// What the study's throughputs are per.
    pub per: Per,
}

impl ServingAxis {
    /// The y axis title: the pair's or the metric's title, in seconds where the chart reads
    /// so, then "(× label)" for ratios or the direction ("· higher is better") otherwise.
    pub fn y_title(&self) -> String {
        let title = if self.both { self.metric.pair_axis_title() } else { self.metric.title_in(self.per).to_owned() };
        let title = if self.seconds { in_seconds(&title) } else { title };
        let title = if self.metric == Metric::CostPerMtok { short_axis_title(self.metric, self.per) } else { title };
        match &self.relative {
            Some(label) => format!("{title} (× {label})"),
            None => self.metric.titled_with_direction(&title),
        }
    }

    /// The export's title: the study, the workload and what is drawn, how and relative to whom.
    pub fn export_title(&self, study: &str, workload: &str) -> String {
        let what = if self.seconds { in_seconds(self.metric.axis_title()) } else { self.metric.title_in(self.per).to_owned() };
        let mode = if self.both { " · p50 solid, p99 dashed" } else { "" };
        let base = self.relative.as_ref().map(|l| format!(" · ratio to {l}")).unwrap_or_default();
        format!("{study} · {workload} · {what}{mode}{base}")
    }
}

/// The engine a serving chart's values are a ratio to: the link's `vs`, unless the view
/// states findings as measured (the overview has no "Relative to" control, so a `vs`
/// carried from another view is not applied there) or the study lacks that engine's line.
pub fn ratio_base(results: &Results, view: View, vs: Option<&str>, missing: Option<&str>) -> Option<String> {
    let vs = if view == View::Overview { None } else { vs };
    vs.filter(|id| missing != Some(*id)).and_then(|id| results.engine(id).map(|e| e.label.clone()))
}

/// The note an export of a cost carries: the prices entered and the formula.
pub fn price_note(metric: Metric, prices: &Prices) -> Option<String> {
    (metric == Metric::CostPerMtok).then(|| format!("Prices: {}. {FORMULA}", prices.describe()))
}

/// The trade-off's x axis title.
pub const TRADEOFF_X_TITLE: &str = "per-user tok/s · higher is better";

/// The trade-off's limit inputs' labels: TTFT p99, per-user speed.
pub const LIMIT_LABELS: (&str, &str) = ("TTFT p99 at most (ms)", "per-user tok/s at least");

/// What the trade-off's limits are, beside the way to goodput: limits on each cell's
/// published aggregates, where goodput judges every request.
pub const LIMITS_ARE_AGGREGATES: &str = "These limits apply to each cell's published TTFT p99 and per-user speed (aggregates over its requests). To judge every request against an objective of your own and count those that meet it, ";

/// What the trade-off's limits table says until a limit is set.
pub const LIMITS_UNSET: &str = "Set a TTFT p99 or per-user speed limit to see, per engine, the best point that meets it.";

/// The trade-off's heading.
pub fn tradeoff_heading(metric: Metric, per: Per) -> String {
    format!("Trade-off: {} against per-user speed", metric.title_in(per))
}

/// How the trade-off's frontier is drawn and what it is (after its bold "Frontier (grey
/// step line): ").
pub fn frontier_method(metric: Metric, per: Per) -> String {
    format!(
        "the points meeting every limit set that no other such point beats on both per-user speed and {}. It joins measured points of different engines and concurrencies; it is not a configuration anyone ran.",
        metric.title_in(per)
    )
}

/// The trade-off's y axis title, with its direction.
pub fn tradeoff_y_title(metric: Metric, per: Per) -> String {
    metric.titled_with_direction(&short_axis_title(metric, per))
}

/// The trade-off export's title.
pub fn tradeoff_export_title(study: &str, workload: &str, metric: Metric, per: Per) -> String {
    format!("{study} · {workload} · {} against per-user tok/s", metric.title_in(per))
}

/// The trade-off's text summary: what is drawn and the frontier's stretches.
pub fn tradeoff_summary(metric: Metric, per: Per, stretches: &[String]) -> String {
    format!("{} against per-user tok/s; frontier: {}.", metric.title_in(per), stretches.join("; then "))
}

/// The notes the limits set add to a trade-off (and its export): how each is drawn.
pub fn limit_notes(ttft_p99_ms: Option<f64>, user_tok_s: Option<f64>) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some(v) = ttft_p99_ms {
        notes.push(format!("Limit: TTFT p99 ≤ {v} ms (points breaking a limit are dimmed)"));
    }
    if let Some(v) = user_tok_s {
        notes.push(format!("Limit: per-user tok/s ≥ {v} (the shaded region fails it)"));
    }
    notes
}

/// A limit typed in its box: empty is no limit, a positive number is the limit, anything
/// else is refused (and said so) — the rule the link applies to `slo_*=`.
pub fn limit_from_text(text: &str) -> Result<Option<f64>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    crate::core::link::positive_number(text).map(Some).map_err(|e| e.0)
}

/// What an accuracy chart's KL axis says of its direction.
pub const KL_DIRECTION: &str = "lower is closer to BF16";

/// What the served accuracy check cannot say: it records no interval, so a reader is told
/// so beside its figures (the weight check reports a 95 % CI and needs no such line).
pub fn served_interval_words(positions: Option<f64>) -> String {
    let over =
        positions.map_or_else(|| "positions not stated".to_owned(), |p| format!("{} positions", crate::core::basics::format::readable(p)));
    format!(
        "No CI for the served check ({over}): the file reports no interval, so a small top-1 or KL difference cannot be judged from it."
    )
}

/// The KL dot chart's text summary: each row's value (or "not measured") with its interval.
pub fn kl_summary(rows: &[crate::core::display::series::DotRow]) -> String {
    let parts: Vec<String> = rows
        .iter()
        .map(|r| {
            let ci = r.interval.map(|(lo, hi)| format!(" (95 % CI {lo} to {hi})")).unwrap_or_default();
            format!("{} {}{ci}", r.label, r.value.map_or_else(|| "not measured".into(), crate::core::basics::format::readable))
        })
        .collect();
    format!("KL by row ({KL_DIRECTION}): {}.", parts.join("; "))
}

/// The accuracy scatter's text summary: one point per row, its KL and the other measure.
pub fn scatter_summary(points: &[crate::core::display::series::ScatterPoint], x_title: &str, y_title: &str) -> String {
    use crate::core::basics::format::readable;
    let parts: Vec<String> = points.iter().map(|p| format!("{} KL {} {}", p.label, readable(p.x), readable(p.y))).collect();
    format!("{x_title} against {y_title}, one point per row: {}.", parts.join("; "))
}

/// The decode chart's y axis: the file's unit (or the aggregate default) and its direction.
pub fn decode_y_title(unit: Option<&str>) -> String {
    format!("{} · higher is better", unit.unwrap_or(DECODE_UNIT))
}

/// The decode throughput's unit when the file states none.
pub const DECODE_UNIT: &str = "aggregate output tokens/s";

/// The catalog's "Show more" button: how many more it shows, of how many kept.
pub fn show_more_words(total: usize, shown: usize, page: usize) -> Option<String> {
    (total > shown).then(|| format!("Show {} more of {total}", page.min(total - shown)))
}

/// The serving explorer's note under its chart on how markers read (the page's and the
/// pre-rendered view's words).
pub const SERVING_MARKER_NOTE: &str = "Hollow markers: fewer than 8 requests in the cell (the sweep's own minimum); a p99 there is close to the sample maximum. A short bar under the axis marks a level an engine was not measured at; a red cross on the axis, a level at which every request failed. A whisker spans the min and max of repeated runs; the point is their median. ";

/// The energy explorer's link to its trade-off chart, as the app and the pre-render write it.
pub const ENERGY_TRADEOFF_LINK: &str = "Energy trade-off: tokens/s per kW against per-user tok/s →";

/// The decode view's heading, as the app and the pre-render write it.
pub const DECODE_HEADING: &str = "Decode throughput against concurrency";

/// What the decode view's key says of an engine with no decode row.
pub const DECODE_ABSENT: &str = "no decode row in this file";
