//! The actions of the Advanced Game and where each is handled.

use serde::{Deserialize, Serialize};

use super::manual::Manual;
use super::{Events, Phase, Stage, Target, XfGame};
use crate::cards::{CardIdx, Category, Pool, Section, Skill, Trait};
use crate::engine::{Refusal, Seat};

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
        /// X for a Bluff with an X cost.
        #[serde(default)]
        x: u32,
    },
    /// Answers the pending choice: the options picked, by position.
    Choose {
        picks: Vec<u16>,
    },
    /// Uses an ability of a card in play: an Agent's Game Effect,
    /// Equipment, a Resource (`ability` counts from 0).
    Use {
        card: CardIdx,
        /// The Agent the card is (or the Agent carrying it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        agent: Option<AgentRef>,
        #[serde(default)]
        ability: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Target>,
    },
    /// X-File Powers: announce one characteristic of your X-File to all (p. 43).
    Announce {
        category: Category,
    },
    /// X-File Powers: use a Power of your X-File (announcing it if it was not).
    UsePower {
        value: Trait,
        #[serde(default)]
        ability: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Target>,
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
    /// Play cards together, each later one on an earlier one ("in
    /// conjunction with"): the opponents answer them all at once.
    PlayTogether {
        plays: Vec<super::stack::PlayArgs>,
    },
    /// Play nothing more now.
    Pass,
    /// Combat: the Adversary's damage, to one Agent (or split when it may be).
    AssignDamage {
        to: Vec<(CardIdx, u8)>,
    },
    /// Combat with several foes: the foe (by position) an Agent attacks, or
    /// points for each when its Equipment lets it split (the last foe takes
    /// what is left).
    Aim {
        agent: CardIdx,
        at: Vec<(usize, u8)>,
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
    /// A step for card text the engine does not automate (see `manual`).
    Manual(Manual),
    /// Undo the last manual step another player proposed.
    Dispute,
    Resign,
}

/// Checks and applies an action; a refusal lists what is allowed instead.
pub fn apply(g: &mut XfGame, seat: Seat, action: &XfAction) -> Result<Events, Refusal> {
    let phase = g.phase.clone();
    let mut events = apply_inner(g, seat, action).map_err(|mut r| {
        if r.reason.starts_with("that cannot be done now") {
            r.reason = format!("{}; {}", r.reason, when_possible(action));
        }
        if r.allowed.is_empty() && usize::from(seat) < g.players.len() {
            let allowed = super::legal::legal_actions(g, seat)
                .iter()
                .map(super::legal::describe)
                .collect();
            r.with_allowed(allowed)
        } else {
            r
        }
    })?;
    announce_phase(g, &phase, &mut events);
    Ok(events)
}

/// When an action becomes possible, for a refusal out of its time.
fn when_possible(action: &XfAction) -> &'static str {
    match action {
        XfAction::ChooseXFile { .. } => "X-Files are chosen at the set-up",
        XfAction::Brief { .. } => "the free draw comes at the start of your Briefing Phase",
        XfAction::Buy { .. } => "you buy cards in your Briefing Phase",
        XfAction::Trade { .. } => "you sell and buy in an opponent's Briefing Phase",
        XfAction::Equip { .. } | XfAction::Transfer { .. } => {
            "Equipment is given in your Requisition Phase"
        }
        XfAction::Deploy { .. } | XfAction::BuyAgent { .. } => {
            "Agents are deployed in your Deployment Phase"
        }
        XfAction::PlaySite { .. } => "Sites are played in your Case Assignment Phase",
        XfAction::PlaceBluff { .. } => {
            "Bluffs go under an opponent's Sites in their Case Assignment Phase"
        }
        XfAction::PeekBluff { .. } => "a Bluff is examined while it lies face down under a Site",
        XfAction::Investigate { .. } => "Teams investigate in your Investigation Phase",
        XfAction::PayBluff { .. } => "you pay for your Bluff when it is revealed",
        XfAction::Ask { .. } | XfAction::Guess { .. } => {
            "you ask or guess after your Team succeeds at a Site"
        }
        XfAction::AssignDamage { .. } | XfAction::Aim { .. } => "that is done in combat",
        XfAction::Discard { .. } => "you discard in the Debriefing Phase, down to your hand limit",
        XfAction::Choose { .. } => "you choose when a card asks you to",
        _ => "see /hand for what you may do now",
    }
}

