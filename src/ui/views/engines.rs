//! The engines compared: label, id, checkpoint and source, with each engine's colour and shape.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::palette::{engine_style, EngineStyle, Marker};
use crate::ui::app::Loaded;

/// A legend swatch: the engine's marker shape in its colour, as SVG attributes (no inline style).
#[component]
pub fn Swatch(
    /// Colour and shape.
    style: EngineStyle,
) -> impl IntoView {
    let fill = style.colour.hex();
    let shape = match style.marker {
        Marker::Circle => view! { <circle cx="7" cy="7" r="5" fill=fill/> }.into_any(),
        Marker::Square => view! { <rect x="2" y="2" width="10" height="10" fill=fill/> }.into_any(),
        Marker::Triangle => view! { <polygon points="7,1 13,12 1,12" fill=fill/> }.into_any(),
        Marker::Diamond => view! { <polygon points="7,1 13,7 7,13 1,7" fill=fill/> }.into_any(),
        Marker::Cross => view! { <path d="M2,2 L12,12 M2,12 L12,2" stroke=fill stroke-width="2.5"/> }.into_any(),
    };
    view! { <svg class="swatch" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">{shape}</svg> }
}

/// The engines table.
#[component]
pub fn EnginesPanel(
    /// The loaded file.
    loaded: Arc<Loaded>,
) -> impl IntoView {
    let rows = loaded
        .results
        .engines
        .iter()
        .enumerate()
        .map(|(i, e)| {
            view! {
                <tr>
                    <td class="engine-label"><Swatch style=engine_style(i)/> {e.label.clone()}</td>
                    <td><code>{e.id.clone()}</code></td>
                    <td>{e.checkpoint.clone().unwrap_or_else(|| "—".into())}</td>
                    <td><code>{e.source.clone().unwrap_or_else(|| "—".into())}</code></td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <section class="panel engines">
            <h2>"Engines"</h2>
            <div class="table-scroll">
                <table>
                    <thead><tr><th>"Engine"</th><th>"id"</th><th>"Checkpoint"</th><th>"Source"</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </section>
    }
}
