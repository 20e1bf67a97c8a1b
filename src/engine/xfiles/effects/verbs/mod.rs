//! The closed list of verbs a script may use. Each verb has a parse function
//! and a function that carries it out, side by side in its area's file with
//! the tests that prove it: pools, cards, checks, agents, stack, sites,
//! questions, combat and flow.

mod agents;

/// The prefix of a value a card being played keeps once in play (`keep`).
pub const KEPT: &str = "kept:";

/// A value the source card keeps: on it once in play, or, while it is being
/// played, kept as it enters play (`keep`, `watch-answer`, `capture`).
pub(crate) fn keep_value(g: &mut XfGame, r: &mut Resolution, name: &str, v: Val) {
    if r.played.is_some() {
        r.vars.set(&format!("{KEPT}{name}"), v);
    } else if let Some(p) = r.src.perm.and_then(|id| g.perm_mut(id)) {
        p.data.set(name, v);
    } else if let Some(a) = r.src.agent.and_then(|a| g.agent_mut(a)) {
        a.data.set(name, v);
    } else if let Some(p) = r.src.power.and_then(|t| g.power_mut(r.src.controller, t)) {
        p.data.set(name, v);
    }
}

/// Cards a card being played puts under itself, kept as it enters play.
pub const UNDER: &str = "under";

/// One of `seat`'s cards the resolving card would remove from the game:
/// true when a card stands in for it (Lucy Householder) and is removed
/// instead, so the removal does not happen.
pub(crate) fn stood_in(
    g: &mut XfGame,
    r: &mut Resolution,
    seat: crate::engine::Seat,
    events: &mut Events,
) -> bool {
    let Some(p) = r.played.as_mut() else {
        return false;
    };
    let Some(i) = p.stand_ins.iter().position(|(s, _)| *s == seat) else {
        return false;
    };
    let Some(id) = p.stand_ins.remove(i).1 else {
        return true;
    };
    g.drop_check_mods(id);
    match g.take_perm(id, events) {
        Some((owner, card)) => {
            g.player_mut(owner).removed.push(card);
            true
        }
        // It left play before: nothing stands in.
        None => false,
    }
}
/// Whose cards lie under a card in play, when not its owner's (`to-under`).
pub const UNDER_OWNER: &str = "under-owner";

/// A Witness kept in play that may add its modifier again (`reuse`).
pub const REUSE: &str = "reuse";

/// The turn in which an Agent keeps his dedicated RP (`keep-rp`).
pub const RP_KEPT: &str = "rp-kept";

/// The card whose Keywords a card in play holds fixed (`fix-keywords`).
pub const FIXED: &str = "fixed";

/// A card in play's normal number of tokens when its text placed more than
/// its usual number as it came into play (A Final Choice on Mulder: seven).
pub const NORMAL_TOKENS: &str = "normal-tokens";
mod cards;
mod checks;
mod combat;
mod flow;
mod modifiers;
mod pools;
mod questions;
mod sites;
mod stack;

use super::ast::{Cond, Duration, Modifier, Num, Selector, Value, Who};
use super::lex::Args;
use super::run::Flow;
use super::state::{Resolution, Val};
use crate::cards::{Category, Keyword, Pool, Section, Skill};
use crate::engine::xfiles::{Events, XfGame};

pub use modifiers::parse_modifier;

