# SPDX-License-Identifier: GPL-2.0-only
"""The parameters of a converted file as a module of their own: its
module_param*() statements and what they need of the file (the
variables with their initialisers, the handlers and the functions these
call, the #defines and struct definitions), in file order, under the
file's own #if blocks so that a compat block compiles its 6.1 branch.
Each copied item is preceded by a #line directive, so gcc's messages
name the converted file."""

import re

from .sites import strip_comments

PARAM_RE = re.compile(r'^\s*(module_param\w*|__MODULE_PARM_TYPE)\s*\(\s*(\w+)')
IDENT_RE = re.compile(r'\b[A-Za-z_]\w*\b')
PP_RE = re.compile(r'\s*#\s*(\w+)\s*(\w*)')
KEYWORDS = set("""auto break case char const continue default do double else enum extern
float for goto if inline int long register restrict return short signed sizeof static
struct switch typedef union unsigned void volatile while __init __exit __initdata
__read_mostly __user bool""".split())
PRELUDE = ["#include <linux/module.h>", "#include <linux/moduleparam.h>",
	   "#include <linux/kernel.h>", "#include <linux/init.h>",
	   "#include <linux/version.h>", "#include <linux/string.h>",
	   "#include <linux/slab.h>", "#include <linux/errno.h>",
	   "#include <linux/stat.h>"]
# the section annotations of 2.4 to 3.7 that 6.1 no longer has (3.8
# removed the __dev ones, 3.10 the __cpu ones): the check builds the
# parameters, not them, as checkbuild.py declares a converted variable
# without them, so they compile to nothing where a copied declaration,
# the #define of a wrapper macro (E1000_PARAM's 'static const int
# __devinitdata X[...]') or a handler carries one
GONE_SECTIONS = ["__devinit", "__devinitdata", "__devinitconst", "__devexit",
		 "__devexitdata", "__devexitconst", "__cpuinit", "__cpuinitdata",
		 "__cpuinitconst", "__cpuexit", "__cpuexitdata", "__cpuexitconst"]
PRELUDE += [line for s in GONE_SECTIONS for line in ("#ifndef " + s, "#define " + s, "#endif")]


class Item:
	"""One top-level piece of the file: lines first..last (0-based), its
	kind (pp, func, decl), the names it defines, the identifiers it
	uses."""

	def __init__(self, first, last, kind, clean):
		self.first, self.last, self.kind = first, last, kind
		self.clean = clean
		self.defines = set()
		self.uses = set(IDENT_RE.findall(clean)) - KEYWORDS
		self.param = None	# (macro, name) of a parameter statement

	def __repr__(self):
		return "Item(%d-%d %s %s)" % (self.first, self.last, self.kind, sorted(self.defines))


def declared_names(clean):
	"""The names a file-scope declaration or definition defines."""
	names = set()
	m = re.match(r'\s*(?:typedef\s+)?(struct|union|enum)\s+(\w+)\s*\{', clean)
	if m:
		names.add(m.group(2))
		if m.group(1) == "enum":
			body = clean[clean.index("{") + 1:clean.rfind("}")]
			names |= set(re.findall(r'(?:^|,)\s*([A-Za-z_]\w*)', body))
	# what follows the last closing brace of a struct, or the whole
	s = clean[clean.rfind("}") + 1:] if m else clean
	s = re.sub(r'=\s*(\{[^;]*\}|[^,;]*)', '', s)	# initialisers
	depth = 0
	cur = ""
	parts = []
	for ch in s:
		if ch in "([":
			depth += 1
		elif ch in ")]":
			depth -= 1
		if ch == "," and depth == 0:
			parts.append(cur)
			cur = ""
		else:
			cur += ch
	parts.append(cur)
	for k, p in enumerate(parts):
		fp = re.search(r'\(\s*\*\s*(\w+)\s*\)', p)
		if fp:
			names.add(fp.group(1))
			continue
		p = re.sub(r'\[[^\]]*\]', '', p.split("(")[0])
		ids = [i for i in IDENT_RE.findall(p) if i not in KEYWORDS]
		if ids:
			names.add(ids[-1])
	return names


