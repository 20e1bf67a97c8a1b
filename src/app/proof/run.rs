//! Runs a proof: each case's scene is built, its commands go through the
//! X-Files CCG's real command handlers (`Driver::handle`, as a player's
//! command would), and its expectations are read from the table.

use std::sync::LazyLock;

use super::scene::{self, SEATS};
use super::{Case, Failure, Proof};
use crate::app::command::message::{Address, Outgoing};
use crate::app::command::spec::check;
use crate::app::games::driver::{Driver, GameKind, Reaction, Table};
use crate::cards::{self, CardIdx, Section, Skill};
use crate::engine::xfiles::{CombatStep, FrameKind, XfGame};
use crate::engine::{Game, Seat};

static DRIVER: LazyLock<Box<dyn Driver>> = LazyLock::new(|| {
    crate::app::games::drivers()
        .into_iter()
        .find(|d| d.kind() == GameKind::XFilesCcg)
        .expect("the X-Files CCG has a driver")
});

/// Runs every case; the number of cases on success, else the first failure.
pub fn run(proof: &Proof) -> Result<usize, Failure> {
    let failures = run_all(proof);
    match failures.into_iter().next() {
        Some(f) => Err(f),
        None => Ok(proof.cases.len()),
    }
}

/// Runs every case, each failure reported.
pub fn run_all(proof: &Proof) -> Vec<Failure> {
    scene::with_printings(&proof.printings, || {
        proof
            .cases
            .iter()
            .filter_map(|case| {
                run_case(case).err().map(|(line, message)| Failure {
                    file: proof.file.clone(),
                    case: case.name.clone(),
                    line,
                    message,
                })
            })
            .collect()
    })
}

/// A case's table as it goes.
struct Run {
    game: XfGame,
    /// The table at the last `mark` (the scene's end at first).
    marked: XfGame,
    /// Messages of the last command step.
    messages: Vec<Outgoing>,
    /// The last refusal's text.
    refusal: Option<String>,
    table: Table,
}

fn run_case(case: &Case) -> Result<(), (usize, String)> {
    let (kind, opts) = &case.scene;
    let game = scene::build(kind, &scene::Opts(opts)).map_err(|e| (case.line, e))?;
    let table = Table {
        game_id: 1,
        channel: "proof".into(),
        seats: (0..game.players.len())
            .map(|s| (SEATS[s].to_string(), SEATS[s].to_string()))
            .collect(),
    };
    let mut r = Run {
        marked: game.clone(),
        game,
        messages: vec![],
        refusal: None,
        table,
    };
    for (line, text) in &case.steps {
        r.step(text).map_err(|e| (*line, e))?;
    }
    Ok(())
}

impl Run {
    fn step(&mut self, text: &str) -> Result<(), String> {
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        let rest = rest.trim();
        match word {
            w if w.starts_with('@') => {
                self.messages.clear();
                self.command(text)
                    .map_err(|e| format!("{text}: refused: {e}"))
            }
            "refuse" => {
                self.messages.clear();
                match self.command(rest) {
                    Ok(()) => Err(format!("{rest}: was accepted")),
                    Err(e) => {
                        self.refusal = Some(e);
                        Ok(())
                    }
                }
            }
            "resolve" => {
                self.messages.clear();
                self.resolve()
            }
            "damage" => {
                self.messages.clear();
                let (victim, stop) = match rest.strip_suffix(" save") {
                    Some(v) => (v, true),
                    None => (rest, false),
                };
                self.damage_round(&unquote(victim), stop)
            }
            "advance" => scene::advance(&mut self.game, scene::phase(rest)?),
            "mark" => {
                self.marked = self.game.clone();
                Ok(())
            }
            "set" => self.set(rest),
            "show" => {
                self.show();
                Ok(())
            }
            "expect" => self.expect(rest),
            _ => Err(format!(
                "'{word}' is not a step; steps are @<player> /<command>, refuse, resolve, damage, advance, mark, set, show, expect"
            )),
        }
    }