/// The phase or step the action moved the turn into, for the record: not a
/// new turn (its start says so), the inside of an investigation or the end.
fn announce_phase(g: &XfGame, before: &Phase, events: &mut Events) {
    // The end of the Case Assignment Phase follows every Bluffing step:
    // the record names the Investigation Phase when it begins.
    let quiet = matches!(
        g.phase,
        Phase::Draw | Phase::Investigating | Phase::Over | Phase::CaseEnd
    );
    let told = events
        .iter()
        .any(|e| matches!(&e.body, super::XfEvent::PhaseBegins { phase } if *phase == g.phase));
    let new_turn = events
        .iter()
        .any(|e| matches!(e.body, super::XfEvent::TurnStarted { .. }));
    if g.phase != *before && !quiet && !new_turn && !told {
        events.push(crate::engine::Event::public(super::XfEvent::PhaseBegins {
            phase: g.phase.clone(),
        }));
    }
}

/// [`apply`] without listing what is allowed.
fn apply_inner(g: &mut XfGame, seat: Seat, action: &XfAction) -> Result<Events, Refusal> {
    let mut events = Vec::new();
    act(g, seat, action, &mut events)?;
    g.settle(&mut events);
    g.tidy_team_cards(&mut events);
    g.release_fixed_keywords(&mut events);
    g.watch_bureaus(&mut events);
    g.continue_flow(&mut events);
    Ok(events)
}

/// Whether the engine accepts `action` in `g`: its own checks and effect,
/// tried on `scratch` (remade from `g`, reusing its buffers) without what
/// follows them (settling effects and moving the turn on cannot refuse
/// it), so listing the legal moves stays cheap.
pub(super) fn accepts(g: &XfGame, scratch: &mut XfGame, seat: Seat, action: &XfAction) -> bool {
    scratch.clone_from(g);
    act(scratch, seat, action, &mut Vec::new()).is_ok()
}

/// The action itself: checked, and done when allowed.
fn act(g: &mut XfGame, seat: Seat, action: &XfAction, events: &mut Events) -> Result<(), Refusal> {
    check_seat(g, seat)?;
    if !matches!(action, XfAction::Manual(_) | XfAction::Dispute) {
        // The game moves on: the last card's manual steps stand.
        g.manual = None;
    }
    if draw_owed_first(g, seat, action, events) {
        return Ok(());
    }
    route(g, seat, action, events)
}

/// A seat that may still act in a game not over.
fn check_seat(g: &XfGame, seat: Seat) -> Result<(), Refusal> {
    if usize::from(seat) >= g.players.len() {
        return Err(Refusal::new("there is no such seat"));
    }
    if g.phase == Phase::Over {
        return Err(Refusal::new("the game is over"));
    }
    if g.player(seat).out {
        return Err(Refusal::new("you have left this game"));
    }
    Ok(())
}

/// Draws an opponent's waiting purchase unless `action` answers it; true
/// when the action was the active player's pass that let it be drawn (and
/// so is done).
fn draw_owed_first(g: &mut XfGame, seat: Seat, action: &XfAction, events: &mut Events) -> bool {
    if g.owed_draw.is_none() || answers_purchase(g, seat, action) {
        return false;
    }
    let at = events.len();
    g.draw_owed(events);
    let quiet = g.frames.is_empty() && g.choice.is_none();
    if matches!(action, XfAction::Pass) && seat == g.active && quiet {
        // The active player lets the purchase be drawn.
        events.insert(
            at,
            crate::engine::Event::public(super::XfEvent::Passed { seat }),
        );
        return true;
    }
    false
}

