//! A collection manifest (`index.json`): every study of a collection with its sha256,
//! size and what it measured, so the catalog needs no study file until one is opened,
//! and every opened study is checked against what the manifest says.
//!
//! `{"schemaVersion": "1.1", "studies": [{"path", "sha256", "bytes", "title", "date",
//! "model", "hardware", "engines": [labels], "engineIds", "workloads": ["ISLxOSL", …],
//! "publishedSources": [files]}]}`; paths are relative to the manifest. `publishedSources`
//! (1.1) names the study's source files that were beside it when the manifest was written,
//! so the page asks only for those (a 1.0 manifest says nothing, and every one is asked for). The first version's `{"results": [{"path", "title", "date",
//! "sha256"}]}` still opens (its other fields read as not stated).

use crate::core::basics::json::{Json, Obj};
use serde::Serialize;

use crate::core::provenance::{sha256_hex, SourceJob, SourceStatus, Verification, ON_DEMAND};
use crate::core::study::model::Results;

/// One study of a collection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudyEntry {
    /// Path relative to the manifest.
    pub path: String,
    /// The study file's sha256, lower-case hex.
    pub sha256: String,
    /// Its size in bytes, when the manifest states it.
    pub bytes: Option<u64>,
    /// The study's title.
    pub title: String,
    /// The study's date, as written.
    pub date: String,
    /// The model measured, when the study states it.
    pub model: Option<String>,
    /// The hardware, when the study states it.
    pub hardware: Option<String>,
    /// Engine labels, in the study's order.
    pub engines: Vec<String>,
    /// Engine ids, in the same order (not in the first manifest version).
    pub engine_ids: Vec<String>,
    /// Workloads as `ISLxOSL`.
    pub workloads: Vec<String>,
    /// The study's source files found beside it when the manifest was written (1.1);
    /// `None` = the manifest does not say.
    pub published: Option<Vec<String>>,
}

impl StudyEntry {
    /// Its engine ids, each once however often it lists one (a study counts once for an id).
    pub fn distinct_engine_ids(&self) -> Vec<String> {
        let ids = &self.engine_ids;
        ids.iter().enumerate().filter(|(i, id)| !ids[..*i].contains(id)).map(|(_, id)| id.clone()).collect()
    }

    /// Whether the page should ask for a source file: the manifest lists it as published,
    /// or says nothing of what is.
    pub fn asks_for(&self, file: &str) -> bool {
        asks_for(self.published.as_deref(), file)
    }
}

/// The rule `StudyEntry::asks_for` follows, for what a manifest's `published` list says
/// (`None`: it says nothing, and every source is asked for).
pub fn asks_for(published: Option<&[String]>, file: &str) -> bool {
    published.is_none_or(|files| files.iter().any(|f| f == file))
}

/// The status a source has before anything is fetched, by the rule the page's checks
/// follow: one the manifest lists as unpublished is not asked for, a per-request table is
/// checked when a view reads it. `None`: it has to be fetched to be known.
pub fn known_unfetched(job: &SourceJob, published: Option<&[String]>) -> Option<SourceStatus> {
    if !asks_for(published, &job.file) {
        return Some(SourceStatus::not_published());
    }
    job.on_demand.then(|| SourceStatus::NotChecked(ON_DEMAND.to_owned()))
}

/// Record every source whose status needs no fetch (`known_unfetched`); whether none is
/// left to fetch, so the verdict is known before any request (the pre-render's, like the
/// app's first, for a study none of whose sources is published).
pub fn record_unfetched(verification: &mut Verification, published: Option<&[String]>) -> bool {
    let mut left = 0;
    for job in verification.jobs().to_vec() {
        match known_unfetched(&job, published) {
            Some(status) => verification.record(&job, status, None),
            None => left += 1,
        }
    }
    left == 0
}

/// A study's source files by their path relative to it (sources named only by URL have none).
pub fn source_files(results: &Results) -> Vec<String> {
    results.sources().iter().filter_map(|s| s.file.clone()).collect()
}

/// A parsed manifest.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collection {
    /// The studies, in the manifest's order.
    pub studies: Vec<StudyEntry>,
    /// The first version's `results` list, whose paths are relative to the page, not to
    /// the manifest.
    pub legacy: bool,
}

impl Collection {
    /// A study's path as a reference relative to the page, given the manifest's own path.
    pub fn src_of(&self, manifest: &str, entry: &StudyEntry) -> String {
        let path = &entry.path;
        if self.legacy || path.contains("://") || path.starts_with('/') {
            return path.clone();
        }
        let joined = match manifest.rsplit_once('/') {
            Some((dir, _)) => format!("{dir}/{path}"),
            None => path.clone(),
        };
        normalize(&joined)
    }
}

/// A relative path with its `.` and `..` steps folded in (`a/../b/./c` → `b/c`), so the
/// same study reads as the same `src` however a manifest reaches it.
fn normalize(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "." | "" => {}
            ".." if parts.last().is_some_and(|p| *p != "..") => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    parts.join("/")
}

