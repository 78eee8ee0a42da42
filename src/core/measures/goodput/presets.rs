//! Objectives from a workload's own published percentiles, offered as presets: the typical
//! (median) cell's p50s and p99s and the best cell's p99s. A limit is rounded *outward* to a
//! figure read at a glance, never below the percentile it names (a p99 of 1019 ms is offered
//! as 1100, never 1000: a run must meet its own typical p99); presets whose percentiles
//! differ stay different.

use super::Slo;
use crate::core::basics::stats::median;
use crate::core::study::model::{Cell, Workload};

/// An objective from the study's own percentiles, offered as a button.
#[derive(Clone, Debug, PartialEq)]
pub struct Preset {
    /// Its name ("typical p99").
    pub name: &'static str,
    /// The objective, rounded outward.
    pub slo: Slo,
    /// The percentiles it was rounded from: every limit of `slo` is at or above its own.
    pub from: Slo,
}

/// `value` rounded up to `digits` significant digits (`1019`, 2 → `1100`; `0.0123`, 2 →
/// `0.013`): never below it.
pub fn round_up(value: f64, digits: i32) -> f64 {
    if !(value.is_finite() && value > 0.0) {
        return value;
    }
    let exponent = value.log10().floor() as i32 - digits + 1;
    // Dividing by a power of ten for negative exponents keeps 0.013 exactly 0.013.
    let scaled = if exponent >= 0 { value / 10f64.powi(exponent) } else { value * 10f64.powi(-exponent) };
    // A value already on the grid (1100.0000000002 from arithmetic) stays where it is.
    let up = if (scaled - scaled.round()).abs() < 1e-9 { scaled.round() } else { scaled.ceil() };
    let rounded = if exponent >= 0 { up * 10f64.powi(exponent) } else { up / 10f64.powi(-exponent) };
    rounded.max(value)
}

fn round_slo(slo: &Slo, digits: i32) -> Slo {
    let up = |v: Option<f64>| v.map(|v| round_up(v, digits));
    Slo { ttft_ms: up(slo.ttft_ms), tpot_ms: up(slo.tpot_ms), e2el_ms: up(slo.e2el_ms) }
}

/// The median of the cells' published figure.
fn typical(cells: &[&Cell], f: fn(&Cell) -> Option<f64>) -> Option<f64> {
    median(&mut cells.iter().filter_map(|c| f(c)).collect::<Vec<_>>())
}

/// The lowest of the cells' published figure.
fn best(cells: &[&Cell], f: fn(&Cell) -> Option<f64>) -> Option<f64> {
    cells.iter().filter_map(|c| f(c)).min_by(f64::total_cmp)
}

/// Presets from the published percentiles of the workload's cells that have requests:
/// the typical (median) cell's p50s and p99s, and the best cell's p99s; E2E stands in where
/// a tool records no TTFT or TPOT. Presets of equal percentiles are offered once.
pub fn presets(workload: &Workload) -> Vec<Preset> {
    let cells: Vec<&Cell> = workload.rows.iter().flat_map(|r| r.cells.iter().flatten()).filter(|c| c.requests.is_some()).collect();
    let slo = |ttft: Option<f64>, tpot: Option<f64>, e2e: Option<f64>| {
        let given = Slo { ttft_ms: ttft, tpot_ms: tpot, e2el_ms: None };
        if given.is_empty() {
            Slo { e2el_ms: e2e, ..Slo::default() }
        } else {
            given
        }
    };
    let mut raw = vec![
        ("typical p50", slo(typical(&cells, |c| c.ttft_p50_ms), typical(&cells, |c| c.tpot_p50_ms), typical(&cells, |c| c.e2e_p50_ms))),
        ("typical p99", slo(typical(&cells, |c| c.ttft_p99_ms), typical(&cells, |c| c.tpot_p99_ms), typical(&cells, |c| c.e2e_p99_ms))),
        ("best p99", slo(best(&cells, |c| c.ttft_p99_ms), best(&cells, |c| c.tpot_p99_ms), best(&cells, |c| c.e2e_p99_ms))),
    ];
    raw.retain(|(_, s)| !s.is_empty());
    raw.dedup_by(|a, b| a.1 == b.1);
    // Two significant digits, or as many more as keep presets of different percentiles
    // apart; past six, the percentiles as published.
    let distinct = |rounded: &[Slo]| (0..raw.len()).all(|i| (0..i).all(|j| raw[i].1 == raw[j].1 || rounded[i] != rounded[j]));
    let rounded = (2..=6)
        .map(|digits| raw.iter().map(|(_, s)| round_slo(s, digits)).collect::<Vec<_>>())
        .find(|r| distinct(r))
        .unwrap_or_else(|| raw.iter().map(|(_, s)| *s).collect());
    raw.iter().zip(rounded).map(|((name, from), slo)| Preset { name, slo, from: *from }).collect()
}

#[cfg(test)]
mod tests {
    use super::round_up;

    #[test]
    fn a_limit_is_rounded_up_never_down() {
        assert_eq!(round_up(1019.0, 2), 1100.0);
        assert_eq!(round_up(1000.0, 2), 1000.0, "on the grid: unchanged");
        assert_eq!(round_up(0.0123, 2), 0.013);
        assert_eq!(round_up(41.2, 2), 42.0);
        assert_eq!(round_up(1019.0, 3), 1020.0);
        assert_eq!(round_up(9.99, 2), 10.0);
    }
}
