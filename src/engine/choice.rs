//! A choice the game waits for, shared by every engine: the prompt, the
//! options (each a label and a game-specific value), how many to pick, and
//! what the answer is for (`P`, game-specific). It is plain data in the game
//! state and is answered by the game's `Choose { picks }` action, never by a
//! closure.

use serde::{Deserialize, Serialize};

use super::{Refusal, Seat};

/// One option of a pending choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChoiceOption<V> {
    pub label: String,
    pub val: V,
}

/// A choice a player must make before the game goes on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingChoice<V, P> {
    pub seat: Seat,
    pub prompt: String,
    pub options: Vec<ChoiceOption<V>>,
    pub min: u8,
    pub max: u8,
    /// Where the answer goes.
    pub purpose: P,
    /// The options name hidden cards: only the chooser sees them.
    #[serde(default)]
    pub secret: bool,
}

impl<V, P> PendingChoice<V, P> {
    fn labels(&self) -> Vec<String> {
        self.options.iter().map(|o| o.label.clone()).collect()
    }

    /// The options picked by these (0-based) indexes, or why the answer is
    /// not valid: an index out of range, one given twice, or too few or too
    /// many. The caller checks the seat.
    pub fn picked(&self, picks: &[u16]) -> Result<Vec<&ChoiceOption<V>>, Refusal> {
        let mut seen: Vec<u16> = Vec::new();
        for p in picks {
            if usize::from(*p) >= self.options.len() {
                return Err(Refusal::new(format!(
                    "option {} does not exist; choose among 1 to {}",
                    p + 1,
                    self.options.len()
                ))
                .with_allowed(self.labels()));
            }
            if seen.contains(p) {
                return Err(Refusal::new("the same option twice"));
            }
            seen.push(*p);
        }
        let n = picks.len();
        if n < usize::from(self.min) || n > usize::from(self.max) {
            let want = if self.min == self.max {
                format!("exactly {}", self.min)
            } else {
                format!("{} to {}", self.min, self.max)
            };
            return Err(
                Refusal::new(format!("{}: choose {want}", self.prompt)).with_allowed(self.labels())
            );
        }
        Ok(picks
            .iter()
            .map(|p| &self.options[usize::from(*p)])
            .collect())
    }

    /// Representative valid answers: each single option, none when that is
    /// allowed, and for a choice of several the first and the last ones.
    pub fn sample_answers(&self) -> Vec<Vec<u16>> {
        let n = self.options.len() as u16;
        let (min, max) = (u16::from(self.min), u16::from(self.max).min(n));
        let mut out = Vec::new();
        if min <= 1 && max >= 1 {
            out.extend((0..n).map(|i| vec![i]));
        }
        if min == 0 {
            out.push(vec![]);
        }
        for k in min.max(2)..=max {
            out.push((0..k).collect());
            out.push((n - k..n).collect());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(min: u8, max: u8) -> PendingChoice<u8, ()> {
        PendingChoice {
            seat: 0,
            prompt: "Pick".into(),
            options: (0..3)
                .map(|i| ChoiceOption {
                    label: format!("o{i}"),
                    val: i,
                })
                .collect(),
            min,
            max,
            purpose: (),
            secret: false,
        }
    }

    #[test]
    fn picks_are_checked_for_range_repeats_and_count() {
        let c = choice(1, 2);
        assert_eq!(c.picked(&[2]).unwrap()[0].val, 2);
        assert!(c.picked(&[3]).unwrap_err().reason.contains("1 to 3"));
        assert!(c.picked(&[1, 1]).unwrap_err().reason.contains("twice"));
        assert!(c.picked(&[]).unwrap_err().reason.contains("1 to 2"));
        assert!(c.picked(&[0, 1, 2]).is_err());
    }

    #[test]
    fn every_sample_answer_is_valid() {
        for (min, max) in [(0, 1), (1, 1), (2, 2), (0, 3), (1, 3)] {
            let c = choice(min, max);
            let answers = c.sample_answers();
            assert!(!answers.is_empty());
            for a in answers {
                assert!(c.picked(&a).is_ok(), "{min}..{max}: {a:?}");
            }
        }
    }
}
