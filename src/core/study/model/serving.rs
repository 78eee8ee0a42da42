//! The serving block: workloads, one row per engine, one cell per load level (a
//! concurrency, or an offered request rate), and the table of a cell's number fields.

/// What a study's throughputs are per (schema 1.3's `throughputPer`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Per {
    /// Per GPU: the endpoint's throughput ÷ its GPUs (the schema's rule, and the default).
    #[default]
    Gpu,
    /// The whole endpoint's: the runs do not state their GPUs (`"throughputPer": "endpoint"`).
    Endpoint,
}

/// Serving sweeps per workload, with the file's unit texts.
#[derive(Clone, Debug, PartialEq)]
pub struct Serving {
    /// What `out_tok_s` (and every throughput derived from it) is per.
    pub throughput_per: Per,
    /// Definition of `out_tok_s`.
    pub aggregate_unit: Option<String>,
    /// Definition of `user_tok_s`.
    pub user_unit: Option<String>,
    /// Definition of `power_w`.
    pub power_unit: Option<String>,
    /// Definition of `tok_s_per_kw`.
    pub energy_unit: Option<String>,
    /// Sample limits text.
    pub sample_limits: Option<String>,
    /// Selection notes.
    pub selection: Option<String>,
    /// One per input/output length pair.
    pub workloads: Vec<Workload>,
    /// The per-request tables, one per engine that has one (schema 1.3).
    pub requests: Vec<RequestsFile>,
}

/// An engine's per-request table (schema 1.3): what each request of its cells did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestsFile {
    /// The engine id.
    pub id: String,
    /// The table, a declared source (`core::measures::requests` reads it).
    pub file: String,
}

impl Serving {
    /// The per-request table of an engine, if it has one.
    pub fn requests_of(&self, engine: &str) -> Option<&RequestsFile> {
        self.requests.iter().find(|r| r.id == engine)
    }
}

/// What drives a workload's cells: the x axis its charts draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum LoadAxis {
    /// A fixed number of requests in flight (the file's `concurrency` levels).
    #[default]
    Concurrency,
    /// An offered request rate in requests/s (the workload's `requestRates`, schema 1.2).
    Rate,
}

impl LoadAxis {
    /// A workload swept along this axis, in words: "ISL 1024 / OSL 8192", with " · by request
    /// rate" for a rate sweep (a workload's name, and its link token's).
    pub fn workload_words(self, isl: u64, osl: u64) -> String {
        match self {
            LoadAxis::Concurrency => format!("ISL {isl} / OSL {osl}"),
            LoadAxis::Rate => format!("ISL {isl} / OSL {osl} · by request rate"),
        }
    }

    /// The axis title, with its unit.
    pub fn title(self) -> &'static str {
        match self {
            LoadAxis::Concurrency => "concurrency (requests in flight)",
            LoadAxis::Rate => "offered request rate (req/s)",
        }
    }

    /// A level as a short label: "c32" or "2 req/s".
    pub fn level_label(self, level: f64) -> String {
        match self {
            LoadAxis::Concurrency => format!("c{level}"),
            LoadAxis::Rate => format!("{level} req/s"),
        }
    }

    /// A level as a tick: "32" or "2".
    pub fn tick(self, level: f64) -> String {
        format!("{level}")
    }

    /// The word in messages: "concurrency" or "request rate".
    pub fn noun(self) -> &'static str {
        match self {
            LoadAxis::Concurrency => "concurrency",
            LoadAxis::Rate => "request rate",
        }
    }
}

/// One input/output length pair, swept along one load axis.
#[derive(Clone, Debug, PartialEq)]
pub struct Workload {
    /// Input sequence length.
    pub isl: u64,
    /// Output sequence length.
    pub osl: u64,
    /// What drives the cells (`load`; concurrency when absent).
    pub load: LoadAxis,
    /// The load levels, one per cell slot: the file's concurrency levels, or this
    /// workload's `requestRates`.
    pub levels: Vec<f64>,
    /// One row per engine measured.
    pub rows: Vec<ServingRow>,
    /// What its throughputs are per: the study's (`Serving::throughput_per`), kept here for
    /// what is built from a workload alone (tables, tooltips, cards).
    pub per: Per,
}

impl Workload {
    /// The link token, `ISLxOSL` (`ISLxOSL-rate` for a rate-driven workload).
    pub fn key(&self) -> String {
        match self.load {
            LoadAxis::Concurrency => format!("{}x{}", self.isl, self.osl),
            LoadAxis::Rate => format!("{}x{}-rate", self.isl, self.osl),
        }
    }

