//! The actions a seat may take now: what bots choose from and what the
//! table suggests. Where choices are many (targets, sales, Bluffs) a
//! representative subset is offered; every action listed is legal.

use super::{CombatStep, Phase, Stage, Target, XfAction, XfGame};
use crate::cards::effects::{Effect, Section, effects};
use crate::cards::{CardIdx, CardType, Trait, db};
use crate::engine::{Seat, step};

fn distinct(cards: &[CardIdx]) -> Vec<CardIdx> {
    let mut v = cards.to_vec();
    v.sort();
    v.dedup();
    v
}

/// X-Files a player's notebook has not ruled out for this opponent.
pub fn consistent_xfiles(g: &XfGame, seat: Seat, of: Seat) -> Vec<CardIdx> {
    let mut seen: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for (idx, c) in db().iter() {
        if c.kind != CardType::XFile || seen.contains(&c.title) {
            continue;
        }
        let Some(ch) = c.characteristics else {
            continue;
        };
        let fits = g.player(seat).notebook.iter().all(|n| match n {
            super::Note::Answer {
                about,
                category,
                value,
                yes,
            } if *about == of => ch.answers_yes(*category, *value) == *yes,
            super::Note::WrongGuess { about, xfile } if *about == of => {
                db().get(*xfile).title != c.title
            }
            _ => true,
        });
        seen.push(c.title.clone());
        if fits {
            out.push(idx);
        }
    }
    out
}

fn plays(g: &XfGame, seat: Seat, combat: bool) -> Vec<XfAction> {
    let mut out = Vec::new();
    let mut targets: Vec<Option<Target>> = vec![None];
    if combat {
        targets.push(Some(Target::Adversary));
    }
    for f in g.fighters() {
        targets.push(Some(Target::Agent(f)));
    }
    if let Some(inv) = &g.investigation {
        for i in 0..inv.check.stack.len() {
            targets.push(Some(Target::Stack(i)));
        }
    }
    targets.push(Some(Target::Value(Trait::Alien)));
    for card in distinct(&g.player(seat).hand) {
        let modes = effects().of(card).modes.len().max(1) as u8;
        for mode in 0..modes {
            for target in &targets {
                let ok = if combat {
                    g.combat_play_check(seat, card, mode, target, 1, None)
                        .is_ok()
                } else {
                    g.check_play(seat, card, mode, target, 1, None).is_ok()
                };
                if ok {
                    out.push(XfAction::Play {
                        card,
                        mode,
                        target: target.clone(),
                        x: 1,
                        pool: None,
                    });
                    break;
                }
            }
        }
    }
    out
}

fn questions(g: &XfGame, site: usize) -> Vec<XfAction> {
    let card = db().get(g.sites[site].card);
    let mut out = Vec::new();
    for c in card.question.iter().flat_map(|q| q.categories.iter()) {
        for v in Trait::of(*c) {
            out.push(XfAction::Ask {
                category: *c,
                value: *v,
            });
        }
    }
    out
}

pub fn legal_actions(g: &XfGame, seat: Seat) -> Vec<XfAction> {
    let mut out = candidates(g, seat);
    // Keep only what the engine accepts (cheap: a copy of the state per try).
    out.retain(|a| step(g, seat, a).is_ok());
    if g.to_act_now().contains(&seat) && g.phase != Phase::Over {
        out.push(XfAction::Resign);
    }
    out
}

