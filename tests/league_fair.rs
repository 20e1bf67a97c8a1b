//! Leagues that count fairly (issue 42): an unplayed pairing adds no game
//! to standings or ratings, a league game seats only its pairing, a
//! pairing's result is the first result between its two players (a
//! resignation included), and a new league is announced in its channel.

mod support;

use std::collections::BTreeMap;

use support::{Backend, app_on, database, pairings_of, say, say_each, says};

use xfiles_bot::app::{Address, App, Outgoing};
use xfiles_bot::league::{Member, Rated, Rating, rate_period};
use xfiles_bot::store::{GameStatus, PairingRow};

const T0: i64 = 1_800_000_000_000;
const MINUTE: i64 = 60_000;

/// Each player's saved X-Files CCG deck, named "Deck" (legal Advanced decks).
const XF_DECKS: &str = "@alice /deck import name:Deck file:tests/data/decks/randy.txt
@bob /deck import name:Deck file:tests/data/decks/les.json
@carol /deck import name:Deck file:tests/data/decks/randy.txt
@dave /deck import name:Deck file:tests/data/decks/les.json";

/// Every message's text, for assertion messages.
fn all_text(out: &[Outgoing]) -> String {
    out.iter()
        .map(|m| m.text.as_str())
        .collect::<Vec<_>>()
        .join("\n---\n")
}

/// Who sits at game `id`, in seat order.
async fn seated(app: &App, id: i64) -> Vec<String> {
    let seats = app.store().seats(id).await.unwrap();
    seats.into_iter().map(|s| s.user_id).collect()
}

/// Glickman, "Example of the Glicko-2 system" (2013), Step 6: "If the
/// player does not compete during the rating period, then for this player,
/// only Step 6 applies. In this case, the player's rating and volatility
/// parameters remain the same, but the RD is increased": φ' = √(φ² + σ²),
/// on the Glicko-2 scale (RD / 173.7178). skillratings keeps an RD at most
/// 350, a newcomer's.
fn idle(r: Rating) -> Rating {
    const SCALE: f64 = 173.7178;
    let phi = r.deviation / SCALE;
    Rating {
        rating: r.rating,
        deviation: ((phi * phi + r.volatility * r.volatility).sqrt() * SCALE).min(350.0),
        volatility: r.volatility,
    }
}

/// An unplayed pairing ("counts for nobody", says /league close) is no
/// game: no draw in the standings, no rated result; the period leaves each
/// player's rating as it was and only grows their RD (Glicko-2 Step 6).
#[tokio::test]
async fn an_unplayed_pairing_adds_no_game_to_standings_or_ratings_glicko2_step_6() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 7).await;
    let script =
        "@alice /deck import name:Believer file:tests/data/decks/fan-mulder.txt game:fan-ccg
@bob /deck import name:Skeptic file:tests/data/decks/fan-scully.txt game:fan-ccg
@owner /league create name:Idle game:fan-ccg
@alice /league join
@bob /league join
@owner /league round
@alice /league play deck:Believer
@bob /game join game:1 deck:Skeptic
@alice /game start game:1
@bob /resign game:1
@owner /league round
@owner /league close
@carol /league standings
@carol /league player player:alice
@carol /league player player:bob";
    let out = say_each(&app, T0, script).await;
    assert!(
        says(&out, "1 pairing(s) not played count for nobody"),
        "{}",
        all_text(&out)
    );
    let results: Vec<Option<String>> = pairings_of(&app, "Idle")
        .await
        .into_iter()
        .map(|p| p.result)
        .collect();
    assert_eq!(
        results,
        [Some("a".to_string()), Some("unplayed".to_string())],
        "round 1: bob resigned; round 2: closed unplayed"
    );
    // Standings: one game each (alice won it), no draw.
    assert!(says(&out, "alice — 3 pts (1-0-0)"), "{}", all_text(&out));
    assert!(says(&out, "bob — 0 pts (0-1-0)"), "{}", all_text(&out));
    assert!(
        says(&out, "**alice** in Idle: rank 1, 3 pts (1-0-0)"),
        "{}",
        all_text(&out)
    );
    // Ratings: round 1 rates alice's win; round 2 rates nobody.
    let (alice, bob): (Member, Member) = (1, 2);
    let round1 = rate_period(
        &BTreeMap::new(),
        &[alice, bob],
        &[Rated {
            a: alice,
            b: bob,
            score_a: 1.0,
        }],
    );
    for (who, m) in [("alice", alice), ("bob", bob)] {
        let after = idle(round1[&m]);
        assert!(after.deviation > round1[&m].deviation, "less certain");
        let shown = format!(
            "not played (the round closed) · rating {:.0} ±{:.0}",
            after.rating,
            2.0 * after.deviation
        );
        let rounds: Vec<&str> = out
            .iter()
            .filter(|m| m.text.starts_with(&format!("**{who}** in Idle")))
            .flat_map(|m| m.text.lines())
            .filter(|l| l.starts_with("Round 2:"))
            .collect();
        assert_eq!(rounds.len(), 1, "{}", all_text(&out));
        assert!(
            rounds[0].ends_with(&shown),
            "{who}: {}\nwant …{shown}",
            rounds[0]
        );
    }
    // The server-wide rating counts the one game played.
    assert!(
        says(&out, "Across this server's fan-ccg leagues: rating")
            && !says(&out, "over 2 game(s)")
            && says(&out, "over 1 game(s)"),
        "{}",
        all_text(&out)
    );
}

