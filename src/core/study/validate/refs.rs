//! References between blocks (a row naming an engine, a figure naming a source) are
//! collected during the walk and checked once the whole file is read, so the order of
//! blocks in the file does not matter.

use std::collections::HashSet;

use super::reader::Checker;
use crate::core::study::findings::FindingKind;
use crate::core::study::path::JsonPath;

#[derive(Clone, Copy)]
enum Reference {
    Engine,
    Source,
}

/// What the file declares, and every reference to check against it.
#[derive(Default)]
pub(super) struct References {
    engine_ids: HashSet<String>,
    source_names: HashSet<String>,
    pending: Vec<(Reference, String, JsonPath)>,
}

impl References {
    /// References against the declared engine ids and source names.
    pub(super) fn new(engine_ids: impl IntoIterator<Item = String>, source_names: impl IntoIterator<Item = String>) -> Self {
        Self { engine_ids: engine_ids.into_iter().collect(), source_names: source_names.into_iter().collect(), pending: Vec::new() }
    }

    /// A row naming an engine; the path is built only when the id is not declared (a large
    /// file has thousands of references, and a path is a copy).
    pub(super) fn engine(&mut self, id: &str, path: impl FnOnce() -> JsonPath) {
        if !self.engine_ids.contains(id) {
            self.pending.push((Reference::Engine, id.to_owned(), path()));
        }
    }

    /// A figure naming a source file (the path built only when it is not declared).
    pub(super) fn source(&mut self, name: &str, path: impl FnOnce() -> JsonPath) {
        if !self.source_names.contains(name) {
            self.pending.push((Reference::Source, name.to_owned(), path()));
        }
    }

    /// Report every reference to something the file does not declare.
    pub(super) fn check(&self, checker: &mut Checker) {
        for (kind, name, path) in &self.pending {
            let (known, what) = match kind {
                Reference::Engine => (&self.engine_ids, "engine"),
                Reference::Source => (&self.source_names, "source file"),
            };
            if !known.contains(name) {
                checker.error(FindingKind::UnknownReference, path, format!("`{name}` is not a declared {what}"));
            }
        }
    }
}
