//! Invariants of the source tree, checked by machine:
//! - no data ever reaches raw HTML (no raw-HTML API anywhere in `src/`);
//! - the browser code is in layers with one direction: `state` ← `io` ← `tasks` ←
//!   `chart`/`widgets` ← `views` ← `shell`; a layer names only the layers before it, only
//!   the shell's router names the views, views never name each other, `state` holds no
//!   components, and nothing reaches across layers with `super::super`;
//! - the pure side (`core`, `chart`) names no browser crate;
//! - the core's modules form a declared order (`CORE_ORDER`): a module names only modules
//!   before it (so `link` never names `series`), and the core never names `chart` or `ui`;
//! - no source file is over 400 lines;
//! - ARCHITECTURE.md quotes the wasm size BENCHMARKS.md last measured.

use std::path::{Path, PathBuf};

/// Every Rust source under `dir` (from the crate's root), with its text, in path order.
pub(crate) fn sources(dir: &str) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("utf-8 source");
                out.push((path, text));
            }
        }
    }
    out.sort();
    out
}

/// The `ui` layer a file under `src/ui/` belongs to, and what it may name.
fn layer(path: &Path) -> Option<(&'static str, &'static [&'static str])> {
    let relative = path.strip_prefix(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui")).ok()?;
    let first = relative.components().next()?.as_os_str().to_str()?;
    Some(match first {
        "state" => ("state", &["state"]),
        "io" => ("io", &["state", "io"]),
        "tasks" => ("tasks", &["state", "io", "tasks"]),
        "chart" => ("chart", &["state", "io", "chart"]),
        "widgets" => ("widgets", &["state", "io", "tasks", "chart", "widgets"]),
        "views" => ("views", &["state", "io", "tasks", "chart", "widgets", "views"]),
        "shell" => ("shell", &["state", "io", "tasks", "chart", "widgets", "views", "shell"]),
        _ => return None,
    })
}

/// Every `crate::ui::LAYER[::MODULE]` a text names.
fn named(text: &str) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("crate::ui::") {
        rest = &rest[at + "crate::ui::".len()..];
        let ident = |s: &str| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
        let layer = ident(rest);
        let after = &rest[layer.len()..];
        let module = after.strip_prefix("::").map(ident).filter(|m| !m.is_empty());
        out.push((layer, module));
    }
    out
}

#[test]
fn no_source_file_uses_a_raw_html_api() {
    let forbidden = ["inner_html", "set_inner_html", "outer_html", "insert_adjacent_html", "document.write", "dangerously"];
    let files = sources("src");
    assert!(files.len() > 40, "walked the sources ({} files)", files.len());
    let offenders: Vec<String> = files
        .iter()
        .flat_map(|(path, text)| forbidden.iter().filter(|w| text.contains(*w)).map(move |w| format!("{}: {w}", path.display())))
        .collect();
    assert!(offenders.is_empty(), "raw HTML APIs: {offenders:?}");
}

#[test]
fn the_browser_code_is_in_layers_with_one_direction() {
    let mut offenders = Vec::new();
    let files = sources("src/ui");
    assert!(files.len() > 30, "walked the UI ({} files)", files.len());
    for (path, text) in &files {
        let Some((own, allowed)) = layer(path) else { continue };
        let file = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        let shown = path.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap_or(path).display();
        for (layer, module) in named(text) {
            if !allowed.contains(&layer.as_str()) {
                offenders.push(format!("{shown} ({own}) names ui::{layer}"));
            }
            // The router, and the split points of the views loaded when first opened.
            let names_views = own == "shell" && (file == "router" || file == "lazy");
            if layer == "views" && !names_views && !(own == "views" && module.as_deref() == Some(file)) {
                offenders.push(format!(
                    "{shown} names ui::views::{}; only shell/router.rs and shell/lazy.rs name views",
                    module.unwrap_or_default()
                ));
            }
        }
        if text.contains("super::super") {
            offenders.push(format!("{shown} reaches across layers with super::super; name the layer"));
        }
        if own == "state" && text.contains("#[component]") {
            offenders.push(format!("{shown}: state holds no components"));
        }
    }
    assert!(offenders.is_empty(), "{}", offenders.join("\n"));
}

#[test]
fn the_layer_rule_catches_a_view_that_names_the_shell_or_another_view() {
    let views = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui/views/decode.rs");
    let (own, allowed) = layer(&views).expect("a layer");
    assert_eq!(own, "views");
    let named = named("use crate::ui::shell::app::App; use crate::ui::views::serving::ExplorerView;");
    assert_eq!(named, [("shell".to_owned(), Some("app".to_owned())), ("views".to_owned(), Some("serving".to_owned()))]);
    assert!(!allowed.contains(&"shell"), "a view may not name the shell");
    let state = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui/state/mod.rs");
    assert_eq!(layer(&state).map(|l| l.1.to_vec()), Some(vec!["state"]), "state names nothing above it");
}

#[test]
fn the_pure_side_names_no_browser_crate() {
    let mut offenders = Vec::new();
    for dir in ["src/core", "src/chart", "src/bin"] {
        for (path, text) in sources(dir) {
            // Comments may name what the code does not use (this invariant says so itself).
            let code: String = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
            for word in ["web_sys", "leptos", "js_sys", "wasm_bindgen", "gloo"] {
                if code.contains(word) {
                    offenders.push(format!("{}: {word}", path.display()));
                }
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:?}");
}

/// The core's folders in their declared order, each with its modules in order (a folder
/// listed alone is one module): leaves first, then the model and its checks, what is
/// measured, the link, what is built for readers and views, and the importers last. Each
/// module names only modules before it.
const CORE_ORDER: &[(&str, &[&str])] = &[
    ("basics", &["format", "stats", "csv", "zip", "json", "intake"]),
    ("study", &["findings", "path", "model", "validate", "contents"]),
    ("measures", &["requests", "cost", "goodput", "metric"]),
    ("link", &[]),
    ("provenance", &[]),
    ("display", &["palette", "series", "claims", "legend", "compare", "tables", "headline", "tooltip", "chart_words", "embed"]),
    ("collections", &["collection", "catalog", "history", "history_view"]),
    ("views", &[]),
    ("import", &[]),
    ("export", &[]),
];

/// The core's modules in order, a folder listed alone standing for itself.
fn core_modules() -> Vec<&'static str> {
    CORE_ORDER.iter().flat_map(|(folder, modules)| if modules.is_empty() { vec![*folder] } else { modules.to_vec() }).collect()
}

/// Where a core source file sits: its module, the folder of modules holding it (none for a
/// module at the core's root), and how many `super::` reach the module's parent.
fn core_place(relative: &Path) -> Option<(&'static str, Option<&'static str>, usize)> {
    let parts: Vec<&str> = relative.components().filter_map(|c| c.as_os_str().to_str()).collect();
    let stem = |i: usize| parts.get(i).map(|p| p.trim_end_matches(".rs"));
    let own_mod_rs = parts.last() == Some(&"mod.rs");
    let (folder, modules) = CORE_ORDER.iter().find(|(folder, _)| Some(*folder) == stem(0))?;
    let (module, folder, level) = if modules.is_empty() {
        (*folder, None, 1)
    } else {
        (*modules.iter().find(|m| Some(**m) == stem(1).filter(|s| *s != "mod"))?, Some(*folder), 2)
    };
    Some((module, folder, parts.len() + 1 - level - usize::from(own_mod_rs)))
}

/// What a core source file names of the core: a module by `crate::core::` (a folder's
/// module by the name after the folder's), a sibling by as many `super::` as reach its
/// parent; a longer `super::` chain is an offence of its own (across modules the core names
/// by `crate::core::`).
fn core_names(relative: &Path, text: &str) -> (Vec<String>, Vec<String>) {
    let modules = core_modules();
    let Some((_, folder, reach)) = core_place(relative) else { return (Vec::new(), Vec::new()) };
    let code: String = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
    let ident = |s: &str| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
    // A name at the core's root: a module, or a folder whose module follows it.
    let at_root = |rest: &str| {
        let first = ident(rest);
        let grouped = CORE_ORDER.iter().find(|(f, m)| *f == first && !m.is_empty());
        match grouped {
            Some(_) => rest.get(first.len() + 2..).map(ident).filter(|m| modules.contains(&m.as_str())),
            None => modules.contains(&first.as_str()).then_some(first),
        }
    };
    let (mut names, mut climbs) = (Vec::new(), Vec::new());
    for (at, _) in code.match_indices("crate::core::") {
        names.extend(at_root(&code[at + "crate::core::".len()..]));
    }
    for (at, _) in code.match_indices("super::") {
        if code[..at].ends_with("super::") {
            continue;
        }
        let supers = (0..).take_while(|i| code[at + i * 7..].starts_with("super::")).count();
        let rest = &code[at + supers * 7..];
        if supers > reach {
            climbs.push(format!("{} climbs out of its module ({}{})", relative.display(), "super::".repeat(supers), ident(rest)));
        } else if supers == reach {
            let sibling = match folder {
                Some(f) => CORE_ORDER
                    .iter()
                    .find(|(name, _)| *name == f)
                    .and_then(|(_, m)| m.iter().find(|m| **m == ident(rest)))
                    .map(|m| m.to_string()),
                None => at_root(rest),
            };
            names.extend(sibling);
        }
    }
    (names, climbs)
}

/// The rule for one file: every core module it names comes before its own.
fn order_offences(relative: &Path, text: &str) -> Vec<String> {
    let modules = core_modules();
    let Some((own, _, _)) = core_place(relative) else { return vec![format!("{} is in no module of CORE_ORDER", relative.display())] };
    let rank = modules.iter().position(|m| *m == own).expect("a listed module");
    let mut out: Vec<String> = ["crate::chart", "crate::ui"]
        .iter()
        .filter(|outside| text.lines().any(|l| !l.trim_start().starts_with("//") && l.contains(*outside)))
        .map(|outside| format!("{} names {}", relative.display(), &outside["crate::".len()..]))
        .collect();
    let (names, climbs) = core_names(relative, text);
    out.extend(
        names
            .into_iter()
            .filter(|name| name != own)
            .filter(|name| modules.iter().position(|m| m == name).is_none_or(|r| r > rank))
            .map(|name| format!("{} names {name}", relative.display())),
    );
    out.extend(climbs);
    out
}

#[test]
fn the_core_modules_name_only_modules_before_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/core");
    let files = sources("src/core");
    assert!(files.len() > 40, "walked the core ({} files)", files.len());
    let mut offenders: Vec<String> = Vec::new();
    for (path, text) in &files {
        let relative = path.strip_prefix(&root).expect("under src/core");
        // The core's and its folders' `mod.rs` only declare modules.
        let folder_mod = relative.parent().is_some_and(|f| CORE_ORDER.iter().any(|(name, m)| !m.is_empty() && f == Path::new(name)));
        if relative == Path::new("mod.rs") || (folder_mod && relative.ends_with("mod.rs")) {
            continue;
        }
        offenders.extend(order_offences(relative, text));
    }
    offenders.dedup();
    assert!(offenders.is_empty(), "core modules naming later ones (or chart/ui): {offenders:?}");
}

#[test]
fn the_core_order_catches_link_naming_series_and_core_naming_chart() {
    let planted = "use crate::core::display::series::Series;\nfn f() { crate::core::display::series::cell_at; }";
    assert_eq!(order_offences(Path::new("link/views.rs"), planted), ["link/views.rs names series", "link/views.rs names series"]);
    // A sibling in the same folder, named by `super::`, counts; a name in its own module does not.
    assert_eq!(order_offences(Path::new("display/series/mod.rs"), "use super::palette::P; use super::series_x;"), Vec::<String>::new());
    assert_eq!(order_offences(Path::new("display/series/mod.rs"), "use super::tables::Table;"), ["display/series/mod.rs names tables"]);
    assert_eq!(
        order_offences(Path::new("display/tables/study.rs"), "use super::super::tooltip::T;"),
        ["display/tables/study.rs names tooltip"]
    );
    assert_eq!(order_offences(Path::new("display/tables/mod.rs"), "use crate::chart::Mark;"), ["display/tables/mod.rs names chart"]);
    assert_eq!(
        order_offences(Path::new("basics/format.rs"), "use crate::chart::x; use crate::core::study::model::Results;"),
        ["basics/format.rs names chart", "basics/format.rs names model"]
    );
    // Across folders the core names a module by `crate::core::`, never by climbing.
    assert_eq!(
        order_offences(Path::new("display/palette.rs"), "use super::super::link::ViewState;"),
        ["display/palette.rs climbs out of its module (super::super::link)"]
    );
    assert_eq!(order_offences(Path::new("link/state.rs"), "use super::super::views::X;"), ["link/state.rs names views"]);
    assert_eq!(order_offences(Path::new("stray.rs"), ""), ["stray.rs is in no module of CORE_ORDER"]);
}

/// ARCHITECTURE.md's size figure is the last benchmark's, so the one page stays true.
#[test]
fn architecture_md_quotes_the_benchmarked_wasm_size() {
    let read = |name: &str| std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(name)).expect("readable");
    let (architecture, benchmarks) = (read("ARCHITECTURE.md"), read("BENCHMARKS.md"));
    let quoted =
        architecture.split("The wasm is ").nth(1).and_then(|t| t.split(" KiB gzip").next()).expect("ARCHITECTURE.md says the wasm size");
    let row = benchmarks.lines().find(|l| l.starts_with("| wasm | ")).expect("BENCHMARKS.md's static size row");
    let gzip: f64 =
        row.split('|').nth(2).and_then(|c| c.split('/').nth(1)).map(str::trim).and_then(|v| v.parse().ok()).expect("raw / gzip");
    assert_eq!(quoted, format!("{}", gzip.round()), "ARCHITECTURE.md says {quoted} KiB; BENCHMARKS.md measured {gzip} KiB");
}

