//! Named Rust hooks (`StaticEffect::Hook`): for the few cards no general form of the
//! script language fits, a named, tested function the card's script points at. Each
//! hook is listed in docs/scripts.md ("Hooks") and rendered in words by the card
//! renderer; every analysis matches the hook names exhaustively.

use crate::ability::{CardKind, Cards, Hook, Place};
use crate::game::Game;
use crate::ids::{CardId, PlayerId};
use crate::rules::occurrence::Occurrence;

/// How the engine consults a hook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookKind {
    /// A replacement modifier (710), looked at by `rules/replace.rs` as an occurrence is
    /// about to happen ([`replaces`]).
    Replacement,
}

/// How the engine consults `h`.
pub fn kind(h: Hook) -> HookKind {
    match h {
        Hook::DrawFromBottom => HookKind::Replacement,
    }
}

/// For a replacement hook of card `source` (in play): what `occ` would become, and the
/// player whose "may" it is (712.3), if the hook applies to it now.
pub(crate) fn replaces(
    g: &Game,
    h: Hook,
    source: CardId,
    occ: Occurrence,
) -> Option<(Occurrence, PlayerId)> {
    match h {
        Hook::DrawFromBottom => match occ {
            // CG179: the drawing player, if they have the most Unicorn characters at
            // this card's area, may take the bottom card instead of the top one.
            Occurrence::Draw(p) if most_unicorns_here(g, source) == Some(p) => {
                Some((Occurrence::DrawBottom(p), p))
            }
            _ => None,
        },
    }
}

/// The player with more Unicorn characters at `source`'s area than any other player
/// has there; nobody when two or more share the most (or nobody has any).
pub(crate) fn most_unicorns_here(g: &Game, source: CardId) -> Option<PlayerId> {
    let unicorns = Cards {
        card_type: Some(CardKind::Character),
        trait_: Some("Unicorn".into()),
        place: Some(Place::Here),
        ..Cards::default()
    };
    let ctx = g.ctx_of(source);
    let counts: Vec<(PlayerId, usize)> = g
        .players()
        .map(|p| {
            let n = g
                .matching(&unicorns, &ctx)
                .into_iter()
                .filter(|&c| g.card(c).controller == p)
                .count();
            (p, n)
        })
        .collect();
    let best = counts.iter().map(|&(_, n)| n).max()?;
    let mut leaders = counts.iter().filter(|&&(_, n)| n == best);
    match (leaders.next(), leaders.next()) {
        (Some(&(p, n)), None) if n > 0 => Some(p),
        _ => None,
    }
}

/// What a replacement hook does instead, for a choice's label.
pub fn instead_words(h: Hook) -> &'static str {
    match h {
        Hook::DrawFromBottom => "draw from the bottom of the deck instead",
    }
}

/// The words a hook is rendered with (after "Hook: ").
pub fn words(h: Hook) -> &'static str {
    match h {
        Hook::DrawFromBottom => {
            "the player with the most Unicorn characters here may draw each card from the bottom of their deck instead of the top"
        }
    }
}
