//! The landing view written at build time: the study's top bar, its headline cards and the
//! first chart as SVG — drawn by the same chart function the page's canvas uses — so a
//! reader sees real figures before the WebAssembly arrives, or without JavaScript at all.
//! The markup mirrors the app's (same elements, same classes), so the app takes over in
//! place. Native only: the build's `servescope-prerender` step calls it.

mod card;
pub mod deep;
pub mod html;
mod panel;
mod provenance;
mod table;

use plotters::prelude::{IntoDrawingArea, SVGBackend};

use crate::chart::{draw_plot, marks_attribute, steps, Drawn, Mark, DARK, LIGHT};
use crate::core::collections::catalog::{catalog_heading, catalog_table, filtered, CATALOG_PAGE_ROWS};
use crate::core::collections::collection::record_unfetched;
use crate::core::collections::collection::Collection;
use crate::core::display::headline::{headline_cards, Card};
use crate::core::display::legend::Chip;
use crate::core::display::palette::{EngineStyle, SwatchPaint};
use crate::core::display::tooltip::Tooltip;
use crate::core::link::{settings_sentence, View, ViewState};
use crate::core::provenance::{Report, SourceStatus, StatusCounts, TrustSummary, Verification};
use crate::core::study::model::Results;
use crate::core::views::explorer::{overview_chart, ServingInputs};
use crate::core::views::goodput::{goodput_card, pending_goodput_card};
use crate::core::views::panel::{Figure, File, Height, Panel};
use crate::core::views::{chart_css_height, height_class};
use html::Html;

/// The sizes a chart of base height `base` is drawn at, each with its class: the plot box
/// on a laptop (the page's widest) and on a 390 × 844 phone, where the app makes it about a
/// third of the screen's height (`chart_css_height`); CSS shows the one that fits and
/// scales it to the box the app will draw in.
pub fn chart_sizes(base: u32) -> [((u32, u32), &'static str); 2] {
    [((1114, base), "wide"), ((353, chart_css_height(base, (390.0, 844.0))), "narrow")]
}

/// What the build writes into `index.html`.
#[derive(Clone, Debug, PartialEq)]
pub struct Landing {
    /// `<title>`, description and Open Graph tags from the file.
    pub head: String,
    /// The page as the app first draws it.
    pub body: String,
    /// The figures the chart drew, for the build's log and its test: points and gaps.
    pub points: usize,
    /// Points not measured (gaps).
    pub gaps: usize,
    /// The heights of the charts drawn (their boxes' rules go in the page's head).
    pub heights: Vec<Height>,
}

/// What the app knows of a study's sources before it fetches any: the sources the
/// collection's manifest lists as published beside it (`None`: it says nothing, or lists
/// other bytes) and the validation's warnings, which the verdict counts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Before<'a> {
    /// The manifest's list of published sources.
    pub published: Option<&'a [String]>,
    /// Warnings the validation found.
    pub warnings: usize,
    /// The per-request tables published beside the study whose bytes match their sha256,
    /// read (`None`: none to read): the goodput and requests views are written from them.
    pub tables: Option<&'a [(String, crate::core::measures::requests::RequestTable)]>,
}

impl Before<'_> {
    /// The sources' statuses as the app first has them, and the verdict when no source
    /// needs fetching to decide it (`collection::record_unfetched`: the same rule).
    fn known(&self, results: &Results) -> (Vec<(String, SourceStatus)>, Known) {
        let mut verification = Verification::new(results);
        let decided = record_unfetched(&mut verification, self.published);
        // Nothing was fetched, so no sweep is verified and no line is derived again.
        let report = decided.then(|| verification.finish(results, 0, self.warnings, &|_, _, _, _| None));
        let statuses = verification.statuses().to_vec();
        let trust = match report {
            Some(_) => TrustSummary::of(&StatusCounts::of(statuses.iter().map(|(_, s)| s)), false),
            None => TrustSummary::unchecked(results.sources().len()),
        };
        (statuses, Known { report, trust })
    }
}

