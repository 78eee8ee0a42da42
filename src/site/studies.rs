//! The studies under a folder, as a collection's manifest lists them.

use std::path::Path;

use crate::core::collections::collection::{entry_for, StudyEntry};
use crate::core::study::validate::parse_results;

/// The manifest's file name in a collection's folder.
pub const INDEX: &str = "index.json";

/// Every results file under `dir` (a .json the validator accepts), newest first, each as its
/// manifest entry with its path relative to `dir`. A folder with an `index.json` of its own
/// is a collection of its own and left out (the bundled per-request study under
/// `data/requests/`).
pub fn studies_under(dir: &Path) -> Result<Vec<StudyEntry>, String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        let entries = std::fs::read_dir(&at).map_err(|e| format!("{}: {e}", at.display()))?;
        for entry in entries {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                if !path.join(INDEX).is_file() {
                    stack.push(path);
                }
                continue;
            }
            let relative = path.strip_prefix(dir).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            if !relative.ends_with(".json") || relative == INDEX {
                continue;
            }
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            if let Some(results) = parse_results(&bytes).results {
                found.push(entry_for(&relative, &bytes, &results, beside(&path)));
            }
        }
    }
    found.sort_by(|a, b| b.date.cmp(&a.date).then_with(|| a.path.cmp(&b.path)));
    Ok(found)
}

/// Whether a source file named relative to the study at `study` is there beside it.
pub fn beside(study: &Path) -> impl Fn(&str) -> bool + '_ {
    move |file| study.parent().is_some_and(|dir| dir.join(file).is_file())
}
