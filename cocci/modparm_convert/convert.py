# SPDX-License-Identifier: GPL-2.0-only
"""The conversion of one tree: candidates, spatch, the accounting of every
site, the repairs, the patches and the report."""

import collections
import importlib
import os
import re
import shutil
import signal
import sys
import tempfile
import textwrap

from . import api, fixups, macros, outdir, ownheader, patches, results, sites, syntax
from .report import FORMNAME
from .text import decode, encode, plural, read, shown
from .spatch import begin




class Failure(Exception):
	"""Usage or environment error: exit 2, nothing written."""


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
			return None
		if r is not None and r.crash:
			# not the input's fault: modparm.cocci's own code failed
			self.failed.append(rel)
			self.crashed.append(rel)
			for ln in code:
				self.diags.append((rel, ln, 1, "error", "internal", "modparm.cocci "
						   "failed on this file (%s): file left untouched" % r.crash))
			self.leave("internal", len(code))
			return None
		if r is None or r.failed or r.new is None or unseen:
			self.failed.append(rel)
			why = "spatch failed on this file" if r is None or r.failed or r.new is None \
				else "spatch could not parse the code around this MODULE_PARM"
			for ln in (unseen or code):
				self.diags.append((rel, ln, 1, "warning", "parse",
						   "%s: file left untouched" % why))
			self.leave("parse", len(code))
			return None
		old_lines, new_lines, eol_new = repaired or repair(old, r.new)
		fd = [(rel,) + unguarded(d, old_lines, new_lines) for d in r.diags]
		self.diags.extend(fd)
		# every converted site must have produced its module_param line
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
		if lost:
			self.failed.append(rel)
			for ln in lost:
				self.diags.append((rel, ln, 1, "warning", "internal", "the rewrite of "
						   "this MODULE_PARM did not apply: file left untouched"))
			self.leave("internal", len(code))
			return None
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
		if new_lines == old_lines:
			return None
		new = "\n".join(new_lines) + ("\n" if eol_new else "")
		self.changed.append((rel, encode(old), encode(new), decided, fd))
		return new


def unguarded(d, old_lines, new_lines):
	"""A parm-guard diagnostic (line, col, severity, kind, message) whose
	'#ifdef MODULE_PARM' the repairs removed says so, as a note."""
	m = re.search(r"\(line (\d+)\)", d[4]) if d[3] == "parm-guard" else None
	if not m or int(m.group(1)) not in fixups.removed_guards(old_lines, new_lines):
		return d
	return d[:2] + ("note", d[3], d[4].split(", which")[0] +
			", which no kernel since 2.6.17 (no MODULE_PARM) compiles: "
			"that #if and its #endif removed")


def repair(old, new):
	"""(old lines, spatch's new lines repaired, whether the new text ends
	with a line break): fixups.apply_all on one file, without state, so
	that the files can be repaired in parallel."""
	old_lines = old.split("\n")
	new_lines = decode(new).split("\n")
	eol_new = new_lines[-1] == ""
	if old_lines[-1] == "":
		old_lines.pop()
	if eol_new:
		new_lines.pop()
	return old_lines, fixups.apply_all(old_lines, new_lines), eol_new