/// The verdict and the badge's words before anything is fetched (`Before::known`).
pub(crate) struct Known {
    /// The verdict, when no source needs fetching to decide it.
    pub report: Option<Report>,
    /// The badge.
    pub trust: TrustSummary,
}

/// The landing view of `results`, opened from `src` (a path relative to the page).
pub fn landing(results: &Results, src: &str, before: Before<'_>) -> Landing {
    let state = ViewState { src: src.parse().ok(), view: Some(View::Overview), ..ViewState::default() };
    let cards = headline_cards(results, &state.prices);
    let mut drawn = (0, 0);
    let mut heights = Vec::new();
    let body = page(results, &state, View::Overview, before, |html, files, _| {
        html.open("section", &[("class", Some("panel overview"))]);
        html.element("h2", &[("class", Some("visually-hidden"))], "Headline findings");
        html.open("ul", &[("class", Some("cards"))]);
        for card in &cards {
            card::card_html(html, card, src);
        }
        // The goodput card: its own lines from the tables read at build time (the app holds
        // its take-over until its card says them too), else its place, kept as the app keeps
        // it until the requests are read.
        match before.tables.filter(|t| !t.is_empty()).and_then(|t| goodput_card(results, t)) {
            Some(card) => card::card_html_holding(html, &card, src, true),
            None => {
                if let Some(card) = pending_goodput_card(results) {
                    card::card_html(html, &card, src);
                }
            }
        }
        html.close("ul");
        if let Some(hint) = crate::core::display::headline::cards_swipe_hint(&cards) {
            html.element("p", &[("class", Some("cards-more"))], &hint);
        }
        let inputs = ServingInputs { series: state.series_inputs(), scale: state.scale };
        if let Some(chart) = overview_chart(files, &inputs) {
            heights.extend(chart.figures.iter().map(|f| f.height));
            drawn = panel::panel_html(html, &chart, &state, files).unwrap_or((0, 0));
        }
        html.close("section");
        Some(())
    });
    let (points, gaps) = drawn;
    Landing { head: head(results, &cards), body: body.unwrap_or_default(), points, gaps, heights }
}

