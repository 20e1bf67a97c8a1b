//! The X-Files CCG's game commands: one handler each, turning a command
//! and its options into the action it means (the options are declared in
//! `games/table.rs`).

use super::*;

/// `/xfile`.
pub(super) fn on_xfile(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let candidates = seat
        .map(|s| g.player(s).candidates.clone())
        .unwrap_or_default();
    Ok(XfAction::ChooseXFile {
        card: pick(
            args.text("card").unwrap_or_default(),
            &candidates,
            "one of your X-Files",
        )?,
    })
}

/// `/draw`.
pub(super) fn on_draw(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let args = a.args;
    let own_agents = own_agents(a);
    Ok(XfAction::Brief {
        draw: !args.flag("skip").unwrap_or(false),
        to_conspiracy: if args.has("conspiracy") {
            list(a, "conspiracy", &own_agents, "one of your Agents")?
        } else {
            vec![]
        },
    })
}

/// `/buy`.
pub(super) fn on_buy(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let args = a.args;
    let n = args.int("count").unwrap_or(0) as u32;
    Ok(if matches!(g.phase, Phase::Trade(_)) {
        XfAction::Trade {
            sell: vec![],
            buy: n,
        }
    } else {
        XfAction::Buy { count: n }
    })
}

/// `/sell`.
pub(super) fn on_sell(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let args = a.args;
    let hand = hand(a);
    Ok(XfAction::Trade {
        sell: list(a, "cards", &hand, "in your hand")?,
        buy: args.int("buy").unwrap_or(0) as u32,
    })
}

/// `/equip`.
pub(super) fn on_equip(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let me = seat.unwrap_or(0);
    let own_agents = own_agents(a);
    let agent = pick(
        args.text("agent").unwrap_or_default(),
        &own_agents,
        "one of your Agents",
    )?;
    Ok(match args.text("from") {
        Some(from) => {
            let from = pick(from, &own_agents, "one of your Agents")?;
            let held = g.equipment_of(AgentRef {
                seat: me,
                card: from,
            });
            XfAction::Transfer {
                card: pick(
                    args.text("card").unwrap_or_default(),
                    &held,
                    "Equipment of that Agent",
                )?,
                from,
                to: agent,
            }
        }
        None => XfAction::Equip {
            agent,
            card: in_hand(a, "card")?,
        },
    })
}

/// `/deploy`.
pub(super) fn on_deploy(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let args = a.args;
    let hand = hand(a);
    let own_agents = own_agents(a);
    let s = section(args.text("section").unwrap_or("field"));
    let team = args.int("team").map_or(0, |t| (t - 1) as u8);
    let text = args.text("agent").unwrap_or_default();
    Ok(match pick(text, &own_agents, "one of your Agents") {
        Ok(agent) => XfAction::Deploy {
            agent,
            section: s,
            team,
        },
        Err(e) => {
            let agents_in_hand: Vec<CardIdx> = hand
                .iter()
                .copied()
                .filter(|c| db().get(*c).kind == CardType::Agent)
                .collect();
            match pick(text, &agents_in_hand, "an Agent in your hand") {
                Ok(card) => XfAction::BuyAgent {
                    card,
                    section: s,
                    team,
                },
                Err(_) => return Err(e),
            }
        }
    })
}

/// `/site`.
pub(super) fn on_site(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let args = a.args;
    let table = a.table;
    Ok(XfAction::PlaySite {
        // From the hand, or from under a card in play (Travel Plans).
        card: playable_named(a)?,
        directed: args.text("at").map(|w| seat_named(table, w)).transpose()?,
        free: args.flag("free").unwrap_or(false),
    })
}

/// `/bluff`.
pub(super) fn on_bluff(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let args = a.args;
    Ok(XfAction::PlaceBluff {
        site: site_index(g, args, "site")?,
        card: bluff_named(a)?,
    })
}

/// `/peek`.
pub(super) fn on_peek(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let args = a.args;
    let own_agents = own_agents(a);
    Ok(XfAction::PeekBluff {
        agent: pick(
            args.text("agent").unwrap_or_default(),
            &own_agents,
            "one of your Agents",
        )?,
        site: site_index(g, args, "site")?,
        index: args.int("bluff").unwrap_or(1).max(1) as usize - 1,
    })
}

