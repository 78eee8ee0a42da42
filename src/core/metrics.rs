//! What each serving metric is: how to read it from a cell, its short axis title, and its
//! one-line definition — the file's own unit text where it has one.

use super::format::significant4;
use super::model::{Cell, Serving};
use super::view_state::Metric;

/// Fewer requests than this in a cell is a low sample: the sweep's own per-cell minimum.
pub const LOW_SAMPLE_N: f64 = 8.0;

impl Metric {
    /// The metrics the serving picker offers, in order: every cell metric but `short`
    /// (reachable by link) and the derived joules per token (the energy view's).
    pub fn serving() -> Vec<Metric> {
        Metric::ALL.into_iter().filter(|m| !matches!(m, Metric::Short | Metric::JPerToken)).collect()
    }

    /// The metric's value in a cell; `None` = not measured. Joules per token is derived
    /// from two measured fields and is `None` unless both are measured and throughput > 0.
    pub fn of(self, cell: &Cell) -> Option<f64> {
        match self {
            Metric::OutTokS => cell.out_tok_s,
            Metric::UserTokS => cell.user_tok_s,
            Metric::TtftP50Ms => cell.ttft_p50_ms,
            Metric::TtftP99Ms => cell.ttft_p99_ms,
            Metric::TpotP50Ms => cell.tpot_p50_ms,
            Metric::TpotP99Ms => cell.tpot_p99_ms,
            Metric::ItlP50Ms => cell.itl_p50_ms,
            Metric::ItlP99Ms => cell.itl_p99_ms,
            Metric::E2eP50Ms => cell.e2e_p50_ms,
            Metric::E2eP99Ms => cell.e2e_p99_ms,
            Metric::PowerW => cell.power_w,
            Metric::TokSPerKw => cell.tok_s_per_kw,
            Metric::N => cell.n,
            Metric::Errors => cell.errors,
            Metric::Short => cell.short,
            Metric::JPerToken => match (cell.power_w, cell.out_tok_s) {
                (Some(power), Some(out)) if out > 0.0 => Some(power / out),
                _ => None,
            },
        }
    }

    /// Whether the value is computed here rather than read from the file.
    pub fn is_derived(self) -> bool {
        self == Metric::JPerToken
    }

    /// The p50/p99 partner of a latency percentile (`pct=both` draws both).
    pub fn percentile_pair(self) -> Option<(Metric, Metric)> {
        use Metric::*;
        match self {
            TtftP50Ms | TtftP99Ms => Some((TtftP50Ms, TtftP99Ms)),
            TpotP50Ms | TpotP99Ms => Some((TpotP50Ms, TpotP99Ms)),
            ItlP50Ms | ItlP99Ms => Some((ItlP50Ms, ItlP99Ms)),
            E2eP50Ms | E2eP99Ms => Some((E2eP50Ms, E2eP99Ms)),
            _ => None,
        }
    }

    /// Whether this is a percentile, whose reliability depends on `n`.
    pub fn is_percentile(self) -> bool {
        self.percentile_pair().is_some()
    }

