//! Helpers for X-Files CCG engine tests: real cards by id, legal decks built
//! around the cards a test needs, hands and deck tops arranged as a rules
//! example states them, and actions applied with the refusal shown on failure.
#![allow(dead_code)]

use xfiles_bot::cards::Section;
use xfiles_bot::cards::{self, CardIdx, CardSet, CardType, Keyword};
use xfiles_bot::decks::{Deck, StoredDeck};
use xfiles_bot::engine::xfiles::{AgentRef, Target, XfAction, XfEvent, XfGame, XfOptions};
use xfiles_bot::engine::xfiles::{Phase, Stage};
use xfiles_bot::engine::{Event, Game, Refusal, Seat, step};

/// A card by its id (panics on a typo, naming it).
pub fn id(id: &str) -> CardIdx {
    cards::db()
        .by_id(id)
        .unwrap_or_else(|| panic!("no card {id}"))
}

pub fn title(c: CardIdx) -> &'static str {
    cards::db().get(c).title.as_str()
}

pub fn agent(seat: Seat, card: &str) -> AgentRef {
    AgentRef {
        seat,
        card: id(card),
    }
}

/// A legal Advanced deck: this team and X-File, the `must` cards, and Premiere
/// fillers (one copy each of cards with no text worth noting) up to 60.
pub fn deck(team: &[&str], xfile: &str, must: &[&str]) -> StoredDeck {
    let db = cards::db();
    let mut deck = Deck {
        name: "test".into(),
        team: team.iter().map(|c| id(c)).collect(),
        xfiles: vec![id(xfile)],
        bureau: must.iter().map(|c| (id(c), 1)).collect(),
    };
    let used: Vec<&str> = must.iter().map(|c| title(id(c))).collect();
    for (c, card) in db.iter() {
        if deck.bureau_size() >= 60 {
            break;
        }
        if card.set == CardSet::Premiere
            && card.kind.is_playable()
            && !matches!(card.kind, CardType::Agent | CardType::XFile)
            && !card.has_keyword(Keyword::Killer)
            && !used.contains(&card.title.as_str())
            && !deck.bureau.iter().any(|(d, _)| title(*d) == card.title)
        {
            deck.bureau.push((c, 1));
        }
    }
    deck.to_stored()
}

/// A game whose seat 0 plays first, each X-File already chosen.
pub fn game(decks: Vec<StoredDeck>, options: XfOptions) -> XfGame {
    for seed in 0.. {
        let (g, _) = XfGame::new(options.clone(), decks.clone(), seed).expect("legal decks");
        if g.active == 0 {
            return g;
        }
    }
    unreachable!()
}

/// Arranges a seat's cards: exactly `hand` in the hand (by id, fillers from
/// the rest if `fill` is set, to keep seven), and `top` on top of the deck.
pub fn arrange(g: &mut XfGame, seat: Seat, hand: &[&str], top: &[&str]) {
    let p = &mut g.players[usize::from(seat)];
    let mut pool: Vec<CardIdx> = p.hand.drain(..).chain(p.deck.drain(..)).collect();
    let mut take = |c: &str| {
        let c = id(c);
        let at = pool
            .iter()
            .position(|x| *x == c)
            .unwrap_or_else(|| panic!("{} is not in seat {seat}'s deck", title(c)));
        pool.remove(at)
    };
    p.hand = hand.iter().map(|c| take(c)).collect();
    let mut deck: Vec<CardIdx> = top.iter().map(|c| take(c)).collect();
    deck.append(&mut pool);
    p.deck = deck;
}

/// Moves `n` cards from the deck to the hand (keeps counts honest).
pub fn fill_hand(g: &mut XfGame, seat: Seat, to: usize) {
    let p = &mut g.players[usize::from(seat)];
    while p.hand.len() < to {
        let c = p.deck.pop().expect("cards in the deck");
        p.hand.push(c);
    }
}

/// Applies an action that must be accepted.
pub fn act(g: &mut XfGame, seat: Seat, action: XfAction) -> Vec<Event<XfEvent>> {
    match step(g, seat, &action) {
        Ok((next, events)) => {
            *g = next;
            events
        }
        Err(r) => panic!(
            "seat {seat}: {action:?} refused: {r}\nlegal now: {:?}\nto act: {:?}, phase {}",
            g.legal_actions(seat),
            g.to_act(),
            g.phase_name()
        ),
    }
}

