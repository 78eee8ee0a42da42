//! Fetch the studies a history reads: each file once, validated, written into the list
//! only while the list it was asked for is still the one shown (a newer list aborts it).

use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::core::basics::intake::MAX_RESULTS_BYTES;
use crate::core::study::validate::parse_results;
use crate::ui::io::fetch;
use crate::ui::state::across::{AcrossState, AcrossStudy};
use crate::ui::state::PageState;

/// Load `srcs` into the page's list of studies read across the collection.
pub fn load_across(page: PageState, srcs: Vec<String>) {
    if page.across.with_untracked(|a| a.iter().map(|s| &s.src).eq(srcs.iter())) {
        return;
    }
    let task = page.across_task.get_value();
    let ticket = task.begin();
    page.across.set(srcs.iter().map(|src| AcrossStudy { src: src.clone(), state: AcrossState::Loading }).collect());
    for (k, src) in srcs.into_iter().enumerate() {
        let (task, ticket) = (task.clone(), ticket.clone());
        spawn_local(async move {
            let state = match fetch::fetch_bytes(&src, MAX_RESULTS_BYTES, ticket.signal(), |_, _| {}).await {
                Err(fetch::FetchError::Aborted) => return,
                Err(e) => AcrossState::Failed(format!("{src}: {e}")),
                Ok(bytes) => match parse_results(&bytes).results {
                    Some(results) => AcrossState::Ready(Arc::new(results)),
                    None => AcrossState::Failed(format!("{src}: not a valid results file")),
                },
            };
            if task.is_current(&ticket) {
                page.across.update(|list| {
                    if let Some(entry) = list.get_mut(k) {
                        entry.state = state;
                    }
                });
            }
        });
    }
}
