//! The link contract: every piece of view state lives in the query string.
//!
//! One type, `ViewState`, parses and prints every parameter. Parsing is lenient by
//! design: an unknown or malformed value falls back to its default and yields a
//! `ParamNotice` naming the parameter and the value, so a bad link still draws a page.
//! Printing always writes `src` when known, so a copied link can never be re-pointed at
//! another study by reordering `data/index.json`.

use std::fmt;
use std::str::FromStr;

use super::model::Results;

/// The page's views (`view=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// Aggregate decode throughput against concurrency.
    #[default]
    Decode,
    /// Any serving metric against concurrency.
    Serving,
    /// Per-user speed against aggregate throughput.
    Tradeoff,
    /// Energy metrics against concurrency.
    Energy,
    /// Served and weight accuracy.
    Accuracy,
    /// Prefill speed.
    Prefill,
    /// KV-cache capacity.
    Cache,
    /// Source files and their hash status.
    Provenance,
    /// The file as parsed, nothing left out.
    Raw,
    /// Two files side by side.
    Compare,
}

impl View {
    /// Every view, in navigation order.
    pub const ALL: [View; 10] = [
        View::Decode,
        View::Serving,
        View::Tradeoff,
        View::Energy,
        View::Accuracy,
        View::Prefill,
        View::Cache,
        View::Provenance,
        View::Raw,
        View::Compare,
    ];

    /// The link token.
    pub fn as_str(self) -> &'static str {
        match self {
            View::Decode => "decode",
            View::Serving => "serving",
            View::Tradeoff => "tradeoff",
            View::Energy => "energy",
            View::Accuracy => "accuracy",
            View::Prefill => "prefill",
            View::Cache => "cache",
            View::Provenance => "provenance",
            View::Raw => "raw",
            View::Compare => "compare",
        }
    }
}

/// A serving metric (`metric=`): a cell field, or the derived joules per token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Metric {
    OutTokS,
    UserTokS,
    TtftP50Ms,
    TtftP99Ms,
    TpotP50Ms,
    TpotP99Ms,
    ItlP50Ms,
    ItlP99Ms,
    E2eP50Ms,
    E2eP99Ms,
    PowerW,
    TokSPerKw,
    N,
    Errors,
    Short,
    /// Derived: `power_w / out_tok_s`.
    JPerToken,
}

impl Metric {
    /// Every metric, in picker order.
    pub const ALL: [Metric; 16] = [
        Metric::OutTokS,
        Metric::UserTokS,
        Metric::TtftP50Ms,
        Metric::TtftP99Ms,
        Metric::TpotP50Ms,
        Metric::TpotP99Ms,
        Metric::ItlP50Ms,
        Metric::ItlP99Ms,
        Metric::E2eP50Ms,
        Metric::E2eP99Ms,
        Metric::PowerW,
        Metric::TokSPerKw,
        Metric::N,
        Metric::Errors,
        Metric::Short,
        Metric::JPerToken,
    ];

    /// The link token, equal to the cell field's name.
    pub fn as_str(self) -> &'static str {
        match self {
            Metric::OutTokS => "out_tok_s",
            Metric::UserTokS => "user_tok_s",
            Metric::TtftP50Ms => "ttft_p50_ms",
            Metric::TtftP99Ms => "ttft_p99_ms",
            Metric::TpotP50Ms => "tpot_p50_ms",
            Metric::TpotP99Ms => "tpot_p99_ms",
            Metric::ItlP50Ms => "itl_p50_ms",
            Metric::ItlP99Ms => "itl_p99_ms",
            Metric::E2eP50Ms => "e2e_p50_ms",
            Metric::E2eP99Ms => "e2e_p99_ms",
            Metric::PowerW => "power_w",
            Metric::TokSPerKw => "tok_s_per_kw",
            Metric::N => "n",
            Metric::Errors => "errors",
            Metric::Short => "short",
            Metric::JPerToken => "j_per_token",
        }
    }
}

/// A workload's link token, `ISLxOSL`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkloadKey {
    /// Input sequence length.
    pub isl: u64,
    /// Output sequence length.
    pub osl: u64,
}

/// The y axis scale (`scale=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scale {
    /// Linear.
    #[default]
    Lin,
    /// Base-10 logarithmic.
    Log,
}

impl Scale {
    /// The link token.
    pub fn as_str(self) -> &'static str {
        match self {
            Scale::Lin => "lin",
            Scale::Log => "log",
        }
    }
}

/// Where a results file comes from (`src=`, `compare=`): a relative path or an http(s) URL.
/// Any other scheme is refused at parse time, so nothing is ever fetched from it.
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// Why a parameter value was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
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
        let text = text.trim_matches(|c: char| c == ' ');
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

