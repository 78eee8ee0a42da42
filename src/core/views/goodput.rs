//! The goodput view's model: at the reader's objective (the link's `slo=`, else a preset
//! from the study's own percentiles), each engine's goodput and attainment against load in
//! one workload, the capacity at the target, the table per cell and the words around them —
//! built once here, rendered by the app (the pre-render skips this view).

use crate::core::basics::format::{as_written, readable};
use crate::core::basics::stats::median;
use crate::core::display::headline::{Card, CardLine};
use crate::core::display::palette::engine_style;
use crate::core::display::series::Series;
use crate::core::display::tables::{Cell, Column, Field, NumberKind, Row, RowHead, Table};
use crate::core::link::{chosen_workload, workload_key, ChartId, EngineFilter, View, ViewState, WorkloadKey};
use crate::core::measures::goodput::{capacities, capacity_words, percent, study, CellRow, Slo, Threshold, DEFAULT_TARGET, NO_REQUESTS};
use crate::core::measures::requests::RequestTable;
use crate::core::study::model::{LoadAxis, Results, Workload};

/// What the goodput view reads of the link.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GoodputInputs {
    /// The workload (`workload=`).
    pub workload: Option<WorkloadKey>,
    /// The engines shown (`engines=`).
    pub engines: EngineFilter,
    /// The objective (`slo=`); none: the study's "typical p99" preset.
    pub slo: Option<Slo>,
    /// The attainment target, % (`attain=`; default 90).
    pub attain: Option<f64>,
}

/// An objective from the study's own percentiles, offered as a button.
#[derive(Clone, Debug, PartialEq)]
pub struct Preset {
    /// Its name ("typical p99").
    pub name: &'static str,
    /// The objective.
    pub slo: Slo,
}

/// One of the view's charts: a line per engine against load.
#[derive(Clone, Debug, PartialEq)]
pub struct GoodputChart {
    /// Which chart (`chart=`).
    pub id: ChartId,
    /// Its y axis title.
    pub y_title: String,
    /// A line per engine.
    pub series: Vec<Series>,
    /// A level drawn across it and its label: the attainment target on the attainment chart.
    pub reference: Option<(f64, String)>,
}

/// The goodput view, built.
#[derive(Clone, Debug, PartialEq)]
pub struct GoodputModel {
    /// "Goodput at TTFT ≤ 500 ms and TPOT ≤ 50 ms, ISL 1024 / OSL 1024".
    pub heading: String,
    /// The objective shown.
    pub slo: Slo,
    /// Where it came from, in words: "the link's objective" or "the study's typical p99
    /// (no objective in the link)".
    pub slo_from: String,
    /// The study's presets.
    pub presets: Vec<Preset>,
    /// The attainment target, 0–1.
    pub target: f64,
    /// The workload's axis.
    pub load: LoadAxis,
    /// Every cell with requests in the workload, engines shown.
    pub rows: Vec<CellRow>,
    /// Good requests/s, attainment and good tokens/s against load.
    pub charts: Vec<GoodputChart>,
    /// Each engine's capacity at the target, `(label, words)`.
    pub capacities: Vec<(String, String)>,
    /// What is missing, and why.
    pub notes: Vec<String>,
    /// The table, one row per cell.
    pub table: Table,
    /// What the CSV and the exports add: the objective and the target.
    pub export_note: String,
}

/// The median of the cells' published figure, to two significant digits: a preset a reader
/// reads at a glance.
fn typical(values: &mut [f64]) -> Option<f64> {
    let v = median(values)?;
    let magnitude = 10f64.powi(v.abs().log10().floor() as i32 - 1);
    Some((v / magnitude).round() * magnitude)
}

