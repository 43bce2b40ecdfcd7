//! The variants: board, pieces and their promotions, start position, and rules, one table each.
//! docs/variants.md gives the source of every rule chosen here.

use crate::color::Color;
use std::sync::OnceLock;

use super::betza::{self, Ray};
use super::catalogue::{self, PieceDef, Special};

/// The variants Hisha knows besides its own 9x9 engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantId {
    /// Standard shogi, 9x9, through the generic machinery (the engine plays it with its own
    /// 9x9 core; this one is a cross-check of the generic move generator).
    Shogi,
    /// Micro shogi, 4x5.
    Micro,
    /// Minishogi, 5x5.
    Mini,
    /// Judkins shogi, 6x6.
    Judkins,
    /// Tori shogi, 7x7: the birds, with drops.
    Tori,
    /// Sho shogi, 9x9: shogi without drops, with a drunk elephant that promotes to a crown
    /// prince, a second royal piece.
    Sho,
    /// Heian shogi, 9 files by 8 ranks: shogi without rook and bishop, no drops, the bare
    /// king loses.
    Heian,
    /// Wa shogi, 11x11: the animals, with drops (as modern players play it, and CrazyWa).
    Wa,
    /// Wa shogi without drops (as HaChu plays it).
    WaNoDrops,
    /// Chu shogi, 12x12, the rules lishogi plays.
    Chu,
    /// Heian dai shogi, 13x13: the Heian large game, generals that step, no drops.
    HeianDai,
    /// Dai shogi, 15x15: chu shogi's rules with HaChu's setup and letters.
    Dai,
    /// Tenjiku shogi, 16x16: fire demons, jumping generals; chu shogi's promotion on a
    /// 5-rank zone.
    Tenjiku,
    /// Dai dai shogi, 17x17: promotion by capture.
    DaiDai,
    /// Maka dai dai shogi, 19x19: promotion by capture, the king to an emperor; a piece that
    /// takes a deva or dark spirit becomes what they promote to.
    MakaDaiDai,
    /// Tai shogi, 25x25: promotion by capture; an emperor and a crown prince from the start.
    Tai,
    /// Taikyoku shogi, 36x36, as taikyoku-shogi.github.io plays it: 209 kinds a side, range
    /// capture, promotion forced in the last 11 ranks, a king and a crown prince.
    Taikyoku,
    /// A game defined in a file (`VariantPath`, `super::custom`): the n-th loaded.
    Custom(u16),
}

impl VariantId {
    /// Every variant, in board-size order.
    pub const ALL: [VariantId; 17] = [
        VariantId::Micro,
        VariantId::Mini,
        VariantId::Judkins,
        VariantId::Tori,
        VariantId::Heian,
        VariantId::Shogi,
        VariantId::Sho,
        VariantId::Wa,
        VariantId::WaNoDrops,
        VariantId::Chu,
        VariantId::HeianDai,
        VariantId::Dai,
        VariantId::Tenjiku,
        VariantId::DaiDai,
        VariantId::MakaDaiDai,
        VariantId::Tai,
        VariantId::Taikyoku,
    ];

    /// The USI_Variant value.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The variant named `name`: its USI_Variant value or an alias (lishogi's and
    /// fairy-stockfish's names), any case; then the games loaded from files, the latest
    /// definition of a name first.
    pub fn from_name(name: &str) -> Option<VariantId> {
        let name = name.to_ascii_lowercase();
        VariantId::ALL
            .into_iter()
            .find(|v| v.spec().name == name || v.spec().aliases.contains(&name.as_str()))
            .or_else(|| super::custom::find(&name))
    }

    fn spec(self) -> &'static Spec {
        if let VariantId::Custom(n) = self {
            return &super::custom::entry(n).spec;
        }
        SPECS
            .iter()
            .find(|s| s.id == self)
            .expect("every variant has a spec")
    }

    /// Its place in `ALL` (a game loaded from a file: after them, in the order loaded), for
    /// tables kept per variant.
    pub fn index(self) -> usize {
        if let VariantId::Custom(n) = self {
            return VariantId::ALL.len() + n as usize;
        }
        VariantId::ALL
            .iter()
            .position(|&v| v == self)
            .expect("every variant is listed")
    }

    /// Its rules (built once).
    pub fn rules(self) -> &'static Rules {
        if let VariantId::Custom(n) = self {
            return &super::custom::entry(n).rules;
        }
        static CELLS: [OnceLock<Rules>; VariantId::ALL.len()] =
            [const { OnceLock::new() }; VariantId::ALL.len()];
        CELLS[self.index()].get_or_init(|| Rules::build(self.spec()))
    }
}

/// How pieces promote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promotion {
    /// Shogi: on a move that starts or ends in the zone (the last `depth` ranks), optional
    /// unless the piece could not move again.
    Zone(u8),
    /// Tori shogi: on a move that starts or ends in the zone, always.
    ForcedZone(u8),
    /// Chu shogi as lishogi plays it: on entering the zone (the last `depth` ranks), or on a
    /// capture that starts or ends in it; a pawn or lance also on reaching the last rank;
    /// always optional.
    ChuZone(u8),
    /// Chu shogi as HaChu plays it (its "promote on entry"): a move that does not capture
    /// promotes only on entering the zone, a capture when it starts or ends there; a piece that
    /// could not move again from where it lands must promote there when it may, and one that
    /// may not stays a dead piece. A pawn that starts its move in the zone unpromoted has
    /// declined before (in a game with no drops and no pawn starting there), and HaChu then
    /// lets it promote only by a capture on the last rank.
    HachuZone(u8),
    /// Taikyoku shogi as its site plays it: on a move that ends in the zone (or whose double
    /// move steps into it), always.
    ForcedEnd(u8),
    /// Dai dai shogi and larger: a piece that captures promotes, always; no zone.
    OnCapture,
    /// Micro shogi: a piece that captures turns over (promoted side up, or back), always.
    FlipOnCapture,
}

/// What a repeated position means (the fourth time; a search takes the first repetition as
/// the verdict). Perpetual check loses in every variant: the side whose every move of the cycle
/// checked loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionRule {
    /// A draw (shogi's sennichite, lishogi's chu shogi).
    Draw,
    /// A loss for Black, the first player (minishogi, as lishogi and fairy-stockfish rule it).
    SenteLoses,
    /// Tori shogi: a loss for the player whose move brings a position about the third time
    /// (the game ends then, not at the fourth).
    MoverLoses,
}

impl RepetitionRule {
    /// How many times a position must occur for the game to end by this rule.
    pub fn occurrences(self) -> usize {
        match self {
            RepetitionRule::MoverLoses => 3,
            _ => 4,
        }
    }

    /// The verdict when it ends the game, `side` to move in the repeated position.
    pub fn verdict(self, side: Color) -> Verdict {
        match self {
            RepetitionRule::Draw => Verdict::Draw,
            RepetitionRule::SenteLoses => Verdict::Loses(Color::Black),
            RepetitionRule::MoverLoses => Verdict::Loses(!side),
        }
    }
}

/// A repetition's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The game is drawn.
    Draw,
    /// This side loses.
    Loses(Color),
}

/// Chu shogi's lion-trading rules: a lion may not take a protected lion that is not next to
/// it, unless it took a piece other than a pawn or go-between on its first step; and after a
/// piece that is not a lion takes a lion, the other side's next move may not take a lion with
/// a piece that is not a lion, but on the square where its own was taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LionTrading {
    /// None.
    No,
    /// lishogi's (chu): a pawn or go-between a lion takes on its first step still protects
    /// the lion it then takes; after the counter-strike, a lion on the square where one was
    /// taken (a kirin that took it and promoted) may be taken.
    Lishogi,
    /// HaChu's: protection is counted after the move, so the first step's victim does not
    /// protect; and after the counter-strike no lion may be taken by a piece that is not a
    /// lion, not even on the square where the lion was taken (lishogi allows that one).
    HaChu,
}

impl LionTrading {
    /// Whether the game has the rules at all.
    pub fn applies(self) -> bool {
        self != LionTrading::No
    }
}

/// The bare-king rule: a side left with its king alone loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BareKing {
    /// None.
    No,
    /// lishogi's chu shogi rule (chu and dai): pawns, go-betweens and pieces that can never
    /// move again do not count; a king next to the one piece that bares it is not bared; two
    /// bare kings draw.
    Chu,
    /// The Heian games' (chessvariants.com, the Wikipedia articles): every piece counts; a bare
    /// king that can take the other side's last piece at once draws (two bare kings).
    Lone,
}

