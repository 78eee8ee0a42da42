//! The serving block: workloads, one row per engine, one cell per concurrency level, and
//! the table of a cell's number fields.

/// Serving sweeps per workload, with the file's unit texts.
#[derive(Clone, Debug, PartialEq)]
pub struct Serving {
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
}

/// One input/output length pair.
#[derive(Clone, Debug, PartialEq)]
pub struct Workload {
    /// Input sequence length.
    pub isl: u64,
    /// Output sequence length.
    pub osl: u64,
    /// One row per engine measured.
    pub rows: Vec<ServingRow>,
}

impl Workload {
    /// The link token, `ISLxOSL`.
    pub fn key(&self) -> String {
        format!("{}x{}", self.isl, self.osl)
    }

    /// The short name, "1024/8192" (input/output), for headlines.
    pub fn short_name(&self) -> String {
        format!("{}/{}", self.isl, self.osl)
    }

    /// The human name, "ISL 1024 / OSL 8192".
    pub fn name(&self) -> String {
        format!("ISL {} / OSL {}", self.isl, self.osl)
    }
}

/// One engine in one workload: a cell per concurrency level.
#[derive(Clone, Debug, PartialEq)]
pub struct ServingRow {
    /// Engine id.
    pub id: String,
    /// `cells[i]` is at `concurrency[i]`; `None` = not measured.
    pub cells: Vec<Option<Cell>>,
}

/// One measured serving cell. Every metric is optional: a null field is not measured.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Cell {
    /// Concurrency the cell ran at.
    pub conc: u32,
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
pub const CELL_NUMBERS: [CellNumber; 19] = [
    CellNumber { name: "t_start", get: |c| c.t_start, set: |c, v| c.t_start = v },
    CellNumber { name: "t_end", get: |c| c.t_end, set: |c, v| c.t_end = v },
    CellNumber { name: "n", get: |c| c.n, set: |c, v| c.n = v },
    CellNumber { name: "errors", get: |c| c.errors, set: |c, v| c.errors = v },
    CellNumber { name: "wall_s", get: |c| c.wall_s, set: |c, v| c.wall_s = v },
    CellNumber { name: "short", get: |c| c.short, set: |c, v| c.short = v },
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
