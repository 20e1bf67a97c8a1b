//! A table for the verbs' tests: two players with real decks, and a way to
//! run a script snippet as if a card resolved.
#![cfg(test)]

use super::db::scripts;
use super::state::{AbilityRef, Source, Val, Vars};
use crate::cards::{CardIdx, CardSet, CardType, Keyword, Section, db};
use crate::decks::Deck;
use crate::engine::xfiles::{AgentRef, Events, XfGame, XfOptions};
use crate::engine::{Game, Seat};

pub const MULDER: &str = "XF96-0169v1";
pub const SCULLY: &str = "XF96-0172v1";
pub const LAMANA: &str = "XF96-0182v1";
/// The card a snippet is run as (its script is replaced).
pub const HOST: &str = "XF96-0282v1";

pub fn id(id: &str) -> CardIdx {
    db().by_id(id).unwrap_or_else(|| panic!("no card {id}"))
}

pub fn agent(seat: Seat, card: &str) -> AgentRef {
    AgentRef {
        seat,
        card: id(card),
    }
}

fn deck(xfile: &str) -> crate::decks::StoredDeck {
    let mut d = Deck {
        name: "t".into(),
        team: vec![id(MULDER), id(SCULLY), id(LAMANA)],
        xfiles: vec![id(xfile)],
        bureau: Vec::new(),
    };
    // One copy each of Premiere cards, taken evenly across the set (so
    // every type is there).
    let pool: Vec<CardIdx> = db()
        .iter()
        .filter(|(_, card)| {
            card.set == CardSet::Premiere
                && card.kind.is_playable()
                && !matches!(card.kind, CardType::Agent | CardType::XFile)
                && !card.has_keyword(Keyword::Killer)
        })
        .map(|(c, _)| c)
        .collect();
    let step = (pool.len() / 70).max(1);
    for c in pool.iter().step_by(step).chain(pool.iter()) {
        if d.bureau_size() >= 60 {
            break;
        }
        if !d
            .bureau
            .iter()
            .any(|(x, _)| db().get(*x).title == db().get(*c).title)
        {
            d.bureau.push((*c, 1));
        }
    }
    d.to_stored()
}

/// Two players, seat 0 active in its Requisition Phase, 5 RP and 5 CP each,
/// Mulder, Scully and Lamana in each Bureau.
pub fn table() -> XfGame {
    let decks = vec![deck("XF96-0122v1"), deck("XF96-0142v1")];
    for seed in 0.. {
        let (mut g, _) = XfGame::new(XfOptions::default(), decks.clone(), seed).expect("legal");
        if g.active == 0 {
            g.phase = crate::engine::xfiles::Phase::Requisition;
            return g;
        }
    }
    unreachable!()
}

/// The host card's script replaced by `body` (indented lines of a `play` block).
pub fn with_play(g: &mut XfGame, body: &str) {
    with_header(g, "", body);
}

/// As [`with_play`], with these header lines (`negated removed`, `goes stays`).
pub fn with_header(g: &mut XfGame, header: &str, body: &str) {
    let c = db().get(id(HOST));
    let text = super::db::printed_text(id(HOST)).expect("host has text");
    let script = format!(
        "card {}\ntext {}\nstatus reviewed\n{}play\n{}",
        c.title,
        text,
        header.lines().map(|l| format!("{l}\n")).collect::<String>(),
        body.lines().map(|l| format!("  {l}\n")).collect::<String>()
    );
    g.set_scripts(scripts().with(&script).unwrap_or_else(|e| panic!("{e}")));
}

/// Runs `body` for `seat` as if the host card resolved, with these variables.
pub fn run_with(g: &mut XfGame, seat: Seat, body: &str, vars: Vec<(&str, Val)>) -> Events {
    with_play(g, body);
    let mut v = Vars::default();
    for (k, val) in vars {
        v.set(k, val);
    }
    let src = Source::new(id(HOST), AbilityRef::Play(0), seat);
    g.start_effect(src, v, None);
    let mut events = Vec::new();
    g.settle(&mut events);
    events
}

pub fn run(g: &mut XfGame, seat: Seat, body: &str) -> Events {
    run_with(g, seat, body, Vec::new())
}

/// Runs `body` as the host card in play (id `perm`) would.
pub fn run_on(g: &mut XfGame, seat: Seat, perm: u32, body: &str) -> Events {
    with_play(g, body);
    let src = Source {
        perm: Some(perm),
        ..Source::new(id(HOST), AbilityRef::Play(0), seat)
    };
    g.start_effect(src, Vars::default(), None);
    let mut events = Vec::new();
    g.settle(&mut events);
    events
}

/// A Site of this card played by `seat` (taken from the deck), returning its id.
pub fn site_in_play(g: &mut XfGame, seat: Seat, card: &str) -> u32 {
    let c = id(card);
    let p = &mut g.players[usize::from(seat)];
    if let Some(i) = p.deck.iter().position(|x| *x == c) {
        p.deck.remove(i);
    }
    let sid = 900 + g.sites.len() as u32;
    g.sites.push(crate::engine::xfiles::SiteInPlay {
        id: sid,
        card: c,
        owner: seat,
        directed: 1 - seat,
        bluffs: Vec::new(),
        keywords: db().get(c).keywords.clone(),
        question: None,
        played_turn: g.turn,
    });
    sid
}

/// A card of `seat`'s hand put on the stack as if played; returns its id.
pub fn push_item(g: &mut XfGame, seat: Seat) -> (u32, CardIdx) {
    let card = g.players[usize::from(seat)].hand.remove(0);
    let sid = 800 + g.stack.len() as u32;
    g.stack
        .push(crate::engine::xfiles::Pending::new(sid, card, seat));
    (sid, card)
}

/// Sends Agents of a seat to the Field.
pub fn to_field(g: &mut XfGame, seat: Seat, cards: &[&str]) {
    for c in cards {
        let a = g.players[usize::from(seat)]
            .agents
            .iter_mut()
            .find(|a| a.card == id(c))
            .expect("on the team");
        a.section = Section::Field;
    }
}

/// Answers the pending choice with these option labels (by title prefix).
pub fn choose(g: &mut XfGame, labels: &[&str]) -> Events {
    let c = g.choice.clone().expect("a pending choice");
    let picks: Vec<u16> = labels
        .iter()
        .map(|l| {
            c.options
                .iter()
                .position(|o| o.label.starts_with(l))
                .unwrap_or_else(|| panic!("no option {l} in {:?}", c.options)) as u16
        })
        .collect();
    let mut events = Vec::new();
    g.answer_choice(c.seat, &picks, &mut events)
        .unwrap_or_else(|e| panic!("{e}"));
    events
}

/// Whoever must act passes.
pub fn pass(g: &mut XfGame) -> Events {
    let seat = g.to_act()[0];
    act(g, seat, crate::engine::xfiles::XfAction::Pass)
}

/// Applies an action that must be accepted.
pub fn act(g: &mut XfGame, seat: Seat, a: crate::engine::xfiles::XfAction) -> Events {
    match crate::engine::step(g, seat, &a) {
        Ok((next, events)) => {
            *g = next;
            events
        }
        Err(r) => panic!("seat {seat}: {a:?} refused: {r}"),
    }
}
