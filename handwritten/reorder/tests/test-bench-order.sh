#!/bin/sh
# The order the benchmark's make boots in (KTAP): every layout's kernel
# as a stage of its own, then the boots in rounds, boot 1 of every
# layout before boot 2 of any, so that the host's load, which drifts
# over a run, falls on every layout alike.  Read from make's database
# (make -pq), so nothing is built or booted.  Also from it: each boot's
# measures take the unseen classes from their own regions, after the
# pooled held-out runs, and the oracles read the held-out classes'
# profiles by name, never an unseen class's.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/ktap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# make's database, read once: every check below reads this one dump.
make -pq -C "$here" BUILD="$tmp" LAYOUTS="stock density split" BOOTS=3 \
	no-such-target > "$tmp/db" 2>/dev/null
# prereqs TARGET: the prerequisites of TARGET, one a line
prereqs() {
	sed -n "s|^$1: ||p" "$tmp/db" | tr ' ' '\n' | sed -n "s|^$tmp/reorder-bench/||p"
}
prereqs bench-report | grep '/measures.tsv$' > "$tmp/boots"
same_text "$(tr '\n' ' ' < "$tmp/boots")" \
	"stock/boot1/measures.tsv density/boot1/measures.tsv split/boot1/measures.tsv stock/boot2/measures.tsv density/boot2/measures.tsv split/boot2/measures.tsv stock/boot3/measures.tsv density/boot3/measures.tsv split/boot3/measures.tsv " \
	"the boots come in rounds: boot K of every layout, then boot K + 1"
same_text "$(prereqs bench-images | tr '\n' ' ')" \
	"stock/bzImage density/bzImage split/bzImage " \
	"every layout's kernel is a stage before the boots"
# The recipe of bench, as make's database prints it: the tab-indented
# lines after "bench: ...", make's own "#" lines skipped.
awk '/^bench:/ { on = 1; next } on && /^#/ { next } on && /^\t/ { print; next } on { exit }' \
	"$tmp/db" > "$tmp/recipe"
same_text "$(grep -o 'bench-images\|bench-report' "$tmp/recipe" | tr '\n' ' ')" \
	"bench-images bench-report " "make bench makes the kernels first, then the boots"
# recipe TARGET: its recipe lines, as above
recipe() {
	awk -v t="$1:" '$1 == t { on = 1; next } on && /^#/ { next } on && /^\t/ { print; next } on { exit }' "$tmp/db"
}
m=$(recipe "$tmp/reorder-bench/split/boot2/measures.tsv")
r=$tmp/reorder-bench/split/boot2/run-holdout/region
same_text "$(printf '%s\n' "$m" | grep -o "region\.[0-9]*" | tr '\n' ' ')" \
	"region.1 region.3 region.5 region.7 region.9 region.11 region.13 region.15 " \
	"a boot's measures: the three mixed runs, then the five unseen classes, each a region"
case $m in
*"bench-classes.sh split "*" tcp:$r.7 fault:$r.9 walk:$r.11 threads:$r.13 poll:$r.15"*)
	ok "each unseen class is measured from its own region (bench-classes.sh)" ;;
*) not_ok "each unseen class is measured from its own region (bench-classes.sh)" "$m" ;;
esac
for o in oracle oracle-split; do
	p=$(sed -n "s|^$tmp/reorder-bench/lists/$o.list: ||p" "$tmp/db" | tr ' ' '\n' | grep /holdout/ | sed 's|.*/holdout/||' | sort | tr '\n' ' ')
	want="mixed-1.txt mixed-2.txt mixed-3.txt "
	[ "$o" = oracle ] || want="mixed-1.edges mixed-1.txt mixed-2.edges mixed-2.txt mixed-3.edges mixed-3.txt "
	same_text "$p" "$want" "$o.list reads the held-out runs' profiles by name"
done
finish
