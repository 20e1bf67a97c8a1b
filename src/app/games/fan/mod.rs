//! The Fan CCG at the table: commands, texts and boards.

use super::driver::{GameKind, Table};
use super::host::{Ask, GameUi, Handler, split_list};
use crate::app::command::message::{Board, BoardPart, Button, UserError};
use crate::app::command::spec::{Args, OptKind, OptionSpec, opt, option_value, quoted};
use crate::cards::fan::{Character, FanIdx, fan_db};
use crate::engine::ai::{Ai, Decision, Level};
use crate::engine::fan::{
    FanAction, FanDeck, FanEvent, FanGame, FanOptions, FanView, Phase, Stalemate, UnmarkedLimit,
};
use crate::engine::{GameRng, Seat, Viewer};
use crate::store::DeckRow;

fn name(card: FanIdx) -> &'static str {
    &fan_db().get(card).name
}

fn pips(c: [bool; 3]) -> String {
    let mark = |b: bool| if b { "●" } else { "○" };
    format!(
        "progress {} · opposition {} · jeopardy {}",
        mark(c[0]),
        mark(c[1]),
        mark(c[2])
    )
}

/// Resolves a card named by a player among the cards they could mean.
fn pick(text: &str, among: &[FanIdx], place: &str) -> Result<FanIdx, UserError> {
    if let Some(found) = fan_db().find(text).filter(|c| among.contains(c)) {
        return Ok(found);
    }
    let score = |t: &str, n: &str| {
        strsim::jaro_winkler(&crate::cards::normalize(t), &crate::cards::normalize(n))
    };
    if let Some(c) = super::best_named(text, among, name, score) {
        return Ok(c);
    }
    let names = super::names_of(among, name);
    Err(UserError::new(format!(
        "'{text}' is not {place}. {}",
        if names.is_empty() {
            "There is none.".to_string()
        } else {
            format!("You have: {}.", names.join(", "))
        }
    )))
}

