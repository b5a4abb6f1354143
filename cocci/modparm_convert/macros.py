# SPDX-License-Identifier: GPL-2.0-only
"""MODULE_PARM() inside #define bodies: wrapper macros and reverse shims.

Old drivers declared their parameters through macros of their own,
'#define INT_MODULE_PARM(n, v) static int n = v; MODULE_PARM(n, "i")',
and some mapped the new API back onto the old one for old kernels,
'#define module_param(x, y, z) MODULE_PARM(x, "i")'.

Why here and not in modparm.cocci: spatch (1.1.1) parses a #define body
only when it is a single expression, statement or declaration.  A body
that declares the variable and then calls MODULE_PARM, which is what every
wrapper of real code does, is a parse error to it ("BAD" in --parse-c),
so no SmPL rule can match the MODULE_PARM in it.  Instead, each *use* of
a wrapper is expanded, as cpp would, in a copy of its file that goes to
the same spatch run as the real files; modparm.cocci decides every
expansion as a site like any other (the type from the declaration the
macro writes, its diagnostics), and when every use of a definition gets
the same module_param*() text, that text, with the variable put back as
the macro's own argument, replaces the MODULE_PARM in the definition.
A shim is not converted (it would become a module_param that expands to
itself): it is removed when its #if makes it dead on every kernel that
has module_param, else left with the reason at each use."""

import collections
import difflib
import os
import re

from modparm_rules import cppcond

from . import fixups, sites

# the names of the API that replaced MODULE_PARM: a #define of one of
# them that expands to MODULE_PARM is a shim for old kernels
MODERN = ("module_param", "module_param_array", "module_param_named",
	  "module_param_string", "module_param_array_named", "module_param_call",
	  "module_param_cb")
DEFINE_RE = re.compile(r'\s*#\s*define\s+([A-Za-z_]\w*)(\(([^)]*)\))?')
COND_RE = re.compile(r'\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)')
CALL_RE = re.compile(r'\b(MODULE_PARM|module_param\w*)\s*\(')
MARK_RE = re.compile(r'\x01(\d+):(\d+)\x02')
USE_MARK_RE = re.compile(r'\x01(\d+):(\d+):(\d+)\x02')
TOKEN_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|\x01\d+:\d+\x02|##|#|'
		      r'[A-Za-z_]\w*|\s+|.', re.S)
VERSION_RE = re.compile(r'\(?LINUX_VERSION_CODE(<|<=|>=|>)KERNEL_VERSION\((\d+),(\d+),(\d+)\)\)?')
# the first kernels with module_param(); a version test that is false
# from there on makes its branch dead wherever module_param exists
MODULE_PARAM_SINCE = (2, 6, 0)


def balanced(text, i):
	"""The offset after the ')' that closes the '(' at text[i], or None."""
	depth = 0
	for j in range(i, len(text)):
		if text[j] == "(":
			depth += 1
		elif text[j] == ")":
			depth -= 1
			if depth == 0:
				return j + 1
	return None


class Define:
	"""One #define of a file: lines first..last (1-based), its
	parameters (None: object-like), its body with comments dropped, the
	#if blocks around it as (keyword of the #if, condition, keyword of the
	branch, branch number)."""

	def __init__(self, rel, first, last, name, params, body, conds):
		self.rel, self.first, self.last = rel, first, last
		self.name, self.params, self.body, self.conds = name, params, body, conds
		self.id = None
		self.ncalls = len(re.findall(r'\bMODULE_PARM\s*\(', body))
		self.kind = None	# wrapper, outer, shim, compat, self
		self.uses = []		# Use objects that see this definition
		self.texts = {}		# call number -> {new call text: [uses]}
		self.refused = []	# (use or None, reason)
		self.new = None		# {call number: new call text} once decided
		self.expand = {}	# use -> (first, last, new lines): expanded in place
		self.moved = {}		# use -> (line, spatch's line): a line added after line
		self.removed = False	# a shim that goes
		self.consts = set()	# call numbers whose variable a use found const
		self.unconst = {}	# call number -> the declaration whose const went
		self.unused = None	# the Use written for it when no file uses it

	def where(self):
		return "%s:%d" % (self.rel, self.first)


class Use:
	"""A use of a wrapper macro at rel:line:col, the definitions it sees
	(one list per name nested in it), and per variant of its expansion
	the markers (column of MODULE_PARM, define id, call number, variable)."""

	def __init__(self, rel, line, col, name, start, end, args):
		self.rel, self.line, self.col, self.name = rel, line, col, name
		self.start, self.end, self.args = start, end, args
		self.variants = []	# [(expanded line text, [(col, define, k, var)])]
		self.problem = None	# (kind, message): left before spatch
		self.defs = []		# the definitions it sees
		self.marks = {}		# variant -> [(column, define, call number, variable)]
		self.sline = line	# the line of its expansion in the copies
		self.status = []	# per site of variant 0: ("converted"|"left", kind)
		self.calls = {}		# (define id, call number) -> new call of variant 0
		self.diags = []
		self.unconst = []	# declarations of its expansion whose const went


def scan(rel, text):
	"""The #defines of a file and the state of each line ("code",
	"macro" or "dead" under #if 0) with its #if stack."""
	clean = sites.strip_comments(text, keep_strings=True)
	lines = clean.split("\n")
	defs = []
	states = []
	stack = []	# [if keyword, condition, branch keyword, branch number]
	i = 0
	if0 = 0
	while i < len(lines):
		s = lines[i]
		d = COND_RE.match(s)
		if d:
			kw, cond = d.group(1), re.sub(r'\s+', '', d.group(2))
			if kw.startswith("if"):
				stack.append([kw, cond, kw, 0])
				if if0 or (kw == "if" and cond == "0"):
					if0 += 1
			elif kw in ("elif", "else") and stack:
				stack[-1][2] = kw
				stack[-1][3] += 1
				if if0 == 1:
					if0 = 0
			elif kw == "endif" and stack:
				stack.pop()
				if if0:
					if0 -= 1
			states.append("dead" if if0 else "code")
			i += 1
			continue
		m = DEFINE_RE.match(s)
		if m:
			j = i
			while lines[j].rstrip().endswith("\\") and j + 1 < len(lines):
				j += 1
			whole = " ".join(l.rstrip()[:-1] if l.rstrip().endswith("\\") else l
					 for l in text.split("\n")[i:j + 1])
			whole = sites.strip_comments(whole, keep_strings=True)
			mm = DEFINE_RE.match(whole)
			params = None
			if mm.group(2) is not None:
				params = [p.strip() for p in mm.group(3).split(",") if p.strip()]
			body = whole[mm.end():].strip()
			if not if0:
				defs.append(Define(rel, i + 1, j + 1, mm.group(1), params, body,
						   [tuple(e) for e in stack]))
			states += ["dead" if if0 else "macro"] * (j - i + 1)
			i = j + 1
			continue
		states.append("dead" if if0 else "code")
		i += 1
	return defs, states


def version(m):
	return tuple(int(m.group(k)) for k in (2, 3, 4))


