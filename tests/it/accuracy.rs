//! Energy and accuracy figures from the bundled study: joules per token, the null CI, and
//! the dot chart's error bars in SVG.

use crate::common;

use common::{bundled_results as results, render_svg};
use servescope::chart::{draw_dot_chart, DotChart, LIGHT};
use servescope::core::display::palette::{engine_style, Marker, NEUTRAL_COLOUR};
use servescope::core::display::series::{cell_at, served_kl_rows, served_scatter, weight_kl_rows, weight_scatter};
use servescope::core::link::chosen_workload;
use servescope::core::link::Scale;
use servescope::core::measures::metric::Metric;

#[test]
fn joules_per_token_is_power_over_throughput_to_four_digits() {
    let r = results();
    let w = chosen_workload(&r, None).expect("1024x1024");
    let cell = cell_at(w, "paiton", 1.0).expect("paiton c1");
    assert_eq!((cell.power_w, cell.out_tok_s), (Some(308.1), Some(331.4)));
    assert_eq!(Metric::JPerToken.format(Metric::JPerToken.of(cell).expect("derived")), "0.9297");
    assert_eq!(Metric::TokSPerKw.of(cell), Some(1075.7));
    assert_eq!(cell_at(w, "paiton", 64.0).and_then(|c| c.tok_s_per_kw), Some(4021.3));
}

#[test]
fn int4_reports_no_ci_and_gets_no_bar_while_a5_spans_its_interval() {
    let r = results();
    let rows = weight_kl_rows(&r);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].interval, Some((0.0239, 0.0292)));
    assert_eq!(rows[1].label, "INT4-g128 · RDNA4 recipe");
    assert_eq!(rows[1].interval, None);
    let (svg, geometry) = render_svg((760, 220), |area| {
        draw_dot_chart(area, &DotChart { x_title: "KL", rows: &rows, scale: Scale::Lin, theme: LIGHT }).expect("drawn")
    });
    assert_eq!(geometry.dots.len(), 2);
    assert_eq!(geometry.bars.len(), 1, "a bar for a5 only; never a zero-width bar for int4");
    let (row, lo_px, hi_px) = geometry.bars[0];
    assert_eq!(row, 0);
    let dot_x = geometry.dots[0].x_px;
    assert!(lo_px < dot_x && dot_x < hi_px, "the CI brackets the KL: {lo_px} < {dot_x} < {hi_px}");
    // 0.0265 sits 0.0026 of the interval's 0.0053 above 0.0239: the dot is that far along the bar.
    let along = f64::from(dot_x - lo_px) / f64::from(hi_px - lo_px);
    assert!((along - 0.0026 / 0.0053).abs() < 0.03, "{lo_px} {dot_x} {hi_px}");
    assert!(svg.contains("INT4-g128 · RDNA4 recipe"));
}

#[test]
fn served_rows_keep_engine_colours_and_name_the_control() {
    let r = results();
    let rows = served_kl_rows(&r);
    let labels: Vec<&str> = rows.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(labels, ["BF16 reference control", "Paiton CDNA4", "quark"]);
    assert_eq!(rows[1].colour, engine_style(0).colour, "paiton shares its engine colour");
    assert_eq!(rows[0].colour, NEUTRAL_COLOUR);
    assert_ne!(rows[0].marker, rows[2].marker, "neutral rows differ by shape");
    assert!(Marker::NEUTRAL.contains(&rows[0].marker) && Marker::NEUTRAL.contains(&rows[2].marker), "and use no engine's shape");
    assert_eq!(rows.iter().map(|r| r.value).collect::<Vec<_>>(), [Some(0.007694863545343617), Some(0.0219415), Some(0.11406719017357203)]);
}

#[test]
fn the_two_scatters_stay_separate_measurements() {
    let r = results();
    let served = served_scatter(&r);
    let weight = weight_scatter(&r);
    assert_eq!((served.len(), weight.len()), (3, 2));
    // Both in percent, as both tables show them: the served file's fraction × 100.
    let rows = &r.accuracy().expect("served").rows;
    for point in &served {
        let row = rows.iter().find(|row| row.id == point.id).expect("a row per point");
        assert_eq!(point.y, row.top1.expect("measured") * 100.0, "{}", point.id);
        assert!(point.y > 1.0 && point.y <= 100.0);
    }
    let table = servescope::core::display::tables::served_accuracy_table(&r).expect("table");
    let shown: Vec<String> = table.rows.iter().flat_map(|row| row.cells.iter().map(|c| c.field.display())).collect();
    assert!(shown.contains(&"93.08 %".to_owned()), "{shown:?}");
    assert!(served.iter().any(|p| servescope::core::basics::format::readable(p.y) == "93.08"));
    // The served check says it has no interval, with its positions.
    assert_eq!(
        servescope::core::display::chart_words::served_interval_words(r.accuracy().and_then(|a| a.positions)),
        "No CI for the served check (130 positions): the file reports no interval, so a small top-1 or KL difference cannot be judged from it."
    );
}
