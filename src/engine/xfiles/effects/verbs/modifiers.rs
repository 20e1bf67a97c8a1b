//! Modifiers: the closed list of continuous effects a `static` line gives a
//! card in play, and `until <duration> <modifier>`, which a resolving card
//! uses to make one last a while (this check, round, combat, Site, turn,
//! while the card stays in play, or for good).

use super::Step;
use crate::cards::CardType;
use crate::engine::xfiles::effects::ast::{
    AgentScope, CardScope, Duration, Modifier, PermScope, SeatScope,
};
use crate::engine::xfiles::effects::lex::{self, Args, Tok};
use crate::engine::xfiles::effects::run::Flow;
use crate::engine::xfiles::effects::state::{Resolution, Val};
use crate::engine::xfiles::{Events, Lasting, XfGame};

fn scope(a: &mut Args) -> Result<AgentScope, String> {
    let w = a.word()?;
    Ok(match w.as_str() {
        "bearer" => AgentScope::Bearer,
        "team" => AgentScope::BearersTeam,
        "mine" => AgentScope::Mine,
        "host-hospital" => AgentScope::HostIn(crate::cards::Section::Hospital),
        "host-field" => AgentScope::HostIn(crate::cards::Section::Field),
        "host-bureau" => AgentScope::HostIn(crate::cards::Section::Bureau),
        v if v.starts_with("titled:") => {
            AgentScope::TitledInTeam(crate::cards::normalize(&v[7..].replace('_', " ")))
        }
        v => AgentScope::Var(v.to_string()),
    })
}

fn seat_scope(a: &mut Args) -> Result<SeatScope, String> {
    let w = a.word()?;
    Ok(match w.as_str() {
        "me" | "controller" => SeatScope::Controller,
        "host" => SeatScope::Host,
        "opponent" => SeatScope::Opponent,
        _ => return Err(format!("'{w}' is not a seat (me, host, opponent)")),
    })
}

fn small(a: &mut Args) -> Result<u8, String> {
    let w = a.word()?;
    w.parse()
        .map_err(|_| format!("'{w}' is not a number from 0 to 255"))
}

fn signed(a: &mut Args) -> Result<i32, String> {
    let w = a.word()?;
    w.trim_start_matches('+')
        .parse()
        .map_err(|_| format!("'{w}' is not a number"))
}

/// `cards(type=event keyword=x pool=rp by=me|opponent at-site investigator title=t)`.
fn card_scope(a: &mut Args) -> Result<CardScope, String> {
    let w = a.word()?;
    if w != "cards" {
        return Err(format!("cards(...) expected, found '{w}'"));
    }
    let Ok(Tok::Group(g)) = a.take() else {
        return Err("cards(...) expected".into());
    };
    let mut s = CardScope {
        types: Vec::new(),
        keywords: Vec::new(),
        activators: Vec::new(),
        pool: None,
        by: None,
        site: None,
        investigator: false,
        titles: Vec::new(),
        except_negators: false,
    };
    for t in g {
        let Tok::Word(w) = t else {
            return Err("a card filter is a word".into());
        };
        match w.split_once('=') {
            Some(("type", v)) => {
                for x in v.split('|') {
                    s.types.push(
                        lex::term::<CardType>(x)
                            .ok_or_else(|| format!("'{x}' is not a card type"))?,
                    );
                }
            }
            Some(("keyword", v)) => s.keywords = lex::keywords(v)?,
            Some(("activator", v)) => {
                s.activators = lex::list::<crate::cards::Activator>(v, "Activator")?
            }
            Some(("pool", v)) => s.pool = Some(lex::pool(v)?),
            Some(("by", "me")) => s.by = Some(SeatScope::Controller),
            Some(("by", "opponent")) => s.by = Some(SeatScope::Opponent),
            Some(("by", "host")) => s.by = Some(SeatScope::Host),
            // The card a variable holds, fixed when the modifier starts.
            Some(("is", v)) => s.titles = vec![format!("${v}")],
            Some(("title", v)) => {
                s.titles = v
                    .split('|')
                    .map(|t| crate::cards::normalize(&t.replace('_', " ")))
                    .collect()
            }
            None if w == "at-site" => s.site = Some(u32::MAX),
            None if w == "investigator" => s.investigator = true,
            None if w == "except-negators" => s.except_negators = true,
            _ => {
                return Err(format!(
                    "'{w}' is not a card filter (type=, keyword=, activator=, pool=, by=, title=, at-site, investigator, except-negators)"
                ));
            }
        }
    }
    Ok(s)
}

