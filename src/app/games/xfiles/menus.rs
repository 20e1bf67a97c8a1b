//! The X-Files CCG's pick lists: the X-File, the pending choice, the
//! Adversary's damage, and the cards a seat may play with each legal target. Built from
//! the seat's own view and legal moves; each option names cards by id and
//! Agents with their owner, so its command means exactly that move.

use super::{XfGame, ask_value, playable, title};
use crate::app::command::message::Menu;
use crate::app::games::driver::Table;
use crate::engine::xfiles::{Target, XfAction, XfView, every_play};
use crate::engine::{Seat, Viewer};

/// The legal moves with every target of each playable card.
pub(super) fn menu_actions(g: &XfGame, seat: Seat, legal: Vec<XfAction>) -> Vec<XfAction> {
    let playable = playable(&legal);
    let mut out: Vec<XfAction> = legal
        .into_iter()
        .filter(|a| !matches!(a, XfAction::Play { .. }))
        .collect();
    out.extend(
        every_play(g, seat)
            .into_iter()
            .filter(|a| matches!(a, XfAction::Play { card, .. } if playable.contains(card))),
    );
    out
}

pub(super) fn menus(v: &XfView, legal: &[XfAction], t: &Table) -> Vec<Menu> {
    [
        xfile(legal, t),
        choice(v, legal, t),
        damage(legal, t),
        plays(v, legal, t),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The X-File the viewer plays with, among their candidates (p. 5).
fn xfile(legal: &[XfAction], t: &Table) -> Option<Menu> {
    let mut menu = Menu::one(
        "Choose your X-File (in secret)",
        format!("/xfile game:{} card:\"{{}}\"", t.game_id),
    );
    for a in legal {
        if let XfAction::ChooseXFile { card } = a {
            menu = menu.option(title(*card), crate::cards::db().get(*card).id.clone());
        }
    }
    menu.options.sort_by(|a, b| a.label.cmp(&b.label));
    (!menu.options.is_empty()).then_some(menu)
}

/// The pending choice, when it is the viewer's (options by number).
fn choice(v: &XfView, legal: &[XfAction], t: &Table) -> Option<Menu> {
    let c = v.choice.as_ref()?;
    let options = c.options.as_ref()?;
    if Viewer::Seat(c.seat) != v.viewer
        || !legal.iter().any(|a| matches!(a, XfAction::Choose { .. }))
    {
        return None;
    }
    let mut menu = Menu::one(
        c.prompt.clone(),
        format!("/choose game:{} options:\"{{}}\"", t.game_id),
    );
    menu.min = c.min;
    menu.max = c.max;
    for (i, label) in options.iter().enumerate() {
        menu = menu.option(label.clone(), (i + 1).to_string());
    }
    Some(menu)
}

/// The Adversary's damage, all of it to one fighting Agent.
fn damage(legal: &[XfAction], t: &Table) -> Option<Menu> {
    let mut menu = Menu::one(
        "Assign the Adversary's damage",
        format!("/damage game:{} to:\"{{}}\"", t.game_id),
    );
    for a in legal {
        if let XfAction::AssignDamage { to } = a
            && let [(agent, n)] = to.as_slice()
        {
            menu = menu.option(
                format!("All {n} damage to {}", title(*agent)),
                format!("{} {n}", crate::cards::db().get(*agent).id),
            );
        }
    }
    (!menu.options.is_empty()).then_some(menu)
}

/// Each card the viewer may play now, with each target it may take.
fn plays(v: &XfView, legal: &[XfAction], t: &Table) -> Option<Menu> {
    let mut menu = Menu::one("Play a card", format!("/play game:{} {{}}", t.game_id));
    for a in legal {
        let XfAction::Play {
            card,
            mode,
            target,
            x,
            pool,
        } = a
        else {
            continue;
        };
        let mut value = format!("card:\"{}\"", crate::cards::db().get(*card).id);
        let mut label = title(*card).to_string();
        if *mode > 0 {
            value.push_str(&format!(" mode:{}", mode + 1));
            label.push_str(&format!(" (way {})", mode + 1));
        }
        if let Some(target) = target {
            let Some((words, option)) = target_words(v, target, t) else {
                continue;
            };
            value.push_str(&format!(" {option}"));
            label.push_str(&format!(" → {words}"));
        }
        if *x > 0 {
            value.push_str(&format!(" x:{x}"));
        }
        if let Some(pool) = pool {
            value.push_str(&format!(" pool:{}", pool.as_str().to_lowercase()));
        }
        menu = menu.option(label, value);
    }
    (!menu.options.is_empty()).then_some(menu)
}

/// A target in words, and as `/play`'s option that names exactly it (`None`
/// when no option can).
fn target_words(v: &XfView, target: &Target, t: &Table) -> Option<(String, String)> {
    let db = crate::cards::db();
    Some(match target {
        Target::Agent(r) => {
            let words = format!("{} ({})", title(r.card), t.name(r.seat));
            let named = format!("{} ({})", db.get(r.card).id, t.name(r.seat));
            let option = format!("target:{}", crate::app::command::spec::quoted(&named));
            (words, option)
        }
        Target::Stack(i) => {
            let card = v.stack.get(*i)?.1;
            // `target:` names the last copy of a card on the stack.
            if v.stack.iter().rposition(|(_, c)| *c == card) != Some(*i) {
                return None;
            }
            (
                title(card).to_string(),
                format!("target:\"{}\"", db.get(card).id),
            )
        }
        Target::Site(i) => {
            let card = v.sites.get(*i)?.card;
            if v.sites.iter().position(|s| title(s.card) == title(card)) != Some(*i) {
                return None;
            }
            (
                format!("Site {}: {}", v.sites[*i].number, title(card)),
                format!("target:\"{}\"", title(card)),
            )
        }
        Target::Adversary => ("the Adversary".into(), "target:adversary".into()),
        Target::Seat(s) => {
            let name = t.name(*s);
            // A player is named by display name: only when no other shares it.
            if t.seats.iter().filter(|(_, n)| n == name).count() != 1 {
                return None;
            }
            let option = format!("target:{}", crate::app::command::spec::quoted(name));
            (name.to_string(), option)
        }
        Target::Value(tr) => (tr.as_str().to_string(), format!("value:{}", ask_value(*tr))),
        Target::Perm(_) | Target::Bluff(..) | Target::Card(_) => return None,
    })
}
