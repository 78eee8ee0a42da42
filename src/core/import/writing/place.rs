//! One engine's files, read and placed: each file read by its tool's importer and copied
//! (its copy's name taken by no other file of the study), a run's per-request file paired
//! with its summary, the publisher's load given to runs whose files record none, and every
//! run placed as a cell at its lengths and load.

use super::cells::{cell_of, place, Placed, PlacedRequests};
use super::doc::{EngineDoc, SourceDoc};
use super::lengths::{lengths, one_workload_per_dataset, Sized};
use crate::core::basics::format::plural;
use crate::core::import::given::FileRead;
use crate::core::import::given::{sweep_name, EngineGroup, WrittenFile, RESULTS};
use crate::core::import::pairing::{pair, ReadFile};
use crate::core::import::{read_file, ImportError, ImportWarning, Load, Run, Tool};
use crate::core::measures::requests::table_name;
use crate::core::provenance::sha256_hex;

/// What the study being written has gathered from its engines so far.
#[derive(Default)]
pub(in crate::core::import) struct Gathered {
    /// Caveats and what was left out.
    pub warnings: Vec<ImportWarning>,
    /// Every cell placed.
    pub placed: Vec<Placed>,
    /// The copies of the tools' files.
    pub copies: Vec<WrittenFile>,
    /// Their sources.
    pub sources: Vec<SourceDoc>,
    /// The engines.
    pub engines: Vec<EngineDoc>,
    /// Each engine in a line, for the method text.
    pub described: Vec<String>,
    /// Dates the files record.
    pub dates: Vec<String>,
    /// Some cell's power came from a Benchmark Report's observability, not a tool's telemetry.
    pub power_from_reports: bool,
    /// Some cell's power came from a tool's GPU telemetry.
    pub power_from_telemetry: bool,
    /// What each file gave.
    pub read: Vec<FileRead>,
    /// No engine states its GPU count: throughput is per endpoint.
    pub per_endpoint: bool,
    /// Some engine's GPU count came from its files, not the publisher.
    pub gpus_from_files: bool,
    /// The hardware the runs name (each once), and whether some run names none.
    pub hardware: (Vec<String>, bool),
}

fn basename(name: &str) -> &str {
    name.rsplit(['/', '\\']).next().unwrap_or(name)
}

/// A file of the group, read: its name as given, its copy's name, what it held.
pub(in crate::core::import) struct GroupFile {
    name: String,
    copy: String,
}

impl GroupFile {
    /// The file's name as given.
    pub(in crate::core::import) fn name(&self) -> &str {
        &self.name
    }
}

/// Read an engine's files (in name order, so the study does not depend on the order they
/// were given), copy each, pair per-request files with their summaries and give the
/// publisher's load to runs that record none.
pub(in crate::core::import) fn read_group(
    group: &EngineGroup,
    groups: &[EngineGroup],
    gathered: &mut Gathered,
) -> Result<Vec<(GroupFile, crate::core::import::Imported)>, ImportError> {
    let mut files: Vec<&(String, Vec<u8>)> = group.files.iter().collect();
    files.sort_by(|a, b| a.0.cmp(&b.0));
    let mut read: Vec<ReadFile> = Vec::new();
    let mut copies: Vec<String> = Vec::new();
    for (name, bytes) in files {
        read.push((name.clone(), read_file(name, bytes, group.tool)?));
        // A file already named after its engine keeps its name (never `fastbatch-fastbatch-c1.json`).
        let base = basename(name);
        let mut copy = if base.starts_with(&format!("{}-", group.id)) { base.to_owned() } else { format!("{}-{base}", group.id) };
        let mut k = 2;
        // Never a name another file of the study takes: another copy, a sweep, a table, the results.
        let taken = |c: &str| {
            c == RESULTS
                || gathered.copies.iter().any(|w| w.name == c)
                || copies.iter().any(|w| w == c)
                || groups.iter().any(|o| sweep_name(&o.id) == c || table_name(&o.id) == c)
        };
        while taken(&copy) {
            copy = format!("{}-{k}-{}", group.id, basename(name));
            k += 1;
        }
        let original = if name.starts_with('/') || name.contains(':') { basename(name) } else { name.as_str() };
        gathered.sources.push(SourceDoc { file: copy.clone(), original_path: Some(original.to_owned()), sha256: sha256_hex(bytes) });
        gathered.copies.push(WrittenFile { name: copy.clone(), bytes: bytes.clone() });
        copies.push(copy);
    }
    pair(&mut read, group.same_run)?;
    let mut out = Vec::new();
    for ((name, mut imported), copy) in read.into_iter().zip(copies) {
        imported.place_at(&name, group.given_load());
        imported.check_placeable(&name)?;
        let skipped: Vec<String> = imported.runs.iter().filter_map(|r| Load::of(r).err()).collect();
        gathered.read.push(FileRead {
            file: name.clone(),
            tool: imported.tool.title(),
            runs: imported.runs.len() + imported.paired,
            skipped,
            paired: imported.paired,
            warmup: imported.warmup,
        });
        gathered.warnings.append(&mut imported.warnings);
        out.push((GroupFile { name, copy }, imported));
    }
    Ok(out)
}

