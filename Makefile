# Hisha: common tasks. `make help` lists them.
CARGO ?= cargo
BIN ?= target/release/hisha
# The scripts run in a virtual environment that `make deps` makes (Debian refuses a system-wide
# pip install); those that need only the standard library run with any python3.
VENV ?= .venv
PY ?= $(if $(wildcard $(VENV)/bin/python3),$(VENV)/bin/python3,python3)
GAMES ?= 20
BYOYOMI ?= 1000
OPENINGS ?= positions/openings-suite.txt
# GPSShogi as a tournament runs it. Debian's gpsusi defaults to LimitDepth 4 (a depth-4 search
# whatever the clock) and BookDepth 0 (no book): lift the depth limit and use its book as deep
# as it goes. GPS_BOOK=0 plays it without its book.
GPS_BOOK ?= 100
NODES ?= 30000
FS_NODES1 ?= 50000
FS_NODES2 ?= 30000
# The clock of the timed matches is byoyomi BYOYOMI ms, or with TIME= (ms) and INC= (ms) a main
# time with a Fischer increment and no byoyomi. TAG names the runs (clock and openings), so
# that runs with different clocks or openings can be played side by side.
TAG = $(if $(TIME),$(TIME)+$(or $(INC),0),$(BYOYOMI))-$(if $(OPENINGS),$(basename $(notdir $(OPENINGS))),startpos)

.PHONY: help build run test test-deep fuzz fuzz-afl perft perft-deep perft-vs-fairy perft-vs-shogiops variant-data variant-games match-variant match-xboard match-kit bench criterion timing lint fmt weights weights-fit weights-data kp-data kp-fit kp check-kp check-weights variant-weights variant-weights-fit variant-weights-data opening-data book suite \
	match-gnushogi match-fairy match-fairy-nodes match-gpsshogi threads-depth match-threads ablation eval-ablation ab mate-bench shtsume fairy-new crazywa-wa deps clean

help:
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/'

build: ## Build the release binary
	$(CARGO) build --release

run: build ## Start the engine in USI mode
	./$(BIN)

test: ## Run the test suite (what CI runs; debug assertions on, optimised)
	$(CARGO) test

test-deep: perft-deep ## Alias for perft-deep

perft: build ## Startpos perft 6 with timing (DEPTH=, SFEN= to change)
	./$(BIN) perft $(or $(DEPTH),6) $(if $(SFEN),--sfen "$(SFEN)",)

perft-deep: ## The deep perft rows (minutes)
	$(CARGO) test --release --test perft -- --ignored --nocapture

bench: build ## Search signature: prints "Nodes searched"
	./$(BIN) bench

MATE_TIME ?= 10000
SHTSUME ?= tune-data/shtsume
FUZZ_ITERATIONS ?= 1000000
FUZZ_SEED ?= 54
FUZZ_BATCHES ?= 1000
FUZZ_THREADS ?= $(shell nproc 2>/dev/null || echo 1)

mate-bench: build ## The mate set solved by Hisha and by cshogi's df-pn (and shtsume, after make shtsume), MATE_TIME ms each (a Markdown table)
	$(PY) scripts/mate_bench.py positions/mates.txt --time $(MATE_TIME) --hisha $(BIN) \
		$(if $(wildcard $(SHTSUME)),--shtsume $(SHTSUME))

# fairy-stockfish built from its public source (tori shogi, which Debian's 11.1 lacks).
FSF_NEW ?= tune-data/fairy-stockfish
fairy-new: $(FSF_NEW) ## Build fairy-stockfish from its public source (largeboards, all variants: tori shogi's oracle and opponent), in tune-data/
$(FSF_NEW):
	test -d tune-data/fairy-src || git clone -q --depth 1 https://github.com/fairy-stockfish/Fairy-Stockfish tune-data/fairy-src
	$(MAKE) -C tune-data/fairy-src/src build ARCH=x86-64-modern largeboards=yes all=yes
	cp tune-data/fairy-src/src/stockfish $(FSF_NEW)

crazywa-wa: ## Build CrazyWa from Debian's source with its attack table enlarged (Debian's 1.0.5 crashes in wa shogi at depth 5: 2-square leaps from the edge ranks write past it), in tune-data/ (needs deb-src in apt's sources)
	mkdir -p tune-data/crazywa-src
	cd tune-data/crazywa-src && apt-get source -q crazywa >/dev/null
	cd tune-data/crazywa-src/crazywa-*/ && sed -i \
		-e 's/#define attacks (rawAttacks + 23)/#define attacks (rawAttacks + 3*22)/' \
		-e 's/rawAttacks\[13\*22\]/rawAttacks[19*22]/' dropper.c && \
		grep -q 'rawAttacks\[19\*22\]' dropper.c && gcc -O2 -o ../../crazywa dropper.c

