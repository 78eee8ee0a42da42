//! Tool outputs being imported in the page: the files picked and what each was read as,
//! then the study written from them (the same bytes the command line writes).

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::core::import::draft::{draft_models, read_draft, DraftFile};
use crate::core::import::ImportWarning;

/// What one picked file was read as (the core's rules, tested natively).
pub type DetectedFile = DraftFile;

/// Tool outputs picked, before the reader's answers.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportDraft {
    /// The files, by name.
    pub files: Arc<BTreeMap<String, Vec<u8>>>,
    /// What each was read as, in name order.
    pub detected: Vec<DetectedFile>,
    /// Every model the files name.
    pub models: Vec<String>,
}

impl ImportDraft {
    /// Read every file with the importers; `None` when none of them is a tool's output.
    pub fn of(files: BTreeMap<String, Vec<u8>>) -> Option<Self> {
        let detected = read_draft(&files)?;
        let models = draft_models(&detected);
        Some(ImportDraft { files: Arc::new(files), detected, models })
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
