//! ponyccg players: AI opponents behind one [`Player`] trait, and [`play_out`] to run a
//! game between players.
//!
//! - [`RandomPlayer`]: uniform over the legal actions.
//! - [`HeuristicPlayer`]: plays what it can afford, strongest first; moves characters to
//!   meet confront requirements; plays Troublemakers and challenges them when it is ahead
//!   on power; weighs abilities, Events, targets and modes one step ahead by their public
//!   result; keeps or mulligans by what its hand can do.
//!
//! Every player is deterministic given its seed. A player is handed the whole [`Game`]
//! for speed, but may use only what its own seat may know: see [`HeuristicPlayer`] for
//! how it keeps to that.

mod heuristic;
mod match_play;

pub use heuristic::HeuristicPlayer;
pub use match_play::{play_out, play_out_until, GameRecord, PlayError};

use ponyccg_core::{Decision, Game};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// A player of the game: given the game and the pending decision (which belongs to this
/// player), returns the index of a choice.
///
/// Implementations must use only what `decision.player` may know: public cards, their own
/// hand and their own decisions (what [`Game::observe`] gives). They must never read the
/// opponents' hands, face-down Troublemakers they don't control, or any deck's order.
pub trait Player: Send {
    /// The player's kind, as named on the command line.
    fn name(&self) -> &'static str;
    /// Index into `decision.choices`; always below `decision.choices.len()`.
    fn choose(&mut self, game: &Game, decision: &Decision) -> usize;
}

/// The kinds of player that [`player_by_name`] builds.
pub const PLAYER_NAMES: &[&str] = &["random", "heuristic"];

/// A player by its command-line name, seeded.
pub fn player_by_name(name: &str, seed: u64) -> Result<Box<dyn Player>, UnknownPlayer> {
    match name.trim().to_ascii_lowercase().as_str() {
        "random" => Ok(Box::new(RandomPlayer::new(seed))),
        "heuristic" => Ok(Box::new(HeuristicPlayer::new(seed))),
        _ => Err(UnknownPlayer(name.to_string())),
    }
}

/// A player name [`player_by_name`] does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownPlayer(pub String);

impl std::fmt::Display for UnknownPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "there is no AI player `{}`; known: {}",
            self.0,
            PLAYER_NAMES.join(", ")
        )
    }
}

impl std::error::Error for UnknownPlayer {}

/// Picks uniformly among the legal actions.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

/// A uniform index below `n` (n > 0), by Lemire's multiply-shift with rejection.
pub(crate) fn below(rng: &mut impl RngCore, n: usize) -> usize {
    let n = n as u64;
    loop {
        let x = rng.next_u32() as u64;
        let m = x * n;
        let low = m & 0xffff_ffff;
        if low >= (1u64 << 32) % n {
            return (m >> 32) as usize;
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> &'static str {
        "random"
    }
    fn choose(&mut self, _game: &Game, decision: &Decision) -> usize {
        below(&mut self.rng, decision.choices.len().max(1))
    }
}

/// A seed mixer (SplitMix64's finaliser): derives independent seeds from a base seed and
/// an index, so game `i` of a run depends on the base seed and `i` only.
pub fn derive_seed(base: u64, index: u64) -> u64 {
    let mut z = base ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[below(&mut rng, 7)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800 && n < 1200), "{seen:?}");
    }

    #[test]
    fn derived_seeds_differ_by_index_and_base() {
        assert_ne!(derive_seed(1, 0), derive_seed(1, 1));
        assert_ne!(derive_seed(1, 0), derive_seed(2, 0));
        assert_eq!(derive_seed(7, 3), derive_seed(7, 3));
    }

    #[test]
    fn players_by_name() {
        assert_eq!(player_by_name("Random", 1).unwrap().name(), "random");
        assert_eq!(player_by_name("heuristic", 1).unwrap().name(), "heuristic");
        let e = player_by_name("mcts", 1).err().unwrap();
        assert!(e.to_string().contains("mcts") && e.to_string().contains("heuristic"));
    }
}
