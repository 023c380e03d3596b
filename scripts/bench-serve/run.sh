#!/usr/bin/env bash
# Side-by-side HTTP benchmark: portal serve --dir against Debian's nginx
# running the config portal build writes, on loopback, over one fresh build
# of the embedded portal. For each of three files (a doc page of about
# 61 KB, the largest page, the main script) and each client encoding (br,
# gzip), wrk runs against Portal and nginx in turn, and the script prints
# requests per second, the ratio and p50/p99 latency side by side.
#
# Fairness: the machine has two cores, so both servers are pinned to one
# (SERVER_CPU) and wrk to the other (CLIENT_CPU); nginx runs one worker
# process and Portal one Go scheduler thread (GOMAXPROCS=1) (no
# worker_cpu_affinity: "auto" binds the worker to the first CPU of the
# machine, not of the master's taskset, which put it on wrk's core and
# halved its rate in the figures taken before 2026-11-25 19:30); both write an
# access-log line per request to /dev/null, buffered (Portal flushes every
# 250 ms or 64 KB; nginx is given buffer=64k flush=250ms); both send the build's
# precompressed .br/.gz files. The machine is shared, so each measurement
# alternates the two servers in ROUNDS slices (default 6 of DURATION/ROUNDS
# seconds each) so that outside load falls on both alike, and the script
# also prints each server's CPU time per request, which outside load barely
# moves: from /proc by default, or counted by perf (CPU_COUNTER=perf: `perf
# stat -e task-clock -p PID` around each slice; the two agree within a few
# tenths of a microsecond). PORTAL=path serves with another build of portal,
# e.g. one of an earlier commit. See docs/performance.md.
#
# Regimes (--regimes, default "full"; several run one after the other):
#   full  each server has its whole core: the issue's benchmark. On the pages
#         the servers set the pace; on the main script wrk does (about 28 us
#         of its core per 84 KB response against either server), so both
#         answer the same rate there.
#   half  each server is held to half a core by a CPU quota (cgroup cpu
#         controller, 10 ms in every 20 ms; v1 or v2, needs root), as a
#         container CPU limit would. Latency then includes the quota's pauses
#         (up to 10 ms). Both servers spend more CPU per request under the
#         quota than on a free core, Portal more so (docs/performance.md).
#
# Usage: scripts/bench-serve/run.sh [--duration SECONDS] [--connections N] [--regimes "full half"]
#        (environment: PORTAL=bin/portal, CPU_COUNTER=proc|perf, DURATION, ROUNDS, CONNECTIONS)
# Needs: bin/portal (make build), nginx-light, libnginx-mod-http-brotli-static, wrk,
# /usr/bin/time (the client's CPU share).
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${DURATION:-60}
CONNECTIONS=${CONNECTIONS:-100}
WARMUP=${WARMUP:-3}
ROUNDS=${ROUNDS:-6}
SERVER_CPU=${SERVER_CPU:-1}
CLIENT_CPU=${CLIENT_CPU:-0}
# Extra nginx directives for the server block, e.g. "open_file_cache max=1000;".
NGINX_EXTRA=${NGINX_EXTRA:-}
REGIMES=${REGIMES:-full}
PORTAL=${PORTAL:-bin/portal}
CPU_COUNTER=${CPU_COUNTER:-proc}
QUOTA_US=10000
PERIOD_US=20000
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) DURATION=$2; shift 2 ;;
    --connections) CONNECTIONS=$2; shift 2 ;;
    --regimes) REGIMES=$2; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done

NGINX=$(command -v nginx || echo /usr/sbin/nginx)
MODULE=/usr/lib/nginx/modules/ngx_http_brotli_static_module.so
case "$CPU_COUNTER" in proc) ;; perf) command -v perf >/dev/null || { echo "CPU_COUNTER=perf needs perf (linux-perf)" >&2; exit 1; } ;; *) echo "CPU_COUNTER is proc or perf" >&2; exit 2 ;; esac
for need in "$NGINX" "$MODULE" "$(command -v wrk || true)" /usr/bin/time "$PORTAL"; do
  if [ -z "$need" ] || [ ! -e "$need" ]; then
    echo "bench-serve needs bin/portal (make build), nginx-light, libnginx-mod-http-brotli-static, wrk and time:" >&2
    echo "  apt-get install -y nginx-light libnginx-mod-http-brotli-static wrk time" >&2
    exit 1
  fi
