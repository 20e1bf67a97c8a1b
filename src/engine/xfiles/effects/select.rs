//! What a selector finds on the table, seen from an effect's source: Agents,
//! Teams, cards on the stack, in play, in hands, piles and decks, Sites,
//! Bluffs, players and combatants.

use super::ast::{Kind, Qual, Selector};
use super::state::{AbilityRef, Source, Val, Vars, Zone};
use crate::cards::{CardIdx, CardType, Pool, Section, db, normalize};
use crate::engine::Seat;
use crate::engine::xfiles::combat::Combatant;
use crate::engine::xfiles::{AgentRef, Away, Pending, Place, XfGame};

/// Every card's title, normalised once (titles are compared often).
static TITLES: std::sync::LazyLock<Vec<String>> =
    std::sync::LazyLock::new(|| db().iter().map(|(_, c)| normalize(&c.title)).collect());

/// Every card's normalised title in words.
static TITLE_WORDS: std::sync::LazyLock<Vec<Vec<&'static str>>> =
    std::sync::LazyLock::new(|| TITLES.iter().map(|t| t.split(' ').collect()).collect());

/// Does a card's title match one of the names (a name's words all in the
/// title)? Names in scripts are normalised when read.
pub fn card_titled(card: CardIdx, names: &[String]) -> bool {
    let words = &TITLE_WORDS[usize::from(card.0)];
    names
        .iter()
        .any(|n| n.split(' ').all(|w| words.contains(&w)))
}

impl XfGame {
    /// Every object the selector finds, in table order.
    pub(crate) fn select(&self, src: &Source, vars: &Vars, sel: &Selector) -> Vec<Val> {
        match sel.kind {
            Kind::Agent => self
                .agents_matching(src, vars, &sel.quals)
                .into_iter()
                .map(Val::Agent)
                .collect(),
            Kind::Team => self.teams(src, vars, &sel.quals),
            Kind::Stack => self.stack_matching(src, vars, &sel.quals),
            Kind::Perm => self
                .perms
                .iter()
                .filter(|p| self.perm_ok(src, vars, p, &sel.quals))
                .map(|p| Val::Perm(p.id))
                .collect(),
            Kind::Hand | Kind::Discard | Kind::Deck | Kind::Removed => self.pile(src, vars, sel),
            Kind::Site => self
                .sites
                .iter()
                .filter(|s| self.site_ok(src, vars, s.id, &sel.quals))
                .map(|s| Val::Site(s.id))
                .collect(),
            Kind::Bluff => {
                let mut out = Vec::new();
                for s in &self.sites {
                    let current = self.investigation.as_ref().is_some_and(|i| i.site == s.id);
                    for (i, b) in s.bluffs.iter().enumerate() {
                        let ok = sel.quals.iter().all(|q| match q {
                            Qual::Current => current,
                            Qual::Mine => b.owner == src.controller,
                            Qual::Theirs => b.owner != src.controller,
                            Qual::FaceDown => !b.shown,
                            Qual::Is(v) => vars.get(v) == Some(&Val::Bluff(s.id, i)),
                            Qual::On(v) => vars.get(v) == Some(&Val::Site(s.id)),
                            _ => self.card_ok(b.card, q),
                        });
                        if ok {
                            out.push(Val::Bluff(s.id, i));
                        }
                    }
                }
                out
            }
            Kind::Player => self
                .seats_for(src, &sel.quals)
                .into_iter()
                .map(Val::Seat)
                .collect(),
            Kind::Foe => self.foes_matching(src, vars, &sel.quals),
            Kind::Combatant => {
                let mut out: Vec<Val> = self
                    .fighters()
                    .into_iter()
                    .filter(|a| self.agent_ok(src, vars, *a, &sel.quals))
                    .map(Val::Agent)
                    .collect();
                out.extend(self.foes_matching(src, vars, &sel.quals));
                out
            }
            Kind::Card => [Kind::Site, Kind::Stack, Kind::Perm]
                .into_iter()
                .flat_map(|kind| {
                    let one = Selector {
                        kind,
                        quals: sel.quals.clone(),
                    };
                    self.select(src, vars, &one)
                })
                .collect(),
        }
    }

