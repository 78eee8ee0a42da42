//! The provenance view: the verdict the command line prints, every source with its hash
//! status and what cites it, the cells recomputed from verified sweeps, and the engines
//! with their checkpoints and setup files (`core::views::provenance`); beside them, what only
//! the page knows: the checks' progress and links to the sources it fetched.

use leptos::prelude::*;

use crate::core::provenance::SourceStatus;
use crate::core::views::provenance::{
    provenance, Recomputed, SweepRecomputed, VerdictLine, HEADING, HOW_CHECKED, NOTHING_RECOMPUTED, WAITING,
};
use crate::ui::io::fetch::absolute_url;
use crate::ui::state::file::{Origin, Study};
use crate::ui::widgets::panel::ends_the_boot;
use crate::ui::widgets::table::{TableBlock, TableView};
use crate::ui::widgets::trust::TrustBadge;

fn verdict_view(verdict: VerdictLine) -> AnyView {
    match verdict {
        VerdictLine::Checking => view! { <p class="verdict checking">"Checking the sources…"</p> }.into_any(),
        VerdictLine::Done { pass, partial, sentence } => {
            view! { <p class="verdict" class:fail=!pass class:partial=partial><strong>"Verdict: "</strong>{sentence}</p> }.into_any()
        }
    }
}

fn recomputed_view(recomputed: Recomputed) -> AnyView {
    match recomputed {
        Recomputed::Waiting => view! { <p class="absent">{WAITING}</p> }.into_any(),
        Recomputed::Nothing => view! { <p class="absent">{NOTHING_RECOMPUTED}</p> }.into_any(),
        Recomputed::Done { total, sweeps } => {
            let items = sweeps
                .into_iter()
                .map(|SweepRecomputed { name, result, mismatches }| {
                    let mismatches = mismatches
                        .into_iter()
                        .map(|(path, reason)| view! { <li><code class="path">{path}</code> ": " {reason}</li> })
                        .collect_view();
                    view! { <li><code>{name}</code> ": " {result} <ul>{mismatches}</ul></li> }
                })
                .collect_view();
            view! { <p class="recompute-total">{total}</p><ul class="recompute">{items}</ul> }.into_any()
        }
    }
}

/// Links to the sources fetched here and verified (or found to differ), for a fetched study.
fn downloads(study: &Study) -> impl IntoView {
    let study = study.clone();
    move || {
        let Origin::Url(base) = &study.origin else { return None };
        let items = study.checks.statuses.with(|st| {
            st.iter()
                .filter(|(_, s)| matches!(s, SourceStatus::Verified | SourceStatus::Mismatch { .. }))
                .filter_map(|(name, _)| Some((name.clone(), absolute_url(name, Some(base))?)))
                .collect::<Vec<_>>()
        });
        (!items.is_empty()).then(|| {
            let links = items
                .into_iter()
                .map(|(name, url)| view! { <li><a class="download-source" href=url download="">{name}</a></li> })
                .collect_view();
            view! { <h3>"Download the sources fetched here"</h3><ul class="downloads">{links}</ul> }
        })
    }
}

/// Sources, citations, recomputation and engines.
#[component]
pub fn ProvenanceView(
    /// The study.
    study: Study,
) -> impl IntoView {
    let checks = study.checks.clone();
    let model = {
        let (study, checks) = (study.clone(), checks.clone());
        Memo::new(move |_| checks.statuses.with(|st| checks.report.with(|report| provenance(&study.results, st, report.as_ref()))))
    };
    let first = model.get_untracked();
    let progress = {
        let checks = checks.clone();
        move || {
            checks.progress.get().map(|p| {
                let label = p.label();
                let max = p.total.unwrap_or(p.done.max(1)).to_string();
                view! { <label>{label.clone()} " " <progress max=max value=p.done.to_string() aria-label=label></progress></label> }
            })
        }
    };
    let citing = first
        .citing
        .iter()
        .map(|c| {
            let items = c
                .items
                .iter()
                .map(|(what, path)| view! { <li>{what.clone()} " " <code class="path">{path.clone()}</code></li> })
                .collect_view();
            view! {
                <details class="citations">
                    <summary><code>{c.name.clone()}</code> " — " {c.words.clone()}</summary>
                    <ul>{items}</ul>
                </details>
            }
        })
        .collect_view();
    let sources = first.sources.clone();
    ends_the_boot();
    view! {
        <section class="panel provenance">
            <h2>{HEADING}</h2>
            <TrustBadge study=study.clone()/>
            {move || verdict_view(model.with(|m| m.verdict.clone()))}
            <p>{HOW_CHECKED}</p>
            <p class="progress">{progress}</p>
            <TableBlock table=Signal::derive(move || model.with(|m| m.sources.table.clone())) study=study.clone() sources=Signal::stored(sources.sources)
                stem=sources.stem/>
            <h3>"What cites each source"</h3>
            <div class="citing">{citing}</div>
            {downloads(&study)}
            <h3>"Cells recomputed from raw sweeps"</h3>
            {move || recomputed_view(model.with(|m| m.recomputed.clone()))}
            <h3>"Engines"</h3>
            <TableView table=first.engines/>
        </section>
    }
}
