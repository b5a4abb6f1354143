#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make check: unit tests, command-line and malformed-input tests under
# ASan/UBSan, a valgrind run, short fuzz runs, checkpatch, and the
# cross-check against the seed's Perl script (skipped when the seed, which
# is not part of the repository, is absent).  KTAP (scripts/ktap.sh).
#
# Environment (set by the Makefile): BUILDDIR BIN SANBIN VGBIN UNITBIN
# FUZZDIR FUZZERS FUZZ_TIME SEED PERL VALGRIND CHECKPATCH SRCDIR

D=$SRCDIR/tests/data
T=$BUILDDIR/check
rm -rf "$T"
mkdir -p "$T"
# absolute: the expected-output pairs run in $D
T=$(cd "$T" && pwd)
# Sanitizer failures must not look like our own exit status 1.
ASAN_OPTIONS=exitcode=97:detect_leaks=1
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=98
export ASAN_OPTIONS UBSAN_OPTIONS

if [ -f "$SRCDIR/../scripts/ktap.sh" ]; then
	. "$SRCDIR/../scripts/ktap.sh"
else
	# generator/ copied out of the repository (README): the same KTAP,
	# from the four results this script uses.
	ktap_n=0 ktap_pass=0 ktap_fail=0 ktap_skip=0
	echo "KTAP version 1"
	ktap_result() {	# COUNTER STATUS NAME
		ktap_n=$((ktap_n + 1))
		eval "$1=\$(($1 + 1))"
		printf '%s %s %s\n' "$2" "$ktap_n" "$3"
	}
	ok() { ktap_result ktap_pass ok "$1"; }
	not_ok() { ktap_result ktap_fail "not ok" "$1"; }
	skip() { ktap_result ktap_skip ok "$1 # SKIP $2"; }
	expect_pairs() {	# DIR IN OUT CMD..., without KTAP_UPDATE
		for f in "$1"/*."$2"; do
			c=${f##*/} && c=${c%."$2"}
			got=$(cd "$1" && shift 3 && "$@" "${f##*/}" 2>&1; echo "[exit $?]")
			if [ "$got" = "$(cat "$1/$c.$3")" ]; then ok "$c"; else
				not_ok "$c"; printf '%s\n' "$got" | diff "$1/$c.$3" - | sed 's/^/# /'
			fi
		done
	}
	finish() {
		echo "1..$ktap_n"
		echo "# Totals: pass:$ktap_pass fail:$ktap_fail skip:$ktap_skip"
		printf '%s passed, %s failed' "$ktap_pass" "$ktap_fail"
		[ "$ktap_skip" = 0 ] && echo || echo ", $ktap_skip skipped"
		[ "$ktap_fail" = 0 ]
	}
fi
bad() { not_ok "$*"; }

# run NAME WANTED_STATUS CMD...: stdout in $T/NAME.out, stderr in $T/NAME.err
run() {
	name=$1
	want=$2
	shift 2
	"$@" > "$T/$name.out" 2> "$T/$name.err"
	echo $? > "$T/$name.rc"
	sane "$name" "$want"
}

# sane NAME WANTED_STATUS: the run NAME gave no sanitizer report and
# exited as wanted
sane() {
	name=$1
	want=$2
	rc=$(cat "$T/$name.rc")
	if grep -q -e 'Sanitizer' -e 'runtime error' "$T/$name.err"; then
		bad "$name: sanitizer report"
		sed 's/^/	/' "$T/$name.err" | head -20
	elif [ "$rc" -ge 2 ] && [ "$want" != 2 ] || [ "$rc" -ge 3 ]; then
		bad "$name: crashed or odd exit status $rc"
		sed 's/^/	/' "$T/$name.err" | head -5
	elif [ "$want" != any ] && [ "$rc" != "$want" ]; then
		bad "$name: exit status $rc, wanted $want"
		sed 's/^/	/' "$T/$name.err" | head -5
	else
		ok "$name (exit $rc)"
	fi
}

