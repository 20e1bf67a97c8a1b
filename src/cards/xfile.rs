//! X-File characteristics: four categories of five values each (Advanced Rules pp. 60-63).

use std::fmt;

use super::vocab::vocabulary;

vocabulary!(
    /// The four characteristic categories a Site question may be about.
    Category, "characteristic category", {
        Affiliation => "Affiliation",
        Motive => "Motive",
        Method => "Method",
        Result => "Result",
    }
);

vocabulary!(
    /// The twenty characteristic values, across all four categories.
    Trait, "characteristic value", {
        Alien => "Alien",
        Government => "Government",
        Evolutionary => "Evolutionary",
        Primordial => "Primordial",
        Occult => "Occult",
        Survival => "Survival",
        Security => "Security",
        Control => "Control",
        Knowledge => "Knowledge",
        Ideology => "Ideology",
        Violence => "Violence",
        Manipulation => "Manipulation",
        Subterfuge => "Subterfuge",
        Possession => "Possession",
        Threats => "Threats",
        Death => "Death",
        Insanity => "Insanity",
        PhysiologicalImbalance => "Physiological Imbalance",
        Abduction => "Abduction",
        ManipulationOfEvidence => "Manipulation of Evidence",
    }
);

impl Trait {
    /// The category a value belongs to.
    pub fn category(self) -> Category {
        match self as usize / 5 {
            0 => Category::Affiliation,
            1 => Category::Motive,
            2 => Category::Method,
            _ => Category::Result,
        }
    }

    /// The five values of one category.
    pub fn of(category: Category) -> &'static [Trait] {
        let start = category as usize * 5;
        &Trait::ALL[start..start + 5]
    }
}

/// The four characteristics printed on an X-File card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Characteristics([Trait; 4]);

impl Characteristics {
    /// Builds the set, checking each value sits in its own category.
    pub fn new(values: [Trait; 4]) -> Result<Self, String> {
        for (i, v) in values.iter().enumerate() {
            let expected = Category::ALL[i];
            if v.category() != expected {
                return Err(format!("'{v}' is not a {expected} value"));
            }
        }
        Ok(Characteristics(values))
    }

    pub fn get(&self, category: Category) -> Trait {
        self.0[category as usize]
    }

    /// Answers `"Is your X-File's <category> <value>?"`. A value of another
    /// category is simply answered "no" (Ancillary Documentation p. 15).
    pub fn answers_yes(&self, category: Category, value: Trait) -> bool {
        value.category() == category && self.get(category) == value
    }

    pub fn values(&self) -> [Trait; 4] {
        self.0
    }
}

impl fmt::Display for Characteristics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} / {} / {} / {}",
            self.0[0], self.0[1], self.0[2], self.0[3]
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_belongs_to_exactly_one_category() {
        for c in Category::ALL {
            assert_eq!(Trait::of(*c).len(), 5);
            assert!(Trait::of(*c).iter().all(|t| t.category() == *c));
        }
    }

    #[test]
    fn characteristics_refuse_a_value_in_the_wrong_slot() {
        let err = Characteristics::new([
            Trait::Survival,
            Trait::Survival,
            Trait::Violence,
            Trait::Death,
        ]);
        assert!(err.unwrap_err().contains("not a Affiliation value"));
    }

    #[test]
    fn wrong_category_questions_are_answered_no_ad_p15() {
        let manitou =
            Characteristics::new([Trait::Occult, Trait::Control, Trait::Violence, Trait::Death])
                .unwrap();
        assert!(manitou.answers_yes(Category::Method, Trait::Violence));
        assert!(!manitou.answers_yes(Category::Motive, Trait::Violence));
    }
}
