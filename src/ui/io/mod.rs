//! Input and output at the browser's edge: fetching, local files, downloads and the
//! browser's own signals (colour scheme, pixel ratio, element size, clipboard). Imports
//! the state layer at most.

pub mod browser;
pub mod download;
pub mod fetch;
pub mod files;
pub mod import_module;
pub mod inflate;
pub mod landing;
