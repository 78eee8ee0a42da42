//! One table model for every table on the page: rows of typed fields, built once here and
//! rendered both to HTML (by the page's one table widget) and to CSV (`to_csv`), so an
//! export is exactly the table shown, with the file's own digits.
//!
//! A field is a number with its kind (how it reads), text, code (ids and paths), "not
//! measured" (a null: empty in CSV) or a stated absence in words ("no CI reported").

mod accuracy;
mod compare;
mod prefill_cache;
mod provenance;
mod study;

pub use accuracy::{retrieval_table, served_accuracy_table, weight_accuracy_table};
pub use compare::delta_table;
pub use prefill_cache::{cache_table, prefill_table};
pub use provenance::{engines_table, source_words, sources_table, status_words};
pub use study::{decode_table, limits_table, serving_table};

use crate::core::basics::format::{as_written, readable, readable_ms, significant4, NOT_MEASURED};
use crate::core::display::palette::EngineStyle;
use crate::core::link::ViewState;
use crate::core::measures::metric::Better;
use crate::core::provenance::SourceStatus;

/// How a number reads on the page (its CSV text is always exact).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberKind {
    /// A figure from the file: 3–4 significant digits.
    Plain,
    /// Milliseconds from the file: seconds from 10 s up.
    Millis,
    /// A whole count or length (concurrency, tokens): thousands separated.
    Whole,
    /// A concurrency level: `c32` on the page, `32` in CSV.
    Concurrency,
    /// An offered request rate: `2 req/s` on the page, `2` in CSV.
    RequestRate,
    /// A fraction shown as a percentage (`0.9538` → `95.38 %`).
    FractionAsPercent,
    /// Derived here: 4 significant digits on the page and in CSV.
    Derived,
    /// A ratio derived here: `1.100×` on the page, `1.1` to 4 significant digits in CSV.
    Ratio,
    /// A percentage derived here: `93.3 %` on the page (one decimal), exact in CSV.
    Percent1,
}

/// One field of a table.
#[derive(Clone, Debug, PartialEq)]
pub enum Field {
    /// A number and how it reads.
    Number(f64, NumberKind),
    /// Text, as written.
    Text(String),
    /// An id, file name or path: monospace, never broken letter by letter.
    Code(String),
    /// A null in the file: "not measured" on the page, empty in CSV.
    NotMeasured,
    /// An absence with its own words, shown and exported as those words.
    Note(String),
}

impl Field {
    /// The text the page shows.
    pub fn display(&self) -> String {
        match self {
            Field::Number(v, kind) => match kind {
                NumberKind::Plain => readable(*v),
                NumberKind::Millis => readable_ms(*v),
                NumberKind::Whole => readable(*v),
                NumberKind::Concurrency => format!("c{}", as_written(*v)),
                NumberKind::RequestRate => format!("{} req/s", as_written(*v)),
                NumberKind::FractionAsPercent => format!("{} %", readable(*v * 100.0)),
                NumberKind::Derived => significant4(*v),
                NumberKind::Ratio => format!("{}×", significant4(*v)),
                NumberKind::Percent1 => format!("{v:.1} %"),
            },
            Field::Text(t) | Field::Code(t) | Field::Note(t) => t.clone(),
            Field::NotMeasured => NOT_MEASURED.to_owned(),
        }
    }

    /// The exact text: what CSV carries and the page's `title` shows.
    pub fn exact(&self) -> String {
        match self {
            Field::Number(v, NumberKind::Derived | NumberKind::Ratio) => significant4(*v),
            Field::Number(v, _) => as_written(*v),
            Field::Text(t) | Field::Code(t) | Field::Note(t) => t.clone(),
            Field::NotMeasured => String::new(),
        }
    }

    /// Whether this is a number (right-aligned).
    pub fn is_number(&self) -> bool {
        matches!(self, Field::Number(..))
    }

    /// A number from the file, or "not measured" for a null.
    pub fn measured(value: Option<f64>, kind: NumberKind) -> Field {
        value.map_or(Field::NotMeasured, |v| Field::Number(v, kind))
    }
}

/// One cell: its field and what the page marks on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The value.
    pub field: Field,
    /// Fewer requests than the sweep's minimum: marked.
    pub low_sample: bool,
    /// Its source hashed to something else: marked loudly.
    pub mismatch: bool,
    /// The 1-based index of its source in the row's list.
    pub source_ref: Option<usize>,
    /// A small line under the value (`n=8` beside a percentile).
    pub note: Option<String>,
    /// The source's name, for the hover title.
    pub source: Option<String>,
    /// Where the cell links to (a filtered catalog, in the coverage grid).
    pub link: Option<ViewState>,
    /// The best value in its column (the serving table's best engine at a load level).
    pub best: bool,
}

impl From<Field> for Cell {
    fn from(field: Field) -> Self {
        Cell { field, low_sample: false, mismatch: false, source_ref: None, note: None, source: None, link: None, best: false }
    }
}

/// A row's heading: what the row is about.
#[derive(Clone, Debug, PartialEq)]
pub struct RowHead {
    /// The label.
    pub label: String,
    /// The id behind it, exported to CSV.
    pub id: Option<String>,
    /// The engine's swatch, when the row is an engine.
    pub swatch: Option<EngineStyle>,
    /// A tag after the label ("reference control").
    pub tag: Option<String>,
    /// Where the heading links to (a study, in the catalog).
    pub link: Option<ViewState>,
}

impl RowHead {
    /// A heading with a label only.
    pub fn label(label: impl Into<String>) -> Self {
        RowHead { label: label.into(), id: None, swatch: None, tag: None, link: None }
    }
}

