//! Flow verbs: choices (a player's, or at random), picking a value, the
//! turn ending at once, and the few unique cards' own handlers.

use super::{Choose, Step};
use crate::cards::{Category, Keyword, Skill, Trait};
use crate::engine::Event;
use crate::engine::xfiles::effects::ast::{Kind, Value, Who};
use crate::engine::xfiles::effects::lex::{self, Args, Tok};
use crate::engine::xfiles::effects::run::Flow;
use crate::engine::xfiles::effects::special;
use crate::engine::xfiles::effects::state::{ChoiceOption, Resolution, Val};
use crate::engine::xfiles::{Events, XfEvent, XfGame};

/// `choose <var> <selector> [by=me|opponent|active|target-owner]
/// [count=N|up-to=N] [random] [open|secret] ["prompt"]`.
pub fn parse_choose(a: &mut Args) -> Result<Step, String> {
    let var = a.var()?;
    let sel = a.selector()?;
    let mut c = Choose {
        var,
        secret: matches!(sel.kind, Kind::Hand | Kind::Deck),
        sel,
        by: Who::Me,
        min: 1,
        max: 1,
        random: false,
        prompt: String::new(),
        count_x: false,
    };
    while !a.is_done() {
        if let Some(w) = a.keyed("by") {
            c.by = lex::who(&w)
                .ok_or_else(|| format!("by={w}: me, opponent, active or target-owner"))?;
        } else if a.eat("count=x") {
            c.count_x = true;
        } else if let Some(n) = a.keyed("count") {
            c.min = n
                .parse()
                .map_err(|_| format!("count={n} is not a number"))?;
            c.max = c.min;
        } else if let Some(n) = a.keyed("up-to") {
            c.min = 0;
            c.max = n
                .parse()
                .map_err(|_| format!("up-to={n} is not a number"))?;
        } else if a.eat("random") {
            c.random = true;
        } else if a.eat("open") {
            c.secret = false;
        } else if a.eat("secret") {
            // Told to the chooser alone (The List's paper).
            c.secret = true;
        } else if matches!(a.peek(), Some(Tok::Str(_))) {
            c.prompt = a.string()?;
        } else {
            return Err(format!("'{}' is not an option of choose", a.take()?.text()));
        }
    }
    Ok(Step::Choose(Box::new(c)))
}

pub fn choose(g: &mut XfGame, r: &mut Resolution, c: &Choose, events: &mut Events) -> Flow {
    if c.count_x {
        let x = r.src.x.min(u32::from(u8::MAX)) as u8;
        let exact = Choose {
            min: x,
            max: x,
            count_x: false,
            ..c.clone()
        };
        return choose(g, r, &exact, events);
    }
    let scripts = g.script_db();
    let negates = scripts
        .of_source(&r.src)
        .and_then(|s| crate::engine::xfiles::effects::run::ability_in(s, r.src.ability))
        .is_some_and(|ab| ab.negates(&c.var));
    let found: Vec<Val> = g
        .select(&r.src, &r.vars, &c.sel)
        .into_iter()
        .filter(|v| {
            v.agent()
                .is_none_or(|a| g.protected_from(a, r.src.card).is_none())
        })
        .filter(|v| !negates || g.negatable(v))
        .collect();
    if found.is_empty() {
        r.vars.set(&c.var, Val::List(Vec::new()));
        return Flow::Next;
    }
    if c.random {
        let mut pool = found;
        let mut picked = Vec::new();
        for _ in 0..c.max.max(1) {
            if pool.is_empty() {
                break;
            }
            let i = g.rng.below(pool.len());
            picked.push(pool.remove(i));
        }
        let v = if c.max <= 1 {
            picked.remove(0)
        } else {
            Val::List(picked)
        };
        r.vars.set(&c.var, v);
        return Flow::Next;
    }
    let Some(seat) = g.who(r, c.by) else {
        return Flow::Next;
    };
    // Nothing to decide: every option is taken.
    if c.min >= 1 && found.len() <= usize::from(c.min) {
        let v = if c.max <= 1 {
            found[0].clone()
        } else {
            Val::List(found)
        };
        r.vars.set(&c.var, v);
        return Flow::Next;
    }
    let options = g.options_for(&found);
    let prompt = if c.prompt.is_empty() {
        format!("choose {}", c.var)
    } else {
        c.prompt.clone()
    };
    g.offer(
        seat, prompt, options, c.min, c.max, &c.var, c.secret, events,
    )
}

/// `pick <var> skill:a|b | keyword:a|b | trait:a|b | category:a|b ["prompt"]`.
pub fn parse_pick(a: &mut Args) -> Result<Step, String> {
    let var = a.var()?;
    let spec = a.word()?;
    let (kind, list) = spec
        .split_once(':')
        .ok_or("pick takes kind:value|value (skill, keyword, trait, category)")?;
    let mut among = Vec::new();
    for v in list.split('|') {
        among.push(match kind {
            "skill" => Value::Skill(lex::skill(v)?),
            "keyword" => Value::Keyword(lex::keywords(v)?[0]),
            "trait" => Value::Trait(
                lex::term::<Trait>(v)
                    .ok_or_else(|| format!("'{v}' is not a characteristic value"))?,
            ),
            "category" => {
                let c =
                    lex::term::<Category>(v).ok_or_else(|| format!("'{v}' is not a category"))?;
                among.extend(Trait::of(c).iter().map(|t| Value::Trait(*t)));
                continue;
            }
            _ => {
                return Err(format!(
                    "'{kind}' is not a kind of value (skill, keyword, trait, category)"
                ));
            }
        });
    }
    let prompt = if a.is_done() {
        String::new()
    } else {
        a.string()?
    };
    Ok(Step::Pick { var, among, prompt })
}

