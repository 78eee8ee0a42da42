//! A run's input and output lengths: the publisher's, else the tool's nominal ones, else
//! refused; a nominal length the requests did not deliver is said; and runs of one dataset
//! that has no nominal length (ShareGPT, a recorded trace) share one workload whatever their
//! load — their measured means label it, never split it.

use super::place::GroupFile;
use crate::core::import::ask::{Ask, Piece, Said};
use crate::core::import::given::{study_error, EngineGroup};
use crate::core::import::{ImportError, ImportWarning, Length, Load, Run, Tool};
use crate::said;

/// A run with its lengths, before it is placed.
pub(in crate::core::import) struct Sized<'a> {
    /// The file it was read from.
    pub file: &'a GroupFile,
    /// The tool that read it.
    pub tool: Tool,
    /// The run.
    pub run: &'a Run,
    /// Its load.
    pub load: Load,
    /// `(isl, osl)` of its workload.
    pub lengths: (u64, u64),
}

/// Runs of one dataset with no nominal length (a length of theirs is the measured mean, and
/// they carry the same labels: the dataset's name) share one workload: each such length
/// becomes the mean of the runs' own, rounded. Before, two ShareGPT runs at 4 and 8 req/s
/// were two workloads ("ISL 224 / OSL 189", "ISL 225 / OSL 192"); each cell keeps its own
/// measured means (`isl_mean`, `osl_mean`).
pub(in crate::core::import) fn one_workload_per_dataset(sized: &mut [Sized<'_>]) {
    // A mean the publisher replaced with a length of theirs is not one any more.
    let measured = |s: &Sized<'_>| {
        let kept = |l: Option<Length>, used: u64| l.is_some_and(|l| l.is_mean() && l.tokens == used);
        (kept(s.run.isl, s.lengths.0), kept(s.run.osl, s.lengths.1))
    };
    let key = |s: &Sized<'_>| {
        let (mi, mo) = measured(s);
        // The dimensions that are nominal stay part of the key; the measured ones do not.
        (mi, mo, (!mi).then_some(s.lengths.0), (!mo).then_some(s.lengths.1), s.run.labels.clone())
    };
    let mut groups: Vec<(_, Vec<usize>)> = Vec::new();
    for (i, s) in sized.iter().enumerate().filter(|(_, s)| measured(s) != (false, false)) {
        let k = key(s);
        match groups.iter_mut().find(|(g, _)| *g == k) {
            Some((_, members)) => members.push(i),
            None => groups.push((k, vec![i])),
        }
    }
    for ((mi, mo, ..), members) in groups.into_iter().filter(|(_, m)| m.len() > 1) {
        let mean =
            |f: fn(&Sized<'_>) -> u64| (members.iter().map(|&i| f(&sized[i]) as f64).sum::<f64>() / members.len() as f64).round() as u64;
        let (isl, osl) = (mean(|s| s.lengths.0), mean(|s| s.lengths.1));
        for &i in &members {
            if mi {
                sized[i].lengths.0 = isl;
            }
            if mo {
                sized[i].lengths.1 = osl;
            }
        }
    }
}

/// A run's input and output lengths: the publisher's for this file (else the engine's),
/// else the tool's nominal ones; a run whose dataset has no nominal length keeps the mean
/// it measured, whatever the publisher gave (another dataset's length).
pub(in crate::core::import) fn lengths(
    group: &EngineGroup,
    file: &str,
    run: &Run,
    tool: &str,
    at: &str,
    warnings: &mut Vec<ImportWarning>,
) -> Result<(u64, u64), ImportError> {
    let (given_isl, given_osl) =
        group.file_lengths.iter().find(|l| l.0 == file).map_or((group.isl, group.osl), |l| (l.1.or(group.isl), l.2.or(group.osl)));
    let mut one = |given: Option<u64>, found: Option<Length>, flag: Ask, what: &str| -> Result<u64, ImportError> {
        match (given, found) {
            (Some(given), Some(found)) if found.measured => {
                warnings.push(ImportWarning {
                    file: file.to_owned(),
                    entry: run.entry.clone(),
                    message: said![
                        Piece::Given(flag, given.to_string()),
                        format!(
                            " is not used here: the run's dataset has no nominal {what} length, so it keeps its {} of {}",
                            found.from, found.tokens
                        )
                    ],
                });
                Ok(found.tokens)
            }
            (Some(given), found) => {
                // The tool's own record, when the publisher's is far from it, is said (a
                // mean is compared below, with the others).
                if let Some(found) = found.filter(|f| !f.mean && (given as f64 - f.tokens as f64).abs() > 0.05 * f.tokens as f64) {
                    warnings.push(ImportWarning {
                        file: file.to_owned(),
                        entry: run.entry.clone(),
                        message: said![
                            Piece::Given(flag, given.to_string()),
                            format!(" disagrees with the file's own {} of {} (more than 5 %); ", found.from, found.tokens),
                            Piece::Name(flag),
                            " was used"
                        ],
                    });
                }
                Ok(given)
            }
            (None, Some(found)) => Ok(found.tokens),
            (None, None) => Err(study_error(said![
                format!("{at}: {tool} does not record the nominal {what} length: give it for engine `{}` ", group.id),
                flag
            ])),
        }
    };
    let (isl, osl) = (one(given_isl, run.isl, Ask::Isl, "input")?, one(given_osl, run.osl, Ask::Osl, "output")?);
    // A nominal length the requests did not deliver (a dataset drawing lengths up to it, a
    // requested mean the model did not generate) is said, and the cell keeps the mean.
    for (tokens, given, found, mean, flag, what) in
        [(isl, given_isl, run.isl, run.isl_mean, Ask::Isl, "input"), (osl, given_osl, run.osl, run.osl_mean, Ask::Osl, "output")]
    {
        if let Some(words) = far_from_nominal(tokens, given.is_some().then_some(flag), found, mean, what) {
            warnings.push(ImportWarning { file: file.to_owned(), entry: run.entry.clone(), message: words });
        }
    }
    Ok((isl, osl))
}