/// What an engine's runs name besides their cells: the tools, models, methods and
/// experiments (Benchmark Reports of one experiment share a `run.eid`), each once.
#[derive(Default)]
struct Named {
    tools: Vec<Tool>,
    models: Vec<String>,
    methods: Vec<String>,
    experiments: Vec<String>,
}

impl Named {
    fn note(&mut self, run: &Run) {
        if let Some(m) = run.model.as_ref().filter(|m| !self.models.contains(m)) {
            self.models.push(m.clone());
        }
        if let Some(m) = run.method.as_ref().filter(|m| !self.methods.contains(m)) {
            self.methods.push(m.clone());
        }
        for (_, eid) in run.labels.iter().filter(|(k, _)| k == "run.eid") {
            if !self.experiments.contains(eid) {
                self.experiments.push(eid.clone());
            }
        }
    }
}

/// Place every run of an engine's files as a cell; describe the engine.
pub(in crate::core::import) fn place_group(
    g: usize,
    group: &EngineGroup,
    split: Option<&(String, String)>,
    files: Vec<(GroupFile, crate::core::import::Imported)>,
    gathered: &mut Gathered,
) -> Result<(), ImportError> {
    let mut named = Named::default();
    let source = files.first().map(|(f, _)| f.copy.clone());
    let copy_of = |name: &str| files.iter().find(|(f, _)| f.name == name).map_or_else(|| name.to_owned(), |(f, _)| f.copy.clone());
    // First every run's lengths, so runs of one dataset with no nominal length share one
    // workload (their measured means label it, never split it); then the cells.
    let mut sized: Vec<Sized<'_>> = Vec::new();
    for (file, imported) in &files {
        named.tools.push(imported.tool);
        for run in &imported.runs {
            let Ok(load) = Load::of(run) else { continue };
            if let Some((key, value)) = split {
                if !run.labels.iter().any(|(k, v)| k == key && v == value) {
                    continue;
                }
            }
            let at = if run.entry.is_empty() { file.name.clone() } else { format!("{} {}", file.name, run.entry) };
            let lengths = lengths(group, &file.name, run, imported.tool.title(), &at, &mut gathered.warnings)?;
            sized.push(Sized { file, tool: imported.tool, run, load, lengths });
        }
    }
    one_workload_per_dataset(&mut sized);
    for Sized { file, tool, run, load, lengths: (isl, osl) } in sized {
        note_power(group, &file.name, run, tool, gathered);
        gathered.dates.extend(run.date.clone());
        match &run.hardware {
            Some(h) if !gathered.hardware.0.contains(h) => gathered.hardware.0.push(h.clone()),
            Some(_) => {}
            None => gathered.hardware.1 = true,
        }
        named.note(run);
        let cell = cell_of(run, load, isl, osl, group.stated_gpus());
        note_load(&file.name, run, &cell, &mut gathered.warnings);
        let from = format!("{} {}", file.copy, run.entry).trim_end().to_owned();
        let requests = run.requests.as_ref().map(|r| {
            let from = match &r.file {
                Some((name, entry)) => format!("{} {entry}", copy_of(name)).trim_end().to_owned(),
                None => from.clone(),
            };
            PlacedRequests { trial: run.trial, requests: r.clone(), from }
        });
        let new = Placed {
            engine: g,
            key: (isl, osl),
            load,
            cell,
            from,
            trials: Vec::new(),
            labels: run.labels.clone(),
            requests: requests.into_iter().collect(),
            read_as: group.tool,
        };
        place(&mut gathered.placed, new, run.trial, &group.id)?;
    }
    describe_group(group, named, source, gathered);
    Ok(())
}

