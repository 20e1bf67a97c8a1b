//! The players' actions (rulebook, "Action Phase" and "Character Keyword
//! Abilities"): each is checked first (`check`, which also decides what is
//! legal) and only then performed, so a refusal changes nothing.

use super::data::{Keyword, Kind, Timing};
use super::effects::{spend, usable};
use super::program::Step;
use super::{Card, Events, LeAction, LeEvent, LeGame, Place, Played, Proof, Task};
use crate::engine::{Event, Refusal, Seat};

pub(super) fn apply(
    g: &mut LeGame,
    seat: Seat,
    action: &LeAction,
    events: &mut Events,
) -> Result<(), Refusal> {
    check(g, seat, action)?;
    perform(g, seat, action, events);
    Ok(())
}

fn refuse<T>(why: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal::new(why))
}

/// Whether `seat` may take `action` now, and if not, why.
pub(super) fn check(g: &LeGame, seat: Seat, action: &LeAction) -> Result<(), Refusal> {
    if g.player(seat).defeated {
        return refuse("your Avatar was defeated; you are out of this game");
    }
    if let Some(c) = &g.choice {
        return match action {
            LeAction::Choose { picks } if c.seat == seat => c.picked(picks).map(|_| ()),
            LeAction::Resign => Ok(()),
            _ if c.seat == seat => refuse(format!("first answer: {}", c.prompt)),
            _ => Err(g.not_your_move(seat)),
        };
    }
    match action {
        LeAction::Resign => return Ok(()),
        LeAction::Choose { .. } => return refuse("nothing is waiting for a choice"),
        LeAction::Coordinate { card } => return check_coordinate(g, seat, *card),
        LeAction::Play { card } if seat != g.current => {
            return check_play_on_turn_of(g, seat, *card);
        }
        _ => {}
    }
    if seat != g.current {
        return Err(g.not_your_move(seat));
    }
    if !g.in_action() {
        return refuse("wait until your Action Phase");
    }
    match action {
        LeAction::Play { card } => check_play(g, seat, *card),
        LeAction::PlayCoordinated { from } => check_play_coordinated(g, seat, *from),
        LeAction::Activate { card } => check_activate(g, seat, *card),
        LeAction::Sacrifice { card } => check_sacrifice(g, seat, *card),
        LeAction::Vigilant { card } => check_vigilant(g, seat, *card),
        LeAction::Scan { place } => check_scan(g, *place),
        LeAction::Recruit { space } => check_recruit(g, *space),
        LeAction::RecruitSpecialAgent => check_special_agent(g),
        LeAction::Fight { place } => check_fight(g, *place).map(|_| ()),
        LeAction::Discover { lead } => check_lead(g, *lead, Timing::Discover),
        LeAction::Collect { lead } => check_lead(g, *lead, Timing::Collect),
        LeAction::SoloCoordinate { card } => check_solo_coordinate(g, seat, *card),
        LeAction::RecruitOutside { card } => check_recruit_outside(g, *card),
        LeAction::EndTurn => Ok(()),
        LeAction::Choose { .. } | LeAction::Resign | LeAction::Coordinate { .. } => {
            unreachable!("answered before the turn checks")
        }
    }
}

fn check_play_coordinated(g: &LeGame, seat: Seat, from: Seat) -> Result<(), Refusal> {
    match g.players.get(usize::from(from)).and_then(|p| p.set_aside) {
        Some(card) if !g.player(seat).played.iter().any(|p| p.card == card) => Ok(()),
        Some(_) => refuse("you already played that Coordinated card"),
        None => refuse(format!("seat {} has Coordinated no card to you", from + 1)),
    }
}

fn check_special_agent(g: &LeGame) -> Result<(), Refusal> {
    if g.special_agents.is_empty() {
        return refuse("no Special Agents are left");
    }
    afford(
        usable(&g.turn.recruit, &[]),
        i32::from(g.board.special_agent_cost),
        "Recruit Points",
    )
}

