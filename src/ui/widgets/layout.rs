//! Sizes that follow the screen and the link: a chart's height (fits a phone's screen in
//! landscape; `height=` when embedded), and the state a view's series are built from.

use leptos::prelude::*;

use crate::core::link::ViewState;
use crate::ui::state::PageState;

/// A chart's CSS height: 440 px on a laptop, never more than 60 % of the window's height
/// (a phone in landscape), at least 240; when embedded, `height=` (default 380) less the
/// caption's room.
pub fn chart_height(page: PageState, base: u32) -> Signal<u32> {
    let window_height = window().inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(800.0);
    let fitted = base.min((window_height * 0.6) as u32).max(240);
    Signal::derive(move || if page.link.embed.get() { page.link.height.get().unwrap_or(380).saturating_sub(110).max(160) } else { fitted })
}

/// The link fields that shape series and tables (not the scale, limits or view), tracked
/// field by field: what a metric's lines are built from.
pub fn series_state(page: PageState) -> ViewState {
    ViewState {
        workload: page.link.workload.get(),
        metric: page.link.metric.get(),
        pct_both: page.link.pct_both.get(),
        engines: page.link.engines.get(),
        vs: page.link.vs.get(),
        prices: page.link.prices.get(),
        ..ViewState::default()
    }
}