shtsume: ## Build shtsume (a tsume solver in C, the comparison for make mate-bench) from its public source, in tune-data/
	test -d tune-data/shtsume-src || git clone -q --depth 1 https://github.com/hkijin/shtsume tune-data/shtsume-src
	$(MAKE) -C tune-data/shtsume-src
	cp tune-data/shtsume-src/shtsume $(SHTSUME)

# MALLOC_MMAP_THRESHOLD_ keeps glibc from reusing freed heap for the large tables each new
# engine of a session target allocates (it would clear them byte by byte; fresh pages come
# cleared): a third of the time of a session.
fuzz: ## Mutation fuzzing: every text reader, FUZZ_ITERATIONS inputs a target on FUZZ_THREADS threads, and FUZZ_BATCHES mutated sessions of each protocol (tests/fuzz*.rs)
	FUZZ_ITERATIONS=$(FUZZ_ITERATIONS) FUZZ_SEED=$(FUZZ_SEED) FUZZ_BATCHES=$(FUZZ_BATCHES) \
		FUZZ_THREADS=$(FUZZ_THREADS) MALLOC_MMAP_THRESHOLD_=262144 \
		$(CARGO) test --release --test fuzz --test fuzz_sessions

# Coverage-guided fuzzing with AFL++ through cargo-afl (`cargo install cargo-afl`, stable Rust):
# fuzz/ is its own crate, outside the engine's build. Each target runs for AFL_EXECS inputs or
# AFL_SECONDS, whichever ends first, from the seeds in fuzz/corpus/TARGET/; AFL's queue, crashes
# and hangs (an input taking over AFL_TIMEOUT_MS) go to tune-data/afl/TARGET/, and the target
# fails on any crash or hang.
AFL_TARGETS := usi usi_session xboard_session position moves handicap variant book records
AFL_EXECS ?= 10000000
AFL_SECONDS ?= 3600
AFL_TIMEOUT_MS ?= 1000
fuzz-afl: ## Coverage-guided fuzzing (AFL++; needs cargo-afl): each of AFL_TARGETS (or TARGET=) for AFL_EXECS inputs or AFL_SECONDS
	cd fuzz && $(CARGO) afl build --release
	mkdir -p $(TUNE_DIR)/afl
	for t in $(or $(TARGET),$(AFL_TARGETS)); do \
	  HISHA_FUZZ_TARGET=$$t AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 \
	    $(CARGO) afl fuzz -E $(AFL_EXECS) -V $(AFL_SECONDS) -t $(AFL_TIMEOUT_MS) -i fuzz/corpus/$$t \
	    -o $(TUNE_DIR)/afl/$$t fuzz/target/release/hisha-fuzz > $(TUNE_DIR)/afl/$$t.log 2>&1 || exit 1; \
	  stats=$(TUNE_DIR)/afl/$$t/default/fuzzer_stats; \
	  echo "$$t: $$(grep -E '^(execs_done|run_time|bitmap_cvg|saved_crashes|saved_hangs)' $$stats | tr -s ' ' | tr '\n' ' ')"; \
	  grep -q '^saved_crashes *: 0$$' $$stats && grep -q '^saved_hangs *: 0$$' $$stats || exit 1; \
	done

criterion: ## Criterion benchmarks (movegen, perft, search)
	$(CARGO) bench --bench movegen

timing: ## USI answer times: stop, ponderhit, isready and quit latency, each clock's use (idle machine)
	$(CARGO) bench --bench usi_timing

lint: ## cargo fmt --check, clippy with warnings denied, one-way layer imports (what CI checks)
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --all-targets --release -- -D warnings
	bash scripts/check_layers.sh

fmt: ## Format the code
	$(CARGO) fmt --all

deps: ## Install the opponents and oracles (Debian) and the scripts' packages (scripts/requirements.txt, into .venv)
	apt-get update -qq && apt-get install -y -qq fairy-stockfish gnushogi gpsshogi hachu crazywa python3-venv dpkg-dev
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q -r scripts/requirements.txt

