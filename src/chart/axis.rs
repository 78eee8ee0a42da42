//! Axes: the coordinate spaces (x = log2 of concurrency, y = the value or its log10) and
//! their ticks — the file's own concurrency levels on x, round numbers on y: 1-2-5 steps
//! on a linear axis, 1-2-5 per decade on a log axis, never 31622.777.

use crate::core::link::Scale;

/// x coordinate of a concurrency level: its base-2 logarithm, so 1, 2, 4 … are evenly spaced.
pub fn x_from_conc(conc: u32) -> f64 {
    f64::from(conc.max(1)).log2()
}

/// How a load axis places its levels: by their base-2 logarithm (concurrency always; a
/// rate sweep spanning 8× or more) or linearly (a rate sweep of evenly spaced rates).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadScale {
    /// Base-2 logarithm.
    Log2,
    /// The level itself.
    Linear,
}

impl LoadScale {
    /// The scale for a chart's levels along `axis`.
    pub fn for_levels(axis: crate::core::study::model::LoadAxis, levels: &[f64]) -> LoadScale {
        let (lo, hi) = levels.iter().fold((f64::INFINITY, 0.0f64), |(lo, hi), &l| (lo.min(l), hi.max(l)));
        match axis {
            crate::core::study::model::LoadAxis::Concurrency => LoadScale::Log2,
            crate::core::study::model::LoadAxis::Rate if lo > 0.0 && hi / lo >= 8.0 => LoadScale::Log2,
            crate::core::study::model::LoadAxis::Rate => LoadScale::Linear,
        }
    }

    /// The x coordinate of a level.
    pub fn x(self, level: f64) -> f64 {
        match self {
            LoadScale::Log2 => level.max(f64::MIN_POSITIVE).log2(),
            LoadScale::Linear => level,
        }
    }
}

/// The axis coordinate of a value: itself, or its base-10 logarithm on a log scale.
pub fn coord_from_value(value: f64, scale: Scale) -> f64 {
    match scale {
        Scale::Lin => value,
        Scale::Log => value.log10(),
    }
}

pub use crate::core::display::series::usable_scale;

/// The range of an axis in value space, padded so a zero span is never degenerate; a
/// linear axis of non-negative values starts at zero.
pub fn padded_range(values: impl IntoIterator<Item = f64>, scale: Scale, from_zero: bool) -> (f64, f64) {
    let (min, max) = values.into_iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if !min.is_finite() {
        return match scale {
            Scale::Lin => (0.0, 1.0),
            Scale::Log => (1.0, 10.0),
        };
    }
    match scale {
        Scale::Lin => {
            let lo = if from_zero { min.min(0.0) } else { min };
            let span = max - lo;
            if span > 0.0 {
                let pad = span * 0.08;
                (if from_zero { lo } else { lo - pad }, max + pad)
            } else {
                (lo - max.abs().max(1.0) * 0.5 * f64::from(u8::from(!from_zero)), lo + max.abs().max(1.0))
            }
        }
        Scale::Log => {
            let (lo, hi) = (min.log10(), max.log10());
            let pad = ((hi - lo) * 0.08).max(0.12);
            (10f64.powf(lo - pad), 10f64.powf(hi + pad))
        }
    }
}

/// A "nice" step near `span / target`: 1, 2 or 5 times a power of ten.
fn nice_step(span: f64, target: usize) -> f64 {
    let raw = span / target.max(1) as f64;
    let power = 10f64.powf(raw.log10().floor());
    let fraction = raw / power;
    let nice = if fraction <= 1.0 {
        1.0
    } else if fraction <= 2.0 {
        2.0
    } else if fraction <= 5.0 {
        5.0
    } else {
        10.0
    };
    nice * power
}

/// Round ticks within `[lo, hi]`, about `target` of them, in 1-2-5 steps.
pub fn linear_ticks(lo: f64, hi: f64, target: usize) -> Vec<f64> {
    if hi <= lo || !lo.is_finite() || !hi.is_finite() {
        return vec![lo];
    }
    let ticks = |target: usize| -> Vec<f64> {
        let step = nice_step(hi - lo, target);
        let first = (lo / step).ceil() as i64;
        let last = (hi / step).floor() as i64;
        (first..=last).map(|k| k as f64 * step).map(|v| if v.abs() < step * 1e-9 { 0.0 } else { v }).collect()
    };
    // A 1-2-5 step can leave two ticks where three were asked (0 and 1,000 on a 0–1,900
    // axis), too few to read a short chart by (QA pass 4, F13): a finer step then.
    let wanted = target.min(3);
    (target..=target * 4).map(ticks).find(|t| t.len() >= wanted).unwrap_or_else(|| ticks(target))
}

/// Round ticks for a log axis within `[lo, hi]` (both > 0): 1, 2 and 5 in each decade, only
/// the decades when that is too many, and round linear steps when the range is under a
/// decade wide.
pub fn log_ticks(lo: f64, hi: f64, max: usize) -> Vec<f64> {
    if lo <= 0.0 || hi <= lo || !hi.is_finite() {
        return vec![lo.max(f64::MIN_POSITIVE)];
    }
    let (first, last) = (lo.log10().floor() as i32, hi.log10().ceil() as i32);
    let within = |mults: &[f64]| -> Vec<f64> {
        (first..=last)
            .flat_map(|p| mults.iter().map(move |m| m * 10f64.powi(p)))
            .filter(|v| *v >= lo * (1.0 - 1e-9) && *v <= hi * (1.0 + 1e-9))
            .collect()
    };
    let ticks = within(&[1.0, 2.0, 5.0]);
    if ticks.len() > max {
        let decades = within(&[1.0]);
        if decades.len() > max {
            let every = decades.len().div_ceil(max);
            return decades.into_iter().step_by(every).collect();
        }
        return decades;
    }
    if ticks.len() < 3 {
        return linear_ticks(lo, hi, 4).into_iter().filter(|v| *v > 0.0).collect();
    }
    ticks
}

