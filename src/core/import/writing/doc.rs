//! The files the importer writes, as typed structs that serde serializes: the results file,
//! its workloads, rows and cells, and the sweep lines. Field names are spelled once, here
//! (a cell's numbers through `model::CELL_NUMBERS`, which the validator reads too), and the
//! key order is the struct's: the bytes do not depend on a map's insertion order.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use crate::core::import::given::round4;
use crate::core::import::reading::requests::RequestsRule;
use crate::core::study::model::{Cell, Trials, CELL_NUMBERS};

/// A figure as the files print it: whole numbers as integers (`3`, not `3.0`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figure(pub f64);

impl Serialize for Figure {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0.fract() == 0.0 && self.0.abs() < 9e15 {
            s.serialize_i64(self.0 as i64)
        } else {
            s.serialize_f64(self.0)
        }
    }
}

/// A results file as `servescope-import` writes it (schema 1.4: every cell says where its
/// load came from).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StudyDoc<'a> {
    /// "1.4".
    pub schema_version: &'static str,
    /// The publisher's title.
    pub title: &'a str,
    /// `YYYY-MM-DD`.
    pub date: &'a str,
    /// What the study covers, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<&'a str>,
    /// The model, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<&'a str>,
    /// The hardware, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hardware: Option<&'a str>,
    /// Every concurrency level a cell sits at.
    pub concurrency: &'a [u32],
    /// One per engine group.
    pub engines: Vec<EngineDoc>,
    /// The copies of the tools' files, then the sweeps.
    pub sources: Vec<SourceDoc>,
    /// The serving block.
    pub serving: ServingDoc<'a>,
}

/// An engine of the study.
#[derive(Serialize)]
pub struct EngineDoc {
    /// Its id.
    pub id: String,
    /// Its label.
    pub label: String,
    /// The checkpoint given or named by the files.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkpoint: Option<String>,
    /// The copy of its first file (null when it had none).
    pub source: Option<String>,
}

/// A file listed with its sha256.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceDoc {
    /// Its name beside the results file.
    pub file: String,
    /// The path the publisher gave, for a copy of a tool's file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub original_path: Option<String>,
    /// sha256, lower-case hex.
    pub sha256: String,
}

/// The serving block: units, how the cells were chosen, the workloads.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ServingDoc<'a> {
    /// "endpoint" when the runs state no GPUs (schema 1.3); per GPU, the default, unwritten.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub throughput_per: Option<&'static str>,
    /// Unit of `out_tok_s`.
    pub aggregate_unit: &'static str,
    /// Unit of `user_tok_s`.
    pub user_unit: &'static str,
    /// Unit of `power_w`, or why it is not measured.
    pub power_unit: &'static str,
    /// Unit of `tok_s_per_kw`.
    pub energy_unit: &'static str,
    /// How the cells were chosen and derived.
    pub selection: &'a str,
    /// One per lengths and load axis.
    pub workloads: Vec<WorkloadDoc>,
    /// The engines' per-request tables (schema 1.3).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub requests: Vec<RequestsDoc>,
}

/// An engine's per-request table.
#[derive(Serialize)]
pub struct RequestsDoc {
    /// The engine id.
    pub id: String,
    /// The table's name beside the results file.
    pub file: String,
}

/// A workload: its lengths, its load axis when it is not concurrency, its rows.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkloadDoc {
    /// Nominal input length.
    pub input_tokens: u64,
    /// Nominal output length.
    pub output_tokens: u64,
    /// `"rate"` for a rate-driven workload; absent for concurrency.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub load: Option<&'static str>,
    /// The offered rates of a rate-driven workload.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_rates: Option<Vec<Figure>>,
    /// One per engine with a cell here.
    pub rows: Vec<RowDoc>,
}

/// An engine's cells in a workload, one per level (null where it did not run).
#[derive(Serialize)]
pub struct RowDoc {
    /// The engine id.
    pub id: String,
    /// Its cells.
    pub cells: Vec<Option<CellDoc>>,
}

