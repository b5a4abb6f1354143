# SPDX-License-Identifier: GPL-2.0-only
"""What modparm.cocci decides, as plain Python that spatch imports.

modparm.cocci's SmPL finds the MODULE_PARM sites and the declarations of
their variables; its script rules hand them here.  This module reads the
C text around them (#defines, typedefs, local headers, #if branches),
decides each site's modern form (module_param, _array, _string, _named,
_array_named, a module_param_cb setter, or left with a reason), and
writes the diagnostics and the records the converter reads.

spatch's embedded Python finds it through PYTHONPATH (the directory of
modparm.cocci): modparm-convert sets it for spatch, and a `make
coccicheck` user puts it in the environment (cocci/README.md).  Nothing
here needs spatch to be imported.
"""

import os
import re
import sys

PERM = ["0"]
DEFINES = {}	# path -> {name: value}
DECLS = {}	# (file, name) -> [(type string, line, col, extern)]
DONE = {}	# (file, line, col) -> decision
STRING_RE = re.compile(r'"((?:[^"\\]|\\.)*)"')
TOKEN_RE = re.compile(r'\s*("(?:[^"\\]|\\.)*"|[A-Za-z_]\w*|\d\w*|\S)')
TYPESTR_RE = re.compile(r'^(?:(\d+|\{\w+\})(?:-(\d+|\{\w+\}))?)?'
			r'(?:([bhils])|c(\d+|\{\w+\}))$')

# old letter -> (size in bytes on LP64, signed, description)
LETTERS = {
	"b": (1, False, "unsigned char"),
	"h": (2, True, "short"),
	"i": (4, True, "int"),
	"l": (8, True, "long"),
	"s": (8, None, "char *"),
}

# normalised C type -> (module_param type, size, signed)
PTYPES = {
	"int": ("int", 4, True), "signed int": ("int", 4, True),
	"signed": ("int", 4, True),
	"unsigned int": ("uint", 4, False), "unsigned": ("uint", 4, False),
	"long": ("long", 8, True), "long int": ("long", 8, True),
	"signed long": ("long", 8, True), "signed long int": ("long", 8, True),
	"unsigned long": ("ulong", 8, False),
	"unsigned long int": ("ulong", 8, False),
	"short": ("short", 2, True), "short int": ("short", 2, True),
	"signed short": ("short", 2, True),
	"unsigned short": ("ushort", 2, False),
	"unsigned short int": ("ushort", 2, False),
	"unsigned char": ("byte", 1, False),
	"unsigned long long": ("ullong", 8, False),
	"unsigned long long int": ("ullong", 8, False),
	"char *": ("charp", 8, None),
	"bool": ("bool", 1, None), "_Bool": ("bool", 1, None),
	"u8": ("byte", 1, False), "__u8": ("byte", 1, False),
	"uint8_t": ("byte", 1, False), "u_char": ("byte", 1, False),
	"u16": ("ushort", 2, False), "__u16": ("ushort", 2, False),
	"uint16_t": ("ushort", 2, False), "u_short": ("ushort", 2, False),
	"s16": ("short", 2, True), "__s16": ("short", 2, True),
	"int16_t": ("short", 2, True),
	"u32": ("uint", 4, False), "__u32": ("uint", 4, False),
	"uint32_t": ("uint", 4, False), "u_int": ("uint", 4, False),
	"s32": ("int", 4, True), "__s32": ("int", 4, True),
	"int32_t": ("int", 4, True),
	"u64": ("ullong", 8, False), "__u64": ("ullong", 8, False),
	"uint64_t": ("ullong", 8, False), "u_long": ("ulong", 8, False),
	"unsigned long long": ("ullong", 8, False),
	"u_int8_t": ("byte", 1, False), "u_int16_t": ("ushort", 2, False),
	"u_int32_t": ("uint", 4, False), "u_int64_t": ("ullong", 8, False),
	"uchar": ("byte", 1, False), "unchar": ("byte", 1, False),
	"ushort": ("ushort", 2, False), "uint": ("uint", 4, False),
	"ulong": ("ulong", 8, False),
	# The typedefs of the kernel, as an x86-64 6.1 build defines them
	# (include/linux/types.h, include/uapi/asm-generic/posix_types.h):
	# the type check of module_param compares the pointed-to types, so
	# the parameter type must be the underlying type of the typedef.
	"size_t": ("ulong", 8, False), "__kernel_size_t": ("ulong", 8, False),
	"ssize_t": ("long", 8, True), "__kernel_ssize_t": ("long", 8, True),
	"ptrdiff_t": ("long", 8, True), "off_t": ("long", 8, True),
	"__kernel_off_t": ("long", 8, True), "time_t": ("long", 8, True),
	"clock_t": ("long", 8, True), "suseconds_t": ("long", 8, True),
	"ino_t": ("ulong", 8, False),
	"uid_t": ("uint", 4, False), "gid_t": ("uint", 4, False),
	"__kernel_uid_t": ("uint", 4, False), "__kernel_gid_t": ("uint", 4, False),
	"__kernel_uid32_t": ("uint", 4, False),
	"__kernel_gid32_t": ("uint", 4, False),
	"pid_t": ("int", 4, True), "__kernel_pid_t": ("int", 4, True),
	"key_t": ("int", 4, True), "daddr_t": ("int", 4, True),
	"mode_t": ("uint", 4, False), "__kernel_mode_t": ("uint", 4, False),
	"umode_t": ("ushort", 2, False), "dev_t": ("uint", 4, False),
	"uid16_t": ("ushort", 2, False), "gid16_t": ("ushort", 2, False),
	"__le16": ("ushort", 2, False), "__le32": ("uint", 4, False),
	"__be16": ("ushort", 2, False), "__be32": ("uint", 4, False),
}


def set_perm(p):
	PERM[0] = p


def read_text(path):
	try:
		with open(path, errors="replace") as f:
			return f.read()
	except OSError:
		return ""