/// One row.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Its heading.
    pub head: RowHead,
    /// One cell per column.
    pub cells: Vec<Cell>,
    /// The sources its cells cite, in order (`source_ref` indexes this, from 1).
    pub sources: Vec<String>,
    /// A source behind the row mismatched: the whole row is marked.
    pub mismatch: bool,
}

/// The unit of a column of milliseconds (`NumberKind::Millis`): 10 s and more read in
/// seconds, marked "s" (a by-turn table's "(ms)" above "31.59 s" said the wrong unit).
pub const MS_OR_S: &str = "ms; s where marked";

/// One column.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// The heading on the page.
    pub label: String,
    /// The CSV header.
    pub csv: String,
}

impl Column {
    /// A column with the same words on the page and in CSV.
    pub fn new(label: impl Into<String>, csv: impl Into<String>) -> Self {
        Column { label: label.into(), csv: csv.into() }
    }
}

/// A table.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// A short name: the CSS class (`decode-table`) and the CSV file's stem.
    pub name: &'static str,
    /// The caption: what the table shows, with its unit and mode.
    pub caption: String,
    /// The heading of the row-heading column ("Engine").
    pub head: String,
    /// The CSV headers of the row heading: label, then id when rows have ids.
    pub head_csv: (&'static str, Option<&'static str>),
    /// The columns.
    pub columns: Vec<Column>,
    /// The rows.
    pub rows: Vec<Row>,
    /// Whether a sources column follows (each row's list).
    pub show_sources: bool,
    /// A table read on a phone as one card per row, its cells labelled lines (the
    /// concurrency tables, the catalog).
    pub by_concurrency: bool,
}

/// The status of a source by name, from the statuses of the file it belongs to.
pub fn status_of<'a>(statuses: &'a [(String, SourceStatus)], name: &str) -> Option<&'a SourceStatus> {
    statuses.iter().find(|(n, _)| n == name).map(|(_, s)| s)
}

impl Table {
    /// The table as CSV: a first `#` provenance line, the headers, then every row with
    /// exact values (a null is an empty field).
    pub fn to_csv(&self, provenance_line: &str) -> String {
        let mut out = vec![provenance_line.replace(['\n', '\r'], " ")];
        let mut header = vec![self.head_csv.0.to_owned()];
        header.extend(self.head_csv.1.map(str::to_owned));
        header.extend(self.columns.iter().map(|c| c.csv.clone()));
        if self.show_sources {
            header.push("sources".into());
        }
        out.push(crate::core::basics::csv::line(&header));
        for row in &self.rows {
            let mut fields = vec![row.head.label.clone()];
            if self.head_csv.1.is_some() {
                fields.push(row.head.id.clone().unwrap_or_default());
            }
            fields.extend(row.cells.iter().map(|c| c.field.exact()));
            if self.show_sources {
                fields.push(row.sources.join(" "));
            }
            out.push(crate::core::basics::csv::line(&fields));
        }
        out.join("\n") + "\n"
    }

    /// Every text the page shows in a cell, for checks and tests.
    pub fn displayed(&self) -> impl Iterator<Item = String> + '_ {
        self.rows.iter().flat_map(|r| r.cells.iter().map(|c| c.field.display()))
    }
}

/// Number the distinct sources of a row's cells and mark each cell with its number.
pub(crate) fn number_sources(cells: &mut [Cell]) -> Vec<String> {
    let mut sources: Vec<String> = Vec::new();
    for cell in cells.iter_mut() {
        if let Some(name) = &cell.source {
            let index = match sources.iter().position(|s| s == name) {
                Some(i) => i,
                None => {
                    sources.push(name.clone());
                    sources.len() - 1
                }
            };
            cell.source_ref = Some(index + 1);
        }
    }
    sources
}

/// Marks, in each column, the cell whose number is best in the metric's direction (every
/// one of a tie) — only where two or more engines were measured there, since a lone value
/// is not a winner, and never for a metric with no better direction. A cell whose source
/// hashed to something else or whose sample is low is never the one made prominent.
pub(super) fn mark_best_per_column(rows: &mut [Row], better: Better) {
    let sign = match better {
        Better::Higher => 1.0,
        Better::Lower => -1.0,
        Better::Neither => return,
    };
    let columns = rows.iter().map(|r| r.cells.len()).max().unwrap_or(0);
    for column in 0..columns {
        let value = |row: &Row| match row.cells.get(column).filter(|c| !c.mismatch && !c.low_sample).map(|c| &c.field) {
            Some(Field::Number(v, _)) if v.is_finite() => Some(sign * v),
            _ => None,
        };
        let values: Vec<f64> = rows.iter().filter_map(value).collect();
        if values.len() < 2 {
            continue;
        }
        let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        for row in rows.iter_mut() {
            if value(row) == Some(best) {
                row.cells[column].best = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_read_readably_and_export_exactly() {
        let f = Field::Number(273.071554221675, NumberKind::Plain);
        assert_eq!((f.display(), f.exact()), ("273.1".to_owned(), "273.071554221675".to_owned()));
        let c = Field::Number(32.0, NumberKind::Concurrency);
        assert_eq!((c.display(), c.exact()), ("c32".to_owned(), "32".to_owned()));
        let r = Field::Number(1.1, NumberKind::Ratio);
        assert_eq!((r.display(), r.exact()), ("1.100×".to_owned(), "1.100".to_owned()));
        assert_eq!(Field::Number(84806.2, NumberKind::Millis).display(), "84.81 s");
        assert_eq!(Field::Number(0.9538461538461538, NumberKind::FractionAsPercent).display(), "95.38 %");
        assert_eq!((Field::NotMeasured.display(), Field::NotMeasured.exact()), ("not measured".to_owned(), String::new()));
        let note = Field::Note("no measured point meets the limits".into());
        assert_eq!(note.exact(), "no measured point meets the limits", "a stated absence is exported in words, never an empty field");
    }
}
