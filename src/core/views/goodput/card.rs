//! The overview's goodput card and the goodput charts' tooltips: each line a claim of the
//! capacity rule (`core::measures::goodput::capacity_words`) with the cells it rests on.

use super::GoodputModel;
use crate::core::basics::format::readable;
use crate::core::display::claims::Claim;
use crate::core::display::headline::{Card, CardLine};
use crate::core::display::tooltip::{TipLine, Tooltip};
use crate::core::link::{workload_key, ChartId, View, ViewState};
use crate::core::measures::goodput::{
    capacities, capacity_words, missed_words, percent, percent_span, presets, study, CellRow, DEFAULT_TARGET,
};
use crate::core::measures::requests::RequestTable;
use crate::core::study::model::{Results, Workload};

/// The goodput card's title.
pub const CARD_TITLE: &str = "Load carried at the typical p99 objective";

/// The goodput view at a workload's typical p99 objective, and the words saying which;
/// `Err` with the claim said in its place when the workload publishes no percentile.
fn objective_link(workload: &Workload) -> Result<(ViewState, String), Claim> {
    let presets = presets(workload);
    let Some(preset) = presets.iter().find(|p| p.name == "typical p99").or(presets.first()) else {
        let name = workload.short_name();
        let text = format!("{name}: no TTFT, TPOT or E2E percentile published to set an objective from (see the goodput view)");
        return Err(Claim { text, ..Claim::default() });
    };
    let link =
        ViewState { view: Some(View::Goodput), workload: Some(workload_key(workload)), slo: Some(preset.slo), ..ViewState::default() };
    Ok((link, format!("{}, objective {} ({})", workload.name(), preset.slo.words(), preset.name)))
}

/// The load each engine carries in one workload at its typical p99 objective, one claim per
/// engine; a workload that publishes no percentile to start from, or whose requests are not
/// read, says so.
pub fn load_carried(results: &Results, tables: &[(String, RequestTable)], workload: &Workload) -> (Vec<Claim>, Option<ViewState>) {
    let name = workload.short_name();
    let (link, detail) = match objective_link(workload) {
        Ok((link, detail)) => (link, Some(detail)),
        Err(claim) => return (vec![claim], None),
    };
    let rows: Vec<CellRow> = study(results, tables, &link.slo.unwrap_or_default(), Some(&workload.key()));
    if rows.is_empty() {
        let text = format!("{name}: its requests are not read (see the goodput view)");
        return (vec![Claim { text, detail, ..Claim::default() }], Some(link));
    }
    let claims = capacities(&rows, DEFAULT_TARGET)
        .into_iter()
        .map(|(engine, _, capacity)| Claim {
            text: format!("{name}: {}, {}", engine_label(results, &engine), capacity_words(&capacity, DEFAULT_TARGET)),
            detail: detail.clone(),
            cells: rows.iter().filter(|r| r.engine == engine).map(|r| r.path.clone()).collect(),
            warn: false,
        })
        .collect();
    (claims, Some(link))
}

fn engine_label(results: &Results, id: &str) -> String {
    results.engine(id).map_or_else(|| id.to_owned(), |e| e.label.clone())
}

/// The workloads whose cells have requests, in file order.
fn with_requests(results: &Results) -> impl Iterator<Item = &Workload> {
    let has = |w: &&Workload| w.rows.iter().flat_map(|r| r.cells.iter().flatten()).any(|c| c.requests.is_some());
    results.serving().into_iter().flat_map(|s| s.workloads.iter()).filter(has)
}

/// The overview's goodput card, for a study with requests whose tables are read: per
/// workload and engine, the highest load whose attainment's 95 % interval is at or above
/// 90 % at the workload's typical p99 objective, each line a link to the goodput view at
/// it. `None` without requests; never left without lines once the tables are read.
pub fn goodput_card(results: &Results, tables: &[(String, RequestTable)]) -> Option<Card> {
    card_of(results, false, |w| load_carried(results, tables, w))
}

