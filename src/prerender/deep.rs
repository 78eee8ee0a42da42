//! Views a shared link names, written at build time like the landing view: the bundled
//! study's serving explorer with its default workload and metric — controls, engine key and
//! chart as SVG in the app's own markup — written to a file of its own beside `index.html`.
//! The page's head script fetches it only for a link that names exactly that view, so the
//! landing page carries none of its bytes.

use crate::chart::{DARK, LIGHT};
use crate::core::chart_words::{ServingAxis, SERVING_MARKER_NOTE};
use crate::core::link::{chosen_workload, metric_for, metric_options, settings_sentence, View, ViewState, PRERENDERED_VIEWS};
use crate::core::model::Results;
use crate::core::series::{describe_lines, load_ticks, reads_in_seconds, serving_series};

use super::html::Html;
use super::{chart_sizes, chart_svg, legend, top_bar};

/// The serving explorer's chart height on a laptop (the app's base height for it).
pub const SERVING_CHART_HEIGHT: u32 = 440;

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
    let serving = results.serving.as_ref()?;
    let state = ViewState { src: src.parse().ok(), view: Some(view), ..ViewState::default() };
    let inputs = state.series_inputs();
    let workload = chosen_workload(results, None)?;
    let metric = metric_for(view, &inputs);
    let lines = serving_series(results, workload, metric, &inputs);
    let axis = ServingAxis { metric, both: false, seconds: reads_in_seconds(&lines.series, false), relative: None };
    let y_title = axis.y_title();
    let ticks = load_ticks([workload]);

    let mut html = Html::default();
    html.open("div", &[("class", Some("page")), ("id", Some("prerender"))]);
    top_bar(&mut html, results, &state, view);
    html.open("main", &[("id", Some("main"))]);
    html.element("p", &[("class", Some("print-settings"))], &settings_sentence(results, &state, view));
    html.open("section", &[("class", Some(&format!("panel explorer {}", view.as_str())))]);
    html.element("h2", &[], &format!("Serving: {} against {}", metric.label(), workload.load.noun()));
    html.open("div", &[("class", Some("controls"))]);
    let workloads: Vec<(String, String)> = serving.workloads.iter().map(|w| (w.key(), w.name())).collect();
    choice(&mut html, "Workload", "workload-picker", &workloads, &workload.key());
    let metrics: Vec<(String, String)> =
        metric_options(view, &inputs).iter().map(|m| (m.as_str().to_owned(), m.choice_label().to_owned())).collect();
    choice(&mut html, "Metric", "metric-picker", &metrics, metric.as_str());
    html.open("span", &[("class", Some("control")), ("role", Some("group")), ("aria-label", Some("Scale"))]).text("Scale ");
    for (label, pressed) in [("linear", "true"), ("log", "false")] {
        html.element("button", &[("class", Some("toggle")), ("type", Some("button")), ("aria-pressed", Some(pressed))], label);
    }
    html.close("span");
    let mut engines = vec![(String::new(), "— (values as measured)".to_owned())];
    engines.extend(results.engines.iter().map(|e| (e.id.clone(), e.label.clone())));
    choice(&mut html, "Relative to", "vs-picker", &engines, "");
    html.close("div");
    html.element("p", &[("class", Some("definition"))], &metric.definition(serving));
    legend(&mut html, results, &lines.not_measured);
    html.open("figure", &[("class", Some("chart-figure")), ("data-chart", Some(view.as_str()))]);
    html.open("div", &[("class", Some("chart-wrap"))]);
    let summary = describe_lines(&lines.series, &y_title, workload.load);
    let mut drawn = (0, 0);
    for (drawn_size, size) in chart_sizes(SERVING_CHART_HEIGHT) {
        for (theme, tone) in [(LIGHT, "light"), (DARK, "dark")] {
            let (svg, points, gaps) = chart_svg(&y_title, (workload.load, &ticks), &lines.series, theme, drawn_size)?;
            drawn = (points, gaps);
            let class = format!("chart prerendered tall {size} {tone}");
            let (points, gaps) = (points.to_string(), gaps.to_string());
            html.open(
                "div",
                &[
                    ("class", Some(&class)),
                    ("role", Some("img")),
                    ("aria-label", Some(&summary)),
                    ("data-points", Some(&points)),
                    ("data-gaps", Some(&gaps)),
                ],
            );
            html.trusted(&svg).close("div");
        }
    }
    html.close("div");
    html.open("div", &[("class", Some("exports"))]);
    html.element("button", &[("class", Some("toggle export-png")), ("type", Some("button"))], "PNG");
    html.element("button", &[("class", Some("toggle export-svg")), ("type", Some("button"))], "SVG");
    html.close("div").close("figure");
    html.element("p", &[("class", Some("legend-note"))], SERVING_MARKER_NOTE);
    for (name, text) in [("Sample limits", &serving.sample_limits), ("Selection", &serving.selection)] {
        if let Some(text) = text {
            html.open("p", &[("class", Some("method"))]).element("strong", &[], &format!("{name}: ")).text(text).close("p");
        }
    }
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
