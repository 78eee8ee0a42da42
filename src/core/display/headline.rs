//! The overview's headline findings, computed from the file: each card states its rule in
//! words and each line is a claim of `claims` (the sentence and the cells it rests on),
//! linking to the view that shows it. A publisher's own `highlights` come first, marked as
//! theirs.

use crate::core::basics::format::readable;
use crate::core::display::claims::{
    best_under_ttft, cheapest_under_ttft, closest_to_reference, highest_throughput, most_per_kw, not_held_to_ttft, Claim, FAILED_MARK,
};
use crate::core::link::workload_key;
use crate::core::link::{View, ViewState};
use crate::core::measures::cost::Prices;
use crate::core::measures::metric::Metric;
use crate::core::study::model::{Results, Workload};

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
    /// The JSON paths of the cells the finding rests on.
    pub cells: Vec<String>,
    /// A caveat the reader must see with it (a best of which many requests failed).
    pub warn: bool,
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
    /// Its figures are still being read (the goodput card before the requests): its lines
    /// and rule are the final card's, its lines' words say so.
    pub pending: bool,
}

fn link(view: View, workload: &Workload) -> ViewState {
    let mut state = ViewState { view: Some(view), ..ViewState::default() };
    state.workload = Some(workload_key(workload));
    state
}

impl CardLine {
    /// A line saying `claim`, linking to `link`.
    pub fn of(claim: Claim, link: Option<ViewState>) -> CardLine {
        CardLine { text: claim.text, detail: claim.detail, link, cells: claim.cells, warn: claim.warn }
    }
}

/// The cards for a file (and the reader's prices, for the cost card).
pub fn headline_cards(results: &Results, prices: &Prices) -> Vec<Card> {
    let mut cards: Vec<Card> = results
        .highlights()
        .iter()
        .map(|h| Card {
            title: "From the publisher".into(),
            rule: "Written by the study's publisher in the results file, not computed here.".into(),
            lines: vec![CardLine {
                text: h.text.clone(),
                detail: None,
                link: h.link.as_deref().map(|q| ViewState::parse(q).0),
                cells: Vec::new(),
                warn: false,
            }],
            publisher: true,
            pending: false,
        })
        .collect();
    let workloads: &[Workload] = results.serving().map_or(&[], |s| &s.workloads);
    if !workloads.is_empty() {
        cards.extend(
            [throughput_card(results, workloads), under_ttft_card(results, workloads), efficiency_card(results, workloads)]
                .map(with_failed_rule),
        );
        if prices.any() {
            cards.push(with_failed_rule(cost_card(results, workloads, prices)));
        }
    }
    cards.extend(closest_to_reference(results).map(|claim| Card {
        title: "Closest to the BF16 reference".into(),
        rule: "The lowest served KL divergence against the BF16 reference, the control row (BF16 against itself on other hardware) excluded and shown as the floor.".into(),
        lines: vec![CardLine::of(claim, Some(ViewState { view: Some(View::Accuracy), ..ViewState::default() }))],
        publisher: false,
        pending: false,
    }));
    cards
}

/// A card whose lines mark a best of which a tenth or more of the requests failed says why,
/// in its rule: only where a line is marked, so the other cards stay short.
fn with_failed_rule(mut card: Card) -> Card {
    if card.lines.iter().any(|l| l.warn) {
        card.rule.push_str(&format!(" A best in whose cell {} % or more of the requests failed says so.", readable(FAILED_MARK * 100.0)));
    }
    card
}

/// The highest output throughput in each workload.
fn throughput_card(results: &Results, workloads: &[Workload]) -> Card {
    let throughput = Metric::OutTokS.title_in(results.throughput_per());
    Card {
        title: "Highest throughput".into(),
        rule: format!("The highest {throughput} measured in each workload (input/output tokens), at any concurrency."),
        lines: workloads
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let mut claim = highest_throughput(results, i, w);
                claim.detail = Some(format!("{}, {throughput}", w.name()));
                CardLine::of(claim, Some(link(View::Serving, w)))
            })
            .collect(),
        publisher: false,
        pending: false,
    }
}

/// The highest output throughput under a 1 s TTFT p99, in each workload.
fn under_ttft_card(results: &Results, workloads: &[Workload]) -> Card {
    let throughput = Metric::OutTokS.title_in(results.throughput_per());
    Card {
        title: "Best under a 1 s TTFT p99".into(),
        rule: format!("The highest {throughput} among points whose TTFT p99 is at most {} ms, in each workload.", readable(TTFT_LIMIT_MS),),
        lines: workloads
            .iter()
            .enumerate()
            .flat_map(|(i, w)| {
                let mut to = link(View::Tradeoff, w);
                to.slo_ttft_p99_ms = Some(TTFT_LIMIT_MS);
                let unjudged = not_held_to_ttft(results, i, w, TTFT_LIMIT_MS).map(|c| CardLine::of(c, Some(to.clone())));
                std::iter::once(CardLine::of(best_under_ttft(results, i, w, TTFT_LIMIT_MS), Some(to))).chain(unjudged)
            })
            .collect(),
        publisher: false,
        pending: false,
    }
}

/// The most output tokens per kW of GPU power, in each workload.
fn efficiency_card(results: &Results, workloads: &[Workload]) -> Card {
    Card {
        title: "Most tokens per kW".into(),
        rule: "The highest output tok/s per kW of measured mean GPU power (GPU only), in each workload.".to_owned(),
        lines: workloads
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let mut claim = most_per_kw(results, i, w);
                // A line with nothing measured leads nowhere: the energy view would be empty.
                let to = (!claim.cells.is_empty()).then(|| link(View::Energy, w));
                claim.detail = Some(format!("{}, output tok/s per kW", w.name()));
                CardLine::of(claim, to)
            })
            .collect(),
        publisher: false,
        pending: false,
    }
}

/// The lowest cost per million tokens under a 1 s TTFT p99, from the reader's prices.
fn cost_card(results: &Results, workloads: &[Workload], prices: &Prices) -> Card {
    Card {
        title: "Cheapest per million tokens under a 1 s TTFT p99".into(),
        rule: format!(
            "The lowest {} among points whose TTFT p99 is at most 1,000 ms, in each workload, from your prices ({}).",
            prices.label(),
            prices.describe(),
        ),
        lines: workloads
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let mut to = link(View::Tradeoff, w);
                to.slo_ttft_p99_ms = Some(TTFT_LIMIT_MS);
                to.metric = Some(Metric::CostPerMtok);
                to.prices = *prices;
                let mut claim = cheapest_under_ttft(results, i, w, prices, TTFT_LIMIT_MS);
                claim.detail = Some(prices.label());
                CardLine::of(claim, Some(to))
            })
            .collect(),
        publisher: false,
        pending: false,
    }
}

/// What the overview says under its cards on a phone, where they are one row swiped sideways
/// and a half-shown card was the only sign of the rest (QA pass 4, F24): `None` for a single
/// card. The app and the pre-render both write it; the stylesheet shows it on a phone only.
pub fn cards_swipe_hint(cards: &[Card]) -> Option<String> {
    // No count: the app adds the goodput card of a study with requests after its tables load.
    (cards.len() > 1).then(|| "More findings: swipe the cards sideways →".to_owned())
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