def include_paths(path, text):
	"""Local headers: "x.h" beside the file, <x/y.h> under an include/ dir
	of an ancestor (the tree's own include/ for in-tree files)."""
	here = os.path.dirname(os.path.abspath(path))
	out = []
	for m in re.finditer(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', text, re.M):
		rel = m.group(2)
		if m.group(1) == '"':
			cand = [os.path.join(here, rel)]
		else:
			cand = []
			d = here
			for _ in range(8):
				cand.append(os.path.join(d, "include", rel))
				nd = os.path.dirname(d)
				if nd == d:
					break
				d = nd
		for c in cand:
			if os.path.isfile(c):
				out.append(c)
				break
	return out


def parse_defines(text):
	text = re.sub(r'\\\n', ' ', text)
	text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
	d = {}
	for m in re.finditer(r'^\s*#\s*define\s+([A-Za-z_]\w*)(?!\()[ \t]*(.*)$',
			     text, re.M):
		val = re.sub(r'//.*$', '', m.group(2)).strip()
		d.setdefault(m.group(1), val)
	return d


def defines(path, depth=0, seen=None):
	"""#defines of a file and (three levels of) its local headers.
	Read here, not matched by a SmPL #define rule: the aliases and the
	count constants of real drivers sit as often in headers of the
	driver itself, which spatch does not parse under --no-includes, and a
	count such as MAX_UNITS is an expression to evaluate, not a token."""
	if depth == 0 and path in DEFINES:
		return DEFINES[path]
	seen = seen if seen is not None else set()
	seen.add(path)
	text = read_text(path)
	d = parse_defines(text)
	if depth < 3:
		for h in include_paths(path, text):
			if h in seen:
				continue
			for k, v in defines(h, depth + 1, seen).items():
				d.setdefault(k, v)
	if depth == 0:
		DEFINES[path] = d
	return d


def expand(text, defs, depth=0):
	"""Expand object-like macros in an expression text."""
	if depth > 10:
		return text
	def sub(m):
		w = m.group(0)
		if w in defs:
			return "(" + expand(defs[w], defs, depth + 1) + ")"
		return w
	return re.sub(r'[A-Za-z_]\w*', sub, text)


def eval_int(text, defs):
	"""Integer value of a constant expression, or None."""
	if text is None:
		return None
	e = expand(text, defs)
	e = re.sub(r'\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\b', r'\1', e)
	if not re.match(r'^[\s0-9a-fA-FxX()+\-*/%<>|&]*$', e) or not e.strip():
		return None
	try:
		return int(eval(e.replace("/", "//"), {"__builtins__": {}}))
	except Exception:
		return None


def decode(t, defs, depth=0):
	"""Old type string expression -> its text, or None if not decodable."""
	if depth > 10:
		return None
	toks = TOKEN_RE.findall(t)
	out = ""
	i = 0
	while i < len(toks):
		tok = toks[i]
		if tok.startswith('"'):
			out += STRING_RE.match(tok).group(1)
			i += 1
		elif tok in ("__MODULE_STRING", "__stringify", "stringify") \
				and i + 1 < len(toks) and toks[i + 1] == "(":
			j = i + 2
			lvl = 1
			arg = []
			while j < len(toks):
				if toks[j] == "(":
					lvl += 1
				elif toks[j] == ")":
					lvl -= 1
					if lvl == 0:
						break
				arg.append(toks[j])
				j += 1
			argtext = " ".join(arg)
			val = eval_int(argtext, defs)
			if val is not None:
				out += str(val)
			elif re.match(r'^[A-Za-z_]\w*$', argtext.strip()):
				out += "{%s}" % argtext.strip()
			else:
				return None
			i = j + 1
		elif re.match(r'[A-Za-z_]', tok) and tok in defs:
			sub = decode(defs[tok], defs, depth + 1)
			if sub is None:
				return None
			out += sub
			i += 1
		elif tok in ("(", ")"):
			i += 1
		else:
			return None
	return out


def split_type(ts):
	"""'int [ MAX ] [ 4 ]' -> ('int', ['MAX', '4'])."""
	ts = ts.strip()
	k = ts.find("[")
	if k < 0:
		return ts, []
	base = ts[:k].strip()
	dims = []
	lvl = 0
	cur = ""
	for ch in ts[k:]:
		if ch == "[":
			lvl += 1
			if lvl == 1:
				cur = ""
				continue
		elif ch == "]":
			lvl -= 1
			if lvl == 0:
				dims.append(cur.strip())
				continue
		if lvl >= 1:
			cur += ch
	return base, dims


INT_WORDS = ("signed", "unsigned", "short", "long", "int", "char")


def canon_int(b):
	"""C lets the words of an integer type come in any order ('long
	unsigned int', 'int unsigned', 'short signed'): put them in the one
	order the tables use, sign, length, int/char.  Anything else as is."""
	words = b.split(" ")
	stars = [w for w in words if set(w) == {"*"}]
	rest = [w for w in words if set(w) != {"*"}]
	if not rest or any(w not in INT_WORDS for w in rest):
		return b
	order = sorted(rest, key=lambda w: (0 if w in ("signed", "unsigned") else
					     1 if w in ("short", "long") else 2))
	return " ".join(order + stars)


def norm_base(base):
	b = re.sub(r'\b(const|volatile|static|register|__read_mostly|'
		   r'__initdata|__devinitdata)\b', ' ', base)
	b = re.sub(r'\s*\*\s*', ' * ', b)
	b = re.sub(r'\s+', ' ', b).strip()
	b = b.replace("* *", "**").replace(" *", " *")
	b = re.sub(r'\s+\*', ' *', b)
	return canon_int(b)


def typedef_of(name, path):
	"""Resolve 'typedef X name;' from the file and its local headers."""
	if INCLUDES["dirs"] and typedef_on_path(name, path):
		return typedef_on_path(name, path)
	texts = [read_text(path)]
	texts += [read_text(h) for h in include_paths(path, texts[0])]
	for text in texts:
		m = re.search(r'\btypedef\s+([^;{}]*?)\b' + re.escape(name) +
			      r'\s*;', text)
		if m:
			return norm_base(m.group(1))
	return typedef_on_path(name, path)


def ptype(base, path):
	"""Normalised C base type -> (param type, size, signed) or None."""
	b = norm_base(base)
	seen = 0
	while b not in PTYPES and seen < 5 and re.match(r'^\w+$', b):
		r = typedef_of(b, path)
		if r is None:
			break
		b = r
		seen += 1
	if b in ("char", "signed char"):
		return ("byte", 1, b == "signed char" or None)
	return PTYPES.get(b)


def is_char_base(base):
	return norm_base(base) in ("char", "unsigned char", "signed char",
				   "u8", "__u8")


def out_diag(p, kind, msg):
	pos = "%s:%s:%d" % (p.file, p.line, int(p.column) + 1)
	sev = "note" if kind in NOTE_KINDS else "warning"
	text = "%s: %s [modparm-%s]" % (sev, msg, kind)
	if REPORT[0]:
		from coccilib.report import print_report
		print_report(p, text)
	else:
		sys.stderr.write("%s: %s\n" % (pos, text))
	STATS.append((p.file, p.line, kind))
	emit({"file": p.file, "line": int(p.line), "col": int(p.column) + 1,
	      "severity": sev, "kind": kind, "message": msg})


# Decisions and diagnostics as records for a driver (-D modparm_json=FILE):
# modparm.cocci puts this list into the coccinelle module so that the
# finalize rule gets those of every --jobs worker (merge.), as one list
# per worker.  It is only ever appended to, never rebound.
MODPARM_RECORDS = []


def emit(rec):
	MODPARM_RECORDS.append(rec)


REPORT = [False]
ADDED = set()	# (file, variable) that got their module_param after the declaration
STATS = []


def record_decl(name, ts, q):
	line = read_text(q.file).split("\n")[int(q.line) - 1]
	ext = bool(re.search(r'\bextern\b', line[:int(q.column)]))
	key = (q.file, name)
	ent = (ts, int(q.line), int(q.column), ext)
	DECLS.setdefault(key, [])
	if ent not in DECLS[key]:
		DECLS[key].append(ent)


def blank_comments(text):
	"""Comments and literals blanked, same length and lines."""
	def rep(m):
		return re.sub(r'[^\n]', ' ', m.group(0))
	return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:[^"\\\n]|\\.)*"|'
		      r"'(?:[^'\\\n]|\\.)*'", rep, text, flags=re.S)


BLANKED = {}
# A preprocessor conditional; group 1 its keyword.
DIRECTIVE = re.compile(r'\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b')


def blanked(path):
	"""The lines of path with comments blanked, read once."""
	if path not in BLANKED:
		BLANKED[path] = blank_comments(read_text(path)).split("\n")
	return BLANKED[path]


def toplevel(q):
	"""Is position q outside any function body or struct (brace depth 0)?
	Initializer braces come after the declared name, so they do not count."""
	p = q[0]
	path = p.file
	lines = blanked(path)
	line, col = int(p.line), int(p.column)
	depth = 0
	# per #if level: [skipping this branch, a branch was counted]; the
	# braces of one branch only are counted: the first, or the one after
	# an #if 0 (dead code often holds half of an if/else)
	stack = []
	for l in lines[:line - 1] + [lines[line - 1][:col]]:
		m = re.match(r'\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)', l)
		if m:
			kw = m.group(1)
			if kw.startswith("if"):
				dead = kw == "if" and m.group(2).strip() == "0"
				stack.append([dead, not dead])
			elif kw in ("elif", "else") and stack:
				stack[-1][0] = stack[-1][1]
				stack[-1][1] = True
			elif kw == "endif" and stack:
				stack.pop()
			continue
		if any(e[0] for e in stack):
			continue
		depth += l.count("{") - l.count("}")
	return depth <= 0


def cond_stack(path, line):
	"""The #if blocks (line of the #if, branch number) around a line."""
	stack = []
	for no, l in enumerate(blanked(path)[:line - 1], 1):
		m = DIRECTIVE.match(l)
		if not m:
			continue
		kw = m.group(1)
		if kw.startswith("if"):
			stack.append((no, 0))
		elif kw in ("elif", "else") and stack:
			stack[-1] = (stack[-1][0], stack[-1][1] + 1)
		elif kw == "endif" and stack:
			stack.pop()
	return stack


def cond_text(path, stack):
	"""The #if lines of a cond_stack as (condition text, branch)."""
	lines = blanked(path)
	return [(re.sub(r'\s+', '', lines[no - 1]), br) for no, br in stack]


def if_body(path, if_line):
	"""The lines after the #if at if_line, up to its #endif, as (line
	number, branch number, keyword, text): keyword is 'elif' or 'else' on
	the lines that start a branch, else None; the lines of a nested #if
	belong to the branch around it."""
	depth = 0
	br = 0
	for no, l in enumerate(blanked(path)[if_line:], if_line + 1):
		m = DIRECTIVE.match(l)
		kw = m.group(1) if m else None
		if kw and kw.startswith("if"):
			depth += 1
			kw = None
		elif kw and depth:
			if kw == "endif":
				depth -= 1
			kw = None
		elif kw == "endif":
			return
		elif kw:
			br += 1
		yield no, br, kw, l


def if_branches(path, if_line):
	"""Branches of the #if at if_line, and whether the last is an #else."""
	branches = 1
	for _, br, kw, _ in if_body(path, if_line):
		if kw == "else":
			return br + 1, True
		if kw == "elif":
			branches = br + 1
	return branches, False


def modern_twin(path, site, v):
	"""A module_param*() line for v in another branch of an #if around
	the site, as (its line, the condition of the site's branch), or None.
	Drivers built for old and new kernels alike keep the MODULE_PARM for
	the old ones ('#if LINUX_VERSION_CODE < KERNEL_VERSION(2,5,0)
	MODULE_PARM(...) #else module_param(...) #endif', '#ifndef
	module_param'): the new kernels already have the parameter, and a
	second module_param in the old branch gains nothing and breaks the
	build on the old kernels the branch is there for."""
	lines = blanked(path)
	want = re.compile(r'(?:^|[;{}])\s*module_param\w*\s*\(\s*' +
			  re.escape(v) + r'\s*,')
	for if_line, br in reversed(cond_stack(path, site)):
		for no, cur, kw, l in if_body(path, if_line):
			if not kw and cur != br and not DIRECTIVE.match(l) and \
					want.search(l):
				return no, re.sub(r'\s+', ' ', lines[if_line - 1]).strip()
	return None


def parm_guard(path, site):
	"""The '#ifdef MODULE_PARM' (or '#if defined(MODULE_PARM)', or the
	#else of '#ifndef MODULE_PARM', or a branch for kernels before 2.6.17
	only) around the site, as (its line, its text), or None.  Drivers
	guarded their MODULE_PARMs so that they built where the macro was
	gone; the module_param that takes the site's place inside such a
	block is dead code on every kernel that has no MODULE_PARM.  SmPL cannot remove a preprocessor line, so the
	block is named for a hand edit (modern_twin has already taken the
	blocks with a module_param in their #else)."""
	lines = blanked(path)
	for no, br in cond_stack(path, site):
		l = re.sub(r'\s+', ' ', lines[no - 1]).strip()
		defd = r'(?:ifdef MODULE_PARM|if defined ?\(? ?MODULE_PARM ?\)?)$'
		undef = r'(?:ifndef MODULE_PARM|if ! ?defined ?\(? ?MODULE_PARM ?\)?)$'
		if (br == 0 and re.match(r'# ?' + defd, l)) or \
				(br > 0 and re.match(r'# ?' + undef, l)) or \
				old_kernels_only(l, br):
			if br == 0:
				return no, l
			n, has_else = if_branches(path, no)
			if has_else and br == n - 1:
				return no, "the #else of '%s'" % l
			return no, "the #elif after '%s'" % l
	return None


def old_kernels_only(line, br):
	"""Is branch br of this #if line compiled only on kernels before
	2.6.17, by a plain LINUX_VERSION_CODE comparison ('< KERNEL_VERSION
	(2,6,0)', '<= 0x020400', and the #else or #elif of '>=')?  A module_param there
	is dead on every kernel without MODULE_PARM, like one under '#ifdef
	MODULE_PARM'."""
	m = re.match(r'# ?if \(? ?LINUX_VERSION_CODE ?(<=?|>=?) ?(.*)$', line)
	if not m:
		return False
	ver = m.group(2).strip()
	if ver.count(")") > ver.count("("):
		ver = ver[:-1].strip()
	k = re.match(r'KERNEL_VERSION ?\( ?(\d+) ?, ?(\d+) ?, ?(\d+) ?\)$', ver)
	if k:
		code = (int(k.group(1)) << 16) + (int(k.group(2)) << 8) + int(k.group(3))
	elif re.match(r'(0x[0-9a-fA-F]+|\d+)$', ver):
		code = int(ver, 0)
	else:
		return False
	op = m.group(1)
	if br > 0:
		op = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}[op]
	if op == "<":
		code -= 1
	elif op != "<=":
		return False
	return code < 0x020611


