//! What an importer says about a file it read but does not trust whole.

use serde_json::Value;

use super::{Run, Tool};

/// A run of a completed-requests file with no latency at all, while the document has keys
/// that look like latencies the importer does not know (another tool's layout read as this
/// one): said, naming them, so every latency being null is never silent.
pub fn unrecognised_latencies(tool: Tool, run: &Run, doc: &Value) -> Option<String> {
    let none = [run.ttft, run.tpot, run.itl, run.e2e].iter().all(|p| p.0.is_none() && p.1.is_none());
    if !none || run.n == Some(0.0) || !matches!(tool, Tool::Vllm | Tool::Sglang) {
        return None;
    }
    let keys: Vec<&str> = doc
        .as_object()?
        .keys()
        .map(String::as_str)
        .filter(|k| ["ttft", "tpot", "itl", "latency", "e2e"].iter().any(|w| k.contains(w)))
        .take(6)
        .collect();
    (!keys.is_empty()).then(|| {
        format!(
            "read as {} but none of its latency keys is here; keys it does not recognise: {} — every latency is not measured (is this another tool's summary?)",
            tool.title(),
            keys.join(", ")
        )
    })
}
