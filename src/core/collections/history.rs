//! One engine's figure across a collection's studies: the metric at one workload and
//! concurrency in every study that measured it, by study date. Only like is joined with
//! like: a history follows one engine id on one model and one hardware (unless the link
//! spans hardware), and draws a line per checkpoint (and hardware, when spanned) — an engine
//! id such as `vllm` is shared by studies of unrelated models, which are never one line.
//! Studies of the engine elsewhere, and those that did not measure it, are named as such;
//! pairs that report the same setup with different values are flagged as conflicting, and
//! pairs whose files describe different setups (their scope: a power limit, a driver) are
//! shown as different settings, never as a conflict.

use crate::core::collections::catalog::NOT_STATED;
use crate::core::collections::collection::{Collection, StudyEntry};
use crate::core::display::compare::find_workload;
use crate::core::display::series::cell_at;
use crate::core::display::tables::{Cell, Column, Field, NumberKind, Row, RowHead, Table};
use crate::core::link::{View, ViewState, WorkloadKey};
use crate::core::measures::cost::Prices;
use crate::core::measures::metric::Metric;
use crate::core::study::model::Results;

/// One study's value.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryPoint {
    /// Which study (its position in the list given).
    pub study: usize,
    /// Its date, as written.
    pub date: String,
    /// Days since 1970-01-01 (the chart's x), when the date reads as `YYYY-MM-DD`.
    pub day: Option<f64>,
    /// The value.
    pub value: f64,
    /// Which line it is on (an index into `History::lines`).
    pub line: usize,
    /// The engine's label in that study ("vLLM 0.19 DeepEP").
    pub label: String,
    /// The engine's checkpoint in that study.
    pub checkpoint: Option<String>,
}

/// What a history follows: one engine id on one model, on one hardware or across all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryScope {
    /// The engine id.
    pub engine: String,
    /// The study's model, or `None` for studies that state none.
    pub model: Option<String>,
    /// The study's hardware; `None` spans every hardware (`across=hardware`).
    pub hardware: Option<String>,
}

/// The history of one figure.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    /// Every measured point, by date.
    pub points: Vec<HistoryPoint>,
    /// The lines points are joined on: "checkpoint org/model" (" · H200" when spanning hardware).
    pub lines: Vec<String>,
    /// Studies that did not measure it.
    pub not_measured: Vec<usize>,
    /// Studies of the engine on another model or hardware, with where: never joined here.
    pub elsewhere: Vec<(usize, String)>,
    /// Pairs of studies that report the same setup with different values.
    pub conflicts: Vec<(usize, usize)>,
    /// Pairs on one line whose files describe different setups (their `scope` differs).
    pub settings: Vec<(usize, usize)>,
}

/// Days since 1970-01-01 of a `YYYY-MM-DD` date.
pub fn day_of(date: &str) -> Option<f64> {
    let mut parts = date.get(..10)?.splitn(3, '-');
    let (y, m, d): (i64, i64, i64) = (parts.next()?.parse().ok()?, parts.next()?.parse().ok()?, parts.next()?.parse().ok()?);
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    // Civil date to days (Howard Hinnant's algorithm).
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some((era * 146_097 + doe - 719_468) as f64)
}

/// The load levels a history can follow in workload `key`: those every study that has
/// the workload measured, else the first such study's.
pub fn history_levels(studies: &[&Results], key: WorkloadKey) -> Vec<f64> {
    let workloads: Vec<&crate::core::study::model::Workload> = studies.iter().filter_map(|s| find_workload(s, key)).collect();
    let first = workloads.first().map(|w| w.levels.clone()).unwrap_or_default();
    let common: Vec<f64> = first.iter().copied().filter(|l| workloads.iter().all(|w| w.levels.contains(l))).collect();
    if common.is_empty() {
        first
    } else {
        common
    }
}

/// The level a history follows: the link's (`conc=`, or `rate=` for a rate-driven
/// workload) when one of `levels`, else the first of `levels`; and, when the link's was
/// set aside, the notice that says so.
pub fn followed_level(state: &ViewState, key: WorkloadKey, levels: &[f64]) -> (Option<f64>, Option<String>) {
    let asked = match key.load {
        crate::core::study::model::LoadAxis::Concurrency => state.conc.map(f64::from),
        crate::core::study::model::LoadAxis::Rate => state.rate,
    };
    match asked {
        Some(level) if levels.contains(&level) || levels.is_empty() => (Some(level), None),
        Some(level) => {
            let shown = levels.first().copied();
            let said = shown.map(|l| key.load.level_label(l)).unwrap_or_default();
            (shown, Some(format!("{} is not a level these studies measured: showing {said}.", key.load.level_label(level))))
        }
        None => (levels.first().copied(), None),
    }
}

