//! The link's typed tokens: each parses from and prints to exactly one text, so a link
//! round-trips. A value that does not parse is a `ParseError` naming why, never a panic.

use std::fmt;
use std::str::FromStr;

use crate::core::study::model::LoadAxis;

/// Why a parameter value was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A closed set of tokens: `ALL` and `as_str` give `FromStr` and `Display`.
macro_rules! token_enum {
    ($(#[$meta:meta])* pub enum $ty:ident ($what:literal) { $($(#[$vmeta:meta])* $variant:ident => $token:literal,)+ }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $ty { $($(#[$vmeta])* $variant,)+ }

        impl $ty {
            /// Every value, in order.
            pub const ALL: &'static [$ty] = &[$($ty::$variant,)+];

            /// The link token.
            pub fn as_str(self) -> &'static str {
                match self { $($ty::$variant => $token,)+ }
            }
        }

        impl FromStr for $ty {
            type Err = ParseError;
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                Self::ALL.iter().copied().find(|v| v.as_str() == text).ok_or_else(|| ParseError(format!("unknown {}", $what)))
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

token_enum! {
    /// The page's views (`view=`), in navigation order.
    pub enum View ("view") {
        /// Headline findings and the first chart: the landing view of one study.
        Overview => "overview",
        /// Aggregate decode throughput against concurrency.
        Decode => "decode",
        /// Any serving metric against concurrency.
        Serving => "serving",
        /// Per-user speed against aggregate throughput.
        Tradeoff => "tradeoff",
        /// Energy metrics against concurrency.
        Energy => "energy",
        /// Served and weight accuracy.
        Accuracy => "accuracy",
        /// Prefill speed.
        Prefill => "prefill",
        /// KV-cache capacity.
        Cache => "cache",
        /// Source files and their hash status, and the engines' setups.
        Provenance => "provenance",
        /// The file as parsed, nothing left out.
        Raw => "raw",
        /// Files side by side.
        Compare => "compare",
        /// Every study of a collection.
        Catalog => "catalog",
        /// What was measured on which model and hardware.
        Coverage => "coverage",
        /// One engine's figure across the studies that measured it.
        History => "history",
        /// Goodput and attainment at the reader's objective, from the requests (schema 1.3).
        Goodput => "goodput",
        /// What the requests of one cell did: their latency distribution and timeline.
        Requests => "requests",
    }
}

impl View {
    /// Whether the view belongs to a collection rather than to one study.
    pub fn is_collection(self) -> bool {
        matches!(self, View::Catalog | View::Coverage | View::History)
    }

    /// A study's view tabs, in the order the top bar shows them, with their labels.
    pub const TABS: [(View, &'static str); 11] = [
        (View::Overview, "Overview"),
        (View::Serving, "Serving"),
        (View::Tradeoff, "Trade-off"),
        (View::Energy, "Energy"),
        (View::Decode, "Decode"),
        (View::Prefill, "Prefill"),
        (View::Cache, "KV cache"),
        (View::Accuracy, "Accuracy"),
        (View::Compare, "Compare"),
        (View::Provenance, "Provenance"),
        (View::Raw, "Raw file"),
    ];

    /// A study's tabs: `TABS`, with goodput and its requests after the trade-off when the
    /// study keeps what each request did (a link still opens them on any study, and they
    /// say what they need).
    pub fn tabs(with_requests: bool) -> Vec<(View, &'static str)> {
        let mut tabs = Self::TABS.to_vec();
        if with_requests {
            let at = tabs.iter().position(|(v, _)| *v == View::Tradeoff).map_or(tabs.len(), |k| k + 1);
            tabs.insert(at, (View::Requests, "Requests"));
            tabs.insert(at, (View::Goodput, "Goodput"));
        }
        tabs
    }
}

token_enum! {
    /// The y axis scale (`scale=`).
    #[derive(Default)]
    pub enum Scale ("scale (lin or log)") {
        /// Linear.
        #[default]
        Lin => "lin",
        /// Base-10 logarithmic.
        Log => "log",
    }
}

token_enum! {
    /// A chart (or table) of a view, by name (`chart=`): what `embed=1` shows, and in the
    /// energy view, `tradeoff` picks the energy trade-off.
    pub enum ChartId ("chart") {
        /// The overview's and the serving view's throughput chart.
        Overview => "overview",
        /// Decode throughput.
        Decode => "decode",
        /// The serving metric against concurrency.
        Serving => "serving",
        /// The energy metric against concurrency.
        Energy => "energy",
        /// The trade-off chart (serving or, in the energy view, energy).
        Tradeoff => "tradeoff",
        /// Served KL dots.
        ServedKl => "served-kl",
        /// Served KL against top-1.
        ServedScatter => "served-scatter",
        /// Weight KL with its CI.
        WeightKl => "weight-kl",
        /// Weight KL against top-1 %.
        WeightScatter => "weight-scatter",
        /// Prefill bars.
        Prefill => "prefill",
        /// KV-cache bars.
        Cache => "cache",
        /// The view's table.
        Table => "table",
        /// History across studies.
        History => "history",
        /// Good requests/s per GPU against load.
        Goodput => "goodput",
        /// Attainment (good ÷ evaluated) against load.
        Attainment => "attainment",
        /// Good output tokens/s per GPU against load.
        GoodputTokens => "goodput-tokens",
        /// The latency distribution of one cell's requests.
        Cdf => "cdf",
        /// One cell's requests: when each was sent against its latency.
        Timeline => "timeline",
    }
}

token_enum! {
    /// Which latency the requests view follows (`latency=`).
    #[derive(Default)]
    pub enum Latency ("latency (ttft, tpot or e2e)") {
        /// Time to first token.
        #[default]
        Ttft => "ttft",
        /// Time per output token.
        Tpot => "tpot",
        /// End to end.
        E2e => "e2e",
    }
}

impl Latency {
    /// The measure's name in prose.
    pub fn title(self) -> &'static str {
        match self {
            Latency::Ttft => "TTFT",
            Latency::Tpot => "TPOT",
            Latency::E2e => "E2E",
        }
    }
}

token_enum! {
    /// What the requests view's second chart draws each request's latency against (`x=`).
    #[derive(Default)]
    pub enum RequestsX ("x (time, turn or isl)") {
        /// When it was sent: the run's timeline.
        #[default]
        Time => "time",
        /// Its turn in its session (a multi-turn run).
        Turn => "turn",
        /// Its input length, tokens.
        Isl => "isl",
    }
}

impl RequestsX {
    /// The axis in prose: "send time", "turn index", "input length".
    pub fn title(self) -> &'static str {
        match self {
            RequestsX::Time => "send time",
            RequestsX::Turn => "turn index",
            RequestsX::Isl => "input length",
        }
    }
}

token_enum! {
    /// A colour theme (`theme=`).
    pub enum ThemeChoice ("theme (light or dark)") {
        /// Light.
        Light => "light",
        /// Dark.
        Dark => "dark",
    }
}

/// A workload's link token, `ISLxOSL`, or `ISLxOSL-rate` for one driven by request rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WorkloadKey {
    /// Input sequence length.
    pub isl: u64,
    /// Output sequence length.
    pub osl: u64,
    /// The load axis.
    pub load: LoadAxis,
}

impl FromStr for WorkloadKey {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || ParseError("expected ISLxOSL or ISLxOSL-rate, e.g. 1024x8192".into());
        let (lengths, load) = match text.strip_suffix("-rate") {
            Some(lengths) => (lengths, LoadAxis::Rate),
            None => (text, LoadAxis::Concurrency),
        };
        let (isl, osl) = lengths.split_once('x').ok_or_else(bad)?;
        let whole = |s: &str| s.parse::<u64>().ok().filter(|&v| v > 0 && s.bytes().all(|b| b.is_ascii_digit()));
        Ok(WorkloadKey { isl: whole(isl).ok_or_else(bad)?, osl: whole(osl).ok_or_else(bad)?, load })
    }
}