/// One step of a card's program.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    // pools
    Gain {
        pool: Pool,
        n: Num,
        who: Who,
    },
    Lose {
        pool: Pool,
        n: Num,
        who: Who,
    },
    Take {
        from_pool: Pool,
        n: Num,
        from: Who,
        to_pool: Pool,
    },
    SwapPools {
        pool: Pool,
    },
    Pay {
        pool: Pool,
        n: Num,
    },
    // cards
    Draw {
        n: Num,
        who: Who,
    },
    DiscardRandom {
        n: Num,
        who: Who,
    },
    DiscardHand {
        who: Who,
        /// The player may keep cards at this many RP each (Jeopardizing).
        keep_at: Option<u8>,
    },
    Discard {
        what: Target,
    },
    Mill {
        n: Num,
        who: Who,
    },
    MillUntil {
        who: Who,
        max: u8,
        var: String,
        quals: Vec<super::ast::Qual>,
    },
    Search {
        sel: Selector,
        count: u8,
        to: Zone,
    },
    Recover {
        sel: Selector,
        to: Zone,
    },
    LookHand {
        who: Who,
    },
    Reveal {
        what: Target,
    },
    Look {
        what: Target,
    },
    Shuffle {
        who: Who,
    },
    ToHand {
        what: Target,
    },
    ToUnder {
        what: Target,
        face_down: bool,
    },
    UnderToHand,
    StopPurchase {
        refund: bool,
    },
    Join {
        what: Target,
    },
    PutOnTop {
        what: Target,
        secret: bool,
    },
    Steal {
        what: String,
    },
    Exile {
        what: Target,
    },
    // checks
    ModifyCheck {
        n: Num,
        skills: Vec<Skill>,
    },
    SetPrereq {
        skill: Skill,
        n: u8,
    },
    ChangePrereq {
        from: Vec<Skill>,
        to: Skill,
    },
    RaisePrereq {
        n: Num,
    },
    Check {
        skill: Skill,
        n: u8,
        team: Option<String>,
    },
    FailCheck,
    TeamLimit {
        n: u8,
    },
    // agents
    Heal {
        who: String,
        n: Option<Num>,
    },
    Damage {
        who: String,
        n: Num,
    },
    Move {
        who: String,
        to: Section,
    },
    Remove {
        who: String,
    },
    DiscardAgent {
        who: String,
    },
    Abduct {
        who: String,
    },
    Away {
        who: String,
        turns: u8,
    },
    Restore {
        who: String,
    },
    BringBack {
        who: String,
        health: Option<u8>,
    },
    LastCheck {
        who: String,
    },
    Hospitalize {
        who: String,
        until_healed: bool,
        at_zero: bool,
    },
    LowerCost {
        who: String,
        n: u8,
    },
    SlowHeal {
        who: String,
    },
    LoseHealth {
        who: String,
        n: u8,
    },
    Wound {
        who: String,
    },
    Hold {
        who: String,
    },
    /// The Agent's dedicated RP is kept, not spent, this turn.
    KeepRp,
    Borrow {
        who: String,
        team: Option<String>,
        /// Goes back to its owner's Bureau, not to its own Team (Warrant Served).
        to_bureau: bool,
    },
    /// The Agents this card holds go to their Bureau (`None`), or those a
    /// variable names to the Field.
    Release {
        who: Option<String>,
    },
    MoveBluff {
        what: String,
        to: String,
    },
    BluffToHand {
        what: String,
    },
    Provide {
        keywords: Vec<Keyword>,
        half: bool,
    },
    MayPlay {
        what: String,
        free: bool,
        less: u8,
        turn: bool,
        now: bool,
    },
    // stack and cards in play
    Negate {
        what: String,
    },
    Tax {
        what: String,
    },
    Bottom {
        what: String,
    },
    ShuffleIn {
        what: String,
    },
    Tokens {
        n: Num,
        on: Option<String>,
    },
    MoveToken,
    Stay,
    DiscardSelf,
    RemoveSelf,
    RemoveInstead {
        what: String,
    },
    Attach {
        to: String,
    },
    Keep {
        var: String,
    },
    Reuse {
        what: String,
    },
    PlaceUnder {
        what: String,
    },
    Forget {
        var: String,
    },
    Until {
        duration: Duration,
        modifier: Modifier,
    },
    /// The ability's Agent attacks as an Adversary (on the stack).
    AttackAsAdversary {
        /// This card is discarded if he is negated (Mostow's Sketches).
        tied: bool,
    },
    /// Cards from the hand played as one with this card (Overwhelming Force).
    PlayAsOne {
        var: String,
    },
    // sites
    ChangeKeyword {
        what: String,
        from: Vec<Keyword>,
        to: Option<Keyword>,
    },
    AddKeyword {
        what: String,
        to: Option<Keyword>,
    },
    ChangeQuestion {
        what: String,
        to: Category,
    },
    FixKeywords {
        what: String,
    },
    DiscardBluff {
        what: String,
    },
    // questions
    Ask {
        categories: Vec<Category>,
        of: Who,
    },
    AskValue {
        value: crate::cards::Trait,
    },
    // combat
    Fight,
    CombatBoost {
        who: String,
        n: Num,
        skill: Option<Skill>,
        whole_combat: bool,
    },
    Weapon {
        who: String,
        n: Num,
    },
    Capture {
        who: String,
    },
    /// A combatant's attack this round changes: twice, first, at another
    /// combatant, choking.
    Tactic {
        who: String,
        tactic: Tactic,
    },
    Strike {
        from: String,
        to: String,
        n: Num,
    },
    EndCombat,
    FoeStat {
        skill: Skill,
        n: Num,
    },
    SkipLrc,
    NoFight,
    Ally {
        var: String,
        stats: [u8; 3],
    },
    Empower {
        var: String,
        factor: u8,
    },
    FightWith {
        var: String,
    },
    Duel {
        foe: String,
        with: String,
        rounds: Option<u8>,
        keywords: Vec<Keyword>,
    },
    Shield {
        who: String,
        n: Num,
        all: bool,
    },
    NoDamage {
        who: String,
        to: bool,
        from: bool,
    },
    Stun {
        who: String,
        /// Stunned for the round after the damage just taken (Stunning Blow).
        after_damage: bool,
    },
    SplitDamage,
    ExtraLrc,
    LeaveCombat {
        who: String,
    },
    // flow
    Choose(Box<Choose>),
    Pick {
        var: String,
        among: Vec<Value>,
        prompt: String,
    },
    /// Asks the controller yes or no (compiled from `if may "question"`).
    ShareAnswer {
        others: bool,
    },
    WatchAnswer {
        about: String,
    },
    AskBack,
    AskFoeAffiliation,
    NoPenalty,
    ReplaceXFile {
        to: crate::cards::Trait,
    },
    AskMay {
        var: String,
        prompt: String,
    },
    EndTurn,
    Special(String),
}