impl GameUi for FanGame {
    const KIND: GameKind = GameKind::FanCcg;
    const HANDLERS: &'static [(&'static str, Handler<Self>)] = &[
        ("hand", Handler::Hand),
        ("board", Handler::Board),
        ("play", Handler::Act(on_play)),
        ("reveal", Handler::Act(on_reveal)),
        ("pass", Handler::Act(on_pass)),
        ("discard", Handler::Act(on_discard)),
        ("first", Handler::Act(on_first)),
        ("swap", Handler::Act(on_swap)),
        ("ready", Handler::Act(on_ready)),
        ("resign", Handler::Act(on_resign)),
    ];

    fn new_game_options(_: GameKind) -> Vec<OptionSpec> {
        vec![
            opt(
                "hand-size",
                OptKind::Int { min: 5, max: 30 },
                "fan CCG: cards in a full hand (default 13)",
            ),
            opt(
                "stalemate",
                OptKind::Choice(&["discard", "reshuffle"]),
                "fan CCG: when no one can start a round",
            ),
            opt(
                "unmarked-limit",
                OptKind::Choice(&["one", "none"]),
                "fan CCG: copies of a card with no deck limit",
            ),
        ]
    }

    fn build_options(_: GameKind, args: &Args) -> Result<FanOptions, UserError> {
        let mut o = FanOptions::default();
        if let Some(n) = args.int("hand-size") {
            o.hand_size = n as u8;
        }
        if args.text("stalemate") == Some("reshuffle") {
            o.stalemate = Stalemate::Reshuffle;
        }
        if args.text("unmarked-limit") == Some("none") {
            o.unmarked_limit = UnmarkedLimit::None;
        }
        Ok(o)
    }

    fn describe_options(o: &FanOptions) -> String {
        format!(
            "Hands of {} cards; stalemates {}; unmarked cards {}.",
            o.hand_size,
            match o.stalemate {
                Stalemate::DiscardTwo => "discard two",
                Stalemate::Reshuffle => "reshuffle hands",
            },
            match o.unmarked_limit {
                UnmarkedLimit::One => "one copy a deck",
                UnmarkedLimit::None => "without limit",
            }
        )
    }

    fn setup(options: &FanOptions, deck: &DeckRow) -> Result<FanDeck, UserError> {
        let parsed: FanDeck = serde_json::from_str(&deck.list).map_err(|e| {
            UserError::new(format!(
                "Your deck '{}' is unreadable ({e}); import it again.",
                deck.name
            ))
        })?;
        let problems = parsed.problems(options);
        if problems.is_empty() {
            Ok(parsed)
        } else {
            Err(UserError::new(format!(
                "Your deck '{}' is not legal for this game. Nothing was changed.\n• {}",
                deck.name,
                problems.join("\n• ")
            )))
        }
    }

    const HAS_AI: bool = true;

    fn ai_view(&self, seat: Seat) -> FanView {
        <FanGame as Ai>::ai_view(self, seat)
    }

    fn ai_decide(
        view: &FanView,
        legal: &[FanAction],
        level: Level,
        rng: &mut GameRng,
    ) -> Option<Decision<FanAction>> {
        Some(<FanGame as Ai>::decide(view, legal, level, rng))
    }

    fn ai_setup(options: &FanOptions, seed: u64) -> Result<FanDeck, UserError> {
        Ok(FanDeck::house(options, seed))
    }

    fn event_line(v: &FanView, event: &FanEvent, t: &Table) -> Option<String> {
        match event {
            FanEvent::HighCard { .. }
            | FanEvent::FirstPlayer { .. }
            | FanEvent::EnvironmentPlaced { .. }
            | FanEvent::PeriodStarted { .. }
            | FanEvent::Drew { .. }
            | FanEvent::DrewCards { .. } => opening_line(v, event, t),
            FanEvent::Played { .. }
            | FanEvent::Revealed { .. }
            | FanEvent::Negated { .. }
            | FanEvent::Captured { .. }
            | FanEvent::Released { .. }
            | FanEvent::Conflict { .. }
            | FanEvent::Passed { .. }
            | FanEvent::ActionSkipped { .. }
            | FanEvent::ActionPlayed { .. } => round_line(event, t),
            FanEvent::Stalemate
            | FanEvent::StalemateDiscard { .. }
            | FanEvent::RoundScored { .. }
            | FanEvent::ConfidenceGained { .. }
            | FanEvent::PeriodEnded { .. }
            | FanEvent::Swapped { .. }
            | FanEvent::Ready { .. }
            | FanEvent::Resigned { .. }
            | FanEvent::GameOver { .. } => score_line(event, t),
        }
    }

    fn board(v: &FanView, t: &Table) -> Board {
        let title = format!(
            "**Game #{} — X-Files Fan CCG** · period {} of 3 · {}",
            t.game_id, v.period, v.phase
        );
        let mut out = String::new();
        out.push_str(&format!(
            "Scores: {} {} · {} {}\n",
            t.name(0),
            v.players[0].score,
            t.name(1),
            v.players[1].score
        ));
        let env: Vec<String> = v
            .environment
            .iter()
            .map(|(c, s)| format!("{} ({})", name(*c), t.name(*s)))
            .collect();
        out.push_str(&format!("Environment: {}\n", env.join(", ")));
        if !v.round.is_empty() {
            let cards: Vec<String> = v
                .round
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let c = p
                        .card
                        .map_or("[covered]".to_string(), |c| name(c).to_string());
                    let neg = if p.negated { ", negated" } else { "" };
                    format!("{}. {c} ({}{neg})", i + 1, t.name(p.by))
                })
                .collect();
            out.push_str(&format!(
                "Round: {}\nCircumstances: {}\n",
                cards.join(" · "),
                pips(v.circumstances)
            ));
        }
        for ch in v.captured.iter().chain(&v.disabled) {
            out.push_str(&format!("{} is out of play this round.\n", ch.as_str()));
        }
        let mut parts = vec![BoardPart::named("Table", &out)];
        for (s, p) in v.players.iter().enumerate() {
            parts.push(BoardPart::headed(&format!(
                "{}: hand {} · deck {} · discards {} · sideboard {} · cover {} · MULDER Investment +{}\n",
                t.name(s as Seat),
                p.hand_size,
                p.deck_size,
                p.discard_size,
                p.sideboard_size,
                p.cover,
                p.mulder_investment
            )));
        }
        Board {
            title,
            parts,
            footer: Self::next_line(v, t),
        }
    }

    fn status_for(v: &FanView, legal: &[FanAction], t: &Table) -> String {
        let seat = v.viewer.seat().unwrap_or_default();
        let me = &v.players[usize::from(seat)];
        let mut hand: Vec<String> = me
            .hand
            .iter()
            .flatten()
            .map(|c| crate::cards::fan_render::line(fan_db().get(*c)))
            .collect();
        hand.sort();
        let mut out = if hand.is_empty() {
            "Your hand is empty.".to_string()
        } else {
            format!("Your hand ({}):\n• {}", hand.len(), hand.join("\n• "))
        };
        let mut covered: Vec<&str> = v
            .round
            .iter()
            .filter(|p| p.by == seat && p.covered)
            .filter_map(|p| p.card)
            .map(name)
            .collect();
        if !covered.is_empty() {
            covered.sort();
            out.push_str(&format!("\nYour covered cards: {}.", covered.join(", ")));
        }
        if let Some(sb) = &me.sideboard
            && matches!(v.step, Phase::Exchange { .. })
        {
            let names: Vec<&str> = sb.iter().map(|c| name(*c)).collect();
            out.push_str(&format!("\nYour sideboard: {}.", names.join(", ")));
        }
        // Every swap the sideboard allows is one entry: they are many.
        let allowed: Vec<String> = legal
            .iter()
            .filter(|a| !matches!(a, FanAction::Resign))
            .map(|a| match a {
                FanAction::Swap { .. } => {
                    "/swap out:\"<a card of your deck>\" in:\"<a sideboard card>\"".into()
                }
                _ => Self::describe(v, a, t),
            })
            .collect();
        if !allowed.is_empty() {
            let (shown, _) = super::host::you_may(&allowed, usize::MAX, "; ");
            out.push_str(&format!("\nYou may: {shown}."));
        }
        out.push_str(&format!("\n{}", Self::next_line(v, t)));
        out
    }

    fn next_line(v: &FanView, t: &Table) -> String {
        let who = |s: Seat| t.name(s).to_string();
        match &v.step {
            Phase::ChooseFirst { chooser } => format!(
                "Next: {} chooses who plays first (/first player:<name>).",
                who(*chooser)
            ),
            Phase::Turn if v.round.is_empty() => format!(
                "Next: {} starts a round with a Case or an Incident (/play), or passes.",
                who(v.turn)
            ),
            Phase::Turn => format!(
                "Next: {} plays a Following card or a Conclusion (/play), or passes if none is legal.",
                who(v.turn)
            ),
            Phase::ActionWindow => format!(
                "Next: {} may play an Action card (/play) or /pass.",
                who(v.turn)
            ),
            Phase::Stalemate { pending } => {
                let names: Vec<String> = pending.iter().map(|s| who(*s)).collect();
                format!(
                    "Next: {} discard two cards each (/discard).",
                    names.join(" and ")
                )
            }
            Phase::Exchange { ready } => {
                let names: Vec<String> = (0..2)
                    .filter(|s| !ready[*s])
                    .map(|s| who(s as Seat))
                    .collect();
                format!(
                    "Next: sideboard exchanges (/swap), then /ready — waiting for {}.",
                    names.join(" and ")
                )
            }
            Phase::Over => format!("Game over: {}.", v.outcome.as_deref().unwrap_or("")),
        }
    }

    fn summary(v: &FanView, events: &[FanEvent], t: &Table) -> String {
        let rounds = events
            .iter()
            .filter(|e| matches!(e, FanEvent::RoundScored { .. }))
            .count();
        let periods: Vec<String> = events
            .iter()
            .filter_map(|e| match e {
                FanEvent::PeriodEnded { period, scores } => Some(format!(
                    "period {period}: {} {} – {} {}",
                    t.name(0),
                    scores[0],
                    scores[1],
                    t.name(1)
                )),
                _ => None,
            })
            .collect();
        let played = |s: Seat| {
            events
                .iter()
                .filter(|e| matches!(e, FanEvent::Played { seat, .. } if *seat == s))
                .count()
        };
        let hands: Vec<String> = (0..2u8)
            .map(|s| {
                let hand: Vec<&str> = v.players[usize::from(s)]
                    .hand
                    .iter()
                    .flatten()
                    .map(|c| name(*c))
                    .collect();
                format!(
                    "{}'s hand held {}",
                    t.name(s),
                    if hand.is_empty() {
                        "nothing".into()
                    } else {
                        hand.join(", ")
                    }
                )
            })
            .collect();
        format!(
            "**Game #{} summary** — {rounds} round(s); {}. Cards played: {} {}, {} {}.\nNow public: {}.",
            t.game_id,
            if periods.is_empty() {
                "no period finished".into()
            } else {
                periods.join("; ")
            },
            t.name(0),
            played(0),
            t.name(1),
            played(1),
            hands.join("; ")
        )
    }

    fn choices(
        v: &FanView,
        _legal: &[FanAction],
        command: &str,
        option: &str,
    ) -> Option<Vec<String>> {
        let me = &v.players[usize::from(v.viewer.seat()?)];
        let cards: Vec<FanIdx> = match (command, option) {
            ("swap", "in") => me.sideboard.clone().unwrap_or_default(),
            (_, "card" | "cards" | "out") => me.hand.clone().unwrap_or_default(),
            _ => return None,
        };
        let mut names: Vec<String> = cards.into_iter().map(|c| name(c).to_string()).collect();
        names.sort();
        names.dedup();
        Some(names)
    }

    fn describe(_view: &FanView, action: &FanAction, t: &Table) -> String {
        match action {
            FanAction::ChooseFirst { first } => {
                format!("/first player:{}", option_value(t.name(*first)))
            }
            FanAction::Play {
                card,
                covered,
                choice,
            } => format!(
                "/play card:{}{}{}",
                quoted(name(*card)),
                if *covered { " covered:true" } else { "" },
                choice
                    .map(|c| format!(" character:{}", c.as_str().to_lowercase()))
                    .unwrap_or_default()
            ),
            FanAction::Reveal { card } => format!("/reveal card:{}", quoted(name(*card))),
            FanAction::Pass | FanAction::SkipAction => "/pass".into(),
            FanAction::Action { card, .. } => {
                format!("/play card:{} discard:\"<two cards>\"", quoted(name(*card)))
            }
            FanAction::Discard { .. } => "/discard cards:\"<two cards>\"".into(),
            FanAction::Swap { out, take } => {
                format!(
                    "/swap out:{} in:{}",
                    quoted(name(*out)),
                    quoted(name(*take))
                )
            }
            FanAction::Ready => "/ready".into(),
            FanAction::Resign => "/resign".into(),
        }
    }

    fn buttons(_view: &Self::View, actions: &[FanAction], game: i64) -> Vec<Button> {
        let mut out = Vec::new();
        if actions.contains(&FanAction::Pass) || actions.contains(&FanAction::SkipAction) {
            out.push(Button {
                label: "Pass".into(),
                command: format!("/pass game:{game}"),
            });
        }
        if actions.contains(&FanAction::Ready) {
            out.push(Button {
                label: "Ready".into(),
                command: format!("/ready game:{game}"),
            });
        }
        out.push(Button {
            label: "Hand".into(),
            command: format!("/hand game:{game}"),
        });
        out
    }
}

