#!/usr/bin/env bash
# Search benchmark: builds the shared benchmark corpus at scales 1 and 10
# with a search navbar item, then measures query latency and bytes per
# query with the real engine (theme/bench/search.test.ts).
# Usage: scripts/search-bench.sh [scale...]   (default: 1 10)
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${SHARED:-../shared}
scales=("$@")
[ $# -eq 0 ] && scales=(1 10)
(cd theme && npx vitest run --config vitest.bench.config.ts bench/engine.test.ts --silent=false 2>&1 | grep -E 'shards; median|^  ' || true)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for scale in "${scales[@]}"; do
  site="$work/site-$scale"
  python3 "$SHARED/bench/gen-corpus" --out "$site/docs" --scale "$scale" >/dev/null
  cat > "$site/portal.yaml" <<YAML
title: Benchmark corpus
url: https://docs.example.org
baseUrl: /
# The corpus links pages it does not generate, as a real site's drafts do.
onBrokenLinks: warn
themeConfig:
  navbar:
    items:
      - type: search
        position: right
YAML
  start=$(date +%s%N)
  ./bin/portal build --site "$site" --out "$site/out" >/dev/null
  end=$(date +%s%N)
  pages=$(find "$site/docs" -name '*.md' | wc -l)
  index=$(du -sk "$site/out/search" | cut -f1)
  echo "scale $scale: $pages pages, build $(( (end - start) / 1000000 )) ms, search index ${index} KB on disk"
  (cd theme && SEARCH_BENCH_SITE="$site/out" SEARCH_BENCH_LABEL="scale $scale ($pages pages)" \
    npx vitest run --config vitest.bench.config.ts bench/search.test.ts --reporter=dot --silent=false 2>&1 | grep -E '^(search|  )' || true)
done
