//! The goodput view's two tables: one row per cell (what was evaluated, the attainment with
//! its interval and verdict, the rates, and how many requests missed each threshold), and
//! one row per engine at its capacity (good tokens per GPU, per kW and per dollar).

use super::per_words;
use crate::core::basics::format::as_written;
use crate::core::display::palette::engine_style;
use crate::core::display::tables::{Cell, Column, Field, NumberKind, Row, RowHead, Table};
use crate::core::measures::cost::Prices;
use crate::core::measures::goodput::{percent_span, CapacityFigures, CellRow, Slo, Threshold};
use crate::core::study::model::{LoadAxis, Results, Workload};

fn head(results: &Results, engine: &str) -> RowHead {
    RowHead {
        label: results.engine(engine).map_or_else(|| engine.to_owned(), |e| e.label.clone()),
        id: Some(engine.to_owned()),
        swatch: Some(engine_style(results.engine_index(engine).unwrap_or(0))),
        tag: None,
        link: None,
    }
}

fn load_kind(workload: &Workload) -> NumberKind {
    if workload.load == LoadAxis::Rate {
        NumberKind::RequestRate
    } else {
        NumberKind::Concurrency
    }
}

fn load_column(workload: &Workload) -> Column {
    Column::new(workload.load.noun(), if workload.load == LoadAxis::Rate { "rate_rps" } else { "conc" })
}

/// A count that is measured only with the goodput: "not measured" otherwise, never 0.
fn count(value: Option<usize>) -> Cell {
    Field::measured(value.map(|v| v as f64), NumberKind::Whole).into()
}

/// One row per cell: the load, evaluated and good requests, attainment, its 95 % interval
/// and verdict, the rates, and per threshold given how many completed requests were over
/// it, then how many did not complete.
pub(super) fn cell_table(results: &Results, workload: &Workload, rows: &[CellRow], slo: &Slo, target: f64, note: &str) -> Table {
    let given: Vec<Threshold> = Threshold::ALL.into_iter().filter(|t| slo.limit(*t).is_some()).collect();
    let out = rows
        .iter()
        .map(|r| {
            let g = &r.goodput;
            let measured = g.good.is_some();
            let mut cells: Vec<Cell> = vec![
                Field::Number(r.level, load_kind(workload)).into(),
                Field::Number(g.evaluated as f64, NumberKind::Whole).into(),
                count(g.good),
                Field::measured(g.attainment.map(|a| a * 100.0), NumberKind::Percent1).into(),
                g.interval.map_or(Field::NotMeasured, |i| Field::Text(percent_span(i))).into(),
                g.verdict(target).map_or(Field::NotMeasured, |v| Field::Text(v.word().to_owned())).into(),
                Field::measured(g.req_s, NumberKind::Plain).into(),
                Field::measured(g.tok_s, NumberKind::Plain).into(),
            ];
            for t in &given {
                let k = Threshold::ALL.iter().position(|x| x == t).unwrap_or(0);
                cells.push(count(measured.then_some(g.over[k])));
            }
            cells.push(count(measured.then_some(g.not_completed)));
            if r.load != workload.level_label(r.level) {
                cells[0].note = Some(r.load.clone());
            }
            Row { head: head(results, &r.engine), cells, sources: Vec::new(), mismatch: false }
        })
        .collect();
    let mut columns = vec![
        load_column(workload),
        Column::new("evaluated", "evaluated"),
        Column::new("good", "good"),
        Column::new("attainment", "attainment_pct"),
        Column::new("95 % interval", "attainment_ci_pct"),
        Column::new(format!("≥ {} %?", as_written(target * 100.0)), "meets"),
        Column::new("good req/s", "good_req_s"),
        Column::new("good tok/s", "good_tok_s"),
    ];
    for t in &given {
        columns.push(Column::new(format!("over {}", t.title()), format!("missed_{}", t.key())));
    }
    columns.push(Column::new("did not complete", "not_completed"));
    Table {
        name: "goodput",
        caption: format!(
            "Goodput per cell, {}, rates {}: {note}. A request over several thresholds is counted under each.",
            workload.name(),
            per_words(results, rows).replace("for the", "per")
        ),
        head: "Engine".to_owned(),
        head_csv: ("engine", Some("engine_id")),
        columns,
        rows: out,
        show_sources: false,
        by_concurrency: true,
    }
}

