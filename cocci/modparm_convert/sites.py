# SPDX-License-Identifier: GPL-2.0-only
"""Find the MODULE_PARM() sites of a tree without parsing C.

spatch decides and rewrites; this finder only counts, so that a site
spatch did not see (a file it could not parse) is never lost."""

import difflib
import functools
import os
import re
import subprocess

SITE_RE = re.compile(r'\bMODULE_PARM\s*\(')
WORD_RE = re.compile(rb'\bMODULE_PARM\b')


# a string or character literal whole, else one character: enough to
# find the commas and brackets of an argument list
ARG_TOKEN_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|.', re.S)


def split_top(s, sep):
	"""The pieces of s between its separators sep outside brackets and
	literals, each stripped, the separators dropped."""
	out, depth, cur = [], 0, ""
	for tok in ARG_TOKEN_RE.findall(s):
		if tok in "([{":
			depth += 1
		elif tok in ")]}":
			depth -= 1
		if tok == sep and depth == 0:
			out.append(cur.strip())
			cur = ""
		else:
			cur += tok
	out.append(cur.strip())
	return out


def split_args(s):
	"""The top-level comma-separated arguments of an argument list text
	(commas and brackets inside literals are no separators)."""
	return split_top(s, ",")


# What strip_comments blanks, one regular expression (a character loop
# in Python cost seconds on a kernel tree): a block comment up to its
# "*/" or the end of the text; a line comment up to the end of its line
# (a backslash does not continue it); a string or character literal,
# in which a backslash takes the next character (a line break too),
# up to its closing quote, or, unterminated (an apostrophe in #error
# text), up to the end of its line, which stays.
BLANK_RE = re.compile(r'(?P<comment>/\*[\s\S]*?(?:\*/|\Z)|//[^\n]*)|'
		      r'"(?P<dq>(?:[^"\\\n]|\\[\s\S]?)*)(?P<dqend>")?|'
		      r"'(?P<sq>(?:[^'\\\n]|\\[\s\S]?)*)(?P<sqend>')?")


def spaces(s):
	"""s with every character but the line breaks a blank."""
	if "\n" not in s:
		return " " * len(s)
	return "\n".join(" " * len(l) for l in s.split("\n"))


# the steps of a conversion blank the same text again and again (each
# site of a file, the repairs, the API part): the last few are kept
@functools.lru_cache(maxsize=8)
def strip_comments(text, keep_strings=False):
	"""Blank comments and (unless keep_strings) the contents of string
	literals, keep line structure."""
	def blank(m):
		if m.group("comment") is not None:
			return spaces(m.group(0))
		if keep_strings:
			return m.group(0)
		if m.group("dq") is not None:
			return '"' + spaces(m.group("dq")) + (m.group("dqend") or "")
		return "'" + spaces(m.group("sq")) + (m.group("sqend") or "")
	return BLANK_RE.sub(blank, text)


@functools.lru_cache(maxsize=4)
def tuple_matcher(old, new):
	return difflib.SequenceMatcher(None, old, new, autojunk=False)


def matcher(old_lines, new_lines):
	"""difflib's SequenceMatcher (no junk) of two lists of lines.  The
	repairs of a file and the lines of its API sites compare the same
	two texts again and again (most repairs change nothing), and on an
	old tree's long files each comparison costs seconds: the last few
	matchers are kept, with the matches and opcodes they computed."""
	return tuple_matcher(tuple(old_lines), tuple(new_lines))


def line_before(old, new, ln):
	"""Line ln of the converted text new as a line of the text old it
	was made from (the conversion moved and removed lines)."""
	sm = matcher(old.split("\n"), new.split("\n"))
	for i, j, n in sm.get_matching_blocks():
		if j <= ln - 1 < j + n:
			return i + ln - j
	return ln


DEFINE_RE = re.compile(r'#\s*define\b')
DIRECTIVE_RE = re.compile(r'#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)')