/// How many studies of a collection measured workload `key`'s lengths only along the
/// other load axis, as a sentence: they are not joined on this x axis.
pub fn other_axis_note<'a>(study_workloads: impl IntoIterator<Item = &'a [String]>, key: WorkloadKey) -> Option<String> {
    use crate::core::study::model::LoadAxis;
    let other = WorkloadKey { load: if key.load == LoadAxis::Rate { LoadAxis::Concurrency } else { LoadAxis::Rate }, ..key };
    let (this, that) = (key.to_string(), other.to_string());
    let n = study_workloads.into_iter().filter(|w| w.contains(&that) && !w.contains(&this)).count();
    (n > 0).then(|| {
        let studies = if n == 1 { "1 study".to_owned() } else { format!("{n} studies") };
        format!(
            "{studies} measured ISL {} / OSL {} by {} rather than by {}: a different load axis, so {} not joined on this line (pick the workload “{}” to follow {}).",
            key.isl,
            key.osl,
            other.load.noun(),
            key.load.noun(),
            if n == 1 { "it is" } else { "they are" },
            other.words(),
            if n == 1 { "it" } else { "them" },
        )
    })
}

/// The setup a history follows, from the link and the manifest: the link's engine (else the
/// id most studies list), its `model=` and `hardware=` (else the engine's most studied ones),
/// or every hardware with `across=hardware`.
pub fn history_scope(collection: &Collection, state: &ViewState) -> HistoryScope {
    // Unchosen, the history opens on its longest series: the (engine, model, hardware) the
    // most studies share, within what the link chose (ties: the manifest's order, newest
    // first) — never on a one-point line when a longer one exists (QA pass 4, F12: the engine
    // most studies list, split over three setups, opened on one point of it).
    let model_of = |s: &StudyEntry| s.model.clone();
    let hardware_of = |s: &StudyEntry| s.hardware.clone().unwrap_or_else(|| NOT_STATED.to_owned());
    let chosen_model = |s: &StudyEntry| state.model.as_ref().is_none_or(|m| s.model.as_deref().unwrap_or(NOT_STATED) == m);
    let chosen_hardware = |s: &StudyEntry| state.across_hardware || state.hardware.as_ref().is_none_or(|h| &hardware_of(s) == h);
    let setups = collection.studies.iter().filter(|s| chosen_model(s) && chosen_hardware(s)).flat_map(|s| {
        let hardware = (!state.across_hardware).then(|| hardware_of(s));
        s.distinct_engine_ids()
            .into_iter()
            .filter(|e| state.engine.as_ref().is_none_or(|chosen| chosen == e))
            .map(move |e| (e, model_of(s), hardware.clone()))
    });
    let longest = crate::core::basics::stats::most_common(setups);
    let engine = state.engine.clone().or_else(|| longest.as_ref().map(|(e, _, _)| e.clone())).unwrap_or_default();
    let model = match &state.model {
        Some(m) if m == NOT_STATED => None,
        Some(m) => Some(m.clone()),
        None => longest.as_ref().and_then(|(_, m, _)| m.clone()),
    };
    let hardware = match (&state.hardware, state.across_hardware) {
        (_, true) => None,
        (Some(h), false) => Some(h.clone()),
        (None, false) => Some(longest.and_then(|(_, _, h)| h).unwrap_or_else(|| NOT_STATED.to_owned())),
    };
    HistoryScope { engine, model, hardware }
}

/// The models and hardware a history of `engine` can follow: each once, in manifest order
/// ("not stated" for a study that states none).
pub fn history_setups(collection: &Collection, engine: &str) -> (Vec<String>, Vec<String>) {
    let (mut models, mut hardware) = (Vec::new(), Vec::new());
    for s in collection.studies.iter().filter(|s| s.engine_ids.iter().any(|e| e == engine)) {
        let (m, h) = (s.model.clone().unwrap_or_else(|| NOT_STATED.into()), s.hardware.clone().unwrap_or_else(|| NOT_STATED.into()));
        if !models.contains(&m) {
            models.push(m);
        }
        if !hardware.contains(&h) {
            hardware.push(h);
        }
    }
    (models, hardware)
}

