//! A built site's `index.html` made to show its data: the landing view and the deep views
//! pre-rendered from `data/index.json`, then every inline script and style hashed into the
//! Content-Security-Policy. Run by the build (`servescope-prerender`, the trunk hook) and
//! again by `servescope-publish` on a built site with other data, so both write the same
//! page: the markers the pre-render fills stay in the page, each region between its pair.

use std::path::Path;

use crate::chart::HIT_RADIUS_PX;
use crate::core::collections::collection::{asks_for, parse_collection};
use crate::core::display::tooltip::TIP_GAP;
use crate::core::measures::requests::{read_tables, RequestTable};
use crate::core::provenance::sha256_hex;
use crate::core::study::findings::Severity;
use crate::core::study::model::Results;
use crate::core::study::validate::parse_results;
use crate::core::views::height_rules;
use crate::core::views::panel::Height;
use crate::prerender::deep::deep_views;
use crate::prerender::html::escape;
use crate::prerender::{catalog_landing, landing, Before};

/// The page's generic head tags, replaced by the study's.
pub const HEAD: (&str, &str) = ("<!-- servescope:head -->", "<!-- /servescope:head -->");
/// Where the landing view goes. The source page holds only the opening marker; the written
/// page holds both, around the view.
pub const LANDING: (&str, &str) = ("<!-- servescope:landing -->", "<!-- /servescope:landing -->");
/// The name every pre-rendered deep view's file starts with.
pub const DEEP_PREFIX: &str = "prerender-";

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// `page` with the text between `open` and `close` replaced by `with` (markers kept); a page
/// that holds `open` alone gets both markers around `with`.
fn fill(page: &str, (open, close): (&str, &str), with: &str) -> Result<String, String> {
    let start = page.find(open).ok_or_else(|| format!("the marker {open} is missing"))?;
    let after = start + open.len();
    let end = match page[after..].find(close) {
        Some(at) => after + at + close.len(),
        None if open == LANDING.0 => after,
        None => return Err(format!("the marker {close} is missing after {open}")),
    };
    Ok(format!("{}{open}{with}{close}{}", &page[..start], &page[end..]))
}

/// `page` with attributes of its `<html>` tag set (added, or their value replaced).
pub fn set_html_attributes(page: &str, attributes: &[(&str, &str)]) -> Result<String, String> {
    let start = page.find("<html").ok_or("no <html> tag")?;
    let end = start + page[start..].find('>').ok_or("no end to the <html> tag")?;
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut rest = page[start + "<html".len()..end].trim();
    while !rest.is_empty() {
        let (name, after) = rest.split_once("=\"").ok_or_else(|| format!("the <html> tag's attributes do not read: {rest}"))?;
        let (value, after) = after.split_once('"').ok_or_else(|| format!("an unquoted <html> attribute: {rest}"))?;
        pairs.push((name.trim().to_owned(), value.to_owned()));
        rest = after.trim();
    }
    for (name, value) in attributes {
        let value = escape(value);
        match pairs.iter_mut().find(|(n, _)| n == name) {
            Some(pair) => pair.1 = value,
            None => pairs.push(((*name).to_owned(), value)),
        }
    }
    let tag: String = pairs.iter().map(|(n, v)| format!(" {n}=\"{v}\"")).collect();
    Ok(format!("{}<html{tag}{}", &page[..start], &page[end..]))
}

/// The file the build's split step leaves in the staged site for the pre-render: each split
/// view's files, for `<html data-split-views>`.
pub const SPLIT_VIEWS_FILE: &str = ".split-views";

/// What the pre-render wrote, for the command's log.
pub struct Prerendered {
    /// One line: the view written, points and gaps, each deep view's file.
    pub said: String,
}