/// Sends an action to what does it: the moves allowed at any time (in a
/// window, a choice, a combat) first, the rest in the seat's own step.
fn route(
    g: &mut XfGame,
    seat: Seat,
    action: &XfAction,
    events: &mut Events,
) -> Result<(), Refusal> {
    match action {
        XfAction::Resign => g.resign(seat, events),
        XfAction::Manual(m) => g.manual(seat, m, events)?,
        XfAction::Dispute => g.dispute(seat, events)?,
        XfAction::Choose { picks } => g.answer_choice(seat, picks, events)?,
        XfAction::Play {
            card,
            mode,
            target,
            x,
            pool,
        } => g.play_card(
            seat,
            &super::stack::PlayArgs {
                card: *card,
                mode: *mode,
                target: target.clone(),
                x: *x,
                pool: *pool,
            },
            events,
        )?,
        XfAction::PlayTogether { plays } => g.play_together(seat, plays, events)?,
        XfAction::Pass => g.pass_or_end(seat, events)?,
        XfAction::Use {
            card,
            agent,
            ability,
            target,
        } => g.use_ability(seat, *card, *agent, *ability, target, events)?,
        XfAction::Announce { category } => g.announce(seat, *category, events)?,
        XfAction::UsePower {
            value,
            ability,
            target,
        } => g.use_power_announcing(seat, *value, *ability, target, events)?,
        XfAction::PeekBluff { agent, site, index } => {
            g.peek_bluff(seat, *agent, *site, *index, events)?
        }
        XfAction::Discard { cards } if g.phase == Phase::Debriefing && g.frames.is_empty() => {
            g.debriefing_discard(seat, cards, events)?
        }
        XfAction::AssignDamage { to } => g.assign_damage(seat, to, events)?,
        XfAction::Aim { agent, at } => g.aim(seat, *agent, at, events)?,
        XfAction::PayBluff { pay, x } => g.pay_revealed_bluff(seat, *pay, *x, events)?,
        _ => {
            if !g.frames.is_empty() || g.choice.is_some() {
                return Err(g.out_of_phase(seat));
            }
            if !g.to_act_now().contains(&seat) {
                return Err(g.not_your_move(seat));
            }
            dispatch(g, seat, action, events)?;
        }
    }
    Ok(())
}

/// While an opponent's purchase waits to be drawn, the active player may
/// play or use a card first, and whatever answers that card goes on; any
/// other move lets the cards be drawn.
fn answers_purchase(g: &XfGame, seat: Seat, action: &XfAction) -> bool {
    let card_move = matches!(
        action,
        XfAction::Play { .. } | XfAction::PlayTogether { .. } | XfAction::Use { .. }
    );
    !g.frames.is_empty()
        || g.choice.is_some()
        || (seat == g.active && card_move)
        || matches!(
            action,
            XfAction::Manual(_) | XfAction::Dispute | XfAction::Resign
        )
}

fn dispatch(
    g: &mut XfGame,
    seat: Seat,
    action: &XfAction,
    events: &mut Events,
) -> Result<(), Refusal> {
    use XfAction as A;
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
        _ => dispatch_investigation(g, seat, action, events),
    }
}

/// The Investigation Phase's moves (and its start at the end of the Case
/// Assignment Phase), the Debriefing's, and `/done` anywhere.
fn dispatch_investigation(
    g: &mut XfGame,
    seat: Seat,
    action: &XfAction,
    events: &mut Events,
) -> Result<(), Refusal> {
    use XfAction as A;
    match (&g.phase, action) {
        (
            Phase::Investigation,
            A::Deploy {
                agent,
                section: Section::Field,
                team,
            },
        ) => g.deploy(*agent, Section::Field, *team, events),
        (
            Phase::CaseEnd,
            A::Investigate { .. }
            | A::Deploy {
                section: Section::Field,
                ..
            },
        ) => investigation_begins_with(g, seat, action, events),
        (Phase::Investigation, A::Investigate { site, team, skill }) => {
            g.investigate(*site, team, *skill, events)
        }
        (Phase::Investigating, A::Ask { category, value }) => {
            g.ask(seat, *category, *value, events)
        }
        (Phase::Investigating, A::Guess { xfile }) => g.guess(seat, *xfile, events),
        (Phase::Investigating, A::Done)
            if matches!(
                g.investigation.as_ref().map(|i| &i.stage),
                Some(Stage::Resolve { .. } | Stage::Penalty)
            ) =>
        {
            g.end_site(events);
            Ok(())
        }
        (Phase::Debriefing, A::Discard { cards }) => g.debriefing_discard(seat, cards, events),
        (_, A::Done) => g.done(seat, events),
        _ => Err(g.out_of_phase(seat)),
    }
}

/// A move of the Investigation Phase made at the end of the Case Assignment
/// Phase begins that phase and is made there (the end is no step of its
/// own, `Phase::CaseEnd`). Tried on a copy: a refusal changes nothing.
fn investigation_begins_with(
    g: &mut XfGame,
    seat: Seat,
    action: &XfAction,
    events: &mut Events,
) -> Result<(), Refusal> {
    let mut next = g.clone();
    let mut more = vec![crate::engine::Event::public(super::XfEvent::PhaseBegins {
        phase: Phase::Investigation,
    })];
    next.enter(Phase::Investigation, &mut more);
    if next.phase != Phase::Investigation || next.choice.is_some() || !next.frames.is_empty() {
        return Err(Refusal::new(
            "the Investigation Phase begins first (/done), then this move",
        ));
    }
    dispatch(&mut next, seat, action, &mut more)?;
    *g = next;
    events.append(&mut more);
    Ok(())
}

