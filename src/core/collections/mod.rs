//! Several studies at once: the collection manifest, its catalog, and history across
//! studies (its model and its view).

pub mod catalog;
pub mod collection;
pub mod history;
pub mod history_view;
