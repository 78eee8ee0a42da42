//! `servescope`, one command: its list of commands, each command's own usage, the old
//! binaries as aliases with the same words and exit codes, and `view` serving a site.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};

const SERVESCOPE: &str = env!("CARGO_BIN_EXE_servescope");

fn alias(name: &str) -> &'static str {
    match name {
        "import" => env!("CARGO_BIN_EXE_servescope-import"),
        "verify" => env!("CARGO_BIN_EXE_servescope-verify"),
        "publish" => env!("CARGO_BIN_EXE_servescope-publish"),
        "export" => env!("CARGO_BIN_EXE_servescope-export"),
        _ => env!("CARGO_BIN_EXE_servescope-index"),
    }
}

#[test]
fn help_lists_one_line_per_command_on_stdout() {
    let out = Command::new(SERVESCOPE).arg("--help").output().expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let listed: Vec<&str> = text
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.split_whitespace().next().unwrap_or_default())
        .collect();
    assert_eq!(listed, ["view", "import", "verify", "publish", "export", "index"]);
    assert!(text.contains("\n  import   Turn tool outputs into a study\n"), "{text}");
    let none = Command::new(SERVESCOPE).output().expect("runs");
    assert_eq!(none.status.code(), Some(2));
    let wrong = Command::new(SERVESCOPE).arg("imprt").output().expect("runs");
    assert_eq!(wrong.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&wrong.stderr).starts_with("servescope: no command `imprt`"));
}

#[test]
fn each_alias_says_what_its_command_says_with_the_same_exit_codes() {
    for name in ["import", "verify", "publish", "export", "index"] {
        let sub = Command::new(SERVESCOPE).args([name, "--help"]).output().expect("runs");
        let old = Command::new(alias(name)).arg("--help").output().expect("runs");
        assert_eq!((sub.status.code(), old.status.code()), (Some(0), Some(0)), "{name}");
        assert_eq!(sub.stdout, old.stdout, "{name}: the same usage");
        assert!(String::from_utf8_lossy(&sub.stdout).contains(&format!("(also: servescope {name})")), "{name}");
        let bad = Command::new(SERVESCOPE).args([name, "--no-such-flag"]).output().expect("runs");
        let old_bad = Command::new(alias(name)).arg("--no-such-flag").output().expect("runs");
        assert_eq!(bad.status.code(), Some(2), "{name}: bad usage");
        assert_eq!((bad.status.code(), &bad.stderr), (old_bad.status.code(), &old_bad.stderr), "{name}");
    }
    let view = Command::new(SERVESCOPE).args(["view", "--help"]).output().expect("runs");
    assert!(String::from_utf8_lossy(&view.stdout).starts_with("usage: servescope view [FILE|FOLDER...] [--port N]"));
}

/// A site in a temporary folder: a page, its gzip copy and a wasm file.
fn fake_site(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("servescope-fake-site-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("data")).expect("temp");
    std::fs::write(dir.join("index.html"), "<html>page</html>").expect("write");
    std::fs::write(dir.join("index.html.gz"), "gzipped").expect("write");
    std::fs::write(dir.join("app.wasm"), b"\0asm").expect("write");
    dir
}

fn get(port: u16, path: &str, accept: &str) -> String {
    request(port, path, accept, &format!("127.0.0.1:{port}"))
}

fn request(port: u16, path: &str, accept: &str, host: &str) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    write!(stream, "GET {path} HTTP/1.1\r\nhost: {host}\r\naccept-encoding: {accept}\r\n\r\n").expect("sends");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("reads");
    answer
}

#[test]
fn view_serves_the_site_with_its_copies_and_says_a_port_in_use_in_one_sentence() {
    let site = fake_site("view");
    let mut child = Command::new(SERVESCOPE)
        .args(["view", "--no-open", "--port", "0", "--site"])
        .arg(&site)
        .stdout(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("a line");
    let port: u16 = line.split("127.0.0.1:").nth(1).and_then(|r| r.split('/').next()).and_then(|p| p.parse().ok()).expect(&line);
    let page = get(port, "/", "");
    let gz = get(port, "/index.html", "gzip, br");
    let wasm = get(port, "/app.wasm", "");
    let missing = get(port, "/data/none.json", "");
    let rebound = request(port, "/", "", "attacker.example");
    child.kill().expect("stops");
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&site);
    assert!(page.starts_with("HTTP/1.1 200 OK\r\n") && page.ends_with("<html>page</html>"), "{page}");
    assert!(gz.contains("content-encoding: gzip\r\n") && gz.ends_with("gzipped"), "{gz}");
    assert!(wasm.contains("content-type: application/wasm\r\n"), "{wasm}");
    assert!(missing.starts_with("HTTP/1.1 404 Not Found\r\n"), "{missing}");
    assert!(rebound.starts_with("HTTP/1.1 403 Forbidden\r\n"), "another name for 127.0.0.1 is not answered: {rebound}");

    let taken = TcpListener::bind(("127.0.0.1", 0)).expect("a port");
    let port = taken.local_addr().expect("bound").port().to_string();
    let site = fake_site("busy");
    let busy = Command::new(SERVESCOPE).args(["view", "--no-open", "--port", &port, "--site"]).arg(&site).output().expect("runs");
    let _ = std::fs::remove_dir_all(&site);
    assert_eq!(busy.status.code(), Some(2));
    let said = String::from_utf8_lossy(&busy.stderr);
    assert_eq!(said.trim_end(), format!("servescope view: port {port} is in use on 127.0.0.1: give another with --port N"));
}