/// One variant's table, as written.
pub(super) struct Spec {
    pub(super) id: VariantId,
    pub(super) name: &'static str,
    pub(super) aliases: &'static [&'static str],
    pub(super) files: u8,
    pub(super) ranks: u8,
    pub(super) start: &'static str,
    pub(super) drops: bool,
    pub(super) promotion: Promotion,
    pub(super) check_rule: bool,
    pub(super) shogi_drop_rules: bool,
    /// The pawn of the drop rules (its catalogue code) and how many of them unpromoted a side
    /// may have on one file.
    pub(super) pawns: (&'static str, u8),
    pub(super) lion_trading: LionTrading,
    /// Perpetual chase loses as perpetual check does (dai dai shogi).
    pub(super) chase_rule: bool,
    pub(super) repetition: RepetitionRule,
    pub(super) bare_king: BareKing,
    /// (SFEN letters of a piece, of what a piece that takes it becomes): maka dai dai's deva
    /// and dark spirit.
    pub(super) taker_becomes: &'static [(&'static str, &'static str)],
    /// The game's own pieces, beyond the catalogue (a game defined in a file).
    pub(super) pieces: &'static [PieceDef],
    /// (SFEN letters, catalogue code, SFEN letters of what it promotes to).
    pub(super) kinds: &'static [(&'static str, &'static str, Option<&'static str>)],
}

/// Shogi's pawn rule: one unpromoted pawn a file.
const SHOGI_PAWNS: (&str, u8) = ("P", 1);

const STANDARD_KINDS: &[(&str, &str, Option<&str>)] = &[
    ("k", "K", None),
    ("r", "R", Some("+r")),
    ("b", "B", Some("+b")),
    ("g", "G", None),
    ("s", "S", Some("+s")),
    ("n", "N", Some("+n")),
    ("l", "L", Some("+l")),
    ("p", "P", Some("+p")),
    ("+r", "DK", None),
    ("+b", "DH", None),
    ("+s", "+S", None),
    ("+n", "+N", None),
    ("+l", "+L", None),
    ("+p", "+P", None),
];

/// Wa shogi's kinds, with CrazyWa's and HaChu's letters.
const WA_KINDS: &[(&str, &str, Option<&str>)] = &[
    ("k", "CK", None),
    ("e", "CE", None),
    ("f", "FFA", Some("+f")),
    ("s", "SWW", Some("+s")),
    ("x", "TF", None),
    ("r", "RR", Some("+r")),
    ("w", "VW", Some("+w")),
    ("v", "VS", Some("+v")),
    ("g", "FG", Some("+g")),
    ("c", "FC", Some("+c")),
    ("u", "SC", Some("+u")),
    ("l", "SO", Some("+l")),
    ("d", "BDG", Some("+d")),
    ("m", "CM", Some("+m")),
    ("h", "LH", Some("+h")),
    ("o", "OC", Some("+o")),
    ("p", "SP", Some("+p")),
    ("+f", "TFC", None),
    ("+s", "GS", None),
    ("+r", "TF", None),
    ("+w", "BE", None),
    ("+v", "RBO", None),
    ("+g", "SWW", None),
    ("+c", "RF", None),
    ("+u", "FFA", None),
    ("+l", "CE", None),
    ("+d", "VW", None),
    ("+m", "VS", None),
    ("+h", "HH", None),
    ("+o", "PO", None),
    ("+p", "GBW", None),
];

/// Wa shogi's start: CrazyWa's and HaChu's, which is the Hodges leaflet's (Black's blind dog
/// on the tenth file, its climbing monkey on the second).
const WA_START: &str = "hmlcvkwgudo/1e3s3f1/ppprpppxppp/3p3p3/11/11/11/3P3P3/PPPXPPPRPPP/\
                        1F3S3E1/ODUGWKVCLMH b - 1";

