//! Series building: from the model to what a chart draws. A null stays a gap here; it is
//! never turned into a zero, and never silently dropped (it is listed in `gaps`).

mod accuracy;
mod bars;
mod concurrency;
mod describe;
mod tradeoff;

pub use accuracy::{
    accuracy_style, accuracy_styles, is_control, served_kl_rows, served_label, served_scatter, weight_kl_rows, weight_scatter, DotRow,
    ScatterPoint, CONTROL_ID,
};
pub use bars::{cache_bars, prefill_bars, BarGroup, Bars};
pub use concurrency::{
    cell_at, concurrency_ticks, decode_series, in_seconds, load_ticks, reads_in_seconds, serving_series, usable_scale, Series,
    ServingSeries,
};
pub use describe::{decode_coverage, describe_lines, serving_coverage, Coverage};
pub use tradeoff::{
    best_within_limits, best_within_limits_by, frontier_stretches, level_label, meets_limits, pareto_frontier, tradeoff_lines,
    tradeoff_lines_by, without_line, FrontierPoint, LimitResult, TradeoffLine, TradeoffPoint, YOf,
};
