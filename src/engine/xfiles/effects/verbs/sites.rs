//! Site verbs: Keywords changed or added (only the Keyword changes, p. 17),
//! the question a Site asks, and Bluffs discarded.

use super::Step;
use crate::cards::{Category, Keyword, db};
use crate::engine::Event;
use crate::engine::xfiles::effects::lex::{self, Args};
use crate::engine::xfiles::effects::run::Flow;
use crate::engine::xfiles::effects::state::{ChoiceOption, Resolution, Val, Wait};
use crate::engine::xfiles::{Events, XfEvent, XfGame};

/// `change-keyword <var> from=<k|k|any> [to=<k>]`: one Keyword of a Site
/// (or the Site a Bluff was played on) becomes another; without `to`, the
/// controller chooses (The Thinker).
pub fn parse_change_keyword(a: &mut Args) -> Result<Step, String> {
    let what = a.var()?;
    let from = match a.keyed("from").as_deref() {
        None | Some("any") => Vec::new(),
        Some(v) => lex::keywords(v)?,
    };
    let to = match a.keyed("to") {
        Some(v) => Some(lex::keywords(&v)?[0]),
        None => None,
    };
    Ok(Step::ChangeKeyword { what, from, to })
}

fn site_of(g: &XfGame, r: &Resolution, what: &str) -> Option<u32> {
    match r.vars.get(what) {
        Some(Val::Site(id)) => Some(*id),
        _ => g.investigation.as_ref().map(|i| i.site),
    }
}

