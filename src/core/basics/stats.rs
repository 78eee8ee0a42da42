//! The statistics servescope computes from measured values: numpy's default (linear)
//! percentile and the median, written once for the importers, the verification and the
//! per-request views.

/// A percentile of values already sorted ascending, with numpy's default (linear)
/// interpolation: rank `p/100 × (n − 1)`, between the two values around it.
pub fn percentile_sorted(sorted: &[f64], p: f64) -> Option<f64> {
    let last = sorted.len().checked_sub(1)?;
    let rank = p / 100.0 * last as f64;
    let (lo, hi) = (rank.floor() as usize, rank.ceil() as usize);
    let (a, b) = (*sorted.get(lo)?, *sorted.get(hi.min(last))?);
    Some(a + (b - a) * (rank - lo as f64))
}

/// A percentile of the finite values among `values` (numpy's linear rule); `None` when
/// there are none.
pub fn percentile(values: &[f64], p: f64) -> Option<f64> {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
    sorted.sort_by(f64::total_cmp);
    percentile_sorted(&sorted, p)
}

/// The median of some values: the middle one, or the mean of the two middle ones.
pub fn median(values: &mut [f64]) -> Option<f64> {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(values[n / 2]),
        _ => Some((values[n / 2 - 1] + values[n / 2]) / 2.0),
    }
}

/// The value met most often, the first met among equals; `None` for none.
pub fn most_common<T: PartialEq>(values: impl Iterator<Item = T>) -> Option<T> {
    let mut counts: Vec<(T, usize)> = Vec::new();
    for value in values {
        match counts.iter_mut().find(|(v, _)| *v == value) {
            Some((_, n)) => *n += 1,
            None => counts.push((value, 1)),
        }
    }
    let best = counts.iter().map(|(_, n)| *n).max()?;
    counts.into_iter().find(|(_, n)| *n == best).map(|(v, _)| v)
}

/// The 95 % Wilson score interval of a proportion, `k` successes in `n` trials (z = 1.96, no
/// continuity correction), as fractions 0–1; `None` for no trials. Wilson's rather than the
/// normal approximation: it stays inside 0–1 and is honest at 0 of n and n of n.
pub fn wilson95(k: usize, n: usize) -> Option<(f64, f64)> {
    if n == 0 || k > n {
        return None;
    }
    const Z: f64 = 1.96;
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let z2n = Z * Z / n;
    let centre = (p + z2n / 2.0) / (1.0 + z2n);
    let half = Z / (1.0 + z2n) * (p * (1.0 - p) / n + Z * Z / (4.0 * n * n)).sqrt();
    Some(((centre - half).max(0.0), (centre + half).min(1.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wilson_interval_is_the_textbook_one() {
        // 46 of 100: 0.3656–0.5574 (statsmodels' proportion_confint(46, 100, method="wilson")).
        let (lo, hi) = wilson95(46, 100).expect("an interval");
        assert_eq!(((lo * 1e4).round() / 1e4, (hi * 1e4).round() / 1e4), (0.3656, 0.5574));
        // 0 of 10 starts at 0, 10 of 10 ends at 1, and neither is a point.
        let (lo, hi) = wilson95(0, 10).expect("an interval");
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-4, "{hi}");
        let (lo, hi) = wilson95(10, 10).expect("an interval");
        assert!((lo - 0.7225).abs() < 1e-4 && (hi - 1.0).abs() < 1e-12, "{lo} {hi}");
        assert_eq!(wilson95(0, 0), None);
    }

    #[test]
    fn percentiles_interpolate_linearly_as_numpy_does() {
        // numpy.percentile([1, 2, 3, 4], 50) == 2.5; ([4.1, 4.12, 4.11], 99) == 4.1198.
        assert_eq!(percentile(&[1.0, 2.0, 3.0, 4.0], 50.0), Some(2.5));
        assert_eq!(percentile(&[4.1, 4.12, 4.11], 99.0).map(|v| (v * 1e4).round() / 1e4), Some(4.1198));
        assert_eq!(percentile(&[7.0], 99.0), Some(7.0));
        assert_eq!(percentile(&[], 50.0), None);
        assert_eq!(percentile(&[f64::NAN, 2.0], 50.0), Some(2.0), "a missing value is left out");
    }

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&mut []), None);
    }
}
