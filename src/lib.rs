//! Hisha: a shogi engine speaking USI (and XBoard for the large variants).
//!
//! Layers, imports one way only (`scripts/check_layers.sh` checks them; docs/architecture.md):
//!
//! ```text
//! main.rs -> cli -> usi, xboard -> engine -> bench, book, tune -> search -> eval
//!         -> shogi, variant (the rules) -> notation (text, no rules) -> color
//!    cli -> record (game records) -> shogi
//! ```
//!
//! `engine` implements the trait `usi::UsiEngine` that both front ends drive, and holds the game
//! played (`engine::game`, 9x9 shogi or a variant) as one value. `search` never prints (it
//! reports events); `usi` knows no bitboards and takes from `search` only the plain data a `go`
//! command is parsed into. Only the front ends (`usi`, `xboard`, `cli`) print.

#![deny(clippy::undocumented_unsafe_blocks)]
#![warn(missing_docs)]

pub mod bench;
pub mod book;
pub mod cli;
pub mod color;
pub mod engine;
pub mod eval;
pub mod notation;
pub mod record;
pub mod search;
pub mod shogi;
pub mod tune;
pub mod usi;
pub mod variant;
pub mod xboard;