/// `/investigate`.
pub(super) fn on_investigate(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let ready: Vec<CardIdx> = seat
        .map(|s| {
            g.player(s)
                .agents
                .iter()
                .filter(|x| x.section == Section::Field)
                .filter(|x| {
                    !x.investigated
                        || g.second_site(AgentRef {
                            seat: s,
                            card: x.card,
                        })
                        .is_some()
                })
                .map(|x| x.card)
                .collect()
        })
        .unwrap_or_default();
    let team = if args.has("agents") {
        list(a, "agents", &ready, "a ready Agent in the Field")?
    } else if let Some(s) = seat.filter(|_| ready.is_empty()) {
        return Err(no_team_left(g, s));
    } else {
        ready
    };
    let skill = match args.text("skill") {
        Some(s) => Some(
            Skill::parse_loose(s).ok_or_else(|| UserError::new(format!("'{s}' is not a skill")))?,
        ),
        None => None,
    };
    Ok(XfAction::Investigate {
        site: site_index(g, args, "site")?,
        team,
        skill,
    })
}

/// Why `/investigate` has no Team to send: no Agent of the seat in the
/// Field, or each has investigated a Site this turn; and what to do instead.
fn no_team_left(g: &XfGame, seat: Seat) -> UserError {
    let in_field = g
        .player(seat)
        .agents
        .iter()
        .any(|x| x.section == Section::Field);
    let why = if in_field {
        "every one of your Agents in the Field has already investigated a Site this turn (p. 27)"
    } else {
        "none of your Agents is in the Field, and only Field Agents investigate (p. 23)"
    };
    UserError::new(format!(
        "No Team is left to investigate: {why}. End the Investigation Phase with /done, or see /hand for what else you may do."
    ))
}

/// `/pay`.
pub(super) fn on_pay(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let args = a.args;
    Ok(XfAction::PayBluff {
        pay: true,
        x: args.int("x").unwrap_or(0) as u32,
    })
}

/// `/pass`: lets a revealed Bluff go unpaid, else passes.
pub(super) fn on_pass(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let bluff_revealed = g.choice.is_none()
        && g.stack.len() <= g.frames.last().map_or(0, |f| f.base)
        && g.investigation
            .as_ref()
            .is_some_and(|i| i.stage == Stage::Bluff);
    Ok(if bluff_revealed {
        XfAction::PayBluff { pay: false, x: 0 }
    } else {
        XfAction::Pass
    })
}

/// `/use`.
pub(super) fn on_use(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let table = a.table;
    let me = seat.unwrap_or(0);
    let text = args.text("card").unwrap_or_default();
    // "Detective Glen Chao (alice)": an Agent named with its owner.
    if let Some(owned) = owned_agent_named(g, text, table) {
        return Ok(XfAction::Use {
            card: owned.card,
            agent: Some(owned),
            ability: args.int("ability").map_or(0, |m| (m - 1).max(0) as u8),
            target: g.named_target(me, args, table)?,
        });
    }
    // Your Agents and cards in play, and the cards in play an opponent
    // uses (Captive Hybrid).
    let usable: Vec<CardIdx> = seat
        .map(|s| {
            let mut v: Vec<CardIdx> = g.player(s).agents.iter().map(|a| a.card).collect();
            v.extend(
                g.perms
                    .iter()
                    .filter(|p| p.controller == s || g.opponent_usable(p.card))
                    .map(|p| p.card),
            );
            v
        })
        .unwrap_or_default();
    let card = pick(text, &usable, "one of your Agents or cards in play")?;
    let agent = match args.text("agent") {
        Some(a) => Some(agent_named(g, a, seat)?),
        None => None,
    };
    Ok(XfAction::Use {
        card,
        agent,
        ability: args.int("ability").map_or(0, |m| (m - 1).max(0) as u8),
        target: g.named_target(me, args, table)?,
    })
}

