//! The tables of one study's measurement views: decode, serving, limits, prefill, cache.

use super::{mark_best_per_column, number_sources, status_of, Cell, Column, Field, NumberKind, Row, RowHead, Table};
use crate::core::display::palette::engine_style;
use crate::core::display::series::{cell_at, serving_series, LimitResult, Series};
use crate::core::link::{EngineFilter, SeriesInputs};
use crate::core::measures::cost::Prices;
use crate::core::measures::metric::{is_low_sample, Metric, Unit};
use crate::core::provenance::SourceStatus;
use crate::core::study::model::{LoadAxis, Results, Workload};

fn mismatched(statuses: &[(String, SourceStatus)], name: &str) -> bool {
    status_of(statuses, name).is_some_and(SourceStatus::is_mismatch)
}

fn concurrency_columns(results: &Results, quantity: &str) -> Vec<Column> {
    results.concurrency().iter().map(|c| Column::new(format!("c{c}"), format!("{quantity} at c{c}"))).collect()
}

/// One column per load level of a workload: "c32", or "2 req/s" (CSV: "… at 2 req/s").
fn load_columns(workload: &Workload, quantity: &str) -> Vec<Column> {
    workload
        .levels
        .iter()
        .map(|&l| {
            let label = workload.level_label(l);
            Column::new(label.clone(), format!("{quantity} at {label}"))
        })
        .collect()
}

/// How a load level reads in a table: "c32" or "2 req/s".
fn level_kind(load: LoadAxis) -> NumberKind {
    match load {
        LoadAxis::Concurrency => NumberKind::Concurrency,
        LoadAxis::Rate => NumberKind::RequestRate,
    }
}

/// What a serving table cell says beside its value: `n` for percentiles and low samples,
/// the failed share of a partly failed cell, the trials behind a median, a burst.
fn cell_note(
    cell: &crate::core::study::model::Cell,
    metric: Metric,
    low_sample: bool,
    prices: &crate::core::measures::cost::Prices,
) -> Option<String> {
    let mut parts = Vec::new();
    // A cost says its parts under its total, as the tooltip does.
    if let Some(cost) = prices.cost(cell).filter(|_| metric == Metric::CostPerMtok) {
        parts.push(cost.parts());
    }
    if let Some(n) = cell.n.filter(|_| (metric.is_percentile() || low_sample) && !cell.all_failed()) {
        parts.push(format!("n={n}"));
    }
    parts.extend(cell.failed_share_words());
    if let Some(trials) = &cell.trials {
        let range = trials.range_of(metric.as_str()).map(|(lo, hi)| {
            let shown = |v: f64| {
                Field::Number(v, if metric.unit() == Unit::Milliseconds { NumberKind::Millis } else { NumberKind::Plain }).display()
            };
            format!(": {}–{}", shown(lo), shown(hi))
        });
        parts.push(format!("median of {}{}", trials.count, range.unwrap_or_default()));
    }
    // The load as it ran, where its level does not say it all (a burst, a cap, a generator
    // that fell behind, what was achieved, the publisher's word).
    parts.extend(crate::core::display::claims::load_words(cell, true));
    (!parts.is_empty()).then(|| parts.join(" · "))
}

pub(super) fn engine_head(results: &Results, id: &str, label: &str) -> RowHead {
    RowHead {
        label: label.to_owned(),
        id: Some(id.to_owned()),
        swatch: Some(engine_style(results.engine_index(id).unwrap_or(results.engines().len()))),
        tag: None,
        link: None,
    }
}

/// Decode throughput by concurrency: one row per shown engine.
pub fn decode_table(results: &Results, state: &EngineFilter, statuses: &[(String, SourceStatus)]) -> Option<Table> {
    let decode = results.decode()?;
    let unit = decode.unit.clone().unwrap_or_else(|| "aggregate output tokens/s".into());
    let rows = decode
        .rows
        .iter()
        .filter(|r| state.shows_engine(&r.id))
        .map(|row| {
            let label = results.engine(&row.id).map(|e| e.label.clone()).or_else(|| row.label.clone()).unwrap_or_else(|| row.id.clone());
            let mismatch = row.sources.iter().any(|s| mismatched(statuses, s));
            let cells = row.values.iter().map(|v| Cell { mismatch, ..Field::measured(*v, NumberKind::Plain).into() }).collect();
            Row { head: engine_head(results, &row.id, &label), cells, sources: row.sources.clone(), mismatch }
        })
        .collect();
    Some(Table {
        name: "decode",
        caption: format!("{unit} by concurrency; “not measured” where the file has null"),
        head: "Engine".into(),
        head_csv: ("engine", Some("engine_id")),
        columns: concurrency_columns(results, "decode_tok_s"),
        rows,
        show_sources: true,
        by_concurrency: true,
    })
}

