//! History: one engine's figure across the collection's studies — the chosen metric at one
//! workload and concurrency, x = study date, on one model and hardware (or every hardware),
//! a line per checkpoint; each point's study in the table below with a link; studies that
//! did not measure it listed as such; conflicting pairs flagged, different settings said.
//! Only the studies whose manifest entry may hold a point are fetched (`history::may_hold`).

use std::sync::Arc;

use leptos::prelude::*;

use crate::chart::{draw_history, line_dash, line_marker, HistoryChart, LegendItem};
use crate::core::collections::catalog::NOT_STATED;
use crate::core::collections::collection::Collection;
use crate::core::collections::history::{
    followed_level, history, history_levels, history_scope, history_setups, history_table, history_title, other_axis_note, History,
    HistoryScope,
};
use crate::core::collections::history_view::{
    hardware_options, history_export_title, history_notices, history_summary, history_tip, line_key, studies_not_read, studies_to_read,
    HistoryChoices, EVERY_HARDWARE,
};
use crate::core::display::palette::{engine_style, EngineStyle};
use crate::core::link::{metric_for, ChartId, View, WorkloadKey};
use crate::core::measures::metric::Metric;
use crate::core::study::model::{LoadAxis, Results};
use crate::core::views::panel::stem;
use crate::ui::chart::export::ExportText;
use crate::ui::chart::figure::{ChartFigure, ChartSpec, Drawn};
use crate::ui::state::across::AcrossState;
use crate::ui::state::{page, share_link, PageState};
use crate::ui::tasks::across::load_across;
use crate::ui::widgets::layout::chart_height;
use crate::ui::widgets::notices::Notice;
use crate::ui::widgets::pickers::{Choice, MetricPicker};
use crate::ui::widgets::swatch::Swatch;
use crate::ui::widgets::table::TableView;

/// The studies read for the history and what is still coming: the ready ones with their
/// `src`, how many are loading, and why any failed.
type Loaded = (Vec<(Arc<Results>, String)>, usize, Vec<String>);

/// What the history view follows, each part a memo of the link and the studies read: the
/// scope (engine, model, hardware), the workload and level, the metric and the history.
#[derive(Clone, Copy)]
struct Followed {
    scope: Memo<HistoryScope>,
    engine: Memo<String>,
    workload: Memo<Option<WorkloadKey>>,
    candidates: Memo<Vec<String>>,
    loaded: Memo<Loaded>,
    levels: Memo<Vec<f64>>,
    load: Memo<LoadAxis>,
    followed: Memo<(Option<f64>, Option<String>)>,
    conc: Memo<Option<f64>>,
    metric: Memo<Metric>,
    computed: Memo<History>,
    style: Memo<EngineStyle>,
}

impl Followed {
    fn new(page: PageState, collection: &Arc<Collection>, srcs: &Arc<Vec<String>>, choices: &Arc<HistoryChoices>) -> Followed {
        let scope = {
            let collection = collection.clone();
            Memo::new(move |_| page.link.with(|s| history_scope(&collection, s)))
        };
        let engine = Memo::new(move |_| scope.with(|s| s.engine.clone()));
        let first_workload = choices.first_workload();
        let workload = Memo::new(move |_| page.link.workload.get().or(first_workload));
        // The studies whose manifest says they may hold a point: this engine, workload and setup.
        let candidates = {
            let (collection, srcs) = (collection.clone(), srcs.clone());
            Memo::new(move |_| scope.with(|scope| studies_to_read(&collection, &srcs, scope, workload.get())))
        };
        let loaded = Memo::new(move |_| {
            page.across.with(|list| {
                let ready: Vec<(Arc<Results>, String)> = list
                    .iter()
                    .filter_map(|s| if let AcrossState::Ready(r) = &s.state { Some((r.clone(), s.src.clone())) } else { None })
                    .collect();
                let pending = list.iter().filter(|s| s.state == AcrossState::Loading).count();
                let failed: Vec<String> =
                    list.iter().filter_map(|s| if let AcrossState::Failed(why) = &s.state { Some(why.clone()) } else { None }).collect();
                (ready, pending, failed)
            })
        });
        // The load level: the link's, else the first level every loaded study has.
        let levels = Memo::new(move |_| {
            let Some(key) = workload.get() else { return Vec::new() };
            loaded.with(|(ready, _, _)| history_levels(&ready.iter().map(|(r, _)| r.as_ref()).collect::<Vec<_>>(), key))
        });
        let load = Memo::new(move |_| workload.get().map_or(LoadAxis::Concurrency, |k| k.load));
        let followed = Memo::new(move |_| {
            let Some(key) = workload.get() else { return (None, None) };
            levels.with(|l| page.link.with(|s| followed_level(s, key, l)))
        });
        let conc = Memo::new(move |_| followed.with(|f| f.0));
        let metric = Memo::new(move |_| metric_for(View::History, &page.link.series_inputs()));
        let computed = Memo::new(move |_| {
            let Some(key) = workload.get() else { return History::default() };
            loaded.with(|(ready, _, _)| {
                let studies: Vec<&Results> = ready.iter().map(|(r, _)| r.as_ref()).collect();
                let Some(level) = conc.get() else { return History::default() };
                scope.with(|scope| history(&studies, scope, key, metric.get(), level, &page.link.prices.get()))
            })
        });
        let style = {
            let choices = choices.clone();
            Memo::new(move |_| engine_style(choices.engine_index(&engine.get())))
        };
        Followed { scope, engine, workload, candidates, loaded, levels, load, followed, conc, metric, computed, style }
    }
}

