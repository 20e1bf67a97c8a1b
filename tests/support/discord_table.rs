//! What the Discord end-to-end tests share: the bot against the stand-in
//! with a fresh PostgreSQL database, the two players of the test decks, and
//! an X-Files CCG game opened and started in its own thread.
#![allow(dead_code)]

use std::time::Duration;

use crate::fake::{BotProcess, FakeDiscord, Person};

pub const T: Duration = Duration::from_secs(30);
pub const CHANNEL: &str = "4000";

/// The stand-in and the real bot on a fresh database (its URL).
pub async fn bot(env: &[(&str, &str)]) -> (FakeDiscord, BotProcess, String) {
    let fake = FakeDiscord::start().await;
    let db = crate::support::pg_url().await;
    let bot = BotProcess::start(&fake, &db, env).await;
    fake.wait_ready(T).await;
    (fake, bot, db)
}

/// Sends a command and waits for the bot's reply to it and its deliveries.
pub async fn run(fake: &FakeDiscord, user: &Person, channel: Option<&str>, line: &str) -> String {
    fake.run(user, channel, line).await
}

pub fn randy() -> Person {
    Person::new(21, "randy")
}

pub fn les() -> Person {
    Person::new(22, "les")
}

/// Imports both test decks as attachments, as a player would.
pub async fn import_decks(fake: &FakeDiscord) {
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

/// Imports the decks and opens an X-Files CCG game in CHANNEL for randy
/// (extra options appended); returns the game's thread.
pub async fn open_game(fake: &FakeDiscord, options: &str) -> String {
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
    thread
}

/// Opens the game, seats both players and starts it; returns the thread.
pub async fn start_game(fake: &FakeDiscord, options: &str) -> String {
    let thread = open_game(fake, options).await;
    let reply = run(fake, &les(), Some(&thread), "/game join deck:Les").await;
    assert!(!reply.contains("not"), "{reply}");
    run(fake, &randy(), Some(&thread), "/game start").await;
    thread
}

pub fn contains(messages: &[crate::fake::Sent], text: &str) -> usize {
    messages.iter().filter(|m| m.content.contains(text)).count()
}

pub async fn game_version(db: &str) -> i64 {
    let store = xfiles_bot::store::Store::open(db).await.unwrap();
    let v = store.game(1).await.unwrap().unwrap().version;
    store.close().await;
    v
}