/// One row per engine: its capacity load at the target (the highest whose interval meets it),
/// good output tok/s per GPU there, per kW of its measured GPU power, the cost of a million
/// good output tokens at the reader's prices, and higher levels still indeterminate.
pub(super) fn capacity_table(
    results: &Results,
    workload: &Workload,
    figures: &[CapacityFigures],
    rows: &[CellRow],
    target: f64,
    prices: &Prices,
) -> Table {
    let label = |level: f64| rows.iter().find(|r| r.level == level).map_or_else(|| workload.level_label(level), |r| r.load.clone());
    let out = figures
        .iter()
        .map(|f| {
            let above: Vec<String> = f.indeterminate_above.iter().map(|l| label(*l)).collect();
            // Per GPU only where the GPUs are known: an endpoint's study says so.
            let per_gpu = |v: Option<f64>| match v {
                None if !f.gpus_stated => Field::Note("GPUs not stated".to_owned()),
                v => Field::measured(v, NumberKind::Plain),
            };
            let cells: Vec<Cell> = vec![
                f.load.map_or_else(|| Field::Note("no level meets it".to_owned()), |l| Field::Number(l, load_kind(workload))).into(),
                per_gpu(f.good_tok_s_per_gpu).into(),
                per_gpu(f.good_tok_s_per_kw).into(),
                match (prices.any(), f.usd_per_mtok) {
                    (false, _) => Field::Note("no price given".to_owned()),
                    (true, cost) => Field::measured(cost, NumberKind::Derived),
                }
                .into(),
                if above.is_empty() { Field::Note("none".to_owned()) } else { Field::Text(above.join(", ")) }.into(),
            ];
            Row { head: head(results, &f.engine), cells, sources: Vec::new(), mismatch: false }
        })
        .collect();
    Table {
        name: "capacity",
        caption: format!(
            "Capacity at your objective, {}: the highest load whose 95 % interval of attainment is at or above {} %; good output tok/s per GPU there, per kW of the cell's mean GPU power, and {}.",
            workload.name(),
            as_written(target * 100.0),
            if prices.any() { prices.label().replace("output tokens", "good output tokens") } else { "a cost once prices are given".to_owned() }
        ),
        head: "Engine".to_owned(),
        head_csv: ("engine", Some("engine_id")),
        columns: vec![
            Column::new(format!("capacity ({})", workload.load.noun()), "load"),
            Column::new("good tok/s per GPU", "good_tok_s_per_gpu"),
            Column::new("good tok/s per kW", "good_tok_s_per_kw"),
            Column::new("per M good tokens", "usd_per_mtok"),
            Column::new("indeterminate above", "indeterminate_above"),
        ],
        rows: out,
        show_sources: false,
        by_concurrency: true,
    }
}

/// For a study whose requests are turns of sessions: one row per cell with sessions — the
/// load, sessions, turns, good sessions (every turn completed and met the objective), their
/// share with its 95 % interval, and good sessions/s.
pub(super) fn session_table(results: &Results, workload: &Workload, rows: &[CellRow]) -> Option<Table> {
    let out: Vec<Row> = rows
        .iter()
        .filter_map(|r| {
            let s = r.sessions.as_ref()?;
            let cells: Vec<Cell> = vec![
                Field::Number(r.level, load_kind(workload)).into(),
                Field::Number(s.sessions as f64, NumberKind::Whole).into(),
                Field::Number(s.turns as f64, NumberKind::Whole).into(),
                count(s.good),
                Field::measured(s.attainment.map(|a| a * 100.0), NumberKind::Percent1).into(),
                s.interval.map_or(Field::NotMeasured, |i| Field::Text(percent_span(i))).into(),
                Field::measured(s.per_s, NumberKind::Plain).into(),
            ];
            Some(Row { head: head(results, &r.engine), cells, sources: Vec::new(), mismatch: false })
        })
        .collect();
    (!out.is_empty()).then(|| Table {
        name: "sessions",
        caption: format!(
            "Goodput by session, {}: a session (a conversation's turns) is good when every turn completed and met the objective; rates {}.",
            workload.name(),
            per_words(results, rows).replace("for the", "per")
        ),
        head: "Engine".to_owned(),
        head_csv: ("engine", Some("engine_id")),
        columns: vec![
            load_column(workload),
            Column::new("sessions", "sessions"),
            Column::new("turns", "turns"),
            Column::new("good sessions", "good_sessions"),
            Column::new("attainment", "session_attainment_pct"),
            Column::new("95 % interval", "session_attainment_ci_pct"),
            Column::new("good sessions/s", "good_sessions_per_s"),
        ],
        rows: out,
        show_sources: false,
        by_concurrency: true,
    })
}
