# Hisha: common tasks. `make help` lists them.
CARGO ?= cargo
BIN := target/release/hisha
GAMES ?= 20
BYOYOMI ?= 1000

.PHONY: help build run test test-deep perft perft-deep bench criterion lint fmt match-gnushogi match-fairy deps clean

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

criterion: ## Criterion benchmarks (movegen, perft, search)
	$(CARGO) bench --bench movegen

lint: ## cargo fmt --check and clippy with warnings denied
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --all-targets --release -- -D warnings

fmt: ## Format the code
	$(CARGO) fmt --all

deps: ## Install the opponents and oracles used by the match scripts (Debian + PyPI)
	apt-get update -qq && apt-get install -y -qq fairy-stockfish gnushogi gpsshogi
	pip install -q cshogi python-shogi

match-gnushogi: build ## GAMES games vs GNU Shogi at BYOYOMI ms
	mkdir -p matches
	python3 scripts/match.py --engine1 $(BIN) --engine2 gnushogi --games $(GAMES) --byoyomi $(BYOYOMI) \
		--opening positions/openings.txt --csa matches/gnushogi-$(BYOYOMI).csa --out matches/gnushogi-$(BYOYOMI).json

match-fairy: build ## GAMES games vs fairy-stockfish at BYOYOMI ms
	mkdir -p matches
	python3 scripts/match.py --engine1 $(BIN) --engine2 fairy-stockfish --options2 Hash:64 --games $(GAMES) \
		--byoyomi $(BYOYOMI) --opening positions/openings.txt --csa matches/fairy-$(BYOYOMI).csa --out matches/fairy-$(BYOYOMI).json

clean:
	$(CARGO) clean
