#!/usr/bin/env bash
# Deterministic cost of random Meeples & Monsters games, for comparing changes on a noisy
# shared machine: instructions counted by valgrind (callgrind) for N random 4-player games,
# minus the same count for the import alone, in all and per decision (a rule change that alters
# which games are played changes their length; the per-decision figure is the fairer comparison).
# PYTHONHASHSEED is fixed so that two runs of the same code give the same count.
#   Usage: benchmarks/count_instructions.sh [N]
set -euo pipefail
n=${1:-3}
export PYTHONHASHSEED=0
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null python -c "$1" 2>&1 | awk '/Collected/ {print $4}'; }
setup='from boardrules.games import load_game; g = load_game("meeples-and-monsters")'
games="$setup
from boardrules.agents import RandomAgent
from boardrules.engine import play_out
d = 0
for seed in range($n):
    s = g.new_state(4, seed)
    d += play_out(g, s, [RandomAgent(seed * 4 + i) for i in range(4)])
open('/dev/stderr', 'w').write(f'decisions {d}\n')"
out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null python -c "$games" 2>&1)
total=$(echo "$out" | awk '/Collected/ {print $4}')
decisions=$(echo "$out" | awk '/^decisions/ {print $2}')
base=$(count "$setup")
echo "instructions for $n random 4-player games: $(( (total - base) / 1000000 ))M ($(( (total - base) / n / 1000000 ))M per game, $decisions decisions, $(( (total - base) / decisions / 1000 ))k per decision)"
