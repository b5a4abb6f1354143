#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Extract from the seed patch, at test time, into the build directory:
#   $1: scripts/profile2linkerlist.pl  -> $2/profile2linkerlist.pl
#       arch/x86_64/kernel/functionlist -> $2/seed-names.txt (one name a line)
set -e
seed=$1
out=$2
mkdir -p "$out"
sed -n '/^+++ [^ ]*\/scripts\/profile2linkerlist.pl/,/^Index:/p' "$seed" |
	sed -n 's/^+//p' | sed '1d' > "$out/profile2linkerlist.pl"
sed -n '/^+++ [^ ]*\/arch\/x86_64\/kernel\/functionlist/,/^Index:/p' "$seed" |
	sed -n 's/^+\*(\.text\.\(.*\))$/\1/p' > "$out/seed-names.txt"
test -s "$out/profile2linkerlist.pl"
test -s "$out/seed-names.txt"
