//! Site verbs: Keywords changed, added or held fixed (only the Keyword
//! changes, p. 17), the question a Site asks, and Bluffs discarded.

use super::Step;
use crate::cards::{Category, Keyword, db};
use crate::engine::Event;
use crate::engine::xfiles::effects::ast::{Instr, Modifier};
use crate::engine::xfiles::effects::lex::{self, Args};
use crate::engine::xfiles::effects::run::Flow;
use crate::engine::xfiles::effects::state::{ChoiceOption, Resolution, Val, Wait};
use crate::engine::xfiles::{Events, Pending, XfEvent, XfGame};

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
    if g.keywords_fixed(&holder) {
        return Flow::Next;
    }
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

    /// A card in play gains a Keyword for as long as it stays; with
    /// RESOURCE it is no longer discarded at the end of the turn (a Witness
    /// with RESOURCE remains on the table, Rules Assistant p. 8).
    pub(crate) fn add_perm_keyword(&mut self, v: &Val, k: Keyword, events: &mut Events) {
        let Some((card, mut ks)) = self.keywords_of(v) else {
            return;
        };
        if k == Keyword::Resource
            && let Val::Perm(id) = v
            && let Some(p) = self.perm_mut(*id)
        {
            p.this_turn = false;
        }
        if ks.contains(&k) {
            return;
        }
        ks.push(k);
        self.set_keywords(v, ks);
        events.push(Event::public(XfEvent::KeywordChanged {
            card,
            from: k,
            to: k,
        }));
    }

    /// Whether a card in play holds this card's Keywords fixed (`fix-keywords`).
    pub(crate) fn keywords_fixed(&self, v: &Val) -> bool {
        self.in_force_of(&|m| *m == Modifier::FixedKeywords)
            .iter()
            .filter_map(|f| f.src.perm.and_then(|id| self.perm(id)))
            .any(|p| p.data.get(super::FIXED) == Some(v))
    }

    /// Whether a card waiting on the stack would change or add a Keyword of
    /// the card `v` names: one aimed at it (its target), or at the Site being
    /// investigated when its script neither targets nor chooses the card.
    pub(crate) fn alters_keywords_of(&self, p: &Pending, v: &Val) -> bool {
        let Some(ab) = self
            .scripts_ref()
            .of(p.card)
            .and_then(|s| s.plays.get(usize::from(p.mode)))
        else {
            return false;
        };
        let chosen = |var: &str| {
            ab.program
                .iter()
                .any(|i| matches!(i, Instr::Do(Step::Choose(c)) if c.var == var))
        };
        let current = match v {
            Val::Site(id) => self.investigation.as_ref().is_some_and(|i| i.site == *id),
            _ => false,
        };
        ab.program.iter().any(|i| match i {
            Instr::Do(Step::ChangeKeyword { what, .. } | Step::AddKeyword { what, .. }) => {
                if what == "target" {
                    p.target.as_ref() == Some(v)
                } else {
                    !chosen(what.as_str()) && current
                }
            }
            _ => false,
        })
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

/// `add-keyword <var> [keyword]`: the Site (or card in play) gains a
/// Keyword; without one, the controller chooses any (Sacrificing a Pawn).
/// A Witness given RESOURCE stays in play (Safe House).
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
    if let Some(v @ Val::Perm(_)) = r.vars.get(what).cloned()
        && let Some(k) = to
    {
        g.add_perm_keyword(&v, k, events);
        return Flow::Next;
    }
    let Some(site) = site_of(g, r, what) else {
        return Flow::Next;
    };
    if g.keywords_fixed(&Val::Site(site)) {
        return Flow::Next;
    }
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

/// `fix-keywords <var>`: the Keywords of a Site or a card in play go back
/// to those printed (changes already made are undone) and, while the card
/// running this stays in play with `static fixed-keywords`, cannot be
/// altered (Sleep With the Fishes).
pub fn parse_fix_keywords(a: &mut Args) -> Result<Step, String> {
    Ok(Step::FixKeywords { what: a.var()? })
}

pub fn fix_keywords(g: &mut XfGame, r: &mut Resolution, what: &str, events: &mut Events) -> Flow {
    let Some(v @ (Val::Site(_) | Val::Perm(_))) = r.vars.get(what).cloned() else {
        return Flow::Next;
    };
    let Some((card, _)) = g.keywords_of(&v) else {
        return Flow::Next;
    };
    let printed = db().get(card).keywords.clone();
    // A card in play keeps no list of its own while its Keywords are as printed.
    let restored = match v {
        Val::Site(_) => printed.clone(),
        _ => Vec::new(),
    };
    g.set_keywords(&v, restored);
    events.push(Event::public(XfEvent::KeywordsFixed {
        card,
        keywords: printed,
    }));
    super::keep_value(g, r, super::FIXED, v);
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
    use crate::cards::{Category, Keyword, Section};
    use crate::engine::Seat;
    use crate::engine::xfiles::effects::state::{AbilityRef, Source, Val, Vars};
    use crate::engine::xfiles::effects::testing::*;
    use crate::engine::xfiles::{Place, XfGame};

    /// The host card's script (with `static fixed-keywords`): mode 0 fixes
    /// `s`, mode 1 adds a Keyword to it; runs one mode with `s` bound.
    fn run_fixing(g: &mut XfGame, seat: Seat, mode: u8, perm: Option<u32>, site: u32) {
        let host = id(HOST);
        let text = crate::engine::xfiles::effects::db::printed_text(host).expect("text");
        let script = format!(
            "card {}\ntext {text}\nstatus reviewed\nstatic fixed-keywords\nplay\n  fix-keywords s\nplay\n  add-keyword s occult-investigation\n",
            crate::cards::db().get(host).title
        );
        let db = crate::engine::xfiles::effects::db::scripts().with(&script);
        g.set_scripts(db.unwrap_or_else(|e| panic!("{e}")));
        let mut vars = Vars::default();
        vars.set("s", Val::Site(site));
        let src = Source {
            perm,
            ..Source::new(host, AbilityRef::Play(mode), seat)
        };
        g.start_effect(src, vars, None);
        g.settle(&mut Vec::new());
    }

    #[test]
    fn fix_keywords_undoes_a_change_and_holds_the_keywords_sleep_with_the_fishes() {
        let mut g = table();
        let site = site_in_play(&mut g, 0, "XF96-0063v1");
        let printed = g.site(site).unwrap().keywords.clone();
        run_fixing(&mut g, 1, 1, None, site);
        assert!(
            g.site(site)
                .unwrap()
                .keywords
                .contains(&Keyword::OccultInvestigation)
        );
        let p = g.put_in_play(1, id(HOST), Place::Section(1, Section::Field));
        run_fixing(&mut g, 1, 0, Some(p), site);
        assert_eq!(g.site(site).unwrap().keywords, printed);
        assert!(g.keywords_fixed(&Val::Site(site)));
        run_fixing(&mut g, 1, 1, None, site);
        assert_eq!(g.site(site).unwrap().keywords, printed);
        g.leave_play(p, &mut Vec::new());
        run_fixing(&mut g, 1, 1, None, site);
        assert!(
            g.site(site)
                .unwrap()
                .keywords
                .contains(&Keyword::OccultInvestigation)
        );
    }

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
