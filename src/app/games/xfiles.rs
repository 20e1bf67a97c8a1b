//! The X-Files CCG at the table: commands to actions, events to text, the
//! board and each player's private status.

use super::host::{Ask, GameUi, Handler, split_list};
use crate::app::commands::{Args, OptKind, OptionSpec, opt};
use crate::app::kinds::{GameKind, Table};
use crate::app::message::{Button, UserError};
use crate::cards::Section;
use crate::cards::{self, CardIdx, CardType, Pool, Skill, Trait, db, normalize};
use crate::decks::StoredDeck;
use crate::engine::xfiles::{
    AgentRef, AgentView, Awaiting, InvestigationView, Manual, Phase, PlayArgs, PlayerView,
    SiteView, Stage, Target, XfAction, XfEvent, XfGame, XfOptions, XfView,
};
use crate::engine::{Game, Seat, Viewer};
use crate::store::DeckRow;

fn title(c: CardIdx) -> &'static str {
    &db().get(c).title
}

/// How well `text` names `name`: 1 exact, high for a contained word or a typo.
fn name_score(text: &str, name: &str) -> f64 {
    let (t, n) = (normalize(text), normalize(name));
    if t == n {
        return 1.0;
    }
    let words: Vec<&str> = n.split(' ').collect();
    let query: Vec<&str> = t.split(' ').collect();
    if query.iter().all(|q| words.contains(q)) {
        return 0.95;
    }
    strsim::jaro_winkler(&t, &n)
}

/// The card among `among` that `text` names, or an error listing them.
fn pick(text: &str, among: &[CardIdx], place: &str) -> Result<CardIdx, UserError> {
    if let Some(c) = db().by_id(text).filter(|c| among.contains(c)) {
        return Ok(c);
    }
    if let Some(c) = super::best_named(text, among, title, name_score) {
        return Ok(c);
    }
    let names = super::names_of(among, title);
    Err(UserError::new(format!(
        "'{text}' is not {place}.{}",
        if names.is_empty() {
            " There is none.".to_string()
        } else {
            format!(" Choose one of: {}.", names.join(", "))
        }
    )))
}

fn section(text: &str) -> Section {
    match text {
        "bureau" => Section::Bureau,
        "hospital" => Section::Hospital,
        _ => Section::Field,
    }
}

fn trait_of(text: &str) -> Option<Trait> {
    text.replace('-', " ").parse().ok()
}

/// The seat a player's name (or "seat N") refers to.
fn seat_named(t: &Table, who: &str) -> Result<Seat, UserError> {
    let w = who.trim().trim_start_matches('@');
    t.seats
        .iter()
        .position(|(id, n)| id.eq_ignore_ascii_case(w) || n.eq_ignore_ascii_case(w))
        .or_else(|| {
            w.parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .filter(|n| *n < t.seats.len())
        })
        .map(|s| s as Seat)
        .ok_or_else(|| {
            let names: Vec<&str> = t.seats.iter().map(|s| s.1.as_str()).collect();
            UserError::new(format!(
                "'{w}' is not a player of this game ({})",
                names.join(", ")
            ))
        })
}

fn all_agents(g: &XfGame) -> Vec<AgentRef> {
    g.players
        .iter()
        .enumerate()
        .flat_map(|(s, p)| {
            p.agents.iter().map(move |a| AgentRef {
                seat: s as Seat,
                card: a.card,
            })
        })
        .collect()
}

/// An Agent in play by name, preferring the given seat's.
fn agent_named(g: &XfGame, text: &str, prefer: Option<Seat>) -> Result<AgentRef, UserError> {
    let mut refs = all_agents(g);
    refs.sort_by_key(|r| Some(r.seat) != prefer);
    let cards: Vec<CardIdx> = refs.iter().map(|r| r.card).collect();
    let c = pick(text, &cards, "an Agent in play")?;
    Ok(*refs.iter().find(|r| r.card == c).expect("picked from refs"))
}

fn site_index(g: &XfGame, args: &Args, name: &str) -> Result<usize, UserError> {
    if g.sites.is_empty() {
        return Err(UserError::new("there are no Sites in play yet"));
    }
    let first = (0..g.sites.len())
        .map(|i| g.site_number(i))
        .min()
        .unwrap_or(1);
    let n = args.int(name).map_or(first, |n| n.max(0) as usize);
    g.site_at_number(n).ok_or_else(|| {
        let numbers: Vec<String> = (0..g.sites.len())
            .map(|i| g.site_number(i).to_string())
            .collect();
        UserError::new(format!(
            "there is no Site {n} in play; /board numbers the Sites in play {}",
            numbers.join(", ")
        ))
    })
}

impl XfGame {
    /// What `target:` (or `value:`) names: a card on the stack, a foe, a
    /// card in play, an opponent, or an Agent.
    fn command_target(
        &self,
        seat: Seat,
        args: &Args,
        table: &Table,
    ) -> Result<Option<Target>, UserError> {
        if let Some(v) = args.text("value") {
            return Ok(trait_of(v).map(Target::Value));
        }
        let Some(t) = args.text("target") else {
            return Ok(None);
        };
        let lower = t.trim().to_lowercase();
        if lower == "adversary" {
            return Ok(Some(Target::Adversary));
        }
        let stack: Vec<CardIdx> = self.stack.iter().map(|p| p.card).collect();
        if let Ok(c) = pick(t, &stack, "on the stack")
            && let Some(i) = stack.iter().rposition(|s| *s == c)
        {
            return Ok(Some(Target::Stack(i)));
        }
        if let Some(c) = self.combat()
            && c.living()
                .any(|(_, f)| name_score(t, title(f.card)) >= 0.85)
        {
            return Ok(Some(Target::Adversary));
        }
        if let Ok(s) = seat_named(table, t)
            && s != seat
            && t.trim().trim_start_matches('@').parse::<usize>().is_err()
        {
            return Ok(Some(Target::Seat(s)));
        }
        let perms: Vec<CardIdx> = self.perms.iter().map(|p| p.card).collect();
        if let Ok(c) = pick(t, &perms, "in play")
            && name_score(t, title(c)) >= 0.9
            && let Some(p) = self.perms.iter().find(|p| p.card == c)
        {
            return Ok(Some(Target::Perm(p.id)));
        }
        if let Some(i) = self
            .sites
            .iter()
            .position(|s| name_score(t, title(s.card)) >= 0.9)
        {
            return Ok(Some(Target::Site(i)));
        }
        Ok(Some(Target::Agent(agent_named(self, t, Some(seat))?)))
    }

    /// The options of the pending choice a player names (`"A; B"`, or numbers).
    fn picks(&self, args: &Args) -> Result<Vec<u16>, UserError> {
        let Some(c) = &self.choice else {
            return Err(UserError::new("The game is not waiting for a choice."));
        };
        let text = args
            .text("options")
            .or(args.text("agents"))
            .unwrap_or_default();
        let mut out = Vec::new();
        for part in split_list(text) {
            let i = match part.trim().parse::<usize>() {
                Ok(n) if n >= 1 && n <= c.options.len() => n - 1,
                _ => c
                    .options
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !out.contains(&(*i as u16)))
                    .map(|(i, o)| (i, name_score(&part, &o.label)))
                    .filter(|(_, s)| *s >= 0.8)
                    .max_by(|a, b| a.1.total_cmp(&b.1))
                    .map(|(i, _)| i)
                    .ok_or_else(|| {
                        let labels: Vec<String> = c
                            .options
                            .iter()
                            .enumerate()
                            .map(|(i, o)| format!("{} {}", i + 1, o.label))
                            .collect();
                        UserError::new(format!(
                            "'{part}' is not one of the options: {}.",
                            labels.join(", ")
                        ))
                    })?,
            };
            out.push(i as u16);
        }
        Ok(out)
    }

    fn card_line(c: CardIdx) -> String {
        let card = db().get(c);
        match card.kind {
            CardType::Site => format!(
                "{} ({}; {})",
                card.title,
                card.prerequisite
                    .as_ref()
                    .map(|p| p.to_string())
                    .unwrap_or_default(),
                card.question
                    .as_ref()
                    .map(|q| q
                        .categories
                        .iter()
                        .map(|c| c.as_str().to_uppercase())
                        .collect::<Vec<_>>()
                        .join("/"))
                    .unwrap_or_default()
            ),
            _ => format!(
                "{} ({})",
                card.title,
                card.cost
                    .map(|c| c.to_string())
                    .unwrap_or_else(|| card.kind.to_string())
            ),
        }
    }
}