/// A cell as written: rounded in the results file with its sweep named, unrounded in a
/// sweep line with the trial and the tool's line it came from.
pub struct CellDoc {
    /// The figures.
    pub cell: Cell,
    /// Rounded to 4 significant digits (the results file), or as measured (a sweep line).
    pub rounded: bool,
    /// The sweep that holds its unrounded figures (results file only).
    pub source: Option<String>,
    /// The trial's index, for a sweep line of a repeated run.
    pub trial: Option<u32>,
    /// The tool's file and entry a sweep line came from.
    pub from: Option<String>,
    /// A sweep line's requests: where they were read and what they reproduce.
    pub requests: Option<LineRequests>,
    /// The format a sweep line's file was read as when the publisher named it (`--from`):
    /// the verifier reads the tool's copy so, instead of detecting it again.
    pub read_as: Option<&'static str>,
}

/// What a sweep line says of its run's requests (schema 1.3): the per-request file and
/// entry they were read from, the figures they give again and why not the others.
pub struct LineRequests {
    /// "COPY ENTRY" of the file the requests were read from.
    pub from: String,
    /// The figures they reproduce.
    pub rule: RequestsRule,
    /// The requests the run made, when the tool listed a sample.
    pub sampled_from: Option<usize>,
}

impl CellDoc {
    fn figure(&self, v: f64) -> Figure {
        Figure(if self.rounded { round4(v) } else { v })
    }
}

/// Keys first (lengths, load), then every number present, what was achieved, the trials
/// (results file only), the source, and a sweep line's trial and origin.
impl Serialize for CellDoc {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let cell = &self.cell;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("isl", &cell.isl)?;
        map.serialize_entry("osl", &cell.osl)?;
        match cell.rate_rps {
            // A load level as the tool offered it (111.92 req/s), never rounded: the
            // workload's requestRates list it the same way.
            Some(rate) => map.serialize_entry("rate_rps", &Figure(rate))?,
            None => map.serialize_entry("conc", &cell.conc)?,
        }
        if let Some(cap) = cell.conc_cap {
            map.serialize_entry("conc_cap", &cap)?;
        }
        if cell.burst {
            map.serialize_entry("burst", &true)?;
        }
        if let Some(from) = cell.load_source {
            map.serialize_entry("load_source", from.as_str())?;
        }
        for field in CELL_NUMBERS {
            if let Some(v) = (field.get)(cell) {
                map.serialize_entry(field.name, &self.figure(v))?;
            }
        }
        for (name, value) in
            [("rate_sent_rps", cell.rate_sent_rps), ("conc_achieved", cell.conc_achieved), ("req_s_achieved", cell.req_s_achieved)]
        {
            if let Some(v) = value {
                map.serialize_entry(name, &self.figure(v))?;
            }
        }
        if let Some(rows) = cell.requests {
            map.serialize_entry("requests", &Figure(rows))?;
        }
        if cell.requests_sampled {
            map.serialize_entry("requests_sampled", &true)?;
        }
        if let Some(trials) = cell.trials.as_ref().filter(|_| self.rounded) {
            map.serialize_entry("trials", &TrialsDoc { trials, cell: self })?;
        }
        if let Some(source) = &self.source {
            map.serialize_entry("source", source)?;
        }
        if let Some(trial) = self.trial {
            map.serialize_entry("trial", &trial)?;
        }
        if let Some(from) = &self.from {
            map.serialize_entry("from", from)?;
        }
        if let Some(tool) = self.read_as {
            map.serialize_entry("read_as", tool)?;
        }
        if let Some(requests) = &self.requests {
            map.serialize_entry("requests_from", &requests.from)?;
            if let Some(ran) = requests.sampled_from {
                map.serialize_entry("requests_sampled_from", &ran)?;
            }
            map.serialize_entry("reproduces", requests.rule.reproduce)?;
            if let Some(why) = requests.rule.why_not {
                map.serialize_entry("not_reproduced", why)?;
            }
        }
        map.end()
    }
}

/// `{"count": N, "range": {field: [min, max]}}`, rounded as the cell is.
struct TrialsDoc<'a> {
    trials: &'a Trials,
    cell: &'a CellDoc,
}

impl Serialize for TrialsDoc<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Range<'a>(&'a TrialsDoc<'a>);
        impl Serialize for Range<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut map = s.serialize_map(Some(self.0.trials.range.len()))?;
                for (field, lo, hi) in &self.0.trials.range {
                    map.serialize_entry(field, &[self.0.cell.figure(*lo), self.0.cell.figure(*hi)])?;
                }
                map.end()
            }
        }
        let mut map = s.serialize_map(Some(2))?;
        map.serialize_entry("count", &self.trials.count)?;
        map.serialize_entry("range", &Range(self))?;
        map.end()
    }
}