static SPECS: [Spec; 17] = [
    Spec {
        id: VariantId::Shogi,
        name: "shogi",
        aliases: &["standard"],
        files: 9,
        ranks: 9,
        start: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        drops: true,
        promotion: Promotion::Zone(3),
        check_rule: true,
        shogi_drop_rules: true,
        pawns: SHOGI_PAWNS,
        lion_trading: LionTrading::No,
        chase_rule: false,
        repetition: RepetitionRule::Draw,
        bare_king: BareKing::No,
        taker_becomes: &[],
        pieces: &[],
        kinds: STANDARD_KINDS,
    },
    Spec {
        id: VariantId::Micro,
        name: "microshogi",
        aliases: &["micro", "micro-shogi", "micro_shogi"],
        files: 4,
        ranks: 5,
        start: "kb+r+l/p3/4/3P/+L+RBK b - 1",
        drops: true,
        promotion: Promotion::FlipOnCapture,
        check_rule: true,
        shogi_drop_rules: false,
        pawns: SHOGI_PAWNS,
        lion_trading: LionTrading::No,
        chase_rule: false,
        repetition: RepetitionRule::Draw,
        bare_king: BareKing::No,
        taker_becomes: &[],
        pieces: &[],
        // fairy-stockfish's letters: each piece is named by one of its two sides.
        kinds: &[
            ("k", "K", None),
            ("b", "B", Some("+b")),
            ("r", "R", Some("+r")),
            ("l", "L", Some("+l")),
            ("p", "P", Some("+p")),
            ("+b", "+P", None),
            ("+r", "G", None),
            ("+l", "S", None),
            ("+p", "N", None),
        ],
    },
    Spec {
        id: VariantId::Mini,
        name: "minishogi",
        aliases: &["mini", "mini-shogi", "5x5"],
        files: 5,
        ranks: 5,
        start: "rbsgk/4p/5/P4/KGSBR b - 1",
        drops: true,
        promotion: Promotion::Zone(1),
        check_rule: true,
        shogi_drop_rules: true,
        pawns: SHOGI_PAWNS,
        lion_trading: LionTrading::No,
        chase_rule: false,
        repetition: RepetitionRule::SenteLoses,
        bare_king: BareKing::No,
        taker_becomes: &[],
        pieces: &[],
        kinds: &[
            ("k", "K", None),
            ("r", "R", Some("+r")),
            ("b", "B", Some("+b")),
            ("g", "G", None),
            ("s", "S", Some("+s")),
            ("p", "P", Some("+p")),
            ("+r", "DK", None),
            ("+b", "DH", None),
            ("+s", "+S", None),
            ("+p", "+P", None),
        ],
    },
    Spec {
        id: VariantId::Judkins,
        name: "judkins",
        aliases: &["judkinshogi", "judkinsshogi", "judkins-shogi", "6x6"],
        files: 6,
        ranks: 6,
        start: "rbnsgk/5p/6/6/P5/KGSNBR b - 1",
        drops: true,
        promotion: Promotion::Zone(2),
        check_rule: true,
        shogi_drop_rules: true,
        pawns: SHOGI_PAWNS,
        lion_trading: LionTrading::No,
        chase_rule: false,
        repetition: RepetitionRule::Draw,
        bare_king: BareKing::No,
        taker_becomes: &[],
        pieces: &[],
        kinds: &[
            ("k", "K", None),
            ("r", "R", Some("+r")),
            ("b", "B", Some("+b")),
            ("g", "G", None),
            ("s", "S", Some("+s")),
            ("n", "N", Some("+n")),
            ("p", "P", Some("+p")),
            ("+r", "DK", None),
            ("+b", "DH", None),
            ("+s", "+S", None),
            ("+n", "+N", None),
            ("+p", "+P", None),
        ],
    },
    Spec {
        id: VariantId::Sho,
        name: "shoshogi",
        aliases: &["sho", "sho-shogi", "sho_shogi"],
        files: 9,
        ranks: 9,
        // The drunk elephant in front of the king (fairy-stockfish's and HaChu's setup).
        start: "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1",
        drops: false,
        promotion: Promotion::Zone(3),
        check_rule: true,
        // No drops; the rules' dead-piece part makes a pawn, lance or knight promote where it
        // could not move again.
        shogi_drop_rules: true,
        pawns: SHOGI_PAWNS,
        lion_trading: LionTrading::No,
        chase_rule: false,
        repetition: RepetitionRule::Draw,
        bare_king: BareKing::No,
        taker_becomes: &[],
        pieces: &[],
        kinds: &[
            ("k", "K", None),
            ("r", "R", Some("+r")),
            ("b", "B", Some("+b")),
            ("g", "G", None),
            ("s", "S", Some("+s")),
            ("n", "N", Some("+n")),
            ("l", "L", Some("+l")),
            ("p", "P", Some("+p")),
            ("e", "DE", Some("+e")),
            ("+r", "DK", None),
            ("+b", "DH", None),
            ("+s", "+S", None),
            ("+n", "+N", None),
            ("+l", "+L", None),
            ("+p", "+P", None),
            ("+e", "CP", None),
        ],
    },
    Spec {
        id: VariantId::Tori,
        name: "torishogi",
        aliases: &["tori", "tori-shogi", "tori_shogi"],
        files: 7,
        ranks: 7,
        start: "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1",
        drops: true,
        promotion: Promotion::ForcedZone(2),
        check_rule: true,
        shogi_drop_rules: true,
        pawns: ("SW", 2),
        lion_trading: LionTrading::No,
        chase_rule: false,
        repetition: RepetitionRule::MoverLoses,
        bare_king: BareKing::No,
        taker_becomes: &[],
        pieces: &[],
        // fairy-stockfish's letters.
        kinds: &[
            ("k", "PHX", None),
            ("f", "FA", Some("+f")),
            ("c", "CR", None),
            ("p", "PT", None),
            ("l", "LQ", None),
            ("r", "RQ", None),
            ("s", "SW", Some("+s")),
            ("+f", "EG", None),
            ("+s", "GSE", None),
        ],
    },
    Spec {
        id: VariantId::Heian,
        name: "heianshogi",
        aliases: &["heian", "heian-shogi", "heian_shogi"],
        files: 9,
        ranks: 8,
        // Shogi's setup less the rook and bishop, on 9 files by 8 ranks.
        start: "lnsgkgsnl/9/ppppppppp/9/9/PPPPPPPPP/9/LNSGKGSNL b - 1",
        drops: false,
        promotion: Promotion::Zone(3),
        check_rule: true,
        // No drops; the rules' dead-piece part makes a pawn, lance or knight promote where it
        // could not move again.
        shogi_drop_rules: true,
        pawns: SHOGI_PAWNS,
        lion_trading: LionTrading::No,
        chase_rule: false,
        repetition: RepetitionRule::Draw,
        bare_king: BareKing::Lone,
        taker_becomes: &[],
        pieces: &[],
        kinds: &[
            ("k", "K", None),
            ("g", "G", None),
            ("s", "S", Some("+s")),
            ("n", "N", Some("+n")),
            ("l", "L", Some("+l")),
            ("p", "P", Some("+p")),
            ("+s", "+S", None),
            ("+n", "+N", None),
            ("+l", "+L", None),
            ("+p", "+P", None),
        ],
    },
    Spec {
        id: VariantId::Wa,
        name: "washogi",
        aliases: &["wa", "crazywa", "wa_shogi"],
        files: 11,
        ranks: 11,
        start: WA_START,
        drops: true,
        promotion: Promotion::Zone(3),
        check_rule: true,
        shogi_drop_rules: true,
        pawns: ("SP", 1),
        lion_trading: LionTrading::No,
        chase_rule: false,
        repetition: RepetitionRule::Draw,
        bare_king: BareKing::No,
        taker_becomes: &[],
        pieces: &[],
        kinds: WA_KINDS,
    },
    Spec {
        id: VariantId::WaNoDrops,
        name: "washogi-nodrops",
        // HaChu's XBoard name is the game without drops.
        aliases: &["wa-shogi", "wa-nodrops", "washoginodrops"],
        files: 11,
        ranks: 11,
        start: WA_START,
        drops: false,
        promotion: Promotion::Zone(3),
        // The crane king is captured, as in Hodges' account and HaChu: no check rule.
        check_rule: false,
        // No drops; the rules' dead-piece part makes a pawn or oxcart promote on the last rank.
        shogi_drop_rules: true,
        pawns: ("SP", 1),
        lion_trading: LionTrading::No,
        chase_rule: false,
        repetition: RepetitionRule::Draw,
        bare_king: BareKing::No,
        taker_becomes: &[],
        pieces: &[],
        kinds: WA_KINDS,
    },
    Spec {
        id: VariantId::Chu,
        name: "chushogi",
        aliases: &["chu", "chu-shogi", "chu_shogi"],
        files: 12,
        ranks: 12,
        start: "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/\
                PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
        drops: false,
        promotion: Promotion::ChuZone(4),
        check_rule: false,
        shogi_drop_rules: false,
        pawns: SHOGI_PAWNS,
        lion_trading: LionTrading::Lishogi,
        chase_rule: false,
        repetition: RepetitionRule::Draw,
        bare_king: BareKing::Chu,
        taker_becomes: &[],
        pieces: &[],
        // lishogi's letters.
        kinds: &[
            ("k", "K", None),
            ("n", "LN", None),
            ("q", "FK", None),
            ("l", "L", Some("+l")),
            ("f", "FL", Some("+f")),
            ("c", "C", Some("+c")),
            ("s", "S", Some("+s")),
            ("g", "G", Some("+g")),
            ("e", "DE", Some("+e")),
            ("a", "RC", Some("+a")),
            ("b", "B", Some("+b")),
            ("t", "BT", Some("+t")),
            ("o", "KY", Some("+o")),
            ("x", "PH", Some("+x")),
            ("m", "SM", Some("+m")),
            ("v", "VM", Some("+v")),
            ("r", "R", Some("+r")),
            ("h", "DH", Some("+h")),
            ("d", "DK", Some("+d")),
            ("p", "P", Some("+p")),
            ("i", "GB", Some("+i")),
            ("+l", "WH", None),
            ("+f", "B", None),
            ("+c", "SM", None),
            ("+s", "VM", None),
            ("+g", "R", None),
            ("+e", "CP", None),
            ("+a", "WL", None),
            ("+b", "DH", None),
            ("+t", "FS", None),
            ("+o", "LN", None),
            ("+x", "FK", None),
            ("+m", "FB", None),
            ("+v", "FO", None),
            ("+r", "DK", None),
            ("+h", "HF", None),
            ("+d", "SE", None),
            ("+p", "+P", None),
            ("+i", "DE", None),
        ],
    },
    Spec {
        id: VariantId::HeianDai,
        name: "heiandaishogi",
        aliases: &[
            "heiandai",
            "heian-dai",
            "heian-dai-shogi",
            "heian_dai_shogi",
        ],
        files: 13,
        ranks: 13,
        start: "lnicsgkgscinl/ad2t1m1t2da/ppppppppppppp/6o6/13/13/13/13/13/6O6/PPPPPPPPPPPPP/\
                AD2T1M1T2DA/LNICSGKGSCINL b - 1",
        drops: false,
        promotion: Promotion::Zone(3),
        check_rule: true,
        shogi_drop_rules: true,
        pawns: SHOGI_PAWNS,
        lion_trading: LionTrading::No,
        chase_rule: false,
        repetition: RepetitionRule::Draw,
        bare_king: BareKing::Lone,
        taker_becomes: &[],
        pieces: &[],
        // Everything promotes to a gold general but the flying dragon, to a dragon horse.
        kinds: &[
            ("k", "K", None),
            ("d", "HFD", Some("+d")),
            ("g", "G", None),
            ("s", "S", Some("+s")),
            ("m", "HSM", Some("+m")),
            ("c", "HC", Some("+c")),
            ("i", "HI", Some("+i")),
            ("t", "FTI", Some("+t")),
            ("a", "FCH", Some("+a")),
            ("o", "GB", Some("+o")),
            ("n", "N", Some("+n")),
            ("l", "L", Some("+l")),
            ("p", "P", Some("+p")),
            ("+d", "DH", None),
            ("+s", "+S", None),
            ("+m", "G", None),
            ("+c", "G", None),
            ("+i", "G", None),
            ("+t", "G", None),
            ("+a", "G", None),
            ("+o", "G", None),
            ("+n", "+N", None),
            ("+l", "+L", None),
            ("+p", "+P", None),
        ],
    },
    Spec {
        id: VariantId::Dai,
        name: "daishogi",
        aliases: &["dai", "dai-shogi", "dai_shogi"],
        files: 15,
        ranks: 15,
        start: "lnuicsgkgsciunl/a1c'1f1tet1f1c'1a/1x'1a'1wxl!ow1a'1x'1/rf'mvbhdqdhbvmf'r/\
                ppppppppppppppp/4p'5p'4/15/15/15/4P'5P'4/PPPPPPPPPPPPPPP/RF'MVBHDQDHBVMF'R/\
                1X'1A'1WOL!XW1A'1X'1/A1C'1F1TET1F1C'1A/LNUICSGKGSCIUNL b - 1",
        drops: false,
        promotion: Promotion::ChuZone(5),
        check_rule: false,
        shogi_drop_rules: false,
        pawns: SHOGI_PAWNS,
        lion_trading: LionTrading::Lishogi,
        chase_rule: false,
        repetition: RepetitionRule::Draw,
        bare_king: BareKing::Chu,
        taker_becomes: &[],
        pieces: &[],
        // HaChu's letters (XBoard's dressed letters for the pieces beyond 26).
        kinds: &[
            ("k", "K", None),
            ("l!", "LN", None),
            ("q", "FK", None),
            ("l", "L", Some("+l")),
            ("n", "N", Some("+n")),
            ("u", "SG", Some("+u")),
            ("i", "I", Some("+i")),
            ("c", "C", Some("+c")),
            ("s", "S", Some("+s")),
            ("g", "G", Some("+g")),
            ("a", "RC", Some("+a")),
            ("c'", "CS", Some("+c'")),
            ("f", "FL", Some("+f")),
            ("t", "BT", Some("+t")),
            ("e", "DE", Some("+e")),
            ("x'", "VO", Some("+x'")),
            ("a'", "AB", Some("+a'")),
            ("w", "EW", Some("+w")),
            ("x", "PH", Some("+x")),
            ("o", "KY", Some("+o")),
            ("r", "R", Some("+r")),
            ("f'", "FD", Some("+f'")),
            ("m", "SM", Some("+m")),
            ("v", "VM", Some("+v")),
            ("b", "B", Some("+b")),
            ("h", "DH", Some("+h")),
            ("d", "DK", Some("+d")),
            ("p", "P", Some("+p")),
            ("p'", "GB", Some("+p'")),
            ("+l", "WH", None),
            ("+n", "G", None),
            ("+u", "G", None),
            ("+i", "G", None),
            ("+c", "SM", None),
            ("+s", "VM", None),
            ("+g", "R", None),
            ("+a", "WL", None),
            ("+c'", "G", None),
            ("+f", "B", None),
            ("+t", "FS", None),
            ("+e", "CP", None),
            ("+x'", "G", None),
            ("+a'", "G", None),
            ("+w", "G", None),
            ("+x", "FK", None),
            ("+o", "LN", None),
            ("+r", "DK", None),
            ("+f'", "G", None),
            ("+m", "FB", None),
            ("+v", "FO", None),
            ("+b", "DH", None),
            ("+h", "HF", None),
            ("+d", "SE", None),
            ("+p", "+P", None),
            ("+p'", "DE", None),
        ],
    },
    Spec {
        id: VariantId::Tenjiku,
        name: "tenjikushogi",
        aliases: &["tenjiku", "tenjiku-shogi", "tenjiku_shogi"],
        files: 16,
        ranks: 16,
        start: "lnficsgekgscifnl/a1c!c!1txql!ot1c!c!1a/s'v'bhdw!d!q'h!d!w!dhbv's'/\
                mvrf!e!b!r!v!q!r!b!e!f!rvm/pppppppppppppppp/4d'6d'4/16/16/16/16/4D'6D'4/\
                PPPPPPPPPPPPPPPP/MVRF!E!B!R!Q!V!R!B!E!F!RVM/S'V'BHDW!D!H!Q'D!W!DHBV'S'/\
                A1C!C!1TOL!QXT1C!C!1A/LNFICSGKEGSCIFNL b - 1",
        drops: false,
        promotion: Promotion::ChuZone(5),
        check_rule: false,
        shogi_drop_rules: false,
        pawns: SHOGI_PAWNS,
        lion_trading: LionTrading::No,
        chase_rule: false,
        repetition: RepetitionRule::Draw,
        bare_king: BareKing::No,
        taker_becomes: &[],
        pieces: &[],
        // HaChu's letters (docs/variants.md).
        kinds: &[
            ("k", "K", None),
            ("e", "DE", Some("+e")),
            ("q", "FK", Some("+q")),
            ("l!", "LN", Some("+l!")),
            ("o", "KY", Some("+o")),
            ("x", "PH", Some("+x")),
            ("a", "RC", Some("+a")),
            ("l", "L", Some("+l")),
            ("n", "N", Some("+n")),
            ("f", "FL", Some("+f")),
            ("i", "I", Some("+i")),
            ("c", "C", Some("+c")),
            ("s", "S", Some("+s")),
            ("g", "G", Some("+g")),
            ("t", "BT", Some("+t")),
            ("m", "SM", Some("+m")),
            ("v", "VM", Some("+v")),
            ("r", "R", Some("+r")),
            ("b", "B", Some("+b")),
            ("h", "DH", Some("+h")),
            ("d", "DK", Some("+d")),
            ("p", "P", Some("+p")),
            ("d'", "DG", Some("+d'")),
            ("s'", "SSO", Some("+s'")),
            ("v'", "VSO", Some("+v'")),
            ("c!", "CSO", Some("+c!")),
            ("w!", "WB", Some("+w!")),
            ("e!", "SE", Some("+e!")),
            ("f!", "HF", Some("+f!")),
            ("d!", "FID", None),
            ("q!", "GGN", None),
            ("v!", "VGN", None),
            ("r!", "RGN", None),
            ("b!", "BGN", None),
            ("h!", "LHK", None),
            ("q'", "FEG", None),
            ("+e", "CP", None),
            ("+q", "FEG", None),
            ("+l!", "LHK", None),
            ("+o", "LN", None),
            ("+x", "FK", None),
            ("+a", "WL", None),
            ("+l", "WH", None),
            ("+n", "SSO", None),
            ("+f", "B", None),
            ("+i", "VSO", None),
            ("+c", "SM", None),
            ("+s", "VM", None),
            ("+g", "R", None),
            ("+t", "FS", None),
            ("+m", "FB", None),
            ("+v", "FO", None),
            ("+r", "DK", None),
            ("+b", "DH", None),
            ("+h", "HF", None),
            ("+d", "SE", None),
            ("+p", "+P", None),
            ("+d'", "MGN", None),
            ("+s'", "WB", None),
            ("+v'", "CSO", None),
            ("+c!", "HT", None),
            ("+w!", "FID", None),
            ("+e!", "RGN", None),
            ("+f!", "BGN", None),
        ],
    },
    Spec {
        id: VariantId::DaiDai,
        name: "daidaishogi",
        aliases: &[
            "daidai",
            "dada",
            "dai-dai-shogi",
            "dai_dai_shogi",
            "daidai-shogi",
        ],
        files: 17,
        ranks: 17,
        start: "ljo!rq'dt!j'ki'qu!ha!s!yl/ap'zm'f'r!ogn!gxc'g'o'nk'a/1b1b'1h'1sg!s1b!1e!1v1/\
                t'w!s'e'wuicx!ciuww'n'f!d!/r'mx'a'ev'ftq!tfv'ea'x'ml'/ppppppppppppppppp/\
                5d'5d'5/17/17/17/5D'5D'5/PPPPPPPPPPPPPPPPP/L'MX'A'EV'FTQ!TFV'EA'X'MR'/\
                D!F!N'W'WUICX!CIUWE'S'W!T'/1V1E!1B!1SG!S1H'1B'1B1/AK'NO'G'C'XGN!GOR!F'M'ZP'A/\
                LYS!A!HU!QI'KJ'T!DQ'RO!JL b - 1",
        drops: false,
        promotion: Promotion::OnCapture,
        check_rule: false,
        shogi_drop_rules: false,
        pawns: SHOGI_PAWNS,
        lion_trading: LionTrading::No,
        chase_rule: true,
        repetition: RepetitionRule::Draw,
        bare_king: BareKing::No,
        taker_becomes: &[],
        pieces: &[],
        // Letters, then the same letters dressed with ' and ! (XBoard's scheme; docs/variants.md).
        kinds: &[
            ("k", "K", None),
            ("a", "RC", None),
            ("b", "B", None),
            ("c", "C", None),
            ("d", "DK", None),
            ("e", "EW", None),
            ("f", "FL", None),
            ("g", "G", None),
            ("h", "DH", None),
            ("i", "I", None),
            ("j", "HM", None),
            ("l", "L", None),
            ("m", "SM", None),
            ("n", "LN", Some("+n")),
            ("o", "KY", Some("+o")),
            ("p", "P", None),
            ("q", "FK", None),
            ("r", "R", None),
            ("s", "S", None),
            ("t", "ST", None),
            ("u", "SG", None),
            ("v", "VM", None),
            ("w", "WG", None),
            ("x", "PH", Some("+x")),
            ("y", "LGN", None),
            ("z", "LD", Some("+z")),
            ("a'", "AB", None),
            ("b'", "EB", Some("+b'")),
            ("c'", "CS", Some("+c'")),
            ("d'", "HD", None),
            ("e'", "EBA", Some("+e'")),
            ("f'", "FD", Some("+f'")),
            ("g'", "PST", Some("+g'")),
            ("h'", "FH", Some("+h'")),
            ("i'", "LG", None),
            ("j'", "RG", None),
            ("k'", "OK", Some("+k'")),
            ("l'", "LCH", None),
            ("m'", "BM", Some("+m'")),
            ("n'", "NBA", Some("+n'")),
            ("o'", "OR", Some("+o'")),
            ("p'", "PSN", Some("+p'")),
            ("q'", "SQ", None),
            ("r'", "RCH", None),
            ("s'", "SBA", Some("+s'")),
            ("t'", "WT", None),
            ("v'", "VB", None),
            ("w'", "WBA", Some("+w'")),
            ("x'", "VO", None),
            ("a!", "RA", None),
            ("b!", "WB", Some("+b!")),
            ("d!", "BD", None),
            ("e!", "EF", Some("+e!")),
            ("f!", "FE", None),
            ("g!", "GD", None),
            ("n!", "NK", Some("+n!")),
            ("o!", "DO", None),
            ("q!", "SBR", None),
            ("r!", "RB", Some("+r!")),
            ("s!", "SD", None),
            ("t!", "FT", None),
            ("u!", "FR", None),
            ("w!", "WE", None),
            ("x!", "GO", None),
            ("+n", "FF", None),
            ("+o", "GD", None),
            ("+x", "GO", None),
            ("+z", "GE", None),
            ("+b'", "DO", None),
            ("+c'", "DH", None),
            ("+e'", "LN", None),
            ("+f'", "DK", None),
            ("+g'", "SQ", None),
            ("+h'", "FK", None),
            ("+k'", "LGN", None),
            ("+m'", "MW", None),
            ("+n'", "FE", None),
            ("+o'", "WS", None),
            ("+p'", "HM", None),
            ("+s'", "WE", None),
            ("+w'", "LD", None),
            ("+b!", "FT", None),
            ("+e!", "SD", None),
            ("+n!", "SBR", None),
            ("+r!", "FR", None),
        ],
    },
    Spec {
        id: VariantId::MakaDaiDai,
        name: "makadaidaishogi",
        aliases: &[
            "makadaidai",
            "maka",
            "maka-dai-dai-shogi",
            "maka_dai_dai_shogi",
            "makadaidai-shogi",
        ],
        files: 19,
        ranks: 19,
        start: "le'uyicsgj'ki'gsciyue'l/a1c'1m'1d!ftetfs!1n'1c'1a/1o'1a'1b'1wxl!ow1b'1a'1o'1/\
                y'1n1x'1f's'g'w!w'd'f'1x'1n1y'/rr'mf!vbhdh!qc!dhbvf!ml'r/ppppppppppppppppppp/\
                5p'7p'5/19/19/19/19/19/5P'7P'5/PPPPPPPPPPPPPPPPPPP/RL'MF!VBHDC!QH!DHBVF!MR'R/\
                Y'1N1X'1F'D'W'W!G'S'F'1X'1N1Y'/1O'1A'1B'1WOL!XW1B'1A'1O'1/\
                A1C'1N'1S!FTETFD!1M'1C'1A/LE'UYICSGI'KJ'GSCIYUE'L b - 1",
        drops: false,
        promotion: Promotion::OnCapture,
        check_rule: false,
        shogi_drop_rules: false,
        pawns: SHOGI_PAWNS,
        lion_trading: LionTrading::No,
        chase_rule: false,
        repetition: RepetitionRule::Draw,
        bare_king: BareKing::No,
        taker_becomes: &[("i'", "+i'"), ("j'", "+j'")],
        pieces: &[],
        // HaChu's letters where its table gives them (dressed with ' and !), the rest in the
        // same scheme.
        kinds: &[
            ("k", "K", Some("+k")),
            ("a", "RC", Some("+a")),
            ("b", "B", Some("+b")),
            ("c", "C", Some("+c")),
            ("d", "DK", None),
            ("e", "DE", Some("+e")),
            ("f", "FL", Some("+f")),
            ("g", "G", Some("+g")),
            ("h", "DH", None),
            ("i", "I", Some("+i")),
            ("l", "L", Some("+l")),
            ("m", "SM", Some("+m")),
            ("n", "N", Some("+n")),
            ("o", "KY", Some("+o")),
            ("p", "P", Some("+p")),
            ("q", "FK", None),
            ("r", "R", Some("+r")),
            ("s", "S", Some("+s")),
            ("t", "BT", Some("+t")),
            ("u", "SG", Some("+u")),
            ("v", "VM", Some("+v")),
            ("w", "EW", Some("+w")),
            ("x", "PH", Some("+x")),
            ("y", "TG", Some("+y")),
            ("a'", "AB", Some("+a'")),
            ("b'", "BB", Some("+b'")),
            ("c'", "CS", Some("+c'")),
            ("d'", "BDV", Some("+d'")),
            ("e'", "EGN", Some("+e'")),
            ("f'", "FD", Some("+f'")),
            ("g'", "GG", Some("+g'")),
            ("i'", "DV", Some("+i'")),
            ("j'", "DS", Some("+j'")),
            ("l'", "LCH", Some("+l'")),
            ("m'", "OM", Some("+m'")),
            ("n'", "CC", Some("+n'")),
            ("o'", "OR", Some("+o'")),
            ("p'", "GB", Some("+p'")),
            ("r'", "RCH", Some("+r'")),
            ("s'", "SD", Some("+s'")),
            ("w'", "WR", Some("+w'")),
            ("x'", "VO", Some("+x'")),
            ("y'", "DY", Some("+y'")),
            ("c!", "CA", Some("+c!")),
            ("d!", "RD", Some("+d!")),
            ("f!", "SF", Some("+f!")),
            ("h!", "HM", Some("+h!")),
            ("l!", "LN", Some("+l!")),
            ("s!", "CO", Some("+s!")),
            ("w!", "LD", Some("+w!")),
            ("+k", "EM", None),
            ("+a", "G", None),
            ("+b", "G", None),
            ("+c", "FCO", None),
            ("+e", "CP", None),
            ("+f", "FLE", None),
            ("+g", "FGO", None),
            ("+i", "FIR", None),
            ("+l", "G", None),
            ("+m", "G", None),
            ("+n", "G", None),
            ("+o", "GD", None),
            ("+p", "+P", None),
            ("+r", "G", None),
            ("+s", "FSI", None),
            ("+t", "FTG", None),
            ("+u", "FST", None),
            ("+v", "G", None),
            ("+w", "FWO", None),
            ("+x", "GO", None),
            ("+y", "FTL", None),
            ("+a'", "FB", None),
            ("+b'", "FBE", None),
            ("+c'", "FCA", None),
            ("+d'", "G", None),
            ("+e'", "FEA", None),
            ("+f'", "G", None),
            ("+g'", "G", None),
            ("+i'", "TK", None),
            ("+j'", "BS", None),
            ("+l'", "G", None),
            ("+m'", "MW", None),
            ("+n'", "WS", None),
            ("+o'", "BA", None),
            ("+p'", "FGB", None),
            ("+r'", "G", None),
            ("+s'", "G", None),
            ("+w'", "G", None),
            ("+x'", "G", None),
            ("+y'", "G", None),
            ("+c!", "G", None),
            ("+d!", "FDR", None),
            ("+f!", "G", None),
            ("+h!", "G", None),
            ("+l!", "FF", None),
            ("+s!", "FSE", None),
            ("+w!", "G", None),
        ],
    },
    Spec {
        id: VariantId::Tai,
        name: "taishogi",
        aliases: &["tai", "tai-shogi", "tai_shogi"],
        files: 25,
        ranks: 25,
        start: "lu!x!f'n!o!rhdqgj'ki'gqdhro!n!f'x!t?l/\
                ai?l?ns?t'be?y!r!sq'zjsr!y!e?bt's?nl?i?a/\
                c?t!r?x'c'b'h?g?m!ts'g'k!w'd'tm!g?h?b'c'x'r?t!c?/\
                b?q!fu'z'n'f?m'v'p?g!xl!ok'p?i!m'f?n'e!j!fq!b?/\
                r'v?v!e'uyico's!d!h!ec!d!s!o'ciyue'v!b!l'/\
                d?h'a!y'o?mvw?p!a?a'ww!wa'a?p!w?vmo?y'a!h'd?/ppppppppppppppppppppppppp/\
                7p'9p'7/25/25/25/25/25/25/25/25/25/7P'9P'7/PPPPPPPPPPPPPPPPPPPPPPPPP/\
                D?H'A!Y'O?MVW?P!A?A'WW!WA'A?P!W?VMO?Y'A!H'D?/\
                L'B!V!E'UYICO'S!D!C!EH!D!S!O'CIYUE'V!V?R'/\
                B?Q!FJ!E!N'F?M'I!P?K'OL!XG!P?V'M'F?N'Z'U'FQ!B?/\
                C?T!R?X'C'B'H?G?M!TD'W'K!G'S'TM!G?H?B'C'X'R?T!C?/\
                AI?L?NS?T'BE?Y!R!SJZQ'SR!Y!E?BT'S?NL?I?A/LT?X!F'N!O!RHDQGI'KJ'GQDHRO!N!F'X!U!L b - 1",
        drops: false,
        promotion: Promotion::OnCapture,
        check_rule: false,
        shogi_drop_rules: false,
        pawns: SHOGI_PAWNS,
        lion_trading: LionTrading::No,
        chase_rule: false,
        repetition: RepetitionRule::Draw,
        bare_king: BareKing::No,
        taker_becomes: &[],
        pieces: &[],
        // Maka dai dai's letters for the pieces the two games share, the others in the same
        // scheme, with a third mark, `?`, beyond the 78 that letters, `'` and `!` give.
        kinds: &[
            ("k", "EM", None),
            ("a", "RC", None),
            ("b", "B", Some("+b")),
            ("c", "C", None),
            ("d", "DK", None),
            ("e", "DE", Some("+e")),
            ("f", "FL", None),
            ("g", "G", None),
            ("h", "DH", None),
            ("i", "I", None),
            ("j", "LG", None),
            ("l", "L", None),
            ("m", "SM", Some("+m")),
            ("n", "N", Some("+n")),
            ("o", "KY", Some("+o")),
            ("p", "P", None),
            ("q", "FK", None),
            ("r", "R", Some("+r")),
            ("s", "S", None),
            ("t", "BT", None),
            ("u", "SG", None),
            ("v", "VM", Some("+v")),
            ("w", "EW", None),
            ("x", "PH", Some("+x")),
            ("y", "TG", None),
            ("z", "CP", None),
            ("a'", "AB", None),
            ("b'", "BB", None),
            ("c'", "CS", None),
            ("d'", "BDV", Some("+d'")),
            ("e'", "EGN", None),
            ("f'", "FD", Some("+f'")),
            ("g'", "GG", Some("+g'")),
            ("h'", "FH", Some("+h'")),
            ("i'", "DV", Some("+i'")),
            ("j'", "DS", Some("+j'")),
            ("k'", "GD", None),
            ("l'", "LCH", None),
            ("m'", "OM", None),
            ("n'", "CC", Some("+n'")),
            ("o'", "OR", Some("+o'")),
            ("p'", "GB", None),
            ("q'", "RG", None),
            ("r'", "RCH", None),
            ("s'", "SD", Some("+s'")),
            ("t'", "FTT", None),
            ("u'", "NBA", Some("+u'")),
            ("v'", "RB", Some("+v'")),
            ("w'", "WR", Some("+w'")),
            ("x'", "VO", None),
            ("y'", "DY", Some("+y'")),
            ("z'", "SBA", Some("+z'")),
            ("a!", "EB", Some("+a!")),
            ("b!", "BD", None),
            ("c!", "CA", Some("+c!")),
            ("d!", "RD", None),
            ("e!", "EBA", Some("+e!")),
            ("g!", "GO", None),
            ("h!", "HM", Some("+h!")),
            ("i!", "OK", Some("+i!")),
            ("j!", "WBA", Some("+j!")),
            ("k!", "NKT", Some("+k!")),
            ("l!", "LN", Some("+l!")),
            ("m!", "BM", Some("+m!")),
            ("n!", "LGN", None),
            ("o!", "DO", None),
            ("p!", "SBR", None),
            ("q!", "WB", Some("+q!")),
            ("r!", "FRT", None),
            ("s!", "CO", None),
            ("t!", "WH", None),
            ("u!", "WT", None),
            ("v!", "WG", None),
            ("w!", "LD", Some("+w!")),
            ("x!", "WL", None),
            ("y!", "WE", None),
            ("a?", "PST", Some("+a?")),
            ("b?", "SOL", None),
            ("c?", "RA", None),
            ("d?", "HD", None),
            ("e?", "FEE", None),
            ("f?", "HF", None),
            ("g?", "GDE", None),
            ("h?", "SHA", None),
            ("i?", "SDR", Some("+i?")),
            ("l?", "SE", None),
            ("o?", "FO", None),
            ("p?", "PC", None),
            ("r?", "RHS", None),
            ("s?", "PSN", Some("+s?")),
            ("t?", "TS", None),
            ("v?", "VSP", None),
            ("w?", "VB", None),
            ("+b", "G", None),
            ("+e", "CP", None),
            ("+m", "G", None),
            ("+n", "G", None),
            ("+o", "GD", None),
            ("+r", "G", None),
            ("+v", "G", None),
            ("+x", "GO", None),
            ("+d'", "G", None),
            ("+f'", "G", None),
            ("+g'", "G", None),
            ("+h'", "FK", None),
            ("+i'", "TK", None),
            ("+j'", "BS", None),
            ("+n'", "WS", None),
            ("+o'", "WS", None),
            ("+s'", "G", None),
            ("+u'", "FE", None),
            ("+v'", "FRT", None),
            ("+w'", "G", None),
            ("+y'", "G", None),
            ("+z'", "WE", None),
            ("+a!", "DO", None),
            ("+c!", "G", None),
            ("+e!", "LN", None),
            ("+h!", "G", None),
            ("+i!", "LGN", None),
            ("+j!", "LD", None),
            ("+k!", "SBR", None),
            ("+l!", "FF", None),
            ("+m!", "MW", None),
            ("+q!", "FTT", None),
            ("+w!", "GE", None),
            ("+a?", "SQ", None),
            ("+i?", "G", None),
            ("+s?", "HM", None),
        ],
    },
    Spec {
        id: VariantId::Taikyoku,
        name: "taikyokushogi",
        aliases: &["taikyoku", "taikyoku-shogi", "taikyoku_shogi"],
        files: 36,
        ranks: 36,
        start: super::taikyoku::START,
        drops: false,
        promotion: Promotion::ForcedEnd(11),
        check_rule: false,
        shogi_drop_rules: false,
        pawns: SHOGI_PAWNS,
        lion_trading: LionTrading::No,
        chase_rule: false,
        repetition: RepetitionRule::Draw,
        bare_king: BareKing::No,
        taker_becomes: &[],
        pieces: super::taikyoku::PIECES,
        kinds: super::taikyoku::KINDS,
    },
];