    /// The slot of a load level, if the workload has it.
    pub fn slot(&self, level: f64) -> Option<usize> {
        self.levels.iter().position(|&l| l == level)
    }

    /// A level as a short label ("c32", "2 req/s").
    pub fn level_label(&self, level: f64) -> String {
        self.load.level_label(level)
    }

    /// A cell's load as it ran, as a label: "c32", "2 req/s", "c100 burst", "1.5 req/s, cap 25".
    pub fn cell_label(&self, cell: &Cell) -> String {
        let label = self.level_label(cell.level());
        match (cell.burst, cell.conc_cap) {
            (true, _) => format!("{label} burst"),
            (false, Some(cap)) if cell.rate_rps.is_some() => format!("{label}, cap {cap}"),
            _ => label,
        }
    }

    /// The short name, "1024/8192" (input/output; "… by rate" for a rate sweep), for headlines.
    pub fn short_name(&self) -> String {
        match self.load {
            LoadAxis::Concurrency => format!("{}/{}", self.isl, self.osl),
            LoadAxis::Rate => format!("{}/{} by rate", self.isl, self.osl),
        }
    }

    /// The human name, "ISL 1024 / OSL 8192" ("… · by request rate" for a rate sweep).
    pub fn name(&self) -> String {
        self.load.workload_words(self.isl, self.osl)
    }

    /// The name with what the requests measured when it is not what the name says: "ISL
    /// 1024 / OSL 128 · measured 505 / 61" (a range where cells differ), once any cell's mean
    /// is more than 5 % from the nominal length; else the name alone.
    pub fn measured_name(&self) -> String {
        let cells: Vec<&Cell> = self.rows.iter().flat_map(|r| r.cells.iter().flatten()).collect();
        let means = |get: fn(&Cell) -> Option<f64>| -> Vec<f64> { cells.iter().filter_map(|c| get(c)).collect() };
        let (inputs, outputs) = (means(|c| c.isl_mean), means(|c| c.osl_mean));
        let far = |means: &[f64], nominal: u64| means.iter().any(|m| (m - nominal as f64).abs() > 0.05 * nominal as f64);
        if !far(&inputs, self.isl) && !far(&outputs, self.osl) {
            return self.name();
        }
        let span = |means: &[f64]| -> String {
            let (lo, hi) = means.iter().fold((f64::MAX, f64::MIN), |(lo, hi), m| (lo.min(*m), hi.max(*m)));
            match (means.is_empty(), crate::core::basics::format::readable(lo), crate::core::basics::format::readable(hi)) {
                (true, _, _) => "not measured".to_owned(),
                (false, lo, hi) if lo == hi => lo,
                (false, lo, hi) => format!("{lo}–{hi}"),
            }
        };
        format!("{} · measured {} / {}", self.name(), span(&inputs), span(&outputs))
    }
}

/// One engine in one workload: a cell per load level.
#[derive(Clone, Debug, PartialEq)]
pub struct ServingRow {
    /// Engine id.
    pub id: String,
    /// `cells[i]` is at the workload's `levels[i]`; `None` = not measured.
    pub cells: Vec<Option<Cell>>,
}

/// Several runs of one configuration (schema 1.2): the cell's figures are the trials'
/// medians; the range keeps each field's min and max.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Trials {
    /// How many runs (≥ 2).
    pub count: u32,
    /// `(field, min, max)` for each field the trials measured, in the file's order.
    pub range: Vec<(String, f64, f64)>,
}

impl Trials {
    /// The min and max of a field across the trials, if recorded.
    pub fn range_of(&self, field: &str) -> Option<(f64, f64)> {
        self.range.iter().find(|r| r.0 == field).map(|r| (r.1, r.2))
    }
}

