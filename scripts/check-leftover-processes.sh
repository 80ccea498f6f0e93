#!/usr/bin/env bash
# After the suite (`scripts/run.sh test`): fails when a process the suite started is
# still running, lists it, and ends it so the machine is left clean.
#
# How a process is known to be the suite's: run.sh exports a random TEST_RUN_ID before
# the suite, and every process the suite starts inherits it (npm, tsx, node, the built
# server, Chromium: the tests and Playwright pass the environment on). /proc/PID/environ
# keeps the environment a process started with, so a process carrying this run's id was
# started by this run, whatever it was reparented to and whatever process group or
# session it made for itself. Processes of other checkouts, of the engineer's dev
# server or of earlier runs carry another id or none, so nothing unrelated on a shared
# machine is flagged, which matching command lines (`tsx cms/serve.ts`) or the
# checkout's working directory would do. This script and run.sh, its ancestors, carry
# the id too and are left out; zombies have ended and only wait to be reaped.
set -uo pipefail

run_id="${TEST_RUN_ID:-}"
if [ -z "$run_id" ]; then
  echo "check-leftover-processes: TEST_RUN_ID is not set (scripts/run.sh test sets it)" >&2
  exit 2
fi
if [ ! -r /proc/self/environ ]; then
  echo "check-leftover-processes: no /proc here, skipped"
  exit 0
fi
# What this script runs (grep, ps) must not carry the id itself.
unset TEST_RUN_ID
marker="TEST_RUN_ID=$run_id"
GRACE_SECONDS=5

# This script and its ancestors, read with builtins only (no subshell carries the id).
ancestors=" "
pid=$$
while [ "$pid" -gt 1 ]; do
  ancestors+="$pid "
  parent=1
  while read -r key value _; do
    if [ "$key" = "PPid:" ]; then parent=$value; break; fi
  done 2>/dev/null <"/proc/$pid/status"
  pid=$parent
done

# Prints the pids of the run's processes still running. It runs in a subshell (found=$(leftovers)),
# a fork that shows this script's environment too: $BASHPID is left out with the ancestors.
leftovers() {
  local file pid stat state
  for file in $(grep -lzxF -- "$marker" /proc/[0-9]*/environ 2>/dev/null); do
    pid=${file#/proc/}
    pid=${pid%/environ}
    case "$ancestors$BASHPID " in *" $pid "*) continue ;; esac
    # Gone by now (the command substitution's own subshell, or a process that just ended).
    read -r stat 2>/dev/null <"/proc/$pid/stat" || continue
    state=${stat##*) }
    [ "${state%% *}" = Z ] && continue
    echo "$pid"
  done
}

# Servers being stopped as the suite ends get a moment to finish.
for _ in $(seq 1 $((GRACE_SECONDS * 10))); do
  found=$(leftovers)
  [ -z "$found" ] && exit 0
  sleep 0.1
done

echo "check-leftover-processes: the test suite left these processes running:" >&2
# shellcheck disable=SC2086 # one pid a word
ps -o pid=,ppid=,pgid=,etime=,args= -p "$(echo $found | tr ' ' ',')" >&2
# shellcheck disable=SC2086
kill -TERM $found 2>/dev/null
sleep 2
found=$(leftovers)
# shellcheck disable=SC2086
[ -n "$found" ] && kill -KILL $found 2>/dev/null
echo "check-leftover-processes: ended them; a test server must be stopped with its whole process group (tests/support/test-server.ts)" >&2
exit 1
