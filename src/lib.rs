//! Hisha: a shogi engine speaking USI.
//!
//! Layers, imports one way only (`scripts/check_layers.sh` checks them; docs/architecture.md):
//!
//! ```text
//! engine -> usi -> search -> eval -> shogi, variant
//! xboard -> usi, search, variant
//! engine -> bench -> search
//! engine -> book -> search, shogi
//! tune -> search, eval, shogi
//! variant (the other games of the shogi family: imports nothing)
//! ```
//!
//! `shogi` is the rules of 9x9 shogi; `search` never prints (it reports events); `usi` defines
//! the `usi::UsiEngine` trait that `engine` implements, knows no bitboards, and takes from
//! `search` only the plain data a `go` command is parsed into. `xboard` is the second front end
//! (chosen when the first command is `xboard`): it drives the same `UsiEngine`.

#![deny(clippy::undocumented_unsafe_blocks)]
#![warn(missing_docs)]

pub mod bench;
pub mod book;
pub mod cli;
pub mod color;
pub mod engine;
pub mod eval;
pub mod notation;
pub mod search;
pub mod shogi;
pub mod tune;
pub mod usi;
pub mod variant;
pub mod xboard;