pub fn change_keyword(
    g: &mut XfGame,
    r: &mut Resolution,
    what: &str,
    from: &[Keyword],
    to: Option<Keyword>,
    events: &mut Events,
) -> Flow {
    let holder = match r.vars.get(what) {
        Some(v @ (Val::Stack(_) | Val::Perm(_))) => v.clone(),
        _ => match site_of(g, r, what) {
            Some(id) => Val::Site(id),
            None => return Flow::Next,
        },
    };
    let Some((card, current)) = g.keywords_of(&holder) else {
        return Flow::Next;
    };
    let changeable: Vec<Keyword> = current
        .iter()
        .copied()
        .filter(|k| from.is_empty() || from.contains(k))
        .collect();
    if changeable.is_empty() {
        return Flow::Next;
    }
    // Which Keyword (asked when several may change), then to what (asked
    // when the script leaves it open).
    let answer = super::cards::answered(r);
    let chosen_old = match r.vars.get("kw-old") {
        Some(Val::Keyword(k)) => Some(*k),
        _ => None,
    };
    let old = match (chosen_old, &answer) {
        (Some(o), _) => o,
        (None, Some(Val::Keyword(k))) => *k,
        (None, _) if changeable.len() == 1 => changeable[0],
        (None, _) => {
            let options = changeable
                .iter()
                .map(|k| ChoiceOption {
                    label: k.to_string(),
                    val: Val::Keyword(*k),
                })
                .collect();
            let key = super::cards::ask_key(r);
            let prompt = format!("choose the Keyword of {} to change", db().get(card).title);
            g.offer(r.src.controller, prompt, options, 1, 1, &key, false, events);
            return Flow::Retry(Wait::Choice);
        }
    };
    let new = match (to, chosen_old, &answer) {
        (Some(t), _, _) => t,
        (None, Some(_), Some(Val::Keyword(k))) => *k,
        (None, _, _) => {
            r.vars.set("kw-old", Val::Keyword(old));
            let options = Keyword::ALL
                .iter()
                .filter(|x| **x != old)
                .map(|x| ChoiceOption {
                    label: x.to_string(),
                    val: Val::Keyword(*x),
                })
                .collect();
            let key = super::cards::ask_key(r);
            g.offer(
                r.src.controller,
                format!("change {old} to which Keyword?"),
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
    r.vars.unset("kw-old");
    let mut changed = current;
    if let Some(k) = changed.iter_mut().find(|k| **k == old) {
        *k = new;
        g.set_keywords(&holder, changed);
        events.push(Event::public(XfEvent::KeywordChanged {
            card,
            from: old,
            to: new,
        }));
    }
    Flow::Next
}

impl XfGame {
    /// A card's Keywords now (a Site, a card on the stack or in play).
    pub(crate) fn keywords_of(&self, v: &Val) -> Option<(crate::cards::CardIdx, Vec<Keyword>)> {
        let or_printed = |card: crate::cards::CardIdx, ks: &Vec<Keyword>| {
            if ks.is_empty() {
                db().get(card).keywords.clone()
            } else {
                ks.clone()
            }
        };
        match v {
            Val::Site(id) => self.site(*id).map(|s| (s.card, s.keywords.clone())),
            Val::Stack(id) => self
                .stack
                .iter()
                .find(|p| p.id == *id)
                .map(|p| (p.card, or_printed(p.card, &p.keywords))),
            Val::Perm(id) => self
                .perm(*id)
                .map(|p| (p.card, or_printed(p.card, &p.keywords))),
            _ => None,
        }
    }

    /// Sets a card's Keywords (see [`XfGame::keywords_of`]).
    pub(crate) fn set_keywords(&mut self, v: &Val, ks: Vec<Keyword>) {
        match v {
            Val::Site(id) => {
                if let Some(s) = self.site_mut(*id) {
                    s.keywords = ks;
                }
            }
            Val::Stack(id) => {
                if let Some(p) = self.stack.iter_mut().find(|p| p.id == *id) {
                    p.keywords = ks;
                }
            }
            Val::Perm(id) => {
                if let Some(p) = self.perms.iter_mut().find(|p| p.id == *id) {
                    p.keywords = ks;
                }
            }
            _ => {}
        }
    }
}

/// `add-keyword <var> [keyword]`: the Site gains a Keyword; without one,
/// the controller chooses any (Sacrificing a Pawn).
pub fn parse_add_keyword(a: &mut Args) -> Result<Step, String> {
    let what = a.var()?;
    let to = if a.is_done() {
        None
    } else {
        Some(a.keywords()?[0])
    };
    Ok(Step::AddKeyword { what, to })
}

pub fn add_keyword(
    g: &mut XfGame,
    r: &mut Resolution,
    what: &str,
    to: Option<Keyword>,
    events: &mut Events,
) -> Flow {
    let Some(site) = site_of(g, r, what) else {
        return Flow::Next;
    };
    let to = match (to, super::cards::answered(r)) {
        (Some(k), _) | (None, Some(Val::Keyword(k))) => k,
        (None, _) => {
            let has = g.site(site).map(|s| s.keywords.clone()).unwrap_or_default();
            let options = Keyword::ALL
                .iter()
                .filter(|k| !has.contains(k))
                .map(|k| ChoiceOption {
                    label: k.to_string(),
                    val: Val::Keyword(*k),
                })
                .collect();
            let key = super::cards::ask_key(r);
            let prompt = "which Keyword does the Site gain?".to_string();
            g.offer(r.src.controller, prompt, options, 1, 1, &key, false, events);
            return Flow::Retry(Wait::Choice);
        }
    };
    if let Some(s) = g.site_mut(site)
        && !s.keywords.contains(&to)
    {
        s.keywords.push(to);
        let card = s.card;
        events.push(Event::public(XfEvent::KeywordChanged {
            card,
            from: to,
            to,
        }));
    }
    Flow::Next
}

/// `change-question <var> <category>`: the Site now asks this category.
pub fn parse_change_question(a: &mut Args) -> Result<Step, String> {
    let what = a.var()?;
    Ok(Step::ChangeQuestion {
        what,
        to: a.category()?,
    })
}

pub fn change_question(
    g: &mut XfGame,
    r: &Resolution,
    what: &str,
    to: Category,
    events: &mut Events,
) -> Flow {
    if let Some(id) = site_of(g, r, what)
        && let Some(s) = g.site_mut(id)
    {
        s.question = Some(vec![to]);
        let card = s.card;
        events.push(Event::public(XfEvent::QuestionChanged { card, to }));
    }
    Flow::Next
}

/// `move-bluff <var> <site-var>`: the cards under a Site (face down) go
/// under another Site (Stoner, Chick, and Dude).
pub fn parse_move_bluff(a: &mut Args) -> Result<Step, String> {
    Ok(Step::MoveBluff {
        what: a.var()?,
        to: a.var()?,
    })
}

pub fn move_bluff(
    g: &mut XfGame,
    r: &Resolution,
    what: &str,
    to: &str,
    events: &mut Events,
) -> Flow {
    let Some(Val::Site(dest)) = r.vars.get(to).cloned() else {
        return Flow::Next;
    };
    for v in last_first(r, what) {
        let Val::Bluff(site, i) = v else {
            continue;
        };
        if site == dest {
            continue;
        }
        let b = g
            .site_mut(site)
            .and_then(|s| (i < s.bluffs.len()).then(|| s.bluffs.remove(i)));
        if let Some(b) = b
            && let Some(s) = g.site_mut(dest)
        {
            let (card, owner) = (s.card, b.owner);
            s.bluffs.push(b);
            events.push(Event::public(XfEvent::BluffMoved { owner, to: card }));
        }
    }
    Flow::Next
}

/// `bluff-to-hand <var>`: each Bluff goes back, unrevealed, into its
/// owner's hand (Eve 7).
pub fn parse_bluff_to_hand(a: &mut Args) -> Result<Step, String> {
    Ok(Step::BluffToHand { what: a.var()? })
}

pub fn bluff_to_hand(g: &mut XfGame, r: &Resolution, what: &str, events: &mut Events) -> Flow {
    for v in last_first(r, what) {
        let Val::Bluff(site, i) = v else {
            continue;
        };
        let b = g
            .site_mut(site)
            .and_then(|s| (i < s.bluffs.len()).then(|| s.bluffs.remove(i)));
        if let Some(b) = b {
            g.player_mut(b.owner).hand.push(b.card);
            events.push(Event::public(XfEvent::ToHand {
                seat: b.owner,
                count: 1,
            }));
        }
    }
    Flow::Next
}

/// The Bluffs a variable names, highest position first, so taking one
/// leaves the others in their places.
fn last_first(r: &Resolution, what: &str) -> Vec<Val> {
    let mut vals = r.vars.items(what);
    vals.sort_by_key(|v| match v {
        Val::Bluff(_, i) => std::cmp::Reverse(*i),
        _ => std::cmp::Reverse(0),
    });
    vals
}

/// `discard-bluff <var>`: the card under a Site goes to its owner's Discard Pile.
pub fn parse_discard_bluff(a: &mut Args) -> Result<Step, String> {
    Ok(Step::DiscardBluff { what: a.var()? })
}

pub fn discard_bluff(g: &mut XfGame, r: &Resolution, what: &str, events: &mut Events) -> Flow {
    for v in last_first(r, what) {
        g.discard_val(&v, events);
    }
    Flow::Next
}

#[cfg(test)]
mod tests {
    use crate::cards::{Category, Keyword};
    use crate::engine::xfiles::effects::state::Val;
    use crate::engine::xfiles::effects::testing::*;

    #[test]
    fn change_keyword_turns_one_site_keyword_into_another_detective_kelly_ryan() {
        let mut g = table();
        let id = site_in_play(&mut g, 0, "XF96-0063v1");
        assert!(g.site(id).unwrap().keywords.contains(&Keyword::Behavioral));
        run_with(
            &mut g,
            1,
            "change-keyword s from=evidence-collection|behavioral|criminal-investigation to=motive",
            vec![("s", Val::Site(id))],
        );
        let k = &g.site(id).unwrap().keywords;
        assert!(k.contains(&Keyword::Motive) && !k.contains(&Keyword::Behavioral));
    }

    #[test]
    fn change_question_makes_the_site_ask_another_category_cultural_barrier() {
        let mut g = table();
        let id = site_in_play(&mut g, 0, "XF96-0063v1");
        run_with(
            &mut g,
            1,
            "change-question s affiliation",
            vec![("s", Val::Site(id))],
        );
        assert_eq!(g.site_categories(id), vec![Category::Affiliation]);
    }
}