done

for regime in $REGIMES; do
  case "$regime" in full | half) ;; *) echo "unknown regime $regime (full, half)" >&2; exit 2 ;; esac
done

# The CPU controller's root, v2 first: the quota of the "half" regime is set there.
CGROUP_ROOT=""
CGROUP_VERSION=""
if [[ " $REGIMES " == *" half "* ]]; then
  if grep -qw cpu /sys/fs/cgroup/cgroup.controllers 2>/dev/null && [ -w /sys/fs/cgroup ]; then
    CGROUP_ROOT=/sys/fs/cgroup; CGROUP_VERSION=2
  elif [ -e /sys/fs/cgroup/cpu/cpu.cfs_quota_us ] && [ -w /sys/fs/cgroup/cpu ]; then
    CGROUP_ROOT=/sys/fs/cgroup/cpu; CGROUP_VERSION=1
  else
    echo "the half regime needs a writable cgroup cpu controller (run as root, or pass --regimes full)" >&2
    exit 1
  fi
fi

WORK=$(mktemp -d /tmp/portal-bench-serve.XXXXXX)
chmod 755 "$WORK" # nginx's worker runs as nobody and must reach the output
PIDS=()
GROUPS_MADE=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  for group in "${GROUPS_MADE[@]}"; do rmdir "$group" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

# hold_to_half_core NAME PID...: moves the processes into a new cgroup whose
# CPU quota is QUOTA_US in every PERIOD_US.
hold_to_half_core() {
  local name=$1 group pid
  shift
  group=$CGROUP_ROOT/portal-bench-serve-$$-$name
  mkdir "$group"
  GROUPS_MADE+=("$group")
  if [ "$CGROUP_VERSION" = 2 ]; then
    echo +cpu > "$CGROUP_ROOT/cgroup.subtree_control" 2>/dev/null || true
    echo "$QUOTA_US $PERIOD_US" > "$group/cpu.max"
  else
    echo "$PERIOD_US" > "$group/cpu.cfs_period_us"
    echo "$QUOTA_US" > "$group/cpu.cfs_quota_us"
  fi
  for pid in "$@"; do echo "$pid" > "$group/cgroup.procs"; done
}

echo "building the portal into $WORK/www ..."
"$PORTAL" build --out "$WORK/www" >/dev/null
WWW=$WORK/www

# The three files, by URL path.
rel() { echo "/${1#"$WWW"/}"; }
dir_of() { local d; d=$(rel "$(dirname "$1")"); echo "$d/"; }
DOC=$(find "$WWW/docs" -name index.html -printf '%s %p\n' | awk '{d=$1-62464; if (d<0) d=-d; print d, $2}' | sort -n | head -1 | cut -d' ' -f2)
LARGEST=$(find "$WWW" -name index.html -printf '%s %p\n' | sort -n | tail -1 | cut -d' ' -f2)
SCRIPT=$(ls "$WWW"/assets/theme/entry-client-*.js)
FILES=("doc page|$(dir_of "$DOC")|$DOC" "largest page|$(dir_of "$LARGEST")|$LARGEST" "main script|$(rel "$SCRIPT")|$SCRIPT")

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
PORTAL_PORT=$(free_port)
NGINX_PORT=$(free_port)

