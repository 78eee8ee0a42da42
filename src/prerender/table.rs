//! A core `Table` as the HTML the page's table widget writes (the same elements and
//! classes), for the pre-rendered landing view.

use super::html::Html;
use crate::core::tables::{Field, Table};

fn href(state: &crate::core::link::ViewState) -> String {
    format!("?{}", state.to_query())
}

/// The table as HTML.
pub(super) fn table_html(html: &mut Html, table: &Table) {
    html.open(
        "div",
        &[("class", Some("table-scroll")), ("tabindex", Some("0")), ("role", Some("region")), ("aria-label", Some(&table.caption))],
    );
    html.open("table", &[("class", Some(&format!("values {}-table", table.name)))]);
    html.element("caption", &[], &table.caption);
    html.open("thead", &[]).open("tr", &[]);
    html.element("th", &[("scope", Some("col"))], &table.head);
    for (i, column) in table.columns.iter().enumerate() {
        let numeric = table.rows.iter().any(|r| r.cells.get(i).is_some_and(|c| c.field.is_number()));
        html.element("th", &[("scope", Some("col")), ("class", numeric.then_some("num"))], &column.label);
    }
    html.close("tr").close("thead").open("tbody", &[]);
    for row in &table.rows {
        html.open("tr", &[("class", row.mismatch.then_some("source-mismatch"))]);
        html.open("th", &[("scope", Some("row")), ("class", Some("row-head"))]);
        match &row.head.link {
            Some(to) => html.element("a", &[("class", Some("row-label")), ("href", Some(&href(to)))], &row.head.label),
            None => html.element("span", &[("class", Some("row-label"))], &row.head.label),
        };
        if let Some(tag) = &row.head.tag {
            html.element("span", &[("class", Some("tag"))], tag);
        }
        html.close("th");
        for (cell, column) in row.cells.iter().zip(&table.columns) {
            let mut class = Vec::new();
            if cell.field.is_number() {
                class.push("num");
            }
            if matches!(cell.field, Field::NotMeasured | Field::Note(_)) {
                class.push("gap");
            }
            if cell.best {
                class.push("best");
            }
            let class = class.join(" ");
            html.open("td", &[("class", (!class.is_empty()).then_some(class.as_str())), ("data-label", Some(&column.label))]);
            let shown = cell.field.display();
            let code = matches!(cell.field, Field::Code(_));
            if let Some(to) = &cell.link {
                html.open("a", &[("href", Some(&href(to)))]);
            }
            if code {
                html.element("code", &[], &shown);
            } else {
                html.text(&shown);
            }
            if cell.link.is_some() {
                html.close("a");
            }
            html.close("td");
        }
        html.close("tr");
    }
    html.close("tbody").close("table").close("div");
}
