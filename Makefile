# Portal: `make run` serves the portal at http://localhost:3000, `make test` runs every test.
SHELL := /bin/bash
export PATH := /usr/local/go/bin:$(HOME)/go/bin:$(PATH)

GO      ?= go
BIN     := bin/portal
ADDR    ?= localhost:3000
SHARED  ?= ../shared
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo devel)

.PHONY: all build run test vet fmt-check go-test conformance bench tools clean

all: build

## tools: check that the toolchain is present (Go comes with this machine kind)
tools:
	@command -v $(GO) >/dev/null || { echo "Go is missing: install Go 1.26 into /usr/local/go"; exit 1; }

## build: compile bin/portal with the portal site embedded
build: tools
	$(GO) build -trimpath -ldflags "-X main.version=$(VERSION)" -o $(BIN) ./cmd/portal

## run: build and serve the portal at http://$(ADDR)/
run: build
	./$(BIN) serve --addr $(ADDR)

## test: every gate: formatting, vet, Go tests with the race detector, Markdown conformance
test: tools fmt-check vet go-test conformance

fmt-check:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change:"; echo "$$unformatted"; exit 1; fi

vet:
	$(GO) vet ./...

go-test:
	$(GO) test -race -count=1 ./...

## conformance: CommonMark 0.31.2 and GFM spec examples through the engine's Markdown pipeline
conformance:
	$(GO) run ./cmd/conformance -commonmark $(SHARED)/testdata/commonmark/spec-0.31.2.json -gfm $(SHARED)/testdata/gfm/spec.json

## bench: pipeline benchmarks on the generated corpus at scales 1 and 4
bench:
	$(GO) test -run '^$$' -bench . -benchmem -benchtime 3x ./internal/build/

clean:
	rm -rf bin build
