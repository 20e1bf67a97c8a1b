//! Question verbs: a characteristic question of a category (or any) the
//! bot answers from the opponent's X-File, in secret in multiplayer (p. 41).

use super::Step;
use crate::cards::db;
use crate::cards::{Category, Trait};
use crate::engine::xfiles::effects::ast::Who;
use crate::engine::xfiles::effects::lex::{self, Args};
use crate::engine::xfiles::effects::run::Flow;
use crate::engine::xfiles::effects::state::{ChoiceOption, Resolution, Val, Wait};
use crate::engine::xfiles::{Events, Fact, Note, XfEvent, XfGame};
use crate::engine::{Event, Seat};

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

/// The last question another player asked this turn and its answer:
/// (asker, about, category, value, yes).
fn last_asked(
    g: &XfGame,
    not_by: Seat,
    of: Option<Seat>,
) -> Option<(Seat, Seat, Category, Trait, bool)> {
    let (asker, about) = g.facts.iter().rev().find_map(|f| match f {
        Fact::Asked { seat, of: o } if *seat != not_by && of.is_none_or(|x| x == *o) => {
            Some((*seat, *o))
        }
        _ => None,
    })?;
    g.player(asker).notebook.iter().rev().find_map(|n| match n {
        Note::Answer {
            about: a,
            category,
            value,
            yes,
        } if *a == about => Some((asker, about, *category, *value, *yes)),
        _ => None,
    })
}

/// `share-answer [to=others]`: the question another player just asked and
/// its answer are told to the controller alone (Hidden Transmitter), or to
/// every player but the asker and the one asked (Reporters At The Crime Scene).
pub fn parse_share_answer(a: &mut Args) -> Result<Step, String> {
    let others = match a.keyed("to").as_deref() {
        None => false,
        Some("others") => true,
        Some(o) => return Err(format!("share-answer to={o}: only to=others")),
    };
    Ok(Step::ShareAnswer { others })
}

pub fn share_answer(g: &mut XfGame, r: &Resolution, others: bool, events: &mut Events) -> Flow {
    let me = r.src.controller;
    let Some((asker, about, category, value, yes)) = last_asked(g, me, None) else {
        return Flow::Next;
    };
    let told: Vec<Seat> = if others {
        (0..g.players.len() as Seat)
            .filter(|s| *s != asker && *s != about)
            .collect()
    } else {
        vec![me]
    };
    for seat in told.into_iter().filter(|s| *s != about) {
        g.tell_answer(seat, about, (category, value, yes), events);
    }
    Flow::Next
}

/// `watch-answer about=<var>`: the card stays in play until the Investigating
/// Player next obtains an answer about that player's X-File; the card's
/// player is then told it privately and the card is discarded (Access
/// Personnel Files). The watch is kept on the card (see `answer_watched`).
pub fn parse_watch_answer(a: &mut Args) -> Result<Step, String> {
    let about = a
        .keyed("about")
        .ok_or("watch-answer about=<var>: whose X-File")?;
    Ok(Step::WatchAnswer { about })
}

pub fn watch_answer(g: &mut XfGame, r: &mut Resolution, about: &str) -> Flow {
    let Some(Val::Seat(of)) = r.vars.get(about).cloned() else {
        return Flow::Next;
    };
    let asker = g.active;
    super::keep_value(g, r, WATCH_ASKER, Val::Seat(asker));
    super::keep_value(g, r, WATCH_ABOUT, Val::Seat(of));
    Flow::Next
}

const WATCH_ASKER: &str = "watch-asker";
const WATCH_ABOUT: &str = "watch-about";

impl XfGame {
    /// Another player's answer, told privately to `seat` and noted in his
    /// notebook.
    fn tell_answer(
        &mut self,
        seat: Seat,
        about: Seat,
        (category, value, yes): (Category, Trait, bool),
        events: &mut Events,
    ) {
        self.player_mut(seat).notebook.push(Note::Answer {
            about,
            category,
            value,
            yes,
        });
        events.push(Event::private(
            seat,
            XfEvent::Answer {
                of: about,
                category,
                value,
                yes,
            },
        ));
    }

    /// An answer `asker` obtained about `of`'s X-File, told to the players
    /// of the cards watching for it, which are then discarded.
    pub(crate) fn answer_watched(
        &mut self,
        asker: Seat,
        of: Seat,
        answer: (Category, Trait, bool),
        events: &mut Events,
    ) {
        let watching: Vec<(u32, Seat)> = self
            .perms
            .iter()
            .filter(|p| {
                p.data.get(WATCH_ASKER) == Some(&Val::Seat(asker))
                    && p.data.get(WATCH_ABOUT) == Some(&Val::Seat(of))
            })
            .map(|p| (p.id, p.controller))
            .collect();
        for (id, seat) in watching {
            if seat != of && seat != asker {
                self.tell_answer(seat, of, answer, events);
            }
            self.leave_play(id, events);
        }
    }
}

/// `ask-back`: the question just asked about the controller's X-File is
/// answered about the asker's X-File too (Counterintelligence Measures).
pub fn parse_ask_back(_: &mut Args) -> Result<Step, String> {
    Ok(Step::AskBack)
}

pub fn ask_back(g: &mut XfGame, r: &Resolution, events: &mut Events) -> Flow {
    let me = r.src.controller;
    if let Some((asker, _, category, value, _)) = last_asked(g, me, Some(me)) {
        g.answer(me, asker, category, value, events);
    }
    Flow::Next
}

