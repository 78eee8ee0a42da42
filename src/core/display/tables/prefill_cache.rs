//! The prefill and KV-cache tables: an engine's row each, the values as the file has them.

use super::study::engine_head;
use super::{Cell, Column, Field, NumberKind, Row, Table};
use crate::core::link::EngineFilter;
use crate::core::study::model::{Results, ServerValidation};

/// Prefill per engine and nominal length: input tok/s and TTFT (seconds), the prompt
/// really sent, samples, method and the server-side check's status.
pub fn prefill_table(results: &Results, state: &EngineFilter) -> Option<Table> {
    let prefill = results.prefill()?;
    let unit = prefill.unit.clone().unwrap_or_else(|| "input tokens/s".into());
    let mut rows = Vec::new();
    for engine in results.engines().iter().filter(|e| state.shows_engine(&e.id)) {
        let head = engine_head(results, &engine.id, &engine.label);
        match prefill.rows.iter().find(|r| r.id == engine.id) {
            None => {
                let mut cells = vec![Cell::from(Field::Note("not measured".into()))];
                cells.extend((0..7).map(|_| Cell::from(Field::Note(String::new()))));
                rows.push(Row { head, cells, sources: Vec::new(), mismatch: false });
            }
            Some(row) => {
                for m in &row.measurements {
                    let validation = match &m.server_validation {
                        ServerValidation::NotDone => "not done",
                        ServerValidation::Absent => "not reported",
                        ServerValidation::Done => "done (see the raw file)",
                    };
                    let cells = vec![
                        Field::Number(m.nominal_tokens as f64, NumberKind::Whole).into(),
                        Field::measured(m.prompt_tokens, NumberKind::Whole).into(),
                        Field::measured(m.tok_per_sec, NumberKind::Plain).into(),
                        Field::measured(m.ttft_seconds, NumberKind::Plain).into(),
                        Field::measured(m.samples, NumberKind::Whole).into(),
                        Field::Text(m.method.clone().unwrap_or_else(|| "—".into())).into(),
                        Field::Text(validation.into()).into(),
                        row.source.clone().map_or(Field::Text("—".into()), Field::Code).into(),
                    ];
                    rows.push(Row { head: head.clone(), cells, sources: Vec::new(), mismatch: false });
                }
            }
        }
    }
    Some(Table {
        name: "prefill",
        caption: format!("Prefill: {unit} and TTFT in seconds per nominal prompt length; prompt tokens are what was really sent"),
        head: "Engine".into(),
        head_csv: ("engine", Some("engine_id")),
        columns: vec![
            Column::new("nominal tokens", "nominal_tokens"),
            Column::new("prompt tokens sent", "prompt_tokens"),
            Column::new(unit.clone(), "tok_per_sec"),
            Column::new("TTFT (s)", "ttft_seconds"),
            Column::new("samples", "samples"),
            Column::new("method", "method"),
            Column::new("server check", "server_validation"),
            Column::new("source", "source"),
        ],
        rows,
        show_sources: false,
        by_concurrency: false,
    })
}

/// KV-cache tokens per engine at start-up, with the file's memory-only illustration.
pub fn cache_table(results: &Results, state: &EngineFilter) -> Option<Table> {
    let cache = results.cache()?;
    let unit = cache.unit.clone().unwrap_or_else(|| "KV tokens".into());
    let divisor = cache.divisor_tokens.map_or_else(|| "the divisor".into(), crate::core::basics::format::readable);
    let rows = results
        .engines()
        .iter()
        .filter(|e| state.shows_engine(&e.id))
        .map(|engine| {
            let head = engine_head(results, &engine.id, &engine.label);
            let cells = match cache.rows.iter().find(|r| r.id == engine.id) {
                None => {
                    // Not measured: "not measured" on the page, an empty field in the CSV.
                    vec![Field::NotMeasured.into(), Field::NotMeasured.into(), Field::Note(String::new()).into()]
                }
                Some(row) => vec![
                    Field::measured(row.tokens, NumberKind::Whole).into(),
                    Field::measured(row.memory_only_32k, NumberKind::Whole).into(),
                    row.source.clone().map_or(Field::Text("—".into()), Field::Code).into(),
                ],
            };
            Row { head, cells, sources: Vec::new(), mismatch: false }
        })
        .collect();
    Some(Table {
        name: "cache",
        caption: format!("KV cache at start-up: {unit}; the memory-only figure is the file's own floor of tokens ÷ {divisor}, not measured chat capacity"),
        head: "Engine".into(),
        head_csv: ("engine", Some("engine_id")),
        columns: vec![
            Column::new(unit, "tokens"),
            Column::new(format!("memory-only ÷ {divisor} (the file's floor)"), "memoryOnly32k"),
            Column::new("source", "source"),
        ],
        rows,
        show_sources: false,
        by_concurrency: false,
    })
}
