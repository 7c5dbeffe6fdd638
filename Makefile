# Bounder — a UCI chess engine. `make` builds ./bounder (EXE=name to rename).
EXE ?= bounder
GO ?= go
# Packages that run goroutines are tested with the race detector.
RACE_PKGS = ./search/... ./uci/... ./match/... ./pgnstats/... ./tune/... ./book/... ./syzygy/... ./lab/... ./spsa/... ./selfplay/...

.PHONY: all build run test test-long bench fuzz vet clean pgo

all: build

build:
	$(GO) build -trimpath -o $(EXE) ./cmd/engine

run: build
	./$(EXE)

test:
	$(GO) vet ./...
	$(GO) test -timeout 15m ./...
	$(GO) test -race -short -timeout 15m $(RACE_PKGS)

# Deeper perft and search invariants; minutes, not seconds.
LONG_PKGS = ./engine ./cmd/engine ./search

test-long:
	$(GO) test -timeout 60m $(LONG_PKGS) -args -long

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Profile-guided optimisation: cmd/engine/default.pgo is a CPU profile of the
# bench at depth 12, which go build uses by itself. Remake it when the search
# or the evaluation changes much (docs/testing.md has what it is worth).
pgo:
	$(GO) test ./bench -run '^$$' -bench Bench -benchtime 2x -cpuprofile cmd/engine/default.pgo -o /dev/null

vet:
	gofmt -l . | (! grep .)
	$(GO) vet ./...

clean:
	rm -f $(EXE)
