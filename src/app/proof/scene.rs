//! The tables a proof starts from: real decks built around the cards a
//! proof names, hands and piles arranged as its `scene` line says, and the
//! game moved on by the rules (no card played) to the moment the proof
//! needs: a phase of the first turn, a skill check at a Site, an Adversary
//! on the stack, a combat, a Bluff revealed.

use crate::cards::{self, CardIdx, CardSet, CardType, Keyword, Section};
use crate::decks::{Deck, StoredDeck};
use crate::engine::xfiles::{AgentRef, Phase, Stage, XfAction, XfGame, XfOptions};
use crate::engine::{Game, Seat, step};

/// The players of a proof, by seat.
pub const SEATS: [&str; 3] = ["alice", "bob", "carol"];

/// The starting team when a scene names none (p. 6: at least three Agents).
const TEAM: [&str; 3] = [
    "Agent Fox Mulder",
    "Agent Dana Scully",
    "Agent Jerry Lamana",
];
/// Each seat's X-File, unless the scene names one.
const XFILES: [&str; 3] = ["Duane Barry", "The Manitou", "The Jersey Devil"];

/// A scene line's options, by name.
pub struct Opts<'a>(pub &'a [(String, String)]);

impl Opts<'_> {
    fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn list(&self, name: &str) -> Vec<String> {
        self.get(name).map(titles).unwrap_or_default()
    }

    fn flag(&self, name: &str) -> bool {
        self.get(name) == Some("true")
    }

    fn num(&self, name: &str) -> Result<u32, String> {
        self.get(name).map_or(Ok(0), |v| {
            v.parse().map_err(|_| format!("{name}:{v} is not a number"))
        })
    }
}