/// How a combat card changes a combatant's attack this round.
#[derive(Debug, Clone, PartialEq)]
pub enum Tactic {
    Twice,
    First,
    /// Its damage goes to the combatant this variable holds (for the whole
    /// combat when true).
    Redirect(String, bool),
    Choke,
}

/// A card (or cards) a step acts on: a variable, or every match of a selector.
#[derive(Debug, Clone, PartialEq)]
pub enum Target {
    Var(String),
    All(Selector),
}

/// Where a found card goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zone {
    Hand,
    /// Under the card itself (Travel Plans).
    UnderSelf,
    /// Into the controller's Team in the Bureau (an Agent).
    Team,
}

/// `choose <var> <selector> [by=<who>] [count=N|up-to=N] [random] ["prompt"]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Choose {
    pub var: String,
    pub sel: Selector,
    pub by: Who,
    pub min: u8,
    pub max: u8,
    pub random: bool,
    pub prompt: String,
    /// Shown to the chooser only (cards from a hand or a deck).
    pub secret: bool,
    /// `count=x`: exactly as many as the X paid.
    pub count_x: bool,
}

type Parse = fn(&mut Args) -> Result<Step, String>;

/// Every verb: its name and parser.
const VERBS: &[(&str, Parse)] = &[
    ("gain", pools::parse_gain),
    ("lose", pools::parse_lose),
    ("take", pools::parse_take),
    ("swap-pools", pools::parse_swap),
    ("pay", pools::parse_pay),
    ("draw", cards::parse_draw),
    ("discard-random", cards::parse_discard_random),
    ("discard-hand", cards::parse_discard_hand),
    ("discard", cards::parse_discard),
    ("mill", cards::parse_mill),
    ("search", cards::parse_search),
    ("recover", cards::parse_recover),
    ("look-hand", cards::parse_look_hand),
    ("reveal", cards::parse_reveal),
    ("look", cards::parse_look),
    ("shuffle", cards::parse_shuffle),
    ("to-hand", cards::parse_to_hand),
    ("to-under", cards::parse_to_under),
    ("under-to-hand", cards::parse_under_to_hand),
    ("stop-purchase", pools::parse_stop_purchase),
    ("join", cards::parse_join),
    ("watch-answer", questions::parse_watch_answer),
    ("put-on-top", cards::parse_put_on_top),
    ("steal", cards::parse_steal),
    ("exile", cards::parse_exile),
    ("modify-check", checks::parse_modify),
    ("set-prereq", checks::parse_set_prereq),
    ("change-prereq", checks::parse_change_prereq),
    ("raise-prereq", checks::parse_raise_prereq),
    ("check", checks::parse_check),
    ("fail-check", checks::parse_fail),
    ("team-limit", checks::parse_team_limit),
    ("heal", agents::parse_heal),
    ("damage", agents::parse_damage),
    ("move", agents::parse_move),
    ("remove", agents::parse_remove),
    ("discard-agent", agents::parse_discard_agent),
    ("abduct", agents::parse_abduct),
    ("away", agents::parse_away),
    ("restore", agents::parse_restore),
    ("bring-back", agents::parse_bring_back),
    ("last-check", agents::parse_last_check),
    ("negate", stack::parse_negate),
    ("share-answer", questions::parse_share_answer),
    ("ask-back", questions::parse_ask_back),
    ("ask-foe-affiliation", questions::parse_ask_foe_affiliation),
    ("no-penalty", questions::parse_no_penalty),
    ("replace-xfile", questions::parse_replace_xfile),
    ("tax", stack::parse_tax),
    ("bottom", stack::parse_bottom),
    ("shuffle-in", stack::parse_shuffle_in),
    ("tokens", stack::parse_tokens),
    ("move-token", stack::parse_move_token),
    ("stay", stack::parse_stay),
    ("discard-self", stack::parse_discard_self),
    ("remove-self", stack::parse_remove_self),
    ("remove-instead", stack::parse_remove_instead),
    ("attach", stack::parse_attach),
    ("keep", stack::parse_keep),
    ("reuse", stack::parse_reuse),
    ("place-under", stack::parse_place_under),
    ("forget", stack::parse_forget),
    ("attack-as-adversary", stack::parse_attack_as_adversary),
    ("play-as-one", stack::parse_play_as_one),
    ("until", modifiers::parse_until),
    ("change-keyword", sites::parse_change_keyword),
    ("add-keyword", sites::parse_add_keyword),
    ("change-question", sites::parse_change_question),
    ("fix-keywords", sites::parse_fix_keywords),
    ("discard-bluff", sites::parse_discard_bluff),
    ("ask", questions::parse_ask),
    ("ask-value", questions::parse_ask_value),
    ("fight", combat::parse_fight),
    ("combat-boost", combat::parse_boost),
    ("weapon", combat::parse_weapon),
    ("capture", combat::parse_capture),
    ("attack-twice", combat::parse_twice),
    ("strike-first", combat::parse_first),
    ("redirect", combat::parse_redirect),
    ("choke", combat::parse_choke),
    ("strike", combat::parse_strike),
    ("end-combat", combat::parse_end_combat),
    ("foe-stat", combat::parse_foe_stat),
    ("skip-lrc", combat::parse_skip_lrc),
    ("ally", combat::parse_ally),
    ("empower", combat::parse_empower),
    ("fight-with", combat::parse_fight_with),
    ("duel", combat::parse_duel),
    ("hospitalize", agents::parse_hospitalize),
    ("wound", agents::parse_wound),
    ("lower-cost", agents::parse_lower_cost),
    ("slow-heal", agents::parse_slow_heal),
    ("lose-health", agents::parse_lose_health),
    ("hold", agents::parse_hold),
    ("borrow", agents::parse_borrow),
    ("keep-rp", agents::parse_keep_rp),
    ("release", agents::parse_release),
    ("move-bluff", sites::parse_move_bluff),
    ("bluff-to-hand", sites::parse_bluff_to_hand),
    ("provide", cards::parse_provide),
    ("may-play", cards::parse_may_play),
    ("mill-until", cards::parse_mill_until),
    ("no-fight", combat::parse_no_fight),
    ("shield", combat::parse_shield),
    ("no-damage", combat::parse_no_damage),
    ("stun", combat::parse_stun),
    ("split-damage", combat::parse_split),
    ("extra-lrc", combat::parse_extra_lrc),
    ("leave-combat", combat::parse_leave),
    ("choose", flow::parse_choose),
    ("pick", flow::parse_pick),
    ("end-turn", flow::parse_end_turn),
    ("special", flow::parse_special),
];

