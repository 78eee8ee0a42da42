//! Findings: every problem validation reports, with its severity, kind, path and message.

use std::fmt;

/// How bad a finding is: an error makes the file unusable, a warning is shown beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The file cannot be shown as valid.
    Error,
    /// The file is shown, with this caveat listed.
    Warning,
}

/// What sort of problem a finding is; one enum for the whole app and the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FindingKind {
    /// The bytes are not JSON.
    Syntax,
    /// A required field is absent.
    Missing,
    /// A field has the wrong JSON type.
    WrongType,
    /// A number or list is outside what its meaning allows.
    OutOfRange,
    /// Two lists that must be parallel differ in length.
    LengthMismatch,
    /// An id or key that must be unique appears twice.
    Duplicate,
    /// A reference names something the file does not declare.
    UnknownReference,
    /// Fields disagree with each other.
    Inconsistent,
    /// The file declares a schema version this page does not read.
    Unsupported,
}

impl FindingKind {
    /// The stable name used in messages, tests and the command line's JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Syntax => "syntax",
            Self::Missing => "missing",
            Self::WrongType => "wrong type",
            Self::OutOfRange => "out of range",
            Self::LengthMismatch => "length mismatch",
            Self::Duplicate => "duplicate",
            Self::UnknownReference => "unknown reference",
            Self::Inconsistent => "inconsistent",
            Self::Unsupported => "unsupported",
        }
    }
}

impl fmt::Display for FindingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Error => "error",
            Self::Warning => "warning",
        })
    }
}

/// One problem in a results file, located by its JSON path.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    /// Error or warning.
    pub severity: Severity,
    /// What sort of problem.
    pub kind: FindingKind,
    /// Where: `serving.workloads[0].rows[1].cells[3].conc`, or `(root)`.
    pub path: String,
    /// What was expected, in plain words.
    pub message: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", self.severity, self.path, self.message)
    }
}
