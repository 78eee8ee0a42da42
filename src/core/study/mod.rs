//! The results file as the validator sees it: the model, the findings a check reports and
//! the JSON paths they name, the validation itself and what a file contains, in words.

pub mod contents;
pub mod findings;
pub mod model;
pub mod path;
pub mod validate;
