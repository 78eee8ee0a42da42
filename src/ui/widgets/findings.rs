//! Findings and load failures, said plainly, with a way back to the default study; and the
//! line that says what is still loading.

use leptos::prelude::*;

use crate::core::study::findings::{Finding, Severity};

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
    let errors = findings.iter().filter(|f| f.severity == Severity::Error).count();
    view! {
        <section class="panel error-panel" role="alert">
            <h2>"This results file cannot be shown"</h2>
            <p><code>{src}</code> " has " {errors} {if errors == 1 { " error" } else { " errors" }} ":"</p>
            <ul class="findings">{finding_items(findings)}</ul>
            <p><a href="./">"Open the default study"</a></p>
        </section>
    }
}

/// A file that could not be fetched or read.
#[component]
pub fn FailurePanel(
    /// What was requested.
    src: String,
    /// Why it failed.
    message: String,
    /// What could not be loaded, when not a results file.
    #[prop(optional)]
    heading: Option<&'static str>,
) -> impl IntoView {
    view! {
        <section class="panel error-panel" role="alert">
            <h2>{heading.unwrap_or("Could not load the results file")}</h2>
            <p><code>{src}</code></p>
            <p class="message">{message}</p>
            <p><a href="./">"Open the default study"</a></p>
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
            <details class="panel findings-panel">
                <summary>{findings.len()} {if findings.len() == 1 { " warning" } else { " warnings" }} " about this file"</summary>
                <ul class="findings">{finding_items(findings)}</ul>
            </details>
        }
    })
}

/// The line shown while something loads: "Loading the study…".
pub fn loading_line(what: impl IntoView + 'static) -> AnyView {
    view! { <div class="skeleton" role="status"><p>"Loading " {what} "…"</p></div> }.into_any()
}
