//! The link contract and the metric table, natively: every parameter parses and prints
//! back, bad values fall back with notices naming them, per-view facts (charts, metrics,
//! sources), engine toggles, shared links, and each metric's reader, titles and words.

use servescope::core::link::*;
use servescope::core::measures::cost::Prices;
use servescope::core::measures::metric::*;
use servescope::core::study::model::{Cell, Serving};

mod state {
    use super::*;

    fn parse(q: &str) -> (ViewState, Vec<ParamNotice>) {
        ViewState::parse(q)
    }

    #[test]
    fn an_empty_query_is_every_default() {
        let (state, notices) = parse("");
        assert_eq!(state, ViewState::default());
        assert!(notices.is_empty());
        assert_eq!(state.to_query(), "");
        assert_eq!(state.view_or(View::Overview), View::Overview);
    }

    #[test]
    fn a_link_naming_a_study_opens_its_overview_whatever_the_landing_view() {
        // A collection's landing view is its catalog; `src` without `view` still means the study.
        let (state, _) = parse("index=coll/index.json&src=coll/a.json");
        assert_eq!(state.view_or(View::Catalog), View::Overview);
        assert_eq!(parse("index=coll/index.json").0.view_or(View::Catalog), View::Catalog);
        assert_eq!(parse("src=a.json&view=raw").0.view_or(View::Catalog), View::Raw);
    }

    #[test]
    fn a_local_file_takes_src_out_of_the_link() {
        let (mut state, _) = parse("src=data/a.json&view=serving&metric=ttft_p99_ms");
        let removed = state.show_local("gemma.json");
        assert_eq!(removed.map(|r| r.to_string()).as_deref(), Some("data/a.json"));
        assert_eq!(state.to_query(), "local=gemma.json&view=serving&metric=ttft_p99_ms");
        let (back, notices) = parse(&state.to_query());
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(back.local_only(), Some("gemma.json"));
        assert_eq!(back.src, None);
        // Naming a study again, the link names it alone.
        let mut next = back.clone();
        next.src = Some("data/b.json".parse().expect("a path"));
        assert_eq!(next.local_only(), None);
        assert_eq!(next.to_query(), "src=data/b.json&view=serving&metric=ttft_p99_ms");
        assert!(back.is_new_page(&next));
    }

    #[test]
    fn every_parameter_parses_and_prints_back() {
        let q = "index=data/index.json&src=data/a.json&view=serving&workload=8192x1024&metric=ttft_p99_ms&pct=both&engines=paiton,vllm&scale=log&vs=vllm&slo_ttft_p99_ms=1000&slo_user_tok_s=50.5&kwh_price=0.12&gpu_hour_price=2&pue=1.3&compare=https://example.org/b.json,c.json&q=qwen&model=M&hardware=H&engine=vllm&conc=8&embed=1&chart=tradeoff&height=400&theme=dark&utm=x";
        let (state, notices) = parse(q);
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(state.view, Some(View::Serving));
        assert_eq!(state.workload, Some(WorkloadKey { isl: 8192, osl: 1024, load: servescope::core::study::model::LoadAxis::Concurrency }));
        assert_eq!(state.metric, Some(Metric::TtftP99Ms));
        assert_eq!(state.engines.as_deref(), Some(&["paiton".to_string(), "vllm".to_string()][..]));
        assert_eq!(state.compare.len(), 2);
        assert!(state.compare[0].is_absolute());
        assert_eq!(state.prices, Prices { kwh: Some(0.12), gpu_hour: Some(2.0), pue: Some(1.3) });
        assert_eq!(state.chart, Some(ChartId::Tradeoff));
        assert_eq!(state.to_query(), q);
        assert_eq!(parse(&state.to_query()).0, state);
    }

