//! Precompressed copies for static hosts: beside each .wasm, .js, .css, .html and .json
//! file, a `.br` (brotli quality 11) and a `.gz` (gzip level 9), so a host that serves files
//! by `Accept-Encoding` sends the smallest form without compressing on the fly.

use std::io::Write;
use std::path::Path;

/// What one precompression wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Files compressed.
    pub files: usize,
    /// Their bytes.
    pub raw: usize,
    /// Bytes of their brotli copies.
    pub brotli: usize,
    /// Bytes of their gzip copies.
    pub gzip: usize,
}

impl std::fmt::Display for Totals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} files, {} bytes: brotli {}, gzip {}", self.files, self.raw, self.brotli, self.gzip)
    }
}

/// Whether a file of this name gets precompressed copies.
pub fn compressible(name: &str) -> bool {
    [".wasm", ".js", ".css", ".html", ".json"].iter().any(|ext| name.ends_with(ext))
}

/// `bytes` as brotli at quality 11 with a 4 MiB window (the reference encoder's defaults).
pub fn brotli(bytes: &[u8]) -> Vec<u8> {
    let params = brotli::enc::BrotliEncoderParams { quality: 11, lgwin: 22, size_hint: bytes.len(), ..Default::default() };
    let mut out = Vec::with_capacity(bytes.len() / 3);
    // Reading from a slice and writing to a Vec cannot fail.
    let _ = brotli::BrotliCompress(&mut &bytes[..], &mut out, &params);
    out
}

/// `bytes` as gzip at level 9.
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::with_capacity(bytes.len() / 3), flate2::Compression::best());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}

/// Write the copies of every compressible file under `dir` for which `wanted` (given the path
/// relative to `dir`, with `/`) says yes.
pub fn precompress(dir: &Path, wanted: &dyn Fn(&str) -> bool) -> Result<Totals, String> {
    let mut totals = Totals::default();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).map_err(|e| format!("{}: {e}", at.display()))? {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let relative = path.strip_prefix(dir).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            if !compressible(&relative) || !wanted(&relative) {
                continue;
            }
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let (br, gz) = (brotli(&bytes), gzip(&bytes));
            for (ext, copy) in [("br", &br), ("gz", &gz)] {
                let to = path.with_file_name(format!("{}.{ext}", path.file_name().unwrap_or_default().to_string_lossy()));
                std::fs::write(&to, copy).map_err(|e| format!("{}: {e}", to.display()))?;
            }
            totals.files += 1;
            totals.raw += bytes.len();
            totals.brotli += br.len();
            totals.gzip += gz.len();
        }
    }
    Ok(totals)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn both_copies_decompress_to_the_bytes() {
        let text = "servescope ".repeat(500);
        let mut back = Vec::new();
        brotli::BrotliDecompress(&mut &brotli(text.as_bytes())[..], &mut back).expect("brotli reads back");
        assert_eq!(back, text.as_bytes());
        let mut back = String::new();
        flate2::read::GzDecoder::new(&gzip(text.as_bytes())[..]).read_to_string(&mut back).expect("gzip reads back");
        assert_eq!(back, text);
        assert!(brotli(text.as_bytes()).len() < 100, "repetitive text compresses");
    }

    #[test]
    fn only_the_web_files_are_compressed() {
        assert!(compressible("index.html") && compressible("data/a/results.json") && compressible("x_bg.wasm"));
        assert!(!compressible("data/a/vllm.requests.csv.gz") && !compressible("index.html.br") && !compressible("a.png"));
    }
}
