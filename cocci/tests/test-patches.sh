#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# modparm-convert's patches as a maintainer sends them: the author is
# the user's git identity (MODPARM_AUTHOR overrides it), --signoff signs
# them off, SOURCE_DATE_EPOCH fixes the date; the commit message says
# what 6.1 does with the old code and reads as English; CRLF files say
# that git am needs --keep-cr (and it applies with it); a run with no
# patch says so and an input with no C file gets a hint; a compat site
# (already right) is a note, not a warning.  Real git throughout.
# KTAP (scripts/ktap.sh).  MODPARM_CONVERT runs another converter.

set -u
here=$(cd "$(dirname "$0")" && pwd)
conv=${MODPARM_CONVERT:-$here/../modparm-convert}
T=$(mktemp -d "${TMPDIR:-/tmp}/modparm-patches.XXXXXX")
trap 'rm -rf "$T"' EXIT
. "$here/../../scripts/ktap.sh"
ktap_why=$T/why
# no identity of the machine's user or of the caller leaks in: each
# case gives its own (a HOME without .gitconfig, no system config)
unset MODPARM_AUTHOR SOURCE_DATE_EPOCH GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL \
	GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL GIT_AUTHOR_DATE EMAIL
mkdir -p "$T/home"
cd "$T" || exit 1
HOME=$T/home GIT_CONFIG_NOSYSTEM=1
export HOME GIT_CONFIG_NOSYSTEM

mkdir -p "$T/drv"
cp "$here/convert/tree/drivers/net/ne2.c" "$T/drv/"
printf '#include <linux/module.h>\nstatic int debug;\nMODULE_PARM(debug, "i");\n' > "$T/drv/one.c"
printf '#include <linux/module.h>\nstatic int a, b;\nMODULE_PARM(a, "i");\nMODULE_PARM(b, "i");\n' \
	> "$T/drv/two.c"
# run ARGS...: the converter on drv with OUT $T/o (stdout $T/out, stderr $T/err)
run() {
	rm -rf "$T/o"
	"$conv" --out "$T/o" "$@" > "$T/out" 2> "$T/err"
	rc=$?
	{ echo "exit $rc"; cat "$T/out" "$T/err"; } > "$T/why"
}
patch_of() { cat "$T"/o/0*-"$1"-*.patch; }

# the author: the git identity, as git commit would record it
git config --global user.name "Ada Maintainer"
git config --global user.email "ada@example.org"
run "$T/drv"
patch_of one >> "$T/why"
[ $rc -eq 0 ] && patch_of one | grep -q '^From: Ada Maintainer <ada@example.org>$' &&
	! patch_of one | grep -q 'Signed-off-by'
result "author from the git identity (user.name, user.email)" $?
(cd "$T" && git init -q repo && cd repo && git config user.email "ada@work.example") &&
	mkdir -p "$T/repo/drv" && cp "$T/drv/one.c" "$T/repo/drv/"
"$conv" --out "$T/o2" "$T/repo/drv" > "$T/why" 2>&1 &&
	grep -q '^From: Ada Maintainer <ada@work.example>$' "$T"/o2/0001-*.patch
result "author from the git identity of the repository SRC is in" $?
GIT_AUTHOR_NAME="Env Name" GIT_AUTHOR_EMAIL="env@example.org" run "$T/drv"
[ $rc -eq 0 ] && patch_of one | grep -q '^From: Env Name <env@example.org>$'
result "author from GIT_AUTHOR_NAME/GIT_AUTHOR_EMAIL" $?
MODPARM_AUTHOR="Override Person <over@example.org>" run "$T/drv"
[ $rc -eq 0 ] && patch_of one | grep -q '^From: Override Person <over@example.org>$'
result "MODPARM_AUTHOR overrides the git identity" $?
MODPARM_AUTHOR="no address" run "$T/drv"
[ $rc -eq 2 ] && grep -q "MODPARM_AUTHOR=no address: not of the form 'Name <email>'" "$T/err" &&
	[ ! -e "$T/o" ]
result "a MODPARM_AUTHOR that is no 'Name <email>': exit 2, nothing written" $?

# --signoff: Signed-off-by: of the same identity, as format-patch --signoff
run --signoff "$T/drv"
patch_of one >> "$T/why"
[ $rc -eq 0 ] && patch_of one | grep -q '^Signed-off-by: Ada Maintainer <ada@example.org>$' &&
	[ "$(patch_of one | grep -c '^Signed-off-by:')" = 1 ]
result "--signoff adds one Signed-off-by: of the author" $?
(cd "$T/repo" && git config user.email ada@example.org && cp "$T/drv/one.c" drv/ && git add drv && git -c user.name=A commit -qm base &&
	git am -q --directory=drv "$T"/o/0*-one-*.patch && git log -1 --format='%an <%ae>%n%b' > "$T/am") &&
	grep -q '^Ada Maintainer <ada@example.org>$' "$T/am" && grep -q '^Signed-off-by: Ada' "$T/am"
result "git am applies it with the author and the sign-off" $?

# reproducible dates: SOURCE_DATE_EPOCH, else now
SOURCE_DATE_EPOCH=86400 run "$T/drv"
cp -r "$T/o" "$T/o-sde"
[ $rc -eq 0 ] && patch_of one | grep -q '^Date: Fri, 2 Jan 1970 00:00:00 +0000$'
result "SOURCE_DATE_EPOCH=86400 gives the date 2 Jan 1970" $?
SOURCE_DATE_EPOCH=86400 run --jobs 1 "$T/drv"
diff -r "$T/o-sde" "$T/o" > "$T/why" 2>&1
result "with SOURCE_DATE_EPOCH the same run gives the same bytes" $?
SOURCE_DATE_EPOCH=yesterday run "$T/drv"
[ $rc -eq 2 ] && grep -q 'SOURCE_DATE_EPOCH=yesterday' "$T/err" && [ ! -e "$T/o" ]
result "a SOURCE_DATE_EPOCH that is no number: exit 2, nothing written" $?
run "$T/drv"
year=$(date -u +%Y)
patch_of one | grep -q "^Date: .* $year [0-9:]* [-+][0-9]*$"
result "without SOURCE_DATE_EPOCH the date is now ($year), not 1970" $?

