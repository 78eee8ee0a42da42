//! The page written at build time: its figures are the file's (computed by the same core
//! functions the app calls), and nothing from the file becomes markup.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{bundled_results, check, read};
use servescope::core::display::headline::headline_cards;
use servescope::core::measures::cost::Prices;
use servescope::prerender::{landing, Before};

const SRC: &str = "data/qwen3.8-flash-next-mi350p-2026-10-30.json";

#[test]
fn a_landing_with_requests_keeps_the_goodput_cards_place_as_the_app_does() {
    // QA pass 4, F4: written with three cards, the page grew a fourth as the app took over,
    // moving the chart under a reader's tap. The card in its place is the app's own.
    let src = "data/requests/aiperf-example/results.json";
    let results = check(&read(src), &[]).results.expect("valid");
    let page = landing(&results, src, Before::default());
    let pending = servescope::core::views::goodput::pending_goodput_card(&results).expect("a study with requests");
    assert!(page.body.contains("<li class=\"card pending\"><h3>Load carried at the typical p99 objective</h3>"), "{}", page.body);
    assert!(page
        .body
        .contains(">550/250: gpt-oss-20b endpoint (engine not stated), ≥ 90 % of requests good: counted once its requests are read</a>"));
    assert!(page.body.contains(&servescope::prerender::html::escape(&pending.rule)));
    assert_eq!(page.body.matches("<li class=\"card").count(), headline_cards(&results, &Prices::default()).len() + 1);
    // Without requests, no such card.
    assert!(!landing(&bundled_results(), SRC, Before::default()).body.contains("card pending"));
}

#[test]
fn the_landing_view_carries_every_card_line_and_the_charts_measured_points() {
    let results = bundled_results();
    let page = landing(&results, SRC, Before::default());
    for card in headline_cards(&results, &Prices::default()) {
        assert!(page.body.contains(&format!("<h3>{}</h3>", card.title)), "card {}", card.title);
        for line in &card.lines {
            assert!(page.body.contains(&line.text.replace('&', "&amp;")), "line {}", line.text);
        }
    }
    // The first workload's out_tok_s, counted from the model: measured points and gaps.
    let workload = &results.serving().expect("serving").workloads[0];
    let cells: Vec<Option<f64>> = workload.rows.iter().flat_map(|r| r.cells.iter()).map(|c| c.as_ref().and_then(|c| c.out_tok_s)).collect();
    let measured = cells.iter().filter(|c| c.is_some()).count();
    assert_eq!((page.points, page.gaps), (21, 7));
    assert_eq!(page.points, measured);
    assert_eq!(page.body.matches("class=\"chart prerendered ").count(), 4);
    assert!(page.body.contains("data-points=\"21\" data-gaps=\"7\""));
    assert!(page.body.contains("<h1>Qwen3.8-Flash-Next on one MI350P</h1>"));
    assert!(page.body.contains("17 source files listed with their sha256 · not checked yet"));
    assert!(page.head.contains("<title>Qwen3.8-Flash-Next on one MI350P · overview · servescope</title>"));
    assert!(page.body.contains("href=\"?src=data/qwen3.8-flash-next-mi350p-2026-10-30.json&amp;view=serving&amp;workload=1024x1024\""));
}

#[test]
fn the_landing_view_has_no_inline_style_or_script() {
    let page = landing(&bundled_results(), SRC, Before::default());
    assert!(!page.body.contains(" style="), "the CSP refuses inline styles");
    assert!(!page.body.contains("<script"));
}

#[test]
fn text_from_a_hostile_file_stays_text() {
    let results = check(&read("tests/fixtures/hostile.json"), &[]).results.expect("hostile.json is valid");
    let page = landing(&results, "fixtures/hostile.json", Before::default());
    assert!(!page.body.contains("<img"), "no element from the file");
    assert!(!page.body.contains("<script"));
    assert!(!page.head.contains("<script"));
    assert!(page.body.contains("&lt;"), "its angle brackets are escaped");
}

