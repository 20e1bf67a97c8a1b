//! Reads script files. A file holds one or more cards:
//!
//! ```text
//! card Hard Evidence
//! text Add five tokens to your [RP] pool.
//! status reviewed
//! play
//!   gain rp 5
//! ```
//!
//! Lines at column 0 are headers (`card`, `text`, `status`, `manual`,
//! `note`, `tokens`, `goes`, `place`, `unnegatable`, `static`) or open a
//! block (`play`, `ability`, `trigger`, `replace`) whose lines are indented
//! by two spaces: attributes (`when`, `target`, `cost`, `limit`, `x`,
//! `ignore-activators`) and steps, with `if`/`else` and `each` nesting
//! further. Every error names the file, the line and what was expected.

use super::ast::*;
use super::lex::{self, Args, Tok, lex};
use super::verbs;

struct Line {
    no: usize,
    indent: usize,
    text: String,
}

/// A parsed block line before compilation.
enum Node {
    Step(Step),
    If {
        cond: Cond,
        then: Vec<Node>,
        otherwise: Vec<Node>,
    },
    Each {
        var: String,
        sel: Selector,
        body: Vec<Node>,
    },
}

pub fn parse_file(name: &str, text: &str) -> Result<Vec<Script>, String> {
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let trimmed = raw.trim_end();
        let content = trimmed.trim_start();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        if trimmed.contains('\t') {
            return Err(format!("{name}:{}: use spaces, not tabs", i + 1));
        }
        lines.push(Line {
            no: i + 1,
            indent: trimmed.len() - content.len(),
            text: content.to_string(),
        });
    }
    let mut scripts = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let at = |l: &Line, e: String| format!("{name}:{}: {e}", l.no);
        let l = &lines[i];
        if l.indent != 0 {
            return Err(at(l, "an indented line outside a block".into()));
        }
        let (head, rest) = split_head(&l.text);
        if head == "card" || head == "power" {
            let title = if head == "power" {
                format!("{POWER_PREFIX}{rest}")
            } else {
                rest.to_string()
            };
            scripts.push(Script {
                titles: vec![title],
                texts: Vec::new(),
                origin: format!("{name}:{}", l.no),
                status: Status::Draft,
                manual: Vec::new(),
                notes: Vec::new(),
                tokens: 0,
                goes: None,
                place: None,
                unnegatable: false,
                negated: None,
                plays_under: None,
                deck_limit: None,
                plays: Vec::new(),
                abilities: Vec::new(),
                triggers: Vec::new(),
                statics: Vec::new(),
                replacements: Vec::new(),
            });
            i += 1;
            continue;
        }
        let Some(s) = scripts.last_mut() else {
            return Err(at(l, "a script starts with a 'card <title>' line".into()));
        };
        let end = block_end(&lines, i);
        header(s, l, head, rest, &lines[i + 1..end]).map_err(|e| at(l, e))?;
        i = end;
    }
    for s in &scripts {
        if s.texts.is_empty() {
            return Err(format!(
                "{}: the card's printed text is missing (text ...)",
                s.origin
            ));
        }
    }
    Ok(scripts)
}

/// The title a `power <Value>` script gets: an X-File Power, not a card.
pub const POWER_PREFIX: &str = "X-File Power: ";

fn split_head(text: &str) -> (&str, &str) {
    match text.split_once(' ') {
        Some((h, r)) => (h, r.trim()),
        None => (text, ""),
    }
}

/// The index after the indented lines that follow line `i`.
fn block_end(lines: &[Line], i: usize) -> usize {
    let mut j = i + 1;
    while j < lines.len() && lines[j].indent > 0 {
        j += 1;
    }
    j
}