def items(text, cuts=None):
	"""The top-level items of text; cuts: {first line: last line}
	(0-based) of the uses of wrapper macros, each an item of its own
	(kind use): a use need not end with ';' (INTELFB_INT_PARAM(...)),
	so the code around it cannot tell where it ends."""
	clean = strip_comments(text)
	lines = clean.split("\n")
	out = []
	i = 0
	n = len(lines)
	cuts = cuts or {}
	while i < n:
		s = lines[i]
		if i in cuts:
			j = min(cuts[i], n - 1)
			out.append(Item(i, j, "use", "\n".join(lines[i:j + 1])))
			i = j + 1
			continue
		if not s.strip():
			i += 1
			continue
		if s.lstrip().startswith("#"):
			j = i
			while lines[j].rstrip().endswith("\\") and j + 1 < n:
				j += 1
			it = Item(i, j, "pp", "\n".join(lines[i:j + 1]))
			m = re.match(r'\s*#\s*define\s+(\w+)(\(([^)]*)\))?', s)
			if m:
				it.defines.add(m.group(1))
				it.uses.discard(m.group(1))
				# a parameter of the macro is no name of the file
				if m.group(2):
					it.uses -= set(IDENT_RE.findall(m.group(3)))
			out.append(it)
			i = j + 1
			continue
		# code up to the ';' or the '}' that ends it at depth 0
		depth = 0
		buf = []
		j = i
		done = False
		while j < n and not done:
			line = lines[j]
			if j > i and depth == 0 and (line.lstrip().startswith("#") or j in cuts):
				j -= 1
				break
			for k, ch in enumerate(line):
				if ch in "({[":
					depth += 1
				elif ch in ")}]":
					depth -= 1
					if ch == "}" and depth == 0:
						head = "".join(buf) + line[:k]
						before = head[:head.find("{")] if "{" in head else head
						if ")" in before and "=" not in before:
							done = True
							break
				elif ch == ";" and depth == 0:
					done = True
					break
			buf.append(line + "\n")
			if not done:
				j += 1
		j = min(j, n - 1)
		body = "".join(buf)
		head = body[:body.find("{")] if "{" in body else body
		if "{" in body and ")" in head and "=" not in head:
			it = Item(i, j, "func", body)
			m = re.search(r'(\w+)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*$', head.strip())
			if m:
				it.defines.add(m.group(1))
		else:
			it = Item(i, j, "decl", body)
			pm = PARAM_RE.match(body)
			if pm:
				it.param = (pm.group(1), pm.group(2))
			elif re.match(r'\s*(MODULE_\w+|module_init|module_exit|EXPORT_SYMBOL\w*)\s*\(', body):
				pass
			elif re.search(r'\w\s*\([^()]*\)\s*;\s*$', body) and "=" not in body and \
					not re.search(r'\(\s*\*', body):
				it.kind = "proto"
				m = re.search(r'(\w+)\s*\([^()]*\)\s*;\s*$', body.strip())
				if m:
					it.defines.add(m.group(1))
			else:
				it.defines = declared_names(body)
		it.uses -= it.defines
		out.append(it)
		i = j + 1
	return out