/// The card the page and the pre-render show in the goodput card's place before the tables
/// are read: the same title, rule and a line per engine with requests, saying it is counted
/// once they are read — so its place on the page is kept while they load (QA pass 4, F4:
/// the card row grew and shrank, moving the chart under a reader's tap). A function of its
/// own, so the first download holds none of the counting.
pub fn pending_goodput_card(results: &Results) -> Option<Card> {
    card_of(results, true, |w| pending_lines(results, w))
}

fn card_of(results: &Results, pending: bool, lines_of: impl Fn(&Workload) -> (Vec<Claim>, Option<ViewState>)) -> Option<Card> {
    if !results.has_requests() {
        return None;
    }
    let mut lines = Vec::new();
    for workload in with_requests(results) {
        let (claims, link) = lines_of(workload);
        lines.extend(claims.into_iter().map(|c| CardLine::of(c, link.clone())));
    }
    Some(Card {
        title: CARD_TITLE.to_owned(),
        rule: format!(
            "Counted from each request: good when it completed within the workload's typical p99 (the median of its cells' published TTFT and TPOT p99s, rounded up, never below them); the highest load whose 95 % interval of attainment is at or above {}. The goodput view takes your own objective.",
            percent(DEFAULT_TARGET).replace(".0 %", " %")
        ),
        lines,
        publisher: false,
        pending,
    })
}

/// A workload's lines before its requests are read: one per engine with requests, linking
/// to the workload's goodput view (its objective is set from the figures there: none of the
/// presets' arithmetic is in the first download).
fn pending_lines(results: &Results, workload: &Workload) -> (Vec<Claim>, Option<ViewState>) {
    let name = workload.short_name();
    let goal = format!("≥ {} of requests good", percent(DEFAULT_TARGET).replace(".0 %", " %"));
    let claims = workload
        .rows
        .iter()
        .filter(|r| r.cells.iter().flatten().any(|c| c.requests.is_some()))
        .map(|r| Claim {
            text: format!("{name}: {}, {goal}: counted once its requests are read", engine_label(results, &r.id)),
            ..Claim::default()
        })
        .collect();
    (claims, Some(ViewState { view: Some(View::Goodput), workload: Some(workload_key(workload)), ..ViewState::default() }))
}

/// A goodput figure as a tooltip reads it: "93.3 %", "1.23 req/s".
pub fn figure_words(chart: ChartId, value: f64) -> String {
    match chart {
        ChartId::Attainment => format!("{:.1} %", value),
        ChartId::GoodputTokens => format!("{} tok/s", readable(value)),
        _ => format!("{} req/s", readable(value)),
    }
}

/// The tooltip of a goodput chart's point: the engine and load, the figure, the attainment's
/// interval and verdict, how many requests were evaluated and good, and what they missed.
pub fn goodput_tip(model: &GoodputModel, chart: ChartId, group: usize, item: usize) -> Option<Tooltip> {
    let line = model.charts.iter().find(|c| c.id == chart)?.series.get(group)?;
    let (level, value) = *line.points.get(item)?;
    let row = model.rows.iter().find(|r| r.engine == line.id && r.level == level)?;
    let g = &row.goodput;
    let mut lines = vec![TipLine::new(
        match chart {
            ChartId::Attainment => "attainment",
            ChartId::GoodputTokens => "good tokens/s",
            _ => "good requests/s",
        },
        value.map_or_else(|| crate::core::basics::format::NOT_MEASURED.to_owned(), |v| figure_words(chart, v)),
    )];
    if let (Some(i), Some(v)) = (g.interval, g.verdict(model.target)) {
        let mut verdict =
            TipLine::new("95 % interval", format!("{} — {} the {} % target", percent_span(i), v.word(), readable(model.target * 100.0)));
        verdict.warn = v != crate::core::measures::goodput::Verdict::Meets;
        lines.push(verdict);
    }
    let good = g.good.map_or_else(|| crate::core::basics::format::NOT_MEASURED.to_owned(), |n| readable(n as f64));
    lines.push(TipLine::new("good of evaluated", format!("{good} of {}", readable(g.evaluated as f64))));
    lines.push(TipLine::new("missed", missed_words(g)));
    if let Some(note) = &g.note {
        lines.push(TipLine::new("note", note.clone()));
    }
    Some(Tooltip { title: format!("{} · {}", line.label, row.load), lines })
}
