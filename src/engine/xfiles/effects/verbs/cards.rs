//! Card verbs: drawing, discarding (at random, a whole hand, what a filter
//! finds), milling the deck, searching the deck or the Discard Pile,
//! looking at and revealing cards, shuffling, returning cards to a hand or
//! the top of a deck.

use super::{Step, Target, Zone as To};
use crate::cards::{CardIdx, db};
use crate::engine::xfiles::effects::ast::{Kind, Num, Qual, Selector, Who};
use crate::engine::xfiles::effects::lex::Args;
use crate::engine::xfiles::effects::run::Flow;
use crate::engine::xfiles::effects::state::{ChoiceOption, Resolution, Val, Wait, Zone};
use crate::engine::xfiles::{Events, XfEvent, XfGame};
use crate::engine::{Event, Seat};

/// Titles of cards, joined for a message.
pub(crate) fn card_names(cards: &[CardIdx]) -> String {
    cards
        .iter()
        .map(|c| db().get(*c).title.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The answer to the question this step asked, if it was answered.
pub(crate) fn answered(r: &mut Resolution) -> Option<Val> {
    let key = format!("@{}", r.pc);
    let v = r.vars.get(&key).cloned();
    if v.is_some() {
        r.vars.unset(&key);
    }
    v
}

pub(crate) fn ask_key(r: &Resolution) -> String {
    format!("@{}", r.pc)
}

/// Held cards a value names.
pub(crate) fn held(v: &Val) -> Vec<(Seat, Zone, CardIdx)> {
    match v {
        Val::Held(s, z, c) => vec![(*s, *z, *c)],
        Val::List(l) => l.iter().flat_map(held).collect(),
        _ => Vec::new(),
    }
}

impl XfGame {
    /// The card is in that pile of the player's.
    pub(crate) fn has_held(&self, seat: Seat, zone: Zone, card: CardIdx) -> bool {
        let p = self.player(seat);
        let pile = match zone {
            Zone::Hand => &p.hand,
            Zone::Discard => &p.discard,
            Zone::Deck => &p.deck,
            Zone::Removed => &p.removed,
        };
        pile.contains(&card)
    }

    /// Takes one copy of a held card out of its zone; false if it is gone.
    pub(crate) fn take_held(&mut self, seat: Seat, zone: Zone, card: CardIdx) -> bool {
        let p = self.player_mut(seat);
        let pile = match zone {
            Zone::Hand => &mut p.hand,
            Zone::Discard => &mut p.discard,
            Zone::Deck => &mut p.deck,
            Zone::Removed => &mut p.removed,
        };
        match pile.iter().position(|c| *c == card) {
            Some(i) => {
                pile.remove(i);
                true
            }
            None => false,
        }
    }

    /// What a step's target names now.
    pub(crate) fn targets(&self, r: &Resolution, t: &Target) -> Vec<Val> {
        match t {
            Target::Var(v) => match r.vars.get(v) {
                Some(Val::List(l)) => l.clone(),
                Some(Val::Agents(a)) => a.iter().map(|x| Val::Agent(*x)).collect(),
                Some(Val::Cards(_)) | None => Vec::new(),
                Some(x) => vec![x.clone()],
            },
            Target::All(sel) => self.select(&r.src, &r.vars, sel),
        }
    }

    /// Each value as a choice option with its label.
    /// Two players' Agents of one title are told apart by their owner
    /// ("Agent Fox Mulder (seat 1)", shown with the player's name).
    pub(crate) fn options_for(&self, vals: &[Val]) -> Vec<ChoiceOption> {
        let labels: Vec<String> = vals.iter().map(|v| self.label(v)).collect();
        vals.iter()
            .zip(&labels)
            .map(|(v, label)| ChoiceOption {
                label: match v {
                    Val::Agent(a) if labels.iter().filter(|l| *l == label).count() > 1 => {
                        format!("{label} (seat {})", a.seat + 1)
                    }
                    _ => label.clone(),
                },
                val: v.clone(),
            })
            .collect()
    }

    pub(crate) fn label(&self, v: &Val) -> String {
        match v {
            Val::Held(_, _, c) | Val::Card(c) => db().get(*c).title.clone(),
            Val::Agent(a) => db().get(a.card).title.clone(),
            Val::Agents(v) => card_names(&v.iter().map(|a| a.card).collect::<Vec<_>>()),
            Val::Stack(id) => self
                .stack
                .iter()
                .find(|p| p.id == *id)
                .map_or("a card".into(), |p| db().get(p.card).title.clone()),
            Val::Perm(id) => self
                .perm(*id)
                .map_or("a card".into(), |p| db().get(p.card).title.clone()),
            Val::Site(id) => self
                .site(*id)
                .map_or("a Site".into(), |s| db().get(s.card).title.clone()),
            Val::Bluff(id, i) => format!(
                "card {} under Site {}",
                i + 1,
                self.site_index(*id).map_or(0, |x| x + 1)
            ),
            Val::Foe(i) => self
                .combat()
                .and_then(|c| c.foes.get(*i))
                .map_or("the Adversary".into(), |f| db().get(f.card).title.clone()),
            Val::Seat(s) => format!("seat {}", s + 1),
            Val::Num(n) => n.to_string(),
            Val::Trait(t) => t.to_string(),
            Val::Keyword(k) => k.to_string(),
            Val::Skill(s) => s.to_string(),
            Val::Bool(b) => if *b { "yes" } else { "no" }.into(),
            Val::Cards(c) => card_names(c),
            Val::List(l) => l
                .iter()
                .map(|v| self.label(v))
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    /// Discards what a value names: held cards, cards in play, Bluffs.
    pub(crate) fn discard_val(&mut self, v: &Val, events: &mut Events) {
        match v {
            Val::Held(seat, zone, card) if self.take_held(*seat, *zone, *card) => {
                self.discard_home(*seat, &[*card]);
                events.push(Event::public(XfEvent::Discarded {
                    seat: *seat,
                    cards: vec![*card],
                }));
            }
            Val::Perm(id) => self.leave_play(*id, events),
            Val::Bluff(site, i) => {
                let bluff = self
                    .site_mut(*site)
                    .and_then(|s| (*i < s.bluffs.len()).then(|| s.bluffs.remove(*i)));
                if let Some(b) = bluff {
                    self.player_mut(b.owner).discard.push(b.card);
                    events.push(Event::public(XfEvent::BluffDiscarded {
                        owner: b.owner,
                        card: b.card,
                    }));
                }
            }
            Val::Stack(_) => self.negate_val(v, None, events),
            _ => {}
        }
    }
}

/// `draw <n> [who]`.
pub fn parse_draw(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Draw {
        n: a.num()?,
        who: a.who_or_me()?,
    })
}

pub fn draw(g: &mut XfGame, r: &Resolution, n: &Num, who: Who, events: &mut Events) -> Flow {
    let Some(seat) = g.who(r, who) else {
        return Flow::Next;
    };
    if g.blocked(seat, false) {
        return Flow::Next;
    }
    let n = g.num(r, n).max(0) as usize;
    let drawn = g.draw(seat, n, events);
    events.push(Event::public(XfEvent::Drew {
        seat,
        count: drawn.len(),
    }));
    events.push(Event::private(seat, XfEvent::DrewCards { cards: drawn }));
    Flow::Next
}

/// `discard-random <n> [who]`: cards from the hand, chosen at random.
pub fn parse_discard_random(a: &mut Args) -> Result<Step, String> {
    Ok(Step::DiscardRandom {
        n: a.num()?,
        who: a.who_or_me()?,
    })
}

pub fn discard_random(
    g: &mut XfGame,
    r: &Resolution,
    n: &Num,
    who: Who,
    events: &mut Events,
) -> Flow {
    let Some(seat) = g.who(r, who) else {
        return Flow::Next;
    };
    let n = g.num(r, n).max(0) as usize;
    let mut gone = Vec::new();
    for _ in 0..n {
        let len = g.player(seat).hand.len();
        if len == 0 {
            break;
        }
        let i = g.rng.below(len);
        gone.push(g.player_mut(seat).hand.remove(i));
    }
    g.discard_home(seat, &gone);
    events.push(Event::public(XfEvent::Discarded { seat, cards: gone }));
    Flow::Next
}

/// `discard-hand <who> [keep-at=N]`: the whole hand is discarded; with
/// `keep-at`, its player first keeps any cards at N RP each (Jeopardizing
/// The X-Files).
pub fn parse_discard_hand(a: &mut Args) -> Result<Step, String> {
    let who = a.who_or_me()?;
    let keep_at = match a.keyed("keep-at") {
        Some(n) => Some(
            n.parse()
                .ok()
                .filter(|n| *n > 0)
                .ok_or_else(|| format!("keep-at={n} is not a cost"))?,
        ),
        None => None,
    };
    Ok(Step::DiscardHand { who, keep_at })
}

pub fn discard_hand(
    g: &mut XfGame,
    r: &mut Resolution,
    who: Who,
    keep_at: Option<u8>,
    events: &mut Events,
) -> Flow {
    let Some(seat) = g.who(r, who) else {
        return Flow::Next;
    };
    if let Some(each) = keep_at.map(u32::from) {
        let Some(answer) = answered(r) else {
            let afford = g.player(seat).rp / each;
            let hand: Vec<Val> = g
                .player(seat)
                .hand
                .iter()
                .map(|c| Val::Held(seat, Zone::Hand, *c))
                .collect();
            if afford > 0 && !hand.is_empty() {
                let options = g.options_for(&hand);
                let most = afford.min(hand.len() as u32).min(255) as u8;
                let key = ask_key(r);
                g.offer(
                    seat,
                    format!("keep cards at {each} RP each (up to {most}); the rest are discarded"),
                    options,
                    0,
                    most,
                    &key,
                    true,
                    events,
                );
                return Flow::Retry(Wait::Choice);
            }
            return discard_hand(g, r, who, None, events);
        };
        let kept: Vec<CardIdx> = held(&answer).iter().map(|h| h.2).collect();
        let paid = (each * kept.len() as u32).min(g.player(seat).rp);
        let p = g.player_mut(seat);
        p.rp -= paid;
        if paid > 0 {
            events.push(Event::public(XfEvent::PoolLost {
                seat,
                pool: crate::cards::Pool::Rp,
                amount: paid,
            }));
        }
        let p = g.player_mut(seat);
        let mut hand = std::mem::take(&mut p.hand);
        for c in &kept {
            if let Some(i) = hand.iter().position(|x| x == c) {
                hand.remove(i);
            }
        }
        g.player_mut(seat).hand = kept;
        g.discard_home(seat, &hand);
        events.push(Event::public(XfEvent::Discarded { seat, cards: hand }));
        return Flow::Next;
    }
    let gone = std::mem::take(&mut g.player_mut(seat).hand);
    g.discard_home(seat, &gone);
    events.push(Event::public(XfEvent::Discarded { seat, cards: gone }));
    Flow::Next
}

/// `discard <var|selector>`: cards from a hand or pile, cards in play, Bluffs.
pub fn parse_discard(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Discard {
        what: super::target(a)?,
    })
}

pub fn discard(g: &mut XfGame, r: &Resolution, what: &Target, events: &mut Events) -> Flow {
    let vals = g.targets(r, what);
    // Bluffs under one Site: the highest position first so positions hold.
    let mut vals = vals;
    vals.sort_by_key(|v| {
        std::cmp::Reverse(matches!(v, Val::Bluff(..)).then(|| match v {
            Val::Bluff(_, i) => *i,
            _ => 0,
        }))
    });
    for v in vals {
        g.discard_val(&v, events);
    }
    Flow::Next
}

/// `mill <n> [who]`: the top cards of a deck go to its Discard Pile.
pub fn parse_mill(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Mill {
        n: a.num()?,
        who: a.who_or_me()?,
    })
}

pub fn mill(g: &mut XfGame, r: &Resolution, n: &Num, who: Who, events: &mut Events) -> Flow {
    let Some(seat) = g.who(r, who) else {
        return Flow::Next;
    };
    let n = g.num(r, n).max(0) as usize;
    let cards = g.mill_cards(seat, n, |_| false, events);
    events.push(Event::public(XfEvent::Milled { seat, cards }));
    Flow::Next
}

impl XfGame {
    /// Turns up to `n` cards from the top of a deck onto the discard pile,
    /// one at a time (an abducted Agent reaching the top returns rather than
    /// being discarded), stopping after a card that `stop` accepts.
    pub(crate) fn mill_cards(
        &mut self,
        seat: crate::engine::Seat,
        n: usize,
        stop: impl Fn(CardIdx) -> bool,
        events: &mut Events,
    ) -> Vec<CardIdx> {
        let mut out = Vec::new();
        self.surface(seat, events);
        while out.len() < n && !self.player(seat).deck.is_empty() {
            let c = self.player_mut(seat).deck.remove(0);
            self.player_mut(seat).discard.push(c);
            out.push(c);
            self.surface(seat, events);
            if stop(c) {
                break;
            }
        }
        out
    }
}

/// `mill-until <who> <max> <var> <filter...>`: cards are turned from the
/// top of the deck onto the discard pile until one matches (bound to the
/// variable) or `max` are turned (Leonard).
pub fn parse_mill_until(a: &mut Args) -> Result<Step, String> {
    let who = a.who_or_me()?;
    let max = match a.num()? {
        Num::Lit(n) if n > 0 => n as u8,
        _ => return Err("mill-until takes a number of cards".into()),
    };
    let var = a.var()?;
    let sel = a.selector()?;
    if sel.kind != Kind::Deck {
        return Err("mill-until names the card it looks for as deck(...)".into());
    }
    Ok(Step::MillUntil {
        who,
        max,
        var,
        quals: sel.quals,
    })
}

pub fn mill_until(
    g: &mut XfGame,
    r: &mut Resolution,
    who: Who,
    max: u8,
    var: &str,
    quals: &[Qual],
    events: &mut Events,
) -> Flow {
    let Some(seat) = g.who(r, who) else {
        return Flow::Next;
    };
    let fits = |g: &XfGame, c: CardIdx| {
        quals
            .iter()
            .all(|q| matches!(q, Qual::Mine | Qual::Theirs) || g.card_ok(c, q))
    };
    let mut cards = Vec::new();
    r.vars.unset(var);
    while cards.len() < usize::from(max) {
        let Some(c) = g.mill_cards(seat, 1, |_| false, events).pop() else {
            break;
        };
        cards.push(c);
        if fits(g, c) {
            r.vars.set(var, Val::Held(seat, Zone::Discard, c));
            break;
        }
    }
    events.push(Event::public(XfEvent::Milled { seat, cards }));
    Flow::Next
}

fn zone_of(a: &mut Args) -> Result<To, String> {
    Ok(match a.keyed("to").as_deref() {
        None | Some("hand") => To::Hand,
        Some("under-self") => To::UnderSelf,
        Some("team") => To::Team,
        Some(o) => return Err(format!("to={o}: hand, under-self or team")),
    })
}

/// `search deck(mine type=witness) [count=N] [to=hand|under-self|team]`:
/// the controller looks through the deck for up to N matching cards, shows
/// them, puts them where said and shuffles the deck.
pub fn parse_search(a: &mut Args) -> Result<Step, String> {
    let sel = a.selector()?;
    if sel.kind != Kind::Deck {
        return Err("search looks through a deck(...)".into());
    }
    let count = match a.keyed("count") {
        Some(n) => n
            .parse()
            .map_err(|_| format!("count={n} is not a number"))?,
        None => 1,
    };
    Ok(Step::Search {
        sel,
        count,
        to: zone_of(a)?,
    })
}

pub fn search(
    g: &mut XfGame,
    r: &mut Resolution,
    sel: &Selector,
    count: u8,
    to: To,
    events: &mut Events,
) -> Flow {
    let me = r.src.controller;
    let Some(answer) = answered(r) else {
        let found = g.select(&r.src, &r.vars, sel);
        if found.is_empty() {
            events.push(Event::public(XfEvent::Shown {
                seat: me,
                cards: Vec::new(),
            }));
            g.shuffle_deck(me, events);
            return Flow::Next;
        }
        let options = g.options_for(&found);
        let key = ask_key(r);
        g.offer(
            me,
            "choose the card(s) you take from your deck".into(),
            options,
            0,
            count,
            &key,
            true,
            events,
        );
        return Flow::Retry(Wait::Choice);
    };
    let picked = held(&answer);
    let cards: Vec<CardIdx> = picked.iter().map(|h| h.2).collect();
    for (seat, zone, card) in &picked {
        g.take_held(*seat, *zone, *card);
    }
    events.push(Event::public(XfEvent::Shown {
        seat: me,
        cards: cards.clone(),
    }));
    if matches!(to, To::Hand) {
        g.searched_into_hand(r, &cards);
    }
    g.put_found(r, &cards, to, events);
    g.shuffle_deck(me, events);
    Flow::Next
}

impl XfGame {
    /// A card being played took these cards from its player's deck into
    /// his hand: a fact A False Leads answers.
    fn searched_into_hand(&mut self, r: &Resolution, cards: &[CardIdx]) {
        if r.played.is_some() && !cards.is_empty() {
            self.facts.push(crate::engine::xfiles::Fact::Searched {
                seat: r.src.controller,
                cards: cards.to_vec(),
            });
        }
    }
}

impl XfGame {
    fn put_found(&mut self, r: &Resolution, cards: &[CardIdx], to: To, events: &mut Events) {
        let me = r.src.controller;
        match to {
            To::Hand => {
                self.player_mut(me).hand.extend(cards);
                events.push(Event::public(XfEvent::ToHand {
                    seat: me,
                    count: cards.len(),
                }));
            }
            To::UnderSelf => {
                if let Some(p) = r.src.perm.and_then(|id| self.perm_mut(id)) {
                    p.under.extend(cards);
                } else {
                    self.player_mut(me).hand.extend(cards);
                }
            }
            To::Team => {
                for c in cards {
                    self.join_team(me, *c, events);
                }
            }
        }
    }

    pub(crate) fn shuffle_deck(&mut self, seat: Seat, events: &mut Events) {
        let mut deck = std::mem::take(&mut self.player_mut(seat).deck);
        self.rng.shuffle(&mut deck);
        self.player_mut(seat).deck = deck;
        events.push(Event::public(XfEvent::Shuffled { seat }));
    }
}

/// `recover discard(mine type=witness) [to=hand]`: one card of the
/// controller's choice from a Discard Pile to the hand.
pub fn parse_recover(a: &mut Args) -> Result<Step, String> {
    let sel = a.selector()?;
    if sel.kind != Kind::Discard {
        return Err("recover takes from a discard(...)".into());
    }
    Ok(Step::Recover {
        sel,
        to: zone_of(a)?,
    })
}

pub fn recover(
    g: &mut XfGame,
    r: &mut Resolution,
    sel: &Selector,
    to: To,
    events: &mut Events,
) -> Flow {
    let me = r.src.controller;
    let Some(answer) = answered(r) else {
        let found = g.select(&r.src, &r.vars, sel);
        if found.is_empty() {
            return Flow::Next;
        }
        let options = g.options_for(&found);
        let key = ask_key(r);
        g.offer(
            me,
            "choose a card from the Discard Pile".into(),
            options,
            1,
            1,
            &key,
            false,
            events,
        );
        return Flow::Retry(Wait::Choice);
    };
    let picked = held(&answer);
    for (seat, zone, card) in &picked {
        g.take_held(*seat, *zone, *card);
    }
    let cards: Vec<CardIdx> = picked.iter().map(|h| h.2).collect();
    events.push(Event::public(XfEvent::Shown {
        seat: me,
        cards: cards.clone(),
    }));
    if let Some(c) = cards.first() {
        r.vars.set("recovered", Val::Card(*c));
    }
    g.put_found(r, &cards, to, events);
    Flow::Next
}

/// `look-hand <who>`: the controller sees that player's hand (no one else does).
pub fn parse_look_hand(a: &mut Args) -> Result<Step, String> {
    Ok(Step::LookHand {
        who: a.who_or_me()?,
    })
}

pub fn look_hand(g: &mut XfGame, r: &Resolution, who: Who, events: &mut Events) -> Flow {
    let Some(of) = g.who(r, who) else {
        return Flow::Next;
    };
    events.push(Event::public(XfEvent::Looked {
        seat: r.src.controller,
        of,
        count: g.player(of).hand.len(),
    }));
    events.push(Event::private(
        r.src.controller,
        XfEvent::SeenPrivately {
            of,
            cards: g.player(of).hand.clone(),
        },
    ));
    Flow::Next
}

/// `provide <keyword|any> [half]`: the controller's next Adversary with the
/// Keyword this turn needs no Site or Keyword Activators (its Cost halved
/// when said) (Deforestation, Manipulating the Circumstances).
pub fn parse_provide(a: &mut Args) -> Result<Step, String> {
    let w = a.word()?;
    let keywords = if w == "any" {
        Vec::new()
    } else {
        crate::engine::xfiles::effects::lex::keywords(&w)?
    };
    Ok(Step::Provide {
        keywords,
        half: a.eat("half"),
    })
}

pub fn provide(
    g: &mut XfGame,
    r: &Resolution,
    keywords: &[crate::cards::Keyword],
    half: bool,
    _: &mut Events,
) -> Flow {
    g.lasting.push(crate::engine::xfiles::Lasting {
        modifier: crate::engine::xfiles::effects::ast::Modifier::ProvidesActivators {
            keywords: keywords.to_vec(),
            half,
        },
        card: r.src.card,
        controller: r.src.controller,
        until: crate::engine::xfiles::effects::ast::Duration::Turn,
        scope: None,
        turn: g.turn,
    });
    Flow::Next
}

/// `may-play <var> [free|half] [less=N] [this-turn] [now]`: the card goes to
/// its player's hand and may be played now for nothing (or half, or N
/// less): until that player's next card (Jeraldine Kallenchuk, A Call for
/// Help). `now`: played at once or not at all (Violence).
pub fn parse_may_play(a: &mut Args) -> Result<Step, String> {
    let what = a.var()?;
    let free = !a.eat("half");
    let _ = a.eat("free");
    let less = match a.keyed("less") {
        Some(n) => n
            .parse()
            .map_err(|_| format!("may-play less={n}: not a number"))?,
        None => 0,
    };
    // `this-turn`: the offer lasts the turn, and the card, unplayed, is
    // discarded when the turn ends (Blue Plate Special).
    let turn = a.eat("this-turn");
    // `now`: its player's next card played must be it; a pass sends it back
    // to the Discard Pile (Violence: "play it immediately").
    let now = a.eat("now");
    Ok(Step::MayPlay {
        what,
        free,
        less,
        turn,
        now,
    })
}

pub fn may_play(
    g: &mut XfGame,
    r: &Resolution,
    what: &str,
    (free, less, turn, now): (bool, u8, bool, bool),
    events: &mut Events,
) -> Flow {
    let me = r.src.controller;
    for v in g.targets(r, &Target::Var(what.to_string())) {
        for (seat, zone, card) in held(&v) {
            if zone != Zone::Hand && g.take_held(seat, zone, card) {
                if zone == Zone::Deck && seat == me {
                    g.searched_into_hand(r, &[card]);
                }
                g.player_mut(me).hand.push(card);
                if seat != me || turn {
                    // Another player's card, borrowed for this turn (Hidden
                    // Grave), or one's own lent for the turn.
                    g.stolen.push((me, card, seat));
                }
                events.push(Event::public(XfEvent::ToHand { seat: me, count: 1 }));
            }
            g.lasting.push(crate::engine::xfiles::Lasting {
                modifier: crate::engine::xfiles::effects::ast::Modifier::FreePlay {
                    card,
                    half: !free,
                    less,
                    now,
                },
                card: r.src.card,
                controller: me,
                until: if turn {
                    crate::engine::xfiles::effects::ast::Duration::Turn
                } else {
                    crate::engine::xfiles::effects::ast::Duration::NextPlay
                },
                scope: None,
                turn: g.turn,
            });
        }
    }
    Flow::Next
}

/// `look <var|selector>`: the controller alone sees the cards (Michael
/// Kryder: the Adversaries in a hand).
pub fn parse_look(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Look {
        what: super::target(a)?,
    })
}