/// Applies an action that must be refused; the game must be unchanged.
pub fn refused(g: &XfGame, seat: Seat, action: XfAction) -> Refusal {
    match step(g, seat, &action) {
        Ok(_) => panic!("seat {seat}: {action:?} was accepted"),
        Err(r) => r,
    }
}

pub fn play(card: &str) -> XfAction {
    XfAction::Play {
        card: id(card),
        mode: 0,
        target: None,
        x: 0,
        pool: None,
    }
}

/// Plays `card` (its first mode) on `target`.
pub fn play_at(card: &str, target: Target) -> XfAction {
    XfAction::Play {
        card: id(card),
        mode: 0,
        target: Some(target),
        x: 0,
        pool: None,
    }
}

/// Places `card` face down as a Bluff under the Site at index `site`.
pub fn place_bluff(site: usize, card: &str) -> XfAction {
    XfAction::PlaceBluff {
        site,
        card: id(card),
    }
}

/// Moves the game on with no plays until `phase` (draws, buys nothing, sells
/// nothing, places no Bluffs, ends phases): the proofs' own `advance`.
pub fn advance(g: &mut XfGame, phase: xfiles_bot::engine::xfiles::Phase) {
    xfiles_bot::app::proof::scene::advance(g, phase).unwrap_or_else(|e| panic!("{e}"));
}

/// Sends these Agents of `seat` to the Field (team 0) directly, as if deployed.
pub fn to_field(g: &mut XfGame, seat: Seat, agents: &[&str]) {
    for a in agents {
        let c = id(a);
        let agent = g.players[usize::from(seat)]
            .agents
            .iter_mut()
            .find(|x| x.card == c)
            .unwrap_or_else(|| panic!("{} is not on seat {seat}'s team", title(c)));
        agent.section = xfiles_bot::cards::Section::Field;
        agent.team = 0;
    }
}

// ---- A standard table for rules tests ----

pub const MULDER: &str = "XF96-0169v1";
pub const SCULLY: &str = "XF96-0172v1";
pub const LAMANA: &str = "XF96-0182v1";
pub const SKINNER: &str = "XF96-0174v1";
pub const AUBREY: &str = "XF96-0063v1";
pub const CAPE_COD: &str = "XF96-0064v1";
pub const TOWNSEND: &str = "XF96-0067v1";
pub const KNIFE: &str = "XF96-0321v1";
pub const SHEILA_BRAUN: &str = "XF96-0207v1";
pub const CAR_TROUBLES: &str = "XF96-0110v1";
pub const MANITOU: &str = "XF96-0352v1";
pub const X: &str = "XF96-0293v1";
pub const SHOTGUN: &str = "XF96-0329v1";
/// Seat 0's X-File: Government, Violence, Survival, Abduction.
pub const DUANE_BARRY: &str = "XF96-0122v1";
/// Seat 1's X-File: Occult, Violence, Control, Death.
pub const THE_MANITOU: &str = "XF96-0142v1";
/// Seat 2's X-File: Primordial, Violence, Security, Death.
pub const JERSEY_DEVIL: &str = "XF96-0123v1";

pub const TEAM: [&str; 3] = [MULDER, SCULLY, LAMANA];

/// A two-player game, seat 0 first, each holding exactly these cards.
pub fn two(hand0: &[&str], hand1: &[&str]) -> XfGame {
    many(&[hand0, hand1])
}

pub fn many(hands: &[&[&str]]) -> XfGame {
    many_with(&TEAM, hands)
}

/// As [`many`], every seat with this starting team.
pub fn many_with(team: &[&str], hands: &[&[&str]]) -> XfGame {
    let xfiles = [DUANE_BARRY, THE_MANITOU, JERSEY_DEVIL];
    let decks = hands
        .iter()
        .enumerate()
        .map(|(i, h)| deck(team, xfiles[i], h))
        .collect();
    let mut g = game(decks, XfOptions::default());
    for (i, h) in hands.iter().enumerate() {
        arrange(&mut g, i as u8, h, &[]);
        fill_hand(&mut g, i as u8, 7);
        // Enough CP for the Conspiracy's cards these tests play.
        g.players[i].cp = 10;
    }
    g
}

pub fn rp(g: &XfGame, seat: u8) -> u32 {
    g.player(seat).rp
}

pub fn cp(g: &XfGame, seat: u8) -> u32 {
    g.player(seat).cp
}

