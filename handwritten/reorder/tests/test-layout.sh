#!/bin/sh
# Host checks of a CONFIG_FUNCTION_REORDER kernel's text layout (KTAP,
# scripts/ktap.sh).
#
# usage: test-layout.sh KBUILD_OUT FUNCTIONLIST [BUILD_LOG]
#
#  1. the kernel was built with CONFIG_FUNCTION_REORDER and this list
#  2. the listed functions start on the first page boundary after the
#     head text
#  3. they come in list order: every entry that names a section of
#     vmlinux.o (".text.NAME") is placed, in order, and nothing else is
#     between __reorder_text_start and __reorder_text_end
#  4. the entries that cannot be placed by name live in sections that
#     keep their own place (noinstr, sched, entry, ...), are aliases
#     or inner entry points of a function with a section of its own,
#     or are absent
#  5. cold code (.text.unlikely.*, foo.cold) is one block between the
#     hot text and the ordinary functions
#  6. the build log has no orphan-section warnings, and no objtool
#     warnings
#  7. the objects the list names in FUNCTION_REORDER_NOINSTR/SCHED have
#     their text at the end of the noinstr text and at the start of the
#     sched text, with the idle text between the two, and each of them
#     has such text (an object this configuration does not build, whose
#     source is in the tree, is counted apart)
#  8. every object placed whole by file name (the list's "*FILE(.text)"
#     lines, the linker script's arch/x86/lib) has its text in the hot
#     text, between __reorder_text_start and __reorder_hot_text_end:
#     a file name pattern that matches nothing (as in vmlinux.lds when
#     vmlinux is linked from vmlinux.o) fails here
#  9. the hot path takes two 2 MiB pages: the hot text (the list,
#     noinstr, sched, idle, lock, arch/x86/lib, softirq text, static
#     call trampolines, thunks) in one, the entry text in another of
#     its own
set -u
[ $# -ge 2 ] || { echo "usage: test-layout.sh KBUILD_OUT FUNCTIONLIST [BUILD_LOG]" >&2; exit 2; }
kout=$1 list=$2 log=${3:-}
map=$kout/System.map
vmo=$kout/vmlinux.o
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/../../../scripts/ktap.sh"

# An object the list names that this build does not have: its source is
# in the tree (kbuild's O= "source" link, or the tree itself), so it is
# not built in this configuration (the list is made on the bench
# kernel's, and make check's kernel is smaller), and exit 0; a name no
# source matches exits 1.
unbuilt() {
	for d in "$kout/source" "$kout"; do
		for e in c S; do
			[ -f "$d/${1%.o}.$e" ] && return 0
		done
	done
	return 1
}
diag() { echo "# $*"; }

for f in "$map" "$vmo" "$kout/.config" "$list"; do
	[ -f "$f" ] || { echo "Bail out! $f not found"; exit 1; }
done

# 1. configuration and the list the build used
if grep -q '^CONFIG_FUNCTION_REORDER=y' "$kout/.config"; then
	ok "kernel built with CONFIG_FUNCTION_REORDER"
else
	not_ok "kernel built with CONFIG_FUNCTION_REORDER"
fi
used=$kout/arch/x86/kernel/functionlist.lds
if [ -f "$used" ] && cmp -s "$used" "$list"; then
	ok "kernel linked with $list ($(wc -l < "$list") entries)"
else
	not_ok "kernel linked with $list (build used ${used}: $(wc -l < "$used" 2>/dev/null || echo missing) lines)"
fi

# Symbols of vmlinux.o with their input section (from objdump -t) and
# the names of its .text.* sections (objdump -h).
objdump -t "$vmo" | awk '$NF != "" && NF >= 5 { print $(NF - 2), $NF }' > "$tmp/symsec"
objdump -h "$vmo" | awk '$2 ~ /^\.text\./ { print $2 }' | sort -u > "$tmp/sections"
head_size=$(objdump -h "$vmo" | awk '$2 == ".head.text" { print $3 }')

# Symbols of the final kernel in address order, by the low 32 bits of
# their address (the text lies in one 4 GiB window).  awk compares them
# as strings, always prefixed ("x" $1): a hex string such as 810005e8
# would otherwise be read as a number in exponent notation.
awk '{ a = substr($1, length($1) - 7); print a, $2, $3 }' "$map" > "$tmp/map"
addr_of() { awk -v s="$1" '$3 == s { print $1; exit }' "$tmp/map"; }
text=$(addr_of _text) rstart=$(addr_of __reorder_text_start) rend=$(addr_of __reorder_text_end)

# The section names the list's "*(.text.NAME)" entries ask for.
sed -n 's/^\*(\.text\.\(.*\))$/\1/p' "$list" > "$tmp/names"

# 2. the listed functions follow the head text
if [ -z "$rstart" ] || [ -z "$rend" ]; then
	not_ok "__reorder_text_start/__reorder_text_end in System.map"
	skip "listed functions placed in list order" "no list bounds"
else
	gap=$(( 0x$rstart - 0x$text ))
	hs=$(( 0x${head_size:-0} ))
	diag "head text $hs bytes; listed functions start at _text+$gap and take $(( 0x$rend - 0x$rstart )) bytes"
	# The list starts a page of its own (patch 7): the head text is
	# padded to the next 4 KiB boundary, never a page more.
	if [ $((0x$rstart % 4096)) -eq 0 ] && [ "$gap" -ge "$hs" ] && [ "$gap" -lt $((hs + 4096)) ]; then
		ok "listed functions start on the first page boundary after the head text"
	else
		not_ok "listed functions start on the first page boundary after the head text (gap $gap, head $hs)"
	fi

	# 3. the list order, by input section.  Expected: the sections of
	# the entries that exist, in list order.  Found: the sections of
	# the text symbols between the markers, a run of the same section
	# counting once (static functions of the same name share one
	# section after ld -r, and GCC's identical code folding puts
	# aliases in the section of the function they fold into).
	# An object placed whole ("*FILE(.text)", assembly) is a run of
	# plain .text.
	# With X86_KERNEL_IBT vmlinux is linked from vmlinux.o, and the
	# objects placed whole go to .text..reorder_objects instead (check 9).
	whole=.text
	grep -q '^CONFIG_X86_KERNEL_IBT=y' "$kout/.config" && whole=
	# A .text.NAME whose NAME vmlinux.o defines only elsewhere holds a
	# definition that lost its name: a __weak one that another object
	# overrides (kernel/sched/clock.c's sched_clock, which tsc.c makes
	# an alias of native_sched_clock).  It is placed, but nameless, so
	# it is not expected by name.
	awk -v whole="$whole" '
		FILENAME == ARGV[1] { have[$1] = 1; next }
		FILENAME == ARGV[2] {
			if ($1 == ".text." $2)
				own[$2] = 1
			else
				other[$2] = 1
			next
		}
		/^\*\(\.text\..*\)$/ {
			n = substr($0, 9, length($0) - 9)
			x = have[".text." n] && ((n in own) || !(n in other)) ? ".text." n : ""
		}
		/^\*[^(]+\(\.text\)$/ { x = whole }
		x != "" && x != last { print x; last = x }
		{ x = "" }' "$tmp/sections" "$tmp/symsec" "$list" > "$tmp/expected"
	awk -v s="$rstart" -v e="$rend" '
		NR == FNR {
			if (!($2 in sec) || $1 == ".text." $2)
				sec[$2] = $1
			next
		}
		("x" $1) >= ("x" s) && ("x" $1) < ("x" e) && $2 ~ /^[tTwW]$/ &&
		$3 !~ /^__reorder_text_/ {
			x = ($3 in sec) ? sec[$3] : "?" $3
			if (x != last) print x
			last = x
		}' "$tmp/symsec" "$tmp/map" > "$tmp/found"
	diag "$(wc -l < "$tmp/names") entries, $(wc -l < "$tmp/expected") placeable by name, $(wc -l < "$tmp/found") placed"
	if cmp -s "$tmp/expected" "$tmp/found"; then
		ok "listed functions placed in list order"
	else
		not_ok "listed functions placed in list order"
		diff "$tmp/expected" "$tmp/found" | head -n 10 | sed 's/^/# /'
	fi
fi

# 4. entries that cannot be placed by name: their section, if any
awk 'NR == FNR { have[$1] = 1; next } !have[".text." $1]' \
	"$tmp/sections" "$tmp/names" > "$tmp/unplaced"
awk 'NR == FNR { want[$1] = 1; next } ($2 in want) { print $2, $1 }' \
	"$tmp/unplaced" "$tmp/symsec" | sort -u > "$tmp/unplaced-sec"
# An alias (a name at the address of another function, as a __weak
# __alias() fallback that a configuration without the arch version
# keeps) or an inner entry point (SYM_INNER_LABEL in assembly, as
# __put_user_nocheck_8 inside __put_user_8) lives in the section of the
# function it is part of: that one's entry, if profiled, places it.
bad=$(awk 'NR == FNR { if ($2 ~ /^[tTwW]$/) at[$3] = $1; next }
	$2 ~ /^\.text\.[^.]/ && ($1 in at) && (substr($2, 7) in at) &&
		("x" at[$1]) >= ("x" at[substr($2, 7)]) { next }
	$2 !~ /^\.(noinstr|sched|cpuidle|spinlock|kprobes|entry|irqentry|softirqentry|head|init|ref)\.text$|^\.text\.unlikely\.|^\.text\.\.|^\.static_call\.text$|^\.text$/' \
	"$tmp/map" "$tmp/unplaced-sec")
diag "$(wc -l < "$tmp/unplaced") entries not placeable by name:" \
	"$(awk '{ print $2 }' "$tmp/unplaced-sec" | sort | uniq -c | awk '{ printf "%s %s, ", $1, $2 }')" \
	"$(( $(wc -l < "$tmp/unplaced") - $(awk '{ print $1 }' "$tmp/unplaced-sec" | sort -u | wc -l) )) not in vmlinux.o"
if [ -z "$bad" ]; then
	ok "entries not placed live in sections with their own place"
else
	not_ok "entries not placed live in sections with their own place"
	echo "$bad" | head -n 10 | sed 's/^/# /'
fi

# 5. cold code: the symbols of .text.unlikely.* sections form one block
# after the hot text (__reorder_hot_text_end) with no function of an
# ordinary .text.NAME section inside it: the linker script names them
# before TEXT_TEXT.
# Names are not unique (static functions), so only names that are in
# .text.unlikely sections alone count as cold, and only names that are
# in ordinary .text.NAME sections alone count as ordinary.  A cold
# section the list names (the profile saw its code run) is hot, and
# is checked with the list in 3.  FILENAME, not NR == FNR: an empty
# list must not take the section table for its names.
awk 'FILENAME == ARGV[1] { listed[".text." $1] = 1; next }
	{ k = ($1 ~ /^\.text\.unlikely/ && !($1 in listed)) ? "c" : "o"; if (!(($2, k) in seen)) { seen[$2, k] = 1; n[$2] = n[$2] k } }
	END { for (x in n) if (n[x] == "c") print x }' "$tmp/names" "$tmp/symsec" | sort > "$tmp/coldnames"
awk 'FILENAME == ARGV[1] { cold[$1] = 1; next }
	$2 !~ /^[tTwW]$/ { next }
	($3 in cold) { if (!c0) c0 = $1; c1 = $1; nc++ }
	END { printf "%s %s %d\n", c0, c1, nc }' "$tmp/coldnames" "$tmp/map" > "$tmp/coldrange"
read -r c0 c1 nc < "$tmp/coldrange"
cold_end=$(addr_of __reorder_hot_text_end)
if [ "${nc:-0}" -eq 0 ]; then
	skip "cold code is one block after the hot text" "no .text.unlikely symbols"
elif [ -z "$cold_end" ]; then
	not_ok "cold code is one block after the hot text (no __reorder_hot_text_end in System.map)"
else
	# Ordinary function symbols between the hot text and the end of
	# the cold block.
	awk 'NR == FNR { if ($2 in sec && sec[$2] != $1) multi[$2] = 1; sec[$2] = $1; next }
		$2 ~ /^[tTwW]$/ && ($3 in sec) && !($3 in multi) && sec[$3] ~ /^\.text\.[^.]/ &&
		sec[$3] !~ /^\.text\.(unlikely|startup|exit)/ &&
		("x" $1) >= ("x" e) && ("x" $1) <= ("x" c1) { print $3 }' \
		e="$cold_end" c1="$c1" "$tmp/symsec" "$tmp/map" > "$tmp/in-cold"
	diag "$nc cold symbols in _text+$(( 0x$c0 - 0x$text ))..+$(( 0x$c1 - 0x$text )), hot text ends at _text+$(( 0x$cold_end - 0x$text ))"
	if [ -s "$tmp/in-cold" ]; then
		not_ok "cold code is one block after the hot text"
		head -n 5 "$tmp/in-cold" | sed 's/^/# ordinary function before or inside the cold block: /'
	elif awk -v a="$c0" -v b="$cold_end" 'BEGIN { exit !(("x" a) < ("x" b)) }'; then
		not_ok "cold code is one block after the hot text"
		echo "# cold code starts at _text+$(( 0x$c0 - 0x$text )), inside the hot text"
	else
		ok "cold code is one block after the hot text"
	fi
fi

# 6. orphan sections
if [ -z "$log" ] || [ ! -f "$log" ]; then
	not_ok "no orphan-section warnings in the build log (no log at '${log}')"
elif grep -q 'orphan section' "$log"; then
	not_ok "no orphan-section warnings in the build log ($(grep -c 'orphan section' "$log") in $log)"
	grep -m 5 'orphan section' "$log" | sed 's/^/# /'
else
	ok "no orphan-section warnings in the build log"
fi

# 6b. objtool runs every check the configuration asks for (with IBT on
# vmlinux.o as a whole) and must have nothing to say.  The log is that of
# the last build, complete on a cold one.
if [ -n "$log" ] && [ -f "$log" ]; then
	if grep -q 'objtool: ' "$log"; then
		not_ok "no objtool warnings in the build log ($(grep -c 'objtool: ' "$log") in $log)"
		grep -m 5 'objtool: ' "$log" | sed 's/^/# /'
	else
		ok "no objtool warnings in the build log"
	fi
else
	not_ok "no objtool warnings in the build log (no log at '${log}')"
fi

# 7. the gathered noinstr and sched text.  The objects named by the
# list's FUNCTION_REORDER_NOINSTR/SCHED definitions, one X(FILE) a line
# ("uni[x]" stands for "unix": see generator/objects.c).
awk '/^#define FUNCTION_REORDER_NOINSTR\(X\)/ { m = ".noinstr.text"; next }
	/^#define FUNCTION_REORDER_SCHED\(X\)/ { m = ".sched.text"; next }
	m != "" && /X\(/ { o = $0; sub(/.*X\(\*/, "", o); sub(/\).*/, "", o); gsub(/[][]/, "", o); print m, o }
	!/\\$/ { m = "" }' "$list" > "$tmp/gathered"
if [ ! -s "$tmp/gathered" ]; then
	skip "noinstr and sched text of the listed objects gathered" "the list names none"
else
	# Their functions, from the objects themselves.
	: > "$tmp/gathered-empty"
	: > "$tmp/gathered-unbuilt"
	while read -r sec obj; do
		if [ ! -f "$kout/$obj" ]; then
			if unbuilt "$obj"; then
				echo "$obj" >> "$tmp/gathered-unbuilt"
			else
				echo "missing $obj"
			fi
			continue
		fi
		objdump -t "$kout/$obj" | awk -v s="$sec" 'NF >= 5 && $(NF - 2) == s && $NF != s { print s, $NF }' > "$tmp/one"
		[ -s "$tmp/one" ] || echo "$obj" >> "$tmp/gathered-empty"
		cat "$tmp/one"
	done < "$tmp/gathered" > "$tmp/gathered-syms"
	# In address order within each section's bounds, 1 for a symbol of
	# a named object: noinstr must read 0...01...1, sched 1...10...0.
	seq=$(awk 'NR == FNR { g[$1, $2] = 1; next }
		$2 !~ /^[tTwW]$/ { next }
		$3 == "__noinstr_text_start" { s = ".noinstr.text"; printf "N"; next }
		$3 == "__noinstr_text_end" { s = ""; printf "n"; next }
		$3 == "__cpuidle_text_start" { printf "C"; next }
		$3 == "__sched_text_start" { s = ".sched.text"; printf "S"; next }
		$3 == "__sched_text_end" { s = ""; printf "s"; next }
		s != "" { printf "%d", ((s, $3) in g) }' "$tmp/gathered-syms" "$tmp/map")
	diag "$(grep -c . "$tmp/gathered") objects gathered ($(grep -c . "$tmp/gathered-syms") symbols, $(grep -c . "$tmp/gathered-unbuilt") objects not built in this configuration); section symbols in order: $seq" | cut -c1-200
	empty=$(tr '\n' ' ' < "$tmp/gathered-empty")
	if grep -q '^missing' "$tmp/gathered-syms"; then
		not_ok "noinstr and sched text of the listed objects gathered ($(grep '^missing' "$tmp/gathered-syms" | head -n 3 | tr '\n' ' '))"
	elif [ -n "$empty" ]; then
		not_ok "noinstr and sched text of the listed objects gathered (no such text in: $empty)"
	elif echo "$seq" | grep -Eq '^N0*1+nC?S1+0*s$'; then
		ok "noinstr and sched text of the listed objects gathered, idle text between"
	else
		not_ok "noinstr and sched text of the listed objects gathered, idle text between"
	fi
fi

# 8. objects placed whole by file name.  Their global text symbols
# (local ones may share a name with another object's) must lie in the
# hot text; an object none of whose symbols is in System.map was not
# linked (lib.a members are linked only when used) and is counted.
hot_end=$(addr_of __reorder_hot_text_end)
{ sed -n 's/^\*\([^(]*\)(\.text)$/\1/p' "$list"
  (cd "$kout" && ls arch/x86/lib/*.o 2>/dev/null | grep -v -e '/lib\.a$' -e 'built-in'); } |
	awk '!seen[$0]++' > "$tmp/whole"
if [ -z "$hot_end" ] || [ -z "$rstart" ]; then
	not_ok "objects placed by file name are in the hot text (no __reorder_hot_text_end in System.map)"
else
	: > "$tmp/whole-bad"
	placed=0 unlinked=0 unbuilt=0
	while read -r obj; do
		if [ ! -f "$kout/$obj" ]; then
			if unbuilt "$obj"; then
				unbuilt=$((unbuilt + 1))
			else
				echo "$obj: no such object in $kout, nor its source" >> "$tmp/whole-bad"
			fi
			continue
		fi
		objdump -t "$kout/$obj" | awk 'NF >= 6 && $2 == "g" && $(NF - 2) == ".text" { print $NF }' > "$tmp/obj-syms"
		[ -s "$tmp/obj-syms" ] || continue
		r=$(awk -v s="$rstart" -v e="$hot_end" 'NR == FNR { want[$1] = 1; next }
			$2 ~ /^[tTwW]$/ && ($3 in want) {
				seen++
				if (("x" $1) < ("x" s) || ("x" $1) >= ("x" e)) { out++; if (!bad) bad = $3 }
			}
			END { printf "%d %d %s\n", seen, out, bad }' "$tmp/obj-syms" "$tmp/map")
		set -- $r
		if [ "$1" -eq 0 ]; then
			unlinked=$((unlinked + 1))
		elif [ "$2" -eq 0 ]; then
			placed=$((placed + 1))
		else
			echo "$obj: $2 of $1 symbols outside the hot text, e.g. $3" >> "$tmp/whole-bad"
		fi
	done < "$tmp/whole"
	diag "$(grep -c . "$tmp/whole") objects placed by file name: $placed in the hot text, $unlinked not linked, $unbuilt not built in this configuration, $(grep -c . "$tmp/whole-bad") misplaced"
	if [ -s "$tmp/whole-bad" ] || [ "$placed" -eq 0 ]; then
		not_ok "objects placed by file name are in the hot text"
		head -n 5 "$tmp/whole-bad" | sed 's/^/# /'
	else
		ok "objects placed by file name are in the hot text"
	fi
fi

# 9. the hot path's 2 MiB pages, from System.map
hp() { echo $(( 0x$1 / 0x200000 )); }
range_ok=1 pages= why=
for b in __reorder_text_start:__reorder_hot_text_end __entry_text_start:__entry_text_end \
	 __softirqentry_text_start:__softirqentry_text_end \
	 __static_call_text_start:__static_call_text_end __indirect_thunk_start:__indirect_thunk_end; do
	s=$(addr_of "${b%%:*}") e=$(addr_of "${b#*:}")
	if [ -z "$s" ] || [ -z "$e" ]; then
		case $b in __indirect_thunk*) grep -q '^CONFIG_RETPOLINE=y' "$kout/.config" || continue ;; esac
		range_ok=0 why="$why ${b} missing"; continue
	fi
	[ "$s" = "$e" ] && continue
	last=$(printf '%x' $(( 0x$e - 1 )))
	diag "$b: _text+$(( 0x$s - 0x$text ))..+$(( 0x$e - 0x$text )), 2 MiB pages $(hp "$s")-$(hp "$last")"
	pages="$pages $(hp "$s") $(hp "$last")"
	case $b in
	__reorder_text_start:*) hot="$(hp "$s") $(hp "$last")" ;;
	__entry_text_start:*) entry="$(hp "$s") $(hp "$last")" ;;
	*) # must lie in the hot text
		rs=$(addr_of __reorder_text_start) re=$(addr_of __reorder_hot_text_end)
		if [ -z "$rs" ] || [ -z "$re" ] || [ $(( 0x$s )) -lt $(( 0x$rs )) ] || [ $(( 0x$e )) -gt $(( 0x$re )) ]; then
			range_ok=0 why="$why ${b%%:*} outside the hot text"
		fi ;;
	esac
done
npages=$(echo $pages | tr ' ' '\n' | sort -u | grep -c .)
set -- ${hot:-x y} ; h0=$1 h1=$2
set -- ${entry:-x y}; e0=$1 e1=$2
if [ "$range_ok" -eq 1 ] && [ "$npages" -eq 2 ] && [ "$h0" = "$h1" ] && [ "$e0" = "$e1" ] && [ "$h0" != "$e0" ]; then
	ok "hot path in two 2 MiB pages (hot text in page $h0, entry text alone in page $e0)"
else
	not_ok "hot path in two 2 MiB pages ($npages pages: hot text $h0-$h1, entry $e0-$e1;$why)"
fi

finish
