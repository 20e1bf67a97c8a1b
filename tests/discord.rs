//! End to end through Discord: the real bot binary against a local stand-in
//! for Discord's HTTP API and gateway (tests/support/discord.rs), with a real
//! PostgreSQL database.

#[path = "support/discord.rs"]
mod fake;
mod support;

use std::time::Duration;

use fake::{BotProcess, FakeDiscord, Person};

const T: Duration = Duration::from_secs(30);
const CHANNEL: &str = "4000";

async fn bot(env: &[(&str, &str)]) -> (FakeDiscord, BotProcess, String) {
    let fake = FakeDiscord::start().await;
    let db = support::pg_url().await;
    let bot = BotProcess::start(&fake, &db, env).await;
    fake.wait_ready(T).await;
    (fake, bot, db)
}

#[tokio::test(flavor = "multi_thread")]
async fn the_bot_registers_every_command_and_answers_a_card_lookup() {
    let (fake, bot, _db) = bot(&[]).await;
    let registered = fake.registered().expect("registered");
    let names: Vec<&str> = registered
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    for expected in [
        "help", "card", "rules", "deck", "game", "hand", "play", "pass", "guess",
    ] {
        assert!(
            names.contains(&expected),
            "{expected} not registered: {names:?}"
        );
    }
    let alice = Person::new(11, "alice");
    let i = fake.command(&alice, Some(CHANNEL), "/card name:\"sheila braun\"");
    let posted = fake
        .wait_until("the card in the channel", T, |f| {
            f.in_channel(CHANNEL)
                .into_iter()
                .find(|m| m.content.contains("Sheila Braun"))
        })
        .await;
    assert!(posted.content.len() <= 2000);
    let callback = fake.callback(&i.id).expect("deferred");
    assert_eq!(callback["type"], 5, "deferred first: {callback}");
    bot.assert_no_dropped_events();
    assert!(
        fake.unknown_routes().is_empty(),
        "{:?}",
        fake.unknown_routes()
    );
    let status = bot.stop().await;
    assert!(status.success(), "SIGTERM ends the bot cleanly: {status:?}");
}

/// Sends a command and waits for the bot's reply to it.
async fn run(fake: &FakeDiscord, user: &Person, channel: Option<&str>, line: &str) -> String {
    let i = fake.command(user, channel, line);
    let replies = fake.reply(&i).await;
    replies
        .iter()
        .map(|r| r.content.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

fn randy() -> Person {
    Person::new(21, "randy")
}

fn les() -> Person {
    Person::new(22, "les")
}

/// Imports both test decks as attachments, as a player would.
async fn import_decks(fake: &FakeDiscord) {
    for (p, name, file) in [(randy(), "Randy", "randy.txt"), (les(), "Les", "les.json")] {
        let bytes = std::fs::read(format!("tests/data/decks/{file}")).unwrap();
        fake.add_file(file, &bytes);
        let reply = run(
            fake,
            &p,
            Some(CHANNEL),
            &format!("/deck import name:{name} file:\"file:{file}\""),
        )
        .await;
        assert!(
            !reply.contains("not saved") && !reply.contains("Cannot"),
            "{reply}"
        );
    }
}

/// Opens an X-Files CCG game in CHANNEL (extra options appended), seats both
/// players and starts it; returns the game's thread.
async fn start_game(fake: &FakeDiscord, options: &str) -> String {
    import_decks(fake).await;
    let reply = run(
        fake,
        &randy(),
        Some(CHANNEL),
        &format!("/game new game:xfiles-ccg deck:Randy {options}"),
    )
    .await;
    assert!(reply.contains("Done"), "{reply}");
    let thread = fake.threads().pop().expect("a thread for the game");
    assert_eq!(fake.thread_parent(&thread).as_deref(), Some(CHANNEL));
    let reply = run(fake, &les(), Some(&thread), "/game join deck:Les").await;
    assert!(!reply.contains("not"), "{reply}");
    run(fake, &randy(), Some(&thread), "/game start").await;
    thread
}

/// The committed console script of a whole X-Files CCG game (seed 11), played
/// here through Discord: decks as attachments, the game in its own thread.
#[tokio::test(flavor = "multi_thread")]
async fn a_whole_xfiles_game_through_discord_ends_with_a_correct_guess() {
    let (fake, bot, _db) = bot(&[("XFILES_SEED", "11")]).await;
    let script = std::fs::read_to_string("tests/scripts/xfiles-game.txt").unwrap();
    let expect = script
        .lines()
        .find_map(|l| l.strip_prefix("# expect: "))
        .unwrap()
        .to_string();
    let mut thread: Option<String> = None;
    let mut commands = 0;
    for line in script.lines().filter(|l| l.starts_with('@')) {
        let (user, command) = line.split_once(' ').unwrap();
        let person = if user == "@randy" { randy() } else { les() };
        let mut command = command.to_string();
        if let Some(path) = command
            .split_whitespace()
            .find_map(|w| w.strip_prefix("file:"))
            .map(str::to_string)
        {
            let file = path.rsplit('/').next().unwrap().to_string();
            fake.add_file(&file, &std::fs::read(&path).unwrap());
            command = command.replace(&format!("file:{path}"), &format!("file:\"file:{file}\""));
        }
        let channel = thread.clone().unwrap_or_else(|| CHANNEL.to_string());
        let reply = run(&fake, &person, Some(&channel), &command).await;
        assert!(!reply.contains("Refused"), "{line}: {reply}");
        commands += 1;
        if thread.is_none() && command.starts_with("/game new") {
            thread = fake.threads().pop();
            assert!(thread.is_some(), "/game new opens a thread");
        }
    }
    let thread = thread.unwrap();
    let posts = fake.in_channel(&thread);
    let last = &posts.last().unwrap().content;
    assert!(last.contains("Game over"), "{last}");
    assert!(last.contains("The Jersey Devil"), "{last}");
    assert!(expect.contains("identified"));
    // Hidden information: randy's X-File is named in the thread only once the
    // guess reveals it; no hand or private answer reaches a channel.
    for p in &posts[..posts.len() - 1] {
        assert!(
            !p.content.contains("The Jersey Devil"),
            "leak: {}",
            p.content
        );
    }
    for p in fake.in_channel(CHANNEL).iter().chain(&posts) {
        for private in ["Your hand", "Your X-File", "Your move"] {
            assert!(!p.content.contains(private), "leak: {}", p.content);
        }
    }
    // Every DM names its game and links to its thread.
    for user in [randy(), les()] {
        let dms = fake.dms_to(&user.id);
        assert!(
            dms.iter().any(|d| d.content.contains("Your hand")),
            "{} got a hand",
            user.name
        );
        for d in &dms {
            assert!(d.content.contains("**Game #1**"), "{}", d.content);
            assert!(d.content.contains(&format!("<#{thread}>")), "{}", d.content);
        }
    }
    // Whoever must move is pinged in the thread.
    assert!(posts.iter().any(|p| p.mentions.contains(&les().id)));
    assert!(posts.iter().any(|p| p.mentions.contains(&randy().id)));
    // Every command was answered, within Discord's limits.
    assert!(commands > 300);
    for s in fake.sent() {
        assert!(s.content.chars().count() <= 2000);
        assert!(s.buttons.len() <= 25);
        assert!(s.buttons.iter().all(|(_, id)| id.len() <= 100));
    }
    bot.assert_no_dropped_events();
    assert!(
        fake.unknown_routes().is_empty(),
        "{:?}",
        fake.unknown_routes()
    );
}
