//! The X-Files CCG's events as lines of the thread (or of a player's
//! DMs), by theme, rendered from a view.

use super::*;
use crate::words;

/// Dealing, the X-File, turns and the Briefing: draws, pools, purchases.
pub(super) fn setup_line(v: &XfView, event: &XfEvent, t: &Table) -> Option<String> {
    let viewer = v.viewer;
    let who = |s: Seat| t.name(s).to_string();
    Some(match event {
        XfEvent::Dealt { seat, cards } => {
            format!("{} shuffles and draws {cards} cards.", who(*seat))
        }
        XfEvent::YourCards { cards } => format!("Your opening hand: {}.", names_apart(cards)),
        XfEvent::XFileChosen { seat } => format!("{} has chosen an X-File.", who(*seat)),
        XfEvent::YourXFile { card } => {
            let c = db().get(*card);
            format!(
                "Your X-File is **{}** ({}).",
                c.title,
                c.characteristics.map(|c| c.to_string()).unwrap_or_default()
            )
        }
        XfEvent::FirstPlayer { seat } => format!("Chance decides: {} goes first.", who(*seat)),
        XfEvent::TurnStarted { seat, turn } => {
            format!("**Turn {turn}: {}'s turn.** Briefing Phase.", who(*seat))
        }
        XfEvent::Drew { seat, .. } if viewer == Viewer::Seat(*seat) => return None,
        XfEvent::Drew { seat, count } if v.basic => {
            format!(
                "{} draws {}, up to ten.",
                who(*seat),
                words::count(count, "card")
            )
        }
        XfEvent::Drew { seat, count } => {
            format!(
                "{} takes the free draw ({}).",
                who(*seat),
                words::count(count, "card")
            )
        }
        XfEvent::SetAside { seat, count } => format!(
            "{} sets aside {} the Basic Game does not use (Advanced, Combat, Agent or Killer cards).",
            who(*seat),
            words::count(count, "card")
        ),
        XfEvent::YourSetAside { cards } => format!(
            "Set aside from your deck for the Basic Game ({}): {}.",
            words::count(cards.len(), "card"),
            copies(cards)
        ),
        XfEvent::DrewCards { cards } if cards.is_empty() => return None,
        XfEvent::DrewCards { cards } => format!("You draw: {}.", names_apart(cards)),
        XfEvent::Reshuffled { seat } => format!(
            "{}'s Bureau deck ran out: the discard pile is shuffled into a new deck.",
            who(*seat)
        ),
        XfEvent::Resources { seat, rp, cp } if *cp > 0 => {
            format!("{} gains {rp} RP and {cp} CP.", who(*seat))
        }
        XfEvent::Resources { seat, rp, .. } => format!("{} gains {rp} RP.", who(*seat)),
        XfEvent::Bought { seat, count, pool } => {
            format!(
                "{} buys {} for {count} {pool}.",
                who(*seat),
                words::count(count, "card")
            )
        }
        XfEvent::DrawWaits { seat, count } => format!(
            "{} draws the {} when {} moves on: cards that answer a purchase may be played first.",
            who(*seat),
            words::count(count, "card"),
            who(v.active)
        ),
        XfEvent::PurchaseStopped {
            seat,
            count,
            refund,
        } => format!(
            "{}'s purchase of {} is stopped: no card is drawn{}.",
            who(*seat),
            words::count(count, "card"),
            if *refund {
                " and the points are paid back"
            } else {
                ""
            }
        ),
        XfEvent::Sold { seat, cards, cp } => {
            format!("{} sells {} for {cp} CP.", who(*seat), names_apart(cards))
        }
        XfEvent::LostRp { seat, amount } => format!(
            "{} loses {amount} RP that had to buy cards (Agent Mulder).",
            who(*seat)
        ),
        _ => return None,
    })
}

