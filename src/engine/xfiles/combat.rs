//! Combat (pp. 31-35): one Long Range round (skipped only when the
//! Adversary's text says so, FAQ21 #14), then Close Range rounds until
//! every foe is dead or every fighting Agent is in the Hospital. Only
//! Combat cards, the Adversary's player first. Damage is simultaneous and
//! counted per source: each Agent's damage goes whole to one foe, each
//! foe's to one Agent its player picks (split only when a card allows).
//! HEALTH 0 sends an Agent to the Hospital after a last chance to heal
//! (Rules Assistant p. 7).

use serde::{Deserialize, Serialize};

use super::effects::ast::{AgentScope, Modifier};
use super::effects::state::Val;
use super::{AgentRef, Events, Fact, Frame, FrameKind, XfEvent, XfGame};
use crate::cards::{CardIdx, CardType, Keyword, Section, Skill, SkillValue, db};
use crate::engine::{Event, Refusal, Seat};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombatRound {
    Long,
    Close,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombatStep {
    /// Combat cards may be played before damage.
    Cards,
    /// The foes' player assigns their damage.
    Assign,
    /// After damage: cards such as First Aid may still save an Agent.
    AfterDamage,
}

/// Who takes part in a combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Combatant {
    Agent(AgentRef),
    Foe(usize),
    /// A Witness in play fighting beside the Team like an Agent, by its id
    /// (Charley Tskany).
    Witness(u32),
}

/// Where a fighting Witness keeps the damage it has taken.
pub const WOUNDS: &str = "wounds";

/// An Adversary (or anything fighting as one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Foe {
    pub card: CardIdx,
    pub owner: Seat,
    /// Damage taken.
    pub damage: u8,
    /// Dead, negated or gone.
    pub gone: bool,
    /// An Agent fighting as an Adversary (Krycek, the Double Agent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent: Option<AgentRef>,
    /// Statistics a card set (Special values, doubled stats).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stats: Vec<(Skill, i32)>,
    /// Fights this Agent only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only: Option<AgentRef>,
    /// The card went elsewhere (a hand, a deck): not discarded when combat ends.
    #[serde(default)]
    pub moved: bool,
    /// An Agent of the Team it possesses: that Agent does not fight for the
    /// Team (Liquid Alien).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<AgentRef>,
    /// What cards did to it besides its own text (doubled statistics, a
    /// lesser vampire's immunity).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mods: Vec<Modifier>,
    /// An Agent fighting as the foe goes to the Hospital at 0 HEALTH like
    /// any Agent (a duel), instead of leaving the game (Patterson).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub to_hospital: bool,
    /// Keywords it is considered to have besides its card's (Krycek, the
    /// Double Agent: GOVERNMENT, MASTER).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
}

/// A card's effect on a combatant this round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Boon {
    /// Skill added this round.
    Boost(i32),
    /// Damage taken reduced: from one source by n, or from each by n.
    Shield { n: u8, all: bool },
    /// Takes no damage this round.
    Untouchable,
    /// Deals no damage this round.
    Harmless,
    /// Skill added in rounds of this range only (lasts the combat when kept
    /// in `Combat::lasting`).
    SkillBoost { skill: Skill, n: i32 },
    /// Attacks twice (Fast Strike).
    Twice,
    /// Deals its damage before its opponents; those it sends down deal none
    /// (Sneak Attack).
    First,
    /// Its damage goes to this combatant (Mind Control, Watch Out!).
    Redirect(Combatant),
    /// Discarded Equipment is its one weapon this round, adding this
    /// instead of the Equipment it carries (Garrote, Laser Targeter).
    Weapon(i32),
    /// Whoever it damages takes no further part in the combat (Choke Hold).
    Choke,
}

/// Combat with one or more foes (pp. 31-35).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    pub foes: Vec<Foe>,
    /// The player who played the Adversary.
    pub owner: Seat,
    pub round: CombatRound,
    pub rounds: u8,
    pub step: CombatStep,
    /// Only this Agent fights (Trap, Crew-Cut Man).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only: Option<AgentRef>,
    /// Agents who left the combat (Run For It!).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left: Vec<AgentRef>,
    /// This round's card effects.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boons: Vec<(Combatant, Boon)>,
    /// Deal no damage next round (stunned).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stunned: Vec<Combatant>,
    /// Stunned this round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dazed: Vec<Combatant>,
    /// Foes whose damage their player still assigns: (foe, amount).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assign: Vec<(usize, u8)>,
    /// This round's damage once known: (from, to, amount).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hits: Vec<(Combatant, Combatant, u8)>,
    /// Which foe each Agent attacks (several foes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<(AgentRef, usize)>,
    /// Extra Long Range rounds still to fight (Running Gun Battle).
    #[serde(default)]
    pub extra_lrc: u8,
    /// The owner may split damage this round (Covering Fire).
    #[serde(default)]
    pub split: bool,
    /// The combat lasts at most this many rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_rounds: Option<u8>,
    /// Card effects that last the whole combat.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lasting: Vec<(Combatant, Boon)>,
    /// Damage added this round by cards: (from, to, amount) (Flaming Wall).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<(Combatant, Combatant, u8)>,
    /// Agents splitting their damage among foes: (agent, [(foe, points)]),
    /// the last foe taking what is left (Shotgun).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub splits: Vec<(AgentRef, Vec<(usize, u8)>)>,
    /// The last damage each combatant took: (who, largest from one source,
    /// total) (Internal Bleeding, Stunning Blow).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hurt: Vec<(Combatant, u8, u8)>,
    /// Damage dealt in the last round: by the Agents, by the foes (Handcuff).
    #[serde(default)]
    pub dealt: (u16, u16),
    /// The range of the round whose damage `dealt` holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealt_in: Option<CombatRound>,
    /// Agents an infecting foe's attack cost HEALTH: (foe, Agent) (The Host Attacks).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub infected: Vec<(usize, AgentRef)>,
    /// The Long Range round was skipped (Fast Draw).
    #[serde(default)]
    pub lrc_skipped: bool,
    /// Witnesses who take no further part (Choke Hold).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub witnesses_left: Vec<u32>,
    /// The Team attacked where it is, not the one making the check, and
    /// its section (He's Gonna Find You).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub team: Vec<AgentRef>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_section: Option<Section>,
}

impl Combat {
    pub fn skill(&self) -> Skill {
        match self.round {
            CombatRound::Long => Skill::LongRangeCombat,
            CombatRound::Close => Skill::CloseRangeCombat,
        }
    }

    /// The first foe (the Adversary that started the combat).
    pub fn adversary(&self) -> CardIdx {
        self.foes[0].card
    }

    /// The damage the foe being assigned deals now.
    pub fn pending_damage(&self) -> u8 {
        self.assign.first().map_or(0, |a| a.1)
    }

    /// Damage the first foe has taken.
    pub fn damage(&self) -> u8 {
        self.foes[0].damage
    }

    pub fn living(&self) -> impl Iterator<Item = (usize, &Foe)> {
        self.foes.iter().enumerate().filter(|(_, f)| !f.gone)
    }
}

