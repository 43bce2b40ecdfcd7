//! Learning the evaluation's weights: self-play games at fixed nodes (`selfplay`, and
//! `datagen`'s games scored by a deeper search) and a Texel-style logistic fit of the weights to
//! their results (`texel`). `make tune` runs both and
//! writes `src/eval/weights.in`, which the engine includes at compile time.
//!
//! This layer sits beside `engine`: it drives the search and reads the evaluation's features;
//! nothing below it imports it.

pub mod datagen;
pub mod kp;
pub mod selfplay;
pub mod texel;

pub use datagen::{datagen, DatagenConfig, DatagenStats, GameRecord};
pub use kp::{fit_kp, KpConfig, KpReport};
pub use selfplay::{selfplay, SelfplayConfig, SelfplayStats};
pub use texel::{parse_weights_file, tune, tune_variant, weights_file, TuneConfig, TuneReport};