# no identity at all: the tool's name, said on stderr; --signoff refused
git config --global --unset user.name && git config --global --unset user.email
(cd "$T" && run "$T/drv")
[ $rc -eq 0 ] && patch_of one | grep -q '^From: modparm-convert <modparm-convert@localhost>$' &&
	grep -q 'note: git has no identity' "$T/err"
result "no git identity: the tool as author, and a note that says how to set one" $?
run --signoff "$T/drv"
[ $rc -eq 2 ] && grep -q -- '--signoff: git has no identity' "$T/err" && [ ! -e "$T/o" ]
result "--signoff without an identity: exit 2, nothing written" $?
export MODPARM_AUTHOR="modparm-convert <modparm-convert@localhost>" SOURCE_DATE_EPOCH=0

# the commit message: 6.1 does not build the old code; singular, all, N of M
run "$T/drv"
patch_of one > "$T/why"
patch_of one | tr '\n' ' ' | grep -q "no longer builds (gcc: \"error: expected ')' before string constant\")" &&
	! patch_of one | grep -q 'gets none of its parameters'
result "message: an unconverted module does not build on 6.1" $?
patch_of one | tr '\n' ' ' | grep -q 'Convert the MODULE_PARM() site in this file to module_param()' &&
	! patch_of one | grep -q '1 of the 1'
result "message: one site of one reads 'Convert the MODULE_PARM() site'" $?
patch_of two | tr '\n' ' ' | grep -q 'Convert all 2 MODULE_PARM() sites in this file'
result "message: every site of two reads 'Convert all 2 ... sites'" $?
patch_of ne2 | tr '\n' ' ' | grep -q 'Convert 3 of the 5 MODULE_PARM() sites in this file'
result "message: some of the sites read 'Convert 3 of the 5 ... sites'" $?
patch_of one | tr '\n' ' ' | grep -q 'The permission is 0, as with MODULE_PARM: the parameters get no file in /sys/module/\*/parameters/'
result "message: permission 0 says there is no sysfs file, as before" $?
run --perm 0444 "$T/drv"
patch_of one > "$T/why"
patch_of one | tr '\n' ' ' | grep -q 'The permission is 0444: unlike with MODULE_PARM, each parameter gets a file of that mode in /sys/module/\*/parameters/' &&
	! patch_of one | grep -q 'instead of 0 (no sysfs file)'
result "message: permission 0444 says each parameter gets a sysfs file" $?

# CRLF: the summary says git am needs --keep-cr; with it the patch applies
mkdir -p "$T/crlf"
printf '#include <linux/module.h>\r\nstatic int a = 1;\r\nMODULE_PARM(a, "i");\r\n' > "$T/crlf/dos.c"
run "$T/crlf"
[ $rc -eq 0 ] && grep -q '^modparm-convert: 1 file has CRLF line ends (dos.c): apply its patch with git am --keep-cr' "$T/out"
result "CRLF file: the summary says to apply with git am --keep-cr" $?
rm -rf "$T/am-crlf" && git init -q "$T/am-crlf" && cp "$T/crlf/dos.c" "$T/am-crlf/" &&
	(cd "$T/am-crlf" && git add dos.c && git -c user.name=A -c user.email=a@b commit -qm base &&
	 git -c user.name=A -c user.email=a@b am -q --keep-cr "$T"/o/0001-*.patch &&
	 grep -q "$(printf '^module_param(a, int, 0);\r$')" dos.c && ! grep -qv "$(printf '\r$')" dos.c) \
	>> "$T/why" 2>&1
result "git am --keep-cr applies it, every line still CRLF" $?
grep -q 'keep-cr' "$here/../README.md"
result "the README says CRLF patches need git am --keep-cr" $?

# nothing to patch: no 'patches in' after 'no patch'; no C file: a hint
mkdir -p "$T/nothing" "$T/empty" "$T/docs" && printf 'text\n' > "$T/docs/README"
printf '#include <linux/module.h>\nstatic int x;\n#ifndef module_param\nMODULE_PARM(x, "i");\n#else\nmodule_param(x, int, 0);\n#endif\n' > "$T/nothing/compat.c"
run "$T/nothing"
[ $rc -eq 0 ] && grep -q 'no patch written' "$T/out" && ! grep -q 'patches in' "$T/out" &&
	! grep -q '0 patches' "$T/out"
result "no patch: says so, and no 'patches in' line" $?
grep -q ': note: .*\[modparm-compat\]' "$T/err" && ! grep -q 'warning: .*\[modparm-compat\]' "$T/err" &&
	grep -q '1 already right (the old-kernel branch of a compat block, kept), 0 left$' "$T/out"
result "a compat site (already right) is a note, counted as already right, not as left" $?
run "$T/empty"
[ $rc -eq 0 ] && grep -q "hint: $T/empty holds no .c file (it is empty)" "$T/out"
result "an empty directory gets a hint" $?
run "$T/docs"
[ $rc -eq 0 ] && grep -q "hint: $T/docs holds no .c file: give the driver's source directory" "$T/out"
result "a directory with no C file gets a hint" $?

finish
