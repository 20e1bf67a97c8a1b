//! Legendary Encounters event lines: what the thread (or a player's DM)
//! says for each event, from the view only.

use crate::app::games::driver::Table;
use crate::engine::legendary::data::{Ability, CardDef, CardSet, Timing};
use crate::engine::legendary::{LeEvent, LeView, Place};

fn place(p: &Option<Place>) -> String {
    match p {
        Some(Place::Shadows(i)) => format!(" in Shadows {}", i + 1),
        Some(Place::Field(_)) => " in the Field".into(),
        Some(Place::Bureau(i)) => format!(" in Bureau {}", i + 1),
        None => String::new(),
    }
}

/// One event as a line (`None` to say nothing).
pub fn line(_v: &LeView, e: &LeEvent, t: &Table) -> Option<String> {
    // Every event has a theme: the compiler checks this match is whole.
    let text = match e {
        LeEvent::Setup { .. }
        | LeEvent::TurnBegins { .. }
        | LeEvent::TurnSkipped { .. }
        | LeEvent::Conspiracy { .. }
        | LeEvent::IntoField { .. }
        | LeEvent::EndGameMoves
        | LeEvent::Revealed { .. }
        | LeEvent::Defeated { .. }
        | LeEvent::Escaped { .. }
        | LeEvent::EvidenceDiscovered { .. }
        | LeEvent::EvidenceCollected { .. }
        | LeEvent::TheEnd
        | LeEvent::EndGameHit { .. } => board_line(e, t),
        LeEvent::Played { .. }
        | LeEvent::Activated { .. }
        | LeEvent::Scanned { .. }
        | LeEvent::Recruited { .. }
        | LeEvent::RecruitedOutside { .. }
        | LeEvent::Gained { .. }
        | LeEvent::Fought { .. }
        | LeEvent::Coordinated { .. }
        | LeEvent::PlayedOnTurnOf { .. }
        | LeEvent::Drew { .. }
        | LeEvent::DrewCards { .. }
        | LeEvent::Discarded { .. }
        | LeEvent::Shuffled { .. }
        | LeEvent::Manual { .. }
        | LeEvent::Choosing { .. }
        | LeEvent::Chose { .. }
        | LeEvent::Passed { .. }
        | LeEvent::TurnEnded { .. } => play_line(e, t),
        LeEvent::StrikeDrawn { .. }
        | LeEvent::Avoided { .. }
        | LeEvent::Cancelled { .. }
        | LeEvent::Scarred { .. }
        | LeEvent::Healed { .. }
        | LeEvent::HealBarred { .. }
        | LeEvent::Symptom { .. }
        | LeEvent::Protected { .. }
        | LeEvent::StrikesReshuffled
        | LeEvent::PlayerDefeated { .. }
        | LeEvent::Rejoins { .. }
        | LeEvent::Swapped { .. }
        | LeEvent::Resigned { .. }
        | LeEvent::Over { .. } => strike_line(e, t),
        LeEvent::BeliefGained { .. }
        | LeEvent::DoubtGained { .. }
        | LeEvent::BeliefResolved { .. }
        | LeEvent::DoubtResolved { .. }
        | LeEvent::DoubtsDefeated { .. }
        | LeEvent::Silenced { .. }
        | LeEvent::CliffhangerUsed { .. } => mind_line(e, t),
    }?;
    Some(t.named(&text))
}

