//! AI seats through the application layer on a real store: `/game new
//! opponent:ai`, `/game join player:ai`, moves made at once or after the
//! game's pause (each once, across processes), `/game why`, undo against
//! an AI, and the refusals (issue 18).

mod support;

use support::{Backend, TestDb, app_on, database, say, texts};
use xfiles_bot::app::{Address, App, Outgoing, Verdict};

const T0: i64 = 1_800_000_000_000;
const IMPORT: &str = "@randy /deck import name:Randy file:tests/data/decks/randy.txt";

fn ai_addressed(messages: &[Outgoing]) -> Vec<String> {
    messages
        .iter()
        .filter(|m| match &m.to {
            Address::Dm(u) | Address::Ephemeral(u) => u.starts_with("ai:"),
            Address::Channel(_) => m.ping.iter().any(|u| u.starts_with("ai:")),
        })
        .map(|m| format!("{:?}: {}", m.to, m.text))
        .collect()
}

/// Everything a console line answers, as one text.
async fn said(app: &App, line: &str, now: i64) -> String {
    texts(&say(app, line, now).await).join("\n")
}

async fn to_act(app: &App, game: i64) -> Vec<u8> {
    let row = app.store().game(game).await.unwrap().unwrap();
    serde_json::from_str(&row.to_act).unwrap()
}

async fn finished(app: &App, game: i64) -> bool {
    let row = app.store().game(game).await.unwrap().unwrap();
    row.status.as_str() == "finished"
}

/// Up to `max` random moves of the player, each answered by the AI (it
/// must never be left due after one); `Some(moves)` once the game ended.
async fn play_moves(app: &App, game: i64, ai_seat: u8, max: usize) -> Option<usize> {
    for n in 0..max {
        let row = app.store().game(game).await.unwrap().unwrap();
        assert_eq!(row.status.as_str(), "active", "game #{game} is under way");
        let i = row.version;
        let pick = xfiles_bot::engine::stable_hash(&format!("pick {i}"));
        let now = T0 + 10_000 + i as i64;
        match app
            .autoplay_step(game, &format!("auto-{i}"), pick, now)
            .await
        {
            Ok(Some(_)) => {}
            Ok(None) => return Some(n),
            Err(e) => panic!("move {i} refused: {}", e.message),
        }
        if finished(app, game).await {
            return Some(n + 1);
        }
        assert!(
            !to_act(app, game).await.contains(&ai_seat),
            "after move {i} the AI is still due"
        );
    }
    None
}

async fn play_out(app: &App, game: i64, ai_seat: u8, max: usize) -> usize {
    let moves = play_moves(app, game, ai_seat, max).await;
    moves.unwrap_or_else(|| panic!("game #{game} did not end in {max} moves"))
}

fn choice(level: &str) -> String {
    match level {
        "normal" => "ai".into(),
        other => format!("ai-{other}"),
    }
}

async fn xf_practice(db: &TestDb, level: &str) -> App {
    let app = app_on(db, 5).await;
    say(&app, IMPORT, T0).await;
    let opened = say(
        &app,
        &format!(
            "@randy /game new game:xfiles-ccg deck:Randy opponent:{}",
            choice(level)
        ),
        T0,
    )
    .await;
    let text = texts(&opened).join("\n");
    assert!(
        text.contains(&format!("Deep Throat (AI, {level}) takes the second seat")),
        "{text}"
    );
    assert!(text.contains("Seats: 2 of 2–6 taken"), "{text}");
    app
}

#[tokio::test]
async fn a_player_practises_against_the_ai_to_the_end_of_a_game() {
    let db = database(Backend::Postgres).await;
    let app = xf_practice(&db, "normal").await;
    let started = say(&app, "@randy /game start", T0 + 1_000).await;
    assert_eq!(ai_addressed(&started), Vec::<String>::new());
    // Both choose an X-File at the start (p. 5): the AI has chosen already.
    assert_eq!(to_act(&app, 1).await, vec![0]);
    let moves = play_out(&app, 1, 1, 3_000).await;
    eprintln!("randy made {moves} moves");
    let log = app.store().actions(1).await.unwrap();
    let ai_moves: Vec<_> = log
        .iter()
        .filter(|a| a.user_id.starts_with("ai:"))
        .collect();
    assert!(ai_moves.len() > 10, "the AI played: {}", ai_moves.len());
    assert!(
        ai_moves
            .iter()
            .all(|a| a.why.as_deref().is_some_and(|w| !w.is_empty()))
    );
    assert!(
        log.iter()
            .filter(|a| !a.user_id.starts_with("ai:"))
            .all(|a| a.why.is_none())
    );
    assert!(matches!(
        app.verify(1).await.unwrap(),
        Verdict::Consistent { .. }
    ));
    let why = said(&app, "@randy /game why game:1", T0 + 900_000).await;
    let last = ai_moves.last().unwrap();
    assert!(
        why.contains(&format!(
            "move {}, Deep Throat (AI, normal): {}",
            last.seq,
            last.why.as_deref().unwrap()
        )),
        "{why}"
    );
}

