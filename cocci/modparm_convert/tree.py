# SPDX-License-Identifier: GPL-2.0-only
"""The accounting of one run, the record every stage reports its
diagnostics to: every site the finder or spatch saw, counted once
(converted, removed, already right or left, with the reason); the sums
of the summary."""

import collections
import re

from . import fixups, results, sites, syntax
from .fixups import repair
from .text import encode


class Tree:
	"""Accounting of one run.  Every site the finder or spatch saw ends up
	in exactly one of converted, removed, right and left, so found =
	converted + removed + right + left."""

	def __init__(self):
		self.diags = []		# (rel, line, col, severity, kind, message)
		self.found = 0
		self.converted = 0
		self.removed = 0	# MODULE_PARMs of no variable, removed
		# MODULE_PARMs in the old-kernel branch of a compat block whose
		# other branch has the module_param* already: the parameter
		# exists on 6.1, and the branch serves the kernels it was for
		self.right = 0
		self.left = {}		# reason -> count
		self.macro = 0
		self.shims_removed = 0	# MODULE_PARMs of shims removed, not counted as sites
		self.macro_uses = None	# (uses counted as sites, of them converted)
		self.failed = []	# files left untouched because of spatch
		self.crashed = []	# of those, files modparm.cocci's python failed on
		self.sitefiles = 0
		self.changed = []	# (rel, old bytes, new bytes, decided sites, diags)
		self.unread = []	# files that could not be read
		self.check = None	# --check-build: (sites, files, failed, KDIR)
		self.check_skipped = []	# its sites of uses that 6.1 does not compile
		self.causes = {}	# file left untouched -> the line that spatch could not parse
		self.api = None		# the API patches' run (api.Api), once it ran

	def leave(self, reason, n):
		self.left[reason] = self.left.get(reason, 0) + n

	def explain(self, rel, old, code):
		"""A file left untouched because spatch skipped part of it: when
		its text shows why (a declaration without its ';'), name that
		line and cause, and count its sites as parse failures, not as
		the internal errors they looked like (a declaration spatch
		skipped gets no module_param line)."""
		if rel not in self.failed or rel in self.crashed:
			return
		if any(d[0] == rel and d[4] == "internal" and d[1] not in code for d in self.diags):
			return	# spatch saw sites the finder did not: another story
		why = syntax.explain(old)
		if not why:
			return
		line, msg = why
		self.causes[rel] = line
		mine = [d for d in self.diags if d[0] == rel and d[4] in ("parse", "internal")
			and d[1] in code]
		for d in mine:
			self.diags.remove(d)
		if any(d[4] == "internal" for d in mine):
			# the lost-rewrite path counted every site of the file
			self.left["internal"] -= len(code)
			if not self.left["internal"]:
				del self.left["internal"]
			self.leave("parse", len(code))
		self.diags.append((rel, line, 1, "error", "parse", msg))
		for ln in sorted(set(code)):
			self.diags.append((rel, ln, 1, "warning", "parse", "spatch could not "
					   "parse line %d (see there): file left untouched" % line))

	def nleft(self):
		return sum(self.left.values())

	def account(self, rel, old, code, r, repaired=None):
		"""Take spatch's result r for file rel (text old, finder sites
		code) into the counts; return the repaired new text or None.
		repaired: repair(old, r.new) computed already, or None."""
		self.sitefiles += 1
		# the variable of each site of the finder, in order (a line may
		# hold several sites)
		code_vars = []
		for ln in sorted(set(code)):
			vs = sites.site_variables(old, ln)
			code_vars += (vs + [None] * code.count(ln))[:code.count(ln)]
		if r is not None:
			results.realign(r, code, code_vars)
		decided = r.decided() if r is not None else []
		if not self.seen(rel, code, r, decided):
			return None
		old_lines, new_lines, eol_new = repaired or repair(old, r.new)
		fd = [(rel,) + unguarded(d, old_lines, new_lines) for d in r.diags]
		self.diags.extend(fd)
		lost = self.lost(old, old_lines, new_lines, decided, code_vars)
		if lost:
			self.failed.append(rel)
			for ln in lost:
				self.diags.append((rel, ln, 1, "warning", "internal", "the rewrite of "
						   "this MODULE_PARM did not apply: file left untouched"))
			self.leave("internal", len(code))
			return None
		self.count(r, decided)
		if new_lines == old_lines:
			return None
		new = "\n".join(new_lines) + ("\n" if eol_new else "")
		self.changed.append((rel, encode(old), encode(new), decided, fd))
		return new

	def seen(self, rel, code, r, decided):
		"""Whether spatch's result r saw each site of the finder (code)
		and no other, and ran without failing: otherwise the file is
		left, its sites counted as left, and False."""
		# by line, each line as many times as it holds sites
		want = collections.Counter(code)
		got = collections.Counter(d[0] for d in decided)
		unseen = sorted((want - got).elements())
		# a site spatch saw and the finder did not is still a site: it
		# is counted, and the file is left, as the two must agree
		extra = sorted((got - want).elements())
		self.found += len(code) + len(extra)
		if extra:
			self.failed.append(rel)
			for ln in extra:
				self.diags.append((rel, ln, 1, "error", "internal", "spatch found "
						   "a MODULE_PARM here that the site finder did not: "
						   "file left untouched"))
			self.leave("internal", len(code) + len(extra))
			return False
		if r is not None and r.crash:
			# not the input's fault: modparm.cocci's own code failed
			self.failed.append(rel)
			self.crashed.append(rel)
			for ln in code:
				self.diags.append((rel, ln, 1, "error", "internal", "modparm.cocci "
						   "failed on this file (%s): file left untouched" % r.crash))
			self.leave("internal", len(code))
			return False
		if r is None or r.failed or r.new is None or unseen:
			self.failed.append(rel)
			why = "spatch failed on this file" if r is None or r.failed or r.new is None \
				else "spatch could not parse the code around this MODULE_PARM"
			for ln in (unseen or code):
				self.diags.append((rel, ln, 1, "warning", "parse",
						   "%s: file left untouched" % why))
			self.leave("parse", len(code))
			return False
		return True

	@staticmethod
	def lost(old, old_lines, new_lines, decided, code_vars):
		"""The lines of the converted sites whose module_param line the
		new text lacks: every converted site must have produced its own."""
		lost = []
		declared = sites.params_declared("\n".join(new_lines))
		for n, (ln, col, what, form, var, decl) in enumerate(decided):
			if what != "converted":
				continue
			v = code_vars[n] if len(code_vars) == len(decided) else sites.site_variable(old, ln)
			if form == "drop" and v:
				# removed, not replaced: one MODULE_PARM of v fewer
				if sites.mentions_site(new_lines, v) < sites.mentions_site(old_lines, v):
					continue
				lost.append(ln)
			elif v and v not in declared:
				lost.append(ln)
		return lost

	def count(self, r, decided):
		"""Count the decided sites of a file whose rewrite applied."""
		novar = [(d[0], d[1]) for d in r.diags if d[3] == "no-variable"]
		for ln, col, what, form, var, decl in decided:
			if what == "converted" and form == "drop" and \
					any(l == ln and col in (None, c) for l, c in novar):
				# no variable: removed, and no parameter made
				self.removed += 1
			elif what == "converted":
				self.converted += 1
			else:
				kinds = [d[3] for d in r.diags if d[0] == ln and col in (None, d[1])]
				if kinds and kinds[-1] == "compat":
					self.right += 1
				else:
					self.leave(kinds[-1] if kinds else "unknown", 1)


def unguarded(d, old_lines, new_lines):
	"""A parm-guard diagnostic (line, col, severity, kind, message) whose
	'#ifdef MODULE_PARM' the repairs removed says so, as a note."""
	m = re.search(r"\(line (\d+)\)", d[4]) if d[3] == "parm-guard" else None
	if not m or int(m.group(1)) not in fixups.removed_guards(old_lines, new_lines):
		return d
	return d[:2] + ("note", d[3], d[4].split(", which")[0] +
			", which no kernel since 2.6.17 (no MODULE_PARM) compiles: "
			"that #if and its #endif removed")
