//! The provenance view, built once for the app and the pre-render: the verdict the command
//! line prints (or that the checks are under way), every source with its hash status, what
//! cites each, the cells recomputed from verified sweeps, and the engines with their
//! checkpoints and setup files.

use super::panel::{stem, TablePart};
use crate::core::display::tables::{engines_table, sources_table, Table};
use crate::core::link::View;
use crate::core::provenance::{citation_words, citations, Report, SourceStatus};
use crate::core::study::model::Results;

/// The view's heading.
pub const HEADING: &str = "Provenance";

/// What the view says of how sources are checked.
pub const HOW_CHECKED: &str = "Each source file is fetched relative to the results file and its sha256 compared with the one the file publishes. Only a matching hash counts as verified; a missing file is never verified. When no source file was published with the page, the hashes are listed so anyone holding the files can check them.";

/// The verdict line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerdictLine {
    /// The checks are under way.
    Checking,
    /// The checks' verdict.
    Done {
        /// Whether the file passes.
        pass: bool,
        /// A pass with sources not all verified.
        partial: bool,
        /// `servescope-verify`'s sentence.
        sentence: String,
    },
}

/// One source and what cites it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Citing {
    /// The source's name.
    pub name: String,
    /// "3 citations".
    pub words: String,
    /// `(what, JSON path)` of each citation.
    pub items: Vec<(String, String)>,
}

/// The recomputation of serving cells from their sweeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recomputed {
    /// The checks have not ended.
    Waiting,
    /// No sweep was verified here.
    Nothing,
    /// "In total m of n cells match their source line.", and per sweep its result with its
    /// mismatches `(path, reason)`.
    Done {
        /// The total line.
        total: String,
        /// Each sweep recomputed.
        sweeps: Vec<SweepRecomputed>,
    },
}

/// One sweep's recomputation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepRecomputed {
    /// The sweep's name.
    pub name: String,
    /// "12 of 12 cells match …".
    pub result: String,
    /// Each cell that does not match: `(JSON path, reason)`.
    pub mismatches: Vec<(String, String)>,
}

/// The words the recomputation says while waiting and when there is nothing to recompute.
pub const WAITING: &str = "Waiting for the source checks.";
/// See `WAITING`.
pub const NOTHING_RECOMPUTED: &str = "No sweep source is available and verified here, so no serving cell was recomputed.";

/// The provenance view's model.
#[derive(Clone, Debug, PartialEq)]
pub struct ProvenanceModel {
    /// The verdict line.
    pub verdict: VerdictLine,
    /// The sources table.
    pub sources: TablePart,
    /// Each source and what cites it.
    pub citing: Vec<Citing>,
    /// The recomputation.
    pub recomputed: Recomputed,
    /// The engines.
    pub engines: Table,
}

/// The view for `results` with its sources' statuses so far and, once the checks ended,
/// their report.
pub fn provenance(results: &Results, statuses: &[(String, SourceStatus)], report: Option<&Report>) -> ProvenanceModel {
    let verdict = report.map_or(VerdictLine::Checking, |r| {
        let v = r.verdict(false);
        VerdictLine::Done { pass: v.pass, partial: v.partial, sentence: v.sentence }
    });
    let names: Vec<String> = results.sources().iter().map(|s| s.name().to_owned()).collect();
    let cited = citations(results);
    let citing = names
        .iter()
        .map(|name| {
            let list = cited.get(name.as_str()).map(Vec::as_slice).unwrap_or_default();
            Citing {
                name: name.clone(),
                words: citation_words(list.len()),
                items: list.iter().map(|c| (c.what.clone(), c.path.clone())).collect(),
            }
        })
        .collect();
    let sources = TablePart::new(Some(sources_table(results, statuses)), names, stem(View::Provenance, &["sources".into()]));
    ProvenanceModel { verdict, sources, citing, recomputed: recomputed(report), engines: engines_table(results) }
}

fn recomputed(report: Option<&Report>) -> Recomputed {
    let Some(report) = report else { return Recomputed::Waiting };
    let sweeps: Vec<SweepRecomputed> = report
        .recomputations
        .iter()
        .filter_map(|(name, r)| {
            let r = r.as_ref().ok()?;
            let mismatches = r.mismatches.iter().map(|m| (m.path.clone(), m.reason.clone())).collect();
            Some(SweepRecomputed { name: name.clone(), result: r.to_string(), mismatches })
        })
        .collect();
    if sweeps.is_empty() {
        return Recomputed::Nothing;
    }
    let (cells, matched) = report.cells();
    Recomputed::Done { total: format!("In total {matched} of {cells} cells match their source line."), sweeps }
}
