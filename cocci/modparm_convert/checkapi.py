# SPDX-License-Identifier: GPL-2.0-only
"""--check-build for the module-parameter API sites (api.py): the
parameters of each file those sites are in, built as one small module
(slices.py: the parameter statements with the variables, handlers and
#defines they need) against the built kernel with -Werror.  An error in
the lines of a site's statement, or of a handler it names, is that
site's; any other error of the module is every API site's of it."""

import os

from . import checkbuild
from .checkload import build, kernel_has, module_error
from .slices import slice_module


def run(o, t, base, show, newtext, scratch):
	"""Build the API sites' files; their failures become error
	diagnostics and their counts join t.check."""
	a = getattr(t, "api", None)
	if a is None:
		return
	sites = {}
	for s in a.sites:
		if s[3] in ("converted", "unchanged") and s[4] in ("array-count", "call-const"):
			sites.setdefault(s[0], []).append(s)
	mods = {}
	for n, rel in enumerate(sorted(sites)):
		new = newtext.get(rel)
		if new is None:
			try:
				with open(os.path.join(base, rel), errors="surrogateescape") as f:
					new = f.read()
			except OSError:
				continue
		new = new.replace("\r\n", "\n")
		r = slice_module(new, os.path.join(show, rel) if show != "." else rel,
				 have=kernel_has(o))
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
	if t.check:
		# a file with both kinds of sites is one file
		conv = set(c[0] for c in t.changed if any(d[2] == "converted" for d in c[3]))
		t.check = (t.check[0] + n, t.check[1] + len(files - conv), t.check[2] + failed,
			   t.check[3])
	else:
		t.check = (n, len(files), failed, o.check_build)
