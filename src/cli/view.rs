//! `servescope view`: the benchmark runner's one step — results files, study folders or a
//! tool's outputs in, the page serving them on this machine out. Tool outputs are imported
//! as `servescope import` would (one engine per tool, named after it, unless `--engine`),
//! everything is published as `servescope publish` would (checked, pre-rendered,
//! precompressed) into memory, and served on 127.0.0.1 until Ctrl-C.

use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use lexopt::prelude::*;

use super::serve::{bind, serve, Site};
use crate::core::import::{write_study, EngineGroup, StudyAnswers};
use crate::core::study::validate::parse_results;
use crate::site::embedded::{has_site, NO_SITE};

const USAGE: &str = "\
usage: servescope view [FILE|FOLDER...] [--port N] [--no-open] [--gpus N|unstated] [--isl N] [--osl N]
         [--conc N | --rate R] [--model M] [--hardware H] [--title T] [--engine ID] [--label L] [--site DIST]

Serve results in the page on http://127.0.0.1:N/ (default 8080) and open it in the browser
(not with --no-open); Ctrl-C stops it. Each argument is a results file (its folder is the
study), a study folder (as servescope import --out writes it), or a benchmark tool's output
(a file, or a folder of them), imported as servescope import would: one engine per tool,
named after it (--engine ID and --label L name one engine for them all), titled from the
files (--title T), with --gpus, --isl, --osl, --conc, --rate, --model and --hardware for
what the files do not record (a folder's files no tool wrote are left out, said). What
they cannot answer is refused, naming what to give. Every study is checked as servescope
publish checks it, in a private temporary folder removed once the page is in memory.
Without arguments, the studies the page was built with. --site DIST serves another built
page (trunk build --release's dist/).
Exit 1: a file cannot be imported or a study did not pass; 2: bad usage or the port is in use.";

struct Args {
    paths: Vec<PathBuf>,
    port: u16,
    open: bool,
    site: Option<PathBuf>,
    answers: StudyAnswers,
    given: EngineGroup,
}

fn parse(args: Vec<OsString>) -> Result<Option<Args>, String> {
    let mut parser = lexopt::Parser::from_args(args);
    let days = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() / 86_400);
    let today = Some(crate::core::basics::format::date_of_day(days as i64));
    let mut args = Args {
        paths: Vec::new(),
        port: 8080,
        open: true,
        site: None,
        answers: StudyAnswers { today, ..StudyAnswers::default() },
        given: EngineGroup::default(),
    };
    let text = |parser: &mut lexopt::Parser| -> Result<String, String> {
        parser.value().map_err(|e| e.to_string())?.string().map_err(|e| e.to_string())
    };
    while let Some(arg) = parser.next().map_err(|e| e.to_string())? {
        match arg {
            Short('h') | Long("help") => return Ok(None),
            Long("port") => {
                let value = text(&mut parser)?;
                args.port = value.parse().map_err(|_| format!("--port expects a port number (0 to 65535), found `{value}`"))?;
            }
            Long("no-open") => args.open = false,
            Long("site") => args.site = Some(PathBuf::from(text(&mut parser)?)),
            Long("title") => args.answers.title = text(&mut parser)?,
            Long("model") => args.answers.model = Some(text(&mut parser)?),
            Long("hardware") => args.answers.hardware = Some(text(&mut parser)?),
            Long("engine") => args.given.id = text(&mut parser)?,
            Long("label") => args.given.label = text(&mut parser)?,
            Long("rate") => {
                args.given.rate = Some(super::import::rate_of(&text(&mut parser)?)?);
            }
            Long(flag @ ("gpus" | "isl" | "osl" | "conc")) => {
                let flag = flag.to_owned();
                let value = text(&mut parser)?;
                super::import::number_flag(&flag, &value, &mut args.given, false, &mut (None, None))?;
            }
            Value(path) => args.paths.push(PathBuf::from(path)),
            other => return Err(other.unexpected().to_string()),
        }
    }
    match (args.given.id.is_empty(), args.given.label.is_empty()) {
        (true, false) => return Err("--label names the engine --engine ID gives: give --engine too".to_owned()),
        (false, true) => args.given.label = args.given.id.clone(),
        _ => {}
    }
    Ok(Some(args))
}

/// `servescope view`: `args` after the command's name.
pub fn run(args: Vec<OsString>) -> ExitCode {
    let args = match parse(args) {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("servescope view: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if args.site.is_none() && !has_site() {
        eprintln!("servescope view: {NO_SITE}\n\n{USAGE}");
        return ExitCode::from(2);
    }
    // The port first: a port in use is said before any work.
    let listener = match bind(args.port) {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("servescope view: {e}");
            return ExitCode::from(2);
        }
    };
    let site = match site_to_serve(&args) {
        Ok(site) => site,
        Err(lines) => {
            for line in lines {
                eprintln!("servescope view: {line}");
            }
            return ExitCode::from(1);
        }
    };
    let port = listener.local_addr().map_or(args.port, |a| a.port());
    let link = format!("http://127.0.0.1:{port}/");
    println!("servescope view: serving {link} (Ctrl-C stops it)");
    if args.open {
        open_browser(&link);
    }
    serve(listener, site);
    ExitCode::SUCCESS
}

/// The site to serve: the built page as it is without arguments (from memory), else the
/// page published with the given studies in a private temporary folder, read back into
/// memory and removed.
fn site_to_serve(args: &Args) -> Result<Site, Vec<String>> {
    if args.paths.is_empty() {
        return match &args.site {
            Some(site) => read_site(site).map_err(|e| vec![e]),
            None => Ok(crate::site::embedded::FILES.iter().map(|(name, bytes)| ((*name).to_owned(), bytes.to_vec())).collect()),
        };
    }
    let temp = private_temp_dir().map_err(|e| vec![e])?;
    let result = (|| {
        let built = match &args.site {
            Some(site) => site.clone(),
            None => {
                let dir = temp.join("built");
                crate::site::embedded::write_site(&dir).map_err(|e| vec![e])?;
                dir
            }
        };
        let data = temp.join("data");
        gather(args, &data)?;
        let out = temp.join("out");
        crate::site::publish(&data, &built, &out)?;
        read_site(&out).map_err(|e| vec![e])
    })();
    let _ = std::fs::remove_dir_all(&temp);
    result
}

/// A new folder of this process's own in the system's temporary folder: a name no one can
/// guess ahead, created (never reused), readable by this user alone.
fn private_temp_dir() -> Result<PathBuf, String> {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let seed = format!("{}-{nanos}-{:p}", std::process::id(), &nanos);
    let digest = crate::core::provenance::sha256_hex(seed.as_bytes());
    let dir = std::env::temp_dir().join(format!("servescope-view-{}", &digest[..16]));
    std::fs::create_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    Ok(dir)
}

/// Put every argument's study into `data` (one folder each), importing the tools' outputs.
fn gather(args: &Args, data: &Path) -> Result<(), Vec<String>> {
    let one = |e: String| vec![e];
    let mut loose = Vec::new();
    let mut studies = 0;
    for path in &args.paths {
        let target = data.join(format!("study-{}", studies + 1));
        if path.is_dir() && !crate::site::studies::studies_under(path).map_err(one)?.is_empty() {
            copy_files(path, &target).map_err(one)?;
            studies += 1;
        } else if !path.is_dir() && copy_results_file(path, &target).map_err(one)? {
            studies += 1;
        } else {
            loose.push(path.clone());
        }
    }
    if !loose.is_empty() {
        let (files, optional) = super::import::read_loose(&loose).map_err(one)?;
        import(args, &files, &optional, &data.join("imported"))?;
    }
    Ok(())
}

/// When `path` is a results file, copy it and the sources it names that are beside it into
/// `to` (never the rest of its folder); false when it is not one.
fn copy_results_file(path: &Path, to: &Path) -> Result<bool, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let Some(results) = parse_results(&bytes).results else {
        return Ok(false);
    };
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map_or_else(|| "results.json".into(), |n| n.to_os_string());
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    std::fs::write(to.join(name), &bytes).map_err(|e| format!("{}: {e}", to.display()))?;
    for source in crate::core::collections::collection::source_files(&results) {
        let (from, into) = (dir.join(&source), to.join(&source));
        // A source outside the study's folder is not the study's to publish.
        if source.split(['/', '\\']).any(|part| part == "..") || !from.is_file() {
            continue;
        }
        if let Some(parent) = into.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::copy(&from, &into).map_err(|e| format!("{}: {e}", from.display()))?;
    }
    Ok(true)
}