#[test]
fn view_without_a_built_page_asks_for_one() {
    // A build from a checkout embeds no page (the wheel's script sets SERVESCOPE_SITE).
    if option_env!("SERVESCOPE_SITE").is_some() {
        return;
    }
    let out = Command::new(SERVESCOPE).args(["view", "--no-open"]).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("servescope view: this servescope has no page built in"));
    let publish = Command::new(SERVESCOPE).args(["publish", "data", "--out", "nowhere"]).output().expect("runs");
    assert_eq!(publish.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&publish.stderr).contains("give --site DIST"));
}

#[test]
fn files_before_any_engine_are_one_engine_per_tool_titled_from_the_files() {
    let out_dir = std::env::temp_dir().join(format!("servescope-loose-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out_dir);
    let run = Command::new(SERVESCOPE)
        .args(["import", "--out"])
        .arg(&out_dir)
        .args(["--gpus", "8", "--isl", "1024", "--osl", "1024"])
        .args(["tests/fixtures/import/vllm/c1.json", "tests/fixtures/import/vllm/append.json"])
        .output()
        .expect("runs");
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    let study: serde_json::Value = serde_json::from_slice(&std::fs::read(out_dir.join("results.json")).expect("written")).expect("json");
    let _ = std::fs::remove_dir_all(&out_dir);
    assert_eq!(study["title"], "org/model-x, vLLM bench serve");
    let engines: Vec<(&str, &str)> = study["engines"]
        .as_array()
        .expect("engines")
        .iter()
        .map(|e| (e["id"].as_str().unwrap_or(""), e["label"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(engines, [("vllm", "vLLM bench serve")]);
    // What the files cannot answer is asked at once, with the flags to give.
    let short = Command::new(SERVESCOPE).args(["import", "--out", "unused", "tests/fixtures/import/vllm/c1.json"]).output().expect("runs");
    assert_eq!(short.status.code(), Some(1));
    let said = String::from_utf8_lossy(&short.stderr);
    assert!(said.contains("engine `vllm`: the nominal input length (--isl N)"), "{said}");
    assert!(said.contains("engine `vllm`: the nominal output length (--osl N)"), "{said}");
}

#[test]
fn a_folder_of_outputs_leaves_out_what_no_tool_wrote_and_says_so() {
    let dir = std::env::temp_dir().join(format!("servescope-folder-{}", std::process::id()));
    let out_dir = dir.with_extension("out");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp");
    for name in ["c1.json", "append.json"] {
        std::fs::copy(format!("tests/fixtures/import/vllm/{name}"), dir.join(name)).expect("copy");
    }
    std::fs::write(dir.join("README.md"), "# how these runs were made\n").expect("write");
    let run = Command::new(SERVESCOPE)
        .args(["import", "--out"])
        .arg(&out_dir)
        .args(["--isl", "1024", "--osl", "1024"])
        .arg(&dir)
        .output()
        .expect("runs");
    let said = String::from_utf8_lossy(&run.stderr).into_owned();
    let written = std::fs::read(out_dir.join("results.json")).is_ok();
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&out_dir);
    assert_eq!(run.status.code(), Some(0), "{said}");
    assert!(written);
    assert!(said.contains("README.md: left out, not a benchmark tool's output"), "{said}");
    // A file named on its own is the publisher's to explain: refused, not left out.
    let named =
        Command::new(SERVESCOPE).args(["import", "--out", "unused", "--isl", "1", "--osl", "1", "README.md"]).output().expect("runs");
    assert_eq!(named.status.code(), Some(1));
    let label = Command::new(SERVESCOPE).args(["view", "--label", "Mine", "README.md"]).output().expect("runs");
    assert_eq!(label.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&label.stderr).starts_with("servescope view: --label names the engine --engine ID gives"));
}