/// `/power`.
pub(super) fn on_power(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let table = a.table;
    let me = seat.unwrap_or(0);
    let w = args.text("value").unwrap_or_default();
    Ok(XfAction::UsePower {
        value: w.replace('-', " ").parse().map_err(|_| {
            UserError::new(format!(
                "'{w}' is not a characteristic value (e.g. threats, physiological-imbalance)"
            ))
        })?,
        ability: args.int("ability").map_or(0, |m| (m - 1).max(0) as u8),
        target: g.named_target(me, args, table)?,
    })
}

/// `/announce`.
pub(super) fn on_announce(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let args = a.args;
    let w = args.text("category").unwrap_or_default();
    Ok(XfAction::Announce {
        category: w.parse().map_err(|_| {
            UserError::new(format!(
                "'{w}' is not a characteristic (affiliation, motive, method, result)"
            ))
        })?,
    })
}

/// `/play`.
pub(super) fn on_play(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let table = a.table;
    let me = seat.unwrap_or(0);
    let hand = hand(a);
    if args.has("discard") {
        return Err(UserError::new(
            "Option discard is for the fan CCG; use /discard.",
        ));
    }
    let first = PlayArgs {
        card: playable_named(a)?,
        mode: args.int("mode").map_or(0, |m| (m - 1) as u8),
        target: g.command_target(me, args, table)?,
        x: args.int("x").unwrap_or(0) as u32,
        pool: args
            .text("pool")
            .map(|p| if p == "rp" { Pool::Rp } else { Pool::Cp }),
    };
    Ok(match args.has("with") {
        true => {
            let base = g.stack.len();
            let mut plays = vec![first];
            for c in list(a, "with", &hand, "in your hand")? {
                plays.push(PlayArgs {
                    card: c,
                    mode: 0,
                    target: Some(Target::Stack(base)),
                    x: 0,
                    pool: None,
                });
            }
            XfAction::PlayTogether { plays }
        }
        false => XfAction::Play {
            card: first.card,
            mode: match args.has("mode") {
                true => first.mode,
                false => mode_for_target(g, me, &first),
            },
            target: first.target,
            x: first.x,
            pool: first.pool,
        },
    })
}

/// The mode a play without `mode:` means: the first whose legal targets
/// include the one named (a Keyword-negating Event aimed at a Site plays
/// its Site mode), else the first mode the table accepts with that target
/// (a card in play the moves do not list: Sleep With the Fishes on a
/// Knife), else the first.
fn mode_for_target(g: &XfGame, me: Seat, play: &PlayArgs) -> u8 {
    if play.target.is_none() {
        return play.mode;
    }
    let listed = g.legal_actions(me).iter().find_map(|a| match a {
        XfAction::Play {
            card, mode, target, ..
        } if *card == play.card && *target == play.target => Some(*mode),
        _ => None,
    });
    let accepted = || {
        (0..MODES_TRIED).find(|mode| {
            let action = XfAction::Play {
                card: play.card,
                mode: *mode,
                target: play.target.clone(),
                x: play.x,
                pool: play.pool,
            };
            g.clone().apply(me, &action).is_ok()
        })
    };
    listed.or_else(accepted).unwrap_or(play.mode)
}

/// Modes tried for a target the moves do not list (no card has more).
const MODES_TRIED: u8 = 3;

/// `/aim`.
pub(super) fn on_aim(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let args = a.args;
    let fighters: Vec<CardIdx> = g.fighters().iter().map(|f| f.card).collect();
    let agent = pick(
        args.text("agent").unwrap_or_default(),
        &fighters,
        "a fighting Agent",
    )?;
    let foes: Vec<(usize, CardIdx)> = g
        .combat()
        .map(|c| c.living().map(|(i, f)| (i, f.card)).collect())
        .unwrap_or_default();
    let cards: Vec<CardIdx> = foes.iter().map(|f| f.1).collect();
    let mut at = Vec::new();
    for part in split_list(args.text("at").unwrap_or_default()) {
        let (name, n) = name_and_count(&part);
        let n = n.unwrap_or(0);
        let card = pick(&name, &cards, "a foe in this combat")?;
        let i = foes.iter().find(|f| f.1 == card).map_or(0, |f| f.0);
        at.push((i, n));
    }
    Ok(XfAction::Aim { agent, at })
}

