//! Async work with an owner: loading the collection, a study and the compared files, and
//! checking a study's sources. Every load carries its slot's generation; a result that
//! arrives after a newer load of its slot started is dropped, and source statuses are
//! written only into the file they were computed for.

pub mod across;
pub mod load;
pub mod requests;
pub mod sources;
