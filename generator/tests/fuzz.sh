#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make fuzz: run each libFuzzer target for FUZZ_TIME seconds, keeping a
# corpus per parser in $BUILDDIR/fuzz/corpus-NAME between runs.
D=$SRCDIR/tests/data
fail=0
for f in $FUZZERS; do
	c=$FUZZDIR/corpus-$f
	mkdir -p "$c"
	cp -n "$D"/*.txt "$c"/ 2> /dev/null
	echo "== fuzz-$f for $FUZZ_TIME s"
	if "$FUZZDIR/fuzz-$f" -max_total_time="$FUZZ_TIME" -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 \
		-artifact_prefix="$FUZZDIR/crash-$f-" "$c" \
		> "$FUZZDIR/fuzz-$f.log" 2>&1; then
		echo "ok   fuzz-$f: $(sed -n 's/^stat::number_of_executed_units: *//p' "$FUZZDIR/fuzz-$f.log") runs, corpus $(ls "$c" | wc -l) inputs"
	else
		echo "FAIL fuzz-$f: see $FUZZDIR/fuzz-$f.log"
		grep -A15 -e ERROR -e 'runtime error' "$FUZZDIR/fuzz-$f.log" | head -20
		fail=1
	fi
done
exit $fail
