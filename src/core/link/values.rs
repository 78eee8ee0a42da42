//! The link's plain values: numbers in range, non-empty text, the objective and its target.

use super::tokens::ParseError;
use crate::core::measures::goodput::Slo;

/// A positive finite number (a service-level limit, a rate).
pub fn positive_number(text: &str) -> Result<f64, ParseError> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(ParseError("expected a positive number".into())),
    }
}

/// A non-negative finite number for a price.
pub(super) fn price(text: &str) -> Result<f64, ParseError> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(ParseError("expected a number ≥ 0".into())),
    }
}

/// A power usage effectiveness: a finite number ≥ 1.
pub(super) fn pue(text: &str) -> Result<f64, ParseError> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 1.0 => Ok(v),
        _ => Err(ParseError("expected a number ≥ 1".into())),
    }
}

pub(super) fn whole_in(text: &str, lo: u32, hi: u32) -> Result<u32, ParseError> {
    match text.parse::<u32>() {
        Ok(v) if (lo..=hi).contains(&v) && text.bytes().all(|b| b.is_ascii_digit()) => Ok(v),
        _ => Err(ParseError(format!("expected a whole number from {lo} to {hi}"))),
    }
}

pub(super) fn text(value: &str) -> Result<String, ParseError> {
    let value = value.trim();
    if value.is_empty() {
        Err(ParseError("empty".into()))
    } else {
        Ok(value.to_owned())
    }
}

/// A latency objective, `ttft:MS,tpot:MS,e2el:MS` (any subset; `core::measures::goodput::Slo`).
pub(super) fn slo(text: &str) -> Result<Slo, ParseError> {
    Slo::parse(text).map_err(ParseError)
}

/// An attainment target in percent: a number in (0, 100].
pub(super) fn attainment(text: &str) -> Result<f64, ParseError> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= 100.0 => Ok(v),
        _ => Err(ParseError("expected a percentage above 0 and at most 100".into())),
    }
}
