# Bounder — a UCI chess engine. `make` builds ./bounder (EXE=name to rename).
EXE ?= bounder
GO ?= go
# Packages that run goroutines are tested with the race detector.
RACE_PKGS = ./search/... ./uci/... ./match/... ./pgnstats/... ./tune/... ./book/... ./syzygy/... ./lab/... ./spsa/... ./selfplay/...

.PHONY: all build run test test-long bench fuzz vet clean pgo lab-docs

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

# The lab's page: docs/lab.md's generated blocks (every experiment at the
# quick scale, docs/lab/NAME.{csv,md,svg,png}) and the lab summary of
# README.md and docs/testing.md. About 4 minutes on a free 2-core machine;
# give it the machine to itself, for the time experiment. A run cut off
# continues where it stopped (docs/lab/searches.csv; remove it to search,
# and time, everything again). TestLabPage fails when the bench signature
# is not the one the page was made with.
lab-docs: build
	commit=$$(git describe --always --dirty --abbrev=12) && \
	./$(EXE) lab run all --scale quick --out docs/lab && \
	./$(EXE) lab page --in docs/lab --commit "$$commit" docs/lab.md README.md docs/testing.md

vet:
	gofmt -l . | (! grep .)
	$(GO) vet ./...

clean:
	rm -f $(EXE)
