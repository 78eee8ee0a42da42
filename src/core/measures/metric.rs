//! What each serving metric is, in one table: its link token (the cell field's name), how
//! to read it from a cell, its axis title and unit, which direction is better, and its
//! one-line definition — the file's own unit text where it has one.
//!
//! Adding a metric is one variant, one row of `METRICS` and, for a new cell field, one row
//! of `model::CELL_NUMBERS`; the link token, picker, axis title and reader follow.

use std::fmt;
use std::str::FromStr;

use crate::core::basics::format::significant4;
use crate::core::measures::cost::Prices;
use crate::core::study::model::{Cell, Per, Serving};

/// Fewer requests than this in a cell is a low sample: the sweep's own per-cell minimum.
pub const LOW_SAMPLE_N: f64 = 8.0;

/// A serving metric (`metric=`): a cell field, or a figure derived from cell fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Aggregate output tok/s per GPU.
    OutTokS,
    /// One user's decode speed.
    UserTokS,
    /// Time to first token, p50.
    TtftP50Ms,
    /// Time to first token, p99.
    TtftP99Ms,
    /// Time per output token, p50.
    TpotP50Ms,
    /// Time per output token, p99.
    TpotP99Ms,
    /// Inter-token (chunk) latency, p50.
    ItlP50Ms,
    /// Inter-token (chunk) latency, p99.
    ItlP99Ms,
    /// End-to-end latency, p50.
    E2eP50Ms,
    /// End-to-end latency, p99.
    E2eP99Ms,
    /// Mean GPU power.
    PowerW,
    /// Output tok/s per kW of mean GPU power.
    TokSPerKw,
    /// Requests measured.
    N,
    /// Requests that failed.
    Errors,
    /// Requests that stopped short (by the field's name).
    Short,
    /// Derived: `power_w / out_tok_s`.
    JPerToken,
    /// Derived: the price of a million output tokens from the reader's prices.
    CostPerMtok,
    /// Derived from each request: output tokens/s of the requests good at an objective
    /// (`core::measures::goodput`), per GPU; a cell alone has none.
    GoodTokS,
}

/// Which way a metric improves: the axis says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Better {
    /// More is better (throughput, efficiency).
    Higher,
    /// Less is better (latency, energy, cost, failures).
    Lower,
    /// Neither: a count or a condition, not a goal.
    Neither,
}

impl Better {
    /// The words appended to an axis title.
    pub fn words(self) -> Option<&'static str> {
        match self {
            Better::Higher => Some("higher is better"),
            Better::Lower => Some("lower is better"),
            Better::Neither => None,
        }
    }
}

/// A metric's unit, for axis titles and readable numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Tokens per second.
    TokensPerSecond,
    /// Milliseconds: shown in seconds from 10 s up.
    Milliseconds,
    /// Watts.
    Watts,
    /// Tokens per second per kW.
    TokensPerSecondPerKw,
    /// A count of requests.
    Requests,
    /// Joules per output token.
    JoulesPerToken,
    /// Money per million output tokens, in the reader's currency.
    Money,
}

/// A percentile, for the p50/p99 pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Percentile {
    /// Median.
    P50,
    /// 99th percentile.
    P99,
}

