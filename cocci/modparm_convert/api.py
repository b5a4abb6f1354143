# SPDX-License-Identifier: GPL-2.0-only
"""The module-parameter API after MODULE_PARM: the semantic patches that
bring a 2.6 driver's module_param_array counts, module_param_call
handlers and parameter helpers to what 6.1 compiles, run over the tree
after the MODULE_PARM conversion (on its result, so one patch per file
holds both), and the package compatibility headers that are left."""

import bisect
import os
import re
import shutil
import subprocess
import textwrap
import time

from . import sites, spatch
from .sites import line_before, split_args
from .spatch import python_option

# semantic patch -> what selects the files it is run on: a cheap test,
# so that a tree spatch would only parse for nothing is not parsed
PATCHES = ("modparm_array_count.cocci", "modparm_call_const.cocci", "modparm_helpers.cocci",
	   "modparm_syntax.cocci")
WHY = {"array-count": "Pass the count of module_param_array() by address, as it is "
		       "taken since 2.6.10.",
       "call-const": "Make the handlers of module_param_call() take a const struct "
		      "kernel_param, as the kernel calls them since 2.6.36.",
       "helper": "Call param_array_set/get through param_array_ops (static since "
		  "2.6.36) and drop own prototypes of the kernel's parameter helpers "
		  "(<linux/moduleparam.h> declares them).",
       "syntax": "Remove MODULE_PARM_SYNTAX(), ALSA's hint to its configurator, "
		  "which no 6.1 header defines (maintainers removed every one)."}
FORMS = {"array-count": "module_param_array count passed by address",
	 "call-const": "module_param_call handlers taking a const kernel_param",
	 "helper": "parameter helpers as 6.1 has them",
	 "syntax": "MODULE_PARM_SYNTAX removed",
	 "compat-header": "a package's compatibility header"}
ARRAY_RE = re.compile(r'\bmodule_param_array(_named)?\s*\(')
CALL_RE = re.compile(r'\bmodule_param_call\s*\(')
HELPER_RE = re.compile(r'\bparam_array_(?:set|get)\s*\(|\bparam_(?:set|get)_\w+\s*\([^;{)]*'
		       r'(?<!const )struct\s+kernel_param\s*\*[^;{)]*\)\s*;')
# what a file must hold for any of the above: grep -E, run over the tree
# before a file is read (most of a kernel tree has none of it)
GREP_ERE = (r'module_param_(array|call)|param_array_(set|get)|param_(set|get)_[a-z]+[[:space:]]*\(|'
	    r'define[[:space:]]+(module_param|MODULE_PARM)|MODULE_PARM_SYNTAX')
# strings of which every match of GREP_ERE or of MODULE_PARM holds one
GREP_WORDS = ("MODULE_PARM", "module_param", "param_array_", "param_set_", "param_get_")
# GREP_ERE as Python reads it, on the bytes of a file: grep matches
# within a line, so its [[:space:]] does not take a line break
GREP_RE = re.compile(os.fsencode(GREP_ERE.replace("[[:space:]]", "[ \t\v\f\r]")))
# a package's own definition of the parameter macros
COMPAT_DEF_RE = re.compile(r'^[ \t]*#[ \t]*define[ \t]+(module_param\w*|MODULE_PARM)\b', re.M)
SITE_RE = re.compile(r'^modparm-api-site: (.*?):(\d+):(\d+): (converted|left|unchanged) ([\w-]+)$')
DIAG_RE = re.compile(r'^(.*?):(\d+):(\d+): (warning|note|error): (.*) \[modparm-([\w-]+)\]$')


def close_paren(s):
	"""Index of the ')' that closes a call whose arguments s starts."""
	depth = 0
	for i, ch in enumerate(s):
		if ch == "(":
			depth += 1
		elif ch == ")":
			if depth == 0:
				return i
			depth -= 1
	return len(s)


def search(rx, word, text, pos=0):
	"""rx.search(text, pos) for an expression rx whose every match starts
	with the string word: str.find finds the places rx is tried at.  An
	expression that starts with \\b is tried at every character of the
	text, tens of times slower."""
	while True:
		pos = text.find(word, pos)
		if pos < 0:
			return None
		m = rx.match(text, pos)
		if m:
			return m
		pos += 1


