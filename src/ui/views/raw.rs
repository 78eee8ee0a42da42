//! The file as parsed, every field included — the ones the model does not know too.

use std::sync::Arc;

use leptos::prelude::*;

use crate::ui::app::Loaded;

/// Pretty-printed JSON, as text.
#[component]
pub fn RawView(
    /// The loaded file.
    loaded: Arc<Loaded>,
) -> impl IntoView {
    let text = serde_json::to_string_pretty(&loaded.results.raw).unwrap_or_default();
    view! {
        <section class="panel raw">
            <h2>"Raw file"</h2>
            <p>"Everything in the file, including fields no view shows."</p>
            <pre class="raw-json">{text}</pre>
        </section>
    }
}
