//! The Discord paths no game reaches on its own: answers in follow-ups, a
//! delivery that fails, an interaction another process acknowledged
//! (Discord's 40060), a game of another server, a panic, and how many round
//! trips a move costs. The real bot against the spec-checked stand-in.

#[path = "support/discord.rs"]
mod fake;
mod support;
#[path = "support/discord_table.rs"]
mod table;

use std::time::Duration;

use table::*;

/// /help is over 6,000 characters: the first 2,000 are the interaction's
/// response, the rest ephemeral follow-ups, in order, each within the limit.
#[tokio::test(flavor = "multi_thread")]
async fn a_long_answer_continues_in_ephemeral_follow_ups_in_order() {
    let (fake, bot, _db) = bot(&[]).await;
    let i = fake.command(&randy(), Some(CHANNEL), "/help");
    fake.reply(&i).await;
    fake.settle().await;
    let replies = fake.replies(&i.id);
    assert!(replies.len() >= 3, "{} pieces", replies.len());
    assert!(
        replies
            .iter()
            .all(|r| r.ephemeral && r.content.chars().count() <= 2000)
    );
    let follow_ups = fake
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path.starts_with("/api/v10/webhooks/"))
        .count();
    assert_eq!(follow_ups, replies.len() - 1, "the rest are follow-ups");
    let whole: String = replies.iter().map(|r| r.content.as_str()).collect();
    assert!(
        whole.contains("/card") && whole.contains("/game"),
        "{whole}"
    );
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
}

/// A post the bot is not allowed to make (Discord's 50013) is reported to
/// the user who asked, privately, with what to fix.
#[tokio::test(flavor = "multi_thread")]
async fn a_post_the_bot_may_not_make_is_reported_to_the_user() {
    let (fake, bot, _db) = bot(&[]).await;
    fake.deny_channel(CHANNEL);
    let reply = fake
        .run(&randy(), Some(CHANNEL), "/card name:\"sheila braun\"")
        .await;
    assert!(
        reply.contains("I could not post in <#4000>")
            && reply.contains("Check that I may send messages"),
        "{reply}"
    );
    assert!(fake.in_channel(CHANNEL).is_empty());
    assert!(
        fake.sent()
            .iter()
            .all(|s| s.interaction.is_some() && s.ephemeral),
        "only the user is told"
    );
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
}

/// An interaction already acknowledged elsewhere (a deferral by another
/// process): the bot's response meets 40060 and it edits the original
/// response instead; the command acts once.
#[tokio::test(flavor = "multi_thread")]
async fn an_interaction_acknowledged_elsewhere_is_answered_by_editing_its_response() {
    let (fake, bot, _db) = bot(&[]).await;
    fake.acknowledge_next();
    let i = fake.command(&randy(), Some(CHANNEL), "/card name:\"sheila braun\"");
    fake.reply(&i).await;
    fake.settle().await;
    let callback = fake.callback(&i.id).expect("acknowledged");
    assert_eq!(callback["type"], 5, "the other process's deferral stays");
    let refused = fake
        .calls()
        .iter()
        .filter(|c| c.path.contains(&format!("/interactions/{}/", i.id)))
        .count();
    assert_eq!(refused, 1, "one response tried, refused with 40060");
    let edits = fake
        .calls()
        .iter()
        .filter(|c| c.method == "PATCH" && c.path.ends_with("/messages/@original"))
        .count();
    assert_eq!(edits, 1);
    assert!(fake.replies(&i.id)[0].content.contains("Done: see <#4000>"));
    assert_eq!(fake.in_channel(CHANNEL).len(), 1, "posted once");
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
}

/// Game ids are global, but a server sees only its own games.
#[tokio::test(flavor = "multi_thread")]
async fn a_command_naming_a_game_of_another_server_is_refused() {
    let (fake, bot, db) = bot(&[("XFILES_SEED", "11")]).await;
    start_game(&fake, "").await;
    let version = game_version(&db).await;
    fake.add_channel("7000", 2001);
    for line in [
        "/game status game:1",
        "/hand game:1",
        "/xfile game:1 card:\"The Jersey Devil\"",
    ] {
        let reply = fake.run(&randy(), Some("7000"), line).await;
        assert!(
            reply.contains("Game #1 belongs to another server"),
            "{line}: {reply}"
        );
    }
    assert!(fake.in_channel("7000").is_empty());
    assert_eq!(game_version(&db).await, version, "nothing changed");
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
}

/// A panic while handling is answered with a reference the user can quote,
/// logged with the interaction's id, and the bot goes on.
#[tokio::test(flavor = "multi_thread")]
async fn a_panic_is_answered_with_a_reference_and_logged_with_the_interaction_id() {
    let (fake, bot, _db) = bot(&[("XFILES_PANIC_ON", "card")]).await;
    let i = fake.command(&randy(), Some(CHANNEL), "/card name:\"sheila braun\"");
    let reply = fake.reply(&i).await;
    assert!(
        reply[0].ephemeral
            && reply[0].content.contains(&format!("reference {}", i.id))
            && reply[0].content.contains("Nothing was changed"),
        "{reply:?}"
    );
    let logged = bot
        .wait_log(1, |l| l.contains("panic") && l.contains(&i.id))
        .await
        .remove(0);
    assert!(logged.contains("XFILES_PANIC_ON"), "{logged}");
    let after = fake
        .run(&randy(), Some(CHANNEL), "/rules query:\"bluff cost\"")
        .await;
    assert!(after.contains("Done"), "{after}");
    fake.assert_spec_clean();
    assert!(bot.stop().await.success());
}

/// A move that posts in the thread and DMs both players: the DM channels
/// were opened at /game join, and the answer, the post and the DMs go out
/// together (Discord answers each call in 50-150 ms; here 100 ms).
#[tokio::test(flavor = "multi_thread")]
async fn a_move_answers_posts_and_dms_at_once_on_channels_opened_at_join() {
    let (fake, bot, _db) = bot(&[("XFILES_SEED", "11")]).await;
    let thread = open_game(&fake, "").await;
    fake.run(&les(), Some(&thread), "/game join deck:Les").await;
    let opened = fake.calls_to("/api/v10/users/@me/channels");
    assert_eq!(opened, 2, "one DM channel for each player, opened once");
    fake.set_latency(Duration::from_millis(100));
    fake.reset_peak();
    let i = fake.command(&randy(), Some(&thread), "/game start");
    fake.reply(&i).await;
    fake.settle().await;
    assert_eq!(fake.callback(&i.id).unwrap()["type"], 4, "no deferral");
    assert_eq!(fake.calls_to("/api/v10/users/@me/channels"), opened);
    for p in [randy(), les()] {
        assert!(
            fake.dms_to(&p.id)
                .iter()
                .any(|d| d.content.contains("Your opening hand")),
            "{} got their opening hand",
            p.name
        );
    }
    assert!(
        fake.in_channel(&thread)
            .iter()
            .any(|m| m.content.contains("has started"))
    );
    assert!(
        fake.peak_in_flight() >= 3,
        "the answer, the post and the DMs at once: at most {} calls were in flight together",
        fake.peak_in_flight()
    );
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
}
