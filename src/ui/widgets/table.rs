//! The one table widget: a core `Table` as HTML — readable numbers with the exact value in
//! `title`, "not measured" cells marked, source superscripts kept out of copied text, the
//! best value of a column in bold, a sticky first column and,
//! on a phone, one card per row — and its CSV, rendered from the same value.

use leptos::prelude::*;

use super::later::AfterFirstPaint;
use super::state_link::StateLink;
use super::swatch::Swatch;
use crate::core::basics::csv::Provenance;
use crate::core::display::tables::{source_words, Cell, Field, Table};
use crate::ui::io::download::download_text;
use crate::ui::state::file::Study;
use crate::ui::state::{page, share_link, PageState};

fn cell_view(cell: Cell, label: String) -> impl IntoView {
    let gap = matches!(cell.field, Field::NotMeasured | Field::Note(_));
    let numeric = cell.field.is_number();
    let code = matches!(cell.field, Field::Code(_));
    let exact = cell.field.exact();
    let shown = cell.field.display();
    let title = match (&cell.field, &cell.source) {
        (Field::Number(..), Some(source)) => format!("{exact} · source {source}"),
        (Field::Number(..), None) => exact,
        _ => String::new(),
    };
    let content = if code { view! { <code>{shown}</code> }.into_any() } else { shown.into_any() };
    let content = match cell.link {
        Some(to) => view! { <StateLink to=Signal::stored(to)>{content}</StateLink> }.into_any(),
        None => content,
    };
    view! {
        <td class:num=numeric class:gap=gap class:best=cell.best class:low-sample=cell.low_sample class:source-mismatch=cell.mismatch data-label=label title=title>
            {content}
            // The marker's digit is CSS generated content (`data-n`), so copying a value never
            // glues it on ("1,790" from source 2 must not paste as 17,902).
            {cell.source_ref.map(|i| view! { <sup class="src-ref" data-n=i.to_string() aria-label=format!("source {i}")></sup> })}
            {cell.note.map(|n| view! { <span class="n">{n}</span> })}
        </td>
    }
}