fn header(s: &mut Script, l: &Line, head: &str, rest: &str, body: &[Line]) -> Result<(), String> {
    let no_body = |what: &str| {
        if body.is_empty() {
            Ok(())
        } else {
            Err(format!("'{what}' takes no indented lines"))
        }
    };
    match head {
        "text" => s.texts.push(rest.to_string()),
        "also" => s.titles.push(rest.to_string()),
        "status" => {
            s.status = match rest {
                "reviewed" => Status::Reviewed,
                "draft" => Status::Draft,
                _ => return Err(format!("status is 'reviewed' or 'draft', not '{rest}'")),
            }
        }
        "manual" => s.manual.push(rest.to_string()),
        "note" => s.notes.push(rest.to_string()),
        "tokens" => {
            s.tokens = rest
                .parse()
                .map_err(|_| format!("tokens takes a number, not '{rest}'"))?
        }
        "goes" => {
            s.goes = Some(match rest {
                "discard" => Goes::Discard,
                "removed" => Goes::Removed,
                "stays" => Goes::Stays,
                "attached" => Goes::Attached,
                _ => {
                    return Err(format!(
                        "goes is discard, removed, stays or attached, not '{rest}'"
                    ));
                }
            })
        }
        "place" => s.place = Some(place(rest)?),
        "unnegatable" => s.unnegatable = true,
        "negated" => s.negated = Some(on_negated(rest)?),
        "plays-under" => s.plays_under = Some(plays_under(rest)?),
        "deck-limit" => {
            s.deck_limit = Some(
                rest.trim()
                    .parse()
                    .map_err(|_| format!("deck-limit takes a number of copies, not '{rest}'"))?,
            )
        }
        "static" => {
            no_body("static")?;
            s.statics.push(static_def(rest, l.no)?);
        }
        "play" => s.plays.push(ability(rest, l.no, body)?),
        "ability" => s.abilities.push(ability(rest, l.no, body)?),
        "trigger" => {
            let event = event_pat(rest)?;
            s.triggers.push(Trigger {
                event,
                ability: ability("", l.no, body)?,
            });
        }
        "replace" => {
            let event = replace_pat(rest)?;
            s.replacements.push(Replacement {
                event,
                ability: ability("", l.no, body)?,
            });
        }
        _ => {
            return Err(format!(
                "'{head}' is not a header (card, text, also, status, manual, note, tokens, goes, place, unnegatable, negated, plays-under, deck-limit, static, play, ability, trigger, replace)"
            ));
        }
    }
    if !matches!(head, "play" | "ability" | "trigger" | "replace") {
        no_body(head)?;
    }
    Ok(())
}

/// `plays-under [free|less=N] [bluffs] [stays]`: how the cards under the
/// card are played (Surfing The Net, Travel Plans, Men In Black).
fn plays_under(rest: &str) -> Result<super::ast::PlaysUnder, String> {
    let mut p = super::ast::PlaysUnder::default();
    for w in rest.split_whitespace() {
        match w {
            "free" => p.free = true,
            "bluffs" => p.bluffs = true,
            "stays" => p.stays = true,
            _ => match w.strip_prefix("less=").map(str::parse::<u32>) {
                Some(Ok(n)) => p.less = n,
                _ => {
                    return Err(format!(
                        "plays-under takes free, less=N, bluffs or stays, not '{w}'"
                    ));
                }
            },
        }
    }
    Ok(p)
}

/// `negated removed [with=<var>]`: a negated card is removed from the game,
/// with the Agent it keeps in that variable (Additional Resources).
fn on_negated(rest: &str) -> Result<super::ast::OnNegated, String> {
    let mut words = rest.split_whitespace();
    if words.next() != Some("removed") {
        return Err(format!(
            "negated takes 'removed [with=<var>]', not '{rest}'"
        ));
    }
    let with = match words.next() {
        None => None,
        Some(w) => match w.strip_prefix("with=") {
            Some(v) if !v.is_empty() && words.next().is_none() => Some(v.to_string()),
            _ => return Err(format!("negated removed takes with=<var>, not '{w}'")),
        },
    };
    Ok(super::ast::OnNegated { with })
}

fn place(rest: &str) -> Result<PlaceSpec, String> {
    Ok(match rest {
        "bureau" => PlaceSpec::Own(crate::cards::Section::Bureau),
        "field" => PlaceSpec::Own(crate::cards::Section::Field),
        "hospital" => PlaceSpec::Own(crate::cards::Section::Hospital),
        "opponent-field" => PlaceSpec::Opponents(crate::cards::Section::Field),
        "opponent-hospital" => PlaceSpec::Opponents(crate::cards::Section::Hospital),
        "xfile" => PlaceSpec::XFile,
        "site" => PlaceSpec::Site,
        "target" => PlaceSpec::OnTarget,
        _ => {
            return Err(format!(
                "place is bureau, field, hospital, opponent-field, opponent-hospital, xfile, site or target, not '{rest}'"
            ));
        }
    })
}

