//! The serving and energy explorers, and the overview's chart: any metric against load in
//! one workload, with every compared file's lines, as one `Panel` both renderers draw —
//! the heading (in seconds where the chart reads so, the pair under `pct=both`, the ratio
//! base), the controls, the definition and notices, the key, the chart, the method texts
//! and the table.

use super::layout::{CHART_HEIGHT, SERVING_CHART_HEIGHT};
use super::panel::{
    stem, study_line, Control, ExportWords, Figure, File, Goes, Height, Key, LineTips, Lines, Link, Note, Panel, Pick, Plot, Sets, Slot,
    TablePart,
};
use crate::core::display::chart_words::{price_note, ratio_base, ServingAxis, ENERGY_TRADEOFF_LINK, SERVING_MARKER_NOTE};
use crate::core::display::compare::{compare_series, file_key, file_tags, find_workload, mark_files, other_axis_notes};
use crate::core::display::legend::{absent_words, chips_for};
use crate::core::display::series::{
    cell_at, describe_lines, in_seconds, load_ticks, reads_in_seconds, serving_series, usable_scale, Series,
};
use crate::core::display::tables::serving_table;
use crate::core::link::{
    chosen_workload, metric_for, metric_options, relative_options, sources_behind, workload_key, workload_options, ChartId, Scale,
    SeriesInputs, View,
};
use crate::core::measures::cost::FORMULA;
use crate::core::measures::metric::Metric;
use crate::core::study::contents::Block;
use crate::core::study::model::{LoadAxis, Results, Serving, Workload};

/// What the link sets a serving chart by.
#[derive(Clone, Debug, PartialEq)]
pub struct ServingInputs {
    /// The series inputs (`vs` is not applied on the overview).
    pub series: SeriesInputs,
    /// `scale=`.
    pub scale: Scale,
}

/// "Serving: TTFT p99 (s) against concurrency, as a ratio to vLLM" (or "Energy: …").
pub fn heading(view: View, axis: &ServingAxis, load: LoadAxis) -> String {
    let title = if view == View::Energy { "Energy" } else { "Serving" };
    let what = if axis.both { axis.metric.pair_axis_title() } else { axis.metric.title_in(axis.per).to_owned() };
    let what = if axis.seconds { in_seconds(&what) } else { what };
    let relative = axis.relative.as_ref().map(|l| format!(", as a ratio to {l}")).unwrap_or_default();
    format!("{title}: {what} against {}{relative}", load.noun())
}

/// The method texts an explorer shows under its chart, `(label, text)`, those the file has.
pub fn method_texts(view: View, serving: &Serving) -> Vec<(&'static str, String)> {
    let texts = match view {
        View::Energy => vec![("Power", &serving.power_unit), ("Energy", &serving.energy_unit), ("Sample limits", &serving.sample_limits)],
        _ => vec![("Sample limits", &serving.sample_limits), ("Selection", &serving.selection)],
    };
    texts.into_iter().filter_map(|(k, v)| v.clone().map(|v| (k, v))).collect()
}

/// The overview chart's heading: "Output tok/s per GPU against concurrency · ISL 1024 / OSL
/// 1024" ("for the endpoint" where the runs state no GPUs).
pub fn overview_heading(workload: &Workload) -> String {
    // Capitalised by hand: `char::to_uppercase` brings Unicode's case tables, 13 KB of the
    // first download's wasm (measured).
    let what = match Metric::OutTokS.title_in(workload.per).strip_prefix("output") {
        Some(rest) => format!("Output{rest}"),
        None => Metric::OutTokS.title_in(workload.per).to_owned(),
    };
    format!("{what} against {} · {}", workload.load.noun(), workload.name())
}

/// What a serving chart draws, and what the panel around it says of it.
struct Drawn {
    figure: Figure,
    axis: ServingAxis,
    not_measured: Vec<String>,
    reference_missing: Option<String>,
}

/// The study's lines for `metric` in `w`, each flagged where a source behind it mismatched.
fn study_lines(file: &File<'_>, w: &Workload, metric: Metric, inputs: &SeriesInputs) -> crate::core::display::series::ServingSeries {
    let mut lines = serving_series(file.results, w, metric, inputs);
    for line in &mut lines.series {
        let sources = line.points.iter().filter_map(|&(c, _)| cell_at(w, &line.id, c).and_then(|cell| cell.source.as_deref()));
        line.flagged = file.any_mismatched(sources);
    }
    lines
}

