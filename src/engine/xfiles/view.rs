//! What one seat (or a spectator) may see of an X-Files CCG game: the table,
//! pools and counts; only the viewer's own hand, X-File and notebook.

use serde::Serialize;

use super::{CombatRound, CombatStep, Note, Phase, XfGame};
use crate::cards::effects::Section;
use crate::cards::{CardIdx, Skill};
use crate::engine::{Seat, Viewer};

#[derive(Debug, Clone, Serialize)]
pub struct AgentView {
    pub card: CardIdx,
    pub section: Section,
    pub team: u8,
    pub health: u8,
    pub damage: u8,
    pub equipment: Vec<CardIdx>,
    pub temporary: bool,
    pub tokens: u8,
}

#[derive(Debug, Clone, Serialize)]
pub struct SiteView {
    pub card: CardIdx,
    pub owner: Seat,
    pub directed: Seat,
    /// Face-down Bluffs: only their number (and their owners).
    pub bluffs: Vec<Seat>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlayerView {
    pub rp: u32,
    pub cp: u32,
    pub hand_size: usize,
    pub deck_size: usize,
    pub discard: Vec<CardIdx>,
    pub agents: Vec<AgentView>,
    pub in_play: Vec<CardIdx>,
    pub out: bool,
    pub xfile_chosen: bool,
    /// Only for the viewer's own seat.
    pub hand: Option<Vec<CardIdx>>,
    pub xfile: Option<CardIdx>,
    pub notebook: Option<Vec<Note>>,
}

#[derive(Debug, Clone, Serialize)]
pub struct InvestigationView {
    pub site: usize,
    pub team: Vec<CardIdx>,
    pub benched: Vec<CardIdx>,
    pub needs: Vec<(Skill, u8)>,
    pub totals: Vec<i32>,
    pub stack: Vec<(Seat, CardIdx)>,
    pub priority: Seat,
    pub combat: Option<CombatView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct CombatView {
    pub adversary: CardIdx,
    pub owner: Seat,
    pub damage: u8,
    pub round: CombatRound,
    pub step: CombatStep,
    pub stack: Vec<(Seat, CardIdx)>,
    pub priority: Seat,
}

#[derive(Debug, Clone, Serialize)]
pub struct XfView {
    pub viewer: Viewer,
    pub turn: u32,
    pub active: Seat,
    pub phase: String,
    pub to_act: Vec<Seat>,
    pub players: Vec<PlayerView>,
    pub sites: Vec<SiteView>,
    pub investigation: Option<InvestigationView>,
    pub over: bool,
}

pub fn view(g: &XfGame, viewer: Viewer) -> XfView {
    let me = viewer.seat();
    XfView {
        viewer,
        turn: g.turn,
        active: g.active,
        phase: g.phase_name(),
        to_act: g.to_act_now(),
        players: g
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let own = me == Some(i as Seat);
                PlayerView {
                    rp: p.rp,
                    cp: p.cp,
                    hand_size: p.hand.len(),
                    deck_size: p.deck.len(),
                    discard: p.discard.clone(),
                    agents: p
                        .agents
                        .iter()
                        .map(|a| AgentView {
                            card: a.card,
                            section: a.section,
                            team: a.team,
                            health: a.health(),
                            damage: a.damage,
                            equipment: a.equipment.clone(),
                            temporary: a.temporary,
                            tokens: a.tokens,
                        })
                        .collect(),
                    in_play: p.in_play.clone(),
                    out: p.out,
                    xfile_chosen: p.xfile.is_some(),
                    hand: own.then(|| p.hand.clone()),
                    xfile: if own || g.phase == Phase::Over {
                        p.xfile
                    } else {
                        None
                    },
                    notebook: own.then(|| p.notebook.clone()),
                }
            })
            .collect(),
        sites: g
            .sites
            .iter()
            .map(|s| SiteView {
                card: s.card,
                owner: s.owner,
                directed: s.directed,
                bluffs: s.bluffs.iter().map(|b| b.owner).collect(),
            })
            .collect(),
        investigation: g.investigation.as_ref().map(|inv| InvestigationView {
            site: inv.site,
            team: inv.team.clone(),
            benched: inv.benched.clone(),
            needs: inv.check.needs.clone(),
            totals: inv
                .check
                .needs
                .iter()
                .map(|(s, _)| g.team_total(*s))
                .collect(),
            stack: inv.check.stack.iter().map(|p| (p.player, p.card)).collect(),
            priority: inv.check.priority,
            combat: inv.combat.as_ref().map(|c| CombatView {
                adversary: c.adversary,
                owner: c.owner,
                damage: c.damage,
                round: c.round,
                step: c.step,
                stack: c.stack.iter().map(|p| (p.player, p.card)).collect(),
                priority: c.priority,
            }),
        }),
        over: g.phase == Phase::Over,
    }
}
