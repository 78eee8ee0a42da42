//! What each view shows, built once in the core so the app and the pre-render render the
//! same fields: each view's model (`explorer` for serving, energy and the overview's chart;
//! `tradeoff`, `decode`, `bars` for prefill and KV cache, `accuracy`, `provenance`, and the
//! per-request views' `goodput` and `requests`), the parts they are made of (`panel`), and
//! the layout and boot rules both renderers follow (`layout`).

pub mod accuracy;
pub mod bars;
pub mod controls;
pub mod decode;
pub mod explorer;
pub mod figure;
pub mod goodput;
mod layout;
pub mod panel;
pub mod provenance;
pub mod requests;
pub mod tradeoff;

pub use explorer::overview_heading;
pub use layout::{
    boot_waits, chart_css_height, embed_chart_height, height_class, height_rules, is_dark, shows_tables, BootCollection, BootStudy,
    CHART_HEIGHT, PRERENDERED_VIEWS, SERVING_CHART_HEIGHT, TRADEOFF_CHART_HEIGHT,
};
