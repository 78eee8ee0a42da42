//! The delta table: for each engine and concurrency level of the first file, every
//! file's value of one metric in one workload, and each later file's ratio to the first.

use super::{Column, Field, NumberKind, Row, RowHead, Table};
use crate::core::display::compare::{file_tags, find_workload};
use crate::core::display::palette::engine_style;
use crate::core::display::series::cell_at;
use crate::core::link::WorkloadKey;
use crate::core::measures::cost::Prices;
use crate::core::measures::metric::{Better, Metric};
use crate::core::study::model::{LoadAxis, Results};

fn value(file: &Results, key: WorkloadKey, engine: &str, level: f64, metric: Metric, prices: &Prices) -> Option<f64> {
    let workload = find_workload(file, key)?;
    cell_at(workload, engine, level).filter(|c| !c.all_failed()).and_then(|c| metric.value(c, prices))
}

/// The delta table of `files` (the first is the base) for `metric` in workload `key`:
/// rows are the first file's engines at its levels where any later file has the engine;
/// a null on either side of a ratio leaves it not measured. A later file that labels an
/// engine otherwise (the same id, another build) gets a column of its own labels, so no row
/// reads as file 1's build alone. `None` when no engine of the first file is in another.
pub fn delta_table(files: &[&Results], key: WorkloadKey, metric: Metric, prices: &Prices) -> Option<Table> {
    let (first, rest) = files.split_first()?;
    let tags = file_tags(files);
    let kind = if metric.is_derived() { NumberKind::Derived } else { NumberKind::Plain };
    // The later files whose label for some shared engine differs from the first file's.
    let relabelled: Vec<usize> =
        (1..files.len()).filter(|&k| first.engines().iter().any(|e| files[k].engine(&e.id).is_some_and(|o| o.label != e.label))).collect();
    let mut rows = Vec::new();
    for (index, engine) in first.engines().iter().enumerate() {
        if !rest.iter().any(|f| f.engine(&engine.id).is_some()) {
            continue;
        }
        let levels = find_workload(first, key).map(|w| w.levels.clone()).unwrap_or_default();
        let level_kind = if key.load == LoadAxis::Rate { NumberKind::RequestRate } else { NumberKind::Concurrency };
        for &level in &levels {
            let values: Vec<Option<f64>> = files.iter().map(|f| value(f, key, &engine.id, level, metric, prices)).collect();
            let base = values[0];
            let mut cells = vec![Field::Number(level, level_kind).into()];
            cells.extend(values.iter().map(|v| Field::measured(*v, kind).into()));
            cells.extend(values[1..].iter().map(|v| {
                let ratio = match (base, v) {
                    (Some(a), Some(b)) if a != 0.0 => Some(b / a),
                    _ => None,
                };
                Field::measured(ratio, NumberKind::Ratio).into()
            }));
            cells.extend(relabelled.iter().map(|&k| match files[k].engine(&engine.id) {
                Some(other) => Field::Text(other.label.clone()).into(),
                None => Field::Note("not in this file".into()).into(),
            }));
            let head = RowHead {
                label: engine.label.clone(),
                id: Some(engine.id.clone()),
                swatch: Some(engine_style(index)),
                tag: None,
                link: None,
            };
            rows.push(Row { head, cells, sources: Vec::new(), mismatch: false });
        }
    }
    // No engine in two files: nothing to divide, and an empty table would say nothing.
    if rows.is_empty() {
        return None;
    }
    let mut columns = vec![match key.load {
        LoadAxis::Concurrency => Column::new("concurrency", "conc"),
        LoadAxis::Rate => Column::new("request rate", "rate_rps"),
    }];
    columns.extend(tags.iter().enumerate().map(|(i, t)| Column::new(t.clone(), format!("{} in file {} ({t})", metric.as_str(), i + 1))));
    columns.extend(
        // The tags are study titles, too long to repeat in a ratio heading; the value
        // columns above carry them and the caption names the base.
        (2..=tags.len()).map(|n| Column::new(format!("file {n} ÷ file 1"), format!("ratio file {n} / file 1"))),
    );
    columns.extend(relabelled.iter().map(|k| Column::new(format!("engine in file {}", k + 1), format!("engine_label_file_{}", k + 1))));
    let direction = match metric.better() {
        Better::Higher => "a ratio above 1 is better",
        Better::Lower => "a ratio below 1 is better",
        Better::Neither => "a ratio says neither better nor worse",
    };
    let workload = find_workload(first, key).map_or_else(|| key.to_string(), |w| w.name());
    Some(Table {
        name: "delta",
        caption: format!(
            "{workload} · {}: every file's value and its ratio to {} (derived, 4 significant digits; {direction})",
            metric.axis_title(),
            tags[0]
        ),
        head: "Engine".into(),
        head_csv: ("engine", Some("engine_id")),
        columns,
        rows,
        show_sources: false,
        by_concurrency: false,
    })
}
