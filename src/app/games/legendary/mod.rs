//! Legendary Encounters: The X-Files at the table: its commands, the board
//! that reads at a glance on a phone, event lines and hands by DM. Texts are
//! built from views only (hidden Shadows, Bureau and Evidence cards never
//! reach them).

pub mod cmd;
pub(crate) mod lines;

use super::driver::{GameKind, Table};
use super::host::{Ask, GameUi, Handler, split_list};
use crate::app::command::message::{Board, BoardPart, Button, Menu, UserError};
use crate::app::command::spec::{Args, OptKind, OptionSpec, opt};
use crate::engine::legendary::data::demo_set;
use crate::engine::legendary::view::{CardView, SpaceView};
use crate::engine::legendary::{
    Card, Difficulty, LeAction, LeEvent, LeGame, LeOptions, LeSetup, LeView, Phase, Place,
    SeasonMode, SeriesCarry,
};
use crate::engine::{Game, Seat};
use crate::store::DeckRow;

const EASIER: &[&str] = &["informant", "syndicate", "belief", "bureau", "rejoin"];

fn place_text(p: Place) -> String {
    match p {
        Place::Shadows(i) => format!("Shadows {}", i + 1),
        Place::Field(i) => format!("Field {}", i + 1),
        Place::Bureau(i) => format!("Bureau {}", i + 1),
    }
}

/// What the board's symbols mean, under every board.
const BOARD_KEY: &str = "[2·3⚔] Shadows space 2, scanned for 3 Attack · [2·3★] Bureau space \
     2, scanned for 3 Recruit · ▮ a face-down card · (D4) Defense 4 · /card game:legendary \
     name:<card> reads any card";

fn card_line(c: &CardView) -> String {
    let mut parts = vec![format!("**{}**", c.name)];
    if let Some(class) = c.class {
        parts.push(class.title().to_string());
    }
    if let Some(cost) = c.cost {
        parts.push(format!("cost {cost}"));
    }
    if let Some(r) = c.recruit.filter(|r| *r > 0) {
        parts.push(format!("+{r}★"));
    }
    if let Some(a) = c.attack.filter(|a| *a > 0) {
        parts.push(format!("+{a}⚔"));
    }
    if let Some(d) = c.defense {
        parts.push(format!("Defense {d}"));
    }
    if !c.keywords.is_empty() {
        parts.push(c.keywords.join(", "));
    }
    let mut line = parts.join(" · ");
    if !c.text.is_empty() {
        line.push_str(&format!(" — {}", c.text.join(" ")));
    }
    line
}

fn short(c: &CardView) -> String {
    match c.defense {
        Some(d) if c.keywords.is_empty() => format!("{} (D{d})", c.name),
        Some(d) => format!("{} (D{d}, {})", c.name, c.keywords.join(", ")),
        None => match c.cost {
            Some(cost) => format!("{} ({cost}★)", c.name),
            None => c.name.clone(),
        },
    }
}

fn space(s: &SpaceView) -> String {
    match s {
        SpaceView::Empty => "—".into(),
        SpaceView::Hidden { end_game: true } => "▮ (End Game back)".into(),
        SpaceView::Hidden { end_game: false } => "▮".into(),
        SpaceView::Card(c) => short(c),
    }
}

/// Resolves a card a player names among the cards they could mean.
fn named(g: &LeGame, text: &str, among: &[Card], what: &str) -> Result<Card, UserError> {
    let norm = crate::cards::normalize;
    // The first copy named exactly: copies of a card are told apart by order.
    if let Some(c) = among.iter().find(|c| norm(&g.name(**c)) == norm(text)) {
        return Ok(*c);
    }
    let score = |t: &str, n: &str| strsim::jaro_winkler(&norm(t), &norm(n));
    if let Some(c) = super::best_named(text, among, |c| g.name(c), score) {
        return Ok(c);
    }
    let names = super::names_of(among, |c| g.name(c));
    Err(UserError::new(format!(
        "'{text}' is not {what}. {}",
        if names.is_empty() {
            "There is none.".to_string()
        } else {
            format!("You have: {}.", names.join(", "))
        }
    )))
}

fn me(a: &Ask<'_, LeGame>) -> Result<Seat, UserError> {
    a.seat
        .ok_or_else(|| UserError::new("Only the game's players can do that."))
}

fn card_arg<'a>(a: &'a Ask<'_, LeGame>, option: &str) -> Result<&'a str, UserError> {
    a.args
        .text(option)
        .ok_or_else(|| UserError::new(format!("Name the card with {option}:<name>.")))
}

fn hand_card(a: &Ask<'_, LeGame>, what: &str) -> Result<Card, UserError> {
    let seat = me(a)?;
    named(
        a.game,
        card_arg(a, "card")?,
        &a.game.player(seat).hand,
        what,
    )
}