impl GameUi for XfGame {
    const KIND: GameKind = GameKind::XFilesCcg;
    const HANDLERS: &'static [(&'static str, Handler<Self>)] = &[
        ("hand", Handler::Hand),
        ("board", Handler::Board),
        ("notebook", Handler::Show(on_notebook)),
        ("xfile", Handler::Act(on_xfile)),
        ("draw", Handler::Act(on_draw)),
        ("buy", Handler::Act(on_buy)),
        ("sell", Handler::Act(on_sell)),
        ("equip", Handler::Act(on_equip)),
        ("deploy", Handler::Act(on_deploy)),
        ("site", Handler::Act(on_site)),
        ("bluff", Handler::Act(on_bluff)),
        ("peek", Handler::Act(on_peek)),
        ("investigate", Handler::Act(on_investigate)),
        ("pay", Handler::Act(on_pay)),
        ("pass", Handler::Act(on_pass)),
        ("use", Handler::Act(on_use)),
        ("power", Handler::Act(on_power)),
        ("announce", Handler::Act(on_announce)),
        ("play", Handler::Act(on_play)),
        ("aim", Handler::Act(on_aim)),
        ("keep", Handler::Act(on_choose)),
        ("choose", Handler::Act(on_choose)),
        ("damage", Handler::Act(on_damage)),
        ("ask", Handler::Act(on_ask)),
        ("guess", Handler::Act(on_guess)),
        ("done", Handler::Act(on_done)),
        ("discard", Handler::Act(on_discard)),
        ("resign", Handler::Act(on_resign)),
        ("dispute", Handler::Act(on_dispute)),
        ("adjust", Handler::Act(on_adjust)),
    ];
    const FOREIGN_OPTIONS: (&'static [&'static str], &'static str) = (
        &["covered", "character"],
        "is for the fan CCG, not the X-Files CCG.",
    );

    fn new_game_options() -> Vec<OptionSpec> {
        vec![
            opt(
                "killer",
                OptKind::Bool,
                "X-Files CCG: allow Killer cards (optional rule, p. 42)",
            ),
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

    fn build_options(args: &Args) -> Result<XfOptions, UserError> {
        Ok(XfOptions {
            killer: args.flag("killer").unwrap_or(false),
            question_or_guess: args.flag("question-or-guess").unwrap_or(false),
            one_guess: args.flag("one-guess").unwrap_or(false),
            powers: args.flag("powers").unwrap_or(false),
            income_any_turn: args.flag("income-any-turn").unwrap_or(false),
            ..XfOptions::default()
        })
    }

    fn describe_options(o: &XfOptions) -> String {
        let mut rules = Vec::new();
        if o.killer {
            rules.push("Killer cards allowed");
        }
        if o.question_or_guess {
            rules.push("a question or a guess, not both");
        }
        if o.one_guess {
            rules.push("one guess a game");
        }
        if o.powers {
            rules.push("X-File Powers");
        }
        if o.income_any_turn {
            rules.push("income Witnesses earn on every turn");
        }
        if rules.is_empty() {
            "Standard Advanced rules.".into()
        } else {
            format!("Optional rules: {}.", rules.join("; "))
        }
    }

    fn setup(options: &XfOptions, deck: &DeckRow) -> Result<StoredDeck, UserError> {
        let stored: StoredDeck = serde_json::from_str(&deck.list).map_err(|e| {
            UserError::new(format!(
                "Your deck '{}' is unreadable ({e}); import it again.",
                deck.name
            ))
        })?;
        let parsed = crate::decks::Deck::from_stored(&stored).map_err(UserError::new)?;
        let problems = crate::decks::validate(
            &parsed,
            crate::decks::DeckFormat::Advanced {
                killer_cards: options.killer,
            },
        );
        if problems.is_empty() {
            Ok(stored)
        } else {
            let list: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
            Err(UserError::new(format!(
                "Your deck '{}' is not legal for this game. Nothing was changed.\n• {}",
                deck.name,
                list.join("\n• ")
            )))
        }
    }

    fn earned(&self, seat: Seat) -> Option<String> {
        let waits_on_site = self.choice.is_none() && self.frames.is_empty();
        (waits_on_site && self.to_act_now().contains(&seat))
            .then(|| self.earned_at_site(seat))
            .flatten()
    }

    fn event_line(v: &XfView, event: &XfEvent, t: &Table) -> Option<String> {
        let viewer = v.viewer;
        let who = |s: Seat| t.name(s).to_string();
        let agent = |r: &AgentRef| format!("{} ({})", title(r.card), who(r.seat));
        Some(match event {
            XfEvent::Dealt { seat, cards } => {
                format!("{} shuffles and draws {cards} cards.", who(*seat))
            }
            XfEvent::YourCards { cards } => format!("Your opening hand: {}.", names(cards)),
            XfEvent::XFileChosen { seat } => format!("{} has chosen an X-File.", who(*seat)),
            XfEvent::YourXFile { card } => {
                let c = db().get(*card);
                format!(
                    "Your X-File is **{}** ({}).",
                    c.title,
                    c.characteristics.map(|c| c.to_string()).unwrap_or_default()
                )
            }
            XfEvent::FirstPlayer { seat } => format!("Chance decides: {} goes first.", who(*seat)),
            XfEvent::TurnStarted { seat, turn } => {
                format!("**Turn {turn}: {}'s turn.** Briefing Phase.", who(*seat))
            }
            XfEvent::Drew { seat, .. } if viewer == Viewer::Seat(*seat) => return None,
            XfEvent::Drew { seat, count } => {
                format!("{} takes the free draw ({count} card).", who(*seat))
            }
            XfEvent::DrewCards { cards } if cards.is_empty() => return None,
            XfEvent::DrewCards { cards } => format!("You draw: {}.", names(cards)),
            XfEvent::Reshuffled { seat } => format!(
                "{}'s Bureau deck ran out: the discard pile is shuffled into a new deck.",
                who(*seat)
            ),
            XfEvent::Resources { seat, rp, cp } if *cp > 0 => {
                format!("{} gains {rp} RP and {cp} CP.", who(*seat))
            }
            XfEvent::Resources { seat, rp, .. } => format!("{} gains {rp} RP.", who(*seat)),
            XfEvent::Bought { seat, count, pool } => {
                format!("{} buys {count} cards for {count} {pool}.", who(*seat))
            }
            XfEvent::Sold { seat, cards, cp } => {
                format!("{} sells {} for {cp} CP.", who(*seat), names(cards))
            }
            XfEvent::LostRp { seat, amount } => format!(
                "{} loses {amount} RP that had to buy cards (Agent Mulder).",
                who(*seat)
            ),
            XfEvent::Healed { agent: a, amount } => format!("{} heals {amount}.", agent(a)),
            XfEvent::Equipped { agent: a, card } => format!("{} takes {}.", agent(a), title(*card)),
            XfEvent::Moved {
                agent: a,
                section,
                team,
            } => format!(
                "{} goes to the {} (Team {}).",
                agent(a),
                section.as_str(),
                team + 1
            ),
            XfEvent::AgentBought { agent: a } => {
                format!("{} joins from the hand for this turn.", agent(a))
            }
            XfEvent::SitePlayed {
                seat,
                card,
                directed,
            } => {
                format!(
                    "{} plays the Site **{}**, directed at {}.",
                    who(*seat),
                    XfGame::card_line(*card),
                    who(*directed)
                )
            }
            XfEvent::BluffPlaced { seat, site } => format!(
                "{} puts a card face down under Site {}.",
                who(*seat),
                site_no(v, *site)
            ),
            XfEvent::Investigates {
                site,
                team,
                skill,
                threshold,
            } => format!(
                "{} investigates **{}** with {}: {} {}+ needed.",
                who(v.active),
                v.sites
                    .get(*site)
                    .map(|s| title(s.card))
                    .unwrap_or("the Site"),
                names(team),
                skill.as_str().to_uppercase(),
                threshold
            ),
            XfEvent::BluffRevealed {
                owner,
                card,
                is_bluff: true,
            } => format!("{}'s Bluff is revealed: **{}**.", who(*owner), title(*card)),
            XfEvent::BluffRevealed { owner, card, .. } => format!(
                "{}'s face-down card is **{}**, not a Bluff: discarded.",
                who(*owner),
                title(*card)
            ),
            XfEvent::BluffPaid { owner, card, cost } => {
                format!("{} pays {cost} CP for {}.", who(*owner), title(*card))
            }
            XfEvent::BluffDiscarded { owner, card }
                if !crate::engine::xfiles::is_real_bluff(*card) =>
            {
                format!("{}'s unrevealed face-down card is discarded.", who(*owner))
            }
            XfEvent::BluffDiscarded { owner, card } => {
                format!("{} lets {} go.", who(*owner), title(*card))
            }
            XfEvent::BluffMoved { owner, to } => {
                format!(
                    "{} moves a face-down card under {}.",
                    who(*owner),
                    title(*to)
                )
            }
            XfEvent::AgentsKept { kept } => {
                format!("Only {} go on; the others stay behind.", names(kept))
            }
            XfEvent::Played {
                seat,
                card,
                cost,
                pool,
            } => format!("{} plays **{}** ({cost} {pool}).", who(*seat), title(*card)),
            XfEvent::Resolved { card, manual: true } => {
                let c = db().get(*card);
                format!(
                    "{} resolves; the bot does not automate all of its text: {}",
                    c.title,
                    c.text.as_deref().or(c.game_effect.as_deref()).unwrap_or("")
                )
            }
            XfEvent::ManualOpened { seat, card, scope } if scope.is_empty() => format!(
                "Nothing of {}'s text can be changed with /adjust: settle it at the table.",
                title(*card)
            ),
            XfEvent::ManualOpened { seat, card, scope } => {
                let kinds: Vec<&str> = scope.iter().map(|k| k.word()).collect();
                format!(
                    "{} applies {}'s text by hand (/adjust what: {}); the others may /dispute each step before the game moves on.",
                    who(*seat),
                    title(*card),
                    kinds.join(", ")
                )
            }
            XfEvent::Resolved { card, .. } => format!("{} resolves.", title(*card)),
            XfEvent::PhaseBegins { phase } => phase_line(v, phase, t),
            XfEvent::AllPassed { seat } => {
                format!("{} passes too: everyone has passed.", who(*seat))
            }
            XfEvent::Looked { seat, of, count } => format!(
                "{} looks at {count} of {}'s hidden cards (what they saw stays theirs).",
                who(*seat),
                who(*of)
            ),
            XfEvent::Negated { card, by } => format!("{} negates {}.", title(*by), title(*card)),
            XfEvent::CheckStands { total, needed } => {
                format!("The Team stands at {total} against {needed}+.")
            }
            XfEvent::CombatBegins { adversary, round } => {
                let c = db().get(*adversary);
                format!(
                    "**Combat** with {} (LRC {} · CRC {} · HEALTH {}): {} round.",
                    c.title,
                    c.skills
                        .get(Skill::LongRangeCombat)
                        .map(|v| v.to_string())
                        .unwrap_or_default(),
                    c.skills
                        .get(Skill::CloseRangeCombat)
                        .map(|v| v.to_string())
                        .unwrap_or_default(),
                    c.skills
                        .get(Skill::Health)
                        .map(|v| v.to_string())
                        .unwrap_or_default(),
                    round_name(*round)
                )
            }
            XfEvent::CombatDamage {
                agents_deal,
                adversary_deals,
                to,
            } => {
                let hits: Vec<String> = to
                    .iter()
                    .map(|(r, n)| format!("{n} to {}", title(r.card)))
                    .collect();
                format!(
                    "The Agents deal {agents_deal}; the Adversary deals {adversary_deals}{}.",
                    if hits.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", hits.join(", "))
                    }
                )
            }
            XfEvent::ToHospital { agent: a } => format!("{} goes to the Hospital.", agent(a)),
            XfEvent::AdversaryKilled { card } => format!("{} is killed.", title(*card)),
            XfEvent::CombatOver { adversary } => {
                format!("Combat with {} is over.", title(*adversary))
            }
            XfEvent::CheckResult {
                success: true,
                total,
                needed,
            } => format!("The investigation succeeds: {total} against {needed}+."),
            XfEvent::CheckResult { total, needed, .. } => {
                format!("The investigation fails: {total} against {needed}+.")
            }
            XfEvent::Asked {
                seat,
                of,
                category,
                value,
            } => {
                format!(
                    "{} asks {}: is your X-File's {} {value}?",
                    who(*seat),
                    who(*of),
                    category.as_str().to_uppercase()
                )
            }
            XfEvent::Answer {
                of,
                category,
                value,
                yes,
            } => format!(
                "{}'s answer: **{}** ({} {value}).",
                who(*of),
                if *yes { "Yes" } else { "No" },
                category.as_str().to_uppercase()
            ),
            XfEvent::Guessed {
                seat,
                of,
                xfile,
                right,
            } => format!(
                "{} guesses that {}'s X-File is **{}**: {}",
                who(*seat),
                who(*of),
                title(*xfile),
                if *right { "right!" } else { "wrong." }
            ),
            XfEvent::SiteDiscarded { card } => format!("{} is discarded.", title(*card)),
            XfEvent::Discarded { seat, cards } => {
                format!("{} discards {}.", who(*seat), names(cards))
            }
            XfEvent::PeekedBluff { site, card } => format!(
                "The face-down card under Site {} is {}.",
                site_no(v, *site),
                title(*card)
            ),
            XfEvent::ManualStep {
                seat,
                card: Some(card),
                text,
            } => format!(
                "{} (by hand, for {}) {text}. Anyone else may /dispute it before the game moves on.",
                who(*seat),
                title(*card)
            ),
            XfEvent::ManualStep { seat, text, .. } => {
                format!("{} (by hand) {text}.", who(*seat))
            }
            XfEvent::Disputed { seat, by, text } => format!(
                "{} disputes {}'s step ({text}): it is undone. Settle it at the table; {} may propose it again.",
                who(*seat),
                who(*by),
                who(*by)
            ),
            XfEvent::PoolLost { seat, pool, amount } => {
                format!("{} loses {amount} {pool}.", who(*seat))
            }
            XfEvent::PoolsSwapped { a, b, pool } => {
                format!("{} and {} exchange their {pool} pools.", who(*a), who(*b))
            }
            XfEvent::Damaged { agent: a, amount } => format!("{} takes {amount} damage.", agent(a)),
            XfEvent::AgentRemoved { agent: a } => format!("{} is removed from the game.", agent(a)),
            XfEvent::AgentAbducted { agent: a } => format!(
                "{} is abducted: face up ten cards down in the Bureau deck.",
                agent(a)
            ),
            XfEvent::AgentAway { agent: a } => format!("{} is out of play for a while.", agent(a)),
            XfEvent::AgentBack { agent: a, section } => {
                format!("{} is back, in the {}.", agent(a), section.as_str())
            }
            XfEvent::Used {
                seat,
                card,
                ability,
            } => {
                format!("{} uses {} ({ability}).", who(*seat), title(*card))
            }
            XfEvent::InPlay { seat, card } => {
                format!("{} stays in play for {}.", title(*card), who(*seat))
            }
            XfEvent::LeftPlay { card } => format!("{} leaves play.", title(*card)),
            XfEvent::Tokens { card, tokens } => {
                format!("{} now has {tokens} token(s).", title(*card))
            }
            XfEvent::CheckForced {
                seat,
                skill,
                threshold,
                team,
            } => format!(
                "{}'s Team ({}) must make a {} {threshold}+ skill check.",
                who(*seat),
                names(team),
                skill.as_str().to_uppercase()
            ),
            XfEvent::PrerequisiteChanged { needs } => {
                let n: Vec<String> = needs
                    .iter()
                    .map(|(s, n)| format!("{} {n}+", s.as_str().to_uppercase()))
                    .collect();
                format!("The Site's prerequisite is now {}.", n.join(" and "))
            }
            XfEvent::KeywordChanged { card, from, to } if from == to => {
                format!(
                    "{} gains the Keyword {}.",
                    title(*card),
                    to.as_str().to_uppercase()
                )
            }
            XfEvent::KeywordChanged { card, from, to } => format!(
                "{}'s Keyword {} becomes {}.",
                title(*card),
                from.as_str().to_uppercase(),
                to.as_str().to_uppercase()
            ),
            XfEvent::QuestionChanged { card, to } => {
                format!(
                    "{} now asks a {} question.",
                    title(*card),
                    to.as_str().to_uppercase()
                )
            }
            XfEvent::Milled { seat, cards } => format!(
                "{} discards the top of the Bureau deck: {}.",
                who(*seat),
                if cards.is_empty() {
                    "nothing".into()
                } else {
                    names(cards)
                }
            ),
            XfEvent::Shown { seat, cards } if cards.is_empty() => {
                format!("{} finds nothing.", who(*seat))
            }
            XfEvent::Shown { seat, cards } => format!("{} shows {}.", who(*seat), names(cards)),
            XfEvent::SeenPrivately { of, cards } => format!(
                "{}'s hand: {}.",
                who(*of),
                if cards.is_empty() {
                    "empty".into()
                } else {
                    names(cards)
                }
            ),
            XfEvent::ToHand { seat, count } => {
                format!("{} puts {count} card(s) into their hand.", who(*seat))
            }
            XfEvent::Shuffled { seat } => format!("{} shuffles the Bureau deck.", who(*seat)),
            XfEvent::Choosing { seat, prompt } => format!("{} must {prompt}.", who(*seat)),
            XfEvent::Chose { seat, what } => {
                format!("{} chooses: {}.", who(*seat), what.join(", "))
            }
            XfEvent::TurnCut { seat } => format!("{}'s turn ends at once.", who(*seat)),
            XfEvent::PowerUsed { seat, value, label } => {
                format!("{} uses the X-File Power {value} ({label}).", who(*seat))
            }
            XfEvent::Announced {
                seat,
                category,
                value,
            } => format!(
                "{} announces their X-File's {} is {value} (X-File Power).",
                who(*seat),
                category.as_str().to_uppercase()
            ),
            XfEvent::Resigned { seat } => format!("{} resigns.", who(*seat)),
            XfEvent::GameOver { outcome } => {
                let names: Vec<String> = outcome.winners.iter().map(|s| who(*s)).collect();
                format!(
                    "**Game over**: {} wins ({}).",
                    names.join(" and "),
                    outcome.summary
                )
            }
        })
    }

    fn board(v: &XfView, t: &Table) -> String {
        let mut out = format!(
            "**Game #{} — The X-Files CCG** · turn {} · {}'s turn · {}\n",
            t.game_id,
            v.turn,
            t.name(v.active),
            v.phase
        );
        for (s, p) in v.players.iter().enumerate() {
            out.push_str(&board_player(t, s as Seat, p));
        }
        for s in &v.sites {
            out.push_str(&board_site(t, s));
        }
        if let Some(inv) = &v.investigation {
            let number = v.sites.get(inv.site).map_or(inv.site + 1, |s| s.number);
            out.push_str(&board_investigation(t, number, inv));
        }
        if let Some((skill, need, total)) = v.forced_check {
            out.push_str(&format!(
                "Skill check a card forced: {} {total}/{need}\n",
                skill.as_str().to_uppercase()
            ));
        }
        if !v.stack.is_empty() {
            let st: Vec<String> = v
                .stack
                .iter()
                .map(|(s, c)| format!("{} ({})", title(*c), t.name(*s)))
                .collect();
            out.push_str(&format!(
                "Waiting to resolve (last first): {}\n",
                st.join(" ← ")
            ));
        }
        out.push_str(&Self::next_line(v, t));
        out
    }

    fn status_for(v: &XfView, legal: &[XfAction], t: &Table) -> String {
        let seat = v.viewer.seat().unwrap_or_default();
        let me = &v.players[usize::from(seat)];
        let mut hand: Vec<String> = me
            .hand
            .iter()
            .flatten()
            .map(|c| XfGame::card_line(*c))
            .collect();
        hand.sort();
        let mut out = format!(
            "Your hand ({}): {}\nYour pools: RP {} · CP {}",
            hand.len(),
            if hand.is_empty() {
                "empty".into()
            } else {
                hand.join("; ")
            },
            me.rp,
            me.cp
        );
        match me.xfile {
            Some(x) => out.push_str(&format!("\nYour X-File: {}", title(x))),
            None => {
                let c: Vec<&str> = me.candidates.iter().flatten().map(|c| title(*c)).collect();
                out.push_str(&format!(
                    "\nChoose your X-File with /xfile: {}",
                    c.join(" or ")
                ));
            }
        }
        let buying = |a: &XfAction| {
            matches!(a, XfAction::Buy { .. })
                || matches!(a, XfAction::Trade { sell, .. } if sell.is_empty())
        };
        let mut allowed: Vec<String> = legal
            .iter()
            .filter(|a| !matches!(a, XfAction::Resign) && !buying(a))
            .map(|a| Self::describe(v, a, t))
            .collect();
        if legal.iter().any(buying) {
            // One entry for every count the pool pays (1 RP or CP a card).
            let most = match v.awaiting {
                Awaiting::Trade => me.cp,
                _ => me.rp,
            };
            allowed.push(format!("/buy count:0–{most}"));
        }
        allowed.sort();
        allowed.dedup();
        if !allowed.is_empty() {
            let (shown, more) = super::host::join_capped(&allowed, 15, " · ");
            out.push_str(&format!(
                "\nYou may: {shown}{}",
                if more > 0 {
                    format!(" (and {more} more)")
                } else {
                    String::new()
                }
            ));
        }
        if let Some(line) = manual_line(v, seat, t) {
            out.push_str(&format!("\n{line}"));
        }
        out.push_str(&format!("\n{}", notebook(v, seat, t, None)));
        out.push_str(&format!("\n{}", Self::next_line(v, t)));
        out
    }

    fn next_line(v: &XfView, t: &Table) -> String {
        let due: Vec<String> = v.to_act.iter().map(|s| t.name(*s).to_string()).collect();
        if v.awaiting == Awaiting::Over {
            return format!("Game over: {}.", v.outcome.as_deref().unwrap_or(""));
        }
        let choice_line;
        let what = match v.awaiting {
            Awaiting::Choice => {
                let prompt = v.choice.as_ref().map_or("", |c| c.prompt.as_str());
                choice_line = format!("{prompt} (/choose)");
                choice_line.as_str()
            }
            Awaiting::PayBluff => "pay for the revealed Bluff (/pay) or let it go (/pass)",
            Awaiting::AssignDamage => "assign the Adversary's damage (/damage)",
            Awaiting::Respond => "answer the card on top (/play) or let it resolve (/pass)",
            Awaiting::CombatCard => "play a Combat card (/play) or /pass",
            Awaiting::PlayOrPass => "play a card (/play) or /pass",
            Awaiting::ChooseXFile => "choose an X-File (/xfile)",
            Awaiting::Draw => "take the free draw (/draw)",
            Awaiting::Buy => "buy cards (/buy count:N)",
            Awaiting::Trade => "sell and buy cards (/sell, /buy)",
            Awaiting::Requisition => "requisition Equipment (/equip), then /done",
            Awaiting::Deployment => "deploy Agents (/deploy), then /done",
            Awaiting::CaseAssignment => "play Sites (/site), then /done",
            Awaiting::Bluffing => "place Bluffs (/bluff), then /done",
            Awaiting::Investigate => "investigate a Site (/investigate), or /done",
            Awaiting::AskOrGuess => "ask a question (/ask), guess (/guess), or /done",
            Awaiting::Penalty => {
                "ask a penalty question (/ask), guess (/guess), or decline with /done"
            }
            Awaiting::DiscardToLimit => "discard down to your hand limit (/discard), then /done",
            Awaiting::EndTurn => "end the turn (/done)",
            Awaiting::Over | Awaiting::Nothing => "",
        };
        format!("Next: {} — {what}.", due.join(", "))
    }

    fn describe(v: &XfView, action: &XfAction, t: &Table) -> String {
        let q = |c: &CardIdx| format!("\"{}\"", title(*c));
        match action {
            XfAction::ChooseXFile { card } => format!("/xfile card:{}", q(card)),
            XfAction::Brief {
                draw: true,
                to_conspiracy,
            } if to_conspiracy.is_empty() => "/draw".into(),
            XfAction::Brief {
                draw: false,
                to_conspiracy,
            } if to_conspiracy.is_empty() => "/draw skip:true".into(),
            XfAction::Brief { to_conspiracy, .. } => {
                format!("/draw conspiracy:\"{}\"", names(to_conspiracy))
            }
            XfAction::Buy { count } => format!("/buy count:{count}"),
            XfAction::Trade { sell, buy } if sell.is_empty() => format!("/buy count:{buy}"),
            XfAction::Trade { .. } => "/sell cards:\"...\" buy:N".into(),
            XfAction::Equip { agent, card } => {
                format!("/equip card:{} agent:{}", q(card), q(agent))
            }
            XfAction::Transfer { card, from, to } => {
                format!("/equip card:{} agent:{} from:{}", q(card), q(to), q(from))
            }
            XfAction::Deploy {
                agent,
                section,
                team,
            } => format!(
                "/deploy agent:{} section:{} team:{}",
                q(agent),
                section.as_str().to_lowercase(),
                team + 1
            ),
            XfAction::BuyAgent { card, .. } => format!("/deploy agent:{} section:field", q(card)),
            XfAction::PlaySite {
                card,
                directed,
                free,
            } => format!(
                "/site card:{}{}{}",
                q(card),
                if v.players.len() > 2 {
                    directed
                        .map(|d| format!(" at:{}", t.name(d)))
                        .unwrap_or_default()
                } else {
                    String::new()
                },
                if *free { " free:true" } else { "" }
            ),
            XfAction::PlaceBluff { site, .. } => {
                format!("/bluff site:{} card:<any card>", site_no(v, *site))
            }
            XfAction::PeekBluff { agent, site, index } => format!(
                "/peek agent:{} site:{} bluff:{}",
                q(agent),
                site_no(v, *site),
                index + 1
            ),
            XfAction::Investigate { site, skill, .. } => format!(
                "/investigate site:{}{}",
                site_no(v, *site),
                skill
                    .map(|s| format!(" skill:\"{}\"", s.as_str().to_lowercase()))
                    .unwrap_or_default()
            ),
            XfAction::PayBluff { pay: true, x: 0 } => "/pay".into(),
            XfAction::PayBluff { pay: true, x } => format!("/pay x:{x}"),
            XfAction::PayBluff { pay: false, .. } => "/pass".into(),
            XfAction::Choose { picks } => {
                let labels: Vec<String> = v
                    .choice
                    .as_ref()
                    .and_then(|c| c.options.as_ref())
                    .map(|options| {
                        picks
                            .iter()
                            .filter_map(|p| options.get(usize::from(*p)).cloned())
                            .collect()
                    })
                    .unwrap_or_default();
                format!("/choose options:\"{}\"", labels.join("; "))
            }
            XfAction::Use { card, ability, .. } if *ability == 0 => {
                format!("/use card:{}", q(card))
            }
            XfAction::Use { card, ability, .. } => {
                format!("/use card:{} ability:{}", q(card), ability + 1)
            }
            XfAction::Announce { category } => {
                format!("/announce category:{}", category.as_str().to_lowercase())
            }
            XfAction::UsePower { value, .. } => format!(
                "/power value:{}",
                value.as_str().to_lowercase().replace(' ', "-")
            ),
            XfAction::Play { card, .. } => format!("/play card:{}", q(card)),
            XfAction::PlayTogether { plays } => match plays.as_slice() {
                [a, b, ..] => format!("/play card:{} with:{}", q(&a.card), q(&b.card)),
                _ => "/play".into(),
            },
            XfAction::Pass => "/pass".into(),
            XfAction::AssignDamage { to } => match to.first() {
                Some((c, _)) => format!("/damage to:{}", q(c)),
                None => "/damage".into(),
            },
            XfAction::Aim { agent, .. } => format!("/aim agent:{} at:<foe>", q(agent)),
            XfAction::Ask { value, .. } => format!(
                "/ask value:{}",
                value.as_str().to_lowercase().replace(' ', "-")
            ),
            XfAction::Guess { .. } => "/guess xfile:<X-File>".into(),
            XfAction::Done => "/done".into(),
            XfAction::Discard { .. } => "/discard cards:\"A; B\"".into(),
            XfAction::Manual(_) => "/adjust".into(),
            XfAction::Dispute => "/dispute".into(),
            XfAction::Resign => "/resign".into(),
        }
    }

    fn choices(v: &XfView, legal: &[XfAction], command: &str, option: &str) -> Option<Vec<String>> {
        let me = &v.players[usize::from(v.viewer.seat()?)];
        let titles = |cards: &mut dyn Iterator<Item = CardIdx>| -> Vec<String> {
            let mut names: Vec<String> = cards.map(|c| title(c).to_string()).collect();
            names.sort();
            names.dedup();
            names
        };
        Some(match (command, option) {
            ("guess", "xfile") => titles(
                &mut (0..db().len() as u16)
                    .map(CardIdx)
                    .filter(|c| db().get(*c).kind == crate::cards::CardType::XFile),
            ),
            ("xfile", "card") => titles(&mut me.candidates.iter().flatten().copied()),
            ("play", "card") => {
                let playable: Vec<CardIdx> = legal
                    .iter()
                    .filter_map(|a| match a {
                        XfAction::Play { card, .. } => Some(*card),
                        _ => None,
                    })
                    .collect();
                titles(&mut playable.into_iter())
            }
            (_, "card" | "cards") => titles(&mut me.hand.iter().flatten().copied()),
            (_, "agent" | "agents" | "to") => titles(&mut me.agents.iter().map(|a| a.card)),
            _ => return None,
        })
    }

    fn summary(v: &XfView, events: &[XfEvent], t: &Table) -> String {
        super::xfiles_summary::of(v, events, t)
    }

    fn buttons(actions: &[XfAction], game: i64) -> Vec<Button> {
        let mut out = Vec::new();
        for (action, label, command) in [
            (XfAction::Pass, "Pass", "/pass"),
            (XfAction::Done, "Done", "/done"),
            (
                XfAction::PayBluff { pay: true, x: 0 },
                "Pay for the Bluff",
                "/pay",
            ),
            (
                XfAction::Brief {
                    draw: true,
                    to_conspiracy: vec![],
                },
                "Draw",
                "/draw",
            ),
            (XfAction::Buy { count: 0 }, "Buy nothing", "/buy count:0"),
        ] {
            if actions.contains(&action) {
                out.push(Button {
                    label: label.into(),
                    command: format!("{command} game:{game}"),
                });
            }
        }
        out.push(Button {
            label: "Hand".into(),
            command: format!("/hand game:{game}"),
        });
        out
    }
}