/// The import module is its own wasm: it names the core and nothing of the page, so the
/// page's code never rides along into it (nor it into the page's first download).
#[test]
fn the_import_module_names_only_the_core() {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/worker.rs")).expect("src/worker.rs");
    assert!(text.contains("crate::core::import::remote"), "it answers through the core's protocol");
    for other in ["crate::ui", "crate::chart", "crate::prerender", "leptos::"] {
        assert!(!text.contains(other), "src/worker.rs names {other}");
    }
    let page: Vec<(PathBuf, String)> = sources("src/ui").into_iter().filter(|(_, t)| t.contains("crate::worker")).collect();
    assert!(page.is_empty(), "the page names the worker module: {:?}", page.iter().map(|(p, _)| p).collect::<Vec<_>>());
    // The page reaches the importers only through the module: a direct call would put them
    // back into its first download.
    let importers = ["write_study", "read_draft", "import::rederive", "import_file", "rederive(&"];
    let direct: Vec<String> = sources("src/ui")
        .iter()
        .flat_map(|(path, text)| importers.iter().filter(|w| text.contains(*w)).map(move |w| format!("{}: {w}", path.display())))
        .collect();
    assert!(direct.is_empty(), "the page calls the importers directly: {direct:?}");
}

/// ARCHITECTURE.md lists the core's order as this test declares it, so the page cannot
/// drift from the rule (a module added to one and not the other fails here).
#[test]
fn architecture_md_lists_the_core_order_this_test_enforces() {
    let architecture = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md")).expect("readable");
    let list = architecture
        .split("which this list must equal):")
        .nth(1)
        .and_then(|t| t.split(" — ").next())
        .expect("ARCHITECTURE.md lists the core order");
    let listed: Vec<&str> = list.split_whitespace().collect();
    let declared = CORE_ORDER
        .iter()
        .map(|(folder, modules)| match modules {
            [] => format!("`{folder}`"),
            _ => format!("`{folder}` ({})", modules.iter().map(|m| format!("`{m}`")).collect::<Vec<_>>().join(", ")),
        })
        .collect::<Vec<_>>()
        .join(", ");
    assert_eq!(listed, declared.split_whitespace().collect::<Vec<_>>(), "ARCHITECTURE.md's core order");
}

