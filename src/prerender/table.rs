//! A core `Table` as the HTML the page's table widget (`ui::widgets::table::TableView`)
//! writes — the same elements, classes, titles and markers — for the pre-rendered views.

use super::html::Html;
use super::swatch;
use crate::core::display::tables::{Cell, Field, Table};

fn href(state: &crate::core::link::ViewState) -> String {
    format!("?{}", state.to_query())
}

fn cell_html(html: &mut Html, cell: &Cell, label: &str) {
    let mut class = Vec::new();
    for (on, name) in [
        (cell.field.is_number(), "num"),
        (matches!(cell.field, Field::NotMeasured | Field::Note(_)), "gap"),
        (cell.best, "best"),
        (cell.low_sample, "low-sample"),
        (cell.mismatch, "source-mismatch"),
    ] {
        if on {
            class.push(name);
        }
    }
    let class = class.join(" ");
    let exact = cell.field.exact();
    let title = match (&cell.field, &cell.source) {
        (Field::Number(..), Some(source)) => Some(format!("{exact} · source {source}")),
        (Field::Number(..), None) => Some(exact),
        _ => None,
    };
    html.open("td", &[("class", (!class.is_empty()).then_some(class.as_str())), ("data-label", Some(label)), ("title", title.as_deref())]);
    if let Some(to) = &cell.link {
        html.open("a", &[("href", Some(&href(to)))]);
    }
    let shown = cell.field.display();
    if matches!(cell.field, Field::Code(_)) {
        html.element("code", &[], &shown);
    } else {
        html.text(&shown);
    }
    if cell.link.is_some() {
        html.close("a");
    }
    if let Some(i) = cell.source_ref {
        let (n, said) = (i.to_string(), format!("source {i}"));
        html.open("sup", &[("class", Some("src-ref")), ("data-n", Some(&n)), ("aria-label", Some(&said))]).close("sup");
    }
    if let Some(note) = &cell.note {
        html.element("span", &[("class", Some("n"))], note);
    }
    html.close("td");
}

/// The table as HTML.
pub(super) fn table_html(html: &mut Html, table: &Table) {
    html.open(
        "div",
        &[("class", Some("table-scroll")), ("tabindex", Some("0")), ("role", Some("region")), ("aria-label", Some(&table.caption))],
    );
    let class = format!("values {}-table{}", table.name, if table.by_concurrency { " by-concurrency" } else { "" });
    html.open("table", &[("class", Some(&class))]);
    html.element("caption", &[], &table.caption);
    html.open("thead", &[]).open("tr", &[]);
    html.element("th", &[("scope", Some("col"))], &table.head);
    for (i, column) in table.columns.iter().enumerate() {
        let numeric = table.rows.iter().any(|r| r.cells.get(i).is_some_and(|c| c.field.is_number()));
        html.element("th", &[("scope", Some("col")), ("class", numeric.then_some("num"))], &column.label);
    }
    if table.show_sources {
        html.element("th", &[("scope", Some("col"))], "sources");
    }
    html.close("tr").close("thead").open("tbody", &[]);
    for row in &table.rows {
        html.open("tr", &[("class", row.mismatch.then_some("source-mismatch"))]);
        html.open("th", &[("scope", Some("row")), ("class", Some("row-head"))]);
        if let Some(style) = row.head.swatch {
            swatch(html, style, false);
        }
        match &row.head.link {
            Some(to) => html.element("a", &[("class", Some("row-label")), ("href", Some(&href(to)))], &row.head.label),
            None => html.element("span", &[("class", Some("row-label"))], &row.head.label),
        };
        if let Some(tag) = &row.head.tag {
            html.element("span", &[("class", Some("tag"))], tag);
        }
        html.close("th");
        for (cell, column) in row.cells.iter().zip(&table.columns) {
            cell_html(html, cell, &column.label);
        }
        if table.show_sources {
            html.open("td", &[("class", Some("sources")), ("data-label", Some("sources"))]).open("ol", &[("class", Some("row-sources"))]);
            for (i, source) in row.sources.iter().enumerate() {
                html.open("li", &[]).element("sup", &[], &(i + 1).to_string()).text(" ").element("code", &[], source).close("li");
            }
            html.close("ol").close("td");
        }
        html.close("tr");
    }
    html.close("tbody").close("table").close("div");
}