/// A league game is its pairing's: a member of the league who is not in
/// the pairing, a stranger, and an AI are refused a seat, with the reason.
#[tokio::test]
async fn a_league_game_seats_only_its_pairing_and_others_are_told_why() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 7).await;
    let setup = format!(
        "{XF_DECKS}\n@owner /league create name:Autumn game:xfiles-ccg
@alice /league join
@bob /league join
@carol /league join
@owner /league round
@alice /league play deck:Deck"
    );
    let out = say_each(&app, T0, &setup).await;
    assert!(
        says(&out, "game #1 is <@alice> vs <@bob>"),
        "{}",
        all_text(&out)
    );
    let why =
        "Game #1 belongs to league Autumn's round 1 pairing <@alice> vs <@bob>; only they can sit";
    let refused = [
        "@carol /game join game:1 deck:Deck",
        "@dave /game join game:1 deck:Deck",
        "@alice /game join game:1 player:ai",
    ];
    for (i, line) in refused.iter().enumerate() {
        let out = say(&app, line, T0 + (10 + i as i64) * MINUTE).await;
        assert!(says(&out, why), "{line}: {}", all_text(&out));
        assert!(
            out.iter().all(|m| matches!(m.to, Address::Ephemeral(_))),
            "a refusal posts nothing: {out:?}"
        );
    }
    assert_eq!(seated(&app, 1).await, ["alice"], "nobody else sat down");
    let out = say(&app, "@bob /game join game:1 deck:Deck", T0 + 20 * MINUTE).await;
    assert!(says(&out, "bob joins game #1"), "{}", all_text(&out));
    assert_eq!(seated(&app, 1).await, ["alice", "bob"]);
}

/// A pairing's result is the first result between its two players in its
/// game: in a game that seated a third player (linked before league games
/// seated only their pairing), one of the pair resigning decides it at
/// once, and what happens after it does not change it.
#[tokio::test]
async fn a_pairings_result_is_the_first_between_its_players_a_resignation_included() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 7).await;
    let setup = format!(
        "{XF_DECKS}\n@owner /league create name:Legacy game:xfiles-ccg
@alice /league join
@bob /league join
@owner /league round
@alice /game new game:xfiles-ccg deck:Deck
@bob /game join game:1 deck:Deck
@carol /game join game:1 deck:Deck
@alice /game start game:1"
    );
    let out = say_each(&app, T0, &setup).await;
    let game = app.store().game(1).await.unwrap().unwrap();
    assert_eq!(game.status, GameStatus::Active, "{}", all_text(&out));
    let p = pairings_of(&app, "Legacy").await.remove(0);
    assert_eq!(
        (p.a_user.as_str(), p.b_user.as_deref()),
        ("alice", Some("bob"))
    );
    assert!(app.store().link_pairing(p.id, 1).await.unwrap());
    // Alice resigns; bob and carol play on.
    let out = say_each(
        &app,
        T0 + 20 * MINUTE,
        "@alice /resign game:1\n@carol /league info",
    )
    .await;
    let game = app.store().game(1).await.unwrap().unwrap();
    assert_eq!(game.status, GameStatus::Active, "{}", all_text(&out));
    let result = |ps: Vec<PairingRow>| ps[0].result.clone();
    assert_eq!(
        result(pairings_of(&app, "Legacy").await).as_deref(),
        Some("b"),
        "alice resigned: bob wins the pairing\n{}",
        all_text(&out)
    );
    assert!(
        says(&out, "**bob** beat alice (game #1)"),
        "{}",
        all_text(&out)
    );
    // Bob resigns too: carol wins the game; the pairing stays bob's.
    let out = say_each(
        &app,
        T0 + 30 * MINUTE,
        "@bob /resign game:1\n@carol /league standings",
    )
    .await;
    let game = app.store().game(1).await.unwrap().unwrap();
    assert_eq!(game.status, GameStatus::Finished, "{}", all_text(&out));
    assert_eq!(
        result(pairings_of(&app, "Legacy").await).as_deref(),
        Some("b")
    );
    assert!(says(&out, "bob — 3 pts (1-0-0)"), "{}", all_text(&out));
}

/// `/league create` is announced in the channel: a public line naming the
/// league and how to join, pinging nobody; a refused create posts nothing.
#[tokio::test]
async fn a_new_league_is_announced_in_its_channel_pinging_nobody() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 7).await;
    let posts = |out: &[Outgoing]| -> Vec<Outgoing> {
        out.iter()
            .filter(|m| matches!(m.to, Address::Channel(_)))
            .cloned()
            .collect()
    };
    let out = say(&app, "@owner /league create name:Winter game:fan-ccg", T0).await;
    let post = posts(&out);
    assert_eq!(post.len(), 1, "one public post: {out:?}");
    let post = &post[0];
    assert_eq!(post.to, Address::Channel("table".into()));
    assert!(
        post.text.contains("**Winter**")
            && post.text.contains("fan-ccg")
            && post.text.contains("<@owner>")
            && post.text.contains("/league join league:\"Winter\""),
        "{}",
        post.text
    );
    assert!(post.ping.is_empty(), "the announcement pings nobody");
    assert!(
        says(&out, "League **Winter** is open"),
        "the organiser's answer stays: {out:?}"
    );
    for line in [
        "@alice /league create name:Spring game:fan-ccg",
        "@owner /league create name:Winter game:fan-ccg",
    ] {
        let out = say(&app, line, T0 + MINUTE).await;
        assert!(posts(&out).is_empty(), "{line}: {out:?}");
    }
}
