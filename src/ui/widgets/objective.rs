//! The per-request views' own controls (`core::views::panel::Control`): the goodput
//! objective's number boxes, its presets, and rows of toggles, each writing the link.

use leptos::prelude::*;

use super::controls::OwnControl;
use crate::core::link::ViewState;
use crate::core::measures::goodput::Slo;
use crate::core::views::controls::{target_words, OBJECTIVE_LEGEND, PRESETS_LEAD};
use crate::core::views::panel::{Control, Flips, Panel};
use crate::ui::state::{history, page};

/// A per-request view's own control (`Painter::own` of the goodput and requests views).
pub fn own_control(model: Memo<Panel>, control: OwnControl) -> AnyView {
    match control {
        OwnControl::Objective => objective_view(model),
        OwnControl::Presets => presets_view(model),
        OwnControl::Toggles(sets) => toggles_view(model, sets),
    }
}

/// The objective's boxes: a number of ms per threshold (empty: none) and the target %.
fn objective_view(model: Memo<Panel>) -> AnyView {
    let page = page();
    let shown = Memo::new(move |_| {
        model
            .with(|m| m.controls.iter().find_map(|c| if let Control::Objective { slo, target } = c { Some((*slo, *target)) } else { None }))
    });
    // One edit while the focus stays in the fieldset: its first change is a new history
    // entry, the later ones replace it (QA pass 4, F20: two fields typed were two entries, and
    // Back landed on the half-typed objective). Leaving the fieldset ends the edit.
    let editing = StoredValue::new(false);
    let fieldset = NodeRef::<leptos::html::Fieldset>::new();
    let edit = move |change: &dyn Fn(&mut ViewState)| {
        let mut next = page.link.current();
        change(&mut next);
        history::navigate_edit(page.link, next, !editing.get_value());
        editing.set_value(true);
    };
    // Where the focus went is the event's relatedTarget (none: out of the page's fields),
    // read without a deferred closure handed to the browser.
    let left = move |e: leptos::ev::FocusEvent| {
        use wasm_bindgen::JsCast;
        let to = e.related_target().and_then(|t| t.dyn_into::<web_sys::Node>().ok());
        let inside = to.zip(fieldset.get_untracked()).is_some_and(|(node, f)| f.contains(Some(&node)));
        if !inside {
            editing.set_value(false);
        }
    };
    let input = move |label: &'static str, class: &'static str, read: fn(&Slo) -> Option<f64>, set: fn(&mut Slo, Option<f64>)| {
        let change = move |e: leptos::ev::Event| {
            let text = event_target_value(&e);
            let parsed = text.trim().parse::<f64>().ok().filter(|v| v.is_finite() && *v > 0.0);
            if !text.trim().is_empty() && parsed.is_none() {
                return;
            }
            let mut next = shown.get_untracked().map(|s| s.0).unwrap_or_default();
            set(&mut next, parsed);
            edit(&|s| s.slo = (!next.is_empty()).then_some(next));
        };
        let value = move || shown.get().and_then(|s| read(&s.0)).map(|v| v.to_string()).unwrap_or_default();
        view! {
            <label class="control">{label} " ≤ "
                <input type="number" min="0" step="any" inputmode="decimal" class=class prop:value=value on:change=change/>" ms"</label>
        }
    };
    let target_change = move |e: leptos::ev::Event| {
        let Some(pct) = event_target_value(&e).trim().parse::<f64>().ok().filter(|v| *v > 0.0 && *v <= 100.0) else { return };
        edit(&|s| s.attain = Some(pct));
    };
    view! {
        <fieldset class="controls objective" node_ref=fieldset on:focusout=left>
            <legend>{OBJECTIVE_LEGEND}</legend>
            {input("TTFT", "goodput-ttft", |s| s.ttft_ms, |s, v| s.ttft_ms = v)}
            {input("TPOT", "goodput-tpot", |s| s.tpot_ms, |s, v| s.tpot_ms = v)}
            {input("E2E", "goodput-e2el", |s| s.e2el_ms, |s, v| s.e2el_ms = v)}
            <label class="control">"Attainment target "
                <input type="number" min="1" max="100" step="any" inputmode="decimal" class="goodput-attain"
                    prop:value=move || target_words(shown.get().map_or(0.9, |s| s.1)) on:change=target_change/>" %"</label>
        </fieldset>
    }
    .into_any()
}

/// The presets' buttons, the objective shown pressed.
fn presets_view(model: Memo<Panel>) -> AnyView {
    let page = page();
    let presets = Memo::new(move |_| {
        model.with(|m| m.controls.iter().find_map(|c| if let Control::Presets(p) = c { Some(p.clone()) } else { None }).unwrap_or_default())
    });
    let buttons = move || {
        presets
            .get()
            .into_iter()
            .map(|p| {
                let (slo, words, title) = (p.slo, p.slo.words(), p.slo.words());
                view! { <button type="button" class="toggle preset" aria-pressed=p.pressed.to_string() title=title
                on:click=move |_| page.update_link(|s| s.slo = Some(slo))>{p.name} ": " {words}</button> }
            })
            .collect_view()
    };
    view! { <p class="presets">{PRESETS_LEAD} " " {buttons}</p> }.into_any()
}

/// A row of toggles setting one link parameter.
fn toggles_view(model: Memo<Panel>, sets: Flips) -> AnyView {
    let page = page();
    let toggles = Memo::new(move |_| {
        model.with(|m| m.controls.iter().find_map(|c| if let Control::Toggles(t) = c { (t.sets == sets).then(|| t.clone()) } else { None }))
    });
    let (label, class) = sets.label_and_class();
    let options = toggles.with_untracked(|t| t.as_ref().map(|t| t.options.clone()).unwrap_or_default());
    let buttons = options
        .into_iter()
        .map(|(value, words)| {
            let pressed = move || toggles.with(|t| t.as_ref().is_some_and(|t| t.selected == value)).to_string();
            let press = move |_| {
                if let Some(next) = sets.apply(&page.link.current(), value) {
                    history::navigate(page.link, next);
                }
            };
            view! { <button type="button" class=format!("toggle {class}") aria-pressed=pressed on:click=press>{words}</button> " " }
        })
        .collect_view();
    view! { <span class="control" role="group" aria-label=label>{label} " " {buttons}</span> }.into_any()
}