// Each event as a line, by theme.

/// The opening high-card draw, the Environment and each period's deal.
fn opening_line(v: &FanView, event: &FanEvent, t: &Table) -> Option<String> {
    let viewer = v.viewer;
    let who = |s: Seat| t.name(s).to_string();
    Some(match event {
        FanEvent::HighCard { draws, winner } => {
            let shown: Vec<String> = draws
                .iter()
                .map(|(s, c)| match c {
                    Some(c) => format!(
                        "{} reveals {} (draw value {})",
                        who(*s),
                        name(*c),
                        fan_db().get(*c).draw_value.unwrap_or(0)
                    ),
                    None => format!("{} reveals nothing", who(*s)),
                })
                .collect();
            match winner {
                Some(w) => format!(
                    "To decide who starts, each player turned up the top card of their deck and the higher draw value won: {}. {} won and now chooses who plays first (/first player:<name>); the first player places the SCULLY and X-FILES environment cards.",
                    shown.join("; "),
                    who(*w)
                ),
                None => format!(
                    "To decide who starts, each player turned up the top card of their deck: {}. A tie, so they draw again.",
                    shown.join("; ")
                ),
            }
        }
        FanEvent::FirstPlayer { seat } => {
            format!("{} plays first and places SCULLY and X-FILES.", who(*seat))
        }
        FanEvent::EnvironmentPlaced { seat, card } => {
            format!("{} places {}.", who(*seat), name(*card))
        }
        FanEvent::PeriodStarted { period, hand_size } => {
            format!("**Period {period} of 3** begins: decks shuffled, hands of {hand_size}.")
        }
        FanEvent::Drew {
            seat,
            count,
            deck_left,
        } => {
            if viewer == Viewer::Seat(*seat) {
                return None;
            }
            format!("{} draws {count} ({deck_left} left in deck).", who(*seat))
        }
        FanEvent::DrewCards { cards, .. } => {
            let names: Vec<&str> = cards.iter().map(|c| name(*c)).collect();
            format!("You draw: {}.", names.join(", "))
        }
        _ => return None,
    })
}