    /// A player's command through the game's handlers; the refusal's text
    /// on failure (the table unchanged).
    fn command(&mut self, text: &str) -> Result<(), String> {
        let line = crate::console::parse_line(text)
            .map_err(|e| e.0)?
            .ok_or("an empty command")?;
        let seat = self
            .table
            .seat_of(&line.user)
            .ok_or_else(|| format!("@{} does not sit at this table", line.user))?;
        let inv = line.invocation();
        let spec = DRIVER
            .commands()
            .into_iter()
            .find(|c| c.name == inv.name)
            .ok_or_else(|| format!("/{} is not an X-Files CCG command", inv.name))?;
        let args = check(&spec, &inv).map_err(|e| e.message)?;
        let state = serde_json::to_string(&self.game).expect("the state serialises");
        match DRIVER.handle(&self.table, &state, Some(seat), &inv, &args) {
            Ok(Reaction::Change(t)) => {
                self.game = serde_json::from_str(&t.state).expect("the state reads back");
                self.messages.extend(t.messages);
                Ok(())
            }
            Ok(Reaction::Reply(m)) => {
                self.messages.extend(m);
                Ok(())
            }
            Err(e) => Err(e.message),
        }
    }

    fn pass_by(&mut self, seat: Seat) -> Result<(), String> {
        self.command(&format!("@{} /pass", SEATS[usize::from(seat)]))
    }

    fn first_to_act(&self) -> Result<Seat, String> {
        self.game
            .to_act()
            .first()
            .copied()
            .ok_or_else(|| "nobody may act".into())
    }

    /// Everyone passes until the stack is empty and no check a card forced
    /// is open (or a choice waits, or a combat begins).
    fn resolve(&mut self) -> Result<(), String> {
        let site_frame = self.game.investigation.as_ref().map(|i| i.frame);
        for _ in 0..40 {
            let g = &self.game;
            let forced = g
                .frames
                .iter()
                .any(|f| matches!(f.kind, FrameKind::Check(_)) && Some(f.id) != site_frame)
                && g.combat().is_none();
            if (g.stack.is_empty() && !forced) || g.choice.is_some() {
                return Ok(());
            }
            let s = self.first_to_act()?;
            self.pass_by(s).map_err(|e| format!("passing: {e}"))?;
        }
        Err("the stack does not resolve".into())
    }

    /// Everyone passes until this combat round's damage is dealt, the
    /// Adversary's player putting it all on `victim` (`/damage`); with
    /// `stop_when_down`, it stops where cards may still save an Agent at 0
    /// HEALTH (First Aid, Medi-Kit).
    fn damage_round(&mut self, victim: &str, stop_when_down: bool) -> Result<(), String> {
        let (start, began_after) = self
            .game
            .combat()
            .map(|c| ((c.rounds, c.round), c.step == CombatStep::AfterDamage))
            .ok_or("no combat is going on")?;
        for _ in 0..60 {
            let Some(c) = self.game.combat().cloned() else {
                return Ok(());
            };
            let next_round = (c.rounds, c.round) != start && c.step == CombatStep::Cards;
            // An Agent is down: cards may still save it (First Aid, Medi-Kit).
            let saving = stop_when_down && c.step == CombatStep::AfterDamage && !began_after;
            if next_round || saving || self.game.choice.is_some() {
                return Ok(());
            }
            let s = self.first_to_act()?;
            let who = SEATS[usize::from(s)];
            let cmd = if c.step == CombatStep::Assign {
                format!("@{who} /damage to:\"{victim}\"")
            } else {
                format!("@{who} /pass")
            };
            self.command(&cmd).map_err(|e| format!("{cmd}: {e}"))?;
        }
        Err("the round does not end".into())
    }

    /// `set alice rp:5 cp:0`: a pool set by hand while setting the scene.
    fn set(&mut self, text: &str) -> Result<(), String> {
        let words = tokens(text)?;
        if words.first().is_some_and(|w| w == "agent") {
            return self.set_agent(&words[1..]);
        }
        let seat = seat_named(words.first().map_or("", String::as_str))?;
        for w in &words[1..] {
            let (k, v) = w
                .split_once(':')
                .ok_or_else(|| format!("'{w}' is not pool:value"))?;
            let v: u32 = v.parse().map_err(|_| format!("'{v}' is not a number"))?;
            let p = &mut self.game.players[usize::from(seat)];
            match k {
                "rp" => p.rp = v,
                "cp" => p.cp = v,
                _ => return Err(format!("set knows rp: and cp:, not {k}:")),
            }
        }
        Ok(())
    }

