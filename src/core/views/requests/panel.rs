//! The requests view as panels (`core::views::panel`) for both renderers: the distribution
//! of one cell's requests, and the second chart — when each request was sent, its turn or
//! its input length — each with the engine key, its controls and its table.

use std::sync::Arc;

use super::{percentile_table, requests_model, turn_table, Distribution, RequestsInputs, Timeline};
use crate::core::basics::format::as_written;
use crate::core::display::legend::chips_for;
use crate::core::link::{chosen_workload, workload_options, ChartId, Latency, RequestsX, Scale, View, WorkloadKey};
use crate::core::measures::goodput::NO_REQUESTS;
use crate::core::measures::requests::RequestTable;
use crate::core::study::model::Results;
use crate::core::views::panel::{
    stem, study_line, Control, ExportWords, Figure, Flips, Height, Key, Note, Panel, Pick, Plot, Sets, Slot, TablePart, Toggles,
};
use crate::core::views::CHART_HEIGHT;

/// The distribution chart's inputs, with what its tooltips read (every request's latency).
#[derive(Clone, Debug, PartialEq)]
pub struct CdfPlot {
    /// The latency axis's title ("TTFT (ms, log scale)").
    pub x_title: String,
    /// The latency followed.
    pub latency: Latency,
    /// A distribution per engine (shared, not copied, by the panels built from one model).
    pub distributions: Arc<Vec<Distribution>>,
    /// The objective's threshold on the latency (ms).
    pub threshold: Option<f64>,
    /// The latency axis.
    pub scale: Scale,
}

/// The second chart's inputs, with what its tooltips read.
#[derive(Clone, Debug, PartialEq)]
pub struct TimelinePlot {
    /// What x is ("sent at (s from the run's first request)").
    pub x_title: String,
    /// The latency axis's title ("TTFT (ms)").
    pub y_title: String,
    /// The latency followed.
    pub latency: Latency,
    /// What each request is drawn against.
    pub x: RequestsX,
    /// An engine's requests each.
    pub timelines: Arc<Vec<Timeline>>,
    /// The objective's threshold on the latency (ms).
    pub threshold: Option<f64>,
}

/// What the distribution shows, under the view's heading.
const DEFINITION: &str = "Each engine's requests at one load: the share completed at or below each latency, with the tool's own p50 and p99 for the cell marked on the curve (hollow markers at 50 % and 99 %), and when each request was sent. Failed and cut-off requests have no latency: they are counted apart and marked on the timeline's axis.";

/// The engine key of a view drawn from the requests: every engine's chip, the ones with no
/// requests in the workload shown said so.
pub fn requests_key(results: &Results, workload: Option<WorkloadKey>) -> Key {
    let without = |w: &crate::core::study::model::Workload, id: &str| {
        !w.rows.iter().any(|r| r.id == id && r.cells.iter().flatten().any(|c| c.requests.is_some()))
    };
    let not_measured = chosen_workload(results, workload)
        .map(|w| results.engines().iter().filter(|e| without(w, &e.id)).map(|e| e.id.clone()).collect())
        .unwrap_or_default();
    Key { chips: chips_for(results, &[]), not_measured, absent: "no requests in this workload".to_owned() }
}

/// A per-request view of a study without requests: its heading and what the view needs.
pub fn without_requests(view: View, class: &str, heading: &str) -> Panel {
    let mut panel = Panel::new(view, format!("panel {class}"), heading);
    panel.notes.push(Note::Notice("no-requests", format!("This study has {NO_REQUESTS}.")));
    panel
}

