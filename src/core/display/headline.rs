//! The overview's headline findings, computed from the file: each card states its rule in
//! words, says so when no measured point satisfies it, and links to the view that shows
//! it. A publisher's own `highlights` come first, marked as theirs.

use crate::core::basics::format::{readable, readable_ms, significant4};
use crate::core::display::series::{cell_at, is_control, level_label, served_label};
use crate::core::link::workload_key;
use crate::core::link::{View, ViewState};
use crate::core::measures::cost::Prices;
use crate::core::measures::metric::Metric;
use crate::core::study::model::{Cell, Results, Workload};

/// The TTFT p99 limit the "best under a limit" cards use, in ms.
pub const TTFT_LIMIT_MS: f64 = 1000.0;

/// One line of a card: a finding and the view that shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct CardLine {
    /// The finding ("8192/1024: Paiton CDNA4, 315 at c1").
    pub text: String,
    /// More about it, for a tooltip ("TTFT p99 537.4 ms").
    pub detail: Option<String>,
    /// The view that shows it.
    pub link: Option<ViewState>,
}

/// A headline card.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    /// What it answers ("Highest output tok/s per GPU").
    pub title: String,
    /// How it was found, in words.
    pub rule: String,
    /// One line per workload (or one).
    pub lines: Vec<CardLine>,
    /// The publisher's own, as written in the file's `highlights`.
    pub publisher: bool,
}

/// The best `(engine, conc, value)` over a workload's cells that pass `keep`, by `score`
/// (higher first).
fn best_in<'a>(
    results: &'a Results,
    workload: &'a Workload,
    keep: impl Fn(&crate::core::study::model::Cell) -> Option<f64>,
    lower_is_better: bool,
) -> Option<(&'a str, String, f64, &'a crate::core::study::model::Cell)> {
    let sign = if lower_is_better { -1.0 } else { 1.0 };
    results
        .engines()
        .iter()
        .flat_map(|e| workload.levels.iter().map(move |&c| (e, c)))
        .filter_map(|(e, c)| {
            // An all-failed cell's throughput is a measured 0, never a headline.
            let cell = cell_at(workload, &e.id, c).filter(|cell| !cell.all_failed())?;
            Some((e.label.as_str(), level_label(workload, cell), keep(cell)?, cell))
        })
        .max_by(|a, b| (sign * a.2).total_cmp(&(sign * b.2)))
}

fn link(view: View, workload: &Workload) -> ViewState {
    let mut state = ViewState { view: Some(view), ..ViewState::default() };
    state.workload = Some(workload_key(workload));
    state
}

/// The cards for a file (and the reader's prices, for the cost card).
pub fn headline_cards(results: &Results, prices: &Prices) -> Vec<Card> {
    let mut cards: Vec<Card> = results
        .highlights()
        .iter()
        .map(|h| Card {
            title: "From the publisher".into(),
            rule: "Written by the study's publisher in the results file, not computed here.".into(),
            lines: vec![CardLine { text: h.text.clone(), detail: None, link: h.link.as_deref().map(|q| ViewState::parse(q).0) }],
            publisher: true,
        })
        .collect();
    let workloads: &[Workload] = results.serving().map_or(&[], |s| &s.workloads);
    if !workloads.is_empty() {
        cards.extend([throughput_card(results, workloads), under_ttft_card(results, workloads), efficiency_card(results, workloads)]);
        if prices.any() {
            cards.push(cost_card(results, workloads, prices));
        }
    }
    cards.extend(accuracy_card(results));
    cards
}

/// The highest output throughput in each workload.
fn throughput_card(results: &Results, workloads: &[Workload]) -> Card {
    let throughput = Metric::OutTokS.title_in(results.throughput_per());
    Card {
        title: "Highest throughput".into(),
        rule: format!("The highest {throughput} measured in each workload (input/output tokens), at any concurrency."),
        lines: workloads
            .iter()
            .map(|w| CardLine {
                text: match best_in(results, w, |c| c.out_tok_s, false) {
                    Some((label, conc, v, _)) => format!("{}: {label}, {} at {conc}", w.short_name(), readable(v)),
                    None => format!("{}: no output throughput measured", w.short_name()),
                },
                detail: Some(format!("{}, {throughput}", w.name())),
                link: Some(link(View::Serving, w)),
            })
            .collect(),
        publisher: false,
    }
}

