//! CSV exports: values as in the file, a null as an empty field, and a first `#` line
//! that says where the numbers come from. Tables render themselves with `Table::to_csv`.

/// One CSV field, quoted when it holds a comma, a quote or a line break. A leading `=`,
/// `+`, `-` or `@` in text (not in a number) is prefixed with `'` so a spreadsheet does not
/// run it as a formula.
pub fn field(text: &str) -> String {
    let formula = text.starts_with(['=', '+', '@']) || (text.starts_with('-') && text.parse::<f64>().is_err());
    let text = if formula { format!("'{text}") } else { text.to_owned() };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// A CSV line from fields.
pub fn line(fields: &[String]) -> String {
    fields.iter().map(|f| field(f)).collect::<Vec<_>>().join(",")
}

/// Where an export's numbers come from: the file, its hash, the view's link, every source
/// behind the view with its hash status, and any assumption the reader supplied.
pub struct Provenance<'a> {
    /// The results file as the link names it.
    pub src: &'a str,
    /// Its sha256.
    pub sha256: &'a str,
    /// The view's link.
    pub link: &'a str,
    /// `(source, status label)` for each source behind the table.
    pub sources: Vec<(String, &'static str)>,
    /// Further facts: prices and formulas for derived costs, the ratio base.
    pub notes: Vec<String>,
}

impl Provenance<'_> {
    /// The first `#` line.
    pub fn comment(&self) -> String {
        let sources: Vec<String> = self.sources.iter().map(|(s, status)| format!("{s} ({status})")).collect();
        let mut text = format!(
            "# servescope export; results {} sha256 {}; view {}; sources: {}; null = not measured (empty field)",
            self.src,
            self.sha256,
            self.link,
            if sources.is_empty() { "none".to_owned() } else { sources.join(", ") }
        );
        for note in &self.notes {
            text.push_str("; ");
            text.push_str(note);
        }
        text.replace(['\n', '\r'], " ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_provenance_line_names_file_hash_link_sources_and_notes() {
        let provenance = Provenance {
            src: "data/a.json",
            sha256: "ab12",
            link: "https://x/?src=data/a.json",
            sources: vec![("s.jsonl".into(), "unavailable")],
            notes: vec!["prices: kwh_price 0.12".into()],
        };
        assert_eq!(
            provenance.comment(),
            "# servescope export; results data/a.json sha256 ab12; view https://x/?src=data/a.json; sources: s.jsonl (unavailable); null = not measured (empty field); prices: kwh_price 0.12"
        );
    }

    #[test]
    fn hostile_text_is_quoted_and_never_a_formula() {
        assert_eq!(field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(field("<img src=x onerror=alert(1)>"), "<img src=x onerror=alert(1)>");
        assert_eq!(field("-3.5"), "-3.5");
        assert_eq!(field("-x"), "'-x");
        assert_eq!(line(&["Paiton, CDNA4".into(), "331.4".into(), String::new()]), "\"Paiton, CDNA4\",331.4,");
    }
}
