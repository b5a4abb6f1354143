# SPDX-License-Identifier: GPL-2.0-only
"""Reading the C text around a site, as spatch does not give it: the
file and its local headers (include_paths, the package's -I directories
or its include/ directories), object-like #defines and constant
expressions, comments blanked, brace depth, and the #if blocks around a
line (cond_stack, if_body, if_branches)."""

import os
import re

from .state import STATE


class Pos:
	"""A position as spatch gives one (file, line and column as
	strings), for a place the text shows: toplevel() and the
	diagnostics take either."""

	def __init__(self, path: str, line: object, column: object) -> None:
		self.file, self.line, self.column = path, str(line), str(column)


def read_text(path):
	try:
		with open(path, errors="replace") as f:
			return f.read()
	except OSError:
		return ""


def file_dir(path):
	"""The directory of a file's "x.h" includes.  The converter hands
	spatch some files as a copy (a name with spaces, CRLF line ends, the
	expansion of a wrapper macro) in a scratch directory of links to the
	file's neighbours: their directory is the real one, where
	"../lowlevel/fdc-io.h" and the include/ directories above are."""
	here = os.path.dirname(os.path.abspath(path))
	if here not in STATE.file_dirs:
		real = here
		if not os.path.islink(path):
			try:
				names = sorted(os.listdir(here))
			except OSError:
				names = []
			links = [os.path.join(here, e) for e in names
				 if e != "include" and os.path.islink(os.path.join(here, e))]
			files = [e for e in names if e != "include" and
				 not os.path.islink(os.path.join(here, e))]
			if links and files == [os.path.basename(path)]:
				real = os.path.dirname(os.path.realpath(links[0]))
		STATE.file_dirs[here] = real
	return STATE.file_dirs[here]


def include_paths(path, text):
	"""Local headers: "x.h" beside the file, <x/y.h> under an include/ dir
	of an ancestor (the tree's own include/ for in-tree files)."""
	here = file_dir(path)
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


def define_lines(text):
	"""text with its continued lines joined and its /* */ comments gone,
	as cpp reads #define lines."""
	text = re.sub(r'\\\n', ' ', text)
	return re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)


def parse_defines(text):
	text = define_lines(text)
	d = {}
	for m in re.finditer(r'^\s*#\s*define\s+([A-Za-z_]\w*)(?!\()[ \t]*(.*)$',
			     text, re.M):
		val = re.sub(r'//.*$', '', m.group(2)).strip()
		d.setdefault(m.group(1), val)
	return d


def parse_function_defines(text):
	"""{name: (parameters, body)} of the function-like #defines."""
	text = define_lines(text)
	d = {}
	for m in re.finditer(r'^\s*#\s*define\s+([A-Za-z_]\w*)\(([^)]*)\)[ \t]*(.*)$',
			     text, re.M):
		params = [x.strip() for x in m.group(2).split(",") if x.strip()]
		d.setdefault(m.group(1), (params, re.sub(r'//.*$', '', m.group(3)).strip()))
	return d


def defines(path, depth=0, seen=None, parse=parse_defines, cache=None):
	"""#defines of a file and (three levels of) its local headers.
	Read here, not matched by a SmPL #define rule: the aliases and the
	count constants of real drivers sit as often in headers of the
	driver itself, which spatch does not parse under --no-includes, and a
	count such as MAX_UNITS is an expression to evaluate, not a token.
	parse: object-like #defines (parse_defines) or function-like ones
	(parse_function_defines, through function_defines)."""
	if cache is None:
		cache = STATE.defines
	if depth == 0 and path in cache:
		return cache[path]
	seen = seen if seen is not None else set()
	seen.add(path)
	text = read_text(path)
	d = parse(text)
	if depth < 3:
		for h in include_paths(path, text):
			if h in seen:
				continue
			for k, v in defines(h, depth + 1, seen, parse, cache).items():
				d.setdefault(k, v)
	if depth == 0:
		cache[path] = d
	return d


def function_defines(path):
	"""The function-like #defines of a file and of its local headers
	(those that build type strings: '#define STR(x) STR1(x)')."""
	return defines(path, parse=parse_function_defines, cache=STATE.function_defines)


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


def blank_comments(text):
	"""Comments and literals blanked, same length and lines."""
	def rep(m):
		return re.sub(r'[^\n]', ' ', m.group(0))
	return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:[^"\\\n]|\\.)*"|'
		      r"'(?:[^'\\\n]|\\.)*'", rep, text, flags=re.S)


# A preprocessor conditional; group 1 its keyword.
DIRECTIVE = re.compile(r'\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b')