/// The highest output throughput under a 1 s TTFT p99, in each workload.
fn under_ttft_card(results: &Results, workloads: &[Workload]) -> Card {
    let throughput = Metric::OutTokS.title_in(results.throughput_per());
    Card {
        title: "Best under a 1 s TTFT p99".into(),
        rule: format!("The highest {throughput} among points whose TTFT p99 is at most {} ms, in each workload.", readable(TTFT_LIMIT_MS)),
        lines: workloads
            .iter()
            .map(|w| {
                let passing = |c: &Cell| c.out_tok_s.filter(|_| c.ttft_p99_ms.is_some_and(|t| t <= TTFT_LIMIT_MS));
                let (text, detail) = match best_in(results, w, passing, false) {
                    Some((label, conc, v, id)) => {
                        let ttft = Some(id).and_then(|c| c.ttft_p99_ms).map(readable_ms).unwrap_or_default();
                        (
                            format!("{}: {label}, {} at {conc}", w.short_name(), readable(v)),
                            Some(format!("{}: TTFT p99 {ttft} ms", w.name())),
                        )
                    }
                    None => (format!("{}: no measured point has a TTFT p99 of 1 s or less", w.short_name()), None),
                };
                let mut to = link(View::Tradeoff, w);
                to.slo_ttft_p99_ms = Some(TTFT_LIMIT_MS);
                CardLine { text, detail, link: Some(to) }
            })
            .collect(),
        publisher: false,
    }
}

/// The most output tokens per kW of GPU power, in each workload.
fn efficiency_card(results: &Results, workloads: &[Workload]) -> Card {
    Card {
        title: "Most tokens per kW".into(),
        rule: "The highest output tok/s per kW of measured mean GPU power (GPU only), in each workload.".into(),
        lines: workloads
            .iter()
            .map(|w| CardLine {
                text: match best_in(results, w, |c| c.tok_s_per_kw, false) {
                    Some((label, conc, v, _)) => format!("{}: {label}, {} at {conc}", w.short_name(), readable(v)),
                    None => format!("{}: no GPU power measured, so no tokens per kW", w.short_name()),
                },
                detail: Some(format!("{}, output tok/s per kW", w.name())),
                link: Some(link(View::Energy, w)),
            })
            .collect(),
        publisher: false,
    }
}

/// The lowest cost per million tokens under a 1 s TTFT p99, from the reader's prices.
fn cost_card(results: &Results, workloads: &[Workload], prices: &Prices) -> Card {
    Card {
        title: "Cheapest per million tokens under a 1 s TTFT p99".into(),
        rule: format!(
            "The lowest {} among points whose TTFT p99 is at most 1,000 ms, in each workload, from your prices ({}).",
            prices.label(),
            prices.describe()
        ),
        lines: workloads
            .iter()
            .map(|w| {
                let passing = |c: &Cell| prices.cost(c).map(|k| k.total).filter(|_| c.ttft_p99_ms.is_some_and(|t| t <= TTFT_LIMIT_MS));
                let text = match best_in(results, w, passing, true) {
                    Some((label, conc, v, _)) => format!("{}: {label}, {} at {conc}", w.short_name(), significant4(v)),
                    None => format!("{}: no measured point with a cost has a TTFT p99 of 1 s or less", w.short_name()),
                };
                let mut to = link(View::Tradeoff, w);
                to.slo_ttft_p99_ms = Some(TTFT_LIMIT_MS);
                to.metric = Some(Metric::CostPerMtok);
                to.prices = *prices;
                CardLine { text, detail: Some(prices.label()), link: Some(to) }
            })
            .collect(),
        publisher: false,
    }
}

/// The checkpoint closest to the BF16 reference by served KL, when accuracy was measured.
fn accuracy_card(results: &Results) -> Option<Card> {
    let accuracy = results.accuracy().filter(|a| !a.rows.is_empty())?;
    let control = accuracy.rows.iter().find(|r| is_control(&r.id)).and_then(|r| r.kl);
    let best = accuracy.rows.iter().filter(|r| !is_control(&r.id)).filter_map(|r| Some((r, r.kl?))).min_by(|a, b| a.1.total_cmp(&b.1));
    let text = match best {
        Some((row, kl)) => {
            let control = control.map_or_else(|| "no control row".to_owned(), |c| format!("BF16 control {}", readable(c)));
            format!("{}: KL {} ({control})", served_label(results, &row.id), readable(kl))
        }
        None => "No checkpoint other than the control has a measured KL.".to_owned(),
    };
    Some(Card {
        title: "Closest to the BF16 reference".into(),
        rule: "The lowest served KL divergence against the BF16 reference, the control row (BF16 against itself on other hardware) excluded and shown as the floor.".into(),
        lines: vec![CardLine { text, detail: None, link: Some(ViewState { view: Some(View::Accuracy), ..ViewState::default() }) }],
        publisher: false,
    })
}

/// What the overview says in place of cards when it has none: that the file measures
/// nothing the cards state (serving or served accuracy), and which blocks it does hold.
pub fn no_findings_note(results: &Results, cards: &[Card]) -> Option<String> {
    if !cards.is_empty() {
        return None;
    }
    let held: Vec<&str> =
        crate::core::study::contents::block_summaries(results).into_iter().filter(|b| b.present).map(|b| b.name).collect();
    Some(if held.is_empty() {
        "No headline findings: this file holds no measurements — every block is absent or has no rows.".to_owned()
    } else {
        format!(
            "No headline findings: the cards are drawn from serving sweeps and served accuracy, which this file does not measure. \
             It holds: {} — see their views.",
            held.join(", ")
        )
    })
}
