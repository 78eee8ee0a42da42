//! How much the page reads: the results-file size limit and its refusal.

/// The largest results file the page reads; larger ones are refused, with both sizes,
/// before they are read.
pub const MAX_RESULTS_BYTES: u64 = 64 * 1024 * 1024;

/// The refusal for a file over the limit.
pub fn too_large(bytes: u64) -> String {
    format!("the file is {:.1} MiB, over the {} MiB limit; it was not read", bytes as f64 / 1_048_576.0, MAX_RESULTS_BYTES / 1_048_576)
}

/// The refusal for a picked file over the limit: a tool's file (a per-request export grows
/// with the run) is imported by the command line instead, which reads any size and writes
/// the same study.
pub fn too_large_to_pick(name: &str, bytes: u64) -> String {
    format!(
        "{}; the command line reads files of any size and writes the same study: servescope-import --out DIR --engine ID --gpus N {name} (with the run's other files; the README's Publishing your own results), then open DIR/results.json here",
        too_large(bytes)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_oversized_file_is_refused_with_its_size_and_the_limit() {
        assert_eq!(too_large(100 * 1_048_576 + 524_288), "the file is 100.5 MiB, over the 64 MiB limit; it was not read");
    }

    #[test]
    fn an_oversized_picked_file_names_the_command_that_imports_it() {
        assert_eq!(
            too_large_to_pick("profile_export.jsonl", 210 * 1_048_576),
            "the file is 210.0 MiB, over the 64 MiB limit; it was not read; the command line reads files of any size and writes the same study: servescope-import --out DIR --engine ID --gpus N profile_export.jsonl (with the run's other files; the README's Publishing your own results), then open DIR/results.json here"
        );
    }
}
