//! An engine's GPU count: the publisher's, else the one its files record where every record
//! agrees; never assumed.

use super::place::GroupFile;
use crate::core::basics::format::plural;
use crate::core::import::ask::{Ask, Piece};
use crate::core::import::given::{study_error, EngineGroup};
use crate::core::import::{ImportError, ImportWarning};

/// The engine with its GPU count: the publisher's (`--gpus`), else the count its files
/// record where every record agrees (vLLM's `--metadata gpus`, SGLang's `server_info`, the
/// GPU telemetry of AIPerf and GenAI-Perf); never assumed. A count given over a different
/// one the files record is said in a warning.
pub(in crate::core::import) fn with_gpus(
    group: &EngineGroup,
    files: &[(GroupFile, crate::core::import::Imported)],
    warnings: &mut Vec<ImportWarning>,
) -> Result<EngineGroup, ImportError> {
    let recorded: Vec<(u32, &str, &str, &str)> = files
        .iter()
        .flat_map(|(f, imported)| imported.runs.iter().filter_map(move |r| r.gpus.map(|(n, how)| (n, how, f.name(), r.entry.as_str()))))
        .collect();
    let mut group = group.clone();
    if group.gpus_unstated {
        return Ok(group);
    }
    if group.gpus > 0 {
        if let Some((n, how, file, entry)) = recorded.iter().find(|r| r.0 != group.gpus) {
            warnings.push(ImportWarning {
                file: (*file).to_owned(),
                entry: (*entry).to_owned(),
                message: crate::said![
                    Piece::Given(Ask::Gpus, group.gpus.to_string()),
                    format!(" overrides the {n} GPU{} {how} records", plural(*n as usize, "", "s"))
                ],
            });
        }
        return Ok(group);
    }
    let Some(&(n, how, file, entry)) = recorded.first() else {
        return Err(ImportError::Answers(vec![crate::said![
            format!("engine `{}`: the GPU count ", group.id),
            Ask::GpusOrUnstated,
            ": its files record none, and it is never assumed"
        ]]));
    };
    if let Some((m, other_how, other_file, other_entry)) = recorded.iter().find(|r| r.0 != n) {
        let at = |f: &str, e: &str| if e.is_empty() { f.to_owned() } else { format!("{f} {e}") };
        return Err(study_error(crate::said![
            format!(
                "engine `{}`: its files record different GPU counts ({n} in {} from {how}, {m} in {} from {other_how}): give the count ",
                group.id,
                at(file, entry),
                at(other_file, other_entry),
            ),
            Ask::Gpus,
            ", or one engine per setup"
        ]));
    }
    group.gpus = n;
    group.gpus_from_files = true;
    Ok(group)
}