/// The index of a kind in its game's table (`Rules::kinds`): taikyoku shogi has more than 256.
pub type KindIx = u16;

/// A kind of piece on a variant's board: a catalogue piece, promoted or not.
#[derive(Debug)]
pub struct Kind {
    /// SFEN letters, lower case (`p`, `+p`).
    pub sfen: &'static str,
    /// The catalogue piece it moves as.
    pub piece: &'static PieceDef,
    /// Promoted (it shows `+` in SFEN and cannot promote again).
    pub promoted: bool,
    /// What it promotes (or, in micro shogi, turns over) to.
    pub promotes_to: Option<KindIx>,
    /// The kind it goes back to when captured (itself when not promoted).
    pub base: KindIx,
    /// Its Betza moves, for the mover.
    pub rays: Vec<Ray>,
    /// Its special moves.
    pub special: Special,
    /// Royal.
    pub royal: bool,
    /// A lion for chu shogi's lion-trading rules (the lion and the promoted kirin).
    pub lion: bool,
    /// A pawn or go-between: the captures that do not license a lion to take a protected lion.
    pub minor: bool,
    /// The pawn of shogi's drop rules (tori shogi's swallow): so many a file, no mate by its
    /// drop.
    pub drop_pawn: bool,
    /// Ranks from the last on which it could never move again (0: none; pawn, lance 1,
    /// knight 2).
    pub dead_ranks: u8,
    /// Two of its rays reach one square (a furious fiend's leap to the second square and its
    /// slide there): the generator then keeps one move a square.
    pub overlapping: bool,
    /// Which capturing ray reaches each offset on the board (in the mover's frame, row by row
    /// from `-radius` to `radius` each way, `radius` one less than the board's longer side):
    /// 0 none, `HIT_MANY` two or more, else the ray's index plus one and, in the high byte,
    /// the steps it takes. The attack test's lookup, instead of trying every ray.
    pub hits: Vec<u16>,
}