pub fn look(g: &mut XfGame, r: &Resolution, what: &Target, events: &mut Events) -> Flow {
    let vals = g.targets(r, what);
    let found = vals.iter().flat_map(held).collect::<Vec<_>>();
    let of = found
        .first()
        .map(|h| h.0)
        .or_else(|| g.opponent_of(&r.src))
        .unwrap_or(r.src.controller);
    events.push(Event::public(XfEvent::Looked {
        seat: r.src.controller,
        of,
        count: found.len(),
    }));
    events.push(Event::private(
        r.src.controller,
        XfEvent::SeenPrivately {
            of,
            cards: found.iter().map(|h| h.2).collect(),
        },
    ));
    Flow::Next
}

/// `reveal <var|selector>`: shows cards to everyone.
pub fn parse_reveal(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Reveal {
        what: super::target(a)?,
    })
}

pub fn reveal(g: &mut XfGame, r: &Resolution, what: &Target, events: &mut Events) -> Flow {
    let vals = g.targets(r, what);
    // A face-down Bluff turned up stays known to everyone (The Plain-Clothes Man).
    for v in &vals {
        if let Val::Bluff(site, i) = v
            && let Some(b) = g.site_mut(*site).and_then(|s| s.bluffs.get_mut(*i))
        {
            b.shown = true;
            let (owner, card) = (b.owner, b.card);
            events.push(Event::public(XfEvent::Shown {
                seat: owner,
                cards: vec![card],
            }));
        }
    }
    let mut cards: Vec<CardIdx> = vals.iter().flat_map(held).map(|h| h.2).collect();
    // An Agent named in secret is shown by the one who named it (The List).
    cards.extend(vals.iter().flat_map(Val::agents).map(|a| a.card));
    let seat = vals
        .iter()
        .flat_map(held)
        .map(|h| h.0)
        .next()
        .unwrap_or(r.src.controller);
    events.push(Event::public(XfEvent::Shown { seat, cards }));
    Flow::Next
}

