//! JSON paths as findings name them: `serving.workloads[0].rows[1].cells[3].conc`.

use std::fmt;

/// One step into a JSON value: an object key or an array index.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(usize),
}

/// A path from the document root; the empty path prints as `(root)`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JsonPath(Vec<Step>);

impl JsonPath {
    /// The document root.
    pub fn root() -> Self {
        Self::default()
    }

    /// This path extended by an object key.
    pub fn key(&self, key: &str) -> Self {
        let mut steps = self.0.clone();
        steps.push(Step::Key(key.to_owned()));
        Self(steps)
    }

    /// This path extended by an array index.
    pub fn index(&self, index: usize) -> Self {
        let mut steps = self.0.clone();
        steps.push(Step::Index(index));
        Self(steps)
    }
}

impl fmt::Display for JsonPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("(root)");
        }
        for (i, step) in self.0.iter().enumerate() {
            match step {
                Step::Key(k) if i == 0 => f.write_str(k)?,
                Step::Key(k) => write!(f, ".{k}")?,
                Step::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_print_like_the_findings_name_them() {
        let p = JsonPath::root().key("serving").key("workloads").index(0).key("rows").index(1);
        assert_eq!(p.key("cells").index(3).key("conc").to_string(), "serving.workloads[0].rows[1].cells[3].conc");
        assert_eq!(JsonPath::root().to_string(), "(root)");
        assert_eq!(JsonPath::root().index(2).to_string(), "[2]");
    }
}
