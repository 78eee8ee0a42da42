//! What a million output tokens costs, from measured figures and the reader's prices.
//!
//! The energy part uses the cell's measured mean GPU power, never a spec-sheet figure; the
//! GPU-time part uses measured throughput. A price the reader did not give leaves its part
//! out (and the label says so); a cell without the measurement a given price needs has no
//! cost ("not measured"), never a cost of 0.

use crate::core::basics::format::significant4;
use crate::core::study::model::Cell;

/// The formula, in the words the page and the exports repeat.
pub const FORMULA: &str = "energy part = power_w ÷ out_tok_s × 10⁶ ÷ 3.6·10⁶ × kwh_price × pue (GPU energy only); \
GPU-time part = gpu_hour_price ÷ (out_tok_s × 3600 ÷ 10⁶); the total is the sum of the parts whose price is given.";

/// A cost has no currency of its own: it is in whatever currency the prices were entered in.
pub const CURRENCY: &str = "in the currency of the prices entered";

/// The cost axis's title: short, and still naming its currency.
pub const COST_AXIS_TITLE: &str = "cost per M output tokens (prices' currency)";

/// The reader's prices (`kwh_price`, `gpu_hour_price`, `pue` in the link).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Prices {
    /// Price of one kWh, in the reader's currency.
    pub kwh: Option<f64>,
    /// Price of one GPU-hour, in the reader's currency.
    pub gpu_hour: Option<f64>,
    /// A multiplier on energy only (power usage effectiveness), the reader's assumption;
    /// `None` means 1.
    pub pue: Option<f64>,
}

/// One cell's cost per million output tokens, with its parts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cost {
    /// The energy part, when a kWh price is given.
    pub energy: Option<f64>,
    /// The GPU-time part, when a GPU-hour price is given.
    pub gpu_time: Option<f64>,
    /// The sum of the parts given.
    pub total: f64,
}

impl Prices {
    /// Whether any price is given: without one there is no cost to show.
    pub fn any(&self) -> bool {
        self.kwh.is_some() || self.gpu_hour.is_some()
    }

    /// The multiplier on energy: the link's `pue`, else 1.
    pub fn pue(&self) -> f64 {
        self.pue.unwrap_or(1.0)
    }

    /// The cost of a million output tokens in this cell; `None` when no price is given or
    /// a measurement a given price needs is null (or throughput is not positive).
    pub fn cost(&self, cell: &Cell) -> Option<Cost> {
        if !self.any() {
            return None;
        }
        let out = cell.out_tok_s.filter(|o| *o > 0.0)?;
        let energy = match self.kwh {
            Some(price) => Some(cell.power_w? / out * 1e6 / 3.6e6 * price * self.pue()),
            None => None,
        };
        let gpu_time = self.gpu_hour.map(|price| price / (out * 3600.0 / 1e6));
        Some(Cost { energy, gpu_time, total: energy.unwrap_or(0.0) + gpu_time.unwrap_or(0.0) })
    }

    /// The metric's label, naming a part left out: "cost per million output tokens (energy
    /// and GPU time), in the currency of the prices entered".
    pub fn label(&self) -> String {
        let parts = match (self.kwh.is_some(), self.gpu_hour.is_some()) {
            (true, true) => "energy and GPU time",
            (true, false) => "energy only: no GPU-hour price given",
            (false, true) => "GPU time only: no kWh price given",
            (false, false) => "no price given",
        };
        format!("cost per million output tokens ({parts}), {CURRENCY}")
    }

    /// The prices as an export's provenance line says them.
    pub fn describe(&self) -> String {
        let price = |p: Option<f64>| p.map(|p| p.to_string()).unwrap_or_else(|| "not given".into());
        format!("kwh_price {}, gpu_hour_price {}, pue {} (the reader's assumption)", price(self.kwh), price(self.gpu_hour), self.pue())
    }
}

impl Cost {
    /// "total 0.3948 (energy 0.01010 + GPU time 0.3847)", parts left out when not priced.
    pub fn breakdown(&self) -> String {
        format!("total {} ({})", significant4(self.total), self.parts())
    }

    /// "energy 0.01010 + GPU time 0.3847": the parts priced, as a table cell says them under its total.
    pub fn parts(&self) -> String {
        let mut parts = Vec::new();
        if let Some(e) = self.energy {
            parts.push(format!("energy {}", significant4(e)));
        }
        if let Some(g) = self.gpu_time {
            parts.push(format!("GPU time {}", significant4(g)));
        }
        parts.join(" + ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(out: Option<f64>, power: Option<f64>) -> Cell {
        Cell { out_tok_s: out, power_w: power, ..Cell::default() }
    }

    #[test]
    fn both_parts_follow_the_formula_to_four_significant_digits() {
        let prices = Prices { kwh: Some(0.12), gpu_hour: Some(2.0), pue: None };
        let cost = prices.cost(&cell(Some(1000.0), Some(400.0))).expect("priced");
        // 400 / 1000 J per token × 10⁶ ÷ 3.6·10⁶ kWh × 0.12 = 0.01333…; 2 ÷ 3.6 = 0.5556.
        assert_eq!(significant4(cost.energy.expect("energy")), "0.01333");
        assert_eq!(significant4(cost.gpu_time.expect("GPU time")), "0.5556");
        assert_eq!(cost.breakdown(), "total 0.5689 (energy 0.01333 + GPU time 0.5556)");
    }

    #[test]
    fn pue_multiplies_the_energy_part_only() {
        let base = Prices { kwh: Some(0.1), gpu_hour: Some(1.0), pue: None }.cost(&cell(Some(500.0), Some(300.0))).expect("priced");
        let with = Prices { kwh: Some(0.1), gpu_hour: Some(1.0), pue: Some(1.5) }.cost(&cell(Some(500.0), Some(300.0))).expect("priced");
        assert!((with.energy.expect("e") - 1.5 * base.energy.expect("e")).abs() < 1e-12);
        assert_eq!(with.gpu_time, base.gpu_time);
    }

    #[test]
    fn a_missing_measurement_is_not_measured_never_zero() {
        let energy = Prices { kwh: Some(0.12), ..Prices::default() };
        assert_eq!(energy.cost(&cell(Some(1000.0), None)), None, "no power: no energy cost");
        assert_eq!(energy.cost(&cell(None, Some(400.0))), None, "no throughput: no cost");
        assert_eq!(energy.cost(&cell(Some(0.0), Some(400.0))), None, "zero throughput has no cost per token");
        let both = Prices { kwh: Some(0.12), gpu_hour: Some(2.0), pue: None };
        assert_eq!(both.cost(&cell(Some(1000.0), None)), None, "a priced part without its measurement leaves the whole cost unmeasured");
        let gpu = Prices { gpu_hour: Some(2.0), ..Prices::default() };
        assert!(gpu.cost(&cell(Some(1000.0), None)).is_some(), "the GPU-time part needs no power");
        assert_eq!(Prices::default().cost(&cell(Some(1000.0), Some(400.0))), None, "no price, no cost");
    }

    #[test]
    fn the_label_says_which_part_is_left_out() {
        assert!(Prices { kwh: Some(0.1), ..Prices::default() }.label().contains("energy only: no GPU-hour price given"));
        assert!(Prices { gpu_hour: Some(1.0), ..Prices::default() }.label().contains("GPU time only: no kWh price given"));
        assert!(Prices { kwh: Some(0.1), gpu_hour: Some(1.0), pue: None }.label().ends_with("in the currency of the prices entered"));
    }
}
