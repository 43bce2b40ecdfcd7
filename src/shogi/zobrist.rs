//! Zobrist keys, generated at compile time from a fixed seed.
//!
//! The keys come from a const SplitMix64 stream, not from `rand`, so they (and with them the bench
//! signature) never change when a dependency does. Board keys are XORed; hand keys are *added* once
//! per piece held (YaneuraOu's scheme), so taking a piece into hand is one addition.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

const SEED: u64 = 0x4869_7368_6121_5348; // "Hisha!SH"

struct Keys {
    piece: [[[u64; 81]; 14]; 2],
    hand: [[u64; 7]; 2],
    side: u64,
}

const fn make_keys() -> Keys {
    let mut k = Keys {
        piece: [[[0; 81]; 14]; 2],
        hand: [[0; 7]; 2],
        side: 0,
    };
    let mut state = SEED;
    let mut c = 0;
    while c < 2 {
        let mut p = 0;
        while p < 14 {
            let mut s = 0;
            while s < 81 {
                let (ns, v) = splitmix(state);
                state = ns;
                // Bit 0 is reserved for the side to move, so board keys keep it clear.
                k.piece[c][p][s] = v & !1;
                s += 1;
            }
            p += 1;
        }
        let mut h = 0;
        while h < 7 {
            let (ns, v) = splitmix(state);
            state = ns;
            // Hand keys are even, so any sum of them keeps bit 0 clear for the side bit.
            k.hand[c][h] = v & !1;
            h += 1;
        }
        c += 1;
    }
    k.side = 1;
    k
}

static KEYS: Keys = make_keys();

/// Key of a piece of colour `c` (index) and kind `k` (index) on square `s` (index).
#[inline(always)]
pub fn piece_key(c: usize, k: usize, s: usize) -> u64 {
    KEYS.piece[c][k][s]
}

/// Key added once per piece of hand kind `k` held by colour `c`.
#[inline(always)]
pub fn hand_key(c: usize, k: usize) -> u64 {
    KEYS.hand[c][k]
}

/// Key XORed in when White is to move (bit 0, so the side to move can be read off a key).
#[inline(always)]
pub fn side_key() -> u64 {
    KEYS.side
}
