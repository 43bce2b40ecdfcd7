//! The piece catalogue: every piece of the variants Hisha plays, as data.
//!
//! A piece is its catalogue code (the abbreviation of the Western literature, as shogivar and
//! Games::Shogi use them), its English name, its Japanese name in romaji, its ordinary moves in
//! Betza's notation (`betza`), and a `Special` for the moves that Betza's notation does not
//! describe, or describes only with the multi-leg extension of XBetza; those are written in
//! code, by name. What a piece promotes to depends on the game (a gold promotes to a rook in
//! chu shogi and not at all in shogi), so the variants' tables say it (`super::rules`).

/// The moves a piece makes beyond its Betza moves, handled by name in the move generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// Nothing more.
    None,
    /// The lion's double move: one king step (to an empty square, or capturing), then a second
    /// king step from there, which may capture again, return to the start (igui when the first
    /// step captured, a pass when it did not) or go on.
    Lion,
    /// The horned falcon's lion power straight forward: a step forward, then another step
    /// forward or back to the start.
    HornedFalcon,
    /// The soaring eagle's lion power on the forward diagonals: a diagonal step forward, then
    /// another along the same diagonal or back to the start.
    SoaringEagle,
}

impl Special {
    /// The special move in XBetza, where XBetza can say it (multi-leg `a` moves).
    pub fn xbetza(self) -> &'static str {
        match self {
            Special::None => "",
            Special::Lion => "caKmcabK",
            Special::HornedFalcon => "fcafWfmcabW",
            Special::SoaringEagle => "fcafFfmcabF",
        }
    }

    /// In words, for the catalogue.
    pub fn describe(self) -> &'static str {
        match self {
            Special::None => "",
            Special::Lion => {
                "lion double move: a king step, then another from there (capturing on either, \
                 or returning: igui, pass)"
            }
            Special::HornedFalcon => {
                "lion power straight forward: a step, then a second step forward or back"
            }
            Special::SoaringEagle => {
                "lion power on the forward diagonals: a step, then a second along the same \
                 diagonal or back"
            }
        }
    }

    /// The squares of a first step of the double move, as (dx, dy) for the mover.
    pub fn first_steps(self) -> &'static [(i8, i8)] {
        match self {
            Special::None => &[],
            Special::Lion => &[
                (-1, 1),
                (0, 1),
                (1, 1),
                (-1, 0),
                (1, 0),
                (-1, -1),
                (0, -1),
                (1, -1),
            ],
            Special::HornedFalcon => &[(0, 1)],
            Special::SoaringEagle => &[(-1, 1), (1, 1)],
        }
    }
}

/// One piece of the catalogue.
#[derive(Debug)]
pub struct PieceDef {
    /// Catalogue code (unique).
    pub code: &'static str,
    /// English name.
    pub name: &'static str,
    /// Japanese name, in romaji.
    pub romaji: &'static str,
    /// Ordinary moves, Betza's notation (see `betza`).
    pub betza: &'static str,
    /// Moves beyond them.
    pub special: Special,
    /// Losing it (the last of a side's royal pieces) loses the game.
    pub royal: bool,
}

impl PieceDef {
    /// All its moves in XBetza: the Betza moves and the special moves where XBetza says them.
    pub fn xbetza(&self) -> String {
        format!("{}{}", self.betza, self.special.xbetza())
    }
}

const fn piece(
    code: &'static str,
    name: &'static str,
    romaji: &'static str,
    betza: &'static str,
) -> PieceDef {
    PieceDef {
        code,
        name,
        romaji,
        betza,
        special: Special::None,
        royal: false,
    }
}

const fn special(
    code: &'static str,
    name: &'static str,
    romaji: &'static str,
    betza: &'static str,
    special: Special,
) -> PieceDef {
    let mut p = piece(code, name, romaji, betza);
    p.special = special;
    p
}