same() {	# NAME EXPECTED-FILE
	if cmp -s "$T/$1.out" "$2"; then
		ok "$1: output as expected"
	else
		bad "$1: output differs from $(basename "$2")"
		diff "$2" "$T/$1.out" | head -10 | sed 's/^/	/'
	fi
}

err_has() {	# NAME PATTERN
	if grep -q -e "$2" "$T/$1.err"; then
		ok "$1: stderr has '$2'"
	else
		bad "$1: stderr lacks '$2'"
		head -5 "$T/$1.err" | sed 's/^/	/'
	fi
}

out_has() {	# NAME PATTERN
	if grep -q -e "$2" "$T/$1.out"; then
		ok "$1: stdout has '$2'"
	else
		bad "$1: stdout lacks '$2'"
	fi
}

# every output line is a safe linker-script line
clean_list() {
	if grep -v -q -x -e '\*(\.text\.[A-Za-z_][A-Za-z0-9_.]*)' "$T/$1.out"; then
		bad "$1: unsafe line in the list"
		grep -v -x -e '\*(\.text\.[A-Za-z_][A-Za-z0-9_.]*)' "$T/$1.out" |
			head -3 | sed 's/^/	/'
	else
		ok "$1: list lines well-formed"
	fi
}

B=$SANBIN
case $B in /*) ;; *) B=$PWD/$B ;; esac

# expect_pairs' command for data/CASE.args: the program on its arguments
# (shell words; "$T/..." names an input made here), run as run does;
# prints the list, then the reports
cli_case() {
	n=${1%.args}
	eval "\"\$B\" $(cat "$1")" > "$T/$n.out" 2> "$T/$n.err"
	echo $? > "$T/$n.rc"
	cat "$T/$n.out" "$T/$n.err"
	return "$(cat "$T/$n.rc")"
}

echo "# == unit tests (ASan/UBSan)"
if [ -z "$UNITBIN" ]; then
	# copied out without the repository's scripts/include/ktap_check.h
	skip "unit tests" "ktap_check.h not found: set CHECK_INCLUDE to its directory"
else
"$UNITBIN" > "$T/unit.out" 2> "$T/unit.err"
rc=$?
# its own KTAP, nested as the subtest of the result below
sed 's/^/    /' "$T/unit.out"
up=$(sed -n 's/^# unit: \([0-9]*\) passed, \([0-9]*\) failed.*$/\1/p' "$T/unit.out")
uf=$(sed -n 's/^# unit: \([0-9]*\) passed, \([0-9]*\) failed.*$/\2/p' "$T/unit.out")
if [ -z "$up" ] || grep -q -e Sanitizer -e 'runtime error' "$T/unit.err"; then
	bad "unit tests did not finish (exit $rc)"
	tail -20 "$T/unit.err"
else
	if [ "$uf" = 0 ] && [ "$rc" = 0 ]; then
		ok "unit tests: $up checks passed"
	else
		bad "unit tests: $uf of $((up + uf)) checks failed (exit $rc)"
	fi
fi
fi

echo "# == command line"
run help 0 "$B" --help
out_has help 'Usage: profile2linkerlist'
out_has help '--system-map'
run version 0 "$B" --version
run badopt 2 "$B" --no-such-option "$D/rp-basic.txt"
run badformat 2 "$B" -f xml "$D/rp-basic.txt"
err_has badformat "unknown format 'xml'"
for w in 0 -1 abc nan inf 1e99; do
	run "badweight$w" 2 "$B" -w "$w" "$D/rp-basic.txt"
done
run badbudget 2 "$B" -m "$D/System.map" -b 2X "$D/rp-basic.txt"
run budget-nomap 2 "$B" -b 1M "$D/rp-basic.txt"
err_has budget-nomap 'needs --system-map'
run density-nomap 2 "$B" --order=density "$D/rp-basic.txt"
run missing 1 "$B" "$T/does-not-exist"
err_has missing 'cannot open'

echo "# == expected outputs: data/CASE.args -> CASE.expected"
# the inputs that are made, not committed: 16-byte buckets from _stext
# 0x...000 to _etext 0x...900 (144 buckets) ...
MK="$PERL $SRCDIR/tests/mkprofile.pl"
$MK 16 144 0=3 16=400 17=100 21=70 48=12 136=30 143=5 > "$T/profile.bin"
$MK -be 16 144 0=3 16=400 17=100 21=70 48=12 136=30 143=5 > "$T/profile-be.bin"
# ... and for --print-profile step 4, then 8 buckets of 4 bytes from
# _stext: 9 0 | 3 4 | 5 0 | 0 7
for v in 4 9 0 3 4 5 0 0 7; do printf "$(printf '\\%03o\\000\\000\\000' "$v")"; done > "$T/print.raw"
expect_pairs "$D" args expected cli_case
for a in "$D"/*.args; do
	a=${a##*/}
	sane "${a%.args}" any