# The variants' oracle data (docs/variants.md): positions from random playouts with their perft
# by fairy-stockfish (11.1: micro, judkins; a build of its source, make fairy-new: tori; the
# pawn-drop mates it counts settled by the rules) and by shogiops, lishogi's rules library
# (minishogi, chu; npm install in scripts/oracle).
VARIANT_DATA := positions/variants
variant-data: build $(FSF_NEW) ## Regenerate positions/variants/ (needs make deps and npm; chu depth 3 takes an hour)
	mkdir -p $(TUNE_DIR) $(VARIANT_DATA)
	cd scripts/oracle && npm install --silent --no-audit --no-fund
	$(PY) scripts/fsf_variant_sample.py micro 200 1,2,3 3 $(VARIANT_DATA)/micro-perft.tsv
	$(PY) scripts/fsf_variant_sample.py judkins 200 1,2,3 4 $(TUNE_DIR)/judkins-fsf.tsv
	$(PY) scripts/fsf_variant_sample.py settle judkins judkins $(TUNE_DIR)/judkins-fsf.tsv $(VARIANT_DATA)/judkins-perft.tsv $(BIN)
	FAIRY_STOCKFISH=$(FSF_NEW) $(PY) scripts/fsf_variant_sample.py torishogi 200 1,2,3 7 $(TUNE_DIR)/tori-fsf.tsv
	FAIRY_STOCKFISH=$(FSF_NEW) $(PY) scripts/fsf_variant_sample.py settle torishogi torishogi $(TUNE_DIR)/tori-fsf.tsv $(VARIANT_DATA)/tori-perft.tsv $(BIN)
	node scripts/oracle/shogiops_perft.mjs sample minishogi 200 1,2,3 2 > $(VARIANT_DATA)/mini-perft.tsv
	node scripts/oracle/shogiops_perft.mjs sample chushogi 200 1,2,3 1 > $(VARIANT_DATA)/chu-perft.tsv

VARIANT_GAMES ?= 20
variant-games: build ## VARIANT_GAMES (20) complete self-play games of each variant at NODES nodes a move, every move checked by shogiops or fairy-stockfish
	cd scripts/oracle && npm install --silent --no-audit --no-fund
	for v in microshogi minishogi judkins chushogi; do \
		$(PY) scripts/variant_games.py $$v $(VARIANT_GAMES) --nodes $(NODES) --hisha $(BIN) || exit 1; done

VARIANT ?= chushogi
OPPONENT ?= hachu
match-variant: build ## GAMES games of VARIANT (chushogi) against OPPONENT (hachu, fairy, random, hisha) at BYOYOMI ms, refereed and timed (tori: fairy is make fairy-new's build)
	cd scripts/oracle && npm install --silent --no-audit --no-fund
	$(if $(filter torishogi,$(VARIANT)),FAIRY_STOCKFISH=$(FSF_NEW)) $(PY) scripts/variant_match.py $(VARIANT) $(GAMES) --opponent $(OPPONENT) --byoyomi $(BYOYOMI) --hisha $(BIN)

match-xboard: build ## GAMES chu games against HaChu with both engines speaking XBoard, ST (1) seconds a move
	cd scripts/oracle && npm install --silent --no-audit --no-fund
	$(PY) scripts/xboard_match.py $(GAMES) --st $(or $(ST),1) --hisha $(BIN)

perft-vs-shogiops: build ## Variant perft speed vs shogiops in one run (DEPTH= default 4, RULES= chushogi or minishogi; needs npm)
	cd scripts/oracle && npm install --silent --no-audit --no-fund
	$(PY) scripts/perft_vs_shogiops.py $(or $(DEPTH),4) $(or $(RULES),chushogi)

perft-vs-fairy: build ## Perft speed vs fairy-stockfish (DEPTH=, SFEN=)
	$(PY) scripts/perft_vs_fairy.py $(or $(DEPTH),6) $(if $(SFEN),"$(SFEN)",)

# Matches run on shogiarena (`make deps` installs it), one game at a time (ARENA_PARALLEL=2 plays
# two side by side), with a strict clock: no margin, so a move that takes longer than the
# engine's clock allows loses the game. Draw at 320 plies; every opening is played with both
# colours. Each run leaves its games and records in matches/<name>/ (a new run replaces it) and
# scripts/arena_report.py prints the score with its error bar and the time losses.
# OPTIONS1 / OPTIONS2 are shogiarena engine tokens, e.g. OPTIONS1="options.BookFile=no_book".
ARENA ?= $(VENV)/bin/shogiarena
ARENA_PARALLEL ?= 1
ARENA_CLOCK = $(if $(TIME),time_control.time_ms=$(TIME) time_control.increment_ms=$(or $(INC),0),time_control.time_ms=0 time_control.byoyomi_ms=$(BYOYOMI)) \
	time_control.expiry_margin_ms=0
# The opponents get 3 s of grace on every move: the matches measure strength, and GPSShogi
# overruns its byoyomi on a third of its moves, by up to 1.1 s at byoyomi 300 ms (with 1 s of
# grace it forfeited 8 games of 30 on the suite). Hisha's own clock stays strict.
OPPONENT_CLOCK = $(subst expiry_margin_ms=0,expiry_margin_ms=3000,$(ARENA_CLOCK))
# Each opening once (both colours) while the file has enough for GAMES, else drawn at random.
ARENA_DRAW = $(shell [ $$(( $(GAMES) / 2 )) -le $$(grep -c . $(OPENINGS) 2>/dev/null || echo 0) ] && echo without_replacement || echo with_replacement)
ARENA_RULES = $(if $(OPENINGS),initial_positions.type=file initial_positions.source=$(abspath $(OPENINGS)) initial_positions.selection_policy=$(ARENA_DRAW),initial_positions.type=startpos) \
	adjudication.sync_max_plies_with_engine=false adjudication.max_plies=320