/// A round: plays, reveals, negations, conflicts, passes and Actions.
fn round_line(event: &FanEvent, t: &Table) -> Option<String> {
    let who = |s: Seat| t.name(s).to_string();
    Some(match event {
        FanEvent::Played {
            card: Some(c),
            covered: true,
            ..
        } => format!("You play {} face down under a cover card.", name(*c)),
        FanEvent::Played {
            seat, card: None, ..
        } => format!("{} plays a card face down under a cover card.", who(*seat)),
        FanEvent::Played {
            seat,
            card: Some(c),
            circumstances,
            ..
        } => {
            format!(
                "{} plays {}. Circumstances: {}.",
                who(*seat),
                name(*c),
                pips(*circumstances)
            )
        }
        FanEvent::Revealed { seat, card, .. } => {
            format!("{}'s covered card is {}.", who(*seat), name(*card))
        }
        FanEvent::Negated { card } => format!("{} is negated.", name(*card)),
        FanEvent::Captured { character } => format!("{} is captured.", character.as_str()),
        FanEvent::Released { character } => format!("{} is free again.", character.as_str()),
        FanEvent::Conflict {
            seat,
            agent,
            pro,
            anti,
            arms,
            success,
        } => {
            let arm = |(s, c): &(Seat, Option<FanIdx>)| match c {
                Some(c) => format!("{} reveals {} as arms", who(*s), name(*c)),
                None => format!("{} has no arms", who(*s)),
            };
            let result = if *success {
                "success".to_string()
            } else {
                format!("failure, {} is disabled this round", agent.as_str())
            };
            format!(
                "Conflict: {} sends {} ({}; {}): {pro} against {anti} — {result}.",
                who(*seat),
                agent.as_str(),
                arm(&arms[0]),
                arm(&arms[1])
            )
        }
        FanEvent::Passed { seat } => format!("{} passes.", who(*seat)),
        FanEvent::ActionSkipped { seat } => {
            format!("{} passes on the Action step (no Action card).", who(*seat))
        }
        FanEvent::ActionPlayed {
            seat,
            card,
            discarded,
        } => {
            format!(
                "{} plays the Action {} and discards it with {discarded} more cards.",
                who(*seat),
                name(*card)
            )
        }
        _ => return None,
    })
}

