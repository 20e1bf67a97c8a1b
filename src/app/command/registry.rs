//! Every command the bot understands: the generic ones and each game's own.
//!
//! The registry holds specs only: `games::registry` hands it each hosted
//! game's `/game new` options and commands ([`GameCommands`]), so this
//! module needs nothing above `command`.

use super::message::{Invocation, UserError};
use std::sync::LazyLock;

use super::spec::{CommandSpec, OptKind, OptionSpec, choices_of, closest, opt, req};
use crate::cards::{CardSet, CardType};

/// The hosted games and the full command list.
const RULES_GAMES: &[&str] = &["xfiles-ccg", "legendary", "fan-ccg"];
/// The games a league can play.
const LEAGUE_GAMES: &[&str] = &["xfiles-ccg", "fan-ccg", "legendary"];

/// A `/league` subcommand whose only option names the league.
fn league_spec(sub: &'static str, about: &'static str, example: &'static str) -> CommandSpec {
    CommandSpec {
        name: "league",
        sub: Some(sub),
        about,
        options: vec![opt(
            "league",
            OptKind::Text,
            "which league (if the server has several)",
        )],
        example,
    }
}

pub struct Registry {
    commands: Vec<CommandSpec>,
}

/// What one hosted game adds to the registry (`games::registry` lists them).
pub struct GameCommands {
    /// Its options of `/game new`.
    pub options: Vec<OptionSpec>,
    /// Its own commands.
    pub commands: Vec<CommandSpec>,
}

/// A league's limited formats.
pub const FORMATS: &[&str] = &["constructed", "sealed", "sealed-safe", "draft"];

/// `/card set:`: every set's slug.
static SET_CHOICES: LazyLock<&'static [&'static str]> =
    LazyLock::new(|| choices_of(CardSet::ALL.iter().map(|s| s.slug())));
/// `/card type:`: every card type of the game.
static TYPE_CHOICES: LazyLock<&'static [&'static str]> = LazyLock::new(|| {
    choices_of(
        CardType::ALL
            .iter()
            .filter(|t| t.is_playable())
            .map(|t| t.as_str()),
    )
});

impl Registry {
    /// Every command: the generic ones, `/game new` offering the games
    /// named by `slugs`, and each hosted game's own.
    pub fn new(slugs: &'static [&'static str], games: Vec<GameCommands>) -> Registry {
        let mut commands = generic_commands(slugs, &games);
        for g in games {
            for c in g.commands {
                if let Some(existing) = commands.iter().find(|e| e.name == c.name && e.sub == c.sub)
                {
                    assert_eq!(
                        existing.options,
                        c.options,
                        "{} is defined twice with different options",
                        c.label()
                    );
                } else {
                    commands.push(c);
                }
            }
        }
        Registry { commands }
    }

    pub fn commands(&self) -> &[CommandSpec] {
        &self.commands
    }

    /// Names of the game commands (those not handled by the generic layer).
    pub fn is_game_command(&self, name: &str) -> bool {
        !["help", "card", "deck", "game", "rules", "league", "pick"].contains(&name)
            && self.commands.iter().any(|c| c.name == name)
    }

    /// The spec for an invocation, or an error naming the closest command.
    pub fn find(&self, inv: &Invocation) -> Result<&CommandSpec, UserError> {
        let same_name: Vec<&CommandSpec> = self
            .commands
            .iter()
            .filter(|c| c.name == inv.name)
            .collect();
        if same_name.is_empty() {
            let mut names: Vec<&str> = self.commands.iter().map(|c| c.name).collect();
            names.dedup();
            let hint = closest(&inv.name, names.iter().copied())
                .map(|n| format!(" Did you mean /{n}?"))
                .unwrap_or_default();
            return Err(UserError::new(format!(
                "Unknown command /{}.{hint} Type /help for the list of commands.",
                inv.name
            )));
        }
        let subs: Vec<&str> = same_name.iter().filter_map(|c| c.sub).collect();
        if subs.is_empty() {
            if let Some(sub) = &inv.sub {
                return Err(UserError::new(format!(
                    "/{} has no subcommand '{sub}'; write options as name:value (see /help command:{})",
                    inv.name, inv.name
                )));
            }
            return Ok(same_name[0]);
        }
        match &inv.sub {
            Some(sub) => same_name
                .iter()
                .copied()
                .find(|c| c.sub == Some(sub.as_str()))
                .ok_or_else(|| {
                    let hint = closest(sub, subs.iter().copied())
                        .map(|s| format!(" Did you mean /{} {s}?", inv.name))
                        .unwrap_or_default();
                    UserError::new(format!(
                        "/{} has no subcommand '{sub}'.{hint} Its subcommands are: {}.",
                        inv.name,
                        subs.join(", ")
                    ))
                }),
            None => Err(UserError::new(format!(
                "/{} needs a subcommand: {}. For example /{} {}.",
                inv.name,
                subs.join(", "),
                inv.name,
                subs[0]
            ))),
        }
    }
}

