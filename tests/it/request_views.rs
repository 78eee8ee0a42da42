//! The per-request views' models (`core::views::goodput`, `core::views::requests`) on the
//! bundled AIPerf run and on a table written here: what the app renders, tested natively.

use crate::common;

use servescope::core::link::{ChartId, Latency, Scale, View, ViewState};
use servescope::core::measures::goodput::{presets, Slo};
use servescope::core::measures::requests::{gunzip, RequestTable};
use servescope::core::views::goodput::{goodput_card, goodput_model, goodput_tip, pending_goodput_card, GoodputInputs};
use servescope::core::views::requests::{at_or_below, curve, requests_model, requests_panels, RequestsInputs, CDF_POINTS, PUBLISHED_P99};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/requests/aiperf-example");

/// The same study as if it kept no per-request tables (schema 1.2): no `serving.requests`,
/// no cell naming its requests.
pub(crate) fn without_requests(results: &servescope::core::study::model::Results) -> servescope::core::study::model::Results {
    common::revised(results, |doc| {
        let serving = &mut doc["serving"];
        serving.as_object_mut().expect("serving").remove("requests");
        let cells =
            serving["workloads"].as_array_mut().expect("workloads").iter_mut().flat_map(|w| w["rows"].as_array_mut().expect("rows"));
        for cell in cells.flat_map(|r| r["cells"].as_array_mut().expect("cells")).filter_map(|c| c.as_object_mut()) {
            cell.remove("requests");
        }
    })
}

pub(crate) fn bundled() -> (servescope::core::study::model::Results, Vec<(String, RequestTable)>) {
    let results = common::check(&std::fs::read(format!("{DATA}/results.json")).expect("bundled"), &[]).results.expect("valid");
    let bytes = std::fs::read(format!("{DATA}/endpoint.requests.csv.gz")).expect("table");
    let table = RequestTable::parse(&gunzip(&bytes).expect("gzip")).expect("reads");
    (results, vec![("endpoint".to_owned(), table)])
}

#[test]
fn the_goodput_view_at_the_links_objective_reads_the_requests() {
    let (results, tables) = bundled();
    let inputs = GoodputInputs { slo: Some(Slo::parse("ttft:2500,e2el:9200").expect("slo")), ..GoodputInputs::default() };
    let m = goodput_model(&results, &tables, &inputs).expect("a model");
    assert_eq!(m.heading, "Goodput at TTFT ≤ 2500 ms and E2E ≤ 9200 ms, ISL 550 / OSL 250");
    assert_eq!(m.slo_from, "the link's objective");
    let row = &m.rows[0];
    assert_eq!((row.goodput.evaluated, row.goodput.good), (100, Some(46)), "as servescope-verify --goodput counts them");
    let attainment = m.charts.iter().find(|c| c.id == ChartId::Attainment).expect("chart");
    assert_eq!(attainment.series[0].points, [(100.0, Some(46.0))]);
    let whisker: Vec<(f64, f64, f64)> =
        attainment.series[0].spread.iter().map(|&(l, lo, hi)| (l, (lo * 10.0).round() / 10.0, (hi * 10.0).round() / 10.0)).collect();
    assert_eq!(whisker, [(100.0, 36.6, 55.7)], "the 95 % interval, drawn as a whisker");
    assert_eq!(attainment.y_title, "attainment (% of requests good, 95 % interval) · higher is better");
    assert_eq!(attainment.reference, Some((90.0, "target 90 %".to_owned())), "the target drawn across it");
    assert_eq!(m.charts[0].reference, None);
    assert_eq!(m.charts[0].y_title, "good requests/s for the endpoint · higher is better", "the run states no GPUs");
    assert_eq!(
        m.capacities,
        [(
            "gpt-oss-20b endpoint (engine not stated)".to_owned(),
            "≥ 90 % of requests good at no measured level: already below at c100 (36.6–55.7 %)".to_owned()
        )]
    );
    let shown: Vec<String> = m.table.rows[0].cells.iter().map(|c| c.field.display()).collect();
    // 46 good requests and their 11,201 output tokens over AIPerf's 9.317788951 s (pandas);
    // 43 over 2.5 s to the first token, 24 over 9.2 s end to end, 11 cancelled.
    assert_eq!(shown, ["c100", "100", "46", "46.0 %", "36.6–55.7 %", "misses", "4.937", "1,202", "43", "24", "11"]);
    let header: Vec<&str> = m.table.columns.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(
        header,
        [
            "concurrency",
            "evaluated",
            "good",
            "attainment",
            "95 % interval",
            "≥ 90 %?",
            "good req/s",
            "good tok/s",
            "over TTFT",
            "over E2E",
            "did not complete"
        ]
    );
    assert!(m.table.to_csv("# x").contains("attainment_pct,attainment_ci_pct,meets"), "the CSV's header");
    let capacity: Vec<String> = m.capacity_table.rows[0].cells.iter().map(|c| c.field.display()).collect();
    assert_eq!(capacity, ["no level meets it", "GPUs not stated", "GPUs not stated", "no price given", "none"]);
    assert_eq!(m.export_note, "objective ttft:2500,e2el:9200 (TTFT ≤ 2500 ms and E2E ≤ 9200 ms); attainment target 90 %");
    let tip = goodput_tip(&m, ChartId::Attainment, 0, 0).expect("a tip");
    assert_eq!(tip.title, "gpt-oss-20b endpoint (engine not stated) · c100");
    let said: Vec<&str> = tip.lines.iter().map(|l| l.value.as_str()).collect();
    assert_eq!(said, ["46.0 %", "36.6–55.7 % — misses the 90 % target", "46 of 100", "over TTFT 43, E2E 24; 11 did not complete"]);
}

