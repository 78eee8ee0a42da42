//! Where charts meet the DOM: the canvas backend, canvas surfaces, the one chart figure
//! every view uses (redraw, hover, keyboard, tooltip) and its exports. Imports the state
//! and io layers; charts themselves are drawn by `crate::chart`.

pub mod backend;
pub mod export;
pub mod figure;
pub mod surface;
