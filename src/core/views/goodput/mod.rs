//! The goodput view's model: at the reader's objective (the link's `slo=`, else a preset
//! from the study's own percentiles), each engine's goodput and attainment (with its 95 %
//! interval) against load in one workload, the capacity at the target with what it gives
//! per GPU, per kW and per dollar, the table per cell and the words around them — built
//! once here, as a `Panel` (`goodput_panel`) both renderers draw.

mod card;
mod panel;
mod tables;

pub use card::{figure_words, goodput_card, goodput_tip, load_carried, pending_goodput_card, CARD_TITLE};
pub use panel::goodput_panel;

use crate::core::basics::format::as_written;
use crate::core::display::palette::engine_style;
use crate::core::display::series::Series;
use crate::core::display::tables::Table;
use crate::core::link::{chosen_workload, ChartId, EngineFilter, WorkloadKey};
use crate::core::measures::cost::Prices;
use crate::core::measures::goodput::{
    at_capacity, capacities, capacity_words, presets, study, CapacityFigures, CellRow, Preset, Slo, DEFAULT_TARGET, NO_REQUESTS,
};
use crate::core::measures::requests::RequestTable;
use crate::core::study::model::{LoadAxis, Per, Results};

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
    /// The reader's prices (`kwh_price=`, `gpu_hour_price=`, `pue=`), for the dollar figure.
    pub prices: Prices,
}

/// One of the view's charts: a line per engine against load.
#[derive(Clone, Debug, PartialEq)]
pub struct GoodputChart {
    /// Which chart (`chart=`).
    pub id: ChartId,
    /// Its y axis title.
    pub y_title: String,
    /// A line per engine (the attainment's with its 95 % interval as whiskers).
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
    /// (the link sets no objective this page can read)".
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
    /// What each engine's capacity load gives, per GPU, per kW and per dollar.
    pub capacity_table: Table,
    /// Goodput by session, where the requests are turns of conversations.
    pub session_table: Option<Table>,
    /// What is missing, and why.
    pub notes: Vec<String>,
    /// The table, one row per cell.
    pub table: Table,
    /// What the CSV and the exports add: the objective and the target.
    pub export_note: String,
}

/// The objective shown and where it comes from: the link's, else the workload's typical
/// p99 (or its first preset), else a placeholder that says so.
pub(crate) fn objective(slo: Option<Slo>, presets: &[Preset]) -> (Slo, String) {
    match (slo, presets.iter().find(|p| p.name == "typical p99").or(presets.first())) {
        (Some(slo), _) => (slo, "the link's objective".to_owned()),
        // True whether the link gives none or one the page could not read (its notice says why).
        (None, Some(p)) => (p.slo, format!("the study's {} (the link sets no objective this page can read)", p.name)),
        (None, None) => {
            (Slo { ttft_ms: Some(1000.0), ..Slo::default() }, "a placeholder: the study publishes no percentile to start from".to_owned())
        }
    }
}

/// "per GPU", or "for the endpoint" where the cells' runs state no GPUs: from the rows
/// evaluated, else (none yet) from the study's own unit — never "per GPU" for an
/// endpoint-only study.
pub(crate) fn per_words(results: &Results, rows: &[CellRow]) -> &'static str {
    let per_gpu = if rows.is_empty() { results.throughput_per() == Per::Gpu } else { rows.iter().all(|r| r.goodput.per_gpu) };
    if per_gpu {
        "per GPU"
    } else {
        "for the endpoint"
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
    let per = per_words(results, &rows);
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

/// The three charts: good requests/s, attainment (with its interval and the target drawn
/// across) and good tokens/s, a line per engine against the workload's levels.
fn charts(results: &Results, levels: &[f64], rows: &[CellRow], target: f64, per: &str) -> Vec<GoodputChart> {
    let engines: Vec<&str> = results.engines().iter().map(|e| e.id.as_str()).filter(|id| rows.iter().any(|r| r.engine == *id)).collect();
    let line = |f: &dyn Fn(&CellRow) -> Option<f64>, interval: bool| -> Vec<Series> {
        engines
            .iter()
            .map(|id| {
                let at = |level: f64| rows.iter().find(|r| r.engine == *id && r.level == level);
                let points = levels.iter().map(|&level| (level, at(level).and_then(f))).collect();
                let label = results.engine(id).map_or_else(|| (*id).to_owned(), |e| e.label.clone());
                let mut series = Series::new(id, &label, engine_style(results.engine_index(id).unwrap_or(0)), points);
                if interval {
                    series.spread = levels
                        .iter()
                        .filter_map(|&level| at(level)?.goodput.interval.map(|(lo, hi)| (level, lo * 100.0, hi * 100.0)))
                        .collect();
                }
                series
            })
            .collect()
    };
    vec![
        GoodputChart {
            id: ChartId::Goodput,
            y_title: format!("good requests/s {per} · higher is better"),
            series: line(&|r| r.goodput.req_s, false),
            reference: None,
        },
        GoodputChart {
            id: ChartId::Attainment,
            y_title: "attainment (% of requests good, 95 % interval) · higher is better".to_owned(),
            series: line(&|r| r.goodput.attainment.map(|a| a * 100.0), true),
            reference: Some((target * 100.0, format!("target {} %", as_written(target * 100.0)))),
        },
        GoodputChart {
            id: ChartId::GoodputTokens,
            y_title: format!("good output tokens/s {per} · higher is better"),
            series: line(&|r| r.goodput.tok_s, false),
            reference: None,
        },
    ]
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
    let per = per_words(results, &rows);
    let capacities: Vec<(String, String)> =
        capacities(&rows, target).into_iter().map(|(engine, _, c)| (label(&engine), capacity_words(&c, target))).collect();
    let figures: Vec<CapacityFigures> = at_capacity(&rows, target, &inputs.prices);
    for note in rows.iter().filter_map(|r| r.goodput.note.as_ref().map(|n| format!("{} {}: {n}", label(&r.engine), r.load))) {
        if !notes.contains(&note) {
            notes.push(note);
        }
    }
    let export_note = format!("objective {slo} ({}); attainment target {} %", slo.words(), as_written(target * 100.0));
    Some(GoodputModel {
        heading: format!("Goodput at {}, {}", slo.words(), workload.name()),
        charts: charts(results, &workload.levels, &rows, target, per),
        table: tables::cell_table(results, workload, &rows, &slo, target, &export_note),
        capacity_table: tables::capacity_table(results, workload, &figures, &rows, target, &inputs.prices),
        session_table: tables::session_table(results, workload, &rows),
        slo,
        slo_from,
        presets,
        target,
        load: workload.load,
        rows,
        capacities,
        notes,
        export_note,
    })
}
