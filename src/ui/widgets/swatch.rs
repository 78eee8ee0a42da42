//! An engine's swatch: its marker shape in its colour, as SVG attributes (no inline style).

use leptos::prelude::*;

use crate::core::palette::{EngineStyle, Marker};

/// A legend swatch.
#[component]
pub fn Swatch(
    /// Colour and shape.
    style: EngineStyle,
    /// A dash pattern, for a line's key: drawn as a short line under the marker.
    #[prop(optional)]
    dashed: bool,
) -> impl IntoView {
    let fill = style.colour.hex();
    let shape = match style.marker {
        Marker::Circle => view! { <circle cx="9" cy="7" r="5" fill=fill.clone()/> }.into_any(),
        Marker::Square => view! { <rect x="4" y="2" width="10" height="10" fill=fill.clone()/> }.into_any(),
        Marker::Triangle => view! { <polygon points="9,1 15,12 3,12" fill=fill.clone()/> }.into_any(),
        Marker::Diamond => view! { <polygon points="9,1 15,7 9,13 3,7" fill=fill.clone()/> }.into_any(),
        Marker::Cross => view! { <path d="M4,2 L14,12 M4,12 L14,2" stroke=fill.clone() stroke-width="2.5"/> }.into_any(),
        Marker::Plus => view! { <path d="M3,7 L15,7 M9,1 L9,13" stroke=fill.clone() stroke-width="2.5"/> }.into_any(),
        Marker::Star => view! { <path d="M9,1 L9,13 M4,4 L14,10 M4,10 L14,4" stroke=fill.clone() stroke-width="2"/> }.into_any(),
    };
    let dash = dashed.then(|| view! { <path d="M0,15 L18,15" stroke=fill stroke-width="2" stroke-dasharray="4 3"/> });
    view! { <svg class="swatch" width="18" height="16" viewBox="0 0 18 16" aria-hidden="true">{shape}{dash}</svg> }
}
