//! A JSON tree that borrows from the bytes it was read from, for the validator's walk.
//!
//! `serde_json::Value` gives every key and string its own allocation and every object an
//! ordered hash map; on the 2.2 MB scale file that building was two thirds of parse and
//! check (BENCHMARKS.md). Here keys and strings without escapes borrow the input, objects
//! are their entries in file order (a lookup scans a few keys), and numbers stay
//! `serde_json::Number`, so messages print them exactly as before. serde_json still does
//! the parsing, so syntax errors, their line and column and the nesting limit are its own.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use serde::de::{Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Number;

/// A JSON value borrowing its strings from the document where it can.
#[derive(Clone, Debug, PartialEq)]
pub enum Json<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as serde_json reads it.
    Number(Number),
    /// A string.
    String(Cow<'a, str>),
    /// An array.
    Array(Vec<Json<'a>>),
    /// An object, its entries in file order.
    Object(Obj<'a>),
}

/// FNV-1a over a key's bytes: cheap for the short keys of a results file.
fn key_hash(key: &str) -> u32 {
    key.bytes().fold(0x811c_9dc5, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

/// Objects with more entries than this are indexed: a lookup in a results file's objects
/// (a few dozen keys at most) is a short scan, and a crafted object with very many keys
/// must not make every lookup, and the checks that make one per cell, slow.
const INDEXED_FROM: usize = 32;

/// A JSON object: its entries in file order, each key once (a repeated key keeps its first
/// place and its last value, as `serde_json::Map` does).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Obj<'a> {
    /// Each entry with its key's `key_hash`: a lookup compares hashes and reads a key's
    /// bytes only on a match (on the scale file, comparing keys was a tenth of the check).
    entries: Vec<(u32, Cow<'a, str>, Json<'a>)>,
    /// Each key's position, for an object of more than `INDEXED_FROM` entries.
    index: Option<HashMap<String, usize>>,
}

impl<'a> Obj<'a> {
    /// The value of `key`, if present.
    pub fn get(&self, key: &str) -> Option<&Json<'a>> {
        match &self.index {
            Some(index) => index.get(key).map(|&at| &self.entries[at].2),
            None => {
                let hash = key_hash(key);
                self.entries.iter().find(|(h, k, _)| *h == hash && k == key).map(|(_, _, v)| v)
            }
        }
    }

    /// Whether `key` is present.
    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// The entries in file order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Json<'a>)> {
        self.entries.iter().map(|(_, k, v)| (k.as_ref(), v))
    }

    /// The keys in file order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(_, k, _)| k.as_ref())
    }

    /// The values in file order.
    pub fn values(&self) -> impl Iterator<Item = &Json<'a>> {
        self.entries.iter().map(|(_, _, v)| v)
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the object has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Entries as read: a repeated key keeps its first place and takes its last value.
    fn from_entries(entries: Vec<(u32, Cow<'a, str>, Json<'a>)>) -> Self {
        if entries.len() <= INDEXED_FROM {
            let repeated = (1..entries.len()).any(|i| entries[..i].iter().any(|(h, k, _)| *h == entries[i].0 && *k == entries[i].1));
            if !repeated {
                return Obj { entries, index: None };
            }
        }
        let mut index: HashMap<String, usize> = HashMap::with_capacity(entries.len());
        let mut kept: Vec<(u32, Cow<'a, str>, Json<'a>)> = Vec::with_capacity(entries.len());
        for (hash, key, value) in entries {
            match index.get(key.as_ref()) {
                Some(&at) => kept[at].2 = value,
                None => {
                    index.insert(key.to_string(), kept.len());
                    kept.push((hash, key, value));
                }
            }
        }
        let index = (kept.len() > INDEXED_FROM).then_some(index);
        Obj { entries: kept, index }
    }
}

impl<'a> Json<'a> {
    /// Parse a document; keys and strings without escapes borrow `bytes`.
    pub fn parse(bytes: &'a [u8]) -> Result<Self, serde_json::Error> {
        serde_json::from_slice(bytes)
    }

