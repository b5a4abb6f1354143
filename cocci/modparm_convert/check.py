# SPDX-License-Identifier: GPL-2.0-only
"""--check-build and --check-load of a conversion: the sites to build,
the build of them and of the uses of wrapper macros, and the summary's
lines of it.  Imported only by a run that asks for a check: compiling
these modules costs more than converting a small driver."""

import os

from . import checkapi, checkbuild, checkload, checkmacros, macros, sites
from .account import Accounted
from .config import Config
from .find import Found
from .readsites import Sources
from .report import FORMNAME
from .rewrite import Rewritten
from .text import plural, shown
from .tree import Tree


def check_sites(rel, path, old, r):
	"""The converted sites of one file for --check-build."""
	out = []
	ords = {}
	for ln, col, what, form, var, decl in r.decided():
		k = ords[ln] = ords.get(ln, -1) + 1
		kinds = [d[3] for d in r.diags if d[0] == ln and col in (None, d[1])]
		compat = what != "converted" and kinds and kinds[-1] == "compat"
		if (what == "converted" and form != "drop") or compat:
			names = sites.site_variables(old, ln)
			name = (names[k] if k < len(names) else None) or var
			out.append(checkbuild.Site(rel, path, ln, name, form, decl))
			# already right: its module_param* in the branch 6.1 takes
			# is what gets built
			out[-1].compat = bool(compat)
	return out


def check_build(o, t, files, scratch, usefiles=()):
	"""Build the converted files' parameters, and the uses of wrapper
	macros (usefiles: [checkmacros.UseFile]), against o.check_build; each
	failed site becomes an error diagnostic, the counts go to t.check."""
	files = [f for f in files if f[2]]
	mods = checkmacros.build_modules(o, usefiles, 0)
	done = checkbuild.check(o.ktree, o.kobj, files, scratch, o.jobs,
				{n: v[2] for n, v in mods.items()})
	if mods:
		with open(os.path.join(scratch, "build.log"), "rb") as f:
			checkmacros.judge_build(mods, scratch, f.read().decode("utf-8", "replace"))
	msites = [s for v in mods.values() for s in v[3]]
	t.check_skipped = [s for s in msites if getattr(s, "skipped", False)]
	for s in t.check_skipped:
		t.diags.append((s.rel, s.line, 1, "note", checkbuild.KIND,
				"parameter '%s' (%s): not built: this use is in an #if branch "
				"that a 6.1 build does not take" % (s.name, s.through)))
	done += [s for s in msites if s not in t.check_skipped]
	failed = [s for s in done if s.errors]
	for s in failed:
		what = "parameter '%s' of this use of %s" % (s.name, s.through) \
			if s.form == "macro" else FORMNAME.get(s.form, s.form)
		if getattr(s, "expanded", False):
			what = "%s of '%s' in the converted lines that replace this use of %s" \
				% (what, s.name, s.through)
		if getattr(s, "compat", False):
			what = "the module_param* of '%s' already there (in the other branch " \
				"of this compat block)" % s.name
		t.diags.append((s.rel, s.line, 1, "error", checkbuild.KIND,
				"%s does not build against %s: %s" % (what, o.check_build, s.errors[0])))
	nfiles = len(set(f[0] for f in files) | set(s.rel for s in done))
	t.check = (len(done), nfiles, len(failed), o.check_build)
	# the converted MODULE_PARM sites apart from the API sites checkapi
	# adds to t.check: built, failed, and the converted ones not built
	# (a duplicate removed has no line of its own to build)
	dups = sum(1 for d in t.diags if d[4] == "duplicate" and d[0] not in t.failed)
	compat = [s for s in done if getattr(s, "compat", False)]
	t.check_parm = (len(done) - len(compat), len([s for s in failed if s not in compat]), dups)
	t.check_compat = (len(compat), len([s for s in compat if s.errors]))


def summary(t):
	"""The check-build lines of the summary."""
	if not t.check:
		return []
	return ["modparm-convert: check-build: %s in %s built against %s, %d failed"
		% (plural(t.check[0], "site"), plural(t.check[1], "file"), t.check[3], t.check[2])] + \
		checkmacros.summary(t.check_skipped) + [check_parts(t)]


