//! A file as its tool's importer read it: the runs, placed at a load where they can be (the
//! file's own, or the one the publisher gives), and what was said about them.

use crate::core::import::ask::{Ask, Piece};
use crate::core::import::{ImportError, ImportWarning, Load, Run, Tool};
use crate::said;

/// A file read by its tool's importer.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    /// The tool.
    pub tool: Tool,
    /// The tool's layout, in words ("bench sweep summary, a list of runs").
    pub layout: &'static str,
    /// Every run, in file order (rate-driven ones included, with `conc: None`).
    pub runs: Vec<Run>,
    /// Caveats.
    pub warnings: Vec<ImportWarning>,
    /// Runs of requests alone that went to a summary of the same run given beside them.
    pub paired: usize,
    /// Records of the file left out as warm-up (AIPerf's `benchmark_phase` or
    /// `credit_phase` "warmup"): never counted.
    pub warmup: usize,
}

impl Imported {
    /// The runs that can be placed as cells (a concurrency, a rate or a burst).
    pub fn placeable(&self) -> Vec<&Run> {
        self.runs.iter().filter(|r| Load::of(r).is_ok()).collect()
    }

    /// What the file was read as, in a line: "vLLM bench serve (appended results, one per
    /// line), 3 runs (2 by concurrency, 1 by request rate)".
    pub fn read_as(&self) -> String {
        let loads: Vec<Load> = self.runs.iter().filter_map(|r| Load::of(r).ok()).collect();
        let by = |axis: crate::core::study::model::LoadAxis| loads.iter().filter(|l| l.axis() == axis).count();
        let (conc, rate) = (by(crate::core::study::model::LoadAxis::Concurrency), by(crate::core::study::model::LoadAxis::Rate));
        let runs = |n: usize| if n == 1 { "1 run".to_owned() } else { format!("{n} runs") };
        let how = match (conc, rate) {
            (_, 0) => format!("{} by concurrency", runs(conc)),
            (0, _) => format!("{} by request rate", runs(rate)),
            _ => format!("{} ({conc} by concurrency, {rate} by request rate)", runs(conc + rate)),
        };
        format!("{} ({}), {how}", self.tool.title(), self.layout)
    }
}

impl Imported {
    /// Place the runs whose file records no load at the load the publisher gives (`--conc N`,
    /// `--rate R`), saying whose word it is.
    pub fn place_at(&mut self, file: &str, given: Option<Load>) {
        let Some(load) = given else { return };
        for run in self.runs.iter_mut().filter(|r| Load::of(r).is_err()) {
            let why = Load::of(run).err().unwrap_or_default();
            run.load_given = true;
            let (at, ask) = match load {
                Load::Rate(r) => {
                    run.rate = Some(r);
                    (format!("placed at {r} req/s, the request rate given by "), Ask::Rate)
                }
                Load::Conc(c) | Load::Burst(c) => {
                    run.conc = Some(c);
                    (format!("placed at c{c}, the concurrency given by "), Ask::Conc)
                }
            };
            self.warnings.push(ImportWarning {
                file: file.to_owned(),
                entry: run.entry.clone(),
                message: said![format!("{why}: {at}"), Piece::Name(ask), " (the publisher's word, not the file's)"],
            });
        }
    }

    /// Say each run left out for want of a load, and refuse a file none of whose runs can be
    /// placed (unless its requests went to a summary given beside it).
    pub fn check_placeable(&mut self, file: &str) -> Result<(), ImportError> {
        let mut placeable = 0;
        for run in &self.runs {
            match Load::of(run) {
                Ok(_) => placeable += 1,
                Err(why) => self.warnings.push(ImportWarning {
                    file: file.to_owned(),
                    entry: run.entry.clone(),
                    message: format!("{why}; skipped").into(),
                }),
            }
        }
        if placeable > 0 || (self.runs.is_empty() && self.paired > 0) {
            return Ok(());
        }
        let why = self.runs.first().and_then(|r| Load::of(r).err()).unwrap_or_else(|| "no runs".into());
        let mut said =
            said![format!("{} ({}) records no concurrency or request rate for its runs ({why})", self.tool.title(), self.layout)];
        match self.runs.first() {
            None => {}
            Some(r) if r.from_requests => {
                said.0.extend([
                    Piece::from("; give the summary the tool wrote beside it, or the load the requests were sent at "),
                    Ask::ConcOrRate.into(),
                ]);
            }
            Some(_) => said.0.extend([Piece::from("; if you know the concurrency the runs used, give it "), Ask::Conc.into()]),
        }
        Err(ImportError::NoLoad { file: file.to_owned(), why: said })
    }
}