mkdir -p "$WORK/nginx/tmp"
USER_LINE=""
[ "$(id -u)" = 0 ] && USER_LINE="user nobody nogroup;"
cat > "$WORK/nginx/nginx.conf" <<CONF
load_module $MODULE;
$USER_LINE
worker_processes 1;
daemon off;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log warn;
events { worker_connections 4096; }
http {
    access_log /dev/null combined buffer=64k flush=250ms;
    client_body_temp_path $WORK/nginx/tmp/body;
    proxy_temp_path $WORK/nginx/tmp/proxy;
    fastcgi_temp_path $WORK/nginx/tmp/fastcgi;
    uwsgi_temp_path $WORK/nginx/tmp/uwsgi;
    scgi_temp_path $WORK/nginx/tmp/scgi;
    keepalive_requests 1000000;
    server {
        listen 127.0.0.1:$NGINX_PORT backlog=4096;
        root $WWW;
        include $WWW/_deploy/nginx.conf;
        $NGINX_EXTRA
    }
}
CONF
taskset -c "$SERVER_CPU" "$NGINX" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -e "$WORK/nginx/error.log" &
NGINX_PID=$!
PIDS+=($NGINX_PID)
GOMAXPROCS=1 taskset -c "$SERVER_CPU" "$PORTAL" serve --dir "$WWW" --addr "127.0.0.1:$PORTAL_PORT" 2>/dev/null &
PORTAL_PID=$!
PIDS+=($PORTAL_PID)
for port in "$PORTAL_PORT" "$NGINX_PORT"; do
  for _ in $(seq 100); do
    curl -fso /dev/null "http://127.0.0.1:$port/" && break
    sleep 0.1
  done
done

# CPU ticks (1/100 s) used so far by a process and its children (nginx's worker).
ticks() {
  local total=0 p
  for p in "$1" $(pgrep -P "$1" || true); do
    total=$((total + $(awk '{print $14 + $15}' "/proc/$p/stat")))
  done
  echo "$total"
}

# One wrk run: prints "requests p50_ms p99_ms errors client_cpu_percent
# server_cpu_ms", the last counted by perf for the processes in $4 (a
# comma-separated list) when CPU_COUNTER=perf, else 0.
# The client's CPU share tells whether wrk, not the server, set the pace:
# near 100%, both servers are measured at the client's speed.
measure() {
  local url=$1 encoding=$2 seconds=$3 pids=$4 out server_ms=0
  local client=(/usr/bin/time -f 'wrk-cpu %U %S %e' taskset -c "$CLIENT_CPU" wrk -t1 -c"$CONNECTIONS" -d"${seconds}s" --latency -H "Accept-Encoding: $encoding" "$url")
  if [ "$CPU_COUNTER" = perf ]; then
    out=$(perf stat -e task-clock -x, -o "$WORK/perf.out" -p "$pids" -- "${client[@]}" 2>&1)
    server_ms=$(awk -F, '/task-clock/ { print $1 }' "$WORK/perf.out")
  else
    out=$("${client[@]}" 2>&1)
  fi
  echo "$out" | awk -v server_ms="$server_ms" '
    function ms(v) { if (v ~ /us$/) return v/1000; if (v ~ /ms$/) return v+0; if (v ~ /s$/) return v*1000; return v }
    / requests in / { reqs=$1 }
    /^ +50%/ { p50=ms($2) }
    /^ +99%/ { p99=ms($2) }
    /Socket errors/ { gsub(/,/, ""); errs += $4 + $6 + $8 + $10 }
    /Non-2xx/ { errs += $5 }
    /^wrk-cpu / { cpu = ($4 > 0 ? ($2 + $3) * 100 / $4 : 0) }
    END { printf "%d %.2f %.2f %d %.0f %.1f\n", reqs, p50, p99, errs, cpu, server_ms }'
}

# median of the numbers on stdin
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

SLICE=$(( DURATION / ROUNDS ))
[ "$SLICE" -ge 1 ] || SLICE=1
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $ROUNDS x $SLICE s per server and case, alternating; $CONNECTIONS connections, wrk on CPU $CLIENT_CPU, servers on CPU $SERVER_CPU"
status=0