def check_parts(t):
	"""The check-build line that splits the sites built into the
	converted MODULE_PARM() sites (of the summary's converted count) and
	the API sites, so that each figure adds up."""
	built, failed, dups = getattr(t, "check_parm", (0, 0, 0))
	napi, api_failed, unbuilt = getattr(t, "check_api", (0, 0, {}))
	skipped = len(getattr(t, "check_skipped", []))
	why = []
	if skipped:
		why.append("%d in an #if branch a 6.1 build does not take" % skipped)
	if dups:
		why.append("%d removed as %s of a module_param* already there"
			   % (dups, "a duplicate" if dups == 1 else "duplicates"))
	other = t.converted - built - skipped - dups
	if other:
		why.append("%d not judged (see the errors above)" % other)
	line = "modparm-convert: check-build: %d of the %d converted MODULE_PARM() sites " \
	       "built, %d failed" % (built, t.converted, failed)
	if why:
		line += " (%d not built: %s)" % (t.converted - built, ", ".join(why))
	ncompat, compat_failed = getattr(t, "check_compat", (0, 0))
	if t.right or ncompat:
		line += "; %d of the %d already right (compat blocks) built, %d failed" % (
			ncompat, t.right, compat_failed)
		if t.right > ncompat:
			line += " (%d not built: see the errors above)" % (t.right - ncompat)
	if napi or unbuilt:
		right = napi + sum(unbuilt.values())
		line += "; %d of the %d API sites converted or already right built, %d failed" % (
			napi, right, api_failed)
		if unbuilt:
			line += " (%d not built: %s)" % (right - napi, ", ".join(
				"%d %s" % (k, API_UNBUILT.get(kind, kind + " sites"))
				for kind, k in sorted(unbuilt.items())))
	return line


# why an API site of a kind is not built: its line is gone
API_UNBUILT = {"helper": "own prototypes of the kernel's helpers removed",
	       "syntax": "MODULE_PARM_SYNTAX lines removed"}


def check(o: Config, t: Tree, found: Found, src: Sources, rewritten: Rewritten,
	  acc: Accounted, mac: macros.Macros, tmp: str) -> None:
	"""The check stage: --check-build of the converted sites, of the uses
	of wrapper macros and of the API sites, then --check-load; failures
	are diagnostics in t, scratch under tmp."""
	show = o.src if os.path.isdir(o.src) else os.path.dirname(o.src) or "."
	# a compat block's module_param* is built too, from the
	# text as it stands when the file has nothing converted
	tocheck = [(rel, acc.accounted[rel], check_sites(rel, shown(show, rel), src.texts[rel][0],
							 rewritten.results[n]))
		   for n, rel in enumerate(src.todo)]
	run(o, t, found.base, show, acc.newtext, tmp, tocheck, mac, rewritten.results,
	    len(src.todo))


def run(o, t, base, show, newtext, tmp, tocheck, mac, results, first):
	"""check() of the converted sites (tocheck: [(rel, text,
	[checkbuild.Site])]), the uses of wrapper macros (mac, spatch's
	results on their expanded copies from index first) and the API
	sites, then --check-load; scratch under tmp."""
	# the uses of wrapper macros are built and loaded as the driver
	# has them: the use and its converted #define
	usefiles = []
	try:
		usefiles = checkmacros.use_files(mac, newtext, show, shown)
		# a use replaced by its own converted lines is a direct
		# site of the converted file
		for rel, ss in sorted(checkmacros.expanded_sites(
				mac, results, first, show, shown).items()):
			tocheck.append((rel, newtext[rel].replace("\r\n", "\n"), ss))
	except Exception as e:	# pylint: disable=broad-except
		# the converter's own failure: the uses are not checked, and say so
		t.diags.append((".", 0, 0, "error", "internal", "the uses of wrapper macros "
				"are not built or loaded: %s: %s" % (type(e).__name__, e)))
		t.check_internal = True
	# a compat block's site is built in its file's slice, which
	# has every parameter statement: as the API patches left them
	tocheck = [(rel, newtext[rel].replace("\r\n", "\n") if rel in newtext and
		    any(getattr(x, "compat", False) for x in ss) else text, ss)
		   for rel, text, ss in tocheck]
	check_build(o, t, tocheck, os.path.join(tmp, "check"), usefiles)
	checkapi.run(o, t, base, show, newtext, os.path.join(tmp, "check-api"))
	if o.check_load:
		checkload.run(o, t, base, show, newtext, os.path.join(tmp, "check-load"),
			      usefiles)


def load_summary(o, t):
	"""The check-load lines of the summary."""
	return checkload.summary(t) if o.check_load else []


def failed(o, t):
	"""Whether a check failed, or could not check everything."""
	return bool((t.check and t.check[2]) or (o.check_load and checkload.failed(t)) or
		    getattr(t, "check_internal", False))
