//! Discord's limits hold for every message the bot sends: a league round of
//! 120 members announced through the real bot against the spec-checked
//! stand-in, and every message of the committed console scripts run
//! through the Discord adapter's own splitting and shaping.

#[path = "support/discord.rs"]
mod fake;
mod support;
#[path = "support/discord_table.rs"]
mod table;

use std::collections::HashMap;
use std::path::Path;

use fake::Person;
use serde_json::Value;
use table::*;
use xfiles_bot::app::{Address, Outgoing};
use xfiles_bot::discord::{MESSAGE_LIMIT, PING_LIMIT, Row, embed_of, outgoing_pieces, rows};

/// Discord refuses a message whose `allowed_mentions` names more than 100
/// users (the spec's `maxItems`), so a round of 120 members goes out in
/// several posts: each passes the spec and stays within 2,000 characters,
/// and each member is pinged exactly once, where their table is listed.
#[tokio::test(flavor = "multi_thread")]
async fn a_round_of_120_members_pings_each_once_in_posts_discord_accepts() {
    let (fake, bot, db) = bot(&[]).await;
    let organiser = Person {
        manager: true,
        ..Person::new(40, "skinner")
    };
    let reply = run(
        &fake,
        &organiser,
        Some(CHANNEL),
        "/league create name:Big game:fan-ccg",
    )
    .await;
    assert!(reply.contains("League **Big** is open"), "{reply}");
    // Short ids keep 120 mentions well under 2,000 characters, so only the
    // limit of 100 pings can split the post. Members are added as
    // /league join adds them, through the store, to keep the test quick.
    let members: Vec<String> = (1001..=1120).map(|i: u64| i.to_string()).collect();
    let store = xfiles_bot::store::Store::open(&db).await.unwrap();
    let league = store
        .leagues(&fake::GUILD.to_string())
        .await
        .unwrap()
        .pop()
        .expect("the league")
        .id;
    for (i, id) in members.iter().enumerate() {
        let joined = store
            .join_league(league, id, &format!("member{i}"), 1_000 + i as i64)
            .await
            .unwrap();
        assert!(joined);
    }
    store.close().await;
    run(&fake, &organiser, Some(CHANNEL), "/league round").await;
    let posts = fake.in_channel(CHANNEL);
    let first = posts
        .iter()
        .position(|m| m.content.contains("Big — round 1"))
        .expect("the round is posted");
    let round = &posts[first..];
    assert!(round.len() >= 2, "120 pings need two posts");
    let mut pinged: HashMap<String, usize> = HashMap::new();
    for post in round {
        assert!(post.content.chars().count() <= MESSAGE_LIMIT);
        assert!(post.mentions.len() <= PING_LIMIT);
        for user in &post.mentions {
            let named = post.content.contains(&format!("<@{user}>"));
            assert!(named, "{user} pinged where named: {}", post.content);
            *pinged.entry(user.clone()).or_default() += 1;
        }
    }
    for m in &members {
        assert_eq!(pinged.get(m), Some(&1), "member {m} is pinged once");
    }
    assert_eq!(pinged.len(), members.len(), "nobody else is pinged");
    let tables: usize = round
        .iter()
        .map(|p| p.content.matches(" vs ").count())
        .sum();
    assert_eq!(tables, 60, "every table listed once, whole");
    bot.assert_no_dropped_events();
    fake.assert_spec_clean();
    assert!(
        fake.unknown_routes().is_empty(),
        "{:?}",
        fake.unknown_routes()
    );
}

/// Every message of every committed console script (`tests/scripts`), as
/// the Discord adapter would send it: each piece within 2,000 characters
/// and 100 pings, no mention cut, no text lost; each embed and each row of
/// buttons and menus within Discord's limits.
#[tokio::test]
async fn every_message_of_the_console_scripts_keeps_discords_limits() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 5, "{paths:?}");
    let mut checked = 0;
    for path in &paths {
        for m in script_messages(path).await {
            check_limits(&m);
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} messages");
}