fn played_card(a: &Ask<'_, LeGame>, vigilant_too: bool) -> Result<Card, UserError> {
    let seat = me(a)?;
    let p = a.game.player(seat);
    let mut among: Vec<Card> = p.played.iter().map(|x| x.card).collect();
    if vigilant_too {
        among.extend(&p.vigilant);
        among.extend(&p.hand);
    }
    named(
        a.game,
        card_arg(a, "card")?,
        &among,
        "a card you have in play",
    )
}

/// "shadows 2", "s2", "bureau 3", "field 1", "end game", or a revealed card's name.
fn parse_place(g: &LeGame, text: &str) -> Result<Place, UserError> {
    let t = text.trim().to_lowercase();
    let digits: String = t.chars().filter(char::is_ascii_digit).collect();
    let n: Option<u8> = digits.parse().ok().filter(|n| *n >= 1);
    let word = t.trim_end_matches(|c: char| c.is_ascii_digit() || c == ' ');
    let at = |n: u8| n - 1;
    match (word, n) {
        ("shadows" | "shadow" | "s", Some(n)) if n <= 5 => return Ok(Place::Shadows(at(n))),
        ("bureau" | "b", Some(n)) if n <= 5 => return Ok(Place::Bureau(at(n))),
        ("field" | "f", Some(n)) => return Ok(Place::Field(at(n))),
        _ => {}
    }
    if t.replace(' ', "") == "endgame" {
        return g
            .place_of(g.end_game)
            .ok_or_else(|| UserError::new("The End Game is not on the playmat yet."));
    }
    let revealed: Vec<Card> = g
        .s_order()
        .into_iter()
        .filter(|c| g.is_revealed(*c))
        .collect();
    let card = named(g, text, &revealed, "a revealed card on the playmat").map_err(|e| {
        UserError::new(format!(
            "{} Name a space instead: shadows 1-5, bureau 1-5, field 1-{} (newest first) or end game.",
            e.message,
            g.field.len().max(1)
        ))
    })?;
    Ok(g.place_of(card).expect("on the playmat"))
}

fn on_play(a: &Ask<'_, LeGame>) -> Result<LeAction, UserError> {
    let seat = me(a)?;
    let text = card_arg(a, "card")?;
    // A card Coordinated to you is played by its owner's name or the card's.
    for (s, p) in a.game.players.iter().enumerate() {
        if let Some(c) = p.set_aside
            && s as Seat != seat
            && (crate::cards::normalize(&a.game.name(c)) == crate::cards::normalize(text)
                || a.table.name(s as Seat).eq_ignore_ascii_case(text))
        {
            return Ok(LeAction::PlayCoordinated { from: s as Seat });
        }
    }
    Ok(LeAction::Play {
        card: hand_card(a, "in your hand")?,
    })
}

fn on_activate(a: &Ask<'_, LeGame>) -> Result<LeAction, UserError> {
    Ok(LeAction::Activate {
        card: played_card(a, false)?,
    })
}

fn on_sacrifice(a: &Ask<'_, LeGame>) -> Result<LeAction, UserError> {
    Ok(LeAction::Sacrifice {
        card: played_card(a, true)?,
    })
}

fn on_vigilant(a: &Ask<'_, LeGame>) -> Result<LeAction, UserError> {
    Ok(LeAction::Vigilant {
        card: played_card(a, true)?,
    })
}

fn on_coordinate(a: &Ask<'_, LeGame>) -> Result<LeAction, UserError> {
    let card = hand_card(a, "in your hand")?;
    if me(a)? == a.game.current {
        return Ok(LeAction::SoloCoordinate { card });
    }
    Ok(LeAction::Coordinate { card })
}

fn on_scan(a: &Ask<'_, LeGame>) -> Result<LeAction, UserError> {
    let text = a.args.text("space").ok_or_else(|| {
        UserError::new("Name the space: /scan space:\"shadows 2\" or space:\"bureau 1\".")
    })?;
    Ok(LeAction::Scan {
        place: parse_place(a.game, text)?,
    })
}

fn on_recruit(a: &Ask<'_, LeGame>) -> Result<LeAction, UserError> {
    if let Some(name) = a.args.text("card") {
        let offers = a.game.susanne_offers();
        let what = "a Lone Gunmen card you may recruit from outside the game (only while Susanne Modeski is revealed in the Shadows)";
        return Ok(LeAction::RecruitOutside {
            card: named(a.game, name, &offers, what)?,
        });
    }
    let text = a.args.text("space").unwrap_or("agent");
    let t = text.to_lowercase();
    if t.contains("agent") || t.contains("special") {
        return Ok(LeAction::RecruitSpecialAgent);
    }
    match parse_place(a.game, text)? {
        Place::Bureau(i) => Ok(LeAction::Recruit { space: i }),
        Place::Shadows(_) | Place::Field(_) => Err(UserError::new(
            "You recruit from the Bureau (space:\"bureau 2\") or a Special Agent (space:agent).",
        )),
    }
}