def dead_on_modern(conds, macros=None):
	"""Whether an #if around the line keeps it from every kernel that has
	module_param (#ifndef module_param, !defined(module_param_array),
	LINUX_VERSION_CODE < KERNEL_VERSION(2,6,0) and their #else; any
	other #if condition that is false on each of those kernels, its
	version macros taken from macros, {name: (params, body)})."""
	for ifkw, cond, brkw, br in conds:
		first = br == 0
		other = br == 1 and brkw == "else"
		name = re.fullmatch(r'(module_param\w*)', cond)
		if ifkw == "ifndef" and name and first:
			return True
		if ifkw == "ifdef" and name and other:
			return True
		if ifkw == "if" and first and re.fullmatch(r'!defined\(?module_param\w*\)?', cond):
			return True
		if ifkw == "if" and other and re.fullmatch(r'defined\(?module_param\w*\)?', cond):
			return True
		m = VERSION_RE.fullmatch(cond) if ifkw == "if" else None
		if m:
			op, v = m.group(1), version(m)
			if first and ((op == "<" and v <= MODULE_PARAM_SINCE) or
				      (op == "<=" and v < MODULE_PARAM_SINCE)):
				return True
			if other and ((op == ">=" and v <= MODULE_PARAM_SINCE) or
				      (op == ">" and v < MODULE_PARAM_SINCE)):
				return True
		if ifkw == "if" and first and cppcond.never_on_modern(cond, macros):
			return True
		# an #else, or an #elif, after a condition true on each of them
		if ifkw == "if" and br >= 1 and cppcond.always_on_modern(cond, macros):
			return True
	return False


def substitute(d, args, defs_for, depth=0):
	"""The expansion of a use of d with args: the parameters replaced
	(# and ## as cpp does them), each MODULE_PARM of d's own body marked
	with d and its call number, and the wrappers used in it expanded in
	turn (defs_for(name) gives the definition to use)."""
	if depth > 8:
		return None
	params = d.params or []
	if len(args) != len(params) and not (len(params) == 0 and args in ([], [""])):
		if not (params and params[-1] == "..."):
			return None
	amap = dict(zip(params, args))
	body = d.body
	k = [0]

	def mark(m):
		k[0] += 1
		return "\x01%d:%d\x02" % (d.id, k[0] - 1)
	body = re.sub(r'\bMODULE_PARM(?=\s*\()', mark, body)
	toks = TOKEN_RE.findall(body)
	out = []
	i = 0
	while i < len(toks):
		t = toks[i]
		if t == "#" and i + 1 < len(toks):
			j = i + 1
			while j < len(toks) and toks[j].isspace():
				j += 1
			if j < len(toks) and toks[j] in amap:
				out.append('"%s"' % amap[toks[j]].replace("\\", "\\\\").replace('"', '\\"'))
				i = j + 1
				continue
		if t == "##":
			while out and out[-1].isspace():
				out.pop()
			j = i + 1
			while j < len(toks) and toks[j].isspace():
				j += 1
			if j < len(toks):
				out.append(amap.get(toks[j], toks[j]))
			i = j + 1
			continue
		out.append(amap.get(t, t))
		i += 1
	text = re.sub(r'\s+', ' ', "".join(out)).strip()
	# the wrappers used in the expansion (a macro that uses another;
	# an object-like one such as SENSORS_INSMOD too), not in strings
	res = ""
	pos = 0
	for m in TOKEN_RE.finditer(text):
		if m.start() < pos or not re.match(r'[A-Za-z_]', m.group(0)):
			continue
		inner = defs_for(m.group(0))
		if inner is None:
			continue
		args, e = [], m.end()
		if inner.params is not None:
			o = re.match(r'\s*\(', text[m.end():])
			if not o:
				continue
			e = balanced(text, m.end() + o.end() - 1)
			if e is None:
				return None
			args = sites.split_args(text[m.end() + o.end():e - 1])
		sub = substitute(inner, args, defs_for, depth + 1)
		if sub is None:
			return None
		res += text[pos:m.start()] + sub
		pos = e
	return res + text[pos:]


