//! What an importer reads out of a tool's file: its runs (one measured point each, as the
//! tool reported it), the lengths it records, and what it says about them.

use std::fmt;

use crate::core::import::RunRequests;

/// An input or output length and where it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Length {
    /// Tokens.
    pub tokens: u64,
    /// Where the value came from, in words ("random_input_len", "--isl").
    pub from: &'static str,
    /// The mean the run measured, for a dataset with no nominal length (ShareGPT): a
    /// publisher's `--isl`/`--osl` names another dataset's length and does not replace it.
    pub measured: bool,
    /// The mean the requests had, standing in where the tool records no nominal length for a
    /// replayed trace (AIPerf's agentic scenarios): it names the workload unless the
    /// publisher gives one (`--isl`, `--osl`), which is then used.
    pub mean: bool,
}

impl Length {
    /// A nominal length the tool recorded (`random_input_len`, a data spec).
    pub fn nominal(tokens: u64, from: &'static str) -> Length {
        Length { tokens, from, measured: false, mean: false }
    }

    /// A measured mean standing for a dataset that has no nominal length.
    pub fn measured(tokens: u64, from: &'static str) -> Length {
        Length { tokens, from, measured: true, mean: false }
    }

    /// A replayed trace's mean length, which names the workload unless the publisher gives one.
    pub fn trace_mean(mean: f64, from: &'static str) -> Option<Length> {
        (mean.is_finite() && mean >= 0.5).then(|| Length { tokens: mean.round() as u64, from, measured: false, mean: true })
    }

    /// Whether the length is a mean the requests had rather than a nominal one.
    pub fn is_mean(&self) -> bool {
        self.measured || self.mean
    }
}

/// One measured point as the tool reported it: latencies in ms, throughput for the whole
/// endpoint, power per GPU. `None` is not measured.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Run {
    /// Where in the file ("line 2", "object 1", "benchmarks[0]").
    pub entry: String,
    /// The configured concurrency; `None` for a run the tool drove by request rate.
    pub conc: Option<u32>,
    /// Why there is no load to place the run at (no concurrency and no rate), for the warning.
    pub no_conc: Option<String>,
    /// The offered request rate, req/s; infinite for "send everything at once".
    pub rate: Option<f64>,
    /// A cap on requests in flight beside a finite offered rate (vLLM's `--max-concurrency`
    /// with `--request-rate`): the run is a rate cell that keeps its cap.
    pub conc_cap: Option<u32>,
    /// The rate the load generator actually sent at, req/s, where the tool records it
    /// (inference-perf's `load_summary.achieved_rate`).
    pub rate_sent: Option<f64>,
    /// The load was given by the publisher (`--conc`, `--rate`): the files record none.
    pub load_given: bool,
    /// Requests sent (completed and failed), where the tool records it (a burst's N).
    pub sent: Option<f64>,
    /// The run's index among repeated runs of one configuration (vLLM `run_number`).
    pub trial: Option<u32>,
    /// Mean requests in flight as measured.
    pub conc_achieved: Option<f64>,
    /// Completed requests/s as measured.
    pub req_s_achieved: Option<f64>,
    /// Nominal input length, where the tool records one.
    pub isl: Option<Length>,
    /// Nominal output length.
    pub osl: Option<Length>,
    /// Requests completed.
    pub n: Option<f64>,
    /// Requests failed.
    pub errors: Option<f64>,
    /// Wall time of the measured window, s.
    pub wall_s: Option<f64>,
    /// Start and end of the window, epoch s.
    pub t_start: Option<f64>,
    /// See `t_start`.
    pub t_end: Option<f64>,
    /// The mean input and output tokens of the completed requests as the tool measured them
    /// (its totals ÷ completed, or its own mean): beside the nominal lengths, said when far.
    pub isl_mean: Option<f64>,
    /// See `isl_mean`.
    pub osl_mean: Option<f64>,
    /// Output lengths of successful requests, where the file lists them (for `short`).
    pub output_lengths: Option<Vec<f64>>,
    /// Output tok/s of the whole endpoint.
    pub out_tok_s: Option<f64>,
    /// TTFT p50 / p99, ms.
    pub ttft: (Option<f64>, Option<f64>),
    /// TPOT p50 / p99, ms (per request, (E2E − TTFT) ÷ (output tokens − 1)).
    pub tpot: (Option<f64>, Option<f64>),
    /// ITL p50 / p99, ms (chunk gaps).
    pub itl: (Option<f64>, Option<f64>),
    /// E2E p50 / p99, ms.
    pub e2e: (Option<f64>, Option<f64>),
    /// Mean GPU power per GPU, W, and the GPUs the telemetry saw.
    pub power: Option<(f64, usize)>,
    /// The hardware as the file names it (vLLM `--metadata gpu=4xNVIDIA_L40S` or
    /// `hardware=...`), verbatim: the study's, where every run names the same.
    pub hardware: Option<String>,
    /// The GPUs behind the endpoint as the file records them, and where ("its --metadata
    /// gpus"): what the publisher need not give (`--gpus` still overrides, said).
    pub gpus: Option<(u32, &'static str)>,
    /// The run's calendar date, where the tool records one.
    pub date: Option<String>,
    /// A caveat the importer says about this run (a figure it left out, and why).
    pub caveat: Option<String>,
    /// What the run's figures mean where the tool's own words are not enough (a Benchmark
    /// Report's producer and the fields its TPOT and ITL came from): the method text's.
    pub method: Option<String>,
    /// The model the tool says it served (vLLM `model_id`, AIPerf/GenAI-Perf `model_names`,
    /// LLMPerf `model`).
    pub model: Option<String>,
    /// The publisher's own labels on the run (vLLM `--metadata` strings such as
    /// `"deployment": "base"`): runs that differ in one are different setups, never trials.
    pub labels: Vec<(String, String)>,
    /// What each request did, where the file records it (schema 1.3).
    pub requests: Option<RunRequests>,
    /// The run was read from a file of requests alone (AIPerf's `profile_export.jsonl`,
    /// GenAI-Perf's `profile_export.json`, LLMPerf's individual responses): its figures are
    /// computed from them, and a summary of the same run given beside it takes them instead.
    pub from_requests: bool,
    /// Records left out as warm-up (never counted in `n`, `errors`, the table or goodput).
    pub warmup: usize,
    /// When its first request was sent, epoch s, where the tool records it (AIPerf's
    /// `min_request_timestamp`): what pairs a summary with its requests.
    pub first_request_s: Option<f64>,
}

/// Something imported with a caveat, or left out: it names the file and the entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportWarning {
    /// The file.
    pub file: String,
    /// The entry, or empty for the whole file.
    pub entry: String,
    /// What happened.
    pub message: crate::core::import::Said,
}

impl ImportWarning {
    /// In the page's import form's words (`Display` is the command line's).
    pub fn in_form(&self) -> String {
        match self.entry.is_empty() {
            true => format!("{}: {}", self.file, self.message.form()),
            false => format!("{} {}: {}", self.file, self.entry, self.message.form()),
        }
    }
}

impl fmt::Display for ImportWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.entry.is_empty() {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{} {}: {}", self.file, self.entry, self.message)
        }
    }
}