fn check_solo_coordinate(g: &LeGame, seat: Seat, card: Card) -> Result<(), Refusal> {
    if !g.alone() {
        return refuse(
            "only a player alone may discard a Coordinate card to draw; Coordinate to a teammate on their turn instead",
        );
    }
    if g.turn.solo_coordinated {
        return refuse("you did that already this turn");
    }
    coordinate_card(g, seat, card)
}

fn check_recruit_outside(g: &LeGame, card: Card) -> Result<(), Refusal> {
    if !g.susanne_offers().contains(&card) {
        return refuse(
            "only while Susanne Modeski is revealed in the Shadows can you recruit a Lone Gunmen card from outside the game",
        );
    }
    afford(
        usable(&g.turn.recruit, &[]),
        i32::from(g.def(card).cost.unwrap_or(0)),
        "Recruit Points",
    )
}

fn afford(have: i32, need: i32, what: &str) -> Result<(), Refusal> {
    if have < need {
        return refuse(format!("that costs {need} {what}; you have {have}"));
    }
    Ok(())
}

fn in_hand(g: &LeGame, seat: Seat, card: Card) -> Result<(), Refusal> {
    if !g.player(seat).hand.contains(&card) {
        return refuse("that card is not in your hand");
    }
    Ok(())
}

fn coordinate_card(g: &LeGame, seat: Seat, card: Card) -> Result<(), Refusal> {
    in_hand(g, seat, card)?;
    if !g.def(card).has(Keyword::Coordinate) {
        return refuse(format!("{} has no Coordinate", g.name(card)));
    }
    Ok(())
}

fn check_coordinate(g: &LeGame, seat: Seat, card: Card) -> Result<(), Refusal> {
    if seat == g.current {
        return refuse("Coordinate on another player's turn; on your own, play the card");
    }
    if !g.in_action() {
        return refuse(format!("wait for seat {}'s Action Phase", g.current + 1));
    }
    if g.turn.coordinated.contains(&seat) {
        return refuse("you already Coordinated a card to this player this turn");
    }
    coordinate_card(g, seat, card)
}

/// A card "played on another player's turn" (Professional Colleagues).
fn check_play_on_turn_of(g: &LeGame, seat: Seat, card: Card) -> Result<(), Refusal> {
    in_hand(g, seat, card)?;
    if g.def(card).ability(Timing::OtherTurn).is_none() {
        return Err(g.not_your_move(seat));
    }
    if !g.in_action() {
        return refuse(format!("wait for seat {}'s Action Phase", g.current + 1));
    }
    Ok(())
}

fn check_play(g: &LeGame, seat: Seat, card: Card) -> Result<(), Refusal> {
    in_hand(g, seat, card)?;
    let def = g.def(card);
    if def.ability(Timing::OtherTurn).is_some() && !g.alone() {
        return refuse(format!(
            "{} is played on another player's turn (alone, on your own)",
            def.name
        ));
    }
    if def.kind == Kind::Doubt {
        return refuse("a Doubt is not played: it resolves on its own in your Action Phase");
    }
    if g.turn.silence && g.alone() && def.has(Keyword::Coordinate) {
        return refuse("\"Trust No One\": alone, you cannot play Coordinate cards this turn");
    }
    Ok(())
}

/// A class ability works if a card of that class was played before this one.
pub(super) fn class_met(g: &LeGame, seat: Seat, card: Card, class: Option<super::Class>) -> bool {
    let Some(class) = class else {
        return true;
    };
    let played = &g.player(seat).played;
    let Some(at) = played.iter().position(|p| p.card == card) else {
        return false;
    };
    played[..at]
        .iter()
        .any(|p| g.def(p.card).class == Some(class))
}

