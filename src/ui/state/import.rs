//! Tool outputs being imported in the page: the files picked and what each was read as,
//! then the study written from them (the same bytes the command line writes).

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::core::import::{import_file, ImportWarning};

/// What one picked file was read as.
#[derive(Clone, Debug, PartialEq)]
pub struct DetectedFile {
    /// Its name.
    pub name: String,
    /// The tool and the runs it holds by load axis (`Imported::read_as`), or why it cannot
    /// be imported.
    pub read_as: Result<String, String>,
    /// Whether some run lacks a nominal input or output length (the form asks for them).
    pub needs_lengths: bool,
}

/// Tool outputs picked, before the reader's answers.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportDraft {
    /// The files, by name.
    pub files: Arc<BTreeMap<String, Vec<u8>>>,
    /// What each was read as, in name order.
    pub detected: Vec<DetectedFile>,
}

impl ImportDraft {
    /// Read every file with the importers; `None` when none of them is a tool's output.
    pub fn of(files: BTreeMap<String, Vec<u8>>) -> Option<Self> {
        let detected: Vec<DetectedFile> = files
            .iter()
            .map(|(name, bytes)| match import_file(name, bytes, None) {
                Ok(imported) => {
                    let runs = imported.placeable();
                    DetectedFile {
                        name: name.clone(),
                        read_as: Ok(imported.read_as()),
                        needs_lengths: runs.iter().any(|r| r.isl.is_none() || r.osl.is_none()),
                    }
                }
                Err(e) => DetectedFile { name: name.clone(), read_as: Err(e.to_string()), needs_lengths: false },
            })
            .collect();
        detected.iter().any(|d| d.read_as.is_ok()).then(|| ImportDraft { files: Arc::new(files), detected })
    }
}

/// A study the page imported: its results file, to download, and the caveats.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportedStudy {
    /// `results.json`, as written.
    pub results: Arc<Vec<u8>>,
    /// What was imported with a caveat or left out.
    pub warnings: Vec<ImportWarning>,
}