#[test]
fn a_collection_lands_on_its_catalog_written_from_the_manifest() {
    use servescope::core::collections::collection::parse_collection;
    use servescope::prerender::catalog_landing;
    let collection = parse_collection(&read("tests/fixtures/collection-two.json"), "fixtures/collection-two.json").expect("manifest");
    let srcs: Vec<String> = collection.studies.iter().map(|s| collection.src_of("fixtures/collection-two.json", s)).collect();
    let page = catalog_landing(&collection, &srcs);
    assert!(page.body.contains("<h2>Catalog · 2 studies</h2>"));
    assert!(page.body.contains("<caption>2 of 2 studies, newest first</caption>"));
    // Newest first, each title a link to its study.
    let first = page.body.find("Qwen3.8-Flash-Next on one MI350P").expect("the newer study");
    let second = page.body.find("Minimal study").expect("the older study");
    assert!(first < second);
    assert!(page.body.contains("href=\"?src=data/qwen3.8-flash-next-mi350p-2026-10-30.json&amp;view=overview\""));
    assert!(page.head.contains("<title>catalog · servescope</title>"));
    assert!(!page.body.contains(" style="));
}

#[test]
fn the_serving_view_is_written_for_a_deep_link_with_the_apps_defaults() {
    use servescope::core::link::View;
    use servescope::prerender::deep::deep_views;
    let results = bundled_results();
    let views = deep_views(&results, SRC, Before::default());
    assert_eq!(
        views.iter().map(|v| v.view).collect::<Vec<_>>(),
        [View::Serving, View::Tradeoff, View::Energy, View::Decode, View::Prefill, View::Cache, View::Accuracy, View::Provenance]
    );
    let serving = &views[0];
    // Its chart is the default workload's out_tok_s: the same points and gaps as counted
    // from the model above.
    assert_eq!((serving.points, serving.gaps), (21, 7));
    let body = &serving.body;
    assert!(body.starts_with("<div class=\"page\" id=\"prerender\">"));
    assert!(body.contains("<h2>Serving: output tok/s per GPU against concurrency</h2>"));
    assert!(body.contains(
        "<a class=\"tab\" href=\"?src=data/qwen3.8-flash-next-mi350p-2026-10-30.json&amp;view=serving\" aria-current=\"page\">Serving</a>"
    ));
    assert!(body.contains("<option value=\"1024x1024\" selected=\"\">ISL 1024 / OSL 1024</option>"), "the first workload picked");
    assert!(body.contains("<option value=\"out_tok_s\" selected=\"\">"), "the default metric picked");
    assert!(body.contains("<option value=\"\" selected=\"\">— (values as measured)</option>"));
    assert_eq!(body.matches("class=\"chart prerendered fit-440 ").count(), 4, "wide and narrow, light and dark");
    assert!(body.contains("viewBox=\"0 0 1114 440\""), "the laptop's box");
    assert!(body.contains("viewBox=\"0 0 353 303\""), "a 390 × 844 phone's box");
    assert!(body.contains("— not measured in this workload"), "an engine without a line is said");
    assert!(!body.contains(" style=") && !body.contains("<script"), "nothing the CSP refuses");
    // Each point's tooltip, in the core's words (the app's), for the page's script.
    let tips = body.split("data-tips=\"").nth(1).and_then(|t| t.split('"').next()).expect("data-tips").replace("&quot;", "\"");
    let tips: serde_json::Value = serde_json::from_str(&tips.replace("&amp;", "&").replace("&#39;", "'")).expect("JSON");
    assert_eq!(tips.as_array().map(Vec::len), Some(21), "one per point drawn");
    assert_eq!(
        (&tips[3][0], &tips[3][1], &tips[3][2]),
        (&serde_json::json!(0), &serde_json::json!(3), &serde_json::json!("Paiton CDNA4 · c8"))
    );
    assert_eq!(tips[3][3][0], serde_json::json!(["output tok/s per GPU", "754.6", 0, null]));
    assert_eq!(
        tips[3][3][2],
        serde_json::json!(["source", "sweep-paiton.jsonl (not checked)", 0, null]),
        "nothing is checked before the app"
    );
    let marks = body.split("data-marks=\"").nth(1).and_then(|m| m.split('"').next()).expect("data-marks");
    let marks: Vec<Vec<i64>> = marks.split(';').map(|m| m.split(',').map(|v| v.parse().expect("a number")).collect()).collect();
    assert_eq!(marks.len(), 21);
    // The keyboard's walk, written by the app's rule: right is the same line's next point to
    // the right (or stays at its last), down another line's.
    let steps = body.split("data-steps=\"").nth(1).and_then(|m| m.split('"').next()).expect("data-steps");
    let steps: Vec<Vec<usize>> = steps.split(';').map(|m| m.split(',').map(|v| v.parse().expect("an index")).collect()).collect();
    assert_eq!(steps.len(), 21);
    for (k, [right, left, down, _]) in steps.iter().map(|s| [s[0], s[1], s[2], s[3]]).enumerate() {
        let (at, to) = (&marks[k], &marks[right]);
        assert!(right == k || (to[2] == at[2] && to[0] > at[0]), "mark {k} → {right}");
        assert!(left == k || (marks[left][2] == at[2] && marks[left][0] < at[0]), "mark {k} ← {left}");
        assert_ne!(marks[down][2], at[2], "down leaves the line");
    }
    // The energy explorer links its trade-off, as the app's does.
    let energy = &views[2].body;
    assert!(energy.contains("<a class=\"chart-link\" href=\"?src=data/qwen3.8-flash-next-mi350p-2026-10-30.json&amp;view=energy&amp;chart=tradeoff\">Energy trade-off: tokens/s per kW against per-user tok/s →</a>"));
}