/// Whether a manifest entry may hold the history's points: its engine, model and hardware
/// (where the manifest says them) match the scope. The rest are never fetched.
pub fn may_hold(entry: &StudyEntry, scope: &HistoryScope) -> bool {
    let engine = entry.engine_ids.is_empty() || entry.engine_ids.contains(&scope.engine);
    engine && scope.covers(entry.model.as_deref(), entry.hardware.as_deref())
}

impl HistoryScope {
    /// Whether a study of `model` on `hardware` is on this history's setup: the manifest's
    /// entry and the study itself are asked the same question.
    pub fn covers(&self, model: Option<&str>, hardware: Option<&str>) -> bool {
        let on_hardware = match &self.hardware {
            None => true,
            Some(h) if h == NOT_STATED => hardware.is_none(),
            Some(h) => hardware == Some(h.as_str()),
        };
        model == self.model.as_deref() && on_hardware
    }
}

/// Where a study ran, as the history says it: "Llama-3.3-70B on H200".
pub fn setup_words(model: Option<&str>, hardware: Option<&str>) -> String {
    format!("{} on {}", model.unwrap_or("model not stated"), hardware.unwrap_or("hardware not stated"))
}

/// The history of `metric` for the engine and setup of `scope` in workload `key` at load
/// `level` (a concurrency, or a request rate when `key` is rate-driven) over `studies`.
pub fn history(studies: &[&Results], scope: &HistoryScope, key: WorkloadKey, metric: Metric, level: f64, prices: &Prices) -> History {
    let mut out = History::default();
    // Per point: its study, line, engine label, scope text and value.
    let mut seen: Vec<(usize, usize, &str, Option<&str>, f64)> = Vec::new();
    for (i, study) in studies.iter().enumerate() {
        let Some(engine) = study.engine(&scope.engine) else {
            out.not_measured.push(i);
            continue;
        };
        let here = scope.covers(study.model(), study.hardware());
        let value = find_workload(study, key)
            .and_then(|w| cell_at(w, &scope.engine, level))
            .filter(|c| !c.all_failed())
            .and_then(|c| metric.value(c, prices));
        let Some(value) = value else {
            out.not_measured.push(i);
            continue;
        };
        if !here {
            out.elsewhere.push((i, setup_words(study.model(), study.hardware())));
            continue;
        }
        let checkpoint = engine.checkpoint.as_deref().unwrap_or("not stated");
        let name = match (&scope.hardware, study.hardware()) {
            (Some(_), _) => format!("checkpoint {checkpoint}"),
            (None, hardware) => format!("checkpoint {checkpoint} · {}", hardware.unwrap_or("hardware not stated")),
        };
        let line = out.lines.iter().position(|l| *l == name).unwrap_or_else(|| {
            out.lines.push(name);
            out.lines.len() - 1
        });
        let described = study.scope();
        for &(j, other_line, label, other_scope, v) in &seen {
            if other_line != line || label != engine.label {
                continue;
            }
            if other_scope != described {
                out.settings.push((j, i));
            } else if v != value {
                out.conflicts.push((j, i));
            }
        }
        seen.push((i, line, &engine.label, described, value));
        out.points.push(HistoryPoint {
            study: i,
            date: study.date().to_owned(),
            day: day_of(study.date()),
            value,
            line,
            label: engine.label.clone(),
            checkpoint: engine.checkpoint.clone(),
        });
    }
    out.points.sort_by(|a, b| a.date.cmp(&b.date).then(a.study.cmp(&b.study)));
    out
}

/// The history's title: the engine as its studies label it, on the setup followed.
pub fn history_title(history: &History, scope: &HistoryScope, fallback_label: &str) -> String {
    let mut labels: Vec<&str> = Vec::new();
    for p in &history.points {
        if !labels.contains(&p.label.as_str()) {
            labels.push(&p.label);
        }
    }
    let engine = match labels.as_slice() {
        [] => fallback_label.to_owned(),
        [one] => (*one).to_owned(),
        many => format!("{} ({})", scope.engine, many.join(", ")),
    };
    let model = scope.model.as_deref().unwrap_or("a model not stated");
    let hardware = scope.hardware.as_deref().unwrap_or("every hardware");
    format!("{engine} on {model} · {hardware}, across studies")
}