/// A `Kind::hits` entry: two or more rays reach the offset (each is tried).
pub const HIT_MANY: u16 = u16::MAX;

/// The numbers of steps by which `ray` can capture, on a board whose longer side is
/// `radius + 1` squares (none for a ray that only moves).
pub fn capture_steps(ray: &Ray, radius: i32) -> std::ops::RangeInclusive<i32> {
    match (ray.mode, ray.leap, ray.range) {
        (betza::Mode::Move, _, _) => std::ops::RangeInclusive::new(1, 0),
        (_, true, _) => 1..=1,
        (_, false, 0) => 1 + i32::from(ray.skip)..=radius,
        (_, false, n) => 1 + i32::from(ray.skip)..=i32::from(n),
    }
}

/// The `Kind::hits` table of a kind with `rays`, on a board whose longer side is
/// `radius + 1` squares.
fn hit_table(rays: &[Ray], radius: i32) -> Vec<u16> {
    let width = 2 * radius + 1;
    let mut table = vec![0u16; (width * width) as usize];
    for (i, ray) in rays.iter().enumerate() {
        for k in capture_steps(ray, radius) {
            let (ox, oy) = (i32::from(ray.dx) * k, i32::from(ray.dy) * k);
            if ox.abs() > radius || oy.abs() > radius {
                break;
            }
            let entry = &mut table[((oy + radius) * width + ox + radius) as usize];
            *entry = if *entry == 0 && i < 254 {
                (i as u16 + 1) | (k as u16) << 8
            } else {
                HIT_MANY
            };
        }
    }
    table
}

