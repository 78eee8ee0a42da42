//! Whether a cell's rows are the rows derived again from the tool's file: what the
//! verification compares, value by value, naming the first row and column that differ.

use super::read::{value, CellRequests};

impl CellRequests {
    /// Whether two cells hold the same rows (a value not recorded equals one not recorded).
    pub fn same_rows(&self, other: &CellRequests) -> Result<(), String> {
        if self.len() != other.len() {
            return Err(format!("{} rows, where {} are derived again", self.len(), other.len()));
        }
        let columns: [(&str, &Vec<f64>, &Vec<f64>); 6] = [
            ("start_ms", &self.start_ms, &other.start_ms),
            ("ttft_us", &self.ttft_ms, &other.ttft_ms),
            ("tpot_us", &self.tpot_ms, &other.tpot_ms),
            ("e2e_us", &self.e2e_ms, &other.e2e_ms),
            ("input_tokens", &self.input_tokens, &other.input_tokens),
            ("output_tokens", &self.output_tokens, &other.output_tokens),
        ];
        for (name, a, b) in columns {
            if let Some(i) = (0..a.len()).find(|&i| !(a[i] == b[i] || (a[i].is_nan() && b[i].is_nan()))) {
                // In the column's own unit: latencies are kept in ms, written in µs.
                let scale = if name.ends_with("_us") { 1000.0 } else { 1.0 };
                let say = |v: f64| value(v).map_or_else(|| "empty".to_owned(), |v| format!("{}", (v * scale).round()));
                return Err(format!(
                    "row {} (line {}): {name} is {} in the table but {} derived again",
                    i + 1,
                    self.first_line + i,
                    say(a[i]),
                    say(b[i])
                ));
            }
        }
        if let Some(i) = (0..self.len()).find(|&i| self.status[i] != other.status[i]) {
            return Err(format!(
                "row {}: status {} in the table but {} derived again",
                i + 1,
                self.status[i].as_str(),
                other.status[i].as_str()
            ));
        }
        if self.errors != other.errors {
            return Err("the error codes differ from those derived again".to_owned());
        }
        if let Some(i) = (0..self.len()).find(|&i| {
            self.session_of(i) != other.session_of(i)
                || !(self.turn[i] == other.turn[i] || (self.turn[i].is_nan() && other.turn[i].is_nan()))
        }) {
            return Err(format!("row {}: its session or turn differs from the one derived again", i + 1));
        }
        Ok(())
    }
}