    /// Short axis title with unit.
    pub fn axis_title(self) -> &'static str {
        match self {
            Metric::OutTokS => "output tok/s per GPU",
            Metric::UserTokS => "per-user tok/s",
            Metric::TtftP50Ms => "TTFT p50 (ms)",
            Metric::TtftP99Ms => "TTFT p99 (ms)",
            Metric::TpotP50Ms => "TPOT p50 (ms)",
            Metric::TpotP99Ms => "TPOT p99 (ms)",
            Metric::ItlP50Ms => "ITL p50 (ms)",
            Metric::ItlP99Ms => "ITL p99 (ms)",
            Metric::E2eP50Ms => "E2E p50 (ms)",
            Metric::E2eP99Ms => "E2E p99 (ms)",
            Metric::PowerW => "mean GPU power (W)",
            Metric::TokSPerKw => "output tok/s per kW",
            Metric::N => "requests measured (n)",
            Metric::Errors => "failed requests",
            Metric::Short => "short requests",
            Metric::JPerToken => "joules per output token (derived)",
        }
    }

    /// The picker's label.
    pub fn label(self) -> &'static str {
        self.axis_title()
    }

    /// The one-line definition: the file's own unit text where it defines the metric,
    /// else the usual serving-benchmark meaning.
    pub fn definition(self, serving: &Serving) -> String {
        const P99_NOTE: &str = " With fewer than 100 requests in a cell, p99 is close to the sample maximum.";
        let file_text = |text: &Option<String>, fallback: &str| text.clone().unwrap_or_else(|| fallback.to_owned());
        let latency = |what: &str, p: &str| {
            let note = if p == "p99" { P99_NOTE } else { "" };
            format!("{what}, {p} over the cell's requests, in milliseconds.{note}")
        };
        match self {
            Metric::OutTokS => format!("Aggregate output tokens per second across all concurrent requests: {}.", file_text(&serving.aggregate_unit, "output tokens/s per GPU")),
            Metric::UserTokS => format!("One user's decode speed: {}.", file_text(&serving.user_unit, "the reciprocal of the median TPOT after the first token")),
            Metric::TtftP50Ms => latency("Time to first token: from sending a request to its first output token, including queueing and prefill", "p50"),
            Metric::TtftP99Ms => latency("Time to first token: from sending a request to its first output token, including queueing and prefill", "p99"),
            Metric::TpotP50Ms => latency("Time per output token after the first, per request: (E2E − TTFT) ÷ (output tokens − 1)", "p50"),
            Metric::TpotP99Ms => latency("Time per output token after the first, per request: (E2E − TTFT) ÷ (output tokens − 1)", "p99"),
            Metric::ItlP50Ms => latency("Inter-token latency: time between streamed chunks as the client receives them (a chunk may carry several tokens with multi-token prediction, so ITL can exceed TPOT)", "p50"),
            Metric::ItlP99Ms => latency("Inter-token latency: time between streamed chunks as the client receives them (a chunk may carry several tokens with multi-token prediction, so ITL can exceed TPOT)", "p99"),
            Metric::E2eP50Ms => latency("End-to-end latency: from sending a request to its last token", "p50"),
            Metric::E2eP99Ms => latency("End-to-end latency: from sending a request to its last token", "p99"),
            Metric::PowerW => format!("Mean GPU power during the cell: {}.", file_text(&serving.power_unit, "mean GPU socket power in W")),
            Metric::TokSPerKw => format!("Energy efficiency: {}.", file_text(&serving.energy_unit, "output tokens/s per kW of mean GPU power")),
            Metric::N => "Requests measured in the cell.".to_owned(),
            Metric::Errors => "Requests that failed in the cell.".to_owned(),
            Metric::Short => "Not defined by the file; by its name, requests whose output stopped short of the requested length.".to_owned(),
            Metric::JPerToken => "Derived here, not in the file: power_w ÷ out_tok_s, joules per output token from mean GPU power, shown to 4 significant digits.".to_owned(),
        }
    }

    /// How a value of this metric is printed: as written, or to 4 significant digits when
    /// derived.
    pub fn format(self, value: f64) -> String {
        if self.is_derived() { significant4(value) } else { super::format::as_written(value) }
    }
}

/// Whether a cell's sample is below the sweep's per-cell minimum.
pub fn is_low_sample(cell: &Cell) -> bool {
    cell.n.is_some_and(|n| n < LOW_SAMPLE_N)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joules_per_token_is_derived_from_power_and_throughput() {
        let cell = Cell { power_w: Some(308.1), out_tok_s: Some(331.4), ..Cell::default() };
        assert_eq!(Metric::JPerToken.format(Metric::JPerToken.of(&cell).expect("both measured")), "0.9297");
        assert_eq!(Metric::JPerToken.of(&Cell { power_w: Some(308.1), ..Cell::default() }), None);
        assert_eq!(Metric::JPerToken.of(&Cell { power_w: Some(308.1), out_tok_s: Some(0.0), ..Cell::default() }), None);
    }

    #[test]
    fn p99_definitions_warn_about_small_samples() {
        let serving = Serving {
            aggregate_unit: None, user_unit: None, power_unit: None, energy_unit: None, sample_limits: None, selection: None, workloads: vec![],
        };
        assert!(Metric::TtftP99Ms.definition(&serving).contains("fewer than 100 requests"));
        assert!(!Metric::TtftP50Ms.definition(&serving).contains("fewer than 100 requests"));
        assert_eq!(Metric::TtftP99Ms.percentile_pair(), Some((Metric::TtftP50Ms, Metric::TtftP99Ms)));
    }
}
