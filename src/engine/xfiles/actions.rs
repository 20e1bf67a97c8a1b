//! The actions of the Advanced Game and where each is handled.

use serde::{Deserialize, Serialize};

use super::{Events, Pending, Phase, Stage, Target, XfEvent, XfGame};
use crate::cards::effects::Section;
use crate::cards::{CardIdx, Category, Pool, Skill, Trait, db};
use crate::engine::{Event, Refusal, Seat};

/// An Agent, by owner and card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct AgentRef {
    pub seat: Seat,
    pub card: CardIdx,
}

/// A player's move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum XfAction {
    /// Set-up: the X-File you play with, chosen in secret (p. 5).
    ChooseXFile {
        card: CardIdx,
    },
    /// Briefing: the free draw, and RES to RP (or CP, for Agents that allow it) (p. 18).
    Brief {
        draw: bool,
        to_conspiracy: Vec<CardIdx>,
    },
    /// Briefing: buy cards from the top of the deck, all at once (p. 11).
    Buy {
        count: u32,
    },
    /// Briefing, an opponent: sell RP/*P cards for CP, then buy with CP (p. 12).
    Trade {
        sell: Vec<CardIdx>,
        buy: u32,
    },
    /// Requisition: pay for Equipment and give it to an Agent (p. 21).
    Equip {
        agent: CardIdx,
        card: CardIdx,
    },
    /// Requisition: pass Equipment within a Team (p. 21).
    Transfer {
        card: CardIdx,
        from: CardIdx,
        to: CardIdx,
    },
    /// Deployment: send an Agent to a section and Team (p. 23).
    Deploy {
        agent: CardIdx,
        section: Section,
        team: u8,
    },
    /// Deployment: an Agent from the hand helps for this turn (p. 15).
    BuyAgent {
        card: CardIdx,
        section: Section,
        team: u8,
    },
    /// Case Assignment: place and pay a Site, directed at an opponent (pp. 24, 40).
    PlaySite {
        card: CardIdx,
        directed: Option<Seat>,
        free: bool,
    },
    /// Case Assignment, an opponent: any card face down under a Site (p. 25).
    PlaceBluff {
        site: usize,
        card: CardIdx,
    },
    /// Use an Agent's token to look at a face-down Bluff (Agent Scully).
    PeekBluff {
        agent: CardIdx,
        site: usize,
        index: usize,
    },
    /// Investigation: send a Team to a Site, announcing the skill (pp. 24, 27).
    Investigate {
        site: usize,
        team: Vec<CardIdx>,
        skill: Option<Skill>,
    },
    /// The owner of a revealed Bluff pays for it (1 CP less) or lets it go (p. 25).
    PayBluff {
        pay: bool,
    },
    /// Choose the Agents a Bluff lets through.
    Keep {
        agents: Vec<CardIdx>,
    },
    /// Play a card from the hand: its mode ("Alternately"), target, X and,
    /// for a *P card played by a third player, the pool it helps.
    Play {
        card: CardIdx,
        mode: u8,
        target: Option<Target>,
        x: u32,
        pool: Option<Pool>,
    },
    /// Play nothing more now.
    Pass,
    /// Combat: the Adversary's damage, to one Agent (or split when it may be).
    AssignDamage {
        to: Vec<(CardIdx, u8)>,
    },
    /// After a successful investigation (or as the penalty): one yes/no question.
    Ask {
        category: Category,
        value: Trait,
    },
    /// Name an opponent's X-File.
    Guess {
        xfile: CardIdx,
    },
    /// Done with the current step or phase.
    Done,
    /// Discard cards from the hand (Debriefing).
    Discard {
        cards: Vec<CardIdx>,
    },
    /// A generic adjustment for card text the engine does not automate.
    Manual(Manual),
    Resign,
}

/// Manual steps: what a player does by hand for a card's text, logged for all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Manual {
    /// Adds to (or subtracts from) the skill check in progress.
    CheckModifier {
        amount: i32,
    },
    Heal {
        agent: AgentRef,
        amount: u8,
    },
    Damage {
        agent: AgentRef,
        amount: u8,
    },
    Move {
        agent: AgentRef,
        section: Section,
    },
    /// Draw cards into your own hand.
    Draw {
        count: u8,
    },
    /// Change your own pool.
    Pool {
        pool: Pool,
        delta: i32,
    },
}