/// "A; B" as titles.
pub fn titles(text: &str) -> Vec<String> {
    text.split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

thread_local! {
    /// Printings a proof deals instead of its titles' first (`printing <id>`).
    static PRINTINGS: std::cell::RefCell<Vec<CardIdx>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `f` with these printings dealt for their titles.
pub fn with_printings<T>(printings: &[CardIdx], f: impl FnOnce() -> T) -> T {
    PRINTINGS.with(|p| *p.borrow_mut() = printings.to_vec());
    let out = f();
    PRINTINGS.with(|p| p.borrow_mut().clear());
    out
}

/// The printing a proof deals for a title: the one it names with
/// `printing <id>`, else the first official printing (else the first).
pub fn card(title: &str) -> Result<CardIdx, String> {
    let named = PRINTINGS.with(|p| {
        p.borrow()
            .iter()
            .copied()
            .find(|c| cards::db().get(*c).title.eq_ignore_ascii_case(title))
    });
    if let Some(c) = named {
        return Ok(c);
    }
    first_printing(title)
}

/// The first official printing of a title (else the first printing).
pub fn first_printing(title: &str) -> Result<CardIdx, String> {
    cards::db()
        .iter()
        .filter(|(_, c)| c.title.eq_ignore_ascii_case(title))
        .min_by_key(|(_, c)| !c.set.is_official() as u8)
        .map(|(i, _)| i)
        .ok_or_else(|| format!("no card is titled '{title}'"))
}

fn id_of(c: CardIdx) -> String {
    cards::db().get(c).id.clone()
}

const KINDS: &[&str] = &["table", "check", "adversary", "combat", "bluff"];
const OPTIONS: &[&str] = &[
    "players",
    "team",
    "bob-team",
    "carol-team",
    "alice",
    "bob",
    "carol",
    "alice-top",
    "bob-top",
    "carol-top",
    "alice-discard",
    "bob-discard",
    "carol-discard",
    "alice-xfile",
    "bob-xfile",
    "carol-xfile",
    "powers",
    "killer",
    "phase",
    "site",
    "adversary",
    "bluff",
    "x",
    "gear",
    "fill",
];

/// Builds the scene `kind` with these options.
pub fn build(kind: &str, opts: &Opts) -> Result<XfGame, String> {
    if let Some((n, _)) = opts.0.iter().find(|(n, _)| !OPTIONS.contains(&n.as_str())) {
        return Err(format!(
            "a scene has no option {n}; its options are {}",
            OPTIONS.join(", ")
        ));
    }
    match kind {
        "table" => table(opts),
        "check" => check(opts),
        "adversary" => adversary(opts),
        "combat" => {
            let mut g = adversary(opts)?;
            resolve(&mut g)?;
            if g.combat().is_none() {
                return Err("the Adversary did not start a combat".into());
            }
            Ok(g)
        }
        "bluff" => bluff(opts),
        _ => Err(format!(
            "no scene '{kind}'; scenes are {}",
            KINDS.join(", ")
        )),
    }
}

/// Seat 0's first turn, in the Briefing (or the `phase:` named), each seat
/// holding its cards.
fn table(opts: &Opts) -> Result<XfGame, String> {
    let mut g = seated(opts, &[])?;
    if let Some(p) = opts.get("phase") {
        advance(&mut g, phase(p)?)?;
    }
    Ok(g)
}

/// Seat 0's `team:` investigates `site:` (nobody bluffs); seat 0 has
/// priority in the skill check.
fn check(opts: &Opts) -> Result<XfGame, String> {
    let site = card(opts.get("site").ok_or("a check scene needs site:")?)?;
    let team = team_of(opts)?;
    let gear: Vec<(CardIdx, CardIdx)> = opts
        .list("gear")
        .iter()
        .map(|pair| {
            let (a, e) = pair
                .split_once('=')
                .ok_or_else(|| format!("gear:'{pair}' is not Agent=Equipment"))?;
            Ok((card(a.trim())?, card(e.trim())?))
        })
        .collect::<Result<_, String>>()?;
    let mut extra = vec![site];
    extra.extend(gear.iter().map(|(_, e)| *e));
    let mut g = seated(opts, &extra)?;
    if !gear.is_empty() {
        advance(&mut g, Phase::Requisition)?;
        g.players[0].rp = 40;
        for (a, e) in &gear {
            let field = cards::db()
                .get(*e)
                .activators
                .iter()
                .any(|x| x.as_str().eq_ignore_ascii_case("field"));
            if field {
                to_field(&mut g, &[*a])?;
            }
            act(
                &mut g,
                0,
                XfAction::Equip {
                    agent: *a,
                    card: *e,
                },
            )?;
        }
    }
    team_plays_site(&mut g, &team, site)?;
    investigate(&mut g, team)?;
    if g.investigation.as_ref().map(|i| i.stage.clone()) != Some(Stage::Check) {
        return Err("the investigation did not reach its skill check".into());
    }
    Ok(g)
}

/// Seat 1 plays `adversary:` on seat 0's Team investigating `site:`; it
/// waits on the stack, seat 0 to answer.
fn adversary(opts: &Opts) -> Result<XfGame, String> {
    let foe = card(opts.get("adversary").ok_or("this scene needs adversary:")?)?;
    let mut g = check(opts)?;
    act(&mut g, 0, XfAction::Pass)?;
    act(
        &mut g,
        1,
        XfAction::Play {
            card: foe,
            mode: 0,
            target: None,
            x: 0,
            pool: None,
        },
    )?;
    Ok(g)
}

/// Seat 1 placed `bluff:` under `site:`; seat 0's Team investigates and
/// seat 1 pays for the Bluff (X = `x:`): it waits on the stack.
fn bluff(opts: &Opts) -> Result<XfGame, String> {
    let site = card(opts.get("site").ok_or("a bluff scene needs site:")?)?;
    let bluff = card(opts.get("bluff").ok_or("a bluff scene needs bluff:")?)?;
    let team = team_of(opts)?;
    let mut g = seated(opts, &[site])?;
    if !g.players[1].hand.contains(&bluff) {
        return Err("bob must hold the Bluff: name it in bob:".into());
    }
    team_plays_site(&mut g, &team, site)?;
    act(&mut g, 0, XfAction::Done)?;
    act(
        &mut g,
        1,
        XfAction::PlaceBluff {
            site: 0,
            card: bluff,
        },
    )?;
    investigate(&mut g, team)?;
    act(
        &mut g,
        1,
        XfAction::PayBluff {
            pay: true,
            x: opts.num("x")?,
        },
    )?;
    Ok(g)
}

/// Seat 0 sends `team` to the Field and plays `site` (left in the Case
/// Assignment Phase).
fn team_plays_site(g: &mut XfGame, team: &[CardIdx], site: CardIdx) -> Result<(), String> {
    advance(g, Phase::Deployment)?;
    to_field(g, team)?;
    act(g, 0, XfAction::Done)?;
    act(
        g,
        0,
        XfAction::PlaySite {
            card: site,
            directed: None,
            free: false,
        },
    )
}

/// The Investigation Phase: seat 0 (20 RP) sends `team` to the first Site;
/// the others hold 20 CP.
fn investigate(g: &mut XfGame, team: Vec<CardIdx>) -> Result<(), String> {
    advance(g, Phase::Investigation)?;
    g.players[0].rp = 20;
    for p in g.players.iter_mut().skip(1) {
        p.cp = 20;
    }
    act(
        g,
        0,
        XfAction::Investigate {
            site: 0,
            team,
            skill: None,
        },
    )
}

/// The investigating Team: `team:` or Mulder and Scully.
fn team_of(opts: &Opts) -> Result<Vec<CardIdx>, String> {
    let names = opts.list("team");
    let names: Vec<&str> = if names.is_empty() {
        TEAM[..2].to_vec()
    } else {
        names.iter().map(String::as_str).collect()
    };
    names.iter().map(|t| card(t)).collect()
}

/// The game with every seat's deck built and its cards arranged; seat 0
/// plays first, in its Briefing's draw. `extra` are seat 0's cards the
/// scene plays itself (a Site, Equipment).
fn seated(opts: &Opts, extra: &[CardIdx]) -> Result<XfGame, String> {
    let players = match opts.get("players") {
        None => 2,
        Some(n) => n
            .parse()
            .ok()
            .filter(|n| (2..=3).contains(n))
            .ok_or("players: is 2 or 3")?,
    };
    let padded = |mut team: Vec<CardIdx>| -> Result<Vec<CardIdx>, String> {
        for t in TEAM {
            let c = card(t)?;
            if team.len() < 3 && !team.contains(&c) {
                team.push(c);
            }
        }
        Ok(team)
    };
    let team = padded(team_of(opts)?)?;
    let mut decks = Vec::new();
    let mut piles = Vec::new();
    let mut aside: Vec<Vec<CardIdx>> = Vec::new();
    for (seat, name) in SEATS.iter().enumerate().take(players) {
        let pile = |what: &str| -> Result<Vec<CardIdx>, String> {
            opts.list(&format!("{name}{what}"))
                .iter()
                .map(|t| card(t))
                .collect()
        };
        let mut hand = pile("")?;
        if seat == 0 {
            hand.extend_from_slice(extra);
        }
        let (top, discard) = (pile("-top")?, pile("-discard")?);
        // The first X-File named is the one in play; the others are set
        // aside (a card may exchange them: Believe The Lie).
        let named = pile("-xfile")?;
        let xfile = match named.first() {
            Some(x) => *x,
            None => card(XFILES[seat])?,
        };
        aside.push(named.iter().skip(1).copied().collect());
        let must: Vec<CardIdx> = hand.iter().chain(&top).chain(&discard).copied().collect();
        let own = opts.list(&format!("{name}-team"));
        let seat_team = if seat == 0 || own.is_empty() {
            team.clone()
        } else {
            padded(own.iter().map(|t| card(t)).collect::<Result<_, _>>()?)?
        };
        decks.push(deck(&seat_team, xfile, &must));
        piles.push((hand, top, discard));
    }
    let options = XfOptions {
        killer: opts.flag("killer") || opts.get("killer").is_none(),
        powers: opts.flag("powers"),
        ..XfOptions::default()
    };
    let mut g = first_seat_first(options, decks)?;
    let fill: usize = opts
        .get("fill")
        .map_or(Ok(7), |v| v.parse().map_err(|_| "fill: is a number"))?;
    for (seat, (hand, top, discard)) in piles.iter().enumerate() {
        arrange(&mut g, seat, hand, top, discard)?;
        g.players[seat].candidates.extend(&aside[seat]);
        let p = &mut g.players[seat];
        while p.hand.len() < fill.max(hand.len()) && p.deck.len() > top.len() {
            let c = p.deck.pop().expect("cards below the top");
            p.hand.push(c);
        }
        p.cp = 10;
    }
    Ok(g)
}

/// A legal Advanced deck: this team and X-File, the `must` cards, and
/// Premiere fillers (one of each, no Killer card) up to 60.
fn deck(team: &[CardIdx], xfile: CardIdx, must: &[CardIdx]) -> StoredDeck {
    let db = cards::db();
    let mut bureau: Vec<(CardIdx, u32)> = Vec::new();
    for c in must {
        match bureau.iter_mut().find(|(x, _)| x == c) {
            Some((_, n)) => *n += 1,
            None => bureau.push((*c, 1)),
        }
    }
    let used = |t: &str, b: &[(CardIdx, u32)]| b.iter().any(|(d, _)| db.get(*d).title == t);
    for (c, card) in db.iter() {
        if bureau.iter().map(|(_, n)| n).sum::<u32>() >= 60 {
            break;
        }
        if card.set == CardSet::Premiere
            && card.kind.is_playable()
            && !matches!(card.kind, CardType::Agent | CardType::XFile)
            && !card.has_keyword(Keyword::Killer)
            && !used(&card.title, &bureau)
        {
            bureau.push((c, 1));
        }
    }
    Deck {
        name: "proof".into(),
        team: team.to_vec(),
        xfiles: vec![xfile],
        bureau,
    }
    .to_stored()
}

/// A game whose seat 0 plays first.
fn first_seat_first(options: XfOptions, decks: Vec<StoredDeck>) -> Result<XfGame, String> {
    for seed in 0..64 {
        let (g, _) = XfGame::new(options.clone(), decks.clone(), seed).map_err(|r| r.reason)?;
        if g.active == 0 {
            return Ok(g);
        }
    }
    Err("no seed lets alice play first".into())
}

/// Exactly `hand` in the hand, `top` on top of the deck, `discard` in the
/// Discard Pile; every other card in the deck.
fn arrange(
    g: &mut XfGame,
    seat: usize,
    hand: &[CardIdx],
    top: &[CardIdx],
    discard: &[CardIdx],
) -> Result<(), String> {
    let p = &mut g.players[seat];
    let mut pool: Vec<CardIdx> = p.hand.drain(..).chain(p.deck.drain(..)).collect();
    let mut take = |c: CardIdx| {
        pool.iter()
            .position(|x| *x == c)
            .map(|at| pool.remove(at))
            .ok_or_else(|| {
                format!(
                    "{} is not in {}'s deck",
                    cards::db().get(c).title,
                    SEATS[seat]
                )
            })
    };
    p.hand = hand.iter().map(|c| take(*c)).collect::<Result<_, _>>()?;
    p.discard = discard.iter().map(|c| take(*c)).collect::<Result<_, _>>()?;
    let mut deck: Vec<CardIdx> = top.iter().map(|c| take(*c)).collect::<Result<_, _>>()?;
    deck.append(&mut pool);
    p.deck = deck;
    Ok(())
}

/// Sends these Agents of seat 0 to the Field (team 1), as if deployed.
fn to_field(g: &mut XfGame, agents: &[CardIdx]) -> Result<(), String> {
    for c in agents {
        let a = g.players[0]
            .agents
            .iter_mut()
            .find(|x| x.card == *c)
            .ok_or_else(|| format!("{} is not on alice's team", cards::db().get(*c).title))?;
        a.section = Section::Field;
        a.team = 0;
    }
    Ok(())
}

/// A phase by the name a proof gives it.
pub fn phase(name: &str) -> Result<Phase, String> {
    Ok(match name {
        "draw" | "briefing" => Phase::Draw,
        "buy" => Phase::Buy,
        "requisition" => Phase::Requisition,
        "deployment" => Phase::Deployment,
        "case-assignment" => Phase::CaseAssignment,
        "case-end" => Phase::CaseEnd,
        "investigation" => Phase::Investigation,
        "debriefing" => Phase::Debriefing,
        _ => {
            return Err(format!(
                "no phase '{name}'; phases are briefing, buy, requisition, deployment, case-assignment, case-end, investigation, debriefing"
            ));
        }
    })
}

/// Applies an action the scene needs; a refusal names it.
pub fn act(g: &mut XfGame, seat: Seat, action: XfAction) -> Result<(), String> {
    let (next, _) = step(g, seat, &action).map_err(|r| {
        format!(
            "setting the scene, seat {seat}'s {action:?} was refused: {}",
            r.reason
        )
    })?;
    *g = next;
    Ok(())
}

/// Moves the game on with no card played until `phase`: the free draw,
/// nothing bought or sold, no Bluff, each step ended.
pub fn advance(g: &mut XfGame, phase: Phase) -> Result<(), String> {
    for _ in 0..50 {
        if g.phase == phase {
            return Ok(());
        }
        let active = g.active;
        match g.phase.clone() {
            Phase::Draw => act(
                g,
                active,
                XfAction::Brief {
                    draw: true,
                    to_conspiracy: vec![],
                },
            ),
            Phase::Buy => act(g, active, XfAction::Buy { count: 0 }),
            Phase::Trade(s) => act(
                g,
                s,
                XfAction::Trade {
                    sell: vec![],
                    buy: 0,
                },
            ),
            Phase::Bluffing(s) => act(g, s, XfAction::Done),
            Phase::Debriefing => {
                for s in g.to_act() {
                    let limit = usize::from(g.options.hand_limit);
                    let n = g.player(s).hand.len().saturating_sub(limit);
                    if n > 0 {
                        let cards = g.player(s).hand[..n].to_vec();
                        act(g, s, XfAction::Discard { cards })?;
                    }
                }
                act(g, active, XfAction::Done)
            }
            Phase::Investigating => {
                let s = *g.to_act().first().ok_or("nobody may act")?;
                let a = match g.investigation.as_ref().map(|i| i.stage.clone()) {
                    Some(Stage::Bluff) => XfAction::PayBluff { pay: false, x: 0 },
                    Some(Stage::Check) => XfAction::Pass,
                    _ => XfAction::Done,
                };
                act(g, s, a)
            }
            _ => act(g, active, XfAction::Done),
        }?;
    }
    Err(format!(
        "the game cannot reach {phase:?} from {}",
        g.phase_name()
    ))
}

/// Everyone passes until the stack is empty (or a choice waits, or a
/// combat begins).
pub fn resolve(g: &mut XfGame) -> Result<(), String> {
    for _ in 0..40 {
        if g.stack.is_empty() || g.choice.is_some() {
            return Ok(());
        }
        let s = *g.to_act().first().ok_or("nobody may act")?;
        act(g, s, XfAction::Pass)?;
    }
    Err("the stack does not resolve".into())
}

/// The Agent of `seat` on this card, for expectations.
pub fn agent_ref(g: &XfGame, seat: Seat, c: CardIdx) -> Option<AgentRef> {
    g.player(seat)
        .agents
        .iter()
        .any(|a| a.card == c)
        .then_some(AgentRef { seat, card: c })
}

/// An id for messages: "Title (id)".
pub fn named(c: CardIdx) -> String {
    format!("{} ({})", cards::db().get(c).title, id_of(c))
}