/// Parses one step line.
pub fn parse_step(verb: &str, a: &mut Args) -> Result<Step, String> {
    match VERBS.iter().find(|(n, _)| *n == verb) {
        Some((_, parse)) => {
            let s = parse(a)?;
            a.end()?;
            Ok(s)
        }
        None => {
            let names: Vec<&str> = VERBS.iter().map(|(n, _)| *n).collect();
            Err(format!(
                "'{verb}' is not a verb; verbs: {}",
                names.join(", ")
            ))
        }
    }
}

/// The names of every verb (for the language reference).
pub fn verb_names() -> Vec<&'static str> {
    VERBS.iter().map(|(n, _)| *n).collect()
}

/// A variable, or a selector: `discard hand(theirs keyword=x)` / `discard chosen`.
fn target(a: &mut Args) -> Result<Target, String> {
    if a.next_is_selector() {
        Ok(Target::All(a.selector()?))
    } else {
        Ok(Target::Var(a.var()?))
    }
}

/// Carries out one step.
pub fn run(g: &mut XfGame, r: &mut Resolution, step: &Step, events: &mut Events) -> Flow {
    use Step as S;
    match step {
        S::Gain { pool, n, who } => pools::gain(g, r, *pool, n, *who, events),
        S::Lose { pool, n, who } => pools::lose(g, r, *pool, n, *who, events),
        S::Take {
            from_pool,
            n,
            from,
            to_pool,
        } => pools::take(g, r, *from_pool, n, *from, *to_pool, events),
        S::SwapPools { pool } => pools::swap(g, r, *pool, events),
        S::Pay { pool, n } => pools::pay(g, r, *pool, n, events),
        S::Draw { n, who } => cards::draw(g, r, n, *who, events),
        S::DiscardRandom { n, who } => cards::discard_random(g, r, n, *who, events),
        S::DiscardHand { who, keep_at } => cards::discard_hand(g, r, *who, *keep_at, events),
        S::Discard { what } => cards::discard(g, r, what, events),
        S::Mill { n, who } => cards::mill(g, r, n, *who, events),
        S::Search { sel, count, to } => cards::search(g, r, sel, *count, *to, events),
        S::Recover { sel, to } => cards::recover(g, r, sel, *to, events),
        S::LookHand { who } => cards::look_hand(g, r, *who, events),
        S::Reveal { what } => cards::reveal(g, r, what, events),
        S::Look { what } => cards::look(g, r, what, events),
        S::Shuffle { who } => cards::shuffle(g, r, *who, events),
        S::ToHand { what } => cards::to_hand(g, r, what, events),
        S::ToUnder { what, face_down } => cards::to_under(g, r, what, *face_down, events),
        S::UnderToHand => cards::under_to_hand(g, r, events),
        S::StopPurchase { refund } => pools::stop_purchase(g, *refund, events),
        S::Join { what } => cards::join(g, r, what, events),
        S::PutOnTop { what, secret } => cards::put_on_top(g, r, what, *secret, events),
        S::Steal { what } => cards::steal(g, r, what, events),
        S::Exile { what } => cards::exile(g, r, what, events),
        S::ModifyCheck { n, skills } => checks::modify(g, r, n, skills, events),
        S::SetPrereq { skill, n } => checks::set_prereq(g, r, *skill, *n, events),
        S::ChangePrereq { from, to } => checks::change_prereq(g, r, from, *to, events),
        S::RaisePrereq { n } => checks::raise_prereq(g, r, n, events),
        S::Check { skill, n, team } => checks::check(g, r, *skill, *n, team.as_deref(), events),
        S::FailCheck => checks::fail(g, r, events),
        S::TeamLimit { n } => checks::team_limit(g, r, *n, events),
        S::Heal { who, n } => agents::heal(g, r, who, n.as_ref(), events),
        S::Damage { who, n } => agents::damage(g, r, who, n, events),
        S::Move { who, to } => agents::move_to(g, r, who, *to, events),
        S::Remove { who } => agents::remove(g, r, who, events),
        S::DiscardAgent { who } => agents::discard_agent(g, r, who, events),
        S::Abduct { who } => agents::abduct(g, r, who, events),
        S::Away { who, turns } => agents::away(g, r, who, *turns, events),
        S::Restore { who } => agents::restore(g, r, who, events),
        S::BringBack { who, health } => agents::bring_back(g, r, who, *health, events),
        S::LastCheck { who } => agents::last_check(g, r, who, events),
        S::Negate { what } => stack::negate(g, r, what, events),
        S::Tax { what } => stack::tax(g, r, what, events),
        S::Bottom { what } => stack::bottom(g, r, what, events),
        S::ShuffleIn { what } => stack::shuffle_in(g, r, what, events),
        S::Tokens { n, on } => stack::tokens(g, r, n, on.as_deref(), events),
        S::MoveToken => stack::move_token(g, r, events),
        S::Stay => stack::stay(g, r, events),
        S::DiscardSelf => stack::discard_self(g, r, events),
        S::RemoveSelf => stack::remove_self(g, r, events),
        S::RemoveInstead { what } => stack::remove_instead(g, r, what, events),
        S::Attach { to } => stack::attach(g, r, to, events),
        S::Keep { var } => stack::keep(g, r, var, events),
        S::Reuse { what } => stack::reuse(g, r, what, events),
        S::PlaceUnder { what } => stack::place_under(g, r, what, events),
        S::Forget { var } => stack::forget(g, r, var, events),
        S::AttackAsAdversary { tied } => stack::attack_as_adversary(g, r, *tied, events),
        S::PlayAsOne { var } => stack::play_as_one(g, r, var, events),
        S::Until { duration, modifier } => modifiers::until(g, r, *duration, modifier, events),
        S::ChangeKeyword { what, from, to } => sites::change_keyword(g, r, what, from, *to, events),
        S::AddKeyword { what, to } => sites::add_keyword(g, r, what, *to, events),
        S::ChangeQuestion { what, to } => sites::change_question(g, r, what, *to, events),
        S::FixKeywords { what } => sites::fix_keywords(g, r, what, events),
        S::DiscardBluff { what } => sites::discard_bluff(g, r, what, events),
        S::Ask { categories, of } => questions::ask(g, r, categories, *of, events),
        S::AskValue { value } => questions::ask_value(g, r, *value, events),
        S::Fight => combat::fight(g, r, events),
        S::CombatBoost {
            who,
            n,
            skill,
            whole_combat,
        } => combat::boost(g, r, who, n, *skill, *whole_combat, events),
        S::Weapon { who, n } => combat::weapon(g, r, who, n),
        S::Capture { who } => combat::capture(g, r, who),
        S::Tactic { who, tactic } => combat::tactic(g, r, who, tactic, events),
        S::Strike { from, to, n } => combat::strike(g, r, from, to, n, events),
        S::EndCombat => combat::end(g, r, events),
        S::FoeStat { skill, n } => combat::foe_stat(g, r, *skill, n, events),
        S::SkipLrc => combat::skip_lrc(r),
        S::Ally { var, stats } => combat::ally(g, r, var, *stats, events),
        S::Empower { var, factor } => combat::empower(g, r, var, *factor, events),
        S::FightWith { var } => combat::fight_with(g, r, var, events),
        S::Duel {
            foe,
            with,
            rounds,
            keywords,
        } => combat::duel(g, r, foe, with, (*rounds, keywords.as_slice()), events),
        S::Hospitalize {
            who,
            until_healed,
            at_zero,
        } => agents::hospitalize(g, r, who, *until_healed, *at_zero, events),
        S::Wound { who } => agents::wound(g, r, who, events),
        S::LowerCost { who, n } => agents::lower_cost(g, r, who, *n, events),
        S::SlowHeal { who } => agents::slow_heal(g, r, who, events),
        S::LoseHealth { who, n } => agents::lose_health(g, r, who, *n, events),
        S::Hold { who } => agents::hold(g, r, who, events),
        S::KeepRp => agents::keep_rp(g, r),
        S::Borrow {
            who,
            team,
            to_bureau,
        } => agents::borrow(g, r, who, (team.as_deref(), *to_bureau), events),
        S::Release { who } => agents::release(g, r, who.as_deref(), events),
        S::MoveBluff { what, to } => sites::move_bluff(g, r, what, to, events),
        S::BluffToHand { what } => sites::bluff_to_hand(g, r, what, events),
        S::Provide { keywords, half } => cards::provide(g, r, keywords, *half, events),
        S::MayPlay {
            what,
            free,
            less,
            turn,
            now,
        } => cards::may_play(g, r, what, (*free, *less, *turn, *now), events),
        S::MillUntil {
            who,
            max,
            var,
            quals,
        } => cards::mill_until(g, r, *who, *max, var, quals, events),
        S::NoFight => combat::no_fight(r),
        S::Shield { who, n, all } => combat::shield(g, r, who, n, *all, events),
        S::NoDamage { who, to, from } => combat::no_damage(g, r, who, *to, *from, events),
        S::Stun { who, after_damage } => combat::stun(g, r, who, *after_damage, events),
        S::SplitDamage => combat::split(g, r, events),
        S::ExtraLrc => combat::extra_lrc(g, r, events),
        S::LeaveCombat { who } => combat::leave(g, r, who, events),
        S::Choose(c) => flow::choose(g, r, c, events),
        S::Pick { var, among, prompt } => flow::pick(g, r, var, among, prompt, events),
        S::AskMay { var, prompt } => flow::ask_may(g, r, var, prompt, events),
        S::ShareAnswer { others } => questions::share_answer(g, r, *others, events),
        S::WatchAnswer { about } => questions::watch_answer(g, r, about),
        S::AskBack => questions::ask_back(g, r, events),
        S::AskFoeAffiliation => questions::ask_foe_affiliation(g, r, events),
        S::NoPenalty => questions::no_penalty(g, r, events),
        S::ReplaceXFile { to } => questions::replace_xfile(g, r, *to, events),
        S::EndTurn => flow::end_turn(g, r, events),
        S::Special(name) => flow::special(g, r, name, events),
    }
}

/// Conditions a verb's step implies: what must hold for the card to be
/// worth playing (used when a script declares no `when`).
pub fn implied(step: &Step) -> Option<Cond> {
    match step {
        Step::ModifyCheck { skills, .. } => Some(Cond::InCheck(skills.clone())),
        Step::SetPrereq { .. } | Step::ChangePrereq { .. } | Step::RaisePrereq { .. } => {
            Some(Cond::SiteCheck(Vec::new()))
        }
        _ => None,
    }
}

#[cfg(test)]
mod reference_tests {
    /// The scripts' reference names every verb of the closed list.
    #[test]
    fn the_script_reference_lists_every_verb() {
        let doc = include_str!("../../../../../cards/xfiles-ccg/scripts/README.md");
        let missing: Vec<&str> = super::VERBS
            .iter()
            .map(|(n, _)| *n)
            .filter(|n| !doc.contains(&format!("`{n}`")) && !doc.contains(&format!("`{n} ")))
            .collect();
        assert!(missing.is_empty(), "undocumented verbs: {missing:?}");
    }
}
