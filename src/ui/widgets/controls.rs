//! A panel's controls (`core::views::panel::Control`) on the page, each writing the link:
//! pickers, the scale toggle, the percentile pair, the trade-off's limits and the prices. A
//! control is built once and keeps its element (and its focus) while the model changes what
//! it shows; the set is built again only when the controls the model lists change.

use leptos::prelude::*;

use super::pickers::{Choice, ScaleToggle};
use super::prices::PriceInputs;
use crate::core::display::chart_words::limit_from_text;
use crate::core::link::Scale;
use crate::core::views::panel::{Control, Flips, Limit, Panel, Sets};
use crate::ui::state::{history, page};

/// What a control is, whatever it shows: the model's controls are matched by this.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Pick(Sets),
    Scale(&'static str),
    BothPercentiles,
    Limit(Limit),
    Prices,
    Own(OwnControl),
}

/// A control of the view's own, drawn by the function its painter names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwnControl {
    /// The goodput objective's boxes.
    Objective,
    /// Its presets.
    Presets,
    /// A row of toggles.
    Toggles(Flips),
}

/// Draws a view's own control.
pub type OwnControls = fn(Memo<Panel>, OwnControl) -> AnyView;

fn kind(control: &Control) -> Kind {
    match control {
        Control::Pick(pick) => Kind::Pick(pick.sets),
        Control::Scale { label, .. } => Kind::Scale(label),
        Control::BothPercentiles { .. } => Kind::BothPercentiles,
        Control::Limit { limit, .. } => Kind::Limit(*limit),
        Control::Prices => Kind::Prices,
        Control::Objective { .. } => Kind::Own(OwnControl::Objective),
        Control::Presets(_) => Kind::Own(OwnControl::Presets),
        Control::Toggles(t) => Kind::Own(OwnControl::Toggles(t.sets)),
    }
}

fn pick_view(model: Memo<Panel>, sets: Sets) -> AnyView {
    let page = page();
    let pick = Memo::new(move |_| {
        model.with(|m| m.controls.iter().find_map(|c| if let Control::Pick(p) = c { (p.sets == sets).then(|| p.clone()) } else { None }))
    });
    let options = Signal::derive(move || pick.with(|p| p.as_ref().map(|p| p.options.clone()).unwrap_or_default()));
    let selected = Signal::derive(move || pick.with(|p| p.as_ref().map(|p| p.selected.clone()).unwrap_or_default()));
    let choose = Callback::new(move |value: String| {
        let Some(next) = sets.apply(&page.link.current(), &value) else { return };
        match sets.coalesced() {
            Some(step) => history::navigate_coalesced(page.link, next, step),
            None => history::navigate(page.link, next),
        }
    });
    let (label, class) = sets.label_and_class();
    view! { <Choice label=label class=class options=options selected=selected pick=choose/> }.into_any()
}

/// A number box bound to one limit in the link (empty = no limit); a value the link would
/// refuse is said so, never silently cleared.
fn limit_view(model: Memo<Panel>, limit: Limit) -> AnyView {
    let page = page();
    let refused = RwSignal::new(false);
    let value = move || {
        model.with(|m| {
            m.controls.iter().find_map(|c| if let Control::Limit { limit: l, value } = c { (*l == limit).then_some(*value) } else { None })
        })
    };
    let (label, class) = limit.label_and_class();
    view! {
        <label class="control">{label} " "
            <input type="number" min="0" step="any" inputmode="decimal" class=class prop:value=move || value().flatten().map(|v| v.to_string()).unwrap_or_default()
                on:change=move |e| {
                    let value = limit_from_text(&event_target_value(&e));
                    refused.set(value.is_err());
                    page.update_link(|s| limit.set(s, value.unwrap_or(None)));
                }/>
            {move || refused.get().then(|| view! { <span class="refused">" needs a positive number"</span> })}
        </label>
    }
    .into_any()
}

fn control_view(model: Memo<Panel>, kind: Kind, own: Option<OwnControls>) -> AnyView {
    let page = page();
    match kind {
        Kind::Pick(sets) => pick_view(model, sets),
        Kind::Scale(label) => {
            let drawn = Signal::derive(move || {
                model
                    .with(|m| m.controls.iter().find_map(|c| if let Control::Scale { drawn, .. } = c { Some(*drawn) } else { None }))
                    .unwrap_or(Scale::Lin)
            });
            view! { <ScaleToggle label=label drawn=drawn/> }.into_any()
        }
        Kind::BothPercentiles => {
            let applies =
                Memo::new(move |_| model.with(|m| m.controls.iter().any(|c| matches!(c, Control::BothPercentiles { applies: true, .. }))));
            view! {
                <label class="control"><input type="checkbox" prop:checked=move || page.link.pct_both.get()
                    prop:disabled=move || !applies.get()
                    title=move || (!applies.get()).then_some("for a latency percentile metric")
                    on:change=move |e| page.update_link(|s| s.pct_both = event_target_checked(&e))/>" p50 and p99 together"</label>
            }
            .into_any()
        }
        Kind::Limit(limit) => limit_view(model, limit),
        Kind::Prices => view! { <PriceInputs/> }.into_any(),
        // A view's own control without its painter's function is not drawn.
        Kind::Own(control) => own.map(|draw| draw(model, control)).unwrap_or_else(|| ().into_any()),
    }
}

/// The model's controls, in its order.
#[component]
pub fn Controls(
    /// The panel.
    model: Memo<Panel>,
    /// Its view's own controls.
    own: Option<OwnControls>,
) -> impl IntoView {
    let kinds = Memo::new(move |_| model.with(|m| m.controls.iter().map(kind).collect::<Vec<_>>()));
    move || kinds.get().into_iter().map(|k| control_view(model, k, own)).collect_view()
}
