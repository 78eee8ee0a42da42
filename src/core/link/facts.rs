//! Per-view facts of the link contract, pure so they are tested natively: each view's
//! charts and default chart, its metrics and default metric, the sources behind what it
//! shows, and the state changes its controls make.

use super::inputs::SeriesInputs;
use super::state::ViewState;
use super::tokens::{ChartId, View, WorkloadKey};
use crate::core::measures::metric::Metric;
use crate::core::study::model::Results;

/// The charts (and table) a view draws, first the one `embed=1` shows by default.
pub fn charts_of(view: View) -> &'static [ChartId] {
    use ChartId as C;
    match view {
        View::Overview => &[C::Overview],
        View::Decode => &[C::Decode, C::Table],
        View::Serving => &[C::Serving, C::Table],
        View::Energy => &[C::Energy, C::Tradeoff, C::Table],
        View::Tradeoff => &[C::Tradeoff, C::Table],
        View::Accuracy => &[C::ServedKl, C::ServedScatter, C::WeightKl, C::WeightScatter, C::Table],
        View::Prefill => &[C::Prefill, C::Table],
        View::Cache => &[C::Cache, C::Table],
        View::History => &[C::History, C::Table],
        View::Goodput => &[C::Goodput, C::Attainment, C::GoodputTokens, C::Table],
        View::Requests => &[C::Cdf, C::Timeline],
        View::Provenance | View::Raw | View::Compare | View::Catalog | View::Coverage => &[C::Table],
    }
}

/// The chart a view shows first: what `embed=1` shows when `chart=` is absent.
pub fn default_chart(view: View) -> ChartId {
    charts_of(view).first().copied().unwrap_or(ChartId::Table)
}

/// The chart `embed=1` shows for this state.
pub fn embedded_chart(chart: Option<ChartId>, view: View) -> ChartId {
    chart.filter(|c| charts_of(view).contains(c)).unwrap_or(default_chart(view))
}

/// In the energy view, `chart=tradeoff` shows the energy trade-off (with or without
/// `embed`), as links written before the findings-first page did.
pub fn is_energy_tradeoff(chart: Option<ChartId>, view: View) -> bool {
    view == View::Energy && chart == Some(ChartId::Tradeoff)
}

/// The metrics a view's picker offers, in order.
pub fn metrics_of(view: View, priced: bool) -> Vec<Metric> {
    let mut metrics = match view {
        View::Energy => vec![Metric::TokSPerKw, Metric::PowerW, Metric::JPerToken],
        _ => Metric::serving(),
    };
    // The cost is offered where prices are given; by link it is reachable always.
    if priced {
        metrics.push(Metric::CostPerMtok);
    }
    metrics
}

/// The metric shown when the link names none (docs/links.md).
pub fn default_metric(view: View) -> Metric {
    match view {
        View::Energy => Metric::TokSPerKw,
        _ => Metric::OutTokS,
    }
}

/// The metric a view shows: the link's when the view draws it, else the view's default.
/// `short` and `cost_per_mtok` are reachable by link in either explorer.
pub fn metric_for(view: View, state: &SeriesInputs) -> Metric {
    let reachable = |m: &Metric| metrics_of(view, true).contains(m) || *m == Metric::Short;
    state.metric.filter(reachable).unwrap_or(default_metric(view))
}

/// The y metrics the trade-off view offers: throughput, efficiency and, with prices, cost.
pub fn tradeoff_metrics(priced: bool) -> Vec<Metric> {
    let mut metrics = vec![Metric::OutTokS, Metric::TokSPerKw];
    if priced {
        metrics.push(Metric::CostPerMtok);
    }
    metrics
}

/// The trade-off's y metric: the energy trade-off's tokens per kW (or a cost), else the
/// link's metric when the trade-off offers it (goodput too, which the view draws from the
/// requests of a study that has them, and otherwise replaces by the default, saying so),
/// else output tok/s per GPU.
pub fn tradeoff_metric(view: View, state: &SeriesInputs) -> Metric {
    let default = if view == View::Energy { Metric::TokSPerKw } else { Metric::OutTokS };
    let offered = |m: &Metric| tradeoff_metrics(true).contains(m) || (view == View::Tradeoff && *m == Metric::GoodTokS);
    state.metric.filter(|m| offered(m) && (view != View::Energy || *m != Metric::OutTokS)).unwrap_or(default)
}