const fn royal(
    code: &'static str,
    name: &'static str,
    romaji: &'static str,
    betza: &'static str,
) -> PieceDef {
    let mut p = piece(code, name, romaji, betza);
    p.royal = true;
    p
}

/// Every piece, grouped by the game that introduces it.
pub static PIECES: &[PieceDef] = &[
    // Shogi (and the small variants).
    royal("K", "King", "ōshō / gyokushō", "K"),
    piece("G", "Gold general", "kinshō", "WfF"),
    piece("S", "Silver general", "ginshō", "FfW"),
    piece("N", "Knight", "keima", "ffN"),
    piece("L", "Lance", "kyōsha", "fR"),
    piece("B", "Bishop", "kakugyō", "B"),
    piece("R", "Rook", "hisha", "R"),
    piece("P", "Pawn", "fuhyō", "fW"),
    piece("+P", "Tokin", "tokin", "WfF"),
    piece("+L", "Promoted lance", "narikyō", "WfF"),
    piece("+N", "Promoted knight", "narikei", "WfF"),
    piece("+S", "Promoted silver", "narigin", "WfF"),
    piece("DH", "Dragon horse", "ryūme", "BW"),
    piece("DK", "Dragon king", "ryūō", "RF"),
    // Chu shogi.
    piece("C", "Copper general", "dōshō", "vWfF"),
    piece("FL", "Ferocious leopard", "mōhyō", "FvW"),
    piece("DE", "Drunk elephant", "suizō", "FfsW"),
    piece("BT", "Blind tiger", "mōko", "FbsW"),
    piece("GB", "Go-between", "chūnin", "vW"),
    piece("RC", "Reverse chariot", "hensha", "vR"),
    piece("SM", "Side mover", "ōgyō", "vWsR"),
    piece("VM", "Vertical mover", "kengyō", "sWvR"),
    piece("KY", "Kirin", "kirin", "FD"),
    piece("PH", "Phoenix", "hōō", "WA"),
    piece("FK", "Free king", "honnō", "Q"),
    special("LN", "Lion", "shishi", "KNAD", Special::Lion),
    royal("CP", "Crown prince", "taishi", "K"),
    piece("WH", "White horse", "hakku", "vRfB"),
    piece("WL", "Whale", "keigei", "vRbB"),
    piece("FS", "Flying stag", "hiroku", "vRK"),
    piece("FB", "Free boar", "honcho", "sRB"),
    piece("FO", "Flying ox", "higyū", "vRB"),
    special(
        "HF",
        "Horned falcon",
        "kakuō",
        "BsRbRfWfD",
        Special::HornedFalcon,
    ),
    special(
        "SE",
        "Soaring eagle",
        "hiju",
        "RbBfFfA",
        Special::SoaringEagle,
    ),
];

/// The catalogue entry with this code.
pub fn find(code: &str) -> Option<&'static PieceDef> {
    PIECES.iter().find(|p| p.code == code)
}

/// The catalogue entry whose code or English name is `name` (any case).
pub fn lookup(name: &str) -> Option<&'static PieceDef> {
    PIECES
        .iter()
        .find(|p| p.code.eq_ignore_ascii_case(name))
        .or_else(|| PIECES.iter().find(|p| p.name.eq_ignore_ascii_case(name)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::betza;

    #[test]
    fn codes_are_unique_and_every_betza_parses() {
        for (i, p) in PIECES.iter().enumerate() {
            assert!(
                PIECES[..i].iter().all(|q| q.code != p.code),
                "{} twice",
                p.code
            );
            betza::parse(p.betza).unwrap_or_else(|e| panic!("{}: {e:?}", p.code));
        }
    }

    #[test]
    fn lookup_by_code_or_name() {
        assert_eq!(lookup("ln").unwrap().name, "Lion");
        assert_eq!(lookup("horned FALCON").unwrap().code, "HF");
        assert!(lookup("dragonfly").is_none());
        assert_eq!(find("LN").unwrap().xbetza(), "KNADcaKmcabK");
    }
}
