//! Number formatting and rounding arithmetic shared by the views, exports and checks.
//!
//! Numbers from the file are shown as written. The model keeps them as `f64`, and Rust
//! prints an `f64` as the shortest text that reads back to the same value — which is the
//! text a rounding script writes (`331.4`, `3`, `273.071554221675`). Derived numbers get
//! four significant digits.

/// The text for a number from the file, as written.
pub fn as_written(value: f64) -> String {
    format!("{value}")
}

/// The text for a number from the file, or "not measured" for a null.
pub fn as_written_or_gap(value: Option<f64>) -> String {
    value.map(as_written).unwrap_or_else(|| NOT_MEASURED.to_owned())
}

/// What a null reads as everywhere on the page.
pub const NOT_MEASURED: &str = "not measured";

/// A derived number to four significant digits (`0.9297`, `1076`, `12.50`).
pub fn significant4(value: f64) -> String {
    if !value.is_finite() {
        return "—".to_owned();
    }
    if value == 0.0 {
        return "0".to_owned();
    }
    let magnitude = value.abs().log10().floor() as i32;
    let decimals = (3 - magnitude).max(0) as usize;
    format!("{value:.decimals$}")
}

/// How many decimals the number was written with (`331.4` → 1, `3` → 0, `1e-5` → 5).
pub fn decimals_as_written(value: f64) -> u32 {
    let text = format!("{value}");
    match text.split_once('.') {
        Some((_, fraction)) => fraction.len() as u32,
        None => 0,
    }
}

/// Half of the last written decimal: the rounding interval's half-width (`331.4` → 0.05).
pub fn rounding_half_width(value: f64) -> f64 {
    0.5 * 10f64.powi(-(decimals_as_written(value) as i32))
}

/// A closed interval of real numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// Lower bound.
    pub lo: f64,
    /// Upper bound.
    pub hi: f64,
}

impl Interval {
    /// The values a rounded number may have stood for: value ± half its last decimal.
    pub fn of_rounded(value: f64) -> Self {
        let h = rounding_half_width(value);
        Self { lo: value - h, hi: value + h }
    }

    /// Whether two intervals share a point.
    pub fn overlaps(self, other: Interval) -> bool {
        self.lo <= other.hi && other.lo <= self.hi
    }

    /// The interval of `self / other × scale`, for positive intervals; `None` when the
    /// divisor may be zero, because then any quotient is possible.
    pub fn ratio(self, other: Interval, scale: f64) -> Option<Interval> {
        if other.lo <= 0.0 || self.lo < 0.0 {
            return None;
        }
        Some(Interval { lo: self.lo / other.hi * scale, hi: self.hi / other.lo * scale })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_the_file_wrote_them() {
        assert_eq!(as_written(331.4), "331.4");
        assert_eq!(as_written(3.0), "3");
        assert_eq!(as_written(273.071554221675), "273.071554221675");
        assert_eq!(as_written_or_gap(None), "not measured");
    }

    #[test]
    fn derived_numbers_get_four_significant_digits() {
        assert_eq!(significant4(308.1 / 331.4), "0.9297");
        assert_eq!(significant4(1075.66), "1076");
        assert_eq!(significant4(12.5), "12.50");
        assert_eq!(significant4(0.000123456), "0.0001235");
    }

    #[test]
    fn rounding_intervals_follow_the_last_written_decimal() {
        assert_eq!(decimals_as_written(331.4), 1);
        assert_eq!(decimals_as_written(3.0), 0);
        assert_eq!(decimals_as_written(9.11), 2);
        let i = Interval::of_rounded(331.4);
        assert!((i.lo - 331.35).abs() < 1e-9 && (i.hi - 331.45).abs() < 1e-9);
    }
}
