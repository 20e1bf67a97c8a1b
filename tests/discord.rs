//! End to end through Discord: the real bot binary against a local stand-in
//! for Discord's HTTP API and gateway (tests/support/discord.rs), with a real
//! PostgreSQL database.

#[path = "support/discord.rs"]
mod fake;
mod support;
#[path = "support/discord_table.rs"]
mod table;

use std::time::Duration;

use fake::{BotProcess, Person, Sent};
use table::*;
use xfiles_bot::engine::Game;

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
    // A quick command is answered in the interaction's response itself:
    // no deferral, one call (sent alongside the post, so it may land after).
    let callback = fake
        .wait_until("the answer", T, |f| f.callback(&i.id))
        .await;
    assert_eq!(callback["type"], 4, "answered at once: {callback}");
    assert_eq!(callback["data"]["flags"], 64, "only to the user");
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
    assert!(
        fake.unknown_routes().is_empty(),
        "{:?}",
        fake.unknown_routes()
    );
    let status = bot.stop().await;
    assert!(status.success(), "SIGTERM ends the bot cleanly: {status:?}");
}

/// Sends a command and waits for the bot's reply to it.
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
    let summary = &posts.last().unwrap().content;
    assert!(
        summary.contains("Now public: randy's X-File was The Jersey Devil"),
        "{summary}"
    );
    let over = &posts[posts.len() - 2].content;
    assert!(over.contains("Game over"), "{over}");
    assert!(over.contains("The Jersey Devil"), "{over}");
    assert!(expect.contains("identified"));
    // Hidden information: randy's X-File is named in the thread only once the
    // guess reveals it; no hand or private answer reaches a channel.
    for p in &posts[..posts.len() - 2] {
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
    fake.assert_spec_clean();
    assert!(
        fake.unknown_routes().is_empty(),
        "{:?}",
        fake.unknown_routes()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_player_with_closed_dms_is_told_once_and_sees_their_cards_ephemerally() {
    let (fake, bot, _db) = bot(&[("XFILES_SEED", "11")]).await;
    fake.close_dms(&les().id);
    let thread = open_game(&fake, "").await;
    // Joining probes the DMs: the joiner is told, privately, with the content.
    let reply = run(&fake, &les(), Some(&thread), "/game join deck:Les").await;
    assert!(
        reply.contains("I cannot send you direct messages"),
        "{reply}"
    );
    assert!(reply.contains("you have a seat"), "{reply}");
    run(&fake, &randy(), Some(&thread), "/game start").await;
    run(
        &fake,
        &randy(),
        Some(&thread),
        "/xfile card:\"The Jersey Devil\"",
    )
    .await;
    // The thread says so once, without any private content.
    let posts = fake.in_channel(&thread);
    assert_eq!(
        contains(&posts, "I cannot send direct messages to <@22>"),
        1
    );
    for p in &posts {
        assert!(!p.content.contains("Your hand"), "{}", p.content);
    }
    assert!(fake.dms_to(&les().id).is_empty());
    // Failed DMs are remembered, not retried on every event (they count
    // toward Discord's invalid-request limit): only les's own commands retry.
    let attempts = fake.calls_to("/api/v10/channels/922/messages");
    assert!(attempts <= 2, "{attempts} DM attempts to a closed inbox");
    // /hand answers only to les.
    let i = fake.command(&les(), Some(&thread), "/hand");
    let replies = fake.reply(&i).await;
    assert!(replies.iter().all(|r| r.ephemeral));
    assert!(contains(&replies, "Your hand") == 1, "{replies:?}");
    assert_eq!(
        fake.in_channel(&thread).len(),
        posts.len(),
        "/hand posts nothing"
    );
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
}

#[tokio::test(flavor = "multi_thread")]
async fn strangers_cannot_act_and_only_the_creator_or_a_manager_manages_the_game() {
    let (fake, bot, db) = bot(&[("XFILES_SEED", "11")]).await;
    let thread = start_game(&fake, "").await;
    let posts = fake.in_channel(&thread).len();
    let version = game_version(&db).await;
    let mallory = Person::new(23, "mallory");
    for (line, why) in [
        ("/xfile card:\"The Jersey Devil\"", "do not sit in game #1"),
        ("/pass", "do not sit in game #1"),
        (
            "/game cancel",
            "Only the creator of game #1 or a server manager",
        ),
        (
            "/game advance",
            "Only the creator of game #1 or a member with Manage Server",
        ),
    ] {
        let i = fake.command(&mallory, Some(&thread), line);
        let replies = fake.reply(&i).await;
        assert!(replies.iter().all(|r| r.ephemeral), "{line}");
        assert_eq!(contains(&replies, why), 1, "{line}: {replies:?}");
    }
    // les is seated but it is randy's move.
    let reply = run(&fake, &les(), Some(&thread), "/draw").await;
    assert!(
        reply.contains("Refused") && reply.contains("Nothing was changed"),
        "{reply}"
    );
    assert_eq!(
        fake.in_channel(&thread).len(),
        posts,
        "refusals post nothing"
    );
    assert_eq!(game_version(&db).await, version, "refusals change nothing");
    // A member with Manage Server may cancel it.
    let mut moderator = Person::new(24, "mod");
    moderator.manager = true;
    run(&fake, &moderator, Some(&thread), "/game cancel").await;
    assert_eq!(
        contains(&fake.in_channel(&thread), "Game #1 was cancelled by mod"),
        1
    );
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_input_gets_a_specific_private_answer_and_changes_nothing() {
    let (fake, bot, db) = bot(&[("XFILES_SEED", "11")]).await;
    let thread = start_game(&fake, "").await;
    let posts = fake.in_channel(&thread).len();
    let version = game_version(&db).await;
    let cases: [(Option<&str>, &str, &str); 5] = [
        (
            Some(&thread),
            "/xfile card:\"Fox Mulder's Apartment\"",
            "is not one of your X-Files",
        ),
        (Some(&thread), "/game vacation days:99", "out of range"),
        (Some("4999"), "/pass", "There is no game in this channel"),
        (None, "/game new game:xfiles-ccg", "not in a direct message"),
        (
            Some(&thread),
            "/game new game:xfiles-ccg deadline:soon",
            "not a duration",
        ),
    ];
    for (channel, line, why) in cases {
        let i = fake.command(&randy(), channel, line);
        let replies = fake.reply(&i).await;
        assert!(replies.iter().all(|r| r.ephemeral), "{line}");
        assert_eq!(contains(&replies, why), 1, "{line}: {replies:?}");
    }
    assert_eq!(fake.in_channel(&thread).len(), posts);
    assert_eq!(game_version(&db).await, version);
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
}

#[tokio::test(flavor = "multi_thread")]
async fn autocomplete_offers_your_own_cards_and_buttons_run_their_command() {
    let (fake, bot, _db) = bot(&[("XFILES_SEED", "11")]).await;
    let thread = start_game(&fake, "").await;
    // Randy's X-File choices come from his own candidates.
    let i = fake.autocomplete(&randy(), Some(&thread), "/xfile card:jers", "card");
    let choices = fake
        .wait_until("autocomplete", T, |f| f.callback(&i.id))
        .await;
    assert_eq!(choices["type"], 8, "{choices}");
    let names: Vec<&str> = choices["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["The Jersey Devil"]);
    // Card lookups: at most 25, from the whole card pool.
    let i = fake.autocomplete(&les(), Some(CHANNEL), "/card name:agent", "name");
    let choices = fake
        .wait_until("autocomplete", T, |f| f.callback(&i.id))
        .await;
    let n = choices["data"]["choices"].as_array().unwrap().len();
    assert!((1..=25).contains(&n), "{n} choices");
    // Deck names and game ids.
    let i = fake.autocomplete(&les(), Some(CHANNEL), "/deck show name:l", "name");
    let choices = fake
        .wait_until("autocomplete", T, |f| f.callback(&i.id))
        .await;
    assert_eq!(choices["data"]["choices"][0]["value"], "Les");
    let i = fake.autocomplete(&les(), Some(CHANNEL), "/game status game:#", "game");
    let choices = fake
        .wait_until("autocomplete", T, |f| f.callback(&i.id))
        .await;
    assert_eq!(choices["data"]["choices"][0]["value"], "1");
    // The "My hand" button under the post that pings randy.
    let post = fake
        .in_channel(&thread)
        .into_iter()
        .rfind(|p| p.mentions.contains(&randy().id))
        .expect("randy is pinged");
    let (_, id) = post
        .buttons
        .iter()
        .find(|(l, _)| l == "My hand")
        .expect("a hand button")
        .clone();
    let i = fake.press(&randy(), Some(&thread), &id);
    let replies = fake.reply(&i).await;
    assert!(
        replies[0].ephemeral && replies[0].content.contains("Your hand"),
        "{replies:?}"
    );
    // Pressed by someone else, it answers them about their own seat.
    let i = fake.press(&Person::new(23, "mallory"), Some(&thread), &id);
    let replies = fake.reply(&i).await;
    assert!(replies[0].content.contains("do not sit"), "{replies:?}");
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_restarted_bot_resumes_the_game_reminds_and_ignores_redelivered_interactions() {
    let env = [
        ("XFILES_SEED", "11"),
        ("REMIND_AFTER", "3s"),
        ("MIN_INTERVAL", "1s"),
    ];
    let (fake, first, db) = bot(&env).await;
    let thread = open_game(&fake, "").await;
    let join = fake.command(&les(), Some(&thread), "/game join deck:Les");
    fake.redeliver(&join);
    fake.reply(&join).await;
    // The first delivery acts; the second is told it arrived twice.
    fake.settle().await;
    let start = fake.command(&randy(), Some(&thread), "/game start");
    fake.reply(&start).await;
    assert_eq!(
        contains(&fake.in_channel(&thread), "les joins game #1"),
        1,
        "one join"
    );
    assert!(first.stop().await.success());

    let second = BotProcess::start(&fake, &db, &env).await;
    fake.wait_identified(2, T).await;
    // Redelivered to the new process (as if the first acknowledgement had
    // been lost on the way): answered, not repeated.
    fake.forget_acknowledgement(&start);
    fake.redeliver(&start);
    let reply = fake
        .wait_until("the redelivered start's answer", T, |f| {
            f.replies(&start.id)
                .into_iter()
                .find(|r| r.content.contains("Already done"))
        })
        .await;
    assert!(reply.ephemeral);
    assert_eq!(contains(&fake.in_channel(&thread), "has started"), 1);
    // The reminder comes from the store, after the restart.
    let dm = fake
        .wait_until("a reminder DM", Duration::from_secs(20), |f| {
            f.dms_to(&randy().id)
                .into_iter()
                .find(|d| d.content.contains("a reminder"))
        })
        .await;
    assert!(
        dm.content.contains(&format!("<#{thread}>")),
        "{}",
        dm.content
    );
    let post = fake
        .wait_until("a reminder in the thread", T, |f| {
            f.in_channel(&thread)
                .into_iter()
                .find(|p| p.content.contains("Reminder"))
        })
        .await;
    assert!(post.mentions.contains(&randy().id));
    assert!(!post.content.contains("Your hand"));
    // Play goes on with the new process.
    let reply = run(
        &fake,
        &randy(),
        Some(&thread),
        "/xfile card:\"The Jersey Devil\"",
    )
    .await;
    assert!(!reply.contains("Refused"), "{reply}");
    let reply = run(&fake, &randy(), Some(&thread), "/game stats").await;
    assert!(reply.contains("randy: 1 move"), "{reply}");
    second.assert_no_dropped_events();
    fake.assert_spec_clean();
    assert!(second.stop().await.success());
}

#[tokio::test(flavor = "multi_thread")]
async fn after_the_agreed_deadline_the_game_moves_for_the_idle_player_and_vacations_pause_it() {
    let env = [("XFILES_SEED", "11"), ("MIN_INTERVAL", "1s")];
    let (fake, bot, _db) = bot(&env).await;
    let thread = start_game(&fake, "deadline:2s").await;
    let post = fake
        .wait_until("the deadline move", Duration::from_secs(20), |f| {
            f.in_channel(&thread)
                .into_iter()
                .find(|p| p.content.contains("ran out"))
        })
        .await;
    assert!(
        post.content
            .contains("randy's agreed time for a move (2 s) ran out"),
        "{}",
        post.content
    );
    assert!(
        post.mentions.contains(&les().id),
        "les is now due: {post:?}"
    );
    let dm = fake
        .wait_until("the DM saying what was done", T, |f| {
            f.dms_to(&randy().id)
                .into_iter()
                .find(|d| d.content.contains("moved for you"))
        })
        .await;
    assert!(dm.content.contains("**Game #1**"));
    // les, now due, goes on vacation: no deadline move for them meanwhile.
    let reply = run(&fake, &les(), Some(&thread), "/game vacation days:3").await;
    assert!(reply.contains("Done"), "{reply}");
    let before = contains(&fake.in_channel(&thread), "ran out");
    tokio::time::sleep(Duration::from_secs(4)).await;
    assert_eq!(contains(&fake.in_channel(&thread), "ran out"), before);
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
}

/// Issue 41: a display name made of Markdown and mentions is shown as
/// typed and never makes a link, a spoiler, code, a role pill or a ping,
/// through every kind of message (channel posts and the game's thread, DMs,
/// replies, embeds, buttons); names the bot would store that way are refused.
#[tokio::test(flavor = "multi_thread")]
async fn a_hostile_display_name_is_inert_in_every_message_and_hostile_stored_names_are_refused() {
    const HOSTILE: &str = "[nitro](https://x.y) ||s|| `c` <@&9> @everyone";
    let (fake, bot, _db) = bot(&[("XFILES_SEED", "11")]).await;
    let mallory = Person::new(66, HOSTILE);
    let bytes = std::fs::read("tests/data/decks/randy.txt").unwrap();
    fake.add_file("randy.txt", &bytes);
    let line = "/deck import name:Mallory file:\"file:randy.txt\"";
    run(&fake, &mallory, Some(CHANNEL), line).await;
    for (line, says) in [
        (
            format!("/deck import name:\"{HOSTILE}\" text:\"1 Knife\""),
            "A deck's name cannot contain '['",
        ),
        (
            format!("/league create game:xfiles-ccg name:\"{HOSTILE}\""),
            "A league's name cannot contain '['",
        ),
    ] {
        let mut boss = mallory.clone();
        boss.manager = true;
        let reply = run(&fake, &boss, Some(CHANNEL), &line).await;
        assert!(reply.contains(says), "{reply}");
    }
    run(
        &fake,
        &mallory,
        Some(CHANNEL),
        &format!("/rules query:\"{HOSTILE}\""),
    )
    .await;
    run(
        &fake,
        &mallory,
        Some(CHANNEL),
        &format!("/card name:\"{HOSTILE}\""),
    )
    .await;
    import_decks(&fake).await;
    let reply = run(
        &fake,
        &mallory,
        Some(CHANNEL),
        "/game new game:xfiles-ccg deck:Mallory",
    )
    .await;
    assert!(reply.contains("Done"), "{reply}");
    let thread = fake.threads().pop().expect("a thread");
    run(&fake, &les(), Some(&thread), "/game join deck:Les").await;
    run(&fake, &mallory, Some(&thread), "/game start").await;
    for line in [
        "/xfile card:\"The Jersey Devil\"",
        "/hand",
        "/board",
        "/game status",
    ] {
        run(&fake, &mallory, Some(&thread), line).await;
    }
    // League posts and the standings embed name members too.
    let mut organiser = les();
    organiser.manager = true;
    let line = "/league create name:Winter game:fan-ccg";
    run(&fake, &organiser, Some(CHANNEL), line).await;
    for who in [mallory.clone(), randy()] {
        run(&fake, &who, Some(CHANNEL), "/league join").await;
    }
    run(&fake, &organiser, Some(CHANNEL), "/league round").await;
    run(&fake, &mallory, Some(CHANNEL), "/league standings").await;
    fake.settle().await;
    let mut texts = Vec::new();
    for call in fake.calls() {
        strings(&call.body, &mut texts);
    }
    let named = texts.iter().filter(|t| t.contains("nitro")).count();
    assert!(named >= 5, "the name is shown ({named} texts)");
    for text in &texts {
        for raw in ["[nitro](", "||s||", "`c`", "<@&9>"] {
            assert!(!text.contains(raw), "{raw} in {text}");
        }
        for (at, _) in text.match_indices("@everyone") {
            assert!(text[..at].ends_with('\\'), "a bare @everyone in {text}");
        }
    }
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
}

/// Every string inside a JSON value.
fn strings(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        serde_json::Value::Object(o) => o.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// Issue 41, the outbox: a process SIGKILLed after committing a scheduled
/// move and before posting it (`XFILES_KILL_BEFORE_POST`) leaves the move's
/// posts owed in the store; the next process delivers them once, and every
/// deadline move of the game ends up posted exactly once.
#[tokio::test(flavor = "multi_thread")]
async fn a_scheduled_move_committed_by_a_killed_process_is_posted_once_by_the_next() {
    let env = [
        ("XFILES_SEED", "11"),
        ("MIN_INTERVAL", "1s"),
        ("OUTBOX_RETRY_AFTER", "1s"),
    ];
    let killed: Vec<(&str, &str)> = [("XFILES_KILL_BEFORE_POST", "1")]
        .into_iter()
        .chain(env)
        .collect();
    let (fake, first, db) = bot(&killed).await;
    let thread = start_game(&fake, "deadline:2s").await;
    let status = first.exited(Duration::from_secs(30)).await;
    assert!(!status.success(), "killed: {status:?}");
    let store = xfiles_bot::store::Store::open(&db).await.unwrap();
    assert_eq!(
        store.deadline_moves(1).await.unwrap(),
        1,
        "the move committed"
    );
    assert_eq!(
        contains(&fake.in_channel(&thread), "ran out"),
        0,
        "not posted"
    );
    let second = BotProcess::start(&fake, &db, &env).await;
    fake.wait_identified(2, T).await;
    let owed = "randy's agreed time for a move (2 s) ran out";
    fake.wait_until("the owed post", Duration::from_secs(20), |f| {
        f.in_channel(&thread)
            .into_iter()
            .find(|p| p.content.contains(owed))
    })
    .await;
    for who in [randy(), les()] {
        run(&fake, &who, Some(&thread), "/game vacation days:3").await;
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    fake.settle().await;
    let moves = store.deadline_moves(1).await.unwrap();
    assert_eq!(
        contains(&fake.in_channel(&thread), "ran out") as i64,
        moves,
        "each of the {moves} deadline moves posted once"
    );
    store.close().await;
    second.assert_no_dropped_events();
    fake.assert_spec_clean();
    assert!(second.stop().await.success());
}

fn alice() -> Person {
    Person::new(31, "alice")
}

fn bob() -> Person {
    Person::new(32, "bob")
}

/// Names of cards the finished game never revealed (still in the Academy,
/// the Conspiracy Deck or undiscovered Evidence), leaving out any name that
/// is part of a name the table saw.
fn never_revealed(g: &xfiles_bot::engine::legendary::LeGame) -> Vec<String> {
    use xfiles_bot::engine::legendary::Proof;
    let seen: Vec<String> = g.revealed_once.iter().map(|c| g.name(*c)).collect();
    let hidden_evidence = g
        .evidence
        .iter()
        .filter(|e| e.state == Proof::Undiscovered && !g.the_end)
        .map(|e| e.card);
    let mut names: Vec<String> = g
        .academy
        .iter()
        .chain(&g.conspiracy)
        .copied()
        .chain(hidden_evidence)
        .map(|c| g.name(c))
        .filter(|n| !seen.iter().any(|s| s.contains(n.as_str())))
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The committed console script of a whole Legendary Encounters game,
/// played through Discord: the thread and the channel never name a card
/// before it is revealed, hands go by DM, and the fill-in template comes
/// back as a file.
#[tokio::test(flavor = "multi_thread")]
async fn a_whole_legendary_game_through_discord_keeps_hidden_cards_hidden() {
    let (fake, bot, db) = bot(&[("XFILES_SEED", "11")]).await;
    let script = std::fs::read_to_string("tests/scripts/legendary-game.txt").unwrap();
    let mut thread: Option<String> = None;
    for line in script.lines().filter(|l| l.starts_with('@')) {
        let (user, command) = line.split_once(' ').unwrap();
        let person = if user == "@alice" { alice() } else { bob() };
        let channel = thread.clone().unwrap_or_else(|| CHANNEL.to_string());
        let reply = run(&fake, &person, Some(&channel), command).await;
        assert!(!reply.contains("Refused"), "{line}: {reply}");
        if thread.is_none() {
            thread = fake.threads().pop();
        }
    }
    let thread = thread.expect("the game has a thread");
    let store = xfiles_bot::store::Store::open(&db).await.unwrap();
    let row = store.game(1).await.unwrap().unwrap();
    store.close().await;
    let g: xfiles_bot::engine::legendary::LeGame =
        serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
    assert!(
        g.outcome().is_some() && g.the_end,
        "the script reaches \"The End\""
    );
    let hidden = never_revealed(&g);
    assert!(hidden.len() > 10, "names to look for: {hidden:?}");
    let posts: Vec<fake::Sent> = fake
        .in_channel(&thread)
        .into_iter()
        .chain(fake.in_channel(CHANNEL))
        .collect();
    assert!(posts.len() > 100);
    let end_game = g.name(g.end_game);
    assert!(
        posts.iter().any(|p| p.content.contains(&end_game)),
        "a revealed card is named: the search can find names"
    );
    for p in &posts {
        for name in &hidden {
            assert!(
                !p.content.contains(name.as_str()),
                "{name} leaked: {}",
                p.content
            );
        }
        assert!(!p.content.contains("You draw:"), "a hand: {}", p.content);
    }
    for user in [alice(), bob()] {
        let dms = fake.dms_to(&user.id);
        assert!(
            dms.iter().any(|d| d.content.contains("You draw:")),
            "{}",
            user.name
        );
    }
    let i = fake.command(&alice(), Some(CHANNEL), "/legendary template");
    let reply = fake.reply(&i).await;
    let file = reply
        .iter()
        .flat_map(|r| &r.files)
        .next()
        .expect("the template is attached");
    assert_eq!(file.filename, "legendary-box-template.json");
    assert_eq!(
        String::from_utf8(file.bytes.clone()).unwrap(),
        xfiles_bot::engine::legendary::boxfile::template()
    );
    assert!(reply.iter().all(|r| r.ephemeral));
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
    assert!(
        fake.unknown_routes().is_empty(),
        "{:?}",
        fake.unknown_routes()
    );
}

/// A league through Discord: an organiser opens it and a round, and the
/// standings come to the channel as text with the picture attached.
#[tokio::test(flavor = "multi_thread")]
async fn a_league_round_and_its_standings_picture_through_discord() {
    let (fake, bot, _db) = bot(&[]).await;
    let organiser = Person {
        manager: true,
        ..Person::new(40, "skinner")
    };
    let reply = run(
        &fake,
        &alice(),
        Some(CHANNEL),
        "/league create name:Winter game:fan-ccg",
    )
    .await;
    assert!(reply.contains("Only an organiser"), "{reply}");
    let reply = run(
        &fake,
        &organiser,
        Some(CHANNEL),
        "/league create name:Winter game:fan-ccg",
    )
    .await;
    assert!(reply.contains("League **Winter** is open"), "{reply}");
    for p in [alice(), bob()] {
        run(&fake, &p, Some(CHANNEL), "/league join").await;
    }
    run(&fake, &organiser, Some(CHANNEL), "/league round").await;
    let round = fake
        .in_channel(CHANNEL)
        .into_iter()
        .find(|m| m.content.contains("Winter — round 1"))
        .expect("the round is posted");
    assert!(round.mentions.contains(&alice().id) && round.mentions.contains(&bob().id));
    run(&fake, &bob(), Some(CHANNEL), "/league standings").await;
    let standings = fake
        .in_channel(CHANNEL)
        .into_iter()
        .find(|m| m.embeds.iter().any(|e| e["title"] == "Winter — standings"))
        .expect("the standings are posted as an embed");
    let embed = &standings.embeds[0];
    assert_eq!(
        embed["image"]["url"], "attachment://standings.png",
        "{embed}"
    );
    let rows = embed["description"].as_str().unwrap();
    assert!(rows.starts_with("1. ") && rows.contains(" pts ("), "{rows}");
    assert!(embed["footer"]["text"].as_str().unwrap().contains("win 3"));
    let picture = standings.files.first().expect("with the picture attached");
    assert_eq!(picture.filename, "standings.png");
    assert!(picture.bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
    assert!(
        fake.unknown_routes().is_empty(),
        "{:?}",
        fake.unknown_routes()
    );
}

/// A limited league through Discord: a role option names the organisers,
/// a member of that role deals, each drafter's pile comes by DM with a
/// select menu of its cards, and a pick from the menu is told to its picker
/// only.
#[tokio::test(flavor = "multi_thread")]
async fn a_cube_draft_deals_piles_by_dm_and_picks_from_a_menu() {
    let (fake, bot, _db) = bot(&[]).await;
    let skinner = Person {
        manager: true,
        ..Person::new(40, "skinner")
    };
    let frohike = Person {
        roles: vec!["77".into()],
        ..Person::new(41, "frohike")
    };
    let reply = run(
        &fake,
        &skinner,
        Some(CHANNEL),
        "/league create name:Cube game:xfiles-ccg format:draft organisers:77",
    )
    .await;
    assert!(reply.contains("booster draft"), "{reply}");
    let drafters = [alice(), bob(), randy()];
    for p in &drafters {
        run(&fake, p, Some(CHANNEL), "/league join").await;
    }
    let refused = run(&fake, &alice(), Some(CHANNEL), "/league deal").await;
    assert!(
        refused.contains("Only an organiser (Manage Server or the role <@&77>)"),
        "{refused}"
    );
    run(&fake, &frohike, Some(CHANNEL), "/league deal").await;
    let begins = fake
        .in_channel(CHANNEL)
        .into_iter()
        .find(|m| m.content.contains("the draft begins"))
        .expect("the draft is announced");
    assert!(!begins.content.contains("Agent "), "no card in the channel");
    let piles: Vec<Sent> = drafters
        .iter()
        .map(|p| fake.dms_to(&p.id).pop().expect("a pile by DM"))
        .collect();
    for pile in &piles {
        assert_eq!(pile.menus.len(), 1, "one menu: {}", pile.content);
        assert_eq!(pile.menus[0].options.len(), 6, "six Agents, an option each");
        assert_eq!((pile.menus[0].min, pile.menus[0].max), (1, 1));
    }
    let menu = piles[0].menus[0].clone();
    let (label, value) = menu.options[0].clone();
    let label = label.trim_end_matches(" (Agent)").to_string();
    let i = fake.select(&alice(), None, &menu.custom_id, &[&value]);
    let answer: String = fake
        .reply(&i)
        .await
        .iter()
        .map(|r| r.content.clone())
        .collect();
    assert!(
        answer.contains(&format!("You kept **{label}**")),
        "{answer}"
    );
    for other in [bob(), randy()] {
        assert!(
            fake.dms_to(&other.id)
                .iter()
                .all(|m| !m.content.contains("You kept")),
            "nobody else hears of the pick"
        );
    }
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
    assert!(
        fake.unknown_routes().is_empty(),
        "{:?}",
        fake.unknown_routes()
    );
}

/// The checker itself: a stand-in answer missing what Discord's spec
/// requires is named by route and field (the defects it found at first).
#[test]
fn the_spec_checker_names_the_route_and_the_missing_field() {
    let spec = fake::spec::spec();
    assert_eq!(
        spec.route("POST", "/api/v10/users/@me/channels").as_deref(),
        Some("/users/@me/channels")
    );
    let dm = serde_json::json!({"id": "9", "type": 1, "recipients": [
        {"id": "1", "username": "u", "discriminator": "0", "avatar": null}]});
    let problems = spec.check_response(
        "POST",
        "/api/v10/users/@me/channels",
        200,
        dm.to_string().as_bytes(),
    );
    let all = problems.join("\n");
    assert!(
        all.contains("POST /users/@me/channels response 200"),
        "{all}"
    );
    assert!(all.contains("global_name"), "{all}");
    let undeclared = spec.check_response("PUT", "/api/v10/applications/1/commands", 204, b"");
    assert!(
        undeclared[0].contains("status not declared"),
        "{undeclared:?}"
    );
    let bad = serde_json::json!({"type": 4, "data": {"content": 3}});
    let request = spec.check_request("POST", "/api/v10/interactions/1/tok/callback", &bad);
    assert!(!request.is_empty());
    assert!(
        spec.check_request("GET", "/api/v10/nowhere", &serde_json::Value::Null)[0]
            .contains("no such route")
    );
}
