//! Agentic and multi-turn runs (schema 1.4's `session` and `turn` columns), on a real
//! InferenceX AgentX run of AIPerf 0.8 (17 conversations, 195 turns, one warm-up record):
//! the table keeps each request's session and turn, goodput by session counts the sessions
//! whose every turn met the objective, and the requests view draws latency against the
//! turn — each checked against counts made here from the tool's own records.

use std::collections::BTreeMap;
use std::process::Command;

use serde_json::Value;

use crate::common::cli::{import, out_dir, FIXTURES};
use servescope::core::link::{Latency, RequestsX};
use servescope::core::measures::requests::{gunzip, RequestTable, HEADER_SESSIONS};
use servescope::core::views::requests::{requests_model, RequestsInputs};

const RECORDS: &str = "aiperf/agentic-0.8/profile_export.jsonl";

/// The profiling records, as the tool wrote them: (conversation, turn, TTFT ms, failed).
fn records() -> Vec<(String, u32, f64, bool)> {
    let text = std::fs::read_to_string(std::path::Path::new(FIXTURES).join(RECORDS)).expect("fixture");
    text.lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
        .filter(|r| r["metadata"]["benchmark_phase"] != "warmup")
        .map(|r| {
            let m = &r["metadata"];
            let failed = r.get("error").is_some_and(|e| !e.is_null()) || m["was_cancelled"] == true;
            (
                m["conversation_id"].as_str().expect("a conversation").to_owned(),
                m["turn_index"].as_u64().expect("a turn") as u32,
                r["metrics"]["time_to_first_token"]["value"].as_f64().unwrap_or(f64::NAN),
                failed,
            )
        })
        .collect()
}

fn imported() -> std::path::PathBuf {
    let dir = out_dir("sessions-agentic");
    let d = dir.to_str().expect("UTF-8");
    let (code, _, stderr) = import(&[
        "--out",
        d,
        "--title",
        "AgentX",
        "--engine",
        "k",
        "--label",
        "Kimi",
        "--gpus",
        "4",
        "aiperf/agentic-0.8/profile_export_aiperf.json",
        RECORDS,
    ]);
    assert_eq!(code, 0, "{stderr}");
    dir
}

#[test]
fn goodput_by_session_counts_the_conversations_whose_every_turn_met_the_objective() {
    let dir = imported();
    let out = Command::new(env!("CARGO_BIN_EXE_servescope-verify"))
        .arg(dir.join("results.json"))
        .args(["--goodput", "ttft:10000", "--sessions", "--json"])
        .output()
        .expect("runs");
    let doc: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    // Counted here from the records: a session is good when none of its turns failed and
    // each turn's TTFT is within 10 s.
    let mut sessions: BTreeMap<String, bool> = BTreeMap::new();
    let records = records();
    for (conversation, _, ttft, failed) in &records {
        let ok = sessions.entry(conversation.clone()).or_insert(true);
        *ok &= !failed && *ttft <= 10_000.0;
    }
    let good = sessions.values().filter(|g| **g).count();
    assert_eq!((sessions.len(), records.len(), good), (17, 195, 4), "the fixture's own counts");
    let row = &doc["sessions"][0];
    assert_eq!(
        (row["sessions"].as_u64(), row["turns"].as_u64(), row["good_sessions"].as_u64()),
        (Some(sessions.len() as u64), Some(records.len() as u64), Some(good as u64))
    );
    assert_eq!(row["attainment"].as_f64(), Some(good as f64 / sessions.len() as f64));
    assert_eq!((row["path"].as_str(), row["load"].as_f64()), (Some("serving.workloads[0].rows[0].cells[0]"), Some(1.0)));
    // Without --sessions, no such key; --sessions needs --goodput.
    let plain =
        Command::new(env!("CARGO_BIN_EXE_servescope-verify")).arg(dir.join("results.json")).arg("--sessions").output().expect("runs");
    assert_eq!(plain.status.code(), Some(2));
}

#[test]
fn the_table_keeps_each_requests_session_and_turn_and_the_view_draws_latency_against_the_turn() {
    let dir = imported();
    let bytes = std::fs::read(dir.join("k.requests.csv.gz")).expect("the table");
    let text = gunzip(&bytes).expect("gzip");
    assert!(text.starts_with(HEADER_SESSIONS.as_bytes()), "thirteen columns: the session and the turn");
    let table = RequestTable::parse(&text).expect("reads");
    let cell = &table.cells[0];
    assert_eq!((cell.len(), cell.session_names.len()), (195, 17));
    let results = crate::common::check(&std::fs::read(dir.join("results.json")).expect("results"), &[]).results.expect("valid");
    let tables = vec![("k".to_owned(), table)];
    let inputs = RequestsInputs { x: RequestsX::Turn, latency: Latency::Ttft, ..RequestsInputs::default() };
    let m = requests_model(&results, &tables, &inputs).expect("a model");
    assert_eq!(m.timeline_heading, "TTFT against turn index");
    assert_eq!(m.timeline_x_title, "turn index (0: a conversation's first turn)");
    assert_eq!(m.timelines[0].points.len(), 195);
    // The first turn's cold prefill against the second's: medians counted here, by turn.
    let mut by_turn: BTreeMap<u32, Vec<f64>> = BTreeMap::new();
    for (_, turn, ttft, _) in records() {
        by_turn.entry(turn).or_default().push(ttft);
    }
    let median = |v: &[f64]| servescope::core::basics::stats::percentile(v, 50.0).expect("values");
    for (turn, values) in by_turn.iter().take(3) {
        let row = m.by_turn.iter().find(|r| r.turn == *turn).expect("a row per turn");
        assert_eq!(row.requests, values.len());
        assert!((row.p50.expect("measured") - median(values)).abs() < 0.001, "turn {turn}");
    }
    let first = m.by_turn.iter().find(|r| r.turn == 0).and_then(|r| r.p50).expect("turn 0");
    assert!((31_000.0..32_500.0).contains(&first), "about 32 s at turn 0: {first}");
    // Against input length: the same requests, x their prompt tokens.
    let isl = requests_model(&results, &tables, &RequestsInputs { x: RequestsX::Isl, ..inputs }).expect("a model");
    assert_eq!((isl.timeline_heading.as_str(), isl.by_turn.len()), ("TTFT against input length", 0));
}
