//! `xfiles-bot serve`, the interactions endpoint: the real binary as
//! stateless replicas behind the stand-in's load balancer, on one
//! PostgreSQL database. Each interaction's first response is its HTTP reply.

#[path = "support/discord.rs"]
mod fake;
mod support;
#[path = "support/discord_table.rs"]
mod table;

use std::time::Duration;

use fake::{BotProcess, FakeDiscord};
use table::*;

/// One replica against the stand-in, on a fresh database.
async fn endpoint(env: &[(&str, &str)]) -> (FakeDiscord, BotProcess, String, String) {
    let fake = FakeDiscord::start().await;
    let db = support::pg_url().await;
    let (bot, address) = BotProcess::serve(&fake, &db, env).await;
    assert!(
        fake.registered().is_none(),
        "serve starts without reaching Discord"
    );
    BotProcess::register(&fake).await;
    fake.add_endpoint(&address);
    fake.wait_registered(T).await;
    (fake, bot, db, address)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_game_through_the_interactions_endpoint_answers_in_the_http_reply() {
    let (fake, bot, _db, _address) = endpoint(&[("XFILES_SEED", "11")]).await;
    let thread = start_game(&fake, "").await;
    let reply = run(
        &fake,
        &randy(),
        Some(&thread),
        "/xfile card:\"The Jersey Devil\"",
    )
    .await;
    assert!(reply.contains("Done"), "{reply}");
    let hand = run(&fake, &les(), Some(&thread), "/hand").await;
    assert!(hand.contains("Your hand"), "{hand}");
    let i = fake.autocomplete(&randy(), Some(CHANNEL), "/card name:sheila", "name");
    let choices = fake
        .wait_until("autocomplete", T, |f| f.callback(&i.id))
        .await;
    assert_eq!(choices["type"], 8, "{choices}");
    // No callback call at all: every first response was an HTTP reply.
    let callbacks = fake
        .calls()
        .iter()
        .filter(|c| c.path.ends_with("/callback"))
        .count();
    assert_eq!(callbacks, 0);
    assert!(
        fake.in_channel(&thread)
            .iter()
            .any(|m| m.content.contains("randy has chosen an X-File"))
    );
    assert!(
        fake.dms_to(&les().id)
            .iter()
            .any(|d| d.content.contains("Your opening hand"))
    );
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
    assert!(bot.stop().await.success());
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unsigned_or_badly_signed_request_is_refused_with_401_logged_and_not_handled() {
    let (fake, bot, db, address) = endpoint(&[("XFILES_SEED", "11")]).await;
    let thread = start_game(&fake, "").await;
    let version = game_version(&db).await;
    let posts = fake.in_channel(&thread).len();
    let forged = serde_json::json!({
        "id": "77", "application_id": fake::APP_ID.to_string(), "type": 2, "token": "t77",
        "version": 1, "channel_id": thread, "guild_id": fake::GUILD.to_string(),
        "data": {"id": "3000", "name": "game", "type": 1,
                 "options": [{"name": "cancel", "type": 1, "options": []}]},
        "member": {"user": {"id": "21", "username": "randy", "discriminator": "0"},
                   "roles": [], "joined_at": "2026-01-01T00:00:00Z", "deaf": false, "mute": false,
                   "permissions": "32"}
    })
    .to_string();
    let unsigned = fake.post_raw(&address, &[], forged.as_bytes()).await;
    assert_eq!(unsigned.status, 401);
    let bad = [
        ("x-signature-ed25519", "ab".repeat(64)),
        ("x-signature-timestamp", "1800000000".to_string()),
    ];
    let badly_signed = fake.post_raw(&address, &bad, forged.as_bytes()).await;
    assert_eq!(badly_signed.status, 401);
    let refusal = "refused an interaction with a missing or bad signature";
    bot.wait_log(2, |l| l.contains(refusal)).await;
    fake.settle().await;
    let refusals = bot.log().iter().filter(|l| l.contains(refusal)).count();
    assert_eq!(refusals, 2, "one line each: {:?}", bot.log());
    assert_eq!(game_version(&db).await, version, "nothing handled");
    assert_eq!(fake.in_channel(&thread).len(), posts, "nothing posted");
    assert!(fake.callback("77").is_none());
    fake.assert_spec_clean();
    assert!(bot.stop().await.success());
}

/// Issue 41: a captured signed request cannot be replayed later: one whose
/// signed timestamp is over 5 minutes from the server's clock is refused
/// with 401 and not handled; one within the window is handled.
#[tokio::test(flavor = "multi_thread")]
async fn a_signed_request_more_than_five_minutes_old_is_refused_with_401_and_not_handled() {
    let (fake, bot, _db, address) = endpoint(&[("XFILES_SEED", "11")]).await;
    import_decks(&fake).await;
    // A real interaction's payload, as a template: a delete of no deck.
    let probe = fake.command(&randy(), Some(CHANNEL), "/deck delete name:Nope");
    fake.reply(&probe).await;
    let delete_randy = |id: &str| {
        let mut p = probe.payload.clone();
        p["id"] = id.into();
        p["token"] = format!("t{id}").into();
        p["data"]["options"][0]["options"][0]["value"] = "Randy".into();
        p.to_string()
    };
    let now = fake::now_s();
    for (id, at) in [("78", now - 301), ("79", now + 301)] {
        let body = delete_randy(id);
        let headers = fake.signed_headers(body.as_bytes(), at);
        let stale = fake.post_raw(&address, &headers, body.as_bytes()).await;
        assert_eq!(stale.status, 401, "signed at {at}, now {now}");
    }
    bot.wait_log(2, |l| l.contains("timestamp is over 300 s from now"))
        .await;
    let list = run(&fake, &randy(), Some(CHANNEL), "/deck list").await;
    assert!(list.contains("Randy"), "nothing handled: {list}");
    let body = delete_randy("80");
    let headers = fake.signed_headers(body.as_bytes(), now - 200);
    let fresh = fake.post_raw(&address, &headers, body.as_bytes()).await;
    let answer = String::from_utf8_lossy(&fresh.body).to_string();
    assert_eq!(fresh.status, 200, "{answer}");
    assert!(answer.contains("Deleted your deck 'Randy'"), "{answer}");
    assert!(bot.stop().await.success());
}

/// Issue 41: an interaction id acts once across every replica on the
/// database. A signed `/deck delete` captured and replayed to another
/// replica (and again to the first) answers 200 with the first answer and
/// deletes nothing more: the deck saved again after the first delete stays.
#[tokio::test(flavor = "multi_thread")]
async fn a_replayed_interaction_acts_once_across_two_replicas_and_gets_its_first_answer() {
    let (fake, bot_a, db, address_a) = endpoint(&[("XFILES_SEED", "11")]).await;
    let (bot_b, address_b) = BotProcess::serve(&fake, &db, &[]).await;
    import_decks(&fake).await;
    let i = fake.command(&randy(), Some(CHANNEL), "/deck delete name:Randy");
    let first = fake.try_reply(&i, T).await.expect("an answer")[0]
        .content
        .clone();
    assert!(first.contains("Deleted your deck 'Randy'"), "{first}");
    import_decks(&fake).await;
    let body = i.payload.to_string();
    for address in [&address_b, &address_a, &address_b] {
        let headers = fake.signed_headers(body.as_bytes(), fake::now_s());
        let again = fake.post_raw(address, &headers, body.as_bytes()).await;
        assert_eq!(
            again.status,
            200,
            "{}",
            String::from_utf8_lossy(&again.body)
        );
        let answer: serde_json::Value = serde_json::from_slice(&again.body).unwrap();
        assert_eq!(answer["data"]["content"], first.as_str(), "{answer}");
    }
    let list = run(&fake, &randy(), Some(CHANNEL), "/deck list").await;
    assert!(list.contains("Randy"), "the deck saved again stays: {list}");
    fake.assert_spec_clean();
    assert!(bot_a.stop().await.success());
    assert!(bot_b.stop().await.success());
}

/// Issue 41: a client that sends its headers or body too slowly is cut
/// off (10 s each), and at most 256 connections are open at once: one
/// more is closed at once, and the endpoint answers again once the slow
/// ones are gone.
#[tokio::test(flavor = "multi_thread")]
async fn slow_clients_are_cut_off_and_connections_are_capped() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;
    let (fake, bot, _db, address) = endpoint(&[]).await;
    let started = std::time::Instant::now();
    let mut slow = Vec::new();
    for _ in 0..255 {
        let mut s = TcpStream::connect(&address).await.unwrap();
        s.write_all(b"POST /interactions HTTP/1.1\r\nhost: x\r\n")
            .await
            .unwrap();
        slow.push(s);
    }
    // The 256th sends its headers and half of its body.
    let mut body_slow = TcpStream::connect(&address).await.unwrap();
    body_slow
        .write_all(
            b"POST /interactions HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\n{\"type\"",
        )
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut extra = TcpStream::connect(&address).await.unwrap();
    let _ = extra
        .write_all(b"GET /health HTTP/1.1\r\nhost: x\r\n\r\n")
        .await;
    let mut buf = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), extra.read_to_end(&mut buf)).await;
    assert!(read.is_ok(), "the 257th connection is closed at once");
    assert!(
        buf.is_empty(),
        "and not served: {}",
        String::from_utf8_lossy(&buf)
    );
    let mut answer = Vec::new();
    let cut =
        tokio::time::timeout(Duration::from_secs(20), body_slow.read_to_end(&mut answer)).await;
    assert!(cut.is_ok(), "a slow body is cut off");
    assert!(
        String::from_utf8_lossy(&answer).contains(" 408 "),
        "{answer:?}"
    );
    for mut s in slow {
        let mut rest = Vec::new();
        let cut = tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut rest)).await;
        assert!(cut.is_ok(), "slow headers are cut off");
    }
    assert!(started.elapsed() < Duration::from_secs(30));
    let health = fake.get_raw(&address, "/health").await;
    assert_eq!(health.status, 200, "served again");
    assert!(bot.stop().await.success());
}