/// Stalemates, scores, periods, exchanges and the end of the game.
fn score_line(event: &FanEvent, t: &Table) -> Option<String> {
    let who = |s: Seat| t.name(s).to_string();
    Some(match event {
        FanEvent::Stalemate => "Neither player can start a round: stalemate.".into(),
        FanEvent::StalemateDiscard { seat, count: 0 } => {
            format!("{} reshuffles their hand.", who(*seat))
        }
        FanEvent::StalemateDiscard { seat, count } => {
            format!("{} discards {count} cards.", who(*seat))
        }
        FanEvent::RoundScored {
            seat,
            points,
            lines,
        } => {
            let parts: Vec<String> = lines
                .iter()
                .map(|(c, p)| format!("{} {p:+}", name(*c)))
                .collect();
            format!(
                "Round over: {} takes {points:+} points ({}).",
                who(*seat),
                parts.join(", ")
            )
        }
        FanEvent::ConfidenceGained { seat, investment } => {
            format!(
                "Mulder Shares Confidence stays beside {}'s MULDER: Investment +{investment}.",
                who(*seat)
            )
        }
        FanEvent::PeriodEnded { period, scores } => {
            format!(
                "**Period {period} ends.** Scores: {} {}, {} {}.",
                who(0),
                scores[0],
                who(1),
                scores[1]
            )
        }
        FanEvent::Swapped {
            out: Some(o),
            take: Some(i),
            ..
        } => format!(
            "You exchange {} for {} from your sideboard.",
            name(*o),
            name(*i)
        ),
        FanEvent::Swapped { seat, .. } => {
            format!("{} exchanges a card with their sideboard.", who(*seat))
        }
        FanEvent::Ready { seat } => format!("{} is ready for the next period.", who(*seat)),
        FanEvent::Resigned { seat } => format!("{} resigns.", who(*seat)),
        FanEvent::GameOver { outcome } => {
            let names: Vec<String> = outcome.winners.iter().map(|s| who(*s)).collect();
            match names.len() {
                1 => format!("**Game over**: {} wins ({}).", names[0], outcome.summary),
                _ => format!("**Game over**: {}.", outcome.summary),
            }
        }
        _ => return None,
    })
}

// The commands, one handler each.