/// Parses a modifier (after `static` or `until <duration>`).
pub fn parse_modifier(a: &mut Args) -> Result<Modifier, String> {
    let w = a.word()?;
    Ok(match w.as_str() {
        "gear" => {
            let skill = a.skill()?;
            let amount = signed(a)?;
            Modifier::Gear {
                skill,
                amount,
                team: a.eat("team"),
            }
        }
        "skill" => {
            let who = scope(a)?;
            if let Some(witness) = a.keyed("witness") {
                return Ok(Modifier::WitnessSkill {
                    who,
                    witness,
                    amount: signed(a)?,
                });
            }
            let skill = if a.eat("all") { None } else { Some(a.skill()?) };
            Modifier::Skill {
                who,
                skill,
                amount: signed(a)?,
            }
        }
        "team-combat" => Modifier::TeamCombat {
            who: scope(a)?,
            skill: a.skill()?,
            amount: signed(a)?,
        },
        "skill-as" => Modifier::SkillAs {
            who: scope(a)?,
            skill: a.skill()?,
            from: a.skill()?,
        },
        "health" => Modifier::Health {
            who: scope(a)?,
            amount: signed(a)?,
        },
        // `res bearer 2` sets the RES; `res bearer -1` / `+1` changes it.
        "res" => {
            let who = scope(a)?;
            let signed_word = a.peek_word().is_some_and(|w| w.starts_with(['+', '-']));
            let n = signed(a)?;
            if signed_word {
                Modifier::ResBy { who, amount: n }
            } else {
                Modifier::Res {
                    who,
                    res: n.clamp(0, 20) as u8,
                }
            }
        }
        "res-to-cp" => Modifier::ResToConspiracy { who: scope(a)? },
        "res-must-buy" => Modifier::ResMustBuy { who: scope(a)? },
        "rp-income" => Modifier::RpIncome {
            seat_of: seat_scope(a)?,
            amount: signed(a)?,
        },
        "dedicated-rp" => Modifier::DedicatedRp {
            keywords: a.keywords()?,
        },
        "no-contribution" => Modifier::NoContribution { who: scope(a)? },
        "only-at" => Modifier::OnlyAt {
            who: scope(a)?,
            skills: a.skills()?,
        },
        "hand-limit" => Modifier::HandLimit {
            seat_of: seat_scope(a)?,
            limit: signed(a)?.clamp(0, 50) as u8,
        },
        "cost" => {
            let cards = card_scope(a)?;
            let (amount, double) = if a.eat("double") {
                (0, true)
            } else {
                (signed(a)?, false)
            };
            Modifier::Cost {
                cards,
                amount,
                double,
            }
        }
        "forbid" => Modifier::Forbid {
            cards: card_scope(a)?,
        },
        "any-site" => Modifier::AnySite {
            cards: card_scope(a)?,
        },
        "double-modifier" => Modifier::DoubleModifier {
            cards: card_scope(a)?,
        },
        "no-attack" => Modifier::NoAttack {
            who: scope(a)?,
            keywords: a.keywords()?,
        },
        "no-healing" => Modifier::NoHealing { who: scope(a)? },
        "stuck" => Modifier::Stuck { who: scope(a)? },
        "no-equipment" => Modifier::NoEquipment { who: scope(a)? },
        "second-site" => Modifier::SecondSite {
            who: scope(a)?,
            same_state: a.eat("same-state"),
        },
        "can-use" => Modifier::CanUse {
            keywords: a.keywords()?,
        },
        "extra-draw" => Modifier::ExtraDraw,
        "extra-sale" => Modifier::ExtraSale,
        "site-keyword" => Modifier::SiteKeyword {
            who: scope(a)?,
            keyword: a.keywords()?[0],
        },
        "no-draw" => Modifier::NoDraw {
            seat_of: seat_scope(a)?,
        },
        "investigate-only" => Modifier::InvestigateOnly {
            seat_of: seat_scope(a)?,
            keywords: a.keywords()?,
        },
        "no-buy" => Modifier::NoBuy {
            seat_of: seat_scope(a)?,
        },
        "open-hand" => {
            let seat_of = seat_scope(a)?;
            let pool = a.keyed("pool").map(|v| lex::pool(&v)).transpose()?;
            Modifier::OpenHand { seat_of, pool }
        }
        "skip-lrc" => Modifier::SkipLrc,
        "split" => Modifier::Split {
            round: if a.is_done() { None } else { Some(a.skill()?) },
        },
        "halve-lrc-taken" => Modifier::HalveLrcTaken,
        "reduce-taken" => Modifier::ReduceTaken {
            n: signed(a)?.clamp(0, 20) as u8,
        },
        "regenerate" => Modifier::Regenerate {
            n: signed(a)?.clamp(0, 20) as u8,
        },
        "wounds-block-healing" => Modifier::WoundsBlockHealing,
        "rounds" => Modifier::Rounds {
            n: signed(a)?.clamp(1, 20) as u8,
        },
        "computer-combat" => Modifier::ComputerCombat,
        "unhurt" => Modifier::Unhurt,
        "no-combat" => Modifier::NoCombat,
        "cured-by-healing" => Modifier::CuredByHealing,
        "absorb" => Modifier::Absorb,
        "free-site-token" => Modifier::FreeSiteToken,
        "peek-bluff-token" => Modifier::PeekBluffToken,
        "gear-bonus" => Modifier::GearBonus { amount: signed(a)? },
        "inert" => Modifier::Inert {
            perm: PermScope::Var(a.var()?),
        },
        "survives-lrc" => Modifier::SurvivesLrc,
        "poison-blood" => Modifier::PoisonBlood { n: small(a)? },
        "infects" => Modifier::Infects { tokens: small(a)? },
        "returns-to-deck" => Modifier::ReturnsToDeck,
        "mirrors-best" => Modifier::MirrorsBest { plus: small(a)? },
        "counts-adversaries" => Modifier::CountsAdversaries,
        "multiply" => Modifier::Multiply { factor: small(a)? },
        "hospitalizes-on-hit" => Modifier::HospitalizesOnHit { turns: small(a)? },
        "weakens" => Modifier::Weakens { n: small(a)? },
        "no-lrc-damage" => Modifier::NoLrcDamage,
        "last-word" => Modifier::LastWord,
        "exposed" => Modifier::Exposed {
            keywords: a.keywords()?,
        },
        "remote" => Modifier::Remote { minus: small(a)? },
        "ward" => Modifier::Ward {
            keywords: a.keywords()?,
        },
        "reduce-from" => {
            let keywords = a.keywords()?;
            Modifier::ReduceFrom {
                keywords,
                n: small(a)?,
            }
        }
        "slayer" => Modifier::Slayer {
            keywords: a.keywords()?,
        },
        "splits-damage" => Modifier::SplitsDamage,
        "protects" => Modifier::Protects {
            titles: a
                .word()?
                .split('|')
                .map(|t| crate::cards::normalize(&t.replace('_', " ")))
                .collect(),
        },
        "hurts-occult" => Modifier::HurtsOccult,
        "team-card" => {
            if a.eat("removed") {
                Modifier::TeamCardRemoved
            } else {
                Modifier::TeamCard
            }
        }
        "fights-as-agent" => {
            let lrc = small(a)?;
            let crc = small(a)?;
            Modifier::FightsAsAgent {
                lrc,
                crc,
                health: small(a)?,
            }
        }
        "bureau-watch" => Modifier::BureauWatch,
        "fixed-keywords" => Modifier::FixedKeywords,
        "hunts" => Modifier::Hunts { who: scope(a)? },
        "shuns" => Modifier::Shuns {
            keywords: a.keywords()?,
        },
        "gear-once" => {
            let skill = a.skill()?;
            Modifier::GearOnce {
                skill,
                amount: signed(a)?,
            }
        }
        _ => {
            return Err(format!(
                "'{w}' is not a modifier (gear, skill, skill-as, health, res, res-to-cp, res-must-buy, rp-income, dedicated-rp, no-contribution, only-at, hand-limit, cost, forbid, no-attack, no-healing, stuck, can-use, extra-draw, extra-sale, site-keyword, no-draw, no-buy, open-hand, skip-lrc, split, halve-lrc-taken, reduce-taken, regenerate, wounds-block-healing, rounds, computer-combat, unhurt, no-combat, cured-by-healing, absorb, free-site-token, peek-bluff-token, gear-bonus, inert, survives-lrc, poison-blood, returns-to-deck, mirrors-best, counts-adversaries, multiply, hospitalizes-on-hit, weakens, no-lrc-damage, last-word, exposed, remote, ward, reduce-from, slayer, splits-damage, shuns, gear-once, protects, hurts-occult, team-card [removed], fights-as-agent, fixed-keywords, hunts)"
            ));
        }
    })
}

