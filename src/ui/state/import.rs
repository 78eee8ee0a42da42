//! Tool outputs being imported in the page: the files picked and what each was read as,
//! then the study written from them (the same bytes the command line writes).

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::core::import::draft::{draft_models, DraftFile};
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
    /// The files and what the import module read each as (`remote::draft_reply`).
    pub fn new(files: BTreeMap<String, Vec<u8>>, detected: Vec<DetectedFile>) -> Self {
        let models = draft_models(&detected);
        ImportDraft { files: Arc::new(files), detected, models }
    }
}

/// Files the page could not hand to the import module (it did not load): what went wrong,
/// and the files, to try again.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportFailure {
    /// Why, in words.
    pub message: String,
    /// The files picked or dropped.
    pub files: Arc<BTreeMap<String, Vec<u8>>>,
}

/// A study the page imported: its results file, to download, and the caveats.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportedStudy {
    /// `results.json`, as written.
    pub results: Arc<Vec<u8>>,
    /// What was imported with a caveat or left out.
    pub warnings: Vec<ImportWarning>,
    /// Every file written, as one ZIP archive: what the publisher uploads.
    pub zip: Option<Arc<Vec<u8>>>,
    /// How many files the archive holds.
    pub files: usize,
    /// The archive was downloaded (the badge stops saying it is needed).
    pub downloaded: bool,
}