/// The history as a table: one row per study read (its title linking to it at this
/// workload), its date, the value or "not measured in this study", and any conflict;
/// `not_read` studies the manifest says did not measure it are counted in the caption.
pub fn history_table(studies: &[(&Results, String)], history: &History, metric: Metric, state: &ViewState, not_read: usize) -> Table {
    let kind = if metric.is_derived() { NumberKind::Derived } else { NumberKind::Plain };
    let mut order: Vec<usize> = (0..studies.len()).collect();
    order.sort_by(|&a, &b| studies[a].0.date().cmp(studies[b].0.date()).then(a.cmp(&b)));
    let rows = order
        .into_iter()
        .map(|i| {
            let (study, src) = &studies[i];
            let point = history.points.iter().find(|p| p.study == i);
            let value = point.map(|p| p.value);
            let partners = |pairs: &[(usize, usize)]| -> Vec<usize> {
                pairs
                    .iter()
                    .filter_map(|&(a, b)| {
                        if a == i {
                            Some(b)
                        } else if b == i {
                            Some(a)
                        } else {
                            None
                        }
                    })
                    .collect()
            };
            let conflicting: Vec<String> = partners(&history.conflicts)
                .into_iter()
                .map(|j| format!("conflicts with {} ({})", studies[j].0.title(), studies[j].0.date()))
                .collect();
            let settings: Vec<String> = partners(&history.settings)
                .into_iter()
                .map(|j| {
                    format!(
                        "a different setting from {} ({}): their files describe different setups",
                        studies[j].0.title(),
                        studies[j].0.date()
                    )
                })
                .collect();
            let elsewhere = history.elsewhere.iter().find(|(s, _)| *s == i).map(|(_, setup)| setup.clone());
            let link = ViewState {
                index: state.index.clone(),
                src: src.parse().ok(),
                view: Some(View::Serving),
                workload: state.workload,
                metric: state.metric,
                ..ViewState::default()
            };
            let head = RowHead { label: study.title().to_owned(), id: Some(src.clone()), swatch: None, tag: None, link: Some(link) };
            let shown = match (value, elsewhere) {
                (Some(v), _) => Field::Number(v, kind),
                (None, Some(setup)) => Field::Note(format!("another setup: {setup}, not joined")),
                (None, None) => Field::Note("not measured in this study".into()),
            };
            let mut remarks = conflicting.clone();
            remarks.extend(settings);
            let cells: Vec<Cell> = vec![
                Field::Text(study.date().to_owned()).into(),
                shown.into(),
                Field::Text(point.map(|p| p.label.clone()).unwrap_or_default()).into(),
                Field::Text(point.map(|p| p.checkpoint.clone().unwrap_or_else(|| "not stated".into())).unwrap_or_default()).into(),
                Field::Text(study.hardware().map(str::to_owned).unwrap_or_else(|| "not stated".into())).into(),
                if remarks.is_empty() { Field::Text(String::new()) } else { Field::Note(remarks.join("; ")) }.into(),
            ];
            Row { head, cells, sources: Vec::new(), mismatch: !conflicting.is_empty() }
        })
        .collect();
    Table {
        name: "history",
        caption: format!(
            "{} across the collection's studies: {} measured, {} not, {} on another setup, {} conflicting pair{}",
            metric.axis_title(),
            history.points.len(),
            history.not_measured.len() + not_read,
            history.elsewhere.len(),
            history.conflicts.len(),
            crate::core::basics::format::plural(history.conflicts.len(), "", "s")
        ),
        head: "Study".into(),
        head_csv: ("title", Some("src")),
        columns: vec![
            Column::new("date", "date"),
            Column::new(metric.axis_title(), metric.as_str()),
            Column::new("engine as labelled", "engine_label"),
            Column::new("checkpoint", "checkpoint"),
            Column::new("hardware", "hardware"),
            Column::new("conflict or setting", "conflict"),
        ],
        rows,
        show_sources: false,
        by_concurrency: false,
    }
}

#[cfg(test)]
mod tests {
    use super::day_of;

    #[test]
    fn dates_read_as_days_since_the_epoch() {
        assert_eq!(day_of("1970-01-01"), Some(0.0));
        assert_eq!(day_of("2026-10-30"), Some(20_756.0));
        assert_eq!(day_of("2026-13-01"), None);
        assert_eq!(day_of("soon"), None);
    }
}
