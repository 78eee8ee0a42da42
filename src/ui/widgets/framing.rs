//! The words around a chart's export and a table's CSV that only the page knows: the link,
//! the file's hash and "null = not measured" in a footer. The title line and the file name
//! are the core's (`core::views::panel::{study_line, stem}`), one rule for both renderers.

use crate::ui::state::file::Study;
use crate::ui::state::{share_link, PageState};

/// The footer: the link, then the results file with its sha256, and what a gap means.
pub fn footer(page: PageState, study: &Study) -> Vec<String> {
    let link = leptos::prelude::untrack(|| share_link(page)).unwrap_or_else(|| format!("local file {} (not linkable)", study.src));
    vec![link, format!("results {} · sha256 {} · null = not measured", study.src, study.sha256)]
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