fn on_fight(a: &Ask<'_, LeGame>) -> Result<LeAction, UserError> {
    let text = a.args.text("target").ok_or_else(|| {
        UserError::new("Name what you fight: /fight target:\"field 1\" or its name.")
    })?;
    Ok(LeAction::Fight {
        place: parse_place(a.game, text)?,
    })
}

fn lead(a: &Ask<'_, LeGame>) -> Result<Card, UserError> {
    let g = a.game;
    let leads: Vec<Card> = g
        .s_order()
        .into_iter()
        .filter(|c| g.def(*c).kind == crate::engine::legendary::Kind::Lead && g.is_revealed(*c))
        .collect();
    match a.args.text("lead") {
        Some(t) => named(g, t, &leads, "a revealed Lead"),
        None if leads.len() == 1 => Ok(leads[0]),
        None => Err(UserError::new(if leads.is_empty() {
            "No Lead is revealed; scan the Shadows to find one."
        } else {
            "Several Leads are revealed: name one with lead:<name>."
        })),
    }
}

fn on_discover(a: &Ask<'_, LeGame>) -> Result<LeAction, UserError> {
    Ok(LeAction::Discover { lead: lead(a)? })
}

fn on_collect(a: &Ask<'_, LeGame>) -> Result<LeAction, UserError> {
    Ok(LeAction::Collect { lead: lead(a)? })
}

fn on_choose(a: &Ask<'_, LeGame>) -> Result<LeAction, UserError> {
    let c = a
        .game
        .choice
        .as_ref()
        .ok_or_else(|| UserError::new("Nothing is waiting for a choice."))?;
    let text = a.args.text("options").unwrap_or_default();
    // Players read the labels with seats named ("bob (John Doggett)").
    let labels: Vec<String> = c.options.iter().map(|o| a.table.named(&o.label)).collect();
    let mut picks = Vec::new();
    for word in split_list(text) {
        let i = match word.parse::<usize>() {
            Ok(n) if n >= 1 && n <= c.options.len() => n - 1,
            _ => labels
                .iter()
                .position(|l| l.eq_ignore_ascii_case(&word))
                .or_else(|| {
                    labels
                        .iter()
                        .position(|l| l.to_lowercase().contains(&word.to_lowercase()))
                })
                .ok_or_else(|| {
                    let labels: Vec<String> = labels
                        .iter()
                        .enumerate()
                        .map(|(i, l)| format!("{}. {l}", i + 1))
                        .collect();
                    UserError::new(format!(
                        "'{word}' is not an option of \"{}\". Options: {}.",
                        c.prompt,
                        labels.join("; ")
                    ))
                })?,
        };
        picks.push(i as u16);
    }
    Ok(LeAction::Choose { picks })
}

/// `/show`: a player shares their hand with the table, built from their
/// own view; refused while Mulder's "Trust No One" is in force.
fn on_show(a: &Ask<'_, LeGame>) -> Result<String, UserError> {
    let seat = me(a)?;
    if a.game.turn.silence {
        return Err(UserError::new(
            "\"Trust No One\" is in force this turn: no showing hands (rulebook, Mulder's Doubt). Game actions are still allowed.",
        ));
    }
    let view = a.game.view(crate::engine::Viewer::Seat(seat));
    let hand: Vec<String> = view.players[usize::from(seat)]
        .hand
        .iter()
        .flatten()
        .map(|c| c.name.clone())
        .collect();
    Ok(format!(
        "{} shows their hand: {}.",
        a.table.name(seat),
        if hand.is_empty() {
            "nothing".to_string()
        } else {
            hand.join(", ")
        }
    ))
}

fn on_end(_a: &Ask<'_, LeGame>) -> Result<LeAction, UserError> {
    Ok(LeAction::EndTurn)
}

fn on_resign(_a: &Ask<'_, LeGame>) -> Result<LeAction, UserError> {
    Ok(LeAction::Resign)
}

fn parse_easier(text: &str) -> Result<Difficulty, UserError> {
    let mut d = Difficulty::default();
    for w in split_list(&text.replace(',', ";")) {
        match w.to_lowercase().as_str() {
            "informant" => d.extra_informant = true,
            "syndicate" => d.fewer_syndicate = 2,
            "belief" => d.starting_belief = true,
            "bureau" => d.revealed_bureau = true,
            "rejoin" => d.rejoin = true,
            other => {
                return Err(UserError::new(format!(
                    "'{other}' is not a way to make the game easier; use any of {} separated by ';'.",
                    EASIER.join(", ")
                )));
            }
        }
    }
    Ok(d)
}