/// The Conspiracy: the Shadows, reveals, defeats, Evidence and the End Game.
fn board_line(e: &LeEvent, t: &Table) -> Option<String> {
    let n = |s: &u8| t.name(*s).to_string();
    Some(match e {
        LeEvent::Setup {
            avatars,
            seasons,
            academy,
            demo,
            set,
            ..
        } => format!(
            "The team: {}. {seasons}; Academy: {}. The End Game waits at the bottom of the Conspiracy Deck.{} The rules: /rules game:legendary (a keyword: /rules query:ravage).",
            avatars
                .iter()
                .enumerate()
                .map(|(i, a)| format!("{} as {a}", t.name(i as u8)))
                .collect::<Vec<_>>()
                .join(", "),
            academy.join(", "),
            if *demo {
                format!(" Playing on {set}: invented cards, not the printed ones.")
            } else {
                String::new()
            }
        ),
        LeEvent::TurnBegins { seat, turn } => format!("— Turn {turn}: {} —", n(seat)),
        LeEvent::TurnSkipped { seat } => format!("{} sits this turn out, recovering.", n(seat)),
        LeEvent::Conspiracy { left } => {
            format!("A hidden Conspiracy card enters the Shadows ({left} left).")
        }
        LeEvent::IntoField { card } => match card {
            Some(c) => format!("{c} is pushed into the Field."),
            None => "A hidden card is pushed into the Field.".into(),
        },
        LeEvent::EndGameMoves => "The End Game moves closer on its own.".into(),
        LeEvent::Revealed {
            card,
            kind,
            place: p,
        } => format!("Revealed{}: **{card}** ({}).", place(p), kind.title()),
        LeEvent::Defeated { card, kind } => format!("{card} ({}) is defeated.", kind.title()),
        LeEvent::Escaped { card } => format!("{card} eludes the team and escapes."),
        LeEvent::EvidenceDiscovered { priority, card } => {
            format!("Evidence Discovered (Priority {priority}): **{card}**.")
        }
        LeEvent::EvidenceCollected { priority, card } => {
            format!("Evidence Collected (Priority {priority}): {card} — the End Game loses it.")
        }
        LeEvent::TheEnd => {
            "**\"The End\" has begun.** Leads are lost; the remaining Evidence joins the End Game."
                .into()
        }
        LeEvent::EndGameHit {
            damage,
            total,
            health,
        } => format!("The End Game takes {damage} damage ({total} of {health})."),
        _ => return None,
    })
}

/// What players do with their cards.
fn play_line(e: &LeEvent, t: &Table) -> Option<String> {
    let n = |s: &u8| t.name(*s).to_string();
    Some(match e {
        LeEvent::Played {
            seat,
            card,
            virtual_from,
        } => match virtual_from {
            Some(f) => format!("{} plays {card}, Coordinated by {}.", n(seat), n(f)),
            None => format!("{} plays {card}.", n(seat)),
        },
        LeEvent::Activated { seat, card } => format!("{} activates {card}.", n(seat)),
        LeEvent::Scanned {
            seat,
            place: p,
            cost,
        } => format!("{} scans{} for {cost}.", n(seat), place(&Some(*p))),
        LeEvent::Recruited {
            seat,
            card,
            space,
            cost,
        } => match space {
            Some(s) => format!(
                "{} recruits {card} from Bureau {} for {cost}★.",
                n(seat),
                s + 1
            ),
            None => format!("{} recruits a Special Agent ({card}) for {cost}★.", n(seat)),
        },
        LeEvent::RecruitedOutside { seat, card, cost } => format!(
            "{} recruits {card} from outside the game for {cost}★.",
            n(seat)
        ),
        LeEvent::Gained { seat, card } => format!("{} gains {card}.", n(seat)),
        LeEvent::Fought { seat, card, cost } => format!("{} fights {card} for {cost}.", n(seat)),
        LeEvent::Coordinated { from, to, card } => {
            format!("{} Coordinates {card} to {}.", n(from), n(to))
        }
        LeEvent::PlayedOnTurnOf {
            seat,
            card,
            turn_of,
        } => format!("{} plays {card} on {}'s turn.", n(seat), n(turn_of)),
        LeEvent::Drew { seat, count } => format!("{} draws {count}.", n(seat)),
        LeEvent::DrewCards { cards, .. } => format!("You draw: {}.", cards.join(", ")),
        LeEvent::Discarded { seat, cards } => format!("{} discards {}.", n(seat), cards.join(", ")),
        LeEvent::Shuffled { seat } => {
            format!("{} shuffles their discard pile into a new deck.", n(seat))
        }
        LeEvent::Manual { seat, card, text } => {
            format!("{} — do by hand ({}): {text}", card, n(seat))
        }
        LeEvent::Choosing { seat, prompt } => format!("{} chooses: {}", n(seat), t.named(prompt)),
        LeEvent::Chose { seat, what } => format!("{} chose {}.", n(seat), what.join(", ")),
        LeEvent::Passed { seat, prompt } => {
            format!("{} passes: no to \"{}\".", n(seat), t.named(prompt))
        }
        LeEvent::TurnEnded { seat } => format!("{} ends their turn.", n(seat)),
        _ => return None,
    })
}