/// `until <duration> <modifier>`.
pub fn parse_until(a: &mut Args) -> Result<Step, String> {
    let duration = a.duration()?;
    let modifier = parse_modifier(a)?;
    Ok(Step::Until { duration, modifier })
}

impl XfGame {
    /// A modifier's variables resolved to what they name now.
    fn fix(&self, r: &Resolution, m: &Modifier) -> Modifier {
        let agents = |s: &AgentScope| match s {
            AgentScope::Var(v) => {
                let list = r.vars.get(v).map(Val::agents).unwrap_or_default();
                AgentScope::Agents(list)
            }
            AgentScope::Bearer => match r
                .src
                .agent
                .or_else(|| r.vars.get("target").and_then(Val::agent))
            {
                Some(a) => AgentScope::Agent(a),
                None => AgentScope::Agents(Vec::new()),
            },
            AgentScope::Mine => AgentScope::Seat(r.src.controller),
            other => other.clone(),
        };
        let seat = |s: &SeatScope| match s {
            SeatScope::Opponent => match self.opponent_of(&r.src) {
                Some(o) => SeatScope::Seat(o),
                None => SeatScope::Controller,
            },
            SeatScope::Controller => SeatScope::Seat(r.src.controller),
            other => other.clone(),
        };
        let cards = |c: &CardScope| {
            let mut c = c.clone();
            if c.site == Some(u32::MAX) {
                c.site = self.investigation.as_ref().map(|i| i.site);
            }
            for t in &mut c.titles {
                if let Some(v) = t.strip_prefix('$') {
                    *t = match r.vars.get(v).and_then(|v| self.card_of_val(v)) {
                        Some(card) => crate::cards::normalize(&crate::cards::db().get(card).title),
                        None => "$unbound".into(),
                    };
                }
            }
            if let Some(b) = &c.by {
                c.by = Some(seat(b));
            }
            c
        };
        match m {
            Modifier::Skill { who, skill, amount } => Modifier::Skill {
                who: agents(who),
                skill: *skill,
                amount: *amount,
            },
            Modifier::WitnessSkill {
                who,
                witness,
                amount,
            } => {
                let card = r.vars.get(witness).and_then(|v| self.card_of_val(v));
                match card.and_then(|c| self.witness_skill(c)) {
                    Some(s) => Modifier::Skill {
                        who: agents(who),
                        skill: Some(s),
                        amount: *amount,
                    },
                    // No Witness, or one that names no skill: nothing changes.
                    None => Modifier::Skill {
                        who: AgentScope::Agents(Vec::new()),
                        skill: None,
                        amount: 0,
                    },
                }
            }
            Modifier::SkillAs { who, skill, from } => Modifier::SkillAs {
                who: agents(who),
                skill: *skill,
                from: *from,
            },
            Modifier::Health { who, amount } => Modifier::Health {
                who: agents(who),
                amount: *amount,
            },
            Modifier::Res { who, res } => Modifier::Res {
                who: agents(who),
                res: *res,
            },
            Modifier::ResBy { who, amount } => Modifier::ResBy {
                who: agents(who),
                amount: *amount,
            },
            Modifier::NoContribution { who } => Modifier::NoContribution { who: agents(who) },
            Modifier::OnlyAt { who, skills } => Modifier::OnlyAt {
                who: agents(who),
                skills: skills.clone(),
            },
            Modifier::NoAttack { who, keywords } => Modifier::NoAttack {
                who: agents(who),
                keywords: keywords.clone(),
            },
            Modifier::NoHealing { who } => Modifier::NoHealing { who: agents(who) },
            Modifier::Stuck { who } => Modifier::Stuck { who: agents(who) },
            Modifier::Hunts { who } => Modifier::Hunts { who: agents(who) },
            Modifier::NoEquipment { who } => Modifier::NoEquipment { who: agents(who) },
            Modifier::TeamCombat { who, skill, amount } => Modifier::TeamCombat {
                who: agents(who),
                skill: *skill,
                amount: *amount,
            },
            Modifier::SecondSite { who, same_state } => Modifier::SecondSite {
                who: agents(who),
                same_state: *same_state,
            },
            Modifier::SiteKeyword { who, keyword } => Modifier::SiteKeyword {
                who: agents(who),
                keyword: *keyword,
            },
            Modifier::HandLimit { seat_of, limit } => Modifier::HandLimit {
                seat_of: seat(seat_of),
                limit: *limit,
            },
            Modifier::RpIncome { seat_of, amount } => Modifier::RpIncome {
                seat_of: seat(seat_of),
                amount: *amount,
            },
            Modifier::InvestigateOnly { seat_of, keywords } => Modifier::InvestigateOnly {
                seat_of: seat(seat_of),
                keywords: keywords.clone(),
            },
            Modifier::NoDraw { seat_of } => Modifier::NoDraw {
                seat_of: seat(seat_of),
            },
            Modifier::NoBuy { seat_of } => Modifier::NoBuy {
                seat_of: seat(seat_of),
            },
            Modifier::OpenHand { seat_of, pool } => Modifier::OpenHand {
                seat_of: seat(seat_of),
                pool: *pool,
            },
            Modifier::Cost {
                cards: c,
                amount,
                double,
            } => Modifier::Cost {
                cards: cards(c),
                amount: *amount,
                double: *double,
            },
            Modifier::Forbid { cards: c } => Modifier::Forbid { cards: cards(c) },
            Modifier::DoubleModifier { cards: c } => Modifier::DoubleModifier { cards: cards(c) },
            Modifier::Inert {
                perm: PermScope::Var(v),
            } => Modifier::Inert {
                perm: match r.vars.get(v) {
                    Some(Val::Perm(id)) => PermScope::Id(*id),
                    _ => PermScope::Id(u32::MAX),
                },
            },
            other => other.clone(),
        }
    }
}

