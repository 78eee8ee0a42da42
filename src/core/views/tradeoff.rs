//! The trade-off (and the energy view's trade-off chart) as one `Panel`: per-user speed
//! against a throughput, tokens per kW, a cost or goodput, one polyline per engine, the
//! Pareto frontier over the points that meet the limits, and per engine the best point under
//! them — "not measured in this workload" kept apart from "no measured point meets the
//! limits".

use super::goodput::TradeoffGoodput;
use super::layout::TRADEOFF_CHART_HEIGHT;
use super::panel::{
    stem, study_line, Control, ExportWords, Figure, Goes, Height, Key, Limit, Link, Note, Panel, Pick, Plot, Sets, Slot, TablePart,
    Tradeoff,
};
use crate::core::display::chart_words::{
    frontier_method, limit_notes, price_note, tradeoff_export_title, tradeoff_heading, tradeoff_summary, tradeoff_y_title,
    LIMITS_ARE_AGGREGATES, LIMITS_UNSET,
};
use crate::core::display::legend::{absent_words, chips_for};
use crate::core::display::series::{
    best_within_limits, best_within_limits_by, frontier_stretches, pareto_frontier, tradeoff_lines, tradeoff_lines_by, without_line,
    TradeoffLine,
};
use crate::core::display::tables::limits_table;
use crate::core::link::{chosen_workload, sources_behind, tradeoff_metric, tradeoff_metrics, workload_key, workload_options, ChartId};
use crate::core::link::{SeriesInputs, View};
use crate::core::measures::goodput::NO_REQUESTS;
use crate::core::measures::metric::{Better, Metric};
use crate::core::study::contents::Block;
use crate::core::study::model::{Results, Workload};

/// The heading the trade-off's back link carries, on the energy view.
pub const ENERGY_BACK_LINK: &str = "← Energy against concurrency";

/// What the trade-off draws for the link: the y metric, and goodput where it is drawn.
pub struct TradeoffInputs<'a> {
    /// The view it serves (`tradeoff`, or `energy` with `chart=tradeoff`).
    pub view: View,
    /// The link's series inputs.
    pub series: &'a SeriesInputs,
    /// Goodput at the link's objective, once the requests are read (`None` before, or for
    /// a study without them).
    pub goodput: Option<&'a TradeoffGoodput>,
}

/// The y metric the trade-off draws: the link's, but goodput only for a study with
/// requests (asked of one without, the default, and the view says why).
pub fn drawn_metric(results: &Results, view: View, series: &SeriesInputs) -> Metric {
    match tradeoff_metric(view, series) {
        Metric::GoodTokS if !results.has_requests() => Metric::OutTokS,
        m => m,
    }
}

/// The trade-off panel; for a study with no serving cell, what the file says of its block.
pub fn tradeoff(results: &Results, inputs: &TradeoffInputs<'_>) -> Panel {
    tradeoff_of(results, inputs).unwrap_or_else(|| Panel::absent(inputs.view, "Trade-off", results, Block::Serving))
}

fn tradeoff_of(results: &Results, inputs: &TradeoffInputs<'_>) -> Option<Panel> {
    results.serving().filter(|s| !s.workloads.is_empty())?;
    let view = inputs.view;
    let asked = tradeoff_metric(view, inputs.series);
    let metric = drawn_metric(results, view, inputs.series);
    let w = chosen_workload(results, inputs.series.workload)?;
    let goodput = inputs.goodput.filter(|_| metric == Metric::GoodTokS);
    let lines = lines_of(results, w, metric, inputs.series, goodput);
    let per = results.throughput_per();
    let heading = goodput.map_or_else(|| tradeoff_heading(metric, per), |g| g.heading.clone());
    let mut panel = Panel::new(view, "panel tradeoff", heading);
    if view == View::Energy {
        panel.links.push(Link { words: ENERGY_BACK_LINK.into(), to: Goes::Showing(View::Energy, None) });
    }
    panel.controls = controls(results, view, w, metric, inputs.series);
    panel.notes = notes(results, asked, metric, goodput);
    panel.key = Some(Key {
        chips: chips_for(results, &[]),
        not_measured: without_line(results, &lines),
        absent: absent_words(metric, &inputs.series.prices).to_owned(),
    });
    let figure = figure(results, view, w, metric, inputs, goodput, lines);
    if metric == Metric::CostPerMtok {
        panel.after.push(Note::Slot(Slot::PriceNotes));
    }
    if let Plot::Tradeoff(t) = &figure.plot {
        panel.after.push(Note::Method("Frontier (grey step line)".into(), frontier_method(metric, per)));
        panel.after.push(Note::List("frontier", frontier_stretches(&t.lines, &t.frontier)));
    }
    panel.figures.push(figure);
    panel.tables.push(limits_part(results, view, w, metric, inputs.series, goodput));
    Some(panel)
}