#[test]
fn without_an_objective_the_view_starts_from_the_studys_own_percentiles() {
    let (results, tables) = bundled();
    let m = goodput_model(&results, &tables, &GoodputInputs::default()).expect("a model");
    // One cell: TTFT p99 3,833.4 ms and TPOT p99 33.73 ms, rounded up to two significant
    // digits: never below the percentile the preset names.
    assert_eq!(m.slo, Slo { ttft_ms: Some(3900.0), tpot_ms: Some(34.0), e2el_ms: None });
    assert_eq!(m.slo_from, "the study's typical p99 (the link sets no objective this page can read)");
    let names: Vec<&str> = presets(&results.serving().expect("serving").workloads[0]).iter().map(|p| p.name).collect();
    assert_eq!(names, ["typical p50", "typical p99"], "one cell: its best p99 is its typical p99");
    let state = ViewState { view: Some(View::Goodput), slo: Some(m.slo), attain: Some(80.0), ..ViewState::default() };
    assert_eq!(state.to_query(), "view=goodput&slo=ttft:3900,tpot:34&attain=80");
    assert_eq!(ViewState::parse(&state.to_query()).0, state, "the objective round-trips");
    let (_, notices) = ViewState::parse("slo=ttft:abc&attain=120");
    let said: Vec<String> = notices.iter().map(ToString::to_string).collect();
    assert_eq!(
        said,
        [
            "slo=ttft:abc: ttft: `abc` is not a number of ms > 0; the default is shown",
            "attain=120: expected a percentage above 0 and at most 100; the default is shown"
        ]
    );
    assert!(ViewState::default().is_new_page(&ViewState { slo: Some(m.slo), ..ViewState::default() }), "an objective is a page of its own");
}