done

echo "# == readprofile"
err_has rp-basic 'rp-basic.txt:7: skipped: invalid symbol name: "705"'
err_has rp-basic '7 functions listed, covering 99.51% of the samples'
# the list of rp-basic.expected, read other ways
run rp-explicit 0 "$B" --format=readprofile "$D/rp-basic.txt"
same rp-explicit "$T/rp-basic.out"
run rp-stdin 0 sh -c "\"$B\" < \"$D/rp-basic.txt\""
same rp-stdin "$T/rp-basic.out"
run rp-dash 0 sh -c "\"$B\" - < \"$D/rp-basic.txt\""
same rp-dash "$T/rp-basic.out"
run rp-output 0 "$B" -o "$T/rp-output.list" "$D/rp-basic.txt"
cp "$T/rp-output.list" "$T/rp-output.out"
same rp-output "$T/rp-basic.out"
run rp-badoutput 1 "$B" -o "$T/no/such/dir/list" "$D/rp-basic.txt"
err_has rp-badoutput 'cannot write'
sort -rn "$D/rp-basic.txt" > "$T/rp-sorted.txt"
run rp-sorted 0 "$B" "$T/rp-sorted.txt"
same rp-sorted "$T/rp-basic.out"
sed 's/$/\r/' "$D/rp-basic.txt" > "$T/rp-crlf.txt"
run rp-crlf 0 "$B" "$T/rp-crlf.txt"
same rp-crlf "$T/rp-basic.out"
awk '{ printf "ffffffff%08x %-40s %6u %8.4f\n", NR * 64, $2, $1, $3 }' \
	"$D/rp-basic.txt" | grep -v -e unknown > "$T/rp-verbose.txt"
run rp-verbose 0 "$B" "$T/rp-verbose.txt"
same rp-verbose "$T/rp-basic.out"
run rp-quiet 0 "$B" -q "$D/rp-basic.txt"
if grep -q skipped: "$T/rp-quiet.err"; then
	bad "rp-quiet: per-line reports with -q"
else
	ok "rp-quiet: no per-line reports"
fi

printf '  10 __pfx_foo 1.0\n  12 bar 1.0\n   5 foo 1.0\n   3 __cfi_baz 1.0\n' > "$T/pfx.txt"
printf '*(.text.foo)\n*(.text.bar)\n*(.text.baz)\n' > "$T/pfx.expected"
run rp-pfx 0 "$B" "$T/pfx.txt"
same rp-pfx "$T/pfx.expected"

echo "# == perf"
err_has perf-report 'perf-report.txt:13: skipped: not a kernel symbol'
err_has perf-report 'perf-report.txt:17: skipped: invalid symbol name: "0xffffffff81a00000"'
err_has perf-script 'perf-script.txt:22: skipped: unrecognised line'

echo "# == merging"
err_has merge 'of 2 profile(s)'
run merge-formats 0 "$B" -f perf "$D/perf-report.txt" -f readprofile \
	"$D/rp-basic.txt"