/// `shuffle [who]`: shuffles the cards left in the deck (FAQ97 #28).
pub fn parse_shuffle(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Shuffle {
        who: a.who_or_me()?,
    })
}

pub fn shuffle(g: &mut XfGame, r: &Resolution, who: Who, events: &mut Events) -> Flow {
    if let Some(seat) = g.who(r, who) {
        g.shuffle_deck(seat, events);
    }
    Flow::Next
}

/// `to-hand <var>`: a held card, a card in play or on the stack, or a Site
/// goes back to its owner's hand.
pub fn parse_to_hand(a: &mut Args) -> Result<Step, String> {
    Ok(Step::ToHand {
        what: super::target(a)?,
    })
}

pub fn to_hand(g: &mut XfGame, r: &Resolution, what: &Target, events: &mut Events) -> Flow {
    for v in g.targets(r, what) {
        let back = match &v {
            Val::Held(seat, zone, card) => {
                g.take_held(*seat, *zone, *card).then_some((*seat, *card))
            }
            Val::Site(id) => g.take_site(*id, events),
            // Not an attacking Agent's card; those played with it are discarded.
            Val::Stack(_) => g.take_card(&v, events),
            Val::Perm(id) => g.take_perm(*id, events),
            _ => None,
        };
        if let Some((seat, card)) = back {
            g.player_mut(seat).hand.push(card);
            events.push(Event::public(XfEvent::Shown {
                seat,
                cards: vec![card],
            }));
            events.push(Event::public(XfEvent::ToHand { seat, count: 1 }));
        }
    }
    Flow::Next
}

