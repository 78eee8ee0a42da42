//! What a results file contains, block by block, in words: "not in this file" for an
//! absent block, "no measurements in this file" for a block with no rows.

use crate::core::study::model::Results;

/// One block's presence, for the contents line under the header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockSummary {
    /// Human name of the block.
    pub name: &'static str,
    /// "5 rows", "3 workloads", "not in this file" or "no measurements in this file".
    pub status: String,
    /// Whether the block has anything to show.
    pub present: bool,
}

fn summary(name: &'static str, rows: Option<usize>, noun: &str) -> BlockSummary {
    match rows {
        None => BlockSummary { name, status: "not in this file".into(), present: false },
        Some(0) => BlockSummary { name, status: "no measurements in this file".into(), present: false },
        Some(1) => BlockSummary { name, status: format!("1 {noun}"), present: true },
        Some(n) => BlockSummary { name, status: format!("{n} {noun}s"), present: true },
    }
}

/// The optional blocks of a results file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block {
    /// `decode`.
    Decode,
    /// `prefill`.
    Prefill,
    /// `cache`.
    Cache,
    /// `serving`.
    Serving,
    /// `accuracy`.
    Accuracy,
    /// `weightAccuracy`.
    WeightAccuracy,
}

/// One block's presence.
pub fn block_summary(results: &Results, block: Block) -> BlockSummary {
    match block {
        Block::Decode => summary("Decode", results.decode.as_ref().map(|b| b.rows.len()), "row"),
        Block::Prefill => summary("Prefill", results.prefill.as_ref().map(|b| b.rows.len()), "row"),
        Block::Cache => summary("KV cache", results.cache.as_ref().map(|b| b.rows.len()), "row"),
        Block::Serving => summary("Serving", results.serving.as_ref().map(|b| b.workloads.len()), "workload"),
        Block::Accuracy => summary("Served accuracy", results.accuracy.as_ref().map(|b| b.rows.len()), "row"),
        Block::WeightAccuracy => summary("Weight accuracy", results.weight_accuracy.as_ref().map(|b| b.rows.len()), "row"),
    }
}

/// Every optional block of the file, in file-format order.
pub fn block_summaries(results: &Results) -> Vec<BlockSummary> {
    use Block::*;
    [Decode, Prefill, Cache, Serving, Accuracy, WeightAccuracy].into_iter().map(|b| block_summary(results, b)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::study::validate::parse_results;

    #[test]
    fn absent_and_empty_blocks_are_told_apart() {
        let text = br#"{"title":"t","date":"d","concurrency":[1],"engines":[],"sources":[],"decode":{"rows":[]}}"#;
        let results = parse_results(text).results.expect("valid");
        let blocks = block_summaries(&results);
        assert_eq!(blocks[0], BlockSummary { name: "Decode", status: "no measurements in this file".into(), present: false });
        assert_eq!(blocks[3].status, "not in this file");
    }
}

/// Where the page stands, for the heading of its top bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageShows {
    /// A study is being loaded.
    LoadingStudy,
    /// The study named could not be loaded.
    StudyFailed,
    /// The study named has errors.
    StudyInvalid,
    /// A collection view, or no study named yet: the manifest is loading.
    CollectionLoading,
    /// The manifest could not be loaded.
    CollectionFailed,
    /// A collection of this many studies.
    Collection(usize),
}

/// The top bar's heading when it shows no study: what the page holds, never a collection's
/// size over a study's error.
pub fn page_heading(shows: PageShows) -> String {
    match shows {
        PageShows::LoadingStudy => "Loading the study…".into(),
        PageShows::StudyFailed => "The study could not be loaded".into(),
        PageShows::StudyInvalid => "The results file has errors".into(),
        PageShows::CollectionLoading => "Results".into(),
        PageShows::CollectionFailed => "The collection could not be loaded".into(),
        PageShows::Collection(n) => format!("A collection of {n} {}", crate::core::basics::format::plural(n, "study", "studies")),
    }
}
