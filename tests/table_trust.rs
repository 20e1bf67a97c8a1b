//! A table players can trust, played through the console on a real SQLite
//! store: forced advances wait for an idle player, a pass never throws away
//! an earned question, manual steps belong to the card being resolved and
//! can be disputed, and moves are taken back only by consent.

mod support;

use support::{Backend, app_on, blocks, database, run_console};

const SETUP: &str = "@randy /deck import name:Randy file:tests/data/decks/randy.txt
@les /deck import name:Les file:tests/data/decks/les.json
@randy /game new game:xfiles-ccg deck:Randy
@les /game join deck:Les
@randy /game start
";

/// The committed game script up to (not including) its first line matching `stop`.
fn script_until(stop: &str) -> String {
    let script = std::fs::read_to_string("tests/scripts/xfiles-game.txt").unwrap();
    script
        .lines()
        .take_while(|l| !l.contains(stop))
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// The last block addressed to `head` ("[#table]", "[ephemeral @les]").
fn last_to(out: &str, head: &str) -> String {
    blocks(out)
        .into_iter()
        .rev()
        .find(|(h, _)| h == head)
        .map(|b| b.1)
        .unwrap_or_default()
}

#[tokio::test]
async fn game_advance_waits_until_the_player_has_been_idle_past_the_reminder_interval() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 11).await;
    let script = format!("{SETUP}@randy /game advance\nwait 25h\n@randy /game advance\n");
    let (out, err, _) = run_console(&app, &script).await;
    assert_eq!(err, "");
    let refused = blocks(&out)
        .into_iter()
        .find(|(_, b)| b.contains("can be advanced for them once"))
        .expect("the early advance is refused");
    assert!(refused.0.starts_with("[ephemeral @randy]"), "{refused:?}");
    assert!(
        refused.1.contains("once they have been idle for 1 d"),
        "says how long: {}",
        refused.1
    );
    assert!(
        out.contains("randy advanced the game, making the default move for"),
        "after 25 hours the advance is made:\n{out}"
    );
}

#[tokio::test]
async fn a_pass_at_an_earned_question_is_refused_with_how_to_decline_it() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 11).await;
    let prefix = script_until("/ask");
    let (out, _, failures) = run_console(
        &app,
        &format!("{prefix}@randy /pass\n@randy /ask value:violence\n"),
    )
    .await;
    assert_eq!(failures, 0);
    let refusal = blocks(&out)
        .into_iter()
        .rev()
        .find(|(h, _)| h == "[ephemeral @randy]")
        .expect("a refusal")
        .1;
    assert!(
        refusal.contains(
            "you earned this Site's question: ask it with /ask, or decline it with /done"
        ),
        "{refusal}"
    );
    assert!(
        last_to(&out, "[#table]").contains("Violence"),
        "the question is still there to ask:\n{out}"
    );
}

#[tokio::test]
async fn a_deadline_default_keeps_an_earned_question_pending() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 11).await;
    let prefix = script_until("/ask").replace("deck:Randy\n", "deck:Randy deadline:2h\n");
    let (out, _, failures) = run_console(
        &app,
        &format!("{prefix}wait 3h\n@randy /ask value:violence\n"),
    )
    .await;
    assert_eq!(failures, 0);
    assert!(
        out.contains("randy's agreed time ran out, but they earned something the game will not decline for them"),
        "{out}"
    );
    assert!(
        last_to(&out, "[DM @randy]")
            .contains("your time ran out, and you earned this Site's question"),
        "{out}"
    );
    assert!(last_to(&out, "[#table]").contains("Violence"), "{out}");
}

#[tokio::test]
async fn a_strangers_and_an_opponents_adjust_are_refused_and_change_nothing() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 11).await;
    let script = format!(
        "{SETUP}@mallory /adjust what:rp amount:5\n@les /adjust what:damage agent:Mulder amount:5\n@les /adjust what:draw amount:10\n"
    );
    let (out, _, _) = run_console(&app, &script).await;
    assert!(
        last_to(&out, "[ephemeral @mallory]").contains("You do not sit in game #1"),
        "{out}"
    );
    let les = blocks(&out)
        .into_iter()
        .filter(|(h, b)| h == "[ephemeral @les]" && b.starts_with("Refused"))
        .map(|b| b.1)
        .collect::<Vec<_>>();
    assert_eq!(les.len(), 2, "{out}");
    for refusal in les {
        assert!(
            refusal
                .contains("manual steps are only for a card whose text the bot does not automate"),
            "{refusal}"
        );
        assert!(refusal.contains("Nothing was changed."), "{refusal}");
    }
    let row = app.store().game(1).await.unwrap().unwrap();
    assert_eq!(row.action_count, 0, "nothing was logged");
}

/// The committed game script's first `n` lines.
fn script_lines(n: usize) -> String {
    let script = std::fs::read_to_string("tests/scripts/xfiles-game.txt").unwrap();
    script.lines().take(n).collect::<Vec<_>>().join("\n") + "\n"
}

async fn live_actions(app: &xfiles_bot::app::App) -> usize {
    let log = app.store().actions(1).await.unwrap();
    log.iter().filter(|a| a.undone_at.is_none()).count()
}

