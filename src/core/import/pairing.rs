//! A run's per-request file and its summary, given together, are one run: the summary
//! keeps its figures and gains the requests. They are paired by what both record — the
//! completed and failed counts, AIPerf's first request time, GenAI-Perf's load — never by a
//! folder or a file name; counts that disagree are an error, not a guess.

use crate::core::import::ask::Said;
use crate::core::import::{ImportError, Imported, Load};

/// One file of a group as read: its name and what it held.
pub(super) type ReadFile = (String, Imported);

/// The first request times agree, in epoch s (AIPerf's summary writes its nanoseconds as a
/// float, exact to 256 ns at today's dates: within 2 µs).
fn same_instant(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => (a - b).abs() <= 2e-6,
        _ => true,
    }
}

/// The counts a run records, in words: "89 completed, 11 failed".
fn counts(n: Option<f64>, errors: Option<f64>) -> String {
    let say = |v: Option<f64>| v.map_or_else(|| "not recorded".to_owned(), crate::core::basics::format::as_written);
    format!("{} completed, {} failed", say(n), say(errors))
}

/// Whether a summary `s` records the same run as the requests `run`: their counts (or, for a
/// summary that records none, as GenAI-Perf's older exports, their request throughput within
/// 1 %), failures, first request time and load agree.
fn same_run(s: &crate::core::import::Run, run: &crate::core::import::Run) -> bool {
    let load_agrees = match (Load::of(run), Load::of(s)) {
        (Ok(a), Ok(b)) => a == b,
        _ => true,
    };
    let counts_agree = match s.n {
        Some(n) => Some(n) == run.n,
        None => s.req_s_achieved.zip(run.req_s_achieved).is_some_and(|(a, b)| (a - b).abs() <= 0.01 * a.abs().max(b.abs())),
    };
    counts_agree
        && (s.errors.is_none() || run.errors.is_none() || s.errors == run.errors)
        && same_instant(s.first_request_s, run.first_request_s)
        && load_agrees
}

/// The candidate summaries `(file, run)` that record the same run as `run`; several with the
/// same counts narrow to the one whose TTFT p50 the requests give.
fn same_run_as(files: &[ReadFile], run: &crate::core::import::Run, candidates: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let matching: Vec<(usize, usize)> = candidates.iter().copied().filter(|&(g, k)| same_run(&files[g].1.runs[k], run)).collect();
    if matching.len() < 2 {
        return matching;
    }
    let close = |a: Option<f64>, b: Option<f64>| a.zip(b).is_some_and(|(a, b)| (a - b).abs() <= 1e-6 * a.abs().max(1.0) + 0.0005);
    matching.into_iter().filter(|&(g, k)| close(files[g].1.runs[k].ttft.0, run.ttft.0)).collect()
}

/// Pair every run of requests alone with the summary of the same run among the group's
/// other files (same tool); a run of requests with no summary beside it stays a run of its
/// own. Err when a summary is there but none records the same requests, or several do.
pub(super) fn pair(files: &mut [ReadFile], same_run: bool) -> Result<(), ImportError> {
    for f in 0..files.len() {
        let mut r = 0;
        while r < files[f].1.runs.len() {
            let run = &files[f].1.runs[r];
            if !run.from_requests || run.requests.is_none() {
                r += 1;
                continue;
            }
            let tool = files[f].1.tool;
            // Summaries of this tool, in the other files, that have no requests yet.
            let mut candidates: Vec<(usize, usize)> = Vec::new();
            for (g, (_, other)) in files.iter().enumerate().filter(|(g, (_, o))| *g != f && o.tool == tool) {
                candidates
                    .extend(other.runs.iter().enumerate().filter(|(_, s)| !s.from_requests && s.requests.is_none()).map(|(k, _)| (g, k)));
            }
            if candidates.is_empty() {
                r += 1;
                continue;
            }
            let matching = same_run_as(files, run, &candidates);
            let name = files[f].0.clone();
            let entry = run.entry.clone();
            let at = if entry.is_empty() { name.clone() } else { format!("{name} {entry}") };
            // The publisher's word (`--same-run`) joins the one summary beside a per-request
            // file when their figures cannot tell it; the method text says so.
            let (matching, on_word) = match (matching.as_slice(), candidates.as_slice()) {
                ([], [only]) if same_run => (vec![*only], true),
                _ => (matching, false),
            };
            match matching.as_slice() {
                [(g, k)] => {
                    let (g, k) = (*g, *k);
                    let paired = files[f].1.runs.remove(r);
                    // What it said of figures computed from its requests no longer holds: the
                    // summary's figures are the cell's.
                    if let Some(caveat) = &paired.caveat {
                        files[f].1.warnings.retain(|w| !(w.entry == paired.entry && w.message == Said::from(caveat.as_str())));
                    }
                    let mut requests = paired.requests;
                    if let Some(requests) = requests.as_mut() {
                        requests.file = Some((name.clone(), entry));
                    }
                    files[f].1.paired += 1;
                    files[g].1.runs[k].requests = requests;
                    if on_word {
                        files[g].1.runs[k].method = Some(format!(
                            "{name}'s requests joined to this summary on the publisher's word (--same-run): their figures could not tell it"
                        ));
                    }
                }
                [] => {
                    let summaries: Vec<String> = candidates
                        .iter()
                        .map(|&(g, k)| {
                            let s = &files[g].1.runs[k];
                            let e = if s.entry.is_empty() { files[g].0.clone() } else { format!("{} {}", files[g].0, s.entry) };
                            format!("{e} ({})", counts(s.n, s.errors))
                        })
                        .collect();
                    let mut said = crate::said![format!(
                        "{at} holds the requests of a run ({}) that no summary beside it records: {}. A run's per-request file and its summary must count the same requests; import them apart if they are different runs",
                        counts(run.n, run.errors),
                        summaries.join("; ")
                    )];
                    if candidates.len() == 1 {
                        said.0.extend([
                            " — or, if they are one run whose figures cannot show it, join them on your word ".into(),
                            crate::core::import::ask::Ask::SameRun.into(),
                        ]);
                    }
                    return Err(ImportError::Study(said));
                }
                many => {
                    let names: Vec<String> =
                        many.iter().map(|&(g, k)| format!("{} {}", files[g].0, files[g].1.runs[k].entry).trim_end().to_owned()).collect();
                    return Err(ImportError::Study(
                        format!(
                            "{at}: its requests ({}) fit several summaries ({}); import each run's files in a group of their own",
                            counts(run.n, run.errors),
                            names.join(", ")
                        )
                        .into(),
                    ));
                }
            }
        }
    }
    Ok(())
}