# A run: $(1) its name, $(2) the first engine's tokens, $(3) the second's, $(4) the rules' time
# control tokens, $(5) the command (tournament, or sprt with its tokens).
define arena
	mkdir -p matches
	rm -rf matches/$(1)
	$(ARENA) --log-level WARNING --output-dir matches/shogiarena run $(5) --engine $(2) --engine $(3) --rules $(ARENA_RULES) $(4) \
		--tournament games_per_pair=$(GAMES) num_parallel=$(ARENA_PARALLEL) --dashboard enabled=false --run-dir matches/$(1) --no-resume
	$(PY) scripts/arena_report.py matches/$(1) --json matches/$(1)/report.json
endef
HISHA_TOKENS = name=hisha path=$(abspath matches/hisha) $(OPTIONS1)
GPS_TOKENS = name=gpsshogi path=/usr/games/gpsusi options.Thread=1 options.LimitDepth=10 options.BookDepth=$(GPS_BOOK) $(OPTIONS2)

# The binary under test is copied first, so that a rebuild during a match changes nothing.
matches/hisha: build
	mkdir -p matches
	cp $(BIN) matches/hisha.new && mv matches/hisha.new matches/hisha

match-gnushogi: matches/hisha ## GAMES games vs GNU Shogi at BYOYOMI ms, or TIME= ms + INC= ms (OPENINGS=, empty: the start position)
	$(call arena,gnushogi-$(TAG),$(HISHA_TOKENS),name=gnushogi path=$(abspath scripts/gnushogi_usi.py) $(OPPONENT_CLOCK) $(OPTIONS2),$(ARENA_CLOCK),tournament)

match-fairy: matches/hisha ## GAMES games vs fairy-stockfish at BYOYOMI ms, or TIME= ms + INC= ms (OPENINGS=, empty: the start position; OPTIONS1=)
	$(call arena,fairy-$(TAG),$(HISHA_TOKENS),name=fairy-stockfish path=/usr/games/fairy-stockfish options.Hash=64 $(OPPONENT_CLOCK) $(OPTIONS2),$(ARENA_CLOCK),tournament)

match-gpsshogi: matches/hisha ## GAMES games vs GPSShogi (gpsusi, 1 thread, full depth, its book unless GPS_BOOK=0) at BYOYOMI ms, or TIME= ms + INC= ms (OPENINGS=, empty: the start position; OPTIONS1=)
	$(call arena,gpsshogi-$(TAG)$(if $(filter 0,$(GPS_BOOK)),-nobook),$(HISHA_TOKENS),$(GPS_TOKENS) $(OPPONENT_CLOCK),$(ARENA_CLOCK),tournament)

match-fairy-nodes: matches/hisha ## GAMES games vs fairy-stockfish at fixed nodes (Hisha FS_NODES1, it FS_NODES2: about equal time; OPTIONS1=)
	$(call arena,fairy-nodes,$(HISHA_TOKENS) time_control.node_limit=$(FS_NODES1),name=fairy-stockfish path=/usr/games/fairy-stockfish options.Hash=64 time_control.node_limit=$(FS_NODES2),,tournament)

# A kit for scripts/kit_match.sh, to play GPSShogi on a borrowed many-core machine that has
# Python (KIT_PYTHON, e.g. 312 for 3.12) and nothing else: this build of Hisha, gpsusi with the
# libraries it loads (not the C and C++ runtimes) and its data, and the cshogi wheel with numpy's
# (KIT_PIP_FLAGS=--no-deps leaves numpy out, for a machine that has it). Needs gpsshogi installed
# here (make deps) and the network for the wheels; match-kit/ is git-ignored. The variant
# matches of scripts/kit_variants.sh need only its Hisha (and Python).
KIT ?= match-kit
KIT_PYTHON ?= 312
KIT_PIP_FLAGS ?=
match-kit: build ## Assemble $(KIT)/ for scripts/kit_match.sh (GPSShogi matches on a machine without it)
	rm -rf $(KIT) && mkdir -p $(KIT)/gps/lib $(KIT)/wheels
	cp $(BIN) $(KIT)/hisha && strip $(KIT)/hisha
	cp -L /usr/games/gpsusi $(KIT)/gps/
	for l in $$(ldd /usr/games/gpsusi | awk '$$3 ~ /^\// { print $$3 }' | grep -v -e /libc.so -e /libm.so -e /libstdc++ -e /libgcc_s); do \
	  cp -L $$l $(KIT)/gps/lib/ || exit 1; done
	cp -rL /usr/share/gpsshogi-data/data $(KIT)/gps/
	$(PY) -m pip download --quiet cshogi $(KIT_PIP_FLAGS) --python-version $(KIT_PYTHON) --only-binary=:all: -d $(KIT)/wheels
	du -sh $(KIT)