fn check_activate(g: &LeGame, seat: Seat, card: Card) -> Result<(), Refusal> {
    let Some(p) = g.player(seat).played.iter().find(|p| p.card == card) else {
        return refuse("play the card first; you activate cards you played this turn");
    };
    if g.def(card).kind == Kind::Belief {
        if g.turn.belief_used && g.lessons(seat).is_none() {
            return refuse("you already resolved your Belief this turn");
        }
        return Ok(());
    }
    let Some(a) = g.def(card).ability(Timing::Activate) else {
        return refuse(format!("{} has no Activate ability", g.name(card)));
    };
    if p.activated {
        return refuse("you can only Activate an ability once per turn");
    }
    if !class_met(g, seat, card, a.class) {
        let c = a.class.map(|c| c.title()).unwrap_or_default();
        return refuse(format!(
            "its class ability needs another {c} card played earlier this turn"
        ));
    }
    Ok(())
}

fn check_sacrifice(g: &LeGame, seat: Seat, card: Card) -> Result<(), Refusal> {
    let p = g.player(seat);
    let own = p.hand.contains(&card) || p.played.iter().any(|x| x.card == card && x.from.is_none());
    if !own {
        return refuse("sacrifice a card in your hand or one you played (not a Coordinated copy)");
    }
    if g.def(card).ability(Timing::Sacrifice).is_none() {
        return refuse(format!("{} has no Sacrifice ability", g.name(card)));
    }
    Ok(())
}

fn check_vigilant(g: &LeGame, seat: Seat, card: Card) -> Result<(), Refusal> {
    let p = g.player(seat);
    let in_play =
        p.vigilant.contains(&card) || p.played.iter().any(|x| x.card == card && x.from.is_none());
    if !in_play || !g.def(card).has(Keyword::Vigilant) {
        return refuse("that is not a Vigilant card you have in play");
    }
    let Some(a) = g.def(card).ability(Timing::Vigilant) else {
        return refuse(format!("{} has no Vigilant text to use", g.name(card)));
    };
    if a.steps().contains(&Step::CancelStrike) {
        return refuse(format!(
            "{} cancels a Strike: when one is drawn, the bot asks you whether to use it",
            g.name(card)
        ));
    }
    Ok(())
}

fn check_scan(g: &LeGame, place: Place) -> Result<(), Refusal> {
    let Some(slot) = g.slot_at(place) else {
        return refuse("that space is empty");
    };
    if !slot.hidden {
        return refuse("that card is already revealed");
    }
    match place {
        Place::Shadows(i) => afford(
            usable(&g.turn.attack, &[]),
            i32::from(g.board.shadows_scan[usize::from(i)]),
            "Attack",
        ),
        Place::Bureau(i) => afford(
            usable(&g.turn.recruit, &[]),
            i32::from(g.board.bureau[usize::from(i)].scan),
            "Recruit Points",
        ),
        Place::Field(_) => refuse("cards in the Field are already revealed"),
    }
}

fn check_recruit(g: &LeGame, space: u8) -> Result<(), Refusal> {
    let Some(slot) = g.bureau.get(usize::from(space)).copied().flatten() else {
        return refuse("that Bureau space is empty");
    };
    if slot.hidden {
        return refuse("scan that Bureau space first; its card is hidden");
    }
    let def = g.def(slot.card);
    if def.kind == Kind::Syndicate {
        return refuse(format!(
            "{} (Syndicate) blocks that space: fight it to free the space",
            def.name
        ));
    }
    afford(
        usable(&g.turn.recruit, &[]),
        i32::from(def.cost.unwrap_or(0)),
        "Recruit Points",
    )
}

