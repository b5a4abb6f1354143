#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# bench.sh OUT JOBS KSRC LEGACY [CORPUS]: time modparm-convert against plain
# "spatch --dir" with the same semantic patch, options and --jobs, and
# against a detection-only rule (modparm_detect.cocci, run the same way),
# side by side in one run (in turn, best of 2), on the whole 6.1 tree
# (KSRC), on our legacy modules and, when CORPUS (a directory with
# linux-2.2.26.tar.xz, default ../shared/corpus beside the repository) is
# there, on that old tree, where it also counts where the module_param
# lines went (bench_placement.py).  Prints convert/spatch (the goal is
# <= 1.0) and convert/detect (the goal is <= 8), and convert/every patch:
# the converter does the work of several semantic patches, so it is also
# set against plain "spatch --dir" with modparm.cocci plus the spatch runs
# of the other semantic patches it applies (modparm_const.cocci and the
# three API patches, on the files it chose for them: their time in the
# same run, from MODPARM_SPATCH_TIMES).  Plain --dir runs of those are no
# yardstick: modparm_const.cocci's grep query (module_param) has spatch
# parse 2,400 files of the 6.1 tree, for a patch the converter applies
# to the few files modparm.cocci found a const parameter in.
set -u
out=$1 jobs=$2 ksrc=$3 legacy=$4
here=$(cd "$(dirname "$0")" && pwd)
corpus=${5:-$here/../../shared/corpus}
spatch=${SPATCH:-spatch}
# as a make coccicheck user runs it: modparm_rules/ through PYTHONPATH
PYTHONPATH=$here${PYTHONPATH:+:$PYTHONPATH}
export PYTHONPATH
mkdir -p "$out"
out=$(cd "$out" && pwd)
[ -d "$ksrc" ] || ksrc=$here/../build/linux-pristine
# the converter names the system python to spatch (modparm_convert/
# spatch.py): the plain runs get the same option
pyopt=
[ -x /usr/bin/python3 ] && pyopt="--python /usr/bin/python3"

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
min() { awk -v a="$1" -v b="${2:-$1}" 'BEGIN { print (a < b ? a : b) }'; }

