//! The parts a charted view is made of — heading, links, controls, notes, the engine key,
//! figures, tables — built by each view's model (`explorer`, `tradeoff`, `decode`, `bars`,
//! `accuracy`, `overview`) and rendered by two renderers that know no view: the app's
//! (`ui::widgets::panel`) and the pre-render's (`prerender::panel`). A view's words,
//! controls, chart inputs and heights are written once, here, so the two cannot drift.

use crate::core::display::legend::Chip;
use crate::core::display::tables::Table;
use crate::core::link::{embedded_chart, ChartId, View, ViewState};
use crate::core::provenance::SourceStatus;
use crate::core::study::contents::{block_summary, Block};
use crate::core::study::model::Results;

pub use super::controls::{Control, Flips, Limit, Pick, Preset, Sets, Toggles};
pub use super::figure::{ExportWords, Figure, Height, LineTips, Lines, Plot, Tradeoff};

/// Each source's check status, by name, as a file's checks hold them.
pub type Statuses = [(String, SourceStatus)];

/// A file a view draws from: the study first, then each compared file.
#[derive(Clone, Copy, Debug)]
pub struct File<'a> {
    /// The checked model.
    pub results: &'a Results,
    /// Its sources' statuses so far.
    pub statuses: &'a Statuses,
}

impl File<'_> {
    /// Whether any source in `names` hashed to something other than published.
    pub fn any_mismatched<'n>(&self, mut names: impl Iterator<Item = &'n str>) -> bool {
        names.any(|name| self.statuses.iter().any(|(n, s)| n == name && s.is_mismatch()))
    }
}

/// A charted view, as both renderers lay it out, in this order.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// The view it belongs to.
    pub view: View,
    /// The panel's classes ("panel explorer serving").
    pub class: String,
    /// Heading and controls share one row (`div.chart-head`), as the overview's chart does,
    /// in a `div` rather than a `section`.
    pub inline_head: bool,
    /// The `h2`.
    pub heading: String,
    /// Links to a related chart, under the heading.
    pub links: Vec<Link>,
    /// The controls, in order.
    pub controls: Vec<Control>,
    /// What is said before the key: definition, unit, notices.
    pub notes: Vec<Note>,
    /// With compared files, which line style is which file (`compare::file_key`).
    pub files: Vec<String>,
    /// The engine key.
    pub key: Option<Key>,
    /// The charts.
    pub figures: Vec<Figure>,
    /// What is said under the charts: marker notes, method texts.
    pub after: Vec<Note>,
    /// The tables.
    pub tables: Vec<TablePart>,
    /// What is said after the tables.
    pub tail: Vec<Note>,
    /// In an embed, the charts (or `table`) this panel shows; it is hidden for any other
    /// (`None`: it always shows, and its figures hide themselves).
    pub embed_shows: Option<Vec<ChartId>>,
}

impl Panel {
    /// An empty panel of `view` with its classes and heading.
    pub fn new(view: View, class: impl Into<String>, heading: impl Into<String>) -> Panel {
        Panel {
            view,
            class: class.into(),
            inline_head: false,
            heading: heading.into(),
            links: Vec::new(),
            controls: Vec::new(),
            notes: Vec::new(),
            files: Vec::new(),
            key: None,
            figures: Vec::new(),
            after: Vec::new(),
            tables: Vec::new(),
            tail: Vec::new(),
            embed_shows: None,
        }
    }

    /// The panel of a view whose block the file lacks: its heading and what the file says of
    /// the block ("Prefill: not in this file.").
    pub fn absent(view: View, heading: &str, results: &Results, block: Block) -> Panel {
        let summary = block_summary(results, block);
        let mut panel = Panel::new(view, "panel", heading);
        panel.notes.push(Note::Text("absent", format!("{}: {}.", summary.name, summary.status)));
        panel
    }

    /// Whether the panel shows nothing measured: no chart and no table (a block the file
    /// lacks).
    pub fn is_absent(&self) -> bool {
        self.figures.is_empty() && self.tables.is_empty()
    }

    /// Whether an embed showing `chart` hides this panel.
    pub fn hidden_in_embed(&self, chart: Option<ChartId>) -> bool {
        let shown = embedded_chart(chart, self.view);
        self.embed_shows.as_ref().is_some_and(|charts| !charts.contains(&shown))
    }
}

/// A link to another chart of the study, its words and where it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// What it says.
    pub words: String,
    /// Where it goes from the link shown.
    pub to: Goes,
}

/// Where a link goes, from whatever the link shows now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goes {
    /// Another view (`ViewState::on_view`).
    OnView(View),
    /// A chart of a view (`ViewState::showing`).
    Showing(View, Option<ChartId>),
}

impl Goes {
    /// The state it leads to from `state`.
    pub fn from(self, state: &ViewState) -> ViewState {
        match self {
            Goes::OnView(view) => state.on_view(view),
            Goes::Showing(view, chart) => state.showing(view, chart),
        }
    }
}

/// A line of words (or a table) in a panel.
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    /// `p.<class>`: the unit, a definition, how marks read, what is absent.
    Text(&'static str, String),
    /// `p.<class>`: words, then a link.
    Linked(&'static str, String, Link),
    /// `p.notice.<class>`: something refused or missing.
    Notice(&'static str, String),
    /// `p.method`: a labelled text ("Method: …").
    Method(String, String),
    /// A list of lines, `ul.<class>`.
    List(&'static str, Vec<String>),
    /// An `h3`.
    Subheading(String),
    /// `p.unit`: words, then a path as code.
    Path(String, String),
    /// A table among the words.
    Table(TablePart),
    /// Filled by a widget of the app's own (reactive state the model does not hold).
    Slot(Slot),
}

/// What the app fills in by a widget of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// The prices entered and the cost's boundary.
    PriceNotes,
    /// The per-request tables' fetch and check.
    RequestsStatus,
}

/// The engine key: a chip per engine, and which have nothing drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Key {
    /// The chips, in file order.
    pub chips: Vec<Chip>,
    /// Ids of engines with nothing drawn here.
    pub not_measured: Vec<String>,
    /// What is said beside them.
    pub absent: String,
}

/// A table and what its block needs: the sources behind it, its CSV's notes and name.
#[derive(Clone, Debug, PartialEq)]
pub struct TablePart {
    /// The table (`None`: said by `absent`, or nothing).
    pub table: Option<Table>,
    /// The sources behind it.
    pub sources: Vec<String>,
    /// Notes for the CSV's provenance line.
    pub notes: Vec<String>,
    /// The CSV's file name without extension.
    pub stem: String,
    /// A class beside `table-block`.
    pub class: &'static str,
    /// What is said where there is no table.
    pub absent: Option<&'static str>,
    /// Drawn a frame after the rest, so a large file's chart comes first.
    pub later: bool,
}

impl TablePart {
    /// A table with its sources and CSV name.
    pub fn new(table: Option<Table>, sources: Vec<String>, stem: String) -> TablePart {
        TablePart { table, sources, notes: Vec::new(), stem, class: "", absent: None, later: false }
    }
}

/// "Study title · hardware", what every export's title starts with.
pub fn study_line(results: &Results) -> String {
    match results.hardware() {
        Some(hardware) => format!("{} · {hardware}", results.title()),
        None => results.title().to_owned(),
    }
}

/// An export's file name without extension: `servescope-<view>-<part>-…` with the parts given.
pub fn stem(view: View, parts: &[String]) -> String {
    let mut stem = format!("servescope-{view}");
    for part in parts.iter().filter(|p| !p.is_empty()) {
        stem.push('-');
        stem.push_str(part);
    }
    stem
}