/// Agents, Sites and Bluffs, and investigating.
pub(super) fn table_line(v: &XfView, event: &XfEvent, t: &Table) -> Option<String> {
    let who = |s: Seat| t.name(s).to_string();
    let agent = |r: &AgentRef| format!("{} ({})", title(r.card), who(r.seat));
    Some(match event {
        XfEvent::Healed { agent: a, .. } if v.basic => {
            format!("{} recovers from its wound for a turn.", agent(a))
        }
        XfEvent::Healed { agent: a, amount } => format!("{} heals {amount}.", agent(a)),
        XfEvent::Equipped { agent: a, card } => format!("{} takes {}.", agent(a), title(*card)),
        XfEvent::Moved {
            agent: a,
            section,
            team,
        } => format!(
            "{} goes to the {}{}.",
            agent(a),
            section.as_str(),
            // Teams are formed in the Field only (p. 23).
            if *section == Section::Field {
                format!(" (Team {})", team + 1)
            } else {
                String::new()
            }
        ),
        XfEvent::AgentBought { agent: a } => {
            format!("{} joins from the hand for this turn.", agent(a))
        }
        XfEvent::SitePlayed {
            seat,
            card,
            directed,
        } => {
            format!(
                "{} plays the Site **{}**, directed at {}.",
                who(*seat),
                XfGame::card_line(*card, v.basic),
                who(*directed)
            )
        }
        XfEvent::BluffPlaced { seat, site } => format!(
            "{} puts a card face down under Site {}.",
            who(*seat),
            site_no(v, *site)
        ),
        XfEvent::Investigates {
            site,
            team,
            skill,
            threshold,
        } => format!(
            "{} investigates **{}** with {}: {} {}+ needed.",
            who(v.active),
            v.sites
                .get(*site)
                .map(|s| title(s.card))
                .unwrap_or("the Site"),
            names_apart(team),
            skill.as_str().to_uppercase(),
            threshold
        ),
        XfEvent::BluffRevealed {
            owner,
            card,
            is_bluff: true,
        } => format!(
            "{}'s Bluff is revealed: **{}**{}.",
            who(*owner),
            title(*card),
            crate::cards::db()
                .get(*card)
                .text
                .as_deref()
                .map(|t| format!(": \"{}\"", t.trim()))
                .unwrap_or_default()
        ),
        XfEvent::BluffRevealed { owner, card, .. } => format!(
            "{}'s face-down card is **{}**, not a Bluff: discarded.",
            who(*owner),
            title(*card)
        ),
        XfEvent::BluffPaid { owner, card, cost } => {
            format!("{} pays {cost} CP for {}.", who(*owner), title(*card))
        }
        XfEvent::BluffDiscarded { owner, card } if !crate::engine::xfiles::is_real_bluff(*card) => {
            format!("{}'s unrevealed face-down card is discarded.", who(*owner))
        }
        XfEvent::BluffDiscarded { owner, card } => {
            format!("{} lets {} go.", who(*owner), title(*card))
        }
        XfEvent::BluffMoved { owner, to } => {
            format!(
                "{} moves a face-down card under {}.",
                who(*owner),
                title(*to)
            )
        }
        XfEvent::AgentsKept { kept } => {
            format!("Only {} go on; the others stay behind.", names_apart(kept))
        }
        XfEvent::CheckResult {
            success,
            total,
            needed,
            forced_by: Some(card),
        } => format!(
            // Only the card's own check: the Site's goes on.
            "The skill check for {} {}: {total} against {needed}+.",
            title(*card),
            if *success { "is made" } else { "fails" }
        ),
        XfEvent::CheckResult {
            success: true,
            total,
            needed,
            ..
        } => format!("The investigation succeeds: {total} against {needed}+."),
        XfEvent::CheckResult { total, needed, .. } => {
            format!("The investigation fails: {total} against {needed}+.")
        }
        XfEvent::Asked {
            seat,
            of,
            category,
            value,
        } => {
            format!(
                "{} asks {}: is your X-File's {} {value}?",
                who(*seat),
                who(*of),
                category.as_str().to_uppercase()
            )
        }
        XfEvent::Answer {
            of,
            category,
            value,
            yes,
        } => format!(
            "{}'s answer: **{}** ({} {value}).",
            who(*of),
            if *yes { "Yes" } else { "No" },
            category.as_str().to_uppercase()
        ),
        XfEvent::Guessed {
            seat,
            of,
            xfile,
            right,
        } => format!(
            "{} guesses that {}'s X-File is **{}**: {}",
            who(*seat),
            who(*of),
            title(*xfile),
            if *right { "right!" } else { "wrong." }
        ),
        XfEvent::SiteDiscarded { card } => format!("{} is discarded.", title(*card)),
        XfEvent::Discarded { seat, cards } => {
            format!("{} discards {}.", who(*seat), names_apart(cards))
        }
        XfEvent::PeekedBluff { site, card } => format!(
            "The face-down card under Site {} is {}.",
            site_no(v, *site),
            title(*card)
        ),
        _ => return None,
    })
}

