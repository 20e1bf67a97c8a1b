//! The game commands, defined once for every game: a game handles the
//! subset it names. Options a game does not use are refused by that game.

use std::sync::LazyLock;

use crate::app::command::spec::{CommandSpec, OptKind, OptionSpec, choices_of, opt, req};
use crate::cards::Category;

const GAME: crate::app::command::spec::OptionSpec = opt(
    "game",
    OptKind::Game,
    "the game's id, when you are in several",
);

/// The twenty X-File characteristic values, as option choices.
pub const TRAITS: &[&str] = &[
    "alien",
    "government",
    "evolutionary",
    "primordial",
    "occult",
    "survival",
    "security",
    "control",
    "knowledge",
    "ideology",
    "violence",
    "manipulation",
    "subterfuge",
    "possession",
    "threats",
    "death",
    "insanity",
    "physiological-imbalance",
    "abduction",
    "manipulation-of-evidence",
];

const SECTIONS: &[&str] = &["bureau", "field", "hospital"];
/// `/announce category:`: the four characteristic categories.
static CATEGORIES: LazyLock<&'static [&'static str]> =
    LazyLock::new(|| choices_of(Category::ALL.iter().map(|c| c.as_str())));

fn cmd(
    name: &'static str,
    about: &'static str,
    mut options: Vec<OptionSpec>,
    example: &'static str,
) -> CommandSpec {
    options.push(GAME);
    CommandSpec {
        name,
        sub: None,
        about,
        options,
        example,
    }
}