def modern_same(path, site, v):
	"""A module_param*() line for v at file scope compiled together with
	the site (a driver half converted in the 2.6 days, when both macros
	worked side by side), or None.  The MODULE_PARM then goes: a second
	module_param would define the parameter twice."""
	lines = blanked(path)
	want = re.compile(r'^\s*module_param\w*\s*\(\s*' + re.escape(v) + r'\s*,')
	for no, l in enumerate(lines, 1):
		if no == site or not want.match(l) or \
				(no > 1 and lines[no - 2].rstrip().endswith("\\")):
			continue
		if toplevel([_Pos(path, no, 0)]) and not exclusive(path, no, site):
			return no
	return None


def visible_at(path, site, lines):
	"""Is a variable declared at these lines (all above site) declared in
	every configuration in which the site is compiled?  True when one
	declaration is in the #if blocks that enclose the site, or when
	declarations sit in every branch (#else included) of one #if that
	does not enclose it but is compiled wherever the site is."""
	sstack = cond_stack(path, site)
	stext = cond_text(path, sstack)
	groups = {}
	for dl in lines:
		ds = cond_stack(path, dl)
		if sstack[:len(ds)] == ds:
			return True
		# the same condition, tested again around the site
		if stext[:len(ds)] == cond_text(path, ds):
			return True
		# an #if whose own enclosing blocks enclose the site too (or test
		# the same conditions again): '#ifdef CONFIG_ISA / #else' around
		# the declarations, '#ifdef MODULE' around the site
		k = len(ds) - 1
		if sstack[:k] == ds[:k] or stext[:k] == cond_text(path, ds[:k]):
			groups.setdefault(ds[k][0], set()).add(ds[k][1])
	for if_line, seen in groups.items():
		n, has_else = if_branches(path, if_line)
		if has_else and seen == set(range(n)):
			return True
	return False


def exclusive(path, dl, site):
	"""Is the line dl never compiled together with the line site?  True
	when they sit in different branches of one #if, or of two #ifs that
	test the same condition ('#ifdef MODULE ... #else' far above, and
	'#ifdef MODULE' around the site)."""
	ds, ss = cond_stack(path, dl), cond_stack(path, site)
	dt, st = cond_text(path, ds), cond_text(path, ss)
	for (dif, dbr), (dtx, _) in zip(ds, dt):
		for (sif, sbr), (stx, _) in zip(ss, st):
			if (dif == sif or dtx == stx) and dbr != sbr:
				return True
	return False


CHOSEN = {}	# (file, variable) -> (line of the declaration its line follows, form)
FORM_MACRO = {"param": "module_param", "array": "module_param_array",
	      "string": "module_param_string", "named": "module_param_named",
	      "array_named": "module_param_array_named", "cb": "module_param_cb"}


CHOSEN_V = {}	# (file, MODULE_PARM name) -> (line, column) of the declared names


def _at(q, lines):
	p = q[0]
	# dl is the line of a declaration outside functions (d, d_rev)
	return any(int(p.line) <= dl <= int(p.line_end) for dl in lines)


def _at_name(q, poses):
	"""Does the declaration at q hold a declared name at one of these
	positions?  By column too: a MODULE_PARM is a declaration for
	spatch, and 'MODULE_PARM(x, "i"); static int x;' puts both on one
	line."""
	p = q[0]
	lo = (int(p.line), int(p.column))
	hi = (int(p.line_end), int(p.column_end))
	return any(lo <= pos < hi for pos in poses)


def at_decl(q, v):
	"""Is the declaration at q the one the module_param of the
	MODULE_PARM naming v follows?"""
	return _at_name(q, CHOSEN_V.get((q[0].file, v), []))


def at_decl_dv(q, dv):
	"""The same, by the declared name."""
	dl = CHOSEN.get((q[0].file, dv))
	return _at(q, [] if dl is None else [dl[0]])


def alias_of(v, path):
	d = defines(path)
	val = d.get(v)
	if val and re.match(r'^[A-Za-z_]\w*$', val):
		return val
	return v