def old_count(text):
	"""Whether text has a module_param_array whose count is a bare name
	other than NULL (the 2.6.0-2.6.9 form, or a pointer variable)."""
	pos = 0
	while True:
		m = search(ARRAY_RE, "module_param_array", text, pos)
		if m is None:
			return False
		pos = m.end()
		rest = text[m.end():m.end() + 400]
		args = split_args(rest[:close_paren(rest)])
		k = 3 if m.group(1) else 2
		if len(args) > k and re.fullmatch(r'[A-Za-z_]\w*', args[k]) and args[k] != "NULL":
			return True


# a word each test of wanted() needs: a text without any of them has
# nothing for PATCHES (blanking comments and strings only takes words
# away), and the words are found at once where the expressions crawl
NEEDS = ((("module_param_array",), old_count),
	 (("module_param_call",), lambda text: search(CALL_RE, "module_param_call", text)),
	 (("param_array_", "param_set_", "param_get_"),
	  lambda text: search(HELPER_RE, "param_", text)),
	 (("MODULE_PARM_SYNTAX",), lambda text: True))


def maybe_old_count(text):
	"""False when old_count() of text with its comments and strings
	blanked is surely False, read from text as it is: each
	module_param_array of text whose '(' and the 400 characters old_count
	reads after it hold no comment and no literal is read the same way
	in both (a match that blanking makes or changes has a comment or a
	literal there)."""
	pos = 0
	while True:
		p = text.find("module_param_array", pos)
		if p < 0:
			return False
		pos = p + 1
		m = ARRAY_RE.match(text, p)
		if m is None:
			# a comment or literal before the '(' may hide a match
			if re.match(r'(?:_named)?\s*[/"\']', text[p + 18:p + 100]):
				return True
			continue
		rest = text[m.end():m.end() + 400]
		if "/*" in rest or "//" in rest or '"' in rest or "'" in rest:
			return True
		args = split_args(rest[:close_paren(rest)])
		k = 3 if m.group(1) else 2
		if len(args) > k and re.fullmatch(r'[A-Za-z_]\w*', args[k]) and args[k] != "NULL":
			return True


def may_want(text):
	"""Whether text, comments and strings not yet blanked, may hold
	something for PATCHES: blanking them, which costs more than the
	tests, is left for the files that may."""
	return any(w in text for words, _ in NEEDS[1:] for w in words) or maybe_old_count(text)


def wanted(text):
	"""The semantic patches of PATCHES that have something to look at
	in text (comments and strings blanked)."""
	return [p for p, (words, test) in zip(PATCHES, NEEDS)
		if any(w in text for w in words) and test(text)]


# modparm_call_const.cocci edits only a parameter "struct kernel_param *"
# (not const: its rules disable optional_qualifier) of a function that
# module_param_call names, and its prototypes: a text where every word
# kernel_param follows "const struct" gives it nothing to change
KP_RE = re.compile(r'\bkernel_param\b')
CONST_KP_RE = re.compile(r'\bconst\s+struct\s+kernel_param\b')
# the comments as modparm_call_const.cocci's text_of() blanks them, in
# two passes: block comments, then line comments of what is left
NAIVE_BLOCK_RE = re.compile(r'/\*.*?\*/', re.S)
NAIVE_LINE_RE = re.compile(r'//[^\n]*')
WORD_RE = re.compile(r'[A-Za-z_]\w*')
# a line that goes on on the next (the braces of a #define's body):
# blanked, the #define would end there
CONTINUED_RE = re.compile(r'\\[ \t\r\f\v]*\n')


def naive_comments(text):
	"""The spans (start, end) of text that modparm_call_const.cocci's
	text_of() blanks as comments, sorted."""
	spans = [m.span() for m in NAIVE_BLOCK_RE.finditer(text)]
	rest = NAIVE_BLOCK_RE.sub(lambda m: sites.spaces(m.group(0)), text)
	spans += [m.span() for m in NAIVE_LINE_RE.finditer(rest)]
	return sorted(spans)


