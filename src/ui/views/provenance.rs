//! The provenance view: the verdict the command line prints, every source with its hash
//! status and what cites it, the cells recomputed from verified sweeps, and the engines
//! with their checkpoints and setup files.

use leptos::prelude::*;

use crate::core::link::View;
use crate::core::provenance::{citation_words, citations, SourceStatus};
use crate::core::tables::{engines_table, sources_table};
use crate::ui::io::fetch::absolute_url;
use crate::ui::state::file::{Origin, Study};
use crate::ui::widgets::framing::stem;
use crate::ui::widgets::table::{TableBlock, TableView};
use crate::ui::widgets::trust::TrustBadge;

/// Sources, citations, recomputation and engines.
#[component]
pub fn ProvenanceView(
    /// The study.
    study: Study,
) -> impl IntoView {
    let checks = study.checks.clone();
    let verdict = {
        let checks = checks.clone();
        move || match checks.report.get() {
            Some(report) => {
                let verdict = report.verdict(false);
                view! { <p class="verdict" class:fail=!verdict.pass class:partial=verdict.partial><strong>"Verdict: "</strong>{verdict.sentence}</p> }.into_any()
            }
            None => view! { <p class="verdict checking">"Checking the sources…"</p> }.into_any(),
        }
    };
    let progress = {
        let checks = checks.clone();
        move || {
            checks.progress.get().map(|p| {
                let label = p.label();
                let max = p.total.unwrap_or(p.done.max(1)).to_string();
                view! { <p class="progress"><label>{label.clone()} " " <progress max=max value=p.done.to_string() aria-label=label></progress></label></p> }
            })
        }
    };
    let table = {
        let (study, checks) = (study.clone(), checks.clone());
        Memo::new(move |_| checks.statuses.with(|st| sources_table(&study.results, st)))
    };
    let cited = citations(&study.results);
    let citing = study
        .results
        .sources
        .iter()
        .map(|source| {
            let list = cited.get(source.name()).cloned().unwrap_or_default();
            let items =
                list.iter().map(|c| view! { <li>{c.what.clone()} " " <code class="path">{c.path.clone()}</code></li> }).collect_view();
            view! {
                <details class="citations">
                    <summary><code>{source.name().to_owned()}</code> " — " {citation_words(list.len())}</summary>
                    <ul>{items}</ul>
                </details>
            }
        })
        .collect_view();
    let downloads = {
        let (study, checks) = (study.clone(), checks.clone());
        move || {
            let Origin::Url(base) = &study.origin else { return None };
            let items = checks.statuses.with(|st| {
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
    };
    let recomputation = {
        let checks = checks.clone();
        move || {
            let Some(report) = checks.report.get() else {
                return view! { <p class="absent">"Waiting for the source checks."</p> }.into_any();
            };
            let done: Vec<_> =
                report.recomputations.iter().filter_map(|(name, r)| r.as_ref().ok().map(|r| (name.clone(), r.clone()))).collect();
            if done.is_empty() {
                return view! { <p class="absent">"No sweep source is available and verified here, so no serving cell was recomputed."</p> }.into_any();
            }
            let (cells, matched) = report.cells();
            let items = done
                .into_iter()
                .map(|(name, r)| {
                    let mismatches = r
                        .mismatches
                        .iter()
                        .map(|m| view! { <li><code class="path">{m.path.clone()}</code> ": " {m.reason.clone()}</li> })
                        .collect_view();
                    view! { <li><code>{name}</code> ": " {r.to_string()} <ul>{mismatches}</ul></li> }
                })
                .collect_view();
            view! { <p class="recompute-total">"In total " {matched} " of " {cells} " cells match their source line."</p><ul class="recompute">{items}</ul> }.into_any()
        }
    };
    let sources: Vec<String> = study.results.sources.iter().map(|s| s.name().to_owned()).collect();
    view! {
        <section class="panel provenance">
            <h2>"Provenance"</h2>
            <TrustBadge study=study.clone()/>
            {verdict}
            <p>"Each source file is fetched relative to the results file and its sha256 compared with the one the file publishes. "
               "Only a matching hash counts as verified; a missing file is never verified. When no source file was published with the page, the hashes are listed so anyone holding the files can check them."</p>
            {progress}
            <TableBlock table=Signal::derive(move || Some(table.get())) study=study.clone() sources=Signal::stored(sources) stem=stem(View::Provenance, &["sources".into()])/>
            <h3>"What cites each source"</h3>
            <div class="citing">{citing}</div>
            {downloads}
            <h3>"Cells recomputed from raw sweeps"</h3>
            {recomputation}
            <h3>"Engines"</h3>
            <TableView table=engines_table(&study.results)/>
        </section>
    }
}
