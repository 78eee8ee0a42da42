//! YAML, read into the same JSON values the importers read: GuideLLM writes its report as
//! `benchmarks.yaml` with the same tree as its JSON (PyYAML, keys sorted), and llm-d's
//! Benchmark Report is YAML as often as JSON. One parser, `yaml-rust2` (pure Rust, kept up).
//! YAML's `.inf` becomes the string `"inf"` (an unbounded rate, as a bare JSON `Infinity`
//! does) and `.nan` a null (not measured).

use serde_json::{Map, Number, Value};
use yaml_rust2::{Yaml, YamlLoader};

use super::json::Document;

/// A YAML scalar or tree as JSON.
fn to_json(yaml: &Yaml) -> Value {
    match yaml {
        Yaml::Real(text) => match text.trim_start_matches('+').to_ascii_lowercase().as_str() {
            ".inf" => Value::String("inf".to_owned()),
            "-.inf" | ".nan" => Value::Null,
            _ => yaml.as_f64().and_then(Number::from_f64).map_or(Value::Null, Value::Number),
        },
        Yaml::Integer(i) => Value::Number((*i).into()),
        Yaml::String(s) => Value::String(s.clone()),
        Yaml::Boolean(b) => Value::Bool(*b),
        Yaml::Array(items) => Value::Array(items.iter().map(to_json).collect()),
        Yaml::Hash(map) => {
            let mut out = Map::new();
            for (k, v) in map {
                let key = match k {
                    Yaml::String(s) => s.clone(),
                    Yaml::Integer(i) => i.to_string(),
                    Yaml::Real(r) => r.clone(),
                    Yaml::Boolean(b) => b.to_string(),
                    _ => continue,
                };
                out.insert(key, to_json(v));
            }
            Value::Object(out)
        }
        Yaml::Null | Yaml::Alias(_) | Yaml::BadValue => Value::Null,
    }
}

/// Every YAML document of `text` (separated by `---`), as JSON values with the line each
/// starts on; the error names the line and why.
pub(in crate::core::import) fn documents(text: &str) -> Result<Vec<Document>, (usize, String)> {
    let docs = YamlLoader::load_from_str(text).map_err(|e| (e.marker().line(), e.info().to_owned()))?;
    Ok(docs.iter().map(|d| Document { line: 1, value: to_json(d) }).collect())
}

/// Whether a text reads as YAML rather than JSON: it does not open with `{` or `[`.
pub(in crate::core::import) fn looks_like_yaml(text: &str) -> bool {
    !matches!(text.trim_start().chars().next(), Some('{' | '[') | None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_reads_as_the_json_tree_with_infinity_as_an_unbounded_rate() {
        let docs = documents("benchmarks:\n- rate: .inf\n  streams: 8\n  p: 0.5\n  name: x\n  gone: .nan\n").expect("YAML");
        assert_eq!(docs.len(), 1);
        let b = &docs[0].value["benchmarks"][0];
        assert_eq!(b["rate"], "inf");
        assert_eq!(b["streams"], 8);
        assert_eq!(b["p"], 0.5);
        assert_eq!(b["gone"], Value::Null);
        assert!(looks_like_yaml("metadata:\n  version: 2\n"));
        assert!(!looks_like_yaml("  {\"a\": 1}"));
        assert_eq!(documents("a: [1, 2\n").err().map(|e| e.0 > 0), Some(true), "an unclosed list names its line");
    }
}