/// The requests view for the link: the distribution's panel, then the second chart's.
pub fn requests_panels(results: &Results, tables: &[(String, RequestTable)], inputs: &RequestsInputs) -> Vec<Panel> {
    const HEADING: &str = "What each request did";
    let model = requests_model(results, tables, inputs).filter(|_| results.has_requests());
    let Some(mut m) = model else { return vec![without_requests(View::Requests, "requests", HEADING)] };
    // What reads the distributions and timelines first; then they move into the charts.
    let counts = m.count_words();
    let percentiles = (!m.distributions.is_empty()).then(|| percentile_table(results, &m));
    let by_turn = (!m.by_turn.is_empty()).then(|| turn_table(results, &m.by_turn, m.latency));
    let distributions = Arc::new(std::mem::take(&mut m.distributions));
    let timelines = Arc::new(std::mem::take(&mut m.timelines));
    let key = requests_key(results, inputs.workload);
    let export = |id: ChartId| ExportWords {
        title: format!("{} · {}", study_line(results), m.heading),
        notes: m.threshold.map(|t| format!("objective: {} ≤ {} ms", m.latency.title(), as_written(t))).into_iter().collect(),
        stem: stem(View::Requests, &[id.as_str().to_owned(), m.latency.as_str().to_owned(), as_written(m.level)]),
        compared: false,
    };

    let mut first = Panel::new(View::Requests, "panel requests", m.heading.clone());
    first.notes.push(Note::Text("definition", DEFINITION.to_owned()));
    let selected = chosen_workload(results, inputs.workload).map(|w| w.key()).unwrap_or_default();
    first.controls = vec![
        Control::Pick(Pick { sets: Sets::Workload, options: workload_options(results), selected }),
        Control::Pick(Pick {
            sets: Sets::Level,
            options: m.levels.iter().map(|(l, label)| (as_written(*l), label.clone())).collect(),
            selected: as_written(m.level),
        }),
        Control::Pick(Pick {
            sets: Sets::Latency,
            options: Latency::ALL.iter().map(|l| (l.as_str().to_owned(), l.title().to_owned())).collect(),
            selected: m.latency.as_str().to_owned(),
        }),
        Control::Toggles(Toggles { sets: Flips::XScale, options: vec![("lin", "linear"), ("log", "log")], selected: m.xscale.as_str() }),
    ];
    first.notes.push(Note::Slot(Slot::RequestsStatus));
    first.notes.extend(m.notes.iter().map(|n| Note::Notice("", n.clone())));
    first.key = Some(key.clone());
    let cdf = CdfPlot { x_title: m.x_title.clone(), latency: m.latency, distributions, threshold: m.threshold, scale: m.xscale };
    first.figures.push(Figure {
        id: ChartId::Cdf,
        summary: cdf_summary(&m.heading, &cdf.distributions),
        plot: Plot::Cdf(cdf),
        height: Height::Fitted(CHART_HEIGHT),
        export: export(ChartId::Cdf),
    });
    first.after.push(Note::List("request-counts", counts));
    first.tables.push(TablePart::new(percentiles, Vec::new(), stem(View::Requests, &["percentiles".to_owned()])));
    first.embed_shows = Some(vec![ChartId::Cdf]);

    let mut second = Panel::new(View::Requests, "panel requests-timeline", m.timeline_heading.clone());
    let against = [("time", "send time"), ("turn", "turn"), ("isl", "input length")];
    second.controls = vec![Control::Toggles(Toggles { sets: Flips::Against, options: against.to_vec(), selected: m.x.as_str() })];
    second.key = Some(key);
    // No chart with nothing to draw (the first panel's notice says why).
    if !timelines.is_empty() {
        let timeline = TimelinePlot {
            x_title: m.timeline_x_title.clone(),
            y_title: format!("{} (ms)", m.latency.title()),
            latency: m.latency,
            x: m.x,
            timelines,
            threshold: m.threshold,
        };
        second.figures.push(Figure {
            id: ChartId::Timeline,
            summary: timeline_summary(&m.timeline_heading, &timeline.timelines),
            plot: Plot::Timeline(timeline),
            height: Height::Fitted(CHART_HEIGHT),
            export: export(ChartId::Timeline),
        });
    }
    second.tables.push(TablePart::new(by_turn, Vec::new(), stem(View::Requests, &["by-turn".to_owned()])));
    second.embed_shows = Some(vec![ChartId::Timeline]);
    vec![first, second]
}

/// The distribution's text alternative.
fn cdf_summary(heading: &str, distributions: &[Distribution]) -> String {
    let parts: Vec<String> = distributions
        .iter()
        .map(|d| match (d.sorted.first(), d.sorted.last()) {
            (Some(lo), Some(hi)) => format!("{}: {} requests from {} to {} ms", d.label, d.sorted.len(), as_written(*lo), as_written(*hi)),
            _ => format!("{}: not measured", d.label),
        })
        .collect();
    format!("{heading} as a cumulative distribution. {}.", parts.join("; "))
}

/// The second chart's text alternative.
fn timeline_summary(heading: &str, timelines: &[Timeline]) -> String {
    let parts: Vec<String> =
        timelines.iter().map(|t| format!("{}: {} requests drawn, {} not completed", t.label, t.points.len(), t.failed.len())).collect();
    format!("{heading}. {}.", parts.join("; "))
}
