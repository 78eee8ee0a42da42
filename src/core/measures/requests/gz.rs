//! gzip for the per-request tables, natively and in the import module (the page inflates
//! with the browser's own `DecompressionStream`). The bytes are deterministic: level 9, no
//! file name, a zero modification time, so the same requests always hash the same.

use std::io::{Read, Write};

/// The gzip of `bytes` (one member, level 9, no name, time 0).
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::GzBuilder::new().mtime(0).operating_system(255).write(Vec::new(), flate2::Compression::best());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}

/// The bytes a gzip file holds, or why it cannot be read.
pub fn gunzip(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    flate2::read::MultiGzDecoder::new(bytes).read_to_end(&mut out).map_err(|e| format!("not a gzip file that inflates: {e}"))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gzip_round_trips_and_is_deterministic() {
        let text = b"workload,level\n1024x1024,8\n".repeat(50);
        let packed = gzip(&text);
        assert_eq!(packed, gzip(&text), "the same bytes every time");
        assert_eq!(&packed[..4], &[0x1f, 0x8b, 8, 0], "a gzip header without a name");
        assert_eq!(&packed[4..8], &[0, 0, 0, 0], "no modification time");
        assert!(packed.len() < text.len() / 5);
        assert_eq!(gunzip(&packed).expect("inflates"), text);
        assert!(gunzip(b"not gzip").is_err());
    }
}
