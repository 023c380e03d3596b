#!/usr/bin/env bash
# Build-time comparison: the same generated corpus built, in one run, by Portal,
# Docusaurus (plain and with @docusaurus/faster) and Hugo. Prints wall time, CPU
# time and peak RSS per tool, the ratios to Portal, and the acceptance verdicts.
#
# Usage: scripts/bench-compare/run.sh [--scale N] [--runs K] [--tools LIST] [--work DIR] [--keep]
#
# --tools picks the builds, comma-separated, from portal, portal-nocompress,
# docusaurus, docusaurus-faster and hugo; the default is all five up to scale 4
# and portal,portal-nocompress,hugo above it (Docusaurus takes minutes and
# gigabytes at scale 16). portal is `portal build` as a user runs it (with its
# .br/.gz siblings, --compress balanced); portal-nocompress is the same build
# with --compress none, the work Hugo does (Hugo writes no compressed files).
#
# Everything third-party (Docusaurus from the npm registry, Hugo from the Go
# module proxy) is installed into the work folder, never into the repo. The
# installs are cached there between invocations. See README.md beside this file.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT"

DOCUSAURUS_VERSION=3.8.1
REACT_VERSION=19.1.0        # Docusaurus 3.8.1 peers: react ^18.0.0 || ^19.0.0
MDX_REACT_VERSION=3.1.0     # @docusaurus/core 3.8.1 peer: @mdx-js/react ^3.0.0
# Docusaurus 3.8.1 asks for webpack ^5.95.0 and webpackbar ^6.0.1. webpack 5.106.0
# (April 2026) validates ProgressPlugin's options and rejects the ones webpackbar 6
# leaves there ("Progress Plugin has been initialized using an options object that
# does not match the API schema", facebook/docusaurus#11923), so plain builds fail.
# Pin the last webpack before that change rather than touch Docusaurus's own deps.
WEBPACK_VERSION=5.105.4
HUGO_VERSION=v0.165.0       # the last Hugo that builds with this repo's Go; later ones need a newer Go

scale=1
runs=3
work="${TMPDIR:-/tmp}/portal-bench-compare"
keep=0
tools_arg=""

usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
  case "$1" in
    --scale) scale=${2:?--scale needs a value}; shift 2 ;;
    --scale=*) scale=${1#*=}; shift ;;
    --runs) runs=${2:?--runs needs a value}; shift 2 ;;
    --runs=*) runs=${1#*=}; shift ;;
    --work) work=${2:?--work needs a value}; shift 2 ;;
    --work=*) work=${1#*=}; shift ;;
    --tools) tools_arg=${2:?--tools needs a value}; shift 2 ;;
    --tools=*) tools_arg=${1#*=}; shift ;;
    --keep) keep=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "bench-compare: unknown argument: $1" >&2; usage >&2; exit 2 ;;
  esac
done
[[ "$scale" =~ ^[1-9][0-9]*$ ]] || { echo "bench-compare: --scale must be a positive integer" >&2; exit 2; }
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "bench-compare: --runs must be a positive integer" >&2; exit 2; }
if [ -z "$tools_arg" ]; then
  if [ "$scale" -le 4 ]; then tools_arg=portal,portal-nocompress,docusaurus,docusaurus-faster,hugo; else tools_arg=portal,portal-nocompress,hugo; fi
fi
declare -A want=()
IFS=, read -ra _tools <<<"$tools_arg"
for t in "${_tools[@]}"; do
  case "$t" in
    portal|portal-nocompress|docusaurus|docusaurus-faster|hugo) want[$t]=1 ;;
    *) echo "bench-compare: unknown tool in --tools: $t (portal, portal-nocompress, docusaurus, docusaurus-faster, hugo)" >&2; exit 2 ;;
  esac
done
[ -n "${want[portal]:-}" ] || { echo "bench-compare: --tools must include portal, the build every other is compared with" >&2; exit 2; }
with_docusaurus=0
[ -n "${want[docusaurus]:-}${want[docusaurus-faster]:-}" ] && with_docusaurus=1

