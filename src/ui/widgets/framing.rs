//! The words around a chart's export and a table's CSV: the study, hardware, workload,
//! metric and mode in a title line; the link, the file's hash and "null = not measured" in
//! a footer; a file name carrying the view, workload and metric.

use crate::core::link::View;
use crate::ui::state::file::Study;
use crate::ui::state::{share_link, PageState};

/// "Study title · hardware", what every export's title starts with.
pub fn study_line(study: &Study) -> String {
    match study.results.hardware() {
        Some(hardware) => format!("{} · {hardware}", study.results.title()),
        None => study.results.title().to_owned(),
    }
}

/// The footer: the link, then the results file with its sha256, and what a gap means.
pub fn footer(page: PageState, study: &Study) -> Vec<String> {
    let link = leptos::prelude::untrack(|| share_link(page)).unwrap_or_else(|| format!("local file {} (not linkable)", study.src));
    vec![link, format!("results {} · sha256 {} · null = not measured", study.src, study.sha256)]
}

/// `servescope-<view>-<workload>-<metric>` with the parts given.
pub fn stem(view: View, parts: &[String]) -> String {
    let mut stem = format!("servescope-{view}");
    for part in parts.iter().filter(|p| !p.is_empty()) {
        stem.push('-');
        stem.push_str(part);
    }
    stem
}

/// The footer of a chart that draws compared files' lines: every file's path and sha256,
/// numbered as the page's key numbers them, not only the first.
pub fn footer_with_compared(page: PageState, study: &Study) -> Vec<String> {
    let mut lines = footer(page, study);
    let others = leptos::prelude::untrack(|| page.compared_studies());
    for (k, other) in others.iter().enumerate() {
        lines.push(format!("file {}: {} · sha256 {}", k + 2, other.src, other.sha256));
    }
    lines
}
