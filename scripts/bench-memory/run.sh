#!/usr/bin/env bash
# Peak memory and time of `portal build` on the generated corpus at each scale
# given (default: 1 16), measured with /usr/bin/time -v: a cold build (no build
# cache), then a warm one (the cache of the cold build, nothing edited).
#
# Usage: scripts/bench-memory/run.sh [SCALE...]     e.g. scripts/bench-memory/run.sh 1 16 232
#
# BUILD_FLAGS adds flags to every build, e.g. BUILD_FLAGS='--compress none'
# (the default compresses every page, which at scale 232 takes far longer
# than the build; its memory is one file per worker at a time).
#
# Scale 232 is about 50,000 pages: its corpus (about 250 MB) and output (about
# 5 GB) go to the work folder ($TMPDIR/portal-bench-memory, /tmp/... by
# default), which is removed at the end; the run takes minutes.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SHARED=$(cd "${SHARED:-$ROOT/../shared}" && pwd)
GEN="$SHARED/bench/gen-corpus"
PORTAL="$ROOT/bin/portal"
[ -x "$PORTAL" ] || { echo "bench-memory: $PORTAL is missing: run 'make build' first" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "bench-memory: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }
scales=("$@")
[ ${#scales[@]} -gt 0 ] || scales=(1 16)

work="${TMPDIR:-/tmp}/portal-bench-memory"
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
cp "$PORTAL" "$work/portal" # bin/portal may be rebuilt mid-run

# measure LABEL -- CMD...: one line of the table from /usr/bin/time -v.
measure() {
  local label=$1; shift 2
  local log="$work/time.log"
  if ! /usr/bin/time -v -o "$log" "$@" >"$work/build.log" 2>&1; then
    tail -n 20 "$work/build.log" >&2
    echo "bench-memory: $label failed" >&2
    exit 1
  fi
  awk -v label="$label" -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, p, ":"); wall = (n == 3) ? p[1]*3600 + p[2]*60 + p[3] : p[1]*60 + p[2] }
    /User time/ { user = $2 } /System time/ { sys = $2 }
    /Maximum resident set size/ { rss = $2 / 1024 }
    END { printf "%-28s %9.2f %9.2f %10.0f\n", label, wall, user + sys, rss }' "$log"
}

echo "bench-memory: $(uptime)${BUILD_FLAGS:+; build flags: $BUILD_FLAGS}"
printf '%-28s %9s %9s %10s\n' "build" "wall s" "CPU s" "peak MB"
for scale in "${scales[@]}"; do
  site="$work/site-$scale"
  python3 "$GEN" --out "$site/docs" --scale "$scale" >/dev/null
  # trailingSlash: the corpus's relative links ("../x/y/") are written for
  # pages served at /docs/a/b/.
  printf 'title: Benchmark corpus\nurl: https://docs.example.org\nbaseUrl: /\ntrailingSlash: true\n' > "$site/portal.yaml"
  pages=$(find "$site/docs" -name '*.md' | wc -l)
  # shellcheck disable=SC2086 # BUILD_FLAGS is a list of flags
  measure "scale $scale ($pages pages), cold" -- "$work/portal" build --site "$site" --out "$work/out" --cache "$work/cache" ${BUILD_FLAGS:-}
  # shellcheck disable=SC2086
  measure "scale $scale, warm" -- "$work/portal" build --site "$site" --out "$work/out" --cache "$work/cache" ${BUILD_FLAGS:-}
  rm -rf "$site" "$work/out" "$work/cache"
done
echo "bench-memory: $(uptime)"
