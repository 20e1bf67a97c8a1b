//! Pool verbs: points added, lost, taken from an opponent, exchanged, paid.

use super::Step;
use crate::cards::Pool;
use crate::engine::Event;
use crate::engine::xfiles::effects::ast::{Num, Who};
use crate::engine::xfiles::effects::lex::Args;
use crate::engine::xfiles::effects::run::Flow;
use crate::engine::xfiles::effects::state::{Resolution, Val};
use crate::engine::xfiles::{Events, XfEvent, XfGame};

pub(super) fn slot(g: &mut XfGame, seat: u8, pool: Pool) -> &mut u32 {
    let p = g.player_mut(seat);
    match pool {
        Pool::Rp => &mut p.rp,
        _ => &mut p.cp,
    }
}

fn all_or_num(a: &mut Args) -> Result<Num, String> {
    if a.eat("all") {
        Ok(Num::Lit(i32::MAX))
    } else {
        a.num()
    }
}

/// `gain rp|cp <n> [who]`: adds points to a pool ("Add five tokens to your [RP] pool").
pub fn parse_gain(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Gain {
        pool: a.pool()?,
        n: a.num()?,
        who: a.who_or_me()?,
    })
}

pub fn gain(
    g: &mut XfGame,
    r: &Resolution,
    pool: Pool,
    n: &Num,
    who: Who,
    events: &mut Events,
) -> Flow {
    let Some(seat) = g.who(r, who) else {
        return Flow::Next;
    };
    let amount = g.num(r, n).max(0) as u32;
    *slot(g, seat, pool) += amount;
    let (rp, cp) = if pool == Pool::Rp {
        (amount, 0)
    } else {
        (0, amount)
    };
    events.push(Event::public(XfEvent::Resources { seat, rp, cp }));
    Flow::Next
}

/// `lose rp|cp <n|all> [who]`: removes points (never below 0).
pub fn parse_lose(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Lose {
        pool: a.pool()?,
        n: all_or_num(a)?,
        who: a.who_or_me()?,
    })
}

pub fn lose(
    g: &mut XfGame,
    r: &Resolution,
    pool: Pool,
    n: &Num,
    who: Who,
    events: &mut Events,
) -> Flow {
    let Some(seat) = g.who(r, who) else {
        return Flow::Next;
    };
    let want = g.num(r, n).max(0) as u32;
    let s = slot(g, seat, pool);
    let amount = want.min(*s);
    *s -= amount;
    events.push(Event::public(XfEvent::PoolLost { seat, pool, amount }));
    Flow::Next
}

/// `take <pool> <n> from <who> to <pool>`: moves up to n points from an
/// opponent's pool to the controller's (Detective Miles, Reading the Signs).
pub fn parse_take(a: &mut Args) -> Result<Step, String> {
    let from_pool = a.pool()?;
    let n = all_or_num(a)?;
    a.expect("from")?;
    let from = a.who_or_me()?;
    a.expect("to")?;
    Ok(Step::Take {
        from_pool,
        n,
        from,
        to_pool: a.pool()?,
    })
}

pub fn take(
    g: &mut XfGame,
    r: &Resolution,
    from_pool: Pool,
    n: &Num,
    from: Who,
    to_pool: Pool,
    events: &mut Events,
) -> Flow {
    let (Some(src), me) = (g.who(r, from), r.src.controller) else {
        return Flow::Next;
    };
    let want = g.num(r, n).max(0) as u32;
    let s = slot(g, src, from_pool);
    let amount = want.min(*s);
    *s -= amount;
    *slot(g, me, to_pool) += amount;
    events.push(Event::public(XfEvent::PoolLost {
        seat: src,
        pool: from_pool,
        amount,
    }));
    let (rp, cp) = if to_pool == Pool::Rp {
        (amount, 0)
    } else {
        (0, amount)
    };
    events.push(Event::public(XfEvent::Resources { seat: me, rp, cp }));
    Flow::Next
}

/// `swap-pools rp|cp`: the controller and the opponent exchange that pool.
pub fn parse_swap(a: &mut Args) -> Result<Step, String> {
    Ok(Step::SwapPools { pool: a.pool()? })
}

pub fn swap(g: &mut XfGame, r: &Resolution, pool: Pool, events: &mut Events) -> Flow {
    let me = r.src.controller;
    let Some(o) = g.opponent_of(&r.src).filter(|o| *o != me) else {
        return Flow::Next;
    };
    let (a, b) = (*slot(g, me, pool), *slot(g, o, pool));
    *slot(g, me, pool) = b;
    *slot(g, o, pool) = a;
    events.push(Event::public(XfEvent::PoolsSwapped { a: me, b: o, pool }));
    Flow::Next
}

