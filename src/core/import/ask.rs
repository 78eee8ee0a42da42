//! What an import says — a refusal, what it asks for, a warning — typed, so the two places
//! that say it use their own words: the command line names its flags, the page's import
//! form its fields. A sentence is a `Said`, pieces of words and of `Ask`s (what the
//! publisher can give); neither place's words are a rewrite of the other's.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A thing the import asks for, or names, that the publisher gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The request rate the runs were sent at.
    Rate,
    /// That a per-request file and the summary beside it are one run.
    SameRun,
    /// The study's model.
    Model,
    /// The study's hardware.
    Hardware,
    /// One engine per value of a run label.
    SplitBy,
}

impl Ask {
    /// Every ask.
    pub const ALL: [Ask; 15] = [
        Ask::Date,
        Ask::GpusOrUnstated,
        Ask::Gpus,
        Ask::Isl,
        Ask::Osl,
        Ask::Title,
        Ask::Engine,
        Ask::EngineLabel,
        Ask::ConcOrRate,
        Ask::Conc,
        Ask::Rate,
        Ask::SameRun,
        Ask::Model,
        Ask::Hardware,
        Ask::SplitBy,
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
            Ask::Rate => "(--rate R)",
            Ask::SameRun => "(--same-run)",
            Ask::Model => "(--model)",
            Ask::Hardware => "(--hardware)",
            Ask::SplitBy => "(--split-by KEY)",
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
            Ask::ConcOrRate => "(the Concurrency or Rate field)",
            Ask::Conc => "(the Concurrency field)",
            Ask::Rate => "(the Rate field)",
            Ask::SameRun => "(the “one run” box)",
            Ask::Model => "(the Model field)",
            Ask::Hardware => "(the Hardware field)",
            Ask::SplitBy => "(“One engine per”)",
        }
    }

    /// Named in a sentence by the command line: "--gpus".
    pub fn option(self) -> &'static str {
        match self {
            Ask::Date => "--date",
            Ask::GpusOrUnstated | Ask::Gpus => "--gpus",
            Ask::Isl => "--isl",
            Ask::Osl => "--osl",
            Ask::Title => "--title",
            Ask::Engine => "its own --engine",
            Ask::EngineLabel => "--engine and --label",
            Ask::ConcOrRate => "--conc or --rate",
            Ask::Conc => "--conc",
            Ask::Rate => "--rate",
            Ask::SameRun => "--same-run",
            Ask::Model => "--model",
            Ask::Hardware => "--hardware",
            Ask::SplitBy => "--split-by",
        }
    }

    /// Named in a sentence by the form: "the GPUs field".
    pub fn field_name(self) -> &'static str {
        match self {
            Ask::Date => "the Date field",
            Ask::GpusOrUnstated | Ask::Gpus => "the GPUs field",
            Ask::Isl => "the ISL field",
            Ask::Osl => "the OSL field",
            Ask::Title => "the Title field",
            Ask::Engine => "an import of its own",
            Ask::EngineLabel => "the Engine id and Label fields",
            Ask::ConcOrRate => "the Concurrency or Rate field",
            Ask::Conc => "the Concurrency field",
            Ask::Rate => "the Rate field",
            Ask::SameRun => "the “one run” box",
            Ask::Model => "the Model field",
            Ask::Hardware => "the Hardware field",
            Ask::SplitBy => "“One engine per”",
        }
    }
}

/// One piece of what the import says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Piece {
    /// Words, the same in both places.
    Words(String),
    /// A thing asked for, in brackets: "(--gpus N)", "(the GPUs field)".
    Give(Ask),
    /// A thing named in the sentence: "--gpus", "the GPUs field".
    Name(Ask),
    /// A value the publisher gave: "--gpus 4", "4 in the GPUs field".
    Given(Ask, String),
    /// One engine per value of a run label: "give --split-by KEY to make one engine per
    /// value", "choose KEY under “One engine per”".
    SplitBy(String),
}

/// A sentence the import says, in pieces: `Display` (and `cli`) in the command line's
/// words, `form` in the import form's.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Said(pub Vec<Piece>);

impl Said {
    fn render(&self, form: bool) -> String {
        self.0
            .iter()
            .map(|piece| match (piece, form) {
                (Piece::Words(w), _) => w.clone(),
                (Piece::Give(a), false) => a.flag().to_owned(),
                (Piece::Give(a), true) => a.field().to_owned(),
                (Piece::Name(a), false) => a.option().to_owned(),
                (Piece::Name(a), true) => a.field_name().to_owned(),
                (Piece::Given(a, value), false) => format!("{} {value}", a.option()),
                (Piece::Given(a, value), true) => format!("{value} in {}", a.field_name()),
                (Piece::SplitBy(key), false) => format!("give --split-by {key} to make one engine per value"),
                (Piece::SplitBy(key), true) => format!("choose {key} under “One engine per”"),
            })
            .collect()
    }

    /// In the command line's words.
    pub fn cli(&self) -> String {
        self.render(false)
    }

    /// In the import form's words.
    pub fn form(&self) -> String {
        self.render(true)
    }

    /// `words` said first.
    pub fn after(mut self, words: impl Into<String>) -> Said {
        self.0.insert(0, Piece::Words(words.into()));
        self
    }

    /// Whether it asks for or names `ask`.
    pub fn names(&self, ask: Ask) -> bool {
        self.0.iter().any(|p| matches!(p, Piece::Give(a) | Piece::Name(a) | Piece::Given(a, _) if *a == ask))
    }
}

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.cli())
    }
}

impl From<String> for Said {
    fn from(words: String) -> Self {
        Said(vec![Piece::Words(words)])
    }
}

impl From<&str> for Said {
    fn from(words: &str) -> Self {
        Said(vec![Piece::Words(words.to_owned())])
    }
}

impl From<String> for Piece {
    fn from(words: String) -> Self {
        Piece::Words(words)
    }
}

impl From<&str> for Piece {
    fn from(words: &str) -> Self {
        Piece::Words(words.to_owned())
    }
}

impl From<Ask> for Piece {
    /// An ask given as a piece is asked for, in brackets.
    fn from(ask: Ask) -> Self {
        Piece::Give(ask)
    }
}

/// A `Said` from its pieces: words (`&str`, `String`), an `Ask` (asked for, in brackets),
/// `Piece::Name(ask)` (named), `Piece::SplitBy(key)`.
#[macro_export]
macro_rules! said {
    ($($piece:expr),* $(,)?) => {
        $crate::core::import::ask::Said(vec![$($crate::core::import::ask::Piece::from($piece)),*])
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ask_reads_in_each_places_own_words() {
        for ask in Ask::ALL {
            let asked = said!["a refusal ", ask, ": and more"];
            assert_eq!(asked.cli(), format!("a refusal {}: and more", ask.flag()), "{ask:?}");
            assert_eq!(asked.form(), format!("a refusal {}: and more", ask.field()), "{ask:?}");
            let named = said!["use ", Piece::Name(ask), " or ", Piece::Given(ask, "4".into())];
            assert!(named.cli().contains("--"), "{ask:?}");
            for form in [asked.form(), named.form()] {
                assert!(!form.contains("--"), "{ask:?}: {form}");
            }
        }
        let split = said!["they differ in `tp`: ", Piece::SplitBy("tp".into()), "; or not"];
        assert_eq!(split.cli(), "they differ in `tp`: give --split-by tp to make one engine per value; or not");
        assert_eq!(split.form(), "they differ in `tp`: choose tp under “One engine per”; or not");
        assert!(!split.names(Ask::Date) && said![Ask::Date].names(Ask::Date));
    }
}