def reverse_alias_of(v, path):
	"""A name #defined to v ('#define vortex_debug debug'), or v."""
	for k, val in sorted(defines(path).items()):
		if val == v and k != v:
			return k
	return v


def header_decl(name, path):
	"""Local header (as included) that mentions name in a declaration,
	and whether that declaration is an extern one (else a struct member
	or a prototype parameter, say)."""
	text = read_text(path)
	for h in include_paths(path, text):
		m = re.search(r'^(.*)\b' + re.escape(name) + r'\s*(\[[^]]*\]\s*)*;',
			      read_text(h), re.M)
		if m:
			return os.path.basename(h), bool(re.search(r'\bextern\b', m.group(1)))
	return None


class _Pos:
	def __init__(self, path, line, column):
		self.file, self.line, self.column = path, str(line), str(column)


NOT_TYPE_WORDS = {"return", "typedef", "goto", "case", "else", "if",
		  "while", "for", "do", "switch", "sizeof", "define"}


def text_decls(name, path):
	"""Top-level declarations of name in a file, read from its text, as
	(type, line, column, extern).  For what spatch did not see: a
	local header of the file, or a declaration in a part of the file spatch could not
	parse.  Only the plain shape 'storage type *name[dims] attrs = init;'
	counts; anything else is left to spatch."""
	text = blank_comments(read_text(path))
	out = []
	for m in re.finditer(r'\b' + re.escape(name) + r'\b', text):
		k = m.start()
		while k > 0 and text[k - 1] not in ";{}":
			k -= 1
		prefix = text[k:m.start()]
		# a preprocessor line ends the previous statement
		prefix = re.split(r'^[ \t]*#.*$', prefix, flags=re.M)[-1]
		if not re.match(r'^\s*(?:[A-Za-z_]\w*[\s*]+)+$', prefix):
			continue
		words = re.findall(r'[A-Za-z_]\w*', prefix)
		if any(w in NOT_TYPE_WORDS for w in words):
			continue
		tail = re.match(r'\s*((?:\[[^\];{}]*\]\s*)*)'
				r'(?:__\w+\s*(?:\([^()]*\)\s*)?)*(?:=[^;]*)?;',
				text[m.end():])
		if not tail:
			continue
		line = text.count("\n", 0, m.start()) + 1
		col = m.start() - (text.rfind("\n", 0, m.start()) + 1)
		if not toplevel([_Pos(path, line, col)]):
			continue
		base = " ".join(w for w in prefix.replace("*", " * ").split()
				if w not in ("static", "extern", "register"))
		dims = tail.group(1).strip()
		out.append(((base + " " + dims).strip(), line, col,
			    "extern" in words))
	return out


def local_header_decls(name, path):
	"""Declarations of name in the headers a file includes with quotes
	(the own headers of a driver, never the include/ of the tree)."""
	text = read_text(path)
	here = os.path.dirname(os.path.abspath(path))
	out = []
	for m in re.finditer(r'^\s*#\s*include\s*"([^"]+)"', text, re.M):
		h = os.path.join(here, m.group(1))
		if os.path.isfile(h):
			out += [(h, d) for d in text_decls(name, h)]
	return out


def decl_text(path, line):
	"""The whole declaration whose name is on that line: from the end of
	the statement before it to its ';' (it may run over several lines,
	'static int\\nio __initdata\\n= 0x300;'), comments and strings
	blanked."""
	text = blank_comments(read_text(path))
	lines = text.split("\n")
	start = sum(len(l) + 1 for l in lines[:line - 1])
	b = max(text.rfind(";", 0, start), text.rfind("}", 0, start),
		text.rfind("\n#", 0, start))
	e = text.find(";", start)
	return text[b + 1:e if e >= 0 else len(text)]


def word_count(name, path):
	"""Uses of name in the code of the file (not in comments or strings)
	beyond MODULE_PARM/MODULE_PARM_DESC."""
	text = blank_comments(read_text(path))
	text = re.sub(r'MODULE_PARM(_DESC)?\s*\(\s*' + re.escape(name) + r'\b',
		      '', text)
	return len(re.findall(r'\b' + re.escape(name) + r'\b', text))


def decide(v, t, p):
	"""Choose the modern form for one MODULE_PARM site.  Diagnostics are
	printed once per site."""
	key = (p.file, p.line, p.column)
	if key in DONE:
		return DONE[key]
	res = decide1(v, t, p)
	DONE[key] = res
	if res["form"] == "cb" or (res["form"] != "left" and res["after"]):
		other = [(n, fm) for (f, n), (dl, fm) in CHOSEN.items()
			 if f == p.file and dl == res["dline"] and n != res["dv"]
			 and (fm != res["form"] or fm == "cb")]
		if other:
			# one rule adds the lines of one form after a
			# declaration (its ++ adds them all); a line of
			# another rule after the same token does not go in
			res["diags"].append(("order", "'%s' (%s) is declared with "
					     "'%s' (%s) in one declaration that "
					     "both lines must follow: split the "
					     "declaration by hand; left unchanged" %
					     (res["dv"], FORM_MACRO[res["form"]],
					      other[0][0], FORM_MACRO[other[0][1]])))
			res["form"] = "left"
		else:
			CHOSEN[(p.file, res["dv"])] = (res["dline"], res["form"])
			CHOSEN_V[(p.file, v)] = res.get("dposes") or \
				[(res["dline"], res["dcol"])]
	for kind, msg in res["diags"]:
		out_diag(p, kind, msg)
	rec = {"file": p.file, "line": int(p.line), "col": int(p.column) + 1,
	       "var": v, "site": "left"
	       if res["form"] == "left" else "converted", "form": res["form"]}
	if res["form"] not in ("left", "drop"):
		rec.update(check_type(res["base"], res["dims"], res["dv"], p.file))
	emit(rec)
	if STATS_ON[0]:
		# with the column: a line may hold several sites
		sys.stderr.write("modparm-site: %s:%s:%d: %s %s\n" % (
			p.file, p.line, int(p.column) + 1, "left" if res["form"] == "left"
			else "converted", res["form"]))
	return res


def check_type(base, dims, dv, path):
	"""The declaration of a converted site as modparm-convert --check-build
	compiles it: the base type normalised (type), the same with const and
	volatile kept (qtype: the type check of module_param sees them), a
	typedef of the file or its own headers resolved (rtype: the module the
	check builds has only the kernel headers), the dimensions as numbers
	where they evaluate, else their text, and the declared variable."""
	q = re.sub(r'\b(static|register|__read_mostly|__initdata|'
		   r'__devinitdata)\b', ' ', base)
	q = re.sub(r'\s+', ' ', re.sub(r'\s*\*\s*', ' * ', q)).strip()
	rec = {"type": norm_base(base), "qtype": q.replace("* *", "**"),
	       "decl": dv, "dims": []}
	b = norm_base(base)
	for _ in range(5):
		if not re.match(r'^\w+$', b) or typedef_of(b, path) is None:
			break
		b = rec["rtype"] = typedef_of(b, path)
	defs = defines(path)
	for dim in dims:
		n = eval_int(dim, defs) if dim else None
		rec["dims"].append(dim if n is None else n)
	return rec


STATS_ON = [False]
KEEP_MIN = [False]


def decide1(v, t, p):
	"""decide_form, then the other #if branches that declare the variable
	with another type: each gets its own line after its declaration, with
	its own type (one module_param line has one type, and the wrong one
	does not build); a scalar in one branch and an array in another have
	no common form and are left."""
	res = decide_form(v, t, p)
	group = res.pop("group", None) or []
	if res["form"] not in ("param", "array", "named", "array_named") or \
			len(group) < 2:
		return res
	types = {}
	for d in group:
		b, dims = split_type(d[0])
		pt = ptype(b, p.file)
		decl = "%s %s%s" % (norm_base(b), res["dv"],
				    "".join("[%s]" % x for x in dims))
		decl = decl.replace("* ", "*")
		if pt is not None and bool(dims) != bool(res["dims"]) and \
				module_branch_array(res, group, p.file):
			return res
		if pt is None or bool(dims) != bool(res["dims"]) or len(dims) > 1:
			res["diags"].append(("branch-types", "'%s' is declared as "
					     "'%s' at line %d and as '%s' at line %d "
					     "(other #if branches): no one module_param "
					     "form fits both: left unchanged" % (
						     res["dv"], res["declared"],
						     res["dline"], decl, d[1])))
			res["form"] = "left"
			return res
		types[(d[1], d[2])] = pt[0]
		if pt[0] != res["ty"]:
			what = letter_mismatch(res["letter"], pt)
			if what:
				res["diags"].append(("type-mismatch", "type \"%s\" (%s) "
						     "does not match the %s of the "
						     "declaration '%s' (line %d): converted "
						     "as %s" % (res["typestr"],
								 LETTERS[res["letter"]][2], what,
								 decl, d[1], pt[0])))
	if len(set(types.values())) > 1:
		res["after"] = True
		res["dtypes"] = types
		res["dposes"] = [(d[1], d[2]) for d in group]
	return res


