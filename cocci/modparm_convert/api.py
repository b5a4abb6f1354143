# SPDX-License-Identifier: GPL-2.0-only
"""The module-parameter API after MODULE_PARM: the semantic patches that
bring a 2.6 driver's module_param_array counts, module_param_call
handlers and parameter helpers to what 6.1 compiles, run over the tree
after the MODULE_PARM conversion (on its result, so one patch per file
holds both), and the package compatibility headers that are left."""

import os
import re
import shutil
import subprocess
import textwrap

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
		clean = sites.strip_comments(cur)
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
	for p in PATCHES:
		files = [c for rel, (c, _, _, pats, _, _) in sorted(todo.items()) if p in pats]
		if not files:
			continue
		# the text each file gives this patch (the ones before it may
		# have removed lines): its sites are lines of that text
		given = {}
		for c in files:
			with open(c, errors="surrogateescape") as f:
				given[by_copy[c]] = f.read()
		nsites, ndiags = len(a.sites), len(a.diags)
		groups = os.path.join(work, p + ".groups")
		with open(groups, "w", errors="surrogateescape") as f:
			f.write("".join(c + "\n\n" for c in files))
		r = spatch.run([o.spatch, "--sp-file", os.path.join(here, p), "-D", "patch",
				    "--in-place", "--very-quiet", "--no-includes"] + python_option() + [
				    "--jobs", str(o.jobs), "--tmp-dir", os.path.join(work, p + ".jobs"),
				    "--file-groups", groups], stdout=subprocess.DEVNULL,
				   stderr=subprocess.PIPE, cwd=work)
		log = r.stderr.decode("utf-8", "surrogateescape")
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
		if r.returncode != 0:
			for c in files:
				rel = by_copy[c]
				t.diags.append((rel, 0, 0, "error", "parse", "%s failed on this file: "
						"its module-parameter API left as it was" % p))
			t.failed += [by_copy[c] for c in files if by_copy[c] not in t.failed]
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
	return ["modparm-convert: %s: %d module-parameter API site%s in %d file%s, "
		"%d converted, %d already right, %d left%s" % (
			name, len(a.sites), "" if len(a.sites) == 1 else "s", len(a.files),
			"" if len(a.files) == 1 else "s", a.count("converted"),
			a.count("unchanged"), a.count("left"),
			" (" + ", ".join("%d %s" % (n, k) for k, n in sorted(kinds.items())) + ")"
			if kinds else "")]
