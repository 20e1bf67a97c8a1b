//! Question verbs: a characteristic question of a category (or any) the
//! bot answers from the opponent's X-File, in secret in multiplayer (p. 41).

use super::Step;
use crate::cards::{Category, Trait};
use crate::engine::xfiles::effects::ast::Who;
use crate::engine::xfiles::effects::lex::{self, Args};
use crate::engine::xfiles::effects::run::Flow;
use crate::engine::xfiles::effects::state::{ChoiceOption, Resolution, Val, Wait};
use crate::engine::xfiles::{Events, XfGame};

/// `ask <category|category|any> [of=opponent]`: the value is the one named
/// when the card was played (`value:`), or chosen now.
pub fn parse_ask(a: &mut Args) -> Result<Step, String> {
    let w = a.word()?;
    let categories = if w == "any" {
        Category::ALL.to_vec()
    } else {
        w.split('|')
            .map(|c| lex::term::<Category>(c).ok_or_else(|| format!("'{c}' is not a category")))
            .collect::<Result<_, _>>()?
    };
    let of = match a.keyed("of").as_deref() {
        None | Some("opponent") => Who::Opponent,
        Some("active") => Who::Active,
        Some(o) => return Err(format!("of={o}: opponent or active")),
    };
    Ok(Step::Ask { categories, of })
}

pub fn ask(
    g: &mut XfGame,
    r: &mut Resolution,
    categories: &[Category],
    of: Who,
    events: &mut Events,
) -> Flow {
    let me = r.src.controller;
    let Some(of) = g.who(r, of).filter(|o| *o != me && !g.player(*o).out) else {
        return Flow::Next;
    };
    let value = match (super::cards::answered(r), r.vars.get("value").cloned()) {
        (Some(Val::Trait(t)), _) => t,
        (_, Some(Val::Trait(t))) if categories.contains(&t.category()) => t,
        _ => {
            let options = categories
                .iter()
                .flat_map(|c| Trait::of(*c).iter())
                .map(|t| ChoiceOption {
                    label: format!("{} {t}", t.category().as_str().to_uppercase()),
                    val: Val::Trait(*t),
                })
                .collect();
            let key = super::cards::ask_key(r);
            g.offer(
                me,
                "choose the characteristic to ask about".into(),
                options,
                1,
                1,
                &key,
                false,
                events,
            );
            return Flow::Retry(Wait::Choice);
        }
    };
    g.answer(me, of, value.category(), value, events);
    Flow::Next
}

/// `ask-value <value>`: one fixed question ("Is your X-File's AFFILIATION
/// Government?", Mrs. Mulder).
pub fn parse_ask_value(a: &mut Args) -> Result<Step, String> {
    Ok(Step::AskValue {
        value: a.trait_value()?,
    })
}

pub fn ask_value(g: &mut XfGame, r: &Resolution, value: Trait, events: &mut Events) -> Flow {
    let me = r.src.controller;
    if let Some(of) = g.opponent_of(&r.src).filter(|o| *o != me) {
        g.answer(me, of, value.category(), value, events);
    }
    Flow::Next
}

#[cfg(test)]
mod tests {
    use crate::cards::Trait;
    use crate::engine::xfiles::XfEvent;
    use crate::engine::xfiles::effects::state::Val;
    use crate::engine::xfiles::effects::testing::*;

    #[test]
    fn ask_uses_the_value_named_at_play_deep_throat() {
        let mut g = table();
        let ev = run_with(
            &mut g,
            0,
            "ask any",
            vec![("value", Val::Trait(Trait::Occult))],
        );
        let yes = ev.iter().find_map(|e| match e.body {
            XfEvent::Answer { yes, .. } => Some(yes),
            _ => None,
        });
        assert_eq!(yes, Some(true), "seat 1's X-File (The Manitou) is Occult");
        assert_eq!(g.player(0).notebook.len(), 1);
    }

    #[test]
    fn ask_without_a_value_offers_the_categories_values() {
        let mut g = table();
        run(&mut g, 0, "ask affiliation|motive");
        let c = g.choice.clone().unwrap();
        assert_eq!(c.options.len(), 10);
        choose(&mut g, &["MOTIVE Control"]);
        assert_eq!(g.player(0).notebook.len(), 1);
    }
}