    /// Seats a selector allows, from the source's controller.
    fn seats_for(&self, src: &Source, quals: &[Qual]) -> Vec<Seat> {
        let mut seats: Vec<Seat> = (0..self.players.len() as Seat)
            .filter(|s| !self.player(*s).out)
            .collect();
        if quals.contains(&Qual::Mine) {
            seats.retain(|s| *s == src.controller);
        }
        if quals.contains(&Qual::Theirs) {
            match src.opponent {
                Some(o) => seats.retain(|s| *s == o),
                None => seats.retain(|s| *s != src.controller),
            }
        }
        seats
    }

    fn agents_matching(&self, src: &Source, vars: &Vars, quals: &[Qual]) -> Vec<AgentRef> {
        let mut out = Vec::new();
        for seat in self.seats_for(src, quals) {
            for a in &self.player(seat).agents {
                let r = AgentRef { seat, card: a.card };
                // Agents out of play are found only under this card (`under`).
                let here = a.away.is_none() || quals.contains(&Qual::Under);
                if here && self.agent_ok(src, vars, r, quals) {
                    out.push(r);
                }
            }
        }
        out
    }

    /// The Agent the source belongs to (or the one its target names).
    fn anchor(&self, src: &Source, vars: &Vars) -> Option<AgentRef> {
        src.agent
            .or_else(|| vars.get("target").and_then(Val::agent))
    }

    fn agent_ok(&self, src: &Source, vars: &Vars, r: AgentRef, quals: &[Qual]) -> bool {
        let Some(a) = self.agent(r) else {
            return false;
        };
        let card = db().get(r.card);
        quals.iter().all(|q| match q {
            Qual::Mine => r.seat == src.controller,
            Qual::Theirs => r.seat != src.controller,
            Qual::In(s) => a.section == *s,
            Qual::Investigating => self.in_check_team(r),
            Qual::Fighting => self.fighters().contains(&r),
            Qual::Damaged => a.damage > 0,
            Qual::Keyword(k) => k
                .iter()
                .any(|k| card.has_keyword(*k) || a.keywords.contains(k)),
            Qual::NotKeyword(k) => !k
                .iter()
                .any(|k| card.has_keyword(*k) || a.keywords.contains(k)),
            Qual::Title(t) => card_titled(r.card, t),
            Qual::SkillAtLeast(s, n) => self.agent_skill(r, *s) >= *n,
            Qual::Other => Some(r) != src.agent,
            Qual::SameTeam => self
                .anchor(src, vars)
                .and_then(|x| self.agent(x).map(|b| (x, b)))
                .is_some_and(|(x, b)| {
                    x.seat == r.seat
                        && b.section == a.section
                        && b.team == a.team
                        && b.section != Section::Hospital
                }),
            Qual::Is(v) => vars.get(v).is_some_and(|v| v.agents().contains(&r)),
            Qual::NotIs(v) => !vars.get(v).is_some_and(|v| v.agents().contains(&r)),
            Qual::Temporary => a.temporary,
            Qual::Itself => src.agent == Some(r),
            Qual::CanUse(k) => k.iter().any(|k| {
                self.can_use(r.card, Some(r)).contains(k)
                    || crate::cards::Skill::parse_loose(k.as_str())
                        .is_some_and(|s| self.agent_skill(r, s) >= 1)
            }),
            Qual::Type(t) => t.contains(&card.kind),
            Qual::CostAtMost(n) => card.cost.is_some_and(|c| c.amount.with_x(0) as i32 <= *n),
            Qual::NotTitle(t) => !card_titled(r.card, t),
            Qual::Stunned => self.stunned(Combatant::Agent(r)),
            Qual::Hurt(n) => self.hurt_by(Combatant::Agent(r)) >= *n,
            Qual::HurtInCombat => self.facts.iter().any(
                |f| matches!(f, crate::engine::xfiles::Fact::CombatHurt { agent } if *agent == r),
            ),
            Qual::Went(s) => a.section == *s && self.last_move(r).is_some_and(|m| m.1 == *s),
            Qual::NotControlled => !self
                .player(src.controller)
                .agents
                .iter()
                .any(|x| db().get(x.card).title == card.title),
            Qual::Failed => self.failed_team().contains(&r),
            Qual::Elsewhere => a
                .first_site
                .is_some_and(|s| self.inv_site().is_none_or(|i| i.card != s)),
            Qual::Movable => {
                !self.held_in_section(r)
                    && (a.section != Section::Hospital || self.may_leave_hospital(r))
            }
            Qual::Down => {
                self.current_health(r) == 0
                    && (a.section != Section::Hospital
                        || self.last_move(r).is_some_and(|m| m.1 == Section::Hospital))
            }
            Qual::Under => src
                .perm
                .is_some_and(|perm| a.away == Some(Away::Held { perm })),
            _ => false,
        })
    }

