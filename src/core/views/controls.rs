//! A panel's controls, as both renderers write them and what each sets in the link.

use crate::core::link::{Scale, ViewState, WorkloadKey};
use crate::core::measures::goodput::Slo;
use crate::core::measures::metric::Metric;

/// A control, as the app's widget and the pre-render write it.
#[derive(Clone, Debug, PartialEq)]
pub enum Control {
    /// A labelled `<select>`.
    Pick(Pick),
    /// Linear/log buttons; `drawn` is the scale drawn (a log axis a zero refuses is drawn
    /// linear, and the pressed button says so).
    Scale {
        /// The group's label ("Scale", "KL scale").
        label: &'static str,
        /// The scale drawn.
        drawn: Scale,
    },
    /// "p50 and p99 together": always in the row, so choosing a metric never moves the chart
    /// (QA pass 4, F27); disabled where the metric is not a latency percentile.
    BothPercentiles {
        /// `pct=both`.
        checked: bool,
        /// The metric shown is a percentile, which the toggle pairs.
        applies: bool,
    },
    /// A service-level limit's number box.
    Limit {
        /// Which.
        limit: Limit,
        /// Its value in the link.
        value: Option<f64>,
    },
    /// The reader's prices (the app's own widget; never part of a default view).
    Prices,
    /// The goodput objective: a number box per threshold and the attainment target, each
    /// edit one history entry while the focus stays among them.
    Objective {
        /// The objective shown.
        slo: Slo,
        /// The target shown, 0–1.
        target: f64,
    },
    /// Objectives from the study's own percentiles, one button each.
    Presets(Vec<Preset>),
    /// A row of buttons, one pressed.
    Toggles(Toggles),
}

/// A preset objective's button.
#[derive(Clone, Debug, PartialEq)]
pub struct Preset {
    /// "typical p99".
    pub name: &'static str,
    /// Its objective.
    pub slo: Slo,
    /// It is the objective shown.
    pub pressed: bool,
}

/// Buttons that set one link parameter, the pressed one its value.
#[derive(Clone, Debug, PartialEq)]
pub struct Toggles {
    /// What a button sets.
    pub sets: Flips,
    /// `(value, words)` pairs.
    pub options: Vec<(&'static str, &'static str)>,
    /// The value shown.
    pub selected: &'static str,
}

/// The link parameter a row of toggles sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flips {
    /// `xscale=`, the distribution's latency axis.
    XScale,
    /// `x=`, what the requests' second chart draws them against.
    Against,
}

impl Flips {
    /// The row's label and its buttons' class.
    pub fn label_and_class(self) -> (&'static str, &'static str) {
        match self {
            Flips::XScale => ("Latency scale", "xscale"),
            Flips::Against => ("Against", "requests-x"),
        }
    }

    /// The link after pressing `value` from `state`; `None` for a value it cannot take.
    pub fn apply(self, state: &ViewState, value: &str) -> Option<ViewState> {
        let mut next = state.clone();
        match self {
            Flips::XScale => next.xscale = Some(value.parse().ok()?),
            Flips::Against => next.x = value.parse().ok()?,
        }
        Some(next)
    }
}

/// A `<select>` and the link parameter it sets.
#[derive(Clone, Debug, PartialEq)]
pub struct Pick {
    /// What a choice sets.
    pub sets: Sets,
    /// `(value, text)` pairs.
    pub options: Vec<(String, String)>,
    /// The value shown.
    pub selected: String,
}

/// The link parameter a picker sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sets {
    /// `workload=`.
    Workload,
    /// `metric=`, as the serving explorer's "Metric".
    Metric,
    /// `metric=`, as the trade-off's "y axis".
    YAxis,
    /// `vs=`.
    Relative,
    /// `level=`, the requests' load.
    Level,
    /// `latency=`, the requests' latency.
    Latency,
}

impl Sets {
    /// The picker's label and class.
    pub fn label_and_class(self) -> (&'static str, &'static str) {
        match self {
            Sets::Workload => ("Workload", "workload-picker"),
            Sets::Metric => ("Metric", "metric-picker"),
            Sets::YAxis => ("y axis", "y-picker"),
            Sets::Relative => ("Relative to", "vs-picker"),
            Sets::Level => ("Load", "level-picker"),
            Sets::Latency => ("Latency", "latency-picker"),
        }
    }

    /// The link after choosing `value` from `state`; `None` for a value it cannot take.
    pub fn apply(self, state: &ViewState, value: &str) -> Option<ViewState> {
        let mut next = state.clone();
        match self {
            Sets::Workload => return value.parse::<WorkloadKey>().ok().map(|key| state.on_workload(key)),
            Sets::Metric | Sets::YAxis => next.metric = Some(value.parse::<Metric>().ok()?),
            Sets::Relative => next.vs = (!value.is_empty()).then(|| value.to_owned()),
            Sets::Level => next.level = Some(value.parse::<f64>().ok().filter(|v| v.is_finite())?),
            Sets::Latency => next.latency = Some(value.parse().ok()?),
        }
        Some(next)
    }

    /// The history step a run of choices shares (one Back undoes them), if any.
    pub fn coalesced(self) -> Option<&'static str> {
        match self {
            Sets::Workload => Some("workload"),
            Sets::Metric | Sets::YAxis => Some("metric"),
            Sets::Relative | Sets::Level | Sets::Latency => None,
        }
    }
}

/// A trade-off limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// `slo_ttft_p99_ms=`.
    TtftP99,
    /// `slo_user_tok_s=`.
    UserTokS,
}

impl Limit {
    /// The box's label and class.
    pub fn label_and_class(self) -> (&'static str, &'static str) {
        match self {
            Limit::TtftP99 => (crate::core::display::chart_words::LIMIT_LABELS.0, "slo-ttft"),
            Limit::UserTokS => (crate::core::display::chart_words::LIMIT_LABELS.1, "slo-user"),
        }
    }

    /// Set this limit in `state`.
    pub fn set(self, state: &mut ViewState, value: Option<f64>) {
        match self {
            Limit::TtftP99 => state.slo_ttft_p99_ms = value,
            Limit::UserTokS => state.slo_user_tok_s = value,
        }
    }
}

/// The objective's legend.
pub const OBJECTIVE_LEGEND: &str = "Objective: a request is good when it completed and meets every threshold given";

/// What the presets' row says first.
pub const PRESETS_LEAD: &str = "From this study's own percentiles:";

/// The attainment target's box value: "90", "92.5".
pub fn target_words(target: f64) -> String {
    format!("{}", (target * 1000.0).round() / 10.0)
}
