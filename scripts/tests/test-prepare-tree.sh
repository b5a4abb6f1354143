#!/bin/sh
# scripts/prepare-tree.sh on a small synthetic "kernel" tarball: patches
# apply in order, a bad patch names itself and its hunk and leaves the
# tree as it was, re-runs are no-ops, and unchanged files keep their
# timestamps so the kernel build stays incremental.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/ktap.sh"
prep=$top/scripts/prepare-tree.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

mkdir -p "$t/src/linux-source-6.1/kernel"
printf 'VERSION = 6\n' > "$t/src/linux-source-6.1/Makefile"
printf 'int a;\nint b;\nint c;\n' > "$t/src/linux-source-6.1/kernel/x.c"
printf 'int keep;\n' > "$t/src/linux-source-6.1/kernel/y.c"
tar -C "$t/src" -cJf "$t/linux.tar.xz" linux-source-6.1

mkdir -p "$t/hw" "$t/gen"
cat > "$t/hw/0001-b.patch" <<'P'
Subject: [PATCH] change b

--- a/kernel/x.c
+++ b/kernel/x.c
@@ -1,3 +1,3 @@
 int a;
-int b;
+int b2;
 int c;
P
cat > "$t/hw/0002-c.patch" <<'P'
--- a/kernel/x.c
+++ b/kernel/x.c
@@ -1,3 +1,3 @@
 int a;
 int b2;
-int c;
+int c2;
P
cat > "$t/hw/bad.patch" <<'P'
--- a/kernel/x.c
+++ b/kernel/x.c
@@ -1,3 +1,3 @@
 int a;
-int nothere;
+int z;
 int c2;
P
printf '# comment\n0001-b.patch\n\n' > "$t/hw/series"
: > "$t/gen/series"
b=$t/build

check "first run extracts and applies" "$prep" "$t/linux.tar.xz" "$b" "$t/hw/series" "$t/gen/series"
check "patch 0001 is in the tree" grep -qx 'int b2;' "$b/linux/kernel/x.c"
check "pristine copy is untouched" grep -qx 'int b;' "$b/linux-pristine/kernel/x.c"
out=$("$prep" "$t/linux.tar.xz" "$b" "$t/hw/series" "$t/gen/series" 2>&1)
case $out in
*"up to date"*) ok "unchanged series is a no-op" ;;
*) not_ok "unchanged series is a no-op" "$out" ;;
esac

touch -d '2001-01-01' "$b/linux/kernel/y.c"
printf '0001-b.patch\n0002-c.patch\n' > "$t/hw/series"
check "adding a patch re-applies the series" "$prep" "$t/linux.tar.xz" "$b" "$t/hw/series" "$t/gen/series"
check "both patches applied" grep -qx 'int c2;' "$b/linux/kernel/x.c"
if [ "$(stat -c %Y "$b/linux/kernel/y.c")" = "$(date -d 2001-01-01 +%s)" ]; then
	ok "untouched file keeps its mtime"
else
	not_ok "untouched file keeps its mtime" "$(stat -c '%y' "$b/linux/kernel/y.c")"
fi

before=$(cd "$b/linux" && find . -type f -exec sha256sum {} + | sort)
printf '0001-b.patch\n0002-c.patch\nbad.patch\n' > "$t/hw/series"
expect_fail "bad patch is named" "bad.patch does not apply" \
	"$prep" "$t/linux.tar.xz" "$b" "$t/hw/series" "$t/gen/series"
expect_fail "failing file and hunk are named" "checking file kernel/x.c.*Hunk #1 FAILED" \
	sh -c "\"$prep\" \"$t/linux.tar.xz\" \"$b\" \"$t/hw/series\" \"$t/gen/series\" 2>&1 | tr '\n' ' '; exit 1"
after=$(cd "$b/linux" && find . -type f -exec sha256sum {} + | sort)
if [ "$before" = "$after" ]; then ok "failed series leaves the tree unchanged"; else not_ok "failed series leaves the tree unchanged"; fi
if [ -e "$b/linux.staging" ]; then not_ok "no staging copy left behind"; else ok "no staging copy left behind"; fi

cat > "$t/hw/0003-new.patch" <<'P'
--- /dev/null
+++ b/kernel/new.c
@@ -0,0 +1 @@
+int fresh;
P
printf '0001-b.patch\n0002-c.patch\n0003-new.patch\n' > "$t/hw/series"
check "a patch can add a file" sh -c "\"$prep\" \"$t/linux.tar.xz\" \"$b\" \"$t/hw/series\" \"$t/gen/series\" && test -f \"$b/linux/kernel/new.c\""
printf '0001-b.patch\n' > "$t/hw/series"
check "removing a patch reverts its change" sh -c "\"$prep\" \"$t/linux.tar.xz\" \"$b\" \"$t/hw/series\" \"$t/gen/series\" && grep -qx 'int c;' \"$b/linux/kernel/x.c\""

check "a dropped patch's new file is gone" test ! -e "$b/linux/kernel/new.c"
check "pristine copy is still untouched" sh -c "grep -qx 'int b;' \"$b/linux-pristine/kernel/x.c\" && grep -qx 'int c;' \"$b/linux-pristine/kernel/x.c\" && test ! -e \"$b/linux-pristine/kernel/new.c\""

printf 'missing.patch\n' > "$t/hw/series"
expect_fail "missing patch names series and line" "series:1: patch .*missing.patch not found" \
	"$prep" "$t/linux.tar.xz" "$b" "$t/hw/series" "$t/gen/series"
expect_fail "missing tarball names the package" "install the Debian package linux-source-6.1" \
	"$prep" "$t/nope.tar.xz" "$b" "$t/hw/series"
finish
