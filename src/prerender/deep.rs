//! Views a shared link names, written at build time like the landing view: the bundled
//! study's serving explorer and trade-off with their default workload and metric — controls,
//! engine key and chart as SVG in the app's own markup — each written to a file of its own
//! beside `index.html`.
//! The page's head script fetches it only for a link that names exactly that view, so the
//! landing page carries none of its bytes.

use crate::chart::{draw_tradeoff_chart, Mark, TradeoffChart};
use crate::core::chart_words::{
    frontier_method, tradeoff_heading, tradeoff_summary, tradeoff_y_title, ServingAxis, LIMITS_UNSET, LIMIT_LABELS, SERVING_MARKER_NOTE,
    TRADEOFF_X_TITLE,
};
use crate::core::link::{
    chosen_workload, metric_for, metric_options, relative_options, settings_sentence, tradeoff_metric, tradeoff_metrics, workload_options,
    View, ViewState,
};
use crate::core::model::Results;
use crate::core::series::{
    describe_lines, frontier_stretches, load_ticks, pareto_frontier, reads_in_seconds, serving_series, tradeoff_lines, without_line,
};
use crate::core::views::{
    serving::{heading, method_texts},
    PRERENDERED_VIEWS, SERVING_CHART_HEIGHT, TRADEOFF_CHART_HEIGHT,
};

use super::html::Html;
use super::{chart_figure, draw_lines, href, legend, legend_saying, top_bar, Drawn};
use crate::core::chart_words::ENERGY_TRADEOFF_LINK;
use crate::core::chart_words::{decode_y_title, DECODE_ABSENT, DECODE_HEADING, DECODE_UNIT};
use crate::core::link::ChartId;
use crate::core::link::EngineFilter;
use crate::core::model::LoadAxis;
use crate::core::series::{concurrency_ticks, decode_series};
use crate::core::tooltip::decode_tip;
use crate::core::tooltip::{serving_tip, tradeoff_tip};

/// One view written for a deep link.
#[derive(Clone, Debug, PartialEq)]
pub struct DeepView {
    /// The view it shows.
    pub view: View,
    /// The page as the app first draws it: a `div.page#prerender`.
    pub body: String,
    /// Points the chart drew.
    pub points: usize,
    /// Points not measured (gaps).
    pub gaps: usize,
}

/// Every view a deep link may find pre-rendered for `results` opened from `src` (each of
/// `PRERENDERED_VIEWS` the study can draw).
pub fn deep_views(results: &Results, src: &str) -> Vec<DeepView> {
    PRERENDERED_VIEWS.iter().filter_map(|&view| deep_view(results, src, view)).collect()
}