impl WorkloadKey {
    /// The workload in words, as `Workload::name` says it: "ISL 1024 / OSL 8192", with
    /// " · by request rate" for a rate sweep.
    pub fn words(&self) -> String {
        self.load.workload_words(self.isl, self.osl)
    }
}

impl fmt::Display for WorkloadKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.load {
            LoadAxis::Concurrency => write!(f, "{}x{}", self.isl, self.osl),
            LoadAxis::Rate => write!(f, "{}x{}-rate", self.isl, self.osl),
        }
    }
}

/// Where a file comes from (`src=`, `compare=`, `index=`): a relative path or an http(s)
/// URL. Any other scheme is refused at parse time, so nothing is ever fetched from it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SourceRef(String);

impl SourceRef {
    /// The reference as written in the link.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether this is an absolute http(s) URL (as opposed to a path relative to the page).
    pub fn is_absolute(&self) -> bool {
        scheme_of(&self.0).is_some()
    }
}

/// The URL scheme of a reference, if it has one (`https` in `https://…`).
fn scheme_of(text: &str) -> Option<&str> {
    let (head, _) = text.split_once(':')?;
    let mut chars = head.chars();
    let first = chars.next()?;
    (first.is_ascii_alphabetic() && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))).then_some(head)
}

impl FromStr for SourceRef {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim_matches(' ');
        if text.is_empty() {
            return Err(ParseError("empty".into()));
        }
        // Browsers drop tabs and newlines inside URLs (`java\tscript:`) and read `\` as `/`,
        // so such references are refused rather than second-guessed.
        if text.chars().any(|c| c.is_control() || c == '\\') {
            return Err(ParseError("contains control characters or backslashes".into()));
        }
        if text.starts_with("//") {
            return Err(ParseError("a link to another host must name its scheme (https://)".into()));
        }
        match scheme_of(text) {
            None => Ok(SourceRef(text.to_owned())),
            Some(scheme) if scheme.eq_ignore_ascii_case("https") || scheme.eq_ignore_ascii_case("http") => {
                if text[scheme.len() + 1..].starts_with("//") {
                    Ok(SourceRef(text.to_owned()))
                } else {
                    Err(ParseError("an http(s) URL must start with http:// or https://".into()))
                }
            }
            Some(scheme) => Err(ParseError(format!(
                "the `{}:` scheme is refused; only relative paths and http(s) URLs are loaded",
                scheme.to_ascii_lowercase()
            ))),
        }
    }
}