/// The metric `view` (showing `chart`) draws for these inputs, for the views whose chart a
/// metric chooses; `None` for the others, which leave the link's metric to the views that do.
pub(super) fn shown_metric(view: View, chart: Option<ChartId>, state: &SeriesInputs) -> Option<Metric> {
    match view {
        View::Tradeoff => Some(tradeoff_metric(view, state)),
        View::Energy if is_energy_tradeoff(chart, view) => Some(tradeoff_metric(view, state)),
        View::Serving | View::Energy | View::Compare | View::History => Some(metric_for(view, state)),
        _ => None,
    }
}

/// The options of a view's metric picker: its metrics, and the one shown when the link
/// reached it without the picker offering it (so the picker never names another metric).
pub fn metric_options(view: View, state: &SeriesInputs) -> Vec<Metric> {
    let mut options = metrics_of(view, state.prices.any());
    let shown = metric_for(view, state);
    if !options.contains(&shown) {
        options.push(shown);
    }
    options
}

/// The sources behind what a view shows, in file order, without repeats.
pub fn sources_behind(results: &Results, state: &SeriesInputs, view: View) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut add = |name: &str| {
        if !names.iter().any(|n| n == name) {
            names.push(name.to_owned());
        }
    };
    match view {
        View::Decode => results
            .decode()
            .into_iter()
            .flat_map(|d| &d.rows)
            .filter(|r| state.shows_engine(&r.id))
            .flat_map(|r| &r.sources)
            .for_each(|s| add(s)),
        // The goodput and the requests come from the engines' per-request tables, checked
        // against the cells' sweeps.
        View::Goodput | View::Requests => {
            if let Some(w) = super::chosen_workload(results, state.workload) {
                for row in w.rows.iter().filter(|r| state.shows_engine(&r.id)) {
                    if let Some(table) = results.serving().and_then(|s| s.requests_of(&row.id)) {
                        add(&table.file);
                    }
                    row.cells.iter().flatten().filter(|c| c.requests.is_some()).filter_map(|c| c.source.as_deref()).for_each(&mut add);
                }
            }
        }
        View::Overview | View::Serving | View::Energy | View::Tradeoff | View::Compare | View::History => {
            if let Some(w) = super::chosen_workload(results, state.workload) {
                w.rows
                    .iter()
                    .filter(|r| state.shows_engine(&r.id))
                    .flat_map(|r| r.cells.iter().flatten())
                    .filter_map(|c| c.source.as_deref())
                    .for_each(&mut add);
            }
        }
        View::Prefill => results
            .prefill()
            .iter()
            .flat_map(|p| &p.rows)
            .filter(|r| state.shows_engine(&r.id))
            .filter_map(|r| r.source.as_deref())
            .for_each(&mut add),
        View::Cache => results
            .cache()
            .iter()
            .flat_map(|c| &c.rows)
            .filter(|r| state.shows_engine(&r.id))
            .filter_map(|r| r.source.as_deref())
            .for_each(&mut add),
        View::Accuracy => {
            results.accuracy().into_iter().flat_map(|a| &a.rows).filter_map(|r| r.source.as_deref()).for_each(&mut add);
            results.weight_accuracy().into_iter().filter_map(|w| w.source.as_deref()).for_each(&mut add);
        }
        View::Provenance | View::Raw | View::Catalog | View::Coverage => results.sources().iter().for_each(|s| add(s.name())),
    }
    names
}

/// The settings a view is shown with, in one sentence: what a printout says in place of
/// the controls it hides.
pub fn settings_sentence(results: &Results, state: &ViewState, view: View) -> String {
    let mut parts = vec![format!("view {view}")];
    if let Some(w) = super::chosen_workload(results, state.workload)
        .filter(|_| !matches!(view, View::Accuracy | View::Prefill | View::Cache | View::Decode))
    {
        parts.push(format!("workload {}", w.name()));
    }
    if matches!(view, View::Serving | View::Energy) {
        parts.push(format!("metric {}", metric_for(view, &state.series_inputs()).title_in(results.throughput_per())));
    }
    if let Some(ids) = &state.engines {
        let labels: Vec<&str> = ids.iter().filter_map(|id| results.engine(id).map(|e| e.label.as_str())).collect();
        parts.push(format!("engines {}", labels.join(", ")));
    }
    if let Some(vs) = state.vs.as_ref().and_then(|id| results.engine(id)) {
        parts.push(format!("values as ratios to {}", vs.label));
    }
    if state.pct_both {
        parts.push("p50 solid, p99 dashed".into());
    }
    if let Some(v) = state.slo_ttft_p99_ms {
        parts.push(format!("limit TTFT p99 ≤ {v} ms"));
    }
    if let Some(v) = state.slo_user_tok_s {
        parts.push(format!("limit per-user tok/s ≥ {v}"));
    }
    if state.prices.any() {
        parts.push(format!("prices {}", state.prices.describe()));
    }
    if state.scale == super::tokens::Scale::Log {
        parts.push("log scale".into());
    }
    format!("Settings: {}.", parts.join(" · "))
}