impl GameUi for LeGame {
    const KIND: GameKind = GameKind::Legendary;
    const HANDLERS: &'static [(&'static str, Handler<Self>)] = &[
        ("hand", Handler::Hand),
        ("board", Handler::Board),
        ("play", Handler::Act(on_play)),
        ("activate", Handler::Act(on_activate)),
        ("sacrifice", Handler::Act(on_sacrifice)),
        ("vigilant", Handler::Act(on_vigilant)),
        ("coordinate", Handler::Act(on_coordinate)),
        ("scan", Handler::Act(on_scan)),
        ("recruit", Handler::Act(on_recruit)),
        ("fight", Handler::Act(on_fight)),
        ("discover", Handler::Act(on_discover)),
        ("collect", Handler::Act(on_collect)),
        ("choose", Handler::Act(on_choose)),
        ("end", Handler::Act(on_end)),
        ("show", Handler::Public(on_show)),
        ("resign", Handler::Act(on_resign)),
    ];

    fn new_game_options(_: GameKind) -> Vec<OptionSpec> {
        vec![
            opt(
                "avatar",
                OptKind::Text,
                "Legendary: your Avatar (Mulder, Scully, Skinner, Doggett, Reyes)",
            ),
            opt(
                "mode",
                OptKind::Choice(&["standard", "random", "every"]),
                "Legendary: how the Seasons are chosen (default standard)",
            ),
            opt(
                "seasons",
                OptKind::Choice(&["1-3", "4-6", "7-9"]),
                "Legendary, standard mode: which three Seasons (default 1-3)",
            ),
            opt(
                "academy",
                OptKind::Text,
                "Legendary: four Academy characters separated by ';' (default the first game's)",
            ),
            opt(
                "easier",
                OptKind::Text,
                "Legendary: informant; syndicate; belief; bureau; rejoin (the rulebook's easier options)",
            ),
            opt(
                "series",
                OptKind::Bool,
                "Legendary: the first game of a three-game Series",
            ),
            opt(
                "continue",
                OptKind::Int {
                    min: 1,
                    max: i64::MAX,
                },
                "Legendary: the Series' next game, after this finished game (its id)",
            ),
        ]
    }

    fn build_options(_: GameKind, args: &Args) -> Result<LeOptions, UserError> {
        let mut o = LeOptions {
            mode: match args.text("mode") {
                Some("random") => SeasonMode::Random,
                Some("every") => SeasonMode::Every,
                _ => SeasonMode::Standard,
            },
            ..LeOptions::default()
        };
        o.first_season = match args.text("seasons") {
            Some("4-6") => Some(4),
            Some("7-9") => Some(7),
            _ => None,
        };
        if let Some(text) = args.text("academy") {
            o.academy = split_list(text);
            if o.academy.len() != 4 {
                return Err(UserError::new(format!(
                    "The Academy is four characters; you named {}. E.g. academy:\"Burks; Follmer; Pendrell; Lone Gunmen\".",
                    o.academy.len()
                )));
            }
        }
        if let Some(text) = args.text("easier") {
            o.difficulty = parse_easier(text)?;
        }
        if args.flag("series") == Some(true) {
            o.series = Some(SeriesCarry {
                game: 1,
                ..SeriesCarry::default()
            });
        }
        // Refuse now what the set-up would refuse at the start (on the demo set).
        LeGame::new(o.clone(), vec![LeSetup::default()], 0)
            .map_err(|r| UserError::new(format!("{}. Nothing was created.", r.reason)))?;
        Ok(o)
    }

    fn describe_options(o: &LeOptions) -> String {
        let seasons = match o.mode {
            SeasonMode::Standard => {
                let f = o.first_season.unwrap_or(1);
                format!("Seasons {}-{}", f, f + 2)
            }
            SeasonMode::Random => "one random A, B and C Season".into(),
            SeasonMode::Every => "every Season pooled".into(),
        };
        let academy = if o.academy.is_empty() {
            "the first game's Academy".to_string()
        } else {
            format!("Academy: {}", o.academy.join(", "))
        };
        let series = if o.series.is_some() {
            " Game 1 of a Series."
        } else {
            ""
        };
        let cards = match &o.cards {
            Some(set) if !set.demo => format!("Cards: {}.", set.name),
            _ => {
                "Demo card data (invented cards; a server manager can /legendary import your box)."
                    .into()
            }
        };
        format!("Co-operative, 1-5 players. {seasons}; {academy}.{series} {cards}")
    }

    fn setup(_options: &LeOptions, _deck: &DeckRow) -> Result<LeSetup, UserError> {
        Err(UserError::new(
            "Legendary uses no decks: choose your Avatar with /game join avatar:<name>.",
        ))
    }

    fn seat_pick(_options: &LeOptions, args: &Args) -> Result<Option<LeSetup>, UserError> {
        let Some(name) = args.text("avatar") else {
            return Ok(None);
        };
        let set = demo_set();
        match set.avatar(name) {
            Some(a) => Ok(Some(LeSetup {
                avatar: Some(a.name.clone()),
            })),
            None => {
                let names: Vec<String> = set
                    .of_kind(crate::engine::legendary::Kind::Avatar)
                    .map(|a| a.name.clone())
                    .collect();
                Err(UserError::new(format!(
                    "'{name}' is not an Avatar; choose one of {}.",
                    names.join(", ")
                )))
            }
        }
    }

    fn event_line(v: &LeView, event: &LeEvent, t: &Table) -> Option<String> {
        lines::line(v, event, t)
    }

    fn board(v: &LeView, t: &Table) -> Board {
        let mut parts = vec![BoardPart::named("Playmat", &playmat(v))];
        let players: String = v.players.iter().map(|p| player_line(p, t)).collect();
        parts.push(BoardPart::named("Players", &players));
        let mut turn = String::new();
        if v.phase == Phase::Action {
            turn.push_str(&format!("Points: {}⚔ · {}★", v.attack, v.recruit));
            if v.avoid > 0 {
                turn.push_str(&format!(" · may avoid {} Strike(s)", v.avoid));
            }
            turn.push('\n');
        }
        if v.silence {
            turn.push_str("\"Trust No One\": no strategy talk and no shown hands this turn.\n");
        }
        parts.push(BoardPart::named("This turn", &turn));
        parts.push(BoardPart::named("Key", BOARD_KEY));
        Board {
            title: format!(
                "**Game #{} — Legendary Encounters: The X-Files** · turn {}{}",
                t.game_id,
                v.turn,
                if v.demo { " · *demo card data*" } else { "" }
            ),
            parts,
            footer: Self::next_line(v, t),
        }
    }

    fn status_for(v: &LeView, legal: &[LeAction], t: &Table) -> String {
        let seat = v.viewer.seat().unwrap_or_default();
        let p = &v.players[usize::from(seat)];
        let mut lines: Vec<(String, usize)> = Vec::new();
        for line in p.hand.iter().flatten().map(card_line) {
            match lines.iter_mut().find(|(l, _)| *l == line) {
                Some((_, n)) => *n += 1,
                None => lines.push((line, 1)),
            }
        }
        let hand: Vec<String> = lines
            .into_iter()
            .map(|(l, n)| if n > 1 { format!("{n}× {l}") } else { l })
            .collect();
        let mut out = if hand.is_empty() {
            "Your hand is empty.".to_string()
        } else {
            format!("Your hand ({}):\n• {}", p.hand_count, hand.join("\n• "))
        };
        out.push_str(&format!(
            "\n{}: Belief — {} · Doubt — {}",
            p.avatar, p.belief, p.doubt
        ));
        if let Some((s, prompt, options)) = &v.choice
            && *s == seat
        {
            let opts: Vec<String> = options
                .iter()
                .enumerate()
                .map(|(i, o)| format!("{}. {o}", i + 1))
                .collect();
            out.push_str(&format!(
                "\nChoose: {prompt} — {} (/choose options:<name or number>)",
                opts.join("; ")
            ));
        }
        let allowed: Vec<String> = legal
            .iter()
            .filter(|a| !Self::resigns(a))
            .map(|a| command_hint(v, a, t))
            .collect();
        if !allowed.is_empty() {
            let (shown, _) = super::host::you_may(&allowed, usize::MAX, "; ");
            out.push_str(&format!("\nYou may: {shown}."));
        }
        out.push_str(&format!("\n{}", Self::next_line(v, t)));
        out
    }

    /// A choice mid-turn goes to its chooser with its options, even when
    /// the chooser was already the one to act.
    fn asks_to_choose(event: &LeEvent) -> Option<Seat> {
        match event {
            LeEvent::Choosing { seat, .. } => Some(*seat),
            _ => None,
        }
    }

    fn next_line(v: &LeView, t: &Table) -> String {
        if let Some(o) = &v.outcome {
            return format!("Game over: {}.", t.named(&o.summary));
        }
        if let Some((s, prompt, _)) = &v.choice {
            return format!(
                "Next: {} chooses — {} (/choose).",
                t.name(*s),
                t.named(prompt)
            );
        }
        format!(
            "Next: {} ({}) plays cards, scans, recruits and fights, then /end. Others may /coordinate.",
            t.name(v.current),
            v.players[usize::from(v.current)].avatar
        )
    }

    fn describe(v: &LeView, action: &LeAction, t: &Table) -> String {
        let name = |c: Card| card_name(v, c);
        match action {
            LeAction::Play { card } => format!("play {}", name(*card)),
            LeAction::PlayCoordinated { from } => {
                format!("play the card {} Coordinated to you", t.name(*from))
            }
            LeAction::Activate { card } => format!("activate {}", name(*card)),
            LeAction::Sacrifice { card } => format!("sacrifice {}", name(*card)),
            LeAction::Vigilant { card } => format!("discard Vigilant {}", name(*card)),
            LeAction::Scan { place } => format!("scan {}", place_text(*place)),
            LeAction::Recruit { space } => format!("recruit from Bureau {}", space + 1),
            LeAction::RecruitSpecialAgent => "recruit a Special Agent".into(),
            LeAction::RecruitOutside { card } => {
                format!("recruit {} from outside the game", name(*card))
            }
            LeAction::Fight { place } => format!("fight {}", place_text(*place)),
            LeAction::Discover { lead } => format!("Discover Evidence with {}", name(*lead)),
            LeAction::Collect { lead } => format!("Collect Evidence with {}", name(*lead)),
            LeAction::Coordinate { card } => format!("Coordinate {}", name(*card)),
            LeAction::SoloCoordinate { card } => {
                format!("discard {} (Coordinate) to draw", name(*card))
            }
            LeAction::EndTurn => "end your turn (/end)".into(),
            LeAction::Choose { picks } => match chosen_labels(v, picks) {
                Some(labels) => format!("choose {}", labels.join("; ")),
                None => format!(
                    "choose {}",
                    picks
                        .iter()
                        .map(|p| (p + 1).to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
            LeAction::Resign => "give up the game for the team".into(),
        }
    }

    fn summary(v: &LeView, events: &[LeEvent], t: &Table) -> String {
        let turns = events
            .iter()
            .filter(|e| matches!(e, LeEvent::TurnBegins { .. }))
            .count();
        let defeated = events
            .iter()
            .filter(|e| matches!(e, LeEvent::Fought { .. }))
            .count();
        let evidence: Vec<String> = v
            .evidence
            .iter()
            .map(|e| {
                format!(
                    "P{} {} ({:?})",
                    e.priority,
                    e.card.as_ref().map_or("?", |c| c.name.as_str()),
                    e.state
                )
            })
            .collect();
        let mut out = format!(
            "**Game #{} is over** — {}\n{turns} turns · {defeated} fights · Evidence: {}",
            t.game_id,
            v.outcome
                .as_ref()
                .map_or(String::new(), |o| t.named(&o.summary)),
            evidence.join(", ")
        );
        if let Some(eg) = &v.end_game {
            out.push_str(&format!("\nThe End Game was {}.", eg.name));
        }
        let points = v
            .outcome
            .as_ref()
            .and_then(|o| o.team.as_ref())
            .and_then(|t| t.series_points);
        if let (Some(points), Some((game, before))) = (points, v.series) {
            let total = before + points;
            out.push_str(&format!(
                "\nSeries game {game} of 3: {points} points, {total} in all."
            ));
            if game >= 3 {
                out.push_str(&format!(
                    " The Series is over: **{}**.",
                    crate::engine::legendary::series::title(total)
                ));
            } else {
                out.push_str(&format!(
                    " Next: /game new game:legendary continue:{}.",
                    t.game_id
                ));
            }
        }
        out
    }

    fn menus(v: &LeView, legal: &[LeAction], t: &Table) -> Vec<Menu> {
        let Some((seat, prompt, options)) = &v.choice else {
            return Vec::new();
        };
        if v.viewer != crate::engine::Viewer::Seat(*seat)
            || is_yes_no(v)
            || !legal.iter().any(|a| matches!(a, LeAction::Choose { .. }))
        {
            // A yes-or-no choice has its buttons.
            return Vec::new();
        }
        let mut menu = Menu::one(
            prompt.clone(),
            format!("/choose game:{} options:\"{{}}\"", t.game_id),
        );
        (menu.min, menu.max) = v.choice_picks;
        for (i, o) in options.iter().enumerate() {
            menu = menu.option(t.named(o), (i + 1).to_string());
        }
        vec![menu]
    }

    fn buttons(v: &LeView, legal: &[LeAction], game: i64) -> Vec<Button> {
        let mut out = Vec::new();
        // Yes and No answer a yes-or-no choice; any other has its menu.
        if legal.iter().any(|a| matches!(a, LeAction::Choose { .. })) && is_yes_no(v) {
            for (label, o) in [("Yes", "yes"), ("No", "no")] {
                out.push(Button {
                    label: label.into(),
                    command: format!("/choose options:{o} game:{game}"),
                });
            }
        }
        if legal.contains(&LeAction::RecruitSpecialAgent) {
            out.push(Button {
                label: "Recruit a Special Agent".into(),
                command: format!("/recruit space:agent game:{game}"),
            });
        }
        if legal.contains(&LeAction::EndTurn) {
            out.push(Button {
                label: "End turn".into(),
                command: format!("/end game:{game}"),
            });
            out.push(Button {
                label: "Rules".into(),
                command: "/rules game:legendary private:true".into(),
            });
        }
        out
    }

    fn choices(
        v: &LeView,
        _legal: &[LeAction],
        command: &str,
        option: &str,
    ) -> Option<Vec<String>> {
        let seat = v.viewer.seat()?;
        let p = &v.players[usize::from(seat)];
        let names = |cards: &[CardView]| cards.iter().map(|c| c.name.clone()).collect::<Vec<_>>();
        match (command, option) {
            ("play" | "coordinate", "card") => Some(names(p.hand.as_deref().unwrap_or_default())),
            ("activate", "card") => Some(names(&p.played)),
            ("choose", "options") => v
                .choice
                .as_ref()
                .filter(|(chooser, _, _)| *chooser == seat)
                .map(|(_, _, options)| options.clone()),
            ("sacrifice" | "vigilant", "card") => {
                let mut all = names(&p.played);
                all.extend(names(&p.vigilant));
                all.extend(names(p.hand.as_deref().unwrap_or_default()));
                Some(all)
            }
            _ => None,
        }
    }
}

/// A legal action as the command that makes it, for "You may".
fn command_hint(v: &LeView, action: &LeAction, t: &Table) -> String {
    let card = |c: &Card| format!("card:\"{}\"", card_name(v, *c));
    let lead = |c: &Card| format!("lead:\"{}\"", card_name(v, *c));
    let place = |p: &Place| format!("\"{}\"", place_text(*p).to_lowercase());
    match action {
        LeAction::Play { card: c } => format!("/play {}", card(c)),
        LeAction::PlayCoordinated { from } => format!("/play card:\"{}\"", t.name(*from)),
        LeAction::Activate { card: c } => format!("/activate {}", card(c)),
        LeAction::Sacrifice { card: c } => format!("/sacrifice {}", card(c)),
        LeAction::Vigilant { card: c } => format!("/vigilant {}", card(c)),
        LeAction::Scan { place: p } => format!("/scan space:{}", place(p)),
        LeAction::Recruit { space } => format!("/recruit space:\"bureau {}\"", space + 1),
        LeAction::RecruitSpecialAgent => "/recruit space:agent".into(),
        LeAction::RecruitOutside { card: c } => format!("/recruit {}", card(c)),
        LeAction::Fight { place: p } => format!("/fight target:{}", place(p)),
        LeAction::Discover { lead: c } => format!("/discover {}", lead(c)),
        LeAction::Collect { lead: c } => format!("/collect {}", lead(c)),
        LeAction::Coordinate { card: c } | LeAction::SoloCoordinate { card: c } => {
            format!("/coordinate {}", card(c))
        }
        LeAction::EndTurn => "/end".into(),
        // One option by its name; several by their numbers ("1; 3").
        LeAction::Choose { picks } => match chosen_labels(v, picks).as_deref() {
            Some([label]) => format!("/choose options:\"{label}\""),
            _ => "/choose options:<numbers>".into(),
        },
        LeAction::Resign => "/resign".into(),
    }
}

/// Whether the pending choice is a yes-or-no question (its buttons answer it).
fn is_yes_no(v: &LeView) -> bool {
    v.choice.as_ref().is_some_and(|(_, _, options)| {
        options.len() == 2
            && options[0].eq_ignore_ascii_case("yes")
            && options[1].eq_ignore_ascii_case("no")
    })
}

/// The labels of the options `picks` names in the pending choice, when it
/// has them all.
fn chosen_labels<'a>(v: &'a LeView, picks: &[u16]) -> Option<Vec<&'a str>> {
    let (_, _, options) = v.choice.as_ref()?;
    let labels: Option<Vec<&str>> = picks
        .iter()
        .map(|p| options.get(usize::from(*p)).map(String::as_str))
        .collect();
    labels.filter(|l| !l.is_empty())
}