    #[test]
    fn bad_values_fall_back_with_a_notice_naming_them() {
        let (state, notices) = parse(
            "view=nosuchview&metric=bogus&scale=cubic&workload=12x&pct=p90&slo_user_tok_s=-3&chart=nope&pue=0.5&kwh_price=-1&height=5",
        );
        assert_eq!(state.view, None);
        assert_eq!(state.metric, None);
        assert_eq!(state.scale, Scale::Lin);
        assert_eq!(state.workload, None);
        assert!(!state.pct_both);
        assert_eq!(state.slo_user_tok_s, None);
        assert_eq!(state.chart, None);
        assert_eq!(state.prices, Prices::default());
        let named: Vec<_> = notices.iter().map(|n| (n.param.as_str(), n.value.as_str())).collect();
        assert_eq!(
            named,
            [
                ("view", "nosuchview"),
                ("metric", "bogus"),
                ("scale", "cubic"),
                ("workload", "12x"),
                ("pct", "p90"),
                ("slo_user_tok_s", "-3"),
                ("chart", "nope"),
                ("pue", "0.5"),
                ("kwh_price", "-1"),
                ("height", "5")
            ]
        );
    }

    #[test]
    fn a_refused_source_says_why() {
        let (state, notices) = parse("src=javascript:alert(1)");
        assert_eq!(state.src, None);
        assert_eq!(notices[0].param, "src");
        assert!(notices[0].reason.contains("`javascript:` scheme is refused"), "{}", notices[0].reason);
    }

    #[test]
    fn compare_takes_up_to_six_files_and_names_each_one_refused() {
        let (state, notices) = parse("compare=a.json,javascript:x,b.json,c.json,d.json,e.json,f.json,g.json");
        assert_eq!(
            state.compare.iter().map(SourceRef::as_str).collect::<Vec<_>>(),
            ["a.json", "b.json", "c.json", "d.json", "e.json", "f.json"]
        );
        let named: Vec<_> = notices.iter().map(|n| n.value.as_str()).collect();
        assert_eq!(named, ["javascript:x", "g.json"]);
    }

    #[test]
    fn page_changes_push_history_and_filters_replace_it() {
        let (base, _) = parse("view=serving&metric=out_tok_s");
        let with = |q: &str| parse(q).0;
        assert!(base.is_new_page(&with("view=energy&metric=out_tok_s")));
        assert!(base.is_new_page(&with("view=serving&metric=ttft_p99_ms")));
        assert!(base.is_new_page(&with("view=serving&metric=out_tok_s&src=a.json")));
        assert!(!base.is_new_page(&with("view=serving&metric=out_tok_s&scale=log&engines=a&kwh_price=1")));
        assert!(!base.is_new_page(&base.clone()));
    }

    #[test]
    fn values_are_percent_decoded_and_encoded() {
        let (state, _) = parse("src=my%20data/a%26b.json");
        assert_eq!(state.src.as_ref().map(SourceRef::as_str), Some("my data/a&b.json"));
        assert_eq!(state.to_query(), "src=my%20data/a%26b.json");
    }
}

mod views {
    use super::*;

    fn state(q: &str) -> ViewState {
        ViewState::parse(q).0
    }