/// A serving metric by concurrency in one workload: values as measured, or as ratios to
/// the `vs` engine; percentiles carry their cell's `n`; each cell names its source.
pub fn serving_table(
    results: &Results,
    workload: &Workload,
    metric: Metric,
    state: &SeriesInputs,
    statuses: &[(String, SourceStatus)],
) -> Table {
    // With p50 and p99 together, a row per engine holds both: the p50 columns, then the p99.
    let metrics: Vec<Metric> = match metric.percentile_pair() {
        Some((p50, p99)) if state.pct_both => vec![p50, p99],
        _ => vec![metric],
    };
    let mut table_state = state.clone();
    table_state.pct_both = false;
    let sets: Vec<_> = metrics.iter().map(|&m| serving_series(results, workload, m, &table_state)).collect();
    let lines = &sets[0];
    let relative = state.vs.as_deref().filter(|_| lines.reference_missing.is_none()).and_then(|id| results.engine(id));
    let kind = match (relative.is_some(), metric.is_derived(), metric.unit()) {
        (true, _, _) => NumberKind::Ratio,
        (false, true, _) => NumberKind::Derived,
        (false, false, Unit::Milliseconds) => NumberKind::Millis,
        _ => NumberKind::Plain,
    };
    // A ratio's cell does not say the parts of a cost it is not.
    let note_prices = if relative.is_some() { Prices::default() } else { state.prices };
    let cells_of = |line: &Series, metric: Metric| serving_cells(workload, line, (metric, kind), statuses, &note_prices);
    // A row per shown engine run in this workload: one with nothing measured for this metric
    // (no power reading, a cost without prices) reads "not measured" across, never no row.
    let mut rows = results
        .engines()
        .iter()
        .enumerate()
        .filter(|(_, engine)| state.shows_engine(&engine.id) && workload.rows.iter().any(|r| r.id == engine.id))
        .map(|(index, engine)| {
            let unmeasured = || {
                let points = workload.levels.iter().map(|&level| (level, None)).collect();
                Series::new(&engine.id, &engine.label, engine_style(index), points)
            };
            let mut cells: Vec<Cell> = Vec::new();
            for (set, &m) in sets.iter().zip(&metrics) {
                match set.series.iter().find(|l| l.id == engine.id) {
                    Some(line) => cells.extend(cells_of(line, m)),
                    None => cells.extend(cells_of(&unmeasured(), m)),
                }
            }
            let sources = number_sources(&mut cells);
            let mismatch = cells.iter().any(|c| c.mismatch);
            Row { head: engine_head(results, &engine.id, &engine.label), cells, sources, mismatch }
        })
        .collect::<Vec<Row>>();
    mark_best_per_column(&mut rows, metric.better());
    let quantity = match relative {
        Some(engine) => format!("{} ratio to {}", metric.as_str(), engine.id),
        None => metric.as_str().to_owned(),
    };
    let what = match relative {
        Some(engine) => format!("{} as a ratio to {} at the same {}", metric.title_in(workload.per), engine.label, workload.load.noun()),
        None if metrics.len() == 2 => metric.pair_axis_title(),
        None => metric.title_in(workload.per).to_owned(),
    };
    let columns = serving_columns(workload, &metrics, &quantity);
    Table {
        name: "serving",
        caption: format!(
            "{} · {what}; bold: the best engine at each {}; “not measured” where the file has null; superscripts name each cell's source",
            workload.measured_name(),
            workload.load.noun()
        ),
        head: "Engine".into(),
        head_csv: ("engine", Some("engine_id")),
        columns,
        rows,
        show_sources: true,
        by_concurrency: true,
    }
}