def includes(path, text, dirs=None):
	"""The local headers of a file as the compiler finds them with the
	package's include path: "x.h" beside it first, then (for "x.h" and
	<x/y.h>) the -I directories dirs in order, or without them the
	include/ directories of its ancestors, the nearest first."""
	here = os.path.dirname(os.path.abspath(path))
	out = []
	for m in re.finditer(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', text, re.M):
		rel = m.group(2)
		cand = [os.path.join(here, rel)] if m.group(1) == '"' else []
		if dirs:
			cand += [os.path.join(d, rel) for d in dirs]
		else:
			d = here
			for _ in range(8):
				cand.append(os.path.join(d, "include", rel))
				if os.path.dirname(d) == d:
					break
				d = os.path.dirname(d)
		for c in cand:
			if os.path.isfile(c):
				out.append(os.path.normpath(c))
				break
	return out


class Macros:
	"""The wrapper macros and shims of one tree, their uses, and the
	copies of files (uses expanded) that spatch decides."""

	def __init__(self, base, texts, dirs=None):
		# texts: {rel: text} of every file that mentions MODULE_PARM;
		# dirs: the package's -I directories (absolute), or None
		self.base = base
		self.dirs = dirs or None
		self.texts = dict(texts)
		self.defs = []
		self.byname = collections.defaultdict(list)
		self.notes = []		# (rel, line, severity, kind, message): not sites
		self.uses = []
		self.shim_uses = []	# (use, shim define)
		self.states = {}
		self.synth = []		# (rel, variant, text, [uses])
		self.edits = collections.defaultdict(list)	# rel -> [(first, last, [new lines])]
		self.inserts = {}	# use -> [edits]: its lines spatch put after a declaration
		self.scanned = {}
		self.headers = {}

	def scan(self, rel):
		if rel not in self.scanned:
			self.scanned[rel] = scan(rel, self.read(rel))
		return self.scanned[rel]

	def version_macros(self, rel):
		"""{name: (params, body)} of the #defines an #if of rel may use
		to compute a version ('VERSION(2,5,0)'): those of rel first, then
		of the other files read (its headers among them)."""
		out = {}
		for r in [rel] + sorted(self.scanned):
			for d in self.scan(r)[0]:
				if d.name not in out and d.name not in MODERN and \
						d.name != "MODULE_PARM" and not d.ncalls:
					out[d.name] = (d.params, d.body)
		return out

	def dead(self, d):
		return dead_on_modern(d.conds, self.version_macros(d.rel))

	def read(self, rel):
		if rel not in self.texts:
			try:
				with open(os.path.join(self.base, rel), "rb") as f:
					self.texts[rel] = f.read().decode("utf-8", "surrogateescape").replace("\r\n", "\n")
			except OSError:
				self.texts[rel] = ""
		return self.texts[rel]

	def find_definitions(self, macro_sites):
		"""macro_sites: {rel: [lines of MODULE_PARM in #define bodies]}."""
		self.macro_sites = macro_sites
		for rel in sorted(macro_sites):
			defs, states = self.scan(rel)
			self.states[rel] = states
			for ln in macro_sites[rel]:
				d = next((d for d in defs if d.first <= ln <= d.last), None)
				if d is None:
					self.notes.append((rel, ln, "note", "in-macro", "MODULE_PARM in "
							   "a #define under #if 0: not converted"))
					continue
				if d in self.defs:
					continue
				if d.name == "MODULE_PARM":
					self.notes.append((rel, ln, "note", "in-macro", "a #define of "
							   "MODULE_PARM itself (for kernels without it): "
							   "not a parameter, left"))
					continue
				if d.params is None or d.ncalls == 0:
					self.notes.append((rel, ln, "note", "in-macro", "MODULE_PARM in "
							   "the object-like #define %s: not converted (expand "
							   "it by hand if it is still used)" % d.name))
					continue
				d.kind = ("shim" if d.name in MODERN else
					  "compat" if self.dead(d) else "wrapper")
				d.id = len(self.defs)
				self.defs.append(d)
				self.byname[d.name].append(d)
		# a macro whose body uses a wrapper is one too (its uses are the
		# parameters; the wrapper inside it is rewritten)
		grew = True
		while grew:
			grew = False
			names = [n for n, ds in self.byname.items()
				 if any(d.kind in ("wrapper", "outer") for d in ds)]
			if not names:
				break
			pat = re.compile(r'\b(%s)\b' % "|".join(map(re.escape, names)))
			for rel in list(self.states):
				for d in self.scan(rel)[0]:
					if any(d.rel == e.rel and d.first == e.first for e in self.defs):
						continue
					if pat.search(d.body) and d.name not in MODERN:
						d.kind = "compat" if self.dead(d) else "outer"
						d.id = len(self.defs)
						self.defs.append(d)
						self.byname[d.name].append(d)
						grew = True

	def visible(self, rel, line, name):
		"""The definitions of name a use at rel:line sees: those of the
		file above it, else those of the headers it includes (three
		levels), else those of any header of the tree; and whether a
		definition in the file comes only after the use."""
		here = [d for d in self.byname.get(name, []) if d.rel == rel]
		above = [d for d in here if d.first < line]
		if above:
			return above, False
		key = (rel, name)
		if key not in self.headers:
			self.headers[key] = self.included(rel, name)
		if self.headers[key]:
			return self.headers[key], False
		return [], bool(here)

	def included(self, rel, name):
		"""The definitions of name in the headers rel includes (three
		levels); for a wrapper, when none, those of any header of the
		tree (a header found by the driver's Makefile -I flags)."""
		seen, todo, found = set(), [(os.path.join(self.base, rel), 0)], []
		other = False	# a header on the path defines name, not as a wrapper
		while todo:
			p, depth = todo.pop(0)
			if p in seen or depth > 3:
				continue
			seen.add(p)
			try:
				with open(p, errors="replace") as f:
					t = f.read()
			except OSError:
				continue
			for h in includes(p, t, self.dirs):
				hr = os.path.relpath(h, os.path.abspath(self.base))
				mine = [d for d in self.byname.get(name, []) if d.rel == hr
					and d not in found]
				found += mine
				if not mine and not found and h not in seen and \
						any(d.name == name for d in self.scan(hr)[0]):
					# the header the build includes has its own
					# (modern) #define of it: another header's
					# wrapper of the same name is not this file's
					other = True
				todo.append((h, depth + 1))
		if found or name in MODERN or other:
			return found
		return [d for d in self.byname.get(name, []) if d.rel.endswith(".h")]

	def find_uses(self, rels):
		"""Uses of the wrappers and shims in the files rels (relative
		paths), outside #define bodies and #if 0."""
		if not self.defs:
			return
		names = sorted(self.byname)
		pat = re.compile(r'\b(%s)\b(\s*\()?' % "|".join(map(re.escape, names)))
		for rel in rels:
			text = self.read(rel)
			if not pat.search(text):
				continue
			if rel not in self.states:
				self.states[rel] = scan(rel, text)[1]
			states = self.states[rel]
			clean = sites.strip_comments(text)
			starts = [0]
			for l in clean.split("\n"):
				starts.append(starts[-1] + len(l) + 1)
			for m in pat.finditer(clean):
				line = clean.count("\n", 0, m.start()) + 1
				if states[line - 1] != "code":
					continue
				if clean[starts[line - 1]:m.start()].lstrip().startswith("#"):
					continue	# #ifdef NAME, #if defined(NAME), #undef NAME
				objlike = all(d.params is None for d in self.byname[m.group(1)])
				if objlike:
					e, args = m.start() + len(m.group(1)), []
				elif m.group(2) is None:
					continue
				else:
					e = balanced(clean, m.end() - 1)
					if e is None:
						continue
					args = sites.split_args(text[m.end():e - 1])
				u = Use(rel, line, m.start() - starts[line - 1] + 1, m.group(1), m.start(), e,
					args)
				ds, later = self.visible(rel, line, u.name)
				shims = [d for d in ds if d.kind == "shim"]
				if shims:
					self.shim_uses.append((u, shims))
					continue
				live = [d for d in ds if d.kind in ("wrapper", "outer")]
				if not live:
					if later and u.name not in MODERN:
						self.uses.append(u)
						d = self.byname[u.name][0]
						u.problem = ("in-macro", "%s is used here before its #define "
							     "at line %d: the preprocessor does not expand it "
							     "here; move the #define above its first use"
							     % (u.name, d.first))
					continue
				u.defs = live
				self.uses.append(u)
				for d in live:
					d.uses.append(u)

	def expand(self):
		"""The copies of the files with uses: each use replaced by its
		expansion on its first line, the rest of its lines emptied and the
		definitions of the wrappers emptied (spatch cannot parse them);
		one copy per variant when a use sees several definitions."""
		byrel = collections.defaultdict(list)
		for u in self.uses:
			if u.problem is None:
				byrel[u.rel].append(u)
		for rel, uses in sorted(byrel.items()):
			text = self.read(rel)
			nvar = max(len(u.defs) for u in uses)
			for v in range(nvar):
				ok = []
				for u in uses:
					d = u.defs[min(v, len(u.defs) - 1)]

					def defs_for(name, rel=rel, line=u.line, v=v):
						ds = [e for e in self.visible(rel, line, name)[0]
						      if e.kind in ("wrapper", "outer")]
						return ds[min(v, len(ds) - 1)] if ds else None
					x = substitute(d, u.args, defs_for)
					if x is None:
						if v == 0:
							u.problem = ("in-macro", "this use of %s does not expand "
								     "(arguments do not match the #define at %s): "
								     "not converted" % (u.name, d.where()))
						continue
					# modparm.cocci's rule wants the ';' after MODULE_PARM(...)
					x = self.terminate(x)
					if not MARK_RE.search(x):
						if v == 0:
							u.problem = ("in-macro", self.unexpanded(u, d))
						continue
					u.variants.append(x)
					ok.append(u)
				self.synth.append((rel, v, self.copy(rel, text, ok, v), ok))
		# the MODULE_PARMs the uses' expansions hold, through other
		# macros too ('QUEUE_PARM(rx)' of INT_MODULE_PARM)
		reached = {int(m.group(1)) for u in self.uses for x in u.variants
			   for m in MARK_RE.finditer(x)}
		for d in self.defs:
			if d.kind == "wrapper" and not d.uses and d.id not in reached and \
					self.fixes_type(d):
				self.unused_use(d)

	def fixes_type(self, d):
		"""Does d's body declare the variable of each of its MODULE_PARMs
		with a type no argument of a use changes ('static char *VAR =
		INIT; MODULE_PARM(VAR, "s")')?  Then every use gets the same
		module_param line, and d converts without one."""
		if not d.params or "..." in d.params or not d.ncalls or self.dead(d):
			return False
		for k in range(d.ncalls):
			var = self.call_arg(d, k)
			if var is None or var.strip() not in d.params:
				return False
			m = re.search(r'(?:^|[;{}])\s*([A-Za-z_][\w\s]*?[\s*]+)%s\s*(?:\[[^\]]*\]\s*)*(?:=[^;]*)?;'
				      % re.escape(var.strip()), d.body)
			if not m or set(re.findall(r'\w+', m.group(1))) & set(d.params):
				return False
		return True

	def unused_use(self, d):
		"""A use of d written after the end of a copy of its file, each
		argument its parameter's own name, for spatch to decide: its
		lines are those of every use, so d converts with the other
		wrappers of its header (never counted: no file uses it)."""
		text = self.read(d.rel).rstrip("\n") + "\n"
		call = "%s(%s)" % (d.name, ", ".join(d.params))
		u = Use(d.rel, text.count("\n") + 1, 1, d.name, len(text), len(text) + len(call),
			list(d.params))
		text += call + ";\n"
		u.defs = [d]
		x = substitute(d, u.args, lambda name: None)
		if x is None:
			return
		x = self.terminate(x)
		if not MARK_RE.search(x):
			return
		u.variants.append(x)
		d.unused = u
		self.synth.append((d.rel, -1, self.copy(d.rel, text, [u], -1), [u]))

	def unexpanded(self, u, d):
		"""Why use u of d expands to no MODULE_PARM: a wrapper its body
		uses that the file defines only below the use, or none found."""
		for m in re.finditer(r'\b[A-Za-z_]\w*\b', d.body):
			ds, later = self.visible(u.rel, u.line, m.group(0))
			if not ds and later:
				e = next(e for e in self.byname[m.group(0)] if e.rel == u.rel)
				return ("this use of %s expands to %s, whose #define is at line %d, "
					"below this use: the preprocessor does not expand it here; "
					"move the #define above the use" % (u.name, e.name, e.first))
		return ("this use of %s expands to no MODULE_PARM (the #define it uses is "
			"not found): not converted" % u.name)

	@staticmethod
	def terminate(x):
		out = ""
		pos = 0
		for m in MARK_RE.finditer(x):
			e = balanced(x, x.index("(", m.end()))
			if e is None:
				continue
			out += x[pos:e]
			pos = e
			if not re.match(r'\s*;', x[e:]):
				out += ";"
		return out + x[pos:]

	def copy(self, rel, text, uses, v):
		"""The copy of rel for variant v: each use replaced by its
		expansion, the newlines it spanned put before it (so that the
		lines keep their numbers; the expansion is on the use's last line,
		u.sline), the definitions of the wrappers emptied."""
		tag = {}
		for u in sorted(uses, key=lambda u: -u.start):
			tag[id(u)] = len(tag)
			nl = text.count("\n", u.start, u.end)
			x = MARK_RE.sub(lambda m, t=tag[id(u)]: "\x01%d:%s\x02" % (t, m.group(0)[1:-1]),
					u.variants[-1])
			text = text[:u.start] + "\n" * nl + x + text[u.end:]
			u.sline = u.line + nl
		lines = text.split("\n")
		for d in self.defs:
			if d.rel == rel and d.kind in ("wrapper", "outer", "compat"):
				for i in range(d.first - 1, d.last):
					lines[i] = ""
		marks = collections.defaultdict(list)
		for n, line in enumerate(lines):
			while True:
				m = USE_MARK_RE.search(line)
				if not m:
					break
				o = line.index("(", m.end())
				var = sites.split_args(line[o + 1:balanced(line, o) - 1])[0]
				marks[int(m.group(1))].append((m.start() + 1, self.defs[int(m.group(2))],
							       int(m.group(3)), var))
				line = line[:m.start()] + "MODULE_PARM" + line[m.end():]
			lines[n] = line
		for u in uses:
			u.marks[v] = marks[tag[id(u)]]
		return "\n".join(lines)

	def decide(self, results):
		"""results: {synth index: FileResult} of spatch on the copies.
		Each use's sites get their module_param text (variable put back as
		the macro's argument) or a reason; then each definition is
		converted when all its uses agree."""
		for n, (rel, v, text, uses) in enumerate(self.synth):
			r = results.get(n)
			new_lines = None
			old_lines = text.split("\n")
			if r is not None and not r.failed and r.new is not None:
				new_lines = r.new.decode("utf-8", "surrogateescape").split("\n")
				# spatch glues what is left of a line to the line above
				# when it moves a MODULE_PARM away: the converter's
				# repairs put it back, so that each use has its line
				new_lines = fixups.split_glued(old_lines, new_lines)
			# old line -> (old lines, new lines) of the block of spatch's
			# changes that holds it
			linemap = {}
			if new_lines is not None:
				sm = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
				for op, i1, i2, j1, j2 in sm.get_opcodes():
					for i in range(i1, i2):
						linemap[i] = ((i, i + 1), (j1 + i - i1, j1 + i - i1 + 1)) \
							if op == "equal" else ((i1, i2), (j1, j2))
			decided = r.decided() if r is not None else []
			for u in uses:
				marks = u.marks[v]
				cols = [mk[0] for mk in marks]
				here = {x[1]: x for x in decided if x[0] == u.sline and x[1] in cols}
				diags = [d for d in (r.diags if r is not None else [])
					 if d[0] == u.sline and d[1] in cols]
				if v == 0:
					u.diags = diags
				for i, (col, d, k, var) in enumerate(marks):
					st = self.one(u, col, here.get(col), old_lines, new_lines, linemap, diags)
					if v == 0:
						u.status.append(st)
					if st[0] == "converted":
						call = st[2]
						if len(st) > 3:
							# its line went after the declaration: the
							# use alone can follow it (expansions)
							d.moved.setdefault(u, []).append((k, st[3]))
						if any(dg[1] == col and dg[3] in ("const", "const-charp")
						       for dg in diags):
							d.consts.add(k)
						if v == 0:
							u.calls[(d.id, k)] = call
						orig = self.call_arg(d, k)
						if orig is None:
							d.refused.append((u, "its MODULE_PARM spans several lines"))
							continue
						text_k = re.sub(r'\b%s\b' % re.escape(var), lambda m: orig, call)
						perm = self.perm_param(d)
						if perm is not None:
							text_k = with_perm(text_k, d.params[perm])
						d.texts.setdefault(k, {}).setdefault(text_k, []).append(u)
					else:
						d.refused.append((u, st[2]))
		for d in self.defs:
			if d.kind not in ("wrapper", "outer"):
				continue
			if d.kind == "outer" or (not d.texts and not d.refused):
				continue
			shim = self.live_shim(d)
			if shim is not None:
				d.refused.append((None, "its converted line would call %s, which the "
						  "driver's own #define at %s maps onto MODULE_PARM on "
						  "every kernel (no #if keeps it from those with %s): "
						  "remove that #define by hand, then convert again"
						  % (shim.name, shim.where(), shim.name)))
				continue
			if d.moved or any(len(d.texts.get(k, {})) > 1 for k in range(d.ncalls)):
				d.expand = self.expansions(d)
				continue
			if d.refused:
				continue
			if any(len(d.texts.get(k, {})) != 1 for k in range(d.ncalls)):
				continue
			d.new = {k: next(iter(d.texts[k])) for k in range(d.ncalls)}

	def perm_param(self, d):
		"""The index of d's parameter that is the permission, or None: the
		one another #define of the name in d's file passes as
		module_param*'s last argument (its branch for the kernels that
		have module_param), else one named perm or permission."""
		if not d.params:
			return None
		for e in self.scan(d.rel)[0]:
			if e.name != d.name or e.params is None or \
					len(e.params) != len(d.params):
				continue
			for m in re.finditer(r'\bmodule_param\w*\s*\(', e.body):
				end = balanced(e.body, m.end() - 1)
				args = sites.split_args(e.body[m.end():end - 1]) if end else []
				if args and args[-1].strip() in e.params:
					return e.params.index(args[-1].strip())
		for k, p in enumerate(d.params):
			if re.fullmatch(r'_*(?:perms?|permissions?)_*', p, re.I):
				return k
		return None

	def live_shim(self, d):
		"""A reverse shim that stays (no #if keeps it from the kernels with
		module_param) of a macro that d's converted lines call, seen by a
		use of d: through it those lines would be MODULE_PARM again."""
		calls = " ".join(t for k in range(d.ncalls) for t in d.texts.get(k, {}))
		names = sorted(set(re.findall(r'\b(module_param\w*)\s*\(', calls)))
		for u in d.uses:
			for n in names:
				for e in self.visible(u.rel, u.line, n)[0]:
					if e.kind == "shim" and not self.dead(e):
						return e
		return None

	def expansions(self, d):
		"""The uses of d that need different module_param lines (types),
		so that no one #define serves them, each replaced by its own
		converted expansion, one statement a line, as upstream converted
		ftape's FT_MOD_PARM: {use: (first line, last line, new lines)}.
		Only a use of d alone in d's own file whose lines hold nothing
		else, every MODULE_PARM of its expansion converted in place."""
		out = {}
		text = self.read(d.rel)
		clean = sites.strip_comments(text)
		for u in d.uses:
			if u.rel != d.rel or u.problem or len(u.defs) != 1 or \
					self.defs_of(u) != [d] or len(u.variants) != 1 or \
					not u.status or any(st[0] != "converted" for st in u.status) or \
					len(u.calls) != len(u.marks.get(0, [])):
				continue
			bol = clean.rfind("\n", 0, u.start) + 1
			eol = clean.find("\n", u.end)
			eol = len(clean) if eol < 0 else eol
			if clean[bol:u.start].strip() or \
					not re.fullmatch(r'\s*;?\s*', clean[u.end:eol]):
				continue
			x = u.variants[0]
			res = ""
			pos = 0
			moved = dict(d.moved.get(u, []))
			lines = text.split("\n")
			inserts = []
			for m in MARK_RE.finditer(x):
				e = balanced(x, x.index("(", m.end()))
				k = int(m.group(2))
				call = u.calls.get((int(m.group(1)), k))
				if e is None or call is None:
					res = None
					break
				perm = self.perm_param(d)
				if perm is not None and perm < len(u.args):
					# the use's own permission, as its #define passes it
					call = with_perm(call, u.args[perm].strip())
				if k in moved:
					# spatch's line after the declaration, which the
					# copy has at the file's line (not a use, not d)
					ln, line = moved[k]
					if d.first <= ln <= d.last or any(
							w.rel == d.rel and w.line <= ln <=
							w.line + text.count("\n", w.start, w.end)
							for w in self.uses):
						res = None
						break
					inserts.append((ln, ln, [lines[ln - 1], line]))
					call = ""
				res += x[pos:m.start()] + call
				pos = e
			if res is None:
				continue
			stmts = split_statements(res + x[pos:] if not inserts else
						 MOVED_RE.sub(r'\1', res + x[pos:]))
			if stmts is None or any(re.search(r'\bMODULE_PARM\s*\(', t) for t in stmts):
				continue
			indent = re.match(r'[ \t]*', text[bol:]).group(0)
			first = u.line
			last = first + text.count("\n", u.start, eol)
			# the #define's body wrote 'MODULE_PARM_DESC(var,desc)': the
			# new lines are kernel style, a space after each comma
			stmts = [re.sub(r'("(?:[^"\\]|\\.)*")|,(?=\S)',
					lambda m: m.group(1) or ", ", t) for t in stmts]
			# a const the use's site found: dropped, as from a #define
			for col, _, _, var in u.marks.get(0, []):
				if not any(dg[1] == col and dg[3] in ("const", "const-charp")
					   for dg in u.diags):
					continue
				for n, t in enumerate(stmts):
					got = unconst(t, var)
					if got:
						stmts[n] = got[0]
						u.unconst.append(got[1])
						break
			out[u] = (first, last, [indent + t + ";" for t in stmts])
			self.inserts[u] = inserts
		return out

	def one(self, u, col, site, old_lines, new_lines, linemap, diags):
		"""(converted, form, new call) or (left, kind, reason) of the
		MODULE_PARM at column col of the expansion of use u in one
		variant; site is spatch's decision of it."""
		if new_lines is None:
			return ("left", "parse", "spatch could not parse the expansion of %s here" % u.name)
		if site is None:
			return ("left", "parse", "spatch did not see the MODULE_PARM of this "
				"expansion of %s" % u.name)
		what, form = site[2:4]
		if what != "converted":
			kinds = [d[3] for d in diags]
			return ("left", kinds[-1] if kinds else "unknown",
				"its expansion here is left (%s)" % (kinds[-1] if kinds else "unknown"))
		if form == "drop":
			# a direct MODULE_PARM of no variable is removed; the macro
			# serves other uses, so only this use can go, by hand
			return ("left", "no-variable", "its expansion here names no variable "
				"(the old macro never referenced it): remove this use")
		# the calls of the block, old and new, matched in order by their
		# variable: the MODULE_PARM of this site is in place when the new
		# text has a call of its variable where it was, else spatch moved
		# its line (below the declaration, into another #if branch)
		(i1, i2), (j1, j2) = linemap[u.sline - 1]
		olds = []
		for n in range(i1, i2):
			for m in CALL_RE.finditer(old_lines[n]):
				e = balanced(old_lines[n], m.end() - 1)
				olds.append((n, m, sites.split_args(old_lines[n][m.end():e - 1])[0] if e else None))
		new = "\n".join(new_lines[j1:j2])
		news = []
		for m in CALL_RE.finditer(new):
			e = balanced(new, m.end() - 1)
			news.append((m, e, sites.split_args(new[m.end():e - 1])[0] if e else None))
		p = 0
		got = None
		for n, m, var in olds:
			q = next((q for q in range(p, len(news)) if news[q][2] == var), None)
			if q is None:
				continue
			p = q + 1
			if n == u.sline - 1 and m.start() + 1 == col:
				got = news[q]
		if got is None:
			var = next((var for n, m, var in olds
				    if n == u.sline - 1 and m.start() + 1 == col), None)
			moved = self.moved_line(var, old_lines, new_lines)
			if moved is not None:
				return ("converted", form, moved[1].strip().rstrip(";"), moved)
			return ("left", "in-macro", "modparm.cocci places the module_param line of "
				"this expansion of %s away from the use (after the variable's "
				"declaration, below it or in another #if branch), out of the macro"
				% u.name)
		m, e, _ = got
		if m.group(1) == "MODULE_PARM" or e is None:
			return ("left", "in-macro", "spatch left the MODULE_PARM of this expansion "
				"of %s" % u.name)
		return ("converted", form, new[m.start():e])

	@staticmethod
	def moved_line(var, old_lines, new_lines):
		"""(line, spatch's line) when spatch added the one module_param*
		line of var after line (1-based) of the copy, away from the use:
		after the variable's declaration, which the copy has at the
		line of the file; None when it added none, or several (one per
		#if branch)."""
		if var is None:
			return None
		pat = re.compile(r'\s*module_param\w*\(\s*%s\s*,.*\);\s*$' % re.escape(var))
		sm = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
		found = []
		for op, i1, i2, j1, j2 in sm.get_opcodes():
			if op == "insert":
				found += [(i1, new_lines[j]) for j in range(j1, j2) if pat.match(new_lines[j])]
			elif op == "replace":
				found += [None for j in range(j1, j2) if pat.match(new_lines[j])]
		if len(found) != 1 or found[0] is None or found[0][0] == 0:
			return None
		return found[0]

	def call_arg(self, d, k):
		"""The first argument of the k-th MODULE_PARM of d as written."""
		calls = list(re.finditer(r'\bMODULE_PARM\s*\(', d.body))
		if k >= len(calls):
			return None
		e = balanced(d.body, calls[k].end() - 1)
		return sites.split_args(d.body[calls[k].end():e - 1])[0] if e else None

	def rewrite(self):
		"""The edits of the definitions that convert and of the shims that
		go: {rel: [(first, last, new lines)]}."""
		for d in self.defs:
			if d.new is None:
				continue
			text = self.read(d.rel)
			lines = text.split("\n")[d.first - 1:d.last]
			clean = sites.strip_comments("\n".join(lines), keep_strings=True).split("\n")
			k = 0
			out = []
			ok = True
			for l, c in zip(lines, clean):
				pos = 0
				res = ""
				for m in re.finditer(r'\bMODULE_PARM\s*\(', c):
					e = balanced(c, m.end() - 1)
					if e is None:
						ok = False
						break
					res += l[pos:m.start()] + d.new[k]
					pos = e
					k += 1
				out.append(res + l[pos:])
			if ok and k == d.ncalls:
				for c in sorted(d.consts):
					out = self.drop_const(d, c, out)
				self.edits[d.rel].append((d.first, d.last, out))
			else:
				d.new = None
				d.refused.append((None, "its MODULE_PARM spans several lines"))
		for d in self.defs:
			if d.kind == "shim" and self.dead(d):
				d.removed = True
				self.edits[d.rel].append(self.shim_removal(d))
			if d.expand:
				self.edits[d.rel] += list(d.expand.values())
				for u in d.expand:
					self.edits[d.rel] += self.inserts.get(u, [])
				if len(d.expand) == len(d.uses):
					# no use left: the #define goes, and a blank line
					# after it that would be doubled
					lines = self.read(d.rel).split("\n")
					first, last = self.alternatives(d) or (d.first, d.last)
					if last < len(lines) and not lines[last].strip() and \
							(first == 1 or not lines[first - 2].strip() or
							 COND_RE.match(lines[first - 2])):
						last += 1
					self.edits[d.rel].append((first, last, []))

	def alternatives(self, d):
		"""The lines (first, last) of the #if block around d when it holds
		nothing but d and other #defines of its name ('#ifdef MODULE
		#define PARM(v, t) MODULE_PARM(v, t) #else #define PARM(v, t)
		#endif'): with its last use gone, the whole block goes, or None."""
		clean = sites.strip_comments(self.read(d.rel), keep_strings=True).split("\n")
		start = opening_if(clean, d.first)
		if start is None:
			return None
		i = start + 1
		while i < len(clean):
			line = clean[i]
			m = COND_RE.match(line)
			if m and m.group(1).startswith("if"):
				return None	# a nested #if: more than alternatives
			if m and m.group(1) == "endif":
				if any(e is not d and e.rel == d.rel and start < e.first <= i
				       for e in self.defs):
					return None	# another wrapper's #define: its own edit
				return (start + 1, i + 1)
			if not m and line.strip():
				dm = DEFINE_RE.match(line)
				if not dm or dm.group(1) != d.name:
					return None
				while clean[i].rstrip().endswith("\\") and i + 1 < len(clean):
					i += 1
			i += 1
		return None

	def drop_const(self, d, k, lines):
		"""The lines of d's #define with const dropped from the declaration
		its body writes of the variable of its k-th call
		('static const int n = v;'), as upstream did for such parameters
		(3c515's rx_copybreak): module_param's type check rejects a const
		variable, and the parameter code writes it when the module loads
		(the old kernel wrote to the read-only data as well).  A const that
		comes from an argument of the use is not the body's: unchanged."""
		got = unconst("\n".join(lines), self.call_arg(d, k))
		if got is None:
			return lines
		d.unconst[k] = got[1]
		return got[0].split("\n")

	def shim_removal(self, d):
		"""The lines to remove for a dead shim: its #define, and its #if
		block when nothing but blank lines and comments is left in it."""
		lines = self.read(d.rel).split("\n")
		clean = sites.strip_comments("\n".join(lines), keep_strings=True).split("\n")
		# the innermost #if around the shim, unless the shim is in its
		# #else or #elif branch
		start = opening_if(clean, d.first, stop_at_branch=True)
		if start is not None:
			depth = 0
			end = None
			for i in range(start + 1, len(clean)):
				m = COND_RE.match(clean[i])
				if not m:
					continue
				if m.group(1).startswith("if"):
					depth += 1
				elif m.group(1) == "endif" and depth:
					depth -= 1
				elif m.group(1) == "endif":
					end = i
					break
				elif depth == 0:
					break	# the block has another branch: keep it
			if end is not None:
				rest = [clean[i] for i in range(start + 1, end)
					if not d.first - 1 <= i < d.last
					and not self.other_shim(d.rel, i + 1)]
				if not any(l.strip() for l in rest):
					return with_comment(lines, clean, start + 1, end + 1)
		return with_comment(lines, clean, d.first, d.last)

	def other_shim(self, rel, line):
		return any(e.rel == rel and e.kind == "shim" and self.dead(e)
			   and e.first <= line <= e.last for e in self.defs)

	def account(self, t, counted_files):
		"""The uses into the counts of t (a tree.Tree) and its
		diagnostics; returns {rel: [decided tuples]} for the messages."""
		decided = collections.defaultdict(list)
		self.nuses = self.nconv = 0
		for u in self.uses:
			n = max(1, len(u.status))
			if u.rel not in counted_files:
				counted_files.add(u.rel)
				t.sitefiles += 1
			t.found += n
			self.nuses += n
			if u.problem:
				t.diags.append((u.rel, u.line, u.col, "warning") + u.problem)
				t.leave(u.problem[0], n)
				decided[u.rel].append((u.line, u.col, "left", "left", u.name, None))
				continue
			blockers = self.blockers(u)
			for st in u.status or [("left", "parse", "spatch did not decide it")]:
				if not blockers and st[0] == "converted":
					t.converted += 1
					self.nconv += 1
					decided[u.rel].append((u.line, u.col, "converted", "macro", u.name, None))
					continue
				kind = st[1] if st[0] == "left" else "in-macro"
				t.leave(kind, 1)
				decided[u.rel].append((u.line, u.col, "left", "left", u.name, None))
			blocked = blockers and all(st[0] == "converted" for st in u.status)
			for dg in ([] if blocked else u.diags):
				if dg[3] == "no-variable":
					# its "MODULE_PARM removed" is not so in a
					# macro: the warning below says what to do
					continue
				msg = dg[4]
				if dg[3] in ("const", "const-charp") and u.unconst and \
						any(u in e.expand for e in self.defs_of(u)):
					msg = re.sub(r'drop the const \(modparm_const\.cocci does\)$',
						     "const dropped from '%s' in the converted expansion "
						     "that replaces this use, as upstream did for such "
						     "parameters" % "; ".join(u.unconst), msg)
				elif dg[3] in ("const", "const-charp") and \
						any(e.unconst for e in self.defs_of(u)):
					e = next(e for e in self.defs_of(u) if e.unconst)
					msg = re.sub(r'drop the const \(modparm_const\.cocci does\)$',
						     "const dropped from '%s' in the #define of %s at %s, "
						     "as upstream did for such parameters" % (
							     "; ".join(e.unconst.values()), e.name,
							     e.where()), msg)
				elif dg[3] in ("const", "const-charp"):
					# modparm_const.cocci does not see into a use
					msg = re.sub(r'drop the const \(modparm_const\.cocci does\)$',
						     "drop the const by hand (it is not in a declaration "
						     "of the #define's body)", msg)
				t.diags.append((u.rel, u.line, u.col, dg[2], dg[3],
						"in this use of %s: %s" % (u.name, msg)))
			for e in self.defs_of(u):
				if u in e.expand:
					moved = "".join("; its %s line goes after the variable's "
							"declaration (line %d), where modparm.cocci "
							"places it" % (line.strip().split("(")[0], ln)
							for ln, _, (_, line) in self.inserts.get(u, []))
					differ = any(len(e.texts.get(k, {})) > 1 for k in range(e.ncalls))
					why = ("the uses of the #define at %s need different "
					       "module_param lines, which no one #define gives"
					       % e.where()) if differ or not e.moved else (
						"the #define at %s cannot hold a line that goes "
						"elsewhere" % e.where())
					t.diags.append((u.rel, u.line, u.col, "note", "in-macro",
							"%s replaced here by its converted expansion: %s%s"
							% (u.name, why, moved)))
			if blockers or any(st[0] != "converted" for st in u.status):
				t.diags.append((u.rel, u.line, u.col, "warning", "in-macro",
						"%s not converted: %s" % (u.name, self.why(u, blockers))))
		for u, shims in self.shim_uses:
			if u.rel not in counted_files:
				counted_files.add(u.rel)
				t.sitefiles += 1
			t.found += 1
			self.nuses += 1
			s = shims[0]
			if all(e.removed for e in shims):
				t.converted += 1
				self.nconv += 1
				decided[u.rel].append((u.line, u.col, "converted", "shim", u.name, None))
			else:
				t.leave("shim", 1)
				decided[u.rel].append((u.line, u.col, "left", "left", u.name, None))
				t.diags.append((u.rel, u.line, u.col, "warning", "shim",
						"%s here is the driver's own #define at %s, which maps it "
						"onto MODULE_PARM (gone since 2.6.17), and no #if keeps that "
						"#define from the kernels that have %s (as #ifndef %s would): "
						"left; remove the #define by hand" % (u.name, s.where(),
										       u.name, u.name)))
		for d in self.defs:
			if d.kind == "compat":
				self.notes.append((d.rel, d.first, "note", "in-macro", "MODULE_PARM in "
						   "the #define of %s, under an #if that no kernel with "
						   "module_param compiles: left" % d.name))
			elif d.kind == "shim" and d.removed:
				self.notes.append((d.rel, d.first, "note", "shim", "the #define of "
						   "%s onto MODULE_PARM, for kernels without it, removed: "
						   "the kernels its #if is for are older than module_param"
						   % d.name))
			elif d.kind == "shim" and not any(d in s for _, s in self.shim_uses):
				self.notes.append((d.rel, d.first, "note", "shim", "the #define of %s "
						   "onto MODULE_PARM is not kept from kernels with "
						   "module_param by an #if and has no use: left" % d.name))
			elif d.kind == "wrapper" and d.unused is not None and d.new is not None:
				self.notes.append((d.rel, d.first, "note", "in-macro", "the #define "
						   "of %s, which no file here uses, converted: its body "
						   "declares the variable, so every use gets the same "
						   "line (not counted: no site)" % d.name))
			elif d.kind == "wrapper" and d.unused is not None:
				why = "; ".join(sorted(set(r for _, r in d.refused))) or \
					"spatch left its MODULE_PARM"
				self.notes.append((d.rel, d.first, "note", "in-macro", "MODULE_PARM in "
						   "the #define of %s, which no file here uses: not "
						   "converted (%s)" % (d.name, why)))
			elif d.kind == "wrapper" and not d.texts and not d.refused:
				self.notes.append((d.rel, d.first, "note", "in-macro", "MODULE_PARM in "
						   "the #define of %s, which no file here uses: not converted"
						   % d.name))
		for n in self.notes:
			t.diags.append((n[0], self.site_line(n[0], n[1]), 1) + n[2:])
		return decided

	def site_line(self, rel, line):
		"""The line of the first MODULE_PARM of the #define at rel:line."""
		d = next((d for d in self.defs if d.rel == rel and d.first == line), None)
		if d is None:
			return line
		return min([ln for ln in self.macro_sites.get(rel, []) if d.first <= ln <= d.last]
			   or [line])

	def undo(self, rel, reason):
		"""The edits of rel could not be made: its definitions are left."""
		for d in self.defs:
			if d.rel == rel and (d.new is not None or d.expand):
				d.new = None
				d.expand = {}
				d.refused.append((None, reason))
			if d.rel == rel and d.kind == "shim":
				d.removed = False
		del self.edits[rel]

	def counted(self, d):
		"""Whether the uses of d are counted as the sites of its MODULE_PARMs."""
		if d.kind == "shim":
			return any(d in s for _, s in self.shim_uses)
		return d.kind == "wrapper" and bool(d.texts or d.refused)

	def body_definitions(self):
		"""For each MODULE_PARM in a #define body, the definition that
		holds it, or None."""
		for rel, lines in self.macro_sites.items():
			for ln in lines:
				yield next((d for d in self.defs if d.rel == rel and
					    d.first <= ln <= d.last), None)

	def uncounted(self):
		"""The MODULE_PARMs in #define bodies that are not counted
		through uses (noted only)."""
		return sum(1 for d in self.body_definitions()
			   if d is None or not (self.counted(d) or d.removed))

	def removed_shims(self):
		"""The MODULE_PARMs of the shims removed and not counted through
		uses."""
		return sum(1 for d in self.body_definitions()
			   if d is not None and d.removed and not self.counted(d))

	def describe(self, rel):
		"""What the patch of rel does to its macros, for its message."""
		out = []
		for d in self.defs:
			if d.rel != rel:
				continue
			if d.new is not None:
				uses = set((u.rel, u.line) for k in d.texts for t in d.texts[k].values()
					   for u in t)
				out.append("Convert the MODULE_PARM() in the #define of %s (line %d; "
					   "%d use%s) to %s: every use gives it the same "
					   "declaration." % (d.name, d.first, len(uses),
							     "" if len(uses) == 1 else "s",
							     ", ".join(d.new[k] for k in sorted(d.new))))
			elif d.expand:
				n = len(d.expand)
				out.append("Replace %d use%s of %s by %s own converted expansion: the "
					   "uses need different module_param lines (%s), which no one "
					   "#define gives; %s." % (
						   n, "" if n == 1 else "s", d.name,
						   "its" if n == 1 else "their",
						   "; ".join(sorted(set(t for k in d.texts for t in d.texts[k]))),
						   "the #define (line %d) goes with its last use" % d.first
						   if n == len(d.uses) else "the #define (line %d) stays "
						   "for the other uses" % d.first))
			elif d.kind == "shim" and d.removed:
				out.append("Remove the #define of %s onto MODULE_PARM() (line %d): "
					   "its #if keeps it from every kernel that has %s."
					   % (d.name, d.first, d.name))
		return out

	def defs_of(self, u):
		"""The definitions holding the MODULE_PARMs of u's expansions."""
		out = []
		for marks in u.marks.values():
			for _, d, _, _ in marks:
				if d not in out:
					out.append(d)
		return out

	def blockers(self, u):
		"""The definitions that keep use u from being converted: those
		not rewritten, unless u was replaced by its own expansion."""
		return [e for e in self.defs_of(u) if e.new is None and u not in e.expand]

	def why(self, u, blockers):
		for d in blockers:
			for who, reason in d.refused:
				if who is u:
					return reason
			for who, reason in d.refused:
				if who is not None:
					return "the #define at %s is left, for its use at %s:%d: %s" % (
						d.where(), who.rel, who.line, reason)
				return "the #define at %s is left: %s" % (d.where(), reason)
			texts = [t for k in range(d.ncalls) for t in d.texts.get(k, {})]
			if len(texts) > d.ncalls:
				return ("the uses of the #define at %s need different module_param "
					"lines (%s): convert them by hand" % (d.where(), "; ".join(sorted(set(texts)))))
			return "the #define at %s is left" % d.where()
		return "spatch left its expansion here"


def with_perm(call, perm):
	"""The module_param* call text with its last argument, the
	permission, replaced by perm."""
	m = re.match(r'\s*\w+\s*\(', call)
	end = balanced(call, m.end() - 1) if m else None
	if end is None:
		return call
	args = sites.split_args(call[m.end():end - 1])
	if len(args) < 2:
		return call
	return call[:m.end()] + ", ".join(args[:-1] + [perm]) + call[end - 1:]


def with_comment(lines, clean, first, last):
	"""The removal of lines first..last (from 1) with the comment right
	above them when it belongs to them only: it starts a paragraph (a
	blank line or the top of the file above it) that the removed lines
	end (a blank line or the end of the file below them), as a
	maintainer removes it with the code it describes; and one of the
	blank lines around them, so that none is doubled."""
	k = first - 1	# index of the first removed line
	while k > 0 and lines[k - 1].strip() and not clean[k - 1].strip():
		k -= 1
	after_blank = last >= len(lines) or not lines[last].strip()
	if k < first - 1 and after_blank and (k == 0 or not lines[k - 1].strip()):
		first = k + 1
	if last < len(lines) and not lines[last].strip() and \
			(first == 1 or not lines[first - 2].strip()):
		last += 1
	return (first, last, [])


def unconst(text, name):
	"""(text with const dropped from its declaration of name, that
	declaration as it was), or None when text declares name without const
	(or not at all).  text: a #define (its name and parameters are not the
	declaration's) or statements."""
	clean = sites.strip_comments(text)
	for m in re.finditer(r'[^;{}]+', clean):
		seg = m.group(0)
		dm = re.search(r'(?<![\w.>])%s\s*(?:\[[^\]]*\]\s*)*(?:=|$)' % re.escape(name), seg)
		if not dm:
			continue
		head = seg[:dm.start()]
		pre = re.match(r'\s*#\s*define\s+\w+(?:\([^)]*\))?', head)
		at = pre.end() if pre else 0
		if "(" in head[at:] or not re.search(r'\bconst\b', head[at:]):
			continue
		cut = [(m.start() + at + c.start(), m.start() + at + c.end())
		       for c in re.finditer(r'\bconst\b[ \t]*', head[at:])]
		end = clean.find(";", m.start() + at)
		decl = re.sub(r'\s*\\\n\s*|\s+', " ",
			      text[m.start() + at:end if end >= 0 else len(text)]).strip(" \\")
		for a, b in reversed(cut):
			text = text[:a] + text[b:]
		return text, decl
	return None


# the ';' left where a call whose line spatch moved was taken out
MOVED_RE = re.compile(r'(^|;)\s*;')


def split_statements(x):
	"""The statements of an expansion, split at its ';' outside
	parentheses and strings, without them; None when one is empty."""
	out = []
	cur = ""
	depth = 0
	for tok in re.findall(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|[^"\']', x):
		if tok in "()" and len(tok) == 1:
			depth += 1 if tok == "(" else -1
		if tok == ";" and depth == 0:
			out.append(cur.strip())
			cur = ""
			continue
		cur += tok
	if cur.strip():
		out.append(cur.strip())
	return out if out and all(out) else None


def opening_if(clean, first, stop_at_branch=False):
	"""The index in clean (lines without comments) of the #if that opens
	the innermost block around line first (1-based), or None; with
	stop_at_branch, None as well when an #else or #elif of that block
	stands between them."""
	depth = 0
	for i in range(first - 2, -1, -1):
		m = COND_RE.match(clean[i])
		if not m:
			continue
		if m.group(1) == "endif":
			depth += 1
		elif m.group(1).startswith("if"):
			if depth == 0:
				return i
			depth -= 1
		elif depth == 0 and stop_at_branch:
			return None
	return None


def apply_edits(old_lines, cur_lines, edits):
	"""The edits (lines of old_lines, first..last 1-based, replaced by new
	lines) applied to cur_lines, spatch's result for the same file: each
	edited range must be untouched there.  None when one is not."""
	sm = difflib.SequenceMatcher(None, old_lines, cur_lines, autojunk=False)
	where = {}
	for op, i1, i2, j1, j2 in sm.get_opcodes():
		if op == "equal":
			for i in range(i1, i2):
				where[i] = j1 + i - i1
	# Two shims in one #if block each remove the whole block: the same
	# edit twice, and made twice it would remove the lines after the
	# block.  Identical edits are made once, a removal inside another is
	# part of it; any other overlap is refused.
	todo = []
	for first, last, new in sorted(set((f, l, tuple(n)) for f, l, n in edits),
				       key=lambda e: (e[0], -e[1])):
		if todo and first <= todo[-1][1]:
			if last <= todo[-1][1] and not new and not todo[-1][2]:
				continue
			return None
		todo.append((first, last, new))
	out = list(cur_lines)
	for first, last, new in reversed(todo):
		idx = [where.get(i) for i in range(first - 1, last)]
		if None in idx or idx != list(range(idx[0], idx[0] + len(idx))):
			return None
		out[idx[0]:idx[-1] + 1] = list(new)
	return out


class Failed(Macros):
	"""The wrapper-macro pass failed on this tree (a bug of the
	converter): every MODULE_PARM in a #define is an internal error, as
	when modparm.cocci's own python fails, and nothing of them changes."""

	def __init__(self, macro_sites, exc):
		super().__init__("/nonexistent", {})
		self.macro_sites = macro_sites
		self.exc = "%s: %s" % (type(exc).__name__, exc)

	def account(self, t, counted_files):
		self.nuses = self.nconv = 0
		for rel, lines in sorted(self.macro_sites.items()):
			for ln in lines:
				t.diags.append((rel, ln, 1, "error", "internal", "the converter failed "
						"on the macros of this tree (%s): MODULE_PARM in this "
						"#define not converted" % self.exc))
		t.failed.append("(wrapper macros)")
		t.crashed.append("(wrapper macros)")
		return {}

	def uncounted(self):
		return sum(len(v) for v in self.macro_sites.values())

	def removed_shims(self):
		return 0
