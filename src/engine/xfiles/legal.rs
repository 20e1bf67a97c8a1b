//! The actions a seat may take now: what bots choose from and what the
//! table suggests. Where choices are many (targets, sales, Bluffs) a
//! representative subset is offered; every action listed is legal.

use super::effects::state::Val;
use super::{CombatStep, FrameKind, Phase, Stage, Target, XfAction, XfGame};
use crate::cards::{CardIdx, CardType, Characteristics, Section, Skill, Threshold, db};
use crate::engine::Seat;

fn distinct(cards: &[CardIdx]) -> Vec<CardIdx> {
    let mut v = cards.to_vec();
    v.sort();
    v.dedup();
    v
}

/// X-Files a player's notebook has not ruled out for this opponent.
pub fn consistent_xfiles(g: &XfGame, seat: Seat, of: Seat) -> Vec<CardIdx> {
    xfiles_fitting(&g.player(seat).notebook, of)
}

/// X-Files these notes (a seat's notebook, as its view shows it) have not
/// ruled out for this opponent.
pub fn xfiles_fitting(notebook: &[super::Note], of: Seat) -> Vec<CardIdx> {
    XFILES
        .iter()
        .filter(|(_, title, ch)| {
            notebook.iter().all(|n| match n {
                super::Note::Answer {
                    about,
                    category,
                    value,
                    yes,
                } if *about == of => ch.answers_yes(*category, *value) == *yes,
                super::Note::WrongGuess { about, xfile } if *about == of => {
                    db().get(*xfile).title != *title
                }
                _ => true,
            })
        })
        .map(|(idx, _, _)| *idx)
        .collect()
}

