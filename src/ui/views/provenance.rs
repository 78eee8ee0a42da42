//! The provenance view and header badge: every source, its hash status, and everything
//! that cites it; then the cells recomputed from verified sweep sources.

use std::sync::Arc;

use leptos::prelude::*;

use crate::core::provenance::{citations, SourceStatus, StatusCounts};
use crate::ui::app::{Loaded, Page};

/// "17 sources · 0 verified · 0 mismatched · 17 unavailable", live as checks finish.
#[component]
pub fn SourcesBadge() -> impl IntoView {
    let page = expect_context::<Page>();
    let counts = Memo::new(move |_| page.checks.statuses.with(|s| StatusCounts::of(s.iter())));
    let class = move || {
        let c = counts.get();
        if c.mismatched > 0 { "badge sources mismatch" } else if c.verified == c.total && c.total > 0 { "badge sources verified" } else { "badge sources" }
    };
    view! { <p class=class aria-live="polite">{move || counts.get().to_string()}</p> }
}

fn status_class(status: &SourceStatus) -> &'static str {
    match status {
        SourceStatus::Verified => "status verified",
        SourceStatus::Mismatch { .. } => "status mismatch",
        SourceStatus::Unavailable(_) => "status unavailable",
        SourceStatus::NotChecked(_) => "status not-checked",
    }
}

/// Every source with its status and citations, and the recomputation from sweeps.
#[component]
pub fn ProvenanceView(
    /// The loaded file.
    loaded: Arc<Loaded>,
) -> impl IntoView {
    let page = expect_context::<Page>();
    let checks = page.checks;
    let cited = citations(&loaded.results);
    let progress = move || {
        checks.progress.get().map(|p| {
            let label = match p.total {
                Some(total) => format!("Checking {}: {} of {} bytes", p.name, p.done, total),
                None => format!("Checking {}: {} bytes", p.name, p.done),
            };
            let max = p.total.unwrap_or(p.done.max(1)).to_string();
            view! { <p class="progress"><label>{label.clone()} " " <progress max=max value=p.done.to_string() aria-label=label></progress></label></p> }
        })
    };
    let sources = loaded.results.sources.clone();
    let loaded_for_rows = loaded.clone();
    let rows = move || {
        let loaded = &loaded_for_rows;
        let statuses = checks.statuses.get();
        sources
            .iter()
            .enumerate()
            .map(|(i, source)| {
                let status = statuses.get(i).cloned().unwrap_or(SourceStatus::NotChecked("not reached yet".into()));
                let citing = cited.get(source.name()).cloned().unwrap_or_default();
                let cited_by = if citing.is_empty() {
                    view! { <span class="absent">"not cited"</span> }.into_any()
                } else {
                    let items = citing.iter().map(|c| view! { <li>{c.what.clone()} " " <code class="path">{c.path.clone()}</code></li> }).collect_view();
                    view! {
                        <details>
                            <summary>{citing.len()} {if citing.len() == 1 { " citation" } else { " citations" }}</summary>
                            <ul class="citations">{items}</ul>
                        </details>
                    }
                    .into_any()
                };
                let origin = source.original_path.clone().or_else(|| source.url.clone()).unwrap_or_default();
                // Bytes arrived for a verified or mismatched source: offer them for download.
                let download = match (&status, &loaded.origin, source.file.as_deref()) {
                    (SourceStatus::Verified | SourceStatus::Mismatch { .. }, crate::ui::sources::Origin::Url(base), Some(file)) => {
                        web_sys::Url::new_with_base(file, base).ok().map(|u| view! { <br/><a class="download-source" href=u.href() download="">"download"</a> })
                    }
                    _ => None,
                };
                view! {
                    <tr>
                        <td><code>{source.name().to_owned()}</code>{download}</td>
                        <td><code>{origin}</code>{source.retrieved.clone().map(|r| view! { <br/><span class="retrieved">"retrieved " {r}</span> })}</td>
                        <td class=status_class(&status)><strong>{status.label()}</strong><br/><span class="detail">{status.detail()}</span></td>
                        <td>{cited_by}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    let recomputation = move || {
        let all = checks.recomputed.get();
        if all.is_empty() {
            return view! { <p class="absent">"No sweep source is available and verified here, so no serving cell was recomputed."</p> }.into_any();
        }
        let (cells, matched) = all.iter().fold((0, 0), |(c, m), (_, r)| (c + r.cells, m + r.matched));
        let items = all
            .into_iter()
            .map(|(name, r)| {
                let mismatches = r.mismatches.iter().map(|m| view! { <li><code class="path">{m.path.clone()}</code> ": " {m.reason.clone()}</li> }).collect_view();
                view! { <li><code>{name}</code> ": " {r.to_string()} <ul>{mismatches}</ul></li> }
            })
            .collect_view();
        view! {
            <p class="recompute-total">"In total " {matched} " of " {cells} " cells match their source line."</p>
            <ul class="recompute">{items}</ul>
        }
        .into_any()
    };
    view! {
        <section class="panel provenance">
            <h2>"Provenance"</h2>
            <SourcesBadge/>
            <p>
                "Each source file is fetched relative to the results file and its sha256 compared with the one the file publishes. "
                "Only a matching hash counts as verified; a missing file is unavailable, never verified."
            </p>
            {progress}
            <div class="table-scroll">
                <table class="sources-table">
                    <thead><tr><th>"Source"</th><th>"Original path or URL"</th><th>"Status"</th><th>"Cited by"</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <h3>"Cells recomputed from raw sweeps"</h3>
            {recomputation}
        </section>
    }
}