#[test]
fn a_study_without_serving_sweeps_has_only_its_other_views_written() {
    use servescope::core::link::View;
    use servescope::prerender::deep::deep_views;
    let results = common::without_blocks(&bundled_results(), &["serving"]);
    let views: Vec<View> = deep_views(&results, SRC, Before::default()).iter().map(|v| v.view).collect();
    assert_eq!(views, [View::Decode, View::Prefill, View::Cache, View::Accuracy, View::Provenance]);
    let results = common::without_blocks(&results, &["decode", "prefill"]);
    let views: Vec<View> = deep_views(&results, SRC, Before::default()).iter().map(|v| v.view).collect();
    assert_eq!(views, [View::Cache, View::Accuracy, View::Provenance], "a view the file has no block for is not written");
}

#[test]
fn the_trade_off_is_written_for_a_deep_link_with_its_frontier() {
    use servescope::core::display::series::{frontier_stretches, pareto_frontier, tradeoff_lines};
    use servescope::core::link::View;
    use servescope::prerender::deep::deep_views;
    let results = bundled_results();
    let views = deep_views(&results, SRC, Before::default());
    let tradeoff = views.iter().find(|v| v.view == View::Tradeoff).expect("the trade-off is written");
    // Every measured point of the default workload's lines is drawn, and each frontier
    // stretch is listed as the app lists it.
    let workload = &results.serving().expect("serving").workloads[0];
    let inputs = servescope::core::link::ViewState::default().series_inputs();
    let lines = tradeoff_lines(&results, workload, servescope::core::measures::metric::Metric::OutTokS, &inputs);
    let points: usize = lines.iter().map(|l| l.points.len()).sum();
    assert_eq!(tradeoff.points, points);
    assert_eq!(points, 21);
    let body = &tradeoff.body;
    assert!(body.contains("<h2>Trade-off: output tok/s per GPU against per-user speed</h2>"));
    assert!(body.contains("aria-current=\"page\">Trade-off</a>"));
    for stretch in frontier_stretches(&lines, &pareto_frontier(&lines, servescope::core::measures::metric::Metric::OutTokS.better())) {
        assert!(body.contains(&format!("<li>{stretch}</li>")), "stretch {stretch}");
    }
    assert!(body.contains("<input type=\"number\" min=\"0\" step=\"any\" inputmode=\"decimal\" class=\"slo-ttft\">"));
    assert_eq!(body.matches("class=\"chart prerendered fit-460 ").count(), 4);
    assert!(body.contains("viewBox=\"0 0 1114 460\""));
    assert!(!body.contains(" style=") && !body.contains("<script"));
}

