//! The schema's lenient readers: a field of the wrong kind reads as absent (the reader says
//! what it could not read), never as a failed report.

use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

use super::schema::Statistic;

pub(super) fn text<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(opt_text(d)?.unwrap_or_default())
}

pub(super) fn text_or_empty<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    text(d)
}

pub(super) fn opt_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::String(s) => Some(s),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    })
}

/// A finite number, or one written as a string.
pub(super) fn number<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    let n = match Value::deserialize(d)? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok(),
        _ => None,
    };
    Ok(n.filter(|n| n.is_finite()))
}

/// A whole, non-negative count.
pub(super) fn count<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    Ok(number(d)?.filter(|n| *n >= 0.0 && n.fract() == 0.0 && *n < 9.0e15).map(|n| n as u64))
}

/// A length, rounded to a whole token.
pub(super) fn rounded<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    Ok(number(d)?.filter(|n| *n >= 0.0 && *n < 9.0e15).map(|n| n.round() as u64))
}

/// A statistic: an object's `units`, `mean`, `p50` and `p99`, each read leniently; anything
/// but an object is absent. Read by hand from the tree rather than by a second serde pass
/// (`from_value` would bring serde_json's tree deserializer into the import module).
pub(super) fn statistic<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Statistic>, D::Error> {
    let Value::Object(map) = Value::deserialize(d)? else { return Ok(None) };
    let number = |key: &str| match map.get(key) {
        Some(Value::Number(n)) => n.as_f64().filter(|n| n.is_finite()),
        Some(Value::String(s)) => s.trim().parse::<f64>().ok().filter(|n| n.is_finite()),
        _ => None,
    };
    let units = match map.get("units") {
        Some(Value::String(s)) => Some(s.clone()),
        _ => None,
    };
    Ok(Some(Statistic { units, mean: number("mean"), p50: number("p50"), p99: number("p99") }))
}

pub(super) fn object<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Map<String, Value>>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Object(map) => Some(map),
        _ => None,
    })
}

/// A field that is present, even as null (`concurrency: null` is "no cap", not absent).
pub(super) fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}