/// A phase or step begins, for the thread.
fn phase_line(v: &XfView, phase: &Phase, t: &Table) -> String {
    let active = t.name(v.active);
    match phase {
        Phase::Buy => "Briefing Phase: buying cards (/buy).".into(),
        Phase::Trade(s) => format!("Briefing Phase: {} may sell and buy cards.", t.name(*s)),
        Phase::Requisition => format!("**Requisition Phase** ({active})."),
        Phase::Deployment => format!("**Deployment Phase** ({active})."),
        Phase::CaseAssignment => format!("**Case Assignment Phase** ({active})."),
        Phase::Bluffing(s) => format!("Case Assignment Phase: {} may place Bluffs.", t.name(*s)),
        Phase::Investigation => format!("**Investigation Phase** ({active})."),
        Phase::Debriefing => format!("**Debriefing Phase** ({active})."),
        Phase::Draw | Phase::ChooseXFile | Phase::Investigating | Phase::Over => {
            format!("{active}'s turn goes on.")
        }
    }
}

/// The card being applied by hand, as its player or the others see it.
fn manual_line(v: &XfView, seat: Seat, t: &Table) -> Option<String> {
    let w = v.manual.as_ref()?;
    if w.seat == seat {
        let kinds: Vec<&str> = w.scope.iter().map(|k| k.word()).collect();
        return Some(if kinds.is_empty() {
            format!(
                "{}'s text calls for nothing /adjust can change.",
                title(w.card)
            )
        } else {
            format!(
                "Apply {}'s text by hand: /adjust what: {}.",
                title(w.card),
                kinds.join(", ")
            )
        });
    }
    let last = w.last_step.as_ref()?;
    Some(format!(
        "You may /dispute {}'s step for {} ({last}) before the game moves on.",
        t.name(w.seat),
        title(w.card),
    ))
}

