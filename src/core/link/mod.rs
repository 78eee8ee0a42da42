//! The link contract (docs/links.md): every piece of view state lives in the query string, so
//! any view can be shared, bookmarked and restored.
//!
//! One type, `ViewState`, parses and prints every parameter; `tokens` holds the typed
//! values, `facts` the per-view facts (charts, metrics, sources behind a view), `workload`
//! which workload a link names, `inputs` the narrow parts of the link each builder reads.

mod facts;
mod inputs;
mod state;
mod tokens;
mod values;
mod workload;

pub use facts::{
    charts_of, default_chart, default_metric, embedded_chart, is_energy_tradeoff, metric_for, metric_options, metrics_of,
    settings_sentence, sources_behind, tab_lacks, tradeoff_metric, tradeoff_metrics,
};
pub use inputs::{CatalogFilter, EngineFilter, SeriesInputs};
pub use state::{encode_component, positive_number, ParamNotice, ViewState, MAX_COMPARED};
pub use tokens::{ChartId, Latency, ParseError, RequestsX, Scale, SourceRef, ThemeChoice, View, WorkloadKey};
pub use workload::{chosen_workload, find_by_key, relative_options, workload_key, workload_options};
