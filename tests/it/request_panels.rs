//! The goodput and requests views as panels (`core::views::panel::Panel`), the parts both
//! renderers draw, on the bundled AIPerf run: their controls, key, charts with their
//! tooltips, tables and exports' names, and what a study without requests shows.

use crate::request_views::{bundled, without_requests};

use servescope::core::link::{ChartId, Latency, RequestsX, Scale, View, ViewState};
use servescope::core::measures::goodput::Slo;
use servescope::core::views::goodput::{goodput_model, goodput_panel, GoodputInputs};
use servescope::core::views::panel::{Control, Flips, Goes, Note, Panel, Plot, Sets, Slot};
use servescope::core::views::requests::{requests_panels, RequestsInputs, FAILED_FROM};

/// Each control as a word, in order.
fn kinds(panel: &Panel) -> Vec<&'static str> {
    panel
        .controls
        .iter()
        .map(|c| match c {
            Control::Pick(p) => p.sets.label_and_class().1,
            Control::Objective { .. } => "objective",
            Control::Presets(_) => "presets",
            Control::Toggles(t) => t.sets.label_and_class().1,
            _ => "other",
        })
        .collect()
}

#[test]
fn the_goodput_panel_holds_the_objective_the_capacity_the_key_and_three_charts_with_their_tips() {
    let (results, tables) = bundled();
    let slo = Slo::parse("ttft:2500,e2el:9200").ok();
    let inputs = GoodputInputs { slo, ..GoodputInputs::default() };
    let panel = goodput_panel(&results, &tables, &inputs);
    assert_eq!((panel.view, panel.class.as_str()), (View::Goodput, "panel goodput"));
    assert_eq!(panel.heading, "Goodput at TTFT ≤ 2500 ms and E2E ≤ 9200 ms, ISL 550 / OSL 250");
    assert_eq!(kinds(&panel), ["workload-picker", "objective", "presets"]);
    assert!(panel.controls.contains(&Control::Objective { slo: slo.expect("an objective"), target: 0.9 }));
    let Some(Control::Presets(presets)) = panel.controls.get(2) else { panic!("presets") };
    assert!(presets.iter().all(|p| !p.pressed), "the link's objective is none of the presets");
    let Note::Linked("definition", _, link) = &panel.notes[0] else { panic!("the definition first: {:?}", panel.notes[0]) };
    assert_eq!(link.to, Goes::OnView(View::Tradeoff));
    assert!(panel.notes.contains(&Note::Slot(Slot::RequestsStatus)), "where the tables stand");
    let capacity =
        panel.notes.iter().find_map(|n| if let Note::List("capacity", items) = n { Some(items) } else { None }).expect("capacity");
    assert_eq!(
        capacity,
        &["gpt-oss-20b endpoint (engine not stated): ≥ 90 % of requests good at no measured level: already below at c100 (36.6–55.7 %)"]
    );
    let key = panel.key.as_ref().expect("the engine key (F2)");
    assert_eq!(key.chips.iter().map(|c| c.label.as_str()).collect::<Vec<_>>(), ["gpt-oss-20b endpoint (engine not stated)"]);
    assert!(key.not_measured.is_empty());
    let ids: Vec<ChartId> = panel.figures.iter().map(|f| f.id).collect();
    assert_eq!(ids, [ChartId::Goodput, ChartId::Attainment, ChartId::GoodputTokens]);
    // The attainment chart's point, its tooltip the words the goodput model gives.
    let attainment = &panel.figures[1];
    let Plot::Lines(lines) = &attainment.plot else { panic!("lines") };
    assert_eq!(lines.ticks, [100.0]);
    assert_eq!(lines.reference, Some((90.0, "target 90 %".to_owned())), "the target drawn across");
    // Its whisker, the 95 % interval: 36.6–55.7 %.
    let [(level, lo, hi)] = lines.series[0].spread[..] else { panic!("one whisker: {:?}", lines.series[0].spread) };
    assert_eq!(level, 100.0);
    assert!((lo - 36.56).abs() < 0.01 && (hi - 55.74).abs() < 0.01, "{lo}–{hi}");
    let tip = attainment.tip(0, 0, &[]).expect("a tip");
    let model = goodput_model(&results, &tables, &inputs).expect("a model");
    assert_eq!(Some(tip), servescope::core::views::goodput::goodput_tip(&model, ChartId::Attainment, 0, 0));
    assert_eq!(attainment.export.stem, "servescope-goodput-attainment-ttft-2500-e2el-9200");
    assert!(attainment.export.title.ends_with("· Goodput at TTFT ≤ 2500 ms and E2E ≤ 9200 ms, ISL 550 / OSL 250"));
    let cells = panel.tables[0].table.as_ref().expect("the cell table");
    assert_eq!(cells.rows.len(), 1);
    assert_eq!(panel.tables[0].stem, "servescope-goodput-ttft-2500-e2el-9200");
    assert_eq!(panel.tables[0].sources, ["endpoint.requests.csv.gz", "endpoint.cells.jsonl"]);
}

