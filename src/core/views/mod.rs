//! What each view shows, built once in the core so the app and the pre-render render the
//! same fields: layout and boot rules, and the view models (the per-request views'
//! goodput and distributions; the serving explorer's words).

pub mod goodput;
mod layout;
pub mod requests;
pub mod serving;

pub use layout::{
    boot_waits, chart_css_height, embed_chart_height, is_dark, shows_tables, BootCollection, BootStudy, CHART_HEIGHT, PRERENDERED_VIEWS,
    SERVING_CHART_HEIGHT, TRADEOFF_CHART_HEIGHT,
};
pub use serving::overview_heading;
