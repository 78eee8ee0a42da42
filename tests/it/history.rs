//! The history's setup when the link chooses none: its longest series.

use servescope::core::collections::collection::parse_collection;
use servescope::core::collections::history::history_scope;
use servescope::core::link::ViewState;

fn entry(path: &str, date: &str, model: &str, hw: &str, ids: &[&str], labels: &[&str]) -> String {
    format!(
        r#"{{"path":"{path}","sha256":"ab","title":"{path}","date":"{date}","model":"{model}","hardware":"{hw}","engines":{labels:?},"engineIds":{ids:?},"workloads":["1024x1024"]}}"#
    )
}

#[test]
fn the_history_opens_on_the_setup_most_studies_share_not_the_engine_most_list() {
    // QA pass 4, F12: the engine most studies list, spread over setups, is not the longest
    // series; the setup most studies share is.
    let spread = [
        entry("a.json", "2026-11-30", "M", "H100", &["steady"], &["Steady"]),
        entry("b.json", "2026-11-20", "M", "B200", &["steady", "fast"], &["Steady", "Fast"]),
        entry("c.json", "2026-11-12", "M", "H200", &["steady", "fast"], &["Steady", "Fast"]),
        entry("d.json", "2026-11-02", "M", "B200", &["fast"], &["Fast"]),
    ];
    let spread = format!(r#"{{"schemaVersion":"1.1","studies":[{}]}}"#, spread.join(","));
    let spread = parse_collection(spread.as_bytes(), "index.json").expect("manifest");
    let scope = history_scope(&spread, &ViewState::parse("view=history").0);
    assert_eq!(
        (scope.engine.as_str(), scope.model.as_deref(), scope.hardware.as_deref()),
        ("fast", Some("M"), Some("B200")),
        "fast on B200 is two studies; steady, listed by three, is one per hardware"
    );
    // Within what the link chose: on H100 only steady has a series.
    let chosen = history_scope(&spread, &ViewState::parse("view=history&hardware=H100").0);
    assert_eq!((chosen.engine.as_str(), chosen.hardware.as_deref()), ("steady", Some("H100")));
}