/// `to-under <target> [face-down]`: held cards (from a hand, a deck or a
/// Discard Pile, another player's too) go under this card and stay with it,
/// shown to all unless `face-down`; another player's go back to his
/// Discard Pile when it leaves play (Suspect Description, Surfing The Net).
pub fn parse_to_under(a: &mut Args) -> Result<Step, String> {
    Ok(Step::ToUnder {
        what: super::target(a)?,
        face_down: a.eat("face-down"),
    })
}

pub fn to_under(
    g: &mut XfGame,
    r: &mut Resolution,
    what: &Target,
    face_down: bool,
    events: &mut Events,
) -> Flow {
    let mut moved = Vec::new();
    for v in g.targets(r, what) {
        if let Val::Held(seat, zone, card) = v
            && g.take_held(seat, zone, card)
        {
            if seat != r.src.controller {
                super::keep_value(g, r, super::UNDER_OWNER, Val::Seat(seat));
            }
            moved.push(card);
        }
    }
    if moved.is_empty() {
        return Flow::Next;
    }
    if !face_down {
        events.push(Event::public(XfEvent::Shown {
            seat: r.src.controller,
            cards: moved.clone(),
        }));
    }
    let in_play = r.played.is_none();
    match r.src.perm.and_then(|id| g.perm_mut(id)) {
        Some(p) if in_play => p.under.extend(&moved),
        _ => {
            let key = format!("{}{}", super::KEPT, super::UNDER);
            let mut all = match r.vars.get(&key) {
                Some(Val::Cards(c)) => c.clone(),
                _ => Vec::new(),
            };
            all.extend(moved);
            r.vars.set(&key, Val::Cards(all));
        }
    }
    Flow::Next
}