pub fn pick(
    g: &mut XfGame,
    r: &mut Resolution,
    var: &str,
    among: &[Value],
    prompt: &str,
    events: &mut Events,
) -> Flow {
    let vals: Vec<Val> = among
        .iter()
        .map(|v| match v {
            Value::Skill(s) => Val::Skill(*s),
            Value::Keyword(k) => Val::Keyword(*k),
            Value::Trait(t) => Val::Trait(*t),
        })
        .collect();
    let options = g.options_for(&vals);
    if options.len() == 1 {
        r.vars.set(var, options[0].val.clone());
        return Flow::Next;
    }
    let prompt = if prompt.is_empty() {
        format!("choose {var}")
    } else {
        prompt.to_string()
    };
    g.offer(r.src.controller, prompt, options, 1, 1, var, false, events)
}

/// `end-turn`: the Investigating Player's turn ends at once, Debriefing
/// included (FAQ21 #21, #32).
pub fn parse_end_turn(_: &mut Args) -> Result<Step, String> {
    Ok(Step::EndTurn)
}

pub fn end_turn(g: &mut XfGame, _: &mut Resolution, events: &mut Events) -> Flow {
    let seat = g.active;
    events.push(Event::public(XfEvent::TurnCut { seat }));
    g.cut_turn(events);
    Flow::Stop
}

/// `special <name>`: a unique card's own handler (see `effects::special`).
pub fn parse_special(a: &mut Args) -> Result<Step, String> {
    let name = a.word()?;
    if !special::NAMES.contains(&name.as_str()) {
        return Err(format!(
            "'{name}' is not a special handler ({})",
            special::NAMES.join(", ")
        ));
    }
    Ok(Step::Special(name))
}

pub fn special(g: &mut XfGame, r: &mut Resolution, name: &str, events: &mut Events) -> Flow {
    special::run(g, r, name, events)
}

#[allow(dead_code)]
fn _vocab(_: Skill, _: Keyword) {}

/// `if may "question"`: the controller answers yes or no; the answer is
/// bound to `var` and the `if` tests it (compiled by the parser).
pub fn ask_may(
    g: &mut XfGame,
    r: &Resolution,
    var: &str,
    prompt: &str,
    events: &mut Events,
) -> Flow {
    let yes_no = [("Yes", true), ("No", false)]
        .into_iter()
        .map(|(label, b)| ChoiceOption {
            label: label.into(),
            val: Val::Bool(b),
        })
        .collect();
    let seat = r.src.controller;
    g.offer(seat, prompt.to_string(), yes_no, 1, 1, var, false, events)
}

#[cfg(test)]
mod tests {
    use crate::engine::xfiles::effects::testing::*;

    #[test]
    fn choose_asks_the_named_player_and_binds_the_answer() {
        let mut g = table();
        to_field(&mut g, 0, &[MULDER, SCULLY]);
        run(
            &mut g,
            1,
            "choose victim agent(theirs field)\nmove victim hospital",
        );
        let c = g.choice.clone().expect("two Agents: a choice");
        assert_eq!(c.seat, 1);
        assert_eq!(c.options.len(), 2);
        choose(&mut g, &["Agent Dana Scully"]);
        assert_eq!(
            g.agent(agent(0, SCULLY)).unwrap().section,
            crate::cards::Section::Hospital
        );
    }

    #[test]
    fn choose_by_the_opponent_and_at_random() {
        let mut g = table();
        to_field(&mut g, 0, &[MULDER, SCULLY]);
        run(&mut g, 1, "choose victim agent(theirs field) by=opponent");
        assert_eq!(g.choice.as_ref().unwrap().seat, 0);
        choose(&mut g, &["Agent Fox Mulder"]);
        run(
            &mut g,
            1,
            "choose victim agent(theirs field) random\nmove victim bureau",
        );
        assert!(g.choice.is_none(), "a random choice asks no one");
    }

    #[test]
    fn a_secret_choice_is_told_to_the_chooser_alone_the_list() {
        use crate::engine::Audience;
        use crate::engine::xfiles::XfEvent;
        let mut g = table();
        to_field(&mut g, 0, &[MULDER, SCULLY]);
        run(
            &mut g,
            1,
            "choose secret-listed agent(theirs field) secret \"the Agent listed\"",
        );
        assert!(g.choice.as_ref().expect("two Agents: a choice").secret);
        let events = choose(&mut g, &["Agent Fox Mulder"]);
        let mut told = 0;
        for e in &events {
            if let XfEvent::Chose { what, .. } = &e.body {
                let named = what.iter().any(|w| w.contains("Mulder"));
                assert_eq!(named, e.audience == Audience::Seats(vec![1]));
                told += usize::from(named);
            }
        }
        assert_eq!(told, 1);
    }

    #[test]
    fn a_single_candidate_is_taken_without_asking() {
        let mut g = table();
        to_field(&mut g, 0, &[MULDER]);
        run(
            &mut g,
            1,
            "choose victim agent(theirs field)\nmove victim hospital",
        );
        assert!(g.choice.is_none());
        assert_eq!(
            g.agent(agent(0, MULDER)).unwrap().section,
            crate::cards::Section::Hospital
        );
    }

    #[test]
    fn end_turn_passes_the_turn_at_once() {
        let mut g = table();
        run(&mut g, 1, "end-turn");
        assert_eq!(g.active, 1);
        assert_eq!(g.phase, crate::engine::xfiles::Phase::Draw);
    }
}