/// Every X-File with characteristics, one card a title, in card order
/// (listed once: notebooks are checked against them often).
static XFILES: std::sync::LazyLock<Vec<(CardIdx, &'static str, Characteristics)>> =
    std::sync::LazyLock::new(|| {
        let mut out: Vec<(CardIdx, &str, Characteristics)> = Vec::new();
        for (idx, c) in db().iter() {
            let listed = out.iter().any(|(_, t, _)| *t == c.title);
            if let Some(ch) = c
                .characteristics
                .filter(|_| c.kind == CardType::XFile && !listed)
            {
                out.push((idx, c.title.as_str(), ch));
            }
        }
        out
    });

/// A value as the player would name it in a command.
pub(crate) fn as_target(g: &XfGame, v: &Val) -> Option<Target> {
    Some(match v {
        Val::Agent(a) => Target::Agent(*a),
        Val::Agents(a) => Target::Agent(*a.first()?),
        Val::Stack(id) => Target::Stack(g.stack.iter().position(|p| p.id == *id)?),
        Val::Site(id) => Target::Site(g.site_index(*id)?),
        Val::Foe(_) => Target::Adversary,
        Val::Perm(id) => Target::Perm(*id),
        Val::Seat(s) => Target::Seat(*s),
        Val::Bluff(s, i) => Target::Bluff(g.site_index(*s)?, *i),
        Val::Trait(t) => Target::Value(*t),
        _ => return None,
    })
}

/// Cards of the hand the seat may play now, with a legal target each.
fn plays(g: &XfGame, seat: Seat) -> Vec<XfAction> {
    plays_with(g, seat, false)
}

/// Every card of the hand the seat may play now with every legal target
/// (what a menu of targets offers; `legal_actions` offers one target each).
pub fn every_play(g: &XfGame, seat: Seat) -> Vec<XfAction> {
    plays_with(g, seat, true)
}

fn plays_with(g: &XfGame, seat: Seat, every_target: bool) -> Vec<XfAction> {
    let mut out = Vec::new();
    let scripts = g.script_db();
    // The hand, and the cards it may play from under a card in play.
    let mut cards = g.player(seat).hand.clone();
    cards.extend(g.playable_under(seat).into_iter().map(|(_, c)| c));
    for card in distinct(&cards) {
        let kind = db().get(card).kind;
        if matches!(
            kind,
            CardType::Site | CardType::Equipment | CardType::Agent | CardType::XFile
        ) {
            continue;
        }
        let script = scripts.of(card);
        let modes = script.map_or(1, |s| s.plays.len().max(1)) as u8;
        for mode in 0..modes {
            let x = 1;
            let decl = script
                .and_then(|s| s.plays.get(usize::from(mode)))
                .and_then(|a| a.target.as_ref());
            let mut targets: Vec<Option<Target>> = vec![None];
            if let Some(decl) = decl {
                let src = super::effects::state::Source {
                    x,
                    ..super::effects::state::Source::new(
                        card,
                        super::effects::state::AbilityRef::Play(mode),
                        seat,
                    )
                };
                let found = g.select(&src, &Default::default(), &decl.sel);
                targets.extend(
                    found
                        .iter()
                        .take(if every_target { usize::MAX } else { 3 })
                        .filter_map(|v| as_target(g, v))
                        .map(Some),
                );
            } else if g.others_from(seat).len() > 1 && seat == g.active && g.inv_site().is_none() {
                targets.extend(
                    g.others_from(seat)
                        .into_iter()
                        .map(|s| Some(Target::Seat(s))),
                );
            }
            for target in targets {
                if g.check_play(seat, card, mode, &target, x, None).is_ok() {
                    out.push(XfAction::Play {
                        card,
                        mode,
                        target,
                        x,
                        pool: None,
                    });
                    if !every_target {
                        break;
                    }
                }
            }
        }
    }
    out
}

/// Abilities of cards in play the seat may use now.
fn uses(g: &XfGame, seat: Seat) -> Vec<XfAction> {
    let mut out: Vec<XfAction> = g
        .usable(seat)
        .into_iter()
        .map(|(card, agent, ability, target)| XfAction::Use {
            card,
            agent,
            ability,
            target: target.and_then(|t| as_target(g, &t)),
        })
        .collect();
    out.extend(
        g.usable_powers(seat)
            .into_iter()
            .map(|(value, ability, target)| XfAction::UsePower {
                value,
                ability,
                target,
            }),
    );
    if g.options.powers && g.player(seat).xfile.is_some() {
        for c in crate::cards::Category::ALL {
            if !g.player(seat).announced.contains(c) {
                out.push(XfAction::Announce { category: *c });
            }
        }
    }
    out
}

fn questions(g: &XfGame, site: u32) -> Vec<XfAction> {
    let mut out = Vec::new();
    for c in g.site_categories(site) {
        for v in crate::cards::Trait::of(c) {
            out.push(XfAction::Ask {
                category: c,
                value: *v,
            });
        }
    }
    out
}

pub fn legal_actions(g: &XfGame, seat: Seat) -> Vec<XfAction> {
    if g.phase == Phase::Over || g.player(seat).out {
        return Vec::new();
    }
    let mut out = candidates(g, seat);
    // Keep only what the engine accepts (plays were checked without a
    // copy; announcing is listed only when legal).
    let mut scratch = g.clone();
    out.retain(|a| {
        matches!(a, XfAction::Play { .. } | XfAction::Announce { .. })
            || super::actions::accepts(g, &mut scratch, seat, a)
    });
    if g.to_act_now().contains(&seat) {
        out.push(XfAction::Resign);
    }
    out
}

/// The move made for a seat whose deadline passed (`Game::default_action`),
/// from its legal actions: a pass, the end of the step, the free draw
/// (p. 18), buying nothing, a revealed Bluff let go; else the answer the
/// rules force (the X-File at the set-up, a choice, damage, the discard down
/// to the hand limit, p. 38) that costs the seat least. Never a card played,
/// used, bought or sold.
pub fn default_among(g: &XfGame, seat: Seat, legal: Vec<XfAction>) -> Option<XfAction> {
    use XfAction as A;
    let passive = [
        A::Pass,
        A::Done,
        A::Brief {
            draw: true,
            to_conspiracy: vec![],
        },
        A::Buy { count: 0 },
        A::Trade {
            sell: vec![],
            buy: 0,
        },
        A::PayBluff { pay: false, x: 0 },
    ];
    if let Some(a) = passive.into_iter().find(|a| legal.contains(a)) {
        return Some(a);
    }
    let mut forced: Vec<XfAction> = legal
        .into_iter()
        .filter(|a| {
            matches!(
                a,
                A::ChooseXFile { .. }
                    | A::Choose { .. }
                    | A::AssignDamage { .. }
                    | A::Discard { .. }
            )
        })
        .collect();
    // Declining a choice that allows it comes first among equals.
    forced.sort_by_key(|a| !matches!(a, A::Choose { picks } if picks.is_empty()));
    crate::engine::cheapest_answer(g, seat, forced, |g| holdings(g, seat))
}

/// What a default move must not spend: the hand (without the opponents'
/// cards it holds only for the turn), the pools, the Agents.
fn holdings(g: &XfGame, seat: Seat) -> Vec<i64> {
    let p = g.player(seat);
    let borrowed = g
        .stolen
        .iter()
        .filter(|(holder, ..)| *holder == seat)
        .count();
    vec![
        p.hand.len().saturating_sub(borrowed) as i64,
        i64::from(p.rp),
        i64::from(p.cp),
        p.agents.len() as i64,
    ]
}

/// Answers to a pending choice: each single option, and for a choice of
/// several the first ones.
fn answers(g: &XfGame) -> Vec<XfAction> {
    let Some(c) = &g.choice else {
        return Vec::new();
    };
    c.sample_answers()
        .into_iter()
        .map(|picks| XfAction::Choose { picks })
        .collect()
}

fn candidates(g: &XfGame, seat: Seat) -> Vec<XfAction> {
    use XfAction as A;
    if let Some(c) = &g.choice {
        return if c.seat == seat {
            answers(g)
        } else {
            Vec::new()
        };
    }
    if let Some(f) = g.frames.last() {
        let bluff_owner = g
            .investigation
            .as_ref()
            .filter(|i| i.stage == Stage::Bluff && i.frame == f.id && g.stack.len() <= f.base)
            .and_then(|i| g.site(i.site))
            .and_then(|s| s.bluffs.first())
            .map(|b| (b.owner, b.card));
        if let Some((owner, card)) = bluff_owner {
            return if owner == seat {
                let mut pays: Vec<XfAction> = bluff_x_values(g, card)
                    .into_iter()
                    .map(|x| A::PayBluff { pay: true, x })
                    .collect();
                pays.push(A::PayBluff { pay: false, x: 0 });
                pays
            } else {
                Vec::new()
            };
        }
        if let FrameKind::Combat(c) = &f.kind
            && c.step == CombatStep::Assign
        {
            if c.owner != seat {
                return Vec::new();
            }
            let witnesses = g
                .fighting_witnesses()
                .into_iter()
                .filter_map(|w| g.perm(w.0).map(|p| p.card));
            return g
                .fighters()
                .into_iter()
                .map(|a| a.card)
                .chain(witnesses)
                .map(|card| A::AssignDamage {
                    to: vec![(card, c.pending_damage())],
                })
                .collect();
        }
        if f.priority != seat {
            return Vec::new();
        }
        let mut out = vec![A::Pass];
        out.extend(plays(g, seat));
        out.extend(uses(g, seat));
        return out;
    }
    if !g.to_act_now().contains(&seat) {
        // Out of turn: a card whose Activators allow it (p. 16).
        let mut out = plays(g, seat);
        out.extend(uses(g, seat));
        return out;
    }
    let p = g.player(seat);
    let mut out = plays(g, seat);
    out.extend(uses(g, seat));
    match &g.phase {
        Phase::Over => {}
        Phase::ChooseXFile => out.extend(p.candidates.iter().map(|c| A::ChooseXFile { card: *c })),
        Phase::Draw => draw_moves(g, seat, &mut out),
        Phase::Buy => out.extend((0..=p.rp.min(3)).map(|n| A::Buy { count: n })),
        Phase::Trade(_) => trade_moves(g, seat, &mut out),
        Phase::Requisition => requisition_moves(g, seat, &mut out),
        Phase::Deployment => deployment_moves(g, seat, &mut out),
        Phase::CaseAssignment => site_moves(g, seat, &mut out),
        Phase::Bluffing(_) => bluff_moves(g, seat, &mut out),
        // The end of the Case Assignment Phase: the Investigation Phase's
        // moves begin that phase (`Phase::CaseEnd`).
        Phase::Investigation | Phase::CaseEnd => investigation_moves(g, seat, &mut out),
        Phase::Investigating => resolve_moves(g, seat, &mut out),
        Phase::Debriefing if g.basic().is_some() => basic_debrief_moves(g, seat, &mut out),
        Phase::Debriefing => debrief_moves(g, seat, &mut out),
    }
    // An opponent's purchase waits for this move: a pass lets it be drawn
    // (the window for Relentless Pursuit).
    if g.owed_draw.is_some() && seat == g.active {
        out.push(A::Pass);
    }
    out
}

/// The free draw (or not), and RES to the Conspiracy where a card allows it.
fn draw_moves(g: &XfGame, seat: Seat, out: &mut Vec<XfAction>) {
    use XfAction as A;
    let p = g.player(seat);
    out.push(A::Brief {
        draw: true,
        to_conspiracy: vec![],
    });
    out.push(A::Brief {
        draw: false,
        to_conspiracy: vec![],
    });
    let krycek: Vec<CardIdx> = p
        .agents
        .iter()
        .filter(|a| !a.temporary && g.res_to_conspiracy(super::AgentRef { seat, card: a.card }))
        .map(|a| a.card)
        .collect();
    if !krycek.is_empty() {
        out.push(A::Brief {
            draw: true,
            to_conspiracy: krycek,
        });
    }
}

/// An opponent's sales and purchases (a sample): buying up to two, selling
/// any one card to buy one in its place, or selling every card it may.
fn trade_moves(g: &XfGame, seat: Seat, out: &mut Vec<XfAction>) {
    use XfAction as A;
    let p = g.player(seat);
    let sellable: Vec<CardIdx> = p
        .hand
        .iter()
        .copied()
        .filter(|c| XfGame::sale_value(*c).is_some())
        .collect();
    for buy in 0..=p.cp.min(2) {
        out.push(A::Trade { sell: vec![], buy });
    }
    for card in distinct(&sellable) {
        out.push(A::Trade {
            sell: vec![card],
            buy: 1,
        });
    }
    if !sellable.is_empty() {
        out.push(A::Trade {
            sell: sellable.clone(),
            buy: 0,
        });
    }
}

/// The different cards of a type in a player's hand.
fn hand_of(p: &super::Player, kind: CardType) -> Vec<CardIdx> {
    distinct(&p.hand)
        .into_iter()
        .filter(|c| db().get(*c).kind == kind)
        .collect()
}

/// Equipment for each Agent.
fn requisition_moves(g: &XfGame, seat: Seat, out: &mut Vec<XfAction>) {
    use XfAction as A;
    let p = g.player(seat);
    out.push(A::Done);
    for card in hand_of(p, CardType::Equipment) {
        for a in &p.agents {
            out.push(A::Equip {
                agent: a.card,
                card,
            });
        }
    }
}

/// Agents between sections, and Agents brought from the hand.
fn deployment_moves(g: &XfGame, seat: Seat, out: &mut Vec<XfAction>) {
    use XfAction as A;
    let p = g.player(seat);
    out.push(A::Done);
    for a in &p.agents {
        for section in [Section::Bureau, Section::Field, Section::Hospital] {
            if section != a.section {
                out.push(A::Deploy {
                    agent: a.card,
                    section,
                    team: 0,
                });
            }
        }
    }
    for card in hand_of(p, CardType::Agent) {
        out.push(A::BuyAgent {
            card,
            section: Section::Field,
            team: 0,
        });
    }
}

/// Sites from the hand, directed at each opponent.
fn site_moves(g: &XfGame, seat: Seat, out: &mut Vec<XfAction>) {
    use XfAction as A;
    let p = g.player(seat);
    out.push(A::Done);
    // The hand's Sites, and its own under a card that plays them (Travel Plans).
    let mut sites = hand_of(p, CardType::Site);
    sites.extend(
        g.playable_under(seat)
            .into_iter()
            .filter(|(id, c)| {
                db().get(*c).kind == CardType::Site && g.under_owner(*id) == Some(seat)
            })
            .map(|(_, c)| c),
    );
    for card in distinct(&sites) {
        for d in g.others_from(seat) {
            out.push(A::PlaySite {
                card,
                directed: Some(d),
                free: false,
            });
            out.push(A::PlaySite {
                card,
                directed: Some(d),
                free: true,
            });
        }
    }
}

/// Bluffs under the active player's Sites (a sample of cards).
/// The X a revealed Bluff may be paid with: its printed values (1, 3, 5,
/// 9), any X up to 9 for another X cost, and none for a fixed cost.
fn bluff_x_values(g: &XfGame, card: CardIdx) -> Vec<u32> {
    let variable = db()
        .get(card)
        .cost
        .is_some_and(|c| matches!(c.amount, crate::cards::Amount::Variable { .. }));
    if !variable {
        return vec![0];
    }
    let printed = g
        .script_db()
        .of(card)
        .and_then(|s| s.plays.first())
        .map(|p| p.x_values.clone())
        .unwrap_or_default();
    if printed.is_empty() {
        (1..=9).collect()
    } else {
        printed
    }
}

fn bluff_moves(g: &XfGame, seat: Seat, out: &mut Vec<XfAction>) {
    use XfAction as A;
    let p = g.player(seat);
    out.push(A::Done);
    for (i, s) in g.sites.iter().enumerate() {
        if s.owner == g.active && s.bluffs.len() < 3 {
            for card in distinct(&p.hand).into_iter().take(4) {
                out.push(A::PlaceBluff { site: i, card });
            }
            // Those kept under a card in play to be placed (Men In Black).
            let kept: Vec<CardIdx> = g.bluffs_under(seat).into_iter().map(|x| x.1).collect();
            for card in distinct(&kept) {
                out.push(A::PlaceBluff { site: i, card });
            }
        }
    }
}

/// Each Site with the ready Team (and each skill of an "or" prerequisite),
/// and with the fewest of them that meet its prerequisite: two Teams in the
/// Field may investigate two Sites in one turn (p. 23, Teams).
fn investigation_moves(g: &XfGame, seat: Seat, out: &mut Vec<XfAction>) {
    use XfAction as A;
    let p = g.player(seat);
    out.push(A::Done);
    let again = |a: &super::Agent| {
        g.second_site(super::AgentRef { seat, card: a.card })
            .is_some()
    };
    let ready: Vec<CardIdx> = p
        .agents
        .iter()
        .filter(|a| a.section == Section::Field && a.away.is_none())
        .filter(|a| !a.investigated || again(a))
        .map(|a| a.card)
        .collect();
    if !ready.is_empty() {
        for (i, s) in g.sites.iter().enumerate() {
            let ready: Vec<CardIdx> = ready
                .iter()
                .copied()
                .filter(|c| g.may_investigate_with(&[*c], s.card))
                .collect();
            if s.owner != g.active || ready.is_empty() || g.site_barred_by(seat, s.id).is_some() {
                continue;
            }
            let skills: Vec<Option<Skill>> = match &db().get(s.card).prerequisite {
                Some(crate::cards::Prerequisite::AnyOf(t)) if t.len() > 1 => {
                    t.iter().map(|t| Some(t.skill)).collect()
                }
                _ => vec![None],
            };
            for skill in skills {
                out.push(A::Investigate {
                    site: i,
                    team: ready.clone(),
                    skill,
                });
                if let Some(team) = least_team(s.card, &ready, skill) {
                    out.push(A::Investigate {
                        site: i,
                        team,
                        skill,
                    });
                }
            }
        }
    }
}

/// The fewest of `ready` whose printed skills meet a Site's prerequisite
/// (for an "or" prerequisite, the announced skill's), the most skilled
/// first; `None` when it takes all of them or they cannot meet it.
fn least_team(site: CardIdx, ready: &[CardIdx], skill: Option<Skill>) -> Option<Vec<CardIdx>> {
    let needs: Vec<&Threshold> = db()
        .get(site)
        .prerequisite
        .as_ref()?
        .thresholds()
        .iter()
        .filter(|t| skill.is_none_or(|k| k == t.skill))
        .collect();
    if needs.is_empty() {
        return None;
    }
    let skill_of =
        |team: &[CardIdx], k: Skill| team.iter().map(|a| db().get(*a).skill(k)).sum::<i32>();
    let help = |a: &CardIdx| {
        needs
            .iter()
            .map(|t| db().get(*a).skill(t.skill))
            .sum::<i32>()
    };
    let mut strongest = ready.to_vec();
    strongest.sort_by_key(|a| std::cmp::Reverse(help(a)));
    let meets = |team: &[CardIdx]| {
        needs
            .iter()
            .all(|t| skill_of(team, t.skill) >= i32::from(t.min))
    };
    let n = (1..ready.len()).find(|n| meets(&strongest[..*n]))?;
    Some(strongest[..n].to_vec())
}

/// A Site's question or guess, or its penalty.
fn resolve_moves(g: &XfGame, seat: Seat, out: &mut Vec<XfAction>) {
    use XfAction as A;
    let inv = g.investigation.as_ref().expect("investigating");
    match &inv.stage {
        Stage::Resolve { .. } => {
            out.push(A::Done);
            out.extend(questions(g, inv.site));
            let of = g.inv_site().expect("investigating").directed;
            let left = consistent_xfiles(g, seat, of);
            if left.len() <= 4 {
                out.extend(left.into_iter().map(|x| A::Guess { xfile: x }));
            }
        }
        Stage::Penalty => {
            out.push(A::Done);
            out.extend(questions(g, inv.site).into_iter().take(5));
            let left = consistent_xfiles(g, seat, g.active);
            if left.len() <= 2 {
                out.extend(left.into_iter().map(|x| A::Guess { xfile: x }));
            }
        }
        _ => {}
    }
}

/// The Basic Game's Debriefing discards.
fn basic_debrief_moves(g: &XfGame, seat: Seat, out: &mut Vec<XfAction>) {
    use XfAction as A;
    let p = g.player(seat);
    // Keep the hand, or throw back one, or three cards (SCR16-48).
    out.push(A::Done);
    for n in [1, super::basic::DEBRIEF_DISCARDS] {
        if p.hand.len() >= n {
            out.push(A::Discard {
                cards: p.hand[..n].to_vec(),
            });
        }
    }
}

/// Discards down to the hand limit, else done.
fn debrief_moves(g: &XfGame, seat: Seat, out: &mut Vec<XfAction>) {
    use XfAction as A;
    let p = g.player(seat);
    let excess = p.hand.len().saturating_sub(g.hand_limit(seat));
    if excess > 0 {
        out.push(A::Discard {
            cards: p.hand[..excess].to_vec(),
        });
        out.push(A::Discard {
            cards: p.hand[p.hand.len() - excess..].to_vec(),
        });
    } else if seat == g.active {
        out.push(A::Done);
    }
}

/// An action in words (for "what you may do now").
pub fn describe(action: &XfAction) -> String {
    let name = |c: &CardIdx| db().get(*c).title.clone();
    match action {
        XfAction::ChooseXFile { card } => format!("choose {} as your X-File", name(card)),
        XfAction::Brief { draw, .. } => {
            if *draw {
                "take the free draw".into()
            } else {
                "skip the free draw".into()
            }
        }
        XfAction::Buy { count } => format!("buy {count} cards"),
        XfAction::Trade { sell, buy } => format!("sell {} cards and buy {buy}", sell.len()),
        XfAction::Equip { agent, card } => format!("give {} to {}", name(card), name(agent)),
        XfAction::Transfer { card, to, .. } => format!("pass {} to {}", name(card), name(to)),
        XfAction::Deploy { agent, section, .. } => {
            format!("move {} to the {}", name(agent), section.as_str())
        }
        XfAction::BuyAgent { card, .. } => format!("bring {} from your hand", name(card)),
        XfAction::PlaySite { card, .. } => format!("play the Site {}", name(card)),
        XfAction::PlaceBluff { .. } => "place a Bluff".into(),
        XfAction::PeekBluff { .. } => "examine a Bluff".into(),
        XfAction::Investigate { site, .. } => format!("investigate Site {}", site + 1),
        XfAction::PayBluff { pay, .. } => {
            if *pay {
                "pay for your Bluff".into()
            } else {
                "let your Bluff go".into()
            }
        }
        XfAction::Choose { .. } => "choose".into(),
        XfAction::Use { card, .. } => format!("use {}", name(card)),
        XfAction::UsePower { value, .. } => format!("use the X-File Power {value}"),
        XfAction::Announce { category } => format!(
            "announce your X-File's {}",
            category.as_str().to_uppercase()
        ),
        XfAction::Play { card, .. } => format!("play {}", name(card)),
        XfAction::PlayTogether { plays } => {
            let names: Vec<String> = plays.iter().map(|p| name(&p.card)).collect();
            format!("play {} together", names.join(" and "))
        }
        XfAction::Pass => "pass".into(),
        XfAction::AssignDamage { to } => match to.first() {
            Some((c, n)) => format!("assign {n} damage to {}", name(c)),
            None => "assign damage".into(),
        },
        XfAction::Aim { agent, .. } => format!("aim {}", name(agent)),
        XfAction::Ask { category, value } => format!(
            "ask whether the {} is {value}",
            category.as_str().to_uppercase()
        ),
        XfAction::Guess { xfile } => format!("guess {}", name(xfile)),
        XfAction::Done => "be done with this step".into(),
        XfAction::Discard { cards } => format!("discard {} cards", cards.len()),
        XfAction::Manual(_) => "a manual step".into(),
        XfAction::Dispute => "dispute the last manual step".into(),
        XfAction::Resign => "resign".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::normal_move;
    use crate::engine::xfiles::world::tests::normal_game_until;
    use crate::engine::{Game, GameRng};

    #[test]
    fn a_scratch_copy_remade_with_clone_from_equals_the_game_again() {
        let g = normal_game_until(3, |_, made| made >= 80);
        let mut scratch = g.clone();
        let mut rng = GameRng::seeded(5);
        for _ in 0..40 {
            assert!(normal_move(&mut scratch, &mut rng), "a legal move");
        }
        assert_ne!(scratch, g, "forty moves changed the copy");
        scratch.clone_from(&g);
        assert_eq!(scratch, g);
        assert_eq!(format!("{scratch:?}"), format!("{g:?}"), "every field");
    }

    #[test]
    fn every_move_listed_is_accepted_by_the_engine() {
        let mut g = normal_game_until(4, |_, made| made >= 20);
        let mut rng = GameRng::seeded(6);
        for _ in 0..200 {
            for seat in g.to_act() {
                for a in legal_actions(&g, seat) {
                    let mut copy = g.clone();
                    assert!(copy.apply(seat, &a).is_ok(), "{a:?} listed but refused");
                }
            }
            if g.outcome().is_some() || !normal_move(&mut g, &mut rng) {
                break;
            }
        }
    }
}