    #[test]
    fn each_view_has_its_default_chart_and_metric() {
        assert_eq!(default_chart(View::Accuracy), ChartId::ServedKl);
        assert_eq!(default_chart(View::Provenance), ChartId::Table);
        assert_eq!(default_metric(View::Energy), Metric::TokSPerKw);
        assert_eq!(
            metric_for(View::Energy, &state("metric=ttft_p99_ms").series_inputs()),
            Metric::TokSPerKw,
            "energy does not draw latency"
        );
        assert_eq!(metric_for(View::Serving, &state("metric=short").series_inputs()), Metric::Short);
        assert!(
            metric_options(View::Serving, &state("metric=short").series_inputs()).contains(&Metric::Short),
            "the picker names what is drawn"
        );
        assert!(!metric_options(View::Serving, &state("").series_inputs()).contains(&Metric::CostPerMtok));
        assert!(metric_options(View::Energy, &state("kwh_price=0.1").series_inputs()).contains(&Metric::CostPerMtok));
        assert!(is_energy_tradeoff(state("view=energy&chart=tradeoff").chart, View::Energy));
        assert_eq!(embedded_chart(state("chart=weight-kl").chart, View::Accuracy), ChartId::WeightKl);
        assert_eq!(embedded_chart(state("chart=weight-kl").chart, View::Decode), ChartId::Decode);
        assert_eq!(tradeoff_metric(View::Tradeoff, &state("metric=ttft_p99_ms").series_inputs()), Metric::OutTokS);
        assert_eq!(tradeoff_metric(View::Tradeoff, &state("metric=cost_per_mtok").series_inputs()), Metric::CostPerMtok);
        assert_eq!(tradeoff_metric(View::Energy, &state("chart=tradeoff").series_inputs()), Metric::TokSPerKw);
        // Goodput is the trade-off's alone (the view draws it from a study's requests).
        assert_eq!(tradeoff_metric(View::Tradeoff, &state("metric=good_tok_s").series_inputs()), Metric::GoodTokS);
        assert_eq!(tradeoff_metric(View::Energy, &state("chart=tradeoff&metric=good_tok_s").series_inputs()), Metric::TokSPerKw);
        assert!(!Metric::serving().contains(&Metric::GoodTokS), "not a serving chart's metric");
    }

    #[test]
    fn toggling_an_engine_keeps_file_order_and_all_shown_writes_no_filter() {
        let all: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let off = state("").toggled_engine(&all, "b");
        assert_eq!(off.engines.as_deref(), Some(&["a".to_string(), "c".to_string()][..]));
        let back = off.toggled_engine(&all, "b");
        assert_eq!(back.engines, None);
        let only_c = state("engines=c").toggled_engine(&all, "a");
        assert_eq!(only_c.engines.as_deref(), Some(&["a".to_string(), "c".to_string()][..]));
    }

    #[test]
    fn a_shared_link_names_its_file_and_view() {
        let shared = state("metric=n").for_sharing("data/a.json", View::Serving);
        assert_eq!(shared.to_query(), "src=data/a.json&view=serving&metric=n");
        let kept = state("src=b.json").for_sharing("data/a.json", View::Overview);
        assert_eq!(kept.to_query(), "src=b.json&view=overview");
        assert_eq!(state("view=energy&chart=tradeoff").on_view(View::Decode).to_query(), "view=decode");
    }
}

mod metric {
    use super::*;

    fn serving() -> Serving {
        Serving {
            throughput_per: Default::default(),
            aggregate_unit: None,
            user_unit: None,
            power_unit: None,
            energy_unit: None,
            sample_limits: None,
            selection: None,
            workloads: vec![],
            requests: vec![],
        }
    }

    #[test]
    fn the_table_is_in_variant_order_and_tokens_round_trip() {
        for (i, metric) in Metric::ALL.into_iter().enumerate() {
            assert_eq!(metric as usize, i, "{metric:?} is row {i}");
            assert_eq!(metric.as_str().parse::<Metric>(), Ok(metric));
        }
        assert_eq!("nope".parse::<Metric>(), Err(UnknownMetric));
    }

    #[test]
    fn joules_per_token_is_derived_from_power_and_throughput() {
        let cell = Cell { power_w: Some(308.1), out_tok_s: Some(331.4), ..Cell::default() };
        assert_eq!(Metric::JPerToken.format(Metric::JPerToken.of(&cell).expect("both measured")), "0.9297");
        assert_eq!(Metric::JPerToken.of(&Cell { power_w: Some(308.1), ..Cell::default() }), None);
        assert_eq!(Metric::JPerToken.of(&Cell { power_w: Some(308.1), out_tok_s: Some(0.0), ..Cell::default() }), None);
    }

