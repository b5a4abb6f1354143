# SPDX-License-Identifier: GPL-2.0-only
"""What spatch said about one file: the sites it decided and the
diagnostics it gave."""

import re

DIAG_RE = re.compile(r'^(.*?):(\d+):(\d+): (warning|note|error): (.*) \[modparm-([\w-]+)\]$')
SITE_RE = re.compile(r'^modparm-site: (.*?):(\d+)(?::(\d+))?: (converted|left) (\w+)$')
# what a converted site's record says of its declaration (--check-build)
DECL_KEYS = ("type", "qtype", "rtype", "dims", "decl", "sect")


class FileResult:
	"""sites: {line: (converted|left, form)}; diags: [(line, col, severity,
	kind, message)]; new: the rewritten text, None when spatch failed.
	A line may hold several sites ('MODULE_PARM(io, "i");
	MODULE_PARM(irq, "i");'): each has {line: {column: ...}}, and
	decided() lists every site."""

	def __init__(self):
		self.sites = {}
		self.vars = {}		# line -> variable, when spatch said
		self.decls = {}		# line -> declaration of a converted site
		self.each = {}		# line -> {column: [what, form, variable, declaration]}
		self.diags = []
		self.new = None
		self.failed = False
		self.crash = None	# the error of modparm.cocci's python, when it failed

	def add(self, line, col, what, form, var=None, decl=None):
		self.sites[line] = (what, form)
		if var is not None:
			self.vars[line] = var
		if decl is not None:
			self.decls[line] = decl
		if col is not None:
			self.each.setdefault(line, {})[col] = [what, form, var, decl]

	def decided(self):
		"""Every site spatch decided, in file order, as (line, column or
		None, what, form, variable or None, declaration or None)."""
		out = []
		for ln in sorted(self.sites):
			cols = self.each.get(ln)
			if cols:
				out += [(ln, c) + tuple(cols[c]) for c in sorted(cols)]
			else:
				out.append((ln, None) + self.sites[ln] +
					   (self.vars.get(ln), self.decls.get(ln)))
		return out


def parse_log(text):
	"""A FileResult from spatch's stderr with -D stats."""
	r = FileResult()
	for line in text.split("\n"):
		m = SITE_RE.match(line)
		if m:
			r.add(int(m.group(2)), m.group(3) and int(m.group(3)), m.group(4), m.group(5))
			continue
		m = DIAG_RE.match(line)
		if m:
			r.diags.append((int(m.group(2)), int(m.group(3)), m.group(4),
					m.group(6), m.group(5)))
	return r


def from_records(records, index):
	"""{file index: FileResult} from modparm.cocci's records (its finalize
	rule's JSON); index maps the file names spatch was given to indices."""
	out = {}
	for rec in records:
		n = index.get(rec.get("file"))
		if n is None:
			continue
		r = out.setdefault(n, FileResult())
		if "site" in rec:
			r.add(rec["line"], rec.get("col"), rec["site"], rec["form"], rec.get("var"),
			      {k: rec[k] for k in DECL_KEYS if k in rec} if "decl" in rec else None)
		else:
			r.diags.append((rec["line"], rec["col"], rec["severity"], rec["kind"], rec["message"]))
	return out


HUNK_RE = re.compile(r'^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@')


class DiffError(Exception):
	pass


def split_diff(text, known):
	"""{file: [diff lines]} of a diff spatch printed for several files;
	a file's part starts with "--- FILE" then "+++ ", FILE one of known."""
	out = {}
	cur = None
	lines = text.split("\n")
	for i, line in enumerate(lines):
		if line.startswith("--- ") and line[4:] in known and i + 1 < len(lines) \
				and lines[i + 1].startswith("+++ "):
			cur = out.setdefault(line[4:], [])
			continue
		if cur is not None:
			cur.append(line)
	return out


def apply_diff(old, diff):
	"""The text old with the unified diff lines applied (no fuzz: spatch
	computed them on this very text)."""
	src = old.split("\n")
	src = [l + "\n" for l in src[:-1]] + ([src[-1]] if src[-1] else [])
	new = []
	pos = 0
	last = None
	for line in diff:
		m = HUNK_RE.match(line)
		if m:
			start = int(m.group(1)) - (0 if m.group(2) == "0" else 1)
			if start < pos:
				raise DiffError("hunk at line %d overlaps" % (start + 1))
			new += src[pos:start]
			pos = start
			last = None
			continue
		if line.startswith("+++ "):
			continue
		if line.startswith("\\"):
			if last in ("+", " ") and new and new[-1].endswith("\n"):
				new[-1] = new[-1][:-1]
			continue
		if not line:
			continue
		kind, body = line[0], line[1:]
		if kind in " -":
			if pos >= len(src) or src[pos].rstrip("\n") != body:
				raise DiffError("line %d does not match spatch's diff" % (pos + 1))
			if kind == " ":
				new.append(src[pos])
			pos += 1
		elif kind == "+":
			new.append(body + "\n")
		else:
			raise DiffError("unexpected diff line %r" % line[:40])
		last = kind
	new += src[pos:]
	return "".join(new)


def realign(r, code, code_vars):
	"""spatch counts the lines of some old code differently (a string
	literal running over a raw line break): when its sites are the
	finder's sites (lines code, variables code_vars), the same variables
	in the same order, only on other lines, take the finder's lines,
	which are the file's."""
	dec = r.decided()
	seen = [d[0] for d in dec]
	if seen == code or len(seen) != len(code) or not r.vars:
		return False
	if [d[4] for d in dec] != code_vars:
		return False
	m = dict(zip(seen, code))
	if len(set(m.values())) != len(m):
		return False
	r.sites = {m[l]: v for l, v in r.sites.items()}
	r.vars = {m[l]: v for l, v in r.vars.items()}
	r.decls = {m[l]: v for l, v in r.decls.items()}
	r.each = {m[l]: v for l, v in r.each.items()}
	r.diags = [(m.get(d[0], d[0]),) + tuple(d[1:]) for d in r.diags]
	return True
