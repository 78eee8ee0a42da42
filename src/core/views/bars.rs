//! The prefill and KV-cache views as one `Panel` each: a measurement per engine as bars,
//! the words about it, and its table. The two differ only in their block, builders and
//! words, so one function builds both from a row of facts.

use super::layout::CHART_HEIGHT;
use super::panel::{stem, study_line, ExportWords, Figure, Height, Note, Panel, Plot, TablePart};
use crate::core::basics::format::readable;
use crate::core::display::series::{cache_bars, prefill_bars, Bars};
use crate::core::display::tables::{cache_table, prefill_table, Table};
use crate::core::link::{ChartId, EngineFilter, View};
use crate::core::study::contents::Block;
use crate::core::study::model::Results;

/// The prefill view's words under its heading.
pub const PREFILL_UNIT_NOTE: &str = "TTFT here is in seconds (serving latencies are in milliseconds). Prompt tokens are what was really sent for each nominal length. A server-side check of all zeros means it was not done, not that it measured 0.";

/// The bars' spoken summary: "Bars by engine: Paiton: 8,192 nominal tokens 31,480, …".
pub fn bars_summary(bars: &Bars) -> String {
    let parts: Vec<String> = bars
        .groups
        .iter()
        .map(|g| {
            let values: Vec<String> = g
                .values
                .iter()
                .zip(&bars.categories)
                .map(|(v, c)| format!("{c} {}", v.map_or_else(|| "not measured".into(), readable)))
                .collect();
            format!("{}: {}", g.label, values.join(", "))
        })
        .collect();
    format!("Bars by engine: {}.", parts.join("; "))
}

/// What differs between the two bar views.
struct BarsFacts {
    chart: ChartId,
    unit: String,
    heading: String,
    notes: Vec<Note>,
    bars: Bars,
    table: Option<Table>,
    sources: Vec<String>,
}

fn prefill_facts(results: &Results, filter: &EngineFilter) -> Option<BarsFacts> {
    let prefill = results.prefill().filter(|p| !p.rows.is_empty())?;
    let unit = prefill.unit.clone().unwrap_or_else(|| "input tokens/s".into());
    Some(BarsFacts {
        chart: ChartId::Prefill,
        heading: format!("Prefill: {unit} per nominal prompt length"),
        unit,
        notes: vec![Note::Text("unit", PREFILL_UNIT_NOTE.into())],
        bars: prefill_bars(results, filter),
        table: prefill_table(results, filter),
        sources: prefill.rows.iter().filter_map(|r| r.source.clone()).collect(),
    })
}

fn cache_facts(results: &Results, filter: &EngineFilter) -> Option<BarsFacts> {
    let cache = results.cache().filter(|c| !c.rows.is_empty())?;
    let unit = cache.unit.clone().unwrap_or_else(|| "KV tokens".into());
    Some(BarsFacts {
        chart: ChartId::Cache,
        heading: format!("KV cache at start-up: {unit}"),
        unit,
        notes: cache.method.iter().map(|m| Note::Method("Caveat".into(), m.clone())).collect(),
        bars: cache_bars(results, filter),
        table: cache_table(results, filter),
        sources: cache.rows.iter().filter_map(|r| r.source.clone()).collect(),
    })
}

/// The bar view `view` names (prefill or KV cache) for the engines `filter` shows; where
/// the file has no row of its block, what it says of it.
pub fn bars_view(results: &Results, view: View, filter: &EngineFilter) -> Panel {
    let facts = match view {
        View::Prefill => prefill_facts(results, filter).ok_or(("Prefill", Block::Prefill)),
        _ => cache_facts(results, filter).ok_or(("KV cache", Block::Cache)),
    };
    let facts = match facts {
        Ok(facts) => facts,
        Err((title, block)) => return Panel::absent(view, title, results, block),
    };
    let y_title = format!("{} · higher is better", facts.unit);
    let mut panel = Panel::new(view, format!("panel {}", view.as_str()), facts.heading);
    panel.notes = facts.notes;
    panel.figures.push(Figure {
        id: facts.chart,
        summary: bars_summary(&facts.bars),
        height: Height::Fitted(CHART_HEIGHT),
        export: ExportWords {
            title: format!("{} · {}", study_line(results), y_title),
            notes: Vec::new(),
            stem: stem(view, &[]),
            compared: false,
        },
        plot: Plot::Bars { y_title, bars: facts.bars },
    });
    panel.tables.push(TablePart::new(facts.table, facts.sources, stem(view, &[])));
    panel
}