def function_bodies(clean):
	"""The insides (start, end) of the function bodies of clean (comments
	and literals blanked): a '{' at file scope after a ')'; None when
	the braces do not balance (an #if with a '{' in each branch)."""
	out, depth, start = [], 0, None
	for m in re.finditer(r'[{}]', clean):
		if m.group(0) == "{":
			if depth == 0:
				k = m.start() - 1
				while k >= 0 and clean[k] in " \t\n\r\f\v":
					k -= 1
				start = m.end() if k >= 0 and clean[k] == ")" else None
			depth += 1
			continue
		depth -= 1
		if depth < 0:
			return None
		if depth == 0 and start is not None:
			out.append((start, m.start()))
			start = None
	return out if depth == 0 else None


def lean_call_text(text, clean):
	"""text for modparm_call_const.cocci with the insides of function
	bodies that cannot matter to it blanked (lines and columns kept),
	or None when there is nothing to blank or the patch may change
	the file.  spatch's time on a file is mostly its parsing, and the
	files of a tree that hold module_param_call are long drivers whose
	handlers already take a const kernel_param (6.1: 43 files, 52 of
	55 sites): what the patch reports of such a file must stay the
	same, and so:
	- only a file it cannot change (KP_RE, CONST_KP_RE above): the
	  blanked copy is never a result;
	- a body is kept when it holds module_param_call, a word of the
	  arguments of one (the handlers' names the script rules look
	  for: their definition, a #define, a function pointer of that
	  name), a '#' (an #if or a #define inside it) or a line that
	  a backslash continues (a #define's braces), so the file scope
	  spatch matches module_param_call in is unchanged;
	- a body is kept when a comment as text_of() reads them (a
	  '/*' in a string literal too) begins or ends in it and the
	  other end outside: text_of() then reads the rest of the text
	  as it would in the file itself, and its searches, which each
	  need a handler's name, find the same matches."""
	if len(KP_RE.findall(text)) != len(CONST_KP_RE.findall(text)):
		return None
	bodies = function_bodies(clean)
	if not bodies:
		return None
	words = set()
	pos = 0
	while True:
		k = text.find("module_param_call", pos)
		if k < 0:
			break
		e = text.find(";", k)
		e = len(text) if e < 0 else e
		words.update(WORD_RE.findall(text, k, e))
		pos = k + 1
	spans = naive_comments(text)
	starts = [a for a, _ in spans]
	out, last = [], 0
	for s, e in bodies:
		inside = text[s:e]
		if "#" in inside or "module_param_call" in inside or CONTINUED_RE.search(inside) or \
				any(w in inside and re.search(r'\b%s\b' % w, inside) for w in words):
			continue
		k = bisect.bisect_left(starts, s)
		# a comment that begins before the body may end inside it
		if k > 0 and spans[k - 1][1] > s:
			continue
		crosses = False
		while k < len(spans) and spans[k][0] < e:
			if spans[k][1] > e:
				crosses = True
				break
			k += 1
		if crosses:
			continue
		out += [text[last:s], sites.spaces(inside)]
		last = e
	if not out:
		return None
	return "".join(out) + text[last:]


class Api:
	"""Accounting of the API sites of one run: each is converted,
	unchanged (already what 6.1 wants) or left with a diagnostic."""

	def __init__(self):
		self.sites = []		# (rel, line, col, what, form)
		self.files = set()
		self.diags = []		# as Tree.diags
		self.changed = {}	# rel -> new text

	def count(self, what):
		return len([s for s in self.sites if s[3] == what])


def found(t):
	"""Whether the run found anything to write patches for."""
	a = getattr(t, "api", None)
	return bool(t.found or (a and a.sites) or t.changed)


def mentioning(base, rels, newtext, hits=None):
	"""Those of rels that grep finds GREP_ERE in (hits, when the caller
	grepped them already), and those the MODULE_PARM conversion changed
	(it may have written what the API patches look for)."""
	if hits is None:
		hits = sites.grep(base, rels, ["-E", "-e", GREP_ERE])[0]
	found = set(hits) | set(newtext)
	return [r for r in rels if r in found]