/// Strikes and Avatars' fates.
fn strike_line(e: &LeEvent, t: &Table) -> Option<String> {
    let n = |s: &u8| t.name(*s).to_string();
    Some(match e {
        LeEvent::StrikeDrawn {
            seat,
            strike,
            damage,
            source,
        } => format!(
            "{} is Struck{}: {strike} ({}).",
            n(seat),
            source
                .as_ref()
                .map_or(String::new(), |s| format!(" by {s}")),
            if *damage == 0 {
                "a Miss".to_string()
            } else {
                format!("{damage} damage")
            }
        ),
        LeEvent::Avoided { seat, source } => format!(
            "{} avoids the Strike{}.",
            n(seat),
            source
                .as_ref()
                .map_or(String::new(), |s| format!(" from {s}"))
        ),
        LeEvent::Cancelled { seat, by } => format!(
            "{} reveals a Belief and cancels the Fear Strike on {}.",
            n(by),
            n(seat)
        ),
        LeEvent::Scarred { seat } => format!("{} gains a Scar.", n(seat)),
        LeEvent::Healed { seat, count } => format!("{} heals {count} Strike(s).", n(seat)),
        LeEvent::HealBarred { seat, by } => {
            format!("{} cannot heal: {by} forbids healing Strikes.", n(seat))
        }
        LeEvent::Symptom { seat, count } => {
            format!("{} shows a Symptom ({count} of 3).", n(seat))
        }
        LeEvent::Protected { seat, by, card } => format!(
            "{} discards {card} and cancels the Strike on {}.",
            n(by),
            n(seat)
        ),
        LeEvent::StrikesReshuffled => {
            "The discarded Strikes are shuffled into a new Strike Deck.".into()
        }
        LeEvent::PlayerDefeated { seat } => format!("**{} is defeated.**", n(seat)),
        LeEvent::Rejoins { seat } => format!(
            "{} falls, but will rejoin after a turn (their Strikes become Scars).",
            n(seat)
        ),
        LeEvent::Swapped { seat, with, avatar } => match with {
            Some(w) => format!(
                "Body Swap: {} and {} exchange Avatars; {} is now {avatar}.",
                n(seat),
                n(w),
                n(seat)
            ),
            None => format!("Body Swap: {} is now {avatar}.", n(seat)),
        },
        LeEvent::Resigned { seat } => format!("{} gives up for the team.", n(seat)),
        LeEvent::Over { won, summary } => format!(
            "**{}** {}",
            if *won {
                "The team wins!"
            } else {
                "The conspiracy wins."
            },
            t.named(summary)
        ),
        _ => return None,
    })
}

/// Beliefs, Doubts and "Trust No One".
fn mind_line(e: &LeEvent, t: &Table) -> Option<String> {
    let n = |s: &u8| t.name(*s).to_string();
    Some(match e {
        LeEvent::BeliefGained { seat } => format!("{} gains a Belief.", n(seat)),
        LeEvent::DoubtGained { seat } => format!("{} gains a Doubt.", n(seat)),
        LeEvent::BeliefResolved { seat, name } => {
            format!("{} resolves their Belief: {name}.", n(seat))
        }
        LeEvent::DoubtResolved { seat, name } => format!("{}'s Doubt resolves: {name}.", n(seat)),
        LeEvent::DoubtsDefeated { count } => format!("The team defeats {count} Doubt(s)."),
        LeEvent::CliffhangerUsed {
            seat,
            card,
            text,
            defeated,
        } => format!(
            "{}'s Cliffhanger **{card}**: {text}{}",
            n(seat),
            if *defeated {
                " It goes back in the box."
            } else {
                ""
            }
        ),
        LeEvent::Silenced { .. } => {
            "\"Trust No One\": until the end of the turn, no strategy talk and no shown hands."
                .into()
        }
        _ => return None,
    })
}

