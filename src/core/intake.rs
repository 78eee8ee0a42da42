//! How much the page reads: the results-file size limit and its refusal.

/// The largest results file the page reads; larger ones are refused, with both sizes,
/// before they are read.
pub const MAX_RESULTS_BYTES: u64 = 64 * 1024 * 1024;

/// The refusal for a file over the limit.
pub fn too_large(bytes: u64) -> String {
    format!("the file is {:.1} MiB, over the {} MiB limit; it was not read", bytes as f64 / 1_048_576.0, MAX_RESULTS_BYTES / 1_048_576)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_oversized_file_is_refused_with_its_size_and_the_limit() {
        assert_eq!(too_large(100 * 1_048_576 + 524_288), "the file is 100.5 MiB, over the 64 MiB limit; it was not read");
    }
}
