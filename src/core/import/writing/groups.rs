//! Engine groups as the study sees them (one per `--split-by` value) and what each input
//! file gave.

use crate::core::import::given::EngineGroup;
use crate::core::import::{import_file, ImportError};

/// A run label, `(key, value)`.
pub(in crate::core::import) type Label = (String, String);

/// With `--split-by KEY`, one engine per value of that label among the group's runs (id
/// `ID-VALUE`, label `LABEL VALUE`), each keeping only its runs; other groups as given.
pub(in crate::core::import) fn split_groups(given: &[EngineGroup]) -> Result<Vec<(EngineGroup, Option<Label>)>, ImportError> {
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
                crate::core::import::ask::Piece::Name(crate::core::import::ask::Ask::SplitBy),
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
