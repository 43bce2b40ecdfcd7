//! Games defined in a file (`VariantPath`): the built-in games written as definitions
//! (positions/variants/definitions.ini) load and play exactly like the built-in games, perft on
//! the start positions and on the oracle positions of positions/variants/; a game of one's own
//! with a new piece plays; bad definitions are refused with their line; the games of
//! positions/variants/hachu.ini (and wa without drops) move as HaChu's move generator says.

mod common;

use common::fnv;
use hisha::eval::variant::VariantEval;
use hisha::variant::custom::{self, DefinitionError};
use hisha::variant::{perft, LionTrading, VPosition, VariantId};

fn data(file: &str) -> String {
    let path = format!("{}/positions/variants/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn definitions() -> Vec<VariantId> {
    let path = format!(
        "{}/positions/variants/definitions.ini",
        env!("CARGO_MANIFEST_DIR")
    );
    custom::load_file(&path).unwrap_or_else(|e| panic!("definitions.ini: {e}"))
}

/// The game loaded from the file that stands for the built-in `id`.
fn copy_of(id: VariantId) -> VariantId {
    definitions();
    let name = format!("{}-copy", id.name());
    let copy = VariantId::from_name(&name).unwrap_or_else(|| panic!("no {name}"));
    assert!(matches!(copy, VariantId::Custom(_)));
    copy
}

/// The games of positions/variants/hachu.ini (dai and chu by HaChu's rules), loaded.
fn hachu_games() -> Vec<VariantId> {
    let path = format!(
        "{}/positions/variants/hachu.ini",
        env!("CARGO_MANIFEST_DIR")
    );
    custom::load_file(&path).unwrap_or_else(|e| panic!("hachu.ini: {e}"))
}

/// The legal moves of `pos` whose text starts with `prefix` (a square: the moves of the piece
/// there), sorted.
fn moves_starting(pos: &mut VPosition, prefix: &str) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| pos.move_text(m))
        .filter(|t| t.starts_with(prefix))
        .collect();
    v.sort();
    v
}

