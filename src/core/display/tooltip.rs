//! What a chart's tooltip says about a point, for every chart type: pure, so the words
//! are tested natively and the page only places them.

use crate::core::basics::format::{as_written, as_written_or_gap, readable, readable_ms, significant4};
use crate::core::display::series::{cell_at, level_label, Bars, DotRow, ScatterPoint, Series, TradeoffLine};
use crate::core::display::tables::status_of;
use crate::core::link::SeriesInputs;
use crate::core::measures::metric::{is_low_sample, Metric, Unit};
use crate::core::provenance::SourceStatus;
use crate::core::study::model::{Cell, Results, Workload};

/// One line of a tooltip: a label and a value, the exact value kept for its `title`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TipLine {
    /// What the value is.
    pub label: String,
    /// The value as the page shows it.
    pub value: String,
    /// The value as the file wrote it, when it differs from what is shown.
    pub exact: Option<String>,
    /// Marked as a warning (low sample, mismatched source).
    pub warn: bool,
}

impl TipLine {
    /// A line: what the value is, and the value as shown.
    pub fn new(label: impl Into<String>, value: impl Into<String>) -> Self {
        TipLine { label: label.into(), value: value.into(), exact: None, warn: false }
    }

    fn number(label: impl Into<String>, value: f64, shown: String) -> Self {
        let exact = as_written(value);
        TipLine { label: label.into(), exact: (exact != shown).then_some(exact), value: shown, warn: false }
    }
}

/// A tooltip: a title line and the details.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tooltip {
    /// "Paiton CDNA4 · c32".
    pub title: String,
    /// The details, in the order a reader checks them.
    pub lines: Vec<TipLine>,
}

fn shown(metric: Metric, value: f64) -> String {
    shown_in(metric, value, false)
}

/// A value as its chart reads it: in seconds when the chart's axis is (`reads_in_seconds`).
fn shown_in(metric: Metric, value: f64, seconds: bool) -> String {
    if seconds && metric.unit() == Unit::Milliseconds {
        readable(value / 1000.0)
    } else if metric.is_derived() {
        significant4(value)
    } else if metric.unit() == Unit::Milliseconds {
        readable_ms(value)
    } else {
        readable(value)
    }
}

fn source_line(source: Option<&str>, statuses: &[(String, SourceStatus)]) -> TipLine {
    let Some(name) = source else { return TipLine::new("source", "—") };
    let status = status_of(statuses, name);
    let words = crate::core::display::tables::source_words(statuses, name);
    TipLine { label: "source".into(), value: format!("{name} ({words})"), exact: None, warn: status.is_some_and(SourceStatus::is_mismatch) }
}

/// A point of a serving (or energy) line at load `level`: its value, how the load was
/// driven (offered and achieved, or a burst), the trials behind a median, the cell's sample
/// and its source. An all-failed level says so in place of a value. With `seconds` (the
/// chart reads in seconds) a latency is said in seconds, as the axis says it.
pub fn serving_tip(
    workload: &Workload,
    line: &Series,
    level: f64,
    state: &SeriesInputs,
    statuses: &[(String, SourceStatus)],
    seconds: bool,
) -> Option<Tooltip> {
    let cell = cell_at(workload, &line.id, level)?;
    let metric = line.metric.unwrap_or(Metric::OutTokS);
    let seconds = seconds && metric.unit() == Unit::Milliseconds;
    let title =
        if seconds { crate::core::display::series::in_seconds(metric.axis_title()) } else { metric.title_in(workload.per).to_owned() };
    let shown = |metric: Metric, value: f64| shown_in(metric, value, seconds);
    let mut lines = Vec::new();
    match (cell.failed_note(), line.value_at(level)) {
        (Some(note), _) => {
            let mut failed = TipLine::new(title.clone(), format!("{note} · no request completed"));
            failed.warn = true;
            lines.push(failed);
        }
        (None, Some(value)) if state.vs.is_some() && line.file == 0 => {
            lines.push(TipLine::new(format!("{} ratio", metric.title_in(workload.per)), format!("{}×", significant4(value))))
        }
        (None, Some(value)) => lines.push(TipLine::number(title.clone(), value, shown(metric, value))),
        (None, None) => return None,
    }
    if metric == Metric::CostPerMtok {
        if let Some(cost) = state.prices.cost(cell) {
            lines.push(TipLine::new("parts", cost.breakdown()));
        }
    }
    if let Some(load) = load_line(cell) {
        lines.push(load);
    }
    if let Some(trials) = &cell.trials {
        let range = trials.range_of(metric.as_str()).map(|(lo, hi)| format!(" · min {} · max {}", shown(metric, lo), shown(metric, hi)));
        lines.push(TipLine::new("trials", format!("median of {} runs{}", trials.count, range.unwrap_or_default())));
    }
    let mut sample = TipLine::new(
        "sample",
        format!(
            "n {} · errors {} · short {} · wall {} s",
            as_written_or_gap(cell.n),
            as_written_or_gap(cell.errors),
            as_written_or_gap(cell.short),
            as_written_or_gap(cell.wall_s)
        ),
    );
    if let Some(failed) = cell.failed_share_words() {
        sample.value.push_str(&format!(" · {failed}"));
        sample.warn = true;
    }
    if is_low_sample(cell) {
        sample.value.push_str(" · low sample");
        sample.warn = true;
    }
    lines.push(sample);
    lines.push(source_line(cell.source.as_deref(), statuses));
    Some(Tooltip { title: format!("{} · {}", line.label, level_label(workload, cell)), lines })
}

