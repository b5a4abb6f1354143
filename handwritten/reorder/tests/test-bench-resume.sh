#!/bin/sh
# What make bench does again when it is run again (KTAP): on a made-up
# bench directory whose every file is in place, a finished boot is kept,
# a boot that was interrupted (no "booted" stamp) is booted again alone,
# and a list made again relinks its layout and boots all of its boots.
# Read with make -n, so nothing is built or booted; the phony steps that
# run every time (the profiles' check, the collector's prerequisites)
# are left out with -o.  Stock's kernel is kbuild's to judge (a FORCE
# rule: make -n cannot know that kbuild leaves an unchanged bzImage
# alone), so the layouts here are relinked ones.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/ktap.sh"
tmp=$(cd "$(mktemp -d)" && pwd -P)
trap 'rm -rf "$tmp"' EXIT
B=$tmp/build/reorder-bench
mkdir -p "$tmp/kb" "$B/lists" "$tmp/build/bin"
files="$tmp/kb/.config $tmp/kb/vmlinux $tmp/kb/vmlinux.o $tmp/kb/System.map $tmp/build/bin/profile2linkerlist
	$B/lists/sizes $B/units $B/align $B/config"
for l in density split; do
	files="$files $B/lists/$l.list $B/$l/bzImage"
	for k in 1 2; do
		mkdir -p "$B/$l/boot$k"
		files="$files $B/$l/boot$k/booted $B/$l/boot$k/measures.tsv"
	done
done
# One second before now: newer than the repository's files the rules
# read (the scripts, the profiles), older than a list made again now.
# shellcheck disable=SC2086
touch -d "@$(($(date +%s) - 1))" $files
# todo TARGET...: what make would do for them, as "boot LAYOUT/bootK",
# "relink LIST", "measure LAYOUT", one a line
todo() {
	make -n -o bench-prereqs -o bench-check-profiles -C "$here" BUILD="$tmp/build" \
		BENCH_KBUILD="$tmp/kb" LAYOUTS="density split" BOOTS=2 "$@" 2>&1 |
		sed -n -e "s|.*BOOT_DIR=$B/\\([^ ]*\\).*|boot \\1|p" \
			-e "s|.*bench-relink.sh .* $B/lists/\\([^ ]*\\) .*|relink \\1|p" \
			-e "s|.*bench-measure.sh \\([a-z-]*\\) .*|measure \\1|p" | tr '\n' ' '
}
same_text "$(todo "$B/density/boot1/measures.tsv" "$B/split/boot2/measures.tsv")" "" \
	"every boot in place: nothing is linked or booted again"
rm "$B/split/boot2/booted" "$B/split/boot2/measures.tsv"
same_text "$(todo "$B/density/boot1/measures.tsv" "$B/density/boot2/measures.tsv" \
	"$B/split/boot1/measures.tsv" "$B/split/boot2/measures.tsv")" "boot split/boot2 measure split " \
	"an interrupted boot is booted again, alone: the finished ones and the kernel are kept"
touch "$B/lists/split.list"
same_text "$(todo "$B/density/boot1/measures.tsv" "$B/split/boot1/measures.tsv" "$B/split/boot2/measures.tsv")" \
	"relink split.list boot split/boot1 measure split boot split/boot2 measure split " \
	"a list made again relinks its layout and boots all its boots; another layout's are kept"
finish