def letter_mismatch(letter, pt):
	"""'size' or 'signedness' when the old letter does not fit the
	module_param type pt (param type, size, signed), else None."""
	if letter is None or pt is None or letter == "s" or pt[0] == "charp":
		return None
	lsize, lsigned, lname = LETTERS[letter]
	mtype, msize, msigned = pt
	if lsize != msize:
		return "size"
	if lsigned is not None and msigned is not None and lsigned != msigned:
		return "signedness"
	return None


def decide_form(v, t, p):
	path = p.file
	defs = defines(path)
	diags = []
	res = {"form": "left", "diags": diags, "after": False,
	       "ty": None, "tgt": v, "min": 0, "perm": PERM[0]}
	tgt = alias_of(v, path)
	res["tgt"] = tgt
	res["dv"] = tgt
	shown = "%s" % v if tgt == v else "%s (alias of %s)" % (v, tgt)
	twin = modern_twin(path, int(p.line), v)
	if twin:
		diags.append(("compat", "'%s' already has its module_param at line "
			      "%d, in another branch of '%s' (a compat block for "
			      "old kernels): left unchanged" % (v, twin[0], twin[1])))
		return res
	same = modern_same(path, int(p.line), v)
	if same:
		diags.append(("duplicate", "'%s' already has its module_param at "
			      "line %d: a second one would define the parameter "
			      "twice; MODULE_PARM removed" % (v, same)))
		res["form"] = "drop"
		return res
	guard = parm_guard(path, int(p.line))
	if guard:
		what = guard[1] if guard[1].startswith("the ") else "'%s'" % guard[1]
		diags.append(("parm-guard", "'%s' is under %s (line %d), which "
			      "no kernel since 2.6.17 (no MODULE_PARM) compiles: "
			      "remove that #if so that the parameter "
			      "exists" % (v, what, guard[0])))
	s = decode(t, defs)
	if s is None:
		diags.append(("type-string", "cannot expand the type string "
			      "%s of '%s': left unchanged" % (t, v)))
		return res
	m = TYPESTR_RE.match(s.strip())
	if not m:
		diags.append(("type-string", "invalid type string \"%s\" of "
			      "'%s': left unchanged" % (s, v)))
		return res
	mn, mx, letter, csize = m.group(1), m.group(2), m.group(3), m.group(4)
	res["letter"], res["typestr"] = letter, s
	counted = mn is not None
	if counted:
		mx = mx if mx is not None else mn
		if mn.startswith("{"):
			diags.append(("type-string", "type string \"%s\" of '%s' has a "
				      "minimum count that is not a number: left "
				      "unchanged" % (s, v)))
			return res
		mn = int(mn)
		mx = int(mx) if not mx.startswith("{") else mx[1:-1]
	decls = DECLS.get((path, tgt), [])
	if not decls and tgt != v and DECLS.get((path, v)):
		# '#define azt_port aztcd' then 'static int azt_port': the
		# declaration is that of the alias target, under the name the
		# MODULE_PARM uses; keep that name
		decls = DECLS[(path, v)]
		tgt = v
		res["tgt"] = res["dv"] = v
		shown = v
	hdr_decl = None
	if not [d for d in decls if not d[3]]:
		# what spatch did not see: the own header of the driver first,
		# then the text of the file
		found = [hd for hd in local_header_decls(tgt, path) if not hd[1][3]]
		if found:
			hdr_decl = found[0][0]
			ts0, hl, hc, hext = found[0][1]
			decls = [(ts0, 0, 0, hext)]
		else:
			decls = decls or text_decls(tgt, path)
	defs_only = [d for d in decls if not d[3]]
	if not decls:
		hdr = header_decl(tgt, path)
		if hdr and hdr[1]:
			diags.append(("no-declaration", "'%s' is only declared in %s "
				      "(extern, defined in another file): no "
				      "declaration here to follow, left unchanged" %
				      (tgt, hdr[0])))
		elif hdr:
			diags.append(("no-declaration", "no variable '%s' here: %s "
				      "declares only a struct member or another "
				      "non-variable of that name: left unchanged" %
				      (tgt, hdr[0])))
		elif word_count(tgt, path) == 0:
			# the old macro only named the variable for insmod and
			# never referenced it, so this compiled; module_param
			# takes its address: maintainers removed the line
			diags.append(("no-variable", "MODULE_PARM names '%s', "
				      "which is neither declared nor used in this "
				      "file (the old macro never referenced it): "
				      "MODULE_PARM removed" % tgt))
			res["form"] = "drop"
		else:
			diags.append(("no-declaration", "no file-scope declaration "
				      "of '%s' in this file or its own headers "
				      "(only a local, a parameter or a struct "
				      "member of that name, or declared elsewhere): "
				      "left unchanged" % tgt))
		return res
	if not defs_only:
		diags.append(("extern", "'%s' is only declared extern here; "
			      "type taken from that declaration" % tgt))
	pool = defs_only or decls
	site = int(p.line)
	# by line and column: 'static int x = 1; MODULE_PARM(x, "i");' puts
	# the declaration on the line of the site, before it
	at = (site, int(p.column))
	above = [d for d in pool if (d[1], d[2]) < at]
	below = [d for d in pool if (d[1], d[2]) > at]
	# The module_param line takes the place of the MODULE_PARM whenever the
	# variable exists there (declared above it, in every branch of an
	# #if that does not enclose the site); otherwise it goes once,
	# directly after the first declaration below the site, or after
	# the last one above it when that is in a branch the site is not in.
	def branches_of(ds, first):
		"""first and the declarations of the same variable in the other
		branches of its #if: each branch gets its line, or a
		configuration loses the parameter"""
		fs = cond_stack(path, first[1])
		return [d for d in ds if d is first or
			(fs and cond_stack(path, d[1])[:-1] == fs[:-1] and
			 cond_stack(path, d[1])[-1][0] == fs[-1][0])]

	# a declaration in a branch the site is never compiled with does not
	# make the variable exist there, nor does its type count
	near = [d for d in above if not exclusive(path, d[1], site)]
	if near and visible_at(path, site, [d[1] for d in near]):
		chosen, res["after"] = near[0], False
		group = near
	elif below:
		chosen, res["after"] = below[0], True
		group = branches_of(below, below[0])
	else:
		chosen, res["after"] = above[-1], True
		group = branches_of(above, above[-1])
	if res["after"]:
		res["dposes"] = [(d[1], d[2]) for d in group]
	ts, dline, dcol, ext = chosen
	res["dline"], res["dcol"] = dline, dcol
	res["group"] = group
	dtext = decl_text(hdr_decl or path, hl if hdr_decl else dline)
	# the init and exit sections of every era: __devinitdata, __cpuinitdata,
	# __meminitdata (2.6), __initdata_or_module, __exitdata...
	sect = re.search(r'\b__(?:(?:dev|cpu|mem)?(init|exit)(?:data|const)|'
			 r'(init)data_or_module)\b', dtext)
	if PERM[0].strip("0") and sect and (sect.group(1) or sect.group(2)) == "init":
		diags.append(("initdata", "'%s' is in an init section (%s): with "
			      "permission %s its sysfs file would read freed "
			      "memory after init; use permission 0 or drop "
			      "the annotation" % (tgt, sect.group(0), PERM[0])))
	elif PERM[0].strip("0") and sect:
		diags.append(("initdata", "'%s' is in an exit section (%s), "
			      "discarded when the driver is built in: with "
			      "permission %s its sysfs file would read memory "
			      "that is not there; use permission 0 or drop the "
			      "annotation" % (tgt, sect.group(0), PERM[0])))
	base, dims = split_type(ts)
	res["base"], res["dims"] = base, dims
	declared = "%s %s%s" % (norm_base(base), tgt,
				"".join("[%s]" % d for d in dims))
	declared = declared.replace("* ", "*")
	res["declared"] = declared
	lettered = '"%s"' % s

	def sizeof_dim(d):
		return eval_int(d, defs) if d else None

	def same_size(n, dim):
		"""n: int or symbol; dim: the declared size text."""
		val = sizeof_dim(dim)
		if isinstance(n, str):
			nv = eval_int(n, defs)
			if nv is None:
				if re.sub(r'\s+', '', dim) == n:
					return True, dim
				return None, dim
			n = nv
		if val is not None:
			return val == n, val
		return None, dim

	def check_letter(pt):
		what = letter_mismatch(letter, pt)
		if what:
			diags.append(("type-mismatch", "type %s (%s) does not match "
				      "the %s of the declaration '%s': "
				      "converted as %s" % (lettered, LETTERS[letter][2],
							   what, declared, pt[0])))

	# "cN": char array (string)
	if csize is not None:
		n = int(csize) if not csize.startswith("{") else csize[1:-1]
		if counted:
			why = string_array_refused(tgt, base, dims, path, res, hdr_decl)
			if why is None:
				diags.append(string_array_to_charp(lettered, declared, tgt,
								   dims, path))
				res.update(form="array_named" if tgt != v else "array",
					   ty="charp", base="char *", dims=dims[:1],
					   strarray=True)
				return res
			diags.append(("string-array", "type %s of '%s' is an array "
				      "of %s-%s strings of %s chars, which module_param "
				      "takes only as 'char *%s[%s]' (module_param_array "
				      "of charp, as upstream converted them), and %s: "
				      "left unchanged" % (lettered, shown, mn, mx, n,
							  tgt, dims[0] if dims else "N", why)))
			return res
		if not dims and norm_base(base).endswith("*"):
			diags.append(("c-on-pointer", "type %s on the pointer '%s': "
				      "the old kernel copied the string over the "
				      "pointer; converted to charp" %
				      (lettered, declared)))
			res.update(form="named" if tgt != v else "param",
				   ty="charp")
			return res
		if len(dims) != 1 or not is_char_base(base):
			diags.append(("string-type", "type %s on '%s', which is not "
				      "a char array: left unchanged" %
				      (lettered, declared)))
			return res
		eq, val = same_size(n, dims[0])
		if eq is False:
			diags.append(("string-size", "type %s gives %s bytes but "
				      "sizeof(%s) is %s: converted with sizeof(%s)" %
				      (lettered, n, tgt, val, tgt)))
		res.update(form="string")
		return res

	# letters b h i l s
	if letter == "s" and len(dims) == 1 and is_char_base(base):
		diags.append(("s-on-char-array", "type \"s\" (char *) on the "
			      "char array '%s': converted to module_param_string"
			      % declared))
		res.update(form="string")
		return res
	if letter == "s" and not dims and not norm_base(base).endswith("*"):
		diags.append(("type-mismatch", "type \"s\" (char *) on '%s', which "
			      "is not a pointer: left unchanged" % declared))
		return res
	if len(dims) > 1:
		diags.append(("no-equivalent", "'%s' is a multi-dimensional array: "
			      "no module_param equivalent for %s: left unchanged" %
			      (declared, lettered)))
		return res
	pt = ptype(base, path)
	if pt is None and typedef_conflict(base, path):
		diags.append(typedef_conflict(base, path))
		return res
	if pt is None:
		nb = norm_base(base)
		why = ""
		if re.match(r'^(signed )?long long( int)?$', nb):
			why = " (module_param has ullong but no signed long long type)"
		elif nb.startswith("enum "):
			why = " (module_param has no enum type: declare it int)"
		elif nb.endswith("*"):
			why = " (a pointer; only char * is a module_param type, charp)"
		diags.append(("unknown-type", "cannot map the declared type of "
			      "'%s' to a module_param type%s: left unchanged" %
			      (declared, why)))
		return res
	res["ty"] = pt[0]
	typedef_chain_notes(base, path, diags)
	if re.search(r'\bvolatile\b', base):
		diags.append(("volatile", "'%s' is volatile: module_param's type "
			      "check discards the qualifier (a compiler warning); "
			      "converted, drop the volatile" % ("volatile " + declared)))
	if norm_base(base) != "char *" and re.search(r'\bconst\b', base):
		diags.append(("const", "'const %s' is const: a parameter is "
			      "written when the module loads (the old kernel "
			      "wrote to read-only data) and the type check of "
			      "module_param rejects it: drop the const "
			      "(modparm_const.cocci does)" % declared))
	if norm_base(base) == "char *" and re.search(r'\bconst\b', base):
		diags.append(("const-charp", "'const %s': module_param's charp "
			      "type check wants char *: drop the const "
			      "(modparm_const.cocci does)" % declared))
	if not dims:
		if counted and (not isinstance(mx, int) or mx > 1):
			diags.append(count_on_scalar(lettered, declared, mn, mx, v, path))
		check_letter(pt)
		res.update(form="named" if tgt != v else "param")
		return res
	# array
	if not counted:
		# Upstream conversions used module_param_array here: it sets
		# the first element from one value, as before, and takes more.
		diags.append(("scalar-on-array", "scalar type %s on the array "
			      "'%s': only the first element was set; converted "
			      "to module_param_array, which also accepts up to "
			      "ARRAY_SIZE(%s) values" % (lettered, declared, tgt)))
		check_letter(pt)
		res.update(form="array_named" if tgt != v else "array")
		return res
	check_letter(pt)
	eq, val = same_size(mx, dims[0])
	if eq is False:
		diags.append(("range-size", "type %s allows at most %s values but "
			      "'%s' has %s elements: converted to an array "
			      "of up to %s" % (lettered, mx, declared, val, val)))
	if mn > 1 and KEEP_MIN[0]:
		res.update(form="cb", min=mn)
		diags.append(("callback", "type %s requires at least %d values: "
			      "converted to module_param_cb with a setter that "
			      "keeps that check" % (lettered, mn)))
		return res
	if mn > 1:
		diags.append(("minimum", "type %s requires at least %d values; "
			      "module_param_array has no minimum: converted "
			      "without that check (-D keep_minimum keeps it "
			      "with a module_param_cb setter)" % (lettered, mn)))
	res.update(form="array_named" if tgt != v else "array")
	return res