/// `under-to-hand`: the cards under this card go to its controller's hand.
pub fn parse_under_to_hand(_: &mut Args) -> Result<Step, String> {
    Ok(Step::UnderToHand)
}

pub fn under_to_hand(g: &mut XfGame, r: &Resolution, events: &mut Events) -> Flow {
    let me = r.src.controller;
    let Some(p) = r.src.perm.and_then(|id| g.perm_mut(id)) else {
        return Flow::Next;
    };
    let cards = std::mem::take(&mut p.under);
    if !cards.is_empty() {
        let count = cards.len();
        g.player_mut(me).hand.extend(&cards);
        events.push(Event::public(XfEvent::Shown { seat: me, cards }));
        events.push(Event::public(XfEvent::ToHand { seat: me, count }));
    }
    Flow::Next
}

/// `join <var>`: an Agent card from a hand, deck or pile joins its owner's
/// Team in the Bureau for good, if it still may (Assigned To The X-Files);
/// the variable then names the Agent in play (Additional Resources).
pub fn parse_join(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Join {
        what: super::target(a)?,
    })
}

pub fn join(g: &mut XfGame, r: &mut Resolution, what: &Target, events: &mut Events) -> Flow {
    let mut joined = Vec::new();
    for v in g.targets(r, what) {
        if let Val::Held(seat, zone, card) = v
            && g.may_join(seat, card)
            && g.take_held(seat, zone, card)
        {
            g.join_team(seat, card, events);
            joined.push(crate::engine::xfiles::AgentRef { seat, card });
        }
    }
    if let Target::Var(name) = what
        && !joined.is_empty()
    {
        let v = if joined.len() == 1 {
            Val::Agent(joined[0])
        } else {
            Val::Agents(joined)
        };
        r.vars.set(name, v);
    }
    Flow::Next
}