/// `opponent:` and `player:` values: an AI at a level ("ai" is normal).
/// The level is in the value, not an option of its own, because `/game
/// new` already holds 24 of the 25 options Discord allows a command.
pub const AI_CHOICES: &[&str] = &["ai", "ai-easy", "ai-normal", "ai-hard"];

/// `/game new`'s options for playing against an AI.
fn ai_options() -> Vec<OptionSpec> {
    vec![opt(
        "opponent",
        OptKind::Choice(AI_CHOICES),
        "play the bot's AI (X-Files CCG, Basic Game, fan CCG): ai, ai-easy or ai-hard",
    )]
}

fn generic_commands(slugs: &'static [&'static str], games: &[GameCommands]) -> Vec<CommandSpec> {
    let game_opt = opt(
        "game",
        OptKind::Game,
        "the game's id, when the channel has several",
    );
    let mut new_options = vec![
        req("game", OptKind::Choice(slugs), "which game to play"),
        opt("deck", OptKind::Deck, "your saved deck to play with"),
    ];
    new_options.push(opt(
        "remind",
        OptKind::Text,
        "remind whoever must move after this long, e.g. 12h or 2d",
    ));
    new_options.push(opt(
        "deadline",
        OptKind::Text,
        "agreed time a move, e.g. 2d; after it the game passes for you",
    ));
    new_options.extend(ai_options());
    new_options.push(opt(
        "pause",
        OptKind::Text,
        "AI opponents wait this long before they move, e.g. 20s (default: at once)",
    ));
    for g in games {
        for o in &g.options {
            if !new_options.iter().any(|e| e.name == o.name) {
                new_options.push(*o);
            }
        }
    }
    vec![
        CommandSpec {
            name: "help",
            sub: None,
            about: "List the commands, or explain one",
            options: vec![opt(
                "command",
                OptKind::Text,
                "a command name, e.g. deck or game new",
            )],
            example: "/help command:deck",
        },
        CommandSpec {
            name: "card",
            sub: None,
            about: "Look up a card by name (typos welcome) or id: the X-Files CCG's, or the fan CCG's with game:fan-ccg",
            options: vec![
                req("name", OptKind::Card, "the card's name or id"),
                opt(
                    "set",
                    OptKind::Choice(*SET_CHOICES),
                    "only cards of this set",
                ),
                opt(
                    "type",
                    OptKind::Choice(*TYPE_CHOICES),
                    "only cards of this type",
                ),
                opt(
                    "game",
                    OptKind::Choice(RULES_GAMES),
                    "which game's cards (default xfiles-ccg)",
                ),
                opt("private", OptKind::Bool, "answer only to you"),
            ],
            example: "/card name:\"sheila braun\"",
        },
        CommandSpec {
            name: "rules",
            sub: None,
            about: "Look up a rule, a Keyword or an Activator (typos, abbreviations and French welcome)",
            options: vec![
                opt(
                    "query",
                    OptKind::Text,
                    "your question or a few words; none lists the topics",
                ),
                opt(
                    "game",
                    OptKind::Choice(RULES_GAMES),
                    "which game's rules rank first",
                ),
                opt("private", OptKind::Bool, "answer only to you"),
            ],
            example: "/rules query:\"bluff cost\"",
        },
        CommandSpec {
            name: "deck",
            sub: Some("import"),
            about: "Save a deck from a deck builder JSON file or a text list",
            options: vec![
                opt(
                    "name",
                    OptKind::Text,
                    "a name for the deck (default: the file's name)",
                ),
                opt("file", OptKind::File, "a deck builder .json or a .txt list"),
                opt(
                    "text",
                    OptKind::Text,
                    "the list itself, lines separated by ';' or new lines",
                ),
                opt(
                    "game",
                    OptKind::Choice(&["xfiles-ccg", "fan-ccg"]),
                    "which game the deck is for (default xfiles-ccg)",
                ),
                opt(
                    "replace",
                    OptKind::Bool,
                    "replace your deck of the same name",
                ),
            ],
            example: "/deck import name:Mulder file:mulder.json",
        },
        CommandSpec {
            name: "deck",
            sub: Some("list"),
            about: "List your saved decks",
            options: vec![opt(
                "game",
                OptKind::Choice(&["xfiles-ccg", "fan-ccg"]),
                "which game's decks (default xfiles-ccg)",
            )],
            example: "/deck list",
        },
        CommandSpec {
            name: "deck",
            sub: Some("show"),
            about: "Show one of your decks (only to you)",
            options: vec![
                req("name", OptKind::Deck, "the deck's name"),
                opt(
                    "game",
                    OptKind::Choice(&["xfiles-ccg", "fan-ccg"]),
                    "which game's decks (default xfiles-ccg)",
                ),
            ],
            example: "/deck show name:Mulder",
        },
        CommandSpec {
            name: "deck",
            sub: Some("check"),
            about: "Check a deck against the construction rules",
            options: vec![
                req("name", OptKind::Deck, "the deck's name"),
                opt(
                    "format",
                    OptKind::Choice(&["advanced", "basic"]),
                    "which game's rules (default advanced)",
                ),
                opt(
                    "killer",
                    OptKind::Bool,
                    "allow Killer cards (optional rule, p. 42)",
                ),
                opt(
                    "game",
                    OptKind::Choice(&["xfiles-ccg", "fan-ccg"]),
                    "which game's decks (default xfiles-ccg)",
                ),
                opt(
                    "league",
                    OptKind::Text,
                    "a limited league: check the deck against your cube pool there",
                ),
            ],
            example: "/deck check name:Mulder",
        },
        CommandSpec {
            name: "deck",
            sub: Some("starters"),
            about: "The built-in starter decks (X-Files CCG)",
            options: vec![],
            example: "/deck starters",
        },
        CommandSpec {
            name: "deck",
            sub: Some("export"),
            about: "One of your decks as a file: GCCG, the deck builder's JSON, or text",
            options: vec![
                req("name", OptKind::Deck, "the deck's name"),
                opt(
                    "format",
                    OptKind::Choice(&["gccg", "json", "text"]),
                    "the file's format (default gccg)",
                ),
            ],
            example: "/deck export name:Mulder format:gccg",
        },
        CommandSpec {
            name: "deck",
            sub: Some("delete"),
            about: "Delete one of your decks",
            options: vec![
                req("name", OptKind::Deck, "the deck's name"),
                opt(
                    "game",
                    OptKind::Choice(&["xfiles-ccg", "fan-ccg"]),
                    "which game's decks (default xfiles-ccg)",
                ),
            ],
            example: "/deck delete name:Old",
        },
        CommandSpec {
            name: "league",
            sub: Some("create"),
            about: "Open a league on this server (organisers)",
            options: vec![
                req("name", OptKind::Text, "the league's name"),
                req("game", OptKind::Choice(LEAGUE_GAMES), "the game it plays"),
                opt(
                    "pairing",
                    OptKind::Choice(&["swiss", "round-robin", "free"]),
                    "rounds paired swiss (default) or round-robin, or free play rated weekly",
                ),
                opt("round", OptKind::Text, "how long a round lasts, e.g. 7d"),
                opt(
                    "options",
                    OptKind::Text,
                    "the /game new options every league game opens with, e.g. killer:true",
                ),
                opt(
                    "format",
                    OptKind::Choice(FORMATS),
                    "constructed decks (default), or FCU cube sealed, sealed-safe or draft pools",
                ),
                opt(
                    "pick",
                    OptKind::Text,
                    "in a draft: time for a pick (default 12h)",
                ),
                opt(
                    "organisers",
                    OptKind::Role,
                    "a role whose members organise the league (besides Manage Server)",
                ),
                opt(
                    "sets",
                    OptKind::Text,
                    "the card sets decks may use: official, all, or set names (X-Files CCG)",
                ),
                opt(
                    "games",
                    OptKind::Int { min: 1, max: 5 },
                    "games each pairing plays, each counted (default 1)",
                ),
                opt(
                    "starts",
                    OptKind::Text,
                    "the season's first day, YYYY-MM-DD",
                ),
                opt("ends", OptKind::Text, "the season's last day, YYYY-MM-DD"),
                opt(
                    "from",
                    OptKind::Text,
                    "the next season of this league: its members join at once",
                ),
            ],
            example: "/league create name:\"Winter League\" game:xfiles-ccg round:7d",
        },
        CommandSpec {
            name: "league",
            sub: Some("report"),
            about: "Count a game you opened yourself for your league pairing",
            options: vec![
                req("game", OptKind::Game, "the game (its id)"),
                opt(
                    "league",
                    OptKind::Text,
                    "which league (if the server has several)",
                ),
            ],
            example: "/league report game:12",
        },
        CommandSpec {
            name: "league",
            sub: Some("dispute"),
            about: "Dispute a game your opponent reported for your pairing, while its round is open",
            options: vec![req("game", OptKind::Game, "the reported game (its id)")],
            example: "/league dispute game:12",
        },
        league_spec(
            "deal",
            "Deal a limited league's cube pools, or start its draft (organisers)",
            "/league deal",
        ),
        league_spec(
            "pool",
            "Your cube pool in a limited league (also in DMs)",
            "/league pool",
        ),
        CommandSpec {
            name: "pick",
            sub: None,
            about: "Keep a card from the draft pile in front of you",
            options: vec![
                req(
                    "card",
                    OptKind::Text,
                    "the card (name or id) from your pile",
                ),
                opt(
                    "league",
                    OptKind::Text,
                    "which league's draft (if you draft in several)",
                ),
            ],
            example: "/pick card:\"Agent Fox Mulder\"",
        },
        CommandSpec {
            name: "league",
            sub: Some("list"),
            about: "This server's leagues",
            options: vec![],
            example: "/league list",
        },
        league_spec(
            "join",
            "Join a league",
            "/league join league:\"Winter League\"",
        ),
        league_spec(
            "leave",
            "Leave a league (your results stay)",
            "/league leave",
        ),
        league_spec(
            "info",
            "A league's members and its current round",
            "/league info",
        ),
        league_spec(
            "standings",
            "A league's standings and ratings, posted in the channel",
            "/league standings",
        ),
        league_spec(
            "round",
            "Pair and open the next round (organisers)",
            "/league round",
        ),
        CommandSpec {
            name: "league",
            sub: Some("correct"),
            about: "Correct a league result, with the reason kept in its audit log (organisers)",
            options: vec![
                req("round", OptKind::Int { min: 1, max: 1000 }, "the round"),
                req(
                    "player",
                    OptKind::Text,
                    "a player of that game (@mention or name)",
                ),
                req(
                    "result",
                    OptKind::Choice(&["win", "loss", "draw"]),
                    "that player's result",
                ),
                req("reason", OptKind::Text, "why (kept in the audit log)"),
                opt(
                    "league",
                    OptKind::Text,
                    "which league (if the server has several)",
                ),
            ],
            example: "/league correct round:2 player:@alice result:win reason:\"opponent conceded by DM\"",
        },
        league_spec(
            "audit",
            "A league's corrected results and why",
            "/league audit",
        ),
        league_spec(
            "close",
            "Close the current round; pairings not played count for nobody (organisers)",
            "/league close",
        ),
        league_spec(
            "history",
            "Every round of a league and its results",
            "/league history",
        ),
        CommandSpec {
            name: "league",
            sub: Some("player"),
            about: "A member's record, games and rating after each round",
            options: vec![
                opt(
                    "player",
                    OptKind::Text,
                    "whom (@mention or name; default you)",
                ),
                opt(
                    "league",
                    OptKind::Text,
                    "which league (if the server has several)",
                ),
            ],
            example: "/league player player:@alice",
        },
        CommandSpec {
            name: "league",
            sub: Some("play"),
            about: "Open your pairing's game here, with the league's options",
            options: vec![
                opt(
                    "league",
                    OptKind::Text,
                    "which league (if the server has several)",
                ),
                opt("deck", OptKind::Deck, "your deck for the game"),
                opt(
                    "opponent",
                    OptKind::Text,
                    "in free play: whom you play (@mention or name)",
                ),
                opt(
                    "with",
                    OptKind::Text,
                    "in a co-operative (Legendary) league: your teammates (@mentions)",
                ),
            ],
            example: "/league play deck:Mine",
        },
        CommandSpec {
            name: "legendary",
            sub: Some("import"),
            about: "Legendary: store this server's own card set from its box file (server managers)",
            options: vec![req(
                "file",
                OptKind::File,
                "the box file (JSON, see /legendary template)",
            )],
            example: "/legendary import file:box.json",
        },
        CommandSpec {
            name: "legendary",
            sub: Some("check"),
            about: "Legendary: check a box file (nothing stored), or see which card set this server plays",
            options: vec![opt("file", OptKind::File, "a box file to check")],
            example: "/legendary check file:box.json",
        },
        CommandSpec {
            name: "legendary",
            sub: Some("template"),
            about: "Legendary: where to get the fill-in file of every card slot in the box",
            options: vec![],
            example: "/legendary template",
        },
        CommandSpec {
            name: "game",
            sub: Some("new"),
            about: "Open a new game in this channel and take the first seat",
            options: new_options,
            example: "/game new game:xfiles-ccg deck:Mulder",
        },
        CommandSpec {
            name: "game",
            sub: Some("join"),
            about: "Take a seat in a game that has not started (or change your deck)",
            options: vec![
                game_opt,
                opt(
                    "deck",
                    OptKind::Deck,
                    "your saved deck to play with (with player:ai, the AI's deck)",
                ),
                opt(
                    "player",
                    OptKind::Choice(AI_CHOICES),
                    "seat an AI player (you keep your seat): ai, ai-easy or ai-hard",
                ),
                opt(
                    "avatar",
                    OptKind::Text,
                    "Legendary: your Avatar (Mulder, Scully, Skinner, Doggett, Reyes)",
                ),
            ],
            example: "/game join deck:Scully",
        },
        CommandSpec {
            name: "game",
            sub: Some("leave"),
            about: "Give up your seat in a game that has not started (player:ai: an AI's)",
            options: vec![
                game_opt,
                opt(
                    "player",
                    OptKind::Choice(&["ai"]),
                    "ai: take away the AI seated last",
                ),
            ],
            example: "/game leave",
        },
        CommandSpec {
            name: "game",
            sub: Some("start"),
            about: "Start the game (its creator)",
            options: vec![game_opt],
            example: "/game start",
        },
        CommandSpec {
            name: "game",
            sub: Some("status"),
            about: "Show a game: its seats, or its board once started",
            options: vec![game_opt],
            example: "/game status",
        },
        CommandSpec {
            name: "game",
            sub: Some("list"),
            about: "List the open games in this channel (or all of yours)",
            options: vec![opt(
                "mine",
                OptKind::Bool,
                "list every open game you sit in",
            )],
            example: "/game list",
        },
        CommandSpec {
            name: "game",
            sub: Some("cancel"),
            about: "Cancel a game (its creator or a server manager)",
            options: vec![game_opt],
            example: "/game cancel game:3",
        },
        CommandSpec {
            name: "game",
            sub: Some("advance"),
            about: "Make the default move for whoever must act (creator or server manager)",
            options: vec![game_opt],
            example: "/game advance",
        },
        CommandSpec {
            name: "game",
            sub: Some("why"),
            about: "Why the AI made its last move, in one line (only to you)",
            options: vec![game_opt],
            example: "/game why",
        },
        CommandSpec {
            name: "game",
            sub: Some("log"),
            about: "Page through the game's public record (only to you)",
            options: vec![
                opt(
                    "from",
                    OptKind::Int {
                        min: 1,
                        max: 100_000,
                    },
                    "the first line to show (default: the latest page)",
                ),
                game_opt,
            ],
            example: "/game log from:1",
        },
        CommandSpec {
            name: "game",
            sub: Some("undo"),
            about: "Take back your last move (and any after it); with the others' consent once they moved or something was revealed",
            options: vec![
                opt(
                    "refuse",
                    OptKind::Bool,
                    "refuse (or withdraw) a request to take moves back",
                ),
                game_opt,
            ],
            example: "/game undo",
        },
        CommandSpec {
            name: "game",
            sub: Some("vacation"),
            about: "Pause your reminders and deadline in a game for some days",
            options: vec![
                opt(
                    "days",
                    OptKind::Int { min: 0, max: 30 },
                    "how many days (default 7; 0 = back now)",
                ),
                game_opt,
            ],
            example: "/game vacation days:5",
        },
        CommandSpec {
            name: "game",
            sub: Some("stats"),
            about: "How long each player takes to move in a game",
            options: vec![game_opt],
            example: "/game stats",
        },
    ]
}
