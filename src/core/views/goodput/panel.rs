//! The goodput view as a panel (`core::views::panel`) for both renderers: the objective's
//! controls and presets, the capacity at the target with its table, the engine key, the
//! three charts against load, and the table per cell.

use super::{goodput_model, goodput_tip, GoodputInputs, GoodputModel};
use crate::core::display::series::describe_lines;
use crate::core::link::{chosen_workload, sources_behind, workload_options, Scale, View, ViewState};
use crate::core::measures::requests::RequestTable;
use crate::core::study::model::Results;
use crate::core::views::panel::{
    stem, study_line, Control, ExportWords, Figure, Goes, Height, LineTips, Lines, Link, Note, Panel, Pick, Plot, Preset, Sets, Slot,
    TablePart,
};
use crate::core::views::requests::{requests_key, without_requests};
use crate::core::views::CHART_HEIGHT;

/// What goodput counts, under the view's heading; the link to the trade-off follows it.
const DEFINITION: &str = "Goodput counts the requests themselves: each completed request that met every threshold, per second and per GPU (for the endpoint where the runs state no GPUs), at each load. Attainment is the share of every request (failed and cut-off ones included) that was good, with its 95 % Wilson interval: a load meets the target when the interval's low end reaches it, misses it when the high end is below, and is indeterminate between — more requests would decide. The trade-off view's limits apply to each cell's published p99 instead; ";

/// The goodput view for the link, from the tables read so far (none yet: its charts and
/// tables empty, the tables' load said where it stands).
pub fn goodput_panel(results: &Results, tables: &[(String, RequestTable)], inputs: &GoodputInputs) -> Panel {
    const HEADING: &str = "Goodput at your objective";
    let model = goodput_model(results, tables, inputs).filter(|_| results.has_requests());
    let Some(m) = model else { return without_requests(View::Goodput, "goodput", HEADING) };
    let mut panel = Panel::new(View::Goodput, "panel goodput", m.heading.clone());
    let link = Link { words: "see the trade-off →".to_owned(), to: Goes::OnView(View::Tradeoff) };
    panel.notes.push(Note::Linked("definition", DEFINITION.to_owned(), link));
    let selected = chosen_workload(results, inputs.workload).map(|w| w.key()).unwrap_or_default();
    panel.controls = vec![
        Control::Pick(Pick { sets: Sets::Workload, options: workload_options(results), selected }),
        Control::Objective { slo: m.slo, target: m.target },
        Control::Presets(m.presets.iter().map(|p| Preset { name: p.name, slo: p.slo, pressed: p.slo == m.slo }).collect()),
    ];
    panel.notes.push(Note::Text("slo-from", format!("Showing {}.", m.slo_from)));
    panel.notes.push(Note::Slot(Slot::RequestsStatus));
    panel.notes.push(Note::List("capacity", m.capacities.iter().map(|(engine, words)| format!("{engine}: {words}")).collect()));
    let series = ViewState { workload: inputs.workload, engines: inputs.engines.engines.clone(), ..ViewState::default() }.series_inputs();
    let sources = sources_behind(results, &series, View::Goodput);
    let slo_part = m.slo.to_string().replace([':', ','], "-");
    let part = |table, parts: &[&str]| {
        let mut parts: Vec<String> = parts.iter().map(|p| (*p).to_owned()).collect();
        parts.push(slo_part.clone());
        let mut part = TablePart::new(table, sources.clone(), stem(View::Goodput, &parts));
        part.notes = vec![m.export_note.clone()];
        part
    };
    panel.notes.push(Note::Table(part(Some(m.capacity_table.clone()), &["capacity"])));
    if let Some(sessions) = &m.session_table {
        panel.notes.push(Note::Table(part(Some(sessions.clone()), &["sessions"])));
    }
    panel.notes.extend(m.notes.iter().map(|n| Note::Notice("", n.clone())));
    panel.key = Some(requests_key(results, inputs.workload));
    panel.figures = figures(results, &m, &slo_part);
    panel.tables.push(part(Some(m.table.clone()), &[]));
    panel
}

/// The three charts, each a line per engine against the levels with requests, their
/// tooltips written from the requests counted.
fn figures(results: &Results, m: &GoodputModel, slo_part: &str) -> Vec<Figure> {
    let mut levels: Vec<f64> = m.rows.iter().map(|r| r.level).collect();
    levels.sort_by(f64::total_cmp);
    levels.dedup();
    m.charts
        .iter()
        .map(|chart| {
            let tips = chart
                .series
                .iter()
                .enumerate()
                .map(|(group, line)| {
                    let at = |level: f64| line.points.iter().position(|(l, _)| *l == level);
                    levels.iter().map(|&level| goodput_tip(m, chart.id, group, at(level)?)).collect()
                })
                .collect();
            let lines = Lines {
                y_title: chart.y_title.clone(),
                load: m.load,
                ticks: levels.clone(),
                series: chart.series.clone(),
                scale: Scale::Lin,
                seconds: false,
                reference: chart.reference.clone(),
                tips: LineTips::Given(tips),
            };
            Figure {
                id: chart.id,
                summary: describe_lines(&chart.series, &chart.y_title, m.load, false),
                plot: Plot::Lines(lines),
                height: Height::Fitted(CHART_HEIGHT),
                export: ExportWords {
                    title: format!("{} · {}", study_line(results), m.heading),
                    notes: vec![m.export_note.clone()],
                    stem: stem(View::Goodput, &[chart.id.as_str().to_owned(), slo_part.to_owned()]),
                    compared: false,
                },
            }
        })
        .collect()
}
