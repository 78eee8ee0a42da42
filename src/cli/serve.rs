//! A static server for a site held in memory (`servescope view`): GET and HEAD, the types a
//! browser needs (wasm as `application/wasm`), a file's precompressed `.br` or `.gz` copy by
//! `Accept-Encoding` as a static host sends it, real 404s (a missing source is reported as
//! unavailable, never hashed as a page), no caching. Only the standard library: one thread
//! per connection, one request per connection.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;

/// A site: its files by path relative to its root (`index.html`, `data/index.json`, …).
pub type Site = BTreeMap<String, Vec<u8>>;

/// The content type of a file by its name.
pub fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    match ext {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript",
        "css" => "text/css",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "jsonl" => "application/jsonl",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" => "text/plain; charset=utf-8",
        "md" => "text/markdown; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// One answer: status, headers and body.
#[derive(Debug, PartialEq)]
pub struct Answer {
    /// HTTP status.
    pub status: u16,
    /// Headers beyond the length.
    pub headers: Vec<(&'static str, String)>,
    /// The body (empty for HEAD, but the length says the GET's).
    pub body: Vec<u8>,
}

/// What the site answers to `method path` with `accept` as the request's Accept-Encoding.
pub fn answer(site: &Site, method: &str, target: &str, accept: &str) -> Answer {
    let plain = |status: u16, text: &str| Answer {
        status,
        headers: vec![("content-type", "text/plain; charset=utf-8".to_owned())],
        body: text.as_bytes().to_vec(),
    };
    if method != "GET" && method != "HEAD" {
        let mut refused = plain(405, "only GET and HEAD");
        refused.headers.push(("allow", "GET, HEAD".to_owned()));
        return refused;
    }
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let Some(path) = percent_decoded(path) else {
        return plain(400, "a path that is not UTF-8");
    };
    let mut relative = path.trim_start_matches('/').to_owned();
    if relative.is_empty() || relative.ends_with('/') {
        relative.push_str("index.html");
    } else if !site.contains_key(&relative) && site.contains_key(&format!("{relative}/index.html")) {
        relative.push_str("/index.html");
    }
    let Some(body) = site.get(&relative) else {
        return plain(404, "not found");
    };
    let mut headers = vec![("content-type", content_type(&relative).to_owned()), ("cache-control", "no-store".to_owned())];
    let mut body = body;
    // The build's own compressed copy, when it wrote one and the browser takes it.
    for (encoding, suffix) in [("br", ".br"), ("gzip", ".gz")] {
        let takes = accepts(accept, encoding);
        if let Some(copy) = site.get(&format!("{relative}{suffix}")).filter(|_| takes) {
            body = copy;
            headers.push(("content-encoding", encoding.to_owned()));
            headers.push(("vary", "accept-encoding".to_owned()));
            break;
        }
    }
    let body = if method == "HEAD" { Vec::new() } else { body.clone() };
    Answer { status: 200, headers, body }
}

/// Whether an Accept-Encoding value takes `encoding`: named (any case) with no `q=0`.
fn accepts(accept: &str, encoding: &str) -> bool {
    accept.split(',').any(|item| {
        let mut parts = item.split(';').map(str::trim);
        let named = parts.next().is_some_and(|e| e.eq_ignore_ascii_case(encoding));
        let refused = parts.any(|p| p.strip_prefix("q=").and_then(|q| q.trim().parse::<f64>().ok()).is_some_and(|q| q <= 0.0));
        named && !refused
    })
}

/// Whether a request's Host is this server as the link names it: a page on another name
/// resolving to 127.0.0.1 (DNS rebinding) is not answered.
pub fn host_allowed(host: &str, port: u16) -> bool {
    let host = host.trim();
    [format!("127.0.0.1:{port}"), format!("localhost:{port}"), format!("[::1]:{port}")].iter().any(|h| h.eq_ignore_ascii_case(host))
}

fn percent_decoded(path: &str) -> Option<String> {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut k = 0;
    while k < bytes.len() {
        if bytes[k] == b'%' && k + 2 < bytes.len() {
            if let Ok(byte) = u8::from_str_radix(std::str::from_utf8(&bytes[k + 1..k + 3]).ok()?, 16) {
                out.push(byte);
                k += 3;
                continue;
            }
        }
        out.push(bytes[k]);
        k += 1;
    }
    String::from_utf8(out).ok().filter(|p| !p.split('/').any(|part| part == ".."))
}

/// Bind `127.0.0.1:port` (0: any free port); a port in use is said in one sentence.
pub fn bind(port: u16) -> Result<TcpListener, String> {
    TcpListener::bind(("127.0.0.1", port)).map_err(|e| match e.kind() {
        std::io::ErrorKind::AddrInUse => format!("port {port} is in use on 127.0.0.1: give another with --port N"),
        _ => format!("cannot listen on 127.0.0.1:{port}: {e}"),
    })
}

/// Answer every connection to `listener` from `site`, until the process ends.
pub fn serve(listener: TcpListener, site: Site) {
    let port = listener.local_addr().map_or(0, |a| a.port());
    let site = Arc::new(site);
    for stream in listener.incoming() {
        match stream {
            Ok(stream) => {
                let site = Arc::clone(&site);
                std::thread::spawn(move || {
                    let _ = answer_connection(stream, &site, port);
                });
            }
            // Out of file descriptors, say: wait rather than spin.
            Err(_) => std::thread::sleep(std::time::Duration::from_millis(50)),
        }
    }
}

/// The most a request's line and headers may take.
const HEAD_LIMIT: u64 = 16 * 1024;

fn answer_connection(stream: TcpStream, site: &Site, port: u16) -> std::io::Result<()> {
    stream.set_read_timeout(Some(std::time::Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?.take(HEAD_LIMIT));
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let mut parts = line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
    let (mut accept, mut host) = (String::new(), String::new());
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header)? == 0 || header.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            match name.trim().to_ascii_lowercase().as_str() {
                "accept-encoding" => accept = value.trim().to_owned(),
                "host" => host = value.trim().to_owned(),
                _ => {}
            }
        }
    }
    let answer = if host_allowed(&host, port) {
        answer(site, method, target, &accept)
    } else {
        Answer { status: 403, headers: Vec::new(), body: b"not this server's name".to_vec() }
    };
    let length = match (method, answer.status) {
        ("HEAD", 200) => site_length(site, target, &accept),
        _ => answer.body.len(),
    };
    let mut head = format!("HTTP/1.1 {} {}\r\ncontent-length: {length}\r\nconnection: close\r\n", answer.status, reason(answer.status));
    for (name, value) in &answer.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let mut stream = stream;
    stream.write_all(head.as_bytes())?;
    // A HEAD is answered without a body, whatever its status.
    if method != "HEAD" {
        stream.write_all(&answer.body)?;
    }
    stream.flush()
}