def slice_module(text, shown, extra="", have=None, uses=None, headers=(), only_uses=False,
		 also=()):
	"""(module C text, [(parameter name, macro, line in the converted
	file)]) for the converted file text (shown as shown by #line): every
	parameter statement and what it needs.  The file's #include <...>
	lines are kept when have(header) says the kernel has that header
	(its own headers are not there).  None when the file has no
	parameter statement.

	uses: {first line (1-based) of a use of a wrapper macro: (its last
	line, [(parameter name, macro of its module_param* line)])}: each use
	is a parameter statement, and its #define (converted) comes with it,
	from text or from one of headers ([(text, shown)]: the driver's
	headers that hold the macros, copied above the file, as the
	preprocessor sees them).  only_uses: the uses only, not the file's
	own module_param* statements.  also: lines (1-based) of text whose
	functions come too, with what they need (a helper call outside the
	handlers)."""
	uses = uses or {}
	segs = [(t, sh, items(t)) for t, sh in headers]
	segs.append((text, shown, items(text, {f - 1: l - 1 for f, (l, _) in uses.items()})))
	its = [it for _, _, ii in segs for it in ii]
	by_name = {}
	for it in its:
		if it.kind in ("proto",):
			continue
		for nm in it.defines:
			by_name.setdefault(nm, []).append(it)
	mine = segs[-1][2]
	want = [it for it in mine if it.kind == "use" and it.first + 1 in uses]
	if not only_uses:
		want += [it for it in mine if it.param and it.param[0] != "__MODULE_PARM_TYPE"]
	extra_funcs = [it for it in mine if it.kind == "func" and
		       any(it.first < ln <= it.last + 1 for ln in also)]
	want += extra_funcs
	if not want:
		return None
	if not only_uses:
		want += [it for it in mine if it.param and it.param[0] == "__MODULE_PARM_TYPE"]
	keep = set()
	todo = list(want)
	while todo:
		it = todo.pop()
		if id(it) in keep:
			continue
		keep.add(id(it))
		for u in it.uses:
			for d in by_name.get(u, []):
				if id(d) not in keep:
					todo.append(d)
	# every #if line is copied: the #defines its condition uses come
	# too (a package's own version macro, 'VERSION(2,5,0)' of PCMCIA's
	# k_compat.h; gcc's -Wundef rejects the name undefined), and the
	# #defines those use, nothing else
	todo = [it for it in its if it.kind == "pp" and
		re.match(r'\s*#\s*(if|elif)\b', it.clean)]
	while todo:
		it = todo.pop()
		for u in it.uses:
			for d in by_name.get(u, []):
				if d.kind == "pp" and id(d) not in keep:
					keep.add(id(d))
					todo.append(d)
	# prototypes of the functions kept, for handlers defined below
	# their module_param_call
	funcs = set(nm for it in its if id(it) in keep and it.kind == "func" for nm in it.defines)
	out = ["// modparm-convert: the parameters of %s" % shown] + PRELUDE + [""]
	if [it for it in want if it.kind == "use"]:
		# a wrapper declares what the driver's own code used (lm_sensors'
		# forces[]), which the module has not
		out += ['#pragma GCC diagnostic ignored "-Wunused-variable"', ""]
	if extra_funcs:
		# a function of the driver whose callers the module has not
		out += ['#pragma GCC diagnostic ignored "-Wunused-function"', ""]
	params = []
	for seg, (stext, sshown, sits) in enumerate(segs):
		lines = stext.split("\n")
		for it in sits:
			take = id(it) in keep or (it.kind == "proto" and it.defines & funcs)
			if it.kind == "pp":
				d = PP_RE.match(it.clean)
				if d and d.group(1) in ("if", "ifdef", "ifndef", "elif", "else", "endif"):
					take = True
				inc = re.match(r'\s*#\s*include\s*<([^>]+)>', lines[it.first])
				if inc and have and have(inc.group(1)):
					take = True
			if it.param and only_uses:
				take = False
			if not take:
				continue
			out.append('#line %d "%s"' % (it.first + 1, sshown.replace('"', '\\"')))
			out += lines[it.first:it.last + 1]
			if seg < len(segs) - 1:
				continue
			if it.kind == "use":
				params += [(nm, mc, it.first + 1) for nm, mc in uses[it.first + 1][1]]
			elif it.param and it.param[0] != "__MODULE_PARM_TYPE":
				params.append((it.param[1], it.param[0], it.first + 1))
	out += ['#line %d "modparm_check.c"' % (len(out) + 2), "", 'MODULE_LICENSE("GPL");', extra]
	return "\n".join(out), params
