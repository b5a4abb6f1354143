# SPDX-License-Identifier: GPL-2.0-only
"""The report stage: what a conversion says, in the order it says it:
its diagnostics (stderr, and report.txt with SRC-relative names), its
summary (the counts, which add up), and the forms' names its commit
messages and check diagnostics use."""

from __future__ import annotations

import os
import sys

from . import api
from .config import Config
from .find import Found
from .text import plural, shown
from .tree import Tree

TYPE_CHECKING = False
if TYPE_CHECKING:
	from types import ModuleType
	from typing import Collection, Optional

FORMNAME = {"param": "module_param()", "array": "module_param_array()",
	    "string": "module_param_string()", "named": "module_param_named()",
	    "array_named": "module_param_array_named()",
	    "cb": "module_param_cb() with a generated setter",
	    "call": "module_param_call() to the driver's __setup parser",
	    "flat": "module_param_cb() with param_array_ops over a multi-dimensional array"}


def shims_line(t):
	return ("modparm-convert: %d more in #defines of module_param* onto MODULE_PARM "
		"for old kernels, removed with them" % t.shims_removed)


def written(npatches):
	return "modparm-convert: %s written" % (plural(npatches, "patch", "patches")
						if npatches else "no patch")


def unread_line(t: Tree) -> list[str]:
	"""The summary's line of the files that could not be read."""
	if not t.unread:
		return []
	return ["modparm-convert: %s could not be read, skipped: %s" % (
		plural(len(t.unread), "file"), " ".join(t.unread))]


def summary(t: Tree, name: str, npatches: int) -> list[str]:
	"""The summary's counts, which add up: found = converted + removed +
	already right + left."""
	out = []
	if t.found == 0:
		out.append("modparm-convert: %s: no MODULE_PARM() to convert%s" % (
			name, " (%d in macro bodies or #if 0, not converted)" % t.macro
			if t.macro else ""))
		if t.shims_removed:
			out.append(shims_line(t))
			out.append(written(npatches))
		out += unread_line(t)
		# the API sites of such a tree are built all the same
		return out
	out.append("modparm-convert: %s: %s found in %s, %d converted, %s%s%d left%s" % (
		name, plural(t.found, "MODULE_PARM() site"), plural(t.sitefiles, "file"),
		t.converted, "%d removed (no such variable), " % t.removed if t.removed else "",
		"%d already right (the old-kernel branch of a compat block, kept), "
		% t.right if t.right else "",
		t.nleft(),
		(" (" + ", ".join("%d %s" % (n, k) for k, n in sorted(t.left.items())) + ")")
		if t.left else ""))
	if t.macro_uses:
		out.append("modparm-convert: %d of the sites are uses of wrapper macros "
			   "and shims, %d of them converted" % t.macro_uses)
	if t.macro:
		out.append("modparm-convert: %d more in macro bodies or #if 0, not converted" % t.macro)
	if t.shims_removed:
		out.append(shims_line(t))
	out.append(written(npatches))
	out += unread_line(t)
	unparsed = [f for f in t.failed if f not in t.crashed]
	if unparsed:
		out.append("modparm-convert: %s failed to parse, left untouched: %s" % (
			plural(len(unparsed), "file"), " ".join(
				f + (" (line %d)" % t.causes[f] if f in t.causes else "")
				for f in unparsed)))
	if t.crashed:
		out.append("modparm-convert: internal error: modparm.cocci failed on %s, "
			   "left untouched: %s" % (plural(len(t.crashed), "file"), " ".join(t.crashed)))
	return out


class Report:
	"""What the run says: diagnostics as stderr names the files, the
	summary's lines."""
	__slots__ = ("err", "summ")

	def __init__(self, err: list[str], summ: list[str]) -> None:
		self.err = err
		self.summ = summ


def report(cfg: Config, t: Tree, found: Found, crlf: Collection[str], changes: list,
	   series: list[str], check: Optional[ModuleType], stage: str) -> Report:
	"""The diagnostics and the summary of the run, written to
	report.txt under stage (diagnostics named relative to SRC)."""
	show = cfg.src if os.path.isdir(cfg.src) else os.path.dirname(cfg.src) or "."
	t.diags.sort(key=lambda d: (d[0], d[1], d[2], d[4], d[5]))
	err = []
	rep = []
	for (rel, ln, col, sev, kind, msg) in t.diags:
		where = [shown(show, rel), rel]
		if ln:
			where = ["%s:%d:%d" % (w, ln, col) for w in where]
		err.append("%s: %s: %s [modparm-%s]" % (where[0], sev, msg, kind))
		rep.append("%s: %s: %s [modparm-%s]" % (where[1], sev, msg, kind))
	summ = summary(t, cfg.name, len(series)) + (check.summary(t) if check else []) + \
		api.summary(t, cfg.name) + (check.load_summary(cfg, t) if check else [])
	keepcr = sorted(set(crlf) & set(c[0] for c in changes))
	if keepcr:
		summ.append("modparm-convert: %s CRLF line ends (%s): apply %s with "
			    "git am --keep-cr (plain git am drops the CRs)" % (
				    plural(len(keepcr), "file has", "files have"),
				    " ".join(keepcr), "its patch" if len(keepcr) == 1
				    else "their patches"))
	summ += hints(cfg, t, found, series)
	with open(os.path.join(stage, "report.txt"), "w", errors="surrogateescape") as f:
		f.write("".join(l + "\n" for l in rep + summ))
	return Report(err, summ)


def hints(cfg: Config, t: Tree, found: Found, series: list[str]) -> list[str]:
	"""When nothing was found: perhaps not the driver's sources at all."""
	if api.found(t) or series:
		return []
	if os.path.isdir(cfg.src) and not rels_c(found.rels):
		return ["modparm-convert: hint: %s holds no .c file%s: give the "
			"driver's source directory, or one of its .c files" % (
				cfg.src, " (it is empty)" if not os.listdir(cfg.src) else "")]
	if not os.path.isdir(cfg.src) and not cfg.src.endswith((".c", ".h")):
		return ["modparm-convert: hint: %s is no .c or .h file: give the "
			"driver's source directory, or one of its .c files" % cfg.src]
	return []


def rels_c(rels: list[str]) -> bool:
	"""Whether the run's files hold a .c file."""
	return any(r.endswith(".c") for r in rels)


def say(cfg: Config, t: Tree, rep: Report, newtext: dict[str, str], series: list[str]) -> None:
	"""The diagnostics on stderr, the summary and where OUT is on stdout."""
	sys.stderr.write("".join(l + "\n" for l in rep.err))
	if cfg.inplace and api.found(t) and newtext:
		sys.stderr.write("modparm-convert: sources changed in place\n")
	sys.stdout.write("".join(l + "\n" for l in rep.summ))
	if api.found(t) and series:
		sys.stdout.write("modparm-convert: patches in %s/ (series, report.txt)\n" % cfg.out)
	elif api.found(t):
		sys.stdout.write("modparm-convert: nothing to change; the report is in "
				 "%s/report.txt\n" % cfg.out)
