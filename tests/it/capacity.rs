//! Capacity at the reader's objective on a generated two-engine study: vLLM `--save-detailed`
//! files written here with a known number of requests over a TTFT limit at each load,
//! imported as a publisher would, then `servescope-verify --goodput --json` — each engine's
//! capacity the highest level whose interval meets the target (whatever lies below), its
//! good tokens per GPU and per dollar there, the higher indeterminate levels, and the
//! per-kW figure by its rule.

use std::process::Command;

use serde_json::{json, Value};

use crate::common::cli::{import, out_dir};
use servescope::core::basics::stats::wilson95;
use servescope::core::measures::cost::Prices;
use servescope::core::measures::goodput::{at_capacity, CellGoodput, CellRow};

/// A vLLM result at concurrency `conc`: 100 requests over 10 s, `slow` of them with a 2 s
/// TTFT and the rest 0.1 s, each 10 output tokens.
fn detailed(conc: u32, slow: usize) -> Value {
    let n = 100;
    let ttfts: Vec<f64> = (0..n).map(|i| if i < slow { 2.0 } else { 0.1 }).collect();
    json!({
        "date": "20261201-120000", "backend": "openai", "model_id": "org/model", "num_prompts": n,
        "request_rate": "inf", "burstiness": 1.0, "max_concurrency": conc, "duration": 10.0,
        "completed": n, "failed": 0, "output_throughput": 100.0, "request_throughput": 10.0,
        "input_lens": vec![64; n], "output_lens": vec![10; n], "ttfts": ttfts,
        "itls": vec![vec![0.01; 9]; n], "latencies": ttfts.iter().map(|t| t + 0.09).collect::<Vec<_>>(),
        "start_times": (0..n).map(|i| i as f64 * 0.1).collect::<Vec<_>>(), "errors": vec![""; n],
    })
}

