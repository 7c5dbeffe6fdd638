# Bounder — a UCI chess engine. `make` builds ./bounder (EXE=name to rename).
EXE ?= bounder
GO ?= go
# Packages that run goroutines are tested with the race detector.
RACE_PKGS = ./search/... ./uci/... ./match/... ./tune/... ./book/...

.PHONY: all build run test test-long bench fuzz vet clean

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

vet:
	gofmt -l . | (! grep .)
	$(GO) vet ./...

clean:
	rm -f $(EXE)
