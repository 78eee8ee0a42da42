//! Who cites each source: every figure or row that names it, with its JSON path.

use std::collections::{BTreeMap, BTreeSet};

use crate::core::study::model::Results;
use crate::core::study::path::JsonPath;

/// One figure or row that names a source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Citation {
    /// What cites it, in words ("serving ISL 1024 / OSL 1024 · paiton · c1").
    pub what: String,
    /// The JSON path of the reference.
    pub path: String,
}

/// Everything that cites each source, keyed by source name; sources nothing cites have an
/// empty list ("not cited").
pub fn citations(results: &Results) -> BTreeMap<String, Vec<Citation>> {
    // Inserted one by one: collecting into a map sorts, and each sort costs wasm bytes.
    let mut map: BTreeMap<String, Vec<Citation>> = BTreeMap::new();
    for s in results.sources() {
        map.insert(s.name().to_owned(), Vec::new());
    }
    let mut cite =
        |name: &str, what: String, path: JsonPath| map.entry(name.to_owned()).or_default().push(Citation { what, path: path.to_string() });
    let root = JsonPath::root();
    for (i, e) in results.engines().iter().enumerate() {
        if let Some(s) = &e.source {
            cite(s, format!("engine {}", e.id), root.key("engines").index(i).key("source"));
        }
    }
    if let Some(d) = results.decode() {
        for (i, row) in d.rows.iter().enumerate() {
            for (k, s) in row.sources.iter().enumerate() {
                cite(s, format!("decode · {}", row.id), root.key("decode").key("rows").index(i).key("sources").index(k));
            }
        }
    }
    if let Some(p) = results.prefill() {
        for (i, row) in p.rows.iter().enumerate() {
            if let Some(s) = &row.source {
                cite(s, format!("prefill · {}", row.id), root.key("prefill").key("rows").index(i).key("source"));
            }
        }
    }
    if let Some(c) = results.cache() {
        for (i, row) in c.rows.iter().enumerate() {
            if let Some(s) = &row.source {
                cite(s, format!("KV cache · {}", row.id), root.key("cache").key("rows").index(i).key("source"));
            }
        }
    }
    if let Some(serving) = results.serving() {
        for (w, workload) in serving.workloads.iter().enumerate() {
            for (r, row) in workload.rows.iter().enumerate() {
                for (c, cell) in row.cells.iter().enumerate() {
                    if let Some(s) = cell.as_ref().and_then(|cell| cell.source.as_deref()) {
                        let conc = results.concurrency().get(c).copied().unwrap_or_default();
                        let path = root.key("serving").key("workloads").index(w).key("rows").index(r).key("cells").index(c).key("source");
                        cite(s, format!("serving {} · {} · c{conc}", workload.name(), row.id), path);
                    }
                }
            }
        }
    }
    if let Some(a) = results.accuracy() {
        for (i, row) in a.rows.iter().enumerate() {
            if let Some(s) = &row.source {
                cite(s, format!("served accuracy · {}", row.id), root.key("accuracy").key("rows").index(i).key("source"));
            }
        }
    }
    if let Some(s) = results.weight_accuracy().and_then(|w| w.source.as_deref()) {
        cite(s, "weight accuracy".into(), root.key("weightAccuracy").key("source"));
    }
    map
}

/// The sweep sources: every source a serving cell cites, in name order. These are the
/// files the recomputation reads once they are verified.
pub fn sweep_sources(results: &Results) -> BTreeSet<&str> {
    let mut names = BTreeSet::new();
    let cells = results.serving().into_iter().flat_map(|s| &s.workloads).flat_map(|w| &w.rows).flat_map(|r| r.cells.iter().flatten());
    for name in cells.filter_map(|c| c.source.as_deref()) {
        names.insert(name);
    }
    names
}

/// How many things cite a source, in words: "not cited", "1 citation", "3 citations".
pub fn citation_words(n: usize) -> String {
    match n {
        0 => "not cited".to_owned(),
        1 => "1 citation".to_owned(),
        n => format!("{n} citations"),
    }
}