/// Presets from the published percentiles of the workload's cells that have requests:
/// the typical (median) cell's p50s and p99s, and the best cell's p99s.
pub fn presets(workload: &Workload) -> Vec<Preset> {
    let cells: Vec<&crate::core::study::model::Cell> =
        workload.rows.iter().flat_map(|r| r.cells.iter().flatten()).filter(|c| c.requests.is_some()).collect();
    let column = |f: fn(&crate::core::study::model::Cell) -> Option<f64>| -> Vec<f64> { cells.iter().filter_map(|c| f(c)).collect() };
    let slo = |ttft: Option<f64>, tpot: Option<f64>| Slo { ttft_ms: ttft, tpot_ms: tpot, e2el_ms: None };
    let best = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        typical(&mut v.into_iter().take(1).collect::<Vec<_>>())
    };
    let mut out = vec![
        Preset { name: "typical p50", slo: slo(typical(&mut column(|c| c.ttft_p50_ms)), typical(&mut column(|c| c.tpot_p50_ms))) },
        Preset { name: "typical p99", slo: slo(typical(&mut column(|c| c.ttft_p99_ms)), typical(&mut column(|c| c.tpot_p99_ms))) },
        Preset { name: "best p99", slo: slo(best(column(|c| c.ttft_p99_ms)), best(column(|c| c.tpot_p99_ms))) },
    ];
    // A preset needs a measure; E2E stands in where a tool records no TTFT.
    for p in &mut out {
        if p.slo.is_empty() {
            let e2e = if p.name == "typical p50" { typical(&mut column(|c| c.e2e_p50_ms)) } else { typical(&mut column(|c| c.e2e_p99_ms)) };
            p.slo.e2el_ms = e2e;
        }
    }
    out.retain(|p| !p.slo.is_empty());
    out.dedup_by(|a, b| a.slo == b.slo);
    out
}

/// The objective shown and where it comes from: the link's, else the workload's typical
/// p99 (or its first preset), else a placeholder that says so.
fn objective(slo: Option<Slo>, presets: &[Preset]) -> (Slo, String) {
    match (slo, presets.iter().find(|p| p.name == "typical p99").or(presets.first())) {
        (Some(slo), _) => (slo, "the link's objective".to_owned()),
        (None, Some(p)) => (p.slo, format!("the study's {} (no objective in the link)", p.name)),
        (None, None) => {
            (Slo { ttft_ms: Some(1000.0), ..Slo::default() }, "a placeholder: the study publishes no percentile to start from".to_owned())
        }
    }
}

/// Goodput on the trade-off's plane: the workload's cells evaluated at the objective, as
/// the y of each point (good output tok/s), and how the axis and the view name it.
#[derive(Clone, Debug, PartialEq)]
pub struct TradeoffGoodput {
    /// The objective.
    pub slo: Slo,
    /// The cells evaluated.
    pub rows: Vec<CellRow>,
    /// "good output tok/s per GPU" (for the endpoint where the runs state no GPUs).
    pub y_title: String,
    /// "Trade-off: good output tok/s per GPU at TTFT ≤ 3800 ms and TPOT ≤ 34 ms, against
    /// per-user speed".
    pub heading: String,
    /// What the y is and where its objective comes from, shown under the controls.
    pub note: String,
}

impl TradeoffGoodput {
    /// A point's y: the cell's good output tok/s (`None`: not measured, or no requests).
    pub fn y(&self, engine: &str, level: f64) -> Option<f64> {
        self.rows.iter().find(|r| r.engine == engine && r.level == level)?.goodput.tok_s
    }
}

/// The trade-off's goodput for the workload shown, from the tables read and the link's
/// objective; `None` for a study without requests.
pub fn tradeoff_goodput(
    results: &Results,
    tables: &[(String, RequestTable)],
    workload: Option<WorkloadKey>,
    slo: Option<Slo>,
) -> Option<TradeoffGoodput> {
    if !results.has_requests() {
        return None;
    }
    let workload = chosen_workload(results, workload)?;
    let (slo, slo_from) = objective(slo, &presets(workload));
    let rows = study(results, tables, &slo, Some(&workload.key()));
    let per = if rows.iter().all(|r| r.goodput.per_gpu) { "per GPU" } else { "for the endpoint" };
    Some(TradeoffGoodput {
        y_title: format!("good output tok/s {per}"),
        heading: format!("Trade-off: good output tok/s {per} at {}, against per-user speed", slo.words()),
        note: format!(
            "y: the output tokens/s {per} of the requests that completed within {} ({slo_from}), counted from each request; the limits above still apply to each cell's published figures.",
            slo.words()
        ),
        slo,
        rows,
    })
}