def find_sites(text):
	"""(code sites, sites in #define bodies, sites under #if 0) by line.
	A call may put its argument list on a later line
	("MODULE_PARM\\n\\t(var, ...)"): the site is the line of the name."""
	clean = strip_comments(text)
	state = []	# per line: "code", "macro" or "dead"
	in_define = False
	if0 = 0
	for line in clean.split("\n"):
		s = line.strip()
		# both expressions need the '#': most lines are code
		starts_define = s.startswith("#") and DEFINE_RE.match(s) is not None
		d = DIRECTIVE_RE.match(s) if s.startswith("#") else None
		if d and not in_define:
			kw = d.group(1)
			if if0:
				if kw.startswith("if"):
					if0 += 1
				elif kw == "endif" or (if0 == 1 and kw in ("else", "elif")):
					if0 -= 1
			elif kw == "if" and d.group(2).strip() == "0":
				if0 = 1
		state.append("macro" if in_define or starts_define else
			     "dead" if if0 else "code")
		in_define = (in_define or starts_define) and line.rstrip().endswith("\\")
	found = {"code": [], "macro": [], "dead": []}
	for m in SITE_RE.finditer(clean):
		no = clean.count("\n", 0, m.start()) + 1
		found[state[no - 1]].append(no)
	return found["code"], found["macro"], found["dead"]


OWN_DEFINE_RE = re.compile(r'#\s*define\s+MODULE_PARM\b')
OWN_UNDEF_RE = re.compile(r'#\s*undef\s+MODULE_PARM\b')


def own_definitions(text):
	"""{line of the file's own #define of MODULE_PARM: [lines of the
	MODULE_PARM calls it makes the file's own macro]}.  Only a #define
	under no #if counts: one under a version test or #ifndef
	MODULE_PARM is a stub for kernels without MODULE_PARM, and the
	calls stay the kernel's parameters on the others.  It holds down to
	an #undef MODULE_PARM or the end of the file."""
	if not OWN_DEFINE_RE.search(text):
		return {}
	clean = strip_comments(text)
	lines = clean.split("\n")
	out = {}
	stack, own, in_define = [], None, False	# stack: whether each #if counts
	for no, line in enumerate(lines, 1):
		s = line.strip()
		if in_define:
			in_define = line.rstrip().endswith("\\")
			continue
		depth = stack.count(True)
		if re.match(r'#\s*if', s):
			# an include guard (#ifndef X_H, then #define X_H) is no #if
			g = re.match(r'#\s*ifndef\s+(\w+)', s)
			nxt = next((l.strip() for l in lines[no:] if l.strip()), "")
			stack.append(not (g and g.group(1) != "MODULE_PARM" and
					  re.match(r'#\s*define\s+%s\s*$' % g.group(1), nxt)))
		elif re.match(r'#\s*endif\b', s):
			stack = stack[:-1]
		elif OWN_UNDEF_RE.match(s):
			own = None
		elif OWN_DEFINE_RE.match(s) and depth == 0:
			own = no
			out[own] = []
		elif own is not None and not s.startswith("#"):
			out[own] += [no] * len(SITE_RE.findall(line))
		in_define = s.startswith("#") and line.rstrip().endswith("\\")
	return out


def walk(top, problem):
	"""Relative paths of the .c and .h files under top, sorted.  Names may
	hold any byte but NUL; a dangling link or an unreadable directory is
	reported with problem(rel, message) and skipped.  Links to files are
	files; links to directories are not followed (as spatch --dir)."""
	out = []
	todo = [""]
	while todo:
		d = todo.pop()
		try:
			with os.scandir(os.path.join(top, d) if d else top) as it:
				entries = list(it)
		except OSError as err:
			problem(d or ".", "cannot read the directory: %s" % err.strerror)
			continue
		for e in entries:
			rel = os.path.join(d, e.name) if d else e.name
			if e.is_dir(follow_symlinks=False):
				todo.append(rel)
			elif not e.name.endswith((".c", ".h")):
				continue
			elif e.is_symlink() and not os.path.exists(e.path):
				problem(rel, "dangling symbolic link to %s: skipped" % os.readlink(e.path))
			elif e.is_file():
				out.append(rel)
	return sorted(out)