/// `put-on-top <var> [secret]`: cards go on top of their owner's deck, the
/// first chosen on top (Final Repose); `secret`: shown to the controller
/// alone (Surfing The Net puts back cards only its player saw).
pub fn parse_put_on_top(a: &mut Args) -> Result<Step, String> {
    let what = super::target(a)?;
    Ok(Step::PutOnTop {
        what,
        secret: a.eat("secret"),
    })
}

pub fn put_on_top(
    g: &mut XfGame,
    r: &Resolution,
    what: &Target,
    secret: bool,
    events: &mut Events,
) -> Flow {
    let vals = g.targets(r, what);
    for (seat, zone, card) in vals.iter().flat_map(held).rev() {
        if g.take_held(seat, zone, card) {
            g.player_mut(seat).deck.insert(0, card);
            let shown = XfEvent::Shown {
                seat,
                cards: vec![card],
            };
            events.push(if secret {
                Event::private(r.src.controller, shown)
            } else {
                Event::public(shown)
            });
        }
    }
    Flow::Next
}

/// `steal <var>`: a card from an opponent's hand goes to the controller's
/// hand for this turn; played or not, it ends in its owner's Discard Pile
/// (Agent Lamana).
pub fn parse_steal(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Steal { what: a.var()? })
}

pub fn steal(g: &mut XfGame, r: &Resolution, what: &str, events: &mut Events) -> Flow {
    let me = r.src.controller;
    for (seat, zone, card) in r.vars.get(what).map(held).unwrap_or_default() {
        if seat != me && zone == Zone::Hand && g.take_held(seat, zone, card) {
            g.player_mut(me).hand.push(card);
            g.stolen.push((me, card, seat));
            events.push(Event::public(XfEvent::Shown {
                seat,
                cards: vec![card],
            }));
            events.push(Event::public(XfEvent::ToHand { seat: me, count: 1 }));
        }
    }
    Flow::Next
}