fn static_def(rest: &str, line: usize) -> Result<StaticDef, String> {
    let toks = lex(rest)?;
    let split = toks
        .iter()
        .position(|t| *t == Tok::Word("while".into()))
        .unwrap_or(toks.len());
    let mut a = Args::new("static", toks[..split].to_vec());
    let modifier = verbs::parse_modifier(&mut a)?;
    a.end()?;
    let when = if split < toks.len() {
        vec![lex::cond(&toks[split + 1..])?]
    } else {
        Vec::new()
    };
    Ok(StaticDef {
        modifier,
        when,
        line,
    })
}

fn event_pat(rest: &str) -> Result<EventPat, String> {
    let toks = lex(rest)?;
    let mut a = Args::new("trigger", toks);
    let w = a.word()?;
    let pat = match w.as_str() {
        "card-played" => EventPat::CardPlayed(a.selector()?),
        "phase-begins" => {
            let p = lex::phases(&a.word()?)?;
            if a.eat("bearer") {
                return Ok(EventPat::BearerPhase(p[0]));
            }
            let mine = !a.eat("theirs");
            if mine {
                EventPat::PhaseBegins { phase: p[0], mine }
            } else {
                EventPat::TheirPhase(p[0])
            }
        }
        "agent-damaged" => EventPat::AgentDamaged(a.selector()?),
        "agent-abducted" => EventPat::AgentAbducted,
        "site-lost" => EventPat::SiteLost,
        "site-won" => EventPat::SiteWon,
        "site-failed" => EventPat::SiteFailed,
        "investigates" => EventPat::Investigates,
        "turn-ends" => EventPat::TurnEnds,
        _ => {
            return Err(format!(
                "'{w}' is not a trigger (card-played, phase-begins, agent-damaged, site-lost, investigates, turn-ends)"
            ));
        }
    };
    a.end()?;
    Ok(pat)
}

fn replace_pat(rest: &str) -> Result<ReplacePat, String> {
    let toks = lex(rest)?;
    let mut a = Args::new("replace", toks);
    let w = a.word()?;
    let pat = match w.as_str() {
        "damage" => ReplacePat::Damage(a.selector()?),
        "to-hospital" => ReplacePat::ToHospital(a.selector()?),
        _ => return Err(format!("'{w}' is not replaceable (damage, to-hospital)")),
    };
    a.end()?;
    Ok(pat)
}

fn ability(label: &str, line: usize, body: &[Line]) -> Result<Ability, String> {
    let mut ab = Ability {
        label: label.trim_matches('"').to_string(),
        when: Vec::new(),
        target: None,
        costs: Vec::new(),
        limit: None,
        x: None,
        x_values: Vec::new(),
        by_opponent: false,
        cost_if: Vec::new(),
        in_combat: false,
        ignore_activators: false,
        program: Vec::new(),
        line,
    };
    let mut i = 0;
    let nodes = nodes(body, &mut i, 2, &mut Some(&mut ab))?;
    compile(&nodes, &mut ab.program);
    Ok(ab)
}

/// Parses the lines at `indent` from `*i` on, into nodes; attributes go into
/// `ab` (only at a block's top level).
fn nodes(
    lines: &[Line],
    i: &mut usize,
    indent: usize,
    ab: &mut Option<&mut Ability>,
) -> Result<Vec<Node>, String> {
    let mut out = Vec::new();
    while *i < lines.len() {
        let l = &lines[*i];
        if l.indent < indent {
            break;
        }
        let at = |e: String| format!("line {}: {e}", l.no);
        if l.indent > indent {
            return Err(at("indented more than the line above allows".into()));
        }
        *i += 1;
        let toks = lex(&l.text).map_err(at)?;
        let Some(Tok::Word(head)) = toks.first().cloned() else {
            return Err(at("a line starts with a word".into()));
        };
        let mut a = Args::new(&head, toks[1..].to_vec());
        match head.as_str() {
            "if" => {
                let cond = a.cond().map_err(at)?;
                let then = nodes(lines, i, indent + 2, &mut None)?;
                let mut otherwise = Vec::new();
                if *i < lines.len() && lines[*i].indent == indent && lines[*i].text == "else" {
                    *i += 1;
                    otherwise = nodes(lines, i, indent + 2, &mut None)?;
                }
                out.push(Node::If {
                    cond,
                    then,
                    otherwise,
                });
            }
            "else" => return Err(at("'else' without 'if'".into())),
            "each" => {
                let var = a.var().map_err(at)?;
                a.expect("in").map_err(at)?;
                let sel = a.selector().map_err(at)?;
                a.end().map_err(at)?;
                let body = nodes(lines, i, indent + 2, &mut None)?;
                out.push(Node::Each { var, sel, body });
            }
            "when" | "target" | "cost" | "cost-if" | "limit" | "x" | "x-values" | "user"
            | "in-combat" | "ignore-activators" => {
                let Some(ab) = ab.as_deref_mut() else {
                    return Err(at(format!("'{head}' belongs at the top of a block")));
                };
                attribute(ab, &head, &mut a).map_err(at)?;
            }
            verb => out.push(Node::Step(verbs::parse_step(verb, &mut a).map_err(at)?)),
        }
    }
    Ok(out)
}

