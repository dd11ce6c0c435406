//! A canonical digest of the game state: equal digests mean equal games, so replays and
//! clones can be checked cheaply.

use crate::game::Game;
use std::hash::{Hash, Hasher};

/// 64-bit FNV-1a: small, stable across platforms and Rust versions (unlike `DefaultHasher`).
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x100_0000_01b3);
        }
    }
}

impl Game {
    /// A digest of everything that decides how the game goes on: every field of the state
    /// (cards, zones, players, the turn, the work stack, the pending decision, modifiers,
    /// waiting triggers and replacements, the random generator's position, …).
    pub fn digest(&self) -> u64 {
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        for d in self.pool.iter() {
            d.number.hash(&mut h);
        }
        // Every game fact of the state: `State` derives `Hash`, and what is not a game fact
        // lives in its `Bookkeeping`, which hashes to nothing.
        self.st.hash(&mut h);
        h.finish()
    }
}

#[cfg(test)]
mod tests {
    use crate::game::Game;
    use crate::ids::PlayerId;
    use crate::testkit::two_player_setup;

    fn game() -> Game {
        Game::new(&two_player_setup(7)).expect("the test setup is legal")
    }

    /// A fact the old hand-written field list left out (a player having looked at a
    /// face-down card, 401.2) now changes the digest, as does every other fact.
    #[test]
    fn the_digest_sees_every_game_fact() {
        let g = game();
        let mut peeked = g.clone();
        peeked.st.peeked.push((0, PlayerId(1)));
        assert_ne!(peeked.digest(), g.digest());
        let mut counted = g.clone();
        counted.st.next_object += 1;
        assert_ne!(counted.digest(), g.digest());
        let mut drew = g.clone();
        let _ = crate::rng::below(&mut drew.st.rng, 6);
        assert_ne!(
            drew.digest(),
            g.digest(),
            "the generator's position is a fact"
        );
    }

    /// Bookkeeping (the log, the decision count, caches) is not a game fact.
    #[test]
    fn the_digest_leaves_out_bookkeeping() {
        let g = game();
        let mut other = g.clone();
        other.st.books.decisions += 5;
        other.st.books.log.clear();
        other.st.books.watchers_dirty = !other.st.books.watchers_dirty;
        other.st.books.pre_priority_settled = !other.st.books.pre_priority_settled;
        assert_eq!(other.digest(), g.digest());
    }
}