/// Runs a console script through a fresh app seeded as its header says
/// (`--seed N`), as the console does; every message the app sent.
async fn script_messages(path: &Path) -> Vec<Outgoing> {
    let script = std::fs::read_to_string(path).unwrap();
    let seed: u64 = script
        .split_whitespace()
        .skip_while(|w| *w != "--seed")
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a --seed in the script's header");
    let db = support::database(support::Backend::Sqlite).await;
    let app = support::app_on(&db, seed).await;
    let base = path.parent();
    let mut out = Vec::new();
    for (n, text) in script.lines().enumerate() {
        let Some(line) = xfiles_bot::console::parse_line(text).unwrap() else {
            continue;
        };
        let key = format!("limits-{n}");
        let request = xfiles_bot::console::to_request(&app, &line, base, key);
        out.extend(app.handle(&request).await);
    }
    out
}

/// One message against Discord's limits, after the adapter's splitting.
fn check_limits(m: &Outgoing) {
    let what = || {
        format!(
            "{:?}: {}",
            m.to,
            m.text.chars().take(80).collect::<String>()
        )
    };
    let pieces = outgoing_pieces(m);
    for p in &pieces {
        assert!(p.content.chars().count() <= MESSAGE_LIMIT, "{}", what());
        assert!(p.pings.len() <= PING_LIMIT, "{}", what());
        for u in &p.pings {
            assert!(p.content.contains(&format!("<@{u}>")), "{}", what());
        }
        assert!(whole_mentions(&p.content), "a mention cut: {}", p.content);
    }
    let embed = m.embed.as_ref().and_then(embed_of);
    let text_shown = embed.is_none() || matches!(m.to, Address::Dm(_));
    if text_shown && !m.text.contains("```") {
        let squeeze = |s: &str| s.split_whitespace().collect::<String>();
        let joined: String = pieces.iter().map(|p| squeeze(&p.content)).collect();
        assert!(joined.ends_with(&squeeze(&m.text)), "text lost: {}", what());
    }
    if let Some(e) = embed {
        check_embed(&serde_json::to_value(e).unwrap());
    }
    for row in rows(&m.buttons, &m.menus) {
        check_row(&row);
    }
    assert!(rows(&m.buttons, &m.menus).len() <= 5, "{}", what());
}

/// Every `<@`, `<#` or `<t:` in a piece is closed in it.
fn whole_mentions(piece: &str) -> bool {
    piece.match_indices('<').all(|(i, _)| {
        let rest = &piece[i..];
        let opens = ["<@", "<#", "<t:"].iter().any(|o| rest.starts_with(o));
        !opens
            || rest
                .find('>')
                .is_some_and(|e| !rest[..e].contains(char::is_whitespace))
    })
}

/// An embed as sent: title 256, description 4,096, footer 2,048, at most 25
/// fields of name 256 and value 1,024, 6,000 characters in all.
fn check_embed(v: &Value) {
    let len = |x: &Value| x.as_str().map_or(0, |s| s.chars().count());
    let (title, description, footer) = (
        len(&v["title"]),
        len(&v["description"]),
        len(&v["footer"]["text"]),
    );
    assert!(title <= 256 && description <= 4096 && footer <= 2048, "{v}");
    let fields = v["fields"].as_array().cloned().unwrap_or_default();
    assert!(fields.len() <= 25, "{v}");
    let mut total = title + description + footer;
    for f in &fields {
        assert!(len(&f["name"]) <= 256 && len(&f["value"]) <= 1024, "{f}");
        total += len(&f["name"]) + len(&f["value"]);
    }
    assert!(total <= 6000, "{v}");
}

/// A row as sent: at most five buttons with labels of 80; a menu of 1 to 25
/// options, labels and descriptions of 100, a placeholder of 150.
fn check_row(row: &Row) {
    match row {
        Row::Buttons(buttons) => {
            assert!((1..=5).contains(&buttons.len()));
            for b in buttons {
                assert!(b.label.chars().count() <= 80, "{}", b.label);
            }
        }
        Row::Menu(menu) => {
            assert!((1..=25).contains(&menu.options.len()));
            assert!(menu.placeholder.chars().count() <= 150);
            assert!(menu.min <= menu.max && usize::from(menu.max) <= menu.options.len());
            for o in &menu.options {
                assert!((1..=100).contains(&o.label.chars().count()), "{}", o.label);
                let d = o.description.as_deref().unwrap_or_default();
                assert!(d.chars().count() <= 100, "{d}");
            }
        }
    }
}