/// What a fight costs: the amount, whether it is paid in Recruit Points
/// (Apprehend), and the classes whose points may not be used (Immunity).
pub(super) fn check_fight(
    g: &LeGame,
    place: Place,
) -> Result<(i32, bool, Vec<super::Class>), Refusal> {
    let Some(slot) = g.slot_at(place) else {
        return refuse("that space is empty");
    };
    if slot.hidden {
        return refuse("scan it first: you can only fight a revealed card");
    }
    let def = g.def(slot.card);
    if !def.kind.is_enemy() && !g.is_end_game(slot.card) {
        return refuse(format!("{} is not an Enemy", def.name));
    }
    if def.has(Keyword::Stealth) && matches!(place, Place::Shadows(_)) {
        return refuse(format!(
            "{} has Stealth: it can't be fought in the Shadows",
            def.name
        ));
    }
    if def.has(Keyword::Frightening) && g.player(g.current).hand.is_empty() {
        return refuse(format!(
            "{} is Frightening: you must discard a card to fight it",
            def.name
        ));
    }
    let barred: Vec<super::Class> = def
        .keywords
        .iter()
        .filter_map(|k| match k {
            Keyword::Immunity(c) => Some(*c),
            _ => None,
        })
        .collect();
    let recruit = def.has(Keyword::Apprehend);
    let cost = g.defense_of(slot.card);
    let (pool, what) = if recruit {
        (&g.turn.recruit, "Recruit Points (Apprehend)")
    } else {
        (&g.turn.attack, "Attack")
    };
    let what = if barred.is_empty() {
        what.to_string()
    } else {
        let names: Vec<&str> = barred.iter().map(|c| c.title()).collect();
        format!("{what} not from {} cards (Immunity)", names.join(" or "))
    };
    afford(usable(pool, &barred), cost, &what)?;
    Ok((cost, recruit, barred))
}

fn check_lead(g: &LeGame, lead: Card, when: Timing) -> Result<(), Refusal> {
    let Some(place) = g.place_of(lead) else {
        return refuse("that Lead is not on the playmat");
    };
    let slot = g.slot_at(place).expect("on the playmat");
    if g.def(lead).kind != Kind::Lead || slot.hidden {
        return refuse("that is not a revealed Lead");
    }
    let state = g.lead_evidence(lead);
    match when {
        Timing::Discover if state.is_some() => {
            return refuse("this Lead already Discovered its Evidence; Collect it");
        }
        Timing::Discover if !g.evidence.iter().any(|e| e.state == Proof::Undiscovered) => {
            return refuse("every Evidence is already Discovered");
        }
        Timing::Collect if state != Some(Proof::Discovered) => {
            return refuse("Discover Evidence with this Lead first");
        }
        _ => {}
    }
    let Some(a) = g.def(lead).ability(when) else {
        return Ok(());
    };
    if a.program.is_some() && !g.can_pay(g.current, a.steps()) {
        return refuse(format!("you cannot do what the Lead asks yet: {}", a.text));
    }
    Ok(())
}

fn perform(g: &mut LeGame, seat: Seat, action: &LeAction, events: &mut Events) {
    match action {
        LeAction::Choose { picks } => answer(g, seat, picks, events),
        LeAction::Resign => resign(g, seat, events),
        LeAction::Play { card } if seat != g.current => play_on_turn_of(g, seat, *card, events),
        LeAction::Play { card } => {
            g.player_mut(seat).hand.retain(|c| c != card);
            play(g, seat, *card, None, events);
        }
        LeAction::PlayCoordinated { from } => {
            let card = g.player(*from).set_aside.expect("checked");
            play(g, seat, card, Some(*from), events);
        }
        LeAction::Activate { card } => activate(g, seat, *card, events),
        LeAction::Sacrifice { card } => sacrifice(g, seat, *card, events),
        LeAction::Vigilant { card } => use_vigilant(g, seat, *card, events),
        LeAction::Scan { place } => scan(g, seat, *place, events),
        LeAction::Recruit { space } => recruit(g, seat, *space, events),
        LeAction::RecruitSpecialAgent => recruit_special_agent(g, seat, events),
        LeAction::Fight { place } => fight(g, seat, *place, events),
        LeAction::Discover { lead } => lead_action(g, seat, *lead, Timing::Discover),
        LeAction::Collect { lead } => lead_action(g, seat, *lead, Timing::Collect),
        LeAction::Coordinate { card } => coordinate(g, seat, *card, events),
        LeAction::SoloCoordinate { card } => solo_coordinate(g, seat, *card, events),
        LeAction::RecruitOutside { card } => recruit_outside(g, seat, *card, events),
        LeAction::EndTurn => {
            events.push(Event::public(LeEvent::TurnEnded { seat }));
            g.end_turn();
        }
    }
}