/// One serving line's cells in the table: the value as `kind` says, or the words for a
/// level where every request failed; its low-sample flag, source and note.
fn serving_cells(
    workload: &Workload,
    line: &Series,
    (metric, kind): (Metric, NumberKind),
    statuses: &[(String, SourceStatus)],
    prices: &Prices,
) -> Vec<Cell> {
    line.points
        .iter()
        .map(|&(level, value)| {
            let cell = cell_at(workload, &line.id, level);
            let low_sample = cell.is_some_and(is_low_sample);
            let source = cell.and_then(|c| c.source.clone());
            // Every request failed: said in words, never a number.
            let field = match cell.and_then(|c| c.failed_note()) {
                Some(note) => Field::Note(note),
                None => Field::measured(value, kind),
            };
            Cell {
                field,
                low_sample,
                mismatch: source.as_deref().is_some_and(|s| mismatched(statuses, s)),
                source_ref: None,
                note: cell.and_then(|c| cell_note(c, metric, low_sample, prices)),
                source,
                link: None,
                best: false,
            }
        })
        .collect()
}

/// The serving table's columns: a column per load level, or with a p50 and p99 pair the
/// p50's then the p99's, each named by its percentile.
fn serving_columns(workload: &Workload, metrics: &[Metric], quantity: &str) -> Vec<Column> {
    if metrics.len() < 2 {
        return load_columns(workload, quantity);
    }
    let pct = |m: Metric| m.as_str().split('_').find(|p| p.starts_with('p')).unwrap_or("").to_owned();
    metrics
        .iter()
        .flat_map(|&m| {
            load_columns(workload, m.as_str()).into_iter().map(move |c| Column { label: format!("{} {}", pct(m), c.label), csv: c.csv })
        })
        .collect()
}

/// Per engine, the best point on the y metric that meets every limit set, with its TTFT
/// and per-user speed; "not measured in this workload" kept apart from "no measured point
/// meets the limits".
pub fn limits_table(
    results: &Results,
    workload: &Workload,
    y_metric: Metric,
    best: &[(String, LimitResult)],
    state: &SeriesInputs,
) -> Table {
    let kind = if y_metric.is_derived() { NumberKind::Derived } else { NumberKind::Plain };
    let rows = best
        .iter()
        .map(|(id, result)| {
            let label = results.engine(id).map_or(id.as_str(), |e| e.label.as_str());
            let cells: Vec<Cell> = match result {
                LimitResult::Best { level, value, ttft_p99_ms, user_tok_s } => vec![
                    Field::Text("best point under the limits".into()).into(),
                    Field::Number(*value, kind).into(),
                    Field::Number(*level, level_kind(workload.load)).into(),
                    Field::measured(*ttft_p99_ms, NumberKind::Millis).into(),
                    Field::measured(*user_tok_s, NumberKind::Plain).into(),
                ],
                LimitResult::MeetsUnmeasured { level, ttft_p99_ms, user_tok_s } => vec![
                    Field::Text("meets the limits; its value not measured".into()).into(),
                    Field::NotMeasured.into(),
                    Field::Number(*level, level_kind(workload.load)).into(),
                    Field::measured(*ttft_p99_ms, NumberKind::Millis).into(),
                    Field::measured(*user_tok_s, NumberKind::Plain).into(),
                ],
                other => {
                    let words = if *other == LimitResult::NotMeasured {
                        "not measured in this workload"
                    } else {
                        "no measured point meets the limits"
                    };
                    let mut cells: Vec<Cell> = vec![Field::Note(words.into()).into()];
                    cells.extend((0..4).map(|_| Cell::from(Field::Note(String::new()))));
                    cells
                }
            };
            Row { head: engine_head(results, id, label), cells, sources: Vec::new(), mismatch: false }
        })
        .collect();
    let mut limits = Vec::new();
    if let Some(v) = state.slo_ttft_p99_ms {
        limits.push(format!("TTFT p99 ≤ {v} ms"));
    }
    if let Some(v) = state.slo_user_tok_s {
        limits.push(format!("per-user tok/s ≥ {v}"));
    }
    let best_word = if y_metric.better() == crate::core::measures::metric::Better::Lower { "Lowest" } else { "Highest" };
    Table {
        name: "limits",
        caption: format!("{best_word} {} that meets every limit set ({})", y_metric.title_in(workload.per), limits.join(", ")),
        head: "Engine".into(),
        head_csv: ("engine", Some("engine_id")),
        columns: vec![
            Column::new("result", "result"),
            Column::new(y_metric.title_in(workload.per), y_metric.as_str()),
            match workload.load {
                LoadAxis::Concurrency => Column::new("at concurrency", "conc"),
                LoadAxis::Rate => Column::new("at request rate", "rate_rps"),
            },
            Column::new(format!("TTFT p99 ({})", super::MS_OR_S), "ttft_p99_ms"),
            Column::new("per-user tok/s", "user_tok_s"),
        ],
        rows,
        show_sources: false,
        by_concurrency: false,
    }
}