out_has merge-formats '^\*(\.text\.clear_page_erms)$'
out_has merge-formats '^\*(\.text\.__d_lookup)$'

echo "# == System.map, budget, order"
err_has map-heat 'rp-map.txt:8: skipped: not a text symbol in System.map: "jiffies"'
err_has map-heat 'rp-map.txt:9: skipped: function not in System.map: "old_function"'
err_has map-heat 'size 1984 bytes'
err_has map-budget 'size 896 bytes'
err_has map-budget '3 profiled functions did not fit'
err_has map-budget 'covering 96.60% of the samples'
run map-default-budget 0 "$B" -m "$D/System.map" "$D/rp-map.txt"
same map-default-budget "$T/map-heat.out"
err_has map-default-budget 'budget 2097152 bytes'
# c3.expected, C3 on a hand-checked graph (c3-edges.txt): b joins its main caller
# hot_a; hot2 does not join cold_caller (8x colder), nor big hot_c (the
# pair exceeds a 4 KiB page); rec calls only itself; then the clusters,
# densest first.
err_has c3 "C3 order from 4 call edges of 1 file(s); 17.33% of the calls"
# A second edges file, normalised to its own sum: now hot_c calls b most.
run c3-two 0 "$B" -m "$D/c3-map.txt" -b 0 --order=c3 --edges "$D/c3-edges.txt" \
	--edges "$D/c3-edges-b.txt" "$D/c3-profile.txt"
if [ "$(tr '\n' ' ' < "$T/c3-two.out")" = "*(.text.hot2) *(.text.hot_a) *(.text.hot_c) *(.text.b) *(.text.rec) *(.text.big) *(.text.cold_caller) " ]; then
	ok "c3-two: the edges of both files decide the caller"
else
	bad "c3-two: order $(tr '\n' ' ' < "$T/c3-two.out")"
fi
printf '50 hot_a b\n7 hot_c\nx hot_a b\n1 hot_a b extra\n' > "$T/c3-bad.edges"
run c3-bad 0 "$B" -m "$D/c3-map.txt" -b 0 --order=c3 --edges "$T/c3-bad.edges" "$D/c3-profile.txt"
err_has c3-bad "c3-bad.edges:2: skipped: want COUNT CALLER CALLEE"
err_has c3-bad "c3-bad.edges:3: skipped: count is not a number"
err_has c3-bad "c3-bad.edges:4: skipped: want COUNT CALLER CALLEE"
# pages.expected, the pages order on a hand-checked graph (pages-edges.txt): density
# puts x, y, z on the first 4 KiB page and v, w on the second; within the
# first, x joins its caller z; within the second, v joins w.  Plain C3
# moves y beside its caller v, across the pages; the pages order does not.
for o in density c3; do
	case $o in
	density) order="*(.text.x) *(.text.y) *(.text.z) *(.text.v) *(.text.w) " e= ;;
	c3) order="*(.text.z) *(.text.x) *(.text.v) *(.text.y) *(.text.w) " e="--edges $D/pages-edges.txt" ;;
	esac
	# shellcheck disable=SC2086 # $e is empty or two words
	run pages-$o 0 "$B" -m "$D/pages-map.txt" -b 0 --order=$o $e "$D/pages-profile.txt"
	if [ "$(tr '\n' ' ' < "$T/pages-$o.out")" = "$order" ]; then
		ok "pages-$o: $o order differs as expected"
	else
		bad "pages-$o: order $(tr '\n' ' ' < "$T/pages-$o.out")"
	fi
done
# packed.expected, the packed order on a hand-checked graph (packed-*.txt): no merge
# passes its 2x density limit, so the clusters are the functions, densest
# first a, b, c, d; b (2 KiB) does not fit what a (3 KiB) leaves of the
# first page and c (1 KiB) does, so c comes before b.  Plain C3 (8x)
# appends c to its caller d and keeps b second.
run packed-c3 0 "$B" -m "$D/packed-map.txt" -b 0 --order=c3 --edges "$D/packed-edges.txt" "$D/packed-profile.txt"
if [ "$(tr '\n' ' ' < "$T/packed-c3.out")" = "*(.text.a) *(.text.b) *(.text.d) *(.text.c) " ]; then
	ok "packed-c3: c3 order differs as expected"
