//! The serving explorer: any metric against concurrency per workload, with hover details,
//! engine toggles, relative mode and a table of the file's values. The energy view is the
//! same explorer preset to energy metrics.

use std::sync::Arc;

use leptos::prelude::*;

use crate::chart::{usable_scale, ChartGeometry};
use crate::core::format::{as_written_or_gap, significant4, NOT_MEASURED};
use crate::core::metrics::is_low_sample;
use crate::core::model::Cell;
use crate::core::provenance::SourceStatus;
use crate::core::series::{cell_at, chosen_workload, describe_lines, serving_series};
use crate::core::compare::compare_series;
use crate::core::view_state::{Metric, Scale, ViewState, WorkloadKey};
use crate::ui::views::compare::{compare_ticks, compared};
use crate::ui::app::{csv_provenance, navigate, Loaded, Page};
use crate::ui::canvas::ConcurrencyCanvas;
use crate::ui::views::controls::{EngineToggles, MetricPicker, ScaleToggle, WorkloadPicker};
use crate::ui::views::engines::Swatch;

/// Which explorer: the serving metrics, or the energy ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// Throughput, latency percentiles, power, counts.
    Serving,
    /// Tokens per kW, mean power, joules per token.
    Energy,
}

impl Preset {
    fn metrics(self) -> Vec<Metric> {
        match self {
            Preset::Serving => Metric::serving(),
            Preset::Energy => vec![Metric::TokSPerKw, Metric::PowerW, Metric::JPerToken],
        }
    }

    /// The metric shown when the link names none (LINKS.md).
    pub fn default_metric(self) -> Metric {
        match self {
            Preset::Serving => Metric::OutTokS,
            Preset::Energy => Metric::TokSPerKw,
        }
    }

    fn title(self) -> &'static str {
        match self {
            Preset::Serving => "Serving",
            Preset::Energy => "Energy",
        }
    }
}

/// The metric the link asks for, if this explorer offers it; else the explorer's default.
pub fn metric_for(preset: Preset, state: &ViewState) -> Metric {
    state.metric.filter(|m| preset.metrics().contains(m) || *m == Metric::Short).unwrap_or(preset.default_metric())
}

/// A cell's details for the tooltip, in the order a reader checks them.
fn cell_details(cell: &Cell) -> Vec<(&'static str, String)> {
    vec![
        ("n", as_written_or_gap(cell.n)),
        ("errors", as_written_or_gap(cell.errors)),
        ("short", as_written_or_gap(cell.short)),
        ("wall_s", as_written_or_gap(cell.wall_s)),
    ]
}

