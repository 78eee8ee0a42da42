//! How a run was driven: a configured concurrency, an offered request rate, or a burst of
//! every request at once — the load its cell is placed at (schema 1.2).

use crate::core::import::Run;
use crate::core::study::model::LoadAxis;

/// How a run was driven, as the cell it becomes is placed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Load {
    /// A configured concurrency.
    Conc(u32),
    /// A finite offered request rate, req/s, with no concurrency cap.
    Rate(f64),
    /// No rate limit and no cap: all N requests sent at once.
    Burst(u32),
}

impl Load {
    /// The load of a run, or why it has none.
    pub fn of(run: &Run) -> Result<Load, String> {
        if let Some(c) = run.conc {
            return Ok(Load::Conc(c));
        }
        match run.rate {
            Some(r) if r.is_finite() && r > 0.0 => Ok(Load::Rate(r)),
            Some(r) if r.is_infinite() => {
                let sent = run.sent.or_else(|| Some(run.n? + run.errors?)).filter(|&n| n >= 1.0 && n.fract() == 0.0);
                sent.map(|n| Load::Burst(n as u32))
                    .ok_or_else(|| "request rate inf with no concurrency cap (a burst), but the requests sent are not recorded".to_owned())
            }
            _ => Err(run.no_conc.clone().unwrap_or_else(|| "no concurrency and no request rate recorded".to_owned())),
        }
    }

    /// The axis of the workload the cell goes into.
    pub fn axis(self) -> LoadAxis {
        match self {
            Load::Rate(_) => LoadAxis::Rate,
            Load::Conc(_) | Load::Burst(_) => LoadAxis::Concurrency,
        }
    }

    /// The level along that axis.
    pub fn level(self) -> f64 {
        match self {
            Load::Conc(c) | Load::Burst(c) => f64::from(c),
            Load::Rate(r) => r,
        }
    }

    /// "c8", "2 req/s", "c100 burst".
    pub fn label(self) -> String {
        let label = self.axis().level_label(self.level());
        if matches!(self, Load::Burst(_)) {
            format!("{label} burst")
        } else {
            label
        }
    }
}