macro_rules! token_enum {
    ($ty:ty, $what:literal) => {
        impl FromStr for $ty {
            type Err = ParseError;
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                Self::ALL
                    .iter()
                    .copied()
                    .find(|v| v.as_str() == text)
                    .ok_or_else(|| ParseError(format!("unknown {}", $what)))
            }
        }
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

impl Scale {
    const ALL: [Scale; 2] = [Scale::Lin, Scale::Log];
}

token_enum!(View, "view");
token_enum!(Metric, "metric");
token_enum!(Scale, "scale (lin or log)");

impl FromStr for WorkloadKey {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || ParseError("expected ISLxOSL, e.g. 1024x8192".into());
        let (isl, osl) = text.split_once('x').ok_or_else(bad)?;
        let whole = |s: &str| s.parse::<u64>().ok().filter(|&v| v > 0 && s.bytes().all(|b| b.is_ascii_digit()));
        Ok(WorkloadKey { isl: whole(isl).ok_or_else(bad)?, osl: whole(osl).ok_or_else(bad)? })
    }
}

impl fmt::Display for WorkloadKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.isl, self.osl)
    }
}

impl fmt::Display for SourceRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A parameter value that was not used, and why: shown as a dismissible notice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamNotice {
    /// The parameter's name (`view`, `engines`, …).
    pub param: String,
    /// The value as it arrived.
    pub value: String,
    /// Why it was not used and what is shown instead.
    pub reason: String,
}

impl fmt::Display for ParamNotice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}: {}", self.param, self.value, self.reason)
    }
}

/// Every piece of view state in the link (LINKS.md). `None`/`false` means the default.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ViewState {
    /// The results file; `None` = the first entry of `data/index.json`.
    pub src: Option<SourceRef>,
    /// The view shown.
    pub view: View,
    /// The serving workload; `None` = the first in file order.
    pub workload: Option<WorkloadKey>,
    /// The metric; `None` = the view's default.
    pub metric: Option<Metric>,
    /// `pct=both`: p50 solid and p99 dashed together.
    pub pct_both: bool,
    /// Engine ids shown; `None` = all.
    pub engines: Option<Vec<String>>,
    /// The y scale.
    pub scale: Scale,
    /// Show values as a ratio to this engine.
    pub vs: Option<String>,
    /// Service-level limit on TTFT p99 (ms).
    pub slo_ttft_p99_ms: Option<f64>,
    /// Service-level limit on per-user tok/s.
    pub slo_user_tok_s: Option<f64>,
    /// A second results file to compare with.
    pub compare: Option<SourceRef>,
    /// `embed=1`: one chart and its caption.
    pub embed: bool,
    /// With `embed`: which chart of the view.
    pub chart: Option<String>,
    /// Parameters this contract does not define, kept so a rewrite never strips them.
    pub extra: Vec<(String, String)>,
}

/// A positive finite number for a service-level limit.
fn positive_number(text: &str) -> Result<f64, ParseError> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(ParseError("expected a positive number".into())),
    }
}

