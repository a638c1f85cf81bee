#!/bin/sh
# The test queue's measurement (docs/queue.md): ten durak sequential tests queued and run unattended, then one
# run killed with SIGKILL in its tenth batch, resumed, and compared with the same run never interrupted.
#   PYTHONPATH=src sh benchmarks/queue_unattended.sh [FOLDER]      (default: a fresh temporary folder)
set -eu
K="${PYTHON:-python} -m kozyr"
DIR="${1:-$(mktemp -d)}"
cd "$DIR"
rm -f note.sqlite* kill.sqlite* whole.sqlite*
for s in CHEAP_POWER=2 CHEAP_POWER=4 DEEP_TALON=3 DEEP_TALON=5 DEEP_TALON=8 HOLD_TRUMPS=12 HOLD_TRUMPS=20 \
         PAIR_ATTACK=0 PAIR_DEFEND=2 TAKE_BOUT=3; do
  $K queue add sprt 3 3 --set "$s" --elo0 0 --elo1 2 --batch 10000 --max-deals 1000000 --seed note \
     --store note.sqlite >/dev/null
done
echo "load before: $(uptime)"
start=$(date +%s.%N)
nice -n 19 $K queue run --store note.sqlite 2>/dev/null
end=$(date +%s.%N)
echo "load after: $(uptime)"
echo "wall: $(echo "$end - $start" | bc) s; store: $(stat -c %s note.sqlite) bytes"
$K queue ls --all --store note.sqlite

# killed and resumed
for f in kill whole; do
  $K queue add sprt 3 3 --set CHEAP_POWER=5 --elo0 -13 --elo1 -12 --batch 10000 --max-deals 1000000 \
     --seed resume --store $f.sqlite >/dev/null
done
nice -n 19 $K queue run --store kill.sqlite >/dev/null 2>kill.err &
pid=$!
while [ "$(grep -c batch kill.err || true)" -lt 9 ]; do sleep 0.02; done
kill -9 $pid
wait $pid || true
echo "killed after: $(tail -n 1 kill.err)"
nice -n 19 $K queue run --store kill.sqlite 2>/dev/null
nice -n 19 $K queue run --store whole.sqlite 2>/dev/null
$K queue show 1 --store kill.sqlite > kill.show
$K queue show 1 --store whole.sqlite > whole.show
if cmp -s kill.show whole.show; then echo "killed-and-resumed == uninterrupted"; else echo "DIFFERENT"; exit 1; fi
cat kill.show
