//! The `/game new` options of the X-Files CCG: the Advanced Game's optional
//! rules (pp. 42-45), and for the Basic Game the choices its sources leave
//! open (each stated in the rules reference as "how xfiles-bot plays it").

use crate::app::command::message::UserError;
use crate::app::command::spec::{Args, OptKind, OptionSpec, opt};
use crate::app::games::driver::GameKind;
use crate::engine::xfiles::{BasicRules, Chooser, XfOptions};

const KILLER: &str = "X-Files CCG: allow Killer cards (optional rule, p. 42)";

pub(super) fn new_game_options(kind: GameKind) -> Vec<OptionSpec> {
    if kind == GameKind::XFilesCcgBasic {
        return basic_options();
    }
    vec![
        opt("killer", OptKind::Bool, KILLER),
        opt(
            "question-or-guess",
            OptKind::Bool,
            "X-Files CCG: a Site earns a question or a guess, not both (p. 42)",
        ),
        opt(
            "one-guess",
            OptKind::Bool,
            "X-Files CCG: one guess a game; a wrong guess loses (p. 42)",
        ),
        opt(
            "powers",
            OptKind::Bool,
            "X-Files CCG: X-File Powers (pp. 43-45)",
        ),
        opt(
            "income-any-turn",
            OptKind::Bool,
            "X-Files CCG: income Witnesses earn on every turn (FAQ97 #23), not only yours (FAQ21 #31)",
        ),
    ]
}

fn basic_options() -> Vec<OptionSpec> {
    vec![
        opt("killer", OptKind::Bool, KILLER),
        opt(
            "opening-hand",
            OptKind::Int { min: 1, max: 20 },
            "Basic Game: cards dealt at the start (default 10, the size hands refill to)",
        ),
        opt(
            "hospital",
            OptKind::Int { min: 0, max: 5 },
            "Basic Game: whole turns of its own a wounded Agent sits out (default 0)",
        ),
        opt(
            "wounded-by",
            OptKind::Choice(&["conspiracy", "investigator"]),
            "Basic Game: who picks the Agent an Adversary wounds (default conspiracy)",
        ),
        opt(
            "equipment-counts",
            OptKind::Bool,
            "Basic Game: Equipment counts towards the three cards a turn (default false)",
        ),
    ]
}

pub(super) fn build_options(kind: GameKind, args: &Args) -> Result<XfOptions, UserError> {
    let killer = args.flag("killer").unwrap_or(false);
    if kind == GameKind::XFilesCcgBasic {
        let d = BasicRules::default();
        let basic = BasicRules {
            opening_hand: args.int("opening-hand").map_or(d.opening_hand, |n| n as u8),
            hospital_turns: args.int("hospital").map_or(d.hospital_turns, |n| n as u8),
            wounded_by: match args.text("wounded-by") {
                Some("investigator") => Chooser::Investigator,
                _ => Chooser::Conspiracy,
            },
            equipment_counts: args.flag("equipment-counts").unwrap_or(d.equipment_counts),
        };
        return Ok(XfOptions {
            killer,
            basic: Some(basic),
            ..XfOptions::default()
        });
    }
    Ok(XfOptions {
        killer,
        question_or_guess: args.flag("question-or-guess").unwrap_or(false),
        one_guess: args.flag("one-guess").unwrap_or(false),
        powers: args.flag("powers").unwrap_or(false),
        income_any_turn: args.flag("income-any-turn").unwrap_or(false),
        ..XfOptions::default()
    })
}

pub(super) fn describe_options(o: &XfOptions) -> String {
    if let Some(b) = &o.basic {
        return describe_basic(o, b);
    }
    let mut rules = Vec::new();
    for (on, what) in [
        (o.killer, "Killer cards allowed"),
        (o.question_or_guess, "a question or a guess, not both"),
        (o.one_guess, "one guess a game"),
        (o.powers, "X-File Powers"),
        (o.income_any_turn, "income Witnesses earn on every turn"),
    ] {
        if on {
            rules.push(what);
        }
    }
    if rules.is_empty() {
        "Standard Advanced rules.".into()
    } else {
        format!("Optional rules: {}.", rules.join("; "))
    }
}

fn describe_basic(o: &XfOptions, b: &BasicRules) -> String {
    let d = BasicRules::default();
    let mut rules = Vec::new();
    if o.killer {
        rules.push("Killer cards allowed".to_string());
    }
    if b.opening_hand != d.opening_hand {
        rules.push(format!("{} cards dealt at the start", b.opening_hand));
    }
    if b.hospital_turns != d.hospital_turns {
        rules.push(format!(
            "a wounded Agent sits out {} whole turn(s) of its own",
            b.hospital_turns
        ));
    }
    if b.wounded_by == Chooser::Investigator {
        rules.push("the attacked player picks the wounded Agent".into());
    }
    if b.equipment_counts {
        rules.push("Equipment counts towards the three cards".into());
    }
    if rules.is_empty() {
        "Basic Game rules (how xfiles-bot plays what the sources leave open: /rules basic game)."
            .into()
    } else {
        format!("Basic Game rules, with: {}.", rules.join("; "))
    }
}