fn same_perft(id: VariantId, copy: VariantId, sfen: &str, depth: u32) {
    let mut a = VPosition::from_sfen(id, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    let mut b = VPosition::from_sfen(copy, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    assert_eq!(a.to_sfen(), b.to_sfen());
    for d in 1..=depth {
        assert_eq!(
            perft(&mut a, d),
            perft(&mut b, d),
            "{} {sfen} depth {d}",
            id.name()
        );
    }
}

#[test]
fn the_committed_definitions_are_the_built_in_games_written_out() {
    // The file is what `hisha pieces --variant V --definition` writes today.
    let text = data("definitions.ini");
    for id in VariantId::ALL {
        let section = custom::definition(id, &format!("{}-copy", id.name()));
        assert!(
            text.contains(&section),
            "{}: definitions.ini differs from what the game writes now",
            id.name()
        );
    }
}

#[test]
fn every_built_in_game_loaded_from_its_file_plays_the_same() {
    for id in VariantId::ALL {
        let copy = copy_of(id);
        let depth = match id.rules().files {
            0..=7 => 4,
            8..=12 => 3,
            _ => 2,
        };
        same_perft(id, copy, id.rules().start, depth);
    }
    // The oracle positions (depth 2: the oracles' counts are checked in tests/variants.rs).
    for (id, file) in [
        (VariantId::Micro, "micro-perft.tsv"),
        (VariantId::Mini, "mini-perft.tsv"),
        (VariantId::Judkins, "judkins-perft.tsv"),
        (VariantId::Tori, "tori-perft.tsv"),
        (VariantId::Sho, "sho-perft.tsv"),
        (VariantId::Chu, "chu-perft.tsv"),
    ] {
        let copy = copy_of(id);
        for line in data(file).lines().filter(|l| !l.starts_with('#')) {
            let sfen = line.split('\t').next().unwrap();
            same_perft(id, copy, sfen, 2);
        }
    }
}

#[test]
fn a_game_of_ones_own_with_a_new_piece() {
    // Minishogi with the gold replaced by a new piece: a wazir that also leaps two squares
    // straight ahead, promoting to a dragon king.
    let text = "
        # comments and blank lines are allowed
        [wazir-mini]
        aliases = wazirmini
        board = 5x5
        start = rbswk/4p/5/P4/KWSBR b - 1
        drops = yes
        promotion = zone 1
        drop-rules = yes
        define WZ = WfD \"Leaping wazir\"
        piece k = King
        piece r = R -> +r
        piece b = Bishop -> +b
        piece w = WZ -> +w
        piece s = S -> +s
        piece p = P -> +p
        piece +r = DK
        piece +b = Dragon horse
        piece +w = DK
        piece +s = +S
        piece +p = +P
    ";
    let ids = custom::load(text).unwrap();
    assert_eq!(ids.len(), 1);
    assert_eq!(VariantId::from_name("WazirMini"), Some(ids[0]));
    let mut pos = VPosition::start(ids[0]);
    // The wazir on 4e: 4d (empty), 3e and 5e hold its own pieces; the leap to 4c.
    let moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| pos.move_text(*m).starts_with("4e"))
        .map(|m| pos.move_text(m))
        .collect();
    assert_eq!(moves.len(), 2, "{moves:?}");
    // Loading the same text again is the same game.
    assert_eq!(custom::load(text).unwrap(), ids);
}

#[test]
fn a_game_of_more_kinds_than_a_byte_counts() {
    // 36x36, 150 kinds of forward-stepping pieces, each with its own letter and mark (every
    // mark of the SFEN grammar), each promoting: with the kings, 301 kinds. Black's pieces
    // stand on every other rank, 36 a rank, so that each has its step and none blocks
    // another; the kings stand in opposite corners.
    const MARKS: [&str; 9] = ["", "'", "!", "?", "^", "~", "@", "&", "%"];
    let letters: Vec<String> = MARKS
        .iter()
        .flat_map(|m| {
            ('a'..='r')
                .filter(|&c| c != 'k')
                .map(move |c| format!("{c}{m}"))
        })
        .take(150)
        .collect();
    let mut text = String::from("[many-kinds]\nboard = 36x36\npromotion = zone 1\n");
    text.push_str("piece k = King\n");
    for l in &letters {
        text.push_str(&format!("piece {l} = P -> +{l}\npiece +{l} = G\n"));
    }
    // From the top: White's king in the corner, 24 empty ranks, then Black's six pieces, four
    // full ranks with empty ranks between, an empty rank and Black's king in the corner.
    let upper = |l: &String| l.to_uppercase();
    let mut ranks = vec!["k35".to_string()];
    ranks.extend(std::iter::repeat_n("36".to_string(), 24));
    let mut pieces = letters.iter().map(upper);
    let rank = |n: usize, pieces: &mut dyn Iterator<Item = String>| {
        let mut r: String = pieces.take(n).collect();
        if n < 36 {
            r.push_str(&(36 - n).to_string());
        }
        r
    };
    ranks.push(rank(6, &mut pieces));
    for _ in 0..4 {
        ranks.push("36".to_string());
        ranks.push(rank(36, &mut pieces));
    }
    ranks.push("36".to_string());
    ranks.push("35K".to_string());
    assert_eq!(ranks.len(), 36);
    let sfen = format!("{} b - 1", ranks.join("/"));
    text.push_str(&format!("start = {sfen}\n"));
    let ids = custom::load(&text).unwrap_or_else(|e| panic!("{e}"));
    let id = ids[0];
    assert_eq!(id.rules().kinds.len(), 301);
    let mut pos = VPosition::start(id);
    assert_eq!(pos.to_sfen(), sfen, "written as read");
    // Each of the 150 steps forward, the king has three moves from its corner; then White's
    // king has its three.
    assert_eq!(perft(&mut pos, 1), 153);
    assert_eq!(perft(&mut pos, 2), 153 * 3);
    // The last kind (a `%` letter), on 1hh (the 34th rank), steps to 1gg, both named as USI
    // names the ranks beyond `z`.
    let last = letters.last().unwrap();
    assert!(last.ends_with('%'), "{last}");
    let m = pos.parse_move("1hh1gg").expect("the last kind's step");
    assert_eq!(pos.move_text(m), "1hh1gg");
    pos.make_move(m);
    let sfen = pos.to_sfen();
    let rows: Vec<&str> = sfen.split('/').collect();
    assert!(rows[32].ends_with(&upper(last)), "{}", rows[32]);
}

#[test]
fn slides_that_leap_first_or_pass_pieces() {
    // Taikyoku shogi's two kinds of slide, by hand on a 9x9 board: `fxxxR` passes up to three
    // pieces of either side, landing on no piece of its own; `fjjR` leaps to the third square
    // whatever stands on the two before and slides on from there.
    let text = "[pass-and-leap-test]\nboard = 9x9\n\
                start = k8/4g4/4g1g2/6g2/4G4/4g4/6g2/4G1G2/4X1J1K b - 1\n\
                define XX = fxxxR\ndefine XJ = fjjR\n\
                piece k = King\npiece g = G\npiece x = XX\npiece j = XJ\n";
    let ids = custom::load(text).unwrap_or_else(|e| panic!("{e}"));
    let mut pos = VPosition::start(ids[0]);
    // From 5i: 5h its own (passed, one), 5g empty, 5f White's (taken or passed, two), 5e its
    // own (three), 5d empty, 5c White's: the fourth piece, taken, and no further.
    assert_eq!(
        moves_starting(&mut pos, "5i"),
        ["5i5c", "5i5d", "5i5f", "5i5g"]
    );
    // From 3i: 3h and 3g leapt (its own gold, White's gold), 3f empty, 3e empty, 3d White's
    // gold taken; 3c beyond it not reached.
    assert_eq!(moves_starting(&mut pos, "3i"), ["3i3d", "3i3e", "3i3f"]);
}

#[test]
fn range_capture_igui_and_forced_promotion() {
    // A 9x9 game of one's own with taikyoku shogi's rules, by hand: a queen of rank 3 that
    // range-captures (`q`), a bishop of rank 1 that steps sideways too (`b`), a king (rank 4),
    // a piece with igui or the pass on its neighbours (`e`), golds; promotion forced on ending
    // in the last three ranks.
    let text = "[range-test]\nboard = 9x9\npromotion = forced-end 3\n\
                start = 4k4/9/4g4/7G1/1g3B3/9/G1GQ1g3/4E4/K8 b - 1\n\
                define XRQ = Q special range-capture-3\n\
                define XRB = BsW special range-capture-1\n\
                define XEG = W special igui-or-pass\n\
                piece k = King\npiece g = G -> +g\npiece +g = DK\npiece q = XRQ\n\
                piece b = XRB\npiece e = XEG\n";
    let ids = custom::load(text).unwrap_or_else(|e| panic!("{e}"));
    let mut pos = VPosition::start(ids[0]);
    let moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| pos.move_text(m))
        .collect();
    let from = |sq: &str| {
        let mut v: Vec<&str> = moves
            .iter()
            .filter(|t| t.starts_with(sq))
            .map(|t| t.as_str())
            .collect();
        v.sort();
        v
    };
    // The queen on 6g, rank 3: no piece of rank 3 or more on its lines, so it reaches every
    // square to the edge, flying over (and able to stop on, taking) the pieces of either side
    // on the way. Left 7g (its own gold), 8g, 9g (its own gold): 3; right 5g, 4g (White's
    // gold), 3g, 2g, 1g: 5; up 6f to 6a: 6; down 6h, 6i: 2; up-left 7f, 8e (White's gold),
    // 9d: 3; up-right 5f, 4e (its own bishop, rank 1), 3d, 2c, 1b: 5; down-left 7h, 8i: 2;
    // down-right 5h (its own elephant), 4i: 2.
    let queen = from("6g");
    assert_eq!(queen.len(), 3 + 5 + 6 + 2 + 3 + 5 + 2 + 2, "{queen:?}");
    assert!(queen.contains(&"6g9g") && queen.contains(&"6g1b") && queen.contains(&"6g4i"));
    // The bishop on 4e, rank 1: up-left 5d, 6c, 7b, 8a; up-right 3d, 2c, 1b; down-left 5f,
    // then the queen (rank 3) stops it; down-right 3f, 2g, 1h; its steps sideways, 5e and 3e.
    assert_eq!(
        from("4e"),
        [
            "4e1b", "4e1h", "4e2c", "4e2g", "4e3d", "4e3e", "4e3f", "4e5d", "4e5e", "4e5f", "4e6c",
            "4e7b", "4e8a"
        ]
    );
    // The elephant on 5h: its steps to 5g, 5i, 4h and 6h, and igui or the pass on every
    // neighbour that is empty or White's: 4g (White's gold), 5g, 4h, 6h, 4i, 5i, 6i; not 6g
    // (its own queen).
    let e = from("5h");
    assert_eq!(e.len(), 4 + 7, "{e:?}");
    assert!(e.contains(&"5h4g5h") && !e.iter().any(|t| t.starts_with("5h6g")));
    // Black's gold on 2d: into the zone (2c, 1c, 3c) only promoted; elsewhere never.
    assert_eq!(
        from("2d"),
        ["2d1c+", "2d1d", "2d2c+", "2d2e", "2d3c+", "2d3d"]
    );
    // Flying from 6g to 9g takes both of Black's golds there; from 6g to 2g, White's gold
    // on 4g; taking the move back restores everything.
    let before = (pos.to_sfen(), pos.key());
    let m = pos.parse_move("6g9g").unwrap();
    let u = pos.make_move(m);
    assert_eq!(pos.to_sfen().split('/').nth(6), Some("Q4g3"));
    pos.unmake_move(m, u);
    assert_eq!((pos.to_sfen(), pos.key()), before);
    let m = pos.parse_move("6g2g").unwrap();
    pos.make_move(m);
    let after = pos.to_sfen();
    assert_eq!(after.split('/').nth(6), Some("G1G4Q1"));
    // The key is the key of the position written out and read again.
    let again = VPosition::from_sfen(ids[0], &after).unwrap();
    assert_eq!(again.key(), pos.key());
    // Random games: every move made and taken back restores the position and its key, and
    // the key after it is the key of the position read from its SFEN.
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..20 {
        let mut pos = VPosition::start(ids[0]);
        for _ in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let before = (pos.to_sfen(), pos.key());
            for &m in &moves {
                let u = pos.make_move(m);
                if let Ok(again) = VPosition::from_sfen(ids[0], &pos.to_sfen()) {
                    assert_eq!(again.key(), pos.key(), "{}", pos.to_sfen());
                }
                pos.unmake_move(m, u);
                assert_eq!((pos.to_sfen(), pos.key()), before);
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            pos.make_move(moves[(seed % moves.len() as u64) as usize]);
        }
    }
}