/// Import the tools' outputs into the study folder `dir`, as `servescope import` would.
fn import(args: &Args, files: &BTreeMap<String, Vec<u8>>, optional: &BTreeSet<String>, dir: &Path) -> Result<(), Vec<String>> {
    let mut answers = args.answers.clone();
    let groups = super::import::tool_engines(files, optional, &args.given, &mut answers.title).map_err(|e| vec![e])?;
    let written = write_study(&answers, &groups).map_err(|e| vec![e.to_string()])?;
    for warning in &written.warnings {
        eprintln!("warning {warning}");
    }
    std::fs::create_dir_all(dir).map_err(|e| vec![format!("{}: {e}", dir.display())])?;
    for file in &written.files {
        let path = dir.join(&file.name);
        std::fs::write(&path, &file.bytes).map_err(|e| vec![format!("{}: {e}", path.display())])?;
    }
    println!("servescope view: imported {} ({} cells, {} warnings)", answers.title, written.cells, written.warnings.len());
    Ok(())
}

/// Copy the files of `from` (and its folders') into `to`.
fn copy_files(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for entry in std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?.flatten() {
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_files(&path, &target)?;
        } else {
            std::fs::copy(&path, &target).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// Every file under `dir`, by path relative to it.
fn read_site(dir: &Path) -> Result<Site, String> {
    let mut site = Site::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).map_err(|e| format!("{}: {e}", at.display()))?.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path.strip_prefix(dir).unwrap_or(&path).to_string_lossy().replace('\\', "/");
                site.insert(relative, std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?);
            }
        }
    }
    Ok(site)
}

/// Open `link` in the desktop's browser; when none opens, the printed link is the way in.
fn open_browser(link: &str) {
    let (program, args): (&str, Vec<&str>) = if cfg!(target_os = "macos") {
        ("open", vec![link])
    } else if cfg!(windows) {
        ("cmd", vec!["/C", "start", "", link])
    } else {
        ("xdg-open", vec![link])
    };
    let _ = std::process::Command::new(program).args(args).stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null()).spawn();
}