#[test]
fn before_the_tables_are_read_the_panels_have_their_parts_and_no_figures_of_requests() {
    let (results, _) = bundled();
    let goodput = goodput_panel(&results, &[], &GoodputInputs::default());
    assert_eq!(goodput.figures.len(), 3, "the charts' places, empty");
    assert!(goodput.figures.iter().all(|f| matches!(&f.plot, Plot::Lines(l) if l.series.is_empty())));
    let requests = requests_panels(&results, &[], &RequestsInputs::default());
    assert_eq!(requests.len(), 2);
    let Plot::Cdf(cdf) = &requests[0].figures[0].plot else { panic!("a distribution") };
    assert!(cdf.distributions.is_empty());
    assert!(requests[1].figures.is_empty(), "no empty timeline (F17)");
}

#[test]
fn the_requests_panels_are_the_distribution_and_the_second_chart_each_with_its_controls_and_key() {
    let (results, tables) = bundled();
    let inputs = RequestsInputs { latency: Latency::Ttft, slo: Slo::parse("ttft:2500").ok(), ..RequestsInputs::default() };
    let panels = requests_panels(&results, &tables, &inputs);
    let [first, second] = &panels[..] else { panic!("two panels") };
    assert_eq!(first.class, "panel requests");
    assert_eq!(kinds(first), ["workload-picker", "level-picker", "latency-picker", "xscale"]);
    let Some(Control::Toggles(scale)) = first.controls.get(3) else { panic!("the scale") };
    assert_eq!((scale.sets, scale.selected), (Flips::XScale, "lin"));
    assert_eq!(first.figures[0].id, ChartId::Cdf);
    assert_eq!(first.embed_shows, Some(vec![ChartId::Cdf]));
    assert_eq!(first.figures[0].export.stem, "servescope-requests-cdf-ttft-100");
    let Plot::Cdf(cdf) = &first.figures[0].plot else { panic!("cdf") };
    assert_eq!((cdf.threshold, cdf.scale), (Some(2500.0), Scale::Lin));
    assert_eq!(first.tables[0].table.as_ref().expect("percentiles").rows.len(), 1);
    assert_eq!(first.tables[0].stem, "servescope-requests-percentiles");

    assert_eq!((second.class.as_str(), second.heading.as_str()), ("panel requests-timeline", "TTFT against send time"));
    assert_eq!(kinds(second), ["requests-x"]);
    assert!(second.key.is_some(), "each group of charts has its key (F2)");
    assert_eq!(second.embed_shows, Some(vec![ChartId::Timeline]));
    let timeline = &second.figures[0];
    let Plot::Timeline(t) = &timeline.plot else { panic!("timeline") };
    assert_eq!((t.timelines[0].points.len(), t.timelines[0].failed.len()), (89, 11));
    let failed = timeline.tip(0, FAILED_FROM as usize, &[]).expect("a failed request's tip");
    assert_eq!(failed.lines[0].value, "did not complete");
    assert!(second.tables[0].table.is_none(), "no by-turn table against the send time");

    // Against the turn, a run with no sessions has no second chart, and says why.
    let turn = requests_panels(&results, &tables, &RequestsInputs { x: RequestsX::Turn, ..inputs });
    assert!(turn[1].figures.is_empty());
    assert!(turn[0].notes.iter().any(|n| matches!(n, Note::Notice(_, words) if words.contains("no turns of sessions"))));
}