fn refused(text: &str) -> DefinitionError {
    custom::load(text).expect_err("refused")
}

#[test]
fn bad_definitions_name_their_line() {
    let base = "[bad-one]\nboard = 5x5\nstart = 4k/5/5/5/K4 b - 1\npiece k = King\n";
    assert!(custom::load(base).is_ok());
    let cases: &[(&str, usize, &str)] = &[
        ("board = 5x5\n", 1, "before the first"),
        ("[bad-two]\nboard = 99x5\n", 2, "board"),
        (
            "[bad-two]\nboard = 5x5\npiece k = Dragonfly\n",
            3,
            "no piece",
        ),
        (
            "[bad-two]\nboard = 5x5\npiece k = King\nfoo = 1\n",
            4,
            "unknown key",
        ),
        (
            "[bad-two]\nboard = 5x5\npiece k = King\npiece k = King\n",
            4,
            "twice",
        ),
        ("[bad-two]\nboard = 5x5\npiece K1 = King\n", 3, "letter"),
        (
            "[bad-two]\nboard = 5x5\nlion-trading = shogiops\n",
            3,
            "yes, no or hachu",
        ),
        (
            "[bad-two]\nboard = 5x5\npiece p = P -> +p\npiece k = King\n",
            3,
            "+p",
        ),
        ("[bad-two]\nboard = 5x5\ndefine XX = Yq\n", 3, "Betza"),
        (
            "[bad-two]\nboard = 5x5\ndefine LX = K\ndefine LX = W\n",
            4,
            "already",
        ),
        ("[bad-two]\ndrops = maybe\n", 2, "yes or no"),
        ("[bad-two]\nboard size = 5x5\n", 2, "unknown key"),
        ("[bad two]\n", 1, "name"),
        ("[bad-two]\naliases = chu\n", 2, "built-in"),
        ("[bad-two]\npromotion = zone\n", 2, "promotion"),
        ("[bad-two]\ntaker-becomes = k\n", 2, "LETTERS:LETTERS"),
        (
            "[bad-two]\nboard = 5x5\npiece k = King\ntaker-becomes = k:+k\n",
            4,
            "no piece line gives +k",
        ),
        ("[bad-two]\nperpetual-chase = often\n", 2, "yes or no"),
        (
            "[bad-two]\nevaluation = nosuchgame\n",
            2,
            "not a built-in game",
        ),
        (
            "[bad-two]\nboard = 5x5\nevaluation = chushogi\nstart = 4k/5/5/5/K4 b - 1\n\
             piece k = King\n",
            3,
            "chushogi is 12x12",
        ),
        (
            "[bad-two]\nboard = 5x5\nevaluation = minishogi\ndrops = yes\n\
             start = 4k/5/5/5/K4 b - 1\npiece k = King\n",
            3,
            "piece lines",
        ),
        ("[chushogi]\nboard = 5x5\n", 1, "built-in"),
        ("[bad-two]\nboard = 5x5\npiece k = King\n", 1, "no start"),
        // A start position its pieces cannot make: the start line.
        (
            "[bad-two]\nboard = 5x5\nstart = 4k/5/5/5/Q4 b - 1\npiece k = King\n",
            1,
            "start position",
        ),
        (
            "[bad-two]\nboard = 5x5\nstart = 4k/5/5/5/K4 b - 1\npiece k = King\n[bad-two]\n",
            5,
            "twice",
        ),
    ];
    for &(text, line, words) in cases {
        let e = refused(text);
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.message.contains(words), "{text:?}: {e}");
    }
    // A refused file loads nothing, not even its good games.
    let e = refused(
        "[good-three]\nboard = 5x5\nstart = 4k/5/5/5/K4 b - 1\npiece k = King\n\
         [bad-four]\nboard = 5x5\nstart = 4k/5/5/5/K4 b - 1\npiece k = Nothing\n",
    );
    assert_eq!(e.line, 8);
    assert_eq!(VariantId::from_name("good-three"), None);
}