struct Info {
    metric: Metric,
    token: &'static str,
    /// The axis title without direction: "output tok/s per GPU", "TTFT p99 (ms)".
    title: &'static str,
    /// For percentiles: the family name ("TTFT") and which percentile.
    percentile: Option<(&'static str, Percentile)>,
    unit: Unit,
    better: Better,
    read: fn(&Cell) -> Option<f64>,
}

const fn info(
    metric: Metric,
    token: &'static str,
    title: &'static str,
    percentile: Option<(&'static str, Percentile)>,
    unit: Unit,
    better: Better,
    read: fn(&Cell) -> Option<f64>,
) -> Info {
    Info { metric, token, title, percentile, unit, better, read }
}

use Better::{Higher, Lower, Neither};
use Percentile::{P50, P99};

/// The one table of metrics, in picker order.
const METRICS: [Info; 18] = [
    info(Metric::OutTokS, "out_tok_s", "output tok/s per GPU", None, Unit::TokensPerSecond, Higher, |c| c.out_tok_s),
    info(Metric::UserTokS, "user_tok_s", "per-user tok/s", None, Unit::TokensPerSecond, Higher, |c| c.user_tok_s),
    info(Metric::TtftP50Ms, "ttft_p50_ms", "TTFT p50 (ms)", Some(("TTFT", P50)), Unit::Milliseconds, Lower, |c| c.ttft_p50_ms),
    info(Metric::TtftP99Ms, "ttft_p99_ms", "TTFT p99 (ms)", Some(("TTFT", P99)), Unit::Milliseconds, Lower, |c| c.ttft_p99_ms),
    info(Metric::TpotP50Ms, "tpot_p50_ms", "TPOT p50 (ms)", Some(("TPOT", P50)), Unit::Milliseconds, Lower, |c| c.tpot_p50_ms),
    info(Metric::TpotP99Ms, "tpot_p99_ms", "TPOT p99 (ms)", Some(("TPOT", P99)), Unit::Milliseconds, Lower, |c| c.tpot_p99_ms),
    info(Metric::ItlP50Ms, "itl_p50_ms", "ITL p50 (ms)", Some(("ITL", P50)), Unit::Milliseconds, Lower, |c| c.itl_p50_ms),
    info(Metric::ItlP99Ms, "itl_p99_ms", "ITL p99 (ms)", Some(("ITL", P99)), Unit::Milliseconds, Lower, |c| c.itl_p99_ms),
    info(Metric::E2eP50Ms, "e2e_p50_ms", "E2E p50 (ms)", Some(("E2E", P50)), Unit::Milliseconds, Lower, |c| c.e2e_p50_ms),
    info(Metric::E2eP99Ms, "e2e_p99_ms", "E2E p99 (ms)", Some(("E2E", P99)), Unit::Milliseconds, Lower, |c| c.e2e_p99_ms),
    info(Metric::PowerW, "power_w", "mean GPU power (W)", None, Unit::Watts, Neither, |c| c.power_w),
    info(Metric::TokSPerKw, "tok_s_per_kw", "output tok/s per kW", None, Unit::TokensPerSecondPerKw, Higher, |c| c.tok_s_per_kw),
    info(Metric::N, "n", "requests measured (n)", None, Unit::Requests, Neither, |c| c.n),
    info(Metric::Errors, "errors", "failed requests", None, Unit::Requests, Lower, |c| c.errors),
    info(Metric::Short, "short", "short requests", None, Unit::Requests, Neither, |c| c.short),
    info(Metric::JPerToken, "j_per_token", "joules per output token (derived)", None, Unit::JoulesPerToken, Lower, joules_per_token),
    // Read through `value`, which has the prices; a cell alone has no cost.
    info(Metric::CostPerMtok, "cost_per_mtok", "cost per million output tokens (derived)", None, Unit::Money, Lower, |_| None),
    // Read from the requests at an objective (`core::display::series::goodput_tradeoff_lines`).
    info(Metric::GoodTokS, "good_tok_s", "good output tok/s per GPU", None, Unit::TokensPerSecond, Higher, |_| None),
];

fn joules_per_token(cell: &Cell) -> Option<f64> {
    match (cell.power_w, cell.out_tok_s) {
        (Some(power), Some(out)) if out > 0.0 => Some(power / out),
        _ => None,
    }
}

impl Metric {
    /// Every metric, in picker order.
    pub const ALL: [Metric; 18] = {
        let mut all = [Metric::OutTokS; 18];
        let mut i = 0;
        while i < METRICS.len() {
            all[i] = METRICS[i].metric;
            i += 1;
        }
        all
    };

    fn info(self) -> &'static Info {
        // The table is in variant order, which a test keeps true.
        &METRICS[self as usize]
    }

    /// The link token, equal to the cell field's name for cell metrics.
    pub fn as_str(self) -> &'static str {
        self.info().token
    }