/// `exile <var|selector>`: held cards are removed from the game (Clyde Bruckman).
pub fn parse_exile(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Exile {
        what: super::target(a)?,
    })
}

pub fn exile(g: &mut XfGame, r: &mut Resolution, what: &Target, events: &mut Events) -> Flow {
    for v in g.targets(r, what) {
        // A card in play (Work A Deal: the Taped Intelligence attached).
        if let Val::Perm(id) = v {
            let owner = g.perm(id).map(|p| p.owner);
            if owner.is_some_and(|o| super::stood_in(g, r, o, events)) {
                continue;
            }
            if let Some((owner, card)) = g.take_perm(id, events) {
                g.player_mut(owner).removed.push(card);
            }
            continue;
        }
        for (seat, zone, card) in held(&v) {
            // A card of the player's a stand-in replaces stays where it is.
            if g.has_held(seat, zone, card) && super::stood_in(g, r, seat, events) {
                continue;
            }
            if g.take_held(seat, zone, card) {
                g.player_mut(seat).removed.push(card);
                events.push(Event::public(XfEvent::Shown {
                    seat,
                    cards: vec![card],
                }));
            }
        }
    }
    Flow::Next
}

#[cfg(test)]
mod tests {
    use crate::cards::CardType;
    use crate::engine::Audience;
    use crate::engine::xfiles::XfEvent;
    use crate::engine::xfiles::effects::testing::*;

    #[test]
    fn to_under_keeps_an_opponents_card_under_this_one_surfing_the_net() {
        use crate::cards::Section;
        use crate::engine::xfiles::Place;
        use crate::engine::xfiles::effects::state::Val;
        let mut g = table();
        let p = g.put_in_play(0, id(HOST), Place::Section(0, Section::Bureau));
        let top = g.player(1).deck[0];
        run_on(
            &mut g,
            0,
            p,
            "choose t deck(theirs top=1)\nto-under t face-down",
        );
        assert_eq!(g.perm(p).unwrap().under, vec![top]);
        assert!(!g.player(1).deck.contains(&top));
        let owner = g
            .perm(p)
            .unwrap()
            .data
            .get(super::super::UNDER_OWNER)
            .cloned();
        assert_eq!(owner, Some(Val::Seat(1)));
        let mut events = Vec::new();
        g.leave_play(p, &mut events);
        assert!(g.player(1).discard.contains(&top), "back to its owner");
        assert!(g.player(0).discard.contains(&id(HOST)));
    }

    #[test]
    fn join_names_the_agent_now_in_play_additional_resources() {
        use crate::engine::xfiles::effects::state::{Val, Zone};
        let mut g = table();
        let weiss = id("XF96-0181v1");
        g.players[0].deck.push(weiss);
        let held = Val::Held(0, Zone::Deck, weiss);
        // `ag` names the card in the deck, then the Agent: discarded from play.
        run_with(&mut g, 0, "join ag\ndiscard-agent ag", vec![("ag", held)]);
        assert!(!g.player(0).deck.contains(&weiss));
        assert!(g.agent(agent(0, "XF96-0181v1")).is_none());
        assert!(g.player(0).discard.contains(&weiss));
    }

    #[test]
    fn may_play_now_owes_the_card_as_the_next_one_played_violence() {
        use crate::engine::xfiles::effects::state::{Val, Zone};
        let mut g = table();
        let card = g.players[1].deck.pop().expect("a deck");
        g.players[1].discard.push(card);
        let held = Val::Held(1, Zone::Discard, card);
        run_with(&mut g, 1, "may-play c less=2 now", vec![("c", held)]);
        assert!(g.player(1).hand.contains(&card));
        assert!(!g.player(1).discard.contains(&card));
        assert_eq!(g.owed_play(1), Some(card));
        assert_eq!(g.owed_play(0), None);
    }

    #[test]
    fn draw_takes_from_the_top_and_tells_only_the_drawer_which() {
        let mut g = table();
        let top = g.player(0).deck[..2].to_vec();
        let ev = run(&mut g, 0, "draw 2");
        assert!(g.player(0).hand.ends_with(&top));
        let private = ev
            .iter()
            .find(|e| matches!(e.body, XfEvent::DrewCards { .. }))
            .unwrap();
        assert_eq!(private.audience, Audience::Seats(vec![0]));
    }

    #[test]
    fn reveal_shows_an_agent_a_variable_holds_to_everyone_the_list() {
        use crate::engine::xfiles::effects::state::Val;
        let mut g = table();
        let m = agent(0, MULDER);
        let ev = run_with(&mut g, 1, "reveal a", vec![("a", Val::Agent(m))]);
        assert!(ev.iter().any(|e| e.audience == Audience::All
            && matches!(&e.body, XfEvent::Shown { seat: 1, cards } if *cards == vec![m.card])));
    }

