//! The X-Files CCG at the table: commands to actions, events to text, the
//! board and each player's private status.

mod commands;
mod lines;
mod menus;
mod options;
mod summary;

use super::driver::{GameKind, Table};
use super::host::{Ask, GameUi, Handler, split_list};
use crate::app::command::message::{Board, BoardPart, Button, Menu, UserError};
use crate::app::command::spec::{Args, OptionSpec};
use crate::cards::Section;
use crate::cards::{self, CardIdx, CardType, Pool, Skill, Trait, db, normalize};
use crate::decks::StoredDeck;
use crate::engine::ai::{Ai, Decision, Level};
use crate::engine::xfiles::{
    AgentRef, AgentView, Awaiting, InvestigationView, Manual, Phase, PlayArgs, PlayerView,
    SiteView, Stage, Target, XfAction, XfEvent, XfGame, XfOptions, XfView, basic,
};
use crate::engine::{Game, GameRng, Seat, Viewer};
use crate::store::DeckRow;
use crate::words::NAME_SEPARATOR;
use commands::*;
use lines::*;

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
            format!(" Choose one of: {}.", crate::words::names(&names))
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

/// "Agent Fox Mulder (Les)": an Agent named with its owner, exactly (menus
/// name targets this way).
fn owned_agent_named(g: &XfGame, text: &str, t: &Table) -> Option<AgentRef> {
    let text = text.trim().strip_suffix(')')?;
    text.match_indices(" (").find_map(|(i, _)| {
        let seat = seat_named(t, &text[i + 2..]).ok()?;
        let cards: Vec<CardIdx> = all_agents(g)
            .iter()
            .filter(|r| r.seat == seat)
            .map(|r| r.card)
            .collect();
        let card = pick(&text[..i], &cards, "an Agent in play").ok()?;
        Some(AgentRef { seat, card })
    })
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
        self.named_target(seat, args, table)
    }

    /// What the `target:` option names (`/power`'s `value:` names the
    /// Power, not its target).
    fn named_target(
        &self,
        seat: Seat,
        args: &Args,
        table: &Table,
    ) -> Result<Option<Target>, UserError> {
        let Some(t) = args.text("target") else {
            return Ok(None);
        };
        let lower = t.trim().to_lowercase();
        if lower == "adversary" {
            return Ok(Some(Target::Adversary));
        }
        if let Some(agent) = owned_agent_named(self, t, table) {
            return Ok(Some(Target::Agent(agent)));
        }
        // Cards played as one (Overwhelming Force) are named by any of them.
        let stack: Vec<CardIdx> = self.stack.iter().flat_map(|p| p.members()).collect();
        if let Ok(c) = pick(t, &stack, "on the stack")
            && let Some(i) = self.stack.iter().rposition(|p| p.members().contains(&c))
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
    fn picks(&self, args: &Args, table: &Table) -> Result<Vec<u16>, UserError> {
        let Some(c) = &self.choice else {
            return Err(UserError::new("The game is not waiting for a choice."));
        };
        let text = args
            .text("options")
            .or(args.text("agents"))
            .unwrap_or_default();
        let mut out = Vec::new();
        let labels: Vec<String> = c.options.iter().map(|o| table.named(&o.label)).collect();
        let listed = || {
            let all: Vec<String> = labels
                .iter()
                .enumerate()
                .map(|(i, l)| format!("{} {l}", i + 1))
                .collect();
            all.join(", ")
        };
        for part in split_list(text) {
            let free = |i: &usize| !out.contains(&(*i as u16));
            let i = match part.trim().parse::<usize>() {
                Ok(n) if n >= 1 && n <= c.options.len() => n - 1,
                _ => option_named(&part, &c.options, &labels, free).map_err(|near| {
                    UserError::new(match near {
                        Some((a, b)) => format!(
                            "'{part}' could be '{a}' or '{b}'; name one exactly or give its number: {}.",
                            listed()
                        ),
                        None => format!("'{part}' is not one of the options: {}.", listed()),
                    })
                })?,
            };
            out.push(i as u16);
        }
        Ok(out)
    }

    /// A card as a hand or the board shows it: a Site with its
    /// prerequisite and question, any other card with its Cost (its type in
    /// the Basic Game, which has no Costs: FAQ21 #54(c)).
    fn card_line(c: CardIdx, basic: bool) -> String {
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
                    .filter(|_| !basic)
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

    fn new_game_options(kind: GameKind) -> Vec<OptionSpec> {
        options::new_game_options(kind)
    }

    fn build_options(kind: GameKind, args: &Args) -> Result<XfOptions, UserError> {
        options::build_options(kind, args)
    }

    fn describe_options(o: &XfOptions) -> String {
        options::describe_options(o)
    }

    fn variant(&self) -> GameKind {
        match self.options.basic {
            Some(_) => GameKind::XFilesCcgBasic,
            None => GameKind::XFilesCcg,
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
        let problems = crate::decks::validate(&parsed, options.deck_format());
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

    fn refuses(&self, command: &str) -> Option<String> {
        not_in_this_game(self, command)
    }

    const HAS_AI: bool = true;

    fn ai_view(&self, seat: Seat) -> XfView {
        <XfGame as Ai>::ai_view(self, seat)
    }

    fn ai_decide(
        view: &XfView,
        legal: &[XfAction],
        level: Level,
        rng: &mut GameRng,
    ) -> Option<Decision<XfAction>> {
        Some(<XfGame as Ai>::decide(view, legal, level, rng))
    }

    /// A built-in starter (which one, and its random cards, by the seed)
    /// that is legal in this game's format.
    fn ai_setup(options: &XfOptions, seed: u64) -> Result<StoredDeck, UserError> {
        let starters = crate::decks::starters();
        (0..starters.len())
            .map(|i| &starters[(seed as usize + i) % starters.len()])
            .map(|s| match options.basic {
                Some(_) => s.deck(seed),
                None => s.advanced_deck(seed),
            })
            .find(|d| crate::decks::validate(d, options.deck_format()).is_empty())
            .map(|d| d.to_stored())
            .ok_or_else(|| UserError::new("no starter deck is legal in this game's format; give the AI a deck with /game join player:ai deck:<name>"))
    }

    fn earned(&self, seat: Seat) -> Option<String> {
        let waits_on_site = self.choice.is_none() && self.frames.is_empty();
        (waits_on_site && self.to_act_now().contains(&seat))
            .then(|| self.earned_at_site(seat))
            .flatten()
    }

    fn event_line(v: &XfView, event: &XfEvent, t: &Table) -> Option<String> {
        match event {
            XfEvent::Dealt { .. }
            | XfEvent::YourCards { .. }
            | XfEvent::XFileChosen { .. }
            | XfEvent::YourXFile { .. }
            | XfEvent::FirstPlayer { .. }
            | XfEvent::TurnStarted { .. }
            | XfEvent::Drew { .. }
            | XfEvent::DrewCards { .. }
            | XfEvent::Reshuffled { .. }
            | XfEvent::Resources { .. }
            | XfEvent::Bought { .. }
            | XfEvent::DrawWaits { .. }
            | XfEvent::PurchaseStopped { .. }
            | XfEvent::Sold { .. }
            | XfEvent::LostRp { .. }
            | XfEvent::SetAside { .. }
            | XfEvent::YourSetAside { .. } => setup_line(v, event, t),
            XfEvent::Healed { .. }
            | XfEvent::Equipped { .. }
            | XfEvent::Moved { .. }
            | XfEvent::AgentBought { .. }
            | XfEvent::SitePlayed { .. }
            | XfEvent::BluffPlaced { .. }
            | XfEvent::Investigates { .. }
            | XfEvent::BluffRevealed { .. }
            | XfEvent::BluffPaid { .. }
            | XfEvent::BluffDiscarded { .. }
            | XfEvent::BluffMoved { .. }
            | XfEvent::AgentsKept { .. }
            | XfEvent::CheckResult { .. }
            | XfEvent::Asked { .. }
            | XfEvent::Answer { .. }
            | XfEvent::Guessed { .. }
            | XfEvent::SiteDiscarded { .. }
            | XfEvent::Discarded { .. }
            | XfEvent::PeekedBluff { .. } => table_line(v, event, t),
            XfEvent::Played { .. }
            | XfEvent::Resolved { .. }
            | XfEvent::ManualOpened { .. }
            | XfEvent::PhaseBegins { .. }
            | XfEvent::AllPassed { .. }
            | XfEvent::Passed { .. }
            | XfEvent::Looked { .. }
            | XfEvent::Negated { .. }
            | XfEvent::CheckStands { .. }
            | XfEvent::ManualStep { .. }
            | XfEvent::Disputed { .. } => stack_line(v, event, t),
            XfEvent::CombatBegins { .. }
            | XfEvent::CombatDamage { .. }
            | XfEvent::ToHospital { .. }
            | XfEvent::AdversaryKilled { .. }
            | XfEvent::CombatOver { .. } => combat_line(event, t),
            XfEvent::PoolLost { .. }
            | XfEvent::PoolsSwapped { .. }
            | XfEvent::Damaged { .. }
            | XfEvent::CardDamaged { .. }
            | XfEvent::AgentRemoved { .. }
            | XfEvent::AgentAbducted { .. }
            | XfEvent::AgentAway { .. }
            | XfEvent::AgentBack { .. }
            | XfEvent::Used { .. }
            | XfEvent::InPlay { .. }
            | XfEvent::LeftPlay { .. }
            | XfEvent::Tokens { .. }
            | XfEvent::CheckForced { .. }
            | XfEvent::PrerequisiteChanged { .. }
            | XfEvent::KeywordChanged { .. }
            | XfEvent::QuestionChanged { .. }
            | XfEvent::KeywordsFixed { .. }
            | XfEvent::Milled { .. }
            | XfEvent::Shown { .. }
            | XfEvent::SeenPrivately { .. }
            | XfEvent::ToHand { .. }
            | XfEvent::Shuffled { .. }
            | XfEvent::Choosing { .. }
            | XfEvent::Chose { .. }
            | XfEvent::TurnCut { .. }
            | XfEvent::PowerUsed { .. }
            | XfEvent::Announced { .. }
            | XfEvent::Resigned { .. }
            | XfEvent::GameOver { .. } => effect_line(event, t),
        }
    }

    fn board(v: &XfView, t: &Table) -> Board {
        let mut parts: Vec<BoardPart> = v
            .players
            .iter()
            .enumerate()
            .map(|(s, p)| BoardPart::headed(&board_player(t, s as Seat, p, v.basic)))
            .collect();
        let sites: String = v
            .sites
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let needs = v
                    .investigation
                    .as_ref()
                    .filter(|inv| inv.site == i)
                    .map(|inv| &inv.needs[..]);
                board_site(t, s, needs)
            })
            .collect();
        parts.push(BoardPart::named("Sites", &sites));
        if let Some(inv) = &v.investigation {
            let number = v.sites.get(inv.site).map_or(inv.site + 1, |s| s.number);
            parts.push(BoardPart::named(
                "Investigation",
                &board_investigation(t, number, inv),
            ));
        }
        if let Some((skill, need, total)) = v.forced_check {
            parts.push(BoardPart::named(
                "Skill check",
                &format!(
                    "Skill check a card forced: {} {total}/{need}",
                    skill.as_str().to_uppercase()
                ),
            ));
        }
        if !v.stack.is_empty() {
            let st: Vec<String> = v
                .stack
                .iter()
                .map(|(s, c)| format!("{} ({})", title(*c), t.name(*s)))
                .collect();
            parts.push(BoardPart::named(
                "Stack",
                &format!("Waiting to resolve (last first): {}", st.join(" ← ")),
            ));
        }
        Board {
            title: format!(
                "**Game #{} — The X-Files CCG{}** · turn {} · {}'s turn · {}",
                t.game_id,
                if v.basic { " (Basic Game)" } else { "" },
                v.turn,
                t.name(v.active),
                v.phase
            ),
            parts,
            footer: Self::next_line(v, t),
        }
    }

    fn status_for(v: &XfView, legal: &[XfAction], t: &Table) -> String {
        let seat = v.viewer.seat().unwrap_or_default();
        let me = &v.players[usize::from(seat)];
        let mut hand: Vec<String> = me
            .hand
            .iter()
            .flatten()
            .map(|c| XfGame::card_line(*c, v.basic))
            .collect();
        hand.sort();
        let pools = if v.basic {
            format!(
                "Cards you played this turn: {} of {}",
                me.played,
                basic::PLAYS
            )
        } else {
            format!("Your pools: RP {} · CP {}", me.rp, me.cp)
        };
        let mut out = format!(
            "Your hand ({}): {}\n{pools}",
            hand.len(),
            if hand.is_empty() {
                "empty".into()
            } else {
                hand.join("; ")
            },
        );
        for (s, p) in v.players.iter().enumerate() {
            if s != usize::from(seat) && !p.face_up.is_empty() {
                out.push_str(&format!(
                    "\n{}'s hand, face up: {}",
                    t.name(s as Seat),
                    face_up_names(&p.face_up)
                ));
            }
        }
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
            .filter(|a| !Self::resigns(a) && !buying(a))
            .filter(|a| !answer_known(v, a))
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
        if !allowed.is_empty() {
            let (shown, more) = super::host::you_may(&allowed, 15, " · ");
            out.push_str(&format!(
                "\nYou may: {shown}{}",
                super::host::and_more(more)
            ));
        }
        if let Some(line) = manual_line(v, seat, t) {
            out.push_str(&format!("\n{line}"));
        }
        out.push_str(&format!("\n{}", notebook(v, seat, t, None)));
        out.push_str(&format!("\n{}", Self::next_line(v, t)));
        out
    }

    fn asks_to_choose(event: &XfEvent) -> Option<Seat> {
        match event {
            XfEvent::Choosing { seat, .. } => Some(*seat),
            _ => None,
        }
    }

    fn next_line(v: &XfView, t: &Table) -> String {
        let due: Vec<String> = v.to_act.iter().map(|s| t.name(*s).to_string()).collect();
        if v.awaiting == Awaiting::Over {
            return format!("Game over: {}.", v.outcome.as_deref().unwrap_or(""));
        }
        let choice_line;
        let damage_line;
        let what = match v.awaiting {
            Awaiting::Choice => {
                let prompt = v.choice.as_ref().map_or("", |c| c.prompt.as_str());
                choice_line = format!("{} (/choose)", task(prompt));
                choice_line.as_str()
            }
            Awaiting::PayBluff => "pay for the revealed Bluff (/pay) or let it go (/pass)",
            Awaiting::AssignDamage => {
                let n = v
                    .investigation
                    .as_ref()
                    .and_then(|i| i.combat.as_ref())
                    .map_or(0, |c| c.assigning);
                damage_line = format!(
                    "assign all {n} of the Adversary's damage to a fighting Agent (/damage to:\"<Agent>\")"
                );
                damage_line.as_str()
            }
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
            Awaiting::Debrief => "discard up to 3 cards (/discard) or keep them (/done)",
            Awaiting::EndTurn => "end the turn (/done)",
            Awaiting::Over | Awaiting::Nothing => "",
        };
        format!("Next: {} — {what}.", due.join(", "))
    }

    fn describe(v: &XfView, action: &XfAction, t: &Table) -> String {
        let q = |c: &CardIdx| crate::app::command::spec::quoted(title(*c));
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
                // A list option's entries are separated by ";" (`split_list`).
                let cards: Vec<&str> = to_conspiracy.iter().map(|c| title(*c)).collect();
                format!("/draw conspiracy:\"{}\"", cards.join("; "))
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
                        .map(|d| {
                            format!(" at:{}", crate::app::command::spec::option_value(t.name(d)))
                        })
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
            XfAction::Investigate { site, team, skill } => format!(
                "/investigate site:{}{}{}",
                site_no(v, *site),
                team_arg(v, team),
                skill
                    .map(|s| format!(" skill:\"{}\"", s.as_str().to_lowercase()))
                    .unwrap_or_default()
            ),
            other => answer_hint(v, other),
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
            ("play", "card") => titles(&mut playable(legal).into_iter()),
            ("ask", "value") => legal
                .iter()
                .filter(|a| !answer_known(v, a))
                .filter_map(|a| match a {
                    XfAction::Ask { value, .. } => Some(ask_value(*value)),
                    _ => None,
                })
                .collect(),
            (_, "card" | "cards") => titles(&mut me.hand.iter().flatten().copied()),
            (_, "agent" | "agents" | "to") => titles(&mut me.agents.iter().map(|a| a.card)),
            _ => return None,
        })
    }

    fn summary(v: &XfView, events: &[XfEvent], t: &Table) -> String {
        summary::of(v, events, t)
    }

    fn menu_actions(&self, seat: Seat, legal: Vec<XfAction>) -> Vec<XfAction> {
        menus::menu_actions(self, seat, legal)
    }

    fn menus(v: &XfView, legal: &[XfAction], t: &Table) -> Vec<Menu> {
        menus::menus(v, legal, t)
    }

    fn buttons(_view: &Self::View, actions: &[XfAction], game: i64) -> Vec<Button> {
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

/// The cards of the hand that legal actions play.
fn playable(legal: &[XfAction]) -> Vec<CardIdx> {
    legal
        .iter()
        .filter_map(|a| match a {
            XfAction::Play { card, .. } => Some(*card),
            _ => None,
        })
        .collect()
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
        Phase::CaseEnd => format!(
            "Case Assignment Phase: the Bluffs are placed; {active} may play cards before the Investigation Phase."
        ),
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

/// The command for a move made while cards are played, questions asked or
/// a choice is due (`describe`'s second half).
fn answer_hint(v: &XfView, action: &XfAction) -> String {
    let q = |c: &CardIdx| crate::app::command::spec::quoted(title(*c));
    match action {
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
            if labels.is_empty() {
                // Choosing none of the options (an "up to" choice).
                return "/choose options:\";\"".into();
            }
            format!(
                "/choose options:{}",
                crate::app::command::spec::quoted(&labels.join("; "))
            )
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
        XfAction::UsePower { value, .. } => format!("/power value:{}", ask_value(*value)),
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
        XfAction::Ask { value, .. } => format!("/ask value:{}", ask_value(*value)),
        XfAction::Guess { .. } => "/guess xfile:<X-File>".into(),
        XfAction::Done => "/done".into(),
        XfAction::Discard { .. } => "/discard cards:\"A; B\"".into(),
        XfAction::Manual(_) => "/adjust".into(),
        XfAction::Dispute => "/dispute".into(),
        XfAction::Resign => "/resign".into(),
        turn_move => unreachable!("describe words {turn_move:?} itself"),
    }
}

/// The `agents` of `/investigate` when `team` leaves out some of the
/// viewer's Agents in the Field (a second Team may investigate another Site,
/// p. 23); none when it is all of them, the default.
fn team_arg(v: &XfView, team: &[CardIdx]) -> String {
    let me = usize::from(v.viewer.seat().unwrap_or_default());
    let all = v.players[me]
        .agents
        .iter()
        .filter(|a| a.section == Section::Field && !a.away)
        .all(|a| team.contains(&a.card));
    if all {
        return String::new();
    }
    let titles: Vec<&str> = team.iter().map(|c| title(*c)).collect();
    format!(
        " agents:{}",
        crate::app::command::spec::quoted(&titles.join("; "))
    )
}

/// Card names joined by [`NAME_SEPARATOR`].
fn names_apart(cards: &[CardIdx]) -> String {
    crate::words::names(cards.iter().map(|c| title(*c)))
}

/// Cards by title with their copies ("2× Hard Punch · Knife"), so a count
/// of cards before them reads right.
fn copies(cards: &[CardIdx]) -> String {
    crate::words::tally(cards.iter().map(|c| title(*c))).join(NAME_SEPARATOR)
}

/// How `/ask` names a characteristic value ("physiological-imbalance").
fn ask_value(value: Trait) -> String {
    value.as_str().to_lowercase().replace(' ', "-")
}

/// Whether `action` asks a question whose answer the asker's notebook
/// already gives: every X-File it still allows answers it alike. The rules
/// let a player ask it again (p. 26 asks only for a yes/no question of the
/// Site's category; Access Personnel Files and Counterintelligence
/// Measures make the asking itself count), so it stays a legal move; it is
/// only not suggested.
pub fn answer_known(v: &XfView, action: &XfAction) -> bool {
    let XfAction::Ask { category, value } = action else {
        return false;
    };
    let (Some(asker), Some(of)) = (v.viewer.seat(), asked_of(v)) else {
        return false;
    };
    let notes = v.players[usize::from(asker)]
        .notebook
        .as_deref()
        .unwrap_or_default();
    let answers: Vec<bool> = crate::engine::xfiles::xfiles_fitting(notes, of)
        .iter()
        .filter_map(|x| db().get(*x).characteristics)
        .map(|c| c.answers_yes(*category, *value))
        .collect();
    !answers.is_empty() && answers.iter().all(|a| *a == answers[0])
}

/// The player a question now is about: the Investigating Player for a
/// penalty question, else the Site's Directed Player.
fn asked_of(v: &XfView) -> Option<Seat> {
    if v.awaiting == Awaiting::Penalty {
        return Some(v.active);
    }
    let inv = v.investigation.as_ref()?;
    v.sites.get(inv.site).map(|s| s.directed)
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
        // X-File names hold commas ("Lucas Henry, Serial Killer"): listed
        // with a separator no name contains.
        let shown = if left.len() <= 12 {
            format!(": {}", names_apart(&left))
        } else {
            String::new()
        };
        out.push_str(&format!(
            "\n  {} — {}; {} still possible{shown}",
            t.name(of),
            if learned.is_empty() {
                "nothing learned yet".to_string()
            } else {
                learned.join(NAME_SEPARATOR)
            },
            crate::words::count(left.len(), "X-File")
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

/// The cards a hand shows face up (Circuit Board Implant), sorted.
fn face_up_names(cards: &[CardIdx]) -> String {
    let mut names: Vec<&str> = cards.iter().map(|c| title(*c)).collect();
    names.sort();
    names.join("; ")
}

/// A player's line on `/board`: pools, piles, Agents by section, cards in play.
fn board_player(t: &Table, seat: Seat, p: &PlayerView, basic: bool) -> String {
    let mark = if p.out { " (left)" } else { "" };
    let pools = if basic {
        format!("cards played this turn {}/{}", p.played, basic::PLAYS)
    } else {
        format!("RP {} · CP {}", p.rp, p.cp)
    };
    let mut out = format!(
        "**{}**{mark} — {pools} · hand {} · deck {} · discard {}\n",
        t.name(seat),
        p.hand_size,
        p.deck_size,
        p.discard.len()
    );
    if !p.face_up.is_empty() {
        out.push_str(&format!(
            "  Face up in hand: {}\n",
            face_up_names(&p.face_up)
        ));
    }
    for sec in [Section::Bureau, Section::Field, Section::Hospital] {
        let here: Vec<String> = p
            .agents
            .iter()
            .filter(|a| a.section == sec)
            .map(|a| board_agent(a, basic))
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
                    s.push_str(&format!(" ({})", crate::words::count(x.tokens, "token")));
                }
                if x.under > 0 {
                    s.push_str(&format!(
                        " ({} under it)",
                        crate::words::count(x.under, "card")
                    ));
                }
                s
            })
            .collect();
        out.push_str(&format!("  In play: {}\n", cards.join("; ")));
    }
    out
}

/// An Agent on `/board`: HEALTH, Team, Equipment, tokens and states.
fn board_agent(a: &AgentView, basic: bool) -> String {
    let mut bits = vec![match (basic, a.damage) {
        (false, _) => format!("HEALTH {}/{}", a.health - a.damage.min(a.health), a.health),
        (true, 0) => String::new(),
        (true, n) => format!(
            "wounded: leaves after {} more",
            crate::words::count(n, "Healing Phase")
        ),
    }];
    bits.retain(|b| !b.is_empty());
    if a.section == Section::Field {
        bits.push(format!("Team {}", a.team + 1));
    }
    bits.extend(a.equipment.iter().map(|e| title(*e).to_string()));
    bits.extend(a.attached.iter().map(|e| format!("under: {}", title(*e))));
    if a.tokens > 0 {
        bits.push(crate::words::count(a.tokens, "token"));
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
    if bits.is_empty() {
        return title(a.card).to_string();
    }
    format!("{} ({})", title(a.card), bits.join(", "))
}

/// A Site on `/board`, numbered as players name it.
fn board_site(t: &Table, s: &SiteView, needs: Option<&[(Skill, u8)]>) -> String {
    format!(
        "Site {}: **{}**{} — {} → {}{}\n",
        s.number,
        XfGame::card_line(s.card, false),
        changed_prerequisite(s.card, needs),
        t.name(s.owner),
        t.name(s.directed),
        if s.bluffs.is_empty() {
            String::new()
        } else {
            match s.bluffs.len() {
                1 => " · 1 face-down card".to_string(),
                n => format!(" · {n} face-down cards"),
            }
        }
    )
}

/// " · prerequisite now …" when a card changed the prerequisite of the Site
/// being investigated (Record of Atrocities), else nothing.
fn changed_prerequisite(site: CardIdx, needs: Option<&[(Skill, u8)]>) -> String {
    let Some(needs) = needs else {
        return String::new();
    };
    let printed: Vec<(Skill, u8)> = db()
        .get(site)
        .prerequisite
        .as_ref()
        .map(|p| p.thresholds().iter().map(|t| (t.skill, t.min)).collect())
        .unwrap_or_default();
    if printed.is_empty() || needs.iter().all(|n| printed.contains(n)) {
        return String::new();
    }
    let now: Vec<String> = needs
        .iter()
        .map(|(s, n)| format!("{} {n}+", s.as_str().to_uppercase()))
        .collect();
    format!(" · prerequisite now {}", now.join(", "))
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
        names_apart(&inv.team),
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
            crate::words::names(&foes),
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

/// The option `part` names: its label exactly (as the engine or the table
/// words it), else the one closest by spelling. Two options about as close
/// are refused with both (`Err(Some(..))`): a near name never picks one
/// silently (two players' Agents of one title).
fn option_named(
    part: &str,
    options: &[crate::engine::choice::ChoiceOption<impl Sized>],
    labels: &[String],
    free: impl Fn(&usize) -> bool,
) -> Result<usize, Option<(String, String)>> {
    let part = part.trim();
    let exact = (0..options.len()).filter(|i| free(i)).find(|i| {
        options[*i].label.eq_ignore_ascii_case(part) || labels[*i].eq_ignore_ascii_case(part)
    });
    if let Some(i) = exact {
        return Ok(i);
    }
    let mut scored: Vec<(usize, f64)> = (0..options.len())
        .filter(|i| free(i))
        .map(|i| (i, name_score(part, &labels[i])))
        .filter(|(_, s)| *s >= 0.8)
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    match scored.as_slice() {
        [] => Err(None),
        [(a, x), (b, y), ..] if x - y < 0.02 && labels[*a] != labels[*b] => {
            Err(Some((labels[*a].clone(), labels[*b].clone())))
        }
        [(a, _), ..] => Ok(*a),
    }
}

#[cfg(test)]
mod tests {
    use super::option_named;
    use crate::engine::choice::ChoiceOption;

    fn options(labels: &[&str]) -> Vec<ChoiceOption<()>> {
        labels
            .iter()
            .map(|l| ChoiceOption {
                label: l.to_string(),
                val: (),
            })
            .collect()
    }

    #[test]
    fn a_name_two_players_agents_share_is_refused_with_both_not_picked() {
        let o = options(&["Agent Dana Scully (seat 1)", "Agent Dana Scully (seat 2)"]);
        let named = [
            "Agent Dana Scully (alice)".into(),
            "Agent Dana Scully (bob)".into(),
        ];
        let any = |_: &usize| true;
        assert_eq!(
            option_named("Agent Dana Scully", &o, &named, any),
            Err(Some((named[0].clone(), named[1].clone())))
        );
        assert_eq!(
            option_named("agent dana scully (bob)", &o, &named, any),
            Ok(1)
        );
        assert_eq!(
            option_named("Agent Dana Scully (seat 2)", &o, &named, any),
            Ok(1)
        );
        assert_eq!(option_named("Walter Skinner", &o, &named, any), Err(None));
    }
}