/// The length a GET of `target` would send.
fn site_length(site: &Site, target: &str, accept: &str) -> usize {
    answer(site, "GET", target, accept).body.len()
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        _ => "Method Not Allowed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> Site {
        [("index.html", "page"), ("index.html.gz", "gz"), ("index.html.br", "br"), ("a b.wasm", "w"), ("data/x.json", "{}")]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v.as_bytes().to_vec()))
            .collect()
    }

    #[test]
    fn the_site_answers_with_its_copies_by_accept_encoding_and_404_for_the_rest() {
        let site = site();
        let root = answer(&site, "GET", "/?study=x", "gzip, deflate, br");
        assert_eq!((root.status, root.body.as_slice()), (200, b"br".as_slice()));
        assert!(root.headers.contains(&("content-encoding", "br".to_owned())));
        assert_eq!(answer(&site, "GET", "/index.html", "gzip").body, b"gz");
        assert_eq!(answer(&site, "GET", "/", "").body, b"page");
        let wasm = answer(&site, "GET", "/a%20b.wasm", "br");
        assert_eq!(wasm.headers[0], ("content-type", "application/wasm".to_owned()));
        assert_eq!(wasm.body, b"w", "no copy: the file itself");
        assert_eq!(answer(&site, "GET", "/data/y.json", "").status, 404);
        assert_eq!(answer(&site, "GET", "/../etc/passwd", "").status, 400);
        assert_eq!(answer(&site, "POST", "/", "").status, 405);
        let head = answer(&site, "HEAD", "/data/x.json", "");
        assert_eq!((head.status, head.body.len()), (200, 0));
        assert_eq!(answer(&site, "GET", "/", "br;q=0, GZIP").body, b"gz", "q=0 refuses; names in any case");
        assert!(answer(&site, "PUT", "/", "").headers.contains(&("allow", "GET, HEAD".to_owned())));
    }

    #[test]
    fn only_the_links_own_host_is_answered() {
        assert!(host_allowed("127.0.0.1:8080", 8080));
        assert!(host_allowed("LOCALHOST:8080", 8080));
        assert!(!host_allowed("127.0.0.1:8081", 8080));
        assert!(!host_allowed("attacker.example:8080", 8080));
        assert!(!host_allowed("", 8080));
    }
}