SHARED=$(cd "${SHARED:-../shared}" 2>/dev/null && pwd) || { echo "bench-compare: shared folder not found (SHARED=${SHARED:-../shared})" >&2; exit 1; }
GEN="$SHARED/bench/gen-corpus"
PORTAL="$ROOT/bin/portal"
[ -x "$PORTAL" ] || { echo "bench-compare: $PORTAL is missing: run 'make build' first (make bench-compare does)" >&2; exit 1; }
[ -f "$GEN" ] || { echo "bench-compare: $GEN is missing" >&2; exit 1; }
for tool in python3 node npm npx go; do
  command -v "$tool" >/dev/null || { echo "bench-compare: $tool is not on PATH" >&2; exit 1; }
done

case "$work" in
  "$ROOT"|"$ROOT"/*) echo "bench-compare: --work must be outside the repo ($ROOT): third-party installs never go into it" >&2; exit 2 ;;
esac
mkdir -p "$work"
work=$(cd "$work" && pwd)
corpus="$work/corpus"
results="$work/results"
logs="$work/logs"
measure=(python3 "$HERE/measure.py")
dsite="$work/docusaurus"
hsite="$work/hugo"
hugo="$work/bin/hugo"

log() { printf '[bench-compare] %s\n' "$*" >&2; }

# trash moves files out of the way, to be deleted when the benchmark ends
# (cleanup): see "What a clean removes" below for why nothing is deleted
# while builds are timed.
trash() {
  local p
  mkdir -p "$work/trash"
  for p in "$@"; do
    if [ -e "$p" ]; then mv "$p" "$(mktemp -d "$work/trash/XXXXXX")/"; fi
  done
}

cleanup() {
  rm -rf "$work/trash"
  if [ "$keep" = 0 ]; then
    # Keep only the install caches (node_modules, the Hugo binary, npm's lock file).
    rm -rf "$corpus" "$work/portal" "$work/hugo" "$work/bin/portal" \
      "$work/docusaurus/docs" "$work/docusaurus/build" "$work/docusaurus/.docusaurus" \
      "$work/docusaurus/node_modules/.cache"
  fi
  date +%s >"$work/deleted-at"
}
trap cleanup EXIT

# The previous run deleted its files when it ended. For the next six minutes
# ext4 (as below, "What a clean removes") scans past those inodes whenever a
# build creates a file, which slowed a scale-16 build run right after another
# by half. Wait that out rather than measure it.
if [ -f "$work/deleted-at" ]; then
  since=$(( $(date +%s) - $(cat "$work/deleted-at") ))
  if [ "$since" -ge 0 ] && [ "$since" -lt 360 ]; then
    log "waiting $((360 - since)) s: the last run deleted its files $since s ago (ext4 skips recently freed inodes for 360 s)"
    sleep $((360 - since))
  fi
fi

rm -rf "$results" "$logs"
mkdir -p "$results" "$logs" "$work/bin"
# Measure a private copy: bin/portal may be rebuilt by someone else mid-run.
cp "$PORTAL" "$work/bin/portal"
PORTAL="$work/bin/portal"

# 1. Corpus ------------------------------------------------------------------
log "corpus: scale $scale into $corpus"
trash "$corpus"
python3 "$GEN" --out "$corpus/docs" --scale "$scale" >/dev/null
python3 "$GEN" --out "$corpus/hugo-docs" --scale "$scale" --index-name _index.md >/dev/null
pages=$(find "$corpus/docs" -name '*.md' | wc -l)
log "corpus: $pages pages"

# 2. Portal site -------------------------------------------------------------
psite="$work/portal"
trash "$psite"; mkdir -p "$psite"
cp -R "$corpus/docs" "$psite/docs"
# trailingSlash: the corpus's relative links ("../x/y/") are written for
# pages served at /docs/a/b/, as Hugo serves them.
cat > "$psite/portal.yaml" <<'YAML'
title: Benchmark corpus
url: https://docs.example.org
baseUrl: /
trailingSlash: true
YAML

# 3. Docusaurus project (only when a Docusaurus build is asked for) -----------
if [ "$with_docusaurus" = 1 ]; then
mkdir -p "$dsite"
cat > "$dsite/package.json" <<JSON
{
  "name": "portal-bench-docusaurus",
  "private": true,
  "description": "Scratch Docusaurus $DOCUSAURUS_VERSION project written by Portal's scripts/bench-compare/run.sh",
  "scripts": { "build": "docusaurus build" },
  "dependencies": {
    "@docusaurus/core": "$DOCUSAURUS_VERSION",
    "@docusaurus/preset-classic": "$DOCUSAURUS_VERSION",
    "@docusaurus/faster": "$DOCUSAURUS_VERSION",
    "@mdx-js/react": "$MDX_REACT_VERSION",
    "react": "$REACT_VERSION",
    "react-dom": "$REACT_VERSION"
  },
  "overrides": { "webpack": "$WEBPACK_VERSION" },
  "engines": { "node": ">=18.0" }
}
JSON
cat > "$dsite/sidebars.js" <<'JS'
// One sidebar generated from the docs folder, as the classic template does.
module.exports = { docs: [{ type: 'autogenerated', dirName: '.' }] };
JS
cat > "$dsite/docusaurus.config.js" <<'JS'
// BENCH_FASTER=1 turns on @docusaurus/faster (Rspack, SWC, Lightning CSS, SSG worker
// threads, persistent Rspack cache) through Docusaurus 3.8's future.experimental_faster.
const faster = process.env.BENCH_FASTER === '1';

/** @type {import('@docusaurus/types').Config} */
module.exports = {
  title: 'Benchmark corpus',
  url: 'https://docs.example.org',
  baseUrl: '/',
  // The corpus's relative links ("../../x/y/") are written for /docs/a/b/ style URLs,
  // as Portal and Hugo serve them.
  trailingSlash: true,
  // The synthetic corpus's links are checked, but must not abort a benchmark build.
  onBrokenLinks: 'warn',
  onBrokenMarkdownLinks: 'warn',
  onBrokenAnchors: 'warn',
  future: {
    experimental_faster: faster,
    // Docusaurus 3.8 refuses ssgWorkerThreads (part of experimental_faster: true)
    // unless the post-build head attribute is dropped; it changes nothing in the pages.
    v4: { removeLegacyPostBuildHeadAttribute: faster },
  },
  presets: [
    [
      'classic',
      {
        docs: {
          path: 'docs',
          routeBasePath: 'docs',
          sidebarPath: require.resolve('./sidebars.js'),
        },
        blog: false,
        theme: {},
      },
    ],
  ],
};
JS
# A one-line home page: the navbar's title links to "/", which would be a broken link.
mkdir -p "$dsite/src/pages"
printf '# Benchmark corpus\n\nThe generated docs are under [/docs/](/docs/).\n' > "$dsite/src/pages/index.md"
trash "$dsite/docs"
cp -R "$corpus/docs" "$dsite/docs"