    #[test]
    fn p99_definitions_warn_about_small_samples() {
        assert!(Metric::TtftP99Ms.definition(&serving(), false).contains("fewer than 100 requests"));
        assert!(!Metric::TtftP50Ms.definition(&serving(), false).contains("fewer than 100 requests"));
    }

    #[test]
    fn a_latency_definition_names_the_unit_its_chart_reads_in() {
        let ms = Metric::TtftP99Ms.definition(&serving(), false);
        assert!(ms.contains("p99 over the cell's requests, in milliseconds."), "{ms}");
        let s = Metric::TtftP99Ms.definition(&serving(), true);
        assert!(s.contains("p99 over the cell's requests, in seconds (the file gives milliseconds)."), "{s}");
        assert!(!s.contains("in milliseconds"), "{s}");
        assert_eq!(Metric::TtftP99Ms.percentile_pair(), Some((Metric::TtftP50Ms, Metric::TtftP99Ms)));
        assert_eq!(Metric::OutTokS.percentile_pair(), None);
    }

    #[test]
    fn the_pair_title_names_p50_and_p99_once_whichever_is_picked() {
        assert_eq!(Metric::TtftP50Ms.pair_axis_title(), "TTFT p50 & p99 (ms)");
        assert_eq!(Metric::TtftP99Ms.pair_axis_title(), "TTFT p50 & p99 (ms)");
        assert_eq!(Metric::E2eP50Ms.pair_axis_title(), "E2E p50 & p99 (ms)");
        assert_eq!(Metric::OutTokS.pair_axis_title(), "output tok/s per GPU");
    }

    #[test]
    fn every_latency_axis_says_lower_is_better_and_throughput_higher() {
        for m in Metric::ALL.into_iter().filter(|m| m.is_percentile()) {
            assert_eq!(m.better(), Better::Lower, "{m:?}");
        }
        assert_eq!(Metric::OutTokS.titled_with_direction("output tok/s per GPU"), "output tok/s per GPU · higher is better");
        assert_eq!(Metric::N.titled_with_direction("n"), "n");
    }
}

/// The link contract in the repository (docs/links.md) names every parameter the parser
/// reads, so the document cannot fall behind the code.
#[test]
fn docs_links_md_documents_every_parameter_the_parser_reads() {
    let source = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/core/link/state.rs")).expect("state.rs");
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/links.md")).expect("docs/links.md");
    let parse = &source[source.find("pub fn parse(").expect("parse")..];
    let parse = &parse[..parse.find("\n    }\n").expect("end of parse")];
    let names: Vec<&str> = parse
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix('"'))
        .filter_map(|l| l.split('"').next())
        .filter(|n| n.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        .collect();
    assert!(names.len() > 25, "read the parser's parameters: {names:?}");
    let table: Vec<&str> = doc.lines().filter(|l| l.starts_with("| `")).collect();
    let missing: Vec<&&str> =
        names.iter().filter(|n| !table.iter().any(|row| row.split('|').nth(1).is_some_and(|c| c.contains(&format!("`{n}`"))))).collect();
    assert!(missing.is_empty(), "parameters missing from docs/links.md: {missing:?}");
}

/// docs/links.md says which links are shown before the app: the views it lists are the
/// landing view and exactly the ones the build writes.
#[test]
fn docs_links_md_lists_the_views_written_before_the_app() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/links.md")).expect("docs/links.md");
    let rule = &doc[doc.find("- **Before the app.**").expect("the Before the app rule")..];
    let rule = &rule[..rule.find("(or absent), and").expect("the view list's end")];
    let listed: Vec<&str> = rule.split("`view` one of ").nth(1).expect("the view list").split('`').skip(1).step_by(2).collect();
    let written: Vec<&str> = std::iter::once(servescope::core::link::View::Overview)
        .chain(servescope::core::views::PRERENDERED_VIEWS)
        .map(|v| v.as_str())
        .collect();
    assert_eq!(listed, written);
}
