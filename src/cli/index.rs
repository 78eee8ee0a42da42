//! servescope-index: write a collection's manifest from its study files, or check that the
//! manifest still says what the files say.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::core::collections::collection::{disagreements, entry_for, manifest_json, parse_collection, Collection, StudyEntry};
use crate::core::study::validate::parse_results;
use crate::site::studies::{beside, studies_under, INDEX};

const USAGE: &str = "\
usage: servescope-index DIR [--check]   (also: servescope index)

Write DIR/index.json: every results file under DIR (a .json the validator accepts; a
folder with an index.json of its own is a collection of its own and left out), newest
first, with its path relative to DIR, sha256, size, title, date, model, hardware, engines,
workloads and which of its source files are published beside it (the page asks only for
those). With --check, write nothing: compare DIR/index.json with the files and name
every study whose file is missing or whose hash, size or listed fields disagree.
Exit 0: written, or the manifest matches; 1: a disagreement or an unreadable manifest;
2: bad usage.";

/// Where a manifest entry's file is: relative to the manifest, or for the first version's
/// page-relative paths, to the folder above it.
fn file_of(dir: &Path, collection: &Collection, entry: &StudyEntry) -> PathBuf {
    if collection.legacy {
        dir.parent().unwrap_or(dir).join(&entry.path)
    } else {
        dir.join(&entry.path)
    }
}

fn check(dir: &Path) -> Result<Vec<String>, String> {
    let index = dir.join(INDEX);
    let bytes = std::fs::read(&index).map_err(|e| format!("{}: {e}", index.display()))?;
    let collection = parse_collection(&bytes, &index.display().to_string()).map_err(|e| e.to_string())?;
    let mut problems = Vec::new();
    for listed in &collection.studies {
        let path = file_of(dir, &collection, listed);
        let Ok(bytes) = std::fs::read(&path) else {
            problems.push(format!("{}: the file is missing", listed.path));
            continue;
        };
        let Some(results) = parse_results(&bytes).results else {
            problems.push(format!("{}: not a valid results file", listed.path));
            continue;
        };
        let actual = entry_for(&listed.path, &bytes, &results, beside(&path));
        let mut said = disagreements(listed, &actual);
        if collection.legacy {
            // The first version lists only path, title, date and sha256.
            said.retain(|d| d.starts_with("sha256") || d.starts_with("title") || d.starts_with("date"));
        }
        problems.extend(said.into_iter().map(|d| format!("{}: {d}", listed.path)));
    }
    if !collection.legacy {
        for found in studies_under(dir)? {
            if !collection.studies.iter().any(|s| s.path == found.path) {
                problems.push(format!("{}: a results file the manifest does not list", found.path));
            }
        }
    }
    Ok(problems)
}

/// `servescope index` (and `servescope-index`): `args` after the command's name.
pub fn run(args: Vec<OsString>) -> ExitCode {
    let mut dir = None;
    let mut check_only = false;
    let mut parser = lexopt::Parser::from_args(args);
    loop {
        match parser.next() {
            Ok(Some(lexopt::Arg::Long("help") | lexopt::Arg::Short('h'))) => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            Ok(Some(lexopt::Arg::Long("check"))) => check_only = true,
            Ok(Some(lexopt::Arg::Value(v))) if dir.is_none() => dir = Some(PathBuf::from(v)),
            Ok(Some(other)) => {
                eprintln!("servescope-index: unexpected {}\n\n{USAGE}", other.unexpected());
                return ExitCode::from(2);
            }
            Ok(None) => break,
            Err(e) => {
                eprintln!("servescope-index: {e}\n\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let Some(dir) = dir else {
        eprintln!("servescope-index: a folder is required\n\n{USAGE}");
        return ExitCode::from(2);
    };
    if check_only {
        return match check(&dir) {
            Ok(problems) if problems.is_empty() => {
                println!("{}: the manifest matches its studies", dir.join(INDEX).display());
                ExitCode::SUCCESS
            }
            Ok(problems) => {
                for p in &problems {
                    eprintln!("MISMATCH {p}");
                }
                eprintln!(
                    "{}: {} disagreement(s); rewrite it with `servescope-index {}`",
                    dir.join(INDEX).display(),
                    problems.len(),
                    dir.display()
                );
                ExitCode::from(1)
            }
            Err(e) => {
                eprintln!("servescope-index: {e}");
                ExitCode::from(1)
            }
        };
    }
    let studies = match studies_under(&dir) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("servescope-index: {e}");
            return ExitCode::from(1);
        }
    };
    if studies.is_empty() {
        eprintln!("servescope-index: no results file under {}", dir.display());
        return ExitCode::from(1);
    }
    let text = manifest_json(&Collection { studies, legacy: false });
    let path = dir.join(INDEX);
    if let Err(e) = std::fs::write(&path, &text) {
        eprintln!("servescope-index: {}: {e}", path.display());
        return ExitCode::from(1);
    }
    println!("wrote {} ({} studies)", path.display(), text.matches("\"path\"").count());
    ExitCode::SUCCESS
}