threads-depth: build ## Time to depth DEPTH (default 12) with THREADS (default 2) threads and with 1, bench positions (idle cores)
	$(PY) scripts/threads_time_to_depth.py $(or $(DEPTH),12) $(or $(THREADS),2)

match-threads: matches/hisha ## GAMES games, THREADS (default 2) threads against 1 thread at BYOYOMI ms or TIME=/INC= (idle cores)
	$(call arena,threads-$(TAG),name=threads path=$(abspath matches/hisha) options.Threads=$(or $(THREADS),2),name=one-thread path=$(abspath matches/hisha),$(ARENA_CLOCK),tournament)

# A/B tests: an SPRT (shogiarena's GSPRT on pentanomial pairs: each opening played with both
# colours) of H0 "ELO0" against H1 "ELO1", alpha = beta = 0.05, stopping at a decision or at
# GAMES games.
ELO0 ?= 0
ELO1 ?= 5
SPRT = sprt --games $(GAMES) --sprt model=gsprt-pentanomial-v1 elo0=$(ELO0) elo1=$(ELO1) num_parallel=$(ARENA_PARALLEL)
AB_LIMIT = $(if $(BYOYOMI_AB),time_control.time_ms=0 time_control.byoyomi_ms=$(BYOYOMI_AB) time_control.expiry_margin_ms=0,time_control.node_limit=$(NODES))

ab: matches/hisha ## SPRT of this build against OLD=<binary>: at most GAMES games at NODES nodes a move (or BYOYOMI_AB ms); ELO0=, ELO1=
	$(call arena,ab,$(HISHA_TOKENS) tested=true,name=old path=$(abspath $(OLD)) $(OPTIONS2),$(AB_LIMIT),$(SPRT))

ablation: matches/hisha ## SPRT of this build against itself with FEATURE (e.g. Search_LMR) off, at NODES nodes a move
	$(call arena,ablation-$(FEATURE),$(HISHA_TOKENS) tested=true,name=without path=$(abspath matches/hisha) options.$(FEATURE)=false,$(AB_LIMIT),$(SPRT))

eval-ablation: matches/hisha ## SPRT of this build against itself with evaluation GROUP (e.g. castles) off, at NODES nodes a move
	$(call arena,eval-ablation-$(GROUP),$(HISHA_TOKENS) tested=true,name=without path=$(abspath matches/hisha) options.Eval_Off=$(GROUP),$(AB_LIMIT),$(SPRT))

# The evaluation's weights (docs/tuning.md). `make weights` fits src/eval/weights.in from the
# labelled positions committed in positions/tune/; `make weights-data` regenerates those
# positions from scratch with the engine as built (self-play seeded by WEIGHTS_SEED, scored by
# fairy-stockfish at depth 7 and, one position in 16, by GPSShogi at depth 4).
TUNE_DIR ?= tune-data
WEIGHTS_DATA := positions/tune
WEIGHTS_SEED ?= 24
WEIGHTS_GAMES ?= 4000
WEIGHTS_NODES ?= 4000
OPENING_GAMES ?= 1000
KING_GROUPS := "near own king" "near enemy king" "king square" "attack on king" "weak king squares" \
	"drop threats" "king defenders"

weights-data: build ## Regenerate positions/tune/ (self-play, fairy-stockfish and GPSShogi scores; about 45 min on 2 cores; needs make deps)
	mkdir -p $(TUNE_DIR) $(WEIGHTS_DATA)
	$(BIN) selfplay --games $(WEIGHTS_GAMES) --nodes $(WEIGHTS_NODES) --seed $(WEIGHTS_SEED) --out $(TUNE_DIR)/selfplay.txt
	$(PY) scripts/fs_label.py --depth 7 --every 2 --offset 0 $(TUNE_DIR)/selfplay.txt $(TUNE_DIR)/fs7.0 & p0=$$!; \
	$(PY) scripts/fs_label.py --depth 7 --every 2 --offset 1 $(TUNE_DIR)/selfplay.txt $(TUNE_DIR)/fs7.1 & p1=$$!; \
	wait $$p0 && wait $$p1
	cat $(TUNE_DIR)/fs7.0 $(TUNE_DIR)/fs7.1 | xz -9 -T1 > $(WEIGHTS_DATA)/fs7.tsv.xz
	$(PY) scripts/fs_label.py --gps --depth 4 --every 32 --offset 0 $(TUNE_DIR)/selfplay.txt $(TUNE_DIR)/gps4.0 & p0=$$!; \
	$(PY) scripts/fs_label.py --gps --depth 4 --every 32 --offset 16 $(TUNE_DIR)/selfplay.txt $(TUNE_DIR)/gps4.1 & p1=$$!; \
	wait $$p0 && wait $$p1
	cat $(TUNE_DIR)/gps4.0 $(TUNE_DIR)/gps4.1 | xz -9 -T1 > $(WEIGHTS_DATA)/gps4.tsv.xz

