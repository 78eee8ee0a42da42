//! Engine groups as the study sees them (one per `--split-by` value) and what each input
//! file gave.

use super::study::EngineGroup;
use super::{import_file, ImportError};

/// A run label, `(key, value)`.
pub(super) type Label = (String, String);

/// With `--split-by KEY`, one engine per value of that label among the group's runs (id
/// `ID-VALUE`, label `LABEL VALUE`), each keeping only its runs; other groups as given.
pub(super) fn split_groups(given: &[EngineGroup]) -> Result<Vec<(EngineGroup, Option<Label>)>, ImportError> {
    let mut out = Vec::new();
    for group in given {
        let Some(key) = &group.split_by else {
            out.push((group.clone(), None));
            continue;
        };
        let mut values: Vec<String> = Vec::new();
        for (name, bytes) in &group.files {
            for run in import_file(name, bytes, group.tool)?.runs {
                if let Some((_, v)) = run.labels.into_iter().find(|(k, _)| k == key) {
                    if !values.contains(&v) {
                        values.push(v);
                    }
                }
            }
        }
        if values.is_empty() {
            return Err(ImportError::Study(crate::said![
                format!("engine `{}`: ", group.id),
                super::ask::Piece::Name(super::ask::Ask::SplitBy),
                format!(" {key}, but no run has a `{key}` label")
            ]));
        }
        values.sort();
        for value in values {
            let slug: String = value.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '-' }).collect();
            let split = EngineGroup { id: format!("{}-{slug}", group.id), label: format!("{} {value}", group.label), ..group.clone() };
            out.push((split, Some((key.clone(), value))));
        }
    }
    Ok(out)
}

/// What one input file gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileRead {
    /// The file as given.
    pub file: String,
    /// The tool it was read as.
    pub tool: &'static str,
    /// Runs read.
    pub runs: usize,
    /// Why each run left out was left out.
    pub skipped: Vec<String>,
    /// Runs of requests alone that joined the summary of the same run given beside them.
    pub paired: usize,
    /// Records left out as warm-up.
    pub warmup: usize,
}

impl std::fmt::Display for FileRead {
    /// "vllm/append.json: vLLM bench serve, 3 runs read, 3 placed" (then what was skipped, and why).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let runs = |n: usize| if n == 1 { "1 run".to_owned() } else { format!("{n} runs") };
        write!(f, "{}: {}, {} read, {} placed", self.file, self.tool, runs(self.runs), self.runs - self.skipped.len() - self.paired)?;
        if self.paired > 0 {
            write!(f, ", {} paired with the summary beside it (its requests joined that run)", self.paired)?;
        }
        if !self.skipped.is_empty() {
            write!(f, ", {} skipped ({})", self.skipped.len(), self.skipped.join("; "))?;
        }
        if self.warmup > 0 {
            let records = if self.warmup == 1 { "record" } else { "records" };
            write!(f, ", {} warm-up {records} left out (not counted)", self.warmup)?;
        }
        Ok(())
    }
}