/// Cards played and resolved, windows, checks, and manual steps.
pub(super) fn stack_line(v: &XfView, event: &XfEvent, t: &Table) -> Option<String> {
    let who = |s: Seat| t.name(s).to_string();
    Some(match event {
        XfEvent::Played { seat, card, .. } if v.basic => format!(
            "{} plays **{}** (card {} of {} this turn).",
            who(*seat),
            title(*card),
            v.players[usize::from(*seat)].played,
            crate::engine::xfiles::basic::PLAYS
        ),
        XfEvent::Played {
            seat,
            card,
            cost,
            pool,
        } => format!("{} plays **{}** ({cost} {pool}).", who(*seat), title(*card)),
        XfEvent::Resolved { card, manual: true } => {
            let c = db().get(*card);
            let text = c.text.as_deref().or(c.game_effect.as_deref()).unwrap_or("");
            if text.trim().is_empty() {
                // Nothing printed to apply by hand (Slithers In The Night).
                format!("{} resolves.", c.title)
            } else {
                format!(
                    "{} resolves; the bot does not automate all of its text: {}",
                    c.title,
                    text.trim()
                )
            }
        }
        XfEvent::ManualOpened { seat, card, scope } if scope.is_empty() => format!(
            "Nothing of {}'s text can be changed with /adjust: settle it at the table.",
            title(*card)
        ),
        XfEvent::ManualOpened { seat, card, scope } => {
            let kinds: Vec<&str> = scope.iter().map(|k| k.word()).collect();
            format!(
                "{} applies {}'s text by hand (/adjust what: {}); the others may /dispute each step before the game moves on.",
                who(*seat),
                title(*card),
                kinds.join(", ")
            )
        }
        XfEvent::Resolved { card, .. } => format!("{} resolves.", title(*card)),
        XfEvent::PhaseBegins { phase } => phase_line(v, phase, t),
        XfEvent::AllPassed { seat } => {
            format!("{} passes too: everyone has passed.", who(*seat))
        }
        XfEvent::Passed { seat } => format!("{} passes.", who(*seat)),
        XfEvent::Looked { seat, of, count } => format!(
            "{} looks at {count} of {}'s hidden cards (what they saw stays theirs).",
            who(*seat),
            who(*of)
        ),
        XfEvent::Negated { card, by } => format!("{} negates {}.", title(*by), title(*card)),
        XfEvent::CheckStands { total, needed } => {
            format!("The Team stands at {total} against {needed}+.")
        }
        XfEvent::ManualStep {
            seat,
            card: Some(card),
            text,
        } => format!(
            "{} (by hand, for {}) {text}. Anyone else may /dispute it before the game moves on.",
            who(*seat),
            title(*card)
        ),
        XfEvent::ManualStep { seat, text, .. } => {
            format!("{} (by hand) {text}.", who(*seat))
        }
        XfEvent::Disputed { seat, by, text } => format!(
            "{} disputes {}'s step ({text}): it is undone. Settle it at the table; {} may propose it again.",
            who(*seat),
            who(*by),
            who(*by)
        ),
        _ => return None,
    })
}