/// The history's chart: drawn from the history, its tooltip the core's, its export titled
/// by what is followed.
fn history_chart(page: PageState, f: Followed, title: Signal<String>) -> ChartSpec {
    let Followed { engine, workload, loaded, conc, metric, computed, style, .. } = f;
    let y_title = Signal::derive(move || metric.get().titled_with_direction(metric.get().axis_title()));
    let draw = Arc::new(move |area: &crate::ui::chart::surface::Area<'_>, theme| {
        let (points, title) = (computed.with(|h| h.points.clone()), y_title.get());
        let marks =
            draw_history(area, &HistoryChart { y_title: &title, points: &points, style: style.get(), theme }).map_err(|e| e.to_string())?;
        Ok(Drawn { attrs: vec![("points", marks.len().to_string())], marks })
    });
    let tip = Arc::new(move |mark: crate::chart::Mark| {
        loaded.with_untracked(|(ready, _, _)| {
            let studies: Vec<&Results> = ready.iter().map(|(r, _)| r.as_ref()).collect();
            computed.with_untracked(|h| history_tip(h, mark.group, &studies, metric.get_untracked()))
        })
    });
    let export = Arc::new(move || ExportText {
        title: history_export_title(&title.get_untracked(), workload.get_untracked(), conc.get_untracked(), metric.get_untracked()),
        legend: computed.with_untracked(|h| {
            let colour = style.get_untracked().colour;
            h.lines
                .iter()
                .enumerate()
                .map(|(k, l)| LegendItem {
                    label: l.clone(),
                    style: EngineStyle { colour, marker: line_marker(k) },
                    dash: Some(line_dash(k)),
                    band: false,
                })
                .collect()
        }),
        notes: Vec::new(),
        footer: vec![untrack(|| share_link(page)).unwrap_or_default(), "null = not measured".into()],
        stem: stem(View::History, &[engine.get_untracked(), metric.get_untracked().as_str().to_owned()]),
    });
    let summary = Signal::derive(move || computed.with(|h| history_summary(h, &y_title.get())));
    ChartSpec { id: ChartId::History, draw, tip, summary, export, height: chart_height(page, crate::core::views::CHART_HEIGHT) }
}

/// The history's pickers: engine, model, hardware (or every one), workload, load level and
/// metric, each writing the link.
#[component]
fn HistoryControls(collection: Arc<Collection>, choices: Arc<HistoryChoices>, followed: Followed) -> impl IntoView {
    let page = page();
    let Followed { scope, engine, workload, levels, load, conc, .. } = followed;
    let engine_options = Signal::stored(choices.engines.clone());
    // A new engine starts from its own first setup.
    let pick_engine = Callback::new(move |id: String| {
        page.update_link(|s| {
            s.engine = Some(id);
            (s.model, s.hardware) = (None, None);
        })
    });
    let setups = Memo::new(move |_| history_setups(&collection, &engine.get()));
    let model_options = Memo::new(move |_| setups.with(|(m, _)| m.iter().map(|m| (m.clone(), m.clone())).collect::<Vec<_>>()));
    let pick_model = Callback::new(move |m: String| page.update_link(|s| s.model = Some(m)));
    let hardware_options = Memo::new(move |_| setups.with(|(_, h)| hardware_options(h)));
    let pick_hardware = Callback::new(move |h: String| {
        page.update_link(|s| {
            s.across_hardware = h == EVERY_HARDWARE;
            s.hardware = (!s.across_hardware).then_some(h);
        })
    });
    let chosen_model = Signal::derive(move || scope.with(|s| s.model.clone().unwrap_or_else(|| NOT_STATED.into())));
    let chosen_hardware = Signal::derive(move || scope.with(|s| s.hardware.clone().unwrap_or_else(|| EVERY_HARDWARE.into())));
    let workload_options = Signal::stored(choices.workloads.clone());
    let pick_workload = Callback::new(move |w: String| page.update_link(|s| s.workload = w.parse().ok()));
    let conc_options = Memo::new(move |_| levels.get().into_iter().map(|c| (c.to_string(), load.get().level_label(c))).collect::<Vec<_>>());
    let pick_conc = Callback::new(move |c: String| {
        page.update_link(|s| match load.get_untracked() {
            LoadAxis::Concurrency => s.conc = c.parse().ok(),
            LoadAxis::Rate => s.rate = c.parse().ok(),
        })
    });
    view! {
        <div class="controls">
            <Choice label="Engine" class="engine-picker" options=engine_options selected=Signal::derive(move || engine.get()) pick=pick_engine/>
            <Choice label="Model" class="model-picker" options=Signal::derive(move || model_options.get()) selected=chosen_model pick=pick_model/>
            <Choice label="Hardware" class="hardware-picker" options=Signal::derive(move || hardware_options.get()) selected=chosen_hardware pick=pick_hardware/>
            <Choice label="Workload" class="workload-picker" options=workload_options selected=Signal::derive(move || workload.get().map(|w| w.to_string()).unwrap_or_default()) pick=pick_workload/>
            <Choice label="Load" class="conc-picker" options=conc_options selected=Signal::derive(move || conc.get().map(|c| c.to_string()).unwrap_or_default()) pick=pick_conc/>
            <MetricPicker view=View::History/>
        </div>
    }
}