#[test]
fn the_requests_view_draws_each_cells_distribution_with_its_published_percentiles() {
    let (results, tables) = bundled();
    let inputs = RequestsInputs { latency: Latency::Ttft, slo: Slo::parse("ttft:2500").ok(), ..RequestsInputs::default() };
    let m = requests_model(&results, &tables, &inputs).expect("a model");
    assert_eq!(m.heading, "TTFT of each request at c100, ISL 550 / OSL 250");
    assert_eq!((m.level, m.threshold), (100.0, Some(2500.0)));
    let d = &m.distributions[0];
    assert_eq!((d.requests, d.sorted.len()), (100, 89), "the 11 cancelled requests have no TTFT");
    assert_eq!(d.published, (Some(2369.0), Some(3833.0)), "the cell's p50 and p99, as rounded in the results file");
    assert_eq!(d.curve.last(), Some(&(3853.857, 100.0)), "the slowest TTFT, to the microsecond");
    // The tooltip of the published p99's mark, read from the chart the panel draws.
    let panels = requests_panels(&results, &tables, &inputs);
    let tip = panels[0].figures[0].tip(0, PUBLISHED_P99 as usize, &[]).expect("a tip");
    assert_eq!(tip.lines[1].value, "3,833 ms: 98.9 % of 89 requests at or below");
    assert_eq!(m.timelines[0].failed.len(), 11);
    assert_eq!(
        m.count_words(),
        ["gpt-oss-20b endpoint (engine not stated): 89 of 100 requests record a TTFT (the curve's 100 %); 11 did not complete (failed or cut off: × on the second chart's axis)"]
    );
    assert_eq!(m.timelines[0].points.len(), 89);
    // p50, p90, p95 and p99 of the 89 TTFTs, as numpy's linear rule gives them from AIPerf's
    // own records (2,369.318, 3,796.931, 3,825.278 and 3,833.389 ms, computed apart).
    let table = servescope::core::views::requests::percentile_table(&results, &m);
    let shown: Vec<String> = table.rows[0].cells.iter().map(|c| c.field.display()).collect();
    assert_eq!(shown, ["89", "2,369", "3,797", "3,825", "3,833"]);
    assert_eq!(m.xscale, Scale::Lin, "one engine: nothing dwarfs it, linear");
    assert_eq!(m.x_title, "TTFT (ms)");
    let log =
        requests_model(&results, &tables, &RequestsInputs { xscale: Some(Scale::Log), latency: Latency::E2e, ..RequestsInputs::default() })
            .expect("model");
    assert_eq!((log.x_title.as_str(), log.threshold), ("E2E (ms, log scale)", None));
}

#[test]
fn a_curve_keeps_its_shape_in_a_few_hundred_points_and_the_hover_counts_every_request() {
    let sorted: Vec<f64> = (1..=100_000).map(f64::from).collect();
    let c = curve(&sorted);
    assert_eq!(c.len(), CDF_POINTS);
    assert_eq!((c[0], *c.last().expect("last")), ((1.0, 0.001), (100_000.0, 100.0)));
    assert_eq!(at_or_below(&sorted, 95_000.0), "95,000 ms: 95.0 % of 100,000 requests at or below");
    assert_eq!(at_or_below(&[812.0, 812.0, 900.0], 812.0), "812 ms: 66.7 % of 3 requests at or below", "ties count together");
    assert_eq!(curve(&[5.0, 5.0, 7.0]), [(5.0, 2.0 / 3.0 * 100.0), (7.0, 100.0)]);
}