/// Whether two of `rays` reach one offset (on a board whose longer side is `radius + 1`).
fn rays_overlap(rays: &[Ray], radius: i32) -> bool {
    let width = 2 * radius + 1;
    let mut reached = vec![false; (width * width) as usize];
    for ray in rays {
        let steps = if ray.leap || ray.range == 1 {
            1
        } else if ray.range == 0 {
            radius
        } else {
            i32::from(ray.range)
        };
        for k in 1..=steps {
            let (ox, oy) = (i32::from(ray.dx) * k, i32::from(ray.dy) * k);
            if ox.abs() > radius || oy.abs() > radius {
                break;
            }
            let cell = &mut reached[((oy + radius) * width + ox + radius) as usize];
            if *cell {
                return true;
            }
            *cell = true;
        }
    }
    false
}

/// A variant's rules, ready for the move generator.
#[derive(Debug)]
pub struct Rules {
    /// Which.
    pub id: VariantId,
    /// USI_Variant value.
    pub name: &'static str,
    /// Board width.
    pub files: u8,
    /// Board height.
    pub ranks: u8,
    /// Start position (SFEN).
    pub start: &'static str,
    /// Captured pieces go to the hand and may be dropped.
    pub drops: bool,
    /// How pieces promote.
    pub promotion: Promotion,
    /// A move may not leave one's own king attacked (the small variants, as shogi); without it
    /// (chu and larger) the king may be captured and that ends the game.
    pub check_rule: bool,
    /// Every piece moves by steps, plain leaps and slides along files, ranks and diagonals (no
    /// special moves): a piece can then uncover an attack on its royal only from a square on
    /// a file, rank or diagonal through it.
    pub line_pins: bool,
    /// Shogi's drop rules: no second unpromoted pawn on a file, no mate by a pawn drop, no drop
    /// where the piece could never move; promotion forced where a piece could never move again.
    pub shogi_drop_rules: bool,
    /// Under the drop rules, how many unpromoted pawns (`Kind::drop_pawn`) a side may have on
    /// one file: 1, tori shogi's swallows 2.
    pub pawns_per_file: u8,
    /// Chu shogi's lion-trading rules (chu and dai).
    pub lion_trading: LionTrading,
    /// Whose evaluation the game plays with: its own, or, for a game defined in a file with
    /// `evaluation = NAME`, a built-in game's of the same board and pieces (its fitted weights).
    pub evaluation: VariantId,
    /// Perpetual chase is forbidden as perpetual check is (dai dai shogi): a side whose every
    /// move of a repetition checked or chased (`VPosition::chased`) loses.
    pub chase_rule: bool,
    /// Some kind burns (tenjiku's fire demon): moves may capture next to where they end.
    pub burning: bool,
    /// What a repetition means.
    pub repetition: RepetitionRule,
    /// The bare-king rule: lishogi's chu shogi rule (chu and dai), the Heian games' or none.
    pub bare_king: BareKing,
    /// (kind, what a piece that takes it becomes): maka dai dai's deva and dark spirit. A
    /// royal taker is not changed.
    pub taker_becomes: Vec<(KindIx, KindIx)>,
    /// The kinds of piece.
    pub kinds: Vec<Kind>,
    /// Every offset off the board's eight lines (a knight's leap) from which some kind
    /// captures, in the mover's frame (`Kind::hits`): with the lines, where the attack test
    /// looks for attackers of a square on a board of many pieces.
    pub off_line: Vec<(i16, i16)>,
    /// How far along one of the eight lines a piece may capture past a piece standing
    /// between (a leap's length), when no kind's ray passes over pieces or skips squares
    /// (`None` where one does): the attack test looks no farther along a line than this or
    /// its first piece.
    pub line_leap: Option<u8>,
}