bench() {
	tag=$1 tree=$2
	if [ ! -d "$tree" ]; then
		echo "bench $tag: $tree: no such directory, skipped"
		return
	fi
	# spatch runs in OUT: the tree by its absolute name
	tree=$(cd "$tree" && pwd)
	nfiles=$(find "$tree" -name '*.[ch]' | wc -l)
	# warm the page cache so that neither side pays for the first read
	grep -rlw --include='*.[ch]' MODULE_PARM "$tree" > /dev/null 2>&1
	best_c= best_s= best_d= best_a=
	# OUT of an earlier converter carries no mark of its own: the
	# converter would refuse it (a run of this one it replaces)
	rm -rf "$out/convert-$tag"
	for run in 1 2; do
		: > "$out/times-$tag"
		t0=$(now)
		MODPARM_SPATCH_TIMES=$out/times-$tag "$here/modparm-convert" --jobs "$jobs" \
			--name "$tag" --out "$out/convert-$tag" \
			"$tree" > "$out/convert-$tag.log" 2> "$out/convert-$tag.err"
		t1=$(now)
		# its runs of the semantic patches other than modparm.cocci:
		# the time they took, those that ran at once counted once
		# (lines: seconds, patch, when it ended)
		other=$(awk '$2 != "modparm.cocci" { print $3 - $1, $3 }' "$out/times-$tag" |
			LC_ALL=C sort -g | awk '
			n && $1 <= e { if ($2 > e) e = $2; next }
			{ if (n) t += e - s; s = $1; e = $2; n = 1 }
			END { if (n) t += e - s; printf "%.2f", t }')
		# the converter's options (modparm.cocci asks for --keep-comments
		# itself).  Inside a git work tree spatch --dir asks git grep,
		# which skips untracked and ignored files (our build/): make it
		# scan itself.
		# shellcheck disable=SC2086 # pyopt: an option and its value
		(cd "$out" && GIT_DIR=/nonexistent "$spatch" $pyopt --sp-file "$here/modparm.cocci" \
			-D patch -D perm=0 --very-quiet --no-includes \
			--macro-file "$here/modparm-macros.h" --jobs "$jobs" --dir "$tree" \
			> "$out/spatch-$tag.diff" 2> "$out/spatch-$tag.log")
		t2=$(now)
		# the yardstick: only find the MODULE_PARM calls
		(cd "$out" && GIT_DIR=/nonexistent "$spatch" --sp-file "$here/modparm_detect.cocci" \
			--very-quiet --no-includes --macro-file "$here/modparm-macros.h" \
			--jobs "$jobs" --dir "$tree" > "$out/detect-$tag.diff" 2> "$out/detect-$tag.log")
		t3=$(now)
		best_c=$(min "$(secs "$t0" "$t1")" "$best_c")
		best_s=$(min "$(secs "$t1" "$t2")" "$best_s")
		best_d=$(min "$(secs "$t2" "$t3")" "$best_d")
		# plain modparm.cocci and the converter's other runs, one round
		best_a=$(min "$(awk -v a="$(secs "$t1" "$t2")" -v b="$other" \
			'BEGIN { printf "%.2f", a + b }')" "$best_a")
	done
	ratio=$(awk -v c="$best_c" -v s="$best_s" 'BEGIN { printf "%.2f", (s > 0 ? c / s : 0) }')
	rdet=$(awk -v c="$best_c" -v s="$best_d" 'BEGIN { printf "%.2f", (s > 0 ? c / s : 0) }')
	rall=$(awk -v c="$best_c" -v s="$best_a" 'BEGIN { printf "%.2f", (s > 0 ? c / s : 0) }')
	echo "bench $tag ($nfiles .c/.h files, --jobs $jobs, best of 2):" \
		"modparm-convert ${best_c}s, spatch --dir ${best_s}s," \
		"detection only ${best_d}s; ratio convert/spatch ${ratio} (goal <= 1.0)," \
		"convert/detect ${rdet} (goal <= 8)"
	ran=$(awk '$2 != "modparm.cocci" { print $2 }' "$out/times-$tag" | sort -u | tr '\n' ' ')
	echo "bench $tag: spatch --dir with modparm.cocci plus the converter's spatch runs" \
		"of the other semantic patches it applies (here: ${ran:-none }): ${best_a}s;" \
		"ratio convert/every patch ${rall} (goal <= 1.0)"
	sed 's/^/  /' "$out/convert-$tag.log"
	echo "  spatch --dir: $(grep -c '^+++ ' "$out/spatch-$tag.diff") files changed;" \
		"detection only: $(grep -c '^+++ ' "$out/detect-$tag.diff") files with MODULE_PARM calls"
}

# --check-load against KBUILD_OUT (a built kernel with a bzImage): what
# it costs over --check-build, per site and per boot
bench_load() {
	tag=$1 tree=$2
	shift 2
	kout=${KBUILD_OUT:-}
	if [ -z "$kout" ] || [ ! -f "$kout/arch/x86/boot/bzImage" ]; then
		echo "bench check-load $tag: no bzImage in KBUILD_OUT='$kout', skipped"
		return
	fi
	rm -rf "$out/build-$tag" "$out/load-$tag"
	t0=$(now)
	"$here/modparm-convert" --jobs "$jobs" "$@" --check-build "$kout" \
		--out "$out/build-$tag" "$tree" > "$out/build-$tag.log" 2>&1
	t1=$(now)
	"$here/modparm-convert" --jobs "$jobs" "$@" --check-load "$kout" \
		--out "$out/load-$tag" "$tree" > "$out/load-$tag.log" 2>&1
	t2=$(now)
	line=$(grep 'check-load: .* sites\{0,1\} in' "$out/load-$tag.log")
	sites=$(echo "$line" | sed -n 's/.*check-load: \([0-9]*\) site.*/\1/p')
	# shellcheck disable=SC2046 # two numbers, split on purpose
	set -- $(sed -n 's/.*, \([0-9]*\) boots\{0,1\}, \([0-9.]*\) s in QEMU$/\1 \2/p' "$out/load-$tag.log")
	boots=${1:-0} qemu=${2:-0}
	awk -v b="$(secs "$t0" "$t1")" -v l="$(secs "$t1" "$t2")" -v n="${sites:-0}" \
		-v k="$boots" -v q="$qemu" -v tag="$tag" 'BEGIN {
		extra = l - b
		printf "bench check-load %s: %d sites, %d boot%s: --check-load %.1fs, " \
		       "--check-build alone %.1fs; check-load adds %.2fs per site, " \
		       "QEMU %.1fs per boot (%.2fs per site)\n", tag, n, k, k == 1 ? "" : "s",
		       l, b, n ? extra / n : 0, k ? q / k : 0, n ? q / n : 0 }'
	sed -n 's/^/  /; /check-load:/p' "$out/load-$tag.log"
}

bench linux-6.1 "$ksrc"
bench legacy "$legacy"
bench_load legacy "$legacy" --perm 0444 --keep-minimum
bench_load fixtures "$here/tests/load/fixtures" --perm 0444
if [ -f "$corpus/linux-2.2.26.tar.xz" ]; then
	if [ ! -d "$out/corpus/linux-2.2.26" ]; then
		rm -rf "$out/corpus" && mkdir -p "$out/corpus" &&
			tar -xJf "$corpus/linux-2.2.26.tar.xz" -C "$out/corpus"
	fi
	bench linux-2.2.26 "$out/corpus/linux-2.2.26"
	# the tree as the converter's patches leave it, against the tree
	rm -rf "$out/placement" && cp -a "$out/corpus/linux-2.2.26" "$out/placement"
	ok=1
	while read -r p; do
		patch -p1 -s -d "$out/placement" < "$out/convert-linux-2.2.26/$p" || ok=0
	done < "$out/convert-linux-2.2.26/series"
	if [ "$ok" = 1 ]; then
		python3 "$here/bench_placement.py" "$out/corpus/linux-2.2.26" "$out/placement"
	else
		echo "placement linux-2.2.26: a patch of the converter did not apply, not measured"
	fi
else
	echo "bench linux-2.2.26: $corpus/linux-2.2.26.tar.xz absent, skipped (optional study tree)"
fi