/// A card's name from what the viewer can see (hand, play, board).
fn card_name(v: &LeView, card: Card) -> String {
    let mut seen = v.field.iter();
    let board = v.shadows.iter().chain(&v.bureau).filter_map(|s| match s {
        SpaceView::Card(c) => Some(c),
        _ => None,
    });
    if let Some(c) = seen.find(|c| c.id == card) {
        return c.name.clone();
    }
    if let Some(c) = board.into_iter().find(|c| c.id == card) {
        return c.name.clone();
    }
    v.players
        .iter()
        .flat_map(|p| {
            p.hand
                .iter()
                .flatten()
                .chain(&p.played)
                .chain(&p.vigilant)
                .chain(p.set_aside.iter())
        })
        .find(|c| c.id == card)
        .map_or_else(|| "a card".to_string(), |c| c.name.clone())
}

/// The playmat: Evidence, Shadows, Field, Bureau, the End Game and the decks.
fn playmat(v: &LeView) -> String {
    let evidence: Vec<String> = v
        .evidence
        .iter()
        .map(|e| match &e.card {
            Some(c) => format!("P{} {:?}: {}", e.priority, e.state, c.name),
            None => format!("P{} hidden", e.priority),
        })
        .collect();
    let spaces = |row: &[SpaceView], cost: &[u8], unit: &str| -> String {
        row.iter()
            .enumerate()
            .map(|(i, s)| format!("[{}·{}{unit}] {}", i + 1, cost[i], space(s)))
            .collect::<Vec<_>>()
            .join(" · ")
    };
    let field: Vec<String> = v
        .field
        .iter()
        .enumerate()
        .map(|(i, c)| format!("[{}] {}", i + 1, short(c)))
        .collect();
    let powers: Vec<String> = v
        .bureau_powers
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{}. {p}", i + 1))
        .collect();
    let mut out = format!(
        "Evidence: {}\nShadows: {}\nField: {}\nBureau: {}\nBureau powers: {}\n",
        evidence.join(" · "),
        spaces(&v.shadows, &v.shadows_scan, "⚔"),
        if field.is_empty() {
            "empty".to_string()
        } else {
            field.join(" · ")
        },
        spaces(&v.bureau, &v.bureau_scan, "★"),
        powers.join(" ")
    );
    if let Some(eg) = &v.end_game {
        out.push_str(&format!(
            "End Game: {} — {} damage of {} Health\n",
            short(eg),
            v.end_game_damage,
            v.end_game_health.unwrap_or(0)
        ));
    }
    if let Some((clone, damage, health)) = &v.clone {
        out.push_str(&format!(
            "Clone: {} — {damage} damage of {health} Health\n",
            short(clone)
        ));
    }
    out.push_str(&format!(
        "Conspiracy {} · Academy {} · Special Agents {} · Strikes {} ({} discarded) · Beliefs {} · Doubts {}\n",
        v.conspiracy_left, v.academy_left, v.special_agents_left, v.strikes_left, v.strikes_discarded, v.beliefs_left, v.doubts_left
    ));
    out
}

