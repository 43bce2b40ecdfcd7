//! What XBoard and WinBoard are told of a game they do not know: in reply to `variant`, a
//! `setup` line (which of the GUI's piece types each SFEN letter is, the board's size, the
//! holdings, a parent variant whose rules the GUI applies, the start position) and a `piece`
//! line for each piece giving its moves in XBetza, from which the GUI tests legality and
//! highlights targets. Without them XBoard answers "Engine did not send setup for non-standard
//! variant" and falls back to chess.
//!
//! The GUI's piece types are numbered in a fixed order (pawn 0, knight 1, ... wazir 9, man 10,
//! the promoted partners 11 to 21 of types 0 to 10, then types that promote to nothing, the
//! king last, 66 in all); the `setup` table names, type by type, the letter that stands for
//! it (`.` for none), the king's last. A `+` marks a type as the promoted form of the type
//! eleven before it, `^X` as the promoted form of letter `X`. Under the parent `shogi` only
//! types 0 to 8 promote, and the pawn's, knight's and queen's types carry shogi's drop rules
//! (the pawn's, the knight's and the lance's); the pieces in hand are the table's first
//! letters, as many as the holdings are tall. Where a game forces a promotion (tori shogi),
//! the GUI offers it and the engine refuses the move that declines it.

use crate::color::Color;
use crate::notation::sfen::piece_text;
use crate::notation::Sfen;
use crate::variant::catalogue::Special;
use crate::variant::rules::Rules;

/// The GUI's piece types per side (the king's included).
const TYPES: usize = 66;
/// The king's type.
const KING: usize = TYPES - 1;
/// Types 0 to 10 have their promoted partners eleven further on.
const PARTNERED: usize = 11;
/// The types a promoting piece takes under the parent `shogi`, which promotes only types 0 to
/// 8; not 7, whose partner, 18, is the GUI's lance (it forces that type's promotion on the
/// last rank, as if the piece could promote again).
const SHOGI_PROMOTING: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 8];
/// The same under the parent `chu`: not 10 either, whose partner, 21, is chu's lion (its
/// trading rules would apply).
const CHU_PROMOTING: [usize; 9] = [0, 1, 2, 3, 4, 5, 6, 8, 9];
/// Types that promote to nothing: the man (and the wazir under `shogi`), then 22 to 45.
const PLAIN: [usize; 26] = [
    9, 10, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43,
    44, 45,
];
/// Types free for the promoted forms of pieces beyond those slots (46 to 64).
const SPARE: std::ops::Range<usize> = 46..KING;

