//! An engine's swatch: its marker shape in its colour, as SVG attributes (no inline style).

use leptos::prelude::*;

use crate::core::display::palette::{EngineStyle, SwatchPaint, SWATCH_DASH};

/// A legend swatch.
#[component]
pub fn Swatch(
    /// Colour and shape.
    style: EngineStyle,
    /// A dash pattern, for a line's key: drawn as a short line under the marker.
    #[prop(optional)]
    dashed: bool,
    /// The colour alone, as a short thick line: an engine's key while files are compared,
    /// whose shapes key the files.
    #[prop(optional)]
    colour_only: bool,
) -> impl IntoView {
    let colour = style.colour.hex();
    let (d, paint) = if colour_only { ("M1,8L17,8", SwatchPaint::Stroke("4")) } else { style.marker.swatch() };
    let (fill, stroke, width) = match paint {
        SwatchPaint::Fill => (colour.clone(), None, None),
        SwatchPaint::Stroke(w) => ("none".to_owned(), Some(colour.clone()), Some(w)),
    };
    let dash = dashed.then(|| view! { <path d=SWATCH_DASH stroke=colour fill="none" stroke-width="2" stroke-dasharray="4 3"/> });
    view! {
        <svg class="swatch" width="18" height="16" viewBox="0 0 18 16" aria-hidden="true">
            <path d=d fill=fill stroke=stroke stroke-width=width/>
            {dash}
        </svg>
    }
}
