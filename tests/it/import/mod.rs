//! The importers, through the command line: each tool's fixture (its real layout, our own
//! numbers) becomes a results file whose cells are asserted value by value — every field
//! not listed must be absent, i.e. not measured — and `servescope-verify --require-all`
//! passes on what was written.

mod aiperf;
mod answers;
mod genai_perf;
mod guidellm;
mod llmperf;
mod load;
mod runs;
mod sglang;
mod study;
mod tools;
mod vllm;