#[test]
fn a_game_of_a_built_in_games_pieces_plays_with_its_evaluation() {
    // positions/variants/hachu.ini: dai shogi without lion trading, `evaluation = daishogi`;
    // a copy of chu (fitted weights) with another name and no `evaluation` line plays with the
    // hand-set weights of its own pieces.
    let ids = hachu_games();
    let hachu_dai = VariantId::from_name("daishogi-hachu").expect("daishogi-hachu");
    let hachu_chu = VariantId::from_name("chushogi-hachu").expect("chushogi-hachu");
    assert_eq!(ids, vec![hachu_dai, hachu_chu]);
    assert_eq!(hachu_chu.rules().evaluation, VariantId::Chu);
    assert_eq!(hachu_dai.rules().evaluation, VariantId::Dai);
    assert_eq!(hachu_dai.rules().lion_trading, LionTrading::No);
    assert_eq!(VariantId::Dai.rules().lion_trading, LionTrading::Lishogi);

    let chu = custom::definition(VariantId::Chu, "chu-evaluated");
    assert!(chu.contains("\nevaluation = chushogi\n"));
    let plain = chu
        .replace("[chu-evaluated]", "[chu-plain]")
        .replace("evaluation = chushogi\n", "");
    custom::load(&(chu + "\n" + &plain)).expect("the two copies load");
    let evaluated = VariantId::from_name("chu-evaluated").unwrap();
    let own = VariantId::from_name("chu-plain").unwrap();
    let sfen = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/\
                PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 2";
    let score = |id: VariantId| {
        let pos = VPosition::from_sfen(id, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        VariantEval::new(id.rules()).evaluate(&pos)
    };
    let (built_in, copy, hand_set) = (score(VariantId::Chu), score(evaluated), score(own));
    assert_eq!(built_in, copy);
    let hand_set_chu = VariantEval::hand_set(VariantId::Chu.rules())
        .evaluate(&VPosition::from_sfen(VariantId::Chu, sfen).unwrap());
    assert_eq!(hand_set, hand_set_chu);
    assert_ne!(
        built_in, hand_set,
        "chu's fitted weights are not its hand-set ones"
    );
}

#[test]
fn hachus_promotions() {
    // Chu by HaChu 0.21's rules (positions/variants/hachu.ini), the expected moves read from
    // its move generator (`NewNonCapture`, `NewCapture`, the deferral of a pawn in `ParseMove`),
    // against lishogi's rules of the built-in chu. Black's zone is ranks a-d. Pawns on 5b (a
    // White gold ahead on the last rank), 7c (a gold ahead), 3d, 9e; a lance on 11c with the
    // file ahead empty; a copper general on 1d (a gold diagonally ahead on 2c).
    hachu_games();
    let hachu_chu = VariantId::from_name("chushogi-hachu").expect("chushogi-hachu");
    let sfen = "k6g4/5g1P4/1L3P4g1/9P1C/3P8/12/12/12/12/12/12/11K b - 1";
    let moves = |id: VariantId, from: &str| {
        let mut pos = VPosition::from_sfen(id, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        moves_starting(&mut pos, from)
    };
    // HaChu: a pawn in the zone unpromoted has declined before and promotes only by a capture
    // on the last rank, where it must; a move inside the zone that does not capture never
    // promotes, so the lance goes dead on the last rank; entering promotes or not at will; a
    // capture inside the zone may promote.
    assert_eq!(moves(hachu_chu, "5b"), ["5b5a+"]);
    assert_eq!(moves(hachu_chu, "7c"), ["7c7b"]);
    assert_eq!(moves(hachu_chu, "3d"), ["3d3c"]);
    assert_eq!(moves(hachu_chu, "9e"), ["9e9d", "9e9d+"]);
    assert_eq!(moves(hachu_chu, "11c"), ["11c11a", "11c11b"]);
    assert_eq!(moves(hachu_chu, "1d"), ["1d1c", "1d1e", "1d2c", "1d2c+"]);
    // Lishogi: a capture inside the zone may promote, a pawn or lance on the last rank may,
    // and neither must.
    assert_eq!(moves(VariantId::Chu, "5b"), ["5b5a", "5b5a+"]);
    assert_eq!(moves(VariantId::Chu, "7c"), ["7c7b", "7c7b+"]);
    assert_eq!(moves(VariantId::Chu, "3d"), ["3d3c"]);
    assert_eq!(
        moves(VariantId::Chu, "11c"),
        ["11c11a", "11c11a+", "11c11b"]
    );
}

/// The squares of a move's USI text, in order (`8g7f8g+`: 8g, 7f, 8g).
fn squares_of(text: &str) -> Vec<&str> {
    let mut squares = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if c.is_ascii_lowercase() {
            squares.push(&text[start..=i]);
            start = i + 1;
        } else if !c.is_ascii_digit() {
            start = i + 1;
        }
    }
    squares
}

/// What HaChu's marks for every piece of the side to move say of `pos`, worked out from Hisha's
/// legal moves (scripts/hachu_oracle.py defines them): `f-t` for a move's first leg, `f-t-u`
/// for a two-leg move through a piece, `f-t+` where a one-leg move promotes and no two-leg
/// move stops; a two-leg move through an empty square is a leap to its end (HaChu's one-leg
/// move there), a pass is left out (HaChu's null move).
fn hachu_marks(pos: &mut VPosition) -> Vec<String> {
    use std::collections::BTreeSet;
    let (mut marks, mut promoting, mut stops) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    for m in pos.legal_moves() {
        if m.drop > 0 {
            continue;
        }
        let text = pos.move_text(m);
        let mut path = squares_of(&text);
        if path.len() == 3 && pos.piece_at(m.mid).is_none() {
            if m.to == m.from {
                continue;
            }
            path.remove(1);
        }
        marks.insert(format!("{}-{}", path[0], path[1]));
        if path.len() == 2 {
            if m.promote {
                promoting.insert(format!("{}-{}", path[0], path[1]));
            }
        } else {
            stops.insert(format!("{}-{}", path[0], path[1]));
            marks.insert(path.join("-"));
        }
    }
    for leg in promoting.difference(&stops) {
        marks.insert(format!("{leg}+"));
    }
    marks.into_iter().collect()
}

#[test]
fn every_pieces_moves_agree_with_hachu() {
    // positions/variants/hachu-moves.tsv: random games of dai and chu by HaChu's rules
    // (hachu.ini) and of wa shogi without drops, and every 10 plies what HaChu 0.21 marks for
    // each piece of the side to move when a GUI lifts it (`lift`, `highlight`), as a count and
    // a hash of the marks (scripts/hachu_oracle.py), against Hisha's legal moves.
    hachu_games();
    let id_of = |name: &str| match name {
        "daishogi" => VariantId::from_name("daishogi-hachu").unwrap(),
        "chushogi" => VariantId::from_name("chushogi-hachu").unwrap(),
        other => VariantId::from_name(other).unwrap_or_else(|| panic!("{other}")),
    };
    let text = data("hachu-moves.tsv");
    let mut counted = std::collections::BTreeMap::new();
    let mut game: Vec<&str> = Vec::new();
    let mut variant = "";
    let (mut pos, mut played) = (VPosition::start(VariantId::Chu), 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        if f[0] == "G" {
            variant = f[1];
            game = f[2].split_whitespace().collect();
            (pos, played) = (VPosition::start(id_of(variant)), 0);
            counted.entry(variant).or_insert((0, 0)).0 += 1;
            continue;
        }
        let ply: usize = f[1].parse().unwrap();
        for m in &game[played..ply] {
            let mv = pos
                .parse_move(m)
                .unwrap_or_else(|e| panic!("{variant} ply {ply}: {m}: {e}"));
            pos.make_move(mv);
        }
        played = ply;
        let marks = hachu_marks(&mut pos);
        assert_eq!(
            (marks.len().to_string(), fnv(&marks.join(" "))),
            (f[2].to_string(), f[3].to_string()),
            "{variant} ply {ply}: {}\n{}",
            pos.to_sfen(),
            marks.join(" ")
        );
        counted.get_mut(variant).unwrap().1 += 1;
    }
    let counted: Vec<_> = counted.into_iter().collect();
    assert_eq!(
        counted,
        [
            ("chushogi", (40, 333)),
            ("daishogi", (20, 481)),
            ("washogi-nodrops", (20, 175))
        ]
    );
}

#[test]
fn hachus_lion_trading() {
    // Chu, White's lion on 2j next to a Black pawn on 1i, Black's lion on 1h behind it, which
    // the pawn protects (and nothing else does). Taking the pawn and then the lion: lishogi's
    // rule counts the pawn as still protecting and forbids it (Hisha's chu, as shogiops);
    // HaChu 0.21 counts protection after the move, and lists it (its answer to `lift k3`, read
    // by scripts/hachu_oracle.py: `2j-1i-1h`).
    hachu_games();
    let hachu_chu = VariantId::from_name("chushogi-hachu").expect("chushogi-hachu");
    assert_eq!(hachu_chu.rules().lion_trading, LionTrading::HaChu);
    let sfen = "lfcsgekgscfl/a1b1txo1hbva/m1rhd1qdtrm1/pvpppppppp1p/1p1i4i3/10p1/P2I8/\
                7PI1PN/1PPPPPP1PP1P/MVRHD1QDHRnM/ACB1TO1XTBCA/LF1SGKEGS1FL w - 36";
    let lion_moves = |id: VariantId| {
        let mut pos = VPosition::from_sfen(id, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        moves_starting(&mut pos, "2j1i")
    };
    let lishogi = ["2j1i", "2j1i1j", "2j1i2h", "2j1i2i", "2j1i2j"];
    assert_eq!(lion_moves(VariantId::Chu), lishogi);
    let mut hachu = lishogi.to_vec();
    hachu.insert(1, "2j1i1h");
    assert_eq!(lion_moves(hachu_chu), hachu);

    // The counter-strike: Black's kirin takes White's lion on 6d and promotes to a lion; a
    // White gold may not take a lion at once, but lishogi lets it take that one, on the square
    // where its own was taken (shogiops' tests: `6l8j` after `7i8j+`); HaChu does not (after
    // `usermove g7g9+`, `lift g10` marks no g9).
    let sfen = "k11/12/6g5/6n5/12/6O5/12/12/12/12/12/11K b - 1";
    let gold_moves = |id: VariantId| {
        let mut pos = VPosition::from_sfen(id, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        let kirin = pos.parse_move("6f6d+").unwrap();
        pos.make_move(kirin);
        moves_starting(&mut pos, "6c")
    };
    let lishogi = ["6c5c", "6c5d", "6c6b", "6c6d", "6c7c", "6c7d"];
    assert_eq!(gold_moves(VariantId::Chu), lishogi);
    let hachu: Vec<&str> = lishogi.into_iter().filter(|&m| m != "6c6d").collect();
    assert_eq!(gold_moves(hachu_chu), hachu);
}