def run(o, t, base, rels, newtext, tmp, decode, hits=None, raw_of=None):
	"""Run the API semantic patches on the files rels of base (their
	text after the MODULE_PARM conversion when it changed them:
	newtext) and fold the result into t: t.api, t.changed (one entry
	per file, the MODULE_PARM one amended) and t.diags.  hits: those of
	rels known to hold GREP_ERE (None: grep them); raw_of: {rel: bytes}
	of files read already."""
	a = t.api = Api()
	newtext0 = dict(newtext)
	here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
	work = os.path.join(tmp, "api")
	todo = {}	# rel -> (copy, old text, [patches])
	cleans = {}	# rel -> its text given to the patches, comments blanked
	for n, rel in enumerate(mentioning(base, rels, newtext, hits)):
		try:
			if raw_of and rel in raw_of:
				raw = raw_of[rel]
			else:
				with open(os.path.join(base, rel), "rb") as f:
					raw = f.read()
		except OSError:
			continue
		old = decode(raw).replace("\r\n", "\n")
		crlf = b"\r\n" in raw
		cur = newtext.get(rel, old).replace("\r\n", "\n")
		header = rel.endswith(".h") and not rel.startswith("include/linux/")
		if not may_want(cur) and not (header and "define" in cur):
			continue
		clean = cleans[rel] = sites.strip_comments(cur)
		# a kernel tree's own include/linux defines these for real
		if header:
			own = sites.own_definitions(cur)
			for m in COMPAT_DEF_RE.finditer(clean):
				ln = clean.count("\n", 0, m.start()) + 1
				if m.group(1) == "MODULE_PARM" and ln in own:
					continue	# the header's own macro (ownheader.py)
				a.sites.append((rel, ln, 1, "left", "compat-header"))
				a.files.add(rel)
				a.diags.append((rel, ln, 1, "note", "compat-header", "'%s' defined by the "
						"package (its compatibility layer for old kernels, not a "
						"parameter): left unchanged; on 6.1 the kernel's own "
						"<linux/moduleparam.h> is used" % m.group(1)))
		pats = wanted(clean)
		if not pats:
			continue
		d = os.path.join(work, str(n))
		os.makedirs(d)
		# the base name is kept: modparm_helpers.cocci knows a package's
		# own moduleparam.h by it
		copy = os.path.join(d, os.path.basename(rel))
		with open(copy, "w", errors="surrogateescape") as f:
			f.write(cur)
		todo[rel] = (copy, old, cur, pats, crlf, raw)
	by_copy = {c: rel for rel, (c, _, _, _, _, _) in todo.items()}

	def collect(p, files, given, returncode, log):
		"""Take the sites and diagnostics of the run of p into a and t."""
		nsites, ndiags = len(a.sites), len(a.diags)
		for line in log.split("\n"):
			m = SITE_RE.match(line)
			if m and m.group(1) in by_copy:
				rel = by_copy[m.group(1)]
				a.sites.append((rel, int(m.group(2)), int(m.group(3)), m.group(4), m.group(5)))
				a.files.add(rel)
				continue
			m = DIAG_RE.match(line)
			if m and m.group(1) in by_copy:
				a.diags.append((by_copy[m.group(1)], int(m.group(2)), int(m.group(3)),
						m.group(4), m.group(6), m.group(5)))
		for k in range(nsites, len(a.sites)):
			rel, ln = a.sites[k][:2]
			if given[rel] != todo[rel][2]:
				a.sites[k] = (rel, line_before(todo[rel][2], given[rel], ln)) + a.sites[k][2:]
		for k in range(ndiags, len(a.diags)):
			rel, ln = a.diags[k][:2]
			if given[rel] != todo[rel][2]:
				a.diags[k] = (rel, line_before(todo[rel][2], given[rel], ln)) + a.diags[k][2:]
		if returncode != 0:
			for c in files:
				rel = by_copy[c]
				t.diags.append((rel, 0, 0, "error", "parse", "%s failed on this file: "
						"its module-parameter API left as it was" % p))
			t.failed += [by_copy[c] for c in files if by_copy[c] not in t.failed]

	def finish(runs):
		"""Wait for the runs begun, each timed when it ends, and collect
		them in PATCHES order."""
		left = [r[3] for r in runs]
		while left:
			for proc, t0, cmd in [r for r in left if r[0].poll() is not None]:
				spatch.timed(cmd, time.monotonic() - t0)
				left.remove((proc, t0, cmd))
			if left:
				time.sleep(0.01)
		for p, files, given, (proc, t0, cmd), err in runs:
			with open(err, "rb") as f:
				log = f.read().decode("utf-8", "surrogateescape")
			collect(p, files, given, proc.returncode, log)

	# the patches run at once, each on its files, while no file is one
	# that a patch before it in PATCHES changes: most runs are spatch's
	# start and one or two files (6.1: moduleparam.h, params.c) beside
	# the long run of modparm_call_const.cocci, and would each wait for
	# the one before
	runs, busy = [], set()
	try:
		for p in PATCHES:
			files = [c for rel, (c, _, _, pats, _, _) in sorted(todo.items()) if p in pats]
			if not files:
				continue
			if busy & set(files):
				# this patch reads what the ones before it leave
				finish(runs)
				runs, busy = [], set()
			busy.update(files)
			# the text each file gives this patch (the ones before it may
			# have removed lines): its sites are lines of that text
			given = {}
			for c in files:
				with open(c, errors="surrogateescape") as f:
					given[by_copy[c]] = f.read()
			if p == "modparm_call_const.cocci":
				files = [lean_copy(c, given[by_copy[c]], by_copy, cleans.get(by_copy[c])
						   if given[by_copy[c]] == todo[by_copy[c]][2] else None)
					 for c in files]
			groups = os.path.join(work, p + ".groups")
			with open(groups, "w", errors="surrogateescape") as f:
				f.write("".join(c + "\n\n" for c in files))
			cmd = [o.spatch, "--sp-file", os.path.join(here, p), "-D", "patch",
			       "--in-place", "--very-quiet", "--no-includes"] + python_option() + [
			       "--jobs", str(o.jobs), "--tmp-dir", os.path.join(work, p + ".jobs"),
			       "--file-groups", groups]
			# its log in a file: a pipe of each run would have to be
			# read while the others run
			err = os.path.join(work, p + ".log")
			with open(err, "wb") as f:
				proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=f, cwd=work)
			runs.append((p, files, given, (proc, time.monotonic(), cmd), err))
		finish(runs)
		runs = []
	finally:
		for _, _, _, (proc, _, _), _ in runs:
			if proc.poll() is None:
				proc.kill()
				proc.wait()
	# the patches saw the text after the MODULE_PARM conversion; the
	# diagnostics name the lines of the file as it is
	for k, (rel, ln, col, what, form) in enumerate(a.sites):
		a.sites[k] = (rel, old_line(todo, rel, ln, newtext0), col, what, form)
	for k, d in enumerate(a.diags):
		a.diags[k] = (d[0], old_line(todo, d[0], d[1], newtext0)) + d[2:]
	t.diags.extend(a.diags)
	for rel, (copy, old, cur, pats, crlf, raw) in sorted(todo.items()):
		with open(copy, errors="surrogateescape") as f:
			new = f.read()
		if new == cur:
			continue
		a.changed[rel] = new
		newtext[rel] = new.replace("\n", "\r\n") if crlf else new
		data = (new.replace("\n", "\r\n") if crlf else new).encode("utf-8", "surrogateescape")
		mine = [d for d in a.diags if d[0] == rel]
		for k, ch in enumerate(t.changed):
			if ch[0] == rel:
				t.changed[k] = (rel, ch[1], data, ch[3], ch[4] + mine)
				break
		else:
			t.changed.append((rel, raw, data, [], mine))
	t.changed.sort(key=lambda c: c[0])
	shutil.rmtree(work, ignore_errors=True)


