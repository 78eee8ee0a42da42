//! `ViewState`: every piece of view state in the link (docs/links.md), parsed leniently and
//! printed back exactly. An unknown or malformed value falls back to its default and
//! yields a `ParamNotice` naming the parameter and the value, so a bad link still draws a
//! page; parameters this contract does not define are kept, so a rewrite never strips them.

use std::fmt;

use super::tokens::{ChartId, Latency, ParseError, RequestsX, Scale, SourceRef, ThemeChoice, View, WorkloadKey};
pub use super::values::positive_number;
use super::values::{attainment, price, pue, slo, text, whole_in};
use crate::core::measures::cost::Prices;
use crate::core::measures::goodput::Slo;
use crate::core::measures::metric::Metric;
use crate::core::study::model::Results;

/// The most files `compare=` takes.
pub const MAX_COMPARED: usize = 6;

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

/// Every piece of view state in the link. `None`/`false`/empty means the default.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ViewState {
    /// The results file; `None` = the collection's first study.
    pub src: Option<SourceRef>,
    /// The view shown; `None` = the landing view (the catalog for a collection of several
    /// studies, else the overview).
    pub view: Option<View>,
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
    /// Files compared with the first (at most `MAX_COMPARED`).
    pub compare: Vec<SourceRef>,
    /// `embed=1`: one chart (or table) and its caption.
    pub embed: bool,
    /// Which chart of the view.
    pub chart: Option<ChartId>,
    /// With `embed`: the height in CSS px.
    pub height: Option<u32>,
    /// The colour theme; `None` = the reader's system theme.
    pub theme: Option<ThemeChoice>,
    /// The collection manifest; `None` = `data/index.json`.
    pub index: Option<SourceRef>,
    /// The name of a local file shown in place of `src`: the address bar then names no
    /// study rather than the one shown before. Written only when `src` is absent.
    pub local: Option<String>,
    /// Catalog filter: free text.
    pub q: Option<String>,
    /// Catalog filter: exact model.
    pub model: Option<String>,
    /// Catalog filter: exact hardware.
    pub hardware: Option<String>,
    /// Catalog filter (engine label or id), and the engine the history follows.
    pub engine: Option<String>,
    /// With `view=history`: `across=hardware`, the history spans every hardware (each
    /// hardware its own line) rather than following one.
    pub across_hardware: bool,
    /// With `view=history`: the concurrency followed across studies.
    pub conc: Option<u32>,
    /// With `view=history` and a rate-driven workload: the offered request rate (req/s)
    /// followed across studies.
    pub rate: Option<f64>,
    /// The reader's prices for `cost_per_mtok`.
    pub prices: Prices,
    /// The reader's latency objective for goodput (`slo=ttft:MS,tpot:MS,e2el:MS`).
    pub slo: Option<Slo>,
    /// The attainment an engine's capacity holds to, % (`attain=`; default 90).
    pub attain: Option<f64>,
    /// With `view=requests`: the load level shown (a concurrency or an offered rate).
    pub level: Option<f64>,
    /// With `view=requests`: the latency followed (`latency=`; default TTFT).
    pub latency: Option<Latency>,
    /// With `view=requests`: the latency axis's scale (`xscale=lin`, `xscale=log`); none: log
    /// when one engine's tail dwarfs the others', else linear.
    pub xscale: Option<Scale>,
    /// With `view=requests`: what each request's latency is drawn against (`x=turn`, `x=isl`;
    /// default its send time).
    pub x: RequestsX,
    /// Parameters this contract does not define, kept so a rewrite never strips them.
    pub extra: Vec<(String, String)>,
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
            let s = &mut state;
            match name.as_str() {
                "src" => value.parse().map(|v| s.src = Some(v)).unwrap_or_else(&mut refuse),
                "index" => value.parse().map(|v| s.index = Some(v)).unwrap_or_else(&mut refuse),
                "local" => text(&value).map(|v| s.local = Some(v)).unwrap_or_else(&mut refuse),
                "compare" => {
                    for part in value.split(',').filter(|p| !p.trim().is_empty()) {
                        match part.parse::<SourceRef>() {
                            Ok(_) if s.compare.len() == MAX_COMPARED => notices.push(ParamNotice {
                                param: name.clone(),
                                value: part.to_owned(),
                                reason: format!("at most {MAX_COMPARED} files are compared; dropped"),
                            }),
                            Ok(v) => s.compare.push(v),
                            Err(e) => {
                                notices.push(ParamNotice { param: name.clone(), value: part.to_owned(), reason: format!("{e}; dropped") })
                            }
                        }
                    }
                }
                "view" => value.parse().map(|v| s.view = Some(v)).unwrap_or_else(&mut refuse),
                "workload" => value.parse().map(|v| s.workload = Some(v)).unwrap_or_else(&mut refuse),
                "metric" => match value.parse::<Metric>() {
                    Ok(m) => s.metric = Some(m),
                    Err(e) => refuse(ParseError(e.to_string())),
                },
                "scale" => value.parse().map(|v| s.scale = v).unwrap_or_else(&mut refuse),
                "pct" if value == "both" => s.pct_both = true,
                "pct" => refuse(ParseError("expected `both`".into())),
                "embed" if value == "1" => s.embed = true,
                "embed" => refuse(ParseError("expected `1`".into())),
                "chart" => value.parse().map(|v| s.chart = Some(v)).unwrap_or_else(&mut refuse),
                "height" => whole_in(&value, 120, 4000).map(|v| s.height = Some(v)).unwrap_or_else(&mut refuse),
                "theme" => value.parse().map(|v| s.theme = Some(v)).unwrap_or_else(&mut refuse),
                "vs" => text(&value).map(|v| s.vs = Some(v)).unwrap_or_else(&mut refuse),
                "engines" => {
                    let ids: Vec<String> = value.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned).collect();
                    if ids.is_empty() {
                        refuse(ParseError("no engine ids".into()));
                    } else {
                        s.engines = Some(ids);
                    }
                }
                "slo_ttft_p99_ms" => positive_number(&value).map(|v| s.slo_ttft_p99_ms = Some(v)).unwrap_or_else(&mut refuse),
                "slo_user_tok_s" => positive_number(&value).map(|v| s.slo_user_tok_s = Some(v)).unwrap_or_else(&mut refuse),
                "kwh_price" => price(&value).map(|v| s.prices.kwh = Some(v)).unwrap_or_else(&mut refuse),
                "gpu_hour_price" => price(&value).map(|v| s.prices.gpu_hour = Some(v)).unwrap_or_else(&mut refuse),
                "pue" => pue(&value).map(|v| s.prices.pue = Some(v)).unwrap_or_else(&mut refuse),
                "q" => text(&value).map(|v| s.q = Some(v)).unwrap_or_else(&mut refuse),
                "model" => text(&value).map(|v| s.model = Some(v)).unwrap_or_else(&mut refuse),
                "hardware" => text(&value).map(|v| s.hardware = Some(v)).unwrap_or_else(&mut refuse),
                "engine" => text(&value).map(|v| s.engine = Some(v)).unwrap_or_else(&mut refuse),
                "across" if value == "hardware" => s.across_hardware = true,
                "across" => refuse(ParseError("expected `hardware`".into())),
                "conc" => whole_in(&value, 1, u32::MAX).map(|v| s.conc = Some(v)).unwrap_or_else(&mut refuse),
                "rate" => positive_number(&value).map(|v| s.rate = Some(v)).unwrap_or_else(&mut refuse),
                "slo" => slo(&value).map(|v| s.slo = Some(v)).unwrap_or_else(&mut refuse),
                "attain" => attainment(&value).map(|v| s.attain = Some(v)).unwrap_or_else(&mut refuse),
                "level" => positive_number(&value).map(|v| s.level = Some(v)).unwrap_or_else(&mut refuse),
                "latency" => value.parse().map(|v| s.latency = Some(v)).unwrap_or_else(&mut refuse),
                "xscale" => value.parse().map(|v| s.xscale = Some(v)).unwrap_or_else(&mut refuse),
                "x" => value.parse().map(|v| s.x = v).unwrap_or_else(&mut refuse),
                _ => s.extra.push((name.clone(), value.clone())),
            }
        }
        (state, notices)
    }

    /// The view shown, given the landing view for a link that names none. A link that
    /// names a study (`src`, with or without `index`) opens its overview.
    pub fn view_or(&self, landing: View) -> View {
        self.view.unwrap_or(if self.src.is_some() { View::Overview } else { landing })
    }

    /// The local file this link was written from, when it names no study instead.
    pub fn local_only(&self) -> Option<&str> {
        self.local.as_deref().filter(|_| self.src.is_none())
    }

    /// Show a local file: `src` leaves the link (it would name another study) and `local`
    /// says what is shown. Returns the `src` removed, if any.
    pub fn show_local(&mut self, name: &str) -> Option<SourceRef> {
        self.local = Some(name.to_owned());
        self.src.take()
    }

    /// Drop what the loaded file does not have — unknown engine ids (the rest kept), an
    /// unknown workload or `vs` engine, a chart the view does not draw — and say so for each.
    /// With `compare=` the engine ids are kept: they may be a compared file's own engines,
    /// which the legend writes into the filter so that no toggle hides them.
    pub fn resolve(&mut self, results: &Results) -> Vec<ParamNotice> {
        let mut notices = Vec::new();
        if let Some(ids) = self.engines.as_mut().filter(|_| self.compare.is_empty()) {
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
                notices.push(ParamNotice {
                    param: "vs".into(),
                    value: id.clone(),
                    reason: "not an engine in this file; values are shown as measured".into(),
                });
                self.vs = None;
            }
        }
        if let Some(key) = self.workload {
            let known = results.serving().is_some_and(|s| s.workloads.iter().any(|w| w.isl == key.isl && w.osl == key.osl));
            if !known {
                notices.push(ParamNotice {
                    param: "workload".into(),
                    value: key.to_string(),
                    reason: "not a workload in this file; the first workload is shown".into(),
                });
                self.workload = None;
            }
        }
        if let Some(chart) = self.chart {
            let view = self.view_or(View::Overview);
            if !super::facts::charts_of(view).contains(&chart) {
                notices.push(ParamNotice {
                    param: "chart".into(),
                    value: chart.to_string(),
                    reason: format!("not a chart of the {view} view; its first chart is shown"),
                });
                self.chart = None;
            }
        }
        if let (Some(metric), Some(shown)) = (self.metric, self.metric_drawn_instead()) {
            notices.push(ParamNotice {
                param: "metric".into(),
                value: metric.as_str().to_owned(),
                reason: format!("not drawn in the {} view; {} is shown", self.view_or(View::Overview), shown.choice_label()),
            });
            self.metric = None;
        }
        notices
    }

    /// Whether going from `self` to `next` makes a new history entry (a change of `src`,
    /// `view`, `workload`, `metric`, `compare`, `index`, the objective and its target, or
    /// the requests view's level and latency) rather than replacing the current one.
    pub fn is_new_page(&self, next: &ViewState) -> bool {
        self.src != next.src
            || self.local_only() != next.local_only()
            || self.view != next.view
            || self.workload != next.workload
            || self.metric != next.metric
            || self.compare != next.compare
            || self.index != next.index
            || self.slo != next.slo
            || self.attain != next.attain
            || self.level != next.level
            || self.latency != next.latency
    }

    /// Whether an engine is shown under the `engines` filter.
    pub fn shows_engine(&self, id: &str) -> bool {
        super::inputs::engine_shown(self.engines.as_deref(), id)
    }

    /// Compare one more file: refused (false) past `MAX_COMPARED` or when already compared.
    pub fn add_compared(&mut self, reference: SourceRef) -> bool {
        let added = self.compare.len() < MAX_COMPARED && !self.compare.contains(&reference);
        if added {
            self.compare.push(reference);
        }
        added
    }

    /// The query string (without `?`) for this state; defaults are left out.
    pub fn to_query(&self) -> String {
        let mut parts: Vec<(&str, String)> = Vec::new();
        let mut put = |k: &'static str, v: Option<String>| {
            if let Some(v) = v {
                parts.push((k, v));
            }
        };
        let num = |v: Option<f64>| v.map(|v| v.to_string());
        put("index", self.index.as_ref().map(ToString::to_string));
        put("src", self.src.as_ref().map(ToString::to_string));
        put("local", self.local_only().map(str::to_owned));
        put("view", self.view.map(|v| v.to_string()));
        put("workload", self.workload.map(|w| w.to_string()));
        put("metric", self.metric.map(|m| m.to_string()));
        put("pct", self.pct_both.then(|| "both".into()));
        put("engines", self.engines.as_ref().map(|ids| ids.join(",")));
        put("scale", (self.scale != Scale::Lin).then(|| self.scale.to_string()));
        put("vs", self.vs.clone());
        put("slo_ttft_p99_ms", num(self.slo_ttft_p99_ms));
        put("slo_user_tok_s", num(self.slo_user_tok_s));
        put("kwh_price", num(self.prices.kwh));
        put("gpu_hour_price", num(self.prices.gpu_hour));
        put("pue", num(self.prices.pue));
        put("compare", (!self.compare.is_empty()).then(|| self.compare.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")));
        put("q", self.q.clone());
        put("model", self.model.clone());
        put("hardware", self.hardware.clone());
        put("engine", self.engine.clone());
        put("across", self.across_hardware.then(|| "hardware".into()));
        put("conc", self.conc.map(|c| c.to_string()));
        put("rate", num(self.rate));
        put("slo", self.slo.map(|s| s.to_string()));
        put("attain", num(self.attain));
        put("level", num(self.level));
        put("latency", self.latency.map(|l| l.to_string()));
        put("xscale", self.xscale.map(|x| x.to_string()));
        put("x", (self.x != RequestsX::Time).then(|| self.x.to_string()));
        put("embed", self.embed.then(|| "1".into()));
        put("chart", self.chart.map(|c| c.to_string()));
        put("height", self.height.map(|h| h.to_string()));
        put("theme", self.theme.map(|t| t.to_string()));
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
pub fn encode_component(text: &str) -> String {
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
