//! Every option of every pick list the bot offers is a legal move: its
//! command, run as the seat that was offered it, is accepted and changes the
//! game (random X-Files CCG games, the menus of each due seat's /hand at
//! every step).

#[path = "support/xf_random.rs"]
mod xf_random;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use xf_random::{bot_move, random_deck};
use xfiles_bot::app::command::spec::check;
use xfiles_bot::app::games::host::Host;
use xfiles_bot::app::games::table::game_commands;
use xfiles_bot::app::{Driver, Invocation, Menu, OptionValue, Outgoing, Reaction, Table};
use xfiles_bot::engine::legendary::{LeAction, LeGame, LeOptions, LeSetup};
use xfiles_bot::engine::xfiles::{XfGame, XfOptions};
use xfiles_bot::engine::{Game, Seat};

fn invocation(command: &str) -> Invocation {
    let line = xfiles_bot::console::parse_line(&format!("@u {command}"))
        .unwrap_or_else(|e| panic!("{command}: {e}"))
        .expect("a command");
    Invocation {
        name: line.command,
        sub: line.sub,
        options: line
            .options
            .into_iter()
            .map(|(n, v)| (n, OptionValue::Text(v)))
            .collect(),
    }
}

/// Runs `command` as `seat` on `state`: the reaction, or the refusal.
fn run(driver: &dyn Driver, table: &Table, state: &str, seat: Seat, command: &str) -> Reaction {
    let inv = invocation(command);
    let spec = game_commands()
        .into_iter()
        .find(|c| c.name == inv.name)
        .unwrap_or_else(|| panic!("{command}: no such game command"));
    let args = check(&spec, &inv).unwrap_or_else(|e| panic!("{command}: {e}"));
    driver
        .handle(table, state, Some(seat), &inv, &args)
        .unwrap_or_else(|e| panic!("{command} is offered but refused: {e}"))
}

/// The commands a menu's options run: each option alone, and for a menu of
/// several picks its first `min` (at least one) together.
fn commands(menu: &Menu) -> Vec<String> {
    let values: Vec<String> = menu.options.iter().map(|o| o.value.clone()).collect();
    let mut out: Vec<String> = Vec::new();
    if menu.min <= 1 {
        out.extend(
            values
                .iter()
                .map(|v| Menu::command_for(&menu.command, std::slice::from_ref(v))),
        );
    }
    if menu.max > 1 {
        let n = usize::from(menu.min.max(1)).min(values.len());
        out.push(Menu::command_for(&menu.command, &values[..n]));
    }
    out
}

/// Checks every menu option of each due seat; returns how many were run.
fn check_menus<G: Game + serde::Serialize>(driver: &dyn Driver, table: &Table, g: &G) -> usize {
    let state = serde_json::to_string(g).expect("state");
    let mut checked = 0;
    for seat in g.to_act() {
        let Reaction::Reply(replies) = run(driver, table, &state, seat, "/hand") else {
            panic!("/hand changed the game");
        };
        let menus: Vec<&Menu> = replies.iter().flat_map(|m: &Outgoing| &m.menus).collect();
        for menu in menus {
            assert!(!menu.options.is_empty(), "an empty menu: {menu:?}");
            for command in commands(menu) {
                match run(driver, table, &state, seat, &command) {
                    Reaction::Change(_) => checked += 1,
                    _ => panic!("{command} (from {:?}) did not act", menu.placeholder),
                }
            }
        }
    }
    checked
}

/// A table of `players` seats named "Player 0", "Player 1"...
fn table(game_id: i64, players: usize) -> Table {
    Table {
        game_id,
        channel: "table".into(),
        seats: (0..players)
            .map(|i| (format!("p{i}"), format!("Player {i}")))
            .collect(),
    }
}

fn another_xfile(have: &[String]) -> String {
    let db = xfiles_bot::cards::db();
    db.iter()
        .map(|(_, c)| c)
        .find(|c| {
            c.kind == xfiles_bot::cards::CardType::XFile
                && c.set.is_official()
                && !have.contains(&c.id)
        })
        .expect("an X-File")
        .id
        .clone()
}

#[test]
fn every_menu_option_is_a_legal_move_in_random_games() {
    let driver = Host::<XfGame>::new();
    let mut total = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..6u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let players = 2 + (seed % 2) as usize;
        // A second X-File: each player chooses one at the start (p. 5).
        let decks = (0..players)
            .map(|_| {
                let mut d = random_deck(&mut rng);
                d.xfiles.push(another_xfile(&d.xfiles));
                d
            })
            .collect();
        let (mut g, _) = XfGame::new(XfOptions::default(), decks, rng.random()).expect("decks");
        let table = table(1, players);
        for _ in 0..600 {
            if g.outcome().is_some() {
                break;
            }
            let state = serde_json::to_string(&g).expect("state");
            for seat in g.to_act() {
                if let Reaction::Reply(r) = run(&driver, &table, &state, seat, "/hand") {
                    kinds.extend(
                        r.iter()
                            .flat_map(|m| &m.menus)
                            .map(|m| m.command.split(' ').next().unwrap_or_default().to_string()),
                    );
                }
            }
            total += check_menus(&driver, &table, &g);
            let (seat, action) = bot_move(&g, &mut rng).expect("a move");
            g.apply(seat, &action).expect("legal");
        }
    }
    eprintln!("{total} menu options checked; menus: {kinds:?}");
    assert!(total > 100, "only {total} menu options were checked");
    for kind in ["/xfile", "/play", "/choose"] {
        assert!(
            kinds.contains(kind),
            "no {kind} menu was offered: {kinds:?}"
        );
    }
}

#[test]
fn every_legendary_choice_menu_option_is_a_legal_move() {
    let driver = Host::<LeGame>::new();
    let mut total = 0;
    for seed in 0..4u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let players = 1 + (seed % 3) as usize;
        let (mut g, _) = LeGame::new(
            LeOptions::default(),
            vec![LeSetup::default(); players],
            seed,
        )
        .expect("a new game");
        let table = table(2, players);
        for _ in 0..1500 {
            let Some(&seat) = g.to_act().first() else {
                break;
            };
            total += check_menus(&driver, &table, &g);
            let legal: Vec<LeAction> = g
                .legal_actions(seat)
                .into_iter()
                .filter(|a| *a != LeAction::Resign)
                .collect();
            let action = legal[rng.random_range(0..legal.len())].clone();
            g.apply(seat, &action).expect("legal");
        }
    }
    eprintln!("{total} Legendary menu options checked");
    assert!(
        total > 20,
        "only {total} Legendary menu options were checked"
    );
}