/// Why a manifest cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IndexError {
    /// Not JSON at all.
    #[error("{path} is not valid JSON: {reason}")]
    NotJson {
        /// The manifest's path.
        path: String,
        /// serde_json's message.
        reason: String,
    },
    /// JSON of the wrong shape.
    #[error("{path}: {what}")]
    Shape {
        /// The manifest's path.
        path: String,
        /// What is wrong, with its JSON path.
        what: String,
    },
    /// A manifest with no study.
    #[error("{path} lists no study")]
    Empty {
        /// The manifest's path.
        path: String,
    },
}

fn string_field(item: &Obj<'_>, key: &str, at: &str, path: &str) -> Result<String, IndexError> {
    item.get(key)
        .and_then(Json::as_str)
        .map(str::to_owned)
        .ok_or_else(|| IndexError::Shape { path: path.to_owned(), what: format!("{at}.{key}: expected a string") })
}

fn optional_string(item: &Obj<'_>, key: &str, at: &str, path: &str) -> Result<Option<String>, IndexError> {
    match item.get(key) {
        None | Some(Json::Null) => Ok(None),
        Some(Json::String(s)) => Ok(Some(s.to_string())),
        Some(_) => Err(IndexError::Shape { path: path.to_owned(), what: format!("{at}.{key}: expected a string or null") }),
    }
}

fn strings(item: &Obj<'_>, key: &str, at: &str, path: &str) -> Result<Vec<String>, IndexError> {
    match item.get(key) {
        None => Ok(Vec::new()),
        Some(Json::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| {
                v.as_str()
                    .map(str::to_owned)
                    .ok_or_else(|| IndexError::Shape { path: path.to_owned(), what: format!("{at}.{key}[{i}]: expected a string") })
            })
            .collect(),
        Some(_) => Err(IndexError::Shape { path: path.to_owned(), what: format!("{at}.{key}: expected an array of strings") }),
    }
}

/// Parse a manifest; `path` names it in errors.
pub fn parse_collection(bytes: &[u8], path: &str) -> Result<Collection, IndexError> {
    let value = Json::parse(bytes).map_err(|e| IndexError::NotJson { path: path.to_owned(), reason: e.to_string() })?;
    let shape = |what: &str| IndexError::Shape { path: path.to_owned(), what: what.to_owned() };
    let root = value.as_object().ok_or_else(|| shape("expected an object with a `studies` array"))?;
    let (key, items) = match (root.get("studies"), root.get("results")) {
        (Some(Json::Array(items)), _) => ("studies", items),
        (None, Some(Json::Array(items))) => ("results", items),
        _ => return Err(shape("expected an object with a `studies` array (or the first version's `results` array)")),
    };
    if key == "studies" {
        match root.get("schemaVersion").and_then(Json::as_str) {
            Some(v) if v.starts_with("1.") => {}
            Some(v) => return Err(shape(&format!("schemaVersion {v} is not supported: this page reads 1.x manifests"))),
            None => return Err(shape("schemaVersion: expected \"1.0\"")),
        }
    }
    let mut studies = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let at = format!("{key}[{i}]");
        let item = item.as_object().ok_or_else(|| shape(&format!("{at}: expected an object")))?;
        let bytes = match item.get("bytes") {
            None | Some(Json::Null) => None,
            Some(v) => Some(v.as_u64().ok_or_else(|| shape(&format!("{at}.bytes: expected a whole number")))?),
        };
        studies.push(StudyEntry {
            path: string_field(item, "path", &at, path)?,
            sha256: string_field(item, "sha256", &at, path)?.to_ascii_lowercase(),
            bytes,
            title: string_field(item, "title", &at, path)?,
            date: string_field(item, "date", &at, path)?,
            model: optional_string(item, "model", &at, path)?,
            hardware: optional_string(item, "hardware", &at, path)?,
            engines: strings(item, "engines", &at, path)?,
            engine_ids: strings(item, "engineIds", &at, path)?,
            workloads: strings(item, "workloads", &at, path)?,
            published: match item.get("publishedSources") {
                None | Some(Json::Null) => None,
                Some(_) => Some(strings(item, "publishedSources", &at, path)?),
            },
        });
    }
    if studies.is_empty() {
        return Err(IndexError::Empty { path: path.to_owned() });
    }
    Ok(Collection { studies, legacy: key == "results" })
}

/// The manifest entry a study file earns: its hash and size, what it states, and which of
/// its sources `published` says are beside it.
pub fn entry_for(path: &str, bytes: &[u8], results: &Results, published: impl Fn(&str) -> bool) -> StudyEntry {
    StudyEntry {
        path: path.to_owned(),
        sha256: sha256_hex(bytes),
        bytes: Some(bytes.len() as u64),
        title: results.title().to_owned(),
        date: results.date().to_owned(),
        model: results.model().map(str::to_owned),
        hardware: results.hardware().map(str::to_owned),
        engines: results.engines().iter().map(|e| e.label.clone()).collect(),
        engine_ids: results.engines().iter().map(|e| e.id.clone()).collect(),
        workloads: results.serving().into_iter().flat_map(|s| &s.workloads).map(|w| w.key()).collect(),
        published: Some(source_files(results).into_iter().filter(|f| published(f)).collect()),
    }
}

