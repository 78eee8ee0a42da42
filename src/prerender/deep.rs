//! Views a shared link names, written at build time like the landing view: each of
//! `PRERENDERED_VIEWS` the study has, with its default workload and metric — rendered from
//! the same view model the app renders (`core::views`), in the app's own markup, charts as
//! SVG — each written to a file of its own beside `index.html`.
//! The page's head script fetches it only for a link that names exactly that view, so the
//! landing page carries none of its bytes.

use super::html::Html;
use super::{page, panels_html, Before};
use crate::core::link::{View, ViewState};
use crate::core::measures::requests::RequestTable;
use crate::core::study::model::Results;
use crate::core::views::accuracy::accuracy;
use crate::core::views::bars::bars_view;
use crate::core::views::decode::decode;
use crate::core::views::explorer::{explorer, ServingInputs};
use crate::core::views::goodput::{goodput_panel, GoodputInputs};
use crate::core::views::panel::{File, Height, Panel};
use crate::core::views::provenance::provenance;
use crate::core::views::requests::{requests_panels, RequestsInputs};
use crate::core::views::tradeoff::{tradeoff, TradeoffInputs};
use crate::core::views::{boot_waits, BootCollection, BootStudy, PRERENDERED_VIEWS};

/// One view written for a deep link.
#[derive(Clone, Debug, PartialEq)]
pub struct DeepView {
    /// The view it shows.
    pub view: View,
    /// The page as the app first draws it: a `div.page#prerender`.
    pub body: String,
    /// Points its first chart drew.
    pub points: usize,
    /// Points not measured (gaps).
    pub gaps: usize,
    /// The heights of its charts.
    pub heights: Vec<Height>,
}

/// Every view a deep link may find pre-rendered for `results` opened from `src`: each of
/// `PRERENDERED_VIEWS` the study can show and whose take-over the app waits for.
pub fn deep_views(results: &Results, src: &str, before: Before<'_>) -> Vec<DeepView> {
    PRERENDERED_VIEWS.iter().filter_map(|&view| deep_view(results, src, view, before)).collect()
}

/// The panels `view` shows for the default link, from the view models the app renders.
fn panels(view: View, state: &ViewState, files: &[File<'_>], tables: Option<&[(String, RequestTable)]>) -> Option<Vec<Panel>> {
    let results = files.first()?.results;
    let series = state.series_inputs();
    let panels = match view {
        View::Serving | View::Energy => vec![explorer(view, files, &ServingInputs { series, scale: state.scale })],
        View::Tradeoff => vec![tradeoff(results, &TradeoffInputs { view, series: &series, goodput: None })],
        View::Decode => vec![decode(files, &series, state.scale)],
        View::Prefill | View::Cache => vec![bars_view(results, view, &state.engine_filter())],
        View::Accuracy => accuracy(results, state.scale).into(),
        // From the tables read at build time: without them, not written.
        View::Goodput => vec![goodput_panel(results, tables.filter(|t| !t.is_empty())?, &GoodputInputs::default())],
        View::Requests => requests_panels(results, tables.filter(|t| !t.is_empty())?, &RequestsInputs::default()),
        _ => return None,
    };
    // A view of a block the file lacks says so when the app runs; nothing is written for it.
    panels.iter().any(|p| !p.is_absent()).then_some(panels)
}

fn deep_view(results: &Results, src: &str, view: View, before: Before<'_>) -> Option<DeepView> {
    // The app takes a pre-rendered view's place only once it has drawn what the view shows
    // (`views::boot_waits`): a view it would not wait for is not written.
    let serving = results.serving().is_some_and(|s| !s.workloads.is_empty());
    if !boot_waits(view, BootCollection::Ready(1), BootStudy::Ready { serving }) {
        return None;
    }
    let state = ViewState { src: src.parse().ok(), view: Some(view), ..ViewState::default() };
    let mut drawn = ((0, 0), Vec::new());
    let body = page(results, &state, view, before, |html: &mut Html, files, known| {
        if view == View::Provenance {
            super::provenance::provenance_html(
                html,
                &provenance(results, files.first()?.statuses, known.report.as_ref()),
                &known.trust,
                &state,
            );
            return Some(());
        }
        drawn = panels_html(html, &panels(view, &state, files, before.tables)?, &state, files)?;
        Some(())
    })?;
    let ((points, gaps), heights) = drawn;
    Some(DeepView { view, body, points, gaps, heights })
}