    /// A card that fought a combat or was negated this turn (Adversaries
    /// sent to the Discard Pile: Persistent Conspiracy).
    fn discarded_this_turn(&self, card: CardIdx) -> bool {
        use crate::engine::xfiles::Fact;
        self.facts.iter().any(|f| match f {
            Fact::CombatEnded { adversary, .. } => *adversary == card,
            Fact::Negated { card: c } => *c == card,
            _ => false,
        })
    }

    /// How many copies of the card the last card the Investigating Player
    /// (`seat`) played to search his deck this turn took into his hand.
    fn searched(&self, seat: Seat, card: CardIdx) -> usize {
        use crate::engine::xfiles::Fact;
        if seat != self.active {
            return 0;
        }
        self.facts
            .iter()
            .rev()
            .find_map(|f| match f {
                Fact::Searched { seat: s, cards } if *s == seat => Some(cards),
                _ => None,
            })
            .map_or(0, |cards| cards.iter().filter(|x| **x == card).count())
    }

    /// An Agent card of this seat was removed from the game this turn.
    fn removed_this_turn(&self, seat: crate::engine::Seat, card: CardIdx) -> bool {
        self.facts.iter().any(|f| {
            matches!(f, crate::engine::xfiles::Fact::AgentRemoved { seat: s, agent: Some(x) }
                if *s == seat && x.card == card)
        })
    }

    fn stunned(&self, who: Combatant) -> bool {
        self.combat().is_some_and(|c| c.dazed.contains(&who))
    }

    /// The largest hit from one source the combatant took in the last damage.
    fn hurt_by(&self, who: Combatant) -> u8 {
        self.combat()
            .and_then(|c| c.hurt.iter().find(|h| h.0 == who).map(|h| h.1))
            .unwrap_or(0)
    }

    /// Groups of Agents: one player's Team in one section (none in the Hospital).
    fn teams(&self, src: &Source, vars: &Vars, quals: &[Qual]) -> Vec<Val> {
        let failed = quals.contains(&Qual::Failed);
        if failed || quals.contains(&Qual::Investigating) {
            let team: Vec<AgentRef> = if failed {
                self.failed_team()
            } else {
                self.check_team_now()
            };
            let mine_ok = !quals.contains(&Qual::Mine)
                || team.first().is_some_and(|a| a.seat == src.controller);
            let theirs_ok = !quals.contains(&Qual::Theirs)
                || team.first().is_some_and(|a| a.seat != src.controller);
            return if !team.is_empty() && mine_ok && theirs_ok {
                vec![Val::Agents(team)]
            } else {
                Vec::new()
            };
        }
        let mut out = Vec::new();
        for seat in self.seats_for(src, quals) {
            let mut groups: Vec<(Section, u8, Vec<AgentRef>)> = Vec::new();
            for a in &self.player(seat).agents {
                if a.away.is_some() || a.section == Section::Hospital {
                    continue;
                }
                let r = AgentRef { seat, card: a.card };
                match groups
                    .iter_mut()
                    .find(|g| g.0 == a.section && g.1 == a.team)
                {
                    Some(g) => g.2.push(r),
                    None => groups.push((a.section, a.team, vec![r])),
                }
            }
            for (section, _, members) in groups {
                let ok = quals.iter().all(|q| match q {
                    Qual::In(s) => *s == section,
                    Qual::Mine | Qual::Theirs => true,
                    Qual::Is(v) => vars.get(v).is_some_and(|v| v.agents() == members),
                    Qual::SameTeam => self.anchor(src, vars).is_some_and(|a| members.contains(&a)),
                    Qual::SkillAtLeast(..) | Qual::Keyword(_) | Qual::Title(_) => members
                        .iter()
                        .any(|m| self.agent_ok(src, vars, *m, std::slice::from_ref(q))),
                    _ => false,
                });
                if ok {
                    out.push(Val::Agents(members));
                }
            }
        }
        out
    }

    fn stack_matching(&self, src: &Source, vars: &Vars, quals: &[Qual]) -> Vec<Val> {
        self.stack
            .iter()
            // Cards played as one match when one of them does (Overwhelming
            // Force: negating one negates them all, Rules Assistant p. 11).
            .filter(|p| {
                p.members()
                    .into_iter()
                    .any(|card| quals.iter().all(|q| self.stack_ok(src, vars, p, card, q)))
            })
            .map(|p| Val::Stack(p.id))
            .collect()
    }

