//! Number formatting and rounding arithmetic shared by the views, exports and checks.
//!
//! Two texts for every number. *Exact*: as the file wrote it — the model keeps `f64`, and
//! Rust prints an `f64` as the shortest text that reads back to the same value, which is
//! the text a rounding script writes (`331.4`, `3`, `273.071554221675`); CSV and tooltips'
//! `title` carry it. *Readable*: 3–4 significant digits with thousands separators
//! (`273.1`, `1,266`, `2.191 M`), what tables and tooltips show. Derived numbers get four
//! significant digits in both.

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

/// Group the digits of a whole number's text in thousands: `1265` → `1,265`.
fn thousands(whole: &str) -> String {
    let (sign, digits) = whole.strip_prefix('-').map_or(("", whole), |d| ("-", d));
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    format!("{sign}{out}")
}

/// Four significant digits without trailing zeros (`12.50` → `12.5`, `3.000` → `3`).
fn four_trimmed(value: f64) -> String {
    let text = significant4(value);
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    }
}

/// A rate as the tool wrote it, with at least one decimal and at most two (`116.31878` →
/// "116.32", `222.83` → "222.83", `1.5` → "1.5", `5` → "5.0").
pub fn rate_words(value: f64) -> String {
    let text = as_written(value);
    match text.split_once('.') {
        None => format!("{text}.0"),
        Some((_, decimals)) if decimals.len() <= 2 => text,
        Some(_) => format!("{:.2}", value),
    }
}

/// The edit distance between two words (insertions, deletions, substitutions): how far a
/// mistyped flag is from a known one.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous + usize::from(ca != *cb);
            previous = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

/// A number as tables and tooltips show it: 3–4 significant digits, thousands separated,
/// millions as `M` (`273.071554221675` → `273.1`, `1265.83` → `1,266`, `2190540` →
/// `2.191 M`, `0.007694863` → `0.007695`). The exact text stays in CSV and in `title`.
pub fn readable(value: f64) -> String {
    if !value.is_finite() {
        return "—".to_owned();
    }
    let magnitude = value.abs();
    if magnitude >= 1e6 {
        format!("{} M", four_trimmed(value / 1e6))
    } else if magnitude >= 1000.0 {
        thousands(&format!("{}", value.round() as i64))
    } else {
        four_trimmed(value)
    }
}

/// A latency in milliseconds as tables and tooltips show it: from 10 s up, in seconds
/// with its unit (`84806.2` → `84.81 s`); below, readable milliseconds (`97.8`).
pub fn readable_ms(value: f64) -> String {
    if value.abs() >= 10_000.0 {
        format!("{} s", readable(value / 1000.0))
    } else {
        readable(value)
    }
}

/// How many digits carry the value in a text (`0.007695` → 4, `1,266` → 4, `2.191 M` → 4):
/// what the "at most 6 significant digits" check counts.
pub fn significant_digits(text: &str) -> usize {
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    let trimmed = digits.trim_start_matches('0');
    let trimmed = if text.contains('.') { trimmed } else { trimmed.trim_end_matches('0') };
    trimmed.len().max(usize::from(!digits.is_empty()))
}

/// How many decimals the number was written with (`331.4` → 1, `3` → 0, `1e-5` → 5).
pub fn decimals_as_written(value: f64) -> u32 {
    // The fewest decimals k whose rounding reads back as the value is what `{value}` (the
    // shortest text that reads back) writes: 10^k and the rounded integer N are exact, and
    // N / 10^k rounds once, as reading "N/10^k" would. Below 4.5e15 (≈ 2^52) the scaled
    // value is within half a unit of N, so rounding finds N; above, the text decides. The
    // validator asks three times a cell, and formatting was a tenth of checking the scale
    // file.
    let mut scale = 1.0;
    for k in 0..16 {
        let scaled = value * scale;
        if !scaled.is_finite() || scaled.abs() >= 4.5e15 {
            break;
        }
        if scaled.round() / scale == value {
            return k;
        }
        scale *= 10.0;
    }
    decimals_of_text(value)
}

/// `decimals_as_written` by formatting: for values beyond its fast path.
fn decimals_of_text(value: f64) -> u32 {
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

/// The word for `n` things: `one` for exactly 1, else `many` ("1 study", "3 studies").
pub fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// The calendar date (`YYYY-MM-DD`, UTC) of a day counted from 1970-01-01 (Howard Hinnant's
/// civil-from-days): the command line's "today", without a date crate.
pub fn date_of_day(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_count_is_a_calendar_date() {
        assert_eq!(date_of_day(0), "1970-01-01");
        assert_eq!(date_of_day(11_016), "2000-02-29", "a leap day of a century divisible by 400");
        assert_eq!(date_of_day(20_790), "2026-12-03");
        assert_eq!(date_of_day(-1), "1969-12-31");
    }

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
    fn readable_numbers_have_three_to_four_significant_digits() {
        assert_eq!(readable(273.071554221675), "273.1");
        assert_eq!(readable(1265.8309257468627), "1,266");
        assert_eq!(readable(2190540.0), "2.191 M");
        assert_eq!(readable(0.007694863545343617), "0.007695");
        assert_eq!(readable(331.4), "331.4");
        assert_eq!(readable(3.0), "3");
        assert_eq!(readable(12.5), "12.5");
        assert_eq!(readable(-1234.0), "-1,234");
        assert_eq!(readable(123456.7), "123,457");
        assert_eq!(readable_ms(84806.2), "84.81 s");
        assert_eq!(readable_ms(9999.0), "9,999");
        assert_eq!(readable_ms(97.8), "97.8");
        for text in ["273.1", "1,266", "2.191 M", "0.007695", "123,457", "84.81 s"] {
            assert!(significant_digits(text) <= 6, "{text}");
        }
        assert_eq!(significant_digits("273.071554221675"), 15);
    }

    #[test]
    fn decimals_without_formatting_agree_with_the_written_text() {
        // Integers scaled by powers of ten (how results are written), sums that do not
        // read back exactly (0.1 + 0.2), and arbitrary bit patterns.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut values = vec![0.0, -0.0, 0.1 + 0.2, 1e-7, 123_456.789_012_345, 4.5e15, 9.1e15, 1e300, -331.4, 5e-324];
        // Where the scaled value nears 2^52, the fast path's edge.
        values.extend([
            3e15 + 0.5,
            2.251_799_813_685_248e15 + 0.25,
            4.499_999_999_999_999e15,
            450_359_962_737.049_6,
            0.000_045_035_996_273_704_96,
        ]);
        for _ in 0..20_000 {
            let n = (next() % 100_000_000) as f64;
            values.push(n / 10f64.powi((next() % 12) as i32));
            values.push(f64::from_bits(next()));
        }
        for value in values.into_iter().filter(|v| v.is_finite()) {
            assert_eq!(decimals_as_written(value), decimals_of_text(value), "{value}");
        }
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