fn verify_json(results: &str, args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_servescope-verify")).arg(results).args(args).arg("--json").output().expect("runs");
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn each_engines_capacity_is_its_highest_level_that_surely_meets_the_target() {
    let dir = out_dir("capacity-two-engines");
    let runs = dir.join("runs");
    std::fs::create_dir_all(&runs).expect("a folder");
    // A: 99, 95, 80 of 100 good at c1, c2, c4 — meets, indeterminate, misses.
    // B: 100, 91, 99 — meets, indeterminate, meets: its capacity is c4 all the same.
    for (engine, slow) in [("a", [1, 5, 20]), ("b", [0, 9, 1])] {
        for (conc, slow) in [1, 2, 4].into_iter().zip(slow) {
            let path = runs.join(format!("{engine}-c{conc}.json"));
            std::fs::write(&path, serde_json::to_vec(&detailed(conc, slow)).expect("JSON")).expect("written");
        }
    }
    let file = |e: &str, c: u32| runs.join(format!("{e}-c{c}.json")).to_str().expect("UTF-8").to_owned();
    let (a, b): (Vec<String>, Vec<String>) = ([1, 2, 4].map(|c| file("a", c)).into(), [1, 2, 4].map(|c| file("b", c)).into());
    let out = dir.join("study");
    let out = out.to_str().expect("UTF-8");
    let mut args = vec!["--out", out, "--title", "Two", "--engine", "a", "--label", "A", "--gpus", "2", "--isl", "64", "--osl", "10"];
    args.extend(a.iter().map(String::as_str));
    args.extend(["--engine", "b", "--label", "B", "--gpus", "1", "--isl", "64", "--osl", "10"]);
    args.extend(b.iter().map(String::as_str));
    let (code, _, stderr) = import(&args);
    assert_eq!(code, 0, "{stderr}");
    let results = dir.join("study/results.json");
    let doc = verify_json(results.to_str().expect("UTF-8"), &["--goodput", "ttft:500", "--gpu-hour-price", "2"]);
    // Each cell's interval is Wilson's over its 100 requests, its verdict against 90 %.
    let cells: Vec<(String, f64, u64, Value, String)> = doc["goodput"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|g| {
            (
                g["engine"].as_str().expect("id").to_owned(),
                g["load"].as_f64().expect("load"),
                g["good"].as_u64().expect("good"),
                g["attainment_ci"].clone(),
                g["meets"].as_str().expect("verdict").to_owned(),
            )
        })
        .collect();
    for (engine, load, good, ci, meets) in &cells {
        let (lo, hi) = wilson95(*good as usize, 100).expect("an interval");
        assert_eq!(*ci, json!([lo, hi]), "{engine} c{load}");
        let expected = if lo >= 0.9 {
            "yes"
        } else if hi < 0.9 {
            "no"
        } else {
            "indeterminate"
        };
        assert_eq!(meets, expected, "{engine} c{load}");
    }
    let goods: Vec<(&str, f64, u64)> = cells.iter().map(|c| (c.0.as_str(), c.1, c.2)).collect();
    assert_eq!(goods, [("a", 1.0, 99), ("a", 2.0, 95), ("a", 4.0, 80), ("b", 1.0, 100), ("b", 2.0, 91), ("b", 4.0, 99)]);
    let missed: Vec<Value> = doc["goodput"].as_array().expect("rows").iter().map(|g| g["missed"].clone()).collect();
    assert_eq!(missed[2], json!({ "ttft": 20, "not_completed": 0 }), "the binding limit, counted");
    // Capacity: A holds at c1 (c2 indeterminate above it); B at c4, past its indeterminate c2.
    // Good tokens per GPU there: 99 × 10 ÷ 10 s ÷ 2 GPUs; 99 × 10 ÷ 10 s ÷ 1. A GPU-hour at 2
    // per 49.5 × 3600 good tokens: 2 ÷ 0.1782 per million.
    let capacity = &doc["capacity"];
    assert_eq!(capacity[0]["engine"], "a");
    assert_eq!((capacity[0]["load"].as_f64(), capacity[0]["indeterminate_above"].clone()), (Some(1.0), json!([2.0])));
    assert_eq!((capacity[1]["load"].as_f64(), capacity[1]["indeterminate_above"].clone()), (Some(4.0), json!([])));
    let per_gpu: Vec<f64> = [0, 1].map(|i| capacity[i]["good_tok_s_per_gpu"].as_f64().expect("per GPU")).into();
    assert_eq!(per_gpu, [49.5, 99.0]);
    let usd = capacity[0]["usd_per_mtok"].as_f64().expect("priced");
    assert!((usd - 2.0 / (49.5 * 3600.0 / 1e6)).abs() < 1e-9, "{usd}");
    assert!(capacity[0]["good_tok_s_per_kw"].is_null(), "no power measured: no per-kW figure");
    // The words say the same, lower and higher levels included.
    let out = Command::new(env!("CARGO_BIN_EXE_servescope-verify")).arg(&results).args(["--goodput", "ttft:500"]).output().expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("capacity b 64x10: ≥ 90 % of requests good up to c4 (94.6–99.8 %); below it, c2 indeterminate (83.8–95.2 %)"),
        "{text}"
    );
    assert!(text.contains("capacity a 64x10: ≥ 90 % of requests good up to c1 (94.6–99.8 %); c2 indeterminate (88.8–97.8 %): more requests would decide; c4 misses (71.1–86.7 %)"), "{text}");
}

#[test]
fn good_tokens_per_kw_are_per_gpu_over_the_cells_mean_power() {
    let goodput = CellGoodput {
        evaluated: 100,
        good: Some(99),
        not_completed: 0,
        over: [1, 0, 0],
        given: [true, false, false],
        attainment: Some(0.99),
        interval: wilson95(99, 100),
        req_s: Some(9.9),
        tok_s: Some(1000.0),
        note: None,
        per_gpu: true,
    };
    let row = CellRow {
        path: "serving.workloads[0].rows[0].cells[0]".into(),
        engine: "e".into(),
        workload: "64x10".into(),
        level: 8.0,
        load: "c8".into(),
        power_w: Some(400.0),
        goodput,
        sessions: None,
    };
    let prices = Prices { kwh: Some(0.12), gpu_hour: None, pue: Some(1.5) };
    let f = &at_capacity(&[row], 0.9, &prices)[0];
    assert_eq!((f.load, f.good_tok_s_per_gpu, f.good_tok_s_per_kw), (Some(8.0), Some(1000.0), Some(2500.0)));
    // 400 W for 1000 good tok/s: 0.4 J a token, 10⁶ tokens 0.111 kWh at 0.12 × 1.5.
    let usd = f.usd_per_mtok.expect("priced");
    assert!((usd - 400.0 / 1000.0 * 1e6 / 3.6e6 * 0.12 * 1.5).abs() < 1e-12, "{usd}");
}