/// A card as `/card game:legendary` shows it: kind, class, numbers,
/// keywords and every ability in words, and the set it comes from.
pub fn card_text(def: &CardDef, set: &CardSet) -> String {
    let mut head = format!("**{}** — {}", def.name, def.kind.title());
    if let Some(class) = def.class {
        head.push_str(&format!(", {}", class.title()));
    }
    if let Some(c) = &def.character {
        head.push_str(&format!(" ({c})"));
    }
    let numbers: Vec<String> = [
        def.cost.map(|n| format!("cost {n}★")),
        def.recruit.filter(|n| *n > 0).map(|n| format!("+{n}★")),
        def.attack.filter(|n| *n > 0).map(|n| format!("+{n}⚔")),
        def.defense.map(|n| format!("Defense {n}")),
        def.health.map(|n| format!("Health {n}")),
        def.priority.map(|n| format!("Priority {n}")),
        def.damage.map(|n| format!("Damage {n}")),
        def.fear.then(|| "Fear".to_string()),
        def.season.map(|n| format!("Season {n}")),
        def.rank.map(|n| format!("rank {n}")),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut lines = vec![head];
    if !numbers.is_empty() {
        lines.push(numbers.join(" · "));
    }
    if !def.types.is_empty() {
        lines.push(format!("Type: {}", def.types.join(", ")));
    }
    if !def.keywords.is_empty() {
        let words: Vec<String> = def.keywords.iter().map(|k| k.title()).collect();
        lines.push(format!("Keywords: {}", words.join(", ")));
    }
    lines.extend(def.abilities.iter().map(ability_text));
    let source = if set.demo {
        format!(
            "From {} (invented demo cards, not the printed ones).",
            set.name
        )
    } else {
        format!("From {}.", set.name)
    };
    lines.push(source);
    lines.join("\n")
}

/// One ability: when it happens, its class condition, its printed text,
/// and whether the bot does it or a player does it as a manual step.
fn ability_text(a: &Ability) -> String {
    let mut label: Vec<&str> = timing_word(a.when).into_iter().collect();
    if let Some(c) = a.class {
        label.push(c.title());
    }
    let mut line = String::from("• ");
    if let Some(n) = &a.name {
        line.push_str(&format!("{n}: "));
    }
    if !label.is_empty() {
        line.push_str(&format!("{}: ", label.join(", ")));
    }
    line.push_str(&a.text);
    if a.program.is_none() {
        line.push_str(" (a manual step: the players do it)");
    }
    line
}

/// The words a card prints for an ability's timing (none for "when played").
fn timing_word(t: Timing) -> Option<&'static str> {
    Some(match t {
        Timing::Play => return None,
        Timing::Activate => "Activate",
        Timing::Sacrifice => "Sacrifice",
        Timing::Vigilant => "Vigilant",
        Timing::Draw => "Draw",
        Timing::Cleanup => "Cleanup",
        Timing::Reveal => "Reveal",
        Timing::FirstReveal => "First reveal",
        Timing::RevealShadows => "Revealed in the Shadows",
        Timing::Ongoing => "Ongoing",
        Timing::Shadows => "While in the Shadows",
        Timing::Field => "While in the Field",
        Timing::Strike => "Strike",
        Timing::Defeat => "Defeat",
        Timing::FirstDefeat => "First defeat",
        Timing::TheEnd => "The End",
        Timing::Elude => "Elude",
        Timing::Discover => "Discover Evidence",
        Timing::Collect => "Collect Evidence",
        Timing::Belief => "Belief",
        Timing::Doubt => "Doubt",
        Timing::Bureau => "Bureau",
        Timing::Start => "Next game",
        Timing::OtherTurn => "On another player's turn",
    })
}
