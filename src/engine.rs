//! The 9x9 engine: a root position, options, and a search thread, behind `usi::UsiEngine`.

use crate::eval::{weights_without, Weights, WEIGHTS};
use crate::search::mate::{mate_search, MateOutcome};
use crate::search::params::{Features, SEARCH_STACK_BYTES};
use crate::search::tt::TranspositionTable;
use crate::search::{
    Limits, MateLimit, Score, SearchControl, SearchEvent, SearchOptions, Searcher, MATE_BOUND,
};
use crate::shogi::{
    generate_all, parse_usi_move, perft_divide, Color, EnteringKingRule, MoveList, Position,
};
use crate::usi::options::{OptionKind, UsiOption};
use crate::usi::response::{BestMove, CheckmateAnswer, EngineEvent, InfoLine, UsiScore};
use crate::usi::UsiEngine;
use crossbeam_channel::Sender;
use std::sync::Arc;
use std::thread::JoinHandle;

/// The `Search_*` check options and the switch each one sets.
type FeatureField = fn(&mut Features) -> &mut bool;
const FEATURE_OPTIONS: [(&str, FeatureField); 11] = [
    ("Search_NullMove", |f| &mut f.null_move),
    ("Search_LMR", |f| &mut f.lmr),
    ("Search_History", |f| &mut f.history),
    ("Search_CheckExtension", |f| &mut f.check_extension),
    ("Search_Futility", |f| &mut f.futility),
    ("Search_Continuation", |f| &mut f.continuation),
    ("Search_SingularExtension", |f| &mut f.singular_extension),
    ("Search_MateInOne", |f| &mut f.mate_in_one),
    ("Search_MateInThree", |f| &mut f.mate_in_three),
    ("Search_QsearchChecks", |f| &mut f.qsearch_checks),
    ("Eval_Form", |f| &mut f.form_eval),
];

/// Default hash size, MiB.
pub const DEFAULT_HASH_MB: usize = 64;

/// Engine settings, as set by `setoption`.
#[derive(Clone, Debug)]
pub struct Settings {
    /// USI_Hash, MiB.
    pub hash_mb: usize,
    /// Threads.
    pub threads: usize,
    /// USI_Ponder: whether to send `ponder` moves.
    pub ponder: bool,
    /// MultiPV.
    pub multipv: usize,
    /// MoveOverhead, ms.
    pub move_overhead_ms: u64,
    /// EnteringKingRule.
    pub entering_king_rule: EnteringKingRule,
    /// Search_* switches (for measuring what each technique is worth).
    pub features: Features,
    /// Contempt, centipawns.
    pub contempt: i32,
    /// The evaluation's weights, less the groups named by Eval_Off.
    pub weights: Arc<Weights>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            ponder: false,
            multipv: 1,
            move_overhead_ms: crate::search::params::DEFAULT_MOVE_OVERHEAD_MS,
            entering_king_rule: EnteringKingRule::default(),
            features: Features::default(),
            contempt: 0,
            weights: Arc::new(WEIGHTS),
        }
    }
}

/// The standard-shogi engine.
pub struct Engine {
    position: Position,
    settings: Settings,
    tt: Arc<TranspositionTable>,
    control: Arc<SearchControl>,
    searcher: Option<Searcher>,
    worker: Option<JoinHandle<Searcher>>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine at the starting position. The hash is allocated on the first `isready`/`go`.
    pub fn new() -> Engine {
        let tt = Arc::new(TranspositionTable::new(1));
        let control = SearchControl::new();
        Engine {
            position: Position::startpos(),
            settings: Settings::default(),
            searcher: Some(Searcher::new(tt.clone(), control.clone())),
            tt,
            control,
            worker: None,
        }
    }

    fn ensure_hash(&mut self) {
        if self.tt.size_mb() != self.settings.hash_mb {
            self.tt = Arc::new(TranspositionTable::new(self.settings.hash_mb));
            if let Some(s) = self.searcher.as_mut() {
                s.set_tt(self.tt.clone());
            }
        }
    }

