//! A view model's `Panel` on the page, kept in step with the model: the same parts in the
//! same order the pre-render writes (`prerender::panel`), each part re-rendered only when
//! its own part of the model changes, and each chart a `ChartFigure` drawing the model's
//! figure with `chart::draw_plot`.

use std::sync::Arc;

use leptos::prelude::*;

use super::controls::{Controls, OwnControls};
use super::legend::{EngineChips, FileKey};
use super::notes::{link_view, Notes};
use super::objective::own_control;
use super::table::TableBlock;
use crate::chart::plots::{draw_cdf_plot, draw_lines, draw_timeline_plot, draw_tradeoff, tradeoff_legend};
use crate::chart::{draw_plot, plot_legend, series_legend, Drawn, LegendItem, Mark, Theme};
use crate::core::display::tooltip::Tooltip;
use crate::core::link::ChartId;
use crate::core::views::panel::{File, Height, Panel, Plot};
use crate::ui::chart::export::ExportText;
use crate::ui::chart::figure::{ChartFigure, ChartSpec};
use crate::ui::chart::surface::Area;
use crate::ui::state::file::Study;
use crate::ui::state::{page, PageState};
use crate::ui::widgets::framing::{footer, footer_with_compared};
use crate::ui::widgets::layout::chart_height;