    /// One filter on one card of a stack entry.
    fn stack_ok(&self, src: &Source, vars: &Vars, p: &Pending, card: CardIdx, q: &Qual) -> bool {
        // The entry's own card: Keywords a card changed, an Agent attacking.
        let own = card == p.card;
        match q {
            Qual::Mine => p.player == src.controller,
            Qual::Theirs | Qual::AgainstMe => p.player != src.controller,
            Qual::Is(v) => vars.get(v) == Some(&Val::Stack(p.id)),
            Qual::AltersKeywords(v) => vars.get(v).is_some_and(|x| self.alters_keywords_of(p, x)),
            Qual::ForcesCheck => self.forces_check(card),
            Qual::Hospitalizes => {
                (own && p.attacker.is_some()) || self.hospitalizes(card, src.controller)
            }
            Qual::Abducts => {
                self.script_has(card, |s| matches!(s, super::verbs::Step::Abduct { .. }))
            }
            Qual::Removes => self.script_has(card, |s| {
                matches!(
                    s,
                    super::verbs::Step::Remove { .. } | super::verbs::Step::Exile { .. }
                )
            }),
            Qual::EndsCombat => self.script_has(card, |s| {
                matches!(
                    s,
                    super::verbs::Step::LeaveCombat { .. } | super::verbs::Step::EndCombat
                )
            }),
            Qual::Type(t) if own && p.attacker.is_some() => t.contains(&CardType::Adversary),
            Qual::Keyword(k) if own && !p.keywords.is_empty() => {
                k.iter().any(|k| p.keywords.contains(k))
            }
            Qual::NotKeyword(k) if own && !p.keywords.is_empty() => {
                !k.iter().any(|k| p.keywords.contains(k))
            }
            _ => self.card_ok(card, q),
        }
    }

    fn perm_ok(
        &self,
        src: &Source,
        vars: &Vars,
        p: &crate::engine::xfiles::Permanent,
        quals: &[Qual],
    ) -> bool {
        quals.iter().all(|q| match q {
            Qual::Mine => p.controller == src.controller,
            Qual::Theirs => p.controller != src.controller,
            Qual::Other => Some(p.id) != src.perm,
            Qual::Itself => Some(p.id) == src.perm,
            Qual::Is(v) => vars.get(v) == Some(&Val::Perm(p.id)),
            // Keywords a card gave it (Safe House: EVENT, RESOURCE); with
            // EVENT it "acts as an EVENT card".
            Qual::Type(t)
                if t.contains(&crate::cards::CardType::Event)
                    && p.keywords.contains(&crate::cards::Keyword::Event) =>
            {
                true
            }
            Qual::Keyword(k) if !p.keywords.is_empty() => k.iter().any(|k| p.keywords.contains(k)),
            Qual::NotKeyword(k) if !p.keywords.is_empty() => {
                !k.iter().any(|k| p.keywords.contains(k))
            }
            Qual::In(s) => match p.place {
                Place::Section(_, x) => x == *s,
                Place::Agent(a) => self.agent(a).is_some_and(|a| a.section == *s),
                _ => false,
            },
            Qual::Investigating => match p.place {
                Place::Agent(a) => self.in_check_team(a),
                _ => false,
            },
            Qual::Fighting => match p.place {
                Place::Agent(a) => self.fighters().contains(&a),
                _ => false,
            },
            Qual::On(v) => match p.place {
                Place::Agent(a) => vars.get(v).is_some_and(|x| x.agents().contains(&a)),
                _ => false,
            },
            // On the Site being investigated (a Bluff that resolved there).
            Qual::Current => match p.place {
                Place::Site(id) => self.investigation.as_ref().is_some_and(|i| i.site == id),
                _ => false,
            },
            Qual::SameTeam => match (p.place, self.anchor(src, vars)) {
                (Place::Agent(a), Some(x)) => {
                    a == x
                        || self.agent(a).zip(self.agent(x)).is_some_and(|(a1, b1)| {
                            a.seat == x.seat && a1.section == b1.section && a1.team == b1.team
                        })
                }
                _ => false,
            },
            _ => self.card_ok(p.card, q),
        })
    }