/// Build the view from the study, its engines' tables that have loaded, and the link.
pub fn goodput_model(results: &Results, tables: &[(String, RequestTable)], inputs: &GoodputInputs) -> Option<GoodputModel> {
    let serving = results.serving()?;
    let workload = chosen_workload(results, inputs.workload)?;
    let presets = presets(workload);
    let (slo, slo_from) = objective(inputs.slo, &presets);
    let target = inputs.attain.map_or(DEFAULT_TARGET, |p| p / 100.0);
    let token = workload.key();
    let rows: Vec<CellRow> =
        study(results, tables, &slo, Some(&token)).into_iter().filter(|r| inputs.engines.shows_engine(&r.engine)).collect();
    let label = |id: &str| results.engine(id).map_or_else(|| id.to_owned(), |e| e.label.clone());
    let mut notes = Vec::new();
    if serving.requests.is_empty() {
        notes.push(format!("This study has {NO_REQUESTS}."));
    }
    let per = if rows.iter().all(|r| r.goodput.per_gpu) { "per GPU" } else { "for the endpoint" };
    let engines: Vec<String> = workload.rows.iter().map(|r| r.id.clone()).filter(|id| rows.iter().any(|r| r.engine == *id)).collect();
    let line = |f: &dyn Fn(&CellRow) -> Option<f64>| -> Vec<Series> {
        engines
            .iter()
            .map(|id| {
                let points = workload
                    .levels
                    .iter()
                    .map(|&level| (level, rows.iter().find(|r| r.engine == *id && r.level == level).and_then(f)))
                    .collect();
                Series::new(id, &label(id), engine_style(results.engine_index(id).unwrap_or(0)), points)
            })
            .collect()
    };
    let charts = vec![
        GoodputChart {
            id: ChartId::Goodput,
            y_title: format!("good requests/s {per} · higher is better"),
            series: line(&|r| r.goodput.req_s),
            reference: None,
        },
        GoodputChart {
            id: ChartId::Attainment,
            y_title: "attainment (% of requests good) · higher is better".to_owned(),
            series: line(&|r| r.goodput.attainment.map(|a| a * 100.0)),
            reference: Some((target * 100.0, format!("target {} %", as_written(target * 100.0)))),
        },
        GoodputChart {
            id: ChartId::GoodputTokens,
            y_title: format!("good output tokens/s {per} · higher is better"),
            series: line(&|r| r.goodput.tok_s),
            reference: None,
        },
    ];
    let capacities: Vec<(String, String)> =
        capacities(&rows, target).into_iter().map(|(engine, _, c)| (label(&engine), capacity_words(&c, target))).collect();
    for note in rows.iter().filter_map(|r| r.goodput.note.as_ref().map(|n| format!("{} {}: {n}", label(&r.engine), r.load))) {
        if !notes.contains(&note) {
            notes.push(note);
        }
    }
    let export_note = format!("objective {slo} ({}); attainment target {} %", slo.words(), as_written(target * 100.0));
    let table = table(results, workload, &rows, &export_note);
    Some(GoodputModel {
        heading: format!("Goodput at {}, {}", slo.words(), workload.name()),
        slo,
        slo_from,
        presets,
        target,
        load: workload.load,
        rows,
        charts,
        capacities,
        notes,
        table,
        export_note,
    })
}

/// The overview's goodput card, for a study with requests: per workload and engine, the
/// highest load at which at least 90 % of requests were good at the workload's typical p99
/// objective, each line a link to the goodput view at it. `None` without requests.
pub fn goodput_card(results: &Results, tables: &[(String, RequestTable)]) -> Option<Card> {
    let serving = results.serving().filter(|_| results.has_requests())?;
    let label = |id: &str| results.engine(id).map_or_else(|| id.to_owned(), |e| e.label.clone());
    let mut lines = Vec::new();
    for workload in &serving.workloads {
        let Some(preset) = presets(workload).into_iter().find(|p| p.name == "typical p99") else { continue };
        let token = workload.key();
        let rows: Vec<CellRow> = study(results, tables, &preset.slo, Some(&token));
        let link =
            ViewState { view: Some(View::Goodput), workload: Some(workload_key(workload)), slo: Some(preset.slo), ..ViewState::default() };
        let detail = Some(format!("{}, objective {}", workload.name(), preset.slo.words()));
        if rows.is_empty() {
            let text = format!("{}: its requests are not read (see the goodput view)", workload.short_name());
            lines.push(CardLine { text, detail, link: Some(link) });
            continue;
        }
        for (engine, _, capacity) in capacities(&rows, DEFAULT_TARGET) {
            let text = format!("{}: {}, {}", workload.short_name(), label(&engine), capacity_words(&capacity, DEFAULT_TARGET));
            lines.push(CardLine { text, detail: detail.clone(), link: Some(link.clone()) });
        }
    }
    (!lines.is_empty()).then(|| Card {
        title: "Load carried at the typical p99 objective".to_owned(),
        rule: format!(
            "Counted from each request: good when it completed within the workload's typical p99 (the median of its cells' published TTFT and TPOT p99s); the highest load at which at least {} of requests were good. The goodput view takes your own objective.",
            percent(DEFAULT_TARGET).replace(".0 %", " %")
        ),
        lines,
        publisher: false,
    })
}

