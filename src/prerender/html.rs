//! A small HTML writer: elements with escaped attributes and text, so nothing from a file
//! can become markup.

/// Escape text for an HTML text node or a double-quoted attribute value.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// HTML being written.
#[derive(Default)]
pub struct Html(String);

impl Html {
    /// An opening tag with its attributes (a `None` value is left out).
    pub fn open(&mut self, tag: &str, attrs: &[(&str, Option<&str>)]) -> &mut Self {
        self.0.push('<');
        self.0.push_str(tag);
        for (name, value) in attrs {
            if let Some(value) = value {
                self.0.push_str(&format!(" {name}=\"{}\"", escape(value)));
            }
        }
        self.0.push('>');
        self
    }

    /// A closing tag.
    pub fn close(&mut self, tag: &str) -> &mut Self {
        self.0.push_str(&format!("</{tag}>"));
        self
    }

    /// An element holding only text.
    pub fn element(&mut self, tag: &str, attrs: &[(&str, Option<&str>)], text: &str) -> &mut Self {
        self.open(tag, attrs).text(text).close(tag)
    }

    /// Escaped text.
    pub fn text(&mut self, text: &str) -> &mut Self {
        self.0.push_str(&escape(text));
        self
    }

    /// Markup written by this crate (an SVG drawn here), never text from a file.
    pub fn trusted(&mut self, markup: &str) -> &mut Self {
        self.0.push_str(markup);
        self
    }

    /// The HTML written.
    pub fn finish(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_and_text_are_escaped() {
        let mut html = Html::default();
        html.element("p", &[("title", Some("a\"b")), ("hidden", None)], "<script>&");
        assert_eq!(html.finish(), "<p title=\"a&quot;b\">&lt;script&gt;&amp;</p>");
    }
}