fn player_line(p: &crate::engine::legendary::view::PlayerView, t: &Table) -> String {
    if p.defeated {
        return format!("{} — {}: defeated\n", t.name(p.seat), p.avatar);
    }
    let mut wounds = p.strikes.join(", ");
    if p.scars > 0 {
        wounds.push_str(&format!(
            "{}{} Scar(s)",
            if wounds.is_empty() { "" } else { "; " },
            p.scars
        ));
    }
    let names = |cards: &[crate::engine::legendary::view::CardView]| {
        cards
            .iter()
            .map(|c| c.name.clone())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut extra = String::new();
    if !p.vigilant.is_empty() {
        extra.push_str(&format!(" · Vigilant: {}", names(&p.vigilant)));
    }
    if p.symptoms > 0 {
        extra.push_str(&format!(" · Symptoms {}/3", p.symptoms));
    }
    if !p.cliffhangers.is_empty() {
        extra.push_str(&format!(" · Cliffhanger: {}", names(&p.cliffhangers)));
    }
    format!(
        "{} — {}: {}/{} damage{} · hand {} · deck {} · discard {}{extra}\n",
        t.name(p.seat),
        p.avatar,
        p.damage,
        p.health,
        if wounds.is_empty() {
            String::new()
        } else {
            format!(" ({wounds})")
        },
        p.hand_count,
        p.deck_count,
        p.discard_count,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Table {
        Table {
            game_id: 1,
            channel: "c".into(),
            seats: vec![("a".into(), "alice".into()), ("b".into(), "bob".into())],
        }
    }

    #[test]
    fn show_posts_your_hand_and_is_refused_under_trust_no_one() {
        let (mut g, _) = LeGame::new(LeOptions::default(), vec![LeSetup::default(); 2], 1).unwrap();
        let (t, args) = (table(), Args::default());
        let text = on_show(&Ask {
            game: &g,
            seat: Some(1),
            args: &args,
            table: &t,
        })
        .unwrap();
        let first = g.name(g.players[1].hand[0]);
        assert!(
            text.starts_with("bob shows their hand: ") && text.contains(&first),
            "{text}"
        );
        g.turn.silence = true;
        let refused = on_show(&Ask {
            game: &g,
            seat: Some(1),
            args: &args,
            table: &t,
        })
        .unwrap_err();
        assert!(
            refused.message.contains("Trust No One"),
            "{}",
            refused.message
        );
    }
}