pub fn until(
    g: &mut XfGame,
    r: &Resolution,
    until: Duration,
    m: &Modifier,
    _: &mut Events,
) -> Flow {
    let modifier = g.fix(r, m);
    let scope = match until {
        Duration::Check => g.check_id_for(&r.src),
        Duration::Round | Duration::Combat => g.combat_frame_id(),
        Duration::Site => g.investigation.as_ref().map(|i| i.site),
        Duration::WhileInPlay => r.src.perm,
        Duration::Turn | Duration::Turns(_) | Duration::NextPlay | Duration::Permanent => None,
    };
    g.lasting.push(Lasting {
        modifier,
        card: r.src.card,
        controller: r.src.controller,
        until,
        scope,
        turn: g.turn,
    });
    Flow::Next
}

#[cfg(test)]
mod tests {
    use crate::cards::Skill;
    use crate::engine::xfiles::effects::state::Val;
    use crate::engine::xfiles::effects::testing::*;

    #[test]
    fn until_turn_changes_a_skill_for_the_turn_only_sleep_deprivation() {
        let mut g = table();
        let m = agent(0, MULDER);
        let before = g.agent_skill(m, Skill::Behavioral);
        run_with(
            &mut g,
            1,
            "until turn skill a all -1",
            vec![("a", Val::Agent(m))],
        );
        assert_eq!(g.agent_skill(m, Skill::Behavioral), before - 1);
        g.end_turn(&mut Vec::new());
        assert_eq!(g.agent_skill(m, Skill::Behavioral), before);
    }

