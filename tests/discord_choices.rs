//! Discord-native choices: a seat's choices come as select menus (picked
//! in the DM, the move made once, nothing hidden shown in the thread), and
//! the board is an embed with a field for each player and the Sites. The
//! real bot against the spec-checked stand-in, which validates every menu
//! and embed against Discord's spec.

#[path = "support/discord.rs"]
mod fake;
mod support;
#[path = "support/discord_table.rs"]
mod table;

use table::*;

/// The X-File is chosen in secret from a menu of the player's own X-Files
/// (p. 5): the pick makes the move, and the thread never names the X-File.
#[tokio::test(flavor = "multi_thread")]
async fn the_x_file_is_picked_from_a_menu_in_the_dm_and_stays_secret() {
    let (fake, bot, db) = bot(&[]).await;
    let thread = start_game(&fake, "").await;
    let menu = x_file_menu(&fake);
    let labels: Vec<&str> = menu.options.iter().map(|o| o.0.as_str()).collect();
    assert_eq!(
        labels,
        ["Arctic Worm", "The Jersey Devil"],
        "Randy's X-Files"
    );
    assert_eq!((menu.min, menu.max), (1, 1));
    let before = game_version(&db).await;
    let jersey_devil = &menu.options[1].1;
    let i = fake.select(&randy(), None, &menu.custom_id, &[jersey_devil]);
    let answer: Vec<String> = fake
        .reply(&i)
        .await
        .into_iter()
        .map(|r| r.content)
        .collect();
    fake.settle().await;
    assert!(
        !answer.join("\n").contains("Refused"),
        "the pick is accepted: {answer:?}"
    );
    assert_eq!(game_version(&db).await, before + 1, "one move, made once");
    let status = run(&fake, &randy(), Some(&thread), "/hand").await;
    assert!(status.contains("Jersey Devil"), "{status}");
    for m in fake.in_channel(&thread) {
        assert!(
            !m.content.contains("Jersey Devil")
                && m.embeds
                    .iter()
                    .all(|e| !e.to_string().contains("Jersey Devil")),
            "the thread names the secret X-File: {}",
            m.content
        );
    }
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
}

/// /board in the thread is an embed: the game and phase as its title, a
/// field for each player with their pools and Agents, who acts in the
/// footer; the message's text is empty (the embed says it all).
#[tokio::test(flavor = "multi_thread")]
async fn the_board_is_an_embed_with_a_field_for_each_player() {
    let (fake, bot, _db) = bot(&[]).await;
    let thread = start_game(&fake, "").await;
    run(&fake, &les(), Some(&thread), "/board").await;
    let board = fake
        .in_channel(&thread)
        .into_iter()
        .rev()
        .find(|m| !m.embeds.is_empty())
        .expect("the board as an embed");
    let embed = &board.embeds[0];
    assert!(
        embed["title"].as_str().unwrap().contains("Game #1"),
        "{embed}"
    );
    let fields: Vec<&str> = embed["fields"]
        .as_array()
        .expect("fields")
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    for player in ["randy", "les"] {
        assert!(
            fields
                .iter()
                .any(|f| f.starts_with(player) && f.contains("RP")),
            "a field for {player}: {fields:?}"
        );
    }
    assert!(
        embed["footer"]["text"]
            .as_str()
            .unwrap()
            .starts_with("Next:"),
        "{embed}"
    );
    assert!(!board.content.contains("RP"), "the text is not repeated");
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
}

/// A practice game against the AI through Discord (issue 18): the AI
/// chooses its X-File at once, its moves reach the thread with no message
/// or mention addressed to it (an AI has no Discord id: the spec-checked
/// stand-in would refuse one), and /game why explains its last move.
#[tokio::test(flavor = "multi_thread")]
async fn a_game_against_the_ai_reaches_the_thread_and_nothing_is_sent_to_the_ai() {
    let (fake, bot, db) = bot(&[]).await;
    let thread = open_game(&fake, "opponent:ai-hard").await;
    assert!(
        contains(
            &fake.in_channel(CHANNEL),
            "(AI, hard) takes the second seat"
        ) == 1,
        "the opening post names the AI"
    );
    run(&fake, &randy(), Some(&thread), "/game start").await;
    fake.settle().await;
    assert_eq!(
        ai_moves(&db).await,
        1,
        "the AI chose its X-File at the start"
    );
    let before = fake.sent().len();
    let menu = x_file_menu(&fake);
    let i = fake.select(&randy(), None, &menu.custom_id, &[&menu.options[0].1]);
    fake.reply(&i).await;
    fake.settle().await;
    let after: Vec<_> = fake.sent().into_iter().skip(before).collect();
    assert!(
        after
            .iter()
            .any(|m| m.content.contains("randy has chosen an X-File"))
    );
    assert_eq!(due(&db).await, vec![0], "whatever the AI had to do, it did");
    // Randy goes on (refused steps are skipped) until the AI has moved.
    let steps = ["/draw", "/buy count:0", "/pass"];
    for n in 0..60 {
        if ai_moves(&db).await > 1 {
            break;
        }
        run(&fake, &randy(), Some(&thread), steps[n % steps.len()]).await;
    }
    fake.settle().await;
    assert!(ai_moves(&db).await > 1, "the AI moved again");
    assert!(due(&db).await.iter().all(|s| *s == 0), "and handed back");
    let posts = fake.in_channel(&thread);
    assert!(
        posts
            .iter()
            .any(|m| m.content.contains("Deep Throat (AI, hard) buys")),
        "the AI's moves are in the thread: {:?}",
        posts.iter().map(|m| &m.content).collect::<Vec<_>>()
    );
    let why = run(&fake, &randy(), Some(&thread), "/game why").await;
    assert!(why.contains("(AI, hard): "), "{why}");
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
}

/// How many moves the AI seats of game #1 have made.
async fn ai_moves(db: &str) -> usize {
    let store = xfiles_bot::store::Store::open(db).await.unwrap();
    let log = store.actions(1).await.unwrap();
    store.close().await;
    log.iter().filter(|a| a.user_id.starts_with("ai:")).count()
}

/// The seats game #1 waits on.
async fn due(db: &str) -> Vec<u8> {
    let store = xfiles_bot::store::Store::open(db).await.unwrap();
    let row = store.game(1).await.unwrap().unwrap();
    store.close().await;
    serde_json::from_str(&row.to_act).unwrap()
}

/// The X-File menu of Randy's latest DM that has one.
fn x_file_menu(fake: &fake::FakeDiscord) -> fake::SentMenu {
    fake.dms_to(&randy().id)
        .into_iter()
        .rev()
        .find_map(|m| {
            m.menus
                .into_iter()
                .find(|m| m.placeholder.contains("X-File"))
        })
        .expect("Randy's X-File menu")
}