/// The offsets off the eight lines at which some kind of `kinds` captures (`Rules::off_line`).
fn off_line_offsets(kinds: &[Kind], radius: i32) -> Vec<(i16, i16)> {
    let width = 2 * radius + 1;
    let mut out = Vec::new();
    for (i, _) in (0..width * width).enumerate() {
        let (ox, oy) = (i as i32 % width - radius, i as i32 / width - radius);
        let on_line = ox == 0 || oy == 0 || ox.abs() == oy.abs();
        if !on_line && kinds.iter().any(|k| k.hits[i] != 0) {
            out.push((ox as i16, oy as i16));
        }
    }
    out
}

/// `Rules::line_leap` of `kinds`.
fn line_leap(kinds: &[Kind]) -> Option<u8> {
    let mut longest = 1u8;
    for ray in kinds.iter().flat_map(|k| &k.rays) {
        if ray.pass > 0 || ray.skip > 0 {
            return None;
        }
        if ray.leap {
            longest = longest.max(ray.dx.unsigned_abs().max(ray.dy.unsigned_abs()));
        }
    }
    Some(longest)
}

impl Rules {
    pub(super) fn build(spec: &Spec) -> Rules {
        let index = |sfen: &str| {
            spec.kinds
                .iter()
                .position(|k| k.0 == sfen)
                .unwrap_or_else(|| panic!("{}: no kind {sfen}", spec.name)) as KindIx
        };
        let mut kinds = Vec::new();
        for &(sfen, code, promotes) in spec.kinds {
            let piece = spec
                .pieces
                .iter()
                .find(|p| p.code == code)
                .or_else(|| catalogue::find(code))
                .unwrap_or_else(|| panic!("{}: no catalogue piece {code}", spec.name));
            let rays = betza::parse(piece.betza).expect("catalogue Betza parses");
            let promoted = sfen.starts_with('+');
            let base = if promoted {
                index(&sfen[1..])
            } else {
                index(sfen)
            };
            let dead_ranks = rays
                .iter()
                .map(|r| r.dy.max(0) as u8)
                .min()
                .unwrap_or(0)
                .min(spec.ranks);
            let radius = i32::from(spec.files.max(spec.ranks)) - 1;
            let hits = hit_table(&rays, radius);
            let overlapping = rays_overlap(&rays, radius);
            kinds.push(Kind {
                sfen,
                piece,
                promoted,
                promotes_to: promotes.map(index),
                base,
                rays,
                special: piece.special,
                royal: piece.royal,
                lion: piece.code == "LN",
                minor: matches!(piece.code, "P" | "GB"),
                drop_pawn: spec.shogi_drop_rules && piece.code == spec.pawns.0,
                dead_ranks,
                overlapping,
                hits,
            });
        }
        // Micro shogi: the promoted side turns back over on a capture.
        if spec.promotion == Promotion::FlipOnCapture {
            for kind in kinds.iter_mut().filter(|k| k.promoted) {
                kind.promotes_to = Some(kind.base);
            }
        }
        Rules {
            id: spec.id,
            name: spec.name,
            files: spec.files,
            ranks: spec.ranks,
            start: spec.start,
            drops: spec.drops,
            promotion: spec.promotion,
            check_rule: spec.check_rule,
            shogi_drop_rules: spec.shogi_drop_rules,
            pawns_per_file: spec.pawns.1,
            lion_trading: spec.lion_trading,
            evaluation: spec.id,
            chase_rule: spec.chase_rule,
            burning: kinds.iter().any(|k| k.special == Special::FireDemon),
            line_pins: kinds.iter().all(|k| {
                k.special == Special::None
                    && k.rays.iter().all(|r| {
                        let straight = r.dx == 0 || r.dy == 0 || r.dx.abs() == r.dy.abs();
                        r.skip == 0
                            && r.pass == 0
                            && (r.range == 1 || r.leap && !r.lame || straight)
                    })
            }),
            repetition: spec.repetition,
            bare_king: spec.bare_king,
            taker_becomes: spec
                .taker_becomes
                .iter()
                .map(|&(victim, becomes)| (index(victim), index(becomes)))
                .collect(),
            off_line: off_line_offsets(&kinds, i32::from(spec.files.max(spec.ranks)) - 1),
            line_leap: line_leap(&kinds),
            kinds,
        }
    }

    /// The kind whose SFEN letters are `sfen` (lower case).
    pub fn kind_index(&self, sfen: &str) -> Option<KindIx> {
        self.kinds
            .iter()
            .position(|k| k.sfen == sfen)
            .map(|i| i as KindIx)
    }

    /// The game's verdict on the last position of `history` when it is the occurrence of a
    /// position that ends the game (the fourth; tori shogi's third): as `search_repetition`,
    /// the checks counted since the first occurrence.
    pub fn game_repetition(&self, history: &[(u64, bool, bool)], side: Color) -> Option<Verdict> {
        self.repeated(history, side, self.repetition.occurrences() - 1)
    }

    /// The verdict a search gives the last position of `history` (each position's key, and
    /// whether its side to move was in check; `side` is to move in the last), compared with
    /// the positions from index `since` on only (a search gives the position its last null
    /// move reached: nothing before it can recur): if it occurred there before with the same
    /// side to move, a loss for the side that checked with every move since then, else the
    /// variant's rule. The search scores a line at its first repetition, as the game would end
    /// if it went on repeating.
    pub fn search_repetition(
        &self,
        history: &[(u64, bool, bool)],
        side: Color,
        since: usize,
    ) -> Option<Verdict> {
        let n = history.len().checked_sub(1)?;
        let key = history[n].0;
        let j = (since..n.saturating_sub(1))
            .rev()
            .step_by(2)
            .find(|&j| history[j].0 == key)?;
        Some(self.verdict_since(history, side, j))
    }

