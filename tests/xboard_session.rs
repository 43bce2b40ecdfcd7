//! Scripted XBoard conversations with the real binary, as WinBoard has them with a large-shogi
//! engine: the handshake, moves both ways in HaChu's notation (checked against the rules),
//! time and depth limits, `ping` during a search, take-backs, and bad input. Answers are waited
//! for generously (`WAIT`): the tests assert what comes, not how fast.

mod common;
use crossbeam_channel::Receiver;
use hisha::notation::xboard::{from_xboard, to_xboard};
use hisha::variant::{VPosition, VariantId};
use std::io::Write;
use std::process::{Child, ChildStdin};
use std::time::{Duration, Instant};

/// How long an answer that must come is waited for: a failure, not a latency.
const WAIT: Duration = Duration::from_secs(30);

struct XBoard {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl XBoard {
    fn start() -> XBoard {
        let (child, stdin, lines) = common::spawn_hisha();
        XBoard {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, cmd: &str) {
        writeln!(self.stdin, "{cmd}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The lines up to and with the first that starts with `prefix`.
    fn expect(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + WAIT;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(_) => panic!("no {prefix:?} within {WAIT:?}; got {seen:?}"),
            }
        }
    }

    /// The engine's move: its `move` lines joined (a multi-leg move comes a leg a line).
    fn expect_move(&mut self) -> String {
        let mut legs = String::new();
        loop {
            let line = self.expect("move ").pop().unwrap();
            legs.push_str(&line["move ".len()..]);
            if !line.ends_with(',') {
                return legs;
            }
        }
    }

    /// Pings, and returns what came before the pong.
    fn sync(&mut self) -> Vec<String> {
        self.send("ping 9");
        let mut seen = self.expect("pong 9");
        seen.pop();
        seen
    }
}

impl Drop for XBoard {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

/// Starts a session in `variant`, past the handshake.
fn session(variant: &str) -> XBoard {
    let mut x = XBoard::start();
    x.send("xboard");
    x.send("protover 2");
    let features = x.expect("feature done=1").join("\n");
    assert!(
        features.contains(
            "variants=\"chu,dai,tenjiku,dada,maka,minishogi,judkinshogi,torishogi,sho,\
             crazywa,wa-shogi,heian,heiandai\""
        ),
        "{features}"
    );
    assert!(features.contains("usermove=1") && features.contains("ping=1"));
    x.send("new");
    x.send(&format!("variant {variant}"));
    // The games XBoard does not know are described to it (see `tells_the_gui_the_games_it_does_not_know`).
    let told = x.sync();
    assert!(
        told.iter()
            .all(|l| l.starts_with("setup (") || l.starts_with("piece ")),
        "{told:?}"
    );
    x
}

#[test]
fn tells_the_gui_the_games_it_does_not_know() {
    // Tori shogi: XBoard knows no such game, and without a `setup` answers "Engine did not
    // send setup for non-standard variant" and falls back to chess. The board 7x7, six kinds
    // in hand, shogi's rules for the rest; a `piece` line with the moves of each piece but
    // the phoenix (the king's type), as the rules give them.
    let mut x = XBoard::start();
    x.send("xboard");
    x.send("protover 2");
    x.expect("feature done=1");
    x.send("variant torishogi");
    let told = x.sync();
    let setup = &told[0];
    assert!(
        setup.starts_with("setup (")
            && setup.ends_with(") 7x7+6_shogi rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR w 0 1"),
        "{setup}"
    );
    // The swallow in the pawn's type (shogi's drop rules: two a file in tori), promoting.
    assert!(setup.starts_with("setup (S"), "{setup}");
    let pieces: Vec<&str> = told[1..].iter().map(|l| l.as_str()).collect();
    for line in [
        "piece S& fW",
        "piece F& FfsW",
        "piece C& FvW",
        "piece P& fDbF",
        "piece L& fRbrBblF",
        "piece R& fRblBbrF",
        "piece +S& fAbD",
        "piece +F& KbRfBbF2",
    ] {
        assert!(pieces.contains(&line), "{line} missing in {pieces:?}");
    }
    assert_eq!(pieces.len(), 8, "{pieces:?}");
    // Chu XBoard knows; dai dai by the Alien Edition's name, `dada` (the old `daidai` still
    // read), which XBoard leaves to it: nothing is told of them.
    for known in ["chu", "dada", "daidai", "maka"] {
        x.send(&format!("variant {known}"));
        assert!(x.sync().is_empty(), "{known}");
    }
}

/// Plays `moves` (USI text) from the start of `id` and checks that XBoard move `reply` is
/// legal there; returns its USI text.
fn legal_reply(id: VariantId, moves: &[String], reply: &str) -> String {
    let (files, ranks) = (id.rules().files as usize, id.rules().ranks as usize);
    let mut pos = VPosition::start(id);
    for m in moves {
        let m = pos.parse_move(m).unwrap();
        pos.make_move(m);
    }
    let usi = from_xboard(reply, files, ranks).unwrap_or_else(|| panic!("unreadable move {reply}"));
    assert!(pos.parse_move(&usi).is_ok(), "{reply} ({usi}) is not legal");
    usi
}

#[test]
fn plays_second_after_new_and_answers_each_move() {
    let mut x = session("chu");
    x.send("st 1");
    // HaChu's first move, sente's middle pawn.
    x.send("usermove h4h5");
    // `st 1`: the engine answers by itself.
    let reply = x.expect_move();
    let mut game = vec!["5i5h".to_string()];
    game.push(legal_reply(VariantId::Chu, &game, &reply));
    // Its move in our notation, and one more exchange.
    let ours = to_xboard(&game[1], 12, 12).unwrap().join(",");
    assert_eq!(ours, reply);
    x.send("usermove g4g5");
    let reply = x.expect_move();
    game.push("6i6h".to_string());
    legal_reply(VariantId::Chu, &game, &reply);
}

#[test]
fn go_makes_it_play_the_side_to_move_and_force_stops_it() {
    let mut x = session("chu");
    x.send("sd 2");
    x.send("post");
    x.send("go");
    let lines = x.expect("move ");
    // Thinking lines: depth, score, time (centiseconds), nodes, the line.
    assert!(
        lines.iter().any(|l| l.starts_with("2 ")),
        "no depth-2 thinking line: {lines:?}"
    );
    let first = lines.last().unwrap()["move ".len()..].to_string();
    let first = legal_reply(VariantId::Chu, &[], &first);
    // In force mode moves are taken and not answered.
    x.send("force");
    x.send("usermove e9e8");
    assert!(x.sync().is_empty());
    // A second sente move that the engine's first did not touch.
    let second = ["5i5h", "6i6h", "4i4h"]
        .into_iter()
        .find(|m| !first.contains(&m[..2]) && !first.contains(&m[2..]))
        .unwrap();
    x.send(&format!(
        "usermove {}",
        to_xboard(second, 12, 12).unwrap()[0]
    ));
    let said = x.sync();
    assert!(said.is_empty(), "{said:?}");
    // Take both back, and let it move for the side to move (white, after sente's first).
    x.send("remove");
    x.send("go");
    let reply = x.expect_move();
    legal_reply(VariantId::Chu, &[first], &reply);
}

#[test]
fn go_in_a_game_that_is_over_gives_the_result_again() {
    let mut x = session("chu");
    x.send("force");
    // The go-betweens step out and back until the start position stands a fourth time.
    for _ in 0..3 {
        for m in ["d5d6", "d8d7", "d6d5", "d7d8"] {
            x.send(&format!("usermove {m}"));
        }
    }
    let said = x.sync();
    assert_eq!(said, ["1/2-1/2 {fourfold repetition}"]);
    // A `go` now has no move to make: it is answered with the result, not with silence.
    x.send("go");
    assert_eq!(x.sync(), ["1/2-1/2 {fourfold repetition}"]);
}

#[test]
fn ping_waits_for_the_move_of_a_running_search() {
    let mut x = session("chu");
    x.send("st 1");
    x.send("go");
    x.send("ping 4");
    let lines = x.expect("pong 4");
    assert!(
        lines.iter().any(|l| l.starts_with("move ")),
        "the pong came before the move: {lines:?}"
    );
}

#[test]
fn illegal_moves_and_bad_commands_are_refused_and_change_nothing() {
    let mut x = session("chu");
    x.send("force");
    for bad in ["h4h6", "zz", "h4h5,h5h6", "a1a1", "e9e8"] {
        x.send(&format!("usermove {bad}"));
        let said = x.sync();
        assert!(
            said.len() == 1 && said[0].starts_with("Illegal move") && said[0].ends_with(bad),
            "{bad}: {said:?}"
        );
    }
    x.send("frobnicate");
    assert_eq!(x.sync(), ["Error (unknown command): frobnicate"]);
    x.send("variant chess");
    assert_eq!(x.sync(), ["Error (unknown variant): chess"]);
    x.send("sd x");
    assert_eq!(x.sync(), ["Error (bad depth): sd x"]);
    x.send("undo");
    assert_eq!(x.sync(), ["Error (no move to take back): undo"]);
    // Still the start position, sente to move.
    x.send("usermove h4h5");
    assert!(x.sync().is_empty());
    x.send("sd 1");
    x.send("go");
    let reply = x.expect_move();
    legal_reply(VariantId::Chu, &["5i5h".to_string()], &reply);
}

#[test]
fn a_lion_passes_with_the_null_move() {
    let mut x = session("chu");
    x.send("force");
    // The lion leaps out of its camp; then it may pass (a step out and back).
    let moves = ["7j6h", "1d1e"];
    for m in moves {
        let legs = to_xboard(m, 12, 12).unwrap().join(",");
        x.send(&format!("usermove {legs}"));
    }
    x.send("usermove @@@@");
    assert!(x.sync().is_empty());
    // White to move now, and its lion, still in its camp, cannot pass.
    x.send("usermove @@@@");
    let said = x.sync();
    assert!(
        said.len() == 1 && said[0].starts_with("Illegal move"),
        "{said:?}"
    );
    x.send("sd 1");
    x.send("go");
    let reply = x.expect_move();
    let mut pos = VPosition::start(VariantId::Chu);
    for m in moves {
        let m = pos.parse_move(m).unwrap();
        pos.make_move(m);
    }
    let pass = pos.pass_move().expect("the lion can pass");
    let played = [
        moves[0].to_string(),
        moves[1].to_string(),
        pos.move_text(pass),
    ];
    legal_reply(VariantId::Chu, &played, &reply);
}

#[test]
fn plays_dai_dai_and_the_other_boards() {
    for (name, id) in [
        ("dada", VariantId::DaiDai),
        ("maka", VariantId::MakaDaiDai),
        ("tenjiku", VariantId::Tenjiku),
        ("dai", VariantId::Dai),
    ] {
        let mut x = session(name);
        x.send("sd 2");
        x.send("go");
        let reply = x.expect_move();
        legal_reply(id, &[], &reply);
    }
}

#[test]
fn drops_and_holdings_over_xboard() {
    // Minishogi as CrazyWa plays it: the first player holds two pawns, the second a silver
    // and a bishop (XBoard's holdings in brackets); its pawn drop P@c3 (USI P*3c) is taken,
    // and the engine's answer, a drop or a move, is legal there.
    let mut x = session("minishogi");
    x.send("force");
    x.send("setboard rbsgk/4p/5/P4/KGSBR[PPsb] w 0 1");
    assert!(x.sync().is_empty());
    x.send("usermove P@c3");
    assert!(x.sync().is_empty(), "the drop is refused");
    x.send("sd 2");
    x.send("go");
    let reply = x.expect_move();
    let mut pos = VPosition::from_sfen(VariantId::Mini, "rbsgk/4p/5/P4/KGSBR b 2Pbs 1").unwrap();
    let drop = pos.parse_move("P*3c").unwrap();
    pos.make_move(drop);
    let usi = from_xboard(&reply, 5, 5).unwrap_or_else(|| panic!("unreadable {reply}"));
    assert!(pos.parse_move(&usi).is_ok(), "{reply} ({usi}) is not legal");
    // A drop of a piece not in hand is refused.
    x.send("usermove R@c4");
    let said = x.sync();
    assert!(
        said.len() == 1 && said[0].starts_with("Illegal move"),
        "{said:?}"
    );
    // Wa shogi with drops (CrazyWa's crazywa): the first move of its setup.
    let mut x = session("crazywa");
    x.send("sd 1");
    x.send("usermove h3g4");
    let reply = x.expect_move();
    legal_reply(VariantId::Wa, &["4i5h".to_string()], &reply);
}

#[test]
fn a_game_from_a_file_over_xboard() {
    // The built-in games written as definitions: once the file is loaded, its games are
    // variants too, announced again and played (judkins, from its own definition).
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/positions/variants/definitions.ini"
    );
    let mut x = session("chu");
    x.send(&format!("option VariantPath={file}"));
    let said = x.sync();
    assert!(
        said.iter()
            .any(|l| l.starts_with("feature variants=") && l.contains(",judkins-copy,")),
        "{said:?}"
    );
    x.send("new");
    x.send("variant judkins-copy");
    // A game of a file the GUI cannot know: described to it as the built-in judkins is.
    let told = x.sync();
    assert!(
        told[0].starts_with("setup (") && told[0].contains(") 6x6+6_shogi rbnsgk/"),
        "{told:?}"
    );
    x.send("sd 2");
    x.send("usermove a2a3");
    let reply = x.expect_move();
    legal_reply(VariantId::Judkins, &["6e6d".to_string()], &reply);
    x.send("variant no-such-game");
    let said = x.sync();
    assert!(
        said.len() == 1 && said[0].starts_with("Error (unknown variant)"),
        "{said:?}"
    );
}

#[test]
fn setboard_starts_the_game_from_a_fen() {
    let mut x = session("chu");
    x.send("force");
    // The first player (XBoard's white) to move: its rook takes the king.
    x.send("setboard 11k/12/12/p11/12/12/12/12/12/12/12/K10R w - - 0 1");
    assert!(x.sync().is_empty());
    x.send("sd 2");
    x.send("go");
    let take = x.expect_move();
    assert!(take == "l1l12" || take == "l1l12+", "{take}");
    x.expect("1-0");
    // The second player to move, empty squares written as dots: it must move its king.
    x.send("new");
    x.send("variant chu");
    x.send("force");
    x.send("setboard 9..k/12/12/p.10/12/12/12/12/12/12/12/K10R b");
    assert!(x.sync().is_empty());
    x.send("sd 1");
    x.send("go");
    let reply = x.expect_move();
    let mut pos = VPosition::from_sfen(
        VariantId::Chu,
        "11k/12/12/p11/12/12/12/12/12/12/12/K10R w - 1",
    )
    .unwrap();
    let usi = from_xboard(&reply, 12, 12).unwrap();
    let m = pos.parse_move(&usi).expect("a legal move");
    assert_eq!(
        pos.piece_at(m.from).map(|(_, side)| side),
        Some(hisha::color::Color::White)
    );
    // A FEN the variant cannot read is refused, and the game goes on where it was.
    x.send("force");
    x.send("setboard 11k/12/9zz1/12 w");
    let said = x.sync();
    assert!(said.len() == 1 && said[0].starts_with("Error"), "{said:?}");
    x.send("go");
    let next = x.expect_move();
    let mut pos = pos.clone();
    pos.make_move(m);
    assert!(
        pos.parse_move(&from_xboard(&next, 12, 12).unwrap()).is_ok(),
        "{next}"
    );
}

#[test]
fn analysis_thinks_until_exit_and_follows_the_moves() {
    let mut x = session("chu");
    x.send("force");
    x.send("analyze");
    // Thinking lines: depth score time nodes pv.
    let first = x.expect("1 ");
    assert!(!first.iter().any(|l| l.starts_with("move")), "{first:?}");
    // A move in analysis: the position changes and the analysis goes on, nothing is played.
    x.send("usermove h4h5");
    let said = x.sync();
    // Thinking after the pong is the new position's (waited for: a loaded machine may take a
    // while to finish an iteration).
    let thinking = |l: &String| {
        l.split_whitespace()
            .next()
            .is_some_and(|w| w.parse::<u32>().is_ok())
    };
    let mut after = Vec::new();
    let deadline = Instant::now() + WAIT;
    while !after.iter().any(thinking) {
        let left = deadline.saturating_duration_since(Instant::now());
        match x.lines.recv_timeout(left) {
            Ok(line) => after.push(line),
            Err(_) => panic!("no thinking after the move: {said:?} {after:?}"),
        }
    }
    assert!(
        said.iter()
            .chain(&after)
            .all(|l| !l.starts_with("move") && !l.starts_with("Illegal")),
        "{said:?} {after:?}"
    );
    x.send("exit");
    std::thread::sleep(std::time::Duration::from_millis(200));
    x.sync();
    // Out of analysis: quiet, and the game goes on from the move played in it.
    std::thread::sleep(std::time::Duration::from_millis(300));
    let quiet = x.sync();
    assert!(quiet.is_empty(), "{quiet:?}");
    x.send("sd 1");
    x.send("go");
    let reply = x.expect_move();
    legal_reply(VariantId::Chu, &["5i5h".to_string()], &reply);
}

#[test]
fn a_lifted_piece_gets_its_legal_squares_marked() {
    let mut x = session("chu");
    x.send("protover 2");
    assert!(x.expect("feature done=1")[0].contains("highlight=1"));
    // Chu's start: the lion (f3) is hemmed in by its own pieces but for its leaps two squares
    // ahead, to e5 to h5 (d5 holds a go-between), and to d2, between a bishop and a blind
    // tiger.
    x.send("lift f3");
    let said = x.sync();
    assert_eq!(
        said,
        ["highlight 12/12/12/12/12/12/12/4YYYY4/12/12/3Y8/12"],
        "{said:?}"
    );
    // A piece with no move, and a square off the board, get no answer.
    x.send("lift a1");
    x.send("lift z9");
    assert!(x.sync().is_empty());

    // Sho: the king may step where the rook on d9 attacks while a crown prince stands (a1),
    // and may not without one.
    let mut x = session("sho");
    x.send("force");
    x.send("setboard 3rk4/9/9/9/9/9/9/9/+E3K4 w 0 1");
    x.send("lift e1");
    assert_eq!(x.sync(), ["highlight 9/9/9/9/9/9/9/3YYY3/3Y1Y3"]);
    x.send("usermove e1d2");
    assert!(x.sync().is_empty(), "the king's step is refused");
    x.send("setboard 3rk4/9/9/9/9/9/9/9/4K4 w 0 1");
    x.send("lift e1");
    assert_eq!(x.sync(), ["highlight 9/9/9/9/9/9/9/4YY3/5Y3"]);

    // A lift is answered at once during an analysis, which goes on.
    x.send("analyze");
    x.send("lift e1");
    assert!(x
        .expect("highlight ")
        .last()
        .unwrap()
        .ends_with("/4YY3/5Y3"));
    x.send("exit");
    assert!(x.sync().iter().all(|l| !l.starts_with("Error")));
}

#[test]
fn thinking_lines_name_the_squares_of_a_board_that_is_not_square() {
    // Heian shogi's board is 9 files by 8 ranks: the PV's first move is the move played.
    let mut x = session("heian");
    x.send("post");
    x.send("sd 3");
    x.send("go");
    let seen = x.expect("move ");
    let played = &seen.last().unwrap()["move ".len()..];
    let last_pv = seen
        .iter()
        .rev()
        .find(|l| l.split_whitespace().count() > 4 && l.starts_with(char::is_numeric))
        .unwrap_or_else(|| panic!("no thinking line in {seen:?}"));
    assert_eq!(last_pv.split_whitespace().nth(4), Some(played), "{seen:?}");
    legal_reply(VariantId::Heian, &[], played);
}
