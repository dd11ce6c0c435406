//! What one player may know (views). Hidden information is left out here, in the core:
//! the opponent's hand, every deck's order, face-down Troublemakers the viewer doesn't
//! control (505.1d). Cards are named by object number (410.6), which changes whenever a
//! card changes zones, so a hidden card can't be traced back to where it came from.

use crate::card::{CardType, Color};
use crate::decision::Prompt;
use crate::describe::Viewer;
use crate::game::Game;
use crate::ids::{Area, CardId, PlayerId, Zone};
use crate::state::{Outcome, Step};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewCard {
    pub object: u32,
    /// `None` when the viewer may not know which card it is.
    pub number: Option<String>,
    pub name: Option<String>,
    pub card_type: Option<CardType>,
    pub controller: PlayerId,
    pub face_down: bool,
    pub frightened: bool,
    pub exhausted: bool,
    pub power: Option<i16>,
    pub colors: Vec<Color>,
    pub counters: i16,
    /// 519.1: named counters, by name (counters are public information).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub named_counters: Vec<(String, u16)>,
    /// Object number of the host, for attachments.
    pub host: Option<u32>,
    pub cost: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub player: PlayerId,
    pub score: u16,
    pub tokens: u16,
    /// Only the viewer's own hand; the size of everyone's.
    pub hand: Option<Vec<ViewCard>>,
    pub hand_size: usize,
    pub deck_size: usize,
    pub problem_deck_size: usize,
    pub discard: Vec<ViewCard>,
    pub banished: Vec<ViewCard>,
    pub flipped: Vec<ViewCard>,
    pub removed: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaView {
    pub area: Area,
    pub name: String,
    pub problem: Option<ViewCard>,
    pub cards: Vec<ViewCard>,
    /// At a Problem, each player's side of it (public information).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<SideView>,
}

/// One player's side of a Problem: what they must bring and what they have there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideView {
    pub player: PlayerId,
    /// Coloured requirement lines and wild power (611.2), changes in force applied;
    /// `None` when this player can't meet them.
    pub requirement: Option<(Vec<(crate::card::ReqColor, u16)>, u16)>,
    /// Power less needed in all, from whichever lines (`ConfrontLess`, CG204).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub less: u16,
    /// Power the player's contributing characters there give (611.3).
    pub power: u16,
    /// That power by colour (a multicoloured character counts for each of its colours).
    pub by_color: Vec<(Color, u16)>,
    pub meets: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Whose view this is: a seat, a spectator (public information only) or a judge.
    pub viewer: Viewer,
    pub turn: u32,
    pub turn_player: PlayerId,
    pub step: Step,
    pub players: Vec<PlayerView>,
    pub areas: Vec<AreaView>,
    pub in_faceoff: bool,
    /// Who must decide now, and, for the viewer's own decision, the prompt and labels.
    pub deciding: Option<PlayerId>,
    pub prompt: Option<Prompt>,
    pub choices: Vec<String>,
    pub outcome: Option<Outcome>,
    /// Cards the viewer is looking at (or that are revealed), top of the deck first.
    #[serde(default)]
    pub looking: Vec<ViewCard>,
}

impl Game {
    /// Whether `viewer` may know which card `c` is.
    pub fn is_visible_to(&self, c: CardId, viewer: PlayerId) -> bool {
        let k = self.card(c);
        match k.zone {
            // Only while a player looks at them (or they are revealed).
            Zone::DrawDeck => self.looked_at_by(c, viewer) || self.top_revealed(c),
            Zone::ProblemDeck => self.looked_at_by(c, viewer),
            Zone::Hand => k.owner == viewer,
            // 505.1c-d: face-down cards are public except Troublemakers.
            Zone::Play => {
                !(k.face_down
                    && self.def(c).card_type == CardType::Troublemaker
                    && k.controller != viewer)
                    || self.st.peeked.contains(&(k.object, viewer))
                    // Read only for a hidden card, so only for a face-down one.
                    || self.may_be_looked_at(c)
            }
            Zone::Discard | Zone::Banished | Zone::Flip | Zone::Queue | Zone::Gone => true,
            // Set aside face-down: seen by those who have looked at it (AD114).
            Zone::SetAside => self.st.peeked.contains(&(k.object, viewer)),
        }
    }

    /// Whether a static ability lets every player look at face-down card `c` (CG176).
    fn may_be_looked_at(&self, c: CardId) -> bool {
        if self.scan_skips && !self.facts.static_kinds.has(crate::pool::StaticKinds::OTHER) {
            return false;
        }
        let mut seen = false;
        self.each_static(|e, cond, ctx| {
            if let crate::ability::StaticEffect::MayLookAt(sel) = e {
                seen |= cond.is_none_or(|x| self.holds(x, ctx)) && self.fits(c, sel, ctx);
            }
        });
        seen
    }