impl fmt::Display for SourceRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_relative_paths_and_http_urls_are_accepted_as_sources() {
        for good in ["data/a.json", "a.json", "../b/c.json", "https://example.org/x.json", "HTTP://example.org/x.json", "a b.json"] {
            assert!(good.parse::<SourceRef>().is_ok(), "{good}");
        }
        for bad in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            "data:application/json,{}",
            "file:///etc/passwd",
            "//evil.example/x.json",
            "java\tscript:alert(1)",
            "https:evil",
            "\\\\evil\\x",
            "",
        ] {
            assert!(bad.parse::<SourceRef>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn every_token_round_trips() {
        for v in View::ALL {
            assert_eq!(v.as_str().parse::<View>(), Ok(*v));
        }
        for c in ChartId::ALL {
            assert_eq!(c.as_str().parse::<ChartId>(), Ok(*c));
        }
        assert_eq!("1024x8192".parse::<WorkloadKey>(), Ok(WorkloadKey { isl: 1024, osl: 8192, load: LoadAxis::Concurrency }));
        assert_eq!("1024x8192-rate".parse::<WorkloadKey>(), Ok(WorkloadKey { isl: 1024, osl: 8192, load: LoadAxis::Rate }));
        assert_eq!(WorkloadKey { isl: 2, osl: 3, load: LoadAxis::Rate }.to_string(), "2x3-rate");
        assert!("1024x8192-burst".parse::<WorkloadKey>().is_err());
        assert!("1024x".parse::<WorkloadKey>().is_err());
        assert!("+1x2".parse::<WorkloadKey>().is_err());
    }
}
