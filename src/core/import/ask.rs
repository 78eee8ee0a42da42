//! What an import asks the publisher for when the files do not say it, in the words of the
//! two places that ask: the command line's flags and the page's import form's fields. A
//! refusal names what it asks for by an `Ask`, so both say the same thing and neither is a
//! copy of the other's words.

/// A thing the import asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// The study's date.
    Date,
    /// An engine's GPU count, or that the run does not say it.
    GpusOrUnstated,
    /// An engine's GPU count.
    Gpus,
    /// The nominal input length.
    Isl,
    /// The nominal output length.
    Osl,
    /// The study's title.
    Title,
    /// An engine with its files.
    Engine,
    /// An engine's id and label.
    EngineLabel,
    /// The load the runs were sent at: a concurrency or a request rate.
    ConcOrRate,
    /// The concurrency the runs used.
    Conc,
    /// That a per-request file and the summary beside it are one run.
    SameRun,
}

impl Ask {
    /// Every ask. Each flag is replaced whole, brackets included, so no flag is part of another.
    pub const ALL: [Ask; 11] = [
        Ask::Date,
        Ask::GpusOrUnstated,
        Ask::Isl,
        Ask::Osl,
        Ask::Gpus,
        Ask::Title,
        Ask::Engine,
        Ask::EngineLabel,
        Ask::ConcOrRate,
        Ask::Conc,
        Ask::SameRun,
    ];

    /// As the command line asks it, in brackets: "(--date YYYY-MM-DD)".
    pub fn flag(self) -> &'static str {
        match self {
            Ask::Date => "(--date YYYY-MM-DD)",
            Ask::GpusOrUnstated => "(--gpus N, or --gpus unstated when the run does not say)",
            Ask::Gpus => "(--gpus N)",
            Ask::Isl => "(--isl N)",
            Ask::Osl => "(--osl N)",
            Ask::Title => "(--title)",
            Ask::Engine => "(--engine ID --label LABEL --gpus N FILE...)",
            Ask::EngineLabel => "(--engine ID --label LABEL)",
            Ask::ConcOrRate => "(--conc N or --rate R)",
            Ask::Conc => "(--conc N)",
            Ask::SameRun => "(--same-run)",
        }
    }

    /// As the page's import form asks it, in brackets: "(the Date field, YYYY-MM-DD)".
    pub fn field(self) -> &'static str {
        match self {
            Ask::Date => "(the Date field, YYYY-MM-DD)",
            Ask::GpusOrUnstated | Ask::Gpus => "(the GPUs field)",
            Ask::Isl => "(the ISL field)",
            Ask::Osl => "(the OSL field)",
            Ask::Title => "(the Title field)",
            Ask::Engine => "(the Engine id, Label and GPUs fields)",
            Ask::EngineLabel => "(the Engine id and Label fields)",
            Ask::ConcOrRate | Ask::Conc => "(the Concurrency field)",
            Ask::SameRun => "(the “one run” box)",
        }
    }
}

/// The command line's words for one engine per value of a run label.
pub fn split_by_words(key: &str) -> String {
    format!("give --split-by {key} to make one engine per value")
}

/// An importer's message (in the command line's words) in the form's: each `Ask`'s flag
/// becomes its field, and `split_by_words` the form's choice.
pub fn in_form_words(message: &str) -> String {
    let said = Ask::ALL.iter().fold(message.to_owned(), |m, ask| m.replace(ask.flag(), ask.field()));
    // "give --split-by KEY to make one engine per value": the form's choice, by its key.
    match said.split_once("give --split-by ") {
        Some((before, after)) => {
            let key = after.split_whitespace().next().unwrap_or_default();
            let rest = after.strip_prefix(key).unwrap_or(after).trim_start_matches(" to make one engine per value");
            format!("{before}choose {key} under “One engine per”{rest}")
        }
        None => said,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ask_reads_in_the_forms_words() {
        for ask in Ask::ALL {
            let said = in_form_words(&format!("a refusal {}: and more", ask.flag()));
            assert_eq!(said, format!("a refusal {}: and more", ask.field()), "{ask:?}");
            assert!(!said.contains("--"), "{ask:?}");
        }
        assert_eq!(
            in_form_words(&format!("they differ in `tp`: {}; or not", split_by_words("tp"))),
            "they differ in `tp`: choose tp under “One engine per”; or not"
        );
    }
}
