//! The serving explorer: any metric against concurrency per workload, with hover details,
//! engine chips, relative mode, p50 and p99 together, compared files' lines, and the table
//! of the file's values. The energy view is the same explorer on the energy metrics, with
//! the measurement boundary and the reader's prices beside it.

use leptos::prelude::*;

use crate::chart::usable_scale;
use crate::core::chart_words::{ServingAxis, SERVING_MARKER_NOTE};
use crate::core::compare::{file_key, file_tags, other_axis_notes};
use crate::core::contents::{block_summary, Block};
use crate::core::link::workload_key;
use crate::core::link::{metric_for, sources_behind, ChartId, Scale, View};
use crate::core::metric::Metric;
use crate::core::series::Series;
use crate::core::tables::serving_table;
use crate::core::views::serving::{heading, method_texts};
use crate::ui::chart::figure::ChartFigure;
use crate::ui::state::file::Study;
use crate::ui::state::page;
use crate::ui::widgets::absent::AbsentBlock;
use crate::ui::widgets::framing::stem;
use crate::ui::widgets::legend::{absent_words_for, chips_for, EngineChips, FileKey};
use crate::ui::widgets::notices::Notice;
use crate::ui::widgets::pickers::{MetricPicker, RelativePicker, ScaleToggle, WorkloadPicker};
use crate::ui::widgets::prices::{PriceInputs, PriceNotes};
use crate::ui::widgets::serving_chart::{serving_chart, workload_index, ServingChart};
use crate::ui::widgets::state_link::StateLink;
use crate::ui::widgets::table::TableBlock;

