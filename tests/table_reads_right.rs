//! The game thread and the lines around it read right (issue 42): every
//! pass is posted, "Next:" names whoever the game waits for, a move ends a
//! pending undo request aloud, `/game stats` counts moves and real waits,
//! the console shows dates rather than Discord's `<t:…>` codes, and a hint
//! typed as shown is accepted. Games are played through the real app and
//! store, each player moving by the commands the bot offers them.

mod support;

use support::{Backend, TestDb, app_on, blocks, database, run_console, say, texts};
use xfiles_bot::app::{Address, App, Menu, Outgoing};

const T0: i64 = 1_800_000_000_000;
const MINUTE: i64 = 60_000;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;
const AI: &str = "Deep Throat (AI, normal)";

/// A table in one channel of the console: its game and the clock.
struct Table<'a> {
    app: &'a App,
    channel: &'a str,
    game: i64,
    now: i64,
}

impl Table<'_> {
    /// One console line by `user` in the table's channel, a second after the last.
    async fn say(&mut self, user: &str, command: &str) -> Vec<Outgoing> {
        self.now += 1_000;
        let line = format!("@{user} #{} {command}", self.channel);
        say(self.app, &line, self.now).await
    }

    async fn row(&self) -> xfiles_bot::store::GameRow {
        self.app.store().game(self.game).await.unwrap().unwrap()
    }

    async fn to_act(&self) -> Vec<u8> {
        serde_json::from_str(&self.row().await.to_act).unwrap()
    }

    async fn active(&self) -> bool {
        self.row().await.status.as_str() == "active"
    }

    /// The user ids of the seats, in seat order.
    async fn users(&self) -> Vec<String> {
        let seats = self.app.store().seats(self.game).await.unwrap();
        seats.into_iter().map(|s| s.user_id).collect()
    }

    /// The commands `user`'s /hand offers: its buttons, each option of its
    /// menus and each hint of "You may" that names no placeholder.
    async fn offered(&mut self, user: &str) -> Vec<String> {
        let hand = self.say(user, "/hand").await;
        let mut out = Vec::new();
        for m in &hand {
            out.extend(
                m.buttons
                    .iter()
                    .map(|b| b.command.clone())
                    .filter(|c| !c.starts_with("/hand") && !c.starts_with("/rules")),
            );
            for menu in &m.menus {
                let n = usize::from(menu.min.max(1)).min(menu.options.len());
                let values: Vec<String> = menu.options.iter().map(|o| o.value.clone()).collect();
                if menu.max <= 1 {
                    out.extend(
                        values
                            .iter()
                            .map(|v| Menu::command_for(&menu.command, std::slice::from_ref(v))),
                    );
                } else {
                    out.push(Menu::command_for(&menu.command, &values[..n]));
                }
            }
            out.extend(may_hints(&m.text));
        }
        // "/buy count:0–5": buying nothing is one of the counts offered.
        let out = out.into_iter().map(|c| match c.split_once("count:0–") {
            Some((head, _)) => format!("{head}count:0"),
            None => c,
        });
        let mut out: Vec<String> = out.collect();
        out.retain(|c| !c.contains('<') && !c.contains("..."));
        out
    }

    /// `user` makes one of the moves offered to them (chosen by `pick`);
    /// `None` when none is accepted. The messages include the AI's answers.
    async fn play_offered(&mut self, user: &str, pick: u64) -> Option<(String, Vec<Outgoing>)> {
        let mut offered = self.offered(user).await;
        offered.extend(["/pass".to_string(), "/done".to_string()]);
        let k = offered.len();
        let before = self.row().await.action_count;
        for i in 0..k {
            let command = offered[(pick as usize + i * 7919) % k].clone();
            let line = format!("@{user} #{} {command}", self.channel);
            if xfiles_bot::console::parse_line(&line).is_err() {
                continue;
            }
            let said = self.say(user, &command).await;
            if self.row().await.action_count > before {
                return Some((command, said));
            }
        }
        None
    }
}