/// A file as text.
fn text(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A built site in small: the markers, a policy with the source page's placeholder, one
/// inline script, the app's file, bundled data and a deep view of it.
fn small_site(name: &str) -> PathBuf {
    let dir = common::cli::out_dir(&format!("site-{name}"));
    std::fs::create_dir_all(dir.join("data")).expect("mkdir");
    let page = "<!DOCTYPE html><html lang=\"en\"><head>\
        <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'self' 'sha256-CSP_INIT_SCRIPT_HASH'; object-src 'none'\">\
        <!-- servescope:head --><title>servescope</title><!-- /servescope:head --><script>boot()</script></head>\
        <body><!-- servescope:landing --><div class=\"boot-skeleton\"></div></body></html>";
    for (file, text) in [
        ("index.html", page),
        ("app.wasm", "wasm"),
        ("data/index.json", "{}"),
        ("data/bundled.json", "{}"),
        ("prerender-serving-0.html", "old"),
    ] {
        std::fs::write(dir.join(file), text).expect("write");
    }
    dir
}

/// One imported study (vLLM's fixtures) in a folder of studies; returns the folder.
fn studies(name: &str) -> PathBuf {
    let dir = common::cli::out_dir(&format!("studies-{name}"));
    let out = dir.join("vllm");
    let (code, _, err) = common::cli::import(&[
        "--out",
        out.to_str().expect("a UTF-8 path"),
        "--title",
        "vLLM",
        "--engine",
        "vllm",
        "--label",
        "vLLM",
        "--isl",
        "1024",
        "--osl",
        "1024",
        "vllm/c1.json",
    ]);
    assert_eq!(code, 0, "{err}");
    dir
}

fn publish(args: &[&Path]) -> (i32, String) {
    let [data, site, out] = args else { panic!("three paths") };
    let out = Command::new(env!("CARGO_BIN_EXE_servescope-publish"))
        .arg(data)
        .arg("--site")
        .arg(site)
        .arg("--out")
        .arg(out)
        .output()
        .expect("runs");
    (out.status.code().unwrap_or(-1), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

#[test]
fn publish_writes_the_studies_page_without_the_sites_own_data_and_again_on_its_output() {
    let (site, data) = (small_site("ok"), studies("ok"));
    let out = site.with_file_name("public-ok");
    let _ = std::fs::remove_dir_all(&out);
    let (code, said) = publish(&[&data, &site, &out]);
    assert_eq!(code, 0, "{said}");
    assert!(said.starts_with("vllm/results.json: pass — valid with 0 warnings; 2 sources: 2 verified"), "{said}");
    let page = text(out.join("index.html"));
    assert!(page.contains("<!-- servescope:head --><title>vLLM · overview · servescope</title>"), "{page}");
    assert!(page.contains(" class=\"prerendered\" data-landing=\"data/vllm/results.json\" data-landing-view=\"overview\""), "{page}");
    // The policy lists the page's one inline script, computed as a browser does.
    assert!(page.contains("script-src 'self' 'sha256-"), "{page}");
    assert!(!page.contains("CSP_INIT_SCRIPT_HASH"));
    assert!(out.join("app.wasm").is_file() && out.join("index.html.br").is_file() && out.join("data/vllm/results.json.gz").is_file());
    for gone in ["data/bundled.json", "prerender-serving-0.html"] {
        assert!(!out.join(gone).exists(), "{gone} is the built site's, not the publisher's");
    }
    assert!(!text(site.join("index.html")).contains("vLLM"), "the built site is left as it was");
    // Again, into its own output: the same page.
    let (code, again) = publish(&[&data, &site, &out]);
    assert_eq!((code, text(out.join("index.html"))), (0, page), "{again}");
}

#[test]
fn publish_writes_nothing_unless_every_study_verifies() {
    let (site, data) = (small_site("unverified"), studies("unverified"));
    std::fs::remove_file(data.join("vllm/vllm-c1.json")).expect("remove a source");
    let out = site.with_file_name("public-unverified");
    let _ = std::fs::remove_dir_all(&out);
    let (code, said) = publish(&[&data, &site, &out]);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains("servescope-publish: vllm/results.json: fail — "), "{said}");
    assert!(said.contains("1 of 2 sources not verified (--require-all)"), "{said}");
    assert!(said.contains("nothing written: fix the study above"), "{said}");
    assert!(!out.exists());
}

#[test]
fn publish_refuses_folders_it_cannot_use_saying_which() {
    let (site, data) = (small_site("folders"), studies("folders"));
    let inside = site.join("public");
    let (code, said) = publish(&[&data, &site, &inside]);
    assert_eq!(code, 1);
    assert!(said.contains("overlaps --site"), "{said}");
    let busy = site.with_file_name("busy");
    std::fs::create_dir_all(&busy).expect("mkdir");
    std::fs::write(busy.join("notes.txt"), "mine").expect("write");
    let (code, said) = publish(&[&data, &site, &busy]);
    assert_eq!(code, 1);
    assert!(said.contains("holds files and is not a servescope page: choose an empty or new folder"), "{said}");
    assert_eq!(text(busy.join("notes.txt")), "mine");
    let (code, said) = publish(&[&data, &data, &site.with_file_name("public-x")]);
    assert_eq!(code, 1);
    let refusal = "is not a built servescope site (no index.html with the pre-render's markers and the app's wasm beside it): give the folder `trunk build --release` writes, dist/";
    assert!(said.contains(refusal), "{said}");
    // The checkout itself: its source index.html holds the markers, but there is no app. Nothing
    // is written (it once copied the whole repository, .git and target/ included).
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = site.with_file_name("public-checkout");
    let (code, said) = publish(&[&data, checkout, &out]);
    assert_eq!(code, 1, "{said}");
    assert!(said.contains(refusal), "{said}");
    assert!(!out.exists(), "nothing written");
}

#[test]
fn publish_never_copies_hidden_folders_builds_or_sources() {
    let (site, data) = (small_site("hidden"), studies("hidden"));
    for dir in [".git", "target/release", "node_modules/x", "src"] {
        std::fs::create_dir_all(site.join(dir)).expect("mkdir");
    }
    for file in [".git/HEAD", "target/release/big", "node_modules/x/index.js", "src/main.rs", ".env"] {
        std::fs::write(site.join(file), "private").expect("write");
    }
    let out = site.with_file_name("public-hidden");
    let _ = std::fs::remove_dir_all(&out);
    let (code, said) = publish(&[&data, &site, &out]);
    assert_eq!(code, 0, "{said}");
    for gone in [".git", "target", "node_modules", "src", ".env"] {
        assert!(!out.join(gone).exists(), "{gone} copied");
    }
    assert!(out.join("app.wasm").is_file(), "the app is");
}

#[test]
fn a_manifest_that_publishes_no_source_decides_the_verdict_before_the_app_as_the_app_does() {
    use servescope::core::link::View;
    use servescope::prerender::deep::deep_views;
    let results = bundled_results();
    let provenance = |before| deep_views(&results, SRC, before).into_iter().find(|v| v.view == View::Provenance).expect("written").body;
    // Nothing known: the checks are still to run.
    let unknown = provenance(Before::default());
    assert!(unknown.contains("<p class=\"verdict checking\">Checking the sources…</p>"), "{unknown}");
    assert!(unknown.contains("17 source files listed with their sha256 · not checked yet"));
    // The manifest lists none as published: nothing is asked for, the verdict is the app's.
    let none: &[String] = &[];
    let decided = provenance(Before { published: Some(none), warnings: 0, tables: None });
    assert!(
        decided.contains("<p class=\"verdict partial\"><strong>Verdict: </strong>valid · sources not published, not verified"),
        "{decided}"
    );
    assert!(decided.contains("17 source files not published with this page · hashes listed"));
    assert!(!decided.contains("Checking the sources…"));
}

#[test]
fn the_prerender_is_the_one_writer_of_the_html_tag_with_the_apps_numbers_and_the_split_views() {
    use servescope::chart::HIT_RADIUS_PX;
    use servescope::core::display::tooltip::TIP_GAP;
    let site = small_site("html-tag");
    // The bundled study and its manifest, as the build stages them.
    let study = SRC.trim_start_matches("data/");
    std::fs::write(site.join("data/index.json"), read("data/index.json")).expect("write");
    std::fs::write(site.join("data").join(study), read(SRC)).expect("write");
    std::fs::write(site.join(".split-views"), "trade-off:a.wasm,a.js\n").expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_servescope-prerender")).arg(&site).output().expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let page = text(site.join("index.html"));
    let tag = page.split("<html").nth(1).and_then(|t| t.split('>').next()).expect("the tag");
    assert!(tag.contains(&format!(" data-hit-radius=\"{HIT_RADIUS_PX}\" data-tip-gap=\"{TIP_GAP}\"")), "{tag}");
    assert!(tag.contains(" data-split-views=\"trade-off:a.wasm,a.js\""), "{tag}");
    assert!(!site.join(".split-views").exists(), "handed over, not left in the site");
}

#[test]
fn the_pages_tooltip_script_writes_no_number_the_app_owns() {
    let page = String::from_utf8(read("index.html")).expect("UTF-8");
    let script = page.split("data-servescope=\"prerender-tips\">").nth(1).and_then(|s| s.split("</script>").next()).expect("the script");
    // The hit radius and the tip's gap come from `<html>`, the keyboard's walk from `data-steps`.
    for number in ["16", "14"] {
        assert!(!script.contains(number), "a hand-written {number} in the tooltip script");
    }
    assert!(script.contains("getAttribute('data-hit-radius')") && script.contains("getAttribute('data-steps')"));
}
