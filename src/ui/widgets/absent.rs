//! A block the file does not have, or has without a measurement: said in the core's words.

use leptos::prelude::*;

use crate::core::contents::BlockSummary;

/// "Prefill: not in this file." under the view's heading.
#[component]
pub fn AbsentBlock(
    /// The view's heading.
    #[prop(into)]
    title: String,
    /// The block's summary.
    block: BlockSummary,
) -> impl IntoView {
    view! { <section class="panel"><h2>{title}</h2><p class="absent">{block.name} ": " {block.status} "."</p></section> }
}