fn deep_view(results: &Results, src: &str, view: View) -> Option<DeepView> {
    if view == View::Decode {
        return decode_view(results, src);
    }
    let serving = results.serving.as_ref().filter(|s| !s.workloads.is_empty())?;
    let state = ViewState { src: src.parse().ok(), view: Some(view), ..ViewState::default() };
    let inputs = state.series_inputs();
    let workload = chosen_workload(results, None)?;
    let mut html = Html::default();
    html.open("div", &[("class", Some("page")), ("id", Some("prerender"))]);
    top_bar(&mut html, results, &state, view);
    html.open("main", &[("id", Some("main"))]);
    html.element("p", &[("class", Some("print-settings"))], &settings_sentence(results, &state, view));
    let workloads = workload_options(results);
    let drawn = match view {
        View::Tradeoff => {
            let metric = tradeoff_metric(view, &inputs);
            let lines = tradeoff_lines(results, workload, metric, &inputs);
            let frontier = pareto_frontier(&lines, metric.better());
            let stretches = frontier_stretches(&lines, &frontier);
            let y_title = tradeoff_y_title(metric, results.throughput_per());
            html.open("section", &[("class", Some("panel tradeoff"))]);
            html.element("h2", &[], &tradeoff_heading(metric, results.throughput_per()));
            html.open("div", &[("class", Some("controls"))]);
            choice(&mut html, "Workload", "workload-picker", &workloads, &workload.key());
            for (label, class) in [(LIMIT_LABELS.0, "slo-ttft"), (LIMIT_LABELS.1, "slo-user")] {
                html.open("label", &[("class", Some("control"))]).text(&format!("{label} "));
                let attrs = [("type", "number"), ("min", "0"), ("step", "any"), ("inputmode", "decimal"), ("class", class)];
                html.open("input", &attrs.map(|(k, v)| (k, Some(v))));
                html.close("label");
            }
            let metrics: Vec<(String, String)> =
                tradeoff_metrics(false).iter().map(|m| (m.as_str().to_owned(), m.title_in(results.throughput_per()).to_owned())).collect();
            choice(&mut html, "y axis", "y-picker", &metrics, metric.as_str());
            html.close("div");
            legend(&mut html, results, &without_line(results, &lines));
            let summary = tradeoff_summary(metric, results.throughput_per(), &stretches);
            let tip = |m: Mark| tradeoff_tip(workload, lines.get(m.group)?, m.item as usize, metric, &inputs);
            let drawn = chart_figure(
                &mut html,
                view.as_str(),
                "tradeoff ",
                (TRADEOFF_CHART_HEIGHT, &summary),
                |area, theme| {
                    let chart = TradeoffChart {
                        x_title: TRADEOFF_X_TITLE,
                        y_title: &y_title,
                        lines: &lines,
                        frontier: &frontier,
                        x_limit: None,
                        theme,
                    };
                    draw_tradeoff_chart(area, &chart).ok().map(|d| Drawn { points: d.marks.len(), gaps: 0, marks: d.marks() })
                },
                &tip,
            )?;
            html.open("p", &[("class", Some("method"))]).element("strong", &[], "Frontier (grey step line): ");
            html.text(&frontier_method(metric, results.throughput_per())).close("p");
            html.open("ul", &[("class", Some("frontier"))]);
            for stretch in &stretches {
                html.element("li", &[], stretch);
            }
            html.close("ul");
            html.open("div", &[("class", Some("table-block limits"))]).element("p", &[("class", Some("absent"))], LIMITS_UNSET);
            html.close("div");
            drawn
        }
        _ => {
            let metric = metric_for(view, &inputs);
            let lines = serving_series(results, workload, metric, &inputs);
            let axis = ServingAxis {
                metric,
                both: false,
                seconds: reads_in_seconds(&lines.series, false),
                relative: None,
                per: results.throughput_per(),
            };
            let y_title = axis.y_title();
            let ticks = load_ticks([workload]);
            html.open("section", &[("class", Some(&format!("panel explorer {}", view.as_str())))]);
            html.element("h2", &[], &heading(view, &axis, workload.load));
            if view == View::Energy {
                let to = href(&state.showing(View::Energy, Some(ChartId::Tradeoff)));
                html.open("p", &[]).element("a", &[("class", Some("chart-link")), ("href", Some(&to))], ENERGY_TRADEOFF_LINK).close("p");
            }
            html.open("div", &[("class", Some("controls"))]);
            choice(&mut html, "Workload", "workload-picker", &workloads, &workload.key());
            let metrics: Vec<(String, String)> = metric_options(view, &inputs)
                .iter()
                .map(|m| (m.as_str().to_owned(), m.choice_label_in(results.throughput_per()).to_owned()))
                .collect();
            choice(&mut html, "Metric", "metric-picker", &metrics, metric.as_str());
            scale_toggle(&mut html);
            choice(&mut html, "Relative to", "vs-picker", &relative_options(results), "");
            html.close("div");
            html.element("p", &[("class", Some("definition"))], &metric.definition(serving, axis.seconds));
            legend(&mut html, results, &lines.not_measured);
            let summary = describe_lines(&lines.series, &y_title, workload.load, axis.seconds);
            let seconds = axis.seconds;
            let tip = |m: Mark| serving_tip(workload, lines.series.get(m.group)?, *ticks.get(m.item as usize)?, &inputs, &[], seconds);
            let drawn = chart_figure(
                &mut html,
                view.as_str(),
                "serving ",
                (SERVING_CHART_HEIGHT, &summary),
                |area, theme| draw_lines(area, theme, (&y_title, workload.load, axis.seconds), &ticks, &lines.series),
                &tip,
            )?;
            html.element("p", &[("class", Some("legend-note"))], SERVING_MARKER_NOTE);
            for (name, text) in method_texts(view, serving) {
                html.open("p", &[("class", Some("method"))]).element("strong", &[], &format!("{name}: ")).text(&text).close("p");
            }
            drawn
        }
    };
    html.close("section").close("main").close("div");
    Some(DeepView { view, body: html.finish(), points: drawn.0, gaps: drawn.1 })
}