fn round_name(r: crate::engine::xfiles::CombatRound) -> &'static str {
    match r {
        crate::engine::xfiles::CombatRound::Long => "Long Range",
        crate::engine::xfiles::CombatRound::Close => "Close Range",
    }
}

fn names(cards: &[CardIdx]) -> String {
    cards
        .iter()
        .map(|c| title(*c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a player has learned of each opponent's X-File, and the X-Files
/// still consistent with it.
pub fn notebook(v: &XfView, seat: Seat, t: &Table, only: Option<Seat>) -> String {
    let mut out = String::from("Notebook:");
    let notes = v.players[usize::from(seat)]
        .notebook
        .as_deref()
        .unwrap_or_default();
    let n = v.players.len() as Seat;
    for of in (1..n)
        .map(|i| (seat + i) % n)
        .filter(|o| !v.players[usize::from(*o)].out)
        .filter(|o| only.is_none_or(|x| x == *o))
    {
        let learned: Vec<String> = notes
            .iter()
            .filter_map(|n| match n {
                crate::engine::xfiles::Note::Answer {
                    about,
                    category,
                    value,
                    yes,
                } if *about == of => Some(format!(
                    "{} {}{value}",
                    category.as_str().to_uppercase(),
                    if *yes { "" } else { "not " }
                )),
                crate::engine::xfiles::Note::WrongGuess { about, xfile } if *about == of => {
                    Some(format!("not {}", title(*xfile)))
                }
                _ => None,
            })
            .collect();
        let left = crate::engine::xfiles::xfiles_fitting(notes, of);
        let shown = if left.len() <= 12 {
            format!(": {}", names(&left))
        } else {
            String::new()
        };
        out.push_str(&format!(
            "\n  {} — {}; {} X-Files still possible{shown}",
            t.name(of),
            if learned.is_empty() {
                "nothing learned yet".to_string()
            } else {
                learned.join(", ")
            },
            left.len()
        ));
    }
    out
}

/// Card database shortcut for the adapter's tests.
pub fn card(name: &str) -> Option<CardIdx> {
    cards::db()
        .lookup()
        .search(name, cards::Filter::default(), 1)
        .first()
        .map(|m| m.card)
}

/// A player's line on `/board`: pools, piles, Agents by section, cards in play.
fn board_player(t: &Table, seat: Seat, p: &PlayerView) -> String {
    let mark = if p.out { " (left)" } else { "" };
    let mut out = format!(
        "**{}**{mark} — RP {} · CP {} · hand {} · deck {} · discard {}\n",
        t.name(seat),
        p.rp,
        p.cp,
        p.hand_size,
        p.deck_size,
        p.discard.len()
    );
    for sec in [Section::Bureau, Section::Field, Section::Hospital] {
        let here: Vec<String> = p
            .agents
            .iter()
            .filter(|a| a.section == sec)
            .map(board_agent)
            .collect();
        if !here.is_empty() {
            out.push_str(&format!("  {}: {}\n", sec.as_str(), here.join("; ")));
        }
    }
    if !p.in_play.is_empty() {
        let cards: Vec<String> = p
            .in_play
            .iter()
            .map(|x| {
                let mut s = title(x.card).to_string();
                if x.tokens > 0 {
                    s.push_str(&format!(" ({} token(s))", x.tokens));
                }
                if x.under > 0 {
                    s.push_str(&format!(" ({} card(s) under it)", x.under));
                }
                s
            })
            .collect();
        out.push_str(&format!("  In play: {}\n", cards.join("; ")));
    }
    out
}

/// An Agent on `/board`: HEALTH, Team, Equipment, tokens and states.
fn board_agent(a: &AgentView) -> String {
    let mut bits = vec![format!(
        "HEALTH {}/{}",
        a.health - a.damage.min(a.health),
        a.health
    )];
    if a.section == Section::Field {
        bits.push(format!("Team {}", a.team + 1));
    }
    bits.extend(a.equipment.iter().map(|e| title(*e).to_string()));
    bits.extend(a.attached.iter().map(|e| format!("under: {}", title(*e))));
    if a.tokens > 0 {
        bits.push(format!("{} token(s)", a.tokens));
    }
    for (on, label) in [
        (a.dedicated_rp, "dedicated RP"),
        (a.temporary, "this turn only"),
        (a.away, "out of play"),
    ] {
        if on {
            bits.push(label.into());
        }
    }
    format!("{} ({})", title(a.card), bits.join(", "))
}

/// A Site on `/board`, numbered as players name it.
fn board_site(t: &Table, s: &SiteView) -> String {
    format!(
        "Site {}: **{}** — {} → {}{}\n",
        s.number,
        XfGame::card_line(s.card),
        t.name(s.owner),
        t.name(s.directed),
        if s.bluffs.is_empty() {
            String::new()
        } else {
            format!(" · {} face-down card(s)", s.bluffs.len())
        }
    )
}

/// The investigation on `/board`: totals against each need, and its combat.
fn board_investigation(t: &Table, number: usize, inv: &InvestigationView) -> String {
    let needs: Vec<String> = inv
        .needs
        .iter()
        .zip(&inv.totals)
        .map(|((s, n), t)| format!("{} {t}/{n}", s.as_str().to_uppercase()))
        .collect();
    let mut out = format!(
        "Investigating Site {} with {}: {}\n",
        number,
        names(&inv.team),
        needs.join(", ")
    );
    if let Some(c) = &inv.combat {
        let foes: Vec<String> = c
            .foes
            .iter()
            .filter(|f| !f.2)
            .map(|(card, dmg, _)| {
                format!(
                    "{} ({dmg}/{} damage)",
                    title(*card),
                    db().get(*card).skill(Skill::Health)
                )
            })
            .collect();
        out.push_str(&format!(
            "Combat: {} — {}'s · {} round\n",
            foes.join(", "),
            t.name(c.owner),
            round_name(c.round)
        ));
    }
    out
}

/// The number players call the Site at this index by, as the view shows it.
fn site_no(v: &XfView, i: usize) -> usize {
    v.sites.get(i).map_or(i + 1, |s| s.number)
}

// The commands, one handler each.

/// `/xfile`.
fn on_xfile(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let candidates = seat
        .map(|s| g.player(s).candidates.clone())
        .unwrap_or_default();
    Ok(XfAction::ChooseXFile {
        card: pick(
            args.text("card").unwrap_or_default(),
            &candidates,
            "one of your X-Files",
        )?,
    })
}

/// `/draw`.
fn on_draw(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let list = |name: &str, among: &[CardIdx], place: &str| -> Result<Vec<CardIdx>, UserError> {
        split_list(args.text(name).unwrap_or_default())
            .iter()
            .map(|t| pick(t, among, place))
            .collect()
    };
    let own_agents: Vec<CardIdx> = seat
        .map(|s| g.player(s).agents.iter().map(|a| a.card).collect())
        .unwrap_or_default();
    Ok(XfAction::Brief {
        draw: !args.flag("skip").unwrap_or(false),
        to_conspiracy: if args.has("conspiracy") {
            list("conspiracy", &own_agents, "one of your Agents")?
        } else {
            vec![]
        },
    })
}

/// `/buy`.
fn on_buy(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let args = a.args;
    let n = args.int("count").unwrap_or(0) as u32;
    Ok(if matches!(g.phase, Phase::Trade(_)) {
        XfAction::Trade {
            sell: vec![],
            buy: n,
        }
    } else {
        XfAction::Buy { count: n }
    })
}

/// `/sell`.
fn on_sell(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let hand: Vec<CardIdx> = seat.map(|s| g.player(s).hand.clone()).unwrap_or_default();
    let list = |name: &str, among: &[CardIdx], place: &str| -> Result<Vec<CardIdx>, UserError> {
        split_list(args.text(name).unwrap_or_default())
            .iter()
            .map(|t| pick(t, among, place))
            .collect()
    };
    Ok(XfAction::Trade {
        sell: list("cards", &hand, "in your hand")?,
        buy: args.int("buy").unwrap_or(0) as u32,
    })
}

/// `/equip`.
fn on_equip(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let me = seat.unwrap_or(0);
    let hand: Vec<CardIdx> = seat.map(|s| g.player(s).hand.clone()).unwrap_or_default();
    let in_hand = |name: &str| pick(args.text(name).unwrap_or_default(), &hand, "in your hand");
    let own_agents: Vec<CardIdx> = seat
        .map(|s| g.player(s).agents.iter().map(|a| a.card).collect())
        .unwrap_or_default();
    let agent = pick(
        args.text("agent").unwrap_or_default(),
        &own_agents,
        "one of your Agents",
    )?;
    Ok(match args.text("from") {
        Some(from) => {
            let from = pick(from, &own_agents, "one of your Agents")?;
            let held = g.equipment_of(AgentRef {
                seat: me,
                card: from,
            });
            XfAction::Transfer {
                card: pick(
                    args.text("card").unwrap_or_default(),
                    &held,
                    "Equipment of that Agent",
                )?,
                from,
                to: agent,
            }
        }
        None => XfAction::Equip {
            agent,
            card: in_hand("card")?,
        },
    })
}

/// `/deploy`.
fn on_deploy(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let hand: Vec<CardIdx> = seat.map(|s| g.player(s).hand.clone()).unwrap_or_default();
    let own_agents: Vec<CardIdx> = seat
        .map(|s| g.player(s).agents.iter().map(|a| a.card).collect())
        .unwrap_or_default();
    let s = section(args.text("section").unwrap_or("field"));
    let team = args.int("team").map_or(0, |t| (t - 1) as u8);
    let text = args.text("agent").unwrap_or_default();
    Ok(match pick(text, &own_agents, "one of your Agents") {
        Ok(agent) => XfAction::Deploy {
            agent,
            section: s,
            team,
        },
        Err(e) => {
            let agents_in_hand: Vec<CardIdx> = hand
                .iter()
                .copied()
                .filter(|c| db().get(*c).kind == CardType::Agent)
                .collect();
            match pick(text, &agents_in_hand, "an Agent in your hand") {
                Ok(card) => XfAction::BuyAgent {
                    card,
                    section: s,
                    team,
                },
                Err(_) => return Err(e),
            }
        }
    })
}

/// `/site`.
fn on_site(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let table = a.table;
    let hand: Vec<CardIdx> = seat.map(|s| g.player(s).hand.clone()).unwrap_or_default();
    let in_hand = |name: &str| pick(args.text(name).unwrap_or_default(), &hand, "in your hand");
    Ok(XfAction::PlaySite {
        card: in_hand("card")?,
        directed: args.text("at").map(|w| seat_named(table, w)).transpose()?,
        free: args.flag("free").unwrap_or(false),
    })
}

/// `/bluff`.
fn on_bluff(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let hand: Vec<CardIdx> = seat.map(|s| g.player(s).hand.clone()).unwrap_or_default();
    let in_hand = |name: &str| pick(args.text(name).unwrap_or_default(), &hand, "in your hand");
    Ok(XfAction::PlaceBluff {
        site: site_index(g, args, "site")?,
        card: in_hand("card")?,
    })
}

/// `/peek`.
fn on_peek(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let own_agents: Vec<CardIdx> = seat
        .map(|s| g.player(s).agents.iter().map(|a| a.card).collect())
        .unwrap_or_default();
    Ok(XfAction::PeekBluff {
        agent: pick(
            args.text("agent").unwrap_or_default(),
            &own_agents,
            "one of your Agents",
        )?,
        site: site_index(g, args, "site")?,
        index: args.int("bluff").unwrap_or(1).max(1) as usize - 1,
    })
}

/// `/investigate`.
fn on_investigate(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let list = |name: &str, among: &[CardIdx], place: &str| -> Result<Vec<CardIdx>, UserError> {
        split_list(args.text(name).unwrap_or_default())
            .iter()
            .map(|t| pick(t, among, place))
            .collect()
    };
    let ready: Vec<CardIdx> = seat
        .map(|s| {
            g.player(s)
                .agents
                .iter()
                .filter(|a| a.section == Section::Field && !a.investigated)
                .map(|a| a.card)
                .collect()
        })
        .unwrap_or_default();
    let team = if args.has("agents") {
        list("agents", &ready, "a ready Agent in the Field")?
    } else {
        ready
    };
    let skill = match args.text("skill") {
        Some(s) => Some(
            Skill::parse_loose(s).ok_or_else(|| UserError::new(format!("'{s}' is not a skill")))?,
        ),
        None => None,
    };
    Ok(XfAction::Investigate {
        site: site_index(g, args, "site")?,
        team,
        skill,
    })
}

/// `/pay`.
fn on_pay(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let args = a.args;
    Ok(XfAction::PayBluff {
        pay: true,
        x: args.int("x").unwrap_or(0) as u32,
    })
}

/// `/pass`: lets a revealed Bluff go unpaid, else passes.
fn on_pass(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let bluff_revealed = g.choice.is_none()
        && g.stack.len() <= g.frames.last().map_or(0, |f| f.base)
        && g.investigation
            .as_ref()
            .is_some_and(|i| i.stage == Stage::Bluff);
    Ok(if bluff_revealed {
        XfAction::PayBluff { pay: false, x: 0 }
    } else {
        XfAction::Pass
    })
}

/// `/use`.
fn on_use(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let table = a.table;
    let me = seat.unwrap_or(0);
    let mine: Vec<CardIdx> = seat
        .map(|s| {
            let mut v: Vec<CardIdx> = g.player(s).agents.iter().map(|a| a.card).collect();
            v.extend(g.perms.iter().filter(|p| p.controller == s).map(|p| p.card));
            v
        })
        .unwrap_or_default();
    let card = pick(
        args.text("card").unwrap_or_default(),
        &mine,
        "one of your Agents or cards in play",
    )?;
    let agent = match args.text("agent") {
        Some(a) => Some(agent_named(g, a, seat)?),
        None => None,
    };
    Ok(XfAction::Use {
        card,
        agent,
        ability: args.int("ability").map_or(0, |m| (m - 1).max(0) as u8),
        target: g.command_target(me, args, table)?,
    })
}

/// `/power`.
fn on_power(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let table = a.table;
    let me = seat.unwrap_or(0);
    let w = args.text("value").unwrap_or_default();
    Ok(XfAction::UsePower {
        value: w.replace('-', " ").parse().map_err(|_| {
            UserError::new(format!(
                "'{w}' is not a characteristic value (e.g. threats, physiological-imbalance)"
            ))
        })?,
        ability: args.int("ability").map_or(0, |m| (m - 1).max(0) as u8),
        target: g.command_target(me, args, table)?,
    })
}

/// `/announce`.
fn on_announce(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let args = a.args;
    let w = args.text("category").unwrap_or_default();
    Ok(XfAction::Announce {
        category: w.parse().map_err(|_| {
            UserError::new(format!(
                "'{w}' is not a characteristic (affiliation, motive, method, result)"
            ))
        })?,
    })
}

/// `/play`.
fn on_play(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let table = a.table;
    let me = seat.unwrap_or(0);
    let hand: Vec<CardIdx> = seat.map(|s| g.player(s).hand.clone()).unwrap_or_default();
    let in_hand = |name: &str| pick(args.text(name).unwrap_or_default(), &hand, "in your hand");
    let list = |name: &str, among: &[CardIdx], place: &str| -> Result<Vec<CardIdx>, UserError> {
        split_list(args.text(name).unwrap_or_default())
            .iter()
            .map(|t| pick(t, among, place))
            .collect()
    };
    if args.has("discard") {
        return Err(UserError::new(
            "Option discard is for the fan CCG; use /discard.",
        ));
    }
    let first = PlayArgs {
        card: in_hand("card")?,
        mode: args.int("mode").map_or(0, |m| (m - 1) as u8),
        target: g.command_target(me, args, table)?,
        x: args.int("x").unwrap_or(0) as u32,
        pool: args
            .text("pool")
            .map(|p| if p == "rp" { Pool::Rp } else { Pool::Cp }),
    };
    Ok(match args.has("with") {
        true => {
            let base = g.stack.len();
            let mut plays = vec![first];
            for c in list("with", &hand, "in your hand")? {
                plays.push(PlayArgs {
                    card: c,
                    mode: 0,
                    target: Some(Target::Stack(base)),
                    x: 0,
                    pool: None,
                });
            }
            XfAction::PlayTogether { plays }
        }
        false => XfAction::Play {
            card: first.card,
            mode: first.mode,
            target: first.target,
            x: first.x,
            pool: first.pool,
        },
    })
}

/// `/aim`.
fn on_aim(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let args = a.args;
    let fighters: Vec<CardIdx> = g.fighters().iter().map(|f| f.card).collect();
    let agent = pick(
        args.text("agent").unwrap_or_default(),
        &fighters,
        "a fighting Agent",
    )?;
    let foes: Vec<(usize, CardIdx)> = g
        .combat()
        .map(|c| c.living().map(|(i, f)| (i, f.card)).collect())
        .unwrap_or_default();
    let cards: Vec<CardIdx> = foes.iter().map(|f| f.1).collect();
    let mut at = Vec::new();
    for part in split_list(args.text("at").unwrap_or_default()) {
        let (name, n) = match part
            .rsplit_once(' ')
            .and_then(|(a, b)| b.parse::<u8>().ok().map(|n| (a, n)))
        {
            Some((a, n)) => (a.to_string(), n),
            None => (part.clone(), 0),
        };
        let card = pick(&name, &cards, "a foe in this combat")?;
        let i = foes.iter().find(|f| f.1 == card).map_or(0, |f| f.0);
        at.push((i, n));
    }
    Ok(XfAction::Aim { agent, at })
}

/// `/damage`.
fn on_damage(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let args = a.args;
    let fighters: Vec<CardIdx> = g.fighters().iter().map(|f| f.card).collect();
    let pending = g.combat().map_or(0, |c| c.pending_damage());
    let mut to = Vec::new();
    let parts = split_list(args.text("to").unwrap_or_default());
    for part in &parts {
        let (name, n) = match part
            .rsplit_once(' ')
            .and_then(|(a, b)| b.parse::<u8>().ok().map(|n| (a, n)))
        {
            Some((a, n)) => (a.to_string(), n),
            None => (part.clone(), if parts.len() == 1 { pending } else { 0 }),
        };
        to.push((pick(&name, &fighters, "a fighting Agent")?, n));
    }
    Ok(XfAction::AssignDamage { to })
}

/// `/ask`.
fn on_ask(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let args = a.args;
    let value = trait_of(args.text("value").unwrap_or_default())
        .ok_or_else(|| UserError::new("name a characteristic value"))?;
    Ok(XfAction::Ask {
        category: value.category(),
        value,
    })
}

/// `/guess`.
fn on_guess(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let args = a.args;
    let xfiles: Vec<CardIdx> = {
        let mut seen = Vec::new();
        db().iter()
            .filter(|(_, c)| c.kind == CardType::XFile)
            .filter(|(_, c)| {
                let fresh = !seen.contains(&c.title);
                seen.push(c.title.clone());
                fresh
            })
            .map(|(i, _)| i)
            .collect()
    };
    Ok(XfAction::Guess {
        xfile: pick(args.text("xfile").unwrap_or_default(), &xfiles, "an X-File")?,
    })
}

/// `/done`.
fn on_done(_a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    Ok(XfAction::Done)
}

/// `/discard`.
fn on_discard(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let hand: Vec<CardIdx> = seat.map(|s| g.player(s).hand.clone()).unwrap_or_default();
    let list = |name: &str, among: &[CardIdx], place: &str| -> Result<Vec<CardIdx>, UserError> {
        split_list(args.text(name).unwrap_or_default())
            .iter()
            .map(|t| pick(t, among, place))
            .collect()
    };
    Ok(XfAction::Discard {
        cards: list("cards", &hand, "in your hand")?,
    })
}

/// `/resign`.
fn on_resign(_a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    Ok(XfAction::Resign)
}

/// `/dispute`.
fn on_dispute(_a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    Ok(XfAction::Dispute)
}

/// `/adjust`.
fn on_adjust(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    let g = a.game;
    let seat = a.seat;
    let args = a.args;
    let amount = args.int("amount").unwrap_or(1) as i32;
    let agent = || agent_named(g, args.text("agent").unwrap_or_default(), seat);
    Ok(XfAction::Manual(
        match args.text("what").unwrap_or_default() {
            "check" => Manual::CheckModifier { amount },
            "heal" => Manual::Heal {
                agent: agent()?,
                amount: amount.max(0) as u8,
            },
            "damage" => Manual::Damage {
                agent: agent()?,
                amount: amount.max(0) as u8,
            },
            "move" => Manual::Move {
                agent: agent()?,
                section: section(args.text("section").unwrap_or("hospital")),
            },
            "draw" => Manual::Draw {
                count: amount.max(0) as u8,
            },
            "rp" => Manual::Pool {
                pool: Pool::Rp,
                delta: amount,
            },
            _ => Manual::Pool {
                pool: Pool::Cp,
                delta: amount,
            },
        },
    ))
}

/// `/choose` (and `/keep`): the options picked for a pending choice.
fn on_choose(a: &Ask<'_, XfGame>) -> Result<XfAction, UserError> {
    Ok(XfAction::Choose {
        picks: a.game.picks(a.args)?,
    })
}

/// `/notebook`: what the asker has learned of each opponent's X-File.
fn on_notebook(a: &Ask<'_, XfGame>) -> Result<String, UserError> {
    let me = a
        .seat
        .ok_or_else(|| UserError::new("Only the game's players keep a notebook."))?;
    let only = a
        .args
        .text("player")
        .map(|w| seat_named(a.table, w))
        .transpose()?;
    Ok(notebook(&a.game.view(Viewer::Seat(me)), me, a.table, only))
}