# The learned king-piece table's data (docs/tuning.md): `hisha datagen` games, KP_GAMES_PER_CHUNK
# a chunk, each chunk one xz file in KP_DATA. A chunk already written is skipped, so the target can
# be stopped and run again; KP_CHUNKS (a range, `first last`) says which chunks. Every chunk is
# the same whoever plays it (fixed nodes, one thread a game, seeded by KP_SEED and the game's
# number); KP_THREADS games at once.
KP_DATA ?= $(TUNE_DIR)/kp
KP_CHUNKS ?= 0 9
KP_GAMES_PER_CHUNK ?= 1000
KP_PLAY_NODES ?= 1000
KP_LABEL_NODES ?= 6000
KP_SEED ?= 51
KP_THREADS ?= 2
# The binary that plays is copied into KP_DATA the first time, with the commit it was built at,
# so that a rebuild during a long run changes no chunk.
kp-data: build ## Play the king-piece table's data in chunks (KP_CHUNKS="0 9"; one chunk of 1,000 games about 8 min on 2 cores)
	mkdir -p $(KP_DATA)
	[ -x $(KP_DATA)/hisha ] || { cp $(BIN) $(KP_DATA)/hisha && git describe --always --dirty > $(KP_DATA)/ENGINE; }
	for c in $$(seq $(KP_CHUNKS)); do \
	  f=$(KP_DATA)/chunk-$$(printf %04d $$c).txt; \
	  [ -f $$f.xz ] && continue; \
	  $(KP_DATA)/hisha datagen --first-game $$((c * $(KP_GAMES_PER_CHUNK))) --games $(KP_GAMES_PER_CHUNK) \
	    --play-nodes $(KP_PLAY_NODES) --label-nodes $(KP_LABEL_NODES) --seed $(KP_SEED) \
	    --threads $(KP_THREADS) --out $$f.part && mv $$f.part $$f && xz -9 -T1 $$f || exit 1; \
	done

# Positions from real openings for the evaluation's opening terms (docs/tuning.md): self-play
# from positions/tune/opening-lines.txt (GPSShogi's book lines, none ending in a suite position),
# the positions up to move 60, one in 6 scored by GPSShogi at depth 6 (at most 600 ms each).
# Not part of `make weights`: the one fit to them so far lost (docs/results.md).
opening-data: build ## Regenerate positions/tune/open-gps6.tsv.xz (about 40 min on 2 cores; needs make deps)
	mkdir -p $(TUNE_DIR) $(WEIGHTS_DATA)
	$(BIN) selfplay --games $(OPENING_GAMES) --nodes $(WEIGHTS_NODES) --seed 25 --openings $(WEIGHTS_DATA)/opening-lines.txt \
		--random-plies 0 --out $(TUNE_DIR)/open-selfplay.txt
	awk -F'\t' '{ n = split($$1, f, " "); if (f[n] <= 60) print }' $(TUNE_DIR)/open-selfplay.txt > $(TUNE_DIR)/open-early.txt
	$(PY) scripts/fs_label.py --gps --depth 6 --gps-ms 600 --every 12 --offset 0 $(TUNE_DIR)/open-early.txt $(TUNE_DIR)/open-gps6.0 & p0=$$!; \
	$(PY) scripts/fs_label.py --gps --depth 6 --gps-ms 600 --every 12 --offset 6 $(TUNE_DIR)/open-early.txt $(TUNE_DIR)/open-gps6.6 & p1=$$!; \
	wait $$p0 && wait $$p1
	cat $(TUNE_DIR)/open-gps6.0 $(TUNE_DIR)/open-gps6.6 | xz -9 -T1 > $(WEIGHTS_DATA)/open-gps6.tsv.xz