def is_form(v, t, p, form, after):
	"""Script constraint of the rewrite rules: is the MODULE_PARM at p
	decided for this form, in place or after its declaration?"""
	r = decide(v, t, p[0])
	if r["form"] != form or (r["after"] or form == "cb") != after:
		return False
	if r.get("strarray") and (p[0].file, r["dv"]) not in STRARR_DONE:
		# its declaration was not rewritten: a charp array would not build
		return False
	if after:
		PLACED[(p[0].file, v)] = r
	return True


def piece(r, what):
	"""The text a fresh identifier of the added code stands for."""
	if what == "ty":
		return r["ty"] or "int"
	return r[what]


def chosen(v, t, p, what):
	return piece(decide(v, t, p[0]), what)


def placed(v, q, what):
	"""The same for a line added after a declaration (at q), from the
	decision of the site naming v in that file; the type is that of
	this declaration when the #if branches declare different types."""
	r = PLACED[(q[0].file, v)]
	if what == "ty" and r.get("dtypes"):
		for (dl, dc), ty in r["dtypes"].items():
			if _at_name(q, [(dl, dc)]):
				return ty
	return piece(r, what)


def added(v, q):
	"""The line of v went in after its declaration: its MODULE_PARM can go."""
	ADDED.add((q[0].file, PLACED[(q[0].file, v)]["dv"]))


PLACED = {}	# (file, MODULE_PARM name) -> decision, for lines added after a declaration
# module_param type -> the C type its param_check_<type> wants
PARAM_CTYPE = {"uint": "unsigned int", "ulong": "unsigned long",
	       "ushort": "unsigned short", "byte": "unsigned char",
	       "hexint": "unsigned int", "charp": "char *"}