/// The commands a "You may" line lists.
fn may_hints(text: &str) -> Vec<String> {
    let Some(line) = text.lines().find_map(|l| l.strip_prefix("You may: ")) else {
        return Vec::new();
    };
    let line = line.split(" (and ").next().unwrap_or(line);
    let line = line.strip_suffix('.').unwrap_or(line);
    line.split(" · ")
        .flat_map(|part| part.split("; "))
        .map(str::trim)
        .filter(|h| h.starts_with('/'))
        .map(str::to_string)
        .collect()
}

/// The text posted in `channel` among `messages`.
fn posted(messages: &[Outgoing], channel: &str) -> Vec<String> {
    messages
        .iter()
        .filter(|m| m.to == Address::Channel(channel.to_string()))
        .map(|m| m.text.clone())
        .collect()
}

async fn app_with_decks(db: &TestDb, seed: u64) -> App {
    let app = app_on(db, seed).await;
    for line in [
        "@randy /deck import name:Randy file:tests/data/decks/randy.txt",
        "@mel /deck import game:fan-ccg name:Mulder file:tests/data/decks/fan-mulder.txt",
        "@ann /deck import game:fan-ccg name:Mulder file:tests/data/decks/fan-mulder.txt",
    ] {
        say(&app, line, T0).await;
    }
    app
}

/// A game against the normal AI, opened and started in `channel`.
async fn against_ai<'a>(app: &'a App, channel: &'a str, game: &str, user: &str) -> Table<'a> {
    let deck = if game == "fan-ccg" { "Mulder" } else { "Randy" };
    let opened = say(
        app,
        &format!("@{user} #{channel} /game new game:{game} deck:{deck} opponent:ai"),
        T0,
    )
    .await;
    let id = opened
        .iter()
        .find_map(|m| m.game)
        .expect("a game was opened");
    let mut table = Table {
        app,
        channel,
        game: id,
        now: T0,
    };
    table.say(user, "/game start").await;
    table
}

/// Plays `user`'s side of a game against the AI for up to `moves` moves;
/// returns every channel post, in order, and the thread as it stood after
/// each move.
async fn play_against_ai(table: &mut Table<'_>, user: &str, moves: u64) -> Vec<String> {
    let mut thread = Vec::new();
    for i in 0..moves {
        if !table.active().await {
            break;
        }
        let pick = xfiles_bot::engine::stable_hash(&format!("{user}:{i}"));
        let Some((_, said)) = table.play_offered(user, pick).await else {
            let hand = texts(&table.say(user, "/hand").await).join("\n");
            eprintln!("{user}: no move offered is accepted after {i} moves:\n{hand}");
            break;
        };
        thread.extend(posted(&said, table.channel));
    }
    thread
}

/// How many of `seat`'s logged moves are these actions (JSON).
async fn logged(table: &Table<'_>, user: &str, actions: &[&str]) -> usize {
    let log = table.app.store().actions(table.game).await.unwrap();
    log.iter()
        .filter(|a| a.user_id == user && actions.contains(&a.action.as_str()))
        .count()
}

fn lines_starting(thread: &[String], prefix: &str) -> usize {
    thread
        .iter()
        .flat_map(|t| t.lines())
        .filter(|l| l.starts_with(prefix))
        .count()
}

// 1. Every pass is a public event with a thread line, in each game.

#[tokio::test]
async fn every_pass_in_an_xfiles_game_is_posted_in_the_thread() {
    let db = database(Backend::Postgres).await;
    let app = app_with_decks(&db, 3).await;
    let mut table = against_ai(&app, "xf", "xfiles-ccg", "randy").await;
    let thread = play_against_ai(&mut table, "randy", 150).await;
    // A pass hands priority on or closes the window (p. 10): the table hears it.
    for (user, name) in [("ai:normal:1", AI), ("randy", "randy")] {
        let passes = logged(&table, user, &["\"pass\""]).await;
        let said = lines_starting(&thread, &format!("{name} passes"));
        assert!(passes > 0, "{name} never passed in 150 moves");
        assert_eq!(
            said,
            passes,
            "{name} passed {passes} times; the thread says so {said} times:\n{}",
            thread.join("\n")
        );
    }
}