fn lines_of(
    results: &Results,
    w: &Workload,
    metric: Metric,
    series: &SeriesInputs,
    goodput: Option<&TradeoffGoodput>,
) -> Vec<TradeoffLine> {
    match (metric, goodput) {
        (Metric::GoodTokS, Some(g)) => tradeoff_lines_by(results, w, series, &|e, l, _| g.y(e, l)),
        (Metric::GoodTokS, None) => Vec::new(),
        (metric, _) => tradeoff_lines(results, w, metric, series),
    }
}

fn controls(results: &Results, view: View, w: &Workload, metric: Metric, series: &SeriesInputs) -> Vec<Control> {
    let per = results.throughput_per();
    let mut options = tradeoff_metrics(series.prices.any());
    if results.has_requests() && view == View::Tradeoff {
        options.push(Metric::GoodTokS);
    }
    let options = options
        .into_iter()
        .filter(|m| view != View::Energy || *m != Metric::OutTokS)
        .map(|m| (m.as_str().to_owned(), m.title_in(per).to_owned()))
        .collect();
    let mut controls = vec![
        Control::Pick(Pick { sets: Sets::Workload, options: workload_options(results), selected: w.key() }),
        Control::Limit { limit: Limit::TtftP99, value: series.slo_ttft_p99_ms },
        Control::Limit { limit: Limit::UserTokS, value: series.slo_user_tok_s },
        Control::Pick(Pick { sets: Sets::YAxis, options, selected: metric.as_str().to_owned() }),
    ];
    if metric == Metric::CostPerMtok {
        controls.push(Control::Prices);
    }
    controls
}

fn notes(results: &Results, asked: Metric, metric: Metric, goodput: Option<&TradeoffGoodput>) -> Vec<Note> {
    let mut notes = Vec::new();
    if asked == Metric::GoodTokS && !results.has_requests() {
        notes.push(Note::Notice(
            "no-requests",
            format!("Goodput needs what each request did, and this study has {NO_REQUESTS}: the y axis shows output tok/s per GPU."),
        ));
    }
    if metric == Metric::GoodTokS {
        notes.push(Note::Slot(Slot::RequestsStatus));
        notes.push(Note::Text("limits-words goodput-y", goodput.map(|g| g.note.clone()).unwrap_or_default()));
    }
    if results.has_requests() {
        let link = Link { words: "see goodput →".into(), to: Goes::OnView(View::Goodput) };
        notes.push(Note::Linked("limits-words", LIMITS_ARE_AGGREGATES.into(), link));
    }
    notes
}

fn figure(
    results: &Results,
    view: View,
    w: &Workload,
    metric: Metric,
    inputs: &TradeoffInputs<'_>,
    goodput: Option<&TradeoffGoodput>,
    lines: Vec<TradeoffLine>,
) -> Figure {
    let per = results.throughput_per();
    let series = inputs.series;
    let frontier = pareto_frontier(&lines, metric.better());
    let stretches = frontier_stretches(&lines, &frontier);
    let y_title = match goodput {
        Some(g) => Metric::GoodTokS.titled_with_direction(&g.y_title),
        None => tradeoff_y_title(metric, per),
    };
    let mut notes = limit_notes(series.slo_ttft_p99_ms, series.slo_user_tok_s);
    notes.extend(price_note(metric, &series.prices));
    let export = ExportWords {
        title: tradeoff_export_title(&study_line(results), &w.name(), metric, per),
        notes,
        stem: stem(view, &[w.key(), metric.as_str().to_owned()]),
        compared: false,
    };
    let plot =
        Tradeoff { y_title, lines, frontier, x_limit: series.slo_user_tok_s, workload: workload_key(w), metric, inputs: series.clone() };
    Figure {
        id: ChartId::Tradeoff,
        plot: Plot::Tradeoff(plot),
        summary: tradeoff_summary(metric, per, &stretches),
        height: Height::Fitted(TRADEOFF_CHART_HEIGHT),
        export,
    }
}

fn limits_part(
    results: &Results,
    view: View,
    w: &Workload,
    metric: Metric,
    series: &SeriesInputs,
    goodput: Option<&TradeoffGoodput>,
) -> TablePart {
    let table = series.has_limits().then(|| {
        let best = match (metric, goodput) {
            (Metric::GoodTokS, Some(g)) => Some(best_within_limits_by(results, w, Better::Higher, series, &|e, l, _| g.y(e, l))),
            (Metric::GoodTokS, None) => None,
            (metric, _) => Some(best_within_limits(results, w, metric, series)),
        };
        best.map(|best| limits_table(results, w, metric, &best, series))
    });
    let mut part = TablePart::new(table.flatten(), sources_behind(results, series, View::Tradeoff), stem(view, &["limits".into()]));
    part.notes = limit_notes(series.slo_ttft_p99_ms, series.slo_user_tok_s);
    part.class = "limits";
    part.absent = Some(LIMITS_UNSET);
    part
}