/// A study's page as the app first draws it for `state`: the top bar, the settings line and
/// what `content` writes in `main`, given the study as a file whose sources are not checked
/// yet (the app's state when it starts).
fn page<T>(
    results: &Results,
    state: &ViewState,
    view: View,
    before: Before<'_>,
    content: impl FnOnce(&mut Html, &[File<'_>], &Known) -> Option<T>,
) -> Option<String> {
    let (statuses, known) = before.known(results);
    let files = [File { results, statuses: &statuses }];
    let mut html = Html::default();
    html.open("div", &[("class", Some("page")), ("id", Some("prerender"))]);
    top_bar(&mut html, results, state, view, &known.trust);
    html.open("main", &[("id", Some("main"))]);
    html.element("p", &[("class", Some("print-settings"))], &settings_sentence(results, state, view));
    content(&mut html, &files, &known)?;
    html.close("main").close("div");
    Some(html.finish())
}

/// Panels as the app draws them, each with its charts; returns the first chart's points and
/// gaps and every chart's height.
fn panels_html(html: &mut Html, panels: &[Panel], state: &ViewState, files: &[File<'_>]) -> Option<((usize, usize), Vec<Height>)> {
    let mut drawn = None;
    for p in panels {
        let counts = panel::panel_html(html, p, state, files)?;
        if !p.figures.is_empty() {
            drawn = drawn.or(Some(counts));
        }
    }
    let heights = panels.iter().flat_map(|p| p.figures.iter().map(|f| f.height)).collect();
    Some((drawn.unwrap_or((0, 0)), heights))
}

/// The landing view of a collection of several studies: its catalog, from the manifest.
pub fn catalog_landing(collection: &Collection, srcs: &[String]) -> Landing {
    let state = ViewState { view: Some(View::Catalog), ..ViewState::default() };
    // The catalog unfiltered: what a link to the collection opens.
    let filter = state.catalog_filter();
    let rows = filtered(collection, &filter);
    let table = catalog_table(collection, srcs, &rows, CATALOG_PAGE_ROWS, &filter, &[]);
    let mut html = Html::default();
    html.open("div", &[("class", Some("page")), ("id", Some("prerender"))]);
    html.open("header", &[("class", Some("topbar"))]);
    html.element("a", &[("class", Some("skip")), ("href", Some("#main"))], "Skip to the chart");
    html.open("div", &[("class", Some("bar-row"))]);
    html.element("a", &[("class", Some("brand")), ("href", Some("./"))], "servescope");
    html.open("div", &[("class", Some("study-line"))]).element("h1", &[], "servescope").close("div");
    html.close("div");
    html.open("nav", &[("class", Some("views")), ("aria-label", Some("views"))]);
    for (view, label) in [(View::Catalog, "Catalog"), (View::Coverage, "Coverage"), (View::History, "History")] {
        let current = (view == View::Catalog).then_some("page");
        html.element("a", &[("class", Some("tab")), ("href", Some(&href(&state.on_view(view)))), ("aria-current", current)], label);
    }
    html.close("nav").close("header");
    html.open("main", &[("id", Some("main"))]).open("section", &[("class", Some("panel catalog"))]);
    html.element("h2", &[], &catalog_heading(collection.studies.len()));
    html.open("div", &[("class", Some("table-block"))]);
    table::table_html(&mut html, &table);
    html.close("div").close("section").close("main").close("div");
    let description = format!("A collection of {} LLM-serving benchmark studies", collection.studies.len());
    let mut head = Html::default();
    head.element("title", &[], "catalog · servescope");
    head.open("meta", &[("name", Some("description")), ("content", Some(&description))]);
    head.open("meta", &[("property", Some("og:title")), ("content", Some("servescope catalog"))]);
    head.open("meta", &[("property", Some("og:description")), ("content", Some(&description))]);
    Landing { head: head.finish(), body: html.finish(), points: 0, gaps: 0, heights: Vec::new() }
}

fn head(results: &Results, cards: &[Card]) -> String {
    let title = format!("{} · overview · servescope", results.title());
    let mut about: Vec<String> =
        cards.iter().filter(|c| !c.publisher).take(2).flat_map(|c| c.lines.first().map(|l| format!("{}: {}", c.title, l.text))).collect();
    about.insert(0, format!("{} ({}): serving benchmark results per engine", results.title(), results.date()));
    let description = about.join(". ");
    let mut html = Html::default();
    html.element("title", &[], &title);
    html.open("meta", &[("name", Some("description")), ("content", Some(&description))]);
    html.open("meta", &[("property", Some("og:title")), ("content", Some(results.title()))]);
    html.open("meta", &[("property", Some("og:description")), ("content", Some(&description))]);
    html.open("meta", &[("property", Some("og:type")), ("content", Some("website"))]);
    html.finish()
}

pub(crate) fn href(state: &ViewState) -> String {
    format!("?{}", state.to_query())
}

fn top_bar(html: &mut Html, results: &Results, state: &ViewState, shown: View, trust: &TrustSummary) {
    html.open("header", &[("class", Some("topbar"))]);
    html.element("a", &[("class", Some("skip")), ("href", Some("#main"))], "Skip to the chart");
    html.open("div", &[("class", Some("bar-row"))]);
    html.element("a", &[("class", Some("brand")), ("href", Some("./"))], "servescope");
    html.open("div", &[("class", Some("study-line"))]);
    html.element("h1", &[], results.title());
    html.element("span", &[("class", Some("study-meta"))], &crate::core::display::claims::measured_on(results));
    badge(html, trust, state);
    html.close("div");
    html.open("div", &[("class", Some("bar-actions"))]);
    for (class, label) in
        [("details-toggle", "Details"), ("copy-link", "Copy link"), ("open-file", "Open file…"), ("share", "Share & reproduce")]
    {
        html.element("button", &[("class", Some(&format!("action {class}"))), ("type", Some("button"))], label);
    }
    // The app's button names the other theme; which theme shows is known only in the
    // browser (the link or the system), so both words are written and the stylesheet
    // shows the one the app will.
    html.open("button", &[("class", Some("action theme-toggle")), ("type", Some("button"))]);
    html.element("span", &[("class", Some("theme-word light"))], "Dark");
    html.element("span", &[("class", Some("theme-word dark"))], "Light");
    html.close("button");
    html.element("span", &[("class", Some("copied"))], "");
    html.close("div").close("div");
    html.open("nav", &[("class", Some("views")), ("aria-label", Some("views"))]);
    let with_requests = results.has_requests();
    for (view, label) in View::tabs(with_requests) {
        let current = (view == shown).then_some("page");
        let lacks = crate::core::link::tab_lacks(results, view);
        let class = if lacks.is_some() { "tab lacks" } else { "tab" };
        let attrs =
            [("class", Some(class)), ("href", Some(&href(&state.on_view(view)))), ("aria-current", current), ("title", lacks.as_deref())];
        html.element("a", &attrs, label);
    }
    html.close("nav").close("header");
}

/// The trust badge as the app writes it before any source is checked.
fn badge(html: &mut Html, badge: &TrustSummary, state: &ViewState) {
    html.open("a", &[("class", Some("badge-link")), ("href", Some(&href(&state.on_view(View::Provenance))))]);
    let class = format!("badge sources {}", badge.tone);
    html.element("span", &[("class", Some(&class)), ("aria-live", Some("polite"))], &badge.text);
    html.close("a");
}

/// A chart's tooltips as the page's pre-render script reads them: one entry per mark,
/// `[group, item, title, [[label, value, warn, exact or null], …]]`, the words the core's
/// tooltip function gives for that mark — the app's own for the same point.
fn tips_json(marks: &[Mark], tip: &dyn Fn(Mark) -> Option<Tooltip>) -> String {
    let entries: Vec<serde_json::Value> = marks
        .iter()
        .filter_map(|m| {
            let t = tip(*m)?;
            let lines: Vec<serde_json::Value> =
                t.lines.iter().map(|l| serde_json::json!([l.label, l.value, u8::from(l.warn), l.exact])).collect();
            Some(serde_json::json!([m.group, m.item, t.title, lines]))
        })
        .collect();
    serde_json::Value::Array(entries).to_string()
}

/// The sizes a figure is drawn at, each with its class: `chart_sizes` for a chart fitted to
/// the screen, its own height at both widths otherwise.
fn figure_sizes(height: Height) -> [((u32, u32), &'static str); 2] {
    match height {
        Height::Fitted(base) => chart_sizes(base),
        Height::Fixed(px) => [((1114, px), "wide"), ((353, px), "narrow")],
    }
}

/// A chart figure as the app writes it, `figure` drawn by `chart::draw_plot` at each of its
/// sizes in both themes, with its marks and tooltips (`Figure::tip`, the app's words for
/// each point) for the page's pre-render script, an empty tooltip box and the export
/// buttons; returns the points and gaps drawn.
fn chart_figure(html: &mut Html, figure: &Figure, files: &[File<'_>]) -> Option<(usize, usize)> {
    let id = figure.id.as_str();
    let tip_id = format!("tip-{id}");
    let size_class = height_class(figure.height);
    let mut variants: Vec<(String, Drawn, String)> = Vec::new();
    for (size, width) in figure_sizes(figure.height) {
        for (theme, tone) in [(LIGHT, "light"), (DARK, "dark")] {
            let mut svg = String::new();
            let drawn = draw_plot(&SVGBackend::with_string(&mut svg, size).into_drawing_area(), &figure.plot, theme).ok()?;
            // Scaled to the box by CSS: the drawn size becomes the view box.
            let svg =
                svg.replacen(&format!("width=\"{}\" height=\"{}\"", size.0, size.1), &format!("viewBox=\"0 0 {} {}\"", size.0, size.1), 1);
            variants.push((format!("chart prerendered {size_class} {width} {tone}"), drawn, svg));
        }
    }
    let tip = |m: Mark| figure.tip(m.group, m.item as usize, files);
    let tips = tips_json(&variants.first()?.1.marks, &tip);
    html.open("figure", &[("class", Some("chart-figure")), ("data-chart", Some(id))]);
    html.open("div", &[("class", Some("chart-wrap")), ("data-tips", Some(&tips))]);
    for (class, drawn, svg) in &variants {
        let marks = marks_attribute(&drawn.marks);
        // The keyboard's walk, from the app's own rule (`chart::steps`): the page's script
        // only follows it.
        let steps: Vec<String> = steps(&drawn.marks).iter().map(|s| format!("{},{},{},{}", s[0], s[1], s[2], s[3])).collect();
        let (points, gaps) = (drawn.count("points").to_string(), drawn.count("gaps").to_string());
        html.open(
            "div",
            &[
                ("class", Some(class)),
                ("role", Some("img")),
                ("tabindex", Some("0")),
                ("aria-label", Some(&figure.summary)),
                ("aria-describedby", Some(&tip_id)),
                ("data-points", Some(&points)),
                ("data-gaps", Some(&gaps)),
                ("data-marks", Some(&marks)),
                ("data-steps", Some(&steps.join(";"))),
            ],
        );
        html.trusted(svg).close("div");
    }
    html.element("div", &[("class", Some("tooltip")), ("id", Some(&tip_id)), ("role", Some("status")), ("aria-live", Some("polite"))], "");
    html.close("div");
    html.open("div", &[("class", Some("exports"))]);
    html.element("button", &[("class", Some("toggle export-png")), ("type", Some("button"))], "PNG");
    html.element("button", &[("class", Some("toggle export-svg")), ("type", Some("button"))], "SVG");
    html.close("div").close("figure");
    let last = &variants.last()?.1;
    Some((last.count("points"), last.count("gaps")))
}

/// The engine key, saying `absent` beside each engine in `not_measured`.
fn legend_saying(html: &mut Html, chips: &[Chip], not_measured: &[String], absent: &str) {
    html.open("ul", &[("class", Some("legend toggles")), ("aria-label", Some("engines: press to show or hide"))]);
    for chip in chips {
        html.open("li", &[("class", Some("chip"))]);
        html.open("button", &[("class", Some("legend-toggle")), ("type", Some("button")), ("aria-pressed", Some("true"))]);
        swatch(html, chip.style, chip.colour_only);
        html.text(" ");
        html.element("span", &[("class", Some("chip-label"))], &chip.text());
        if not_measured.contains(&chip.id) {
            html.element("span", &[("class", Some("absent"))], &format!(" — {absent}"));
        }
        html.close("button");
        html.element(
            "button",
            &[("class", Some("chip-info-button")), ("type", Some("button")), ("aria-label", Some(&format!("about {}", chip.label)))],
            "i",
        );
        html.element("span", &[("class", Some("chip-info")), ("role", Some("tooltip"))], &chip.detail);
        html.close("li");
    }
    html.close("ul");
}

/// An engine's swatch as the app's `Swatch` writes it: its marker in its colour, or the
/// colour alone as a short thick line (`colour_only`, while files are compared).
fn swatch(html: &mut Html, style: EngineStyle, colour_only: bool) {
    let colour = style.colour.hex();
    let (d, paint) = if colour_only { ("M1,8L17,8", SwatchPaint::Stroke("4")) } else { style.marker.swatch() };
    let (fill, stroke, width) = match paint {
        SwatchPaint::Fill => (colour.as_str(), None, None),
        SwatchPaint::Stroke(w) => ("none", Some(colour.as_str()), Some(w)),
    };
    let attrs = [("class", "swatch"), ("width", "18"), ("height", "16"), ("viewBox", "0 0 18 16"), ("aria-hidden", "true")];
    html.open("svg", &attrs.map(|(k, v)| (k, Some(v))));
    html.open("path", &[("d", Some(d)), ("fill", Some(fill)), ("stroke", stroke), ("stroke-width", width)]).close("path").close("svg");
}