#[tokio::test]
async fn every_pass_in_a_fan_ccg_game_is_posted_in_the_thread() {
    let db = database(Backend::Postgres).await;
    let app = app_with_decks(&db, 4).await;
    let mut table = against_ai(&app, "fan", "fan-ccg", "mel").await;
    let thread = play_against_ai(&mut table, "mel", 120).await;
    // A pass in a round and a pass on the Action step alike.
    let kinds = ["\"pass\"", "\"skip_action\""];
    for (user, name) in [("ai:normal:1", AI), ("mel", "mel")] {
        let passes = logged(&table, user, &kinds).await;
        let said = lines_starting(&thread, &format!("{name} passes"));
        assert!(passes > 0, "{name} never passed");
        assert_eq!(
            said,
            passes,
            "{name} passed {passes} times; the thread says so {said} times:\n{}",
            thread.join("\n")
        );
    }
}

#[tokio::test]
async fn every_declined_choice_and_end_of_turn_in_legendary_is_posted() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 11).await;
    say(
        &app,
        "@alice /game new game:legendary avatar:Scully easier:rejoin",
        T0,
    )
    .await;
    say(&app, "@bob /game join avatar:Doggett", T0).await;
    let mut table = Table {
        app: &app,
        channel: "table",
        game: 1,
        now: T0,
    };
    table.say("alice", "/game start").await;
    let users = table.users().await;
    let (mut ends, mut declines) = (0, 0);
    let mut thread = Vec::new();
    // Each player ends the turn at once and declines whatever they are asked.
    for _ in 0..80 {
        if !table.active().await {
            break;
        }
        let due = table.to_act().await;
        let user = users[usize::from(due[0])].clone();
        let hand = table.say(&user, "/hand").await;
        let yes_no = texts(&hand).join("\n").contains("1. yes; 2. no (/choose");
        let menu = hand.iter().flat_map(|m| &m.menus).next();
        let command = match menu {
            _ if yes_no => "/choose options:no".to_string(),
            Some(menu) => {
                let n = usize::from(menu.min.max(1));
                let values: Vec<String> = menu.options.iter().map(|o| o.value.clone()).collect();
                Menu::command_for(&menu.command, &values[..n])
            }
            None => "/end".to_string(),
        };
        let said = table.say(&user, &command).await;
        assert!(!texts(&said).join("\n").contains("Refused"), "{said:?}");
        declines += usize::from(yes_no);
        ends += usize::from(command == "/end");
        thread.extend(posted(&said, "table"));
    }
    let thread_text = thread.join("\n");
    let said_ends = ["alice", "bob"]
        .iter()
        .map(|n| lines_starting(&thread, &format!("{n} ends their turn.")))
        .sum::<usize>();
    let said_declines = ["alice", "bob"]
        .iter()
        .map(|n| lines_starting(&thread, &format!("{n} passes: no to \"")))
        .sum::<usize>();
    assert!(ends > 0, "nobody ended a turn");
    assert_eq!(
        (said_ends, said_declines),
        (ends, declines),
        "{thread_text}"
    );
}

// 2. "Next:" names whoever the game waits for.

#[tokio::test]
async fn next_never_names_the_ai_while_it_moves_at_once() {
    let db = database(Backend::Postgres).await;
    let app = app_with_decks(&db, 5).await;
    for (channel, game, user) in [("xf", "xfiles-ccg", "randy"), ("fan", "fan-ccg", "mel")] {
        let mut table = against_ai(&app, channel, game, user).await;
        for i in 0..60u64 {
            if !table.active().await {
                break;
            }
            let pick = xfiles_bot::engine::stable_hash(&format!("next:{i}"));
            let Some((command, said)) = table.play_offered(user, pick).await else {
                break;
            };
            let thread = posted(&said, channel).join("\n");
            let next: Vec<&str> = thread.lines().filter(|l| l.contains("Next:")).collect();
            assert!(
                next.iter().all(|l| !l.contains("Deep Throat")),
                "{game}: after {command}, the thread names the AI while it moves at once:\n{thread}"
            );
            if !table.active().await {
                break;
            }
            // The AI answered: the game waits for the player, and the thread says so.
            assert_eq!(table.to_act().await, vec![0], "{game}: the player is due");
            if let Some(last) = next.last() {
                assert!(last.contains(user), "{game}: after {command}: {last}");
            }
        }
    }
}

