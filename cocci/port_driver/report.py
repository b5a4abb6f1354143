# SPDX-License-Identifier: GPL-2.0-only
"""Report stage: a build's error lines attributed to the kernel changes
of the table, counted per file and per change, and written as
report.txt (for a person) and report.json (for a program).  Every error
line is in exactly one count: a change's, or unknown with its line."""

import json
import os
from dataclasses import asdict, dataclass, field

from .changes import BY_ID, attribute


@dataclass
class BuildSummary:
	label: str			# "before" or "after"
	kbuild: str
	files: int
	compiled: int
	not_built: list
	error_lines: int
	by_change: dict			# change id -> error lines
	unknown: list			# "file:line: message"
	hidden: int			# error lines seen only behind a removed header
	per_file: dict			# file -> error lines
	compiled_files: list
	failed_files: list
	modules: list


@dataclass
class Report:
	src: str
	kdir: str
	kernel: str
	before: BuildSummary = None
	after: BuildSummary = None
	patches: list = field(default_factory=list)	# series entries
	notes: list = field(default_factory=list)	# "file:line: what to do [change]"
	loads: list = field(default_factory=list)	# [module, loaded and removed, what happened]


def summarise(label, result, texts):
	"""texts: {relative path: text} of the package (for declared_by)."""
	by_change, unknown, per_file, hidden = {}, [], {}, 0
	for d in result.diagnostics:
		c = attribute(d.message, d.context, texts.get(d.file, ""))
		where = d.file or d.unit or "modpost"
		per_file[where] = per_file.get(where, 0) + 1
		hidden += d.hidden
		if c is None:
			unknown.append("%s:%d: %s" % (d.file, d.line, d.message) if d.file else d.message)
		else:
			by_change[c.id] = by_change.get(c.id, 0) + 1
	return BuildSummary(label, result.kbuild, len(result.files), len(result.compiled),
			    list(result.not_built), len(result.diagnostics),
			    dict(sorted(by_change.items(), key=lambda kv: (-kv[1], kv[0]))),
			    unknown, hidden, dict(sorted(per_file.items())), list(result.compiled),
			    [f for f in result.files if f not in result.compiled], list(result.modules))


def manual_notes(result, texts):
	"""One line per error whose change has no mechanical conversion:
	where, and what to do."""
	out = []
	for d in result.diagnostics:
		c = attribute(d.message, d.context, texts.get(d.file, ""))
		if c is not None and c.manual and d.file:
			out.append("%s:%d: %s [%s]" % (d.file, d.line, c.manual, c.id))
	return sorted(set(out))


def pct(a, b):
	return "%d%%" % round(100.0 * a / b) if b else "-"


def text(rep):
	lines = ["port-driver report for %s" % rep.src,
		 "kernel: %s (%s)" % (rep.kdir, rep.kernel), ""]
	for s in (rep.before, rep.after):
		if s is None:
			continue
		lines.append("%s the patches (%s):" % (s.label, s.kbuild))
		lines.append("  files: %d, compiled: %d (%s), error lines: %d "
			     "(attributed %d, unknown %d; %d seen only behind a removed header)"
			     % (s.files, s.compiled, pct(s.compiled, s.files), s.error_lines,
				s.error_lines - len(s.unknown), len(s.unknown), s.hidden))
		if s.not_built:
			lines.append("  not built by the kbuild file: %s" % " ".join(s.not_built))
		for cid, n in s.by_change.items():
			c = BY_ID[cid]
			lines.append("  %4d  %s: %s (%s; now: %s; %s)" % (n, cid, c.what, c.version,
								     c.replacement, c.reference))
		for u in s.unknown:
			lines.append("  unknown: %s" % u)
		for f in s.failed_files:
			lines.append("  does not compile: %s" % f)
		lines.append("")
	for m, ok, what in rep.loads:
		lines.append("load in QEMU: %s: %s: %s" % (m or "-", "ok" if ok else "FAILED", what))
	if rep.loads:
		lines.append("")
	lines.append("patches: %d (series)" % len(rep.patches))
	lines += ["  " + p for p in rep.patches]
	if rep.notes:
		lines.append("")
		lines.append("left for a person (%d):" % len(rep.notes))
		lines += ["  " + n for n in rep.notes]
	return "\n".join(lines) + "\n"


def write(rep, outdir):
	with open(os.path.join(outdir, "report.txt"), "w") as f:
		f.write(text(rep))
	with open(os.path.join(outdir, "report.json"), "w") as f:
		json.dump(asdict(rep), f, indent=1, sort_keys=True)
		f.write("\n")
