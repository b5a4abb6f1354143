#!/bin/sh
# Unit test of bench-relink-copy.sh on a made-up build directory: the
# copy keeps every file's timestamp, the tools' .cmd files get the copy's
# path for the build's own (and only where a path ends), a later call
# brings the copy up to date and undoes what relinking changed, the
# build directory is never written, and a copy inside it is refused (KTAP).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/ktap.sh"
tmp=$(cd "$(mktemp -d)" && pwd -P)
trap 'rm -rf "$tmp"' EXIT
k=$tmp/kbuild-bench c=$tmp/relink/kbuild
mkdir -p "$k/kernel" "$k/tools/objtool/libsubcmd" "$tmp/relink"
echo 'CONFIG_FUNCTION_REORDER=y' > "$k/.config"
echo obj > "$k/kernel/fork.o"
printf 'savedcmd_%s/tools/objtool/check.o := gcc -I%s/tools/objtool/libsubcmd/include -o %s/tools/objtool/check.o\n' \
	"$k" "$k" "$k" > "$k/tools/objtool/.check.o.cmd"
printf 'deps := %s-stock/tools/x.h %s\nother := %s2/y.h\n' "$k" "$k" "$k" > "$k/tools/objtool/libsubcmd/.exec-cmd.o.cmd"
printf 'binary with %s/tools/objtool inside\n' "$k" > "$k/tools/objtool/objtool"
echo 'kernel/fork.o: kernel/fork.c' > "$k/kernel/.fork.o.cmd"
touch -d '2026-01-02 03:04:05' "$k/kernel/fork.o" "$k/tools/objtool/.check.o.cmd" \
	"$k/tools/objtool/libsubcmd/.exec-cmd.o.cmd" "$k/tools/objtool/objtool"
sums() { (cd "$k" && find . -type f -exec sha256sum {} + | sort; find . -exec stat -c '%n %Y' {} + | sort); }
before=$(sums)

"$here/bench-relink-copy.sh" "$k" "$c" > "$tmp/out" 2>&1
same_text "$?" 0 "bench-relink-copy.sh copies a build directory"
same_text "$(stat -c %Y "$c/kernel/fork.o" "$c/tools/objtool/.check.o.cmd" "$c/tools/objtool/objtool" | tr '\n' ' ')" \
	"$(stat -c %Y "$k/kernel/fork.o" "$k/tools/objtool/.check.o.cmd" "$k/tools/objtool/objtool" | tr '\n' ' ')" \
	"every file keeps its timestamp, the rewritten .cmd files too: make finds nothing newer"
same_text "$(cat "$c/tools/objtool/.check.o.cmd")" \
	"savedcmd_$c/tools/objtool/check.o := gcc -I$c/tools/objtool/libsubcmd/include -o $c/tools/objtool/check.o" \
	"a tool's command names the copy's paths, so the tool's build sees it unchanged"
same_text "$(cat "$c/tools/objtool/libsubcmd/.exec-cmd.o.cmd")" \
	"$(printf 'deps := %s-stock/tools/x.h %s\nother := %s2/y.h' "$k" "$c" "$k")" \
	"the path is replaced where it ends, not inside a longer name (kbuild-bench-stock, kbuild-bench2)"
same_text "$(cat "$c/tools/objtool/objtool")" "binary with $k/tools/objtool inside" \
	"a file that is not a .cmd file is copied as it is"
same_text "$(sums)" "$before" "the build directory is not written"

# The build directory rebuilds an object and drops another; the copy has
# been relinked meanwhile (a vmlinux of its own, an object changed).
echo new > "$k/kernel/exit.o"
rm "$k/kernel/fork.o"
echo relinked > "$c/vmlinux"
echo changed > "$c/tools/objtool/objtool"
before=$(sums)
"$here/bench-relink-copy.sh" "$k" "$c" > "$tmp/out" 2>&1
same_text "$?" 0 "a second call brings the copy up to date"
same_text "$(ls "$c/kernel" | tr '\n' ' ')$(test -e "$c/vmlinux" && echo vmlinux-kept)" "exit.o " \
	"what the build directory has now, nothing it dropped, nothing the relink left"
same_text "$(cat "$c/tools/objtool/objtool"):$(grep -c "$c/" "$c/tools/objtool/.check.o.cmd")" \
	"binary with $k/tools/objtool inside:1" "a changed file is taken back, and the .cmd files keep the copy's path"
same_text "$(sums)" "$before" "the build directory is not written the second time either"

expect_fail "a copy inside the build directory is refused" "is inside" "$here/bench-relink-copy.sh" "$k" "$k/copy"
expect_fail "a build directory without .config is refused" "\\.config: not found" \
	"$here/bench-relink-copy.sh" "$tmp/none" "$tmp/copy2"
finish