impl ViewState {
    /// This state with `src` written out (a copied link always names its file and view).
    pub fn for_sharing(&self, src: &str, view: View) -> ViewState {
        let mut state = self.clone();
        if state.src.is_none() {
            state.src = src.parse().ok();
        }
        state.view = Some(view);
        state
    }

    /// This state with one engine shown or hidden; the shown engines keep file order, and
    /// showing every engine writes no filter at all.
    pub fn toggled_engine(&self, all: &[String], id: &str) -> ViewState {
        let mut next = self.clone();
        let shown = self.shows_engine(id);
        // Filtering `all` keeps file order without a sort (each sort is a few KB of wasm).
        let ids: Vec<String> = all.iter().filter(|e| if *e == id { !shown } else { self.shows_engine(e) }).cloned().collect();
        next.engines = if ids.len() == all.len() { None } else { Some(ids) };
        next
    }

    /// This state on another view; `chart` belongs to the view it was set in.
    pub fn on_view(&self, view: View) -> ViewState {
        self.showing(view, None)
    }

    /// This state showing `chart` of `view` (its first with `None`); a metric that chart
    /// draws another in place of leaves the link, which names what is shown.
    pub fn showing(&self, view: View, chart: Option<ChartId>) -> ViewState {
        let mut next = self.clone();
        next.view = Some(view);
        next.chart = chart;
        if next.metric_drawn_instead().is_some() {
            next.metric = None;
        }
        next
    }

    /// The metric this state's view and chart draw in place of the link's `metric`, when
    /// they draw another (`None` when they draw it, or no metric at all).
    pub(super) fn metric_drawn_instead(&self) -> Option<Metric> {
        let metric = self.metric?;
        shown_metric(self.view_or(View::Overview), self.chart, &self.series_inputs()).filter(|&m| m != metric)
    }

    /// This state on another workload.
    pub fn on_workload(&self, workload: WorkloadKey) -> ViewState {
        let mut next = self.clone();
        next.workload = Some(workload);
        next
    }
}

/// Why a view's tab leads to nothing of this file — "Decode: not in this file" — for the
/// views that show one block (decode, prefill, KV cache, accuracy, serving-based views);
/// `None` when the view has something to show. Both renderers mark such a tab (QA pass 4,
/// F16: 5 of 14 tabs led to "not in this file" unmarked).
pub fn tab_lacks(results: &Results, view: View) -> Option<String> {
    use crate::core::study::contents::{block_summary, Block, BlockSummary};
    let blocks: &[Block] = match view {
        View::Decode => &[Block::Decode],
        View::Prefill => &[Block::Prefill],
        View::Cache => &[Block::Cache],
        View::Accuracy => &[Block::Accuracy, Block::WeightAccuracy],
        View::Serving | View::Tradeoff | View::Energy => &[Block::Serving],
        _ => return None,
    };
    let summaries: Vec<BlockSummary> = blocks.iter().map(|b| block_summary(results, *b)).collect();
    (!summaries.iter().any(|b| b.present)).then(|| format!("{}: {}", summaries[0].name, summaries[0].status))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tab_says_what_its_view_lacks() {
        let text = br#"{"title":"t","date":"d","concurrency":[1],"engines":[],"sources":[],"decode":{"rows":[]}}"#;
        let r = crate::core::study::validate::parse_results(text).results.expect("valid");
        assert_eq!(tab_lacks(&r, View::Decode).as_deref(), Some("Decode: no measurements in this file"));
        assert_eq!(tab_lacks(&r, View::Prefill).as_deref(), Some("Prefill: not in this file"));
        assert_eq!(tab_lacks(&r, View::Accuracy).as_deref(), Some("Served accuracy: not in this file"));
        assert_eq!(tab_lacks(&r, View::Overview), None);
        assert_eq!(tab_lacks(&r, View::Provenance), None);
    }
}
