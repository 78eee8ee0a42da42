//! What the history view shows besides its chart and table, built from the manifest and the
//! history the core computed: the pickers' options, which studies are fetched and which are
//! listed as not on the line, the notices, the lines' key, the tooltip, the summary and the
//! export's title. The view renders these fields; the rules live here, where tests reach them.

use crate::core::basics::format::{plural, readable};
use crate::core::collections::collection::Collection;
use crate::core::collections::history::{may_hold, setup_words, History, HistoryScope};
use crate::core::display::tooltip::{TipLine, Tooltip};
use crate::core::link::WorkloadKey;
use crate::core::measures::metric::Metric;
use crate::core::study::model::{LoadAxis, Results};

/// The hardware picker's value for "every hardware" (`across=hardware` in the link).
pub const EVERY_HARDWARE: &str = "*";

/// What the manifest offers a history: engine ids with their labels and workloads with
/// their names, each once, in manifest order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HistoryChoices {
    /// `(engine id, what a picker says)`: the id with every label the studies give it
    /// ("vllm: vLLM + AITER, vLLM 0.19 DeepEP"), since one id stands for every build so named.
    pub engines: Vec<(String, String)>,
    /// `(workload token, name)`: "1024x1024" → "ISL 1024 / OSL 1024".
    pub workloads: Vec<(String, String)>,
    /// `(engine id, the first label the studies give it)`, for a title.
    pub labels: Vec<(String, String)>,
}

impl HistoryChoices {
    /// The choices a collection offers.
    pub fn of(collection: &Collection) -> Self {
        let mut out = HistoryChoices::default();
        let mut labels: Vec<(String, Vec<String>)> = Vec::new();
        for s in &collection.studies {
            for (id, label) in s.engine_ids.iter().zip(&s.engines) {
                match labels.iter_mut().find(|(i, _)| i == id) {
                    Some((_, seen)) if !seen.contains(label) => seen.push(label.clone()),
                    Some(_) => {}
                    None => labels.push((id.clone(), vec![label.clone()])),
                }
            }
            for w in &s.workloads {
                if !out.workloads.iter().any(|(t, _)| t == w) {
                    out.workloads.push((w.clone(), workload_words(w)));
                }
            }
        }
        out.labels = labels.iter().map(|(id, l)| (id.clone(), l.first().cloned().unwrap_or_default())).collect();
        out.engines = labels.into_iter().map(|(id, labels)| (id.clone(), engine_choice_words(&id, &labels))).collect();
        out
    }

    /// The workload a link without `workload=` follows: the first listed.
    pub fn first_workload(&self) -> Option<WorkloadKey> {
        self.workloads.first().and_then(|(w, _)| w.parse().ok())
    }

    /// An engine's label for a title (the first the studies give it: "Paiton CDNA4"), or its
    /// id when the manifest gives none.
    pub fn engine_label(&self, id: &str) -> String {
        self.labels.iter().find(|(i, _)| i == id).map_or_else(|| id.to_owned(), |(_, l)| l.clone())
    }

    /// The engine's position among the choices: its colour, as on every chart of it.
    pub fn engine_index(&self, id: &str) -> usize {
        self.engines.iter().position(|(i, _)| i == id).unwrap_or(0)
    }
}

/// An engine id with the labels the studies give it, each once: at most three, then how
/// many more (a picker's line stays readable).
pub fn engine_choice_words(id: &str, labels: &[String]) -> String {
    const SHOWN: usize = 3;
    let mut words = labels.iter().take(SHOWN).cloned().collect::<Vec<_>>().join(", ");
    if labels.len() > SHOWN {
        words.push_str(&format!(" and {} more", labels.len() - SHOWN));
    }
    format!("{id}: {words}")
}

/// A workload token in words (`WorkloadKey::words`); a token that does not parse is shown as is.
pub fn workload_words(token: &str) -> String {
    token.parse::<WorkloadKey>().map_or_else(|_| token.to_owned(), |key| key.words())
}

/// The hardware picker's options: each hardware the engine ran on, then every hardware.
pub fn hardware_options(hardware: &[String]) -> Vec<(String, String)> {
    let mut options: Vec<(String, String)> = hardware.iter().map(|h| (h.clone(), h.clone())).collect();
    options.push((EVERY_HARDWARE.into(), "every hardware (a line each)".into()));
    options
}