    /// The metrics the serving picker offers, in order: every cell metric but `short`
    /// (reachable by link), the derived energy and cost figures (the energy view's) and
    /// goodput (the trade-off's, from the requests).
    pub fn serving() -> Vec<Metric> {
        Metric::ALL
            .into_iter()
            .filter(|m| !matches!(m, Metric::Short | Metric::JPerToken | Metric::CostPerMtok | Metric::GoodTokS))
            .collect()
    }

    /// The metric's value in a cell; `None` = not measured. Derived figures are `None`
    /// unless every input is measured; cost is `None` without prices (see `value`).
    pub fn of(self, cell: &Cell) -> Option<f64> {
        (self.info().read)(cell)
    }

    /// The value with the reader's prices, which only the cost needs.
    pub fn value(self, cell: &Cell, prices: &Prices) -> Option<f64> {
        match self {
            Metric::CostPerMtok => prices.cost(cell).map(|c| c.total),
            other => other.of(cell),
        }
    }

    /// Whether the value is computed here rather than read from the file.
    pub fn is_derived(self) -> bool {
        matches!(self, Metric::JPerToken | Metric::CostPerMtok | Metric::GoodTokS)
    }

    /// Which way the metric improves.
    pub fn better(self) -> Better {
        self.info().better
    }

    /// The metric's unit.
    pub fn unit(self) -> Unit {
        self.info().unit
    }

    /// The p50/p99 partner of a latency percentile (`pct=both` draws both).
    pub fn percentile_pair(self) -> Option<(Metric, Metric)> {
        let (family, _) = self.info().percentile?;
        let find = |p: Percentile| METRICS.iter().find(|i| i.percentile == Some((family, p))).map(|i| i.metric);
        Some((find(P50)?, find(P99)?))
    }

    /// Whether this is a percentile, whose reliability depends on `n`.
    pub fn is_percentile(self) -> bool {
        self.info().percentile.is_some()
    }

