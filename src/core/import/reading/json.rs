//! Reading what the tools write: JSON that may hold bare `NaN`/`Infinity` (Python's
//! `json.dumps` allows them), one or many documents per file (`--append-result`, JSONL),
//! and numbers where "nothing measured" was written as 0.

use serde_json::Value;

/// One JSON document of a file, with the line it starts on (1-based).
pub struct Document {
    /// Line of its first character.
    pub line: usize,
    /// The value.
    pub value: Value,
}

/// A bare non-finite token replaced by `null`, for the warning that names it.
pub struct Replaced {
    /// Line (1-based).
    pub line: usize,
    /// The token (`NaN`, `Infinity`, `-Infinity`).
    pub token: &'static str,
}

/// Replace bare `NaN` and `-Infinity` outside strings with `null` and `Infinity` with the
/// string `"inf"` (an unbounded request rate; as a metric it reads as not measured, since
/// `number` takes finite values only), noting where. Strings (with their escapes) are
/// copied as they are.
pub fn without_non_finite(text: &str) -> (String, Vec<Replaced>) {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut replaced = Vec::new();
    let (mut i, mut line, mut copied, mut in_string) = (0, 1, 0, false);
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'\n' {
            line += 1;
        }
        if in_string {
            // An escape is two bytes; JSON strings hold no raw newline.
            i += if b == b'\\' { 2 } else { 1 };
            in_string = b != b'"';
            continue;
        }
        in_string = b == b'"';
        if let Some(token) = ["-Infinity", "Infinity", "NaN"].into_iter().find(|t| bytes[i..].starts_with(t.as_bytes())) {
            out.push_str(&text[copied..i]);
            out.push_str(if token == "Infinity" { "\"inf\"" } else { "null" });
            replaced.push(Replaced { line, token });
            i += token.len();
            copied = i;
            continue;
        }
        i += 1;
    }
    out.push_str(&text[copied..]);
    (out, replaced)
}

/// Every JSON document in `text`, in order (one object, objects one after another, or
/// JSON Lines); the first that does not parse is an error naming its line and why.
pub fn documents(text: &str) -> Result<Vec<Document>, (usize, String)> {
    let line_of = |offset: usize| text[..offset.min(text.len())].bytes().filter(|&b| b == b'\n').count() + 1;
    let mut out = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    loop {
        let before = stream.byte_offset();
        let start = before + text[before..].len() - text[before..].trim_start().len();
        match stream.next() {
            None => break,
            Some(Ok(value)) => out.push(Document { line: line_of(start), value }),
            Some(Err(e)) => return Err((e.line(), e.to_string())),
        }
    }
    Ok(out)
}

/// An offered request rate at `path`: a positive number, or infinite (`"inf"`,
/// `"Infinity"`, a bare `Infinity`) for "no rate limit".
pub fn rate(value: &Value, path: &[&str]) -> Option<f64> {
    match at(value, path)? {
        Value::Number(n) => n.as_f64().filter(|r| *r > 0.0),
        Value::String(s) if matches!(s.trim(), "inf" | "Infinity" | "infinity") => Some(f64::INFINITY),
        Value::String(s) => s.trim().parse::<f64>().ok().filter(|r| r.is_finite() && *r > 0.0),
        _ => None,
    }
}

/// The value at a path of object keys.
pub fn at<'a>(value: &'a Value, path: &[&str]) -> Option<&'a Value> {
    path.iter().try_fold(value, |v, key| v.get(key))
}

/// A finite number at `path` (numbers written as strings, as `--metadata` writes them, too).
pub fn number(value: &Value, path: &[&str]) -> Option<f64> {
    let v = at(value, path)?;
    let n = match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok(),
        _ => None,
    }?;
    n.is_finite().then_some(n)
}

/// A concurrency level as a tool writes it: a whole number of at least 1, else none (an
/// unbounded run, or no cap recorded). Every importer reads its level by this rule.
pub fn level(value: Option<f64>) -> Option<u32> {
    value.filter(|c| c.is_finite() && *c >= 1.0 && c.fract() == 0.0).map(|c| c as u32)
}

/// A figure the tools write as 0 where they measured nothing and that is never 0 when
/// measured (a throughput, a latency, a mean length): only a positive value is measured.
pub fn positive(value: Option<f64>) -> Option<f64> {
    value.filter(|v| *v > 0.0)
}

/// A measured figure: finite and not 0 (the tools write 0 where they measured nothing).
pub fn measured(value: &Value, path: &[&str]) -> Option<f64> {
    number(value, path).filter(|v| *v != 0.0)
}

/// A mean per completed request: the total at `total` ÷ the count at `completed`, where both
/// are measured (a total of 0 is a tool's "nothing measured").
pub fn mean_per_request(value: &Value, total: &str, completed: &str) -> Option<f64> {
    Some(measured(value, &[total])? / measured(value, &[completed])?)
}

/// A whole number ≥ 1 at `path`.
pub fn count(value: &Value, path: &[&str]) -> Option<u64> {
    number(value, path).filter(|v| *v >= 1.0 && v.fract() == 0.0).map(|v| v as u64)
}

/// A calendar date (`YYYY-MM-DD`, UTC) from epoch seconds.
pub fn date_of_epoch(seconds: f64) -> Option<String> {
    if !seconds.is_finite() || seconds < 0.0 {
        return None;
    }
    // Whole days since 1970-01-01, dated by the one civil-date rule the command line uses.
    Some(crate::core::basics::format::date_of_day((seconds / 86_400.0).floor() as i64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_non_finite_tokens_become_null_but_strings_are_kept() {
        let (text, replaced) = without_non_finite("{\"a\": NaN, \"b\": \"NaN \\\" Infinity\",\n \"c\": -Infinity, \"d\": Infinity}");
        assert_eq!(text, "{\"a\": null, \"b\": \"NaN \\\" Infinity\",\n \"c\": null, \"d\": \"inf\"}");
        let doc: Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(number(&doc, &["d"]), None, "an infinite metric is not measured");
        assert_eq!(rate(&doc, &["d"]), Some(f64::INFINITY));
        let found: Vec<(usize, &str)> = replaced.iter().map(|r| (r.line, r.token)).collect();
        assert_eq!(found, [(1, "NaN"), (2, "-Infinity"), (2, "Infinity")]);
    }

    #[test]
    fn documents_one_after_another_keep_their_lines() {
        let docs = documents("{\"a\": 1}\n{\"a\": 2}\n\n{\"a\": 3}\n").expect("three documents");
        assert_eq!(docs.iter().map(|d| d.line).collect::<Vec<_>>(), [1, 2, 4]);
        let err = documents("{\"a\": 1}\n{\"a\": }\n").err().expect("the second does not parse");
        assert_eq!(err.0, 2);
    }

    #[test]
    fn epoch_seconds_give_the_utc_date() {
        assert_eq!(date_of_epoch(1_793_400_000.0).as_deref(), Some("2026-10-30"));
        assert_eq!(date_of_epoch(0.0).as_deref(), Some("1970-01-01"));
    }
}