fn resign(g: &mut LeGame, seat: Seat, events: &mut Events) {
    events.push(Event::public(LeEvent::Resigned { seat }));
    g.finish(
        false,
        format!("seat {} gave up for the team", seat + 1),
        events,
    );
}

/// A card leaves the hand or play (a Coordinated copy stays with its owner).
fn leave_play(g: &mut LeGame, seat: Seat, card: Card) {
    let p = g.player_mut(seat);
    p.hand.retain(|c| *c != card);
    p.played.retain(|x| x.card != card || x.from.is_some());
}

fn sacrifice(g: &mut LeGame, seat: Seat, card: Card, events: &mut Events) {
    leave_play(g, seat, card);
    g.defeat_loose(card, events);
    let t = g.triggered(card, Timing::Sacrifice, seat);
    g.queue(t);
}

fn use_vigilant(g: &mut LeGame, seat: Seat, card: Card, events: &mut Events) {
    g.player_mut(seat).vigilant.retain(|c| *c != card);
    g.player_mut(seat)
        .played
        .retain(|x| x.card != card || x.from.is_some());
    g.discard_card(seat, card, events);
    let t = g.triggered(card, Timing::Vigilant, seat);
    g.queue(t);
}

fn recruit_special_agent(g: &mut LeGame, seat: Seat, events: &mut Events) {
    let cost = i32::from(g.board.special_agent_cost);
    spend(&mut g.turn.recruit, cost, &[]);
    let card = g.special_agents.pop().expect("checked");
    events.push(Event::public(LeEvent::Recruited {
        seat,
        card: g.name(card),
        space: None,
        cost,
    }));
    g.gain(seat, card, events);
}

fn coordinate(g: &mut LeGame, seat: Seat, card: Card, events: &mut Events) {
    g.turn.coordinated.push(seat);
    g.player_mut(seat).hand.retain(|c| *c != card);
    g.player_mut(seat).set_aside = Some(card);
    events.push(Event::public(LeEvent::Coordinated {
        from: seat,
        to: g.current,
        card: g.name(card),
    }));
    g.draw(seat, 1, events);
}

fn solo_coordinate(g: &mut LeGame, seat: Seat, card: Card, events: &mut Events) {
    g.turn.solo_coordinated = true;
    g.player_mut(seat).hand.retain(|c| *c != card);
    events.push(Event::public(LeEvent::Discarded {
        seat,
        cards: vec![g.name(card)],
    }));
    g.discard_card(seat, card, events);
    g.draw(seat, 1, events);
}

fn recruit_outside(g: &mut LeGame, seat: Seat, card: Card, events: &mut Events) {
    let cost = i32::from(g.def(card).cost.unwrap_or(0));
    spend(&mut g.turn.recruit, cost, &[]);
    g.from_outside(card);
    events.push(Event::public(LeEvent::RecruitedOutside {
        seat,
        card: g.name(card),
        cost,
    }));
    g.gain(seat, card, events);
}

fn answer(g: &mut LeGame, seat: Seat, picks: &[u16], events: &mut Events) {
    let c = g.choice.take().expect("checked");
    let chosen = c.picked(picks).expect("checked");
    let labels: Vec<String> = chosen.iter().map(|o| o.label.clone()).collect();
    let declined = match chosen.as_slice() {
        [] => true,
        [only] => only.val == super::Val::No,
        _ => false,
    };
    if declined {
        // A pass: said as one, the prompt kept secret where the options are.
        let prompt = if c.secret {
            "a choice from their hand".to_string()
        } else {
            c.prompt.clone()
        };
        events.push(Event::public(LeEvent::Passed { seat, prompt }));
    } else if c.secret {
        events.push(Event::public(LeEvent::Chose {
            seat,
            what: vec![format!("{} card(s)", labels.len())],
        }));
        events.push(Event::private(seat, LeEvent::Chose { seat, what: labels }));
    } else {
        events.push(Event::public(LeEvent::Chose { seat, what: labels }));
    }
    g.answer = Some(chosen.into_iter().map(|o| o.val.clone()).collect());
}