impl XfGame {
    /// The combat in progress.
    pub fn combat(&self) -> Option<&Combat> {
        self.frames.iter().rev().find_map(|f| match &f.kind {
            FrameKind::Combat(c) => Some(c.as_ref()),
            _ => None,
        })
    }

    pub(crate) fn combat_mut(&mut self) -> Option<&mut Combat> {
        self.frames
            .iter_mut()
            .rev()
            .find_map(|f| match &mut f.kind {
                FrameKind::Combat(c) => Some(c.as_mut()),
                _ => None,
            })
    }

    pub(crate) fn combat_frame_id(&self) -> Option<u32> {
        self.frames
            .iter()
            .rev()
            .find(|f| matches!(f.kind, FrameKind::Combat(_)))
            .map(|f| f.id)
    }

    /// A modifier on the foe's own card (its Game Effect).
    pub(crate) fn foe_has(&self, card: CardIdx, want: impl Fn(&Modifier) -> bool) -> bool {
        self.foe_mods(card).iter().any(|m| want(m))
    }

    /// A foe's own text's modifiers and those cards gave it in this combat.
    pub(crate) fn foe_mods(&self, card: CardIdx) -> Vec<&Modifier> {
        let mut out: Vec<&Modifier> = self
            .scripts_ref()
            .of(card)
            .map(|s| s.statics.iter().map(|st| &st.modifier).collect())
            .unwrap_or_default();
        if let Some(c) = self.combat() {
            for f in c.foes.iter().filter(|f| f.card == card) {
                out.extend(f.mods.iter());
            }
        }
        out
    }

    /// A foe's statistic now: set by a card, else printed (N/A and Special
    /// count 0), with this round's boosts.
    pub fn foe_stat(&self, i: usize, skill: Skill) -> i32 {
        let Some(c) = self.combat() else {
            return 0;
        };
        let Some(f) = c.foes.get(i) else {
            return 0;
        };
        if let Some(a) = f.agent {
            return self.agent_skill(a, skill);
        }
        let mods = self.foe_mods(f.card);
        let printed = f
            .stats
            .iter()
            .rev()
            .find(|s| s.0 == skill)
            .map(|s| s.1)
            .or_else(|| {
                mods.iter().find_map(|m| match m {
                    Modifier::MirrorsBest { plus } if skill != Skill::Health => Some(
                        self.fighters()
                            .iter()
                            .map(|a| self.agent_skill(*a, skill))
                            .max()
                            .unwrap_or(0)
                            + i32::from(*plus),
                    ),
                    Modifier::CountsAdversaries => Some(
                        self.player(self.active)
                            .discard
                            .iter()
                            .filter(|x| db().get(**x).kind == crate::cards::CardType::Adversary)
                            .count() as i32,
                    ),
                    _ => None,
                })
            })
            .unwrap_or_else(|| db().get(f.card).skill(skill));
        let factor: i32 = mods
            .iter()
            .map(|m| match m {
                Modifier::Multiply { factor } => i32::from(*factor),
                _ => 1,
            })
            .product();
        printed * factor
    }

    fn foe_health(&self, i: usize) -> i32 {
        self.foe_stat(i, Skill::Health).max(1)
    }

    /// The Team's Agents fighting now: sent to the Site, in the Field,
    /// standing, not gone from the combat.
    pub fn fighters(&self) -> Vec<AgentRef> {
        let Some(c) = self.combat() else {
            return Vec::new();
        };
        if let Some(a) = c.only {
            return self
                .agent(a)
                .filter(|x| x.section == Section::Field && x.away.is_none())
                .map(|_| vec![a])
                .unwrap_or_default();
        }
        if let Some(section) = c.team_section {
            return self.hunted_fighters(c, section);
        }
        let team = match &self.investigation {
            Some(inv) => inv
                .team
                .iter()
                .filter(|c| !inv.benched.contains(c))
                .map(|c| AgentRef {
                    seat: self.active,
                    card: *c,
                })
                .collect(),
            None => self.check_team_now(),
        };
        team.into_iter()
            .filter(|r| !c.left.contains(r))
            .filter(|r| {
                c.foes
                    .iter()
                    .all(|f| f.agent != Some(*r) && f.host != Some(*r))
            })
            .filter(|r| {
                self.agent(*r)
                    .is_some_and(|a| a.section == Section::Field && a.away.is_none())
            })
            .collect()
    }

    /// The Agents of a Team attacked where it is (He's Gonna Find You):
    /// still in its section and standing (in the Hospital, with HEALTH left).
    fn hunted_fighters(&self, c: &Combat, section: Section) -> Vec<AgentRef> {
        c.team
            .iter()
            .copied()
            .filter(|r| !c.left.contains(r))
            .filter(|r| {
                self.agent(*r)
                    .is_some_and(|a| a.section == section && a.away.is_none())
                    && (section != Section::Hospital || self.current_health(*r) > 0)
            })
            .collect()
    }

    /// The Team a card lets this seat's Adversaries attack wherever it is
    /// (He's Gonna Find You): the named Agent's Team now and its section.
    /// How xfiles-bot plays it: a Team of the Investigating Player (whose
    /// turn it is); in the Bureau or the Hospital, every Agent there.
    pub fn hunted_team(&self, seat: Seat) -> Option<(Vec<AgentRef>, Section)> {
        let hunted = self
            .in_force_of(&|m| matches!(m, Modifier::Hunts { .. }))
            .into_iter()
            .filter(|f| f.src.controller == seat)
            .find_map(|f| match f.modifier {
                Modifier::Hunts {
                    who: AgentScope::Agent(a),
                } => Some(*a),
                Modifier::Hunts {
                    who: AgentScope::Agents(v),
                } => v.first().copied(),
                _ => None,
            })
            .filter(|a| a.seat == self.active)?;
        let x = self.agent(hunted).filter(|x| x.away.is_none())?;
        let (section, team) = (x.section, x.team);
        let members = self
            .player(hunted.seat)
            .agents
            .iter()
            .filter(|y| y.section == section && y.away.is_none())
            .filter(|y| section != Section::Field || y.team == team)
            .map(|y| AgentRef {
                seat: hunted.seat,
                card: y.card,
            })
            .collect();
        Some((members, section))
    }

    /// The Adversary is played on the hunted Team (named by `target:`, or
    /// it is the Team making the check): its Activators are ignored.
    pub(crate) fn hunt_covers(&self, seat: Seat, card: CardIdx, target: Option<AgentRef>) -> bool {
        if db().get(card).kind != CardType::Adversary {
            return false;
        }
        let Some((team, _)) = self.hunted_team(seat) else {
            return false;
        };
        match target {
            Some(a) => team.contains(&a),
            None => self.check_team_now().iter().any(|a| team.contains(a)),
        }
    }

    /// The combat just begun is fought by the hunted Team where it is,
    /// when that is not the Team making the check (He's Gonna Find You).
    /// The Team making the check did not fight: `fought_before` is kept.
    pub(crate) fn fight_hunted_team(&mut self, seat: Seat, target: AgentRef, fought_before: bool) {
        let Some((team, section)) = self.hunted_team(seat) else {
            return;
        };
        // An Agent of the Team at the Site fights there, unless it has
        // left the Field since (sent to the Hospital: A Final Choice).
        let at_site = self.check_team_now().contains(&target)
            && self
                .agent(target)
                .is_some_and(|x| x.section == Section::Field);
        if !team.contains(&target) || at_site {
            return;
        }
        if let Some(c) = self.combat_mut() {
            c.team = team;
            c.team_section = Some(section);
        }
        if let Some(inv) = self.investigation.as_mut() {
            inv.fought = fought_before;
        }
    }