/// `ask-foe-affiliation`: "does the Adversary whose combat just ended have
/// a Keyword that is your X-File's AFFILIATION?", asked of its player
/// (Deductive Reasoning; every official Adversary has one AFFILIATION
/// Keyword, so this is the question of that value).
pub fn parse_ask_foe_affiliation(_: &mut Args) -> Result<Step, String> {
    Ok(Step::AskFoeAffiliation)
}

pub fn ask_foe_affiliation(g: &mut XfGame, r: &Resolution, events: &mut Events) -> Flow {
    let me = r.src.controller;
    let Some((card, Some(of))) = g.facts.iter().rev().find_map(|f| match f {
        Fact::CombatEnded { adversary, owner } => Some((*adversary, *owner)),
        _ => None,
    }) else {
        return Flow::Next;
    };
    let value = Trait::of(Category::Affiliation).iter().copied().find(|t| {
        db().get(card)
            .keywords
            .iter()
            .any(|k| k.as_str() == t.as_str())
    });
    if let Some(value) = value
        && of != me
    {
        g.answer(me, of, Category::Affiliation, value, events);
    }
    Flow::Next
}

/// `no-penalty`: the player the controller guessed wrongly about does not
/// ask the penalty question (Blackmail).
pub fn parse_no_penalty(_: &mut Args) -> Result<Step, String> {
    Ok(Step::NoPenalty)
}

pub fn no_penalty(g: &mut XfGame, _: &Resolution, events: &mut Events) -> Flow {
    if g.investigation
        .as_ref()
        .is_some_and(|i| i.stage == crate::engine::xfiles::Stage::Penalty)
    {
        g.end_site(events);
    }
    Flow::Next
}

/// `replace-xfile <value>`: the controller exchanges the X-File in play for
/// one of its X-File cards set aside with this characteristic, chosen in
/// secret (Believe The Lie); the old one is set aside. Answers already in
/// the notebooks stay as they were.
pub fn parse_replace_xfile(a: &mut Args) -> Result<Step, String> {
    Ok(Step::ReplaceXFile {
        to: a.trait_value()?,
    })
}

pub fn replace_xfile(g: &mut XfGame, r: &mut Resolution, to: Trait, events: &mut Events) -> Flow {
    let me = r.src.controller;
    let now = g.player(me).xfile;
    let aside: Vec<crate::cards::CardIdx> = g
        .player(me)
        .candidates
        .iter()
        .copied()
        .filter(|c| Some(*c) != now && g.xfile_is(Some(*c), to))
        .collect();
    let picked = match super::cards::answered(r) {
        Some(Val::Card(c)) if aside.contains(&c) => c,
        _ if aside.len() == 1 => aside[0],
        _ if aside.is_empty() => return Flow::Next,
        _ => {
            let options = aside
                .iter()
                .map(|c| ChoiceOption {
                    label: db().get(*c).title.clone(),
                    val: Val::Card(*c),
                })
                .collect();
            let key = super::cards::ask_key(r);
            let prompt = format!("the X-File of {} {} you take instead", to.category(), to);
            g.offer(me, prompt, options, 1, 1, &key, true, events);
            return Flow::Retry(Wait::Choice);
        }
    };
    g.player_mut(me).xfile = Some(picked);
    // Everyone learns that it changed, only its player which it is now.
    events.push(Event::public(XfEvent::XFileChosen { seat: me }));
    events.push(Event::private(me, XfEvent::YourXFile { card: picked }));
    Flow::Next
}

#[cfg(test)]
mod tests {
    use crate::cards::Trait;
    use crate::engine::xfiles::XfEvent;
    use crate::engine::xfiles::effects::state::Val;
    use crate::engine::xfiles::effects::testing::*;

    #[test]
    fn replace_xfile_takes_the_one_set_aside_believe_the_lie() {
        let mut g = table();
        let (worm, barry) = (id("XF96-0141v1"), id("XF96-0122v1"));
        let p = &mut g.players[1];
        p.candidates = vec![worm, barry, id("XF96-0142v1")];
        p.xfile = Some(worm);
        run(&mut g, 1, "replace-xfile government");
        assert_eq!(g.player(1).xfile, Some(barry));
        assert!(
            g.player(1).candidates.contains(&worm),
            "set aside, not lost"
        );
        // And back: Arctic Worm is the ALIEN one set aside now.
        run(&mut g, 1, "replace-xfile alien");
        assert_eq!(g.player(1).xfile, Some(worm));
        // None set aside with that value: nothing changes.
        run(&mut g, 1, "replace-xfile primordial");
        assert_eq!(g.player(1).xfile, Some(worm));
    }

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
    fn ask_back_answers_the_same_question_about_the_askers_xfile() {
        let mut g = table();
        run(&mut g, 0, "ask-value Control");
        run(&mut g, 1, "ask-back");
        let back: Vec<_> = g
            .player(1)
            .notebook
            .iter()
            .filter(|n| {
                matches!(
                    n,
                    crate::engine::xfiles::Note::Answer {
                        about: 0,
                        value: Trait::Control,
                        ..
                    }
                )
            })
            .collect();
        assert_eq!(back.len(), 1);
    }

    #[test]
    fn ask_foe_affiliation_asks_the_adversarys_player_about_its_keyword() {
        let mut g = table();
        // The Manitou Stalks His Prey: ADVERSARY, OCCULT, CREATURE.
        g.facts.push(crate::engine::xfiles::Fact::CombatEnded {
            adversary: id("XF96-0352v1"),
            owner: Some(1),
        });
        run(&mut g, 0, "ask-foe-affiliation");
        assert_eq!(
            g.player(0).notebook.last(),
            Some(&crate::engine::xfiles::Note::Answer {
                about: 1,
                category: crate::cards::Category::Affiliation,
                value: Trait::Occult,
                yes: true,
            })
        );
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
