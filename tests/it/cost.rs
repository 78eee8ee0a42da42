//! The cost per million output tokens on the bundled study: the issue's example, and a cell
//! without its measurements reading "not measured".

use crate::common;

use common::bundled_results;
use servescope::core::basics::format::significant4;
use servescope::core::display::headline::headline_cards;
use servescope::core::display::series::cell_at;
use servescope::core::display::tables::serving_table;
use servescope::core::link::ViewState;
use servescope::core::measures::cost::Prices;
use servescope::core::measures::metric::Metric;

fn prices() -> Prices {
    let (state, notices) = ViewState::parse("kwh_price=0.12&gpu_hour_price=2");
    assert!(notices.is_empty(), "{notices:?}");
    state.prices
}

#[test]
fn paiton_at_c32_in_1024_1024_costs_the_issues_example() {
    let results = bundled_results();
    let workload = &results.serving().expect("serving").workloads[0];
    assert_eq!((workload.isl, workload.osl), (1024, 1024));
    let cell = cell_at(workload, "paiton", 32.0).expect("measured");
    let cost = prices().cost(cell).expect("priced and measured");
    assert_eq!(significant4(cost.energy.expect("energy part")), "0.01010");
    assert_eq!(significant4(cost.gpu_time.expect("GPU-time part")), "0.3847");
    assert_eq!(significant4(cost.total), "0.3948");
    assert_eq!(cost.breakdown(), "total 0.3948 (energy 0.01010 + GPU time 0.3847)");
    // Energy alone: the GPU-time part is left out and the label says so.
    let energy = Prices { gpu_hour: None, ..prices() };
    assert_eq!(significant4(energy.cost(cell).expect("energy").total), "0.01010");
    assert!(energy.label().contains("energy only: no GPU-hour price given"));
}

#[test]
fn the_serving_table_shows_cost_and_not_measured_where_a_measurement_is_missing() {
    let results = bundled_results();
    let (state, notices) = ViewState::parse("view=serving&workload=1024x1024&metric=cost_per_mtok&kwh_price=0.12&gpu_hour_price=2");
    assert!(notices.is_empty(), "{notices:?}");
    let workload = &results.serving().expect("serving").workloads[0];
    let table = serving_table(&results, workload, Metric::CostPerMtok, &state.series_inputs(), &[]);
    let row = table.rows.iter().find(|r| r.head.id.as_deref() == Some("paiton")).expect("Paiton");
    let c32 = results.concurrency().iter().position(|&c| c == 32).expect("c32");
    assert_eq!(row.cells[c32].field.display(), "0.3948");
    // A null cell (not measured at that level) stays "not measured", never 0.
    let sglang = table.rows.iter().find(|r| r.head.id.as_deref() == Some("sglangNoMtp")).expect("SGLang no MTP");
    assert_eq!(sglang.cells[0].field.display(), "not measured");
    assert!(table.caption.contains("per million output tokens"), "{}", table.caption);
}

#[test]
fn with_prices_the_cards_name_the_cheapest_point_under_a_1_s_ttft_p99() {
    let results = bundled_results();
    let cards = headline_cards(&results, &prices());
    let cheapest = cards.iter().find(|c| c.title.starts_with("Cheapest")).expect("a cost card with prices");
    assert!(cheapest.lines[0].text.starts_with("1024/1024: "), "{:?}", cheapest.lines);
    assert!(headline_cards(&results, &Prices::default()).iter().all(|c| !c.title.starts_with("Cheapest")), "no prices, no cost card");
}
