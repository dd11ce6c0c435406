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
    /// A digest of everything that decides how the game goes on: cards, zones, players,
    /// the turn, the work stack, the pending decision and the random generator's position.
    pub fn digest(&self) -> u64 {
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        let st = &self.st;
        for d in self.pool.iter() {
            d.number.hash(&mut h);
        }
        st.players.hash(&mut h);
        st.cards.hash(&mut h);
        st.in_play.hash(&mut h);
        st.queue.hash(&mut h);
        (st.turn, st.turn_player, st.first_player, st.step).hash(&mut h);
        st.frames.hash(&mut h);
        st.pending.hash(&mut h);
        st.outcome.hash(&mut h);
        st.last_priority.hash(&mut h);
        st.faceoff.hash(&mut h);
        (&st.confronted, &st.contested, &st.solved).hash(&mut h);
        st.firsts.hash(&mut h);
        st.decklook.hash(&mut h);
        // Only hashed when present, so digests of games without links are unchanged.
        if !st.linked.is_empty() {
            st.linked.hash(&mut h);
        }
        // Modifiers with a duration are state too (a loop that only adds a modifier each
        // time is not a repeat).
        if !st.modifiers.is_empty() {
            st.modifiers.hash(&mut h);
        }
        if !st.named_counters.is_empty() {
            st.named_counters.hash(&mut h);
        }
        if !st.control.is_empty() {
            st.control.hash(&mut h);
        }
        if !st.beneath.is_empty() {
            st.beneath.hash(&mut h);
        }
        if !st.entered.is_empty() {
            st.entered.hash(&mut h);
        }
        if st.last_dismissed.is_some() {
            st.last_dismissed.hash(&mut h);
        }
        if !st.last_involved.is_empty() {
            st.last_involved.hash(&mut h);
        }
        if !st.delayed.is_empty() {
            st.delayed.hash(&mut h);
        }
        if !st.revealed.is_empty() {
            st.revealed.hash(&mut h);
        }
        st.rng.get_seed().hash(&mut h);
        st.rng.get_word_pos().hash(&mut h);
        h.finish()
    }
}