    fn site_ok(&self, src: &Source, vars: &Vars, id: u32, quals: &[Qual]) -> bool {
        let Some(s) = self.site(id) else {
            return false;
        };
        let card = db().get(s.card);
        quals.iter().all(|q| match q {
            Qual::Mine => s.owner == src.controller,
            Qual::Theirs => s.owner != src.controller,
            Qual::Current => self.investigation.as_ref().is_some_and(|i| i.site == id),
            Qual::Other => self.investigation.as_ref().is_none_or(|i| i.site != id),
            Qual::Is(v) => vars.get(v) == Some(&Val::Site(id)),
            Qual::NotIs(v) => vars.get(v) != Some(&Val::Site(id)),
            Qual::Keyword(k) => k.iter().any(|k| s.keywords.contains(k)),
            Qual::NotKeyword(k) => !k.iter().any(|k| s.keywords.contains(k)),
            Qual::Asks(c) => self.site_categories(id).iter().any(|x| c.contains(x)),
            Qual::Uses(skills) => card
                .prerequisite
                .as_ref()
                .is_some_and(|p| p.thresholds().iter().any(|t| skills.contains(&t.skill))),
            Qual::Title(t) => card_titled(s.card, t),
            Qual::FaceDown => !s.bluffs.is_empty(),
            Qual::BluffsAtLeast(n) => s.bluffs.len() as u32 >= n.map_or(src.x, u32::from),
            _ => false,
        })
    }

    /// Cards in a hand, pile or deck.
    fn pile(&self, src: &Source, vars: &Vars, sel: &Selector) -> Vec<Val> {
        let mut out = Vec::new();
        for seat in self.seats_for(src, &sel.quals) {
            let p = self.player(seat);
            let cards: &[CardIdx] = match sel.kind {
                Kind::Hand => &p.hand,
                Kind::Discard => &p.discard,
                Kind::Removed => &p.removed,
                _ => &p.deck,
            };
            let zone = match sel.kind {
                Kind::Hand => Zone::Hand,
                Kind::Discard => Zone::Discard,
                Kind::Removed => Zone::Removed,
                _ => Zone::Deck,
            };
            for (pos, c) in cards.iter().enumerate() {
                let held = Val::Held(seat, zone, *c);
                if sel.quals.iter().all(|q| match q {
                    Qual::Mine | Qual::Theirs => true,
                    Qual::Top(n) => pos < usize::from(*n),
                    Qual::Is(v) => vars.get(v).is_some_and(|x| x.contains(&held)),
                    Qual::NotIs(v) => !vars.get(v).is_some_and(|x| x.contains(&held)),
                    Qual::ThisTurn if sel.kind == Kind::Discard => self.discarded_this_turn(*c),
                    Qual::ThisTurn => self.removed_this_turn(seat, *c),
                    Qual::CostX => db()
                        .get(*c)
                        .cost
                        .is_some_and(|k| k.amount.with_x(0) == src.x),
                    Qual::Joinable => self.may_join(seat, *c),
                    Qual::Playable(less) => match sel.kind {
                        Kind::Hand => self.playable_now(seat, *c).is_some(),
                        Kind::Discard => self.could_play(seat, *c, u32::from(*less)).is_some(),
                        _ => false,
                    },
                    Qual::OnOwnFoe => sel.kind == Kind::Hand && self.aims_at_own_foe(seat, *c),
                    Qual::Failed => self.failed_site().is_some_and(|f| f.0 == *c),
                    // Each copy found once, not other copies already held.
                    Qual::Searched if sel.kind == Kind::Hand => {
                        let taken = out
                            .iter()
                            .filter(|v| matches!(v, Val::Held(s, _, x) if *s == seat && x == c))
                            .count();
                        self.searched(seat, *c) > taken
                    }
                    _ => self.card_ok(*c, q),
                }) {
                    out.push(held);
                }
            }
        }
        out
    }

    /// Whether one of the card's plays could now be aimed at an Adversary
    /// `seat` controls in the combat: its conditions hold and its target
    /// finds one of that player's foes (Death: "a Combat card on an
    /// Adversary you control").
    fn aims_at_own_foe(&self, seat: Seat, card: CardIdx) -> bool {
        let Some(c) = self.combat() else {
            return false;
        };
        let scripts = self.script_db();
        let Some(script) = scripts.of(card) else {
            return false;
        };
        let vars = Vars::default();
        script.plays.iter().enumerate().any(|(mode, ab)| {
            let Some(decl) = &ab.target else {
                return false;
            };
            let src = Source {
                opponent: (seat != self.active).then_some(self.active),
                ..Source::new(card, AbilityRef::Play(mode as u8), seat)
            };
            ab.when.iter().all(|w| self.holds(&src, &vars, w))
                && self.select(&src, &vars, &decl.sel).iter().any(
                    |v| matches!(v, Val::Foe(i) if c.foes.get(*i).is_some_and(|f| f.owner == seat)),
                )
        })
    }

