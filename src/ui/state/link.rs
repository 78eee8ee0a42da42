//! The link's state, read field by field: one typed `ViewState` behind per-field memos,
//! so changing the metric re-runs only what reads the metric.

// reactive_graph (what leptos's signals are) rather than leptos itself, so the link's memos
// compile natively and are tested there.
use reactive_graph::computed::Memo;
use reactive_graph::signal::RwSignal;
use reactive_graph::traits::{Get, GetUntracked, Set, With};
use reactive_graph::wrappers::read::Signal;

use crate::core::link::{
    CatalogFilter, ChartId, EngineFilter, Latency, RequestsX, Scale, SeriesInputs, SourceRef, ThemeChoice, View, ViewState, WorkloadKey,
};
use crate::core::measures::cost::Prices;
use crate::core::measures::goodput::Slo;
use crate::core::measures::metric::Metric;

/// What the requests view reads of the link: the level, the latency, the latency axis and
/// what the second chart is against.
pub type RequestsLink = (Option<f64>, Option<Latency>, Option<Scale>, RequestsX);

/// Per-field selectors on the link (each a memo: it notifies only when its field changes).
#[derive(Clone, Copy)]
pub struct Link {
    state: RwSignal<ViewState>,
    /// The view shown (the landing view when the link names none).
    pub view: Memo<View>,
    /// The results file.
    pub src: Memo<Option<SourceRef>>,
    /// Compared files.
    pub compare: Memo<Vec<SourceRef>>,
    /// The collection manifest.
    pub index: Memo<Option<SourceRef>>,
    /// The local file a link was written from, when it names no study instead.
    pub local: Memo<Option<String>>,
    /// The workload.
    pub workload: Memo<Option<WorkloadKey>>,
    /// The metric named in the link.
    pub metric: Memo<Option<Metric>>,
    /// p50 and p99 together.
    pub pct_both: Memo<bool>,
    /// Engines shown.
    pub engines: Memo<Option<Vec<String>>>,
    /// The y scale.
    pub scale: Memo<Scale>,
    /// The ratio base.
    pub vs: Memo<Option<String>>,
    /// Service-level limits: TTFT p99 (ms), per-user tok/s.
    pub limits: Memo<(Option<f64>, Option<f64>)>,
    /// The reader's prices.
    pub prices: Memo<Prices>,
    /// Embedded.
    pub embed: Memo<bool>,
    /// The chart named.
    pub chart: Memo<Option<ChartId>>,
    /// The embed height.
    pub height: Memo<Option<u32>>,
    /// The theme named.
    pub theme: Memo<Option<ThemeChoice>>,
    /// The catalog's manifest and filters.
    pub catalog: Memo<CatalogFilter>,
    /// The concurrency a history follows.
    pub conc: Memo<Option<u32>>,
    /// The goodput objective and attainment target (`slo=`, `attain=`).
    pub slo: Memo<(Option<Slo>, Option<f64>)>,
    /// The requests view's level, latency and latency scale.
    pub requests: Memo<RequestsLink>,
}

impl Link {
    /// Selectors over the link state; `landing` is the view shown when the link names none.
    pub fn new(state: RwSignal<ViewState>, landing: Signal<View>) -> Self {
        Link {
            state,
            view: Memo::new(move |_| {
                let landing = landing.get();
                state.with(|s| s.view_or(landing))
            }),
            src: Memo::new(move |_| state.with(|s| s.src.clone())),
            compare: Memo::new(move |_| state.with(|s| s.compare.clone())),
            index: Memo::new(move |_| state.with(|s| s.index.clone())),
            local: Memo::new(move |_| state.with(|s| s.local_only().map(str::to_owned))),
            workload: Memo::new(move |_| state.with(|s| s.workload)),
            metric: Memo::new(move |_| state.with(|s| s.metric)),
            pct_both: Memo::new(move |_| state.with(|s| s.pct_both)),
            engines: Memo::new(move |_| state.with(|s| s.engines.clone())),
            scale: Memo::new(move |_| state.with(|s| s.scale)),
            vs: Memo::new(move |_| state.with(|s| s.vs.clone())),
            limits: Memo::new(move |_| state.with(|s| (s.slo_ttft_p99_ms, s.slo_user_tok_s))),
            prices: Memo::new(move |_| state.with(|s| s.prices)),
            embed: Memo::new(move |_| state.with(|s| s.embed)),
            chart: Memo::new(move |_| state.with(|s| s.chart)),
            height: Memo::new(move |_| state.with(|s| s.height)),
            theme: Memo::new(move |_| state.with(|s| s.theme)),
            catalog: Memo::new(move |_| state.with(ViewState::catalog_filter)),
            conc: Memo::new(move |_| state.with(|s| s.conc)),
            slo: Memo::new(move |_| state.with(|s| (s.slo, s.attain))),
            requests: Memo::new(move |_| state.with(|s| (s.level, s.latency, s.xscale, s.x))),
        }
    }

    /// What series, tables and tooltips read, tracked field by field (a metric change
    /// re-runs what reads the metric, not what reads only the engines).
    pub fn series_inputs(&self) -> SeriesInputs {
        let (slo_ttft_p99_ms, slo_user_tok_s) = self.limits.get();
        SeriesInputs {
            workload: self.workload.get(),
            metric: self.metric.get(),
            pct_both: self.pct_both.get(),
            engines: self.engines.get(),
            vs: self.vs.get(),
            prices: self.prices.get(),
            slo_ttft_p99_ms,
            slo_user_tok_s,
        }
    }

    /// The engines shown (tracked on `engines=` alone).
    pub fn engine_filter(&self) -> EngineFilter {
        EngineFilter { engines: self.engines.get() }
    }

    /// The whole state, untracked: the base of a change.
    pub fn current(&self) -> ViewState {
        self.state.get_untracked()
    }

    /// The whole state, tracked: for what really depends on every field (a link's href).
    pub fn whole(&self) -> ViewState {
        self.state.get()
    }

    /// Read the state without cloning it (tracked).
    pub fn with<T>(&self, f: impl FnOnce(&ViewState) -> T) -> T {
        self.state.with(f)
    }

    /// Set the state (the address bar is written by `history::navigate`, which calls this).
    pub(super) fn set(&self, next: ViewState) {
        self.state.set(next);
    }
}

#[cfg(test)]
#[path = "link_tests.rs"]
mod tests;
