//! A ZIP archive of files stored as they are (no compression): the page's import gives a
//! publisher the study as one download, holding the same bytes `servescope-import --out`
//! writes. Stored entries keep every file's bytes (and so its sha256) visible to any
//! unzip; the per-request tables are gzip already. Fixed timestamps make the archive a
//! function of the files alone.

/// CRC-32 (IEEE 802.3, reflected, as ZIP uses), bit by bit: no table in the binary.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// 1980-01-01 00:00, ZIP's first representable moment, for every entry.
const DOS_TIME: u16 = 0;
const DOS_DATE: u16 = (1 << 5) | 1;

fn u16le(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn u32le(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

/// The archive of `files` (name, bytes), in the order given; `None` when a file or the
/// archive passes ZIP's 4 GiB or 65,535-entry limits (ZIP64 is not written).
pub fn stored(files: &[(&str, &[u8])]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    if files.len() > usize::from(u16::MAX) {
        return None;
    }
    for (name, bytes) in files {
        let (size, offset) = (u32::try_from(bytes.len()).ok()?, u32::try_from(out.len()).ok()?);
        let name_len = u16::try_from(name.len()).ok()?;
        let crc = crc32(bytes);
        // Local file header: version 1.0, UTF-8 names (bit 11), stored.
        u32le(&mut out, 0x0403_4b50);
        for v in [10, 1 << 11, 0, DOS_TIME, DOS_DATE] {
            u16le(&mut out, v);
        }
        for v in [crc, size, size] {
            u32le(&mut out, v);
        }
        u16le(&mut out, name_len);
        u16le(&mut out, 0);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(bytes);
        // Its central directory entry.
        u32le(&mut central, 0x0201_4b50);
        for v in [20, 10, 1 << 11, 0, DOS_TIME, DOS_DATE] {
            u16le(&mut central, v);
        }
        for v in [crc, size, size] {
            u32le(&mut central, v);
        }
        for v in [name_len, 0, 0, 0, 0] {
            u16le(&mut central, v);
        }
        u32le(&mut central, 0);
        u32le(&mut central, offset);
        central.extend_from_slice(name.as_bytes());
    }
    let (at, length) = (u32::try_from(out.len()).ok()?, u32::try_from(central.len()).ok()?);
    out.extend_from_slice(&central);
    // End of central directory.
    u32le(&mut out, 0x0605_4b50);
    let count = files.len() as u16;
    for v in [0, 0, count, count] {
        u16le(&mut out, v);
    }
    u32le(&mut out, length);
    u32le(&mut out, at);
    u16le(&mut out, 0);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crc_is_zips() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926, "the standard check value");
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn an_archive_holds_each_file_as_it_is_and_ends_with_its_directory() {
        let zip = stored(&[("results.json", b"{}\n"), ("e.cells.jsonl", b"")]).expect("small");
        assert_eq!(&zip[..4], b"PK\x03\x04");
        // The bytes are stored whole, right after the first name.
        assert_eq!(&zip[30..42], b"results.json");
        assert_eq!(&zip[42..45], b"{}\n");
        let end = zip.len() - 22;
        assert_eq!(&zip[end..end + 4], b"PK\x05\x06");
        assert_eq!(u16::from_le_bytes([zip[end + 10], zip[end + 11]]), 2, "two entries");
        assert_eq!(stored(&[("a", b"x")]), stored(&[("a", b"x")]), "the same files, the same bytes");
    }
}