else
	bad "packed-c3: order $(tr '\n' ' ' < "$T/packed-c3.out")"
fi
# split.expected, the split order on the pages graph: x alone holds over half of the
# samples and stays first, in density order; C3 orders the rest, where
# y joins its caller v (v's cluster is within 8x of y's density) and w,
# over 8x less dense than v and y together, stays apart.
for o in packed split; do
	run $o-noedges 2 "$B" -m "$D/pages-map.txt" --order=$o "$D/pages-profile.txt"
	err_has $o-noedges "order=$o needs --system-map (sizes) and --edges"
done
run pages-noedges 2 "$B" -m "$D/pages-map.txt" --order=pages "$D/pages-profile.txt"
err_has pages-noedges "order=pages needs --system-map (sizes) and --edges"
run c3-noedges 2 "$B" -m "$D/c3-map.txt" --order=c3 "$D/c3-profile.txt"
err_has c3-noedges "needs --system-map (sizes) and --edges"
run c3-nomap 2 "$B" --order=c3 --edges "$D/c3-edges.txt" "$D/c3-profile.txt"
err_has c3-nomap "needs --system-map (sizes) and --edges"
run edges-heat 2 "$B" -m "$D/c3-map.txt" --edges "$D/c3-edges.txt" "$D/c3-profile.txt"
err_has edges-heat "edges is read only for --order=c3, pages, packed and split"
printf '5 hot_a nowhere\n' > "$T/c3-none.edges"
run c3-none 1 "$B" -m "$D/c3-map.txt" --order=c3 --edges "$T/c3-none.edges" "$D/c3-profile.txt"
err_has c3-none "no calls between profiled functions"
run c3-missing 1 "$B" -m "$D/c3-map.txt" --order=c3 --edges "$T/nowhere.edges" "$D/c3-profile.txt"
err_has c3-missing "cannot open .*nowhere.edges"
run nm-S 0 "$B" --system-map="$D/nm-S.txt" -b 1000 "$D/rp-map.txt"
same nm-S "$T/map-budget.out"
run map-unrelated 1 "$B" -m "$D/System.map-unrelated" "$D/rp-map.txt"
err_has map-unrelated 'does not match'

echo "# == /proc/profile"
# the list of procprofile.expected, read other ways
run pp-explicit 0 "$B" --format procprofile "$T/profile.bin" \
	--system-map "$D/System.map" -b 0
same pp-explicit "$T/procprofile.out"
run pp-be 0 "$B" "$T/profile-be.bin" -m "$D/System.map" -b 0
same pp-be "$T/procprofile.out"
run pp-stdin 0 sh -c "\"$B\" -m \"$D/System.map\" -b 0 < \"$T/profile.bin\""
same pp-stdin "$T/procprofile.out"
run pp-nomap 1 "$B" "$T/profile.bin"
err_has pp-nomap 'needs --system-map'
run pp-othermap 1 "$B" "$T/profile.bin" -m "$D/System.map-other"
err_has pp-othermap 'System.map does not match this profile'
head -c 302 "$T/profile.bin" > "$T/profile-trunc.bin"
run pp-truncated 1 "$B" "$T/profile-trunc.bin" -m "$D/System.map"
err_has pp-truncated 'trailing 2 bytes\|2 trailing bytes'
err_has pp-truncated 'does not match'
printf '\003\000\000\000\001\000\000\000' > "$T/profile-badstep.bin"
run pp-badstep 1 "$B" -f procprofile "$T/profile-badstep.bin" -m "$D/System.map"
err_has pp-badstep 'not a /proc/profile dump'
run pp-merge 0 "$B" -m "$D/System.map" -b 0 "$T/profile.bin" "$D/rp-map.txt"
out_has pp-merge 'startup_64'