/// Write the landing view of `dir/data/index.json` into `dir/index.html` — its study's
/// overview, or a collection's catalog — and, for a single study, each deep view into
/// `dir/prerender-VIEW-HASH.html`; deep-view files of an earlier run are removed.
pub fn prerender_site(dir: &Path) -> Result<Prerendered, String> {
    let page_path = dir.join("index.html");
    let page = String::from_utf8(read(&page_path)?).map_err(|_| format!("{}: not UTF-8", page_path.display()))?;
    let index_path = dir.join("data/index.json");
    let collection = parse_collection(&read(&index_path)?, "data/index.json").map_err(|e| e.to_string())?;
    let srcs: Vec<String> = collection.studies.iter().map(|s| collection.src_of("data/index.json", s)).collect();
    remove_deep_views(dir)?;
    // Each deep view's file, named by its content (a host may cache it for good), as
    // `view:file` pairs for the head script.
    let mut deep: Vec<String> = Vec::new();
    let mut heights = Vec::new();
    let (landing, src, mut said) = if srcs.len() == 1 {
        let src = srcs[0].clone();
        let study_path = dir.join(&src);
        let bytes = read(&study_path)?;
        let checked = parse_results(&bytes);
        let Some(results) = checked.results else {
            let findings: Vec<String> = checked.findings.iter().map(ToString::to_string).collect();
            return Err(format!("{}: not a valid results file:\n  {}", study_path.display(), findings.join("\n  ")));
        };
        // What the app knows of the sources before it fetches any, by the same rules: the
        // manifest's list of published sources when it lists these very bytes
        // (`ui::state::published_sources`), and the warnings the verdict counts.
        let entry = &collection.studies[0];
        let published = (entry.sha256 == sha256_hex(&bytes)).then_some(entry.published.as_deref()).flatten();
        let warnings = checked.findings.iter().filter(|f| f.severity == Severity::Warning).count();
        let tables = published_tables(&results, study_path.parent().unwrap_or(dir), published);
        let before = Before { published, warnings, tables: Some(&tables) };
        let landing = landing(&results, &src, before);
        let mut said = format!("{src}: overview written ({} points, {} not measured)", landing.points, landing.gaps);
        for view in deep_views(&results, &src, before) {
            let name = format!("{DEEP_PREFIX}{}-{}.html", view.view.as_str(), &sha256_hex(view.body.as_bytes())[..16]);
            write(&dir.join(&name), view.body.as_bytes())?;
            said.push_str(&format!("; {name} ({} points, {} not measured)", view.points, view.gaps));
            deep.push(format!("{}:{name}", view.view.as_str()));
            heights.extend(view.heights);
        }
        (landing, src, said)
    } else {
        (catalog_landing(&collection, &srcs), String::new(), format!("catalog of {} studies written", srcs.len()))
    };
    let view = if src.is_empty() { "catalog" } else { "overview" };
    let in_page = |e: String| format!("{}: {e}", page_path.display());
    // The pre-rendered charts' boxes are sized by rules written from the heights the app
    // draws at (`core::views::height_rules`), one rule per height any view here uses.
    heights.extend(landing.heights.iter().copied());
    let mut unique: Vec<Height> = Vec::new();
    for height in heights {
        if !unique.contains(&height) {
            unique.push(height);
        }
    }
    let head = if unique.is_empty() { landing.head.clone() } else { format!("{}<style>{}</style>", landing.head, height_rules(&unique)) };
    let page = fill(&page, HEAD, &head).map_err(in_page)?;
    let page = fill(&page, LANDING, &landing.body).map_err(in_page)?;
    // The page before the wasm answers a pointer and places a tip by the app's numbers.
    let (radius, gap, deep) = (HIT_RADIUS_PX.to_string(), TIP_GAP.to_string(), deep.join(" "));
    let mut attributes = vec![
        ("class", "prerendered"),
        ("data-landing", src.as_str()),
        ("data-landing-view", view),
        ("data-prerendered-views", &deep),
        ("data-hit-radius", &radius),
        ("data-tip-gap", &gap),
    ];
    // The split step hands over its views' files (`view:file,file …`) in a file rather than
    // editing the tag: this is the tag's one writer. A published copy has none and keeps the
    // attribute its build wrote.
    let split_path = dir.join(SPLIT_VIEWS_FILE);
    let split = match split_path.is_file() {
        true => Some(String::from_utf8(read(&split_path)?).map_err(|_| format!("{}: not UTF-8", split_path.display()))?),
        false => None,
    };
    if let Some(split) = &split {
        attributes.push(("data-split-views", split.trim()));
    }
    let page = set_html_attributes(&page, &attributes).map_err(in_page)?;
    if split.is_some() {
        std::fs::remove_file(&split_path).map_err(|e| format!("{}: {e}", split_path.display()))?;
    }
    write(&page_path, page.as_bytes())?;
    said.push_str(&format!(", {} bytes of HTML", landing.body.len()));
    Ok(Prerendered { said })
}

/// The per-request tables published beside a study in `folder`, as the page reads them: a
/// table the manifest lists as published (or every one, where it lists none) whose bytes
/// match their sha256 (the goodput and requests views are written from them).
fn published_tables(results: &Results, folder: &Path, published: Option<&[String]>) -> Vec<(String, RequestTable)> {
    read_tables(results, |file| {
        let source = results.sources().iter().find(|s| s.name() == file)?;
        let bytes = asks_for(published, file).then(|| std::fs::read(folder.join(file)).ok()).flatten()?;
        (sha256_hex(&bytes) == source.sha256).then_some(std::borrow::Cow::Owned(bytes))
    })
}

