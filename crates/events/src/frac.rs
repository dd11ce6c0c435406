//! Exact fractions for tiebreakers (Tournament Floor Rules, Tiebreakers): match
//! win percentages are averages of averages, and two players whose percentages
//! are equal must tie exactly, so that registration order decides, not rounding.

use std::cmp::Ordering;
use std::fmt;

/// A non-negative fraction in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frac {
    num: u128,
    den: u128,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Frac {
    pub const ZERO: Frac = Frac { num: 0, den: 1 };

    /// `num / den`; a zero denominator gives zero (an empty average).
    pub fn new(num: u128, den: u128) -> Frac {
        if den == 0 || num == 0 {
            return Frac::ZERO;
        }
        let g = gcd(num, den);
        Frac {
            num: num / g,
            den: den / g,
        }
    }

    pub fn numer(self) -> u128 {
        self.num
    }

    pub fn denom(self) -> u128 {
        self.den
    }

    /// For display only; never compare the result.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// The mean of `values` (zero for none).
    pub fn mean(values: impl IntoIterator<Item = Frac>) -> Frac {
        let mut sum = Frac::ZERO;
        let mut n = 0u128;
        for v in values {
            sum = sum + v;
            n += 1;
        }
        Frac::new(sum.num, sum.den * n.max(1))
    }
}

impl std::ops::Add for Frac {
    type Output = Frac;
    fn add(self, o: Frac) -> Frac {
        let g = gcd(self.den, o.den);
        let den = self.den / g * o.den;
        Frac::new(self.num * (o.den / g) + o.num * (self.den / g), den)
    }
}

impl Ord for Frac {
    fn cmp(&self, o: &Frac) -> Ordering {
        (self.num * o.den).cmp(&(o.num * self.den))
    }
}

impl PartialOrd for Frac {
    fn partial_cmp(&self, o: &Frac) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for Frac {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiebreakers_equal_fractions_compare_equal() {
        // 1/3 + 1/3 + 1/3 is 1 exactly, which floating point does not promise.
        let third = Frac::new(1, 3);
        assert_eq!(third + third + third, Frac::new(1, 1));
        assert_eq!(
            Frac::mean([Frac::new(1, 2), Frac::new(3, 4)]),
            Frac::new(5, 8)
        );
        assert_eq!(Frac::new(2, 4), Frac::new(1, 2));
        assert!(Frac::new(1, 3) < Frac::new(1, 2));
        assert_eq!(Frac::mean([]), Frac::ZERO);
        assert_eq!(Frac::new(1, 0), Frac::ZERO);
    }
}