    /// Short axis title with unit ("TTFT p99 (ms)").
    pub fn axis_title(self) -> &'static str {
        self.info().title
    }

    /// The axis title when p50 and p99 are drawn together ("TTFT p50 & p99 (ms)"); the
    /// plain title for a metric that is not a percentile.
    pub fn pair_axis_title(self) -> String {
        match self.info().percentile {
            Some((family, _)) => format!("{family} p50 & p99 (ms)"),
            None => self.axis_title().to_owned(),
        }
    }

    /// The axis title followed by its direction: "TTFT p99 (ms) · lower is better".
    pub fn titled_with_direction(self, title: &str) -> String {
        match self.better().words() {
            Some(words) => format!("{title} · {words}"),
            None => title.to_owned(),
        }
    }

    /// The axis title in a study whose throughputs are `per`: a throughput per GPU reads
    /// "for the endpoint" where the runs state no GPUs (schema 1.3's `throughputPer`).
    pub fn title_in(self, per: Per) -> &'static str {
        match (self, per) {
            (Metric::OutTokS, Per::Endpoint) => "output tok/s for the endpoint",
            (Metric::GoodTokS, Per::Endpoint) => "good output tok/s for the endpoint",
            _ => self.axis_title(),
        }
    }

    /// `choice_label` in a study whose throughputs are `per`.
    pub fn choice_label_in(self, per: Per) -> &'static str {
        let title = self.title_in(per);
        title.strip_suffix(" (ms)").unwrap_or(title)
    }

    /// The picker's label.
    pub fn label(self) -> &'static str {
        self.axis_title()
    }

    /// The metric as a picker names it: a latency without its unit ("TTFT p99"), since its
    /// chart reads in ms or in s by its values and says which on the axis and title.
    pub fn choice_label(self) -> &'static str {
        self.axis_title().strip_suffix(" (ms)").unwrap_or(self.axis_title())
    }

    /// The one-line definition: the file's own unit text where it defines the metric,
    /// else the usual serving-benchmark meaning; a latency's unit is the chart's (`seconds`:
    /// it reads in seconds, `series::reads_in_seconds`), never a different one.
    pub fn definition(self, serving: &Serving, seconds: bool) -> String {
        const P99_NOTE: &str = " With fewer than 100 requests in a cell, p99 is close to the sample maximum.";
        const TTFT: &str = "Time to first token: from sending a request to its first output token, including queueing and prefill";
        const TPOT: &str = "Time per output token after the first, per request: (E2E − TTFT) ÷ (output tokens − 1)";
        const ITL: &str = "Inter-token latency: time between streamed chunks as the client receives them (a chunk may carry several tokens with multi-token prediction, so ITL can exceed TPOT)";
        const E2E: &str = "End-to-end latency: from sending a request to its last token";
        let file_text = |text: &Option<String>, fallback: &str| text.clone().unwrap_or_else(|| fallback.to_owned());
        let unit = if seconds { "in seconds (the file gives milliseconds)" } else { "in milliseconds" };
        let latency = |what: &str, p: Percentile| match p {
            P50 => format!("{what}, p50 over the cell's requests, {unit}."),
            P99 => format!("{what}, p99 over the cell's requests, {unit}.{P99_NOTE}"),
        };
        match self.info().percentile {
            Some(("TTFT", p)) => return latency(TTFT, p),
            Some(("TPOT", p)) => return latency(TPOT, p),
            Some(("ITL", p)) => return latency(ITL, p),
            Some((_, p)) => return latency(E2E, p),
            None => {}
        }
        match self {
            Metric::OutTokS => format!(
                "Aggregate output tokens per second across all concurrent requests: {}.",
                file_text(&serving.aggregate_unit, "output tokens/s per GPU")
            ),
            Metric::UserTokS => format!(
                "One user's decode speed: {}.",
                file_text(&serving.user_unit, "the reciprocal of the median TPOT after the first token")
            ),
            Metric::PowerW => format!("Mean GPU power during the cell: {}.", file_text(&serving.power_unit, "mean GPU socket power in W")),
            Metric::TokSPerKw => {
                format!("Energy efficiency: {}.", file_text(&serving.energy_unit, "output tokens/s per kW of mean GPU power"))
            }
            Metric::N => "Requests measured in the cell.".to_owned(),
            Metric::Errors => "Requests that failed in the cell.".to_owned(),
            Metric::Short => {
                "Not defined by the file; by its name, requests whose output stopped short of the requested length.".to_owned()
            }
            Metric::JPerToken => "Derived here, not in the file: power_w ÷ out_tok_s, joules per output token from mean GPU power, shown to 4 significant digits.".to_owned(),
            Metric::CostPerMtok => format!("Derived here, not in the file, from the prices you give: {}", crate::core::measures::cost::FORMULA),
            Metric::GoodTokS => "Derived here, not in the file, from what each request did: the output tokens of the requests that completed within every threshold of the objective (the link's, else the workload's typical p99), per second of the run and per GPU (for the endpoint where the runs do not state their GPUs); the goodput view says how.".to_owned(),
            _ => String::new(),
        }
    }

    /// How a value of this metric is printed exactly: as written, or to 4 significant
    /// digits when derived.
    pub fn format(self, value: f64) -> String {
        if self.is_derived() {
            significant4(value)
        } else {
            crate::core::basics::format::as_written(value)
        }
    }
}

/// Why a metric token was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMetric;

impl fmt::Display for UnknownMetric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown metric")
    }
}

impl FromStr for Metric {
    type Err = UnknownMetric;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        METRICS.iter().find(|i| i.token == text).map(|i| i.metric).ok_or(UnknownMetric)
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether a cell's sample is below the sweep's per-cell minimum.
pub fn is_low_sample(cell: &Cell) -> bool {
    cell.n.is_some_and(|n| n < LOW_SAMPLE_N)
}
