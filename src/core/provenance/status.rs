//! The hash status of each source file, counted for the page's badge and the command
//! line's summary, in the same words. Only `Verified` ever counts as verified.

use std::fmt;

use sha2::{Digest, Sha256};

/// The hash status of one source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SourceStatus {
    /// The bytes' sha256 equals the published one.
    Verified,
    /// The bytes arrived but hash to something else.
    Mismatch {
        /// The hash the file publishes.
        expected: String,
        /// The hash of the bytes received.
        actual: String,
    },
    /// The bytes could not be had.
    Unavailable {
        /// Why: the HTTP status, a network failure, a page returned in place of the file.
        reason: String,
        /// The file is simply not there (HTTP 404, absent from the folder): when every
        /// source is, the publisher did not publish them — said as such, not as failures.
        not_found: bool,
    },
    /// Not attempted: a `url`-only source, or not reached yet.
    NotChecked(String),
}

impl SourceStatus {
    /// An unavailable source, for a reason other than its absence.
    pub fn unavailable(reason: impl Into<String>) -> Self {
        SourceStatus::Unavailable { reason: reason.into(), not_found: false }
    }

    /// A source that is not there.
    pub fn not_found(reason: impl Into<String>) -> Self {
        SourceStatus::Unavailable { reason: reason.into(), not_found: true }
    }

    /// A source the collection's manifest lists as not published beside its study: not
    /// asked for, and read as absent like a 404.
    pub fn not_published() -> Self {
        Self::not_found("not published beside the study (by the collection's manifest: not asked for)")
    }

    /// The one-word status used on the page and by the command line.
    pub fn label(&self) -> &'static str {
        match self {
            Self::Verified => "verified",
            Self::Mismatch { .. } => "mismatch",
            Self::Unavailable { .. } => "unavailable",
            Self::NotChecked(_) => "not checked",
        }
    }

    /// The detail after the label: what was expected and found, or why not.
    pub fn detail(&self) -> String {
        match self {
            Self::Verified => "sha256 matches".into(),
            Self::Mismatch { expected, actual } => format!("expected sha256 {expected}, found {actual}"),
            Self::Unavailable { reason, .. } | Self::NotChecked(reason) => reason.clone(),
        }
    }

    /// Whether the bytes hashed to something else: loud everywhere.
    pub fn is_mismatch(&self) -> bool {
        matches!(self, Self::Mismatch { .. })
    }
}

impl fmt::Display for SourceStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.label(), self.detail())
    }
}

/// Lower-case hex sha256 of some bytes.
pub fn sha256_hex(bytes: &[u8]) -> String {
    format!("{:x}", Sha256::digest(bytes))
}

/// Incremental sha256, so large files are hashed chunk by chunk as they arrive.
#[derive(Clone, Default)]
pub struct SourceHasher {
    hasher: Sha256,
    bytes: u64,
    head: Vec<u8>,
}

impl SourceHasher {
    /// Feed the next chunk.
    pub fn update(&mut self, chunk: &[u8]) {
        if self.head.len() < 256 {
            let take = (256 - self.head.len()).min(chunk.len());
            self.head.extend_from_slice(&chunk[..take]);
        }
        self.bytes += chunk.len() as u64;
        self.hasher.update(chunk);
    }

    /// Bytes hashed so far.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Compare with the published hash (case-insensitively). `file` names the source so an
    /// HTML page served in place of a non-HTML file is "unavailable", never a mismatch.
    pub fn finish(self, file: &str, expected: &str) -> SourceStatus {
        let actual = format!("{:x}", self.hasher.finalize());
        if actual.eq_ignore_ascii_case(expected) {
            return SourceStatus::Verified;
        }
        let lower = file.to_ascii_lowercase();
        let expects_html = lower.ends_with(".html") || lower.ends_with(".htm");
        if !expects_html && crate::core::study::validate::describe_non_json(&self.head) == Some("an HTML page") {
            return SourceStatus::unavailable("the server returned a page");
        }
        SourceStatus::Mismatch { expected: expected.to_ascii_lowercase(), actual }
    }
}

/// Check whole bytes against a source's published hash.
pub fn check_bytes(file: &str, expected: &str, bytes: &[u8]) -> SourceStatus {
    let mut hasher = SourceHasher::default();
    hasher.update(bytes);
    hasher.finish(file, expected)
}

/// Counts of statuses: "17 sources · 0 verified · 0 mismatched · 17 unavailable".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StatusCounts {
    /// Sources listed.
    pub total: usize,
    /// Verified.
    pub verified: usize,
    /// Mismatched.
    pub mismatched: usize,
    /// Unavailable, for any reason.
    pub unavailable: usize,
    /// Of those, simply not there.
    pub not_found: usize,
    /// Not checked (remote, or not reached yet).
    pub not_checked: usize,
}

impl StatusCounts {
    /// Count statuses.
    pub fn of<'a>(statuses: impl IntoIterator<Item = &'a SourceStatus>) -> Self {
        statuses.into_iter().fold(Self::default(), |mut c, s| {
            c.total += 1;
            match s {
                SourceStatus::Verified => c.verified += 1,
                SourceStatus::Mismatch { .. } => c.mismatched += 1,
                SourceStatus::Unavailable { not_found, .. } => {
                    c.unavailable += 1;
                    c.not_found += usize::from(*not_found);
                }
                SourceStatus::NotChecked(_) => c.not_checked += 1,
            }
            c
        })
    }

    /// Whether no source file was published with the results: every source that could be
    /// looked for is simply not there (and none was found).
    pub fn none_published(&self) -> bool {
        self.not_found > 0 && self.not_found == self.unavailable && self.verified == 0 && self.mismatched == 0
    }
}