/// Plays a card: its Recruit Points and Attack, then its text; a class
/// ability only if a card of that class was played earlier this turn.
fn play(g: &mut LeGame, seat: Seat, card: Card, from: Option<Seat>, events: &mut Events) {
    g.player_mut(seat).played.push(Played {
        card,
        from,
        activated: false,
    });
    let def = g.def(card);
    let slot = def.class.map_or(0, super::Class::slot);
    let (r, a) = (def.recruit.unwrap_or(0), def.attack.unwrap_or(0));
    let belief = def.kind == Kind::Belief;
    g.turn.recruit[slot] += i32::from(r);
    g.turn.attack[slot] += i32::from(a);
    if belief {
        g.turn.played_belief = true;
    }
    events.push(Event::public(LeEvent::Played {
        seat,
        card: g.name(card),
        virtual_from: from,
    }));
    let def = g.def(card);
    // Alone, a card for another player's turn is played on your own.
    let plays: Vec<usize> = (0..def.abilities.len())
        .filter(|i| match def.abilities[*i].when {
            Timing::Play => true,
            Timing::OtherTurn => from.is_none() && g.alone(),
            _ => false,
        })
        .collect();
    let mut tasks = Vec::new();
    for i in plays {
        let class = g.def(card).abilities[i].class;
        if class_met(g, seat, card, class) {
            if class.is_some() {
                g.turn.class_used.push(card);
            }
            tasks.push(g.ability_task(card, i, seat));
        }
    }
    g.queue(tasks);
}

/// Played on another player's turn: only its text, then it is discarded
/// (its Recruit Points and Attack are for its owner's turn: how xfiles-bot
/// plays it).
fn play_on_turn_of(g: &mut LeGame, seat: Seat, card: Card, events: &mut Events) {
    g.player_mut(seat).hand.retain(|c| *c != card);
    events.push(Event::public(LeEvent::PlayedOnTurnOf {
        seat,
        card: g.name(card),
        turn_of: g.current,
    }));
    g.discard_card(seat, card, events);
    let t = g.triggered(card, Timing::OtherTurn, seat);
    g.queue(t);
}

fn activate(g: &mut LeGame, seat: Seat, card: Card, events: &mut Events) {
    events.push(Event::public(LeEvent::Activated {
        seat,
        card: g.name(card),
    }));
    if g.def(card).kind == Kind::Belief {
        let p = g.player_mut(seat);
        p.played.retain(|x| x.card != card);
        g.beliefs.push(card);
        g.resolve_belief(seat, events);
        return;
    }
    if let Some(p) = g
        .player_mut(seat)
        .played
        .iter_mut()
        .find(|p| p.card == card)
    {
        p.activated = true;
    }
    let t = g.triggered(card, Timing::Activate, seat);
    g.queue(t);
}

fn scan(g: &mut LeGame, seat: Seat, place: Place, events: &mut Events) {
    let cost = match place {
        Place::Shadows(i) => {
            let c = i32::from(g.board.shadows_scan[usize::from(i)]);
            spend(&mut g.turn.attack, c, &[]);
            c
        }
        Place::Bureau(i) => {
            let c = i32::from(g.board.bureau[usize::from(i)].scan);
            spend(&mut g.turn.recruit, c, &[]);
            c
        }
        Place::Field(_) => 0,
    };
    events.push(Event::public(LeEvent::Scanned { seat, place, cost }));
    g.reveal_at(place);
}