/// The `setup` and `piece` lines for `rules`' game, or None where the GUI cannot be told it:
/// a board larger than the GUI's 16 files and 17 ranks, a letter it cannot write, a special
/// move, more pieces than it has types.
pub fn winboard_setup(rules: &Rules) -> Option<Vec<String>> {
    if rules.files > 16 || rules.ranks > 17 {
        return None;
    }
    let kinds = &rules.kinds;
    if kinds
        .iter()
        .any(|k| k.special != Special::None || gui_letter(k.sfen).is_none())
    {
        return None;
    }
    let royal: Vec<usize> = (0..kinds.len())
        .filter(|&i| kinds[i].royal && !kinds[i].promoted)
        .collect();
    // One royal kind, the king's type; the others in the table.
    let [king] = royal[..] else {
        return None;
    };
    let unpromoted: Vec<usize> = (0..kinds.len())
        .filter(|&i| !kinds[i].promoted && i != king)
        .collect();
    let promotes = |i: usize| kinds[i].promotes_to.is_some();
    let promoting = unpromoted.iter().filter(|&&i| promotes(i)).count();
    // Shogi's parent where its types suffice; with more promoting pieces, chu's.
    let (parent, promoting_slots) = if promoting <= SHOGI_PROMOTING.len() {
        ("shogi", &SHOGI_PROMOTING[..])
    } else {
        ("chu", &CHU_PROMOTING[..])
    };
    // Each type's entry: the letter, or the promoted partner's mark and letter.
    let mut table: Vec<String> = vec![".".into(); KING];
    // Shogi's drop rules go with three types: the pawn (none on the last rank, one a file,
    // two in tori shogi), the knight (none on the last two ranks) and, in the queen's type,
    // the lance (none on the last rank).
    let reserved = |i: usize| {
        let k = &kinds[i];
        if k.drop_pawn {
            Some(0)
        } else if k.dead_ranks == 2 {
            Some(1)
        } else if k.dead_ranks == 1 {
            Some(4)
        } else {
            None
        }
    };
    let mut spare = SPARE;
    let mut plain = PLAIN
        .iter()
        .copied()
        .filter(|t| !promoting_slots.contains(t));
    let mut free = promoting_slots
        .iter()
        .copied()
        .filter(|&t| t != 0 && t != 1 && t != 4);
    // The pieces in hand must be the table's first letters (the holdings show them in its
    // order), which they are: every unpromoted piece but the king can be in hand, and the
    // promoted ones are marks.
    for &i in &unpromoted {
        let letter = gui_letter(kinds[i].sfen)?;
        let slot = reserved(i).filter(|&t| table[t] == ".");
        match kinds[i].promotes_to {
            Some(_) => match slot.or_else(|| free.next()) {
                Some(t) => {
                    table[t] = letter;
                    table[t + PARTNERED] = "+".into();
                }
                None => {
                    table[plain.next()?] = letter.clone();
                    table[spare.next()?] = format!("^{letter}");
                }
            },
            None => table[slot.or_else(|| plain.next())?] = letter,
        }
    }
    // Only as many types as are used, the king's after them (at least six a side).
    let used = table
        .iter()
        .rposition(|e| e != ".")
        .map_or(0, |t| t + 1)
        .max(5);
    let white: String = table[..used].concat() + &gui_letter(kinds[king].sfen)?;
    let black = white.to_lowercase();
    let holdings = if rules.drops { unpromoted.len() } else { 0 };
    // The start as XBoard reads it: the board, the pieces in hand (a game from a file may
    // have some) in brackets, one letter a piece, and the side to move in XBoard's colours
    // (its white is the first player, SFEN's `b`).
    let start = Sfen::parse_any(rules.start).ok()?;
    let mut board = rules.start.split_whitespace().next()?.to_string();
    let hands = start.hands().ok()?;
    if !hands.is_empty() {
        let held: String = hands
            .iter()
            .map(|(n, token)| token.to_string().repeat(*n as usize))
            .collect();
        board += &format!("[{held}]");
    }
    let side = match start.side {
        Color::Black => "w",
        Color::White => "b",
    };
    let mut lines = vec![format!(
        "setup ({white}{black}) {}x{}+{holdings}_{parent} {board} {side} 0 1",
        rules.files, rules.ranks
    )];
    for k in kinds.iter().filter(|k| !k.royal || k.promoted) {
        let moves = gui_betza(&k.piece.xbetza());
        let letters = piece_text(k.sfen, Color::Black);
        lines.push(format!("piece {letters}& {moves}"));
    }
    Some(lines)
}

/// Betza as the GUI reads it: a king or queen atom with direction modifiers is written as its
/// orthogonal and diagonal halves (Hisha's `fK`, the three squares forward, is `fWfF`; the
/// GUI would read `fK` as the one square straight ahead).
fn gui_betza(betza: &str) -> String {
    let mut out = String::new();
    let mut modifiers = String::new();
    let mut chars = betza.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_lowercase() {
            modifiers.push(c);
            continue;
        }
        let mut count = String::new();
        while let Some(d) = chars.next_if(char::is_ascii_digit) {
            count.push(d);
        }
        match c {
            'K' | 'Q' if !modifiers.is_empty() => {
                let (straight, diagonal) = if c == 'K' { ('W', 'F') } else { ('R', 'B') };
                out += &format!("{modifiers}{straight}{count}{modifiers}{diagonal}{count}");
            }
            _ => out += &format!("{modifiers}{c}{count}"),
        }
        modifiers.clear();
    }
    out + &modifiers
}