#[tokio::test]
async fn next_names_the_ai_while_it_waits_its_pause() {
    let db = database(Backend::Sqlite).await;
    let app = app_with_decks(&db, 6).await;
    let opened = say(
        &app,
        "@randy /game new game:xfiles-ccg deck:Randy opponent:ai pause:30s",
        T0,
    )
    .await;
    assert!(opened.iter().any(|m| m.game == Some(1)));
    let started = say(&app, "@randy /game start", T0 + 1).await;
    let thread = posted(&started, "table").join("\n");
    assert!(
        thread.contains(&format!("Next: randy, {AI}")),
        "both choose their X-File; the AI after its pause:\n{thread}"
    );
}

// 3. A move ends a pending undo request, aloud.

#[tokio::test]
async fn a_move_ends_a_pending_undo_request_with_a_thread_line() {
    let db = database(Backend::Postgres).await;
    let app = app_with_decks(&db, 7).await;
    say(&app, "@mel /game new game:fan-ccg deck:Mulder", T0).await;
    say(&app, "@ann /game join deck:Mulder", T0).await;
    let mut table = Table {
        app: &app,
        channel: "table",
        game: 1,
        now: T0,
    };
    table.say("mel", "/game start").await;
    let users = table.users().await;
    // Play until someone moved after the other's last move.
    let asker = loop {
        let log = app.store().actions(1).await.unwrap();
        if let [.., before, last] = log.as_slice()
            && before.user_id != last.user_id
        {
            break before.user_id.clone();
        }
        let due = table.to_act().await;
        let user = users[usize::from(due[0])].clone();
        let pick = log.len() as u64;
        table.play_offered(&user, pick).await.expect("a move");
    };
    let asked = texts(&table.say(&asker, "/game undo").await).join("\n");
    assert!(asked.contains("asks to take back"), "{asked}");
    let due = table.to_act().await;
    let mover = users[usize::from(due[0])].clone();
    let (command, said) = table.play_offered(&mover, 1).await.expect("a move");
    let thread = posted(&said, "table").join("\n");
    assert!(
        thread.contains(&format!(
            "{asker}'s request to take moves back ends, since {mover} moved on"
        )),
        "{mover} played {command} while {asker}'s undo request waited:\n{thread}"
    );
    let again = texts(&table.say(&mover, "/game undo refuse:true").await).join("\n");
    assert!(again.contains("Nobody asks to take moves back"), "{again}");
}

// 4. /game stats counts moves, and waits from the logged move times.

#[tokio::test]
async fn game_stats_counts_moves_and_a_two_day_wait_reads_as_days() {
    let db = database(Backend::Postgres).await;
    let app = app_with_decks(&db, 8).await;
    say(&app, "@mel /game new game:fan-ccg deck:Mulder", T0).await;
    say(&app, "@ann /game join deck:Mulder", T0).await;
    let mut table = Table {
        app: &app,
        channel: "table",
        game: 1,
        now: T0,
    };
    table.say("mel", "/game start").await;
    let users = table.users().await;
    let due = users[usize::from(table.to_act().await[0])].clone();
    table.play_offered(&due, 0).await.expect("a first move");
    // The next player waits 2 days and 3 hours before moving.
    table.now += 2 * DAY + 3 * HOUR;
    let waited = users[usize::from(table.to_act().await[0])].clone();
    table.play_offered(&waited, 0).await.expect("a second move");
    let stats = texts(&table.say("mel", "/game stats").await).join("\n");
    assert!(!stats.contains("turn"), "moves, not turns:\n{stats}");
    assert!(stats.contains("(2 moves)"), "{stats}");
    let line = stats
        .lines()
        .find(|l| l.starts_with(&format!("{waited}:")))
        .unwrap_or_else(|| panic!("a line for {waited}:\n{stats}"));
    // The wait, from the two logged move times: 2 days 3 h and the seconds
    // the console lines took.
    assert!(line.contains("longest 2 days 3 h"), "{line}");
}

