//! Bar specs for the prefill and KV-cache charts: per engine, one bar per nominal prompt
//! length (input tok/s), or one bar of KV tokens with the configured context marked. An
//! engine without a measurement gets no bar and is listed as not measured.

use crate::core::display::palette::{engine_style, EngineStyle};
use crate::core::link::EngineFilter;
use crate::core::study::model::Results;

/// One engine's bars.
#[derive(Clone, Debug, PartialEq)]
pub struct BarGroup {
    /// Engine id.
    pub id: String,
    /// Engine label.
    pub label: String,
    /// Colour and marker.
    pub style: EngineStyle,
    /// One value per category (`None` = not measured).
    pub values: Vec<Option<f64>>,
}

/// A bar chart: categories (nominal lengths, or one) and a group per engine.
#[derive(Clone, Debug, PartialEq)]
pub struct Bars {
    /// Category names, e.g. "8,192 nominal tokens".
    pub categories: Vec<String>,
    /// One group per shown engine, in file order.
    pub groups: Vec<BarGroup>,
    /// A reference line to mark (the configured context), with its label.
    pub reference: Option<(f64, String)>,
    /// What a bar's value is, for its tooltip ("input throughput").
    pub quantity: &'static str,
    /// Its unit, said after the value ("input tokens/s").
    pub unit: &'static str,
}

const PREFILL: (&str, &str) = ("input throughput", "input tokens/s");
const CACHE: (&str, &str) = ("GPU KV cache", "tokens");

impl Bars {
    fn empty((quantity, unit): (&'static str, &'static str)) -> Bars {
        Bars { categories: Vec::new(), groups: Vec::new(), reference: None, quantity, unit }
    }
}

/// Input tok/s per engine at each nominal prompt length.
pub fn prefill_bars(results: &Results, state: &EngineFilter) -> Bars {
    let Some(prefill) = results.prefill() else { return Bars::empty(PREFILL) };
    let mut lengths = prefill.nominal_tokens.clone();
    for m in prefill.rows.iter().flat_map(|r| &r.measurements) {
        if !lengths.contains(&m.nominal_tokens) {
            lengths.push(m.nominal_tokens);
        }
    }
    let groups = results
        .engines()
        .iter()
        .enumerate()
        .filter(|(_, e)| state.shows_engine(&e.id))
        .map(|(index, engine)| {
            let row = prefill.rows.iter().find(|r| r.id == engine.id);
            let values = lengths
                .iter()
                .map(|&len| row.and_then(|r| r.measurements.iter().find(|m| m.nominal_tokens == len)).and_then(|m| m.tok_per_sec))
                .collect();
            BarGroup { id: engine.id.clone(), label: engine.label.clone(), style: engine_style(index), values }
        })
        .collect();
    let categories = lengths.iter().map(|l| format!("{} nominal tokens", crate::core::basics::format::readable(*l as f64))).collect();
    Bars { categories, groups, reference: None, quantity: PREFILL.0, unit: PREFILL.1 }
}

/// KV tokens per engine at start-up, with the configured context as the reference.
pub fn cache_bars(results: &Results, state: &EngineFilter) -> Bars {
    let Some(cache) = results.cache() else { return Bars::empty(CACHE) };
    let groups = results
        .engines()
        .iter()
        .enumerate()
        .filter(|(_, e)| state.shows_engine(&e.id))
        .map(|(index, engine)| {
            let value = cache.rows.iter().find(|r| r.id == engine.id).and_then(|r| r.tokens);
            BarGroup { id: engine.id.clone(), label: engine.label.clone(), style: engine_style(index), values: vec![value] }
        })
        .collect();
    let reference =
        cache.configured_context_tokens.map(|c| (c, format!("configured context {} tokens", crate::core::basics::format::readable(c))));
    Bars { categories: vec![cache.unit.clone().unwrap_or_else(|| "KV tokens".into())], groups, reference, quantity: CACHE.0, unit: CACHE.1 }
}