def repair_all(todo, texts, results, jobs):
	"""{index: repair(...)} of the files spatch rewrote, jobs processes
	at a time: the repairs' line diffs take most of the converter's own
	time on an old tree, and spatch has finished with the cores."""
	work = [(n, texts[rel][0], results[n].new) for n, rel in enumerate(todo)
		if n in results and results[n].new is not None]
	if jobs < 2 or len(work) < 4 * jobs:
		# a few files repair faster than a pool of processes starts
		return {}
	# the pools' module loads logging: imported by the runs that use one
	import concurrent.futures	# pylint: disable=import-outside-toplevel
	try:
		with concurrent.futures.ProcessPoolExecutor(min(jobs, len(work))) as ex:
			done = ex.map(repair, [w[1] for w in work], [w[2] for w in work],
				      chunksize=max(1, len(work) // (4 * jobs)))
			return {w[0]: d for w, d in zip(work, done)}
	except (OSError, concurrent.futures.process.BrokenProcessPool):
		return {}	# account() repairs each file itself


def message(rel, decided, fdiags, perm):
	"""The commit message of one file's patch."""
	stem = os.path.splitext(os.path.basename(rel))[0]
	conv = [(d[0], d[3]) for d in decided if d[2] == "converted" and d[3] != "drop"]
	drop = [d for d in decided if d[2] == "converted" and d[3] == "drop"]
	compat = set(f[1] for f in fdiags if f[4] == "compat")
	kept = sorted(set(d[0] for d in decided if d[2] == "left" and d[0] in compat))
	left = sorted(set(d[0] for d in decided if d[2] == "left" and d[0] not in compat))
	forms = sorted(set(f for _, f in conv))
	para = ("%s to %s, taking the parameter type from the variable's "
		"declaration rather than from the old type letter. %s"
		% (how_many(len(conv), len(decided)), ", ".join(FORMNAME[f] for f in forms),
		   permission(perm))) if conv else ""
	novar = [d for d in drop if any(f[1] == d[0] and f[4] == "no-variable" for f in fdiags)]
	drop = [d for d in drop if d not in novar]
	if drop:
		para += (" Remove %d whose variable has its module_param*() already"
			 " (a second one would define the parameter twice)." % len(drop))
	if novar:
		para += (" Remove %d that name%s no variable of this file: the old macro"
			 " never referenced it, module_param() would not build."
			 % (len(novar), "s" if len(novar) == 1 else ""))
	body = ["%s: convert MODULE_PARM to module_param" % stem, "",
		"MODULE_PARM() and its type strings were removed in Linux 2.6.17;",
		"a module that still uses them no longer builds (gcc: \"error:",
		"expected ')' before string constant\").",
		""] + textwrap.wrap(para.strip(), 72)
	if left:
		body += ["", "Left unchanged (no modern equivalent, see below): line%s %s."
			 % ("s" if len(left) > 1 else "", ", ".join(map(str, left)))]
	if kept:
		body += [""] + textwrap.wrap("Kept as they are, already right (the old-kernel "
					     "branch of a compat block whose other branch has "
					     "the module_param*): line%s %s." % (
						     "s" if len(kept) > 1 else "",
						     ", ".join(map(str, kept))), 72)
	if fdiags:
		body += ["", "Diagnostics:"]
		for (r, ln, col, sev, kind, msg) in sorted(fdiags, key=lambda d: (d[1], d[2], d[4])):
			body.append("  %s:%d:%d: %s: %s [modparm-%s]" % (r, ln, col, sev, msg, kind))
	body += ["", "Generated by cocci/modparm-convert (Coccinelle, modparm.cocci)."]
	return "\n".join(body) + "\n"


def how_many(n, total):
	"""'Convert ...' of n of the total MODULE_PARM() sites of a file, in
	English."""
	if n == total:
		return ("Convert the MODULE_PARM() site in this file" if n == 1 else
			"Convert all %d MODULE_PARM() sites in this file" % n)
	return "Convert %d of the %d MODULE_PARM() sites in this file" % (n, total)


def permission(perm):
	"""The commit message's sentence on --perm."""
	if int(perm, 8) == 0:
		return ("The permission is 0, as with MODULE_PARM: the parameters get no "
			"file in /sys/module/*/parameters/.")
	return ("The permission is %s: unlike with MODULE_PARM, each parameter gets "
		"a file of that mode in /sys/module/*/parameters/." % perm)


def shims_line(t):
	return ("modparm-convert: %d more in #defines of module_param* onto MODULE_PARM "
		"for old kernels, removed with them" % t.shims_removed)


def written(npatches):
	return "modparm-convert: %s written" % (plural(npatches, "patch", "patches")
						if npatches else "no patch")


def summary(t, name, npatches):
	out = []
	if t.found == 0:
		out.append("modparm-convert: %s: no MODULE_PARM() to convert%s" % (
			name, " (%d in macro bodies or #if 0, not converted)" % t.macro
			if t.macro else ""))
		if t.shims_removed:
			out.append(shims_line(t))
			out.append(written(npatches))
		if t.unread:
			out.append("modparm-convert: %s could not be read, skipped: %s" % (
				plural(len(t.unread), "file"), " ".join(t.unread)))
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
	if t.unread:
		out.append("modparm-convert: %s could not be read, skipped: %s" % (
			plural(len(t.unread), "file"), " ".join(t.unread)))
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


# up to this many files, candidates() reads them itself: the grep
# processes (two a job) cost more than reading a driver's few files
FEW_FILES = 200


def few_candidates(base, rels, data):
	"""candidates()' two greps on a few files, read here: (those of rels
	that hold MODULE_PARM as a word or api.GREP_ERE, whether one could
	not be read); data gets the bytes of those."""
	found, err = set(), False
	for rel in rels:
		try:
			b = read(os.path.join(base, rel))
		except OSError:
			err = True
			continue
		if any(w.encode() in b for w in api.GREP_WORDS) and \
				(sites.WORD_RE.search(b) or api.GREP_RE.search(b)):
			found.add(rel)
			data[rel] = b
	return found, err


def candidates(src, t, jobs=1, data=None):
	"""(base directory, every .c and .h file of the run, those that
	mention MODULE_PARM, those that hold what the API semantic patches
	look for), relative paths.  One grep reads the tree for both (jobs
	at a time): on a kernel tree each read of every file costs seconds.
	data, a dict, gets the bytes of the files read, for the steps after,
	which then need not read them again."""
	def problem(rel, msg):
		t.unread.append(rel)
		t.diags.append((rel, 0, 0, "error", "input", msg))

	if os.path.isdir(src):
		base, rels = src, sites.walk(src, problem)
	else:
		base, rels = os.path.dirname(src) or ".", [os.path.basename(src)]
	data = {} if data is None else data
	if len(rels) <= FEW_FILES:
		found, err = few_candidates(base, rels, data)
	else:
		# a fixed-string grep, several times faster than the
		# expressions, first narrows the tree to the files that hold a
		# string each of them needs (MODULE_PARM, module_param,
		# param_array_, param_set_, param_get_); the expressions then
		# read those only
		pre, err1 = sites.grep(base, rels, ["-F"] + [a for w in api.GREP_WORDS
							    for a in ("-e", w)], jobs)
		found, err2 = sites.grep(base, [r for r in rels if r in pre],
					 ["-E", "-e", r"\bMODULE_PARM\b", "-e", api.GREP_ERE], jobs)
		err = err1 or err2
	if err:
		# only then: a test of every file costs a second on a kernel tree
		sites.unreadable(base, rels, found, problem)
	parm, hits = [], set()
	for rel in rels:
		if rel not in found:
			continue
		try:
			if rel not in data:
				data[rel] = read(os.path.join(base, rel))
		except OSError:
			continue	# gone since: read below, and reported there
		text = data[rel]
		if sites.WORD_RE.search(text):
			parm.append(rel)
		if api.GREP_RE.search(text):
			hits.add(rel)
	return base, rels, parm, hits


def convert(o, env, sp=None, state=None):
	"""Run a conversion; returns the exit status.  sp: the spatch.begin()
	of o, when the caller began it."""
	t = Tree()
	sp = sp or begin(o, env)
	tmp = sp.tmp
	stage = None
	try:
		# OUT is built in the scratch directory and copied beside OUT
		# only when it is published: a run that fails writes nothing
		stage = os.path.join(tmp, "out")
		os.mkdir(stage)
		# imported only when asked for: compiling the checks costs more
		# than converting a small driver
		check = importlib.import_module(".check", __package__) if o.check_build else None
		raw_of = {}
		base, rels, cands, apihits = candidates(o.src, t, o.jobs, raw_of)
		texts = {}
		todo = []
		crlf = {}	# rel -> original bytes
		macro_sites = {}	# rel -> lines of MODULE_PARM in #define bodies
		mtexts = {}
		# headers whose own #define of MODULE_PARM holds for the files
		# that include them: {header: (line, its own calls)}, and the
		# calls of those files, {header: {file: [lines]}}
		own_headers = ownheader.find(cands, lambda rel: own_text(base, rel, raw_of))
		own_included = collections.defaultdict(dict)
		for rel in cands:
			try:
				raw = raw_of[rel] if rel in raw_of else read(os.path.join(base, rel))
			except OSError as e:
				t.unread.append(rel)
				t.diags.append((rel, 0, 0, "error", "input", "cannot read: %s: skipped" % e.strerror))
				continue
			text = decode(raw)
			try:
				raw.decode("utf-8")
			except UnicodeDecodeError as e:
				t.diags.append((rel, 0, 0, "note", "input", "not UTF-8 (byte %d): "
						"converted byte for byte, the other bytes kept as they are" % e.start))
			if b"\r\n" in raw:
				# spatch and the repairs see LF; the result gets CRLF back
				text = text.replace("\r\n", "\n")
				crlf[rel] = raw
				t.diags.append((rel, 0, 0, "note", "input", "CRLF line ends: "
						"converted, and written with CRLF line ends"))
			code, macro, dead = sites.find_sites(text)
			for h, calls in sorted(ownheader.calls(base, rel, text, own_headers, code).items()):
				code = [l for l in code if l not in calls]
				own_included[h][rel] = calls
			for ln, calls in sorted(sites.own_definitions(text).items()):
				# the file's own macro: neither its #define nor its
				# calls are kernel parameters
				macro = [l for l in macro if l != ln]
				code = [l for l in code if l not in calls]
				if own_headers.get(rel, (None,))[0] == ln:
					continue	# noted below, with the including files' calls
				uses = "; its %s (line%s %s) %s" % (
					plural(len(calls), "call"), "s" if len(calls) > 1 else "",
					", ".join(map(str, sorted(set(calls)))),
					"are no parameters either" if len(calls) > 1 else
					"is no parameter either") if calls else ""
				t.diags.append((rel, ln, 1, "note", "own-macro", "a #define of "
						"MODULE_PARM itself, under no #if: the file's own macro, "
						"not a parameter%s: left" % uses))
			if macro:
				macro_sites[rel] = macro
				mtexts[rel] = text
			for ln in dead:
				t.diags.append((rel, ln, 1, "note", "dead-code", "MODULE_PARM under "
						"#if 0: not converted"))
			t.macro += len(dead)
			if code:
				texts[rel] = (text, code)
				todo.append(rel)
		for h, (ln, calls) in sorted(own_headers.items()):
			t.diags.append((h, ln, 1, "note", "own-macro",
					ownheader.note(calls, own_included.get(h, {}))))
		mac = wrapper_macros(base, rels, macro_sites, mtexts, o.jobs, o.includes)
		paths = [os.path.abspath(os.path.join(base, rel)) for rel in todo]
		contents = {n: encode(texts[rel][0]) for n, rel in enumerate(todo) if rel in crlf}
		# the copies with the wrapper macros expanded go to the same run
		spans = [(p, texts[rel][0]) for p, rel in zip(paths, todo)]
		for rel, _, stext, _ in mac.synth:
			contents[len(spans)] = encode(stext)
			paths.append(os.path.abspath(os.path.join(base, rel)))
			spans.append((paths[-1], stext))
		if not spans:
			sp.stop()	# no file for the run begun above
		results = sp.tree(spans, o.jobs, contents) if spans else {}
		if results is None:
			# one file broke the whole run: each on its own finds it
			results = sp.run(paths, o.jobs, contents)
		newtext = {}
		show = o.src if os.path.isdir(o.src) else os.path.dirname(o.src) or "."
		tocheck = []
		repaired = repair_all(todo, texts, results, o.jobs)
		for n, rel in enumerate(todo):
			text, code = texts[rel]
			new = t.account(rel, text, code, results.get(n), repaired.get(n))
			if new is None:
				t.explain(rel, text, code)
			if check:
				# a compat block's module_param* is built too, from the
				# text as it stands when the file has nothing converted
				tocheck.append((rel, new if new is not None else text,
						check.check_sites(rel, shown(show, rel), text, results[n])))
			if new is not None and rel in crlf:
				new = new.replace("\n", "\r\n")
				t.changed[-1] = (rel, crlf[rel], encode(new)) + t.changed[-1][3:]
			if new is not None:
				newtext[rel] = new
		mac = macro_changes(t, mac, results, len(todo), set(todo), texts, newtext, crlf)
		api.run(o, t, base, rels, newtext, tmp, decode, apihits, raw_of)
		changes = api.amend([(rel, old, new, macro_message(message(rel, decided, fd, o.perm),
								   mac.describe(rel)))
				     for rel, old, new, decided, fd in t.changed], t.api)
		try:
			series = patches.write_series(tmp, stage, o.author, changes,
						      o.date, o.signoff)
		except patches.GitError as e:
			raise Failure("writing the patches: %s" % e)
		with open(os.path.join(stage, "series"), "w") as f:
			f.write("".join(s + "\n" for s in series))
		if check:
			check.run(o, t, base, show, newtext, tmp, tocheck, mac, results, len(todo))
		t.diags.sort(key=lambda d: (d[0], d[1], d[2], d[4], d[5]))
		err = []
		rep = []
		for (rel, ln, col, sev, kind, msg) in t.diags:
			where = [shown(show, rel), rel]
			if ln:
				where = ["%s:%d:%d" % (w, ln, col) for w in where]
			err.append("%s: %s: %s [modparm-%s]" % (where[0], sev, msg, kind))
			rep.append("%s: %s: %s [modparm-%s]" % (where[1], sev, msg, kind))
		summ = summary(t, o.name, len(series)) + (check.summary(t) if check else []) + \
			api.summary(t, o.name) + (check.load_summary(o, t) if check else [])
		keepcr = sorted(set(crlf) & set(c[0] for c in changes))
		if keepcr:
			summ.append("modparm-convert: %s CRLF line ends (%s): apply %s with "
				    "git am --keep-cr (plain git am drops the CRs)" % (
					    plural(len(keepcr), "file has", "files have"),
					    " ".join(keepcr), "its patch" if len(keepcr) == 1
					    else "their patches"))
		# nothing found: perhaps not the driver's sources at all
		lost = not api.found(t) and not series
		if lost and os.path.isdir(o.src) and not rels_c(rels):
			summ.append("modparm-convert: hint: %s holds no .c file%s: give the "
				    "driver's source directory, or one of its .c files" % (
					    o.src, " (it is empty)" if not os.listdir(o.src) else ""))
		elif lost and not os.path.isdir(o.src) and not o.src.endswith((".c", ".h")):
			summ.append("modparm-convert: hint: %s is no .c or .h file: give the "
				    "driver's source directory, or one of its .c files" % o.src)
		with open(os.path.join(stage, "report.txt"), "w", errors="surrogateescape") as f:
			f.write("".join(l + "\n" for l in rep + summ))
		publish(o, t, base, stage, newtext, state)
		sys.stderr.write("".join(l + "\n" for l in err))
		if o.inplace and api.found(t) and newtext:
			sys.stderr.write("modparm-convert: sources changed in place\n")
		sys.stdout.write("".join(l + "\n" for l in summ))
		if api.found(t) and series:
			sys.stdout.write("modparm-convert: patches in %s/ (series, report.txt)\n" % o.out)
		elif api.found(t):
			sys.stdout.write("modparm-convert: nothing to change; the report is in "
					 "%s/report.txt\n" % o.out)
		return 1 if t.failed or t.unread or (check and check.failed(o, t)) else 0
	finally:
		sp.stop()
		shutil.rmtree(tmp, ignore_errors=True)


def rels_c(rels):
	"""Whether the run's files hold a .c file."""
	return any(r.endswith(".c") for r in rels)


def own_text(base, rel, raw_of):
	"""The text of a candidate file for ownheader.find ('' when it cannot
	be read: the loop over the candidates reports that)."""
	try:
		return decode(raw_of[rel] if rel in raw_of else read(os.path.join(base, rel)))
	except OSError:
		return ""


def replace_file(path, data):
	"""Write path whole or not at all."""
	d, b = os.path.split(path)
	fd, new = tempfile.mkstemp(prefix=".%s.modparm." % b[:32], dir=d or ".")
	try:
		with os.fdopen(fd, "wb") as f:
			f.write(data)
		shutil.copymode(path, new) if os.path.exists(path) else None
		os.replace(new, path)
	except BaseException:
		os.unlink(new)
		raise


class PartWritten(Exception):
	"""Writing failed after something was written: exit 1, naming what."""


def unwritable(o, t, base, newtext):
	"""Why publish() could not write everything, or None: checked before
	anything is written, so that a refusal writes nothing."""
	if o.report:
		why = outdir.report_refused(o.report, o.src, o.out)
		if why:
			return why
	if api.found(t):
		why = outdir.refused(o.out, o.src, None)
		if why:
			return why
	if o.inplace:
		for rel in sorted(newtext):
			p = os.path.join(base, rel)
			d = os.path.dirname(p) or "."
			# replace_file writes a new file beside it and renames it
			if not os.access(p, os.W_OK) or not os.access(d, os.W_OK | os.X_OK):
				return ("--in-place: %s is not writable (%s): nothing written; make "
					"it writable, or leave out --in-place and apply the patches"
					% (p, "the file" if not os.access(p, os.W_OK) else "its directory"))
	return None


def publish(o, t, base, stage, newtext, state=None):
	"""Report, OUT (replaced whole) and, with --in-place, the sources, each
	proved writable first.  An interrupt waits until this is done, so
	nothing is left half-written."""
	old = signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
	done = []
	try:
		why = unwritable(o, t, base, newtext)
		if why:
			raise Failure(why)
		try:
			if o.report:
				replace_file(o.report, read(os.path.join(stage, "report.txt")))
				done.append("the report %s" % o.report)
			if api.found(t):
				outdir.publish(stage, o.out)
				done.append("OUT %s" % o.out)
			if o.inplace:
				for rel, new in sorted(newtext.items()):
					replace_file(os.path.join(base, rel), encode(new))
					done.append(rel)
		except OSError as e:
			what = "%s: cannot write: %s" % (e.filename or "", e.strerror)
			if not done:
				raise Failure(what + ": nothing written")
			raise PartWritten("%s; written before: %s" % (what, ", ".join(done)))
		if state is not None:
			state.published = True
	finally:
		signal.pthread_sigmask(signal.SIG_SETMASK, old)


def wrapper_macros(base, rels, macro_sites, mtexts, jobs=1, dirs=None):
	"""The wrapper macros and shims of the MODULE_PARMs in #define
	bodies, their uses in every .c and .h file of SRC (rels), resolved
	through the package's include path (dirs: its -I directories), and
	the copies of the files that use them, expanded for spatch."""
	mac = macros.Macros(base, mtexts, dirs)
	try:
		mac.find_definitions(macro_sites)
		if any(d.kind in ("wrapper", "outer", "shim") for d in mac.defs):
			mac.find_uses(sites.mentioning(base, rels, lambda rel, msg: None,
						       sorted(mac.byname), jobs))
			mac.expand()
	except Exception as e:	# pylint: disable=broad-except
		# the converter's own failure, not the input's: each MODULE_PARM
		# in a #define is named with it, nothing of the macros changes
		return macros.Failed(macro_sites, e)
	return mac


def macro_changes(t, mac, results, first, counted, texts, newtext, crlf):
	"""Decide the wrapper macros from spatch's results on the expanded
	copies (indices from first), rewrite their definitions and remove the
	dead shims in the files' new texts, and count every use as a site;
	returns the macros as decided."""
	try:
		mac.decide({n: results.get(first + n) for n in range(len(mac.synth))})
		mac.rewrite()
	except Exception as e:	# pylint: disable=broad-except
		mac = macros.Failed(mac.macro_sites, e)
	for rel in sorted(mac.edits):
		if rel in t.failed:
			# a file left untouched is left whole, its #defines too
			mac.undo(rel, "spatch could not parse %s, which is left untouched"
				 % os.path.basename(rel))
			continue
		if rel in texts:
			old = texts[rel][0]
			raw = crlf[rel] if rel in crlf else encode(old)
		else:
			raw = read(os.path.join(mac.base, rel))
			old = decode(raw).replace("\r\n", "\n")
		cur = newtext.get(rel, old).replace("\r\n", "\n")
		new = macros.apply_edits(old.split("\n"), cur.split("\n"), mac.edits[rel])
		if new is None:
			mac.undo(rel, "spatch changed the lines of the #define")
			continue
		new = "\n".join(new)
		if b"\r\n" in raw:
			new = new.replace("\n", "\r\n")
		newtext[rel] = new
		k = next((i for i, c in enumerate(t.changed) if c[0] == rel), None)
		if k is not None:
			t.changed[k] = (rel, t.changed[k][1], encode(new)) + t.changed[k][3:]
		else:
			t.changed.append((rel, raw, encode(new), [], []))
	t.changed.sort(key=lambda c: c[0])
	mac.account(t, counted)
	t.macro += mac.uncounted()
	t.shims_removed = mac.removed_shims()
	if mac.nuses:
		t.macro_uses = (mac.nuses, mac.nconv)
	return mac


def macro_message(msg, lines):
	"""A patch's commit message with the paragraph on its macros."""
	if not lines:
		return msg
	para = "\n\n".join(textwrap.fill(l, 72) for l in lines)
	k = msg.rfind("\nGenerated by ")
	return msg[:k].rstrip("\n") + "\n\n" + para + "\n" + msg[k:]