pub fn apply(g: &mut XfGame, seat: Seat, action: &XfAction) -> Result<Events, Refusal> {
    if usize::from(seat) >= g.players.len() {
        return Err(Refusal::new("there is no such seat"));
    }
    if g.phase == Phase::Over {
        return Err(Refusal::new("the game is over"));
    }
    if g.player(seat).out {
        return Err(Refusal::new("you have left this game"));
    }
    let mut events = Vec::new();
    match action {
        XfAction::Resign => g.resign(seat, &mut events),
        XfAction::Manual(m) => g.manual(seat, m, &mut events)?,
        _ => {
            if !g.to_act_now().contains(&seat)
                && !matches!(
                    action,
                    XfAction::Discard { .. } | XfAction::PeekBluff { .. }
                )
            {
                return Err(g.not_your_move(seat));
            }
            dispatch(g, seat, action, &mut events)?;
        }
    }
    Ok(events)
}

fn dispatch(
    g: &mut XfGame,
    seat: Seat,
    action: &XfAction,
    events: &mut Events,
) -> Result<(), Refusal> {
    use XfAction as A;
    let stage = g.investigation.as_ref().map(|i| i.stage.clone());
    match (&g.phase, action) {
        (Phase::ChooseXFile, A::ChooseXFile { card }) => g.choose_xfile(seat, *card, events),
        (
            Phase::Draw,
            A::Brief {
                draw,
                to_conspiracy,
            },
        ) => g.brief(*draw, to_conspiracy, events),
        (Phase::Buy, A::Buy { count }) => g.buy(*count, events),
        (Phase::Trade(_), A::Trade { sell, buy }) => g.trade(seat, sell, *buy, events),
        (Phase::Requisition, A::Equip { agent, card }) => g.equip(*agent, *card, events),
        (Phase::Requisition, A::Transfer { card, from, to }) => {
            g.transfer(*card, *from, *to, events)
        }
        (
            Phase::Deployment,
            A::Deploy {
                agent,
                section,
                team,
            },
        ) => g.deploy(*agent, *section, *team, events),
        (
            Phase::Investigation,
            A::Deploy {
                agent,
                section: Section::Field,
                team,
            },
        ) => g.deploy(*agent, Section::Field, *team, events),
        (
            Phase::Deployment,
            A::BuyAgent {
                card,
                section,
                team,
            },
        ) => g.buy_agent(*card, *section, *team, events),
        (
            Phase::CaseAssignment,
            A::PlaySite {
                card,
                directed,
                free,
            },
        ) => g.play_site(*card, *directed, *free, events),
        (Phase::Bluffing(_), A::PlaceBluff { site, card }) => {
            g.place_bluff(seat, *site, *card, events)
        }
        (_, A::PeekBluff { agent, site, index }) => {
            g.peek_bluff(seat, *agent, *site, *index, events)
        }
        (Phase::Investigation, A::Investigate { site, team, skill }) => {
            g.investigate(*site, team, *skill, events)
        }
        (Phase::Investigating, A::PayBluff { pay }) if stage == Some(Stage::Bluff) => {
            g.pay_bluff(*pay, events)
        }
        (Phase::Investigating, A::Keep { agents })
            if matches!(stage, Some(Stage::ChooseAgents { .. })) =>
        {
            g.keep_agents(agents, events)
        }
        (
            Phase::Investigating,
            A::Play {
                card,
                mode,
                target,
                x,
                pool,
            },
        ) if stage == Some(Stage::Check) => {
            let play = Pending {
                card: *card,
                player: seat,
                mode: *mode,
                target: target.clone(),
                x: *x,
            };
            g.play_in_check(play, *pool, events)
        }
        (Phase::Investigating, A::Pass) if stage == Some(Stage::Check) => {
            g.pass_in_check(seat, events)
        }
        (Phase::Investigating, A::AssignDamage { to }) if stage == Some(Stage::Check) => {
            g.assign_damage(seat, to, events)
        }
        (Phase::Investigating, A::Ask { category, value }) => {
            g.ask(seat, *category, *value, events)
        }
        (Phase::Investigating, A::Guess { xfile }) => g.guess(seat, *xfile, events),
        (Phase::Investigating, A::Done | A::Pass)
            if matches!(stage, Some(Stage::Resolve { .. } | Stage::Penalty)) =>
        {
            g.end_site(events);
            Ok(())
        }
        (
            Phase::Requisition | Phase::Deployment | Phase::CaseAssignment | Phase::Investigation,
            A::Play {
                card,
                mode,
                target,
                x,
                pool,
            },
        ) => {
            let pending = Pending {
                card: *card,
                player: seat,
                mode: *mode,
                target: target.clone(),
                x: *x,
            };
            g.play_now(pending, *pool, events)
        }
        (Phase::Debriefing, A::Discard { cards }) => g.debrief_discard(seat, cards, events),
        (_, A::Done) => g.done(seat, events),
        _ => Err(g.out_of_phase(seat)),
    }
}

