//! How views are laid out and when the page boots, the same for the app and the
//! pre-render: each chart's height and how it fits the screen (written once here: the
//! app sizes its canvas by `chart_css_height`, and the pre-rendered page's boxes by the
//! rules `height_rules` writes from the same numbers), the theme, the views written for
//! deep links, when the app takes over, and when tables show.

use super::panel::Height;
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

/// The widest screen, CSS px, laid out as a phone's.
const PHONE_WIDTH: u32 = 600;
/// The share of the screen's height a chart may take: on a laptop (`.0`) and on a phone (`.1`).
const HEIGHT_SHARE: (u32, u32) = (60, 36);
/// No chart is drawn shorter than this, CSS px.
const MIN_CHART_HEIGHT: u32 = 240;

/// A chart's CSS height in a viewport of `(width, height)` CSS px: `base` on a laptop, never
/// more than 60 % of the height (a phone in landscape), and on a phone-width screen
/// (`PHONE_WIDTH` or less) about a third of it, so the controls, the key and the chart share
/// the first screen; at least 240.
pub fn chart_css_height(base: u32, viewport: (f64, f64)) -> u32 {
    let (width, height) = viewport;
    let share = if width <= f64::from(PHONE_WIDTH) { HEIGHT_SHARE.1 } else { HEIGHT_SHARE.0 };
    base.min((height * f64::from(share) / 100.0) as u32).max(MIN_CHART_HEIGHT)
}

/// The class of a pre-rendered chart box of `height` ("fit-440", "fixed-332").
pub fn height_class(height: Height) -> String {
    match height {
        Height::Fitted(base) => format!("fit-{base}"),
        Height::Fixed(px) => format!("fixed-{px}"),
    }
}

/// The stylesheet rules that size pre-rendered chart boxes of these heights as the app sizes
/// its canvas (`chart_css_height`): the small viewport height where the browser knows it,
/// rounded down to a whole pixel as the app's integer height is.
pub fn height_rules(heights: &[Height]) -> String {
    let fitted = |base: u32, share: u32| {
        format!("height: clamp({MIN_CHART_HEIGHT}px, {share}vh, {base}px); height: clamp({MIN_CHART_HEIGHT}px, round(down, {share}svh, 1px), {base}px);")
    };
    let mut wide = String::new();
    let mut phone = String::new();
    for &height in heights {
        let selector = format!(".chart.prerendered.{}", height_class(height));
        match height {
            Height::Fitted(base) => {
                wide.push_str(&format!("{selector} {{ {} }}\n", fitted(base, HEIGHT_SHARE.0)));
                phone.push_str(&format!("  {selector} {{ {} }}\n", fitted(base, HEIGHT_SHARE.1)));
            }
            Height::Fixed(px) => wide.push_str(&format!("{selector} {{ height: {px}px; }}\n")),
        }
    }
    if phone.is_empty() {
        return wide;
    }
    format!("{wide}@media (max-width: {PHONE_WIDTH}px) {{\n{phone}}}\n")
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

/// The views besides the landing one that the build writes for a deep link (a single
/// study's, with its default workload and metric), each from its view model; the overview is
/// the landing view itself.
pub const PRERENDERED_VIEWS: [View; 10] = [
    View::Serving,
    View::Tradeoff,
    View::Energy,
    View::Decode,
    View::Prefill,
    View::Cache,
    View::Accuracy,
    View::Provenance,
    View::Goodput,
    View::Requests,
];

/// Whether the app, drawing hidden behind the pre-rendered view, still waits before it takes
/// over: a collection view waits for its manifest; a study's overview (when it has a chart)
/// or a pre-rendered deep view until it is drawn — by its first chart, or, for a view
/// without one, by the view itself once mounted; anything else only until it knows what to
/// show.
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
        BootStudy::Ready { serving } => (view == View::Overview && serving) || PRERENDERED_VIEWS.contains(&view),
        BootStudy::Failed => false,
    }
}

/// Whether a view's tables show: always on the page; in an embed only when the chart it
/// shows is the table (`chart=table`, or a view whose only chart is its table).
pub fn shows_tables(embed: bool, chart: Option<ChartId>, view: View) -> bool {
    !embed || embedded_chart(chart, view) == ChartId::Table
}