/// A manifest entry as written: every field, in this order, unstated ones as null.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct EntryDoc<'a> {
    path: &'a str,
    sha256: &'a str,
    bytes: Option<u64>,
    title: &'a str,
    date: &'a str,
    model: Option<&'a str>,
    hardware: Option<&'a str>,
    engines: &'a [String],
    engine_ids: &'a [String],
    workloads: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    published_sources: Option<&'a [String]>,
}

/// The manifest as written.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ManifestDoc<'a> {
    schema_version: &'static str,
    studies: Vec<EntryDoc<'a>>,
}

/// The manifest as written to `index.json`: stable key order, one study per entry.
pub fn manifest_json(collection: &Collection) -> String {
    let studies = collection
        .studies
        .iter()
        .map(|s| EntryDoc {
            path: &s.path,
            sha256: &s.sha256,
            bytes: s.bytes,
            title: &s.title,
            date: &s.date,
            model: s.model.as_deref(),
            hardware: s.hardware.as_deref(),
            engines: &s.engines,
            engine_ids: &s.engine_ids,
            workloads: &s.workloads,
            published_sources: s.published.as_deref(),
        })
        .collect();
    // 1.1 only when it says what 1.0 cannot: which sources are published.
    let schema_version = if collection.studies.iter().any(|s| s.published.is_some()) { "1.1" } else { "1.0" };
    serde_json::to_string_pretty(&ManifestDoc { schema_version, studies }).unwrap_or_default() + "\n"
}

/// How a manifest entry disagrees with the file it lists, one sentence per field.
pub fn disagreements(listed: &StudyEntry, actual: &StudyEntry) -> Vec<String> {
    let mut out = Vec::new();
    if listed.sha256 != actual.sha256 {
        out.push(format!("sha256 is {} in the manifest but {} for the file", listed.sha256, actual.sha256));
    }
    if listed.bytes.is_some() && listed.bytes != actual.bytes {
        out.push(format!(
            "bytes is {} in the manifest but {} for the file",
            listed.bytes.unwrap_or_default(),
            actual.bytes.unwrap_or_default()
        ));
    }
    let fields: [(&str, String, String); 7] = [
        ("title", listed.title.clone(), actual.title.clone()),
        ("date", listed.date.clone(), actual.date.clone()),
        ("model", format!("{:?}", listed.model), format!("{:?}", actual.model)),
        ("hardware", format!("{:?}", listed.hardware), format!("{:?}", actual.hardware)),
        ("engines", listed.engines.join(", "), actual.engines.join(", ")),
        ("engineIds", listed.engine_ids.join(", "), actual.engine_ids.join(", ")),
        ("workloads", listed.workloads.join(", "), actual.workloads.join(", ")),
    ];
    for (name, a, b) in fields {
        if a != b {
            out.push(format!("{name} is [{a}] in the manifest but [{b}] in the file"));
        }
    }
    if let (Some(listed), Some(found)) = (&listed.published, &actual.published) {
        if listed != found {
            out.push(format!("publishedSources is [{}] in the manifest but [{}] beside the file", listed.join(", "), found.join(", ")));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_manifest_version_still_opens() {
        let old = br#"{"results":[{"path":"data/a.json","title":"A","date":"2026-01-01","sha256":"AB"}]}"#;
        let c = parse_collection(old, "data/index.json").expect("old manifest");
        assert_eq!(c.studies[0].sha256, "ab");
        assert_eq!(c.studies[0].model, None);
        assert!(c.studies[0].engines.is_empty());
        assert_eq!(c.src_of("data/index.json", &c.studies[0]), "data/a.json", "the first version's paths are the page's");
        let new = br#"{"schemaVersion":"1.0","studies":[{"path":"a.json","title":"A","date":"d","sha256":"ab"}]}"#;
        let c = parse_collection(new, "data/index.json").expect("manifest");
        assert_eq!(c.src_of("data/index.json", &c.studies[0]), "data/a.json", "paths are relative to the manifest");
        assert_eq!(c.src_of("index.json", &c.studies[0]), "a.json");
        assert_eq!(normalize("fixtures/../data/a.json"), "data/a.json");
        assert_eq!(normalize("../x/./a.json"), "../x/a.json");
    }

    #[test]
    fn a_malformed_manifest_says_what_is_wrong() {
        let err = |b: &[u8]| parse_collection(b, "data/index.json").expect_err("malformed").to_string();
        assert!(err(b"[]").contains("`studies` array"));
        assert_eq!(err(br#"{"results":[{"path":"a"}]}"#), "data/index.json: results[0].sha256: expected a string");
        assert_eq!(err(br#"{"results":[]}"#), "data/index.json lists no study");
        assert!(err(br#"{"schemaVersion":"2.0","studies":[]}"#).contains("2.0 is not supported"));
        assert!(err(b"{").starts_with("data/index.json is not valid JSON"));
    }
}