/// The X-Files CCG's own commands.
fn xfiles_commands() -> Vec<CommandSpec> {
    vec![
        cmd(
            "xfile",
            "X-Files CCG set-up: choose your X-File in secret",
            vec![req("card", OptKind::Card, "one of your deck's X-Files")],
            "/xfile card:\"The Manitou\"",
        ),
        cmd(
            "draw",
            "X-Files CCG Briefing: take (or skip) the free draw; your Agents create RP",
            vec![
                opt("skip", OptKind::Bool, "skip the free draw"),
                opt(
                    "conspiracy",
                    OptKind::Text,
                    "Agents whose RES goes to your CP (e.g. Krycek), separated by ';'",
                ),
            ],
            "/draw",
        ),
        cmd(
            "buy",
            "X-Files CCG Briefing: buy cards from the top of your deck, all at once",
            vec![req(
                "count",
                OptKind::Int { min: 0, max: 60 },
                "how many cards",
            )],
            "/buy count:2",
        ),
        cmd(
            "sell",
            "X-Files CCG Briefing (opponents): sell RP/*P cards for CP, then buy",
            vec![
                opt("cards", OptKind::Text, "cards to sell, separated by ';'"),
                opt(
                    "buy",
                    OptKind::Int { min: 0, max: 60 },
                    "cards to buy with CP",
                ),
            ],
            "/sell cards:\"Shotgun; Deep Throat\" buy:2",
        ),
        cmd(
            "equip",
            "X-Files CCG Requisition: give Equipment to an Agent (or pass it within a Team)",
            vec![
                req("card", OptKind::Card, "the Equipment"),
                req("agent", OptKind::Text, "the Agent receiving it"),
                opt(
                    "from",
                    OptKind::Text,
                    "the Agent passing it (a transfer within a Team)",
                ),
            ],
            "/equip card:Knife agent:Mulder",
        ),
        cmd(
            "deploy",
            "X-Files CCG Deployment: send an Agent (or one from your hand) to a section and Team",
            vec![
                req("agent", OptKind::Text, "the Agent"),
                req("section", OptKind::Choice(SECTIONS), "where to"),
                opt(
                    "team",
                    OptKind::Int { min: 1, max: 9 },
                    "Team number in that section (default 1)",
                ),
            ],
            "/deploy agent:Mulder section:field",
        ),
        cmd(
            "site",
            "X-Files CCG Case Assignment: play a Site, directed at an opponent",
            vec![
                req("card", OptKind::Card, "the Site"),
                opt(
                    "at",
                    OptKind::Text,
                    "the opponent it is directed at (multiplayer)",
                ),
                opt(
                    "free",
                    OptKind::Bool,
                    "use an Agent's token to play it for 0 RP (Agent Mulder)",
                ),
            ],
            "/site card:\"Aubrey, MO\"",
        ),
        cmd(
            "bluff",
            "X-Files CCG Case Assignment (opponents): put any card face down under a Site",
            vec![
                req("card", OptKind::Card, "the card"),
                opt(
                    "site",
                    OptKind::Int { min: 1, max: 20 },
                    "the Site's number on the board (default 1)",
                ),
            ],
            "/bluff card:\"Car Troubles\" site:1",
        ),
        cmd(
            "peek",
            "X-Files CCG: use an Agent's token to look at a face-down Bluff (Agent Scully)",
            vec![
                req("agent", OptKind::Text, "your Agent with the tokens"),
                opt(
                    "site",
                    OptKind::Int { min: 1, max: 20 },
                    "the Site's number (default 1)",
                ),
                opt(
                    "bluff",
                    OptKind::Int { min: 1, max: 10 },
                    "which face-down card (default 1)",
                ),
            ],
            "/peek agent:Scully",
        ),
        cmd(
            "investigate",
            "X-Files CCG Investigation: send a Team of Field Agents to a Site",
            vec![
                opt(
                    "site",
                    OptKind::Int { min: 1, max: 20 },
                    "the Site's number on the board (default 1)",
                ),
                opt(
                    "agents",
                    OptKind::Text,
                    "the Agents, separated by ';' (default: all ready Field Agents)",
                ),
                opt(
                    "skill",
                    OptKind::Text,
                    "the skill announced for a two-skill Site",
                ),
            ],
            "/investigate site:1 agents:\"Mulder; Scully; Kosseff\"",
        ),
        cmd(
            "pay",
            "X-Files CCG: pay for your revealed Bluff (1 CP less than its cost)",
            vec![opt(
                "x",
                OptKind::Int { min: 0, max: 30 },
                "X, for a Bluff whose cost has an X",
            )],
            "/pay",
        ),
        cmd(
            "keep",
            "X-Files CCG: choose the Agents a Bluff lets through",
            vec![req("agents", OptKind::Text, "the Agents, separated by ';'")],
            "/keep agents:\"Mulder; Kosseff\"",
        ),
        cmd(
            "choose",
            "Answer the choice a card or the rules ask of you",
            vec![req(
                "options",
                OptKind::Text,
                "the option(s), by name or number, separated by ';'",
            )],
            "/choose options:\"Agent Dana Scully\"",
        ),
        cmd(
            "use",
            "X-Files CCG: use an Agent's Game Effect or a card in play (a token, discarding it...)",
            vec![
                req("card", OptKind::Card, "your Agent or card in play"),
                opt(
                    "ability",
                    OptKind::Int { min: 1, max: 5 },
                    "which of its abilities (default 1)",
                ),
                opt(
                    "agent",
                    OptKind::Text,
                    "the Agent carrying the card, when several do",
                ),
                opt("target", OptKind::Text, "what it is used on"),
            ],
            "/use card:\"Dr. Charles Burk\"",
        ),
        cmd(
            "announce",
            "X-Files CCG with X-File Powers: reveal one characteristic of your X-File to all for its Power",
            vec![req(
                "category",
                OptKind::Choice(*CATEGORIES),
                "the characteristic",
            )],
            "/announce category:method",
        ),
        cmd(
            "power",
            "X-Files CCG with X-File Powers: use a Power of your X-File (announces it if needed)",
            vec![
                req(
                    "value",
                    OptKind::Text,
                    "the characteristic value whose Power you use (e.g. threats)",
                ),
                opt(
                    "ability",
                    OptKind::Int { min: 1, max: 3 },
                    "which of its abilities (default 1)",
                ),
                opt("target", OptKind::Text, "what it is used on"),
            ],
            "/power value:threats target:\"Dr. Sheila Braun\"",
        ),
        cmd(
            "damage",
            "X-Files CCG combat: assign your Adversary's damage",
            vec![req(
                "to",
                OptKind::Text,
                "the Agent, or a split \"Mulder 2; Scully 1\" when the Adversary may split",
            )],
            "/damage to:Kosseff",
        ),
        cmd(
            "aim",
            "X-Files CCG combat with several foes: which foe your Agent attacks",
            vec![
                req("agent", OptKind::Text, "your fighting Agent"),
                req(
                    "at",
                    OptKind::Text,
                    "the foe, or a split \"Vampire 2; Master 1\" when its weapon may split",
                ),
            ],
            "/aim agent:Mulder at:Kiss Of The Vampire",
        ),
        cmd(
            "ask",
            "X-Files CCG: ask the yes/no question a successful Site earns",
            vec![req(
                "value",
                OptKind::Choice(TRAITS),
                "\"Is your X-File's <category> <value>?\"",
            )],
            "/ask value:survival",
        ),
        cmd(
            "guess",
            "X-Files CCG: name your opponent's X-File",
            vec![req("xfile", OptKind::Card, "the X-File")],
            "/guess xfile:\"The Manitou\"",
        ),
        cmd(
            "done",
            "X-Files CCG: end the current step or phase",
            vec![],
            "/done",
        ),
        cmd(
            "notebook",
            "X-Files CCG: what you know of your opponents' X-Files (only to you)",
            vec![opt("player", OptKind::Text, "one opponent")],
            "/notebook",
        ),
        cmd(
            "adjust",
            "X-Files CCG: apply by hand the text of the card you resolve, when the bot does not automate it",
            vec![
                req(
                    "what",
                    OptKind::Choice(&["check", "heal", "damage", "move", "draw", "rp", "cp"]),
                    "what to change",
                ),
                opt(
                    "amount",
                    OptKind::Int { min: -20, max: 20 },
                    "how much (default 1)",
                ),
                opt("agent", OptKind::Text, "the Agent (heal, damage, move)"),
                opt("section", OptKind::Choice(SECTIONS), "where to (move)"),
            ],
            "/adjust what:check amount:2",
        ),
        cmd(
            "dispute",
            "X-Files CCG: undo the last manual step another player made, before the game moves on",
            vec![],
            "/dispute",
        ),
    ]
}