#[tokio::test]
async fn an_ai_with_a_pause_moves_when_the_scheduler_finds_it_due_and_only_once_across_processes() {
    let db = database(Backend::Postgres).await;
    let app = app_on(&db, 6).await;
    say(&app, IMPORT, T0).await;
    say(
        &app,
        "@randy /game new game:xfiles-ccg deck:Randy opponent:ai-easy pause:30s",
        T0,
    )
    .await;
    say(&app, "@randy /game start", T0).await;
    assert_eq!(to_act(&app, 1).await, vec![0, 1], "the AI waits its pause");
    assert!(app.tick(T0 + 10_000).await.is_empty());
    assert_eq!(to_act(&app, 1).await, vec![0, 1]);
    let other = app_on(&db, 6).await;
    let (a, b) = tokio::join!(app.tick(T0 + 31_000), other.tick(T0 + 31_000));
    let log = app.store().actions(1).await.unwrap();
    assert_eq!(log.len(), 1, "one process chose the AI's X-File: {log:?}");
    assert_eq!(log[0].seat, 1);
    assert_eq!(to_act(&app, 1).await, vec![0]);
    let posted: Vec<&Outgoing> = a.iter().chain(&b).collect();
    assert!(ai_addressed(&posted.into_iter().cloned().collect::<Vec<_>>()).is_empty());
    assert!(matches!(
        app.verify(1).await.unwrap(),
        Verdict::Consistent { .. }
    ));
}

#[tokio::test]
async fn a_seated_player_adds_an_ai_to_a_fan_ccg_lobby_and_plays_it_out() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 7).await;
    say(
        &app,
        "@mel /deck import game:fan-ccg name:Mulder file:tests/data/decks/fan-mulder.txt",
        T0,
    )
    .await;
    say(&app, "@mel /game new game:fan-ccg deck:Mulder", T0).await;
    let stranger = said(&app, "@zed /game join player:ai", T0).await;
    assert!(
        stranger.contains("Only game #1's players or its creator can seat an AI"),
        "{stranger}"
    );
    let seated = said(&app, "@mel /game join player:ai-hard", T0).await;
    assert!(
        seated.contains("mel seats Deep Throat (AI, hard) in game #1"),
        "{seated}"
    );
    let full = said(&app, "@mel /game join player:ai", T0).await;
    assert!(full.contains("Game #1 is full (2 seats)"), "{full}");
    let left = said(&app, "@mel /game leave player:ai", T0 + 1).await;
    assert!(
        left.contains("Deep Throat (AI, hard) leaves game #1. Seats taken: 1."),
        "{left}"
    );
    say(&app, "@mel /game join player:ai-hard", T0 + 2).await;
    say(&app, "@mel /game leave", T0 + 3).await;
    let alone = said(&app, "@mel /game start", T0 + 4).await;
    assert!(alone.contains("has only AI players"), "{alone}");
    say(&app, "@mel /game join deck:Mulder", T0 + 5).await;
    say(&app, "@mel /game start", T0 + 6).await;
    // Mel sat down again after the AI: the AI has the first seat.
    play_out(&app, 1, 0, 5_000).await;
    assert!(matches!(
        app.verify(1).await.unwrap(),
        Verdict::Consistent { .. }
    ));
}

#[tokio::test]
async fn a_move_answered_by_the_ai_is_taken_back_without_waiting_for_its_consent() {
    let db = database(Backend::Sqlite).await;
    let app = xf_practice(&db, "normal").await;
    say(&app, "@randy /game start", T0 + 1).await;
    // Randy moves until the AI has answered his last move.
    let mut last_mine = 0;
    for _ in 0..50 {
        play_moves(&app, 1, 1, 1).await;
        let log = app.store().actions(1).await.unwrap();
        last_mine = log.iter().rposition(|a| a.seat == 0).unwrap();
        if log.last().unwrap().seat == 1 && last_mine > 0 {
            break;
        }
    }
    let undone = said(&app, "@randy /game undo", T0 + 900_000).await;
    assert!(!undone.contains("must agree"), "{undone}");
    assert!(undone.contains("randy takes back"), "{undone}");
    let live = app.store().actions(1).await.unwrap();
    let live: Vec<_> = live.iter().filter(|a| a.undone_at.is_none()).collect();
    assert!(
        live.len() <= last_mine,
        "randy's move and the AI's answers are taken back"
    );
}

#[tokio::test]
async fn ai_options_are_refused_with_what_to_do_instead() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 8).await;
    let legendary = said(&app, "@ann /game new game:legendary opponent:ai", T0).await;
    assert!(
        legendary.contains("Legendary Encounters: The X-Files has no AI player. The games with one: The X-Files CCG (Advanced Game), The X-Files CCG (Basic Game), The X-Files Fan CCG."),
        "{legendary}"
    );
    let pause = said(&app, "@ann /game new game:xfiles-ccg pause:20s", T0).await;
    assert!(
        pause.contains("Option pause is for a game against the AI; add opponent:ai."),
        "{pause}"
    );
    let pause = said(
        &app,
        "@ann /game new game:xfiles-ccg opponent:ai pause:soon",
        T0,
    )
    .await;
    assert!(
        pause.contains("give from 0s to 1d, e.g. pause:20s"),
        "{pause}"
    );
    assert!(
        app.store().game(1).await.unwrap().is_none(),
        "nothing was opened"
    );
    let why = said(&app, "@ann /game why", T0).await;
    assert!(why.contains("There is no game in this channel"), "{why}");
}
