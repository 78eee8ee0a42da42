//! Findings, errors and link notices: what is wrong or was not used, said plainly.

use leptos::prelude::*;

use crate::core::findings::Finding;
use crate::ui::app::Page;

fn finding_items(findings: Vec<Finding>) -> impl IntoView {
    findings
        .into_iter()
        .map(|f| {
            view! {
                <li class=format!("finding {}", f.severity)>
                    <span class="severity">{f.severity.to_string()}</span> " "
                    <code class="path">{f.path}</code> " "
                    <span class="kind">"(" {f.kind.as_str()} ")"</span> ": "
                    <span class="message">{f.message}</span>
                </li>
            }
        })
        .collect_view()
}

/// An invalid file: every finding with its path, so the publisher can fix them all at once.
#[component]
pub fn ErrorPanel(
    /// What was loaded.
    src: String,
    /// All findings, errors first.
    findings: Vec<Finding>,
) -> impl IntoView {
    let errors = findings.iter().filter(|f| f.severity == crate::core::findings::Severity::Error).count();
    view! {
        <section class="panel error-panel" role="alert">
            <h2>"This results file cannot be shown"</h2>
            <p><code>{src}</code> " has " {errors} {if errors == 1 { " error" } else { " errors" }} ":"</p>
            <ul class="findings">{finding_items(findings)}</ul>
        </section>
    }
}

/// A valid file's warnings.
#[component]
pub fn FindingsPanel(
    /// Warnings only.
    findings: Vec<Finding>,
) -> impl IntoView {
    (!findings.is_empty()).then(|| {
        view! {
            <section class="panel findings-panel">
                <h2>"Warnings"</h2>
                <ul class="findings">{finding_items(findings)}</ul>
            </section>
        }
    })
}

/// Link parameters that were not used, each dismissible.
#[component]
pub fn NoticesPanel() -> impl IntoView {
    let page = expect_context::<Page>();
    move || {
        let notices = page.notices.get();
        (!notices.is_empty()).then(|| {
            let items = notices
                .into_iter()
                .enumerate()
                .map(|(i, n)| {
                    view! {
                        <li class="notice">
                            <code>{n.param.clone()} "=" {n.value.clone()}</code> ": " {n.reason.clone()} " "
                            <button class="dismiss" aria-label="dismiss" on:click=move |_| page.notices.update(|all| { if i < all.len() { all.remove(i); } })>"×"</button>
                        </li>
                    }
                })
                .collect_view();
            view! { <ul class="notices" role="status">{items}</ul> }
        })
    }
}
