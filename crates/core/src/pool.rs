//! What the card definitions of a game can ever do, worked out once when the game is
//! built. The pool never changes during a game, so a kind of ability that no card has
//! can't come into play later: scans for it may be skipped without changing any result.

use crate::ability::{Ability, Timing};
use crate::card::{CardDef, Face, Keyword};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PoolFacts {
    /// Some face has a static ability (702), so continuous effects must be looked for.
    pub statics: bool,
    /// Some face has an activated ability (703) or an Event's play ability (304).
    pub timed: bool,
    /// Some face has Hasty printed (it is read from the printed face only).
    pub hasty: bool,
    /// Agile is printed somewhere or named by some script (it may be gained).
    pub agile: bool,
    /// Some face has a triggered ability or a keyword that stands for one (704).
    pub triggers: bool,
    /// Some Event or activated ability has a Reaction timing (512.4b).
    pub reactions: bool,
    /// Some card is Unique (516.3).
    pub uniques: bool,
}

impl PoolFacts {
    pub(crate) fn of(pool: &[CardDef]) -> PoolFacts {
        let mut f = PoolFacts::default();
        let faces = pool
            .iter()
            .flat_map(|d| [Some(&d.face), d.boosted.as_ref()])
            .flatten();
        for face in faces {
            f.add(face);
        }
        f.uniques = pool.iter().any(|d| d.is_unique());
        f
    }

    fn add(&mut self, face: &Face) {
        for a in &face.abilities {
            match a {
                Ability::Static { .. } => self.statics = true,
                Ability::Triggered { .. } => self.triggers = true,
                // The host description is checked with the attachment rules (511.2).
                Ability::Attach(_) => {}
                Ability::Activated { timing, .. } | Ability::Play { timing, .. } => {
                    self.timed = true;
                    self.reactions |= matches!(timing, Timing::Reaction(_));
                }
            }
        }
        for &k in &face.keywords {
            self.hasty |= k == Keyword::Hasty;
            self.agile |= k == Keyword::Agile;
            self.triggers |= crate::ability::keyword::triggered(k).is_some();
        }
        // A keyword can be granted from deep inside an effect (a modifier with a
        // duration, a choice, ...); any mention of Agile in the scripts counts. The
        // rendering is only read here, once per game.
        if !self.agile && !face.abilities.is_empty() {
            self.agile = format!("{:?}", face.abilities).contains("Agile");
        }
    }
}