// 5. The console shows Discord timestamps as dates.

#[tokio::test]
async fn the_console_shows_discord_timestamps_as_utc_dates() {
    // 1700000000 s is 2023-11-14 22:13:20 UTC.
    assert_eq!(
        xfiles_bot::console::plain_mentions("by <t:1700000000:f> (<t:1700000000:R>)"),
        "by 2023-11-14 22:13 UTC (2023-11-14 22:13 UTC)"
    );
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 9).await;
    let script = "@owner /league create name:Spring game:fan-ccg round:2d
@alice /league join
@bob /league join
@owner /league round";
    let (out, _, failures) = run_console(&app, script).await;
    assert_eq!(failures, 0, "{out}");
    assert!(!out.contains("<t:"), "{out}");
    let date = regex::Regex::new(r"Play by \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.").unwrap();
    assert!(date.is_match(&out), "{out}");
}

// 6. A hint typed as shown is accepted.

#[tokio::test]
async fn a_hint_naming_the_ai_player_is_accepted_as_typed() {
    let db = database(Backend::Sqlite).await;
    let app = app_with_decks(&db, 10).await;
    // The first of these games where the player won the high card (p. 2).
    for n in 1..=12 {
        let channel = format!("t{n}");
        let mut table = against_ai(&app, &channel, "fan-ccg", "mel").await;
        let hand = texts(&table.say("mel", "/hand").await).join("\n");
        let Some(hint) = may_hints(&hand)
            .into_iter()
            .find(|h| h.starts_with("/first") && h.contains("Deep Throat"))
        else {
            continue;
        };
        assert_eq!(hint, format!("/first player:\"{AI}\""));
        let script = format!("@mel #{channel} {hint}");
        let (out, err, failures) = run_console(&app, &script).await;
        assert_eq!((failures, err.as_str()), (0, ""), "{hint}");
        assert!(!out.contains("Refused"), "{out}");
        let heads: Vec<String> = blocks(&out).into_iter().map(|b| b.0).collect();
        assert!(heads.contains(&format!("[#{channel}]")), "{out}");
        let log = app.store().actions(table.game).await.unwrap();
        assert_eq!(log[0].user_id, "mel", "the hint made the move: {log:?}");
        return;
    }
    panic!("the player never won the high card in 12 games");
}

/// A deck's or league's name in a hint is quoted when it has spaces, so
/// the hint typed as shown names it whole.
#[tokio::test]
async fn a_deck_name_with_spaces_is_quoted_in_the_hint_that_saves_it() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 11).await;
    let (out, _, _) = run_console(&app, "@mel /deck show name:\"Randy Premiere\"").await;
    assert!(
        out.contains("/deck import name:\"Randy Premiere\" file:"),
        "{out}"
    );
}

#[test]
fn every_value_a_hint_quotes_reads_back_whole() {
    use xfiles_bot::app::command::spec::{option_value, quoted};
    let values = [
        "alice",
        "Deep Throat (AI, normal)",
        "Napoleon \"Neech\" Manley",
        "a\\b",
        "Burks; Follmer",
    ];
    for v in values {
        for typed in [option_value(v), quoted(v)] {
            let line = format!("@u /first player:{typed}");
            let parsed = xfiles_bot::console::parse_line(&line)
                .unwrap_or_else(|e| panic!("{line}: {e}"))
                .expect("a command");
            assert_eq!(parsed.options, vec![("player".to_string(), v.to_string())]);
        }
    }
    assert_eq!(option_value("alice"), "alice", "a plain word stays bare");
}