impl fmt::Display for StatusCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} sources · {} verified · {} mismatched · {} unavailable",
            self.total, self.verified, self.mismatched, self.unavailable
        )?;
        if self.not_checked > 0 {
            write!(f, " · {} not checked", self.not_checked)?;
        }
        Ok(())
    }
}

/// What the page's trust badge says, from the statuses so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrustSummary {
    /// The sentence.
    pub text: String,
    /// Its tone, for styling: `mismatch` is loud, `verified` reassuring, `neutral` neither.
    pub tone: &'static str,
}

impl TrustSummary {
    /// The badge before anything was checked (the page written at build time): the count
    /// and that the hashes are listed, never a verdict.
    pub fn unchecked(total: usize) -> Self {
        if total == 0 {
            return TrustSummary { text: "no source files listed".into(), tone: "neutral" };
        }
        let s = crate::core::basics::format::plural(total, "", "s");
        TrustSummary { text: format!("{total} source file{s} listed with their sha256 · not checked yet"), tone: "neutral" }
    }

    /// The badge for these counts; `checking` while sources are still being fetched.
    pub fn of(counts: &StatusCounts, checking: bool) -> Self {
        let s = |n: usize| crate::core::basics::format::plural(n, "", "s");
        if counts.total == 0 {
            return TrustSummary { text: "no source files listed".into(), tone: "neutral" };
        }
        if counts.mismatched > 0 {
            let text = format!(
                "{} of {} source{} mismatched · the figures they back are not what was published",
                counts.mismatched,
                counts.total,
                s(counts.total)
            );
            return TrustSummary { text, tone: "mismatch" };
        }
        if checking {
            let done = counts.total - counts.not_checked;
            return TrustSummary { text: format!("checking sources · {done} of {} done", counts.total), tone: "neutral" };
        }
        if counts.none_published() {
            let text = format!("{} source file{} not published with this page · hashes listed", counts.not_found, s(counts.not_found));
            return TrustSummary { text, tone: "neutral" };
        }
        if counts.verified == counts.total {
            return TrustSummary { text: format!("all {} source{} verified", counts.total, s(counts.total)), tone: "verified" };
        }
        let mut parts = vec![format!("{} of {} source{} verified", counts.verified, counts.total, s(counts.total))];
        if counts.unavailable > 0 {
            parts.push(format!("{} unavailable", counts.unavailable));
        }
        if counts.not_checked > 0 {
            parts.push(format!("{} not checked", counts.not_checked));
        }
        TrustSummary { text: parts.join(" · "), tone: "neutral" }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_count_only_verified_as_verified() {
        let statuses = [
            SourceStatus::Verified,
            SourceStatus::unavailable("HTTP 500"),
            SourceStatus::NotChecked("remote".into()),
            SourceStatus::Mismatch { expected: "a".into(), actual: "b".into() },
        ];
        let counts = StatusCounts::of(&statuses);
        assert_eq!(counts, StatusCounts { total: 4, verified: 1, mismatched: 1, unavailable: 1, not_found: 0, not_checked: 1 });
        assert_eq!(counts.to_string(), "4 sources · 1 verified · 1 mismatched · 1 unavailable · 1 not checked");
    }

    #[test]
    fn hashes_compare_case_insensitively_and_a_page_is_unavailable_not_a_mismatch() {
        let hash = "2CF24DBA5FB0A30E26E83B2AC5B9E29E1B161E5C1FA7425E73043362938B9824"; // "hello"
        assert_eq!(check_bytes("a.txt", hash, b"hello"), SourceStatus::Verified);
        assert_eq!(
            check_bytes("a.jsonl", hash, b"<!DOCTYPE html><html>fallback</html>"),
            SourceStatus::unavailable("the server returned a page")
        );
        assert!(check_bytes("a.jsonl", hash, b"hellO").is_mismatch());
        let mut chunked = SourceHasher::default();
        chunked.update(b"hel");
        chunked.update(b"lo");
        assert_eq!(chunked.bytes(), 5);
        assert_eq!(chunked.finish("a.txt", hash), SourceStatus::Verified);
        assert_eq!(sha256_hex(b"hello"), hash.to_ascii_lowercase());
    }

    #[test]
    fn the_badge_says_not_published_when_every_source_is_absent_and_stays_loud_on_a_mismatch() {
        let absent = vec![SourceStatus::not_found("HTTP 404 Not Found"); 17];
        assert_eq!(
            TrustSummary::of(&StatusCounts::of(&absent), false).text,
            "17 source files not published with this page · hashes listed"
        );
        let mut one_there = absent.clone();
        one_there[0] = SourceStatus::Verified;
        assert_eq!(TrustSummary::of(&StatusCounts::of(&one_there), false).text, "1 of 17 sources verified · 16 unavailable");
        let mut tampered = absent;
        tampered[3] = SourceStatus::Mismatch { expected: "a".into(), actual: "b".into() };
        let badge = TrustSummary::of(&StatusCounts::of(&tampered), false);
        assert_eq!(badge.tone, "mismatch");
        assert!(badge.text.starts_with("1 of 17 sources mismatched"), "{}", badge.text);
    }
}

/// A download or hash in progress: which source, bytes so far, bytes expected.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Source name.
    pub name: String,
    /// Bytes hashed so far.
    pub done: u64,
    /// Content-Length, when the server sent one.
    pub total: Option<u64>,
}

impl Progress {
    /// "Checking NAME: 1024 of 4096 bytes" (or without the total, when none was announced).
    pub fn label(&self) -> String {
        match self.total {
            Some(total) => format!("Checking {}: {} of {total} bytes", self.name, self.done),
            None => format!("Checking {}: {} bytes", self.name, self.done),
        }
    }
}