async fn consistent(app: &xfiles_bot::app::App) {
    let verdict = app.verify(1).await.unwrap();
    assert!(
        matches!(verdict, xfiles_bot::app::Verdict::Consistent { .. }),
        "the stored game equals the replay of its live log: {verdict:?}"
    );
}

#[tokio::test]
async fn a_player_takes_back_a_move_alone_until_another_player_acts() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 11).await;
    // Line 15: les deploys Krycek, les's own latest move; nobody moved since.
    let (out, _, failures) =
        run_console(&app, &format!("{}@les /game undo\n", script_lines(15))).await;
    assert_eq!(failures, 0);
    let table = last_to(&out, "[#table]");
    assert!(
        table.contains("les takes back 1 move: les: /deploy agent:\"Agent Alex Krycek\""),
        "{table}"
    );
    let before = live_actions(&app).await;
    consistent(&app).await;
    let (out, _, _) = run_console(
        &app,
        "@les /deploy agent:\"Agent Alex Krycek\" section:field\n",
    )
    .await;
    assert!(
        !out.contains("Refused"),
        "the move can be made again:\n{out}"
    );
    assert_eq!(live_actions(&app).await, before + 1);
    consistent(&app).await;
}

#[tokio::test]
async fn after_another_player_moved_every_other_player_must_agree() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 11).await;
    // Line 12: les bought nothing, then randy bought nothing.
    let script = format!("{}@les /game undo\n", script_lines(12));
    let (out, _, _) = run_console(&app, &script).await;
    let ask = last_to(&out, "[#table]");
    assert!(
        ask.contains("les asks to take back 2 moves") && ask.contains("randy moved since"),
        "{ask}"
    );
    assert!(
        out.contains("Buttons: [Agree to undo] /game undo game:1"),
        "{out}"
    );
    let live = live_actions(&app).await;
    let (out, _, _) = run_console(&app, "@randy /game undo\n").await;
    assert!(
        last_to(&out, "[#table]").contains("les takes back 2 moves (agreed by randy)"),
        "{out}"
    );
    assert_eq!(live_actions(&app).await, live - 2);
    assert_eq!(
        app.store().actions(1).await.unwrap().len(),
        live,
        "the moves taken back stay in the log, marked"
    );
    consistent(&app).await;
}

#[tokio::test]
async fn a_move_that_revealed_a_card_is_taken_back_only_by_consent() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 11).await;
    // Line 10: les takes the free draw (a card from the deck).
    let script = format!(
        "{}@les /game undo\n@randy /game undo refuse:true\n@les /buy count:0\n",
        script_lines(10)
    );
    let (out, _, _) = run_console(&app, &script).await;
    assert!(
        out.contains("Since it made hidden information known"),
        "{out}"
    );
    assert!(
        out.contains("randy refuses to take les's moves back; the game goes on as it was"),
        "{out}"
    );
    assert!(!out.contains("Refused"), "{out}");
    assert_eq!(
        live_actions(&app).await,
        3,
        "randy's X-File, les's draw and buy"
    );
    consistent(&app).await;
}

#[tokio::test]
async fn a_finished_game_posts_one_game_over_line_and_a_summary_that_reveals_the_x_files() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 11).await;
    let script = std::fs::read_to_string("tests/scripts/xfiles-game.txt").unwrap();
    let (out, _, failures) = run_console(&app, &format!("{script}@les /game log from:1\n")).await;
    assert_eq!(failures, 0);
    assert_eq!(
        out.matches("**Game over**").count(),
        1,
        "one game-over line"
    );
    let summary = blocks(&out)
        .into_iter()
        .find(|(h, b)| h == "[#table]" && b.starts_with("**Game #1 summary**"))
        .expect("a summary in the thread")
        .1;
    assert!(
        summary.contains("randy's X-File was The Jersey Devil"),
        "{summary}"
    );
    assert!(summary.contains("les's X-File was"), "{summary}");
    assert!(summary.contains("les asked randy:"), "{summary}");
    let log = last_to(&out, "[ephemeral @les]");
    assert!(
        log.starts_with("**Game #1 record**, lines 1–25 of"),
        "{log}"
    );
    assert!(
        log.contains("\n1. ") && log.contains("Later: /game log from:26"),
        "{log}"
    );
}

#[tokio::test]
async fn a_refusal_says_when_the_move_becomes_possible_and_you_may_lists_every_buy_count() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 11).await;
    let script = format!(
        "{}@les /site card:\"Gibsonton, FL\"\n@les /hand\n",
        script_lines(10)
    );
    let (out, _, failures) = run_console(&app, &script).await;
    assert_eq!(failures, 0);
    let les: Vec<String> = blocks(&out)
        .into_iter()
        .filter(|(h, _)| h == "[ephemeral @les]")
        .map(|b| b.1)
        .collect();
    let refusal = &les[les.len() - 2];
    assert!(
        refusal.contains("Sites are played in your Case Assignment Phase"),
        "{refusal}"
    );
    let hand = les.last().unwrap();
    let you_may = hand.lines().find(|l| l.starts_with("You may:")).unwrap();
    assert!(you_may.contains("/buy count:0–"), "{you_may}");
    assert!(
        !you_may.contains("/buy count:1 "),
        "one entry for every count: {you_may}"
    );
}