#[test]
fn the_overview_card_says_the_load_each_engine_carries_at_the_typical_p99() {
    let (results, tables) = bundled();
    let card = goodput_card(&results, &tables).expect("the study has requests");
    assert_eq!(card.title, "Load carried at the typical p99 objective");
    assert_eq!(card.lines.len(), 1);
    let line = &card.lines[0];
    // At TTFT ≤ 3900 ms and TPOT ≤ 34 ms, the same count servescope-verify --goodput gives:
    // every completed request but one meets it, and the 11 cancelled ones count against it.
    let m = goodput_model(
        &results,
        &tables,
        &GoodputInputs { slo: Some(Slo { ttft_ms: Some(3900.0), tpot_ms: Some(34.0), e2el_ms: None }), ..GoodputInputs::default() },
    )
    .expect("model");
    assert_eq!((m.rows[0].goodput.good, m.rows[0].goodput.not_completed), (Some(88), 11));
    assert_eq!(
        line.text,
        "550/250: gpt-oss-20b endpoint (engine not stated), ≥ 90 % of requests good: no measured level surely meets it; c100 indeterminate (80.2–93.0 %): more requests would decide"
    );
    assert_eq!(line.cells, ["serving.workloads[0].rows[0].cells[0]"], "the claim names the cell it rests on");
    assert_eq!(line.detail.as_deref(), Some("ISL 550 / OSL 250, objective TTFT ≤ 3900 ms and TPOT ≤ 34 ms (typical p99)"));
    let link = line.link.as_ref().expect("a link");
    assert_eq!(
        link.to_query(),
        "view=goodput&workload=550x250&slo=ttft:3900,tpot:34",
        "the goodput view of that workload at that objective"
    );
    assert!(card.rule.contains("95 % interval of attainment is at or above 90 %"), "{}", card.rule);

    assert!(!card.pending);

    // Before the tables are read: the same title, rule and lines, each saying it is
    // counted once the requests are read and linking to the workload's goodput view.
    let pending = pending_goodput_card(&results).expect("a card in its place");
    assert!(pending.pending);
    assert_eq!((&pending.title, &pending.rule, pending.lines.len()), (&card.title, &card.rule, card.lines.len()));
    assert_eq!(
        pending.lines[0].text,
        "550/250: gpt-oss-20b endpoint (engine not stated), ≥ 90 % of requests good: counted once its requests are read"
    );
    assert_eq!(pending.lines[0].link.as_ref().map(|l| l.to_query()).as_deref(), Some("view=goodput&workload=550x250"));

    let without = without_requests(&results);
    assert_eq!(goodput_card(&without, &[]), None, "no card without requests");
    assert_eq!(pending_goodput_card(&without), None, "nor one in its place");
}

#[test]
fn the_trade_off_reads_goodput_from_the_requests_at_the_objective() {
    use servescope::core::views::goodput::tradeoff_goodput;
    let (results, tables) = bundled();
    let slo = Slo { ttft_ms: Some(2500.0), e2el_ms: Some(9200.0), tpot_ms: None };
    let g = tradeoff_goodput(&results, &tables, None, Some(slo)).expect("the study has requests");
    assert_eq!(g.y_title, "good output tok/s for the endpoint", "the run states no GPUs");
    assert_eq!(g.heading, "Trade-off: good output tok/s for the endpoint at TTFT ≤ 2500 ms and E2E ≤ 9200 ms, against per-user speed");
    // The point's y is the goodput view's good tok/s for the cell (1202 in its table).
    let y = g.y("endpoint", 100.0).expect("measured");
    assert_eq!(y.round(), 1202.0);
    assert_eq!(g.y("endpoint", 8.0), None, "no cell there");
    assert!(g.note.contains("(the link's objective)"), "{}", g.note);
    let typical = tradeoff_goodput(&results, &tables, None, None).expect("typical p99");
    assert_eq!(typical.slo, Slo { ttft_ms: Some(3900.0), tpot_ms: Some(34.0), e2el_ms: None });
    let w = results.serving().expect("serving").workloads[0].clone();
    let inputs = ViewState::default().series_inputs();
    let lines = servescope::core::display::series::tradeoff_lines_by(&results, &w, &inputs, &|e, l, _| g.y(e, l));
    assert_eq!(lines[0].points[0].y, y);
    assert_eq!(lines[0].points[0].x, 36.21, "x stays the published per-user speed");
    let without = without_requests(&results);
    assert_eq!(tradeoff_goodput(&without, &[], None, None), None);
}