    /// Runs a search on the calling thread (bench, CLI) and returns its result.
    pub fn search_blocking(
        &mut self,
        limits: &Limits,
        report: &mut dyn FnMut(SearchEvent),
    ) -> crate::search::SearchResult {
        self.ensure_hash();
        self.control.reset(false);
        let options = self.search_options();
        let mut pos = self.position.clone();
        let searcher = self
            .searcher
            .as_mut()
            .expect("searcher available when idle");
        searcher.search(&mut pos, limits, &options, report)
    }

    fn search_options(&self) -> SearchOptions {
        SearchOptions {
            multipv: self.settings.multipv,
            move_overhead_ms: self.settings.move_overhead_ms,
            threads: self.settings.threads,
            entering_king_rule: self.settings.entering_king_rule,
            features: self.settings.features,
            contempt: self.settings.contempt,
            weights: self.settings.weights.clone(),
        }
    }

    /// Keeps the handle of a started search thread; if it could not start, replaces the
    /// searcher it took (so the next `go` still works) and reports the error.
    fn start_worker(
        &mut self,
        spawned: std::io::Result<JoinHandle<Searcher>>,
        what: &str,
    ) -> Result<(), String> {
        match spawned {
            Ok(handle) => {
                self.worker = Some(handle);
                Ok(())
            }
            Err(e) => {
                self.searcher = Some(Searcher::new(self.tt.clone(), self.control.clone()));
                Err(format!("cannot start the {what} thread: {e}"))
            }
        }
    }

    fn declared_options() -> Vec<UsiOption> {
        let d = Settings::default();
        vec![
            UsiOption {
                name: "USI_Hash".into(),
                kind: OptionKind::Spin {
                    default: d.hash_mb as i64,
                    min: 1,
                    max: 32768,
                },
            },
            UsiOption {
                name: "USI_Ponder".into(),
                kind: OptionKind::Check { default: d.ponder },
            },
            UsiOption {
                name: "Threads".into(),
                kind: OptionKind::Spin {
                    default: 1,
                    min: 1,
                    max: 256,
                },
            },
            UsiOption {
                name: "MultiPV".into(),
                kind: OptionKind::Spin {
                    default: 1,
                    min: 1,
                    max: 600,
                },
            },
            UsiOption {
                name: "MoveOverhead".into(),
                kind: OptionKind::Spin {
                    default: d.move_overhead_ms as i64,
                    min: 0,
                    max: 10000,
                },
            },
            UsiOption {
                name: "Contempt".into(),
                kind: OptionKind::Spin {
                    default: 0,
                    min: -3000,
                    max: 3000,
                },
            },
            UsiOption {
                name: "EnteringKingRule".into(),
                kind: OptionKind::Combo {
                    default: d.entering_king_rule.name().into(),
                    vars: EnteringKingRule::ALL
                        .iter()
                        .map(|(_, n)| n.to_string())
                        .collect(),
                },
            },
            UsiOption {
                name: "ClearHash".into(),
                kind: OptionKind::Button,
            },
            UsiOption {
                name: "Eval_Off".into(),
                kind: OptionKind::Text {
                    default: String::new(),
                },
            },
        ]
        .into_iter()
        .chain(FEATURE_OPTIONS.iter().map(|(name, field)| UsiOption {
            name: name.to_string(),
            kind: OptionKind::Check {
                default: *field(&mut Features::default()),
            },
        }))
        .collect()
    }
}

/// Converts a search report to protocol data.
fn info_line(info: &crate::search::SearchInfo, multipv: usize) -> InfoLine {
    InfoLine {
        depth: info.depth,
        seldepth: info.seldepth,
        multipv: (multipv > 1).then_some(info.multipv),
        score: match info.score {
            Score::Cp(v) => UsiScore::Cp(v),
            Score::Mate(n) => UsiScore::Mate(n),
        },
        bound: None,
        nodes: info.nodes,
        time_ms: info.time.as_millis() as u64,
        hashfull: info.hashfull,
        pv: info.pv.iter().map(|m| m.to_string()).collect(),
    }
}

impl UsiEngine for Engine {
    fn name(&self) -> String {
        format!("Hisha {}", env!("CARGO_PKG_VERSION"))
    }