WEIGHTS_OUT ?= src/eval/weights.in
# Python's lzma, so that the fit needs no xz binary.
UNXZ := -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), sys.stdout.buffer)'
weights-fit: build
	mkdir -p $(TUNE_DIR)
	$(PY) $(UNXZ) $(WEIGHTS_DATA)/fs7.tsv.xz > $(TUNE_DIR)/fs7.txt
	$(PY) $(UNXZ) $(WEIGHTS_DATA)/gps4.tsv.xz > $(TUNE_DIR)/gps4.txt
	# 1. Every weight from scratch, to fairy-stockfish's scores of every position.
	$(BIN) tune --from-scratch --result-weight 0 --l2 0 --out $(TUNE_DIR)/weights-fs7.in $(TUNE_DIR)/fs7.txt
	# 2. The king groups scaled up: the fit to shallow scores underrates king safety.
	$(PY) scripts/scale_weights.py $(TUNE_DIR)/weights-fs7.in $(TUNE_DIR)/weights-fs7.in 1.5 $(KING_GROUPS)
	# 3. A small step towards GPSShogi's scores of one position in 16, held-out games deciding when to stop.
	$(BIN) tune --start $(TUNE_DIR)/weights-fs7.in --result-weight 0 --l2 0 --learning-rate 0.5 --epochs 300 \
		--note "Made by \`make weights\` from positions/tune/fs7.tsv.xz and gps4.tsv.xz (docs/tuning.md)." \
		--out $(WEIGHTS_OUT) $(TUNE_DIR)/gps4.txt

weights: weights-fit ## Fit src/eval/weights.in from the committed data in positions/tune/ (about 2 min), then rebuild
	$(CARGO) build --release
	$(BIN) bench

check-weights: ## Refit the weights (9x9's and the fitted variants') from positions/tune/ and check that they are the committed ones (CI runs this)
	$(MAKE) --no-print-directory weights-fit WEIGHTS_OUT=$(TUNE_DIR)/weights-check.in
	cmp $(TUNE_DIR)/weights-check.in src/eval/weights.in && echo "the committed weights are reproduced exactly"
	mkdir -p $(TUNE_DIR)/variants-check
	$(MAKE) --no-print-directory variant-weights-fit VARIANT_WEIGHTS_OUT=$(TUNE_DIR)/variants-check
	for v in $(TUNED_VARIANTS); do cmp $(TUNE_DIR)/variants-check/$$v.in src/eval/variants/$$v.in || exit 1; done
	@echo "the committed variant weights are reproduced exactly"
	$(MAKE) --no-print-directory check-kp

# The king-piece table (docs/tuning.md): fitted to the games of chunks KP_FIT_CHUNKS, committed
# in positions/tune/kp/ (copies of `make kp-data`'s chunks), and compiled in from src/eval/kp.bin.
# The fit runs on one thread in a fixed order, so `check-kp` (in check-weights, so in CI) refits
# it and compares it with the committed table byte for byte. It is fitted on top of the rest of
# the evaluation: a change to weights.in needs `make kp` again, said in the commit.
KP_FIT_DIR ?= positions/tune/kp
KP_FIT_CHUNKS ?= 0 24
KP_FIT_FLAGS ?= --result-weight 0 --l2 1e-6 --learning-rate 0.1 --epochs 6
KP_OUT ?= src/eval/kp.bin
kp-fit: build
	for c in $$(seq $(KP_FIT_CHUNKS)); do $(PY) $(UNXZ) $(KP_FIT_DIR)/chunk-$$(printf %04d $$c).txt.xz || exit 1; done \
	  | $(BIN) tune-kp - $(KP_FIT_FLAGS) --out $(KP_OUT)

kp: kp-fit ## Fit src/eval/kp.bin from the games in positions/tune/kp/ (about 30 s), then rebuild
	$(CARGO) build --release
	$(BIN) bench

check-kp: ## Refit the king-piece table from positions/tune/kp/ and check that it is the committed one (part of check-weights)
	mkdir -p $(TUNE_DIR)
	$(MAKE) --no-print-directory kp-fit KP_OUT=$(TUNE_DIR)/kp-check.bin > /dev/null
	cmp $(TUNE_DIR)/kp-check.bin src/eval/kp.bin && echo "the committed king-piece table is reproduced exactly"

