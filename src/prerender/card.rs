//! A headline card as HTML, in the app's markup (`ui::widgets::card`).

use super::href;
use super::html::Html;
use crate::core::display::headline::Card;
use crate::core::link::View;

/// The card, its lines linking to the views that show them.
pub(super) fn card_html(html: &mut Html, card: &Card, src: &str) {
    card_html_holding(html, card, src, false);
}

/// The card; `holds`: the app's take-over waits until its own card says the same
/// (`data-holds-boot`: a card whose lines the app reads the study's tables to write).
pub(super) fn card_html_holding(html: &mut Html, card: &Card, src: &str, holds: bool) {
    let class = match (card.publisher, card.pending) {
        (true, _) => "card publisher",
        (false, true) => "card pending",
        (false, false) => "card",
    };
    html.open("li", &[("class", Some(class)), ("data-holds-boot", holds.then_some(""))]);
    html.open("h3", &[]).text(&card.title);
    if card.publisher {
        html.element("span", &[("class", Some("tag"))], "the publisher's");
    }
    html.close("h3");
    html.open("ul", &[("class", Some("card-lines"))]);
    for line in &card.lines {
        html.open("li", &[("title", line.detail.as_deref()), ("class", line.warn.then_some("warn"))]);
        match &line.link {
            Some(to) => {
                let state = to.for_sharing(src, to.view.unwrap_or(View::Overview));
                html.element("a", &[("href", Some(&href(&state)))], &line.text);
            }
            None => {
                html.text(&line.text);
            }
        }
        html.close("li");
    }
    html.close("ul");
    html.element("p", &[("class", Some("rule"))], &card.rule);
    html.close("li");
}
