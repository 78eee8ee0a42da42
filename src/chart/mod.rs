//! Chart drawing, written once for every plotters `DrawingBackend`: the canvas in the
//! browser, SVG in native tests, exports and the pre-rendered page. Nothing here knows the
//! DOM.
//!
//! Coordinate spaces are named: the x axis of a concurrency chart is `log2(concurrency)`
//! (`axis::x_from_conc`), a value axis is the value or its `log10` (`axis::coord_from_value`);
//! what was drawn where is returned in backend pixels (`geometry::Mark`), and drawing in
//! pixels goes through `geometry::Pen`. Legends are drawn in the DOM on the page and by
//! `frame` in exports, never with plotters' series labels (those measure text by inserting
//! DOM spans).

pub mod axis;
pub mod bars;
pub mod cdf;
pub mod concurrency;
pub mod dot;
pub mod frame;
pub mod geometry;
pub mod history;
pub mod plot;
pub mod plots;
pub mod scatter;
pub mod style;
pub mod timeline;
pub mod tradeoff;

pub use axis::{tick_label, usable_scale, x_from_conc, LoadScale};
pub use bars::{draw_bars, BarChart, BarsGeometry};
pub use cdf::{draw_cdf, CdfChart, CdfGeometry, CdfLine};
pub use concurrency::{dash_of, draw_concurrency_chart, series_legend, ChartGeometry, ConcurrencyChart, GapMark, PlottedPoint};
pub use dot::{draw_dot_chart, DotChart, DotGeometry};
pub use frame::{draw_framed, Frame, LegendItem};
pub use geometry::{marks_attribute, nearest, step, steps, Mark, Step, HIT_RADIUS_PX};
pub use history::{draw_history, line_dash, line_marker, HistoryChart};
pub use plots::{draw_plot, plot_legend, Drawn, FRONTIER_LEGEND};
pub use scatter::{draw_scatter, ScatterChart};
pub use style::{Theme, DARK, LIGHT};
pub use timeline::{draw_timeline, TimelineChart, TimelineLine};
pub use tradeoff::{draw_tradeoff_chart, TradeoffChart, TradeoffGeometry, TradeoffMark};