impl ViewState {
    /// Parse a query string (with or without its leading `?`). Never fails: each bad value
    /// falls back to its default and adds a notice.
    pub fn parse(query: &str) -> (ViewState, Vec<ParamNotice>) {
        let mut state = ViewState::default();
        let mut notices = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        let query = query.strip_prefix('?').unwrap_or(query);
        for (name, value) in form_urlencoded::parse(query.as_bytes()) {
            let (name, value) = (name.into_owned(), value.into_owned());
            if seen.contains(&name) {
                notices.push(ParamNotice { param: name, value, reason: "given more than once; the first is used".into() });
                continue;
            }
            seen.push(name.clone());
            let mut refuse = |e: ParseError| {
                notices.push(ParamNotice { param: name.clone(), value: value.clone(), reason: format!("{e}; the default is shown") })
            };
            match name.as_str() {
                "src" => value.parse().map(|v| state.src = Some(v)).unwrap_or_else(&mut refuse),
                "compare" => value.parse().map(|v| state.compare = Some(v)).unwrap_or_else(&mut refuse),
                "view" => value.parse().map(|v| state.view = v).unwrap_or_else(&mut refuse),
                "workload" => value.parse().map(|v| state.workload = Some(v)).unwrap_or_else(&mut refuse),
                "metric" => value.parse().map(|v| state.metric = Some(v)).unwrap_or_else(&mut refuse),
                "scale" => value.parse().map(|v| state.scale = v).unwrap_or_else(&mut refuse),
                "pct" if value == "both" => state.pct_both = true,
                "pct" => refuse(ParseError("expected `both`".into())),
                "embed" if value == "1" => state.embed = true,
                "embed" => refuse(ParseError("expected `1`".into())),
                "chart" if !value.is_empty() => state.chart = Some(value.clone()),
                "vs" if !value.is_empty() => state.vs = Some(value.clone()),
                "engines" => {
                    let ids: Vec<String> = value.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned).collect();
                    if ids.is_empty() {
                        refuse(ParseError("no engine ids".into()));
                    } else {
                        state.engines = Some(ids);
                    }
                }
                "slo_ttft_p99_ms" => positive_number(&value).map(|v| state.slo_ttft_p99_ms = Some(v)).unwrap_or_else(&mut refuse),
                "slo_user_tok_s" => positive_number(&value).map(|v| state.slo_user_tok_s = Some(v)).unwrap_or_else(&mut refuse),
                "chart" | "vs" => refuse(ParseError("empty".into())),
                _ => state.extra.push((name.clone(), value.clone())),
            }
        }
        (state, notices)
    }

    /// Drop what the loaded file does not have — unknown engine ids (the rest kept), an
    /// unknown workload or `vs` engine — and say so for each.
    pub fn resolve(&mut self, results: &Results) -> Vec<ParamNotice> {
        let mut notices = Vec::new();
        if let Some(ids) = &mut self.engines {
            let unknown: Vec<String> = ids.iter().filter(|id| results.engine(id).is_none()).cloned().collect();
            if !unknown.is_empty() {
                ids.retain(|id| results.engine(id).is_some());
                notices.push(ParamNotice {
                    param: "engines".into(),
                    value: unknown.join(","),
                    reason: "not an engine in this file; dropped".into(),
                });
            }
            if ids.is_empty() {
                self.engines = None;
            }
        }
        if let Some(id) = &self.vs {
            if results.engine(id).is_none() {
                notices.push(ParamNotice { param: "vs".into(), value: id.clone(), reason: "not an engine in this file; values are shown as measured".into() });
                self.vs = None;
            }
        }
        if let Some(key) = self.workload {
            let known = results.serving.as_ref().is_some_and(|s| s.workloads.iter().any(|w| w.isl == key.isl && w.osl == key.osl));
            if !known {
                notices.push(ParamNotice { param: "workload".into(), value: key.to_string(), reason: "not a workload in this file; the first workload is shown".into() });
                self.workload = None;
            }
        }
        notices
    }

    /// Whether going from `self` to `next` makes a new history entry (a change of `src`,
    /// `view`, `workload`, `metric` or `compare`) rather than replacing the current one.
    pub fn is_new_page(&self, next: &ViewState) -> bool {
        self.src != next.src || self.view != next.view || self.workload != next.workload || self.metric != next.metric || self.compare != next.compare
    }

    /// Whether an engine is shown under the `engines` filter.
    pub fn shows_engine(&self, id: &str) -> bool {
        self.engines.as_ref().is_none_or(|ids| ids.iter().any(|i| i == id))
    }

    /// The query string (without `?`) for this state; defaults are left out except `src`.
    pub fn to_query(&self) -> String {
        let mut parts: Vec<(&str, String)> = Vec::new();
        if let Some(src) = &self.src {
            parts.push(("src", src.to_string()));
        }
        if self.view != View::Decode {
            parts.push(("view", self.view.to_string()));
        }
        if let Some(w) = self.workload {
            parts.push(("workload", w.to_string()));
        }
        if let Some(m) = self.metric {
            parts.push(("metric", m.to_string()));
        }
        if self.pct_both {
            parts.push(("pct", "both".into()));
        }
        if let Some(ids) = &self.engines {
            parts.push(("engines", ids.join(",")));
        }
        if self.scale != Scale::Lin {
            parts.push(("scale", self.scale.to_string()));
        }
        if let Some(vs) = &self.vs {
            parts.push(("vs", vs.clone()));
        }
        if let Some(v) = self.slo_ttft_p99_ms {
            parts.push(("slo_ttft_p99_ms", v.to_string()));
        }
        if let Some(v) = self.slo_user_tok_s {
            parts.push(("slo_user_tok_s", v.to_string()));
        }
        if let Some(c) = &self.compare {
            parts.push(("compare", c.to_string()));
        }
        if self.embed {
            parts.push(("embed", "1".into()));
        }
        if let Some(c) = &self.chart {
            parts.push(("chart", c.clone()));
        }
        let extra = self.extra.iter().map(|(k, v)| (k.as_str(), v.clone()));
        parts
            .into_iter()
            .chain(extra)
            .map(|(k, v)| format!("{}={}", encode_component(k), encode_component(&v)))
            .collect::<Vec<_>>()
            .join("&")
    }
}

