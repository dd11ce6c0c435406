//! Tokens (521) and copies (520).
//!
//! A token is a card like any other in the arena (`State.cards`): it gets a new arena
//! index as it is created, is marked `token`, and keeps its index after it ceases to
//! exist (zone `Gone`, in no zone list), so that events and logs naming it still read.
//! Its definition is in the game's pool: the token definitions every script of the pool
//! can create are added as the game is built (`token_defs`), and a token copy shares the
//! definition of the card it copies, its cost read as 0 because it is a token (520.2).

use super::script::{Ability, CopyPlace, Effect, TokenSpec};
use super::trigger::Ctx;
use crate::card::{CardDef, CardType, Colors, Face, Rarity, ScriptStatus};
use crate::decision::{Choice, Prompt};
use crate::game::Game;
use crate::ids::{Area, CardId, DefId, PlayerId, Zone};
use crate::rules::occurrence::Occurrence;
use crate::state::Card;

/// Calls `f` for every instruction of an ability, nested ones included.
pub(crate) fn each_effect(a: &Ability, f: &mut impl FnMut(&Effect)) {
    fn walk(effects: &[Effect], f: &mut impl FnMut(&Effect)) {
        for e in effects {
            f(e);
            e.parts(|v| walk(v, f), |_| {});
        }
    }
    match a {
        Ability::Triggered { effects, .. }
        | Ability::Activated { effects, .. }
        | Ability::ActivatedByAny { effects, .. }
        | Ability::Play { effects, .. } => walk(effects, f),
        Ability::PlayTimed { then, .. } => walk(then, f),
        Ability::Static { .. }
        | Ability::Attach(_)
        | Ability::AsEntersPlay(_)
        | Ability::From(..)
        | Ability::PlayRequires(_)
        | Ability::PlayCost(_) => {}
    }
}

/// [`each_effect`] over a list of instructions, able to change them.
pub(crate) fn each_effect_mut(effects: &mut [Effect], f: &mut impl FnMut(&mut Effect)) {
    for e in effects {
        f(e);
        e.parts_mut(|v| each_effect_mut(v, f));
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

impl Game {
    /// 520.2: one token copy of card `c` (its printed information, cost 0, face-up) for
    /// `ctx`'s controller, placed as `at` says or by its type (see
    /// [`Effect::PutTokenCopy`]). When a place must be chosen, the options come back as
    /// the error until `answer` names one of them.
    pub(crate) fn place_token_copy(
        &mut self,
        c: CardId,
        at: Option<CopyPlace>,
        ctx: &Ctx,
        answer: Option<Choice>,
    ) -> Result<(), (Prompt, Vec<Choice>)> {
        let you = ctx.you;
        let d = self.def(c);
        let ty = d.card_type;
        // A Dilemma's own area (522.2) isn't something a token copy can be given; Mane
        // Characters, Problems and Events are never copied into play.
        if d.is_dilemma()
            || !matches!(
                ty,
                CardType::Friend | CardType::Resource | CardType::Troublemaker
            )
        {
            return Ok(());
        }
        let def = self.card(c).def;
        // 509.2: a copy of an attachment enters play attached to a host, one that fits
        // its host description, read as the copy's own (controlled by `you`).
        if ty == CardType::Resource {
            if let Some(sel) = self.host_description(c).cloned() {
                let own = Ctx::of(c, you);
                let hosts = self.distinct(self.matching(&sel, &own));
                return match answer {
                    Some(Choice::Card(h)) if hosts.contains(&h) => {
                        if let Some(area) = self.card(h).area {
                            self.create_copy(def, you, area, Some(h));
                        }
                        Ok(())
                    }
                    _ if hosts.is_empty() => Ok(()),
                    _ => Err((
                        Prompt::Target,
                        hosts.into_iter().map(Choice::Card).collect(),
                    )),
                };
            }
        }
        let here = self.card(ctx.source).area;
        let areas: Vec<Area> = match (at, ty) {
            (Some(CopyPlace::EachOtherProblem), _) => {
                self.problem_areas().filter(|&a| Some(a) != here).collect()
            }
            (Some(CopyPlace::Here), _) => here.into_iter().collect(),
            (Some(CopyPlace::AProblem), _) | (None, CardType::Troublemaker) => match answer {
                Some(Choice::Problem(a)) if self.problem_areas().any(|x| x == a) => vec![a],
                _ => {
                    let options: Vec<Choice> = self.problem_areas().map(Choice::Problem).collect();
                    if options.is_empty() {
                        return Ok(());
                    }
                    return Err((Prompt::ChooseProblem, options));
                }
            },
            (None, _) => vec![Area::Home(you)],
        };
        for a in areas {
            // 306.1: a Troublemaker is only ever at a Problem.
            if ty == CardType::Troublemaker && !a.is_problem() {
                continue;
            }
            self.create_copy(def, you, a, None);
        }
        Ok(())
    }

    /// A token of definition `def` for `owner` enters play face-up at `at`, attached to
    /// `host` if given (509.2).
    fn create_copy(&mut self, def: DefId, owner: PlayerId, at: Area, host: Option<CardId>) {
        let made = self.perform(Occurrence::CreateToken {
            def,
            owner,
            at,
            face_down: false,
        });
        if made && host.is_some() {
            let c = CardId(self.st.cards.len() as u16 - 1);
            self.card_mut(c).host = host;
        }
    }

    /// Remembers a card that was just dismissed (410.1) and the object it became, for
    /// [`Condition::ItDismissed`].
    pub(crate) fn note_dismissed(&mut self, c: CardId) {
        self.st.last_dismissed = Some((c, self.card(c).object));
    }

    /// Whether `c` was the card most recently dismissed and has not moved since.
    pub(crate) fn was_dismissed(&self, c: CardId) -> bool {
        self.st.last_dismissed == Some((c, self.card(c).object))
    }
}