/// `/damage`.
pub(super) fn on_damage(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let args = a.args;
    let mut fighters: Vec<CardIdx> = g.fighters().iter().map(|f| f.card).collect();
    // A Witness fighting like an Agent may take it too (Charley Tskany).
    fighters.extend(
        g.fighting_witnesses()
            .iter()
            .filter_map(|w| g.perm(w.0).map(|p| p.card)),
    );
    let pending = g.combat().map_or(0, |c| c.pending_damage());
    let mut to = Vec::new();
    let parts = split_list(args.text("to").unwrap_or_default());
    for part in &parts {
        let (name, n) = name_and_count(part);
        let n = n.unwrap_or(if parts.len() == 1 { pending } else { 0 });
        to.push((pick(&name, &fighters, "a fighting Agent")?, n));
    }
    Ok(XfAction::AssignDamage { to })
}

/// `/ask`.
pub(super) fn on_ask(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let args = a.args;
    let value = trait_of(args.text("value").unwrap_or_default())
        .ok_or_else(|| UserError::new("name a characteristic value"))?;
    Ok(XfAction::Ask {
        category: value.category(),
        value,
    })
}

/// `/guess`.
pub(super) fn on_guess(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let args = a.args;
    let xfiles: Vec<CardIdx> = {
        let mut seen = Vec::new();
        db().iter()
            .filter(|(_, c)| c.kind == CardType::XFile)
            .filter(|(_, c)| {
                let fresh = !seen.contains(&c.title);
                seen.push(c.title.clone());
                fresh
            })
            .map(|(i, _)| i)
            .collect()
    };
    Ok(XfAction::Guess {
        xfile: pick(args.text("xfile").unwrap_or_default(), &xfiles, "an X-File")?,
    })
}

/// `/done`.
pub(super) fn on_done(_a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    Ok(XfAction::Done)
}

/// `/discard`.
pub(super) fn on_discard(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let hand = hand(a);
    Ok(XfAction::Discard {
        cards: list(a, "cards", &hand, "in your hand")?,
    })
}

/// `/resign`.
pub(super) fn on_resign(_a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    Ok(XfAction::Resign)
}

/// `/dispute`.
pub(super) fn on_dispute(_a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    Ok(XfAction::Dispute)
}

/// `/adjust`.
pub(super) fn on_adjust(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let amount = args.int("amount").unwrap_or(1) as i32;
    let agent = || agent_named(g, args.text("agent").unwrap_or_default(), seat);
    Ok(XfAction::Manual(
        match args.text("what").unwrap_or_default() {
            "check" => Manual::CheckModifier { amount },
            "heal" => Manual::Heal {
                agent: agent()?,
                amount: amount.max(0) as u8,
            },
            "damage" => Manual::Damage {
                agent: agent()?,
                amount: amount.max(0) as u8,
            },
            "move" => Manual::Move {
                agent: agent()?,
                section: section(args.text("section").unwrap_or("hospital")),
            },
            "draw" => Manual::Draw {
                count: amount.max(0) as u8,
            },
            "rp" => Manual::Pool {
                pool: Pool::Rp,
                delta: amount,
            },
            _ => Manual::Pool {
                pool: Pool::Cp,
                delta: amount,
            },
        },
    ))
}

/// `/choose` (and `/keep`): the options picked for a pending choice.
pub(super) fn on_choose(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    Ok(XfAction::Choose {
        picks: a.game.picks(a.args, a.table)?,
    })
}

/// `/notebook`: what the asker has learned of each opponent's X-File.
pub(super) fn on_notebook(a: &Ask<'_, XfGame>) -> Result<String, UserError> {
    let me = a
        .seat
        .ok_or_else(|| UserError::new("Only the game's players keep a notebook."))?;
    let only = a
        .args
        .text("player")
        .map(|w| seat_named(a.table, w))
        .transpose()?;
    Ok(notebook(&a.game.view(Viewer::Seat(me)), me, a.table, only))
}

/// The asker's hand (empty when not seated).
fn hand(a: &Ask<'_, XfGame>) -> Vec<CardIdx> {
    a.seat
        .map(|s| a.game.player(s).hand.clone())
        .unwrap_or_default()
}