    #[test]
    fn witness_skill_raises_the_skill_the_witness_modifies_first_assassinated() {
        let mut g = table();
        let m = agent(1, MULDER);
        let braun = crate::cards::db()
            .iter()
            .find(|(_, c)| c.title == "Dr. Sheila Braun")
            .unwrap()
            .0;
        let before = g.agent_skill(m, Skill::Behavioral);
        let medical = g.agent_skill(m, Skill::Medical);
        run_with(
            &mut g,
            1,
            "until permanent skill a witness=w +1",
            vec![("a", Val::Agent(m)), ("w", Val::Card(braun))],
        );
        assert_eq!(g.agent_skill(m, Skill::Behavioral), before + 1);
        assert_eq!(g.agent_skill(m, Skill::Medical), medical);
        g.end_turn(&mut Vec::new());
        assert_eq!(g.agent_skill(m, Skill::Behavioral), before + 1);
    }

    #[test]
    fn open_hand_shows_the_seats_cards_of_that_pool_circuit_board_implant() {
        let mut g = table();
        assert!(g.face_up_hand(1).is_empty());
        run(&mut g, 0, "until turn open-hand opponent pool=rp");
        let rp: Vec<_> = g.players[1]
            .hand
            .iter()
            .copied()
            .filter(|c| {
                crate::cards::db()
                    .get(*c)
                    .cost
                    .is_some_and(|k| k.pool == crate::cards::Pool::Rp)
            })
            .collect();
        assert_eq!(g.face_up_hand(1), rp);
        assert!(g.face_up_hand(0).is_empty());
        g.end_turn(&mut Vec::new());
        assert!(g.face_up_hand(1).is_empty());
    }

