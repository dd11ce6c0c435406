//! Costs of activated abilities and of Events (508.1d): whether they can be paid, and paying.

use crate::ability::script::*;
use crate::ability::trigger::Ctx;
use crate::game::Game;
use crate::rules::occurrence::Occurrence;

impl Game {
    /// Whether every cost can be paid now (508.1d), none of it replaced (508.1a).
    pub(crate) fn can_pay(&self, costs: &[Cost], ctx: &Ctx) -> bool {
        self.can_pay_looking(costs, ctx, true)
    }

    /// [`Game::can_pay`] for a replacement modifier's own cost, looked at while working out
    /// which modifiers apply: whether its parts would be replaced in turn is not looked
    /// at (that would look for replacements inside the search for them).
    pub(crate) fn can_pay_unreplaced(&self, costs: &[Cost], ctx: &Ctx) -> bool {
        self.can_pay_looking(costs, ctx, false)
    }

    fn can_pay_looking(&self, costs: &[Cost], ctx: &Ctx, replaced: bool) -> bool {
        let _paying = crate::rules::prohibit::Acting::new(self, ctx.you);
        let payable = |occ| {
            if replaced {
                self.payable(occ)
            } else {
                self.can_happen(occ)
            }
        };
        let mut tokens = 0;
        for (i, c) in costs.iter().enumerate() {
            let ok = match c {
                Cost::Tokens(n) => {
                    tokens += n;
                    true
                }
                Cost::ExhaustThis => payable(Occurrence::Exhaust(ctx.source)),
                // "Exhaust two of your characters" is two such costs: as many different
                // cards must be able to pay them.
                Cost::Exhaust(sel) => {
                    let needed = costs[..=i]
                        .iter()
                        .filter(|x| matches!(x, Cost::Exhaust(s) if s == sel))
                        .count();
                    self.matching(sel, ctx)
                        .into_iter()
                        .filter(|&c| payable(Occurrence::Exhaust(c)))
                        .count()
                        >= needed
                }
                Cost::RetireThis => {
                    self.card(ctx.source).controller == ctx.you
                        && payable(Occurrence::Retire(ctx.source))
                }
                Cost::DismissThis => payable(Occurrence::Dismiss {
                    card: ctx.source,
                    by_game: false,
                }),
                Cost::Discard(n) => {
                    self.player(ctx.you)
                        .hand
                        .iter()
                        .filter(|&&c| payable(Occurrence::Discard(c)))
                        .count()
                        >= *n as usize
                }
                Cost::DiscardA(sel) => self
                    .matching(&in_hand(sel), ctx)
                    .into_iter()
                    .any(|c| payable(Occurrence::Discard(c))),
                Cost::TokensLessPer { amount, per } => {
                    tokens += self.tokens_less_per(*amount, per, ctx);
                    true
                }
                Cost::TokensOf(a) => {
                    tokens += self.amount(a, ctx).max(0) as u16;
                    true
                }
                Cost::ReturnThisToHand => payable(Occurrence::ToHand(ctx.source)),
                Cost::BanishThis => payable(Occurrence::Banish(ctx.source)),
                Cost::RemoveCounters { name, amount } => {
                    self.counters_named(ctx.source, name) >= *amount
                }
                Cost::Dismiss(sel) => self.matching(sel, ctx).into_iter().any(|c| {
                    payable(Occurrence::Dismiss {
                        card: c,
                        by_game: false,
                    })
                }),
                Cost::Retire(sel) => self
                    .matching(sel, ctx)
                    .into_iter()
                    .any(|c| payable(Occurrence::Retire(c))),
                Cost::Spend(n) => self.cards_beneath(ctx.source).len() >= *n as usize,
                Cost::SpendFrom(sel) => self
                    .matching(sel, ctx)
                    .into_iter()
                    .any(|c| !self.cards_beneath(c).is_empty()),
                Cost::RemoveCounterFrom(sel) => self.matching(sel, ctx).into_iter().any(|c| {
                    self.card(c).zone == crate::ids::Zone::Play && !self.counter_kinds(c).is_empty()
                }),
            };
            if !ok {
                return false;
            }
        }
        self.player(ctx.you).tokens >= tokens
    }

    /// Pays costs that `can_pay` accepted. Choices inside costs (which card to exhaust or
    /// discard) take the first that fits; a cost offering real choices belongs in a script
    /// as a separate instruction.
    pub(crate) fn pay(&mut self, costs: &[Cost], ctx: &Ctx) {
        let before = self.st.books.actor.replace(Some(ctx.you));
        // A cost is paid by its payer's own doing.
        let caused = self.st.books.causer.replace(None);
        self.pay_each(costs, ctx);
        self.st.books.actor.set(before);
        self.st.books.causer.set(caused);
    }