def blanked(path):
	"""The lines of path with comments blanked, read once."""
	if path not in STATE.blanked:
		STATE.blanked[path] = blank_comments(read_text(path)).split("\n")
	return STATE.blanked[path]


def toplevel(q):
	"""Is position q outside any function body or struct (brace depth 0)?
	Initializer braces come after the declared name, so they do not count."""
	return not open_braces(q)


def open_braces(q):
	"""The lines of the '{' still open at position q, outermost first
	(the braces of one branch of each #if counted, as the compiler
	sees one)."""
	p = q[0]
	path = p.file
	lines = blanked(path)
	line, col = int(p.line), int(p.column)
	depth, opened = 0, []
	# per #if level: [skipping this branch, a branch was counted]; the
	# braces of one branch only are counted: the first, or the one after
	# an #if 0 (dead code often holds half of an if/else)
	stack = []
	for no, l in enumerate(lines[:line - 1] + [lines[line - 1][:col]], 1):
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
		# extern "C" { (C++ guards of 2.2 drivers; its literal is
		# blanked here) holds file scope
		linkage = re.search(r'\bextern\s*\{', l)
		for m in re.finditer(r'[{}]', l):
			if m.group(0) == "{" and linkage and m.start() == linkage.end() - 1:
				opened.append(None)
			elif m.group(0) == "{":
				depth += 1
				opened.append(no)
			elif opened and opened[-1] is None:
				opened.pop()
			else:
				depth -= 1
				opened = opened[:-1]
	# more '}' than '{' (the branches of an #if not counted): depth 0
	return [n for n in opened if n is not None] if depth > 0 else []


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
	"""The #if lines of a cond_stack as (condition text, branch).  An #if
	without #elif that tests a name or an equality the other way round
	('#ifndef X', '#if !defined(X)', '#if (A != B)') is given as the
	positive test and the other branch, so that it compares equal to the
	#else of '#ifdef X' or '#if (A == B)': the same configurations
	(ztdummy's '#ifndef LINUX26' around a MODULE_PARM whose variable the
	#else of '#ifdef LINUX26' declares)."""
	lines = blanked(path)
	out = []
	for no, br in stack:
		t = re.sub(r'\s+', '', lines[no - 1])
		pos = positive_test(t)
		if pos and if_branches(path, no) in ((1, False), (2, True)):
			t, br = pos[0], br if not pos[1] else 1 - br
		out.append((t, br))
	return out


def positive_test(t):
	"""(the positive form of an #if line, whether t negates it) for a test
	of one name or one equality, spaces removed; None for another."""
	m = re.match(r'#(ifdef|ifndef)(\w+)$', t) or \
		re.match(r'#if(!?)defined\(?(\w+)\)?$', t)
	if m:
		return "#ifdef" + m.group(2), m.group(1) in ("ifndef", "!")
	m = re.match(r'#if(\(?)(\w+)(==|!=)(\w+)(\)?)$', t)
	if m and bool(m.group(1)) == bool(m.group(5)):
		return "#if%s==%s" % (m.group(2), m.group(4)), m.group(3) == "!="
	return None


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


# The include path of the package a file belongs to: the directories of
# -D modparm_includes=DIR:DIR (the -I flags of its Makefile, in order), or,
# with -D modparm_src=SRC only, every include/ directory under SRC, those
# above the file first (the nearest first).  The kernel's own headers
# (linux/, asm/) are not read: their types are those of a 6.1 build above.
def set_includes(dirs):
	STATE.include_dirs = [os.path.abspath(d) for d in dirs.split(":") if d]


def set_src(src):
	STATE.include_src = os.path.abspath(src)


def include_dirs_auto(path):
	"""The include/ directories under SRC, for the file path: those of its
	ancestors first (nearest first), then the others in name order."""
	src = STATE.include_src
	if src not in STATE.auto_dirs:
		found = []
		for d, subs, _ in os.walk(src):
			subs.sort()
			if os.path.basename(d) == "include":
				found.append(d)
		STATE.auto_dirs[src] = found
	here = file_dir(path)
	anc = []
	while True:
		inc = os.path.join(here, "include")
		if inc in STATE.auto_dirs[src]:
			anc.append(inc)
		if here == src or os.path.dirname(here) == here:
			break
		here = os.path.dirname(here)
	return anc, [d for d in STATE.auto_dirs[src] if d not in anc]


def shown_header(h):
	"""A header as a diagnostic names it: relative to SRC when under it."""
	src = STATE.include_src
	if src and h.startswith(src.rstrip("/") + "/"):
		return h[len(src.rstrip("/")) + 1:]
	return os.path.relpath(h) if not src else h
