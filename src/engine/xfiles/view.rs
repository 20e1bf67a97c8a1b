//! What one seat (or a spectator) may see of an X-Files CCG game: the table,
//! pools and counts, the stack and whose choice the game waits for; only the
//! viewer's own hand, X-File, notebook and the options of their own choice.

use serde::Serialize;

use super::effects::statics::InForce;
use super::manual::ManualKind;
use super::{CombatRound, CombatStep, FrameKind, Note, Phase, Place, Stage, XfGame};
use crate::cards::{CardIdx, Section, Skill};
use crate::engine::{Seat, Viewer};

#[derive(Debug, Clone, Serialize)]
pub struct AgentView {
    pub card: CardIdx,
    pub section: Section,
    pub team: u8,
    pub health: u8,
    pub damage: u8,
    pub equipment: Vec<CardIdx>,
    /// Other cards under the Agent (training, conditions).
    pub attached: Vec<CardIdx>,
    pub temporary: bool,
    pub tokens: u8,
    pub dedicated_rp: bool,
    pub away: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct SiteView {
    /// The number players call it by, fixed for the turn.
    pub number: usize,
    pub card: CardIdx,
    pub owner: Seat,
    pub directed: Seat,
    /// Face-down Bluffs: only their number (and their owners).
    pub bluffs: Vec<Seat>,
    /// The Bluffs still face down, shown only once the game is over.
    pub face_down_at_end: Vec<CardIdx>,
}

/// A card in play other than an Agent or a Site.
#[derive(Debug, Clone, Serialize)]
pub struct PermView {
    pub card: CardIdx,
    pub tokens: u8,
    /// Cards under it (face down: only how many).
    pub under: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlayerView {
    pub rp: u32,
    pub cp: u32,
    pub hand_size: usize,
    /// Cards of the hand played face up (Circuit Board Implant): every
    /// viewer sees them.
    pub face_up: Vec<CardIdx>,
    pub deck_size: usize,
    pub discard: Vec<CardIdx>,
    pub agents: Vec<AgentView>,
    pub in_play: Vec<PermView>,
    pub out: bool,
    pub xfile_chosen: bool,
    /// Only for the viewer's own seat.
    pub hand: Option<Vec<CardIdx>>,
    pub xfile: Option<CardIdx>,
    pub notebook: Option<Vec<Note>>,
    /// The X-Files the viewer may still choose from (own seat only).
    pub candidates: Option<Vec<CardIdx>>,
    /// Basic Game: cards played this turn (three at most).
    pub played: u8,
}

#[derive(Debug, Clone, Serialize)]
pub struct InvestigationView {
    pub site: usize,
    pub team: Vec<CardIdx>,
    pub benched: Vec<CardIdx>,
    pub needs: Vec<(Skill, u8)>,
    pub totals: Vec<i32>,
    pub combat: Option<CombatView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct CombatView {
    pub adversary: CardIdx,
    pub foes: Vec<(CardIdx, u8, bool)>,
    pub owner: Seat,
    pub damage: u8,
    pub round: CombatRound,
    pub step: CombatStep,
    /// The damage the foe being assigned deals now (0 outside that step).
    pub assigning: u8,
}

/// A pending choice: who chooses, and (to the chooser only, when the options
/// are secret) what among.
#[derive(Debug, Clone, Serialize)]
pub struct ChoiceView {
    pub seat: Seat,
    pub prompt: String,
    pub options: Option<Vec<String>>,
    pub min: u8,
    pub max: u8,
}

#[derive(Debug, Clone, Serialize)]
pub struct XfView {
    pub viewer: Viewer,
    /// The Basic Game (no pools, three cards a turn, wounds not damage).
    pub basic: bool,
    pub turn: u32,
    pub active: Seat,
    pub phase: String,
    pub to_act: Vec<Seat>,
    pub players: Vec<PlayerView>,
    pub sites: Vec<SiteView>,
    pub investigation: Option<InvestigationView>,
    /// Cards waiting to resolve, the last on top.
    pub stack: Vec<(Seat, CardIdx)>,
    /// A forced skill check in progress: (skill, needed, total).
    pub forced_check: Option<(Skill, u8, i32)>,
    pub priority: Option<Seat>,
    pub choice: Option<ChoiceView>,
    pub over: bool,
    /// What the game waits for.
    pub awaiting: Awaiting,
    /// The card being applied by hand (public: every step is announced).
    pub manual: Option<ManualView>,
    /// How the game ended.
    pub outcome: Option<String>,
    /// The whole table as this seat knows it, for an AI to play out in its
    /// head (never shown: unseen cards are blanks until sampled); only in
    /// the view built for an AI (`Ai::ai_view`).
    #[serde(skip)]
    pub table: Option<super::world::Table>,
}

/// What the game waits for from the seats due to act.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Awaiting {
    Choice,
    PayBluff,
    AssignDamage,
    Respond,
    CombatCard,
    PlayOrPass,
    ChooseXFile,
    Draw,
    Buy,
    /// An opponent sells and buys in the Briefing Phase.
    Trade,
    Requisition,
    Deployment,
    CaseAssignment,
    Bluffing,
    Investigate,
    AskOrGuess,
    Penalty,
    DiscardToLimit,
    /// Basic Game: every player may discard up to three cards, then is done.
    Debrief,
    EndTurn,
    Over,
    Nothing,
}

/// A card whose text a player is applying by hand.
#[derive(Debug, Clone, Serialize)]
pub struct ManualView {
    pub seat: Seat,
    pub card: CardIdx,
    pub scope: Vec<ManualKind>,
    /// The last step proposed, in words.
    pub last_step: Option<String>,
}

/// One player's side of the table (`own`: the viewer's, with its hand).
fn player_view(g: &XfGame, forces: &[InForce<'_>], seat: Seat, own: bool) -> PlayerView {
    let p = g.player(seat);
    PlayerView {
        rp: p.rp,
        cp: p.cp,
        hand_size: p.hand.len(),
        face_up: g.face_up_hand(seat),
        deck_size: p.deck.len(),
        discard: p.discard.clone(),
        agents: p
            .agents
            .iter()
            .map(|a| agent_view(g, forces, seat, a))
            .collect(),
        in_play: g
            .perms
            .iter()
            .filter(|x| x.controller == seat && !matches!(x.place, Place::Agent(_)))
            .map(|x| PermView {
                card: x.card,
                tokens: x.tokens,
                under: x.under.len(),
            })
            .collect(),
        out: p.out,
        xfile_chosen: p.xfile.is_some(),
        hand: own.then(|| p.hand.clone()),
        xfile: if own || g.phase == Phase::Over {
            p.xfile
        } else {
            None
        },
        notebook: own.then(|| p.notebook.clone()),
        candidates: own.then(|| p.candidates.clone()),
        played: g.basic_played(seat),
    }
}

fn investigation_view(g: &XfGame, inv: &super::Investigation) -> InvestigationView {
    let check = g.site_check();
    InvestigationView {
        site: g.site_index(inv.site).unwrap_or(0),
        team: inv.team.clone(),
        benched: inv.benched.clone(),
        needs: check.map(|c| c.needs.clone()).unwrap_or_default(),
        totals: check
            .map(|c| {
                c.needs
                    .iter()
                    .map(|(s, _)| g.team_total_of(c, *s))
                    .collect()
            })
            .unwrap_or_default(),
        combat: g.combat().map(|c| CombatView {
            adversary: c.adversary(),
            foes: c.foes.iter().map(|f| (f.card, f.damage, f.gone)).collect(),
            owner: c.owner,
            damage: c.damage(),
            round: c.round,
            step: c.step,
            assigning: c.pending_damage(),
        }),
    }
}

fn agent_view(g: &XfGame, forces: &[InForce<'_>], seat: Seat, a: &super::Agent) -> AgentView {
    let r = super::AgentRef { seat, card: a.card };
    let on: Vec<&super::Permanent> = g
        .perms
        .iter()
        .filter(|x| x.place == Place::Agent(r))
        .collect();
    AgentView {
        card: a.card,
        section: a.section,
        team: a.team,
        health: g.max_health_in(forces, r),
        damage: a.damage,
        equipment: g.equipment_of(r),
        attached: on
            .iter()
            .filter(|x| crate::cards::db().get(x.card).kind != crate::cards::CardType::Equipment)
            .map(|x| x.card)
            .collect(),
        temporary: a.temporary,
        tokens: a.tokens,
        dedicated_rp: a.dedicated_rp,
        away: a.away.is_some(),
    }
}

/// What the game waits for, in the order the rules ask it.
fn awaiting(g: &XfGame) -> Awaiting {
    if g.choice.is_some() {
        return Awaiting::Choice;
    }
    if let Some(f) = g.frames.last() {
        let bluff = g
            .investigation
            .as_ref()
            .is_some_and(|i| i.stage == Stage::Bluff && i.frame == f.id && g.stack.len() <= f.base);
        return if bluff {
            Awaiting::PayBluff
        } else if g.combat().is_some_and(|c| c.step == CombatStep::Assign) {
            Awaiting::AssignDamage
        } else if g.stack.len() > f.base {
            Awaiting::Respond
        } else if g.combat().is_some() {
            Awaiting::CombatCard
        } else {
            Awaiting::PlayOrPass
        };
    }
    match &g.phase {
        Phase::ChooseXFile => Awaiting::ChooseXFile,
        Phase::Draw => Awaiting::Draw,
        Phase::Buy => Awaiting::Buy,
        Phase::Trade(_) => Awaiting::Trade,
        Phase::Requisition => Awaiting::Requisition,
        Phase::Deployment => Awaiting::Deployment,
        Phase::CaseAssignment => Awaiting::CaseAssignment,
        Phase::Bluffing(_) => Awaiting::Bluffing,
        // Its moves are the Investigation Phase's (`Phase::CaseEnd`).
        Phase::Investigation | Phase::CaseEnd => Awaiting::Investigate,
        Phase::Investigating => match g.investigation.as_ref().map(|i| &i.stage) {
            Some(Stage::Resolve { .. }) => Awaiting::AskOrGuess,
            Some(Stage::Penalty) => Awaiting::Penalty,
            _ => Awaiting::Nothing,
        },
        Phase::Debriefing if g.basic().is_some() => Awaiting::Debrief,
        Phase::Debriefing if g.over_hand_limit() => Awaiting::DiscardToLimit,
        Phase::Debriefing => Awaiting::EndTurn,
        Phase::Over => Awaiting::Over,
    }
}

pub fn view(g: &XfGame, viewer: Viewer) -> XfView {
    let me = viewer.seat();
    // Listed once for every Agent's HEALTH (the longest part of a view).
    let forces = g.in_force_of(&super::effects::statics::bears_on_health);
    XfView {
        viewer,
        basic: g.basic().is_some(),
        turn: g.turn,
        active: g.active,
        phase: g.phase_name(),
        to_act: g.to_act_now(),
        players: (0..g.players.len())
            .map(|i| player_view(g, &forces, i as Seat, me == Some(i as Seat)))
            .collect(),
        sites: g
            .sites
            .iter()
            .enumerate()
            .map(|(i, s)| SiteView {
                number: g.site_number(i),
                card: s.card,
                owner: s.owner,
                directed: s.directed,
                // The Bluff revealed and waiting for its owner to pay is
                // face up: not counted among the face-down cards.
                bluffs: s
                    .bluffs
                    .iter()
                    .enumerate()
                    .filter(|(j, b)| !(b.shown || *j == 0 && g.revealing_at(s.id)))
                    .map(|(_, b)| b.owner)
                    .collect(),
                face_down_at_end: if g.phase == Phase::Over {
                    s.bluffs
                        .iter()
                        .filter(|b| !b.shown)
                        .map(|b| b.card)
                        .collect()
                } else {
                    Vec::new()
                },
            })
            .collect(),
        investigation: g
            .investigation
            .as_ref()
            .map(|inv| investigation_view(g, inv)),
        stack: g.stack.iter().map(|p| (p.player, p.card)).collect(),
        forced_check: g.frames.iter().rev().find_map(|f| match &f.kind {
            FrameKind::Check(c) if c.site.is_none() => c
                .needs
                .first()
                .map(|(s, n)| (*s, *n, g.team_total_of(c, *s))),
            _ => None,
        }),
        priority: g.priority_seat(),
        choice: g.choice.as_ref().map(|c| ChoiceView {
            seat: c.seat,
            prompt: if c.secret && me != Some(c.seat) {
                "a secret choice".into()
            } else {
                c.prompt.clone()
            },
            options: (!c.secret || me == Some(c.seat))
                .then(|| c.options.iter().map(|o| o.label.clone()).collect()),
            min: c.min,
            max: c.max,
        }),
        over: g.phase == Phase::Over,
        awaiting: awaiting(g),
        manual: g.manual.as_ref().map(|w| ManualView {
            seat: w.seat,
            card: w.card,
            scope: w.scope.clone(),
            last_step: w.steps.last().map(|p| p.text.clone()),
        }),
        outcome: g.outcome.as_ref().map(|o| o.summary.clone()),
        table: None,
    }
}