    fn foes_matching(&self, src: &Source, vars: &Vars, quals: &[Qual]) -> Vec<Val> {
        let Some(c) = self.combat() else {
            return Vec::new();
        };
        c.foes
            .iter()
            .enumerate()
            .filter(|(_, f)| !f.gone)
            .filter(|(i, f)| {
                quals.iter().all(|q| match q {
                    Qual::Is(v) => vars.get(v) == Some(&Val::Foe(*i)),
                    Qual::Fighting => true,
                    Qual::Mine => f.owner == src.controller,
                    Qual::Theirs => f.owner != src.controller,
                    Qual::Stunned => self.stunned(Combatant::Foe(*i)),
                    Qual::SameKeywords(v) => match vars.get(v) {
                        Some(Val::Card(c)) => {
                            db().get(*c).keywords.iter().all(|k| f.has_keyword(*k))
                        }
                        _ => false,
                    },
                    Qual::Hurt(n) => self.hurt_by(Combatant::Foe(*i)) >= *n,
                    Qual::CanUse(k) => {
                        let can = self.can_use(f.card, f.agent);
                        k.iter().any(|k| can.contains(k))
                    }
                    Qual::SkillAtLeast(s, n) => self.foe_stat(*i, *s) >= *n,
                    Qual::Keyword(k) => k.iter().any(|k| f.has_keyword(*k)),
                    Qual::NotKeyword(k) => !k.iter().any(|k| f.has_keyword(*k)),
                    _ => self.card_ok(f.card, q),
                })
            })
            .map(|(i, _)| Val::Foe(i))
            .collect()
    }

    /// A filter on a card's printed data.
    pub(crate) fn card_ok(&self, card: CardIdx, q: &Qual) -> bool {
        let c = db().get(card);
        match q {
            Qual::Keyword(k) => k.iter().any(|k| c.has_keyword(*k)),
            Qual::NotKeyword(k) => !k.iter().any(|k| c.has_keyword(*k)),
            Qual::Type(t) => t.contains(&c.kind),
            Qual::Title(t) => card_titled(card, t),
            Qual::Activator(a) => a.iter().any(|a| c.has_activator(*a)),
            Qual::CostAtMost(n) => c.cost.is_some_and(|k| k.amount.with_x(0) as i32 <= *n),
            Qual::Asks(cats) => c
                .question
                .as_ref()
                .is_some_and(|x| x.categories.iter().any(|k| cats.contains(k))),
            Qual::Modifier => self.witness_modifier(card).is_some(),
            Qual::Pool(p) => c
                .cost
                .is_some_and(|k| k.pool == *p || k.pool == Pool::Either),
            Qual::NotTitle(t) => !card_titled(card, t),
            Qual::Gear(skills) => self.gear_skills(card).iter().any(|s| skills.contains(s)),
            Qual::NotGear(skills) => !self.gear_skills(card).iter().any(|s| skills.contains(s)),
            _ => false,
        }
    }

    /// The Agents making the innermost check now (or the investigating Team).
    pub(crate) fn check_team_now(&self) -> Vec<AgentRef> {
        if let Some(c) = self.innermost_check() {
            return c
                .team
                .iter()
                .map(|card| AgentRef {
                    seat: c.seat,
                    card: *card,
                })
                .collect();
        }
        match &self.investigation {
            Some(i) => i
                .team
                .iter()
                .map(|card| AgentRef {
                    seat: self.active,
                    card: *card,
                })
                .collect(),
            None => Vec::new(),
        }
    }

    pub(crate) fn in_check_team(&self, a: AgentRef) -> bool {
        self.check_team_now().contains(&a)
    }
}

impl XfGame {
    /// The skills a piece of Equipment adds to (its `gear` statics).
    pub(crate) fn gear_skills(&self, card: CardIdx) -> Vec<crate::cards::Skill> {
        self.script_db()
            .of(card)
            .map(|s| {
                s.statics
                    .iter()
                    .filter_map(|st| match st.modifier {
                        super::ast::Modifier::Gear { skill, .. } => Some(skill),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}