/// Remove `dir`'s pre-rendered deep views and their compressed copies.
fn remove_deep_views(dir: &Path) -> Result<(), String> {
    for entry in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let deep = name.starts_with(DEEP_PREFIX) && [".html", ".html.br", ".html.gz"].iter().any(|ext| name.ends_with(ext));
        if deep && path.is_file() {
            std::fs::remove_file(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// The bodies of `page`'s elements named `tag` (`script` without a `src`, or `style`).
fn inline_bodies<'a>(page: &'a str, tag: &str) -> Vec<&'a str> {
    let (open, close) = (format!("<{tag}"), format!("</{tag}>"));
    let mut bodies = Vec::new();
    let mut rest = page;
    while let Some(at) = rest.find(&open) {
        let after = &rest[at + open.len()..];
        let Some(tag_end) = after.find('>') else { break };
        let attributes = &after[..tag_end];
        // `<style>` exactly, and `<script …>`: not `<scripts`, not `<styles…`.
        let named = if tag == "style" { attributes.is_empty() } else { attributes.is_empty() || attributes.starts_with(' ') };
        let body = &after[tag_end + 1..];
        let Some(end) = body.find(&close) else { break };
        if named && !attributes.contains(" src=") {
            bodies.push(&body[..end]);
        }
        rest = &body[end + close.len()..];
    }
    bodies
}

fn csp_hash(body: &str) -> String {
    use sha2::Digest;
    format!("'sha256-{}'", base64(&sha2::Sha256::digest(body.as_bytes())))
}

/// Standard base64 with padding (the CSP's hash source).
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// `page` with the sha256 of each inline script in the policy's `script-src` and of each
/// inline style in its `style-src`, in place of the hashes (or the source page's
/// placeholder) it held: the policy allows exactly the page's own inline code.
pub fn seal_csp(page: &str) -> Result<String, String> {
    let marker = "http-equiv=\"Content-Security-Policy\" content=\"";
    let start = page.find(marker).ok_or("no Content-Security-Policy <meta>")? + marker.len();
    let end = start + page[start..].find('"').ok_or("the Content-Security-Policy's content does not end")?;
    let scripts: Vec<String> = inline_bodies(page, "script").into_iter().map(csp_hash).collect();
    let styles: Vec<String> = inline_bodies(page, "style").into_iter().map(csp_hash).collect();
    if scripts.is_empty() {
        return Err("no inline script in the page".to_owned());
    }
    let mut directives: Vec<String> = Vec::new();
    let mut found_script = false;
    for directive in page[start..end].split(';').map(str::trim).filter(|d| !d.is_empty()) {
        let kept = |d: &str| d.split(' ').filter(|t| !t.starts_with("'sha256-")).collect::<Vec<_>>().join(" ");
        if directive.starts_with("style-src") {
            continue;
        }
        if directive.starts_with("script-src") {
            found_script = true;
            directives.push(format!("{} {}", kept(directive), scripts.join(" ")));
            directives.push(format!("style-src 'self' {}", styles.join(" ")).trim_end().to_owned());
        } else {
            directives.push(directive.to_owned());
        }
    }
    if !found_script {
        return Err("the Content-Security-Policy has no script-src".to_owned());
    }
    Ok(format!("{}{}{}", &page[..start], directives.join("; "), &page[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_pads_as_the_standard_says() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn the_policy_lists_each_inline_script_and_style_once_more_written() {
        let page = "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-CSP_INIT_SCRIPT_HASH'; object-src 'none'\">\
                    <style>a{}</style><script>alert(1)</script><script src=\"x.js\"></script><script type=\"module\">go()</script>";
        let sealed = seal_csp(page).expect("sealed");
        let (a, go, style) = (csp_hash("alert(1)"), csp_hash("go()"), csp_hash("a{}"));
        assert!(
            sealed.contains(&format!("script-src 'self' 'wasm-unsafe-eval' {a} {go}; style-src 'self' {style}; object-src 'none'\"")),
            "{sealed}"
        );
        // Sealing again changes nothing; a changed script replaces its hash.
        assert_eq!(seal_csp(&sealed).expect("again"), sealed);
        let changed = seal_csp(&sealed.replace("alert(1)", "alert(2)")).expect("changed");
        assert!(changed.contains(&csp_hash("alert(2)")) && !changed.contains(&a));
        assert_eq!(csp_hash("alert(1)"), "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    }

    #[test]
    fn markers_are_kept_around_what_fills_them() {
        let page = "<head><!-- servescope:head -->old<!-- /servescope:head --></head><body><!-- servescope:landing --><p>x</p></body>";
        let once = fill(&fill(page, HEAD, "<title>t</title>").expect("filled"), LANDING, "<div>v1</div>").expect("filled");
        assert_eq!(once, "<head><!-- servescope:head --><title>t</title><!-- /servescope:head --></head><body><!-- servescope:landing --><div>v1</div><!-- /servescope:landing --><p>x</p></body>");
        let twice = fill(&once, LANDING, "<div>v2</div>").expect("filled");
        assert!(twice.contains("landing --><div>v2</div><!-- /servescope:landing --><p>x</p>") && !twice.contains("v1"));
        assert_eq!(fill("<head></head>", HEAD, "t").expect_err("refused"), "the marker <!-- servescope:head --> is missing");
    }

    #[test]
    fn html_attributes_are_set_or_replaced_escaped() {
        let page = "<!DOCTYPE html><html lang=\"en\" data-split-views=\"a:b\">";
        let set = set_html_attributes(page, &[("class", "prerendered"), ("data-landing", "data/a&b.json")]).expect("filled");
        assert_eq!(
            set,
            "<!DOCTYPE html><html lang=\"en\" data-split-views=\"a:b\" class=\"prerendered\" data-landing=\"data/a&amp;b.json\">"
        );
        let again = set_html_attributes(&set, &[("data-landing", "")]).expect("filled");
        assert!(again.contains(" data-landing=\"\">") && again.contains("data-split-views=\"a:b\""));
    }
}