stamp="$dsite/node_modules/.bench-compare-stamp"
want_stamp="$(node --version) $(sha256sum "$dsite/package.json" | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want_stamp" ]; then
  log "docusaurus: $DOCUSAURUS_VERSION already installed in $dsite/node_modules"
else
  log "docusaurus: npm install of $DOCUSAURUS_VERSION into $dsite (a few minutes the first time)"
  rm -rf "$dsite/node_modules"
  if ! (cd "$dsite" && npm install --no-audit --no-fund --loglevel=error >"$logs/npm-install.log" 2>&1); then
    tail -n 40 "$logs/npm-install.log" >&2
    echo "bench-compare: npm install of Docusaurus $DOCUSAURUS_VERSION failed (log: $logs/npm-install.log)" >&2
    exit 1
  fi
  echo "$want_stamp" > "$stamp"
fi
installed=$(node -p "require('$dsite/node_modules/@docusaurus/core/package.json').version")
[ "$installed" = "$DOCUSAURUS_VERSION" ] || { echo "bench-compare: installed @docusaurus/core is $installed, want $DOCUSAURUS_VERSION" >&2; exit 1; }
fi

# 4. Hugo site (only when asked for) ---------------------------------------------
if [ -n "${want[hugo]:-}" ]; then
if [ -x "$hugo" ] && "$hugo" version 2>/dev/null | grep -q "hugo $HUGO_VERSION"; then
  log "hugo: $HUGO_VERSION already installed at $hugo"
else
  log "hugo: go install github.com/gohugoio/hugo@$HUGO_VERSION into $work/bin (a few minutes the first time)"
  # Plain build: no "extended"/"withdeploy" tags, the corpus needs neither Sass nor WebP.
  # GOTOOLCHAIN=local: fail rather than fetch a newer Go if the module asked for one.
  if ! GOBIN="$work/bin" GOTOOLCHAIN=local \
      go install "github.com/gohugoio/hugo@$HUGO_VERSION" >"$logs/hugo-install.log" 2>&1; then
    tail -n 40 "$logs/hugo-install.log" >&2
    echo "bench-compare: go install of Hugo $HUGO_VERSION failed (log: $logs/hugo-install.log)" >&2
    exit 1
  fi