impl XfGame {
    /// Manual steps are allowed to any player at any time and logged for all;
    /// they keep every pool and HEALTH within bounds.
    fn manual(&mut self, seat: Seat, m: &Manual, events: &mut Events) -> Result<(), Refusal> {
        let name = |c: CardIdx| db().get(c).title.clone();
        let text = match m {
            Manual::CheckModifier { amount } => {
                let inv = self
                    .investigation
                    .as_mut()
                    .filter(|i| i.stage == Stage::Check)
                    .ok_or_else(|| Refusal::new("there is no skill check in progress to modify"))?;
                inv.check.mods.push((None, *amount));
                format!("modifies the skill check by {amount:+}")
            }
            Manual::Heal { agent, amount } => {
                let a = self
                    .agent_mut(*agent)
                    .ok_or_else(|| Refusal::new("there is no such Agent in play"))?;
                a.damage = a.damage.saturating_sub(*amount);
                a.heal_blocked = false;
                format!("heals {} of {amount}", name(agent.card))
            }
            Manual::Damage { agent, amount } => {
                let a = self
                    .agent_mut(*agent)
                    .ok_or_else(|| Refusal::new("there is no such Agent in play"))?;
                a.damage = (a.damage + amount).min(a.health());
                if a.current_health() == 0 {
                    a.section = Section::Hospital;
                }
                format!("deals {amount} damage to {}", name(agent.card))
            }
            Manual::Move { agent, section } => {
                let a = self
                    .agent_mut(*agent)
                    .ok_or_else(|| Refusal::new("there is no such Agent in play"))?;
                if a.section == Section::Hospital && !a.may_leave_hospital() {
                    return Err(Refusal::new(
                        "an injured Agent may not leave the Hospital before HEALTH 3 (p. 20)",
                    ));
                }
                a.section = *section;
                format!("moves {} to the {}", name(agent.card), section.as_str())
            }
            Manual::Draw { count } => {
                let drawn = self.draw(seat, usize::from(*count), events);
                events.push(Event::private(
                    seat,
                    XfEvent::DrewCards {
                        cards: drawn.clone(),
                    },
                ));
                format!("draws {} cards", drawn.len())
            }
            Manual::Pool { pool, delta } => {
                let p = self.player_mut(seat);
                let slot = match pool {
                    Pool::Rp => &mut p.rp,
                    _ => &mut p.cp,
                };
                let next = i64::from(*slot) + i64::from(*delta);
                if next < 0 {
                    return Err(Refusal::new(format!(
                        "your {pool} pool holds only {}",
                        slot
                    )));
                }
                *slot = next as u32;
                format!("changes their {pool} pool by {delta:+}")
            }
        };
        events.push(Event::public(XfEvent::ManualStep { seat, text }));
        Ok(())
    }

    pub(super) fn not_your_move(&self, seat: Seat) -> Refusal {
        Refusal::not_your_move(seat, &self.to_act_now())
    }

    pub(super) fn out_of_phase(&self, seat: Seat) -> Refusal {
        let allowed: Vec<String> = super::legal::legal_actions(self, seat)
            .iter()
            .map(super::legal::describe)
            .collect();
        Refusal::new(format!("that cannot be done now ({})", self.phase_name()))
            .with_allowed(allowed)
    }

    pub fn phase_name(&self) -> String {
        match &self.phase {
            Phase::ChooseXFile => "set-up: choosing X-Files".into(),
            Phase::Draw => "Briefing Phase: draw and resources".into(),
            Phase::Buy => "Briefing Phase: buying cards".into(),
            Phase::Trade(s) => format!("Briefing Phase: seat {} sells and buys", s + 1),
            Phase::Requisition => "Requisition Phase".into(),
            Phase::Deployment => "Deployment Phase".into(),
            Phase::CaseAssignment => "Case Assignment Phase".into(),
            Phase::Bluffing(s) => format!("Case Assignment Phase: seat {} places Bluffs", s + 1),
            Phase::Investigation => "Investigation Phase".into(),
            Phase::Investigating => match self.investigation.as_ref().map(|i| &i.stage) {
                Some(Stage::Bluff) => "Investigation: a Bluff is revealed".into(),
                Some(Stage::ChooseAgents { .. }) => {
                    "Investigation: choosing the Agents that go".into()
                }
                Some(Stage::Check)
                    if self
                        .investigation
                        .as_ref()
                        .is_some_and(|i| i.combat.is_some()) =>
                {
                    "Investigation: combat".into()
                }
                Some(Stage::Check) => "Investigation: skill check".into(),
                Some(Stage::Resolve { .. }) => "Investigation: the Site is resolved".into(),
                Some(Stage::Penalty) => "Investigation: penalty question".into(),
                None => "Investigation".into(),
            },
            Phase::Debriefing => "Debriefing Phase".into(),
            Phase::Over => "game over".into(),
        }
    }
}

impl Target {
    /// The Agent a target names, if it names one.
    pub fn agent(&self) -> Option<AgentRef> {
        match self {
            Target::Agent(a) => Some(*a),
            _ => None,
        }
    }
}