echo "# == --print-profile: a raw /proc/profile as readprofile text"
# pp-print.expected: each function gets its buckets, clone names are
# kept, the bucket after a data symbol stays with the function before it,
# the last of two aliases gets their ticks, and the total is all ticks
run print-sections 0 "$B" -m "$D/pp-print.map" --sections "$D/pp-print.sections" \
	--print-profile -o "$T/print-sections.txt" "$T/print.raw"
if cmp -s "$T/print-sections.txt" "$D/pp-print-sections.expected"; then
	ok "print-sections: of two aliases, the one with a .text.NAME section gets the ticks"
else
	bad "print-sections: output differs from pp-print-sections.expected"
	diff "$D/pp-print-sections.expected" "$T/print-sections.txt" | head -5 | sed 's/^/	/'
fi
{ printf '\004\000\000\000'; head -c 96 /dev/zero | tr '\000' '\001'; } > "$T/print-long.raw"
run print-long 1 "$B" -m "$D/pp-print.map" --print-profile -o "$T/print-long.txt" "$T/print-long.raw"
err_has print-long 'System.map does not match this profile'
if [ -e "$T/print-long.txt" ]; then
	bad "print-long: an output file was written"
else
	ok "print-long: no output file written"
fi
head -c 100 /dev/zero | tr '\000' '\001' > "$T/print-nostep.raw"
run print-nostep 1 "$B" -m "$D/pp-print.map" --print-profile -f procprofile "$T/print-nostep.raw"
err_has print-nostep 'not a /proc/profile dump'
run print-text 1 "$B" -m "$D/pp-print.map" --print-profile "$D/rp-basic.txt"
err_has print-text 'reads a raw /proc/profile'
run print-nomap 2 "$B" --print-profile "$T/print.raw"
run print-two 2 "$B" -m "$D/pp-print.map" --print-profile "$T/print.raw" "$T/print.raw"
run sections-nomap 2 "$B" --sections "$D/pp-print.sections" "$D/rp-basic.txt"

echo "# == object placement (--objects)"
# The list goes through cpp as the kernel runs it on the linker script.
# sched_patterns NAME: the .sched.text file patterns that
# FUNCTION_REORDER_SCHED of the list NAME.out expands to, on one line.
printf '#include "functionlist.lds"\n#define OF(f) f(.sched.text)\nFUNCTION_REORDER_SCHED(OF)\n' > "$T/t.lds.S"
sched_patterns() {
	cp "$T/$1.out" "$T/functionlist.lds"
	gcc -E -P -D__ASSEMBLY__ -DLINKER_SCRIPT -I"$T" -x assembler-with-cpp "$T/t.lds.S" 2>&1 |
		grep -o '\*[^ ]*(\.sched\.text)' | tr '\n' ' '
}
# The definitions expand to file patterns, "uni[x]" survives.
got=$(sched_patterns objects)
if [ "$got" = "*kernel/sched/core.o(.sched.text) *net/uni[x]/af_unix.o(.sched.text) *kernel/locking/mutex.o(.sched.text) " ]; then
	ok "objects: the definitions expand under cpp to linker file patterns"
else
	bad "objects: cpp gives '$got'"
fi
# cpp replaces "linux" and "unix" wherever they are a token, not only
# as a whole path component; a leading digit makes a pp-number instead.
printf 'schedule .sched.text drivers/linux-x/unix.o\nunix_wait .sched.text a/2linux/i386_x/linux.lds.o\n' > "$T/objects-cpp.txt"
run objects-cpp 0 "$B" -q --objects "$T/objects-cpp.txt" "$D/objects-profile.txt"
got=$(sched_patterns objects-cpp)
if [ "$got" = "*drivers/linu[x]-x/uni[x].o(.sched.text) *a/2linux/i386_x/linu[x].lds.o(.sched.text) " ]; then
	ok "objects: cpp words inside path components are escaped too"
else
	bad "objects: cpp gives '$got' for cpp words inside components"
