//! Pieces every view uses: the table, the legend chips, the pickers, in-app links, the
//! trust badge, swatches, findings and notices. Imports state, io, tasks and ui::chart;
//! never a view or the shell.

pub mod card;
pub mod controls;
pub mod findings;
pub mod framing;
pub mod import_form;
pub mod later;
pub mod layout;
pub mod legend;
pub mod notes;
pub mod notices;
pub mod objective;
pub mod panel;
pub mod pickers;
pub mod prices;
pub mod requests;
pub mod state_link;
pub mod swatch;
pub mod table;
pub mod trust;
