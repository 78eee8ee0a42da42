//! A view's figures: what each chart plots, its height, its export words, and the tooltip
//! of each mark — one function per plot kind, so the app and the pre-render's marks say
//! the same words.

use crate::core::display::series::{Bars, DotRow, FrontierPoint, ScatterPoint, Series, TradeoffLine};
use crate::core::display::tooltip::{bar_tip, decode_tip, dot_tip, scatter_tip, serving_tip, tradeoff_tip, Tooltip};
use crate::core::link::{find_by_key, ChartId, Scale, WorkloadKey};
use crate::core::measures::metric::Metric;
use crate::core::study::model::LoadAxis;

use super::panel::File;

/// A chart's CSS height.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Height {
    /// This on a laptop, fitted to the screen (`chart_css_height`).
    Fitted(u32),
    /// This wherever it is shown (a dot chart's rows).
    Fixed(u32),
}

/// The words of a chart's export besides its legend and footer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportWords {
    /// The title line.
    pub title: String,
    /// Notes under it.
    pub notes: Vec<String>,
    /// The file name without extension.
    pub stem: String,
    /// The footer names every compared file too.
    pub compared: bool,
}

/// One chart: what it draws, its words and size.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// Its name (`chart=`, `data-chart`).
    pub id: ChartId,
    /// What it draws.
    pub plot: Plot,
    /// The text alternative.
    pub summary: String,
    /// Its height.
    pub height: Height,
    /// Its export's words.
    pub export: ExportWords,
}

/// What a chart draws, with what its tooltips read.
#[derive(Clone, Debug, PartialEq)]
pub enum Plot {
    /// Lines against load (serving, energy, overview, decode).
    Lines(Lines),
    /// Per-user speed against a throughput, with the frontier.
    Tradeoff(Tradeoff),
    /// A measurement per engine as bars.
    Bars {
        /// The y axis title.
        y_title: String,
        /// The bars.
        bars: Bars,
    },
    /// A KL per row with its interval.
    Dots {
        /// The x axis title.
        x_title: String,
        /// The rows.
        rows: Vec<DotRow>,
        /// Linear or log.
        scale: Scale,
    },
    /// Each engine's latency distribution at one load, its published p50 and p99 on it.
    Cdf(super::requests::CdfPlot),
    /// Each engine's requests: their latency against when they were sent, their turn or
    /// their input length.
    Timeline(super::requests::TimelinePlot),
    /// KL against another measure, a point per row.
    Scatter {
        /// The x axis title.
        x_title: String,
        /// The y axis title (also the tooltip's).
        y_title: String,
        /// The points.
        points: Vec<ScatterPoint>,
    },
}

/// Lines against load levels.
#[derive(Clone, Debug, PartialEq)]
pub struct Lines {
    /// The y axis title.
    pub y_title: String,
    /// What the x axis is.
    pub load: LoadAxis,
    /// The levels on the x axis.
    pub ticks: Vec<f64>,
    /// The lines (the compared files' included).
    pub series: Vec<Series>,
    /// Linear or log, as the link asks.
    pub scale: Scale,
    /// Latencies read in seconds.
    pub seconds: bool,
    /// A level drawn across the chart and its label (the attainment target).
    pub reference: Option<(f64, String)>,
    /// What a point's tooltip reads.
    pub tips: LineTips,
}

/// What a line chart's tooltips read.
#[derive(Clone, Debug, PartialEq)]
pub enum LineTips {
    /// A serving cell of this workload, in the line's own file.
    Serving {
        /// The workload shown.
        workload: WorkloadKey,
        /// The link's inputs the tooltip reads (ratios, prices).
        inputs: crate::core::link::SeriesInputs,
    },
    /// A decode row.
    Decode,
    /// Written when the figure was built, by line and level (the goodput charts', from the
    /// requests counted, which no file holds).
    Given(Vec<Vec<Option<Tooltip>>>),
}

/// The trade-off chart's inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct Tradeoff {
    /// The y axis title.
    pub y_title: String,
    /// A line per engine.
    pub lines: Vec<TradeoffLine>,
    /// The frontier.
    pub frontier: Vec<FrontierPoint>,
    /// The per-user limit, drawn as a fail region.
    pub x_limit: Option<f64>,
    /// The workload shown.
    pub workload: WorkloadKey,
    /// The y metric.
    pub metric: Metric,
    /// The link's inputs the tooltip reads.
    pub inputs: crate::core::link::SeriesInputs,
}

impl Figure {
    /// The tooltip of the mark at `(group, item)`: the words the app shows for that point
    /// and the pre-render writes beside it. `files`: the study first, then compared files.
    pub fn tip(&self, group: usize, item: usize, files: &[File<'_>]) -> Option<Tooltip> {
        self.plot.tip(group, item, files)
    }
}

impl Plot {
    /// The tooltip of the mark at `(group, item)`, whatever the plot's kind.
    pub fn tip(&self, group: usize, item: usize, files: &[File<'_>]) -> Option<Tooltip> {
        match self {
            Plot::Lines(lines) => lines.tip(group, item, files),
            Plot::Tradeoff(t) => t.tip(group, item, files),
            Plot::Bars { bars, .. } => bar_tip(bars, group, item),
            Plot::Dots { rows, .. } => rows.get(group).map(dot_tip),
            Plot::Scatter { points, y_title, .. } => points.get(group).map(|p| scatter_tip(p, y_title)),
            Plot::Cdf(cdf) => super::requests::cdf_tip(cdf, group, item as u32),
            Plot::Timeline(timeline) => super::requests::timeline_tip(timeline, group, item as u32),
        }
    }
}

impl Lines {
    /// The tooltip of the point `item` of line `group`, read in the line's own file.
    pub fn tip(&self, group: usize, item: usize, files: &[File<'_>]) -> Option<Tooltip> {
        if let LineTips::Given(tips) = &self.tips {
            return tips.get(group)?.get(item)?.clone();
        }
        let line = self.series.get(group)?;
        let file = files.get(line.file)?;
        let level = *self.ticks.get(item)?;
        match &self.tips {
            LineTips::Serving { workload, inputs } => {
                let w = find_by_key(&file.results.serving()?.workloads, *workload)?;
                serving_tip(w, line, level, inputs, file.statuses, self.seconds)
            }
            LineTips::Decode => decode_tip(file.results, line, level, file.statuses),
            LineTips::Given(_) => None,
        }
    }
}

impl Tradeoff {
    /// The tooltip of the point `item` of line `group`.
    pub fn tip(&self, group: usize, item: usize, files: &[File<'_>]) -> Option<Tooltip> {
        let w = find_by_key(&files.first()?.results.serving()?.workloads, self.workload)?;
        tradeoff_tip(w, self.lines.get(group)?, item, self.metric, &self.inputs)
    }
}
