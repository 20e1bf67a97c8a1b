//! Card costs: an amount paid from a pool (Advanced Rules pp. 10, 14).

use std::fmt;
use std::str::FromStr;

/// Which pool pays: RP (the Investigating Player's Resource Pool), CP (a
/// Conspiracy Pool) or *P (either, from the pool of the side the card helps).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Pool {
    #[serde(rename = "RP")]
    Rp,
    #[serde(rename = "CP")]
    Cp,
    #[serde(rename = "*P")]
    Either,
}

impl Pool {
    pub fn as_str(self) -> &'static str {
        match self {
            Pool::Rp => "RP",
            Pool::Cp => "CP",
            Pool::Either => "*P",
        }
    }
}

impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Pool {
    type Err = CostError;
    fn from_str(s: &str) -> Result<Self, CostError> {
        match s.trim().to_ascii_uppercase().as_str() {
            "RP" => Ok(Pool::Rp),
            "CP" => Ok(Pool::Cp),
            "*P" => Ok(Pool::Either),
            _ => Err(CostError(format!(
                "unknown pool '{s}' (expected RP, CP or *P)"
            ))),
        }
    }
}

/// How much a card costs: a fixed number, or `times`·X + `plus` where X is
/// chosen (or defined by the card's text) when the card is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Amount {
    Fixed(u8),
    Variable { times: u8, plus: u8 },
}

impl Amount {
    /// The amount to pay once X is known.
    pub fn with_x(self, x: u32) -> u32 {
        match self {
            Amount::Fixed(n) => u32::from(n),
            Amount::Variable { times, plus } => u32::from(times) * x + u32::from(plus),
        }
    }

    /// What the card is worth when sold for CP: an X cost sells for 0
    /// (FAQ97 #33; Rules Assistant p. 6).
    pub fn sale_value(self) -> u32 {
        match self {
            Amount::Fixed(n) => u32::from(n),
            Amount::Variable { .. } => 0,
        }
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Amount::Fixed(n) => write!(f, "{n}"),
            Amount::Variable { times, plus } => {
                if times != 1 {
                    write!(f, "{times}")?;
                }
                f.write_str("X")?;
                if plus > 0 {
                    write!(f, "+{plus}")?;
                }
                Ok(())
            }
        }
    }
}

/// A card's printed cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cost {
    pub amount: Amount,
    pub pool: Pool,
}

/// A cost that does not parse; the message says what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct CostError(String);

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.amount, self.pool)
    }
}

impl FromStr for Cost {
    type Err = CostError;

    /// Accepts "3 RP", "X+1 *P", "2X CP", and the data's reversed "RP 2X".
    fn from_str(s: &str) -> Result<Self, CostError> {
        let parts: Vec<&str> = s.split_whitespace().collect();
        let [a, b] = parts.as_slice() else {
            return Err(CostError(format!(
                "malformed cost '{s}' (expected an amount and a pool, e.g. '3 RP' or 'X+1 *P')"
            )));
        };
        let (amount, pool) = match (parse_amount(a), b.parse::<Pool>()) {
            (Some(amount), Ok(pool)) => (amount, pool),
            _ => match (parse_amount(b), a.parse::<Pool>()) {
                (Some(amount), Ok(pool)) => (amount, pool),
                _ => {
                    return Err(CostError(format!(
                        "malformed cost '{s}' (expected an amount such as 3, X, X+1, 2X and a pool RP, CP or *P)"
                    )));
                }
            },
        };
        Ok(Cost { amount, pool })
    }
}

fn parse_amount(s: &str) -> Option<Amount> {
    if let Ok(n) = s.parse::<u8>() {
        return Some(Amount::Fixed(n));
    }
    let upper = s.to_ascii_uppercase();
    let (head, plus) = match upper.split_once('+') {
        Some((h, p)) => (h.to_string(), p.parse::<u8>().ok()?),
        None => (upper.clone(), 0),
    };
    let times = head.strip_suffix('X')?;
    let times = if times.is_empty() {
        1
    } else {
        times.parse::<u8>().ok()?
    };
    Some(Amount::Variable { times, plus })
}

impl serde::Serialize for Cost {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Cost {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_cost_shape_in_the_data() {
        let cases = [
            ("3 RP", Amount::Fixed(3), Pool::Rp),
            ("0 *P", Amount::Fixed(0), Pool::Either),
            ("12 CP", Amount::Fixed(12), Pool::Cp),
            ("X CP", Amount::Variable { times: 1, plus: 0 }, Pool::Cp),
            (
                "X+1 *P",
                Amount::Variable { times: 1, plus: 1 },
                Pool::Either,
            ),
            ("X+2 CP", Amount::Variable { times: 1, plus: 2 }, Pool::Cp),
            ("2X CP", Amount::Variable { times: 2, plus: 0 }, Pool::Cp),
            ("3X RP", Amount::Variable { times: 3, plus: 0 }, Pool::Rp),
            ("RP 2X", Amount::Variable { times: 2, plus: 0 }, Pool::Rp),
        ];
        for (text, amount, pool) in cases {
            let cost: Cost = text.parse().unwrap();
            assert_eq!((cost.amount, cost.pool), (amount, pool), "{text}");
        }
    }

    #[test]
    fn canonical_form_puts_the_amount_first() {
        assert_eq!("RP 2X".parse::<Cost>().unwrap().to_string(), "2X RP");
        assert_eq!("X+1 *P".parse::<Cost>().unwrap().to_string(), "X+1 *P");
    }

    #[test]
    fn malformed_costs_are_refused_with_the_expected_shape() {
        for bad in ["", "3", "3 XP", "two RP", "3 RP extra", "Y CP"] {
            let err = bad.parse::<Cost>().unwrap_err().to_string();
            assert!(err.contains("cost"), "{bad}: {err}");
        }
    }

    #[test]
    fn x_costs_sell_for_nothing_faq97_33() {
        assert_eq!("X+1 RP".parse::<Cost>().unwrap().amount.sale_value(), 0);
        assert_eq!("4 RP".parse::<Cost>().unwrap().amount.sale_value(), 4);
        assert_eq!("2X CP".parse::<Cost>().unwrap().amount.with_x(3), 6);
    }
}