    /// `set agent alice "Agent Dana Scully" tokens:1`: an Agent's Game-Effect
    /// tokens, as if some were used before the scene.
    fn set_agent(&mut self, words: &[String]) -> Result<(), String> {
        let [who, title, values @ ..] = words else {
            return Err("set agent <player> \"<Agent>\" tokens:N".into());
        };
        let seat = seat_named(who)?;
        let c = scene::card(title)?;
        let agent = self.game.players[usize::from(seat)]
            .agents
            .iter_mut()
            .find(|a| a.card == c)
            .ok_or_else(|| format!("{title} is not among {who}'s Agents"))?;
        for w in values {
            let (k, v) = w
                .split_once(':')
                .ok_or_else(|| format!("'{w}' is not tokens:N"))?;
            let v: u8 = v.parse().map_err(|_| format!("'{v}' is not a number"))?;
            match k {
                "tokens" => agent.tokens = v,
                _ => return Err(format!("set agent knows tokens:, not {k}:")),
            }
        }
        Ok(())
    }

    /// A move the table offers the player ("You may") names this text.
    fn offers(&self, seat: Seat, text: &str) -> bool {
        self.game
            .legal_actions(seat)
            .iter()
            .any(|a| crate::engine::xfiles::describe(a).contains(text))
    }

    fn expect(&self, text: &str) -> Result<(), String> {
        let w = tokens(text)?;
        let s: Vec<&str> = w.iter().map(String::as_str).collect();
        let ok = match s.as_slice() {
            ["refusal", "says", t] => says(self.refusal.iter().map(String::as_str), t, true),
            ["thread", verb @ ("says" | "lacks"), t] => says(
                self.texts(|a| matches!(a, Address::Channel(_))),
                t,
                *verb == "says",
            ),
            ["dm", who, verb @ ("says" | "lacks"), t] => {
                let user = SEATS[usize::from(seat_named(who)?)];
                let to =
                    |a: &Address| matches!(a, Address::Dm(u) | Address::Ephemeral(u) if u == user);
                says(self.texts(to), t, *verb == "says")
            }
            ["choice", "none"] => self.game.choice.is_none(),
            ["choice", "for", who] => {
                self.game.choice.as_ref().map(|c| c.seat) == Some(seat_named(who)?)
            }
            ["choice", verb @ ("offers" | "lacks"), labels @ ..] => {
                let c = self.game.choice.as_ref().ok_or("no choice is pending")?;
                let has = |l: &str| c.options.iter().any(|o| o.label.contains(l));
                labels.iter().all(|l| has(l) == (*verb == "offers"))
            }
            ["to-act", who] => self.game.to_act() == vec![seat_named(who)?],
            // `case-assignment` names the "Case Assignment Phase".
            ["phase", name] => self
                .game
                .phase_name()
                .to_lowercase()
                .contains(&name.to_lowercase().replace('-', " ")),
            ["combat", "none"] => self.game.combat().is_none(),
            ["combat", "on"] => self.game.combat().is_some(),
            ["stack", verb @ ("has" | "lacks"), t] => {
                let c = scene::card(t)?;
                let title = &cards::db().get(c).title;
                let on = self
                    .game
                    .stack
                    .iter()
                    .any(|p| cards::db().get(p.card).title == *title);
                on == (*verb == "has")
            }
            [who, "may", verb @ ("offers" | "lacks"), t] => {
                self.offers(seat_named(who)?, t) == (*verb == "offers")
            }
            [who, pile, verb @ ("has" | "lacks"), t] => {
                let seat = seat_named(who)?;
                let n = self.in_pile(&self.game, seat, pile, t)?;
                (n > 0) == (*verb == "has")
            }
            [who, "top", "is", t] => {
                let top = self.game.player(seat_named(who)?).deck.first().copied();
                top.map(|c| cards::db().get(c).title.eq_ignore_ascii_case(t)) == Some(true)
            }
            ["agent", who, title, "in", section] => {
                let now = self.agent_section(seat_named(who)?, title)?;
                now == *section
            }
            _ => {
                let (quantity, cmp) = split_cmp(&s)?;
                let now = self.number(&self.game, quantity)?;
                let then = match cmp.0 {
                    "change" => self.number(&self.marked, quantity)?,
                    _ => now,
                };
                return compare(now, then, cmp).map_err(|e| format!("expect {text}: {e}"));
            }
        };
        if ok {
            Ok(())
        } else {
            Err(format!("expect {text}: does not hold{}", self.context()))
        }
    }

    /// `show`: prints the board and each player's hand and options (to
    /// stderr), for whoever writes a proof; it checks nothing.
    fn show(&mut self) {
        let kept = std::mem::take(&mut self.messages);
        for who in SEATS.iter().take(self.game.players.len()) {
            let _ = self.command(&format!("@{who} /hand"));
        }
        let _ = self.command("@alice /board");
        eprintln!(
            "--- show: {}, to act {:?}{}",
            self.game.phase_name(),
            self.game.to_act(),
            self.context()
        );
        self.messages = kept;
    }