/// The GUI's name of a kind by its SFEN letters (`p`, `+p`, `l'`): the upper-case letter and a
/// `'` or `!` after it, the promotion sign left out; None for what the GUI cannot write.
fn gui_letter(sfen: &str) -> Option<String> {
    let base = sfen.strip_prefix('+').unwrap_or(sfen);
    let mut chars = base.chars();
    let letter = chars.next().filter(char::is_ascii_lowercase)?;
    let mark: String = chars.collect();
    matches!(mark.as_str(), "" | "'" | "!")
        .then(|| format!("{}{mark}", letter.to_ascii_uppercase()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantId;

    /// The letter of each GUI type of a table half, the king's last.
    fn types(half: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut chars = half.chars().peekable();
        while let Some(c) = chars.next() {
            let mut entry = c.to_string();
            if "^-".contains(c) {
                entry.push(chars.next().unwrap());
            }
            while chars.peek().is_some_and(|c| "'!".contains(*c)) {
                entry.push(chars.next().unwrap());
            }
            out.push(entry);
        }
        out
    }

    #[test]
    fn minishogi_as_xboard_knows_it() {
        // XBoard's own settings for minishogi (its conf/mini) give the pawn, bishop, rook,
        // silver and gold the types 0, 2, 3, 5 and 9, their promoted forms those eleven on:
        // the same here but for the bishop and rook, whose types are alike.
        let lines = winboard_setup(VariantId::Mini.rules()).unwrap();
        let setup = &lines[0];
        assert!(
            setup.ends_with(") 5x5+5_shogi rbsgk/4p/5/P4/KGSBR w 0 1"),
            "{setup}"
        );
        let table = &setup[7..setup.find(')').unwrap()];
        let half = &table[..table.len() / 2];
        let t = types(half);
        assert_eq!(t.last().unwrap(), "K");
        let used: Vec<&str> = t.iter().map(|s| s.as_str()).filter(|s| *s != ".").collect();
        // Five pieces, four promoted partners, the king.
        assert_eq!(used.len(), 10, "{half}");
        // Each promoting piece in a type that promotes under shogi, its partner eleven on.
        for letter in ["P", "B", "R", "S"] {
            let at = t.iter().position(|e| e == letter).unwrap();
            assert!(
                SHOGI_PROMOTING.contains(&at) && t[at + PARTNERED] == "+",
                "{letter} in {half}"
            );
        }
        let gold = t.iter().position(|e| e == "G").unwrap();
        assert!(
            !SHOGI_PROMOTING.contains(&gold) && !(11..22).contains(&gold),
            "{half}"
        );
        assert_eq!(table[table.len() / 2..], half.to_lowercase());
        assert_eq!(
            lines.len(),
            1 + 9,
            "a piece line for each piece but the king"
        );
    }

    #[test]
    fn a_game_from_a_file_with_pieces_in_hand_and_gote_to_move() {
        let ids = crate::variant::custom::load(
            "[xboard-setup-test]\nboard = 5x5\nstart = rbsgk/4p/5/P4/KGSBR w 2Pb 1\n\
             drops = yes\npromotion = zone 1\ncheck-rule = yes\ndrop-rules = yes\n\
             pawn = P 1\npiece k = K\npiece r = R -> +r\npiece b = B -> +b\n\
             piece g = G\npiece s = S -> +s\npiece p = P -> +p\npiece +r = DK\n\
             piece +b = DH\npiece +s = +S\npiece +p = +P\n",
        )
        .unwrap();
        let lines = winboard_setup(ids[0].rules()).unwrap();
        assert!(
            lines[0].ends_with(") 5x5+5_shogi rbsgk/4p/5/P4/KGSBR[PPb] b 0 1"),
            "{}",
            lines[0]
        );
    }

    #[test]
    fn kings_and_queens_with_directions_are_split_for_the_gui() {
        assert_eq!(gui_betza("fKsW"), "fWfFsW");
        assert_eq!(gui_betza("KbRfBbF2"), "KbRfBbF2");
        assert_eq!(gui_betza("bQ2fN"), "bR2bB2fN");
        assert_eq!(gui_betza("mcaK"), "mcaWmcaF");
    }

    #[test]
    fn every_game_xboard_can_draw_is_described() {
        for id in [
            VariantId::Mini,
            VariantId::Judkins,
            VariantId::Tori,
            VariantId::Sho,
            VariantId::Wa,
            VariantId::WaNoDrops,
            VariantId::Heian,
            VariantId::HeianDai,
        ] {
            let rules = id.rules();
            let lines = winboard_setup(rules).unwrap_or_else(|| panic!("{}", rules.name));
            let setup = &lines[0];
            let table = &setup[7..setup.find(')').unwrap()];
            let (white, black) = table.split_at(table.len() / 2);
            assert_eq!(black, white.to_lowercase(), "{}", rules.name);
            let t = types(white);
            assert!(t.len() <= TYPES && t.len() >= 6, "{}", rules.name);
            // Every letter of the game once, as a piece or a promoted partner.
            let unpromoted = rules.kinds.iter().filter(|k| !k.promoted).count();
            let named = t
                .iter()
                .filter(|e| e.chars().next().unwrap().is_ascii_uppercase());
            assert_eq!(named.count(), unpromoted, "{}", rules.name);
            let partners = t.iter().filter(|e| e.starts_with(['+', '^', '-'])).count();
            let promoted = rules.kinds.iter().filter(|k| k.promoted).count();
            assert_eq!(partners, promoted, "{}", rules.name);
            let pieces = rules
                .kinds
                .iter()
                .filter(|k| !k.royal || k.promoted)
                .count();
            assert_eq!(lines.len(), 1 + pieces, "{}", rules.name);
        }
        // The larger boards are beyond the GUI's 16 files; chu is a game it knows.
        assert!(winboard_setup(VariantId::DaiDai.rules()).is_none());
        assert!(winboard_setup(VariantId::Taikyoku.rules()).is_none());
    }
}