/// One measured serving cell. Every metric is optional: a null field is not measured.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Cell {
    /// Concurrency the cell ran at (a concurrency-driven cell, or a burst's N in flight).
    pub conc: Option<u32>,
    /// The offered request rate, req/s (a rate-driven cell, schema 1.2).
    pub rate_rps: Option<f64>,
    /// All requests sent at once: no rate limit and no concurrency cap (schema 1.2).
    pub burst: bool,
    /// The cap on requests in flight of a rate-driven cell (schema 1.4): the run offered
    /// `rate_rps` and never held more than this many requests at once.
    pub conc_cap: Option<u32>,
    /// Where the cell's load came from (schema 1.4): the tool's file, or the publisher's
    /// word for a run whose files record none.
    pub load_source: Option<LoadSource>,
    /// The rate at which the load generator actually sent requests, req/s (schema 1.4),
    /// where the tool records it: beside the offered rate, which a generator can fall behind.
    pub rate_sent_rps: Option<f64>,
    /// Mean requests in flight as measured (a rate-driven cell).
    pub conc_achieved: Option<f64>,
    /// Completed requests/s as measured.
    pub req_s_achieved: Option<f64>,
    /// Repeated runs behind the figures (schema 1.2).
    pub trials: Option<Trials>,
    /// Input length.
    pub isl: Option<u64>,
    /// Output length.
    pub osl: Option<u64>,
    /// Start time (epoch seconds).
    pub t_start: Option<f64>,
    /// End time (epoch seconds).
    pub t_end: Option<f64>,
    /// Requests measured.
    pub n: Option<f64>,
    /// Requests that failed.
    pub errors: Option<f64>,
    /// Wall time of the cell in seconds.
    pub wall_s: Option<f64>,
    /// Requests that stopped short of the requested output length (by the field's name).
    pub short: Option<f64>,
    /// The mean input tokens of the completed requests, as the tool measured them (1.3):
    /// beside the nominal `isl`, which a dataset may not deliver.
    pub isl_mean: Option<f64>,
    /// The mean output tokens of the completed requests, as measured (1.3).
    pub osl_mean: Option<f64>,
    /// Aggregate output tok/s per GPU.
    pub out_tok_s: Option<f64>,
    /// Per-user decode speed.
    pub user_tok_s: Option<f64>,
    /// GPUs used.
    pub gpus: Option<f64>,
    /// Mean GPU power, W.
    pub power_w: Option<f64>,
    /// Output tok/s per kW of mean GPU power.
    pub tok_s_per_kw: Option<f64>,
    /// Latency percentiles in ms.
    pub ttft_p50_ms: Option<f64>,
    /// See `ttft_p50_ms`.
    pub ttft_p99_ms: Option<f64>,
    /// See `ttft_p50_ms`.
    pub tpot_p50_ms: Option<f64>,
    /// See `ttft_p50_ms`.
    pub tpot_p99_ms: Option<f64>,
    /// See `ttft_p50_ms`.
    pub itl_p50_ms: Option<f64>,
    /// See `ttft_p50_ms`.
    pub itl_p99_ms: Option<f64>,
    /// See `ttft_p50_ms`.
    pub e2e_p50_ms: Option<f64>,
    /// See `ttft_p50_ms`.
    pub e2e_p99_ms: Option<f64>,
    /// The sweep file this cell came from.
    pub source: Option<String>,
    /// Rows the engine's per-request table holds for this cell (schema 1.3).
    pub requests: Option<f64>,
    /// The tool listed a sample of the cell's requests, not every one (schema 1.3).
    pub requests_sampled: bool,
}

impl Cell {
    /// The load level the cell ran at: its concurrency, or its offered rate.
    pub fn level(&self) -> f64 {
        self.rate_rps.or(self.conc.map(f64::from)).unwrap_or(0.0)
    }

    /// Every request failed (`n = 0`, `errors > 0`): throughput is a measured 0 and no
    /// latency exists.
    pub fn all_failed(&self) -> bool {
        self.n == Some(0.0) && self.errors.is_some_and(|e| e > 0.0)
    }

    /// The failed share of the requests sent, when some failed and some completed.
    pub fn error_share(&self) -> Option<f64> {
        let (n, e) = (self.n?, self.errors?);
        (e > 0.0 && n + e > 0.0).then(|| e / (n + e))
    }

    /// "34 % failed", as tables, tooltips and claims say a partly failed cell.
    pub fn failed_share_words(&self) -> Option<String> {
        self.error_share().filter(|_| !self.all_failed()).map(|s| format!("{} % failed", crate::core::basics::format::readable(s * 100.0)))
    }

    /// The share of the offered rate the load generator sent, where it recorded what it
    /// sent: 0.52 for 116.32 of 222.83 req/s.
    pub fn sent_share(&self) -> Option<f64> {
        Some(self.rate_sent_rps? / self.rate_rps.filter(|r| *r > 0.0)?)
    }