/// Each invariant ARCHITECTURE.md lists names the tests that check it: every one exists, in
/// the file named before it (an integration test's, or a unit test file's under `src/`), so
/// the list cannot point at a test that was renamed or removed.
#[test]
fn every_test_architecture_md_names_for_an_invariant_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let architecture = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("readable");
    let invariants = architecture.split("## Invariants").nth(1).expect("an Invariants section");
    let (mut file, mut named, mut missing) = (None::<String>, 0, Vec::new());
    for token in invariants.split('`').skip(1).step_by(2) {
        if (token.starts_with("tests/") || token.starts_with("src/")) && token.ends_with(".rs") {
            file = std::fs::read_to_string(root.join(token)).ok().map(|text| format!("{token}\n{text}"));
            if file.is_none() {
                missing.push(format!("{token}: no such file"));
            }
        } else if token.len() >= 12
            && token.contains('_')
            && token.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        {
            let Some(text) = &file else { continue };
            named += 1;
            if !text.contains(&format!("fn {token}(")) {
                missing.push(format!("{} {token}", text.lines().next().unwrap_or("")));
            }
        }
    }
    assert!(named >= 15, "the invariants name their tests ({named} found)");
    assert!(missing.is_empty(), "named but not found: {missing:?}");
}

#[test]
fn an_exports_file_name_and_title_line_are_written_once() {
    // One rule for both renderers (the page and the pre-render): `core::views::panel`.
    for name in ["fn stem(", "fn study_line("] {
        let found: Vec<String> =
            sources("src").into_iter().filter(|(_, text)| text.contains(name)).map(|(path, _)| path.display().to_string()).collect();
        assert_eq!(found.len(), 1, "{name} written in {found:?}");
        assert!(found[0].ends_with("core/views/panel.rs"), "{found:?}");
    }
}
