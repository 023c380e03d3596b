#!/usr/bin/env python3
"""Run one command and print its wall time, CPU time and peak RSS as one JSON line.

Usage: measure.py LOGFILE -- CMD [ARG...]

The command's stdout and stderr go to LOGFILE. Measured the way GNU
`/usr/bin/time -v` measures, but with a monotonic clock for wall time instead of
time's centisecond "Elapsed" field:

  wall_s  perf_counter around fork .. wait4 of the direct child.
  cpu_s   ru_utime + ru_stime from wait4(child): the child plus every descendant it
          (or its descendants) waited for, i.e. the whole process tree, as long as
          the tool reaps its workers (npx, node, Docusaurus and Hugo all do).
  rss_mb  ru_maxrss from wait4(child), in MiB: Linux reports the largest peak RSS
          of any ONE process in that tree, not the sum of processes alive at the
          same moment. Worker threads count with their process; forked workers
          that ran concurrently are under-counted (only the biggest one shows).

Exits with the command's exit status; the JSON line is printed either way.
"""

import json
import os
import subprocess
import sys
import time


def main(argv):
    if len(argv) < 4 or argv[2] != "--":
        sys.stderr.write(__doc__)
        return 2
    log_path, cmd = argv[1], argv[3:]
    with open(log_path, "ab") as log:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        _, status, ru = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    print(json.dumps({
        "wall_s": round(wall, 4),
        "cpu_s": round(ru.ru_utime + ru.ru_stime, 4),
        "user_s": round(ru.ru_utime, 4),
        "sys_s": round(ru.ru_stime, 4),
        "rss_mb": round(ru.ru_maxrss / 1024, 1),  # ru_maxrss is KiB on Linux
        "exit": proc.returncode,
    }))
    return proc.returncode if proc.returncode >= 0 else 128 - proc.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv))