/// Legendary Encounters' own commands.
fn legendary_commands() -> Vec<CommandSpec> {
    let card = |what: &'static str| req("card", OptKind::Card, what);
    vec![
        cmd(
            "activate",
            "Legendary: use a played card's Activate ability (a played Belief: your Avatar's Belief)",
            vec![card("a card you played this turn")],
            "/activate card:\"Head of the Sci-Crime Lab\"",
        ),
        cmd(
            "sacrifice",
            "Legendary: defeat a card (hand or played) for its Sacrifice text",
            vec![card("the card")],
            "/sacrifice card:Legwork",
        ),
        cmd(
            "vigilant",
            "Legendary: discard a Vigilant card in play for its text",
            vec![card("the Vigilant card")],
            "/vigilant card:Protector",
        ),
        cmd(
            "coordinate",
            "Legendary: on another player's turn, lend them a Coordinate card (alone: discard it to draw)",
            vec![card("a Coordinate card in your hand")],
            "/coordinate card:\"Special Agent\"",
        ),
        cmd(
            "scan",
            "Legendary: pay a space's scan cost to reveal its hidden card",
            vec![req(
                "space",
                OptKind::Text,
                "shadows 1-5 (Attack) or bureau 1-5 (Recruit Points)",
            )],
            "/scan space:\"shadows 2\"",
        ),
        cmd(
            "recruit",
            "Legendary: recruit a revealed Bureau character, or a Special Agent",
            vec![req(
                "space",
                OptKind::Text,
                "bureau 1-5, or agent for a Special Agent",
            )],
            "/recruit space:\"bureau 3\"",
        ),
        cmd(
            "fight",
            "Legendary: fight a revealed Enemy (or the End Game) by paying its Defense",
            vec![req(
                "target",
                OptKind::Text,
                "field 1, shadows 2, bureau 3, end game, or its name",
            )],
            "/fight target:\"field 1\"",
        ),
        cmd(
            "discover",
            "Legendary: follow a revealed Lead to Discover Evidence",
            vec![opt(
                "lead",
                OptKind::Text,
                "the Lead, when several are revealed",
            )],
            "/discover",
        ),
        cmd(
            "collect",
            "Legendary: follow a Lead again to Collect its Evidence",
            vec![opt(
                "lead",
                OptKind::Text,
                "the Lead, when several are revealed",
            )],
            "/collect",
        ),
        cmd(
            "show",
            "Legendary: show your hand to the table (not while \"Trust No One\" is in force)",
            vec![],
            "/show",
        ),
        cmd(
            "end",
            "Legendary: end your Action Phase (Strikes, then Cleanup)",
            vec![],
            "/end",
        ),
    ]
}

/// Every game command.
pub fn game_commands() -> Vec<CommandSpec> {
    let mut all = xfiles_commands();
    all.extend(legendary_commands());
    all.extend(vec![
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
                opt("target", OptKind::Text, "X-Files CCG: what the card is played on: an Agent, \"adversary\", a card on the stack or in play, a Site, or an opponent"),
                opt("mode", OptKind::Int { min: 1, max: 9 }, "X-Files CCG: which effect of an \"Alternately\" card"),
                opt("x", OptKind::Int { min: 0, max: 20 }, "X-Files CCG: the value of X in the card's cost"),
                opt("pool", OptKind::Choice(&["rp", "cp"]), "X-Files CCG, multiplayer: the pool a *P card helps"),
                opt("value", OptKind::Choice(TRAITS), "X-Files CCG: the characteristic a question card asks about"),
                opt("with", OptKind::Text, "X-Files CCG: cards played in conjunction, on this one (The Evil One; Wall of Cats)"),
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
    ]);
    all
}

#[cfg(test)]
mod tests {
    use super::game_commands;
    use crate::app::games::host::GameUi;
    use crate::engine::fan::FanGame;
    use crate::engine::xfiles::XfGame;

    fn names<G: GameUi>() -> Vec<&'static str> {
        G::HANDLERS.iter().map(|(name, _)| *name).collect()
    }

    #[test]
    fn every_game_command_has_options_here_and_a_handler_in_some_game() {
        let specs: Vec<&str> = game_commands().iter().map(|c| c.name).collect();
        let mut handled = names::<XfGame>();
        handled.extend(names::<FanGame>());
        handled.extend(names::<crate::engine::legendary::LeGame>());
        for name in &handled {
            assert!(specs.contains(name), "/{name} has a handler but no options");
        }
        for name in &specs {
            assert!(
                handled.contains(name),
                "/{name} is declared but no game handles it"
            );
        }
    }
}
