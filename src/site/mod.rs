//! A built site made to show a folder of studies, natively (no wasm toolchain): check each
//! study, write the manifest, pre-render the landing and deep views into the page, hash its
//! inline code into the policy and write the precompressed copies. The build runs the same
//! steps on its own output (`servescope-prerender`), so a published site is the page a
//! rebuild would have written.

pub mod check;
pub mod compress;
pub mod embedded;
pub mod page;
pub mod studies;

use std::path::{Path, PathBuf};

use crate::core::collections::collection::{manifest_json, Collection};
use check::check_study;
use page::{prerender_site, seal_csp, DEEP_PREFIX, HEAD, LANDING};
use studies::{studies_under, INDEX};

/// Pre-render `dir`'s page from its `data/`, seal its policy, and precompress the files that
/// `changed` names (paths relative to `dir`); one line saying what was written.
pub fn finish_site(dir: &Path, changed: &dyn Fn(&str) -> bool) -> Result<String, String> {
    let prerendered = prerender_site(dir)?;
    let page_path = dir.join("index.html");
    let page = std::fs::read_to_string(&page_path).map_err(|e| format!("{}: {e}", page_path.display()))?;
    let sealed = seal_csp(&page).map_err(|e| format!("{}: {e}", page_path.display()))?;
    std::fs::write(&page_path, sealed).map_err(|e| format!("{}: {e}", page_path.display()))?;
    let totals = compress::precompress(dir, changed)?;
    Ok(format!("{}; policy hashed; precompressed {totals}", prerendered.said))
}

/// Whether `relative` (a path in a site) is one the page's data decides: the page, its deep
/// views and everything under `data/`.
pub fn data_dependent(relative: &str) -> bool {
    relative == "index.html" || relative.starts_with(DEEP_PREFIX) || relative.starts_with("data/")
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> String + '_ {
    move |e| format!("{}: {e}", path.display())
}

/// Copy `from` into `to`, leaving out what `skip` names (given the path relative to `from`).
fn copy_tree(from: &Path, to: &Path, skip: &dyn Fn(&str) -> bool) -> Result<usize, String> {
    let mut copied = 0;
    let mut stack = vec![from.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).map_err(io(&at))? {
            let path = entry.map_err(|e| e.to_string())?.path();
            let relative = path.strip_prefix(from).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            if skip(&relative) {
                continue;
            }
            let target = to.join(&relative);
            if path.is_dir() {
                std::fs::create_dir_all(&target).map_err(io(&target))?;
                stack.push(path);
            } else {
                if let Some(parent) = target.parent() {
                    std::fs::create_dir_all(parent).map_err(io(parent))?;
                }
                std::fs::copy(&path, &target).map_err(io(&path))?;
                copied += 1;
            }
        }
    }
    Ok(copied)
}

/// Whether `path` is a built servescope page's folder: its `index.html` holds the markers
/// and the app's wasm is beside it (the source `index.html` of a checkout holds the markers
/// too, and no app).
fn is_site(path: &Path) -> bool {
    let page = std::fs::read_to_string(path.join("index.html")).is_ok_and(|page| page.contains(HEAD.0) && page.contains(LANDING.0));
    let app = std::fs::read_dir(path).is_ok_and(|entries| entries.flatten().any(|e| e.file_name().to_string_lossy().ends_with(".wasm")));
    page && app
}

/// What a published page never carries, whatever the folder holds: hidden files and folders
/// (`.git`), a build's `target/`, `node_modules/` and sources.
fn never_published(relative: &str) -> bool {
    relative.split('/').any(|part| part.starts_with('.') || matches!(part, "target" | "node_modules" | "src")) || relative.ends_with(".rs")
}

fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

/// Refuse an output folder that would overwrite the inputs or something that is not a page.
fn check_out(data: &Path, site: &Path, out: &Path) -> Result<(), String> {
    let (data_c, site_c) = (canonical(data), canonical(site));
    // The output may not exist yet: judge by its parent's real path.
    let out_c = match (out.parent(), out.file_name()) {
        (Some(parent), Some(name)) if !out.exists() => {
            canonical(if parent.as_os_str().is_empty() { Path::new(".") } else { parent }).join(name)
        }
        _ => canonical(out),
    };
    for (input, what) in [(&site_c, "--site"), (&data_c, "the data folder")] {
        if out_c.starts_with(input) || input.starts_with(&out_c) {
            return Err(format!("--out {} overlaps {what} {}: choose a folder of its own", out.display(), input.display()));
        }
    }
    let empty = std::fs::read_dir(out).map_or(true, |mut entries| entries.next().is_none());
    if out.exists() && !empty && !is_site(out) {
        return Err(format!("--out {} holds files and is not a servescope page: choose an empty or new folder", out.display()));
    }
    Ok(())
}

/// Publish the studies under `data` on the built site `site` into `out`: every study must
/// pass the verify policy (`--require-all`) before anything is written. Returns one line per
/// study and one for the site.
pub fn publish(data: &Path, site: &Path, out: &Path) -> Result<Vec<String>, Vec<String>> {
    if !is_site(site) {
        return Err(vec![format!(
            "{} is not a built servescope site (no index.html with the pre-render's markers and the app's wasm beside it): give the folder `trunk build --release` writes, dist/",
            site.display()
        )]);
    }
    check_out(data, site, out).map_err(|e| vec![e])?;
    let studies = studies_under(data).map_err(|e| vec![e])?;
    if studies.is_empty() {
        return Err(vec![format!(
            "no results file under {}: give the folder `servescope-import --out` wrote into, or its parent",
            data.display()
        )]);
    }
    let (mut said, mut failed) = (Vec::new(), Vec::new());
    for study in &studies {
        let path = data.join(&study.path);
        let bytes = std::fs::read(&path).map_err(|e| vec![format!("{}: {e}", path.display())])?;
        let checked = check_study(&bytes, path.parent().unwrap_or(data));
        let verdict = checked.report.verdict(true);
        let line = format!("{}: {}", study.path, verdict.sentence);
        if verdict.pass {
            said.push(line)
        } else {
            failed.push(line)
        }
    }
    if !failed.is_empty() {
        failed.push(format!(
            "nothing written: fix the {} above (servescope-verify RESULTS.json --require-all says why), then publish again",
            if failed.len() == 1 { "study" } else { "studies" }
        ));
        return Err(failed);
    }
    let fail = |e: String| vec![e];
    if out.exists() {
        std::fs::remove_dir_all(out).map_err(|e| vec![format!("{}: {e}", out.display())])?;
    }
    std::fs::create_dir_all(out).map_err(|e| vec![format!("{}: {e}", out.display())])?;
    // The site without its data and the views pre-rendered from it; then the studies, without
    // a manifest of their own (written next, from what was checked).
    copy_tree(site, out, &|r| r == "data" || r.starts_with(DEEP_PREFIX) || never_published(r)).map_err(fail)?;
    let out_data = out.join("data");
    copy_tree(data, &out_data, &|r| r == INDEX || r.starts_with(&format!("{INDEX}.")) || never_published(r)).map_err(fail)?;
    let listed = studies_under(&out_data).map_err(fail)?;
    let manifest = out_data.join(INDEX);
    std::fs::write(&manifest, manifest_json(&Collection { studies: listed, legacy: false }))
        .map_err(|e| vec![format!("{}: {e}", manifest.display())])?;
    said.push(format!("{}: {}", out.display(), finish_site(out, &data_dependent).map_err(fail)?));
    Ok(said)
}
