# SPDX-License-Identifier: GPL-2.0-only
"""--check-build for the module-parameter API sites (api.py): the
parameters of each file those sites are in, built as one small module
(slices.py: the parameter statements with the variables, handlers and
#defines they need) against the built kernel with -Werror.  An error in
the lines of a site's statement, or of a handler it names, is that
site's; any other error of the module is every API site's of it."""

import difflib
import os
import re

from . import checkbuild
from .checkload import build, kernel_has, module_error
from .slices import slice_module


HELPER_CALL_RE = re.compile(r'\bparam_array_ops\s*\.\s*(?:set|get)\s*\(|'
			    r'\bparam_(?:set|get)_\w+\s*\(')


def new_line(old, new, ln):
	"""Line ln of the text old as a line of new (a line the conversion
	changed in place keeps its place in a block of as many lines); None
	when it was removed."""
	sm = difflib.SequenceMatcher(None, old.split("\n"), new.split("\n"), autojunk=False)
	for op, i1, i2, j1, j2 in sm.get_opcodes():
		if i1 <= ln - 1 < i2:
			if op == "equal" or (op == "replace" and i2 - i1 == j2 - j1):
				return j1 + ln - 1 - i1 + 1
			return None
	return None


def run(o, t, base, show, newtext, scratch):
	"""Build the API sites' files; their failures become error
	diagnostics and their counts join t.check."""
	a = getattr(t, "api", None)
	if a is None:
		return
	sites = {}
	helpers = {}
	for s in a.sites:
		if s[3] in ("converted", "unchanged") and s[4] in ("array-count", "call-const"):
			sites.setdefault(s[0], []).append(s)
		elif s[3] == "converted" and s[4] == "helper":
			helpers.setdefault(s[0], []).append(s)
	mods = {}
	also = {}
	newtext0 = {}
	for rel in sorted(set(sites) | set(helpers)):
		try:
			with open(os.path.join(base, rel), errors="surrogateescape") as f:
				old = f.read().replace("\r\n", "\n")
		except OSError:
			continue
		new = newtext.get(rel, old).replace("\r\n", "\n")
		# a helper call (param_array_ops.set, ...) is built in its
		# function, in a handler or not; a prototype removed has no line
		lines = new.split("\n")
		for s in helpers.get(rel, []):
			ln = new_line(old, new, s[1])
			if ln and HELPER_CALL_RE.search(lines[ln - 1]):
				sites.setdefault(rel, []).append(s)
				also.setdefault(rel, []).append(ln)
		newtext0[rel] = (old, new)
	for n, rel in enumerate(sorted(sites)):
		if rel not in newtext0:
			continue
		old, new = newtext0[rel]
		r = slice_module(new, os.path.join(show, rel) if show != "." else rel,
				 have=kernel_has(o), also=also.get(rel, ()))
		if r is not None:
			mods["modparm_api_%d" % n] = (rel, r[0])
	if not mods:
		return
	os.makedirs(scratch)
	log = build(o, {n: text for n, (rel, text) in mods.items()}, scratch)
	failed = 0
	for name, (rel, text) in sorted(mods.items()):
		if os.path.exists(os.path.join(scratch, name + ".o")):
			continue
		why = module_error(log, name)
		for s in sites[rel]:
			failed += 1
			t.diags.append((rel, s[1], s[2], "error", checkbuild.KIND,
					"the parameters of this file (%s) do not build against %s: %s"
					% (s[4], o.check_build, why)))
	n = sum(len(v) for v in sites.values())
	files = set(sites)
	# the converted or already right API sites not built, by kind: a
	# removed line (a helper's own prototype, a MODULE_PARM_SYNTAX) has
	# nothing to build
	built = set(id(s) for v in sites.values() for s in v)
	unbuilt = {}
	for s in a.sites:
		if s[3] in ("converted", "unchanged") and id(s) not in built:
			unbuilt[s[4]] = unbuilt.get(s[4], 0) + 1
	t.check_api = (n, failed, unbuilt)
	if t.check:
		# a file with both kinds of sites is one file
		conv = set(c[0] for c in t.changed if any(d[2] == "converted" for d in c[3]))
		t.check = (t.check[0] + n, t.check[1] + len(files - conv), t.check[2] + failed,
			   t.check[3])
	else:
		t.check = (n, len(files), failed, o.check_build)
