//! The file as parsed, every field included — the ones the model does not know too —
//! with arrays of numbers kept on one line so the file reads as written.

use leptos::prelude::*;

use crate::ui::state::file::Study;

/// Pretty JSON with short arrays of scalars on one line.
fn pretty(value: &serde_json::Value, indent: usize, out: &mut String) {
    use serde_json::Value;
    let pad = "  ".repeat(indent);
    match value {
        Value::Array(items) if items.iter().all(|v| !v.is_array() && !v.is_object()) => {
            out.push_str(&serde_json::to_string(value).unwrap_or_default());
        }
        Value::Array(items) => {
            out.push_str("[\n");
            for (i, item) in items.iter().enumerate() {
                out.push_str(&pad);
                out.push_str("  ");
                pretty(item, indent + 1, out);
                out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
            }
            out.push_str(&pad);
            out.push(']');
        }
        Value::Object(map) => {
            out.push_str("{\n");
            for (i, (k, v)) in map.iter().enumerate() {
                out.push_str(&format!("{pad}  {}: ", serde_json::to_string(k).unwrap_or_default()));
                pretty(v, indent + 1, out);
                out.push_str(if i + 1 < map.len() { ",\n" } else { "\n" });
            }
            out.push_str(&pad);
            out.push('}');
        }
        scalar => out.push_str(&serde_json::to_string(scalar).unwrap_or_default()),
    }
}

/// The raw file.
#[component]
pub fn RawView(
    /// The study.
    study: Study,
) -> impl IntoView {
    let mut text = String::new();
    pretty(&study.results.raw, 0, &mut text);
    view! {
        <section class="panel raw">
            <h2>"Raw file"</h2>
            <p>"Everything in the file, including fields no view shows."</p>
            <pre class="raw-json">{text}</pre>
        </section>
    }
}