fn candidates(g: &XfGame, seat: Seat) -> Vec<XfAction> {
    use XfAction as A;
    if !g.to_act_now().contains(&seat) {
        return Vec::new();
    }
    let p = g.player(seat);
    let mut out = Vec::new();
    match &g.phase {
        Phase::Over => {}
        Phase::ChooseXFile => out.extend(p.candidates.iter().map(|c| A::ChooseXFile { card: *c })),
        Phase::Draw => {
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
                .filter(|a| {
                    !a.temporary
                        && effects()
                            .of(a.card)
                            .all()
                            .any(|e| *e == Effect::ResToConspiracy)
                })
                .map(|a| a.card)
                .collect();
            if !krycek.is_empty() {
                out.push(A::Brief {
                    draw: true,
                    to_conspiracy: krycek,
                });
            }
        }
        Phase::Buy => out.extend((0..=p.rp.min(3)).map(|n| A::Buy { count: n })),
        Phase::Trade(_) => {
            let sellable: Vec<CardIdx> = p
                .hand
                .iter()
                .copied()
                .filter(|c| XfGame::sale_value(*c).is_some())
                .collect();
            for buy in 0..=p.cp.min(2) {
                out.push(A::Trade { sell: vec![], buy });
            }
            if let Some(first) = sellable.first() {
                out.push(A::Trade {
                    sell: vec![*first],
                    buy: 1,
                });
                out.push(A::Trade {
                    sell: sellable.clone(),
                    buy: 0,
                });
            }
        }
        Phase::Requisition => {
            out.push(A::Done);
            for card in distinct(&p.hand)
                .into_iter()
                .filter(|c| db().get(*c).kind == CardType::Equipment)
            {
                for a in &p.agents {
                    out.push(A::Equip {
                        agent: a.card,
                        card,
                    });
                }
            }
        }
        Phase::Deployment => {
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
            for card in distinct(&p.hand)
                .into_iter()
                .filter(|c| db().get(*c).kind == CardType::Agent)
            {
                out.push(A::BuyAgent {
                    card,
                    section: Section::Field,
                    team: 0,
                });
            }
        }
        Phase::CaseAssignment => {
            out.push(A::Done);
            for card in distinct(&p.hand)
                .into_iter()
                .filter(|c| db().get(*c).kind == CardType::Site)
            {
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
        Phase::Bluffing(_) => {
            out.push(A::Done);
            for (i, s) in g.sites.iter().enumerate() {
                if s.owner == g.active && s.bluffs.len() < 3 {
                    for card in distinct(&p.hand).into_iter().take(4) {
                        out.push(A::PlaceBluff { site: i, card });
                    }
                }
            }
        }
        Phase::Investigation => {
            out.push(A::Done);
            let ready: Vec<CardIdx> = p
                .agents
                .iter()
                .filter(|a| a.section == Section::Field && !a.investigated)
                .map(|a| a.card)
                .collect();
            if !ready.is_empty() {
                for (i, s) in g.sites.iter().enumerate() {
                    if s.owner != g.active {
                        continue;
                    }
                    let skills: Vec<Option<crate::cards::Skill>> =
                        match &db().get(s.card).prerequisite {
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
                    }
                }
            }
        }
        Phase::Investigating => {
            let inv = g.investigation.as_ref().expect("investigating");
            match &inv.stage {
                Stage::Bluff => {
                    out.push(A::PayBluff { pay: true });
                    out.push(A::PayBluff { pay: false });
                }
                Stage::ChooseAgents { keep } => {
                    let team = &inv.team;
                    for skip in 0..team.len() {
                        let kept: Vec<CardIdx> = team
                            .iter()
                            .enumerate()
                            .filter(|(i, _)| *i != skip)
                            .map(|(_, c)| *c)
                            .take(usize::from(*keep))
                            .collect();
                        out.push(A::Keep { agents: kept });
                    }
                }
                Stage::Check => match &inv.combat {
                    Some(c) if c.step == CombatStep::Assign => {
                        for f in g.fighters() {
                            out.push(A::AssignDamage {
                                to: vec![(f.card, c.pending_damage)],
                            });
                        }
                    }
                    Some(_) => {
                        out.push(A::Pass);
                        out.extend(plays(g, seat, true));
                    }
                    None => {
                        out.push(A::Pass);
                        out.extend(plays(g, seat, false));
                    }
                },
                Stage::Resolve { .. } => {
                    out.push(A::Done);
                    out.extend(questions(g, inv.site));
                    let of = g.sites[inv.site].directed;
                    let left = consistent_xfiles(g, seat, of);
                    if left.len() <= 4 {
                        out.extend(left.into_iter().map(|x| A::Guess { xfile: x }));
                    }
                }
                Stage::Penalty => {
                    out.push(A::Pass);
                    out.extend(questions(g, inv.site).into_iter().take(5));
                    let left = consistent_xfiles(g, seat, g.active);
                    if left.len() <= 2 {
                        out.extend(left.into_iter().map(|x| A::Guess { xfile: x }));
                    }
                }
            }
        }
        Phase::Debriefing => {
            let excess = p
                .hand
                .len()
                .saturating_sub(usize::from(g.options.hand_limit));
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
    }
    out
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
        XfAction::PayBluff { pay } => {
            if *pay {
                "pay for your Bluff".into()
            } else {
                "let your Bluff go".into()
            }
        }
        XfAction::Keep { .. } => "choose the Agents who go".into(),
        XfAction::Play { card, .. } => format!("play {}", name(card)),
        XfAction::Pass => "pass".into(),
        XfAction::AssignDamage { to } => match to.first() {
            Some((c, n)) => format!("assign {n} damage to {}", name(c)),
            None => "assign damage".into(),
        },
        XfAction::Ask { category, value } => format!(
            "ask whether the {} is {value}",
            category.as_str().to_uppercase()
        ),
        XfAction::Guess { xfile } => format!("guess {}", name(xfile)),
        XfAction::Done => "be done with this step".into(),
        XfAction::Discard { cards } => format!("discard {} cards", cards.len()),
        XfAction::Manual(_) => "a manual step".into(),
        XfAction::Resign => "resign".into(),
    }
}