/// The serving chart of `view` for `metric` in workload `w`: the study's lines and every
/// compared file's of the same workload (told apart by line style), on this workload's levels
/// and theirs.
fn serving_figure(view: View, files: &[File<'_>], w: &Workload, metric: Metric, inputs: &ServingInputs) -> Option<Drawn> {
    let study = files.first()?;
    let mut series_inputs = inputs.series.clone();
    // The overview states findings as measured and has no "Relative to" control: a `vs`
    // carried from another view stays in the link for the views that use it.
    if view == View::Overview {
        series_inputs.vs = None;
    }
    let lines = study_lines(study, w, metric, &series_inputs);
    let results: Vec<&Results> = files.iter().map(|f| f.results).collect();
    let tags = file_tags(&results);
    let key = workload_key(w);
    let mut series = lines.series.clone();
    for (k, other) in results.iter().enumerate().skip(1) {
        series.extend(compare_series(study.results, other, k, &tags[k], key, metric, &series_inputs));
    }
    mark_files(&mut series, &results);
    let ticks = load_ticks(std::iter::once(w).chain(results.iter().skip(1).filter_map(|r| find_workload(r, key))));
    let relative = ratio_base(study.results, view, series_inputs.vs.as_deref(), lines.reference_missing.as_deref());
    let seconds = reads_in_seconds(&series, relative.is_some());
    let axis = ServingAxis {
        metric,
        both: series_inputs.pct_both && metric.is_percentile(),
        seconds,
        relative,
        per: study.results.throughput_per(),
    };
    let y_title = axis.y_title();
    let (id, height) = match view {
        View::Overview => (ChartId::Overview, CHART_HEIGHT),
        View::Energy => (ChartId::Energy, SERVING_CHART_HEIGHT),
        _ => (ChartId::Serving, SERVING_CHART_HEIGHT),
    };
    let export = ExportWords {
        title: axis.export_title(&study_line(study.results), &w.name()),
        notes: price_note(metric, &series_inputs.prices).into_iter().collect(),
        stem: stem(view, &[w.key(), metric.as_str().to_owned()]),
        compared: true,
    };
    let summary = describe_lines(&series, &y_title, w.load, seconds);
    let plot = Lines {
        y_title,
        load: w.load,
        ticks,
        series,
        scale: inputs.scale,
        seconds,
        reference: None,
        tips: LineTips::Serving { workload: key, inputs: series_inputs },
    };
    let figure = Figure { id, plot: Plot::Lines(plot), summary, height: Height::Fitted(height), export };
    Some(Drawn { figure, axis, not_measured: lines.not_measured, reference_missing: lines.reference_missing })
}

/// The key over a serving chart: every file's engines, and those with nothing drawn (a
/// compared file's own engine with no line here included).
fn serving_key(files: &[File<'_>], figure: &Figure, not_measured: &[String], metric: Metric, inputs: &SeriesInputs) -> Key {
    let others: Vec<&Results> = files.iter().skip(1).map(|f| f.results).collect();
    let chips = files.first().map(|f| chips_for(f.results, &others)).unwrap_or_default();
    let drawn: Vec<&str> = match &figure.plot {
        Plot::Lines(lines) => lines.series.iter().map(|l| l.id.as_str()).collect(),
        _ => Vec::new(),
    };
    let mut ids = not_measured.to_vec();
    ids.extend(chips.iter().filter(|c| c.compared_only && !drawn.contains(&c.id.as_str())).map(|c| c.id.clone()));
    Key { chips, not_measured: ids, absent: absent_words(metric, &inputs.prices).to_owned() }
}

/// The explorer of `view` (serving or energy); for a study with no serving cell, what the
/// file says of its block.
pub fn explorer(view: View, files: &[File<'_>], inputs: &ServingInputs) -> Panel {
    let title = if view == View::Energy { "Energy" } else { "Serving" };
    let absent = |f: &File<'_>| Panel::absent(view, title, f.results, Block::Serving);
    let Some(study) = files.first() else { return Panel::new(view, "panel", title) };
    match explorer_of(view, files, inputs) {
        Some(panel) => panel,
        None => absent(study),
    }
}

fn explorer_of(view: View, files: &[File<'_>], inputs: &ServingInputs) -> Option<Panel> {
    let study = files.first()?;
    let serving = study.results.serving().filter(|s| !s.workloads.is_empty())?;
    let metric = metric_for(view, &inputs.series);
    let w = chosen_workload(study.results, inputs.series.workload)?;
    let drawn = serving_figure(view, files, w, metric, inputs)?;
    let mut panel = Panel::new(view, format!("panel explorer {}", view.as_str()), heading(view, &drawn.axis, w.load));
    if view == View::Energy {
        panel.links.push(Link { words: ENERGY_TRADEOFF_LINK.into(), to: Goes::Showing(View::Energy, Some(ChartId::Tradeoff)) });
    }
    let log_refused = inputs.scale == Scale::Log && refuses_log(&drawn.figure);
    panel.controls = explorer_controls(view, study.results, w, metric, inputs, log_refused);
    panel.notes = explorer_notes(files, w, &drawn, log_refused);
    if files.len() > 1 {
        let results: Vec<&Results> = files.iter().map(|f| f.results).collect();
        panel.files = file_key(&results);
    }
    panel.key = Some(serving_key(files, &drawn.figure, &drawn.not_measured, metric, &inputs.series));
    // The metric's definition under the chart, as its caption: its length differs by metric
    // (three lines for a latency, one for throughput), and above the chart it moved the chart
    // at each choice (QA pass 4, F27). The cost's is said in full with its boundary.
    if metric == Metric::CostPerMtok {
        panel.after.push(Note::Slot(Slot::PriceNotes));
    } else {
        panel.after.push(Note::Text("definition", metric.definition(serving, drawn.axis.seconds)));
    }
    panel.after.push(Note::Text("legend-note", legend_note(drawn.axis.both, files.len() > 1)));
    panel.after.extend(method_texts(view, serving).into_iter().map(|(k, v)| Note::Method(k.into(), v)));
    panel.tables.push(explorer_table(view, study, w, metric, &inputs.series, &drawn.axis));
    panel.figures.push(drawn.figure);
    Some(panel)
}

/// Whether a log axis cannot draw the figure's lines: a shown value is zero or negative.
fn refuses_log(figure: &Figure) -> bool {
    match &figure.plot {
        Plot::Lines(lines) => usable_scale(lines.series.iter().flat_map(Series::measured).map(|(_, v)| v), Scale::Log) == Scale::Lin,
        _ => false,
    }
}

fn explorer_controls(
    view: View,
    results: &Results,
    w: &Workload,
    metric: Metric,
    inputs: &ServingInputs,
    log_refused: bool,
) -> Vec<Control> {
    let per = results.throughput_per();
    let metrics = metric_options(view, &inputs.series).iter().map(|m| (m.as_str().to_owned(), m.choice_label_in(per).to_owned())).collect();
    let mut controls = vec![
        Control::Pick(Pick { sets: Sets::Workload, options: workload_options(results), selected: w.key() }),
        Control::Pick(Pick { sets: Sets::Metric, options: metrics, selected: metric.as_str().to_owned() }),
        Control::Scale { label: "Scale", drawn: if log_refused { Scale::Lin } else { inputs.scale } },
    ];
    controls.push(Control::BothPercentiles { checked: inputs.series.pct_both, applies: metric.is_percentile() });
    let vs = inputs.series.vs.clone().unwrap_or_default();
    controls.push(Control::Pick(Pick { sets: Sets::Relative, options: relative_options(results), selected: vs }));
    if metric == Metric::CostPerMtok {
        controls.push(Control::Prices);
    }
    controls
}

fn explorer_notes(files: &[File<'_>], w: &Workload, drawn: &Drawn, log_refused: bool) -> Vec<Note> {
    let mut notes = Vec::new();
    if log_refused {
        notes.push(Note::Notice(
            "",
            "Log scale refused: a shown value is a measured zero (or not positive), which a log axis cannot show. Drawn linear.".into(),
        ));
    }
    if let Some(id) = &drawn.reference_missing {
        let label = files.first().and_then(|f| f.results.engine(id)).map_or(id.clone(), |e| e.label.clone());
        notes.push(Note::Notice(
            "",
            format!("Relative to {label}: it has nothing measured in this workload, so values are shown as measured."),
        ));
    }
    // A compared file that swept these lengths along the other axis is said, not drawn here.
    let results: Vec<&Results> = files.iter().map(|f| f.results).collect();
    notes.extend(other_axis_notes(&results, &file_tags(&results), workload_key(w)).into_iter().map(|n| Note::Notice("", n)));
    notes
}

/// How the serving chart's marks read, and its line styles.
fn legend_note(both: bool, compared: bool) -> String {
    let mut note = SERVING_MARKER_NOTE.to_owned();
    if both {
        note.push_str("Dashed lines: p99. ");
    }
    if compared {
        note.push_str("Dashed and dotted lines: the compared files (their engines keep their colours).");
    }
    note
}

fn explorer_table(view: View, study: &File<'_>, w: &Workload, metric: Metric, inputs: &SeriesInputs, axis: &ServingAxis) -> TablePart {
    let table = serving_table(study.results, w, metric, inputs, study.statuses);
    let mut notes = Vec::new();
    if let Some(label) = &axis.relative {
        notes.push(format!("values are ratios to {label} at the same {}", w.load.noun()));
    }
    if metric == Metric::CostPerMtok {
        notes.push(format!("prices: {}; {FORMULA}", inputs.prices.describe()));
    }
    let mut part =
        TablePart::new(Some(table), sources_behind(study.results, inputs, view), stem(view, &[w.key(), metric.as_str().to_owned()]));
    part.notes = notes;
    part.later = true;
    part
}

/// The overview's chart: output tok/s per GPU against load in the link's workload, with the
/// workload picker beside its heading, or `None` for a study with no serving cell.
pub fn overview_chart(files: &[File<'_>], inputs: &ServingInputs) -> Option<Panel> {
    let study = files.first()?;
    let w = chosen_workload(study.results, inputs.series.workload)?;
    let drawn = serving_figure(View::Overview, files, w, Metric::OutTokS, inputs)?;
    let mut panel = Panel::new(View::Overview, "overview-chart", overview_heading(w));
    panel.inline_head = true;
    panel.controls.push(Control::Pick(Pick { sets: Sets::Workload, options: workload_options(study.results), selected: w.key() }));
    let chips = chips_for(study.results, &[]);
    panel.key =
        Some(Key { chips, not_measured: drawn.not_measured, absent: absent_words(Metric::OutTokS, &inputs.series.prices).to_owned() });
    panel.figures.push(drawn.figure);
    Some(panel)
}