#[test]
fn a_study_without_requests_gets_one_panel_that_says_so() {
    let (results, tables) = bundled();
    let without = without_requests(&results);
    for panel in [goodput_panel(&without, &tables, &GoodputInputs::default())].into_iter().chain(requests_panels(
        &without,
        &tables,
        &RequestsInputs::default(),
    )) {
        assert!(panel.is_absent(), "{}", panel.class);
        let Note::Notice("no-requests", words) = &panel.notes[0] else { panic!("{:?}", panel.notes) };
        assert!(words.starts_with("This study has no per-request data"), "{words}");
    }
    // A toggle's value sets the link, and a value it cannot take is refused.
    let state = ViewState::default();
    assert_eq!(Flips::Against.apply(&state, "turn").map(|s| s.x), Some(RequestsX::Turn));
    assert_eq!(Flips::XScale.apply(&state, "log").and_then(|s| s.xscale), Some(Scale::Log));
    assert_eq!(Flips::XScale.apply(&state, "sideways"), None);
    assert_eq!(Sets::Level.apply(&state, "64").and_then(|s| s.level), Some(64.0));
    assert_eq!(Sets::Level.apply(&state, "NaN"), None);
}

#[test]
fn a_study_with_its_tables_read_gets_the_goodput_and_requests_views_written_from_them() {
    // QA pass 4, F7: these links showed "Loading…" for about 3 s on a phone, their charts at 4 s.
    use servescope::core::link::View;
    use servescope::prerender::deep::deep_views;
    use servescope::prerender::Before;
    let src = "data/requests/aiperf-example/results.json";
    let (results, tables) = bundled();
    let written = |tables| deep_views(&results, src, Before { tables, ..Before::default() });
    let views = written(Some(&tables));
    let shown: Vec<View> = views.iter().map(|v| v.view).collect();
    assert!(shown.ends_with(&[View::Provenance, View::Goodput, View::Requests]), "{shown:?}");
    let goodput = &views[views.len() - 2].body;
    assert!(goodput.contains("<h2>Goodput at TTFT ≤ 3900 ms and TPOT ≤ 34 ms, ISL 550 / OSL 250</h2>"), "the typical p99 by default");
    assert!(goodput.contains("class=\"goodput-ttft\" value=\"3900\""), "the objective's boxes");
    assert!(goodput.contains("aria-pressed=\"true\" title=\"TTFT ≤ 3900 ms and TPOT ≤ 34 ms\">typical p99: "), "the preset shown pressed");
    assert_eq!(goodput.matches("<figure class=\"chart-figure\"").count(), 3);
    assert!(goodput.contains("<caption>"), "the cell table");
    let requests = &views[views.len() - 1];
    assert_eq!(requests.points, 91, "the distribution's 89 requests and its two published percentiles");
    assert!(requests.body.contains("<section class=\"panel requests-timeline\"><h2>TTFT against send time</h2>"));
    assert!(requests.body.contains("class=\"toggle xscale\" aria-pressed=\"true\">linear</button>"));
    // Without the tables read (not published, or not matching), neither is written.
    let without: Vec<View> = written(None).iter().map(|v| v.view).collect();
    assert!(!without.contains(&View::Goodput) && !without.contains(&View::Requests), "{without:?}");
}

#[test]
fn a_landing_written_from_the_tables_shows_the_goodput_cards_own_lines_and_holds_the_take_over() {
    // QA pass 4, F4: the card's final words are known at build time when the tables are;
    // the app takes over only once its card says them too (`data-holds-boot`).
    use servescope::core::views::goodput::goodput_card;
    use servescope::prerender::{landing, Before};
    let (results, tables) = bundled();
    let src = "data/requests/aiperf-example/results.json";
    let written = landing(&results, src, Before { tables: Some(&tables), ..Before::default() }).body;
    let card = goodput_card(&results, &tables).expect("a card");
    assert!(written.contains("<li class=\"card\" data-holds-boot=\"\"><h3>Load carried at the typical p99 objective</h3>"), "{written}");
    let line = servescope::prerender::html::escape(&card.lines[0].text);
    assert!(written.contains(&line), "{line}");
    assert!(!written.contains("card pending"));
    let without = landing(&results, src, Before::default()).body;
    assert!(without.contains("<li class=\"card pending\"><h3>") && !without.contains("data-holds-boot"));
}
