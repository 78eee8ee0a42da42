//! The engine key: one chip per engine, the study's in file order and then each compared
//! file's engines the study lacks, styled as their lines are. The page's legend and the
//! pre-rendered page both draw these.

use crate::core::model::{Engine, Results};
use crate::core::palette::{engine_style, EngineStyle};

/// One engine of the legend.
#[derive(Clone, Debug, PartialEq)]
pub struct Chip {
    /// Engine id.
    pub id: String,
    /// Label.
    pub label: String,
    /// Colour and marker.
    pub style: EngineStyle,
    /// Checkpoint and setup file, for the detail.
    pub detail: String,
    /// Only a compared file has this engine (it cannot be filtered in the first file).
    pub compared_only: bool,
}

/// The chips of a study and its compared files: the study's engines in file order, then
/// each compared file's engines the study lacks, styled as their lines are.
pub fn chips_for(first: &Results, compared: &[&Results]) -> Vec<Chip> {
    let detail = |e: &Engine| {
        format!(
            "{} · checkpoint {} · setup {}",
            e.id,
            e.checkpoint.as_deref().unwrap_or("not stated"),
            e.source.as_deref().unwrap_or("not stated")
        )
    };
    let mut chips: Vec<Chip> = first
        .engines
        .iter()
        .enumerate()
        .map(|(i, e)| Chip { id: e.id.clone(), label: e.label.clone(), style: engine_style(i), detail: detail(e), compared_only: false })
        .collect();
    for file in compared {
        let mut extra = 0;
        for e in &file.engines {
            if first.engine(&e.id).is_none() {
                extra += 1;
                if !chips.iter().any(|c| c.id == e.id) {
                    chips.push(Chip {
                        id: e.id.clone(),
                        label: e.label.clone(),
                        style: engine_style(first.engines.len() + extra - 1),
                        detail: detail(e),
                        compared_only: true,
                    });
                }
            }
        }
    }
    chips
}