pub fn section(g: &XfGame, seat: u8, card: &str) -> Section {
    g.agent(agent(seat, card)).expect("in play").section
}

pub fn site(card: &str) -> XfAction {
    XfAction::PlaySite {
        card: id(card),
        directed: None,
        free: false,
    }
}

/// Investigates a two-skill Site with the skill announced (p. 24).
pub fn investigate_as(site: usize, team: &[&str], skill: xfiles_bot::cards::Skill) -> XfAction {
    XfAction::Investigate {
        site,
        team: team.iter().map(|c| id(c)).collect(),
        skill: Some(skill),
    }
}

pub fn investigate(site: usize, team: &[&str]) -> XfAction {
    XfAction::Investigate {
        site,
        team: team.iter().map(|c| id(c)).collect(),
        skill: None,
    }
}

/// Seat 0 sends these Agents to the Field and plays this Site (directed at
/// `at`, or by default), and is left in the Case Assignment Phase.
pub fn field_and_site(g: &mut XfGame, agents: &[&str], card: &str, at: Option<Seat>) {
    advance(g, Phase::Deployment);
    to_field(g, 0, agents);
    act(g, 0, XfAction::Done);
    act(
        g,
        0,
        XfAction::PlaySite {
            card: id(card),
            directed: at,
            free: false,
        },
    );
}

/// Seat 0 plays Aubrey, MO; nobody bluffs; Mulder and Scully (BEHAVIORAL
/// 3 + 1) investigate it and everyone passes: the check succeeds.
pub fn successful_aubrey(g: &mut XfGame) {
    field_and_site(g, &[MULDER, SCULLY], AUBREY, None);
    advance(g, Phase::Investigation);
    act(g, 0, investigate(0, &[MULDER, SCULLY]));
    pass_until_resolved(g);
}

pub fn stage(g: &XfGame) -> Option<Stage> {
    g.investigation.as_ref().map(|i| i.stage.clone())
}

pub fn pass_until_resolved(g: &mut XfGame) {
    while stage(g) == Some(Stage::Check) {
        let s = g.to_act()[0];
        act(g, s, XfAction::Pass);
    }
}

/// Seat 0's Mulder investigates Aubrey; seat 1 plays the Manitou (CRC 6,
/// LRC N/A, HEALTH 8) and it resolves.
pub fn manitou_combat(hand0: &[&str]) -> XfGame {
    let mut h0 = vec![AUBREY];
    h0.extend_from_slice(hand0);
    let mut g = two(&h0, &[MANITOU]);
    field_and_site(&mut g, &[MULDER, SCULLY], AUBREY, None);
    advance(&mut g, Phase::Investigation);
    act(&mut g, 0, investigate(0, &[MULDER, SCULLY]));
    act(&mut g, 0, XfAction::Pass);
    act(&mut g, 1, play(MANITOU));
    // Playing passes priority: Mulder's player lets it resolve.
    act(&mut g, 0, XfAction::Pass);
    assert!(g.combat().is_some());
    g
}

/// Everyone passes while the combat in progress satisfies `now`.
pub fn pass_while(g: &mut XfGame, now: impl Fn(&xfiles_bot::engine::xfiles::Combat) -> bool) {
    while g.combat().is_some_and(&now) {
        let seat = g.to_act()[0];
        act(g, seat, XfAction::Pass);
    }
}

/// Answers the pending choice with these options (card ids or labels).
pub fn choose(g: &mut XfGame, names: &[&str]) -> Vec<Event<XfEvent>> {
    let c = g.choice.clone().expect("a pending choice");
    let picks: Vec<u16> = names
        .iter()
        .map(|n| {
            let want = cards::db()
                .by_id(n)
                .map(|c| title(c).to_string())
                .unwrap_or_else(|| n.to_string());
            c.options
                .iter()
                .position(|o| o.label == want)
                .unwrap_or_else(|| panic!("no option {want} in {:?}", c.options)) as u16
        })
        .collect();
    act(g, c.seat, XfAction::Choose { picks })
}

/// The options of the pending choice, by label.
pub fn options(g: &XfGame) -> Vec<String> {
    g.choice
        .as_ref()
        .map(|c| c.options.iter().map(|o| o.label.clone()).collect())
        .unwrap_or_default()
}

pub fn pay_bluff() -> XfAction {
    XfAction::PayBluff { pay: true, x: 0 }
}

pub fn let_bluff_go() -> XfAction {
    XfAction::PayBluff { pay: false, x: 0 }
}