/// The explorer for one preset.
#[component]
pub fn ExplorerView(
    /// The loaded file.
    loaded: Arc<Loaded>,
    /// Serving or energy.
    preset: Preset,
) -> impl IntoView {
    let page = expect_context::<Page>();
    let Some(serving) = loaded.results.serving.clone() else {
        return view! { <section class="panel"><h2>{preset.title()}</h2><p class="absent">"Serving: not in this file."</p></section> }.into_any();
    };
    if serving.workloads.is_empty() {
        return view! { <section class="panel"><h2>{preset.title()}</h2><p class="absent">"Serving: no measurements in this file."</p></section> }.into_any();
    }
    let metric = Memo::new(move |_| page.state.with(|s| metric_for(preset, s)));
    let lines = {
        let loaded = loaded.clone();
        Memo::new(move |_| {
            page.state.with(|state| {
                let workload = chosen_workload(&loaded.results, state)?;
                let mut lines = serving_series(&loaded.results, workload, metric.get(), state);
                for line in &mut lines.series {
                    line.flagged = line.points.iter().any(|&(conc, _)| {
                        let source = cell_at(&loaded.results, workload, &line.id, conc).and_then(|c| c.source.as_deref());
                        source.is_some_and(|name| matches!(page.checks.status_of(&loaded.results, name), Some(SourceStatus::Mismatch { .. })))
                    });
                }
                Some(lines)
            })
        })
    };
    // A second file adds its lines, dashed, wherever it measured this workload and metric.
    let second = {
        let loaded = loaded.clone();
        Memo::new(move |_| {
            let other = compared(page)?;
            page.state.with(|state| {
                let w = chosen_workload(&loaded.results, state)?;
                let key = WorkloadKey { isl: w.isl, osl: w.osl };
                Some(compare_series(&loaded.results, &other.results, key, metric.get(), state))
            })
        })
    };
    let series = Signal::derive(move || {
        let mut all = lines.with(|l| l.as_ref().map(|l| l.series.clone()).unwrap_or_default());
        all.extend(second.get().unwrap_or_default());
        all
    });
    let ticks = compare_ticks(page, loaded.results.concurrency.clone());
    let not_measured = Signal::derive(move || lines.with(|l| l.as_ref().map(|l| l.not_measured.clone()).unwrap_or_default()));
    let relative_to = {
        let loaded = loaded.clone();
        move || page.state.with(|s| s.vs.as_ref().and_then(|id| loaded.results.engine(id)).map(|e| e.label.clone()))
    };
    let both = move || page.state.with(|s| s.pct_both) && metric.get().is_percentile();
    let y_title = {
        let relative_to = relative_to.clone();
        Signal::derive(move || {
            let title = metric.get().axis_title();
            let title = if both() { title.replace(" p50 ", " p50 & p99 ").replace(" p99 ", " p50 & p99 ") } else { title.to_owned() };
            match relative_to() {
                Some(label) => format!("{title} (× {label})"),
                None => title,
            }
        })
    };
    let scale = Signal::derive(move || page.state.with(|s| s.scale));
    let log_refused = move || scale.get() == Scale::Log && usable_scale(&series.get(), Scale::Log) == Scale::Lin;
    let summary = Signal::derive(move || describe_lines(&series.get(), &y_title.get()));
    let definition = {
        let serving = serving.clone();
        move || metric.get().definition(&serving)
    };

    // Hover: look the pointer up in what was drawn; the chart is never redrawn for it.
    let geometry = RwSignal::new(None::<ChartGeometry>);
    let hovered = RwSignal::new(None::<(usize, u32, i32, i32)>);
    let pick = move |x: i32, y: i32| {
        let hit = geometry.with(|g| {
            g.as_ref()?.points.iter().map(|p| (p, (p.x_px - x).pow(2) + (p.y_px - y).pow(2))).filter(|(_, d)| *d <= 14 * 14).min_by_key(|(_, d)| *d).map(|(p, _)| (p.series, p.conc, p.x_px, p.y_px))
        });
        // Mousemove fires constantly: notify the tooltip only when the hit point changes.
        if hovered.with_untracked(|h| *h != hit) {
            hovered.set(hit);
        }
    };
    let tooltip_ref = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        // Placed through the CSSOM: the CSP forbids inline style attributes, not this.
        let (Some(tip), Some((_, _, x, y))) = (tooltip_ref.get(), hovered.get()) else { return };
        // Keep the tooltip inside the chart: flip it to the pointer's left or above near an edge.
        let (width, height) = (tip.offset_width(), tip.offset_height());
        let (room_x, room_y) = tip.parent_element().map(|p| (p.client_width(), p.client_height())).unwrap_or((i32::MAX, i32::MAX));
        let left = if x + 12 + width > room_x { (x - 12 - width).max(0) } else { x + 12 };
        let top = if y + 12 + height > room_y { (y - 12 - height).max(0) } else { y + 12 };
        let style = web_sys::HtmlElement::style(&tip);
        style.set_property("left", &format!("{left}px")).ok();
        style.set_property("top", &format!("{top}px")).ok();
    });
    let tooltip = {
        let loaded = loaded.clone();
        move || {
            let (index, conc, _, _) = hovered.get()?;
            let line = series.with(|s| s.get(index).cloned())?;
            // A dashed line of the second file names its own cell; look it up there.
            let second = line.dashed && !page.state.with(|s| s.pct_both);
            let source_file = if second { compared(page)? } else { loaded.clone() };
            let loaded = &source_file;
            let value = line.points.iter().find(|p| p.0 == conc).and_then(|p| p.1)?;
            let state = page.state.get();
            let workload = chosen_workload(&loaded.results, &state)?;
            let cell = cell_at(&loaded.results, workload, &line.id, conc)?;
            // Under pct=both the dashed line is p99 and the solid one p50, whatever was picked.
            let line_metric = match metric.get().percentile_pair() {
                Some((p50, p99)) if state.pct_both => if line.dashed { p99 } else { p50 },
                _ => metric.get(),
            };
            let shown = if state.vs.is_some() { format!("{}×", significant4(value)) } else { line_metric.format(value) };
            let source = cell.source.clone().unwrap_or_else(|| "—".into());
            let status = cell.source.as_deref().and_then(|name| page.checks.status_of(&loaded.results, name)).map(|s| s.label()).unwrap_or("not checked");
            let details = cell_details(cell).into_iter().map(|(k, v)| view! { <span class="kv">{k} " " {v}</span> }).collect_view();
            let low = is_low_sample(cell).then(|| view! { <span class="low-sample">" low sample"</span> });
            Some(view! {
                <strong>{line.label.clone()}</strong> " · c" {conc} <br/>
                {line_metric.axis_title()} ": " <strong>{shown}</strong> {low} <br/>
                {details} <br/>
                "source " <code>{source}</code> " (" {status} ")"
            })
        }
    };

    let controls = {
        let loaded = loaded.clone();
        let engines: Vec<(String, String)> = loaded.results.engines.iter().map(|e| (e.id.clone(), e.label.clone())).collect();
        let vs_options = engines
            .into_iter()
            .map(|(id, label)| {
                let selected = {
                    let id = id.clone();
                    move || page.state.with(|s| s.vs.as_deref() == Some(id.as_str()))
                };
                view! { <option value=id prop:selected=selected>{label}</option> }
            })
            .collect_view();
        view! {
            <div class="controls">
                <WorkloadPicker loaded=loaded.clone()/>
                <MetricPicker metrics=preset.metrics() default=preset.default_metric()/>
                <ScaleToggle label="Scale"/>
                {move || metric.get().is_percentile().then(|| view! {
                    <label class="control"><input type="checkbox" prop:checked=move || page.state.with(|s| s.pct_both) on:change=move |e| {
                        let mut next = page.state.get_untracked();
                        next.pct_both = event_target_checked(&e);
                        navigate(page, next);
                    }/>" p50 and p99 together"</label>
                })}
                <label class="control">"Relative to "
                    <select class="vs-picker" on:change=move |e| {
                        let value = event_target_value(&e);
                        let mut next = page.state.get_untracked();
                        next.vs = (!value.is_empty()).then_some(value);
                        navigate(page, next);
                    }>
                        <option value="" prop:selected=move || page.state.with(|s| s.vs.is_none())>"— (values as measured)"</option>
                        {vs_options}
                    </select>
                </label>
            </div>
        }
    };

    let texts = match preset {
        Preset::Serving => vec![("Sample limits", serving.sample_limits.clone()), ("Selection", serving.selection.clone())],
        Preset::Energy => vec![("Power", serving.power_unit.clone()), ("Energy", serving.energy_unit.clone()), ("Sample limits", serving.sample_limits.clone())],
    };
    let texts = texts.into_iter().filter_map(|(k, v)| v.map(|v| view! { <p class="method"><strong>{k} ": "</strong>{v}</p> })).collect_view();

    let table = {
        let loaded = loaded.clone();
        move || {
            let state = page.state.get();
            let workload = chosen_workload(&loaded.results, &state)?;
            let mut table_state = state.clone();
            table_state.pct_both = false;
            let metric = metric.get();
            let rows = serving_series(&loaded.results, workload, metric, &table_state).series;
            let header = loaded.results.concurrency.iter().map(|c| view! { <th scope="col" class="num">"c" {*c}</th> }).collect_view();
            let body = rows
                .into_iter()
                .map(|line| {
                    let cells: Vec<Option<&Cell>> = loaded.results.concurrency.iter().map(|&c| cell_at(&loaded.results, workload, &line.id, c)).collect();
                    let mut sources: Vec<String> = Vec::new();
                    for cell in cells.iter().flatten() {
                        if let Some(s) = &cell.source {
                            if !sources.contains(s) {
                                sources.push(s.clone());
                            }
                        }
                    }
                    let tds = line
                        .points
                        .iter()
                        .zip(&cells)
                        .map(|(&(_, value), cell)| {
                            let text = match (value, state.vs.is_some()) {
                                (None, _) => NOT_MEASURED.to_owned(),
                                (Some(v), true) => format!("{}×", significant4(v)),
                                (Some(v), false) => metric.format(v),
                            };
                            let low = cell.is_some_and(is_low_sample);
                            let source_index = cell.and_then(|c| c.source.as_ref()).and_then(|s| sources.iter().position(|x| x == s));
                            let source_name = cell.and_then(|c| c.source.clone()).unwrap_or_default();
                            let n = cell.and_then(|c| c.n).filter(|_| metric.is_percentile() || low);
                            let mismatched = cell.and_then(|c| c.source.as_deref()).is_some_and(|name| matches!(page.checks.status_of(&loaded.results, name), Some(SourceStatus::Mismatch { .. })));
                            view! {
                                <td class="num" class:gap=value.is_none() class:low-sample=low class:source-mismatch=mismatched title=source_name>
                                    {text}
                                    {source_index.map(|i| view! { <sup class="src-ref">{i + 1}</sup> })}
                                    {n.map(|n| view! { <br/><span class="n">"n=" {n}</span> })}
                                </td>
                            }
                        })
                        .collect_view();
                    let source_list = sources.iter().enumerate().map(|(i, s)| view! { <li><sup>{i + 1}</sup> <code>{s.clone()}</code></li> }).collect_view();
                    view! {
                        <tr>
                            <th scope="row" class="engine-label"><Swatch style=line.style/> {line.label.clone()}</th>
                            {tds}
                            <td><ol class="row-sources">{source_list}</ol></td>
                        </tr>
                    }
                })
                .collect_view();
            Some(view! {
                <table class="values serving-table">
                    <caption>{workload.name()} " · " {metric.axis_title()} "; “" {NOT_MEASURED} "” where the file has null; superscripts name each cell's source"</caption>
                    <thead><tr><th scope="col">"Engine"</th>{header}<th scope="col">"Sources"</th></tr></thead>
                    <tbody>{body}</tbody>
                </table>
            })
        }
    };

    let tradeoff_link = (preset == Preset::Energy).then(|| {
        let href = move || {
            let mut next = page.state.get();
            next.chart = Some("tradeoff".into());
            format!("?{}", next.to_query())
        };
        view! {
            <p><a class="chart-link" href=href on:click=move |e: leptos::ev::MouseEvent| {
                e.prevent_default();
                let mut next = page.state.get_untracked();
                next.chart = Some("tradeoff".into());
                navigate(page, next);
            }>"Energy trade-off: tokens/s per kW against per-user tok/s →"</a></p>
        }
    });
    view! {
        <section class=format!("panel explorer {}", preset.title().to_lowercase())>
            <h2>{preset.title()} ": " {move || metric.get().label()} " against concurrency"</h2>
            {tradeoff_link}
            {controls}
            <p class="definition">{definition}</p>
            {move || log_refused().then(|| view! { <p class="notice">"Log scale refused: a shown value is a measured zero (or not positive), which a log axis cannot show. Drawn linear."</p> })}
            <EngineToggles loaded=loaded.clone() not_measured=not_measured/>
            <div class="chart-wrap"
                on:mousemove=move |e| pick(e.offset_x(), e.offset_y())
                on:click=move |e| pick(e.offset_x(), e.offset_y())
                on:mouseleave=move |_| hovered.set(None)>
                <ConcurrencyCanvas chart=if preset == Preset::Energy { "energy" } else { "serving" } series=series concurrency=ticks y_title=y_title scale=scale summary=summary geometry=geometry/>
                <div class="tooltip" role="status" node_ref=tooltip_ref class:shown=move || hovered.with(Option::is_some)>{tooltip}</div>
            </div>
            <p class="legend-note">
                "Hollow markers: fewer than 8 requests in the cell (the sweep's own minimum); a p99 there is close to the sample maximum. "
                {move || if page.state.with(|s| s.pct_both) { "Dashed lines: p99. " } else { "" }}
                {move || compared(page).map(|other| format!("Dashed lines: the second file, {} (its engines keep their colours).", crate::core::compare::file_tag(&other.results)))}
            </p>
            {texts}
            {
                let loaded = loaded.clone();
                view! {
                    <button type="button" class="toggle export-csv" on:click=move |_| {
                        // Values as in the file: no ratios, p50/p99 as the metric picked.
                        let mut state = page.state.get_untracked();
                        state.vs = None;
                        state.pct_both = false;
                        let Some(workload) = chosen_workload(&loaded.results, &state) else { return };
                        let metric = metric.get_untracked();
                        let lines = serving_series(&loaded.results, workload, metric, &state).series;
                        let mut sources: Vec<String> = Vec::new();
                        for line in &lines {
                            for conc in &loaded.results.concurrency {
                                if let Some(name) = cell_at(&loaded.results, workload, &line.id, *conc).and_then(|c| c.source.clone()) {
                                    if !sources.contains(&name) {
                                        sources.push(name);
                                    }
                                }
                            }
                        }
                        let comment = csv_provenance(page, &loaded, &sources);
                        let rows: Vec<(String, String, Vec<Option<f64>>)> = lines.iter().map(|l| (l.id.clone(), l.label.clone(), l.points.iter().map(|p| p.1).collect())).collect();
                        let csv = crate::core::csv::table_with_comment(&comment, metric.as_str(), &loaded.results.concurrency, &rows);
                        crate::ui::download::download_text(&format!("servescope-{}-{}.csv", workload.key(), metric.as_str()), "text/csv", &csv);
                    }>"CSV"</button>
                }
            }
            <div class="table-scroll">{table}</div>
        </section>
    }
    .into_any()
}