    #[test]
    fn mulligan_discards_the_hand_and_draws_seven() {
        let mut g = table();
        let hand = g.player(0).hand.clone();
        run(&mut g, 0, "discard-hand\ndraw 7");
        assert_eq!(g.player(0).hand.len(), 7);
        assert!(hand.iter().all(|c| g.player(0).discard.contains(c)));
    }

    #[test]
    fn discard_random_takes_n_cards_from_the_opponents_hand() {
        let mut g = table();
        run(&mut g, 0, "discard-random 2 opponent");
        assert_eq!((g.player(1).hand.len(), g.player(1).discard.len()), (5, 2));
    }

    #[test]
    fn discard_a_filter_discards_every_match_hazardous_sample() {
        let mut g = table();
        let sites = g
            .player(1)
            .hand
            .iter()
            .filter(|c| crate::cards::db().get(**c).kind == CardType::Site)
            .count();
        run(&mut g, 0, "discard hand(theirs type=site)");
        assert_eq!(g.player(1).hand.len(), 7 - sites);
        assert!(
            g.player(1)
                .hand
                .iter()
                .all(|c| crate::cards::db().get(*c).kind != CardType::Site)
        );
    }

    #[test]
    fn mill_puts_the_top_of_the_deck_on_the_discard_pile() {
        let mut g = table();
        let top = g.player(1).deck[..4].to_vec();
        run(&mut g, 0, "mill 4 opponent");
        assert_eq!(g.player(1).discard, top);
    }

    #[test]
    fn search_lets_the_controller_choose_shows_it_and_shuffles() {
        let mut g = table();
        let witnesses = g
            .player(0)
            .deck
            .iter()
            .filter(|c| crate::cards::db().get(**c).kind == CardType::Witness)
            .count();
        assert!(witnesses > 0);
        run(&mut g, 0, "search deck(mine type=witness)");
        let c = g.choice.clone().expect("a choice");
        assert!(c.secret);
        assert_eq!(c.options.len(), witnesses);
        let first = c.options[0].label.clone();
        let ev = choose(&mut g, &[&first]);
        assert!(
            g.player(0)
                .hand
                .iter()
                .any(|c| crate::cards::db().get(*c).title == first)
        );
        assert!(ev.iter().any(
            |e| matches!(&e.body, XfEvent::Shown { cards, .. } if cards.len() == 1)
                && e.audience == Audience::All
        ));
        assert!(
            ev.iter()
                .any(|e| matches!(e.body, XfEvent::Shuffled { seat: 0 }))
        );
        assert!(g.resolving.is_empty());
    }

    #[test]
    fn recover_returns_a_card_from_the_discard_pile_grid_pattern_search() {
        let mut g = table();
        let c = g.players[0].hand.pop().unwrap();
        g.players[0].discard.push(c);
        run(&mut g, 0, "recover discard(mine)");
        let label = g.choice.clone().unwrap().options[0].label.clone();
        choose(&mut g, &[&label]);
        assert!(g.player(0).hand.contains(&c));
        assert!(g.player(0).discard.is_empty());
    }

    #[test]
    fn steal_takes_a_card_for_this_turn_and_it_goes_home_after_lamana() {
        let mut g = table();
        let c = g.player(1).hand[0];
        run(&mut g, 0, "choose it hand(theirs)\nsteal it");
        let label = g.choice.clone().unwrap().options[0].label.clone();
        choose(&mut g, &[&label]);
        assert!(g.player(0).hand.contains(&c));
        assert_eq!(g.stolen, vec![(0, c, 1)]);
        g.end_turn(&mut Vec::new());
        assert!(!g.player(0).hand.contains(&c));
        assert!(g.player(1).discard.contains(&c));
    }

    #[test]
    fn exile_removes_a_held_card_from_the_game_clyde_bruckman() {
        let mut g = table();
        let c = g.player(1).hand[0];
        run(&mut g, 0, "choose it hand(theirs)\nexile it");
        let label = g.choice.clone().unwrap().options[0].label.clone();
        choose(&mut g, &[&label]);
        assert!(g.player(1).removed.contains(&c));
        assert_eq!(g.player(1).hand.len(), 6);
    }

    #[test]
    fn look_hand_shows_the_hand_to_the_controller_only() {
        let mut g = table();
        let ev = run(&mut g, 0, "look-hand opponent");
        let e = ev
            .iter()
            .find(|e| matches!(e.body, XfEvent::SeenPrivately { .. }))
            .unwrap();
        assert_eq!(e.audience, Audience::Seats(vec![0]));
    }

    #[test]
    fn put_on_top_keeps_the_chosen_order_final_repose() {
        let mut g = table();
        let a = g.players[1].hand.pop().unwrap();
        let b = g.players[1].hand.pop().unwrap();
        let c = g.players[1].hand.pop().unwrap();
        g.players[1].discard = vec![a, b, c];
        run(
            &mut g,
            0,
            "choose picked discard(theirs) count=2\nput-on-top picked",
        );
        let labels: Vec<String> = g
            .choice
            .clone()
            .unwrap()
            .options
            .iter()
            .map(|o| o.label.clone())
            .collect();
        choose(&mut g, &[&labels[1], &labels[0]]);
        assert_eq!(&g.player(1).deck[..2], &[b, a]);
        assert_eq!(g.player(1).discard, vec![c]);
    }
}