    #[test]
    fn skill_as_uses_another_skills_value_secret_railroad() {
        let mut g = table();
        let m = agent(0, MULDER);
        assert_eq!(g.agent_skill(m, Skill::Bureaucracy), 0);
        run_with(
            &mut g,
            0,
            "until turn skill-as a bureaucracy evidence-collection",
            vec![("a", Val::Agent(m))],
        );
        assert_eq!(g.agent_skill(m, Skill::Bureaucracy), 2);
    }

    #[test]
    fn hunts_names_the_team_adversaries_may_attack_where_it_is_he_s_gonna_find_you() {
        let mut g = table();
        let l = agent(0, LAMANA);
        run_with(&mut g, 1, "until turn hunts a", vec![("a", Val::Agent(l))]);
        let (team, section) = g.hunted_team(1).expect("a Team is hunted");
        assert_eq!(section, crate::cards::Section::Bureau);
        assert!(team.contains(&l) && team.contains(&agent(0, MULDER)));
        assert!(g.hunted_team(0).is_none());
        g.end_turn(&mut Vec::new());
        assert!(g.hunted_team(1).is_none());
    }

    #[test]
    fn forbid_and_cost_apply_to_the_cards_they_name() {
        let mut g = table();
        run(
            &mut g,
            1,
            "until turn cost cards(type=event pool=rp) +1\nuntil turn forbid cards(type=witness by=opponent)",
        );
        let he = id(HOST);
        assert_eq!(g.adjusted_cost(0, he, crate::cards::Pool::Rp, 2), 3);
        let witness = crate::cards::db()
            .iter()
            .find(|(_, c)| c.kind == crate::cards::CardType::Witness)
            .unwrap()
            .0;
        assert!(g.forbidden_by(0, witness, crate::cards::Pool::Rp).is_some());
        assert!(g.forbidden_by(1, witness, crate::cards::Pool::Rp).is_none());
    }
}
