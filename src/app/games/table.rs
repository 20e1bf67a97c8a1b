//! The game commands, defined once for every game: a game handles the
//! subset it names. Options a game does not use are refused by that game.

use crate::app::commands::{CommandSpec, OptKind, opt, req};

const GAME: crate::app::commands::OptionSpec = opt(
    "game",
    OptKind::Game,
    "the game's id, when you are in several",
);

/// Every game command.
pub fn game_commands() -> Vec<CommandSpec> {
    vec![
        CommandSpec {
            name: "hand",
            sub: None,
            about: "Show your hand and what you may do (only to you)",
            options: vec![GAME],
            example: "/hand",
        },
        CommandSpec {
            name: "board",
            sub: None,
            about: "Show the table: whose move, pools or scores, cards in play",
            options: vec![GAME],
            example: "/board",
        },
        CommandSpec {
            name: "play",
            sub: None,
            about: "Play a card from your hand",
            options: vec![
                req("card", OptKind::Card, "the card to play"),
                opt(
                    "covered",
                    OptKind::Bool,
                    "fan CCG: play it face down under a cover card",
                ),
                opt(
                    "character",
                    OptKind::Choice(&["mulder", "scully"]),
                    "fan CCG: the character a card chooses",
                ),
                opt(
                    "discard",
                    OptKind::Text,
                    "fan CCG Action cards: the cards to discard, separated by ';'",
                ),
                GAME,
            ],
            example: "/play card:Arrested",
        },
        CommandSpec {
            name: "reveal",
            sub: None,
            about: "Fan CCG: turn up one of your covered cards",
            options: vec![req("card", OptKind::Card, "your covered card"), GAME],
            example: "/reveal card:Arrested",
        },
        CommandSpec {
            name: "pass",
            sub: None,
            about: "Pass: play nothing now",
            options: vec![GAME],
            example: "/pass",
        },
        CommandSpec {
            name: "discard",
            sub: None,
            about: "Discard cards from your hand when the rules ask you to",
            options: vec![
                req("cards", OptKind::Text, "the cards, separated by ';'"),
                GAME,
            ],
            example: "/discard cards:\"Arrested; Psych Profile\"",
        },
        CommandSpec {
            name: "first",
            sub: None,
            about: "Choose who plays first (after winning the draw)",
            options: vec![
                req("player", OptKind::Text, "the player who goes first"),
                GAME,
            ],
            example: "/first player:alice",
        },
        CommandSpec {
            name: "swap",
            sub: None,
            about: "Fan CCG, between periods: exchange a deck card for a sideboard card",
            options: vec![
                req("out", OptKind::Card, "the card leaving your draw deck"),
                req("in", OptKind::Card, "the sideboard card taking its place"),
                GAME,
            ],
            example: "/swap out:\"Psych Profile\" in:Arrested",
        },
        CommandSpec {
            name: "ready",
            sub: None,
            about: "Fan CCG, between periods: you are done exchanging",
            options: vec![GAME],
            example: "/ready",
        },
        CommandSpec {
            name: "resign",
            sub: None,
            about: "Concede the game",
            options: vec![GAME],
            example: "/resign",
        },
    ]
}