/// Combat: rounds, damage, the Hospital.
pub(super) fn combat_line(event: &XfEvent, t: &Table) -> Option<String> {
    let who = |s: Seat| t.name(s).to_string();
    let agent = |r: &AgentRef| format!("{} ({})", title(r.card), who(r.seat));
    Some(match event {
        XfEvent::CombatBegins { adversary, round } => {
            let c = db().get(*adversary);
            format!(
                "**Combat** with {} (LRC {} · CRC {} · HEALTH {}): {} round.",
                c.title,
                c.skills
                    .get(Skill::LongRangeCombat)
                    .map(|v| v.to_string())
                    .unwrap_or_default(),
                c.skills
                    .get(Skill::CloseRangeCombat)
                    .map(|v| v.to_string())
                    .unwrap_or_default(),
                c.skills
                    .get(Skill::Health)
                    .map(|v| v.to_string())
                    .unwrap_or_default(),
                round_name(*round)
            )
        }
        XfEvent::CombatDamage {
            agents_deal,
            adversary_deals,
            to,
        } => {
            let hits: Vec<String> = to
                .iter()
                .map(|(r, n)| format!("{n} to {}", title(r.card)))
                .collect();
            format!(
                "The Agents deal {agents_deal}; the Adversary deals {adversary_deals}{}.",
                if hits.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", crate::words::names(&hits))
                }
            )
        }
        XfEvent::ToHospital { agent: a } => format!("{} goes to the Hospital.", agent(a)),
        XfEvent::AdversaryKilled { card } => format!("{} is killed.", title(*card)),
        XfEvent::CombatOver { adversary } => {
            format!("Combat with {} is over.", title(*adversary))
        }
        _ => return None,
    })
}

