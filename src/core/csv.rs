//! CSV exports of the tables: values as in the file, a null as an empty field, and a first
//! `#` line that says where the numbers come from.

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

/// Where an export's numbers come from: the file, its hash, the view's link and every
/// source behind the view with its hash status.
pub struct Provenance<'a> {
    /// The results file as the link names it.
    pub src: &'a str,
    /// Its sha256.
    pub sha256: &'a str,
    /// The view's link.
    pub link: &'a str,
    /// `(source, status label)` for each source behind the table.
    pub sources: Vec<(String, &'static str)>,
}

impl Provenance<'_> {
    /// The first `#` line.
    pub fn comment(&self) -> String {
        let sources: Vec<String> = self.sources.iter().map(|(s, status)| format!("{s} ({status})")).collect();
        let text = format!(
            "# servescope export; results {} sha256 {}; view {}; sources: {}",
            self.src,
            self.sha256,
            self.link,
            if sources.is_empty() { "none".to_owned() } else { sources.join(", ") }
        );
        text.replace(['\n', '\r'], " ")
    }
}

/// A table of values by concurrency level: one row per engine, a null as an empty field.
pub fn concurrency_table(provenance: &Provenance<'_>, quantity: &str, concurrency: &[u32], rows: &[(String, String, Vec<Option<f64>>)]) -> String {
    table_with_comment(&provenance.comment(), quantity, concurrency, rows)
}

/// `concurrency_table` with its provenance line already written.
pub fn table_with_comment(comment: &str, quantity: &str, concurrency: &[u32], rows: &[(String, String, Vec<Option<f64>>)]) -> String {
    let mut out = vec![comment.to_owned()];
    let mut header = vec!["engine_id".to_owned(), "engine".to_owned()];
    header.extend(concurrency.iter().map(|c| format!("{quantity} at c{c}")));
    out.push(line(&header));
    for (id, label, values) in rows {
        let mut fields = vec![id.clone(), label.clone()];
        fields.extend(values.iter().map(|v| v.map(super::format::as_written).unwrap_or_default()));
        out.push(line(&fields));
    }
    out.join("\n") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nulls_are_empty_fields_and_values_are_as_written() {
        let provenance = Provenance { src: "data/a.json", sha256: "ab12", link: "https://x/?src=data/a.json", sources: vec![("s.jsonl".into(), "unavailable")] };
        let csv = concurrency_table(&provenance, "out_tok_s", &[1, 2], &[("p".into(), "Paiton, CDNA4".into(), vec![Some(331.4), None])]);
        assert_eq!(
            csv,
            "# servescope export; results data/a.json sha256 ab12; view https://x/?src=data/a.json; sources: s.jsonl (unavailable)\n\
             engine_id,engine,out_tok_s at c1,out_tok_s at c2\n\
             p,\"Paiton, CDNA4\",331.4,\n"
        );
    }

    #[test]
    fn hostile_text_is_quoted_and_never_a_formula() {
        assert_eq!(field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(field("<img src=x onerror=alert(1)>"), "<img src=x onerror=alert(1)>");
        assert_eq!(field("-3.5"), "-3.5");
        assert_eq!(field("-x"), "'-x");
    }
}