/// A labelled `<select>` as the app's picker writes it.
fn choice(html: &mut Html, label: &str, class: &str, options: &[(String, String)], selected: &str) {
    html.open("label", &[("class", Some("control"))]).text(&format!("{label} "));
    html.open("select", &[("class", Some(class))]);
    for (value, text) in options {
        html.element("option", &[("value", Some(value)), ("selected", (value == selected).then_some(""))], text);
    }
    html.close("select").close("label");
}

/// The decode view as the app first draws it: heading, scale, unit, engine key and the
/// chart of aggregate output tok/s against concurrency, with the file's method text.
fn decode_view(results: &Results, src: &str) -> Option<DeepView> {
    let decode = results.decode.as_ref().filter(|d| !d.rows.is_empty())?;
    // The app waits behind a pre-rendered view only for a study with serving cells
    // (`views::boot_waits`): without them it would not take this one's place in step.
    results.serving.as_ref().filter(|s| !s.workloads.is_empty())?;
    let view = View::Decode;
    let state = ViewState { src: src.parse().ok(), view: Some(view), ..ViewState::default() };
    let series = decode_series(results, &EngineFilter::default());
    let ticks = concurrency_ticks([results]);
    let unit = decode.unit.clone().unwrap_or_else(|| DECODE_UNIT.into());
    let y_title = decode_y_title(decode.unit.as_deref());
    let mut html = Html::default();
    html.open("div", &[("class", Some("page")), ("id", Some("prerender"))]);
    top_bar(&mut html, results, &state, view);
    html.open("main", &[("id", Some("main"))]);
    html.element("p", &[("class", Some("print-settings"))], &settings_sentence(results, &state, view));
    html.open("section", &[("class", Some("panel decode"))]);
    html.element("h2", &[], DECODE_HEADING);
    html.open("div", &[("class", Some("controls"))]);
    scale_toggle(&mut html);
    html.close("div");
    html.element("p", &[("class", Some("unit"))], &format!("Unit: {unit}"));
    let missing: Vec<String> = results.engines.iter().filter(|e| !decode.rows.iter().any(|r| r.id == e.id)).map(|e| e.id.clone()).collect();
    legend_saying(&mut html, results, &missing, DECODE_ABSENT);
    let summary = describe_lines(&series, &unit, LoadAxis::Concurrency, false);
    let tip = |m: Mark| decode_tip(results, series.get(m.group)?, *ticks.get(m.item as usize)?, &[]);
    let drawn = chart_figure(
        &mut html,
        view.as_str(),
        "serving ",
        (SERVING_CHART_HEIGHT, &summary),
        |area, theme| draw_lines(area, theme, (&y_title, LoadAxis::Concurrency, false), &ticks, &series),
        &tip,
    )?;
    if let Some(method) = &decode.method {
        html.open("p", &[("class", Some("method"))]).element("strong", &[], "Method: ").text(method).close("p");
    }
    html.close("section").close("main").close("div");
    Some(DeepView { view, body: html.finish(), points: drawn.0, gaps: drawn.1 })
}

/// The scale toggle as the app's picker writes it: linear pressed.
fn scale_toggle(html: &mut Html) {
    html.open("span", &[("class", Some("control")), ("role", Some("group")), ("aria-label", Some("Scale"))]).text("Scale ");
    for (label, pressed) in [("linear", "true"), ("log", "false")] {
        html.element("button", &[("class", Some("toggle")), ("type", Some("button")), ("aria-pressed", Some(pressed))], label);
    }
    html.close("span");
}