/// The ticks of a value axis in value space, `target` being how many fit.
pub fn value_ticks(lo: f64, hi: f64, scale: Scale, target: usize) -> Vec<f64> {
    match scale {
        Scale::Lin => linear_ticks(lo, hi, target),
        Scale::Log => log_ticks(lo, hi, target + 2),
    }
}

/// A tick label: round numbers read plainly, thousands separated, small ones with the
/// digits they need (`80,000`, `2.5`, `0.005`, `1.2 M`).
pub fn tick_label(value: f64) -> String {
    if value == 0.0 {
        return "0".to_owned();
    }
    if value.abs() >= 1e6 {
        let m = value / 1e6;
        let text = format!("{m:.2}");
        return format!("{} M", text.trim_end_matches('0').trim_end_matches('.'));
    }
    if value.abs() >= 1000.0 && (value - value.round()).abs() < 1e-6 {
        return crate::core::basics::format::readable(value.round());
    }
    let decimals = (3 - value.abs().log10().floor() as i32).clamp(0, 12) as usize;
    let text = format!("{value:.decimals$}");
    let text = if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.').to_owned() } else { text };
    if text == "-0" {
        "0".to_owned()
    } else {
        text
    }
}

/// The labels of one axis's ticks in one form: once any reaches a million, every non-zero
/// one reads in millions (`0.5 M`, `1 M`, not `500,000` beside `1 M`).
pub fn tick_labels(values: &[f64]) -> Vec<String> {
    if !values.iter().any(|v| v.abs() >= 1e6) {
        return values.iter().map(|v| tick_label(*v)).collect();
    }
    values
        .iter()
        .map(|&v| {
            if v == 0.0 {
                return "0".to_owned();
            }
            let text = format!("{:.2}", v / 1e6);
            format!("{} M", text.trim_end_matches('0').trim_end_matches('.'))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_axis_reaching_a_million_reads_in_millions_throughout() {
        assert_eq!(tick_labels(&[0.0, 500_000.0, 1e6, 1.5e6]), ["0", "0.5 M", "1 M", "1.5 M"]);
        assert_eq!(tick_labels(&[0.0, 500.0, 1000.0]), ["0", "500", "1,000"]);
    }

    #[test]
    fn ticks_read_as_round_numbers() {
        assert_eq!(tick_label(2500.0), "2,500");
        assert_eq!(tick_label(80000.0), "80,000");
        assert_eq!(tick_label(0.25), "0.25");
        assert_eq!(tick_label(0.0), "0");
        assert_eq!(tick_label(0.005), "0.005");
        assert_eq!(tick_label(1_500_000.0), "1.5 M");
    }

    #[test]
    fn linear_ticks_step_by_one_two_or_five() {
        assert_eq!(linear_ticks(0.0, 1790.0, 6), [0.0, 500.0, 1000.0, 1500.0]);
        assert_eq!(linear_ticks(0.0, 47000.0, 6), [0.0, 10000.0, 20000.0, 30000.0, 40000.0]);
    }

    #[test]
    fn linear_ticks_are_never_fewer_than_three_where_three_are_asked() {
        // A step of 1,000 for three ticks on 0–1,900 gave two; the finer 500 gives four.
        assert_eq!(linear_ticks(0.0, 1900.0, 3), [0.0, 500.0, 1000.0, 1500.0]);
        assert_eq!(linear_ticks(0.0, 1100.0, 3), [0.0, 500.0, 1000.0]);
        for hi in [1.1, 19.0, 260.0, 1999.0, 7300.0] {
            assert!(linear_ticks(0.0, hi, 3).len() >= 3, "{hi}: {:?}", linear_ticks(0.0, hi, 3));
        }
    }

    #[test]
    fn log_ticks_are_one_two_five_per_decade_never_half_decades() {
        let ticks = log_ticks(80.0, 90000.0, 8);
        assert_eq!(ticks, [100.0, 1000.0, 10000.0], "too many 1-2-5 ticks: decades only");
        let ticks = log_ticks(300.0, 6000.0, 8);
        assert_eq!(ticks, [500.0, 1000.0, 2000.0, 5000.0]);
        for t in log_ticks(0.3, 3.0, 8) {
            assert!([0.5, 1.0, 2.0].contains(&t), "{t}");
        }
        assert!(log_ticks(80.0, 90000.0, 8).iter().all(|t| !tick_label(*t).contains("31622")));
    }

    #[test]
    fn concurrency_maps_to_evenly_spaced_log2_positions() {
        assert_eq!(x_from_conc(1), 0.0);
        assert_eq!(x_from_conc(64), 6.0);
        assert_eq!(x_from_conc(32) - x_from_conc(16), x_from_conc(2) - x_from_conc(1));
    }
}