/// What card effects do, choices, and the end of the game.
pub(super) fn effect_line(event: &XfEvent, t: &Table) -> Option<String> {
    let who = |s: Seat| t.name(s).to_string();
    let agent = |r: &AgentRef| format!("{} ({})", title(r.card), who(r.seat));
    Some(match event {
        XfEvent::PoolLost { seat, pool, amount } => {
            format!("{} loses {amount} {pool}.", who(*seat))
        }
        XfEvent::PoolsSwapped { a, b, pool } => {
            format!("{} and {} exchange their {pool} pools.", who(*a), who(*b))
        }
        XfEvent::Damaged { agent: a, amount } => format!("{} takes {amount} damage.", agent(a)),
        XfEvent::CardDamaged { card, amount } => {
            format!("{} takes {amount} damage.", title(*card))
        }
        XfEvent::AgentRemoved { agent: a } => format!("{} is removed from the game.", agent(a)),
        XfEvent::AgentAbducted { agent: a } => format!(
            "{} is abducted: face up ten cards down in the Bureau deck.",
            agent(a)
        ),
        XfEvent::AgentAway { agent: a } => format!("{} is out of play for a while.", agent(a)),
        XfEvent::AgentBack { agent: a, section } => {
            format!("{} is back, in the {}.", agent(a), section.as_str())
        }
        XfEvent::Used {
            seat,
            card,
            ability,
        } => {
            format!("{} uses {} ({ability}).", who(*seat), title(*card))
        }
        XfEvent::InPlay { seat, card } => {
            format!("{} stays in play for {}.", title(*card), who(*seat))
        }
        XfEvent::LeftPlay { card } => format!("{} leaves play.", title(*card)),
        XfEvent::Tokens { card, tokens } => {
            format!(
                "{} now has {}.",
                title(*card),
                words::count(tokens, "token")
            )
        }
        XfEvent::CheckForced {
            seat,
            skill,
            threshold,
            team,
        } => format!(
            "{}'s Team ({}) must make {} {threshold}+ skill check.",
            who(*seat),
            names_apart(team),
            words::with_article(&skill.as_str().to_uppercase())
        ),
        XfEvent::PrerequisiteChanged { needs } => {
            let n: Vec<String> = needs
                .iter()
                .map(|(s, n)| format!("{} {n}+", s.as_str().to_uppercase()))
                .collect();
            format!("The Site's prerequisite is now {}.", n.join(" and "))
        }
        XfEvent::KeywordChanged { card, from, to } if from == to => {
            format!(
                "{} gains the Keyword {}.",
                title(*card),
                to.as_str().to_uppercase()
            )
        }
        XfEvent::KeywordChanged { card, from, to } => format!(
            "{}'s Keyword {} becomes {}.",
            title(*card),
            from.as_str().to_uppercase(),
            to.as_str().to_uppercase()
        ),
        XfEvent::KeywordsFixed { card, keywords } => {
            let ks: Vec<String> = keywords.iter().map(|k| k.as_str().to_uppercase()).collect();
            format!(
                "{}'s Keywords are as printed ({}) and cannot be altered.",
                title(*card),
                ks.join(", ")
            )
        }
        XfEvent::QuestionChanged { card, to } => {
            format!(
                "{} now asks {} question.",
                title(*card),
                words::with_article(&to.as_str().to_uppercase())
            )
        }
        XfEvent::Milled { seat, cards } => format!(
            "{} discards the top of the Bureau deck: {}.",
            who(*seat),
            if cards.is_empty() {
                "nothing".into()
            } else {
                names_apart(cards)
            }
        ),
        XfEvent::Shown { seat, cards } if cards.is_empty() => {
            format!("{} finds nothing.", who(*seat))
        }
        XfEvent::Shown { seat, cards } => format!("{} shows {}.", who(*seat), names_apart(cards)),
        XfEvent::SeenPrivately { of, cards } => format!(
            "{}'s hand: {}.",
            who(*of),
            if cards.is_empty() {
                "empty".into()
            } else {
                names_apart(cards)
            }
        ),
        XfEvent::ToHand { seat, count } => {
            format!(
                "{} puts {} into their hand.",
                who(*seat),
                words::count(count, "card")
            )
        }
        XfEvent::Shuffled { seat } => format!("{} shuffles the Bureau deck.", who(*seat)),
        XfEvent::Choosing { seat, prompt } => format!("{} must {}.", who(*seat), task(prompt)),
        XfEvent::Chose { seat, what } => {
            format!("{} chooses: {}.", who(*seat), what.join(", "))
        }
        XfEvent::TurnCut { seat } => format!("{}'s turn ends at once.", who(*seat)),
        XfEvent::PowerUsed { seat, value, label } => {
            format!("{} uses the X-File Power {value} ({label}).", who(*seat))
        }
        XfEvent::Announced {
            seat,
            category,
            value,
        } => format!(
            "{} announces their X-File's {} is {value} (X-File Power).",
            who(*seat),
            category.as_str().to_uppercase()
        ),
        XfEvent::Resigned { seat } => format!("{} resigns.", who(*seat)),
        XfEvent::GameOver { outcome } => {
            let names: Vec<String> = outcome.winners.iter().map(|s| who(*s)).collect();
            format!(
                "**Game over**: {} wins ({}).",
                names.join(" and "),
                outcome.summary
            )
        }
        _ => return None,
    })
}

/// A choice's prompt as a task: scripts give most prompts as what is
/// chosen ("the Agent wounded"), some as a verb phrase ("steal one card").
pub(super) fn task(prompt: &str) -> String {
    const VERBS: &[&str] = &["choose", "pick", "mark", "steal", "remove", "name", "say"];
    let first = prompt.split_whitespace().next().unwrap_or_default();
    if prompt == "a secret choice" {
        "make a secret choice".into()
    } else if VERBS.contains(&first) {
        prompt.to_string()
    } else {
        format!("choose {prompt}")
    }
}
