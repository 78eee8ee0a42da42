//! The importers' layout: `core/import/` in folders that name their parts, as
//! ARCHITECTURE.md lists them.

use std::path::Path;

use crate::structure::sources;

/// `core/import/` keeps at most 12 files at its root, the rest in folders ARCHITECTURE.md
/// names; a folder's files name their siblings (`super::sibling`), never what their folder's
/// `mod.rs` orchestrates, so no circle runs through it.
#[test]
fn the_importers_are_in_folders_that_architecture_names_and_no_circle_runs_through_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/core/import");
    let architecture = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md")).expect("read");
    let (mut files, mut folders) = (0, Vec::new());
    for entry in std::fs::read_dir(&root).expect("the import folder") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).expect("a name").to_owned();
        if path.is_dir() {
            folders.push(name);
        } else {
            files += 1;
        }
    }
    assert!(files <= 12, "{files} files at core/import's root");
    assert!(folders.len() >= 3, "{folders:?}");
    for folder in &folders {
        assert!(architecture.contains(&format!("`{folder}/`")), "ARCHITECTURE.md names core/import/{folder}/");
        let siblings: Vec<String> = std::fs::read_dir(root.join(folder))
            .expect("a folder")
            .filter_map(|e| e.ok()?.path().file_stem()?.to_str().map(str::to_owned))
            .collect();
        for (path, text) in sources(&format!("src/core/import/{folder}")) {
            if path.file_name().is_some_and(|n| n == "mod.rs") || path.parent() != Some(&root.join(folder)) {
                continue;
            }
            let code: String = text.split("#[cfg(test)]").next().unwrap_or_default().to_owned();
            for (at, _) in code.match_indices("super::") {
                let name: String = code[at + 7..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                assert!(siblings.contains(&name), "{}: super::{name} is not a sibling in {folder}/", path.display());
            }
        }
    }
}
