//! Uniform random choices from the game's own generator (523: uniform, every candidate
//! counted), written out so that results don't depend on a crate's sampling algorithm.

use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

/// A uniform integer in `0..n` (n > 0), by rejection so there is no modulo bias.
pub(crate) fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    debug_assert!(n > 0);
    let zone = u32::MAX - (u32::MAX % n);
    loop {
        let x = rng.next_u32();
        if x < zone {
            return x % n;
        }
    }
}

/// Fisher-Yates shuffle.
pub(crate) fn shuffle<T>(rng: &mut ChaCha8Rng, v: &mut [T]) {
    for i in (1..v.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        v.swap(i, j);
    }
}