    fn author(&self) -> String {
        "the Hisha developers".into()
    }

    fn options(&self) -> Vec<UsiOption> {
        Engine::declared_options()
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        // Aliases some GUIs and tools use.
        let canonical = match name.to_ascii_lowercase().as_str() {
            "hash" => "USI_Hash".to_string(),
            "ponder" => "USI_Ponder".to_string(),
            "usi_multipv" => "MultiPV".to_string(),
            _ => name.to_string(),
        };
        let decl = Engine::declared_options()
            .into_iter()
            .find(|o| o.name.eq_ignore_ascii_case(&canonical))
            .ok_or_else(|| format!("unknown option '{name}'"))?;
        let v = decl.validate(value)?;
        match decl.name.as_str() {
            "USI_Hash" => self.settings.hash_mb = v.parse().expect("validated"),
            "USI_Ponder" => self.settings.ponder = v == "true",
            "Threads" => self.settings.threads = v.parse().expect("validated"),
            "MultiPV" => self.settings.multipv = v.parse().expect("validated"),
            "MoveOverhead" => self.settings.move_overhead_ms = v.parse().expect("validated"),
            "EnteringKingRule" => {
                self.settings.entering_king_rule =
                    EnteringKingRule::from_name(&v).expect("validated combo value")
            }
            "Contempt" => self.settings.contempt = v.parse().expect("validated"),
            "ClearHash" => self.tt.clear(),
            "Eval_Off" => {
                let weights = weights_without(&v)?;
                self.settings.weights = Arc::new(*weights);
                // Stored static evaluations were made with the old weights.
                self.tt.clear();
            }
            name if FEATURE_OPTIONS.iter().any(|(n, _)| *n == name) => {
                let (_, field) = FEATURE_OPTIONS
                    .iter()
                    .find(|(n, _)| *n == name)
                    .expect("declared feature option");
                *field(&mut self.settings.features) = v == "true";
            }
            _ => unreachable!("every declared option is handled"),
        }
        Ok(())
    }

    fn is_ready(&mut self) {
        self.ensure_hash();
    }

    fn new_game(&mut self) {
        self.ensure_hash();
        self.tt.clear();
        if let Some(s) = self.searcher.as_mut() {
            s.new_game();
        }
    }

    fn set_position(&mut self, sfen: &str, moves: &[String]) -> Result<(), String> {
        let mut pos = Position::from_sfen(sfen).map_err(|e| format!("bad SFEN: {e}"))?;
        for (i, text) in moves.iter().enumerate() {
            let Some(m) = parse_usi_move(&pos, text) else {
                return Err(format!(
                    "illegal move '{text}' (move {} of the list) in {}",
                    i + 1,
                    pos.to_sfen()
                ));
            };
            pos.do_move(m);
        }
        self.position = pos;
        Ok(())
    }