fi
"$hugo" version | grep -q "hugo $HUGO_VERSION" || { echo "bench-compare: $hugo is not Hugo $HUGO_VERSION" >&2; exit 1; }

trash "$hsite"; mkdir -p "$hsite/content" "$hsite/layouts"
cp -R "$corpus/hugo-docs" "$hsite/content/docs"
cat > "$hsite/hugo.toml" <<TOML
baseURL = 'https://docs.example.org/'
title = 'Benchmark corpus'
# The corpus has mixed-case routes (/docs/.../Patient/); keep them as written.
disablePathToLower = true
# The corpus has no taxonomies; RSS has no counterpart in the other builds.
disableKinds = ['taxonomy', 'term', 'rss']
cacheDir = '$hsite/.hugo_cache'
TOML
cat > "$hsite/layouts/baseof.html" <<'HTML'
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ if not .IsHome }}{{ .Title }} | {{ end }}{{ site.Title }}</title>
</head>
<body>
<nav>
  <a href="{{ site.Home.RelPermalink }}">{{ site.Title }}</a>
  {{ range .Ancestors.Reverse }}{{ if not .IsHome }} / <a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}{{ end }}
  {{ with .CurrentSection }}{{ if .Pages }}
  <ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a></li>{{ end }}</ul>
  {{ end }}{{ end }}
</nav>
<main>{{ block "main" . }}{{ end }}</main>
</body>
</html>
HTML
cat > "$hsite/layouts/single.html" <<'HTML'
{{ define "main" }}<article><h1>{{ .Title }}</h1>{{ .Content }}</article>{{ end }}
HTML
cat > "$hsite/layouts/list.html" <<'HTML'
{{ define "main" }}<article><h1>{{ .Title }}</h1>{{ .Content }}</article>{{ end }}
HTML
fi

# 5. Timed runs ------------------------------------------------------------------
# Each clean_* removes the tool's own output and build caches so every timed run
# is a full build; install caches (npm's, Go's, node_modules itself) stay.
# Portal's persistent build cache (.portal-cache beside the site) goes too:
# every timed run is a cold build. So does the user's precompress cache, which
# keeps compressed files by content: each run starts from one that holds only
# the theme's files (the same for every site of this Portal version, compressed
# once per machine at Brotli 11), seeded below.
#
# What a clean removes is moved into $work/trash, deleted once every run is
# done, not deleted on the spot: this machine kind's root file system is ext4
# without a journal, and there ext4's inode allocator skips every inode freed
# in the last 60 s (360 s while its inode table block is unwritten), one by
# one, in each group it searches (fs/ext4/ialloc.c, recently_deleted). A
# build right after deleting thousands of files then spends seconds of
# system time scanning past them (perf: find_get_block_common,
# recently_deleted), more for a tool that writes more files. A fresh
# checkout in CI, or ext4 with a journal, never pays that.
xdg="$work/xdg"
clean_portal()     { trash "$psite/out" "$psite/.portal-cache" "$xdg"; cp -a "$work/xdg-theme" "$xdg"; }
clean_docusaurus() { trash "$dsite/build" "$dsite/.docusaurus" "$dsite/node_modules/.cache"; }
clean_hugo()       { trash "$hsite/public" "$hsite/resources" "$hsite/.hugo_cache" "$hsite/.hugo_build.lock"; }

build_portal()            { XDG_CACHE_HOME="$xdg" "$PORTAL" build --site "$psite" --out "$psite/out"; }
build_portal_nocompress() { XDG_CACHE_HOME="$xdg" "$PORTAL" build --site "$psite" --out "$psite/out" --compress none; }
build_docusaurus()        { cd "$dsite" && BENCH_FASTER=0 NO_UPDATE_NOTIFIER=1 npx --no docusaurus build; }
build_docusaurus_faster() { cd "$dsite" && BENCH_FASTER=1 NO_UPDATE_NOTIFIER=1 npx --no docusaurus build; }
build_hugo()              { "$hugo" --quiet --source "$hsite" --destination "$hsite/public"; }
export psite dsite hsite PORTAL hugo xdg

