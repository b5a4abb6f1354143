# SPDX-License-Identifier: GPL-2.0-only
"""A header that #defines MODULE_PARM itself, under no #if (a table of
parameters for a user-space tool, as sites.own_definitions finds in one
file), makes the MODULE_PARM calls of the files that include it its own
macro too: from the #include line down to an #undef MODULE_PARM of the
including file.  They are no kernel parameters: one note at the
header's #define names them, and they are not counted."""

from __future__ import annotations

import os
import re

from . import sites
from .macros import includes

TYPE_CHECKING = False
if TYPE_CHECKING:
	from typing import Mapping

INCLUDE_RE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*[<"][^>"]+[>"]', re.M)


def holding_define(text):
	"""The line of the header's own #define of MODULE_PARM that still
	holds at its end (no #undef MODULE_PARM below it), or None."""
	defs = sites.own_definitions(text)
	if not defs:
		return None
	last = max(defs)
	lines = sites.strip_comments(text).split("\n")
	if any(sites.OWN_UNDEF_RE.match(l.strip()) for l in lines[last:]):
		return None
	return last


def find(rels: list[str], texts: Mapping[str, str]) -> dict[str, tuple[int, list[int]]]:
	"""{header: (line of its #define, [its own calls])} of the headers
	of rels (relative paths; texts: their texts, none for a file that
	could not be read) whose own #define of MODULE_PARM holds at their
	end."""
	out = {}
	for rel in rels:
		if not rel.endswith(".h"):
			continue
		text = texts.get(rel, "")
		if not sites.OWN_DEFINE_RE.search(text):
			continue
		ln = holding_define(text)
		if ln is not None:
			out[rel] = (ln, sites.own_definitions(text)[ln])
	return out


def reached(path, targets, depth=0, seen=None):
	"""The header of targets ({absolute path: rel}) that the header at
	path is, or includes (three levels), or None."""
	seen = set() if seen is None else seen
	if path in targets:
		return targets[path]
	if depth >= 3 or path in seen:
		return None
	seen.add(path)
	try:
		with open(path, errors="replace") as f:
			text = f.read()
	except OSError:
		return None
	for h in includes(path, text):
		r = reached(h, targets, depth + 1, seen)
		if r is not None:
			return r
	return None


def calls(base, rel, text, headers, code):
	"""{header: [lines]}: the MODULE_PARM lines of rel (code) that a
	header of headers, included by rel directly or through its own
	headers, makes the header's macro: those below the #include and
	above an #undef MODULE_PARM of rel."""
	if not headers or rel in headers:
		return {}
	targets = {os.path.normpath(os.path.abspath(os.path.join(base, h))): h for h in headers}
	path = os.path.join(base, rel)
	clean = sites.strip_comments(text)
	lines = clean.split("\n")
	out = {}
	for m in INCLUDE_RE.finditer(text):
		if not clean[m.start():m.end()].lstrip().startswith("#"):
			continue	# in a comment (the clean text blanks the name)
		found = includes(path, m.group(0))
		h = reached(os.path.abspath(found[0]), targets) if found else None
		if h is None:
			continue
		ln = clean.count("\n", 0, m.start()) + 1
		end = next((n for n in range(ln + 1, len(lines) + 1)
			    if sites.OWN_UNDEF_RE.match(lines[n - 1].strip())), len(lines) + 1)
		mine = [c for c in code if ln < c < end and c not in out.get(h, [])]
		if mine:
			out.setdefault(h, []).extend(mine)
	return out


def note(own, included):
	"""The message of the note at a header's #define: own, its own
	calls; included, {file: [lines]} of the files that include it."""
	where = ["%s line%s %s" % (rel, "s" if len(set(ls)) > 1 else "",
				   ", ".join(map(str, sorted(set(ls)))))
		 for rel, ls in sorted(included.items())]
	n = len(own) + sum(len(ls) for ls in included.values())
	if n == 0:
		return ("a #define of MODULE_PARM itself, under no #if, in a header: the "
			"macro of the header and of the files that include it, not a "
			"parameter: left")
	return ("a #define of MODULE_PARM itself, under no #if, in a header: the macro "
		"of the header and of the files that include it, not a parameter; "
		"%s (%s) %s: left" % (
			"its %d calls" % n if n > 1 else "its one call",
			"; ".join((["here line%s %s" % ("s" if len(set(own)) > 1 else "",
						       ", ".join(map(str, sorted(set(own)))))]
				   if own else []) + where),
			"are no parameters either" if n > 1 else "is no parameter either"))