/// The card in the asker's hand that option `name` names.
fn in_hand(a: &Ask<'_, XfGame>, name: &str) -> Result<CardIdx, UserError> {
    pick(
        a.args.text(name).unwrap_or_default(),
        &hand(a),
        "in your hand",
    )
}

/// The card option `card` names: in the asker's hand, or one it may play
/// from under a card in play (Surfing The Net).
fn playable_named(a: &Ask<'_, XfGame>) -> Result<CardIdx, UserError> {
    named_or_under(a, |g, s| g.playable_under(s))
}

/// The card option `card` names for `/bluff`: in the asker's hand, or
/// kept under a card in play to be placed as a Bluff (Men In Black).
fn bluff_named(a: &Ask<'_, XfGame>) -> Result<CardIdx, UserError> {
    named_or_under(a, |g, s| g.bluffs_under(s))
}

/// The card option `card` names among the asker's hand and the cards
/// `under` lists as his to use from under his cards in play.
fn named_or_under<T>(
    a: &Ask<'_, XfGame>,
    under: impl Fn(&XfGame, Seat) -> Vec<(T, CardIdx)>,
) -> Result<CardIdx, UserError> {
    let mut among = hand(a);
    if let Some(s) = a.seat {
        among.extend(under(a.game, s).into_iter().map(|(_, c)| c));
    }
    pick(
        a.args.text("card").unwrap_or_default(),
        &among,
        "in your hand",
    )
}

/// The cards among `among` that option `name` lists (separated by ';').
fn list(
    a: &Ask<'_, XfGame>,
    name: &str,
    among: &[CardIdx],
    place: &str,
) -> Result<Vec<CardIdx>, UserError> {
    split_list(a.args.text(name).unwrap_or_default())
        .iter()
        .map(|t| pick(t, among, place))
        .collect()
}

/// The asker's Agents.
fn own_agents(a: &Ask<'_, XfGame>) -> Vec<CardIdx> {
    a.seat
        .map(|s| a.game.player(s).agents.iter().map(|x| x.card).collect())
        .unwrap_or_default()
}

/// "Name N" split into the name and N (`None` without a number).
fn name_and_count(part: &str) -> (String, Option<u8>) {
    match part
        .rsplit_once(' ')
        .and_then(|(a, b)| b.parse::<u8>().ok().map(|n| (a, n)))
    {
        Some((a, n)) => (a.to_string(), Some(n)),
        None => (part.to_string(), None),
    }
}

/// The commands the Basic Game does not have, and why.
const ADVANCED_ONLY: &[(&str, &str)] = &[
    (
        "draw",
        "every player refills to ten cards at the start of each turn, by itself (FAQ21 #54(h))",
    ),
    (
        "buy",
        "there are no pools and nothing is bought; hands refill to ten (FAQ21 #54(c))",
    ),
    (
        "sell",
        "there are no pools and nothing is sold (FAQ21 #54(c))",
    ),
    (
        "bluff",
        "Bluffs are not placed face down; play them face up in the Investigation Phase with /play (FAQ21 #48)",
    ),
    (
        "peek",
        "no Bluffs lie face down, and Agents' Game Effects are ignored (FAQ21 #48, #54(f))",
    ),
    (
        "power",
        "X-File Powers are an optional rule of the Advanced Game (pp. 43-45)",
    ),
    (
        "announce",
        "X-File Powers are an optional rule of the Advanced Game (pp. 43-45)",
    ),
    (
        "aim",
        "there is no combat: an Adversary wounds one Agent (Rules Assistant p. 4)",
    ),
    (
        "damage",
        "there is no combat: an Adversary wounds one Agent (Rules Assistant p. 4)",
    ),
    ("pay", "nothing is paid for (FAQ21 #54(c))"),
];

/// Why this game refuses a command it does not have (the Basic Game's
/// Advanced-only commands).
pub(super) fn not_in_this_game(g: &XfGame, command: &str) -> Option<String> {
    g.basic()?;
    ADVANCED_ONLY
        .iter()
        .find(|(c, _)| *c == command)
        .map(|(c, why)| format!("/{c} is not part of the Basic Game: {why}."))
}