/// A command's first answer (no waiting for the bot to go quiet: with
/// games on 1 s deadlines it never is). A replica killed after deferring
/// leaves no answer: the user, seeing none, runs the command again.
async fn answer(fake: &FakeDiscord, who: &fake::Person, channel: &str, line: &str) -> String {
    for _ in 0..3 {
        let i = fake.command(who, Some(channel), line);
        if let Some(replies) = fake.try_reply(&i, Duration::from_secs(10)).await {
            return replies[0].content.clone();
        }
    }
    panic!("no answer to {line} in three tries");
}

/// The game a post names ("les joins game #12 …", "**Game #12** …").
fn game_of(post: &str) -> Option<i64> {
    let at = post.to_lowercase().find("game #")? + 6;
    let digits: String = post[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// How many default moves the deadlines made in a game (its log).
async fn deadline_moves(db: &str, game: i64) -> i64 {
    let store = xfiles_bot::store::Store::open(db).await.unwrap();
    let n = store.deadline_moves(game).await.unwrap();
    store.close().await;
    n
}

/// Three replicas, 50 games played at once through whichever replica the
/// load balancer picks, every game on a 1 s deadline so the three
/// schedulers race for every default move; one replica is killed (SIGKILL)
/// halfway. Every command is answered once, every deadline move happens
/// once and is posted once, reminders are never doubled, the three
/// replicas show the same boards, and every game replays from its log.
#[tokio::test(flavor = "multi_thread")]
async fn three_replicas_drive_50_games_at_once_and_survive_one_killed() {
    const GAMES: usize = 50;
    const ROUNDS: usize = 12;
    let env = [("MIN_INTERVAL", "1s"), ("REMIND_AFTER", "1s")];
    let fake = FakeDiscord::start().await;
    let db = support::pg_url().await;
    let mut replicas = Vec::new();
    for _ in 0..3 {
        let (bot, address) = BotProcess::serve(&fake, &db, &env).await;
        fake.add_endpoint(&address);
        replicas.push((bot, address));
    }
    BotProcess::register(&fake).await;
    fake.wait_registered(T).await;
    import_decks(&fake).await;
    // 50 games, each in its own channel; all set up at once.
    let setups = (0..GAMES).map(|g| {
        let fake = fake.clone();
        async move {
            let channel = (7000 + g).to_string();
            let line = "/game new game:xfiles-ccg deck:Randy deadline:1s";
            let opened = answer(&fake, &randy(), &channel, line).await;
            assert!(opened.contains("Done"), "{opened}");
            let thread = fake
                .threads()
                .into_iter()
                .find(|t| fake.thread_parent(t).as_deref() == Some(channel.as_str()))
                .expect("a thread");
            let joined = answer(&fake, &les(), &thread, "/game join deck:Les").await;
            assert!(joined.contains("Done"), "{joined}");
            let started = answer(&fake, &randy(), &thread, "/game start").await;
            assert!(started.contains("Done"), "{started}");
            thread
        }
    });
    let threads: Vec<String> = futures_util::future::join_all(setups).await;
    // Load: both players of every game look at their game again and again
    // while the deadlines move it; a replica dies halfway.
    let views = ["/hand", "/board", "/game status", "/game stats"];
    let players = threads
        .iter()
        .flat_map(|t| [(randy(), t.clone()), (les(), t.clone())]);
    let load = players.map(|(who, thread)| {
        let fake = fake.clone();
        async move {
            for round in 0..ROUNDS {
                let text = answer(&fake, &who, &thread, views[round % views.len()]).await;
                assert!(!text.is_empty());
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            ROUNDS
        }
    });
    let killer = async {
        tokio::time::sleep(Duration::from_millis(1200)).await;
        let (bot, address) = replicas.remove(0);
        bot.kill().await;
        fake.remove_endpoint(&address);
    };
    let (answered, ()) = tokio::join!(futures_util::future::join_all(load), killer);
    assert_eq!(
        answered.iter().sum::<usize>(),
        GAMES * 2 * ROUNDS,
        "every command answered"
    );
    // Every player goes on vacation: the games stop moving, the bot goes quiet.
    let pauses = threads
        .iter()
        .flat_map(|t| [(randy(), t.clone()), (les(), t.clone())]);
    let pauses = pauses.map(|(who, thread)| {
        let fake = fake.clone();
        async move { answer(&fake, &who, &thread, "/game vacation days:3").await }
    });
    futures_util::future::join_all(pauses).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    fake.settle().await;
    let (mut posted, mut made) = (0, 0);
    for thread in &threads {
        let posts = fake.in_channel(thread);
        let game = posts
            .iter()
            .find_map(|p| game_of(&p.content))
            .expect("a game");
        let ran_out = posts
            .iter()
            .filter(|p| {
                p.content
                    .contains("ran out, so the game made the default move")
            })
            .count() as i64;
        let moves = deadline_moves(&db, game).await;
        assert!(
            ran_out <= moves,
            "game {game}: {ran_out} posts of {moves} deadline moves:\n{}",
            posts
                .iter()
                .map(|p| format!("{:?} {}", p.at, p.content))
                .collect::<Vec<_>>()
                .join("\n---\n")
        );
        (posted, made) = (posted + ran_out, made + moves);
        let mut reminders: Vec<_> = posts
            .iter()
            .filter(|p| p.content.contains("Reminder:"))
            .map(|p| p.at)
            .collect();
        reminders.sort();
        for pair in reminders.windows(2) {
            let apart = pair[1] - pair[0];
            assert!(
                apart >= Duration::from_millis(500),
                "game {game}: a doubled reminder"
            );
        }
    }
    eprintln!("{made} deadline moves, {posted} of them posted");
    assert!(
        made > GAMES as i64,
        "the deadlines moved the games: {made} moves"
    );
    // Posts lost with the killed replica: at most one tick's worth.
    assert!(
        made - posted <= GAMES as i64,
        "{posted} posts of {made} moves"
    );
    // The surviving replicas (in turn) agree on every board.
    for thread in threads.iter().take(10) {
        let a = answer(&fake, &randy(), thread, "/board").await;
        let b = answer(&fake, &randy(), thread, "/board").await;
        assert_eq!(a, b, "{thread}");
    }
    let verify = std::process::Command::new(env!("CARGO_BIN_EXE_xfiles-bot"))
        .args(["game", "verify"])
        .env("DATABASE_URL", &db)
        .output()
        .expect("run game verify");
    let said = String::from_utf8_lossy(&verify.stdout);
    assert!(verify.status.success(), "{said}");
    assert_eq!(said.matches(": ok (").count(), GAMES, "{said}");
    fake.assert_spec_clean();
    for (bot, _) in replicas {
        bot.assert_no_dropped_events();
        assert!(bot.stop().await.success());
    }
}