/// Which studies of the collection are fetched (`src`s whose manifest entry may hold a point
/// of this engine, setup and workload) — the rest are listed, never read.
pub fn studies_to_read(collection: &Collection, srcs: &[String], scope: &HistoryScope, workload: Option<WorkloadKey>) -> Vec<String> {
    let key = workload.map(|w| w.to_string());
    collection
        .studies
        .iter()
        .zip(srcs)
        .filter(|(s, _)| may_hold(s, scope))
        .filter(|(s, _)| s.workloads.is_empty() || key.as_ref().is_none_or(|k| s.workloads.contains(k)))
        .map(|(_, src)| src.clone())
        .collect()
}

/// The studies not read, as the list under the table says them: "title (date) — model on hardware".
pub fn studies_not_read(collection: &Collection, srcs: &[String], read: &[String]) -> Vec<String> {
    collection
        .studies
        .iter()
        .zip(srcs)
        .filter(|(_, src)| !read.contains(src))
        .map(|(s, _)| format!("{} ({}) — {}", s.title, s.date, setup_words(s.model.as_deref(), s.hardware.as_deref())))
        .collect()
}

/// The notices above the chart: conflicting pairs (flagged, not merged) and pairs that
/// differ only in their described setup (different settings, not a conflict).
pub fn history_notices(history: &History) -> (Option<String>, Option<String>) {
    // "1 pair of studies reports …" / "3 pairs of studies report …"; none, no notice.
    let said = |n: usize, verb: (&str, &str), rest: &str| match n {
        0 => None,
        1 => Some(format!("1 pair of studies {} {rest}", verb.0)),
        n => Some(format!("{n} pairs of studies {} {rest}", verb.1)),
    };
    (
        said(
            history.conflicts.len(),
            ("reports", "report"),
            "the same engine, checkpoint, hardware, setup, workload and concurrency with different values: flagged below, not merged.",
        ),
        said(
            history.settings.len(),
            ("differs", "differ"),
            "only in the setup their files describe (a power limit, a driver…): shown as different settings, not as a conflict.",
        ),
    )
}

/// The lines' key: each line's name with how many studies it joins ("… · 3 studies").
pub fn line_key(history: &History) -> Vec<String> {
    history
        .lines
        .iter()
        .enumerate()
        .map(|(k, l)| {
            let n = history.points.iter().filter(|p| p.line == k).count();
            format!("{l} · {n} {}", plural(n, "study", "studies"))
        })
        .collect()
}

/// The tooltip of the point at `index`: its study, date, engine label, line and value.
pub fn history_tip(history: &History, index: usize, studies: &[&Results], metric: Metric) -> Option<Tooltip> {
    let point = history.points.get(index)?;
    let study = studies.get(point.study)?;
    let line = |label: &str, value: String| TipLine { label: label.into(), value, exact: None, warn: false };
    Some(Tooltip {
        title: study.title().to_owned(),
        lines: vec![
            line("date", point.date.clone()),
            line("engine", point.label.clone()),
            line("line", history.lines.get(point.line).cloned().unwrap_or_default()),
            TipLine { label: metric.axis_title().into(), value: readable(point.value), exact: Some(point.value.to_string()), warn: false },
        ],
    })
}

/// The chart's text summary, for screen readers and the no-canvas fallback.
pub fn history_summary(history: &History, y_title: &str) -> String {
    let values: Vec<String> = history.points.iter().map(|p| format!("{}: {}", p.date, readable(p.value))).collect();
    format!("History of {y_title} across {} studies: {}", history.points.len(), values.join("; "))
}

/// The export's title: the chart's title, the workload, the level and the metric.
pub fn history_export_title(title: &str, workload: Option<WorkloadKey>, level: Option<f64>, metric: Metric) -> String {
    let load = workload.map_or(LoadAxis::Concurrency, |w| w.load);
    format!(
        "{title} · {} · {} · {}",
        workload.map(|w| w.to_string()).unwrap_or_default(),
        level.map(|l| load.level_label(l)).unwrap_or_default(),
        metric.axis_title()
    )
}
