//! A study checked against the files beside it: validation, every source's sha256, the
//! serving cells recomputed from verified sweeps and each run's figures from its verified
//! requests — the page's checks and words (`core::provenance`), read from a local folder.
//! `servescope-verify` prints it; `servescope-publish` refuses a study it does not pass.

use std::path::Path;

use crate::core::import::{rederive, rederive_requests};
use crate::core::measures::requests::gunzip;
use crate::core::provenance::{check_bytes, Report, SourceStatus, Verification};
use crate::core::study::validate::{parse_results, Validation};

/// One study's check: what the validator said and, for a valid file, the sources' report
/// and the verification that read them (its verified bytes, for goodput).
pub struct Checked {
    /// The validator's findings and the model, if the file is valid.
    pub validation: Validation,
    /// Statuses, recomputations and request checks; empty sources for an invalid file.
    pub report: Report,
    /// The sources as read, for a caller that goes on to the requests (None if invalid).
    pub verification: Option<Verification>,
}

/// Read one source from `dir`: the command line checks local files only.
fn read_source(dir: &Path, file: &str, sha256: &str) -> (SourceStatus, Option<Vec<u8>>) {
    match std::fs::read(dir.join(file)) {
        Ok(bytes) => (check_bytes(file, sha256, &bytes), Some(bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => (SourceStatus::not_found(format!("not found in {}", dir.display())), None),
        Err(e) => (SourceStatus::unavailable(format!("cannot be read: {e}")), None),
    }
}

/// Check the results file `bytes` against the sources in `dir`.
pub fn check_study(bytes: &[u8], dir: &Path) -> Checked {
    let validation = parse_results(bytes);
    let (errors, warnings) = (validation.error_count(), validation.warning_count());
    let Some(results) = &validation.results else {
        let report = Report { statuses: Vec::new(), recomputations: Vec::new(), errors, warnings, requests: Vec::new() };
        return Checked { validation, report, verification: None };
    };
    let mut verification = Verification::new(results);
    for job in verification.jobs().to_vec() {
        let (status, bytes) = read_source(dir, &job.file, &job.sha256);
        verification.record(&job, status, bytes);
    }
    let mut report = verification.finish(results, errors, warnings, &|f, b, e, l| Some(rederive(f, b, e, l)));
    report.requests = verification.check_requests(results, &gunzip, &|f, b, e, l| Some(rederive_requests(f, b, e, l)));
    Checked { validation, report, verification: Some(verification) }
}