# The fitted variants' evaluations (docs/tuning.md): fairy-stockfish 11.1 plays itself at 20,000
# nodes a move from 6 random plies, every position written with its score; the fit starts from
# the hand-set weights and follows those scores alone (VARIANT_TUNE_FLAGS_NAME adds flags).
# Each variant's data are runs of scripts/variant_tune_data.py, SEED:GAMES each (a position's
# game column is its game's seed).
TUNED_VARIANTS := microshogi minishogi judkins torishogi shoshogi chushogi daishogi
VARIANT_TUNE_RUNS_microshogi := 0:710
VARIANT_TUNE_RUNS_minishogi := 0:179 100000:389 200000:700 5000:1500 300000:1115 400000:1343
VARIANT_TUNE_RUNS_judkins := 0:349 10000:900 20000:803 30000:945 40000:2525 50000:2484 60000:2018
# Tori shogi: make fairy-new's build (Debian's 11.1 lacks tori), at 5,000 nodes a move.
VARIANT_TUNE_RUNS_torishogi := 200000:348 300000:348 400000:500 500000:500
VARIANT_DATA_FLAGS_torishogi := --nodes 5000
VARIANT_DATA_ENV_torishogi := FAIRY_STOCKFISH=$(FSF_NEW)
# Sho shogi: the same build, at 5,000 nodes a move.
VARIANT_TUNE_RUNS_shoshogi := 600000:400 700000:400
VARIANT_DATA_FLAGS_shoshogi := --nodes 5000
VARIANT_DATA_ENV_shoshogi := FAIRY_STOCKFISH=$(FSF_NEW)
# Chu shogi: HaChu 0.21 (Debian's hachu) plays itself at 200 ms a move (it has no node limit, so
# a rerun plays other games), games cut at 500 plies.
VARIANT_TUNE_RUNS_chushogi := 800000:189 900000:194
VARIANT_DATA_FLAGS_chushogi := --engine hachu --movetime 200 --max-plies 500
# Chu's piece-square and royal terms (about 9,600 weights, 383 games) are held near the
# hand-set ones (VARIANT_TUNE_L2_NAME; 0 by default): fitted freely they lost in self-play.
VARIANT_TUNE_L2_chushogi := 1e-8
# Dai shogi: HaChu as for chu; its dai has no lion trading, and a lion trade of its that Hisha's
# rules refuse is replaced by Hisha's move (about 6 a game). Pulled to the hand-set weights as chu.
VARIANT_TUNE_RUNS_daishogi := 1000000:105 1100000:100
VARIANT_DATA_FLAGS_daishogi := --engine hachu --movetime 200 --max-plies 500
VARIANT_TUNE_L2_daishogi := 1e-8
# Judkins is fitted to its quiet positions only (`tune --quiet`: no capture that wins material
# for the side to move); micro and minishogi to every position (docs/tuning.md).
VARIANT_TUNE_FLAGS_judkins := --quiet
VARIANT_WEIGHTS_OUT ?= src/eval/variants
variant-weights-data: build ## Regenerate positions/tune/variants/ (fairy-stockfish and HaChu self-play; about 11 hours on one core; needs make deps and make fairy-new)
	mkdir -p $(TUNE_DIR) $(WEIGHTS_DATA)/variants
	$(foreach v,$(TUNED_VARIANTS),rm -f $(TUNE_DIR)/$(v).tsv && \
		$(foreach run,$(VARIANT_TUNE_RUNS_$(v)),$(VARIANT_DATA_ENV_$(v)) $(PY) scripts/variant_tune_data.py $(v) \
			$(lastword $(subst :, ,$(run))) $(TUNE_DIR)/$(v).tsv --seed $(firstword $(subst :, ,$(run))) \
			$(VARIANT_DATA_FLAGS_$(v)) --hisha $(BIN) && ) \
		LC_ALL=C sort -u $(TUNE_DIR)/$(v).tsv | xz -9 -T1 > $(WEIGHTS_DATA)/variants/$(v).tsv.xz && ) true

variant-weights-fit: build
	mkdir -p $(TUNE_DIR)
	$(foreach v,$(TUNED_VARIANTS),\
		$(PY) $(UNXZ) $(WEIGHTS_DATA)/variants/$(v).tsv.xz > $(TUNE_DIR)/$(v).txt && \
		$(BIN) tune --variant $(v) --from-scratch --result-weight 0 --l2 $(or $(VARIANT_TUNE_L2_$(v)),0) --epochs 1200 \
			$(VARIANT_TUNE_FLAGS_$(v)) \
			--note "Made by \`make variant-weights\` from positions/tune/variants/$(v).tsv.xz (docs/tuning.md)." \
			--out $(VARIANT_WEIGHTS_OUT)/$(v).in $(TUNE_DIR)/$(v).txt && ) true

variant-weights: variant-weights-fit ## Fit src/eval/variants/ from the committed data in positions/tune/variants/ (seconds), then rebuild
	$(CARGO) build --release

BOOK_NODES ?= 1000000
suite: build ## Remake positions/openings-suite.txt: real openings from GPSShogi's book, checked balanced (positions/README.md; about 25 min; needs make deps)
	mkdir -p matches
	$(PY) scripts/gen_suite.py lines 2000 matches/suite-lines.txt
	$(PY) scripts/gen_suite.py check matches/suite-lines.txt 128 positions/openings-suite.txt

book: build ## Build positions/book.db from positions/book-lines.txt (every position searched to BOOK_NODES; about 3 min on 2 cores)
	$(BIN) book build --lines positions/book-lines.txt --out positions/book.db --nodes $(BOOK_NODES) --extend 2 --threads 2

clean:
	$(CARGO) clean