    /// "sent 116.3 of 222.8 req/s offered (52 %)", when the generator sent less than 90 % of
    /// the offered rate: the cell measured a lighter load than its level says.
    pub fn fell_behind(&self) -> Option<String> {
        let share = self.sent_share().filter(|s| *s < SENT_SHARE_MIN)?;
        Some(format!(
            "sent {} of {} req/s offered ({:.0} %)",
            crate::core::basics::format::rate_words(self.rate_sent_rps?),
            crate::core::basics::format::rate_words(self.rate_rps?),
            share * 100.0
        ))
    }

    /// "all 100 failed", for charts and tables, when every request failed.
    pub fn failed_note(&self) -> Option<String> {
        self.all_failed().then(|| format!("all {} failed", crate::core::basics::format::as_written(self.errors.unwrap_or(0.0))))
    }
}

/// Below this share of the offered rate sent, a cell's load is said to have fallen behind.
pub const SENT_SHARE_MIN: f64 = 0.9;

/// Where a cell's load came from (schema 1.4 `load_source`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadSource {
    /// The tool's files record the load the run was driven at.
    File,
    /// The files record none: the publisher gave it (`--conc`, `--rate`).
    Publisher,
}

impl LoadSource {
    /// The file's word: `"file"` or `"publisher"`.
    pub fn as_str(self) -> &'static str {
        match self {
            LoadSource::File => "file",
            LoadSource::Publisher => "publisher",
        }
    }
}

/// One optional number field of a cell, by its name in the file.
#[derive(Clone, Copy)]
pub struct CellNumber {
    /// The field's name in the file (and the metric token, for metric fields).
    pub name: &'static str,
    /// Read it.
    pub get: fn(&Cell) -> Option<f64>,
    /// Write it.
    pub set: fn(&mut Cell, Option<f64>),
}

/// The optional number fields of a cell: the validator reads them, the recomputation
/// compares them and the importers write them through this one table. `conc` (required),
/// `isl`/`osl` (whole numbers) and `source` are read apart.
pub const CELL_NUMBERS: [CellNumber; 21] = [
    CellNumber { name: "t_start", get: |c| c.t_start, set: |c, v| c.t_start = v },
    CellNumber { name: "t_end", get: |c| c.t_end, set: |c, v| c.t_end = v },
    CellNumber { name: "n", get: |c| c.n, set: |c, v| c.n = v },
    CellNumber { name: "errors", get: |c| c.errors, set: |c, v| c.errors = v },
    CellNumber { name: "wall_s", get: |c| c.wall_s, set: |c, v| c.wall_s = v },
    CellNumber { name: "short", get: |c| c.short, set: |c, v| c.short = v },
    CellNumber { name: "isl_mean", get: |c| c.isl_mean, set: |c, v| c.isl_mean = v },
    CellNumber { name: "osl_mean", get: |c| c.osl_mean, set: |c, v| c.osl_mean = v },
    CellNumber { name: "out_tok_s", get: |c| c.out_tok_s, set: |c, v| c.out_tok_s = v },
    CellNumber { name: "user_tok_s", get: |c| c.user_tok_s, set: |c, v| c.user_tok_s = v },
    CellNumber { name: "gpus", get: |c| c.gpus, set: |c, v| c.gpus = v },
    CellNumber { name: "power_w", get: |c| c.power_w, set: |c, v| c.power_w = v },
    CellNumber { name: "tok_s_per_kw", get: |c| c.tok_s_per_kw, set: |c, v| c.tok_s_per_kw = v },
    CellNumber { name: "ttft_p50_ms", get: |c| c.ttft_p50_ms, set: |c, v| c.ttft_p50_ms = v },
    CellNumber { name: "ttft_p99_ms", get: |c| c.ttft_p99_ms, set: |c, v| c.ttft_p99_ms = v },
    CellNumber { name: "tpot_p50_ms", get: |c| c.tpot_p50_ms, set: |c, v| c.tpot_p50_ms = v },
    CellNumber { name: "tpot_p99_ms", get: |c| c.tpot_p99_ms, set: |c, v| c.tpot_p99_ms = v },
    CellNumber { name: "itl_p50_ms", get: |c| c.itl_p50_ms, set: |c, v| c.itl_p50_ms = v },
    CellNumber { name: "itl_p99_ms", get: |c| c.itl_p99_ms, set: |c, v| c.itl_p99_ms = v },
    CellNumber { name: "e2e_p50_ms", get: |c| c.e2e_p50_ms, set: |c, v| c.e2e_p50_ms = v },
    CellNumber { name: "e2e_p99_ms", get: |c| c.e2e_p99_ms, set: |c, v| c.e2e_p99_ms = v },
];
