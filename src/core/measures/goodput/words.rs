//! Goodput in words, the same on the page and the command line: a cell's figures with the
//! interval and verdict of its attainment, which limits its requests missed, and an engine's
//! capacity at the attainment target in a sentence a newcomer reads.

use super::{Capacity, CellGoodput, LevelVerdict, Threshold, Verdict};
use crate::core::basics::format::{readable, NOT_MEASURED};

/// An attainment fraction as a percentage with one decimal: `0.933` → "93.3 %".
pub fn percent(fraction: f64) -> String {
    format!("{:.1} %", fraction * 100.0)
}

/// An interval of fractions as percentages: `(0.366, 0.557)` → "36.6–55.7 %".
pub fn percent_span((low, high): (f64, f64)) -> String {
    format!("{:.1}–{:.1} %", low * 100.0, high * 100.0)
}

/// A target as its goal: "≥ 90 % of requests good".
fn goal(target: f64) -> String {
    format!("≥ {} of requests good", percent(target).replace(".0 %", " %"))
}

/// "TTFT 43, E2E 24; 11 did not complete" — how many requests missed each threshold given
/// (a request can miss several) and how many did not complete; "not measured" when the
/// goodput is not, "every request good" when none missed.
pub fn missed_words(g: &CellGoodput) -> String {
    let Some(missed) = g.missed() else { return NOT_MEASURED.to_owned() };
    let over: Vec<String> = missed
        .iter()
        .filter(|(key, n)| *key != "not_completed" && *n > 0)
        .map(|(key, n)| format!("{} {n}", Threshold::ALL.iter().find(|t| t.key() == *key).map_or(*key, |t| t.title())))
        .collect();
    let mut parts = Vec::new();
    if !over.is_empty() {
        parts.push(format!("over {}", over.join(", ")));
    }
    if g.not_completed > 0 {
        parts.push(format!("{} did not complete", g.not_completed));
    }
    if parts.is_empty() {
        "none: every request good".to_owned()
    } else {
        parts.join("; ")
    }
}

/// "evaluated 100, good 46 (46.0 %, 95 % interval 36.6–55.7 %: misses ≥ 90 %), 4.9 good
/// req/s per GPU, 1,234 good tok/s per GPU; missed: over TTFT 43, E2E 24; 11 did not
/// complete", with "not measured" and the reason where a figure is not.
pub fn cell_words(g: &CellGoodput, target: f64) -> String {
    let per = if g.per_gpu { "per GPU" } else { "for the endpoint" };
    let rate =
        |v: Option<f64>, unit: &str| v.map_or_else(|| format!("{unit} {per} {NOT_MEASURED}"), |v| format!("{} {unit} {per}", readable(v)));
    let good = match (g.good, g.attainment, g.interval) {
        (Some(good), Some(a), Some(i)) => {
            let verdict = Verdict::of(i, target).word();
            format!("good {good} ({}, 95 % interval {}: {verdict} {})", percent(a), percent_span(i), goal(target))
        }
        (Some(good), _, _) => format!("good {good}"),
        (None, _, _) => format!("good {NOT_MEASURED}"),
    };
    let mut out = format!(
        "evaluated {}, {good}, {}, {}; missed: {}",
        g.evaluated,
        rate(g.req_s, "good req/s"),
        rate(g.tok_s, "good tok/s"),
        missed_words(g)
    );
    if let Some(note) = &g.note {
        out.push_str(&format!(" — {note}"));
    }
    out
}

/// "c32 indeterminate (88.1–94.2 %)".
fn level_words(l: &LevelVerdict) -> String {
    match l.judged {
        Some((i, v)) => format!("{} {} ({})", l.label, v.word(), percent_span(i)),
        None => format!("{} {NOT_MEASURED}", l.label),
    }
}

/// The capacity in a sentence, by the rule: the highest level whose interval meets the
/// target, with the levels below it that do not, the indeterminate ones above it ("more
/// requests would decide") and the first above it that misses; or why no level meets it.
pub fn capacity_words(c: &Capacity, target: f64) -> String {
    let goal = goal(target);
    let judged: Vec<&LevelVerdict> = c.levels.iter().filter(|l| l.judged.is_some()).collect();
    let unsure = c.indeterminate_above();
    let list = |levels: &[&LevelVerdict]| levels.iter().map(|l| level_words(l)).collect::<Vec<_>>().join(", ");
    let mut out = match c.highest {
        _ if judged.is_empty() => return format!("{goal}: {NOT_MEASURED} at any level"),
        Some(h) => {
            let at = c.levels.iter().find(|l| l.level == h).and_then(|l| l.judged).map(|(i, _)| percent_span(i)).unwrap_or_default();
            let mut out = format!("{goal} up to {} ({at})", c.label(h));
            let below = c.short_below();
            if !below.is_empty() {
                out.push_str(&format!("; below it, {}", list(&below)));
            }
            out
        }
        None if unsure.is_empty() => {
            let first = judged[0];
            let span = first.judged.map(|(i, _)| percent_span(i)).unwrap_or_default();
            return format!("{goal} at no measured level: already below at {} ({span})", first.label);
        }
        None => format!("{goal}: no measured level surely meets it"),
    };
    if !unsure.is_empty() {
        out.push_str(&format!("; {}: more requests would decide", list(&unsure)));
    }
    if let Some(miss) = c.first_miss_above() {
        out.push_str(&format!("; {}", level_words(miss)));
    }
    out
}

/// "17 sessions of 195 turns: 5 good (29.4 %, 95 % interval 13.3–53.1 %), 0.00141 good
/// sessions/s per GPU" — a session good when every turn completed and met the objective.
pub fn session_words(s: &super::SessionGoodput, per_gpu: bool) -> String {
    let per = if per_gpu { "per GPU" } else { "for the endpoint" };
    let good = match (s.good, s.attainment, s.interval) {
        (Some(g), Some(a), Some(i)) => format!("{g} good ({}, 95 % interval {})", percent(a), percent_span(i)),
        _ => format!("good {NOT_MEASURED}"),
    };
    let rate =
        s.per_s.map_or_else(|| format!("good sessions/s {per} {NOT_MEASURED}"), |r| format!("{} good sessions/s {per}", readable(r)));
    let mut out = format!("{} sessions of {} turns: {good}, {rate}", s.sessions, s.turns);
    if let Some(note) = &s.note {
        out.push_str(&format!(" — {note}"));
    }
    out
}