/// Recruits a revealed character from the Bureau: it is gained, the space
/// refills, and the space's Bureau power is used.
fn recruit(g: &mut LeGame, seat: Seat, space: u8, events: &mut Events) {
    let slot = g.bureau[usize::from(space)].expect("checked");
    let cost = i32::from(g.def(slot.card).cost.unwrap_or(0));
    spend(&mut g.turn.recruit, cost, &[]);
    g.take(Place::Bureau(space), events);
    events.push(Event::public(LeEvent::Recruited {
        seat,
        card: g.name(slot.card),
        space: Some(space),
        cost,
    }));
    g.gain(seat, slot.card, events);
    let power = g.board.bureau[usize::from(space)].power.clone();
    let src = super::Src {
        card: None,
        label: format!("Bureau space {}", space + 1),
    };
    let has_text = !power.text.is_empty();
    let task = match power.program {
        Some(p) => Task::Run {
            src,
            steps: p.0,
            pc: 0,
            seat,
        },
        None => Task::Manual {
            src,
            text: power.text,
            seat,
        },
    };
    if has_text || matches!(task, Task::Run { .. }) {
        g.tasks.push(task);
    }
}

fn fight(g: &mut LeGame, seat: Seat, place: Place, events: &mut Events) {
    let (cost, recruit, barred) = check_fight(g, place).expect("checked");
    let card = g.slot_at(place).expect("checked").card;
    let pool = if recruit {
        &mut g.turn.recruit
    } else {
        &mut g.turn.attack
    };
    spend(pool, cost, &barred);
    events.push(Event::public(LeEvent::Fought {
        seat,
        card: g.name(card),
        cost,
    }));
    let def = g.def(card);
    let mut tasks = Vec::new();
    if def.has(Keyword::Frightening) {
        tasks.push(Task::Run {
            src: g.src(card),
            steps: vec![super::Step::Discard(1, super::Who::You)],
            pc: 0,
            seat,
        });
    }
    if def.has(Keyword::Swift) {
        tasks.push(Task::Strike {
            seat,
            source: Some(card),
        });
    }
    tasks.push(Task::FinishFight { card });
    g.queue(tasks);
}

impl LeGame {
    /// A fight succeeded: an Enemy is defeated; the End Game takes the top
    /// Strike's damage (its text ignored), and falls at its Health.
    pub(super) fn fight_won(&mut self, card: Card, events: &mut Events) {
        if !self.is_end_game(card) {
            self.defeat_on_board(card, events);
            return;
        }
        let Some(strike) = self.top_strike(events) else {
            return;
        };
        if Some(card) == self.clone {
            self.clone_damage.push(strike);
        } else {
            self.end_game_damage.push(strike);
        }
        let (total, health) = (self.hits_on(card), self.health_of(card));
        events.push(Event::public(LeEvent::EndGameHit {
            damage: self.def(strike).strike_damage(),
            total,
            health,
        }));
        if total < health {
            return;
        }
        let standing = self
            .end_games()
            .into_iter()
            .any(|c| self.hits_on(c) < self.health_of(c));
        if standing {
            // One of two End Games falls (Replication or its Clone).
            self.defeat_on_board(card, events);
        } else {
            let names: Vec<String> = self.end_games().iter().map(|c| self.name(*c)).collect();
            let what = names.join(" and its ");
            self.finish(
                true,
                format!("the team defeated the End Game, {what}"),
                events,
            );
        }
    }
}

fn lead_action(g: &mut LeGame, seat: Seat, lead: Card, when: Timing) {
    let index = g.def(lead).abilities.iter().position(|a| a.when == when);
    let mut tasks: Vec<Task> = index
        .map(|i| g.ability_task(lead, i, seat))
        .into_iter()
        .collect();
    tasks.push(match when {
        Timing::Discover => Task::Discovered { lead },
        _ => Task::Collected { lead },
    });
    g.queue(tasks);
}