def lean_copy(copy, text, by_copy, clean=None):
	"""The file to give modparm_call_const.cocci for copy (text its
	contents, clean those blanked by strip_comments, when known): a
	copy of it with lean_call_text(), beside it (the same base name),
	named in by_copy, or copy itself."""
	lean = lean_call_text(text, sites.strip_comments(text) if clean is None else clean)
	if lean is None:
		return copy
	d = os.path.join(os.path.dirname(copy), "lean")
	os.makedirs(d)
	path = os.path.join(d, os.path.basename(copy))
	with open(path, "w", errors="surrogateescape") as f:
		f.write(lean)
	by_copy[path] = by_copy[copy]
	return path


def old_line(todo, rel, ln, newtext):
	"""Line ln of the text the patches were given for rel, as a line of
	the file itself (the MODULE_PARM conversion moved lines)."""
	if rel not in newtext or rel not in todo:
		return ln
	return sites.line_before(todo[rel][1], newtext[rel].replace("\r\n", "\n"), ln)


def message(rel, a, fdiags):
	"""The commit message paragraph (or whole message, when the file had
	no MODULE_PARM) of the API sites of file rel."""
	mine = [s for s in a.sites if s[0] == rel]
	conv = sorted(set(s[4] for s in mine if s[3] == "converted"))
	left = sorted(set(s[1] for s in mine if s[3] == "left"))
	out = textwrap.wrap(" ".join(WHY[f] for f in conv), 72)
	if left:
		out += ["", "Left unchanged (see below): line%s %s." % (
			"s" if len(left) > 1 else "", ", ".join(map(str, left)))]
	return out


