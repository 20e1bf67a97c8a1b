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
