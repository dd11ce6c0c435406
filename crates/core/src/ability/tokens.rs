//! Tokens (521) and copies (520).
//!
//! A token is a card like any other in the arena (`State.cards`): it gets a new arena
//! index as it is created, is marked `token`, and keeps its index after it ceases to
//! exist (zone `Gone`, in no zone list), so that events and logs naming it still read.
//! Its definition is in the game's pool: the token definitions every script of the pool
//! can create are added as the game is built (`token_defs`), and a token copy shares the
//! definition of the card it copies, its cost read as 0 because it is a token (520.2).

use super::script::{Ability, Effect, TokenSpec};
use crate::card::{CardDef, Colors, Face, Rarity, ScriptStatus};
use crate::game::Game;
use crate::ids::{CardId, DefId, PlayerId, Zone};
use crate::state::Card;

/// Calls `f` for every instruction of an ability, nested ones included.
pub(crate) fn each_effect(a: &Ability, f: &mut impl FnMut(&Effect)) {
    fn walk(effects: &[Effect], f: &mut impl FnMut(&Effect)) {
        for e in effects {
            f(e);
            match e {
                Effect::If {
                    then, otherwise, ..
                } => {
                    walk(then, f);
                    walk(otherwise, f);
                }
                Effect::By { effects, .. } => walk(effects, f),
                Effect::PayOr { otherwise, .. } => walk(otherwise, f),
                _ => {}
            }
        }
    }
    match a {
        Ability::Triggered { effects, .. }
        | Ability::Activated { effects, .. }
        | Ability::ActivatedByAny { effects, .. }
        | Ability::Play { effects, .. } => walk(effects, f),
        Ability::Static { .. } | Ability::Attach(_) | Ability::AsEntersPlay(_) => {}
    }
}

/// The printed information of a described token (521.1): cost 0, no rarity, named
/// after its traits when the description gives no name (521.1a).
pub fn token_def(spec: &TokenSpec) -> CardDef {
    let title = spec.name.clone().unwrap_or_else(|| spec.traits.join(" "));
    CardDef {
        number: format!("token {title}"),
        set: "TOKEN".into(),
        title,
        subtitle: String::new(),
        card_type: spec.card_type,
        rarity: Rarity::None,
        face: Face {
            colors: Colors::of(&spec.colors),
            power: Some(spec.power),
            traits: spec.traits.clone(),
            keywords: spec.keywords.clone(),
            abilities: Vec::new(),
        },
        boosted: None,
        cost: Some(0),
        play_reqs: Vec::new(),
        problem: None,
        points: None,
        script: ScriptStatus::Vanilla,
    }
}

/// The definitions of every token the pool's scripts can create, each once.
pub(crate) fn token_defs(pool: &[CardDef]) -> Vec<CardDef> {
    let mut out: Vec<CardDef> = Vec::new();
    for d in pool {
        for face in [Some(&d.face), d.boosted.as_ref()].into_iter().flatten() {
            for a in &face.abilities {
                each_effect(a, &mut |e| {
                    if let Effect::MakeToken { token, .. } = e {
                        let t = token_def(token);
                        if !out.contains(&t) {
                            out.push(t);
                        }
                    }
                });
            }
        }
    }
    out
}

impl Game {
    /// The definition of a described token in the pool (added as the game was built).
    pub(crate) fn token_def_id(&self, spec: &TokenSpec) -> Option<DefId> {
        let want = token_def(spec);
        self.pool
            .iter()
            .position(|d| d.set == "TOKEN" && *d == want)
            .map(|i| DefId(i as u16))
    }

    /// A new card in the arena for a token, owned by `owner` (521.5), nowhere yet.
    pub(crate) fn new_token(&mut self, def: DefId, owner: PlayerId) -> CardId {
        let id = CardId(self.st.cards.len() as u16);
        let object = self.new_object();
        self.st
            .cards
            .push(Card::fresh(def, owner, Zone::Gone, object, true));
        id
    }

    /// 521.4: a token turned face-down (frightened or otherwise) ceases to exist. Its
    /// attachments are left without a host, which pre-priority processing sees to
    /// (511.2), through the replacement mechanism like any dismissal by the game.
    pub(crate) fn vanish_token(&mut self, c: CardId) {
        if !self.card(c).token || self.card(c).zone != Zone::Play {
            return;
        }
        self.relocate(c, Zone::Gone, false);
    }

    /// A card's printed cost (204.1); a token's is always 0 (521.1, 520.2).
    pub fn printed_cost(&self, c: CardId) -> Option<u8> {
        if self.card(c).token {
            Some(0)
        } else {
            self.def(c).cost
        }
    }

    /// Whether a card is a token (521.2).
    pub fn is_token(&self, c: CardId) -> bool {
        self.card(c).token
    }
}