# The seed of the precompress cache: the theme's files, from a one-page site.
rm -rf "$work/xdg-theme" "$work/seed"
mkdir -p "$work/seed/site/docs"
printf 'title: Seed\nurl: https://docs.example.org\nbaseUrl: /\n' >"$work/seed/site/portal.yaml"
printf '# Seed\n' >"$work/seed/site/docs/index.md"
XDG_CACHE_HOME="$work/xdg-theme" "$PORTAL" build --site "$work/seed/site" --out "$work/seed/out" --no-cache >/dev/null 2>&1 ||
  { echo "bench-compare: the seed build of the precompress cache failed" >&2; exit 1; }
rm -rf "$work/seed"

# name:clean function:build function, in run order; only the builds asked for.
tools=()
for t in "portal:clean_portal:build_portal" \
  "portal-nocompress:clean_portal:build_portal_nocompress" \
  "docusaurus:clean_docusaurus:build_docusaurus" \
  "docusaurus-faster:clean_docusaurus:build_docusaurus_faster" \
  "hugo:clean_hugo:build_hugo"; do
  [ -n "${want[${t%%:*}]:-}" ] && tools+=("$t")
done
declare -A broken=()

# run_one NAME CLEAN BUILD LABEL: one full build, measured by measure.py (which runs
# a fresh bash, so the tool's whole process tree hangs off one child it waits for).
# Prints measure.py's JSON line; returns non-zero if the build failed.
run_one() {
  local name=$1 clean=$2 build=$3 label=$4
  $clean
  "${measure[@]}" "$logs/$name-$label.log" -- bash -c "$(declare -f "$build"); $build"
}

loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
log "uptime: $(uptime)"
load_before=$(loadavg)
log "load average before: $load_before (the numbers are only as quiet as the machine)"

# One warm-up per tool (npm, Go and OS file caches; not in the figures), then
# $runs rounds that each build every tool once, so background load on a shared
# machine falls on all tools alike rather than on whichever ran last.
for t in "${tools[@]}"; do
  IFS=: read -r name clean build <<<"$t"
  log "$name: warm-up"
  if ! run_one "$name" "$clean" "$build" warmup >/dev/null; then
    tail -n 30 "$logs/$name-warmup.log" >&2
    log "$name: warm-up build FAILED (log: $logs/$name-warmup.log)"
    echo '{"error": "warm-up build failed"}' > "$results/$name.jsonl"
    broken[$name]=1
  else
    : > "$results/$name.jsonl"
  fi
done
for ((i = 1; i <= runs; i++)); do
  for t in "${tools[@]}"; do
    IFS=: read -r name clean build <<<"$t"
    [ -z "${broken[$name]:-}" ] || continue
    if line=$(run_one "$name" "$clean" "$build" "run$i"); then
      echo "$line" >> "$results/$name.jsonl"
      log "$name: run $i/$runs $line"
    else
      tail -n 30 "$logs/$name-run$i.log" >&2
      log "$name: run $i FAILED (log: $logs/$name-run$i.log)"
      echo '{"error": "timed build failed"}' > "$results/$name.jsonl"
      broken[$name]=1
    fi
  done
done
load_after=$(loadavg)
log "load average after: $load_after"
log "uptime: $(uptime)"

# Sanity: each build wrote one HTML file per page (the last run's output).
count_html() { find "$1" -name '*.html' 2>/dev/null | wc -l; }
log "HTML files: portal $(count_html "$psite/out"), docusaurus (faster) $(count_html "$dsite/build"), hugo $(count_html "$hsite/public"); corpus: $pages pages"

# 6. Report ------------------------------------------------------------------------
python3 "$HERE/report.py" --results "$results" --out "$work/bench-compare.json" \
  --scale "$scale" --runs "$runs" --pages "$pages" --load "$load_before" "$load_after" --tools "$tools_arg" \
  --versions "portal=$("$PORTAL" version 2>/dev/null || echo unknown)" \
  "docusaurus=$DOCUSAURUS_VERSION (react $REACT_VERSION, webpack $WEBPACK_VERSION, node $(node --version))" \
  "hugo=$([ -x "$hugo" ] && "$hugo" version | awk '{print $2}' || echo 'not run')" "go=$(go env GOVERSION)"