/// One row per cell: the engine and load, evaluated and good requests, attainment, the
/// rates, and the threshold completed requests missed most.
fn table(results: &Results, workload: &Workload, rows: &[CellRow], note: &str) -> Table {
    let load_kind = if workload.load == LoadAxis::Rate { NumberKind::RequestRate } else { NumberKind::Concurrency };
    let out = rows
        .iter()
        .map(|r| {
            let g = &r.goodput;
            let engine = results.engine(&r.engine);
            let missed = match g.failed_most() {
                Some(t) => Field::Text(format!("{} ({})", t.title(), g.over[Threshold::ALL.iter().position(|x| *x == t).unwrap_or(0)])),
                None => Field::Note("none".to_owned()),
            };
            let cells: Vec<Cell> = vec![
                Field::Number(r.level, load_kind).into(),
                Field::Number(g.evaluated as f64, NumberKind::Whole).into(),
                Field::Number(g.good as f64, NumberKind::Whole).into(),
                Field::measured(g.attainment.map(|a| a * 100.0), NumberKind::Percent1).into(),
                Field::measured(g.req_s, NumberKind::Derived).into(),
                Field::measured(g.tok_s, NumberKind::Derived).into(),
                missed.into(),
            ];
            Row {
                head: RowHead {
                    label: engine.map_or_else(|| r.engine.clone(), |e| e.label.clone()),
                    id: Some(r.engine.clone()),
                    swatch: Some(engine_style(results.engine_index(&r.engine).unwrap_or(0))),
                    tag: None,
                    link: None,
                },
                cells,
                sources: Vec::new(),
                mismatch: false,
            }
        })
        .collect();
    let per = if rows.iter().all(|r| r.goodput.per_gpu) { "per GPU" } else { "per endpoint" };
    Table {
        name: "goodput",
        caption: format!("Goodput per cell, {}, rates {per}: {note}", workload.name()),
        head: "Engine".to_owned(),
        head_csv: ("engine", Some("engine_id")),
        columns: vec![
            Column::new(workload.load.noun(), if workload.load == LoadAxis::Rate { "rate_rps" } else { "conc" }),
            Column::new("evaluated", "evaluated"),
            Column::new("good", "good"),
            Column::new("attainment", "attainment_pct"),
            Column::new("good req/s", "good_req_s"),
            Column::new("good tok/s", "good_tok_s"),
            Column::new("missed most", "missed_most"),
        ],
        rows: out,
        show_sources: false,
        by_concurrency: true,
    }
}

/// A goodput figure as a tooltip reads it: "93.3 %", "1.23 req/s".
pub fn figure_words(chart: ChartId, value: f64) -> String {
    match chart {
        ChartId::Attainment => format!("{:.1} %", value),
        ChartId::GoodputTokens => format!("{} tok/s", readable(value)),
        _ => format!("{} req/s", readable(value)),
    }
}

/// The tooltip of a goodput chart's point: the engine and load, the figure, and how many
/// requests were evaluated and good.
pub fn goodput_tip(model: &GoodputModel, chart: ChartId, group: usize, item: usize) -> Option<crate::core::display::tooltip::Tooltip> {
    use crate::core::display::tooltip::{TipLine, Tooltip};
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
    lines.push(TipLine::new("good of evaluated", format!("{} of {}", readable(g.good as f64), readable(g.evaluated as f64))));
    if let Some(t) = g.failed_most() {
        lines.push(TipLine::new(
            "missed most",
            format!("{} ({} requests)", t.title(), g.over[Threshold::ALL.iter().position(|x| *x == t).unwrap_or(0)]),
        ));
    }
    if let Some(note) = &g.note {
        lines.push(TipLine::new("note", note.clone()));
    }
    Some(Tooltip { title: format!("{} · {}", line.label, row.load), lines })
}