/// The history of one figure across a collection.
#[component]
pub fn HistoryView(
    /// The manifest.
    collection: Collection,
    /// Each study's `src`.
    srcs: Vec<String>,
) -> impl IntoView {
    let page = page();
    let (collection, srcs) = (Arc::new(collection), Arc::new(srcs));
    let choices = Arc::new(HistoryChoices::of(&collection));
    let f = Followed::new(page, &collection, &srcs, &choices);
    let Followed { scope, engine, workload, candidates, loaded, followed, metric, computed, style, .. } = f;
    Effect::new(move |_| load_across(page, candidates.get()));
    // The studies whose manifest says they did not measure it: listed, never fetched.
    let unlisted = {
        let (collection, srcs) = (collection.clone(), srcs.clone());
        move || {
            let items = candidates.with(|read| studies_not_read(&collection, &srcs, read));
            (!items.is_empty()).then(|| {
                let items = items.into_iter().map(|item| view! { <li>{item}</li> }).collect_view();
                view! { <p class="status">"Not on this line (by the manifest: another engine, workload, model or hardware; not read):"</p> <ul class="not-measured">{items}</ul> }
            })
        }
    };
    let title = {
        let choices = choices.clone();
        Signal::derive(move || computed.with(|h| scope.with(|s| history_title(h, s, &choices.engine_label(&engine.get())))))
    };
    let spec = history_chart(page, f, title);
    let table = move || {
        let state = page.link.whole();
        loaded.with(|(ready, pending, failed)| {
            let studies: Vec<(&Results, String)> = ready.iter().map(|(r, s)| (r.as_ref(), s.clone())).collect();
            let not_read = srcs.len().saturating_sub(candidates.with(Vec::len));
            let table = history_table(&studies, &computed.get(), metric.get(), &state, not_read);
            let status = (*pending > 0).then(|| format!("reading {pending} more studies…"));
            let failed = failed.iter().map(|f| view! { <li class="refused">{f.clone()}</li> }).collect_view();
            view! {
                {status.map(|s| view! { <p class="status" role="status">{s}</p> })}
                <ul class="notices">{failed}</ul>
                <TableView table=table/>
            }
        })
    };
    let notices = Memo::new(move |_| computed.with(history_notices));
    let conflicts = move || notices.get().0.map(|text| view! { <p class="notice conflict">{text}</p> });
    let settings = move || notices.get().1.map(|text| view! { <p class="notice settings">{text}</p> });
    // The lines' key: each line's marker and what it joins.
    let key = move || {
        let colour = style.get().colour;
        let items = computed
            .with(line_key)
            .into_iter()
            .enumerate()
            .map(|(k, text)| {
                let style = EngineStyle { colour, marker: line_marker(k) };
                view! { <li><Swatch style=style dashed={k > 0}/> {text}</li> }
            })
            .collect_view();
        view! { <ul class="history-lines" aria-label="lines">{items}</ul> }
    };
    // A level the link names that no loaded study measured falls back, and says so.
    let set_aside = move || followed.with(|f| f.1.clone()).map(|text| view! { <Notice text=text/> });
    let axis_note = {
        let collection = collection.clone();
        move || {
            let key = workload.get()?;
            let note = other_axis_note(collection.studies.iter().map(|s| s.workloads.as_slice()), key)?;
            Some(view! { <p class="notice axis-note">{note}</p> })
        }
    };
    view! {
        <section class="panel history">
            <h2>{title}</h2>
            <HistoryControls collection=collection choices=choices followed=f/>
            {conflicts}
            {settings}
            {set_aside}
            {axis_note}
            {key}
            <ChartFigure spec=spec/>
            <div class="table-block">{table}</div>
            {unlisted}
        </section>
    }
}
