#!/usr/bin/env bash
# The warm rebuild against the cold build, on the portal's own site: each round
# builds a copy of site/ cold (empty build cache), then edits one doc and
# builds again with the cache the cold build left ("warm": the first
# rebuild, which writes its output into a new folder), then edits the doc
# once more and builds again ("next": every later rebuild, which reuses the
# folder of the output the last one replaced). Prints every round, the
# medians and each rebuild / cold, wall and CPU (user + system,
# /usr/bin/time).
#
# Usage: scripts/bench-rebuild/run.sh [ROUNDS]     (default 5)
#
# BUILD_FLAGS adds flags to every build, e.g. BUILD_FLAGS='--compress none'.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PORTAL="$ROOT/bin/portal"
[ -x "$PORTAL" ] || { echo "bench-rebuild: $PORTAL is missing: run 'make build' first" >&2; exit 1; }
rounds=${1:-5}
# ext4 skips inodes freed in the last six minutes when it allocates new
# ones, so a cold build started soon after a deletion of thousands of files
# (this script's own folders, at its end) creates its files several times
# slower: the ratio would flatter the rebuild. Like bench-compare, wait
# until six minutes have passed since the last run deleted its folders.
deleted_at="${TMPDIR:-/tmp}/portal-bench-rebuild.deleted-at"
if [ -f "$deleted_at" ]; then
  since=$(( $(date +%s) - $(cat "$deleted_at") ))
  if [ "$since" -ge 0 ] && [ "$since" -lt 360 ]; then
    echo "bench-rebuild: waiting $((360 - since)) s: the last run deleted its files $since s ago (ext4 skips recently freed inodes for 360 s)"
    sleep $((360 - since))
  fi
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/portal-bench-rebuild.XXXXXX")
trap 'rm -rf "$work"; date +%s >"$deleted_at"' EXIT
cp "$PORTAL" "$work/portal"
doc=docs/getting-started/authorization.md

# Each round builds in folders of its own, all deleted at the end: ext4
# skips inodes freed in the last few minutes when it allocates new ones, so
# a build right after a deletion of thousands of files creates its files
# several times slower (scripts/bench-compare/README.md). Deleting only at
# the end keeps that out of every timed build. A warm build still deletes
# the output it replaces, after it has written its own, as for a user.
site="" out=""

# build LABEL: one build of the copy, as "LABEL wall cpu".
# shellcheck disable=SC2086 # BUILD_FLAGS is a list of flags
build() {
  /usr/bin/time -f "%e %U %S" -o "$work/time" "$work/portal" build --site "$site" --out "$out" ${BUILD_FLAGS:-} >/dev/null 2>"$work/log" ||
    { cat "$work/log" >&2; exit 1; }
  read -r wall user sys <"$work/time"
  awk -v l="$1" -v w="$wall" -v u="$user" -v s="$sys" 'BEGIN { printf "%s %.2f %.2f\n", l, w, u + s }'
}

echo "bench-rebuild: $(uptime)${BUILD_FLAGS:+; build flags: $BUILD_FLAGS}"
: >"$work/results"
for ((i = 1; i <= rounds; i++)); do
  site="$work/round-$i/site" out="$work/round-$i/out"
  mkdir -p "$work/round-$i"
  cp -R "$ROOT/site" "$site"
  rm -rf "$site/.portal-cache"
  build cold | tee -a "$work/results"
  printf '\nOne more sentence, edited for round %d.\n' "$i" >>"$site/$doc"
  build warm | tee -a "$work/results"
  printf '\nAnd another, edited for round %d.\n' "$i" >>"$site/$doc"
  build next | tee -a "$work/results"
done
echo "bench-rebuild: $(uptime)"
awk '
  { wall[$1] = wall[$1] " " $2; cpu[$1] = cpu[$1] " " $3 }
  function median(list,   n, a, i, j, t) {
    n = split(list, a, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return (n % 2) ? a[(n + 1) / 2] : a[n / 2]
  }
  END {
    cw = median(wall["cold"]); cc = median(cpu["cold"])
    ww = median(wall["warm"]); wc = median(cpu["warm"])
    nw = median(wall["next"]); nc = median(cpu["next"])
    printf "median cold: wall %.2f s, CPU %.2f s\n", cw, cc
    printf "median warm (one doc edited, first rebuild): wall %.2f s, CPU %.2f s; next rebuild: wall %.2f s, CPU %.2f s\n", ww, wc, nw, nc
    printf "warm / cold: wall %.1f%%, CPU %.1f%%\n", 100 * ww / cw, 100 * wc / cc
    printf "next / cold: wall %.1f%%, CPU %.1f%%\n", 100 * nw / cw, 100 * nc / cc
  }' "$work/results"