    /// Whether `who` may know which card `c` is: a seat as [`Game::is_visible_to`], a
    /// spectator only what is public (505.1c-d), a judge everything.
    pub fn knows(&self, c: CardId, who: Viewer) -> bool {
        match who {
            Viewer::Seat(p) => self.is_visible_to(c, p),
            Viewer::Spectator => self.is_public(c),
            Viewer::Omniscient => true,
        }
    }

    fn view_card(&self, c: CardId, viewer: Viewer) -> ViewCard {
        let k = self.card(c);
        let known = self.knows(c, viewer);
        let d = self.def(c);
        ViewCard {
            object: k.object,
            number: known.then(|| d.number.clone()),
            name: known.then(|| d.full_name()),
            card_type: known.then_some(self.card_type(c)),
            controller: k.controller,
            face_down: k.face_down,
            frightened: k.frightened,
            exhausted: k.is_exhausted(),
            power: if known { self.power(c) } else { None },
            colors: if known {
                self.colors(c).iter().collect()
            } else {
                Vec::new()
            },
            counters: if known { k.power_counters } else { 0 },
            named_counters: self
                .st
                .named_counters
                .iter()
                .filter(|n| n.card == c && n.object == k.object)
                .map(|n| (n.name.clone(), n.count))
                .collect(),
            host: k.host.map(|h| self.card(h).object),
            cost: if known { self.printed_cost(c) } else { None },
        }
    }

    /// Everything the player `viewer` may know, and nothing more.
    pub fn observe(&self, viewer: PlayerId) -> View {
        self.observe_as(Viewer::Seat(viewer))
    }

    /// Everything `viewer` may know, and nothing more: a seat sees its own hand and what
    /// it looks at, a spectator only public information, a judge every card.
    pub fn observe_as(&self, viewer: Viewer) -> View {
        let cards = |v: &[CardId]| {
            v.iter()
                .map(|&c| self.view_card(c, viewer))
                .collect::<Vec<_>>()
        };
        let players = self
            .players()
            .map(|p| {
                let pl = self.player(p);
                PlayerView {
                    player: p,
                    score: pl.score,
                    tokens: pl.tokens,
                    hand: match viewer {
                        Viewer::Seat(me) => (p == me).then(|| cards(&pl.hand)),
                        Viewer::Spectator => None,
                        Viewer::Omniscient => Some(cards(&pl.hand)),
                    },
                    hand_size: pl.hand.len(),
                    deck_size: pl.deck.len(),
                    problem_deck_size: pl.problem_deck.len(),
                    discard: cards(&pl.discard),
                    banished: cards(&pl.banished),
                    flipped: cards(&pl.flip),
                    removed: pl.removed,
                }
            })
            .collect();
        let mut areas = Vec::new();
        // The players' areas seat by seat, then the Dilemmas' areas (522.2a).
        let fixed = self
            .players()
            .flat_map(|p| [Area::Home(p), Area::Problem(p)]);
        let dilemmas: Vec<Area> = self.dilemma_areas().collect();
        {
            for area in fixed.chain(dilemmas) {
                let problem = self.problem_at(area);
                let here: Vec<CardId> = self.at(area).filter(|&c| Some(c) != problem).collect();
                areas.push(AreaView {
                    area,
                    name: match area {
                        Area::Home(p) => format!("{p}'s home"),
                        Area::Problem(_) | Area::Dilemma(_) => {
                            problem.map(|c| self.name(c)).unwrap_or_default()
                        }
                    },
                    problem: problem.map(|c| self.view_card(c, viewer)),
                    cards: cards(&here),
                    sides: match (area, problem) {
                        (Area::Home(_), _) | (_, None) => Vec::new(),
                        (Area::Problem(_) | Area::Dilemma(_), Some(_)) => self
                            .active_players()
                            .map(|p| self.problem_side(p, area))
                            .collect(),
                    },
                });
            }
        }
        let d = self.decision();
        let mine = d.filter(|d| match viewer {
            Viewer::Seat(me) => d.player == me,
            Viewer::Spectator => false,
            Viewer::Omniscient => true,
        });
        View {
            viewer,
            turn: self.turn(),
            turn_player: self.turn_player(),
            step: self.step(),
            players,
            areas,
            in_faceoff: self.faceoff().is_some(),
            deciding: d.map(|d| d.player),
            prompt: mine.map(|d| d.prompt.clone()),
            choices: mine.map(|d| self.labels_of(d)).unwrap_or_default(),
            outcome: self.outcome().cloned(),
            looking: cards(&match viewer {
                Viewer::Seat(me) => self.looking_at(me),
                Viewer::Spectator => self.looking_at_publicly(),
                Viewer::Omniscient => self.looking_at_any(),
            }),
        }
    }
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}
