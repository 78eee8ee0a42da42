//! The link's memos under a reactive owner: each follows its field, and what reads one field
//! does not re-run when another changes.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use reactive_graph::computed::Memo;
use reactive_graph::owner::Owner;
use reactive_graph::signal::RwSignal;
use reactive_graph::traits::{Get, GetUntracked, Set};

use super::Link;
use crate::core::link::{View, ViewState};
use crate::core::measures::metric::Metric;

/// The state a query string names (the link's own parser; these queries have no notices).
fn state(query: &str) -> ViewState {
    let (state, notices) = ViewState::parse(query);
    assert!(notices.is_empty(), "{query}: {notices:?}");
    state
}

/// A link over `query` with `landing` as the landing view, under a fresh owner.
fn link_over(query: &str, landing: View) -> (Owner, Link, RwSignal<View>) {
    let owner = Owner::new();
    owner.set();
    let landing = RwSignal::new(landing);
    let link = Link::new(RwSignal::new(state(query)), landing.into());
    (owner, link, landing)
}

/// A memo that counts its runs (what a chart or table reading one field does).
fn counting<T: Clone + PartialEq + Send + Sync + 'static>(read: impl Fn() -> T + Send + Sync + 'static) -> (Memo<T>, Arc<AtomicUsize>) {
    let runs = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&runs);
    let memo = Memo::new(move |_| {
        counted.fetch_add(1, Ordering::SeqCst);
        read()
    });
    (memo, runs)
}

#[test]
fn the_view_falls_back_to_the_landing_view_and_follows_it() {
    let (_owner, link, landing) = link_over("", View::Catalog);
    assert_eq!(link.view.get_untracked(), View::Catalog);
    landing.set(View::Overview);
    assert_eq!(link.view.get_untracked(), View::Overview, "the landing view changed after the manifest came");
    link.set(state("view=energy"));
    assert_eq!(link.view.get_untracked(), View::Energy, "a view the link names wins");
    landing.set(View::Catalog);
    assert_eq!(link.view.get_untracked(), View::Energy);
}

#[test]
fn a_link_naming_a_study_opens_its_overview() {
    let (_owner, link, _landing) = link_over("src=data/results.json", View::Catalog);
    assert_eq!(link.view.get_untracked(), View::Overview);
}

#[test]
fn a_reader_of_the_metric_reruns_on_the_metric_and_not_on_the_engines() {
    let (_owner, link, _landing) = link_over("view=serving&metric=ttft_p99_ms", View::Overview);
    let (metric, runs) = counting(move || link.metric.get());
    assert_eq!(metric.get_untracked(), Some(Metric::TtftP99Ms));
    assert_eq!(runs.load(Ordering::SeqCst), 1);

    link.set(state("view=serving&metric=ttft_p99_ms&engines=vllm"));
    assert_eq!(link.engines.get_untracked(), Some(vec!["vllm".to_owned()]));
    assert_eq!(metric.get_untracked(), Some(Metric::TtftP99Ms));
    assert_eq!(runs.load(Ordering::SeqCst), 1, "only the engines changed: what reads the metric stays");

    link.set(state("view=serving&metric=tpot_p50_ms&engines=vllm"));
    assert_eq!(metric.get_untracked(), Some(Metric::TpotP50Ms));
    assert_eq!(runs.load(Ordering::SeqCst), 2, "the metric changed: its reader runs again, once");
}

#[test]
fn a_reader_of_the_whole_state_reruns_on_any_field() {
    let (_owner, link, _landing) = link_over("view=serving", View::Overview);
    let (href, runs) = counting(move || link.whole().to_string());
    assert_eq!(href.get_untracked(), "view=serving");
    link.set(state("view=serving&engines=vllm"));
    assert_eq!(href.get_untracked(), "view=serving&engines=vllm");
    assert_eq!(runs.load(Ordering::SeqCst), 2);
}

#[test]
fn series_inputs_read_the_link() {
    let (_owner, link, _landing) = link_over("view=serving&metric=user_tok_s&engines=vllm,sglang&pct=both", View::Overview);
    let inputs = link.series_inputs();
    assert_eq!(inputs.metric, Some(Metric::UserTokS));
    assert_eq!(inputs.engines, Some(vec!["vllm".to_owned(), "sglang".to_owned()]));
    assert!(inputs.pct_both);
    assert_eq!(inputs, link.current().series_inputs(), "the memos and the state say the same");
}

#[test]
fn setting_an_equal_state_reruns_nothing() {
    let (_owner, link, _landing) = link_over("view=serving&metric=ttft_p99_ms", View::Overview);
    let (view, runs) = counting(move || link.view.get());
    assert_eq!(view.get_untracked(), View::Serving);
    link.set(state("metric=ttft_p99_ms&view=serving"));
    assert_eq!(view.get_untracked(), View::Serving);
    assert_eq!(runs.load(Ordering::SeqCst), 1);
}