/// The words for a nominal length more than 5 % from the mean the run measured: naming the
/// flag or the tool's field it came from, and the mean. `None` when they agree, when no
/// mean was measured, or when the length is that mean (a dataset with no nominal length).
fn far_from_nominal(tokens: u64, flag: Option<Ask>, found: Option<Length>, mean: Option<f64>, what: &str) -> Option<Said> {
    let mean = mean?;
    if flag.is_none() && found.is_some_and(|f| f.is_mean()) {
        return None;
    }
    let nominal = tokens as f64;
    if (mean - nominal).abs() <= 0.05 * nominal {
        return None;
    }
    let named = match (flag, found) {
        (Some(flag), _) => said![Piece::Given(flag, tokens.to_string())],
        (None, Some(found)) => said![format!("the nominal {what} length {tokens} ({})", found.from)],
        (None, None) => said![format!("the nominal {what} length {tokens}")],
    };
    let rest = format!(
        " is not what the requests had: the completed ones averaged {} {what} tokens ({:+.0} %); the workload keeps the nominal length and each cell its measured mean ({}_mean)",
        crate::core::basics::format::readable(mean),
        (mean - nominal) / nominal * 100.0,
        if what == "input" { "isl" } else { "osl" }
    );
    let mut said = named;
    said.0.push(Piece::Words(rest));
    Some(said)
}

/// What an engine's placeable runs lack of their lengths, as asks: once per engine and
/// length, naming the tool and the mean the requests measured where they did.
pub(in crate::core::import) fn missing_lengths(group: &EngineGroup, files: &[(GroupFile, crate::core::import::Imported)]) -> Vec<Said> {
    let mut out = Vec::new();
    for (what, ask, mean_of) in
        [("input", Ask::Isl, (|r: &Run| r.isl_mean) as fn(&Run) -> Option<f64>), ("output", Ask::Osl, |r: &Run| r.osl_mean)]
    {
        let lacking: Vec<(&str, &Run)> = files
            .iter()
            .flat_map(|(f, imported)| imported.runs.iter().map(move |r| (f, imported.tool, r)))
            .filter(|(_, _, r)| Load::of(r).is_ok())
            .filter(|(f, _, r)| {
                let (given_isl, given_osl) = group
                    .file_lengths
                    .iter()
                    .find(|l| l.0 == f.name())
                    .map_or((group.isl, group.osl), |l| (l.1.or(group.isl), l.2.or(group.osl)));
                if what == "input" {
                    given_isl.is_none() && r.isl.is_none()
                } else {
                    given_osl.is_none() && r.osl.is_none()
                }
            })
            .map(|(_, tool, r)| (tool.title(), r))
            .collect();
        let Some((tool, _)) = lacking.first() else { continue };
        let means: Vec<f64> = lacking.iter().filter_map(|(_, r)| mean_of(r)).collect();
        let measured = match means.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), m| (lo.min(*m), hi.max(*m))) {
            _ if means.is_empty() => String::new(),
            (lo, hi) if (hi - lo).abs() < 0.5 => format!("; its requests averaged {} {what} tokens", lo.round()),
            (lo, hi) => format!("; its requests averaged {}–{} {what} tokens", lo.round(), hi.round()),
        };
        out.push(said![
            format!("engine `{}`: the nominal {what} length ", group.id),
            ask,
            format!(": {tool} does not record it{measured}")
        ]);
    }
    out
}
