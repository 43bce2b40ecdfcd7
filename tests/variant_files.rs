//! Games defined in a file (`VariantPath`): the built-in games written as definitions
//! (positions/variants/definitions.ini) load and play exactly like the built-in games, perft on
//! the start positions and on the oracle positions of positions/variants/; a game of one's own
//! with a new piece plays; bad definitions are refused with their line.

use hisha::variant::custom::{self, DefinitionError};
use hisha::variant::{perft, VPosition, VariantId};

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
            "[bad-two]\nboard = 5x5\npiece p = P -> +p\npiece k = King\n",
            3,
            "+p",
        ),
        ("[bad-two]\nboard = 5x5\ndefine XX = Yq\n", 3, "Betza"),
        ("[bad-two]\nboard = 5x5\ndefine LN = K\n", 3, "already"),
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
