//! The provenance view as the app first draws it, from the same model (`core::views::
//! provenance`): the checks not yet run, every source with its published hash, what cites
//! each, and the engines.

use super::html::Html;
use super::{badge, table};
use crate::core::link::ViewState;
use crate::core::provenance::TrustSummary;
use crate::core::views::provenance::{ProvenanceModel, Recomputed, VerdictLine, HEADING, HOW_CHECKED, NOTHING_RECOMPUTED, WAITING};

/// Write the provenance panel.
pub(super) fn provenance_html(html: &mut Html, model: &ProvenanceModel, trust: &TrustSummary, state: &ViewState) {
    html.open("section", &[("class", Some("panel provenance"))]);
    html.element("h2", &[], HEADING);
    badge(html, trust, state);
    match &model.verdict {
        VerdictLine::Checking => {
            html.element("p", &[("class", Some("verdict checking"))], "Checking the sources…");
        }
        VerdictLine::Done { pass, partial, sentence } => {
            let class = format!("verdict{}{}", if *pass { "" } else { " fail" }, if *partial { " partial" } else { "" });
            html.open("p", &[("class", Some(&class))]).element("strong", &[], "Verdict: ").text(sentence).close("p");
        }
    }
    html.element("p", &[], HOW_CHECKED);
    // The line the app's checks report their progress on, kept empty (style.css).
    html.element("p", &[("class", Some("progress"))], "");
    html.open("div", &[("class", Some("table-block"))]);
    if let Some(sources) = &model.sources.table {
        html.element("button", &[("type", Some("button")), ("class", Some("toggle export-csv"))], "CSV");
        table::table_html(html, sources);
    }
    html.close("div");
    html.element("h3", &[], "What cites each source");
    html.open("div", &[("class", Some("citing"))]);
    for citing in &model.citing {
        html.open("details", &[("class", Some("citations"))]).open("summary", &[]);
        html.element("code", &[], &citing.name).text(" — ").text(&citing.words).close("summary");
        html.open("ul", &[]);
        for (what, path) in &citing.items {
            html.open("li", &[]).text(what).text(" ").element("code", &[("class", Some("path"))], path).close("li");
        }
        html.close("ul").close("details");
    }
    html.close("div");
    html.element("h3", &[], "Cells recomputed from raw sweeps");
    match &model.recomputed {
        Recomputed::Waiting => {
            html.element("p", &[("class", Some("absent"))], WAITING);
        }
        Recomputed::Nothing => {
            html.element("p", &[("class", Some("absent"))], NOTHING_RECOMPUTED);
        }
        Recomputed::Done { total, sweeps } => {
            html.element("p", &[("class", Some("recompute-total"))], total);
            html.open("ul", &[("class", Some("recompute"))]);
            for sweep in sweeps {
                html.open("li", &[]).element("code", &[], &sweep.name).text(": ").text(&sweep.result).open("ul", &[]);
                for (path, reason) in &sweep.mismatches {
                    html.open("li", &[]).element("code", &[("class", Some("path"))], path).text(": ").text(reason).close("li");
                }
                html.close("ul").close("li");
            }
            html.close("ul");
        }
    }
    html.element("h3", &[], "Engines");
    table::table_html(html, &model.engines);
    html.close("section");
}
