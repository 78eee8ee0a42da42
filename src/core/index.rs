//! `data/index.json`: the bundled results files, in the order the dataset picker lists them.

use serde_json::Value;
use sha2::{Digest, Sha256};

/// One bundled results file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexEntry {
    /// Path relative to the site root (`data/….json`).
    pub path: String,
    /// The study's title.
    pub title: String,
    /// The study's date.
    pub date: String,
    /// The file's sha256, lower-case hex.
    pub sha256: String,
}

/// Parse `data/index.json`: `{"results": [{"path", "title", "date", "sha256"}, …]}`.
pub fn parse_index(bytes: &[u8]) -> Result<Vec<IndexEntry>, String> {
    let value: Value = serde_json::from_slice(bytes).map_err(|e| format!("data/index.json is not valid JSON: {e}"))?;
    let items = value
        .get("results")
        .and_then(Value::as_array)
        .ok_or("data/index.json: expected an object with a `results` array")?;
    let mut entries = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let field = |key: &str| {
            item.get(key)
                .and_then(Value::as_str)
                .map(str::to_owned)
                .ok_or_else(|| format!("data/index.json: results[{i}].{key}: expected a string"))
        };
        entries.push(IndexEntry { path: field("path")?, title: field("title")?, date: field("date")?, sha256: field("sha256")?.to_ascii_lowercase() });
    }
    if entries.is_empty() {
        return Err("data/index.json lists no results files".into());
    }
    Ok(entries)
}

/// The largest results file the page reads; larger ones are refused, with both sizes,
/// before they are read.
pub const MAX_RESULTS_BYTES: u64 = 64 * 1024 * 1024;

/// The refusal for a file over the limit.
pub fn too_large(bytes: u64) -> String {
    format!("the file is {:.1} MiB, over the {} MiB limit; it was not read", bytes as f64 / 1_048_576.0, MAX_RESULTS_BYTES / 1_048_576)
}

/// Lower-case hex sha256 of some bytes.
pub fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_index_names_the_bundled_file_with_its_real_hash() {
        let root = env!("CARGO_MANIFEST_DIR");
        let index = std::fs::read(format!("{root}/data/index.json")).expect("data/index.json");
        let entries = parse_index(&index).expect("valid index");
        assert_eq!(entries[0].path, "data/qwen3.8-flash-next-mi350p-2026-10-30.json");
        for entry in &entries {
            let bytes = std::fs::read(format!("{root}/{}", entry.path)).expect("listed file exists");
            assert_eq!(sha256_hex(&bytes), entry.sha256, "{}", entry.path);
        }
    }

    #[test]
    fn an_oversized_file_is_refused_with_its_size_and_the_limit() {
        assert_eq!(too_large(100 * 1_048_576 + 524_288), "the file is 100.5 MiB, over the 64 MiB limit; it was not read");
    }

    #[test]
    fn a_malformed_index_says_what_is_wrong() {
        assert!(parse_index(b"[]").expect_err("malformed").contains("`results` array"));
        assert!(parse_index(br#"{"results":[{"path":"a"}]}"#).expect_err("malformed").contains("results[0].title"));
        assert!(parse_index(br#"{"results":[]}"#).expect_err("malformed").contains("no results"));
    }
}
