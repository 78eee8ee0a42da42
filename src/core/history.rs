//! One engine's figure across a collection's studies: the metric at one workload and
//! concurrency in every study that measured it, by study date; the studies that did not,
//! named as such; and pairs of studies that report the same engine, checkpoint, hardware,
//! workload and concurrency with different values, flagged as conflicting, never merged.

use crate::core::compare::find_workload;
use crate::core::cost::Prices;
use crate::core::link::{View, ViewState, WorkloadKey};
use crate::core::metric::Metric;
use crate::core::model::Results;
use crate::core::series::cell_at;
use crate::core::tables::{Cell, Column, Field, NumberKind, Row, RowHead, Table};

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
}

/// The history of one figure.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    /// Every measured point, by date.
    pub points: Vec<HistoryPoint>,
    /// Studies that did not measure it.
    pub not_measured: Vec<usize>,
    /// Pairs of studies that report the same cell with different values.
    pub conflicts: Vec<(usize, usize)>,
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
    let workloads: Vec<&crate::core::model::Workload> = studies.iter().filter_map(|s| find_workload(s, key)).collect();
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
        crate::core::model::LoadAxis::Concurrency => state.conc.map(f64::from),
        crate::core::model::LoadAxis::Rate => state.rate,
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
    use crate::core::model::LoadAxis;
    let other = WorkloadKey { load: if key.load == LoadAxis::Rate { LoadAxis::Concurrency } else { LoadAxis::Rate }, ..key };
    let (this, that) = (key.to_string(), other.to_string());
    let n = study_workloads.into_iter().filter(|w| w.contains(&that) && !w.contains(&this)).count();
    (n > 0).then(|| {
        let studies = if n == 1 { "1 study".to_owned() } else { format!("{n} studies") };
        format!(
            "{studies} measured ISL {} / OSL {} by {} rather than by {}: a different load axis, so {} not joined on this line (pick the workload “{} / {} by {}” to follow {}).",
            key.isl,
            key.osl,
            other.load.noun(),
            key.load.noun(),
            if n == 1 { "it is" } else { "they are" },
            key.isl,
            key.osl,
            other.load.noun(),
            if n == 1 { "it" } else { "them" },
        )
    })
}

/// The history of `metric` for engine `engine` in workload `key` at load `level` (a
/// concurrency, or a request rate when `key` is rate-driven) over `studies`.
pub fn history(studies: &[&Results], engine: &str, key: WorkloadKey, metric: Metric, level: f64, prices: &Prices) -> History {
    let mut out = History::default();
    let mut seen: Vec<(usize, Option<&str>, Option<&str>, f64)> = Vec::new();
    for (i, study) in studies.iter().enumerate() {
        let value = find_workload(study, key)
            .and_then(|w| cell_at(w, engine, level))
            .filter(|c| !c.all_failed())
            .and_then(|c| metric.value(c, prices));
        let Some(value) = value else {
            out.not_measured.push(i);
            continue;
        };
        let checkpoint = study.engine(engine).and_then(|e| e.checkpoint.as_deref());
        let hardware = study.hardware.as_deref();
        for &(j, cp, hw, v) in &seen {
            if cp == checkpoint && hw == hardware && v != value {
                out.conflicts.push((j, i));
            }
        }
        seen.push((i, checkpoint, hardware, value));
        out.points.push(HistoryPoint { study: i, date: study.date.clone(), day: day_of(&study.date), value });
    }
    out.points.sort_by(|a, b| a.date.cmp(&b.date).then(a.study.cmp(&b.study)));
    out
}

/// The history as a table: one row per study read (its title linking to it at this
/// workload), its date, the value or "not measured in this study", and any conflict;
/// `not_read` studies the manifest says did not measure it are counted in the caption.
pub fn history_table(studies: &[(&Results, String)], history: &History, metric: Metric, state: &ViewState, not_read: usize) -> Table {
    let kind = if metric.is_derived() { NumberKind::Derived } else { NumberKind::Plain };
    let mut order: Vec<usize> = (0..studies.len()).collect();
    order.sort_by(|&a, &b| studies[a].0.date.cmp(&studies[b].0.date).then(a.cmp(&b)));
    let rows = order
        .into_iter()
        .map(|i| {
            let (study, src) = &studies[i];
            let value = history.points.iter().find(|p| p.study == i).map(|p| p.value);
            let conflicting: Vec<String> = history
                .conflicts
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
                .map(|j| format!("conflicts with {} ({})", studies[j].0.title, studies[j].0.date))
                .collect();
            let link = ViewState {
                index: state.index.clone(),
                src: src.parse().ok(),
                view: Some(View::Serving),
                workload: state.workload,
                metric: state.metric,
                ..ViewState::default()
            };
            let head = RowHead { label: study.title.clone(), id: Some(src.clone()), swatch: None, tag: None, link: Some(link) };
            let cells: Vec<Cell> = vec![
                Field::Text(study.date.clone()).into(),
                value.map_or_else(|| Field::Note("not measured in this study".into()), |v| Field::Number(v, kind)).into(),
                Field::Text(study.hardware.clone().unwrap_or_else(|| "not stated".into())).into(),
                if conflicting.is_empty() { Field::Text(String::new()) } else { Field::Note(conflicting.join("; ")) }.into(),
            ];
            Row { head, cells, sources: Vec::new(), mismatch: !conflicting.is_empty() }
        })
        .collect();
    Table {
        name: "history",
        caption: format!(
            "{} across the collection's studies: {} measured, {} not, {} conflicting pair{}",
            metric.axis_title(),
            history.points.len(),
            history.not_measured.len() + not_read,
            history.conflicts.len(),
            if history.conflicts.len() == 1 { "" } else { "s" }
        ),
        head: "Study".into(),
        head_csv: ("title", Some("src")),
        columns: vec![
            Column::new("date", "date"),
            Column::new(metric.axis_title(), metric.as_str()),
            Column::new("hardware", "hardware"),
            Column::new("conflict", "conflict"),
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
