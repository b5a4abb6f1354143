#!/bin/sh
# Prepare the patched kernel tree: pristine Debian source + our series.
#
# usage: prepare-tree.sh TARBALL BUILDDIR SERIES...
#
#   BUILDDIR/linux-pristine  the tarball, extracted once (never modified)
#   BUILDDIR/linux           pristine + every patch of every SERIES, in order
#
# Every patch is dry-run and applied in a hard-linked staging copy first;
# BUILDDIR/linux is only touched once the whole series applied.  Files are
# then copied over when their content changed, so unchanged files keep
# their timestamps and an O= kernel build stays incremental.  With an
# unchanged tarball and series nothing at all is done.
set -eu

die() {
	echo "prepare-tree: error: $*" >&2
	exit 1
}

[ $# -ge 2 ] || die "usage: prepare-tree.sh TARBALL BUILDDIR SERIES..."
tarball=$1
build=$2
shift 2

[ -f "$tarball" ] || die "$tarball not found; install the Debian package linux-source-6.1 (apt-get install linux-source-6.1)"
command -v patch >/dev/null || die "patch(1) not found; install the Debian package patch"

mkdir -p "$build"
build=$(cd "$build" && pwd)
pristine=$build/linux-pristine
tree=$build/linux
staging=$build/linux.staging

# 1. Pristine tree, extracted once per tarball.
tar_id=$(stat -c '%n %s %Y' "$tarball")
if [ ! -f "$pristine/.pristine-id" ] || [ "$(cat "$pristine/.pristine-id")" != "$tar_id" ]; then
	echo "prepare-tree: extracting $tarball"
	rm -rf "$pristine" "$pristine.tmp"
	mkdir -p "$pristine.tmp"
	tar -xf "$tarball" -C "$pristine.tmp" --strip-components=1 ||
		die "cannot extract $tarball"
	[ -f "$pristine.tmp/Makefile" ] || die "$tarball does not contain a kernel tree"
	echo "$tar_id" > "$pristine.tmp/.pristine-id"
	mv "$pristine.tmp" "$pristine"
fi

# 2. The patch list, in order, with a content id for the whole set.
list=$build/.series-list
: > "$list.tmp"
for series in "$@"; do
	[ -f "$series" ] || die "$series: series file not found"
	dir=$(dirname "$series")
	n=0
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		line=$(printf '%s' "$line" | sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e 's/^[[:space:]]*//')
		[ -n "$line" ] || continue
		case $line in
		*[[:space:]]*) die "$series:$n: options after the patch name are not supported: '$line'" ;;
		esac
		[ -f "$dir/$line" ] || die "$series:$n: patch $dir/$line not found"
		echo "$dir/$line" >> "$list.tmp"
	done < "$series"
done
mv "$list.tmp" "$list"

id=$( { echo "$tar_id"; while IFS= read -r p; do
	echo "$p $(sha256sum < "$p")"; done < "$list"; } | sha256sum | cut -d' ' -f1)
if [ -f "$tree/.series-id" ] && [ "$(cat "$tree/.series-id")" = "$id" ]; then
	echo "prepare-tree: $tree is up to date ($(wc -l < "$list") patches)"
	exit 0
fi

# 3. Apply everything in a staging copy; the real tree is not touched yet.
cleanup() { rm -rf "$staging"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
rm -rf "$staging"
cp -al "$pristine" "$staging"
rm -f "$staging/.pristine-id"
: > "$staging/.applied-patches"
: > "$staging/.touched-files"
while IFS= read -r p; do
	# --dry-run first, so a patch that fails leaves no partial hunks
	# behind even in the staging copy; -F0 because fuzz in a
	# reproducible series only hides a stale patch.
	if ! out=$(patch -p1 -F0 -f --dry-run -d "$staging" < "$p" 2>&1); then
		echo "prepare-tree: error: patch $p does not apply:" >&2
		# Name the file and hunk: patch says "checking file F" then
		# "Hunk #N FAILED at L." for each failing hunk.
		printf '%s\n' "$out" | sed 's/^/    /' >&2
		echo "prepare-tree: $tree left unchanged" >&2
		exit 1
	fi
	patch -p1 -F0 -f -s --no-backup-if-mismatch -d "$staging" < "$p" >/dev/null ||
		die "patch $p failed after a clean dry run"
	printf '%s\n' "$out" | sed -n 's/^checking file //p' >> "$staging/.touched-files"
	echo "$p" >> "$staging/.applied-patches"
	echo "prepare-tree: applied $p"
done < "$list"

# 4. Publish.  The id goes last: an interrupted sync is redone next time.
if [ -d "$tree" ] && [ ! -f "$tree/.touched-files" ]; then
	# A tree from an older version of this script: nothing says which
	# files it changed, so compare everything (slow, but only once).
	rm -f "$tree/.series-id"
	command -v rsync >/dev/null || die "rsync not found; install the Debian package rsync"
	rsync -r -l --checksum --delete "$staging/" "$tree/"
elif [ -d "$tree" ]; then
	rm -f "$tree/.series-id"
	# Only files a patch touched, now or in the previous series, can
	# differ from the pristine tree.  Replace those whose content
	# changed (rm first: the tree's other files are hard links into the
	# pristine copy) so they get a new mtime and make rebuilds exactly
	# what the change touched; leave every other file alone.
	sort -u "$staging/.touched-files" "$tree/.touched-files" 2>/dev/null |
	while IFS= read -r f; do
		if [ -e "$staging/$f" ]; then
			cmp -s "$staging/$f" "$tree/$f" && continue
			mkdir -p "$(dirname "$tree/$f")"
			rm -f "$tree/$f"
			cp -p "$staging/$f" "$tree/$f"
			touch "$tree/$f"
		else
			rm -f "$tree/$f"
		fi
	done
	cp "$staging/.applied-patches" "$staging/.touched-files" "$tree/"
else
	mv "$staging" "$tree"
fi
echo "$id" > "$tree/.series-id"
echo "prepare-tree: $tree ready ($(wc -l < "$list") patches)"
