//! The reader's prices for the cost of a million tokens: kWh, GPU-hour and PUE inputs kept
//! in the link, with the formula and the measurement's boundary said beside them.

use leptos::prelude::*;

use crate::core::measures::cost::{Prices, CURRENCY, FORMULA};
use crate::ui::state::file::Study;
use crate::ui::state::page;

fn price_input(
    label: &'static str,
    class: &'static str,
    min: &'static str,
    get: fn(&Prices) -> Option<f64>,
    set: fn(&mut Prices, Option<f64>),
) -> impl IntoView {
    let page = page();
    let refused = RwSignal::new(false);
    view! {
        <label class="control">{label} " "
            <input type="number" min=min step="any" inputmode="decimal" class=class
                prop:value=move || get(&page.link.prices.get()).map(|v| v.to_string()).unwrap_or_default()
                on:change=move |e| {
                    let text = event_target_value(&e);
                    let value = text.trim().parse::<f64>().ok().filter(|v| v.is_finite() && *v >= min.parse().unwrap_or(0.0));
                    // A value the link would refuse is said so, never silently cleared.
                    refused.set(!text.trim().is_empty() && value.is_none());
                    page.update_link(|s| set(&mut s.prices, value));
                }/>
            {move || refused.get().then(|| view! { <span class="refused">" needs a number ≥ " {min}</span> })}
        </label>
    }
}

/// The price inputs, for a view's controls row.
#[component]
pub fn PriceInputs() -> impl IntoView {
    view! {
        {price_input("price of one kWh", "kwh-price", "0", |p| p.kwh, |p, v| p.kwh = v)}
        {price_input("price of one GPU-hour", "gpu-hour-price", "0", |p| p.gpu_hour, |p, v| p.gpu_hour = v)}
        {price_input("PUE", "pue", "1", |p| p.pue, |p, v| p.pue = v)}
        <span class="control-note price-currency">"Prices in one currency; costs are " {CURRENCY} "."</span>
    }
}

/// What is priced, the formula and the measurement's boundary, said under the chart.
#[component]
pub fn PriceNotes(
    /// The study (its power boundary is quoted).
    study: Study,
) -> impl IntoView {
    let page = page();
    let boundary = study
        .results
        .serving()
        .as_ref()
        .and_then(|s| s.power_unit.clone())
        .unwrap_or_else(|| "the file does not say what its power includes".into());
    view! {
        <div class="prices">
            <p class="method cost-label">{move || page.link.prices.get().label()}
                {move || (!page.link.prices.get().any()).then_some(": give a kWh or a GPU-hour price to see a cost; until then every cell reads “not measured”.")}</p>
            <p class="method cost-formula"><strong>"How: "</strong>{FORMULA}</p>
            <p class="method cost-boundary"><strong>"Boundary: "</strong>"the energy part is GPU energy only — the file's power is “" {boundary} "”. "
                "PUE is your assumption, not a measurement."</p>
        </div>
    }
}