    /// A Witness's combat ratings when its text makes it fight like an
    /// Agent: [LRC, CRC, HEALTH].
    pub(crate) fn witness_ratings(&self, card: CardIdx) -> Option<[u8; 3]> {
        self.scripts_ref()
            .of(card)?
            .statics
            .iter()
            .find_map(|st| match st.modifier {
                Modifier::FightsAsAgent { lrc, crc, health } => Some([lrc, crc, health]),
                _ => None,
            })
    }

    /// The damage a Witness in play has taken.
    pub fn witness_damage(&self, id: u32) -> u8 {
        self.perm(id)
            .and_then(|p| p.data.get(WOUNDS))
            .and_then(Val::num)
            .map_or(0, |n| n.clamp(0, 255) as u8)
    }

    /// Witnesses fighting beside the Team now (p. 33: treated as Agents in
    /// combat rounds): attached to a fighting Agent, HEALTH left, not gone
    /// from the combat; none while one Agent fights alone. (id, ratings).
    pub fn fighting_witnesses(&self) -> Vec<(u32, [u8; 3])> {
        let Some(c) = self.combat() else {
            return Vec::new();
        };
        if c.only.is_some() {
            return Vec::new();
        }
        let fighters = self.fighters();
        self.perms
            .iter()
            .filter(|p| matches!(p.place, super::Place::Agent(a) if fighters.contains(&a)))
            .filter(|p| !c.witnesses_left.contains(&p.id))
            .filter_map(|p| Some((p.id, self.witness_ratings(p.card)?)))
            .filter(|(id, r)| self.witness_damage(*id) < r[2])
            .collect()
    }

    /// Starts a combat: the Adversary (and any that fight with it) against
    /// the investigating Team (p. 31).
    pub(crate) fn start_combat(
        &mut self,
        foes: Vec<Foe>,
        owner: Seat,
        skip_lrc: bool,
        events: &mut Events,
    ) -> u32 {
        let first = foes[0].card;
        let skip = skip_lrc
            || foes.iter().all(|f| {
                f.mods.contains(&Modifier::SkipLrc)
                    || self.foe_has(f.card, |m| *m == Modifier::SkipLrc)
            });
        let round = if skip {
            CombatRound::Close
        } else {
            CombatRound::Long
        };
        events.push(Event::public(XfEvent::CombatBegins {
            adversary: first,
            round,
        }));
        let max_rounds = foes.iter().find_map(|f| {
            self.script_db().of(f.card).and_then(|s| {
                s.statics.iter().find_map(|st| match st.modifier {
                    Modifier::Rounds { n } => Some(n),
                    _ => None,
                })
            })
        });
        let only = foes.iter().find_map(|f| f.only);
        let id = self.new_id();
        let base = self.stack.len();
        let lead = if foes
            .iter()
            .any(|f| self.foe_has(f.card, |m| *m == Modifier::LastWord))
        {
            self.active
        } else {
            owner
        };
        self.frames.push(Frame {
            id,
            base,
            priority: lead,
            passes: 0,
            first: lead,
            kind: FrameKind::Combat(Box::new(Combat {
                foes,
                owner,
                round,
                rounds: 0,
                step: CombatStep::Cards,
                only,
                left: Vec::new(),
                boons: Vec::new(),
                stunned: Vec::new(),
                dazed: Vec::new(),
                assign: Vec::new(),
                hits: Vec::new(),
                targets: Vec::new(),
                extra_lrc: 0,
                split: false,
                max_rounds,
                lasting: Vec::new(),
                splits: Vec::new(),
                extra: Vec::new(),
                hurt: Vec::new(),
                dealt: (0, 0),
                dealt_in: None,
                infected: Vec::new(),
                lrc_skipped: skip,
                witnesses_left: Vec::new(),
                team: Vec::new(),
                team_section: None,
            })),
        });
        if let Some(inv) = self.investigation.as_mut() {
            inv.fought = true;
        }
        self.regenerate(events);
        id
    }

    /// Foes that heal at the start of each round (John Barnett).
    fn regenerate(&mut self, events: &mut Events) {
        let Some(c) = self.combat() else {
            return;
        };
        let heal: Vec<(usize, u8)> = c
            .living()
            .filter_map(|(i, f)| {
                self.script_db().of(f.card).and_then(|s| {
                    s.statics.iter().find_map(|st| match st.modifier {
                        Modifier::Regenerate { n } if f.damage > 0 => Some((i, n)),
                        _ => None,
                    })
                })
            })
            .collect();
        let _ = events;
        if let Some(c) = self.combat_mut() {
            for (i, n) in heal {
                c.foes[i].damage = c.foes[i].damage.saturating_sub(n);
            }
        }
    }

    /// Everyone passed with no card left: damage is worked out (the cards
    /// step), or the round ends (after damage).
    pub(crate) fn combat_round_done(&mut self, events: &mut Events) {
        let step = self.combat().map(|c| c.step);
        match step {
            Some(CombatStep::Cards) => self.work_out_damage(events),
            Some(CombatStep::AfterDamage) => self.finish_round(events),
            _ => {}
        }
    }