fi
printf 'schedule .sched.text\n' > "$T/objects-short.txt"
run objects-short 1 "$B" --objects "$T/objects-short.txt" "$D/objects-profile.txt"
err_has objects-short "objects-short.txt:1: want NAME SECTION OBJECT"
printf 'copy_user .text a.o\nschedule .data kernel/sched/core.o\n' > "$T/objects-sec.txt"
run objects-sec 1 "$B" --objects "$T/objects-sec.txt" "$D/objects-profile.txt"
err_has objects-sec "objects-sec.txt:2: section '.data'"
printf 'schedule .text kernel/sched/core.o)\n' > "$T/objects-path.txt"
run objects-path 1 "$B" --objects "$T/objects-path.txt" "$D/objects-profile.txt"
err_has objects-path "objects-path.txt:1: 'kernel/sched/core.o)' cannot be a linker file pattern"
run objects-missing 1 "$B" --objects "$T/nowhere.txt" -o "$T/objects-missing.list" "$D/objects-profile.txt"
err_has objects-missing "cannot open .*nowhere.txt"
if [ -e "$T/objects-missing.list" ]; then
	bad "objects-missing: an output file was written"
else
	ok "objects-missing: no output file written"
fi

echo "# == malformed input"
: > "$T/empty.txt"
run empty 1 "$B" "$T/empty.txt"
err_has empty 'empty profile'
err_has empty 'no samples'
run empty-plus 0 "$B" "$T/empty.txt" "$D/rp-basic.txt"
same empty-plus "$T/rp-basic.out"
printf '  12\n   7 foo\n   9 bar 1.0 x\n  10 ba' > "$T/truncated.txt"
run truncated 0 "$B" "$T/truncated.txt"
err_has truncated 'truncated.txt:1: skipped: truncated line'
err_has truncated 'truncated.txt:3: skipped: unrecognised line'
clean_list truncated
printf '99999999999999999999999999 huge 1.0\n18446744073709551615 max 1.0\n1 one 1.0\n' > "$T/huge.txt"
run huge 0 "$B" "$T/huge.txt"
err_has huge 'huge.txt:1: skipped: count out of range'
printf '*(.text.max)\n*(.text.one)\n' > "$T/huge.expected"
same huge "$T/huge.expected"
awk 'BEGIN { s = ""; for (i = 0; i < 5000; i++) s = s "x"; printf "   10 %s 1.0\n    5 ok 1.0\n", s }' > "$T/longname.txt"
run longname 0 "$B" "$T/longname.txt"
err_has longname 'longname.txt:1: skipped: symbol name too long'
printf '*(.text.ok)\n' > "$T/longname.expected"
same longname "$T/longname.expected"
awk 'BEGIN { s = ""; for (i = 0; i < 200000; i++) s = s "y"; printf "   10 a%s 1.0\n    5 ok 1.0\n", s }' > "$T/longline.txt"
run longline 0 "$B" "$T/longline.txt"
err_has longline 'longline.txt:1: skipped: line too long'
same longline "$T/longname.expected"
printf '  10 a)b 1\n  10 x*(.text.y) 1\n  10 "q" 1\n  10 a;b 1\n  10 ok 1\n' > "$T/inject.txt"
run inject 0 "$B" "$T/inject.txt"
same inject "$T/longname.expected"
head -c 300000 /dev/urandom > "$T/garbage.bin"
tr -d '\000' < "$T/garbage.bin" > "$T/garbage.txt"
run garbage-auto any "$B" "$T/garbage.bin"
run garbage-rp any "$B" -f readprofile "$T/garbage.bin"
clean_list garbage-rp
run garbage-rp-nonul any "$B" "$T/garbage.txt"
run garbage-perf any "$B" -f perf "$T/garbage.bin"
clean_list garbage-perf
run garbage-pp any "$B" -f procprofile "$T/garbage.bin" -m "$D/System.map"
run garbage-map any "$B" -m "$T/garbage.bin" "$D/rp-basic.txt"
run garbage-map-nm 1 "$B" -m "$D/rp-basic.txt" "$D/rp-basic.txt"
err_has garbage-map-nm 'unrecognised System.map line'
run map-empty 1 "$B" -m "$T/empty.txt" "$D/rp-basic.txt"
err_has map-empty 'no symbols'