    /// The number as `f64`, if this is a number.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Number(n) => n.as_f64(),
            _ => None,
        }
    }

    /// The string, if this is a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    /// The elements, if this is an array.
    pub fn as_array(&self) -> Option<&[Json<'a>]> {
        match self {
            Json::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The object, if this is one.
    pub fn as_object(&self) -> Option<&Obj<'a>> {
        match self {
            Json::Object(map) => Some(map),
            _ => None,
        }
    }

    /// Whether this is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }

    /// The value of `key`, if this is an object that has it.
    pub fn get(&self, key: &str) -> Option<&Json<'a>> {
        self.as_object()?.get(key)
    }

    /// The number as `u64`, if this is a whole number that fits.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Json::Number(n) => n.as_u64(),
            _ => None,
        }
    }

    /// Pretty JSON with short arrays of scalars on one line, so a file reads as written
    /// (the raw view).
    pub fn pretty(&self) -> String {
        let mut out = String::new();
        self.pretty_into(0, &mut out);
        out
    }

    fn pretty_into(&self, indent: usize, out: &mut String) {
        let pad = "  ".repeat(indent);
        match self {
            Json::Array(items) if items.iter().all(|v| !matches!(v, Json::Array(_) | Json::Object(_))) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.pretty_into(indent, out);
                }
                out.push(']');
            }
            Json::Array(items) => {
                out.push_str("[\n");
                for (i, item) in items.iter().enumerate() {
                    out.push_str(&pad);
                    out.push_str("  ");
                    item.pretty_into(indent + 1, out);
                    out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
                }
                out.push_str(&pad);
                out.push(']');
            }
            Json::Object(map) => {
                out.push_str("{\n");
                for (i, (k, v)) in map.iter().enumerate() {
                    out.push_str(&pad);
                    out.push_str("  ");
                    out.push_str(&serde_json::to_string(k).unwrap_or_default());
                    out.push_str(": ");
                    v.pretty_into(indent + 1, out);
                    out.push_str(if i + 1 < map.len() { ",\n" } else { "\n" });
                }
                out.push_str(&pad);
                out.push('}');
            }
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Number(n) => out.push_str(&n.to_string()),
            Json::String(s) => out.push_str(&serde_json::to_string(s.as_ref()).unwrap_or_default()),
        }
    }
}

/// A key or string: borrowed when the input has it without escapes.
struct Text<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Text<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TextVisitor;
        impl<'de> Visitor<'de> for TextVisitor {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Borrowed(s)))
            }
            fn visit_str<E>(self, s: &str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(s.to_owned())))
            }
            fn visit_string<E>(self, s: String) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(s)))
            }
        }
        deserializer.deserialize_str(TextVisitor)
    }
}

impl<'de> Deserialize<'de> for Json<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Scratch::default().seed().deserialize(deserializer)
    }
}

/// The items and entries of the arrays and objects being read, one stack each for the
/// whole document: a container's elements are pushed here while it is read (nested
/// containers above them, popped first), then moved into a `Vec` of exactly their number.
/// Growing a `Vec` per container instead put most of the tree's building in `realloc` and
/// `malloc` (a CPU profile of the scale file, BENCHMARKS.md).
#[derive(Default)]
struct Scratch<'de> {
    items: Vec<Json<'de>>,
    entries: Vec<(u32, Cow<'de, str>, Json<'de>)>,
}

impl<'de> Scratch<'de> {
    fn seed(&mut self) -> Seed<'_, 'de> {
        Seed(self)
    }
}

/// Reads one value, its containers' elements through the shared stacks.
struct Seed<'s, 'de>(&'s mut Scratch<'de>);

impl<'de> DeserializeSeed<'de> for Seed<'_, 'de> {
    type Value = Json<'de>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Json<'de>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Seed<'_, 'de> {
    type Value = Json<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_unit<E>(self) -> Result<Json<'de>, E> {
        Ok(Json::Null)
    }
    fn visit_bool<E>(self, b: bool) -> Result<Json<'de>, E> {
        Ok(Json::Bool(b))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Json<'de>, E> {
        Ok(Json::Number(n.into()))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Json<'de>, E> {
        Ok(Json::Number(n.into()))
    }
    fn visit_f64<E>(self, x: f64) -> Result<Json<'de>, E> {
        // serde_json never hands over a non-finite number, so this is never Null.
        Ok(Number::from_f64(x).map_or(Json::Null, Json::Number))
    }
    fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Json<'de>, E> {
        Ok(Json::String(Cow::Borrowed(s)))
    }
    fn visit_str<E>(self, s: &str) -> Result<Json<'de>, E> {
        Ok(Json::String(Cow::Owned(s.to_owned())))
    }
    fn visit_string<E>(self, s: String) -> Result<Json<'de>, E> {
        Ok(Json::String(Cow::Owned(s)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json<'de>, A::Error> {
        let scratch = self.0;
        let start = scratch.items.len();
        while let Some(item) = seq.next_element_seed(scratch.seed())? {
            scratch.items.push(item);
        }
        Ok(Json::Array(scratch.items.drain(start..).collect()))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json<'de>, A::Error> {
        let scratch = self.0;
        let start = scratch.entries.len();
        while let Some(key) = map.next_key::<Text<'de>>()? {
            let value = map.next_value_seed(scratch.seed())?;
            scratch.entries.push((key_hash(&key.0), key.0, value));
        }
        Ok(Json::Object(Obj::from_entries(scratch.entries.drain(start..).collect())))
    }
}
