//! What a reader sees, built from a study and the link: engine colours, series, legends,
//! comparisons, tables, headline cards, tooltips, the charts' words and embed captions.

pub mod chart_words;
pub mod claims;
pub mod compare;
pub mod embed;
pub mod headline;
pub mod legend;
pub mod palette;
pub mod series;
pub mod tables;
pub mod tooltip;