/// A load generator that sent less than 90 % of the rate offered is said, with both rates and
/// the completion rate beside them: the cell measured a lighter load than its level.
fn note_load(file: &str, run: &Run, cell: &crate::core::study::model::Cell, warnings: &mut Vec<ImportWarning>) {
    let mut say =
        |message: String| warnings.push(ImportWarning { file: file.to_owned(), entry: run.entry.clone(), message: message.into() });
    // Fewer requests than the concurrency: the load never had that many in flight.
    if let (Some(conc), Some(n)) = (cell.conc.filter(|_| !cell.burst), cell.n) {
        let sent = n + cell.errors.unwrap_or(0.0);
        if sent < f64::from(conc) {
            say(format!(
                "only {sent} requests at concurrency {conc}: the run never had {conc} in flight, so its figures are of a lighter load"
            ));
        }
    }
    // A tool's own achieved rate that its counts and wall time contradict (more than 2× apart).
    if let (Some(rate), Some(n), Some(wall)) = (cell.req_s_achieved, cell.n, cell.wall_s.filter(|w| *w > 0.0)) {
        let counted = n / wall;
        if counted > 0.0 && (rate / counted > 2.0 || counted / rate > 2.0) {
            say(format!(
                "its achieved request rate, {} req/s, contradicts its {n} completed requests in {} s ({} req/s): one of them is not what the run did",
                crate::core::basics::format::readable(rate),
                crate::core::basics::format::readable(wall),
                crate::core::basics::format::readable(counted)
            ));
        }
    }
    let (Some(sent), Some(offered)) = (cell.rate_sent_rps, cell.rate_rps) else { return };
    let share = sent / offered;
    if share >= crate::core::study::model::SENT_SHARE_MIN {
        return;
    }
    use crate::core::basics::format::rate_words;
    let completed = cell.req_s_achieved.map_or_else(String::new, |c| format!("; {} req/s completed", rate_words(c)));
    say(format!(
        "the load generator sent {} of {} req/s offered ({:.0} %){completed}: the cell ran a lighter load than its level says, and the page marks it",
        rate_words(sent),
        rate_words(offered),
        share * 100.0
    ));
}

/// Whether a run's power reading is per GPU: the telemetry saw as many GPUs as were given
/// (else a warning, and no power written rather than guessed).
fn note_power(group: &EngineGroup, file: &str, run: &Run, tool: Tool, gathered: &mut Gathered) {
    let (Some((_, seen)), Some(gpus)) = (run.power, group.stated_gpus()) else { return };
    if seen == gpus as usize {
        if tool == Tool::BenchmarkReport {
            gathered.power_from_reports = true;
        } else {
            gathered.power_from_telemetry = true;
        }
    } else {
        gathered.warnings.push(ImportWarning {
            file: file.to_owned(),
            entry: run.entry.clone(),
            message: format!(
                "the GPU telemetry saw {seen} GPUs, but {} were given: power per GPU is not written (not measured) rather than guessed",
                group.gpus
            )
            .into(),
        });
    }
}

/// The engine's line in the study's description, its warnings (several experiments or
/// models in one engine), and its entry with the checkpoint its files name unless the
/// publisher gave one.
fn describe_group(group: &EngineGroup, mut named: Named, source: Option<String>, gathered: &mut Gathered) {
    named.tools.dedup();
    let lengths_words = match (group.isl, group.osl) {
        (Some(_), Some(_)) => "lengths given by the publisher".to_owned(),
        _ => "nominal lengths as the tool recorded them".to_owned(),
    };
    let tool_names: Vec<&str> = named.tools.iter().map(|t| t.title()).collect();
    let gpus_words = match group.stated_gpus() {
        Some(g) if group.gpus_from_files => format!("{g} GPU{} (as the files record)", plural(g as usize, "", "s")),
        Some(g) => format!("{g} GPU{}", plural(g as usize, "", "s")),
        None => "GPUs not stated".to_owned(),
    };
    named.methods.dedup();
    let methods: String = named.methods.iter().map(|m| format!(", {m}")).collect();
    gathered.described.push(format!(
        "{} — {}, {} file{}, {gpus_words}, {lengths_words}{methods}",
        group.label,
        tool_names.join(" and "),
        group.files.len(),
        plural(group.files.len(), "", "s"),
    ));
    let (experiments, models) = (&named.experiments, &named.models);
    if experiments.len() > 1 {
        gathered.warnings.push(ImportWarning {
            file: format!("engine `{}`", group.id),
            entry: String::new(),
            message: crate::said![
                format!(
                    "its Benchmark Reports come from {} experiments (run.eid {}): an engine's cells should be one experiment's sweep; give each experiment ",
                    experiments.len(),
                    experiments.join(", ")
                ),
                crate::core::import::ask::Piece::Name(crate::core::import::ask::Ask::Engine)
            ],
        });
    }
    // Files naming several models in one engine are said (one engine is one model).
    if models.len() > 1 {
        gathered.warnings.push(ImportWarning {
            file: format!("engine `{}`", group.id),
            entry: String::new(),
            message: format!(
                "its files name {} different models ({}): one engine should be one model and checkpoint",
                models.len(),
                models.join(", ")
            )
            .into(),
        });
    }
    let checkpoint = match (&group.checkpoint, models.as_slice()) {
        (Some(c), _) => Some(c.clone()),
        (None, [only]) => Some(only.clone()),
        _ => None,
    };
    gathered.engines.push(EngineDoc { id: group.id.clone(), label: group.label.clone(), checkpoint, source });
}