/// How a view's charts are drawn, looked up and exported: the chart functions its plots
/// need, named by the view, so a view loaded when first opened keeps its charts' code in its
/// own chunk (one function over every kind of plot put them all in the first download:
/// +16 KB gzip, measured).
#[derive(Clone, Copy)]
pub struct Painter {
    /// Draw a plot.
    pub draw: fn(&Area<'_>, &Plot, Theme) -> Result<Drawn, String>,
    /// The tooltip of a mark `(group, item)`.
    pub tip: fn(&Plot, usize, usize, &[File<'_>]) -> Option<Tooltip>,
    /// An export's legend.
    pub legend: fn(&Plot) -> Vec<LegendItem>,
    /// The view's own controls (the goodput objective, the requests' toggles), named by
    /// the view like its charts: in the first download they were +9.7 KB gzip, measured.
    pub own: Option<OwnControls>,
}

/// A plot its painter does not draw: a view named the wrong painter.
const NOT_MINE: &str = "this view's chart is of another kind";

impl Painter {
    /// Lines against load: the explorers, the overview, decode.
    pub const LINES: Painter = Painter {
        draw: |area, plot, theme| match plot {
            Plot::Lines(lines) => draw_lines(area, lines, theme),
            _ => Err(NOT_MINE.into()),
        },
        tip: |plot, group, item, files| match plot {
            Plot::Lines(lines) => lines.tip(group, item, files),
            _ => None,
        },
        legend: |plot| match plot {
            Plot::Lines(lines) => series_legend(&lines.series),
            _ => Vec::new(),
        },
        own: None,
    };

    /// The trade-off.
    pub const TRADEOFF: Painter = Painter {
        draw: |area, plot, theme| match plot {
            Plot::Tradeoff(t) => draw_tradeoff(area, t, theme),
            _ => Err(NOT_MINE.into()),
        },
        tip: |plot, group, item, files| match plot {
            Plot::Tradeoff(t) => t.tip(group, item, files),
            _ => None,
        },
        legend: |plot| match plot {
            Plot::Tradeoff(t) => tradeoff_legend(t),
            _ => Vec::new(),
        },
        own: None,
    };

    /// The requests' distributions and timelines.
    pub const REQUESTS: Painter = Painter {
        draw: |area, plot, theme| match plot {
            Plot::Cdf(cdf) => draw_cdf_plot(area, cdf, theme),
            Plot::Timeline(t) => draw_timeline_plot(area, t, theme),
            _ => Err(NOT_MINE.into()),
        },
        tip: |plot, group, item, files| match plot {
            Plot::Cdf(_) | Plot::Timeline(_) => plot.tip(group, item, files),
            _ => None,
        },
        legend: |plot| match plot {
            Plot::Cdf(_) | Plot::Timeline(_) => plot_legend(plot),
            _ => Vec::new(),
        },
        own: Some(own_control),
    };

    /// Lines against load with the goodput objective's controls.
    pub const GOODPUT: Painter = Painter { own: Some(own_control), ..Painter::LINES };

    /// Any kind: for the views whose charts are bars, dots and scatters (each in its chunk).
    pub const ANY: Painter = Painter {
        draw: |area, plot, theme| draw_plot(area, plot, theme),
        tip: |plot, group, item, files| plot.tip(group, item, files),
        legend: plot_legend,
        own: None,
    };
}

/// A panel's model, rebuilt when what `build` reads changes. Its rebuilds are not compared
/// with the last one (a panel changes only when what it reads does, and each part below
/// keeps its elements when its words are the same): a deep comparison, with the clones
/// per figure it needed, was 2.9 KB gzip of the first download, measured.
pub fn panel_model(build: impl Fn() -> Panel + Send + Sync + 'static) -> Memo<Panel> {
    Memo::new_with_compare(move |_| build(), |_, _| true)
}

/// The chart of the model's figure `index` (its id and height as the model first said).
fn figure_spec(
    page: PageState,
    study: &Study,
    model: Memo<Panel>,
    (first, index): ((ChartId, Height), usize),
    painter: Painter,
) -> ChartSpec {
    let draw = Arc::new(move |area: &Area<'_>, theme| {
        model.with(|m| m.figures.get(index).map(|f| (painter.draw)(area, &f.plot, theme))).unwrap_or_else(|| Ok(Default::default()))
    });
    let tip = {
        let study = study.clone();
        Arc::new(move |mark: Mark| {
            untrack(|| {
                page.files(&study, |files| {
                    model.with(|m| (painter.tip)(&m.figures.get(index)?.plot, mark.group, mark.item as usize, files))
                })
            })
        })
    };
    let summary = Signal::derive(move || model.with(|m| m.figures.get(index).map(|f| f.summary.clone()).unwrap_or_default()));
    let export = {
        let study = study.clone();
        Arc::new(move || {
            model.with_untracked(|m| {
                let Some(f) = m.figures.get(index) else { return ExportText::default() };
                ExportText {
                    title: f.export.title.clone(),
                    legend: (painter.legend)(&f.plot),
                    notes: f.export.notes.clone(),
                    footer: if f.export.compared { footer_with_compared(page, &study) } else { footer(page, &study) },
                    stem: f.export.stem.clone(),
                }
            })
        })
    };
    let height = match first.1 {
        Height::Fitted(base) => chart_height(page, base),
        Height::Fixed(px) => Signal::stored(px),
    };
    ChartSpec { id: first.0, draw, tip, summary, export, height }
}

/// The model's tables, each in its block (hidden in an embed that shows a chart): their
/// class and words for a missing table as the model first said.
fn tables(study: &Study, model: Memo<Panel>, first: Vec<(&'static str, Option<&'static str>, bool)>) -> impl IntoView {
    first
        .into_iter()
        .enumerate()
        .map(|(i, (class, absent, later))| {
            let table = Signal::derive(move || model.with(|m| m.tables.get(i).and_then(|p| p.table.clone())));
            let sources = Signal::derive(move || model.with(|m| m.tables.get(i).map(|p| p.sources.clone()).unwrap_or_default()));
            let notes = Signal::derive(move || model.with(|m| m.tables.get(i).map(|p| p.notes.clone()).unwrap_or_default()));
            let stem = Signal::derive(move || model.with(|m| m.tables.get(i).map(|p| p.stem.clone()).unwrap_or_default()));
            view! { <TableBlock table=table study=study.clone() sources=sources notes=notes stem=stem class=class absent=absent later=later/> }
        })
        .collect_view()
}

/// A panel as its model says. The parts a model has at first are the parts it keeps (its
/// file does not change under it); what each part says follows the model.
#[component]
pub fn PanelView(
    /// The study.
    study: Study,
    /// The panel, rebuilt by the view when what it reads changes.
    model: Memo<Panel>,
    /// The chart functions its figures need.
    painter: Painter,
) -> impl IntoView {
    let page = page();
    // What the panel is made of, as its model first says: read, not cloned whole.
    let (inline_head, class, has_controls, figure_ids, table_parts) = model.with_untracked(|m| {
        let figures: Vec<_> = m.figures.iter().map(|f| (f.id, f.height)).collect();
        let tables: Vec<_> = m.tables.iter().map(|t| (t.class, t.absent, t.later)).collect();
        (m.inline_head, m.class.clone(), !m.controls.is_empty(), figures, tables)
    });
    let heading = move || model.with(|m| m.heading.clone());
    let links = Memo::new(move |_| model.with(|m| m.links.clone()));
    let notes = Memo::new(move |_| model.with(|m| m.notes.clone()));
    let after = Memo::new(move |_| model.with(|m| m.after.clone()));
    let tail = Memo::new(move |_| model.with(|m| m.tail.clone()));
    let files = Memo::new(move |_| model.with(|m| m.files.clone()));
    let chips = Memo::new(move |_| model.with(|m| m.key.as_ref().map(|k| k.chips.clone())));
    let not_measured = Signal::derive(move || model.with(|m| m.key.as_ref().map(|k| k.not_measured.clone()).unwrap_or_default()));
    let absent = Signal::derive(move || model.with(|m| m.key.as_ref().map(|k| k.absent.clone())));
    let key = move || {
        let files = files.get();
        let key = (!files.is_empty()).then(|| view! { <FileKey entries=files/> });
        let chips = chips.get().map(|chips| view! { <EngineChips chips=chips not_measured=not_measured absent_words=absent/> });
        view! { {key} {chips} }
    };
    let figures = figure_ids
        .into_iter()
        .enumerate()
        .map(|(i, f)| view! { <ChartFigure spec=figure_spec(page, &study, model, (f, i), painter)/> })
        .collect_view();
    let hidden = move || page.link.embed.get() && model.with(|m| m.hidden_in_embed(page.link.chart.get()));
    let links = move || links.get().into_iter().map(|l| view! { <p>{link_view(l)}</p> }).collect_view();
    let (s1, s2, s3) = (study.clone(), study.clone(), study.clone());
    let body = view! {
        <Notes notes=notes study=s1/>
        {key}
        {figures}
        <Notes notes=after study=s2/>
        {tables(&study, model, table_parts)}
        <Notes notes=tail study=s3/>
    };
    if inline_head {
        view! {
            <div class=class>
                <div class="chart-head"><h2>{heading}</h2><Controls model=model own=painter.own/></div>
                {body}
            </div>
        }
        .into_any()
    } else {
        let controls = has_controls.then(|| view! { <div class="controls"><Controls model=model own=painter.own/></div> });
        view! {
            <section class=class class:embed-hidden=hidden>
                <h2>{heading}</h2>
                {links}
                {controls}
                {body}
            </section>
        }
        .into_any()
    }
}

/// End the wait behind a pre-rendered view that has no chart to end it (`core::views::
/// boot_waits`): once this view is on the page, it is what shows.
pub fn ends_the_boot() {
    let page = page();
    Effect::new(move |_| {
        if page.booting.get_untracked() {
            page.booting.set(false);
        }
    });
}

/// A bar view (prefill or KV cache) for the link's engines (`core::views::bars`).
pub fn bars_panel(study: Study, view: crate::core::link::View) -> AnyView {
    let page = page();
    let model = {
        let study = study.clone();
        panel_model(move || crate::core::views::bars::bars_view(&study.results, view, &page.link.engine_filter()))
    };
    view! { <PanelView study=study model=model painter=Painter::ANY/> }.into_any()
}