    /// The verdict when the last position of `history` occurred `earlier` times before.
    fn repeated(
        &self,
        history: &[(u64, bool, bool)],
        side: Color,
        earlier: usize,
    ) -> Option<Verdict> {
        let n = history.len().checked_sub(1)?;
        let key = history[n].0;
        let j = (2..=n)
            .step_by(2)
            .map(|back| n - back)
            .filter(|&j| history[j].0 == key)
            .nth(earlier - 1)?;
        Some(self.verdict_since(history, side, j))
    }

    /// The verdict on a repetition of the last position of `history` (`side` to move), whose
    /// earliest occurrence counted is at index `j`.
    fn verdict_since(&self, history: &[(u64, bool, bool)], side: Color, j: usize) -> Verdict {
        let n = history.len() - 1;
        // After each of the opponent's moves (positions with `side` to move) `side` was in
        // check (or, under the chase rule, chased), or after each of `side`'s.
        let forced = |k: usize| history[k].1 || history[k].2;
        let they_checked = (j + 2..=n).step_by(2).all(forced);
        let we_checked = (j + 1..n).step_by(2).all(forced);
        match (they_checked, we_checked) {
            (true, false) => Verdict::Loses(!side),
            (false, true) => Verdict::Loses(side),
            _ => self.repetition.verdict(side),
        }
    }

    /// The names a variant is also known by.
    pub fn aliases(&self) -> &'static [&'static str] {
        self.id.spec().aliases
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn every_variant_builds_and_is_found_by_its_names() {
        for v in VariantId::ALL {
            let r = v.rules();
            assert_eq!(VariantId::from_name(r.name), Some(v));
            for a in r.aliases() {
                assert_eq!(VariantId::from_name(a), Some(v));
            }
            for k in &r.kinds {
                if let Some(p) = k.promotes_to {
                    assert!((p as usize) < r.kinds.len());
                }
                assert!(!r.kinds[k.base as usize].promoted);
            }
        }
        assert_eq!(VariantId::from_name("CHU"), Some(VariantId::Chu));
        assert_eq!(VariantId::from_name("tenjiku"), Some(VariantId::Tenjiku));
        assert_eq!(VariantId::from_name("taikyoku"), Some(VariantId::Taikyoku));
        assert_eq!(VariantId::from_name("go"), None);
        assert_eq!(VariantId::from_name("DaiDai"), Some(VariantId::DaiDai));
        assert_eq!(VariantId::from_name("tori"), Some(VariantId::Tori));
    }

    #[test]
    fn pins_run_along_lines_on_the_small_boards_only() {
        use VariantId::*;
        for v in [Shogi, Micro, Mini, Judkins] {
            assert!(v.rules().line_pins, "{}", v.rules().name);
        }
        // Lions (and the special movers of the larger games) pin otherwise.
        for v in [Chu, Dai, Tenjiku, DaiDai] {
            assert!(!v.rules().line_pins, "{}", v.rules().name);
        }
    }

    #[test]
    fn repetitions() {
        let chu = VariantId::Chu.rules();
        let mini = VariantId::Mini.rules();
        let no = |keys: &[u64]| keys.iter().map(|&k| (k, false, false)).collect::<Vec<_>>();
        let first =
            |r: &Rules, history: &[(u64, bool, bool)], side| r.search_repetition(history, side, 0);
        // 1 2 3 4 1: Black to move again in the first position (side 0 at both ends).
        let cycle = no(&[1, 2, 3, 4, 1]);
        assert_eq!(first(chu, &cycle, Black), Some(Verdict::Draw));
        assert_eq!(first(mini, &cycle, Black), Some(Verdict::Loses(Black)));
        assert_eq!(first(mini, &cycle, White), Some(Verdict::Loses(Black)));
        // A position seen with the other side to move is no repetition.
        assert_eq!(first(chu, &no(&[1, 2, 1]), Black), Some(Verdict::Draw));
        assert_eq!(first(chu, &no(&[1, 2, 3, 1]), White), None);
        assert_eq!(first(chu, &no(&[1, 2, 3]), Black), None);
        // White checked after each of its moves (positions 2 and 4 have Black in check).
        let white_checks = [
            (1, false, false),
            (2, false, false),
            (3, true, false),
            (4, false, false),
            (1, true, false),
        ];
        assert_eq!(
            first(chu, &white_checks, Black),
            Some(Verdict::Loses(White))
        );
        // Black checked with each of its moves (positions 1 and 3, White to move).
        let black_checks = [
            (1, false, false),
            (2, true, false),
            (3, false, false),
            (4, true, false),
            (1, false, false),
        ];
        assert_eq!(
            first(mini, &black_checks, Black),
            Some(Verdict::Loses(Black))
        );
        assert_eq!(
            first(chu, &black_checks, Black),
            Some(Verdict::Loses(Black))
        );
        // Both checked throughout: the rule of the variant.
        let both = [
            (1, true, false),
            (2, true, false),
            (3, true, false),
            (4, true, false),
            (1, true, false),
        ];
        assert_eq!(first(chu, &both, Black), Some(Verdict::Draw));
    }

    #[test]
    fn nothing_before_a_pass_recurs() {
        let mini = VariantId::Mini.rules();
        let no = |keys: &[u64]| keys.iter().map(|&k| (k, false, false)).collect::<Vec<_>>();
        // A pass (null move) reached position 1: position 0 is not repeated by position 4.
        let line = no(&[1, 2, 3, 4, 1]);
        assert_eq!(mini.search_repetition(&line, Black, 1), None);
        assert_eq!(
            mini.search_repetition(&line, Black, 0),
            Some(Verdict::Loses(Black))
        );
        // The position the pass reached counts, and those after it.
        let line = no(&[9, 1, 2, 3, 4, 1, 2]);
        assert_eq!(mini.search_repetition(&line, White, 3), None);
        assert_eq!(
            mini.search_repetition(&line, White, 2),
            Some(Verdict::Loses(Black))
        );
    }

    #[test]
    fn the_game_ends_at_the_fourth_occurrence_or_tori_shogis_third() {
        let chu = VariantId::Chu.rules();
        let mini = VariantId::Mini.rules();
        let no = |keys: &[u64]| keys.iter().map(|&k| (k, false, false)).collect::<Vec<_>>();
        let thrice = no(&[1, 2, 3, 4, 1, 2, 3, 4, 1]);
        assert_eq!(chu.game_repetition(&thrice, Black), None);
        let four = no(&[1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1]);
        assert_eq!(chu.game_repetition(&four, Black), Some(Verdict::Draw));
        assert_eq!(
            mini.game_repetition(&four, Black),
            Some(Verdict::Loses(Black))
        );
        // Occurrences with the other side to move do not count.
        let mixed = no(&[1, 2, 1, 5, 1, 6, 1, 7, 1]);
        assert_eq!(chu.game_repetition(&mixed, Black), Some(Verdict::Draw));
        let odd = no(&[1, 1, 2, 1, 3, 1, 4]);
        assert_eq!(chu.game_repetition(&odd, Black), None);
        // White checked at every move since the first occurrence, not only the last cycle.
        let mut checks = no(&[1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1]);
        for k in (2..checks.len()).step_by(2) {
            checks[k].1 = true;
        }
        assert_eq!(
            chu.game_repetition(&checks, Black),
            Some(Verdict::Loses(White))
        );
        checks[2].1 = false;
        assert_eq!(chu.game_repetition(&checks, Black), Some(Verdict::Draw));
        // Tori shogi: the third occurrence ends it, lost by the player whose move brought
        // it about (White's here, Black to move), unless the other checked every move.
        let tori = VariantId::Tori.rules();
        let twice = no(&[1, 2, 3, 4, 1]);
        assert_eq!(tori.game_repetition(&twice, Black), None);
        assert_eq!(
            tori.game_repetition(&thrice, Black),
            Some(Verdict::Loses(White))
        );
        assert_eq!(
            tori.game_repetition(&thrice, White),
            Some(Verdict::Loses(Black))
        );
        let mut chased = no(&[1, 2, 3, 4, 1, 2, 3, 4, 1]);
        for k in (1..chased.len()).step_by(2) {
            chased[k].1 = true;
        }
        // Black checked at every move (positions with White to move): Black loses, though
        // White's move made the repetition.
        assert_eq!(
            tori.game_repetition(&chased, Black),
            Some(Verdict::Loses(Black))
        );
    }

    #[test]
    fn dead_ranks() {
        let r = VariantId::Shogi.rules();
        let dead = |s: &str| r.kinds[r.kind_index(s).unwrap() as usize].dead_ranks;
        assert_eq!(
            (dead("p"), dead("l"), dead("n"), dead("s"), dead("g")),
            (1, 1, 2, 0, 0)
        );
    }
}