# The kernel's typedefs that old drivers and their packages' headers build
# on, as an x86-64 6.1 build defines them (include/linux/types.h,
# include/uapi/asm-generic/posix_types.h, arch/x86/include/uapi/asm/
# posix_types_64.h): 'typedef __kernel_dev_t major_t;' must become uint.
PTYPES.update({
	"__kernel_dev_t": ("uint", 4, False),
	"__kernel_long_t": ("long", 8, True),
	"__kernel_ulong_t": ("ulong", 8, False),
	"__kernel_ino_t": ("ulong", 8, False),
	"__kernel_ipc_pid_t": ("int", 4, True),
	"__kernel_suseconds_t": ("long", 8, True),
	"__kernel_daddr_t": ("int", 4, True),
	"__kernel_old_uid_t": ("ushort", 2, False),
	"__kernel_old_gid_t": ("ushort", 2, False),
	"__kernel_old_dev_t": ("ulong", 8, False),
	"__kernel_ptrdiff_t": ("long", 8, True),
	"__kernel_time_t": ("long", 8, True),
	"__kernel_old_time_t": ("long", 8, True),
	"__kernel_clock_t": ("long", 8, True),
	"__kernel_timer_t": ("int", 4, True),
	"__kernel_clockid_t": ("int", 4, True),
	"__kernel_uid16_t": ("ushort", 2, False),
	"__kernel_gid16_t": ("ushort", 2, False),
	"__kernel_key_t": ("int", 4, True),
	"__kernel_mqd_t": ("int", 4, True),
})

# The include path of the package a file belongs to: the directories of
# -D modparm_includes=DIR:DIR (the -I flags of its Makefile, in order), or,
# with -D modparm_src=SRC only, every include/ directory under SRC, those
# above the file first (the nearest first).  The kernel's own headers
# (linux/, asm/) are not read: their types are those of a 6.1 build above.
INCLUDES = {"dirs": [], "src": None}
AUTO_DIRS = {}		# SRC -> the include/ directories under it
VIA = {}		# (file, typedef name) -> (definition, header, other definitions)
CONFLICTS = {}		# (file, typedef name) -> [(header, definition)]
NOTE_KINDS = ("typedef-header",)


def set_includes(dirs):
	INCLUDES["dirs"] = [os.path.abspath(d) for d in dirs.split(":") if d]


def set_src(src):
	INCLUDES["src"] = os.path.abspath(src)


def include_dirs_auto(path):
	"""The include/ directories under SRC, for the file path: those of its
	ancestors first (nearest first), then the others in name order."""
	src = INCLUDES["src"]
	if src not in AUTO_DIRS:
		found = []
		for d, subs, _ in os.walk(src):
			subs.sort()
			if os.path.basename(d) == "include":
				found.append(d)
		AUTO_DIRS[src] = found
	here = os.path.dirname(os.path.abspath(path))
	anc = []
	while True:
		inc = os.path.join(here, "include")
		if inc in AUTO_DIRS[src]:
			anc.append(inc)
		if here == src or os.path.dirname(here) == here:
			break
		here = os.path.dirname(here)
	return anc, [d for d in AUTO_DIRS[src] if d not in anc]


def shown_header(h):
	"""A header as a diagnostic names it: relative to SRC when under it."""
	src = INCLUDES["src"]
	if src and h.startswith(src.rstrip("/") + "/"):
		return h[len(src.rstrip("/")) + 1:]
	return os.path.relpath(h) if not src else h


def typedef_in(name, text):
	m = re.search(r'\btypedef\s+([^;{}]*?)\b' + re.escape(name) + r'\s*;',
		      blank_comments(text))
	return norm_base(m.group(1)) if m else None