/// Percent-encode a query component, leaving `/ : , @` readable so links stay legible.
fn encode_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' | b':' | b',' | b'@' => out.push(byte as char),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

impl fmt::Display for ViewState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_query())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(q: &str) -> (ViewState, Vec<ParamNotice>) {
        ViewState::parse(q)
    }

    #[test]
    fn an_empty_query_is_every_default() {
        let (state, notices) = parse("");
        assert_eq!(state, ViewState::default());
        assert!(notices.is_empty());
        assert_eq!(state.to_query(), "");
    }

    #[test]
    fn every_parameter_parses_and_prints_back() {
        let q = "src=data/a.json&view=serving&workload=8192x1024&metric=ttft_p99_ms&pct=both&engines=paiton,vllm&scale=log&vs=vllm&slo_ttft_p99_ms=1000&slo_user_tok_s=50.5&compare=https://example.org/b.json&embed=1&chart=tradeoff&utm=x";
        let (state, notices) = parse(q);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(state.view, View::Serving);
        assert_eq!(state.workload, Some(WorkloadKey { isl: 8192, osl: 1024 }));
        assert_eq!(state.metric, Some(Metric::TtftP99Ms));
        assert_eq!(state.engines.as_deref(), Some(&["paiton".to_string(), "vllm".to_string()][..]));
        assert_eq!(state.scale, Scale::Log);
        assert_eq!(state.slo_user_tok_s, Some(50.5));
        assert!(state.compare.as_ref().is_some_and(SourceRef::is_absolute));
        assert_eq!(state.to_query(), q);
        assert_eq!(parse(&state.to_query()).0, state);
    }

    #[test]
    fn bad_values_fall_back_with_a_notice_naming_them() {
        let (state, notices) = parse("view=nosuchview&metric=bogus&scale=cubic&workload=12x&pct=p90&slo_user_tok_s=-3");
        assert_eq!(state.view, View::Decode);
        assert_eq!(state.metric, None);
        assert_eq!(state.scale, Scale::Lin);
        assert_eq!(state.workload, None);
        assert!(!state.pct_both);
        assert_eq!(state.slo_user_tok_s, None);
        let named: Vec<_> = notices.iter().map(|n| (n.param.as_str(), n.value.as_str())).collect();
        assert_eq!(
            named,
            [("view", "nosuchview"), ("metric", "bogus"), ("scale", "cubic"), ("workload", "12x"), ("pct", "p90"), ("slo_user_tok_s", "-3")]
        );
    }

    #[test]
    fn only_relative_paths_and_http_urls_are_accepted_as_sources() {
        for good in ["data/a.json", "a.json", "../b/c.json", "https://example.org/x.json", "HTTP://example.org/x.json", "a b.json"] {
            assert!(good.parse::<SourceRef>().is_ok(), "{good}");
        }
        for bad in ["javascript:alert(1)", "JavaScript:alert(1)", "data:application/json,{}", "file:///etc/passwd", "//evil.example/x.json", "java\tscript:alert(1)", "https:evil", "\\\\evil\\x", ""] {
            assert!(bad.parse::<SourceRef>().is_err(), "{bad:?}");
        }
        let (state, notices) = parse("src=javascript:alert(1)");
        assert_eq!(state.src, None);
        assert_eq!(notices[0].param, "src");
        assert!(notices[0].reason.contains("`javascript:` scheme is refused"), "{}", notices[0].reason);
    }

    #[test]
    fn page_changes_push_history_and_filters_replace_it() {
        let (base, _) = parse("view=serving&metric=out_tok_s");
        let with = |q: &str| parse(q).0;
        assert!(base.is_new_page(&with("view=energy&metric=out_tok_s")));
        assert!(base.is_new_page(&with("view=serving&metric=ttft_p99_ms")));
        assert!(base.is_new_page(&with("view=serving&metric=out_tok_s&src=a.json")));
        assert!(!base.is_new_page(&with("view=serving&metric=out_tok_s&scale=log&engines=a")));
        assert!(!base.is_new_page(&base.clone()));
    }

    #[test]
    fn values_are_percent_decoded_and_encoded() {
        let (state, _) = parse("src=my%20data/a%26b.json");
        assert_eq!(state.src.as_ref().map(SourceRef::as_str), Some("my data/a&b.json"));
        assert_eq!(state.to_query(), "src=my%20data/a%26b.json");
    }
}