impl XfGame {
    /// The owner of the Bluff just revealed pays for it or lets it go.
    fn pay_revealed_bluff(
        &mut self,
        seat: Seat,
        pay: bool,
        x: u32,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let stage = self.investigation.as_ref().map(|i| i.stage.clone());
        let owner = self
            .inv_site()
            .and_then(|s| s.bluffs.first())
            .map(|b| b.owner);
        if stage != Some(Stage::Bluff) || self.choice.is_some() {
            return Err(self.out_of_phase(seat));
        }
        if owner != Some(seat) {
            return Err(self.not_your_move(seat));
        }
        self.pay_bluff(pay, x, events)
    }

    /// `/pass`: in a frame, plays nothing more now. Never declines an
    /// earned question: that takes `/done`, so a stray pass loses nothing.
    fn pass_or_end(&mut self, seat: Seat, events: &mut Events) -> Result<(), Refusal> {
        if !self.frames.is_empty() {
            return self.pass(seat, events);
        }
        let site_done = matches!(
            self.investigation.as_ref().map(|i| &i.stage),
            Some(Stage::Resolve { .. } | Stage::Penalty)
        );
        if self.choice.is_some() || !self.to_act_now().contains(&seat) || !site_done {
            return Err(self.out_of_phase(seat));
        }
        match self.earned_at_site(seat) {
            // Games stored before the rule keep ending the Site here.
            Some(earned) if !self.options.legacy_manual => Err(Refusal::new(earned)),
            _ => {
                events.push(crate::engine::Event::public(super::XfEvent::Passed {
                    seat,
                }));
                self.end_site(events);
                Ok(())
            }
        }
    }
}

impl XfGame {
    pub(super) fn not_your_move(&self, seat: Seat) -> Refusal {
        Refusal::not_your_move(seat, &self.to_act_now())
    }

    /// "That cannot be done now": what is allowed is added by [`apply`].
    pub(super) fn out_of_phase(&self, _: Seat) -> Refusal {
        Refusal::new(format!("that cannot be done now ({})", self.phase_name()))
    }

    pub fn phase_name(&self) -> String {
        let base = match &self.phase {
            Phase::ChooseXFile => "set-up: choosing X-Files".into(),
            Phase::Draw => "Briefing Phase: draw and resources".into(),
            Phase::Buy => "Briefing Phase: buying cards".into(),
            Phase::Trade(s) => format!("Briefing Phase: seat {} sells and buys", s + 1),
            Phase::Requisition => "Requisition Phase".into(),
            Phase::Deployment => "Deployment Phase".into(),
            Phase::CaseAssignment => "Case Assignment Phase".into(),
            Phase::Bluffing(s) => format!("Case Assignment Phase: seat {} places Bluffs", s + 1),
            Phase::CaseEnd => "Case Assignment Phase: the Bluffs are placed".into(),
            Phase::Investigation => "Investigation Phase".into(),
            Phase::Investigating => match self.investigation.as_ref().map(|i| &i.stage) {
                Some(Stage::Bluff) => "Investigation: a Bluff is revealed".into(),
                Some(Stage::Check) if self.combat().is_some() => "Investigation: combat".into(),
                Some(Stage::Check) => "Investigation: skill check".into(),
                Some(Stage::Resolve { .. }) => "Investigation: the Site is resolved".into(),
                Some(Stage::Penalty) => "Investigation: penalty question".into(),
                None => "Investigation".into(),
            },
            Phase::Debriefing => "Debriefing Phase".into(),
            Phase::Over => "game over".into(),
        };
        if let Some(c) = &self.choice {
            return format!("{base}: seat {} chooses", c.seat + 1);
        }
        match self.frames.last().map(|f| &f.kind) {
            Some(super::FrameKind::Window) => format!("{base}: answers to a card played"),
            Some(super::FrameKind::Check(c)) if c.site.is_none() => {
                format!("{base}: a skill check a card forced")
            }
            _ => base,
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