/// The explorer of a view (`serving` or `energy`).
#[component]
pub fn ExplorerView(
    /// The study.
    study: Study,
    /// Which explorer.
    view: View,
) -> impl IntoView {
    let page = page();
    let title = if view == View::Energy { "Energy" } else { "Serving" };
    // Borrowed, not cloned: on a large file the block is thousands of cells.
    let Some(serving) = study.results.serving.as_ref().filter(|s| !s.workloads.is_empty()) else {
        return view! { <AbsentBlock title=title block=block_summary(&study.results, Block::Serving)/> }.into_any();
    };
    let texts = method_texts(view, serving);
    let per = serving.throughput_per;
    let metric = Memo::new(move |_| metric_for(view, &page.link.series_inputs()));
    let workload_index = workload_index(page, &study);
    let chart_id = if view == View::Energy { ChartId::Energy } else { ChartId::Serving };
    let (chart, spec) = serving_chart(page, &study, view, chart_id, metric, workload_index, crate::core::views::SERVING_CHART_HEIGHT);
    let ServingChart { lines, series, relative, load, seconds, .. } = chart;
    let both = move || page.link.pct_both.get() && metric.get().is_percentile();
    let scale = page.link.scale;
    let log_refused = move || {
        scale.get() == Scale::Log
            && usable_scale(series.with(|s| s.iter().flat_map(Series::measured).map(|(_, v)| v).collect::<Vec<_>>()), Scale::Log)
                == Scale::Lin
    };

    let table = {
        let study = study.clone();
        Memo::new(move |_| {
            let workload = study.results.serving.as_ref()?.workloads.get(workload_index.get()?)?;
            Some(study.checks.statuses.with(|st| serving_table(&study.results, workload, metric.get(), &page.link.series_inputs(), st)))
        })
    };
    let sources = {
        let study = study.clone();
        Signal::derive(move || sources_behind(&study.results, &page.link.series_inputs(), view))
    };
    let chips = {
        let study = study.clone();
        move || {
            let others = page.compared_studies();
            let refs: Vec<_> = others.iter().map(|o| &o.results).collect();
            let chips = chips_for(&study.results, &refs);
            // A compared file's own engine with no line here is said so, like the study's.
            let only: Vec<String> = chips.iter().filter(|c| c.compared_only).map(|c| c.id.clone()).collect();
            let not_measured = Signal::derive(move || {
                let mut ids = lines.with(|l| l.as_ref().map(|l| l.not_measured.clone()).unwrap_or_default());
                let drawn = series.with(|s| s.iter().map(|l| l.id.clone()).collect::<Vec<_>>());
                ids.extend(only.iter().filter(|id| !drawn.contains(id)).cloned());
                ids
            });
            // With compared files, which line style is which file.
            let key = (!others.is_empty()).then(|| {
                let files: Vec<&crate::core::model::Results> = std::iter::once(&study.results).chain(refs.iter().copied()).collect();
                view! { <FileKey entries=file_key(&files)/> }
            });
            view! { {key} <EngineChips chips=chips not_measured=not_measured absent_words=absent_words_for(metric)/> }
        }
    };
    let definition = {
        let study = study.clone();
        move || study.results.serving.as_ref().map(|serving| metric.get().definition(serving, seconds.get())).unwrap_or_default()
    };
    let texts = texts.into_iter().map(|(k, v)| view! { <p class="method"><strong>{k} ": "</strong>{v}</p> }).collect_view();
    let reference_missing = {
        let study = study.clone();
        move || {
            let id = lines.with(|l| l.as_ref().and_then(|l| l.reference_missing.clone()))?;
            let label = study.results.engine(&id).map_or(id.clone(), |e| e.label.clone());
            Some(
                view! { <Notice text=format!("Relative to {label}: it has nothing measured in this workload, so values are shown as measured.")/> },
            )
        }
    };
    let tradeoff_link = (view == View::Energy).then(|| {
        let to = Signal::derive(move || page.link.whole().showing(View::Energy, Some(ChartId::Tradeoff)));
        view! { <p><StateLink to=to class="chart-link">{crate::core::chart_words::ENERGY_TRADEOFF_LINK}</StateLink></p> }
    });
    let table_stem = Signal::derive(move || {
        stem(view, &[page.link.workload.get().map(|w| w.to_string()).unwrap_or_default(), metric.get().as_str().to_owned()])
    });
    let csv_notes = Signal::derive(move || {
        let mut notes = Vec::new();
        if let Some(label) = relative.get() {
            notes.push(format!("values are ratios to {label} at the same {}", load.get().noun()));
        }
        if metric.get() == Metric::CostPerMtok {
            notes.push(format!("prices: {}; {}", page.link.prices.get().describe(), crate::core::cost::FORMULA));
        }
        notes
    });
    // A compared file that swept these lengths along the other axis is said, not drawn here.
    let axis_notes = {
        let study = study.clone();
        move || {
            let others = page.compared_studies();
            let w = study.results.serving.as_ref()?.workloads.get(workload_index.get()?)?;
            let mut files = vec![&study.results];
            files.extend(others.iter().map(|o| &o.results));
            let notes = other_axis_notes(&files, &file_tags(&files), workload_key(w));
            Some(notes.into_iter().map(|n| view! { <Notice text=n/> }).collect_view())
        }
    };
    view! {
        <section class=format!("panel explorer {}", view.as_str())>
            <h2>{move || heading(view, &ServingAxis { metric: metric.get(), both: both(), seconds: seconds.get(), relative: relative.get(), per }, load.get())}</h2>
            {tradeoff_link}
            <div class="controls">
                <WorkloadPicker workloads=crate::core::link::workload_options(&study.results)/>
                <MetricPicker view=view/>
                <ScaleToggle label="Scale" drawn=Signal::derive(move || if log_refused() { Scale::Lin } else { scale.get() })/>
                {move || metric.get().is_percentile().then(|| view! {
                    <label class="control"><input type="checkbox" prop:checked=move || page.link.pct_both.get()
                        on:change=move |e| page.update_link(|s| s.pct_both = event_target_checked(&e))/>" p50 and p99 together"</label>
                })}
                <RelativePicker options=crate::core::link::relative_options(&study.results)/>
                {move || (metric.get() == Metric::CostPerMtok).then(|| view! { <PriceInputs/> })}
            </div>
            // The cost's definition is said in full under the chart, with its boundary.
            {move || (metric.get() != Metric::CostPerMtok).then(|| view! { <p class="definition">{definition.clone()}</p> })}
            {move || log_refused().then(|| view! { <Notice text="Log scale refused: a shown value is a measured zero (or not positive), which a log axis cannot show. Drawn linear."/> })}
            {reference_missing}
            {axis_notes}
            {chips}
            <ChartFigure spec=spec/>
            {let s = study.clone(); move || (metric.get() == Metric::CostPerMtok).then(|| view! { <PriceNotes study=s.clone()/> })}
            <p class="legend-note">
                {SERVING_MARKER_NOTE}
                {move || if both() { "Dashed lines: p99. " } else { "" }}
                {move || (!page.compared_studies().is_empty()).then_some("Dashed and dotted lines: the compared files (their engines keep their colours).")}
            </p>
            {texts}
            // A large file's table waits a frame, so the chart comes first.
            <TableBlock table=Signal::derive(move || table.get()) study=study.clone() sources=sources notes=csv_notes stem=table_stem later=true/>
        </section>
    }
    .into_any()
}