fn attribute(ab: &mut Ability, head: &str, a: &mut Args) -> Result<(), String> {
    match head {
        "when" => ab.when.push(a.cond()?),
        "target" => {
            if ab.target.is_some() {
                return Err(
                    "one declared target per ability; choose the others with 'choose'".into(),
                );
            }
            ab.target = Some(TargetDecl { sel: a.selector()? });
            a.end()?;
        }
        "cost" => {
            let w = a.word()?;
            ab.costs.push(match w.as_str() {
                "tokens" | "token" => ExtraCost::Tokens(match a.num()? {
                    Num::Lit(n) if n > 0 => n as u8,
                    _ => return Err("cost tokens takes a positive number".into()),
                }),
                "discard-self" => ExtraCost::DiscardSelf,
                "remove-self" => ExtraCost::RemoveSelf,
                "pay" => {
                    let p = a.pool()?;
                    ExtraCost::Pay(p, a.num()?)
                }
                _ => {
                    return Err(format!(
                        "'{w}' is not a cost (tokens N, discard-self, remove-self, pay rp|cp N)"
                    ));
                }
            });
            a.end()?;
        }
        "limit" => {
            let w = a.word()?;
            ab.limit = Some(match w.as_str() {
                "once-per-turn" => Limit::OncePerTurn,
                "once-per-game" => Limit::OncePerGame,
                "once-per-combat" => Limit::OncePerCombat,
                "once-per-check" => Limit::OncePerCheck,
                _ => {
                    return Err(format!(
                        "'{w}' is not a limit (once-per-turn, once-per-game, once-per-combat, once-per-check)"
                    ));
                }
            });
            a.end()?;
        }
        "x" => {
            ab.x = Some(a.num()?);
            a.end()?;
        }
        "x-values" => {
            let w = a.word()?;
            ab.x_values = w
                .split('|')
                .map(|v| v.parse().map_err(|_| format!("'{v}' is not a number")))
                .collect::<Result<_, _>>()?;
            a.end()?;
        }
        "cost-if" => {
            let w = a.word()?;
            let change = match w.as_str() {
                "set" => CostChange::Set(match a.num()? {
                    Num::Lit(n) if n >= 0 => n as u32,
                    _ => return Err("cost-if set takes a number".into()),
                }),
                "half" => CostChange::Half,
                w => CostChange::Add(
                    w.trim_start_matches('+')
                        .parse()
                        .map_err(|_| format!("cost-if: set N, half or ±N, not '{w}'"))?,
                ),
            };
            ab.cost_if.push((change, a.cond()?));
        }
        "in-combat" => {
            ab.in_combat = true;
            a.end()?;
        }
        "user" => {
            a.expect("opponent")?;
            ab.by_opponent = true;
            a.end()?;
        }
        "ignore-activators" => {
            ab.ignore_activators = true;
            a.end()?;
        }
        _ => unreachable!("listed by the caller"),
    }
    Ok(())
}

/// Asks a "may" question; the condition that tests its answer.
fn ask_may(prompt: &str, out: &mut Vec<Instr>) -> Cond {
    let var = format!("may@{}", out.len());
    out.push(Instr::Do(Step::AskMay {
        var: var.clone(),
        prompt: prompt.to_string(),
    }));
    Cond::Flag(var)
}