def typedef_on_path(name, path):
	"""'typedef X name;' in the headers the file includes, found as the
	compiler would with the package's include path, nested includes too;
	X, or None.  Without -I (SRC's include/ directories), a header found
	only outside the include/ directories above the file, in several
	places that define name differently (one per platform), is a
	conflict (CONFLICTS), not a guess."""
	key = (path, name)
	if key in VIA:
		return VIA[key][0]
	if not INCLUDES["dirs"] and not INCLUDES["src"]:
		return None
	if INCLUDES["dirs"]:
		near, far = INCLUDES["dirs"], []
	else:
		near, far = include_dirs_auto(path)
	seen = set([os.path.abspath(path)])
	todo = [(os.path.abspath(path), 0)]
	while todo:
		f, depth = todo.pop(0)
		text = read_text(f)
		for m in re.finditer(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', text, re.M):
			rel = m.group(2)
			if re.match(r'(linux|asm[\w-]*)/', rel):
				continue
			here = [os.path.dirname(f)] if m.group(1) == '"' else []
			cands = [os.path.join(d, rel) for d in here + near
				 if os.path.isfile(os.path.join(d, rel))]
			if not cands:
				others = [os.path.join(d, rel) for d in far
					  if os.path.isfile(os.path.join(d, rel))]
				defs = [(h, typedef_in(name, read_text(h))) for h in others]
				defs = [hd for hd in defs if hd[1]]
				if len(set(d for _, d in defs)) > 1:
					CONFLICTS[key] = defs
					continue
				cands = others
			if not cands or os.path.abspath(cands[0]) in seen:
				continue
			h = os.path.abspath(cands[0])
			seen.add(h)
			got = typedef_in(name, read_text(h))
			if got:
				rest = [(o, typedef_in(name, read_text(o)))
					for o in cands[1:] + [os.path.join(d, rel) for d in far
							      if os.path.isfile(os.path.join(d, rel))]]
				rest = [(o, d) for o, d in rest if d and d != got and
					os.path.abspath(o) != h]
				VIA[key] = (got, h, rest)
				return got
			if depth < 4:
				todo.append((h, depth + 1))
	VIA[key] = (None, None, [])
	return None


# functions whose first argument they write (a string array element there
# is written into)
WRITERS = ("strcpy", "strncpy", "strlcpy", "strscpy", "strcat", "strncat",
	   "sprintf", "snprintf", "vsprintf", "vsnprintf", "memcpy", "memmove",
	   "memset", "copy_from_user", "__copy_from_user", "get_user",
	   "sscanf")


def string_array_uses(name, path):
	"""Every use of the array name in the code of the file beyond its
	declarations and MODULE_PARM/MODULE_PARM_DESC, as (line, None) for
	a read of an element's string, or (line, why) for a use that needs
	the char storage ("1-4c16" on 'char name[4][16]')."""
	text = blank_comments(read_text(path))
	out = []
	for m in re.finditer(r'\b' + re.escape(name) + r'\b', text):
		before = text[:m.start()].rstrip()
		line = text.count("\n", 0, m.start()) + 1
		if re.search(r'\bMODULE_PARM(_DESC)?\s*\(\s*$', before) or \
				before.endswith(("->", ".")):
			continue	# a member of that name is another thing
		rest = text[m.end():]
		k = 0
		idx = 0
		while True:
			mm = re.match(r'\s*\[', rest[k:])
			if not mm:
				break
			k += mm.end()
			lvl = 1
			while k < len(rest) and lvl:
				lvl += {"[": 1, "]": -1}.get(rest[k], 0)
				k += 1
			idx += 1
		after = rest[k:].lstrip()
		decl = re.search(r'(^|[;{}\n])\s*(?:static\s+|const\s+|extern\s+)*'
				 r'(?:unsigned\s+|signed\s+)?char\s*$', before)
		if decl:
			continue
		why = None
		if re.search(r'\bsizeof\s*\(?\s*$', before):
			why = "sizeof"
		elif before.endswith("&") and not before.endswith("&&"):
			why = "its address taken"
		elif idx == 0:
			why = "the whole array used"
		elif idx > 1:
			why = "an element's characters read or written"
		elif before.endswith("*") and re.search(r'(^|[=(,;!&|?:{}]|return)\s*\*$', before):
			why = "an element's first character read"
		elif re.match(r'(=[^=]|\+\+|--|[-+*/%&|^]=|<<=|>>=)', after):
			why = "an element assigned"
		elif re.search(r'(^|[^=!<>])=$', before) and not re.match(r'\s*[-+*/%&|^\[.]', after):
			# 'dev->name = name[i];': the storage goes on, to be written
			# through (register_netdev filled in "eth%d")
			why = "an element's storage handed on by an assignment"
		elif re.search(r'\b(' + "|".join(WRITERS) + r')\s*\(\s*$', before):
			why = "an element written by " + re.search(r'(\w+)\s*\(\s*$', before).group(1) + "()"
		out.append((line, why))
	return out


def string_array_refused(name, base, dims, path, res, hdr_decl):
	"""Why the array of strings name cannot become 'char *name[N]' with
	module_param_array(name, charp, ...), as upstream converted them, or
	None: its uses must only read the strings."""
	if norm_base(base) != "char" or len(dims) != 2:
		return "it is not declared as 'char %s[N][M]'" % name
	if hdr_decl or res["after"] or len(res.get("group") or []) != 1:
		return "its declaration is not one declaration above the site"
	dtext = re.split(r'^[ \t]*#.*$', decl_text(path, res["dline"]), flags=re.M)[-1]
	dtext = re.sub(r'\s+', ' ', dtext).strip()
	if not re.match(r'^(static )?char ' + re.escape(name) + r' ?\[[^\]]*\] ?\[[^\]]*\]'
			r' ?(= ?\{.*\})? ?$', dtext):
		return "its declaration '%s' is not a plain 'char %s[N][M]'" % (dtext, name)
	bad = [(l, why) for l, why in string_array_uses_all(name, path) if why]
	if bad:
		where = bad[0][0]
		return ("the code uses the char storage of the strings (%s: %s)" %
			("line %d" % where if isinstance(where, int) else where, bad[0][1]))
	return None


def includers(path):
	"""The files beside a header that include it with quotes: a driver's
	own header ('wavelan.p.h') is used by them."""
	if not path.endswith(".h"):
		return []
	here = os.path.dirname(os.path.abspath(path))
	me = os.path.basename(path)
	out = []
	for f in sorted(os.listdir(here)):
		g = os.path.join(here, f)
		if f != me and f.endswith((".c", ".h")) and os.path.isfile(g) and \
				re.search(r'^\s*#\s*include\s*"' + re.escape(me) + '"',
					  read_text(g), re.M):
			out.append(g)
	return out


def string_array_uses_all(name, path):
	"""string_array_uses of the file and of the files that include it,
	the lines of those as 'file:line'."""
	out = string_array_uses(name, path)
	for g in includers(path):
		out += [("%s:%d" % (os.path.basename(g), l), why)
			for l, why in string_array_uses(name, g)]
	return out


def string_array_to_charp(lettered, declared, name, dims, path):
	"""The warning of an array of strings converted to char *."""
	reads = sorted(set(str(l) for l, why in string_array_uses_all(name, path)))
	return ("string-array", "type %s on '%s': declared 'char *%s[%s]' and "
		"converted to module_param_array(%s, charp, ...), as upstream did; "
		"its uses only read the strings, but an element not given is now "
		"NULL, not \"\"%s" % (lettered, declared, name, dims[0], name,
				      ": check the reads at line%s %s" % (
					      "s" if len(reads) > 1 else "",
					      ", ".join(reads)) if reads else ""))


STRARR_DONE = set()	# (file, array of strings) whose declaration became char *name[N]


def string_array_decl_at(q, name):
	"""Is q the declaration of the array of strings name that the
	decision converts?"""
	for (f, ln, col), r in DONE.items():
		if f == q[0].file and r.get("strarray") and r["dv"] == name and \
				int(q[0].line) == r["dline"]:
			return True
	return False


def string_array_decided(v, t, p):
	"""The declared name of a site decided as an array of strings to
	turn into char pointers, or None."""
	r = decide(v, t, p)
	return r["dv"] if r.get("strarray") else None


def module_branch_array(res, group, path):
	"""A count ("3-8s") on a variable declared as an array under '#ifdef
	MODULE' and as a scalar in its #else (slram's map: the module took a
	list, the built-in driver one string for its __setup): upstream put
	module_param_array after the array's declaration only.  Updates res
	and says so; False when the branches are not that shape."""
	if not re.match(r'^\d', res.get("typestr") or ""):
		return False
	arrays = [d for d in group if split_type(d[0])[1]]
	scalars = [d for d in group if not split_type(d[0])[1]]
	if len(arrays) != 1 or not scalars or len(split_type(arrays[0][0])[1]) != 1:
		return False
	a = arrays[0]
	st = cond_stack(path, a[1])
	if not st:
		return False
	if_line, br = st[-1]
	cond = re.sub(r'\s+', '', blanked(path)[if_line - 1])
	module_br = {"#ifdefMODULE": 0, "#ifdefined(MODULE)": 0, "#ifndefMODULE": 1,
		     "#if!defined(MODULE)": 1}.get(cond)
	if module_br is None or br != module_br:
		return False
	for d in scalars:
		ds = cond_stack(path, d[1])
		if not ds or ds[-1][0] != if_line or ds[-1][1] == br:
			return False
	base, dims = split_type(a[0])
	pt = ptype(base, path)
	if pt is None:
		return False
	named = res["form"] in ("named", "array_named")
	declared = ("%s %s[%s]" % (norm_base(base), res["dv"], dims[0])).replace("* ", "*")
	res["diags"][:] = [dg for dg in res["diags"] if dg[0] not in
			   ("range-on-scalar", "type-mismatch", "range-size", "minimum")]
	mn = int(re.match(r'^(\d+)', res["typestr"]).group(1))
	if mn > 1:
		res["diags"].append(("minimum", "type \"%s\" requires at least %d "
				     "values; module_param_array has no minimum: "
				     "converted without that check" % (res["typestr"], mn)))
	res["diags"].append(("module-array", "'%s' is '%s' under '%s' (line %d) "
			     "and a scalar in its other branch (line %d): "
			     "module_param_array after the array's declaration, "
			     "as upstream converted it; built in, the scalar "
			     "gets no parameter" % (res["dv"], declared,
						    blanked(path)[if_line - 1].strip(),
						    a[1], scalars[0][1])))
	res.update(form="array_named" if named else "array", ty=pt[0], base=base,
		   dims=dims, after=True, dline=a[1], dcol=a[2],
		   dposes=[(a[1], a[2])], declared=declared)
	return True


def setup_parser(v, path):
	"""The function a '__setup("v=", fn)' of the file hands the boot
	option of the same name to (it parses the list itself), or None."""
	raw = read_text(path)
	text = blank_comments(raw)
	for m in re.finditer(r'\b__setup\s*\(\s*"([^"]*)"\s*,\s*(\w+)\s*\)', raw):
		# not in a comment
		if text.startswith("__setup", m.start()) and m.group(1).rstrip("=") == v:
			return m.group(2)
	return None


def count_on_scalar(lettered, declared, mn, mx, v, path):
	"""A count ("1-4i") on a scalar: upstream made it module_param (one
	value); the old kernel wrote the further values past the variable."""
	fn = setup_parser(v, path)
	also = ""
	if fn:
		also = ("; at boot '%s=' goes to %s(), which parses the whole "
			"list: to give the module the list too, pass the parameter "
			"to it with module_param_call" % (v, fn))
	return ("range-on-scalar", "type %s on the scalar '%s' is an element "
		"count (%s to %s values): the old kernel wrote the values after "
		"the first past the variable; converted to module_param, which "
		"takes one value: the count is gone%s" % (lettered, declared,
							  mn, mx, also))


def typedef_chain_notes(base, path, diags):
	"""A note naming the header each typedef of the declared type came
	from, when it was found on the package's include path (not in the file
	or the headers beside it), and the other definitions it chose against."""
	b = norm_base(base)
	for _ in range(5):
		via = VIA.get((path, b))
		if not via or not via[0]:
			break
		how = "-I" if INCLUDES["dirs"] else "the include/ directories under SRC"
		other = ""
		if via[2]:
			other = "; not %s (%s)" % (", ".join(
				"'%s' of %s" % (d, shown_header(h)) for h, d in via[2]),
				"later on the -I path" if INCLUDES["dirs"] else
				"pass -I to choose another")
		diags.append(("typedef-header", "'%s' is 'typedef %s %s;' of %s, "
			      "found through %s%s" % (b, via[0], b,
						      shown_header(via[1]), how, other)))
		b = via[0]


def typedef_conflict(base, path):
	"""The diagnostic for a declared type whose typedef the include/
	directories under SRC define differently, or None."""
	b = norm_base(base)
	for _ in range(5):
		c = CONFLICTS.get((path, b))
		if c:
			return ("typedef-conflict", "'%s' is defined differently by "
				"headers under SRC: %s; which one applies depends on the "
				"include path: pass -I DIR as the package's Makefile "
				"does: left unchanged" % (b, ", ".join(
					"'typedef %s %s;' in %s" % (d, b, shown_header(h))
					for h, d in c)))
		via = VIA.get((path, b))
		if not via or not via[0]:
			return None
		b = via[0]
	return None