def grep(top, rels, args, jobs=1):
	"""(those of rels (under top) that grep (LC_ALL=C, -l and args)
	finds, whether grep failed to read any of them).  jobs greps at a
	time, each over its share of the files (its own pipes: no output
	interleaves), NUL-separated."""
	names = [os.fsencode(r) + b"\0" for r in rels]
	shares = [b"".join(names[k::jobs]) for k in range(max(1, min(jobs, len(names))))]

	def one(share):
		# no -s: what grep says on stderr tells whether it read every file
		return subprocess.run(["xargs", "-0", "-r", "grep", "-lZ"] + args + ["--"],
				      input=share, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
				      cwd=top, env=dict(os.environ, LC_ALL="C"))
	if len(shares) == 1:
		done = [one(shares[0])]
	else:
		import concurrent.futures	# pylint: disable=import-outside-toplevel
		with concurrent.futures.ThreadPoolExecutor(len(shares)) as ex:
			done = list(ex.map(one, shares))
	found = set(os.fsdecode(n) for p in done for n in p.stdout.split(b"\0") if n)
	return found, any(p.stderr for p in done)


def unreadable(top, rels, found, problem):
	"""Report with problem those of rels grep did not find that cannot be
	read."""
	for rel in rels:
		if rel not in found and not os.access(os.path.join(top, rel), os.R_OK):
			problem(rel, "cannot read: Permission denied: skipped")


def mentioning(top, rels, problem, words=("MODULE_PARM",), jobs=1):
	"""Those of rels (under top) that mention MODULE_PARM (or one of
	words) as a word; a file that could not be read is reported with
	problem."""
	found, errors = grep(top, rels, ["-w"] + [a for w in words for a in ("-e", w)], jobs)
	if errors:
		unreadable(top, rels, found, problem)
	return [r for r in rels if r in found]


def mentions(path):
	"""Whether the file mentions MODULE_PARM; OSError when unreadable."""
	with open(path, "rb") as f:
		data = f.read()
	return WORD_RE.search(data) is not None


def site_variable(text, line):
	"""The variable of the MODULE_PARM on that line (1-based), or None."""
	rest = "\n".join(text.split("\n")[line - 1:line + 2])
	m = re.match(r'\s*MODULE_PARM\s*\(\s*(\w+)', rest)
	return m.group(1) if m else None


def site_variables(text, line):
	"""The variables of every MODULE_PARM that starts on that line
	(1-based), in order: a line may hold several."""
	lines = strip_comments(text).split("\n")
	first = len(lines[line - 1]) if line - 1 < len(lines) else 0
	rest = "\n".join(lines[line - 1:line + 2])
	return [m.group(1) for m in re.finditer(r'\bMODULE_PARM\s*\(\s*(\w+)', rest)
		if m.start() < first]


def declares_param(line, var):
	"""Whether line holds a module_param*() statement for var: at its
	start, or after another statement on the same line."""
	return re.search(r'(?:^|[;}])\s*module_param\w*\(\s*' + re.escape(var) + r'\s*,',
			 line) is not None


PARAM_DECL_RE = re.compile(r'(?m)(?:^|[;}])[^\S\n]*module_param\w*\([^\S\n]*(\w+)[^\S\n]*,')


def params_declared(text):
	"""The variables var for which declares_param_in(text, var) holds,
	from one pass over text (a search per variable compiles an
	expression per variable)."""
	return set(m.group(1) for m in PARAM_DECL_RE.finditer(text))


def declares_param_in(text, var):
	"""Whether a line of text holds declares_param(line, var): one search
	of the whole text ([^\S\n] for \s keeps each match within a line)."""
	return re.search(r'(?m)(?:^|[;}])[^\S\n]*module_param\w*\([^\S\n]*' + re.escape(var) +
			 r'[^\S\n]*,', text) is not None


def mentions_site(lines, var):
	"""How many MODULE_PARM(var, ...) the lines hold."""
	return sum(len(re.findall(r'\bMODULE_PARM\s*\(\s*' + re.escape(var) + r'\s*,', l))
		   for l in lines)
