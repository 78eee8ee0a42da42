//! The engine key: one chip per engine, the study's in file order and then each compared
//! file's engines the study lacks, styled as their lines are. The page's legend and the
//! pre-rendered page both draw these.

use crate::core::display::palette::{engine_style, EngineStyle};
use crate::core::measures::cost::Prices;
use crate::core::measures::metric::Metric;
use crate::core::study::model::{Engine, Results};

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
    /// The same engine id under another label in a compared file: `(file number, label)`
    /// ("file 3: TensorRT-LLM 1.3 NVFP4"), so every file's engine is named.
    pub also: Vec<(usize, String)>,
    /// Files are compared: the chip keys the engine by colour alone (shapes key the files).
    pub colour_only: bool,
}

impl Chip {
    /// The chip's words: its label, and each other label its id has in a compared file.
    pub fn text(&self) -> String {
        let also: Vec<String> = self.also.iter().map(|(k, l)| format!("file {k}: {l}")).collect();
        if also.is_empty() {
            self.label.clone()
        } else {
            format!("{} ({})", self.label, also.join("; "))
        }
    }
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
        .engines()
        .iter()
        .enumerate()
        .map(|(i, e)| Chip {
            id: e.id.clone(),
            label: e.label.clone(),
            style: engine_style(i),
            detail: detail(e),
            compared_only: false,
            also: Vec::new(),
            colour_only: false,
        })
        .collect();
    for (k, file) in compared.iter().enumerate() {
        let mut extra = 0;
        for e in file.engines() {
            if first.engine(&e.id).is_none() {
                extra += 1;
            }
            match chips.iter_mut().find(|c| c.id == e.id) {
                // An engine id already named: its label in this file is said too when it differs.
                Some(chip) => {
                    if chip.label != e.label && !chip.also.iter().any(|(_, l)| *l == e.label) {
                        chip.also.push((k + 2, e.label.clone()));
                    }
                }
                None => chips.push(Chip {
                    id: e.id.clone(),
                    label: e.label.clone(),
                    style: engine_style(first.engines().len() + extra - 1),
                    detail: detail(e),
                    compared_only: true,
                    also: Vec::new(),
                    colour_only: false,
                }),
            }
        }
    }
    // Shapes say files while several are compared and every engine has a colour of its own
    // (the rule of `compare::shapes_mark_files`; the chips are that union of engines): a
    // chip then keys its engine by colour alone.
    let colour_only = !compared.is_empty() && chips.len() <= crate::core::display::palette::ENGINE_COLOURS.len();
    for chip in &mut chips {
        chip.colour_only = colour_only;
    }
    chips
}

/// What a chip says of an engine with nothing drawn for `metric` in a workload: a cost with
/// no price given is not a measurement missing from the file, and says so.
pub fn absent_words(metric: Metric, prices: &Prices) -> &'static str {
    if metric == Metric::CostPerMtok && !prices.any() {
        "no price given"
    } else {
        "not measured in this workload"
    }
}