    /// What a failed expectation shows: the choice, the last refusal and
    /// the public lines.
    fn context(&self) -> String {
        let mut out = String::new();
        if let Some(c) = &self.game.choice {
            let labels: Vec<&str> = c.options.iter().map(|o| o.label.as_str()).collect();
            out.push_str(&format!(
                "\n  choice: {} [{}]",
                c.prompt,
                labels.join(" | ")
            ));
        }
        if let Some(r) = &self.refusal {
            out.push_str(&format!("\n  last refusal: {r}"));
        }
        for m in &self.messages {
            out.push_str(&format!(
                "\n  {:?}: {}",
                m.to,
                m.text.replace('\n', "\n    ")
            ));
        }
        out
    }

    fn texts(&self, to: impl Fn(&Address) -> bool) -> impl Iterator<Item = &str> {
        self.messages
            .iter()
            .filter(move |m| to(&m.to))
            .map(|m| m.text.as_str())
    }

    /// A quantity's value on a table: `alice rp`, `alice hand`, `agent alice
    /// "Agent Fox Mulder" damage`, `total`, `need`, `foe damage`, `stack`.
    fn number(&self, g: &XfGame, q: &[&str]) -> Result<i64, String> {
        Ok(match q {
            ["total"] => i64::from(g.check_totals_now().ok_or("no check is open")?.0),
            ["need"] => i64::from(g.check_totals_now().ok_or("no check is open")?.1),
            ["stack"] => g.stack.len() as i64,
            ["foe", stat] => {
                let c = g.combat().ok_or("no combat is going on")?;
                let f = c.foes.first().ok_or("the combat has no foe")?;
                match *stat {
                    "damage" => i64::from(f.damage),
                    _ => return Err(format!("foe knows damage, not {stat}")),
                }
            }
            ["agent", who, title, stat] => {
                let seat = seat_named(who)?;
                let c = scene::card(title)?;
                let a = scene::agent_ref(g, seat, c)
                    .ok_or_else(|| format!("{title} is not among {who}'s Agents"))?;
                let agent = g
                    .agent(a)
                    .ok_or_else(|| format!("{title} is not in play"))?;
                match *stat {
                    "damage" => i64::from(agent.damage),
                    "health" => i64::from(g.max_health(a).saturating_sub(agent.damage)),
                    "max-health" => i64::from(g.max_health(a)),
                    "res" => i64::from(g.agent_res(a)),
                    "tokens" => i64::from(agent.tokens),
                    skill => {
                        let skill: Skill = skill.parse().map_err(|_| {
                            format!("an Agent's number is damage, health, max-health, res, tokens or a skill, not {skill}")
                        })?;
                        i64::from(g.agent_skill(a, skill))
                    }
                }
            }
            [who, "power", value, "tokens"] => {
                let p = g.player(seat_named(who)?);
                let want = value.replace('-', " ");
                let power = p
                    .powers
                    .iter()
                    .find(|x| x.value.as_str().eq_ignore_ascii_case(&want));
                i64::from(
                    power
                        .ok_or_else(|| format!("{who} has not gained the Power {value}"))?
                        .tokens,
                )
            }
            [who, pool @ ("rp" | "cp")] => {
                let p = g.player(seat_named(who)?);
                i64::from(if *pool == "rp" { p.rp } else { p.cp })
            }
            [who, pile] => self.pile(g, seat_named(who)?, pile)?.len() as i64,
            [who, pile, t] => self.in_pile(g, seat_named(who)?, pile, t)? as i64,
            _ => return Err(format!("'{}' is not a quantity", q.join(" "))),
        })
    }

    /// A seat's cards in a pile: hand, deck, discard, removed, play (its
    /// cards in play other than Agents and Sites) or under (the cards kept
    /// under its cards in play).
    fn pile(&self, g: &XfGame, seat: Seat, pile: &str) -> Result<Vec<CardIdx>, String> {
        let p = g.player(seat);
        Ok(match pile {
            "hand" => p.hand.clone(),
            "deck" => p.deck.clone(),
            "discard" => p.discard.clone(),
            "removed" => p.removed.clone(),
            // Cards in play, with the cards kept under them (Safe House).
            "play" => g
                .perms
                .iter()
                .filter(|x| x.controller == seat)
                .flat_map(|x| std::iter::once(x.card).chain(x.under.iter().copied()))
                .collect(),
            "under" => g
                .perms
                .iter()
                .filter(|x| x.controller == seat)
                .flat_map(|x| x.under.iter().copied())
                .collect(),
            _ => {
                return Err(format!(
                    "piles are hand, deck, discard, removed, play and under, not {pile}"
                ));
            }
        })
    }

