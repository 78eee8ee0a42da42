//! The narrow parts of the link the core's builders read, rather than a whole `ViewState`
//! with the rest defaulted by each caller: `EngineFilter` (decode, prefill, KV cache),
//! `SeriesInputs` (serving, trade-off, energy, their tables, tooltips and captions) and
//! `CatalogFilter` (catalog, coverage). Views build them from the link's per-field memos,
//! so a builder that needs a field its inputs lack is a compile error, never a default that
//! silently wins. No `Default`: each caller names every field.

use super::state::ViewState;
use super::tokens::{SourceRef, WorkloadKey};
use crate::core::measures::cost::Prices;
use crate::core::measures::metric::Metric;

/// What series, tables, tooltips and captions read: the workload and metric shown, the
/// engines, the percentiles, the ratio, the prices and the service-level limits.
#[derive(Clone, Debug, PartialEq)]
pub struct SeriesInputs {
    /// `workload=`.
    pub workload: Option<WorkloadKey>,
    /// `metric=`.
    pub metric: Option<Metric>,
    /// `pct=both`.
    pub pct_both: bool,
    /// `engines=`; `None` = all.
    pub engines: Option<Vec<String>>,
    /// `vs=`.
    pub vs: Option<String>,
    /// The reader's prices.
    pub prices: Prices,
    /// `slo_ttft_p99_ms=`.
    pub slo_ttft_p99_ms: Option<f64>,
    /// `slo_user_tok_s=`.
    pub slo_user_tok_s: Option<f64>,
}

impl SeriesInputs {
    /// Whether engine `id` is shown.
    pub fn shows_engine(&self, id: &str) -> bool {
        engine_shown(self.engines.as_deref(), id)
    }

    /// Whether any service-level limit is set.
    pub fn has_limits(&self) -> bool {
        self.slo_ttft_p99_ms.is_some() || self.slo_user_tok_s.is_some()
    }

    /// The engines shown.
    pub fn engine_filter(&self) -> EngineFilter {
        EngineFilter { engines: self.engines.clone() }
    }
}

/// The engines shown (`engines=`): all the decode, prefill and KV-cache builders read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineFilter {
    /// `engines=`; `None` = all.
    pub engines: Option<Vec<String>>,
}

impl EngineFilter {
    /// Whether engine `id` is shown.
    pub fn shows_engine(&self, id: &str) -> bool {
        engine_shown(self.engines.as_deref(), id)
    }
}

/// The one `engines=` rule, whichever inputs carry it: none named shows all.
pub(super) fn engine_shown(engines: Option<&[String]>, id: &str) -> bool {
    engines.is_none_or(|ids| ids.iter().any(|i| i == id))
}

/// What the catalog and coverage read: the manifest and the filters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogFilter {
    /// `index=`.
    pub index: Option<SourceRef>,
    /// `q=`: free text.
    pub q: Option<String>,
    /// `model=`.
    pub model: Option<String>,
    /// `hardware=`.
    pub hardware: Option<String>,
    /// `engine=`: a label or an id.
    pub engine: Option<String>,
}

impl CatalogFilter {
    /// Whether any filter narrows the catalog (the manifest itself is not a filter).
    pub fn is_filtered(&self) -> bool {
        self.q.is_some() || self.model.is_some() || self.hardware.is_some() || self.engine.is_some()
    }
}

impl ViewState {
    /// The same link with every catalog filter cleared (`q`, `model`, `hardware`, `engine`).
    pub fn without_catalog_filters(mut self) -> ViewState {
        (self.q, self.model, self.hardware, self.engine) = (None, None, None, None);
        self
    }
}

impl ViewState {
    /// The fields series and tables read.
    pub fn series_inputs(&self) -> SeriesInputs {
        SeriesInputs {
            workload: self.workload,
            metric: self.metric,
            pct_both: self.pct_both,
            engines: self.engines.clone(),
            vs: self.vs.clone(),
            prices: self.prices,
            slo_ttft_p99_ms: self.slo_ttft_p99_ms,
            slo_user_tok_s: self.slo_user_tok_s,
        }
    }

    /// The engines shown.
    pub fn engine_filter(&self) -> EngineFilter {
        EngineFilter { engines: self.engines.clone() }
    }

    /// The catalog's filters.
    pub fn catalog_filter(&self) -> CatalogFilter {
        CatalogFilter {
            index: self.index.clone(),
            q: self.q.clone(),
            model: self.model.clone(),
            hardware: self.hardware.clone(),
            engine: self.engine.clone(),
        }
    }
}