def amend(changes, a):
	"""The commit messages of changes ([(rel, old, new, message)]) with
	the API's part: a file with no MODULE_PARM gets a message of its
	own."""
	out = []
	for rel, old, new, msg in changes:
		extra = message(rel, a, None)
		if not extra:
			out.append((rel, old, new, msg))
			continue
		stem = os.path.splitext(os.path.basename(rel))[0]
		if "\nConvert " not in msg and "Remove " not in msg:
			diags = [l for l in msg.split("\n") if l.startswith("  ")]
			msg = "\n".join(["%s: update the module-parameter API for 6.1" % stem, ""] +
					extra + (["", "Diagnostics:"] + diags if diags else []) +
					["", "Generated by cocci/modparm-convert (Coccinelle, %s)."
					 % ", ".join(PATCHES)]) + "\n"
		else:
			head, sep, rest = msg.partition("\n\nDiagnostics:")
			if not sep:
				head, sep, rest = msg.partition("\n\nGenerated by")
			msg = head + "\n\n" + "\n".join(extra) + sep + rest
		out.append((rel, old, new, msg))
	return out


def summary(t, name):
	"""The summary line of the API sites."""
	a = getattr(t, "api", None)
	if not a or not a.sites:
		return []
	kinds = {}
	for s in a.sites:
		if s[3] == "left":
			# by the reason given, as the MODULE_PARM summary counts
			why = [d[4] for d in a.diags if d[:2] == s[:2] and d[3] != "note"] or \
				[d[4] for d in a.diags if d[:2] == s[:2]] or [s[4]]
			kinds[why[0]] = kinds.get(why[0], 0) + 1
	# the old-kernel half of a compat block needs nothing: already right,
	# as the MODULE_PARM summary counts it
	compat = kinds.pop("compat", 0)
	return ["modparm-convert: %s: %d module-parameter API site%s in %d file%s, "
		"%d converted, %d already right%s, %d left%s" % (
			name, len(a.sites), "" if len(a.sites) == 1 else "s", len(a.files),
			"" if len(a.files) == 1 else "s", a.count("converted"),
			a.count("unchanged") + compat,
			" (%d of them in the old-kernel branch of a compat block, kept)" % compat
			if compat else "", a.count("left") - compat,
			" (" + ", ".join("%d %s" % (n, k) for k, n in sorted(kinds.items())) + ")"
			if kinds else "")]
