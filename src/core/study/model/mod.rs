//! The checked model the views use. Only `validate::parse_results` builds it, so a view
//! never sees an unchecked file. Every number that may be null in the file is an `Option`:
//! `None` means "not measured", never zero.

mod blocks;
mod serving;

pub use blocks::*;
pub use serving::*;

use std::sync::Arc;

/// A validated results file: one published study. Its fields are read through the methods
/// below and written only by the validator (`study::validate`), so no view holds a study
/// whose figures were changed after they were checked. Reading compiles; writing does not
/// (stable rustdoc checks only that it fails, so the first example keeps the second honest):
///
/// ```
/// fn title(study: &servescope::core::study::model::Results) -> &str {
///     study.title()
/// }
/// ```
/// ```compile_fail,E0616
/// fn retitle(study: &mut servescope::core::study::model::Results) {
///     study.title = "edited".into();
/// }
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Results {
    pub(in crate::core::study) schema_version: SchemaVersion,
    pub(in crate::core::study) title: String,
    pub(in crate::core::study) date: String,
    pub(in crate::core::study) scope: Option<String>,
    pub(in crate::core::study) model: Option<String>,
    pub(in crate::core::study) hardware: Option<String>,
    pub(in crate::core::study) highlights: Vec<Highlight>,
    pub(in crate::core::study) concurrency: Vec<u32>,
    pub(in crate::core::study) engines: Vec<Engine>,
    pub(in crate::core::study) sources: Vec<Source>,
    pub(in crate::core::study) decode: Option<Decode>,
    pub(in crate::core::study) prefill: Option<Prefill>,
    pub(in crate::core::study) cache: Option<Cache>,
    pub(in crate::core::study) serving: Option<Serving>,
    pub(in crate::core::study) accuracy: Option<Accuracy>,
    pub(in crate::core::study) weight_accuracy: Option<WeightAccuracy>,
    pub(in crate::core::study) raw: Arc<[u8]>,
}

/// A results file's schema version, `major.minor`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SchemaVersion {
    /// Breaking changes: a file of an unknown major version is refused.
    pub major: u32,
    /// Additions only: every optional field a minor adds may be absent.
    pub minor: u32,
}

impl SchemaVersion {
    /// What a file without `schemaVersion` is.
    pub const V1_0: SchemaVersion = SchemaVersion { major: 1, minor: 0 };
    /// The newest version this build reads and writes.
    pub const CURRENT: SchemaVersion = SchemaVersion { major: 1, minor: 4 };
}

impl std::fmt::Display for SchemaVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// A publisher's headline: a sentence and, optionally, a link to the view that shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Highlight {
    /// The finding, as written.
    pub text: String,
    /// A query string of this page (`?view=…`), checked to be one.
    pub link: Option<String>,
}

impl Results {
    /// The schema version the file declares (`schemaVersion`; absent means 1.0).
    pub fn schema_version(&self) -> SchemaVersion {
        self.schema_version
    }

    /// The study's title.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The study's date, as written.
    pub fn date(&self) -> &str {
        &self.date
    }

    /// What the study covers and does not, as written.
    pub fn scope(&self) -> Option<&str> {
        self.scope.as_deref()
    }

    /// The model measured, as written (schema 1.1).
    pub fn model(&self) -> Option<&str> {
        self.model.as_deref()
    }

    /// The hardware measured on, as written (schema 1.1).
    pub fn hardware(&self) -> Option<&str> {
        self.hardware.as_deref()
    }

    /// The publisher's own headline findings (schema 1.1), shown before the computed ones.
    pub fn highlights(&self) -> &[Highlight] {
        &self.highlights
    }

    /// The concurrency levels every per-concurrency list is indexed by (positive, ascending).
    pub fn concurrency(&self) -> &[u32] {
        &self.concurrency
    }

    /// The serving setups compared.
    pub fn engines(&self) -> &[Engine] {
        &self.engines
    }

    /// Every raw file behind the figures, with its hash.
    pub fn sources(&self) -> &[Source] {
        &self.sources
    }

    /// Aggregate decode throughput against concurrency.
    pub fn decode(&self) -> Option<&Decode> {
        self.decode.as_ref()
    }

    /// Prefill speed at nominal prompt lengths.
    pub fn prefill(&self) -> Option<&Prefill> {
        self.prefill.as_ref()
    }

    /// KV-cache capacity at start-up.
    pub fn cache(&self) -> Option<&Cache> {
        self.cache.as_ref()
    }

    /// Serving sweeps per workload.
    pub fn serving(&self) -> Option<&Serving> {
        self.serving.as_ref()
    }

    /// Served accuracy against a BF16 reference.
    pub fn accuracy(&self) -> Option<&Accuracy> {
        self.accuracy.as_ref()
    }

    /// Full-vocabulary weight accuracy.
    pub fn weight_accuracy(&self) -> Option<&WeightAccuracy> {
        self.weight_accuracy.as_ref()
    }

    /// The document's bytes as read (without a byte-order mark), so fields the model does
    /// not know are never lost; `raw_document` parses them when the raw view asks. Bytes,
    /// not text: they passed the parse, and checking 2 MB as UTF-8 again cost ~10 ms.
    pub fn raw(&self) -> &Arc<[u8]> {
        &self.raw
    }

    /// What the study's throughputs are per (per GPU unless it says the endpoint's).
    pub fn throughput_per(&self) -> Per {
        self.serving.as_ref().map_or(Per::Gpu, |s| s.throughput_per)
    }

    /// Whether the study keeps what each request did (schema 1.3's per-request tables).
    pub fn has_requests(&self) -> bool {
        self.serving.as_ref().is_some_and(|s| !s.requests.is_empty())
    }

    /// The whole document as JSON (the raw view's), read again from its text.
    pub fn raw_document(&self) -> crate::core::basics::json::Json<'_> {
        // The text passed the walk's parse, so this reads it again the same way.
        crate::core::basics::json::Json::parse(&self.raw).unwrap_or(crate::core::basics::json::Json::Null)
    }

    /// The engine with this id, if declared.
    pub fn engine(&self, id: &str) -> Option<&Engine> {
        self.engines.iter().find(|e| e.id == id)
    }

    /// The index of an engine id in file order; colours and markers follow it.
    pub fn engine_index(&self, id: &str) -> Option<usize> {
        self.engines.iter().position(|e| e.id == id)
    }
}

/// One serving setup: an engine with its checkpoint.
#[derive(Clone, Debug, PartialEq)]
pub struct Engine {
    /// Stable id, used in links (`engines=`) and row references.
    pub id: String,
    /// Human label.
    pub label: String,
    /// The source file this engine's setup is recorded in.
    pub source: Option<String>,
    /// The checkpoint served.
    pub checkpoint: Option<String>,
}

/// A raw file behind the figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Source {
    /// File name, relative to the results file.
    pub file: Option<String>,
    /// A remote address, for sources not shipped beside the results file.
    pub url: Option<String>,
    /// Where the file lived when it was produced.
    pub original_path: Option<String>,
    /// When a remote source was retrieved.
    pub retrieved: Option<String>,
    /// Expected sha256, lower-case hex (compared case-insensitively).
    pub sha256: String,
}

impl Source {
    /// The name figures cite this source by: its file, else its URL.
    pub fn name(&self) -> &str {
        self.file.as_deref().or(self.url.as_deref()).unwrap_or("")
    }
}
