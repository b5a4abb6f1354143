#!/bin/sh
# The unseen classes stay apart from what the list is made of (KTAP):
# functionlist/workloads.mk refuses a class both trained on and unseen,
# the held-out files the collector commits are the held-out classes'
# alone, the list's recipe names no unseen profile, and functionlist's
# check fails when a profile of an unseen class sits among the
# committed ones.
#
# usage: test-unseen-apart.sh BUILD   (BUILD/bin/profile2linkerlist is
#                                      made there when missing)
set -u
[ $# -eq 1 ] || { echo "usage: test-unseen-apart.sh BUILD" >&2; exit 2; }
build=$1
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
. "$repo/scripts/ktap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
unset MAKEFLAGS MFLAGS

# What workloads.mk gives, with VAR=VALUE overrides.
printf 'include %s\nall: ; @echo $(%s)\n' "$repo/functionlist/workloads.mk" '$(what)' > "$tmp/print.mk"
wl() { make -s --no-print-directory -f "$tmp/print.mk" "$@"; }
unseen=$(wl what=UNSEEN_CLASSES)
same_text "$(echo "$unseen" | wc -w)" 5 "five unseen classes ($unseen)"
first=${unseen%% *}

expect_fail "a class both trained on and unseen is refused" \
	"workloads.mk: $first: in UNSEEN_CLASSES and trained on" \
	wl what=UNSEEN_CLASSES TRAIN_CLASSES="fork $first"
expect_fail "a class both held out and unseen is refused" \
	"workloads.mk: $first: in UNSEEN_CLASSES and trained on" \
	wl what=UNSEEN_CLASSES HOLDOUT_CLASSES="mixed $first"

# holdout_names: what collect copies into functionlist/holdout/.
same_text "$(wl what=holdout_names HOLDOUT_CLASSES='mixed fork fork stat')" "fork-1 fork-2 mixed stat" \
	"held-out files are named as take-regions.sh names them (CLASS-K for a repeated class)"
names=$(wl what=holdout_names)
hit=
for c in $unseen; do
	case " $names " in *" $c "* | *" $c-"*) hit="$hit $c" ;; esac
done
same_text "${hit:-none}" none "no unseen class among the held-out files collect commits ($names)"
# The collector copies exactly those, not its held-out directory whole.
if grep -q 'cp $(foreach n,$(holdout_names),' "$repo/generator/collect/Makefile" &&
	! grep -q 'holdout/\*' "$repo/generator/collect/Makefile"; then
	ok "generator/collect copies the held-out classes' files by name, never holdout/*"
else
	not_ok "generator/collect copies the held-out classes' files by name, never holdout/*"
fi

# A copy of functionlist/ beside the real scripts/ and generator/, so
# that a profile can be added to it.
mkdir "$tmp/repo"
ln -s "$repo/scripts" "$repo/generator" "$tmp/repo/"
cp -r "$repo/functionlist" "$tmp/repo/"
flmake() {
	make -s --no-print-directory -C "$tmp/repo/functionlist" "$@" \
		BUILD="$tmp/build" P2L="$build/bin/profile2linkerlist"
}
recipe=$(flmake -n -B "$tmp/build/functionlist/functionlist" 2>&1 | grep -e '--order=')
hit=
for c in $unseen; do
	case $recipe in *"/$c.txt"* | *"/$c-"*) hit="$hit $c" ;; esac
done
if [ -n "$recipe" ] && [ -z "$hit" ]; then
	ok "the list's recipe reads no unseen class's profile"
else
	not_ok "the list's recipe reads no unseen class's profile" "unseen:${hit:-} recipe: $recipe"
fi
[ -x "$build/bin/profile2linkerlist" ] ||
	make -s --no-print-directory -C "$repo/generator" all BUILD="$build" > /dev/null
flmake check > "$tmp/clean" 2>&1
same_text "$? $(grep -c '^ok' "$tmp/clean")" "0 2" "functionlist's check passes on the committed profiles"
cp "$tmp/repo/functionlist/profiles/fork.txt" "$tmp/repo/functionlist/profiles/$first.txt"
expect_fail "functionlist's check fails on a profile of an unseen class among the training ones" \
	"not ok 2 profiles of unseen classes.*|# profiles/$first.txt" flmake check
rm "$tmp/repo/functionlist/profiles/$first.txt"
cp "$tmp/repo/functionlist/holdout/mixed-1.txt" "$tmp/repo/functionlist/holdout/$first-1.txt"
expect_fail "... and among the held-out ones" "# holdout/$first-1.txt" flmake check
finish