/// How a cell's load was driven, where there is more to say than its level: a burst, the
/// offered rate with its cap, what the generator sent and what was achieved, and whose word
/// the load is.
fn load_line(cell: &Cell) -> Option<TipLine> {
    let parts = crate::core::display::claims::load_words(cell, false);
    if parts.is_empty() {
        return None;
    }
    let mut line = TipLine::new("load", parts.join(" · "));
    line.warn = cell.fell_behind().is_some();
    Some(line)
}

/// A point of a decode line.
pub fn decode_tip(results: &Results, line: &Series, conc: f64, statuses: &[(String, SourceStatus)]) -> Option<Tooltip> {
    let value = line.value_at(conc)?;
    let row = results.decode()?.rows.iter().find(|r| r.id == line.id);
    let unit = results.decode().and_then(|d| d.unit.clone()).unwrap_or_else(|| "aggregate output tok/s".into());
    let mut lines = vec![TipLine::number(unit, value, readable(value))];
    for source in row.map(|r| r.sources.as_slice()).unwrap_or(&[]) {
        lines.push(source_line(Some(source), statuses));
    }
    Some(Tooltip { title: format!("{} · c{conc}", line.label), lines })
}

/// A point of the trade-off plane: both coordinates, its TTFT p99 and whether it meets
/// the limits set.
pub fn tradeoff_tip(workload: &Workload, line: &TradeoffLine, index: usize, y_metric: Metric, state: &SeriesInputs) -> Option<Tooltip> {
    let point = line.points.get(index)?;
    let cell = cell_at(workload, &line.id, point.level)?;
    let mut lines = vec![
        TipLine::number(y_metric.title_in(workload.per), point.y, shown(y_metric, point.y)),
        TipLine::number("per-user tok/s", point.x, readable(point.x)),
    ];
    if let Some(t) = cell.ttft_p99_ms {
        lines.push(TipLine::number("TTFT p99 (ms)", t, readable_ms(t)));
    }
    if state.has_limits() {
        let mut meets = TipLine::new("limits", if point.meets_limits { "meets every limit set" } else { "breaks a limit set" });
        meets.warn = !point.meets_limits;
        lines.push(meets);
    }
    if let Some(load) = load_line(cell) {
        lines.push(load);
    }
    Some(Tooltip { title: format!("{} · {}", line.label, point.label), lines })
}

/// A row of a KL dot chart.
pub fn dot_tip(row: &DotRow) -> Tooltip {
    let kl = row.value.map_or_else(|| TipLine::new("KL", "not measured"), |v| TipLine::number("KL", v, readable(v)));
    let ci = match row.interval {
        Some((lo, hi)) => TipLine::new("95 % CI", format!("{} – {}", as_written(lo), as_written(hi))),
        None => TipLine::new("95 % CI", "no CI reported"),
    };
    Tooltip { title: row.label.clone(), lines: vec![kl, ci] }
}

/// A point of an accuracy scatter.
pub fn scatter_tip(point: &ScatterPoint, y_title: &str) -> Tooltip {
    Tooltip {
        title: point.label.clone(),
        lines: vec![TipLine::number("KL", point.x, readable(point.x)), TipLine::number(y_title, point.y, readable(point.y))],
    }
}

/// A bar of the prefill or KV-cache chart.
pub fn bar_tip(bars: &Bars, group: usize, index: usize) -> Option<Tooltip> {
    let group = bars.groups.get(group)?;
    let value = (*group.values.get(index)?)?;
    let category = bars.categories.get(index)?;
    Some(Tooltip {
        title: format!("{} · {category}", group.label),
        lines: vec![TipLine::number(bars.quantity, value, format!("{} {}", readable(value), bars.unit))],
    })
}

/// Space between a point and its tooltip, in CSS pixels (written onto `<html data-tip-gap>`
/// at build for the page before the wasm).
pub const TIP_GAP: i32 = 14;

/// Where a tooltip of `size` pixels starts along one axis of a chart `room` pixels long, for a
/// point at `at`: after the point where it fits, else before it, else centred on the point
/// and kept inside the chart (a tip wider than the chart starts at its edge).
pub fn tip_offset(at: i32, size: i32, room: i32) -> i32 {
    if at + TIP_GAP + size <= room {
        at + TIP_GAP
    } else if at - TIP_GAP - size >= 0 {
        at - TIP_GAP - size
    } else {
        (at - size / 2).clamp(0, (room - size).max(0))
    }
}