echo "# == valgrind"
if command -v "$VALGRIND" > /dev/null; then
	for c in "$D/rp-basic.txt" "-f perf $D/perf-script.txt" \
		 "-m $D/System.map -b 1K $T/profile.bin $D/rp-map.txt" \
		 "-m $D/System.map --order=density $D/rp-map.txt" \
		 "-f readprofile $T/garbage.bin" "$T/longline.txt" \
		 "-w 2 $D/merge-a.txt $D/merge-b.txt" \
		 "-m $D/pp-print.map --sections $D/pp-print.sections --print-profile $T/print.raw" \
		 "--objects $D/objects.txt $D/objects-profile.txt"; do
		n=$((n + 1))
		# shellcheck disable=SC2086
		"$VALGRIND" -q --error-exitcode=99 --leak-check=full \
			--errors-for-leak-kinds=definite,indirect \
			"$VGBIN" -q $c > /dev/null 2> "$T/valgrind.$n.err"
		rc=$?
		if [ $rc -ge 2 ] || grep -q '^==' "$T/valgrind.$n.err"; then
			bad "valgrind: $c (exit $rc)"
			head -20 "$T/valgrind.$n.err"
		else
			ok "valgrind: $c"
		fi
	done
else
	bad "valgrind: $VALGRIND not found"
fi

echo "# == fuzzing, $FUZZ_TIME s per parser"
for f in $FUZZERS; do
	c=$T/corpus-$f
	mkdir -p "$c"
	cp "$D"/*.txt "$c"/
	cp "$T"/profile*.bin "$c"/
	if "$FUZZDIR/fuzz-$f" -max_total_time="$FUZZ_TIME" -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 \
		-artifact_prefix="$T/crash-$f-" "$c" > "$T/fuzz-$f.log" 2>&1; then
		ok "fuzz $f: $(sed -n 's/^stat::number_of_executed_units: *//p' "$T/fuzz-$f.log") runs"
	else
		bad "fuzz $f: see $T/fuzz-$f.log"
		grep -A15 -e ERROR -e 'runtime error' "$T/fuzz-$f.log" | head -20
	fi
done

echo "# == Perl cross-check"
if [ ! -f "$SEED" ]; then
	# The seed series is not part of the repository: a clone alone
	# has nothing to compare with.
	skip "cross-check against the seed's profile2linkerlist.pl" "$SEED not found"
elif sh "$SRCDIR/tests/extract-seed.sh" "$SEED" "$T/seed" 2> "$T/seed.err"; then
	sh "$SRCDIR/tests/crosscheck.sh" "$T/seed" "$BIN" > "$T/crosscheck.log" 2>&1
	rc=$?
	sed 's/^/	/' "$T/crosscheck.log"
	if [ $rc = 0 ]; then
		ok "cross-check against the seed's profile2linkerlist.pl"
	else
		bad "cross-check against the seed's profile2linkerlist.pl"
	fi
else
	bad "cannot extract the Perl script from $SEED"
	cat "$T/seed.err"
fi

echo "# == checkpatch"
if [ -f "$CHECKPATCH" ]; then
	(cd "$SRCDIR" && "$PERL" "$CHECKPATCH" --no-tree -q -f ./*.c ./*.h \
		tests/*.c tests/*.h) > "$T/checkpatch.log" 2>&1
	if grep -q -e '^WARNING' -e '^ERROR' -e '^CHECK' "$T/checkpatch.log"; then
		bad "checkpatch: see $T/checkpatch.log"
		head -20 "$T/checkpatch.log"
	else
		ok "checkpatch --no-tree -f: clean"
	fi
else
	skip "checkpatch" "$CHECKPATCH not found"
fi

finish