# run_cases: every file and encoding, both servers, in the current regime.
run_cases() {
  printf '%-13s %-5s %10s %10s %6s %16s %16s %13s %7s %10s\n' file enc "Portal r/s" "nginx r/s" ratio "Portal p50/p99" "nginx p50/p99" "CPU us/req" errors "wrk CPU %"
  for entry in "${FILES[@]}"; do
    IFS='|' read -r label path file <<<"$entry"
    for encoding in br gzip; do
      for port in "$PORTAL_PORT" "$NGINX_PORT"; do CPU_COUNTER=proc measure "http://127.0.0.1:$port$path" "$encoding" "$WARMUP" "" >/dev/null; done
      declare -A reqs=() errs=() cpu=() p50s=() p99s=() clients=()
      for server in portal nginx; do reqs[$server]=0; errs[$server]=0; cpu[$server]=0; p50s[$server]=""; p99s[$server]=""; clients[$server]=""; done
      for round in $(seq "$ROUNDS"); do
        for server in portal nginx; do
          if [ "$server" = portal ]; then port=$PORTAL_PORT; pid=$PORTAL_PID; else port=$NGINX_PORT; pid=$NGINX_PID; fi
          before=$(ticks "$pid")
          read -r n p50 p99 e c counted < <(measure "http://127.0.0.1:$port$path" "$encoding" "$SLICE" "$(echo "$pid" $(pgrep -P "$pid" || true) | tr ' ' ,)")
          after=$(ticks "$pid")
          reqs[$server]=$(( ${reqs[$server]} + n )); errs[$server]=$(( ${errs[$server]} + e ))
          # CPU in milliseconds: /proc's ticks are 10 ms each.
          if [ "$CPU_COUNTER" = perf ]; then
            cpu[$server]=$(awk -v a="${cpu[$server]}" -v b="$counted" 'BEGIN { print a + b }')
          else
            cpu[$server]=$(( ${cpu[$server]} + (after - before) * 10 ))
          fi
          p50s[$server]+="$p50 "; p99s[$server]+="$p99 "; clients[$server]+="$c "
        done
      done
      total=$(( SLICE * ROUNDS ))
      p_rps=$(( ${reqs[portal]} / total )); n_rps=$(( ${reqs[nginx]} / total ))
      ratio=$(awk -v p="$p_rps" -v n="$n_rps" 'BEGIN { printf "%.2f", (n > 0 ? p / n : 0) }')
      p_cpu=$(awk -v t="${cpu[portal]}" -v r="${reqs[portal]}" 'BEGIN { printf "%.1f", (r > 0 ? t * 1000 / r : 0) }')
      n_cpu=$(awk -v t="${cpu[nginx]}" -v r="${reqs[nginx]}" 'BEGIN { printf "%.1f", (r > 0 ? t * 1000 / r : 0) }')
      p_lat="$(echo ${p50s[portal]} | tr ' ' '\n' | median)/$(echo ${p99s[portal]} | tr ' ' '\n' | median) ms"
      n_lat="$(echo ${p50s[nginx]} | tr ' ' '\n' | median)/$(echo ${p99s[nginx]} | tr ' ' '\n' | median) ms"
      client="$(echo ${clients[portal]} | tr ' ' '\n' | median | xargs printf '%.0f')/$(echo ${clients[nginx]} | tr ' ' '\n' | median | xargs printf '%.0f')"
      printf '%-13s %-5s %10s %10s %6s %16s %16s %13s %7s %10s\n' "$label" "$encoding" "$p_rps" "$n_rps" "${ratio}x" \
        "$p_lat" "$n_lat" "${p_cpu}/${n_cpu}" "${errs[portal]}/${errs[nginx]}" "$client"
      [ "${errs[portal]}" = 0 ] && [ "${errs[nginx]}" = 0 ] || status=1
    done
    echo "  ($label: $path, $(stat -c %s "$file") bytes; br $(stat -c %s "$file.br"), gzip $(stat -c %s "$file.gz"))"
  done
}

for regime in $REGIMES; do
  if [ "$regime" = half ]; then
    hold_to_half_core portal "$PORTAL_PID"
    hold_to_half_core nginx "$NGINX_PID" $(pgrep -P "$NGINX_PID")
    echo
    echo "half: each server held to half a core ($QUOTA_US us of CPU in every $PERIOD_US us, cgroup v$CGROUP_VERSION)"
  else
    for group in "${GROUPS_MADE[@]}"; do
      for pid in $(cat "$group/cgroup.procs"); do echo "$pid" > "$CGROUP_ROOT/cgroup.procs"; done
    done
    echo
    echo "full: each server has its whole core"
  fi
  run_cases
done
echo "(p50/p99: medians over the rounds; CPU us/req: Portal/nginx, counted from $CPU_COUNTER; wrk CPU %: the client's share of its core against Portal/nginx, median; near 100 the client sets the pace)"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
