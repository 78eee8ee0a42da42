//! The validator's borrowed JSON tree reads a document as `serde_json::Value` does: the
//! same entries in the same order, a repeated key in its first place with its last value,
//! numbers printed the same, strings with escapes decoded.

use std::borrow::Cow;

use servescope::core::basics::json::Json;

#[test]
fn entries_keep_file_order_and_a_repeated_key_keeps_its_first_place_and_last_value() {
    let bytes = br#"{"b": 1, "a": "x", "b": [true, null], "c": {}}"#;
    let json = Json::parse(bytes).expect("valid");
    let obj = json.as_object().expect("object");
    assert_eq!(obj.keys().collect::<Vec<_>>(), ["b", "a", "c"]);
    assert_eq!(obj.get("b"), Some(&Json::Array(vec![Json::Bool(true), Json::Null])));
    let value: serde_json::Value = serde_json::from_slice(bytes).expect("valid");
    assert_eq!(value.as_object().expect("object").keys().collect::<Vec<_>>(), ["b", "a", "c"], "as serde_json reads it");
}

#[test]
fn a_large_object_with_repeated_keys_is_read_the_same_way() {
    let mut text = String::from("{");
    for i in 0..100 {
        text.push_str(&format!("\"k{}\": {i},", i % 40));
    }
    text.push_str("\"last\": 0}");
    let json = Json::parse(text.as_bytes()).expect("valid");
    let obj = json.as_object().expect("object");
    assert_eq!(obj.len(), 41);
    assert_eq!(obj.keys().take(3).collect::<Vec<_>>(), ["k0", "k1", "k2"]);
    assert_eq!(obj.get("k5").and_then(Json::as_f64), Some(85.0), "the last of k5's three values");
}

#[test]
fn strings_borrow_the_input_unless_they_hold_escapes() {
    let json = Json::parse(br#"{"plain": "vllm", "escaped": "a\"b\u00e9"}"#).expect("valid");
    assert!(matches!(json.get("plain"), Some(Json::String(Cow::Borrowed("vllm")))));
    assert_eq!(json.get("escaped").and_then(Json::as_str), Some("a\"bé"));
}

#[test]
fn numbers_print_as_serde_json_prints_them() {
    let json = Json::parse(br#"[10, -3, 1.0, 2.5e-7, 12345678901234567890]"#).expect("valid");
    let printed: Vec<String> = json
        .as_array()
        .expect("array")
        .iter()
        .map(|item| match item {
            Json::Number(n) => n.to_string(),
            other => panic!("expected a number, found {other:?}"),
        })
        .collect();
    assert_eq!(printed, ["10", "-3", "1.0", "2.5e-7", "12345678901234567890"]);
}

#[test]
fn syntax_errors_name_line_and_column_as_before() {
    let err = Json::parse(b"{\n  \"a\": [1,\n}").expect_err("invalid");
    assert_eq!((err.line(), err.column()), (3, 1));
    let deep = "[".repeat(200) + &"]".repeat(200);
    assert!(Json::parse(deep.as_bytes()).expect_err("too deep").to_string().contains("recursion limit"));
}

#[test]
fn a_large_object_without_repeats_finds_every_key() {
    // Past 32 entries an object is indexed: every key still finds its own value.
    let text = format!("{{{}}}", (0..500).map(|i| format!("\"k{i}\": {i}")).collect::<Vec<_>>().join(","));
    let json = Json::parse(text.as_bytes()).expect("valid");
    let obj = json.as_object().expect("object");
    assert_eq!(obj.len(), 500);
    assert!((0..500).all(|i| obj.get(&format!("k{i}")).and_then(Json::as_f64) == Some(f64::from(i))));
    assert_eq!(obj.get("k500"), None);
    assert_eq!(obj.keys().last(), Some("k499"), "file order kept");
}

/// The tree as serde_json's own `Value`, to compare the two readings.
fn as_value(json: &Json) -> serde_json::Value {
    match json {
        Json::Null => serde_json::Value::Null,
        Json::Bool(b) => serde_json::Value::Bool(*b),
        Json::Number(n) => serde_json::Value::Number(n.clone()),
        Json::String(s) => serde_json::Value::String(s.to_string()),
        Json::Array(items) => serde_json::Value::Array(items.iter().map(as_value).collect()),
        Json::Object(obj) => serde_json::Value::Object(obj.iter().map(|(k, v)| (k.to_owned(), as_value(v))).collect()),
    }
}

#[test]
fn nested_arrays_and_objects_each_get_their_own_elements() {
    // Containers inside containers, empty ones, and siblings after a nested one: each
    // container's elements are read through one shared stack, so a slip would move an
    // element into its neighbour.
    let text = r#"[[1,[2,3],[]],{"a":[4,{"b":5,"c":[6]}],"d":{},"e":[[],[[7]]]},[],{"f":{"g":{"h":[8,9]}},"i":10},11]"#;
    let tree = Json::parse(text.as_bytes()).expect("valid JSON");
    let expected: serde_json::Value = serde_json::from_str(text).expect("valid JSON");
    assert_eq!(as_value(&tree), expected);
    let Json::Array(items) = &tree else { panic!("an array") };
    assert_eq!(items.len(), 5);
    let Json::Object(second) = &items[1] else { panic!("an object") };
    assert_eq!(second.keys().collect::<Vec<_>>(), ["a", "d", "e"]);
}