    /// [`Game::pay`] with the paying player set as the one who acts.
    fn pay_each(&mut self, costs: &[Cost], ctx: &Ctx) {
        for c in costs {
            match c {
                Cost::Tokens(n) => {
                    self.perform(Occurrence::PayTokens {
                        player: ctx.you,
                        amount: *n,
                    });
                }
                Cost::ExhaustThis => {
                    self.perform(Occurrence::Exhaust(ctx.source));
                }
                Cost::Exhaust(sel) => {
                    if let Some(x) = self
                        .matching(sel, ctx)
                        .into_iter()
                        .find(|&c| self.payable(Occurrence::Exhaust(c)))
                    {
                        self.perform(Occurrence::Exhaust(x));
                    }
                }
                Cost::RetireThis => {
                    self.occur(Occurrence::Retire(ctx.source));
                }
                Cost::ReturnThisToHand => {
                    self.occur(Occurrence::ToHand(ctx.source));
                }
                Cost::BanishThis => {
                    self.occur(Occurrence::Banish(ctx.source));
                }
                Cost::DismissThis => {
                    self.occur(Occurrence::Dismiss {
                        card: ctx.source,
                        by_game: false,
                    });
                }
                Cost::Dismiss(sel) => {
                    if let Some(x) = self.matching(sel, ctx).into_iter().find(|&c| {
                        self.payable(Occurrence::Dismiss {
                            card: c,
                            by_game: false,
                        })
                    }) {
                        self.occur(Occurrence::Dismiss {
                            card: x,
                            by_game: false,
                        });
                    }
                }
                Cost::Retire(sel) => {
                    if let Some(x) = self
                        .matching(sel, ctx)
                        .into_iter()
                        .find(|&c| self.payable(Occurrence::Retire(c)))
                    {
                        self.occur(Occurrence::Retire(x));
                    }
                }
                Cost::TokensLessPer { amount, per } => {
                    self.perform(Occurrence::PayTokens {
                        player: ctx.you,
                        amount: self.tokens_less_per(*amount, per, ctx),
                    });
                }
                Cost::RemoveCounters { name, amount } => {
                    self.remove_counters(ctx.source, name, Some(*amount));
                }
                Cost::TokensOf(a) => {
                    let amount = self.amount(a, ctx).max(0) as u16;
                    self.perform(Occurrence::PayTokens {
                        player: ctx.you,
                        amount,
                    });
                }
                Cost::Discard(n) => {
                    for _ in 0..*n {
                        let hand = &self.player(ctx.you).hand;
                        if let Some(&x) =
                            hand.iter().find(|&&c| self.payable(Occurrence::Discard(c)))
                        {
                            self.perform(Occurrence::Discard(x));
                        }
                    }
                }
                Cost::Spend(n) => self.spend(ctx.source, *n),
                Cost::SpendFrom(sel) => {
                    if let Some(x) = self
                        .matching(sel, ctx)
                        .into_iter()
                        .find(|&c| !self.cards_beneath(c).is_empty())
                    {
                        self.spend(x, 1);
                    }
                }
                Cost::RemoveCounterFrom(sel) => {
                    let first = self.matching(sel, ctx).into_iter().find_map(|c| {
                        (self.card(c).zone == crate::ids::Zone::Play)
                            .then(|| self.counter_kinds(c).into_iter().next())
                            .flatten()
                            .map(|k| (c, k))
                    });
                    match first {
                        Some((c, Some(name))) => {
                            self.remove_counters(c, &name, Some(1));
                        }
                        Some((c, None)) => {
                            self.perform(Occurrence::RemoveCounters {
                                card: c,
                                counter: crate::ability::counters::Counter::Power,
                                n: 1,
                            });
                        }
                        None => {}
                    }
                }
                Cost::DiscardA(sel) => {
                    if let Some(x) = self
                        .matching(&in_hand(sel), ctx)
                        .into_iter()
                        .find(|&c| self.payable(Occurrence::Discard(c)))
                    {
                        self.perform(Occurrence::Discard(x));
                    }
                }
            }
        }
    }

    /// Whether a cost needing `occ` can be paid by it: it can happen (104.2a, 508.1c)
    /// and nothing would replace it (508.1a: CS7's retiring while CN127 would banish it).
    pub(crate) fn payable(&self, occ: Occurrence) -> bool {
        self.can_happen(occ) && !self.surely_replaced(occ)
    }

    /// The cost of `Cost::TokensLessPer`: one token fewer per card that fits.
    pub(super) fn tokens_less_per(&self, amount: u16, per: &Cards, ctx: &Ctx) -> u16 {
        let n = self.matching(per, ctx).len();
        amount.saturating_sub(u16::try_from(n).unwrap_or(u16::MAX))
    }
}

/// A discard cost's description, read in the paying player's hand (410.3).
pub(crate) fn in_hand(sel: &Cards) -> Cards {
    Cards {
        place: Some(Place::Hand),
        controller: Some(Who::You),
        ..sel.clone()
    }
}
