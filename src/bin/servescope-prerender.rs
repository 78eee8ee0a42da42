//! servescope-prerender: write the landing view into a built `index.html` (a trunk
//! post-build step), so the page shows real figures before its WebAssembly runs.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use servescope::core::collection::parse_collection;
use servescope::core::provenance::sha256_hex;
use servescope::core::validate::parse_results;
use servescope::prerender::deep::deep_views;
use servescope::prerender::{catalog_landing, landing};

const USAGE: &str = "\
usage: servescope-prerender [DIR]

Write the landing view of DIR/data/index.json into DIR/index.html: its study's overview,
or for a collection of several studies its catalog. A single study's serving view is
written too, as DIR/prerender-serving-HASH.html, for the page to show a link to it early. DIR is a built site (default:
$TRUNK_STAGING_DIR, as trunk sets it for a post-build hook). The page must hold the markers
<!-- servescope:head --> … <!-- /servescope:head --> (generic tags, replaced by the
study's) and <!-- servescope:landing -->.
Exit 0: written; 1: the index or the study is missing or invalid, or a marker is missing;
2: bad usage.";

const HEAD_MARK: &str = "<!-- servescope:head -->";
const HEAD_END: &str = "<!-- /servescope:head -->";
const BODY_MARK: &str = "<!-- servescope:landing -->";

fn fail(message: String) -> ExitCode {
    eprintln!("servescope-prerender: {message}");
    ExitCode::from(1)
}

fn main() -> ExitCode {
    let mut dir: Option<PathBuf> = std::env::var_os("TRUNK_STAGING_DIR").map(PathBuf::from);
    let mut parser = lexopt::Parser::from_env();
    loop {
        match parser.next() {
            Ok(Some(lexopt::Arg::Long("help") | lexopt::Arg::Short('h'))) => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            Ok(Some(lexopt::Arg::Value(value))) => dir = Some(PathBuf::from(value)),
            Ok(Some(other)) => {
                eprintln!("servescope-prerender: unexpected {}\n{USAGE}", other.unexpected());
                return ExitCode::from(2);
            }
            Ok(None) => break,
            Err(e) => {
                eprintln!("servescope-prerender: {e}\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let Some(dir) = dir else {
        eprintln!("servescope-prerender: no site directory given and TRUNK_STAGING_DIR is not set\n{USAGE}");
        return ExitCode::from(2);
    };
    match run(&dir) {
        Ok(said) => {
            println!("servescope-prerender: {said}");
            ExitCode::SUCCESS
        }
        Err(message) => fail(message),
    }
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn run(dir: &Path) -> Result<String, String> {
    let page_path = dir.join("index.html");
    let page = String::from_utf8(read(&page_path)?).map_err(|_| format!("{}: not UTF-8", page_path.display()))?;
    for mark in [HEAD_MARK, HEAD_END, BODY_MARK] {
        if !page.contains(mark) {
            return Err(format!("{}: the marker {mark} is missing", page_path.display()));
        }
    }
    let index_path = dir.join("data/index.json");
    let collection = parse_collection(&read(&index_path)?, "data/index.json").map_err(|e| e.to_string())?;
    let srcs: Vec<String> = collection.studies.iter().map(|s| collection.src_of("data/index.json", s)).collect();
    // Each deep view's file, named by its content (a host may cache it for good), as
    // `view:file` pairs for the head script.
    let mut deep: Vec<String> = Vec::new();
    let (landing, src, said) = if collection.studies.len() > 1 {
        (catalog_landing(&collection, &srcs), String::new(), format!("catalog of {} studies written", srcs.len()))
    } else {
        let src = srcs[0].clone();
        let study_path = dir.join(&src);
        let checked = parse_results(&read(&study_path)?);
        let Some(results) = checked.results else {
            let findings: Vec<String> = checked.findings.iter().map(ToString::to_string).collect();
            return Err(format!("{}: not a valid results file:\n  {}", study_path.display(), findings.join("\n  ")));
        };
        let landing = landing(&results, &src);
        let mut said = format!("{src}: overview written ({} points, {} not measured)", landing.points, landing.gaps);
        for view in deep_views(&results, &src) {
            let name = format!("prerender-{}-{}.html", view.view.as_str(), &sha256_hex(view.body.as_bytes())[..16]);
            let path = dir.join(&name);
            std::fs::write(&path, &view.body).map_err(|e| format!("{}: {e}", path.display()))?;
            said.push_str(&format!("; {name} ({} points, {} not measured)", view.points, view.gaps));
            deep.push(format!("{}:{name}", view.view.as_str()));
        }
        (landing, src, said)
    };
    let html_tag = "<html lang=\"en\">";
    if !page.contains(html_tag) {
        return Err(format!("{}: no {html_tag} to mark as pre-rendered", page_path.display()));
    }
    let view = if src.is_empty() { "catalog" } else { "overview" };
    let marked = format!(
        "<html lang=\"en\" class=\"prerendered\" data-landing=\"{}\" data-landing-view=\"{view}\" data-prerendered-views=\"{}\">",
        servescope::prerender::html::escape(&src),
        deep.join(" ")
    );
    let (start, end) = (page.find(HEAD_MARK).unwrap_or(0), page.find(HEAD_END).map_or(0, |at| at + HEAD_END.len()));
    if end <= start {
        return Err(format!("{}: {HEAD_END} must follow {HEAD_MARK}", page_path.display()));
    }
    let page = format!("{}{}{}", &page[..start], landing.head, &page[end..]);
    let page = page.replacen(html_tag, &marked, 1).replace(BODY_MARK, &landing.body);
    std::fs::write(&page_path, &page).map_err(|e| format!("{}: {e}", page_path.display()))?;
    Ok(format!("{said}, {} bytes of HTML", landing.body.len()))
}