/// `/pass`: skips the Action step, else passes the turn.
fn on_pass(a: &Ask<'_, FanGame>) -> Result<FanAction, UserError> {
    Ok(if a.game.phase == Phase::ActionWindow {
        FanAction::SkipAction
    } else {
        FanAction::Pass
    })
}

/// `/ready`.
fn on_ready(_a: &Ask<'_, FanGame>) -> Result<FanAction, UserError> {
    Ok(FanAction::Ready)
}

/// `/resign`.
fn on_resign(_a: &Ask<'_, FanGame>) -> Result<FanAction, UserError> {
    Ok(FanAction::Resign)
}

/// `/play`.
fn on_play(a: &Ask<'_, FanGame>) -> Result<FanAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let me = seat.map(|s| &g.players[usize::from(s)]);
    let hand: Vec<FanIdx> = me.map(|p| p.hand.clone()).unwrap_or_default();
    let card = pick(args.text("card").unwrap_or_default(), &hand, "in your hand")?;
    Ok(
        if g.phase == Phase::ActionWindow
            && fan_db().get(card).kind == crate::cards::fan::FanType::Action
        {
            let mut rest = hand.clone();
            if let Some(i) = rest.iter().position(|c| *c == card) {
                rest.remove(i);
            }
            let mut discards = Vec::new();
            for text in split_list(args.text("discard").unwrap_or_default()) {
                let c = pick(&text, &rest, "in your hand")?;
                rest.remove(rest.iter().position(|r| *r == c).expect("picked from rest"));
                discards.push(c);
            }
            FanAction::Action { card, discards }
        } else {
            if args.has("discard") {
                return Err(UserError::new(
                    "Option discard is only for Action cards, in the Action step after a play.",
                ));
            }
            let choice = args.text("character").and_then(Character::parse);
            FanAction::Play {
                card,
                covered: args.flag("covered").unwrap_or(false),
                choice,
            }
        },
    )
}

/// `/reveal`.
fn on_reveal(a: &Ask<'_, FanGame>) -> Result<FanAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let mine: Vec<FanIdx> = g
        .round
        .cards
        .iter()
        .filter(|p| Some(p.by) == seat && p.covered)
        .map(|p| p.card)
        .collect();
    Ok(FanAction::Reveal {
        card: pick(
            args.text("card").unwrap_or_default(),
            &mine,
            "one of your covered cards",
        )?,
    })
}

/// `/discard`.
fn on_discard(a: &Ask<'_, FanGame>) -> Result<FanAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let me = seat.map(|s| &g.players[usize::from(s)]);
    let hand: Vec<FanIdx> = me.map(|p| p.hand.clone()).unwrap_or_default();
    let mut rest = hand.clone();
    let mut cards = Vec::new();
    for text in split_list(args.text("cards").unwrap_or_default()) {
        let c = pick(&text, &rest, "in your hand")?;
        rest.remove(rest.iter().position(|r| *r == c).expect("picked from rest"));
        cards.push(c);
    }
    Ok(FanAction::Discard { cards })
}

/// `/first`.
fn on_first(a: &Ask<'_, FanGame>) -> Result<FanAction, UserError> {
    let args = a.args;
    let table = a.table;
    let who = args
        .text("player")
        .unwrap_or_default()
        .trim_start_matches('@');
    let first = table
        .seats
        .iter()
        .position(|(id, n)| id.eq_ignore_ascii_case(who) || n.eq_ignore_ascii_case(who))
        .or_else(|| {
            who.parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .filter(|n| *n < 2)
        })
        .ok_or_else(|| {
            UserError::new(format!(
                "'{who}' is not a player of this game; name {} or {}",
                table.name(0),
                table.name(1)
            ))
        })?;
    Ok(FanAction::ChooseFirst {
        first: first as Seat,
    })
}

/// `/swap`.
fn on_swap(a: &Ask<'_, FanGame>) -> Result<FanAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let me = seat.map(|s| &g.players[usize::from(s)]);
    let p = me.ok_or_else(|| UserError::new("Only the game's players can exchange cards."))?;
    let deckish: Vec<FanIdx> = p
        .deck
        .iter()
        .chain(&p.hand)
        .chain(&p.discard)
        .copied()
        .collect();
    let out = pick(
        args.text("out").unwrap_or_default(),
        &deckish,
        "in your draw deck",
    )?;
    let take = pick(
        args.text("in").unwrap_or_default(),
        &p.sideboard,
        "in your sideboard",
    )?;
    Ok(FanAction::Swap { out, take })
}