    fn go(&mut self, limits: Limits, events: Sender<EngineEvent>) -> Result<(), String> {
        if self.worker.is_some() {
            return Err("a search is already running".into());
        }
        if !limits.searchmoves.is_empty() {
            let mut list = MoveList::new();
            generate_all(&self.position, &mut list);
            for m in &limits.searchmoves {
                if !list.iter().any(|x| x.to_string() == *m) {
                    return Err(format!("searchmoves: '{m}' is not a legal move here"));
                }
            }
        }
        self.ensure_hash();
        self.control.reset(limits.ponder);
        let mut searcher = self.searcher.take().expect("searcher available when idle");
        let mut pos = self.position.clone();
        let options = self.search_options();
        // Resign a position lost by force, but never while pondering or analysing.
        let allow_resign = !limits.ponder && !limits.infinite;
        let send_ponder = self.settings.ponder;
        let multipv = self.settings.multipv;
        let tt_for_recovery = self.tt.clone();
        let control_for_recovery = self.control.clone();
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                let tx = events.clone();
                let mut report = |e: SearchEvent| match e {
                    SearchEvent::Info(info) => {
                        let _ = tx.send(EngineEvent::Info(info_line(&info, multipv)));
                    }
                };
                let root = pos.clone();
                let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    searcher.search(&mut pos, &limits, &options, &mut report)
                }));
                let result = match outcome {
                    Ok(r) => r,
                    Err(_) => {
                        // A bug must not leave the GUI without its bestmove: answer with any
                        // legal move and start the next search with fresh tables.
                        let _ = tx.send(EngineEvent::Message(
                            "error: internal search error; playing a fallback move".into(),
                        ));
                        searcher = Searcher::new(tt_for_recovery, control_for_recovery);
                        let mut list = MoveList::new();
                        crate::shogi::generate_legal(&root, &mut list);
                        crate::search::SearchResult::immediate(list.first().copied(), 0)
                    }
                };
                let best = match result.best {
                    _ if result.declare_win => BestMove::Win,
                    None => BestMove::Resign,
                    Some(_) if allow_resign && result.score <= -MATE_BOUND => BestMove::Resign,
                    Some(m) => BestMove::Move {
                        best: m.to_string(),
                        ponder: result.ponder.filter(|_| send_ponder).map(|p| p.to_string()),
                    },
                };
                let _ = events.send(EngineEvent::BestMove(best));
                searcher
            });
        self.start_worker(spawned, "search")
    }

    fn go_mate(&mut self, limit: MateLimit, events: Sender<EngineEvent>) -> Result<(), String> {
        if self.worker.is_some() {
            return Err("a search is already running".into());
        }
        self.control.reset(false);
        let control = self.control.clone();
        let searcher = self.searcher.take().expect("searcher available when idle");
        let mut pos = self.position.clone();
        let spawned = std::thread::Builder::new()
            .name("mate".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                let answer = match mate_search(&mut pos, limit, &control) {
                    MateOutcome::Mate(pv) => {
                        CheckmateAnswer::Mate(pv.iter().map(|m| m.to_string()).collect())
                    }
                    MateOutcome::NoMate => CheckmateAnswer::NoMate,
                    MateOutcome::Unknown => CheckmateAnswer::Timeout,
                };
                let _ = events.send(EngineEvent::Checkmate(answer));
                searcher
            });
        self.start_worker(spawned, "mate")
    }

    fn stop(&mut self) {
        self.control.stop();
    }

    fn ponderhit(&mut self, clock: Option<Limits>) {
        self.control.ponderhit(clock);
    }

    fn search_finished(&mut self) {
        if let Some(h) = self.worker.take() {
            match h.join() {
                Ok(s) => self.searcher = Some(s),
                Err(_) => {
                    // The search thread panicked: start afresh rather than die.
                    log::error!("search thread panicked; starting a fresh searcher");
                    self.searcher = Some(Searcher::new(self.tt.clone(), self.control.clone()));
                }
            }
        }
    }

    fn perft(&mut self, depth: u32) -> Vec<(String, u64)> {
        let mut pos = self.position.clone();
        perft_divide(&mut pos, depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect()
    }

    fn display(&self) -> String {
        let p = &self.position;
        let mut s = String::new();
        for rank in 0..9u8 {
            let mut row = String::new();
            for file in (0..9u8).rev() {
                let sq = crate::shogi::Square::new(file, rank).expect("on board");
                match p.piece_on(sq) {
                    Some(pc) => row.push_str(&format!("{:>3}", pc.to_sfen())),
                    None => row.push_str("  ."),
                }
            }
            s.push_str(&row);
            s.push('\n');
        }
        s.push_str(&format!(
            "hands: black {:?} white {:?}\nside to move: {}\nsfen: {}\nkey: {:016x}\n",
            p.hand(Color::Black),
            p.hand(Color::White),
            if p.side_to_move() == Color::Black {
                "black"
            } else {
                "white"
            },
            p.to_sfen(),
            p.key()
        ));
        s
    }

    fn explain_eval(&self) -> String {
        crate::eval::explain(&self.position)
    }

    fn bench(&mut self, depth: Option<u32>) -> Vec<String> {
        crate::bench::run(depth)
            .lines()
            .map(str::to_string)
            .collect()
    }
}