/// Flattens nodes into instructions with jumps.
fn compile(nodes: &[Node], out: &mut Vec<Instr>) {
    for n in nodes {
        match n {
            Node::Step(s) => out.push(Instr::Do(s.clone())),
            Node::If {
                cond,
                then,
                otherwise,
            } => {
                // "you may": ask, then test the answer (`not may`: the refusal).
                let cond = match cond {
                    Cond::May(q) => ask_may(q, out),
                    Cond::Not(inner) => match &**inner {
                        Cond::May(q) => Cond::Not(Box::new(ask_may(q, out))),
                        _ => cond.clone(),
                    },
                    c => c.clone(),
                };
                let test = out.len();
                out.push(Instr::Unless(cond.clone(), 0));
                compile(then, out);
                if otherwise.is_empty() {
                    let end = out.len();
                    out[test] = Instr::Unless(cond.clone(), end);
                } else {
                    let jump = out.len();
                    out.push(Instr::Jump(0));
                    let alt = out.len();
                    out[test] = Instr::Unless(cond.clone(), alt);
                    compile(otherwise, out);
                    let end = out.len();
                    out[jump] = Instr::Jump(end);
                }
            }
            Node::Each { var, sel, body } => {
                let start = out.len();
                out.push(Instr::Each {
                    var: var.clone(),
                    sel: sel.clone(),
                    end: 0,
                });
                compile(body, out);
                out.push(Instr::Next { start });
                let end = out.len();
                out[start] = Instr::Each {
                    var: var.clone(),
                    sel: sel.clone(),
                    end,
                };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Script {
        let mut v = parse_file("t.xfs", text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(v.len(), 1);
        v.remove(0)
    }

    #[test]
    fn a_card_with_a_play_block() {
        let s = one(
            "card Hard Evidence\ntext Add five tokens to your [RP] pool.\nstatus reviewed\nplay\n  gain rp 5\n",
        );
        assert_eq!(s.titles, vec!["Hard Evidence"]);
        assert_eq!(s.status, Status::Reviewed);
        assert_eq!(s.plays.len(), 1);
        assert_eq!(s.plays[0].program.len(), 1);
        assert!(s.automated());
    }

    #[test]
    fn plays_under_takes_its_options() {
        let s = one("card T\ntext T\nplays-under less=2 bluffs stays\n");
        let p = s.plays_under.expect("plays-under");
        assert_eq!((p.free, p.less, p.bluffs, p.stays), (false, 2, true, true));
        assert_eq!(p.cost(3), 1);
        let s = one("card T\ntext T\nplays-under free\n");
        assert_eq!(s.plays_under.map(|p| p.cost(2)), Some(0));
        assert!(one("card T\ntext T\n").plays_under.is_none());
        assert!(parse_file("t.xfs", "card T\ntext T\nplays-under cheap\n").is_err());
    }

    #[test]
    fn if_else_and_each_compile_to_jumps() {
        let s = one(
            "card T\ntext T\nplay\n  when active\n  if passed\n    gain rp 1\n  else\n    gain cp 1\n  each a in agent(mine)\n    heal a 1\n",
        );
        let p = &s.plays[0].program;
        assert!(matches!(p[0], Instr::Unless(Cond::Passed, 3)));
        assert!(matches!(p[2], Instr::Jump(4)));
        assert!(matches!(p[4], Instr::Each { end: 7, .. }));
        assert!(matches!(p[6], Instr::Next { start: 4 }));
        assert_eq!(s.plays[0].when, vec![Cond::Active]);
    }

    #[test]
    fn not_may_asks_then_runs_its_block_on_a_no() {
        let s = one("card T\ntext T\nplay\n  if not may \"Keep it?\"\n    gain rp 1\n");
        let p = &s.plays[0].program;
        assert!(matches!(p[0], Instr::Do(Step::AskMay { .. })));
        assert!(
            matches!(&p[1], Instr::Unless(Cond::Not(c), 3) if matches!(**c, Cond::Flag(_))),
            "{p:?}"
        );
    }

    #[test]
    fn errors_name_the_file_line_and_the_fix() {
        let e = parse_file("x.xfs", "card T\ntext T\nplay\n  gian rp 5\n").unwrap_err();
        assert!(e.starts_with("x.xfs:4:") || e.contains("line 4"), "{e}");
        assert!(e.contains("gian"), "{e}");
        let e = parse_file("x.xfs", "card T\nplay\n  gain rp 5\n").unwrap_err();
        assert!(e.contains("text"), "{e}");
        let e = parse_file("x.xfs", "play\n  gain rp 5\n").unwrap_err();
        assert!(e.contains("card <title>"), "{e}");
        let e = parse_file(
            "x.xfs",
            "card T\ntext T\nplay\n  if passed\n  else\n  else\n",
        )
        .unwrap_err();
        assert!(e.contains("else"), "{e}");
    }
}
