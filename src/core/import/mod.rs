//! Importers: what the common benchmark tools write, turned into servescope results files.