/// `pay rp|cp <n>`: the controller pays now if able; `paid` says whether.
pub fn parse_pay(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Pay {
        pool: a.pool()?,
        n: a.num()?,
    })
}

pub fn pay(g: &mut XfGame, r: &mut Resolution, pool: Pool, n: &Num, events: &mut Events) -> Flow {
    let me = r.src.controller;
    if g.basic().is_some() {
        // Costs are ignored in the Basic Game (FAQ21 #54(c)).
        r.vars.set("paid", Val::Bool(true));
        return Flow::Next;
    }
    let amount = g.num(r, n).max(0) as u32;
    let s = slot(g, me, pool);
    let paid = *s >= amount;
    if paid {
        *s -= amount;
        events.push(Event::public(XfEvent::PoolLost {
            seat: me,
            pool,
            amount,
        }));
    }
    r.vars.set("paid", Val::Bool(paid));
    Flow::Next
}

/// `stop-purchase [refund]`: the cards an opponent paid for and has not
/// drawn yet are never drawn (Relentless Pursuit); `refund` pays the pool
/// back (Try to Remember: the purchase is undone).
pub fn parse_stop_purchase(a: &mut Args) -> Result<Step, String> {
    Ok(Step::StopPurchase {
        refund: a.eat("refund"),
    })
}

pub fn stop_purchase(g: &mut XfGame, refund: bool, events: &mut Events) -> Flow {
    g.stop_purchase(refund, events);
    Flow::Next
}

#[cfg(test)]
mod tests {
    use crate::engine::xfiles::effects::testing::*;

    #[test]
    fn gain_adds_to_the_controllers_pool_hard_evidence() {
        let mut g = table();
        run(&mut g, 0, "gain rp 5");
        assert_eq!((g.player(0).rp, g.player(1).rp), (10, 5));
        run(&mut g, 1, "gain cp 2 opponent");
        assert_eq!(g.player(0).cp, 7);
    }

    #[test]
    fn stop_purchase_keeps_the_cards_paid_for_from_being_drawn_relentless_pursuit() {
        use crate::engine::xfiles::OwedDraw;
        let mut g = table();
        let hand = g.player(1).hand.len();
        g.owed_draw = Some(OwedDraw {
            seat: 1,
            count: 3,
            pool: crate::cards::Pool::Cp,
        });
        run(&mut g, 0, "stop-purchase");
        assert!(g.owed_draw.is_none());
        assert_eq!((g.player(1).hand.len(), g.player(1).cp), (hand, 5));
        g.owed_draw = Some(OwedDraw {
            seat: 1,
            count: 2,
            pool: crate::cards::Pool::Cp,
        });
        run(&mut g, 0, "stop-purchase refund");
        assert_eq!((g.player(1).hand.len(), g.player(1).cp), (hand, 7));
    }

    #[test]
    fn lose_never_goes_below_zero() {
        let mut g = table();
        run(&mut g, 0, "lose rp 4 opponent");
        assert_eq!(g.player(1).rp, 1);
        run(&mut g, 0, "lose rp all opponent");
        assert_eq!(g.player(1).rp, 0);
    }

    #[test]
    fn take_moves_up_to_n_points_between_pools_detective_miles() {
        let mut g = table();
        g.players[1].rp = 1;
        run(&mut g, 0, "take rp 2 from opponent to cp");
        assert_eq!((g.player(1).rp, g.player(0).cp), (0, 6));
    }

    #[test]
    fn swap_pools_exchanges_with_the_opponent_too_close_to_the_truth() {
        let mut g = table();
        g.players[1].cp = 12;
        run(&mut g, 0, "swap-pools cp");
        assert_eq!((g.player(0).cp, g.player(1).cp), (12, 5));
    }

    #[test]
    fn pay_pays_only_when_the_pool_holds_enough() {
        let mut g = table();
        run(&mut g, 0, "pay cp 1\nif flag paid\n  gain rp 9");
        assert_eq!(g.player(0).rp, 14);
        assert_eq!(g.player(0).cp, 4);
        g.players[0].cp = 0;
        let before = g.player(0).rp;
        run(&mut g, 0, "pay cp 1\nif flag paid\n  gain rp 9");
        assert_eq!(g.player(0).rp, before);
    }
}