/// A table as HTML.
#[component]
pub fn TableView(
    /// The table.
    table: Table,
) -> impl IntoView {
    let labels: Vec<String> = table.columns.iter().map(|c| c.label.clone()).collect();
    // A column of numbers is right-aligned under a right-aligned heading.
    let numeric: Vec<bool> =
        (0..table.columns.len()).map(|i| table.rows.iter().any(|r| r.cells.get(i).is_some_and(|c| c.field.is_number()))).collect();
    let header =
        table.columns.iter().zip(&numeric).map(|(c, n)| view! { <th scope="col" class:num=*n>{c.label.clone()}</th> }).collect_view();
    let show_sources = table.show_sources;
    let rows = table
        .rows
        .into_iter()
        .map(|row| {
            let cells = row.cells.into_iter().zip(labels.iter().cloned()).map(|(c, l)| cell_view(c, l)).collect_view();
            let sources = show_sources.then(|| {
                let items = row
                    .sources
                    .iter()
                    .enumerate()
                    .map(|(i, s)| view! { <li><sup>{i + 1}</sup> <code>{s.clone()}</code></li> })
                    .collect_view();
                view! { <td class="sources" data-label="sources"><ol class="row-sources">{items}</ol></td> }
            });
            view! {
                <tr class:source-mismatch=row.mismatch>
                    <th scope="row" class="row-head">
                        {row.head.swatch.map(|s| view! { <Swatch style=s/> })}
                        {match row.head.link {
                            Some(to) => view! { <StateLink to=Signal::stored(to) class="row-label">{row.head.label}</StateLink> }.into_any(),
                            None => view! { <span class="row-label">{row.head.label}</span> }.into_any(),
                        }}
                        {row.head.tag.map(|t| view! { <span class="tag">{t}</span> })}
                    </th>
                    {cells}
                    {sources}
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label=table.caption.clone()>
            <table class=format!("values {}-table", table.name) class:by-concurrency=table.by_concurrency>
                <caption>{table.caption.clone()}</caption>
                <thead><tr><th scope="col">{table.head.clone()}</th>{header}{show_sources.then(|| view! { <th scope="col">"sources"</th> })}</tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// The `#` line of a CSV export: the file, its hash, the view's link, each source behind
/// the table with its status, and the notes (prices, ratio base).
pub fn provenance_line(page: PageState, study: &Study, sources: &[String], notes: Vec<String>) -> String {
    let link = untrack(|| share_link(page)).unwrap_or_else(|| "a local file (not linkable)".into());
    // The same words as the badge and the sources table: "not published" when none was.
    let sources = untrack(|| study.checks.statuses.with(|st| sources.iter().map(|name| (name.clone(), source_words(st, name))).collect()));
    Provenance { src: &study.src, sha256: &study.sha256, link: &link, sources, notes }.comment()
}

/// A CSV download of a table, built when clicked.
#[component]
pub fn CsvButton(
    /// The table now (read untracked when clicked).
    table: Signal<Option<Table>>,
    /// The study it comes from.
    study: Study,
    /// The sources behind it.
    sources: Signal<Vec<String>>,
    /// Notes for the provenance line.
    #[prop(optional, into)]
    notes: Signal<Vec<String>>,
    /// The file name without extension.
    #[prop(into)]
    stem: Signal<String>,
) -> impl IntoView {
    let page = page();
    view! {
        <button type="button" class="toggle export-csv" on:click=move |_| {
            let Some(table) = table.get_untracked() else { return };
            let line = provenance_line(page, &study, &sources.get_untracked(), notes.get_untracked());
            download_text(&format!("{}.csv", stem.get_untracked()), "text/csv", &table.to_csv(&line));
        }>"CSV"</button>
    }
}

/// The block every view's table sits in: its CSV button and the table, hidden in an embed
/// that shows a chart (`core::views::shows_tables`). `absent` is said where there is no table
/// (and no button); `later` draws the table a frame after the rest, so a large file's chart
/// comes first.
#[component]
pub fn TableBlock(
    /// The table now.
    #[prop(into)]
    table: Signal<Option<Table>>,
    /// The study it comes from.
    study: Study,
    /// The sources behind it.
    #[prop(into)]
    sources: Signal<Vec<String>>,
    /// Notes for the CSV's provenance line.
    #[prop(optional, into)]
    notes: Signal<Vec<String>>,
    /// The CSV's file name without extension.
    #[prop(into)]
    stem: Signal<String>,
    /// What to say when there is no table (else the block is empty).
    #[prop(default = None, into)]
    absent: Option<&'static str>,
    /// Draw the table a frame after the rest.
    #[prop(optional)]
    later: bool,
    /// A class beside `table-block`.
    #[prop(optional)]
    class: &'static str,
) -> impl IntoView {
    let page = page();
    let hidden = move || !crate::core::views::shows_tables(page.link.embed.get(), page.link.chart.get(), page.link.view.get());
    let body = move || table.get().map(|t| view! { <TableView table=t/> });
    let button = move || view! { <CsvButton table=table study=study.clone() sources=sources notes=notes stem=stem/> };
    let content = match absent {
        Some(words) => {
            let button = button.clone();
            (move || match table.with(Option::is_some) {
                false => view! { <p class="absent">{words}</p> }.into_any(),
                true => view! { {button()} {body} }.into_any(),
            })
            .into_any()
        }
        None if later => view! { {button()} <AfterFirstPaint>{body}</AfterFirstPaint> }.into_any(),
        // No table (a view's optional one, such as goodput by session): no button either.
        None => {
            let button = button.clone();
            view! { {move || table.with(Option::is_some).then(button.clone())} {body} }.into_any()
        }
    };
    view! { <div class=format!("table-block {class}") class:embed-hidden=hidden>{content}</div> }
}
