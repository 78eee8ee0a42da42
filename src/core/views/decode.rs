//! The decode view as one `Panel`: aggregate output tok/s against concurrency (every
//! compared file's lines too), the file's unit and method text beside it, and the numbers in
//! a table under it.

use super::layout::SERVING_CHART_HEIGHT;
use super::panel::{stem, study_line, Control, ExportWords, Figure, File, Height, Key, LineTips, Lines, Note, Panel, Plot, TablePart};
use crate::core::display::chart_words::{decode_y_title, DECODE_ABSENT, DECODE_HEADING, DECODE_UNIT};
use crate::core::display::compare::{compare_decode_series, file_tags, mark_files};
use crate::core::display::legend::chips_for;
use crate::core::display::series::{concurrency_ticks, decode_series, describe_lines};
use crate::core::display::tables::decode_table;
use crate::core::link::{sources_behind, ChartId, EngineFilter, Scale, SeriesInputs, View};
use crate::core::study::contents::Block;
use crate::core::study::model::{LoadAxis, Results};

/// The decode panel for the link's engines and scale (`series` also gives the sources
/// behind the table); for a study with no decode row, what the file says of its block.
pub fn decode(files: &[File<'_>], series: &SeriesInputs, scale: Scale) -> Panel {
    let Some(study) = files.first() else { return Panel::new(View::Decode, "panel", DECODE_TITLE) };
    decode_of(files, series, scale).unwrap_or_else(|| Panel::absent(View::Decode, DECODE_TITLE, study.results, Block::Decode))
}

/// The decode view's heading where the file has no decode row.
const DECODE_TITLE: &str = "Decode throughput";

fn decode_of(files: &[File<'_>], series: &SeriesInputs, scale: Scale) -> Option<Panel> {
    let study = files.first()?;
    let decode = study.results.decode().filter(|d| !d.rows.is_empty())?;
    let filter = EngineFilter { engines: series.engines.clone() };
    let mut lines = decode_series(study.results, &filter);
    for line in &mut lines {
        let sources = decode.rows.iter().find(|r| r.id == line.id).map(|r| r.sources.as_slice()).unwrap_or(&[]);
        line.flagged = study.any_mismatched(sources.iter().map(String::as_str));
    }
    let results: Vec<&Results> = files.iter().map(|f| f.results).collect();
    let tags = file_tags(&results);
    for (k, other) in results.iter().enumerate().skip(1) {
        lines.extend(compare_decode_series(study.results, other, k, &tags[k], &filter));
    }
    mark_files(&mut lines, &results);
    let unit = decode.unit.clone().unwrap_or_else(|| DECODE_UNIT.into());
    let mut panel = Panel::new(View::Decode, "panel decode", DECODE_HEADING);
    panel.controls.push(Control::Scale { label: "Scale", drawn: scale });
    panel.notes.push(Note::Text("unit", format!("Unit: {unit}")));
    let missing = study.results.engines().iter().filter(|e| !decode.rows.iter().any(|r| r.id == e.id)).map(|e| e.id.clone()).collect();
    panel.key = Some(Key { chips: chips_for(study.results, &results[1..]), not_measured: missing, absent: DECODE_ABSENT.into() });
    let summary = describe_lines(&lines, &unit, LoadAxis::Concurrency, false);
    let plot = Lines {
        y_title: decode_y_title(decode.unit.as_deref()),
        load: LoadAxis::Concurrency,
        ticks: concurrency_ticks(results.iter().copied()),
        series: lines,
        scale,
        seconds: false,
        reference: None,
        tips: LineTips::Decode,
    };
    let export = ExportWords {
        title: format!("{} · decode · {unit}", study_line(study.results)),
        notes: Vec::new(),
        stem: stem(View::Decode, &[]),
        compared: true,
    };
    panel.figures.push(Figure {
        id: ChartId::Decode,
        plot: Plot::Lines(plot),
        summary,
        height: Height::Fitted(SERVING_CHART_HEIGHT),
        export,
    });
    if let Some(method) = &decode.method {
        panel.after.push(Note::Method("Method".into(), method.clone()));
    }
    let table = decode_table(study.results, &filter, study.statuses);
    panel.tables.push(TablePart::new(table, sources_behind(study.results, series, View::Decode), stem(View::Decode, &[])));
    Some(panel)
}