    /// How many cards of this title are in the pile.
    fn in_pile(&self, g: &XfGame, seat: Seat, pile: &str, title: &str) -> Result<usize, String> {
        let c = scene::card(title)?;
        let want = &cards::db().get(c).title;
        Ok(self
            .pile(g, seat, pile)?
            .iter()
            .filter(|x| cards::db().get(**x).title == *want)
            .count())
    }

    fn agent_section(&self, seat: Seat, title: &str) -> Result<&'static str, String> {
        let c = scene::card(title)?;
        Ok(
            match scene::agent_ref(&self.game, seat, c).and_then(|a| self.game.agent(a)) {
                None => "gone",
                Some(a) if a.away.is_some() => "away",
                Some(a) => match a.section {
                    Section::Bureau => "bureau",
                    Section::Field => "field",
                    Section::Hospital => "hospital",
                },
            },
        )
    }
}

/// Whether any text contains `t` (or none does, for `lacks`).
fn says<'a>(mut texts: impl Iterator<Item = &'a str>, t: &str, want: bool) -> bool {
    texts.any(|x| x.contains(t)) == want
}

fn seat_named(who: &str) -> Result<Seat, String> {
    SEATS
        .iter()
        .position(|s| *s == who)
        .map(|s| s as Seat)
        .ok_or_else(|| format!("'{who}' is not a player; players are alice, bob and carol"))
}

/// The quantity and its comparison: `... = 3`, `>= 3`, `+2`, `-1`.
fn split_cmp<'a>(s: &'a [&'a str]) -> Result<(&'a [&'a str], (&'a str, i64)), String> {
    let bad = || {
        format!(
            "'{}' ends with no comparison (= N, != N, >= N, <= N, +N, -N)",
            s.join(" ")
        )
    };
    match s {
        [q @ .., op @ ("=" | "!=" | ">=" | "<=" | ">" | "<"), n] => {
            Ok((q, (*op, n.parse().map_err(|_| bad())?)))
        }
        [q @ .., d] if d.starts_with('+') || d.starts_with('-') => {
            Ok((q, ("change", d.parse().map_err(|_| bad())?)))
        }
        _ => Err(bad()),
    }
}

fn compare(now: i64, then: i64, (op, n): (&str, i64)) -> Result<(), String> {
    let ok = match op {
        "=" => now == n,
        "!=" => now != n,
        ">=" => now >= n,
        "<=" => now <= n,
        ">" => now > n,
        "<" => now < n,
        _ => now - then == n,
    };
    if ok {
        Ok(())
    } else if op == "change" {
        Err(format!("it went from {then} to {now} ({:+})", now - then))
    } else {
        Err(format!("it is {now}"))
    }
}

fn unquote(s: &str) -> String {
    s.trim().trim_matches('"').to_string()
}

/// Words and "quoted strings".
fn tokens(text: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '"' {
            chars.next();
            let mut s = String::new();
            loop {
                match chars.next() {
                    None => return Err(format!("no closing quote in {text}")),
                    Some('"') => break,
                    Some('\\') => s.extend(chars.next()),
                    Some(c) => s.push(c),
                }
            }
            out.push(s);
        } else {
            let mut s = String::new();
            while let Some(&c) = chars.peek().filter(|c| !c.is_whitespace()) {
                s.push(c);
                chars.next();
            }
            out.push(s);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comparison_reads_equal_and_change() {
        let q = ["alice", "rp", "=", "5"];
        assert_eq!(split_cmp(&q).unwrap(), (&q[..2], ("=", 5)));
        let q = ["alice", "rp", "-5"];
        assert_eq!(split_cmp(&q).unwrap(), (&q[..2], ("change", -5)));
        assert!(compare(10, 15, ("change", -5)).is_ok());
        assert!(compare(10, 15, ("change", -4)).is_err());
        assert!(split_cmp(&["alice", "rp"]).is_err());
    }

    #[test]
    fn tokens_keep_quoted_titles_whole() {
        let t = tokens(r#"agent alice "Agent Fox Mulder" damage = 1"#).unwrap();
        assert_eq!(
            t,
            ["agent", "alice", "Agent Fox Mulder", "damage", "=", "1"]
        );
    }
}
