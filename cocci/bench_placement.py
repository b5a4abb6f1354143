#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""bench_placement.py OLD NEW: where the module_param*() lines of a
conversion went, for make bench.

OLD is a tree, NEW the same tree converted.  A converted site (a
MODULE_PARM at file scope of OLD whose line NEW replaced or removed) is
"in place" when its module_param*() line took the MODULE_PARM's place
(the same hunk of a line diff), "moved" when it went elsewhere; a moved
site whose variable OLD declares at file scope above it (outside the
parentheses of a call or prototype), in #if branches each of which
encloses the site or tests the same condition around it (in any order:
'#ifdef A' around the declaration, '#ifdef MODULE' / '#ifdef A' around
the site), moved although declared above (each is listed).  Last, the
variables that NEW gives more module_param*() lines than OLD had
MODULE_PARM and module_param*() lines (one a line), each listed.  Independent of the converter's own records: it reads only
the two trees."""

import difflib
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from modparm_convert import sites  # noqa: E402

PARAM_RE = r'\bmodule_param\w*\s*\(\s*%s\s*,'


def read(path):
	with open(path, "rb") as f:
		return f.read().decode("utf-8", "surrogateescape").replace("\r\n", "\n")


def file_scope(clean):
	"""(lines, conds): the text with everything inside braces,
	parentheses and brackets blanked, preprocessor lines blanked, line
	structure kept; and for each line the #if branches it is in, outermost
	first, as (block, branch, condition) triples, the condition the #if
	line without spaces."""
	out, conds = [], []
	depth = 0
	stack = []	# [block, branch, condition]
	blocks = 0
	for line in clean.split("\n"):
		d = re.match(r'\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b', line)
		if d:
			kw = d.group(1)
			if kw.startswith("if"):
				blocks += 1
				stack.append([blocks, 0, re.sub(r'\s+', '', line)])
			elif kw in ("elif", "else") and stack:
				stack[-1][1] += 1
			elif kw == "endif" and stack:
				stack.pop()
		conds.append(tuple(tuple(c) for c in stack))
		if depth == 0 and line.lstrip().startswith("#"):
			out.append("")
			continue
		buf = []
		for ch in line:
			if ch in "{([":
				depth += 1
				buf.append(ch if depth == 1 else " ")
			elif ch in "})]":
				depth = max(depth - 1, 0)
				buf.append(ch if depth == 0 else " ")
			else:
				buf.append(ch if depth == 0 else " ")
		out.append("".join(buf))
	return out, conds


def declared_above(scope, line, var):
	"""Whether a file-scope declaration of var starts above line, in
	#if branches each of which encloses line or tests the same condition
	(the same branch of it) around line, in any order (so the site sees
	it in every configuration it is compiled in: '#ifdef A' around the
	declaration, '#ifdef MODULE' / '#ifdef A' around the site)."""
	lines, conds = scope
	here = conds[line - 1]
	tests = {(c[2], c[1]) for c in here}
	pat = re.compile(r'(?:^|[\s*])%s\s*(?:\[\s*\]\s*)*(?:=|,|;|$)' % re.escape(var))
	return any(pat.search(l) and not re.search(r'\bMODULE_PARM\w*\b', l) and
		   all(c in here or (c[2], c[1]) in tests for c in conds[k])
		   for k, l in enumerate(lines[:line - 1]))


def measure(old, new, rel, out):
	ol, nl = old.split("\n"), new.split("\n")
	code, _, _ = sites.find_sites(old)
	scope = file_scope(sites.strip_comments(old))
	ops = difflib.SequenceMatcher(None, ol, nl, autojunk=False).get_opcodes()
	for ln in sorted(set(code)):
		for var in sites.site_variables(old, ln):
			op = next(o for o in ops if o[1] <= ln - 1 < o[2])
			if op[0] == "equal":
				continue	# left unchanged
			pat = re.compile(PARAM_RE % re.escape(var))
			if not any(pat.search(l) for l in nl):
				out["removed"] += 1
				continue
			out["converted"] += 1
			if any(pat.search(l) for l in nl[op[3]:op[4]]):
				out["in place"] += 1
				continue
			out["moved"] += 1
			if declared_above(scope, ln, var):
				out["moved, declared above"] += 1
				out["list above"].append("%s:%d: %s" % (rel, ln, var))
	for var in sorted(set(re.findall(r'\bmodule_param\w*\s*\(\s*(\w+)\s*,', new))):
		pat = re.compile(PARAM_RE % re.escape(var))
		n_new = sum(1 for l in nl if pat.search(l))
		old_pat = re.compile(r'\b(?:MODULE_PARM|module_param\w*)\s*\(\s*%s\s*,' % re.escape(var))
		n_old = sum(1 for l in ol if old_pat.search(l))
		if n_new > max(n_old, 1):
			out["several lines"] += 1
			out["list several"].append("%s: %s (%d lines)" % (rel, var, n_new))


def main(argv):
	if len(argv) != 3:
		sys.stderr.write("usage: bench_placement.py OLD NEW\n")
		return 2
	top_old, top_new = argv[1], argv[2]
	out = {"converted": 0, "in place": 0, "moved": 0, "moved, declared above": 0,
	       "removed": 0, "several lines": 0, "list above": [], "list several": []}
	for rel in sites.walk(top_new, lambda rel, msg: None):
		p_old = os.path.join(top_old, rel)
		if not os.path.isfile(p_old):
			continue
		old, new = read(p_old), read(os.path.join(top_new, rel))
		if old != new:
			measure(old, new, rel, out)
	n = out["converted"]
	pct = 100.0 * out["moved, declared above"] / n if n else 0.0
	print("placement: %d converted sites, %d in place, %d moved, %d of them declared "
	      "above (%.2f %%, goal <= 0.5 %%); %d removed; %d variables with more "
	      "module_param lines than before" % (n, out["in place"], out["moved"],
				      out["moved, declared above"], pct, out["removed"],
				      out["several lines"]))
	for l in out["list above"]:
		print("  moved, declared above: " + l)
	for l in out["list several"]:
		print("  several lines: " + l)
	return 0


if __name__ == "__main__":
	sys.exit(main(sys.argv))