    pub(crate) fn boons_on(&self, who: Combatant) -> Vec<Boon> {
        self.combat()
            .map(|c| {
                c.boons
                    .iter()
                    .chain(&c.lasting)
                    .filter(|(w, _)| *w == who)
                    .map(|(_, b)| b.clone())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// This round's boosts to a combatant's attack.
    fn boost_of(&self, who: Combatant, skill: Skill) -> i32 {
        self.boons_on(who)
            .iter()
            .map(|b| match b {
                Boon::Boost(n) => *n,
                Boon::SkillBoost { skill: s, n } if *s == skill => *n,
                _ => 0,
            })
            .sum()
    }

    fn redirected(&self, who: Combatant) -> Option<Combatant> {
        let fighters = self.fighters();
        self.boons_on(who).into_iter().find_map(|b| match b {
            // Not at an Agent who has left the fight (a possessed Agent's
            // teammate gone to the Hospital in an earlier round).
            Boon::Redirect(Combatant::Agent(a)) if !fighters.contains(&a) => None,
            Boon::Redirect(to) => Some(to),
            _ => None,
        })
    }

    /// How many attacks the combatant makes this round.
    fn attacks(&self, who: Combatant) -> usize {
        if self.boons_on(who).contains(&Boon::Twice) {
            2
        } else {
            1
        }
    }

    fn deals_nothing(&self, who: Combatant) -> bool {
        let c = self.combat().expect("in combat");
        c.dazed.contains(&who) || self.boons_on(who).contains(&Boon::Harmless)
    }

    /// An Agent's attack this round: its skill (with Equipment) plus boosts.
    fn agent_attack(&self, a: AgentRef, skill: Skill) -> i32 {
        let boost = self.boost_of(Combatant::Agent(a), skill);
        let living_machine = self.combat().is_some_and(|c| {
            skill == Skill::CloseRangeCombat
                && c.living()
                    .any(|(_, f)| self.foe_has(f.card, |m| *m == Modifier::ComputerCombat))
        });
        let weapon = self
            .boons_on(Combatant::Agent(a))
            .iter()
            .find_map(|b| match b {
                Boon::Weapon(n) => Some(*n),
                _ => None,
            });
        let base = if living_machine {
            self.agent_skill(a, Skill::Computer).max(1)
        } else if let Some(n) = weapon {
            let forces = self.in_force_of(&super::effects::statics::bears_on_skill);
            self.skill_with_gear(&forces, a, skill, n)
        } else {
            self.agent_skill(a, skill)
        };
        (base + boost - self.weakened()).max(0)
    }

    /// How much the living foes lower every opposing combatant's LRC and
    /// CRC (Deadly Blur).
    fn weakened(&self) -> i32 {
        self.combat().map_or(0, |c| {
            c.living()
                .map(|(_, f)| {
                    self.foe_mods(f.card)
                        .iter()
                        .map(|m| match m {
                            Modifier::Weakens { n } => i32::from(*n),
                            _ => 0,
                        })
                        .sum::<i32>()
                })
                .sum()
        })
    }

    /// Each fighting Witness's hits this round: its rating plus boosts, to
    /// the first foe it may fight (or where a card redirects it).
    fn witness_hits(&self, c: &Combat, living: &[usize]) -> Vec<(Combatant, Combatant, u8)> {
        let mut hits = Vec::new();
        for (id, r) in self.fighting_witnesses() {
            let me = Combatant::Witness(id);
            if self.deals_nothing(me) {
                continue;
            }
            let rating = match c.round {
                CombatRound::Long => r[0],
                CombatRound::Close => r[1],
            };
            let dmg = (i32::from(rating) + self.boost_of(me, c.skill()) - self.weakened()).max(0);
            let target = living.iter().copied().find(|i| c.foes[*i].only.is_none());
            let Some(to) = self.redirected(me).or(target.map(Combatant::Foe)) else {
                continue;
            };
            for _ in 0..self.attacks(me) {
                if dmg > 0 {
                    hits.push((me, to, dmg.min(255) as u8));
                }
            }
        }
        hits
    }

    fn foe_attack(&self, i: usize, skill: Skill) -> i32 {
        let boost = self.boost_of(Combatant::Foe(i), skill);
        (self.foe_stat(i, skill) + boost).max(0)
    }

    /// Each fighting Agent's hits this round: (Agent, foe or redirected
    /// target, damage), split where the Agent splits its damage (Shotgun).
    fn agent_hits(
        &self,
        c: &Combat,
        fighters: &[AgentRef],
        living: &[usize],
    ) -> Vec<(Combatant, Combatant, u8)> {
        let skill = c.skill();
        let mut hits = Vec::new();
        for a in fighters {
            if self.deals_nothing(Combatant::Agent(*a)) {
                continue;
            }
            let dmg = self.agent_attack(*a, skill);
            let target = c
                .targets
                .iter()
                .find(|t| t.0 == *a)
                .map(|t| t.1)
                .filter(|t| living.contains(t))
                .or_else(|| {
                    living
                        .iter()
                        .copied()
                        .find(|i| c.foes[*i].only.is_none_or(|o| o == *a))
                });
            let me = Combatant::Agent(*a);
            let to = self.redirected(me).or(target.map(Combatant::Foe));
            let split = c.splits.iter().find(|s| s.0 == *a).map(|s| s.1.clone());
            for _ in 0..self.attacks(me) {
                match (&split, to) {
                    (Some(parts), Some(Combatant::Foe(_))) if dmg > 0 => {
                        let mut left = dmg;
                        let live: Vec<&(usize, u8)> =
                            parts.iter().filter(|p| living.contains(&p.0)).collect();
                        for (k, (foe, n)) in live.iter().enumerate() {
                            let n = if k + 1 == live.len() {
                                left
                            } else {
                                i32::from(*n).min(left)
                            };
                            left -= n;
                            if n > 0 {
                                hits.push((me, Combatant::Foe(*foe), n.min(255) as u8));
                            }
                        }
                    }
                    (_, Some(t)) if dmg > 0 => hits.push((me, t, dmg.min(255) as u8)),
                    _ => {}
                }
            }
        }
        hits
    }

    /// The cards are done: each side's damage for this round (pp. 32-33).
    fn work_out_damage(&mut self, events: &mut Events) {
        let fighters = self.fighters();
        let c = self.combat().expect("in combat").clone();
        let skill = c.skill();
        let living: Vec<usize> = c.living().map(|(i, _)| i).collect();
        let mut hits = self.agent_hits(&c, &fighters, &living);
        hits.extend(self.witness_hits(&c, &living));
        self.team_combat_cut(&fighters, skill, &mut hits);
        // A Witness fighting beside a lone Agent may take the damage too.
        let alone = fighters.len() == 1 && self.fighting_witnesses().is_empty();
        let mut assign = Vec::new();
        for i in &living {
            if self.deals_nothing(Combatant::Foe(*i)) || fighters.is_empty() {
                continue;
            }
            let dmg = self.foe_attack(*i, skill);
            if dmg == 0 {
                continue;
            }
            let dmg = dmg.min(255) as u8;
            let me = Combatant::Foe(*i);
            for _ in 0..self.attacks(me) {
                if let Some(to) = self.redirected(me) {
                    hits.push((me, to, dmg));
                    continue;
                }
                let fixed = c.foes[*i]
                    .only
                    .or(if alone { Some(fighters[0]) } else { None });
                match fixed {
                    Some(a) if !self.may_split(*i) || fighters.len() == 1 => {
                        hits.push((me, Combatant::Agent(a), dmg))
                    }
                    _ => assign.push((*i, dmg)),
                }
            }
        }
        hits.extend(c.extra.iter().copied());
        let cm = self.combat_mut().expect("in combat");
        cm.hits = hits;
        cm.assign = assign;
        if cm.assign.is_empty() {
            self.apply_damage(events);
        } else {
            cm.step = CombatStep::Assign;
        }
    }

    fn may_split(&self, foe: usize) -> bool {
        let Some(c) = self.combat() else {
            return false;
        };
        let round = c.skill();
        c.split
            || self.foe_has(c.foes[foe].card, |m| match m {
                Modifier::Split { round: r } => r.is_none_or(|r| r == round),
                _ => false,
            })
    }

    /// The foes' player assigns the damage of the foe whose turn it is.
    pub(crate) fn assign_damage(
        &mut self,
        seat: Seat,
        to: &[(CardIdx, u8)],
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let c = self
            .combat()
            .cloned()
            .ok_or_else(|| self.out_of_phase(seat))?;
        if c.step != CombatStep::Assign || c.owner != seat {
            return Err(self.not_your_move(seat));
        }
        let (foe, amount) = c.assign[0];
        let fighters = self.fighters();
        let witnesses: Vec<u32> = self.fighting_witnesses().iter().map(|w| w.0).collect();
        let refs: Vec<(Combatant, u8)> = to
            .iter()
            .map(|(card, n)| (self.combatant_of(*card, &witnesses), *n))
            .collect();
        if refs
            .iter()
            .any(|(r, _)| matches!(r, Combatant::Agent(a) if !fighters.contains(a)))
        {
            let names: Vec<&str> = fighters
                .iter()
                .map(|f| f.card)
                .chain(
                    witnesses
                        .iter()
                        .filter_map(|w| self.perm(*w).map(|p| p.card)),
                )
                .map(|card| db().get(card).title.as_str())
                .collect();
            return Err(Refusal::new(format!(
                "damage goes to a fighting Agent: {}",
                names.join(", ")
            )));
        }
        let total: u32 = refs.iter().map(|t| u32::from(t.1)).sum();
        if total != u32::from(amount) {
            return Err(Refusal::new(format!(
                "assign all {amount} points of {}'s damage",
                db().get(c.foes[foe].card).title
            )));
        }
        if !self.may_split(foe) && refs.len() != 1 {
            return Err(Refusal::new(
                "an Adversary's damage goes to one Agent (p. 32)",
            ));
        }
        let foe_card = db().get(c.foes[foe].card);
        let foe_ref = &c.foes[foe];
        let warded = |a: AgentRef| {
            matches!(
                self.bearer_has(a, |m| matches!(m, Modifier::Ward { .. })),
                Some(Modifier::Ward { keywords }) if keywords.iter().any(|k| foe_ref.has_keyword(*k))
            )
        };
        let warded_ref = refs.iter().find_map(|(who, _)| match who {
            Combatant::Agent(a) if warded(*a) => Some(*a),
            _ => None,
        });
        if let Some(a) = warded_ref
            && (fighters.iter().any(|f| !warded(*f)) || !witnesses.is_empty())
        {
            return Err(Refusal::new(format!(
                "{} may not put damage on {} while another Agent fights (its Equipment wards it)",
                foe_card.title,
                db().get(a.card).title
            )));
        }
        let cm = self.combat_mut().expect("checked");
        for (who, n) in refs {
            if n > 0 {
                cm.hits.push((Combatant::Foe(foe), who, n));
            }
        }
        cm.assign.remove(0);
        if cm.assign.is_empty() {
            self.apply_damage(events);
        }
        Ok(())
    }

    /// The combatant a card named as a damage target is: a fighting
    /// Witness's card, else the Team's Agent of that card.
    fn combatant_of(&self, card: CardIdx, witnesses: &[u32]) -> Combatant {
        witnesses
            .iter()
            .copied()
            .find(|id| self.perm(*id).is_some_and(|p| p.card == card))
            .map_or(
                Combatant::Agent(AgentRef {
                    seat: self.active,
                    card,
                }),
                Combatant::Witness,
            )
    }

    /// Damage after reductions: shields, "no damage", and the foe's own text
    /// (half Long Range damage, one less from each source).
    fn reduced(&self, from: Combatant, to: Combatant, amount: u8, round: Skill) -> u8 {
        let c = self.combat().expect("in combat");
        let mut n = i32::from(amount);
        let boons = self.boons_on(to);
        if boons.contains(&Boon::Untouchable) {
            return 0;
        }
        for b in &boons {
            if let Boon::Shield { n: s, all: true } = b {
                n -= i32::from(*s);
            }
        }
        // "From any one source": the shield covers the largest hit.
        let largest = c
            .hits
            .iter()
            .filter(|h| h.1 == to)
            .map(|h| (h.0, h.2))
            .max_by_key(|h| h.1);
        if largest.is_some_and(|(f, _)| f == from) {
            for b in &boons {
                if let Boon::Shield { n: s, all: false } = b {
                    n -= i32::from(*s);
                }
            }
        }
        if let (Combatant::Agent(a), Combatant::Foe(f)) = (to, from) {
            let foe = &c.foes[f];
            if let Some(Modifier::ReduceFrom { keywords, n: r }) =
                self.bearer_has(a, |m| matches!(m, Modifier::ReduceFrom { .. }))
                && keywords.iter().all(|k| foe.has_keyword(*k))
            {
                n -= i32::from(r);
            }
            if let Some(Modifier::Ward { keywords }) =
                self.bearer_has(a, |m| matches!(m, Modifier::Ward { .. }))
                && keywords.iter().any(|k| foe.has_keyword(*k))
            {
                n = (n.max(0) + 1) / 2;
            }
        }
        let lifted = match (from, to) {
            (Combatant::Agent(a), Combatant::Foe(i)) => {
                self.hurt_as_normal(c.foes[i].card, Some(a.seat))
            }
            (Combatant::Witness(w), Combatant::Foe(i)) => {
                self.hurt_as_normal(c.foes[i].card, self.perm(w).map(|p| p.controller))
            }
            _ => false,
        };
        if let Combatant::Foe(i) = to
            && !lifted
        {
            let card = c.foes[i].card;
            if round == Skill::LongRangeCombat
                && self.foe_has(card, |m| *m == Modifier::HalveLrcTaken)
            {
                n = (n + 1) / 2;
            }
            if self.foe_has(card, |m| *m == Modifier::Unhurt)
                || (round == Skill::LongRangeCombat
                    && c.foes[i].mods.contains(&Modifier::NoLrcDamage))
                || (round == Skill::LongRangeCombat
                    && self.foe_has(card, |m| *m == Modifier::NoLrcDamage))
            {
                n = 0;
            }
            if let Some(r) = self.script_db().of(card).and_then(|s| {
                s.statics.iter().find_map(|st| match st.modifier {
                    Modifier::ReduceTaken { n } => Some(n),
                    _ => None,
                })
            }) {
                n -= i32::from(r);
            }
        }
        n.clamp(0, 255) as u8
    }

    /// Damage is simultaneous (p. 31), except a combatant striking first
    /// (Sneak Attack): its hits land before the rest, and Agents they bring
    /// to 0 HEALTH deal nothing this round.
    fn apply_damage(&mut self, events: &mut Events) {
        let c = self.combat().expect("in combat").clone();
        let round = c.skill();
        let reduced: Vec<(Combatant, Combatant, u8)> = c
            .hits
            .iter()
            .map(|(f, t, n)| (*f, *t, self.reduced(*f, *t, *n, round)))
            .collect();
        let slain = self.slain(&reduced);
        let reduced: Vec<_> = reduced
            .into_iter()
            .filter(|(from, _, _)| !matches!(from, Combatant::Foe(i) if slain.contains(i)))
            .collect();
        let first = |from: &Combatant| self.boons_on(*from).contains(&Boon::First);
        let (early, late): (Vec<_>, Vec<_>) = reduced.into_iter().partition(|h| first(&h.0));
        let mut tally = Tally::default();
        self.land(&early, &mut tally, events);
        let late: Vec<_> = late
            .into_iter()
            .filter(|(from, _, _)| match from {
                Combatant::Agent(a) if !early.is_empty() => self.current_health(*a) > 0,
                Combatant::Witness(w) if !early.is_empty() => self
                    .perm(*w)
                    .and_then(|p| self.witness_ratings(p.card))
                    .is_some_and(|r| self.witness_damage(*w) < r[2]),
                _ => true,
            })
            .collect();
        self.land(&late, &mut tally, events);
        events.push(Event::public(XfEvent::CombatDamage {
            agents_deal: tally.agents_deal,
            adversary_deals: tally.foes_deal,
            to: tally.to_agents.clone(),
        }));
        self.choke(&early, events);
        self.choke(&late, events);
        let down =
            self.fighters().iter().any(|a| self.current_health(*a) == 0) || self.dueller_down();
        let active = self.active;
        let Some(cm) = self.combat_mut() else {
            return;
        };
        cm.hits.clear();
        cm.extra.clear();
        cm.hurt = tally.hurt;
        cm.dealt = (
            tally.agents_deal.clamp(0, 65535) as u16,
            tally.foes_deal.clamp(0, 65535) as u16,
        );
        cm.dealt_in = Some(cm.round);
        if down {
            cm.step = CombatStep::AfterDamage;
            self.reset_priority(active);
        } else {
            self.finish_round(events);
        }
    }

    /// An Agent fighting as the foe of a duel is at 0 HEALTH: like the
    /// Team's, it has a last chance to be healed (Rules Assistant p. 7).
    fn dueller_down(&self) -> bool {
        self.combat().is_some_and(|c| {
            c.living()
                .any(|(_, f)| f.to_hospital && f.agent.is_some_and(|a| self.current_health(a) == 0))
        })
    }

    /// A change to the Team's total damage this round (Darkened Forest),
    /// taken from the Agents' hits in order.
    fn team_combat_cut(
        &self,
        fighters: &[AgentRef],
        skill: Skill,
        hits: &mut Vec<(Combatant, Combatant, u8)>,
    ) {
        let mut cut: i32 = self
            .in_force_of(&|m| matches!(m, Modifier::TeamCombat { .. }))
            .iter()
            .map(|f| match &f.modifier {
                Modifier::TeamCombat {
                    who,
                    skill: s,
                    amount,
                } if *s == skill && fighters.iter().any(|a| self.applies(f, who, *a)) => -amount,
                _ => 0,
            })
            .sum();
        for h in hits.iter_mut() {
            if cut <= 0 {
                break;
            }
            if !matches!(h.0, Combatant::Foe(_)) {
                let take = cut.min(i32::from(h.2));
                h.2 -= take as u8;
                cut -= take;
            }
        }
        hits.retain(|h| h.2 > 0);
    }

    /// Foes an Agent's Slayer weapon damages in Close Range: discarded
    /// before they deal damage (Alien Stiletto).
    fn slain(&mut self, hits: &[(Combatant, Combatant, u8)]) -> Vec<usize> {
        let Some(c) = self.combat() else {
            return Vec::new();
        };
        if c.round != CombatRound::Close {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (from, to, n) in hits {
            let (Combatant::Agent(a), Combatant::Foe(i)) = (from, to) else {
                continue;
            };
            let foe = &c.foes[*i];
            if *n > 0
                && let Some(Modifier::Slayer { keywords }) =
                    self.bearer_has(*a, |m| matches!(m, Modifier::Slayer { .. }))
                && keywords.iter().any(|k| foe.has_keyword(*k))
            {
                out.push(*i);
            }
        }
        if let Some(cm) = self.combat_mut() {
            for i in &out {
                cm.foes[*i].gone = true;
            }
        }
        out
    }

    /// Places hits (already reduced) on foes and Agents.
    fn land(&mut self, hits: &[(Combatant, Combatant, u8)], t: &mut Tally, events: &mut Events) {
        let blocks = self.combat().is_some_and(|c| {
            c.foes
                .iter()
                .any(|f| self.foe_has(f.card, |m| *m == Modifier::WoundsBlockHealing))
        });
        for (from, to, n) in hits {
            let n = *n;
            match t.hurt.iter_mut().find(|h| h.0 == *to) {
                Some(h) => {
                    h.1 = h.1.max(n);
                    h.2 = h.2.saturating_add(n);
                }
                None => t.hurt.push((*to, n, n)),
            }
            match from {
                Combatant::Foe(_) => t.foes_deal += i32::from(n),
                Combatant::Agent(_) | Combatant::Witness(_) => t.agents_deal += i32::from(n),
            }
            match to {
                Combatant::Foe(i) => {
                    let agent = self
                        .combat()
                        .and_then(|c| c.foes.get(*i))
                        .and_then(|f| f.agent);
                    match agent {
                        // An Agent fighting as an Adversary takes the damage itself.
                        Some(a) => {
                            self.damage_agent(a, n, events);
                        }
                        None => {
                            if let Some(cm) = self.combat_mut() {
                                cm.foes[*i].damage = cm.foes[*i].damage.saturating_add(n);
                            }
                        }
                    }
                    self.poison_blood(*i, n, t, events);
                }
                Combatant::Agent(a) => {
                    t.to_agents.push((*a, n));
                    let dealt = self.damage_agent(*a, n, events);
                    if dealt > 0 {
                        self.note_combat_hurt(*a);
                    }
                    if let Combatant::Foe(i) = from
                        && dealt > 0
                    {
                        self.note_infection(*i, *a);
                    }
                    if blocks
                        && dealt > 0
                        && matches!(from, Combatant::Foe(_))
                        && let Some(x) = self.agent_mut(*a)
                    {
                        x.heal_blocked = true;
                    }
                    if let Combatant::Foe(i) = from
                        && n > 0
                    {
                        self.hospitalize_on_hit(*i, *a, events);
                    }
                }
                Combatant::Witness(id) => self.wound_witness(*id, n, events),
            }
        }
    }

    /// An Agent took damage in a combat this turn (Possession).
    pub(crate) fn note_combat_hurt(&mut self, agent: AgentRef) {
        let fact = Fact::CombatHurt { agent };
        if !self.facts.contains(&fact) {
            self.facts.push(fact);
        }
    }

    /// Damage on a fighting Witness stays on its card.
    fn wound_witness(&mut self, id: u32, n: u8, events: &mut Events) {
        if n == 0 {
            return;
        }
        let now = self.witness_damage(id).saturating_add(n);
        let Some(p) = self.perm_mut(id) else {
            return;
        };
        p.data.set(WOUNDS, Val::Num(i32::from(now)));
        let card = p.card;
        events.push(Event::public(XfEvent::CardDamaged { card, amount: n }));
    }

    /// A Witness brought to 0 HEALTH is sent to the Hospital: it leaves
    /// play (p. 33: to its Discard Pile; removed from the game when its
    /// text says so, Charley Tskany).
    fn witnesses_down(&mut self, events: &mut Events) {
        let down: Vec<u32> = self
            .perms
            .iter()
            .filter(|p| {
                self.witness_ratings(p.card)
                    .is_some_and(|r| self.witness_damage(p.id) >= r[2])
            })
            .map(|p| p.id)
            .collect();
        for id in down {
            self.team_card_leaves(id, events);
        }
    }

    /// A hit on a foe with poisonous blood in Close Range hurts every
    /// fighting Agent (the Alien Bounty Hunter).
    fn poison_blood(&mut self, foe: usize, n: u8, t: &mut Tally, events: &mut Events) {
        let Some(c) = self.combat() else {
            return;
        };
        if n == 0 || c.round != CombatRound::Close {
            return;
        }
        let card = c.foes[foe].card;
        let Some(p) = self.foe_mods(card).iter().find_map(|m| match m {
            Modifier::PoisonBlood { n } => Some(*n),
            _ => None,
        }) else {
            return;
        };
        for a in self.fighters() {
            if self.damage_agent(a, p, events) > 0 {
                self.note_combat_hurt(a);
            }
            t.to_agents.push((a, p));
            t.foes_deal += i32::from(p);
        }
    }

    /// An Agent the foe damages goes to the Hospital and stays (Deadly Blur).
    fn hospitalize_on_hit(&mut self, foe: usize, a: AgentRef, events: &mut Events) {
        let Some(c) = self.combat() else {
            return;
        };
        let card = c.foes[foe].card;
        let owner = c.foes[foe].owner;
        let Some(turns) = self.foe_mods(card).iter().find_map(|m| match m {
            Modifier::HospitalizesOnHit { turns } => Some(*turns),
            _ => None,
        }) else {
            return;
        };
        if !self.held_in_section(a) && self.hospital_replaced(a, events) {
            return;
        }
        self.move_agent(a, Section::Hospital, events);
        self.lasting.push(super::Lasting {
            modifier: Modifier::Stuck {
                who: super::effects::ast::AgentScope::Agent(a),
            },
            card,
            controller: owner,
            until: super::effects::ast::Duration::Turns(turns),
            scope: None,
            turn: self.turn,
        });
    }

    /// Whoever a choking combatant damaged takes no further part (Choke Hold).
    fn choke(&mut self, hits: &[(Combatant, Combatant, u8)], events: &mut Events) {
        for (from, to, n) in hits {
            if *n == 0 || !self.boons_on(*from).contains(&Boon::Choke) {
                continue;
            }
            match to {
                Combatant::Foe(i) => {
                    if let Some(cm) = self.combat_mut() {
                        cm.foes[*i].gone = true;
                    }
                }
                Combatant::Agent(a) => {
                    if let Some(cm) = self.combat_mut() {
                        cm.left.push(*a);
                    }
                }
                Combatant::Witness(id) => {
                    if let Some(cm) = self.combat_mut() {
                        cm.witnesses_left.push(*id);
                    }
                }
            }
        }
        let _ = events;
    }

    /// End of a round: Agents at 0 go to the Hospital; foes at 0 HEALTH die;
    /// otherwise another round (p. 33).
    fn finish_round(&mut self, events: &mut Events) {
        self.witnesses_down(events);
        for a in self.fighters() {
            if self.current_health(a) == 0 {
                self.hospitalize_if_down(a, events);
                self.facts
                    .push(Fact::AdversaryHospitalized { seat: a.seat });
            }
        }
        let team_seat = self.fighters().first().map(|a| a.seat);
        let dead: Vec<usize> = {
            let c = self.combat().expect("in combat");
            let long = c.round == CombatRound::Long;
            c.living()
                .filter(|(_, f)| !(long && self.foe_has(f.card, |m| *m == Modifier::SurvivesLrc)))
                .filter(|(i, f)| match f.agent {
                    Some(a) => self.current_health(a) == 0,
                    None => {
                        i32::from(f.damage) >= self.foe_health(*i)
                            && (!self.foe_has(f.card, |m| *m == Modifier::Unhurt)
                                || self.hurt_as_normal(f.card, team_seat))
                    }
                })
                .map(|(i, _)| i)
                .collect()
        };
        for i in dead {
            self.foe_down(i, events);
        }
        let c = self.combat().expect("in combat").clone();
        let rounds = c.rounds + 1;
        let over = c.living().next().is_none()
            || self.fighters().is_empty()
            || c.max_rounds.is_some_and(|m| rounds >= m)
            || c.foes.iter().any(|f| {
                f.only
                    .is_some_and(|o| self.agent(o).is_none_or(|a| a.section != Section::Field))
            });
        if over {
            self.end_combat(events);
            return;
        }
        let owner = c.owner;
        let cm = self.combat_mut().expect("in combat");
        cm.rounds = rounds;
        if cm.extra_lrc > 0 {
            cm.extra_lrc -= 1;
            cm.round = CombatRound::Long;
        } else {
            cm.round = CombatRound::Close;
        }
        cm.step = CombatStep::Cards;
        cm.boons.clear();
        cm.split = false;
        cm.dazed = std::mem::take(&mut cm.stunned);
        self.expire(super::effects::ast::Duration::Round);
        let lead = self.combat_lead().unwrap_or(owner);
        self.reset_priority(lead);
        self.regenerate(events);
    }

    /// A foe brought down this round: an Agent fighting as one goes to the
    /// Hospital; an Adversary is killed (back to its deck when it says so).
    fn foe_down(&mut self, i: usize, events: &mut Events) {
        let f = self.combat().expect("in combat").foes[i].clone();
        if let (true, Some(a)) = (f.to_hospital, f.agent) {
            // An Agent, not an Adversary, is down: the Hospital, as usual.
            if let Some(cm) = self.combat_mut() {
                cm.foes[i].gone = true;
            }
            self.hospitalize_if_down(a, events);
            return;
        }
        events.push(Event::public(XfEvent::AdversaryKilled { card: f.card }));
        self.facts.push(Fact::AdversaryKilled);
        let back = self.foe_has(f.card, |m| *m == Modifier::ReturnsToDeck);
        if let Some(cm) = self.combat_mut() {
            cm.foes[i].gone = true;
            cm.foes[i].moved |= back;
        }
        if back {
            self.player_mut(f.owner).deck.push(f.card);
            self.shuffle_deck(f.owner, events);
        }
        if let Some(a) = f.agent {
            self.remove_agent(a, events);
        }
    }

    /// Combat ends: foes are discarded whatever the outcome (p. 33); the
    /// check it interrupted goes on.
    pub(crate) fn end_combat(&mut self, events: &mut Events) {
        let Some(pos) = self
            .frames
            .iter()
            .rposition(|f| matches!(f.kind, FrameKind::Combat(_)))
        else {
            return;
        };
        let frame = self.frames.remove(pos);
        let FrameKind::Combat(c) = frame.kind else {
            unreachable!("found above")
        };
        for p in self.stack.split_off(frame.base.min(self.stack.len())) {
            self.player_mut(p.player).discard.push(p.card);
        }
        for (i, f) in c.foes.iter().enumerate() {
            if f.agent.is_none() && !f.moved && !self.infect(&c, i, events) {
                self.player_mut(f.owner).discard.push(f.card);
            }
        }
        events.push(Event::public(XfEvent::CombatOver {
            adversary: c.adversary(),
        }));
        self.facts.push(Fact::CombatEnded {
            adversary: c.adversary(),
            owner: c.foes.first().map(|f| f.owner),
        });
        self.expire(super::effects::ast::Duration::Combat);
        let active = self.active;
        self.reset_priority(active);
        self.deliver_combat(frame.id);
        if let Some((total, needed)) = self.check_totals_now() {
            events.push(Event::public(XfEvent::CheckStands { total, needed }));
        }
    }

    /// An infecting foe's attack cost this Agent HEALTH.
    fn note_infection(&mut self, foe: usize, a: AgentRef) {
        let card = self.combat().and_then(|c| c.foes.get(foe)).map(|f| f.card);
        let infects =
            card.is_some_and(|c| self.foe_has(c, |m| matches!(m, Modifier::Infects { .. })));
        if let Some(cm) = self.combat_mut()
            && infects
            && !cm.infected.contains(&(foe, a))
        {
            cm.infected.push((foe, a));
        }
    }

    /// After its combat an infecting Adversary stays on the first Agent its
    /// attack cost HEALTH, with its tokens (The Host Attacks); false if none.
    fn infect(&mut self, c: &Combat, foe: usize, events: &mut Events) -> bool {
        let f = &c.foes[foe];
        let Some(a) = c.infected.iter().find(|x| x.0 == foe).map(|x| x.1) else {
            return false;
        };
        if self.agent(a).is_none() {
            return false;
        }
        let tokens = self
            .foe_mods(f.card)
            .iter()
            .find_map(|m| match m {
                Modifier::Infects { tokens } => Some(*tokens),
                _ => None,
            })
            .unwrap_or(0);
        let id = self.new_id();
        self.perms.push(super::Permanent {
            id,
            card: f.card,
            owner: f.owner,
            controller: f.owner,
            place: super::Place::Agent(a),
            tokens,
            under: Vec::new(),
            used: Vec::new(),
            data: super::effects::state::Vars::default(),
            this_turn: false,
            keywords: Vec::new(),
        });
        events.push(Event::public(XfEvent::InPlay {
            seat: f.owner,
            card: f.card,
        }));
        events.push(Event::public(XfEvent::Tokens {
            card: f.card,
            tokens,
        }));
        true
    }

    /// An Agent attacks this foe (several foes).
    pub(crate) fn set_agent_target(&mut self, a: AgentRef, foe: usize, _: &mut Events) {
        if let Some(c) = self.combat_mut() {
            c.targets.retain(|t| t.0 != a);
            c.splits.retain(|t| t.0 != a);
            c.targets.push((a, foe));
        }
    }

    /// The Agents' player aims an Agent at one foe, or splits its damage
    /// among several when its Equipment allows (p. 32; Shotgun).
    pub(crate) fn aim(
        &mut self,
        seat: Seat,
        agent: CardIdx,
        at: &[(usize, u8)],
        events: &mut Events,
    ) -> Result<(), Refusal> {
        let c = self
            .combat()
            .cloned()
            .ok_or_else(|| self.out_of_phase(seat))?;
        let a = AgentRef {
            seat: self.active,
            card: agent,
        };
        if seat != self.active || c.step != CombatStep::Cards {
            return Err(Refusal::new(
                "the Agents' player aims an Agent before the round's damage",
            ));
        }
        if !self.fighters().contains(&a) {
            return Err(Refusal::new(format!(
                "{} is not fighting",
                db().get(agent).title
            )));
        }
        let living: Vec<usize> = c.living().map(|(i, _)| i).collect();
        if at.is_empty() || at.iter().any(|(f, _)| !living.contains(f)) {
            let names: Vec<String> = c
                .living()
                .map(|(i, f)| format!("{} ({i})", db().get(f.card).title))
                .collect();
            return Err(Refusal::new(format!(
                "aim at a foe still fighting: {}",
                names.join(", ")
            )));
        }
        if at.len() > 1
            && self
                .bearer_has(a, |m| *m == Modifier::SplitsDamage)
                .is_none()
        {
            return Err(Refusal::new(format!(
                "{} deals all its damage to one foe (only some Equipment lets it split)",
                db().get(agent).title
            )));
        }
        let cm = self.combat_mut().expect("checked");
        cm.targets.retain(|t| t.0 != a);
        cm.splits.retain(|t| t.0 != a);
        cm.targets.push((a, at[0].0));
        if at.len() > 1 {
            cm.splits.push((a, at.to_vec()));
        }
        let _ = events;
        Ok(())
    }

    /// A foe is negated: it leaves the combat; with none left, combat ends.
    pub(crate) fn negate_foe(&mut self, i: usize, by: Option<CardIdx>, events: &mut Events) {
        let Some(c) = self.combat() else {
            return;
        };
        let Some(f) = c.foes.get(i).cloned() else {
            return;
        };
        if let Some(by) = by {
            events.push(Event::public(XfEvent::Negated { card: f.card, by }));
        }
        self.facts.push(Fact::Negated { card: f.card });
        if let Some(cm) = self.combat_mut() {
            cm.foes[i].gone = true;
        }
        if let Some(a) = f.agent {
            self.attacker_negated(a, events);
        }
        if self.combat().is_some_and(|c| c.living().next().is_none()) {
            self.end_combat(events);
        }
    }

    /// Who plays Combat cards first each round: the Adversary's player,
    /// unless a foe has the last word (Puppet): then the Agents' player.
    pub(crate) fn combat_lead(&self) -> Option<Seat> {
        let c = self.combat()?;
        let last = c
            .living()
            .any(|(_, f)| self.foe_has(f.card, |m| *m == Modifier::LastWord));
        Some(if last { self.active } else { c.owner })
    }

    /// After a foe with the last word played a Combat card this round,
    /// nothing answers it (Puppet): the foe's name, when so.
    pub(crate) fn last_word_said(&self, seat: Seat) -> Option<CardIdx> {
        let c = self.combat()?;
        if seat == c.owner {
            return None;
        }
        let (_, f) = c
            .living()
            .find(|(_, f)| self.foe_has(f.card, |m| *m == Modifier::LastWord))?;
        let base = self
            .frames
            .iter()
            .rev()
            .find(|f| matches!(f.kind, FrameKind::Combat(_)))?
            .base;
        self.stack[base.min(self.stack.len())..]
            .iter()
            .any(|p| p.player == c.owner)
            .then_some(f.card)
    }

    /// Does an Adversary's own text forbid it this Team? (Smoke Screen, Work a Deal)
    pub(crate) fn refuse_adversary(&self, card: CardIdx) -> Option<String> {
        let team = self.check_team_now();
        team.iter().find_map(|a| {
            self.shielded_from(*a, card).map(|by| {
                format!(
                    "{} may not attack this Team ({})",
                    db().get(card).title,
                    db().get(by).title
                )
            })
        })
    }
}

/// What one round's damage came to.
#[derive(Default)]
struct Tally {
    agents_deal: i32,
    foes_deal: i32,
    to_agents: Vec<(AgentRef, u8)>,
    hurt: Vec<(Combatant, u8, u8)>,
}

impl Foe {
    pub fn new(card: CardIdx, owner: Seat) -> Foe {
        Foe {
            card,
            owner,
            damage: 0,
            gone: false,
            agent: None,
            stats: Vec::new(),
            only: None,
            moved: false,
            host: None,
            mods: Vec::new(),
            to_hospital: false,
            keywords: Vec::new(),
        }
    }

    /// Its card's Keyword, or one a card gave it.
    pub fn has_keyword(&self, k: Keyword) -> bool {
        db().get(self.card).has_keyword(k) || self.keywords.contains(&k)
    }

    /// A printed LRC of N/A (for messages).
    pub fn lrc_na(&self) -> bool {
        db().get(self.card).skills.get(Skill::LongRangeCombat) == Some(SkillValue::NotApplicable)
    }
}
