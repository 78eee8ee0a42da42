//! The file as parsed, every field included — the ones the model does not know too —
//! with arrays of numbers kept on one line so the file reads as written.

use leptos::prelude::*;

use crate::ui::state::file::Study;

/// The raw file.
#[component]
pub fn RawView(
    /// The study.
    study: Study,
) -> impl IntoView {
    let text = study.results.raw_document().pretty();
    view! {
        <section class="panel raw">
            <h2>"Raw file"</h2>
            <p>"Everything in the file, including fields no view shows."</p>
            <pre class="raw-json">{text}</pre>
        </section>
    }
}
