//! How views are laid out and when the page boots, the same for the app and the
//! pre-render: each chart's height (written once here; the stylesheet's pre-rendered
//! heights mirror it, `tests/structure.rs` checks), the theme, the views written for deep
//! links, when the app takes over, and when tables show.

use crate::core::link::{embedded_chart, ChartId, ThemeChoice, View};

/// The base height, CSS px on a laptop, of the overview's, the bar charts', the history's
/// and the per-request views' charts — and of an embed (`height=`'s default, the snippet's).
pub const CHART_HEIGHT: u32 = 380;
/// The base height of the serving and energy explorers' and the decode view's charts.
pub const SERVING_CHART_HEIGHT: u32 = 440;
/// The base height of the trade-off's chart.
pub const TRADEOFF_CHART_HEIGHT: u32 = 460;

/// The CSS height of an embedded chart: the embed's `height=` (`CHART_HEIGHT` by default,
/// the snippet's) less what its caption and key take, never under 160 px.
pub fn embed_chart_height(height: Option<u32>) -> u32 {
    height.unwrap_or(CHART_HEIGHT).saturating_sub(110).max(160)
}

/// A chart's CSS height in a viewport of `(width, height)` CSS px: `base` on a laptop, never
/// more than 60 % of the height (a phone in landscape), and on a phone-width screen (600 px
/// or less) about a third of it, so the controls, the key and the chart share the first
/// screen; at least 240.
pub fn chart_css_height(base: u32, viewport: (f64, f64)) -> u32 {
    let (width, height) = viewport;
    let share = if width <= 600.0 { 0.36 } else { 0.6 };
    base.min((height * share) as u32).max(240)
}

/// Whether the page is dark: paper is light whatever the screen shows; else the link's
/// `theme=`, else the system's scheme.
pub fn is_dark(theme: Option<ThemeChoice>, system_dark: bool, printing: bool) -> bool {
    !printing
        && match theme {
            Some(choice) => choice == ThemeChoice::Dark,
            None => system_dark,
        }
}

/// What the page knows of the collection while it boots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BootCollection {
    /// Its manifest is on its way.
    Loading,
    /// It could not be had.
    Failed,
    /// Read, with this many studies.
    Ready(usize),
}

/// What the page knows of the study it opens while it boots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BootStudy {
    /// None named yet (the collection will say which).
    Idle,
    /// On its way.
    Loading,
    /// Shown; whether it has a serving workload (the overview's chart).
    Ready {
        /// It has serving workloads.
        serving: bool,
    },
    /// Failed or invalid: shown as an error.
    Failed,
}

/// The views besides the landing one that the build writes for a deep link (the bundled
/// study's, with its default workload and metric): the link most shared after the landing.
pub const PRERENDERED_VIEWS: [View; 4] = [View::Serving, View::Tradeoff, View::Energy, View::Decode];

/// Whether the app, drawing hidden behind the pre-rendered view, still waits before it takes
/// over: a collection view waits for its manifest, a study's overview or pre-rendered deep
/// view for its first chart (drawn by the chart itself), anything else only until it knows
/// what to show.
pub fn boot_waits(view: View, collection: BootCollection, study: BootStudy) -> bool {
    if view.is_collection() {
        return collection == BootCollection::Loading;
    }
    match study {
        BootStudy::Idle => match collection {
            BootCollection::Loading => true,
            BootCollection::Failed => false,
            BootCollection::Ready(studies) => studies > 0,
        },
        BootStudy::Loading => true,
        BootStudy::Ready { serving } => (view == View::Overview || PRERENDERED_VIEWS.contains(&view)) && serving,
        BootStudy::Failed => false,
    }
}

/// Whether a view's tables show: always on the page; in an embed only when the chart it
/// shows is the table (`chart=table`, or a view whose only chart is its table).
pub fn shows_tables(embed: bool, chart: Option<ChartId>, view: View) -> bool {
    !embed || embedded_chart(chart, view) == ChartId::Table
}
