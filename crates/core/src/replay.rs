//! Replays: seed + decks + choices reproduce a game exactly (architecture guide).

use crate::game::{ChoiceError, Game, GameSetup, SetupError};
use serde::{Deserialize, Serialize};

/// The engine's crate version, stamped into replays for information only: it does not
/// change when the rules engine's behaviour does. [`RULES_VERSION`] is what is checked.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The rules version: bumped whenever the engine's behaviour changes (what a seed, the
/// decks and the choices lead to), so a stored game is never replayed under other rules.
/// The golden playthroughs in `tests/golden` enforce it: a change to any of them fails
/// `cargo test -p ponyccg --test golden` until this number is raised and the goldens are
/// regenerated with `PONYCCG_BLESS=1` (see docs/versions.md).
pub const RULES_VERSION: u32 = 4;

/// A recorded game. Decks are card numbers, so the catalogue that resolves them must be
/// the one the game was played with: `catalogue` says which.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    pub engine: String,
    /// The [`RULES_VERSION`] the game was played under; 0 in replays made before rules
    /// versions were stamped, which no engine replays.
    #[serde(default)]
    pub rules: u32,
    pub catalogue: String,
    pub seed: u64,
    /// For each player: Mane Character, Problem deck, draw deck, as card numbers.
    pub decks: Vec<ReplayDeck>,
    /// The choice index of every decision, in order.
    pub choices: Vec<u16>,
    /// Players who conceded, with the number of choices made before they did.
    #[serde(default)]
    pub concessions: Vec<(u8, usize)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayDeck {
    pub mane: String,
    pub problems: Vec<String>,
    pub draw: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("this game was played under rules version {}; this is rules version {expected}: replaying it here could lead to another game, so it is refused (play it with the ponyccg it was recorded with)", found_rules(*found))]
    RulesVersion { found: u32, expected: u32 },
    #[error("this replay was made with card catalogue {found}; this is catalogue {expected}: it can't be replayed faithfully")]
    CatalogueVersion { found: String, expected: String },
    #[error("the replay's decks can't start a game: {0}")]
    Setup(#[from] SetupError),
    #[error("choice {at} of the replay is refused: {err}")]
    Choice { at: usize, err: ChoiceError },
}

fn found_rules(v: u32) -> String {
    if v == 0 {
        "0 (it predates rules versions)".into()
    } else {
        v.to_string()
    }
}

impl ReplayDeck {
    pub fn of(deck: &crate::game::PlayerDeck) -> ReplayDeck {
        ReplayDeck {
            mane: deck.mane.number.clone(),
            problems: deck.problems.iter().map(|d| d.number.clone()).collect(),
            draw: deck.draw.iter().map(|d| d.number.clone()).collect(),
        }
    }
}

impl Replay {
    pub fn new(setup: &GameSetup, catalogue: &str) -> Replay {
        Replay {
            engine: ENGINE_VERSION.to_string(),
            rules: RULES_VERSION,
            catalogue: catalogue.to_string(),
            seed: setup.seed,
            decks: setup.players.iter().map(ReplayDeck::of).collect(),
            choices: Vec::new(),
            concessions: Vec::new(),
        }
    }

    /// Refuses a replay from another rules or catalogue version.
    pub fn check_versions(&self, catalogue: &str) -> Result<(), ReplayError> {
        if self.rules != RULES_VERSION {
            return Err(ReplayError::RulesVersion {
                found: self.rules,
                expected: RULES_VERSION,
            });
        }
        if self.catalogue != catalogue {
            return Err(ReplayError::CatalogueVersion {
                found: self.catalogue.clone(),
                expected: catalogue.into(),
            });
        }
        Ok(())
    }

    /// Plays the replay on a game built from `setup` (the decks resolved by the caller),
    /// calling `each` after every step (which may, say, turn logging on at the start and
    /// take each step's events).
    pub fn play(
        &self,
        setup: &GameSetup,
        mut each: impl FnMut(&mut Game, Option<u16>),
    ) -> Result<Game, ReplayError> {
        let mut g = Game::new(setup)?;
        each(&mut g, None);
        for (i, &c) in self.choices.iter().enumerate() {
            for &(p, at) in &self.concessions {
                if at == i {
                    g.concede(crate::ids::PlayerId(p))
                        .map_err(|err| ReplayError::Choice { at: i, err })?;
                }
            }
            g.apply_action(c as usize)
                .map_err(|err| ReplayError::Choice { at: i, err })?;
            each(&mut g, Some(c));
        }
        for &(p, at) in &self.concessions {
            if at == self.choices.len() && !g.is_over() {
                g.concede(crate::ids::PlayerId(p))
                    .map_err(|err| ReplayError::Choice { at, err })?;
            }
        }
        Ok(g)
    }

    /// The choices packed as bytes: one byte for a choice below 128, two otherwise
    /// (LEB128), which is how replay size per decision is measured.
    pub fn packed_choices(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.choices.len());
        for &c in &self.choices {
            let mut v = c;
            loop {
                let b = (v & 0x7f) as u8;
                v >>= 7;
                if v == 0 {
                    out.push(b);
                    break;
                }
                out.push(b | 0x80);
            }
        }
        out
    }
}
