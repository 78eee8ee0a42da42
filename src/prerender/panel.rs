//! A view model's `Panel` as HTML in the app's own markup — the same elements, classes and
//! words `ui::widgets::panel` renders from the same model — with each chart drawn as SVG by
//! the chart function the canvas uses, and its marks and tooltips beside it.

use super::html::Html;
use super::{chart_figure, href, legend_saying, table};
use crate::core::link::ViewState;
use crate::core::measures::goodput::Slo;
use crate::core::views::controls::{target_words, OBJECTIVE_LEGEND, PRESETS_LEAD};
use crate::core::views::panel::{Control, File, Link, Note, Panel, TablePart};

/// Write `panel` as the app first draws it for `state`; returns the points and gaps its
/// first chart drew (none without a chart).
pub(super) fn panel_html(html: &mut Html, panel: &Panel, state: &ViewState, files: &[File<'_>]) -> Option<(usize, usize)> {
    let tag = if panel.inline_head { "div" } else { "section" };
    html.open(tag, &[("class", Some(&panel.class))]);
    if panel.inline_head {
        html.open("div", &[("class", Some("chart-head"))]);
        html.element("h2", &[], &panel.heading);
        controls(html, &panel.controls);
        html.close("div");
    } else {
        html.element("h2", &[], &panel.heading);
        for link in &panel.links {
            html.open("p", &[]);
            link_html(html, link, state);
            html.close("p");
        }
        if !panel.controls.is_empty() {
            html.open("div", &[("class", Some("controls"))]);
            controls(html, &panel.controls);
            html.close("div");
        }
    }
    notes(html, &panel.notes, state);
    if let Some(key) = &panel.key {
        legend_saying(html, &key.chips, &key.not_measured, &key.absent);
    }
    let mut drawn = None;
    for figure in &panel.figures {
        let counts = chart_figure(html, figure, files)?;
        drawn = drawn.or(Some(counts));
    }
    notes(html, &panel.after, state);
    for part in &panel.tables {
        table_part(html, part);
    }
    notes(html, &panel.tail, state);
    html.close(tag);
    Some(drawn.unwrap_or((0, 0)))
}

fn link_html(html: &mut Html, link: &Link, state: &ViewState) {
    html.element("a", &[("class", Some("chart-link")), ("href", Some(&href(&link.to.from(state))))], &link.words);
}

/// The controls as the app's widgets write them.
fn controls(html: &mut Html, controls: &[Control]) {
    for control in controls {
        match control {
            Control::Pick(pick) => {
                let (label, class) = pick.sets.label_and_class();
                html.open("label", &[("class", Some("control"))]).text(label).text(" ");
                html.open("select", &[("class", Some(class))]);
                for (value, text) in &pick.options {
                    html.element("option", &[("value", Some(value)), ("selected", (*value == pick.selected).then_some(""))], text);
                }
                html.close("select").close("label");
            }
            Control::Scale { label, drawn } => {
                html.open("span", &[("class", Some("control")), ("role", Some("group")), ("aria-label", Some(label))]).text(label);
                for (scale, words) in [(crate::core::link::Scale::Lin, "linear"), (crate::core::link::Scale::Log, "log")] {
                    let pressed = if scale == *drawn { "true" } else { "false" };
                    html.text(" ");
                    html.element("button", &[("type", Some("button")), ("class", Some("toggle")), ("aria-pressed", Some(pressed))], words);
                }
                html.close("span");
            }
            Control::BothPercentiles { checked, applies } => {
                html.open("label", &[("class", Some("control"))]);
                let attrs = [("type", Some("checkbox")), ("checked", checked.then_some("")), ("disabled", (!applies).then_some(""))];
                html.open("input", &attrs);
                html.text(" p50 and p99 together").close("label");
            }
            Control::Limit { limit, value } => {
                let (label, class) = limit.label_and_class();
                html.open("label", &[("class", Some("control"))]).text(label).text(" ");
                number_input(html, class, value.map(|v| v.to_string()).as_deref(), None);
                html.close("label");
            }
            // The reader's prices are the app's own widget: no default view shows them.
            Control::Prices => {}
            Control::Objective { slo, target } => objective_html(html, *slo, *target),
            Control::Presets(presets) => {
                html.open("p", &[("class", Some("presets"))]).text(PRESETS_LEAD);
                for preset in presets {
                    let words = preset.slo.words();
                    let pressed = if preset.pressed { "true" } else { "false" };
                    let attrs = [
                        ("type", Some("button")),
                        ("class", Some("toggle preset")),
                        ("aria-pressed", Some(pressed)),
                        ("title", Some(&words)),
                    ];
                    html.text(" ").element("button", &attrs, &format!("{}: {words}", preset.name));
                }
                html.close("p");
            }
            Control::Toggles(toggles) => {
                let (label, class) = toggles.sets.label_and_class();
                html.open("span", &[("class", Some("control")), ("role", Some("group")), ("aria-label", Some(label))]).text(label);
                for (value, words) in &toggles.options {
                    let pressed = if *value == toggles.selected { "true" } else { "false" };
                    let class = format!("toggle {class}");
                    html.text(" ").element(
                        "button",
                        &[("type", Some("button")), ("class", Some(&class)), ("aria-pressed", Some(pressed))],
                        words,
                    );
                }
                html.close("span");
            }
        }
    }
}

/// The objective's number boxes as the app's widget writes them.
fn objective_html(html: &mut Html, slo: Slo, target: f64) {
    html.open("fieldset", &[("class", Some("controls objective"))]);
    html.element("legend", &[], OBJECTIVE_LEGEND);
    for (label, class, value) in
        [("TTFT", "goodput-ttft", slo.ttft_ms), ("TPOT", "goodput-tpot", slo.tpot_ms), ("E2E", "goodput-e2el", slo.e2el_ms)]
    {
        html.open("label", &[("class", Some("control"))]).text(label).text(" ≤ ");
        number_input(html, class, value.map(|v| v.to_string()).as_deref(), None);
        html.text(" ms").close("label");
    }
    html.open("label", &[("class", Some("control"))]).text("Attainment target ");
    number_input(html, "goodput-attain", Some(&target_words(target)), Some(("1", "100")));
    html.text(" %").close("label");
    html.close("fieldset");
}

/// A number box as the app's controls write it; `range`: its min and max (else min 0).
fn number_input(html: &mut Html, class: &str, value: Option<&str>, range: Option<(&str, &str)>) {
    let (min, max) = range.map_or(("0", None), |(min, max)| (min, Some(max)));
    let attrs = [
        ("type", Some("number")),
        ("min", Some(min)),
        ("max", max),
        ("step", Some("any")),
        ("inputmode", Some("decimal")),
        ("class", Some(class)),
        ("value", value),
    ];
    html.open("input", &attrs);
}

/// The words (and tables among them) as the app writes them.
fn notes(html: &mut Html, notes: &[Note], state: &ViewState) {
    for note in notes {
        match note {
            Note::Text(class, text) => {
                html.element("p", &[("class", Some(class))], text);
            }
            Note::Linked(class, text, link) => {
                html.open("p", &[("class", Some(class))]).text(text);
                link_html(html, link, state);
                html.close("p");
            }
            Note::Notice(class, text) => {
                let class = if class.is_empty() { "notice".to_owned() } else { format!("notice {class}") };
                html.element("p", &[("class", Some(&class)), ("role", Some("status"))], text);
            }
            Note::Method(label, text) => {
                html.open("p", &[("class", Some("method"))]).element("strong", &[], &format!("{label}: ")).text(text).close("p");
            }
            Note::List(class, items) => {
                html.open("ul", &[("class", Some(class))]);
                for item in items {
                    html.element("li", &[], item);
                }
                html.close("ul");
            }
            Note::Subheading(text) => {
                html.element("h3", &[], text);
            }
            Note::Path(words, path) => {
                html.open("p", &[("class", Some("unit"))]).text(words).element("code", &[], path).close("p");
            }
            Note::Table(part) => table_part(html, part),
            // The app's own widgets, filled once it runs.
            Note::Slot(_) => {}
        }
    }
}

/// A table's block: its CSV button and the table, or what is said in its place.
fn table_part(html: &mut Html, part: &TablePart) {
    let class = if part.class.is_empty() { "table-block".to_owned() } else { format!("table-block {}", part.class) };
    html.open("div", &[("class", Some(&class))]);
    match (&part.table, part.absent) {
        (Some(table), _) => {
            html.element("button", &[("type", Some("button")), ("class", Some("toggle export-csv"))], "CSV");
            table::table_html(html, table);
        }
        (None, Some(words)) => {
            html.element("p", &[("class", Some("absent"))], words);
        }
        (None, None) => {}
    }
    html.close("div");
}
