# SPDX-License-Identifier: GPL-2.0-only
"""The form of each MODULE_PARM site (decide), from its type string
and the declarations spatch recorded (record_decl) or the text shows:
module_param, _array, _string, _named, _array_named, a module_param_cb
setter, dropped, or left with a reason; and where its line goes (after
the declaration, at_decl/placed).  modparm.cocci's script rules call the
functions of this module; it imports the others."""

import os
import re
import sys

from .ctext import (DIRECTIVE, blank_comments, blanked, cond_stack, cond_text,
		    defines, eval_int, file_dir, function_defines, if_body,
		    if_branches, include_paths, open_braces, read_text,
		    toplevel)
from .types import (LETTERS, TYPESTR_RE, decode, is_char_base,
		    letter_mismatch, norm_base, ptype, split_type,
		    typedef_chain_notes, typedef_conflict, typedef_of)
from .records import STATS_ON, emit, out_diag
from .reasons import SIGNED_BYTE, Reason


PERM = ["0"]


DECLS: dict[tuple[str, str], list] = {}	# (file, name) -> [(type string, line, col, extern)]


DONE: dict[tuple[str, str, str], dict] = {}	# (file, line, col) -> decision


def set_perm(p):
	PERM[0] = p


ADDED = set()	# (file, variable) that got their module_param after the declaration


def record_decl(name, ts, q):
	line = read_text(q.file).split("\n")[int(q.line) - 1]
	ext = bool(re.search(r'\bextern\b', line[:int(q.column)]))
	key = (q.file, name)
	ent = (ts, int(q.line), int(q.column), ext)
	DECLS.setdefault(key, [])
	if ent not in DECLS[key]:
		DECLS[key].append(ent)


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

	def implied(ds):
		"""Is each #if branch of ds one the site is in too, or one that
		tests the same condition as a branch around the site?  The
		site's branches are a conjunction, so their order does not
		matter: '#ifdef ACX_DEBUG' around the declaration is implied by
		'#ifdef MODULE' / '#ifdef ACX_DEBUG' around the site."""
		dt = cond_text(path, ds)
		return all(b in sstack or t in stext for b, t in zip(ds, dt))
	groups = {}
	for dl in lines:
		ds = cond_stack(path, dl)
		# in blocks that enclose the site, or that test the same
		# conditions again around it
		if implied(ds):
			return True
		# an #if whose own enclosing blocks enclose the site too (or test
		# the same conditions again): '#ifdef CONFIG_ISA / #else' around
		# the declarations, '#ifdef MODULE' around the site
		k = len(ds) - 1
		if implied(ds[:k]):
			groups.setdefault(ds[k][0], set()).add(ds[k][1])
	for if_line, seen in groups.items():
		n, has_else = if_branches(path, if_line)
		if has_else and seen == set(range(n)):
			return True
	return False


def branch_condition(path, if_line, br):
	"""The condition of branch br of the #if at if_line as an #if
	expression, or None (an #elif, or the #else after one)."""
	t = re.sub(r'\s+', ' ', blanked(path)[if_line - 1]).strip()
	m = re.match(r'# ?(ifdef|ifndef|if) (.*)$', t)
	if not m:
		return None
	conds = [{"ifdef": "defined(%s)", "ifndef": "!defined(%s)",
		  "if": "(%s)"}[m.group(1)] % m.group(2)]
	for _, b, kw, text in if_body(path, if_line):
		if kw == "elif" and b <= br:
			conds.append("(%s)" % re.sub(r'^\s*#\s*elif\b', '', text).strip())
	# branch br: its own condition and none of those before it
	out = ["!%s" % c for c in conds[:br]]
	if br < len(conds):
		out.append(conds[br])
	return " && ".join(out)


def lost_conditions(path, site, dlines):
	"""The #if branches around site that a module_param line after the
	declarations at dlines would not be in, as (line of the #if, how to
	name it): a line moved out of '#ifdef CONFIG_MTRR' gives the
	parameter to every configuration.  Not '#ifdef MODULE' (a built-in
	driver's module_param is a boot option 'drv.name=', which upstream
	let it have when it moved such lines), nor a branch every kernel with
	module_param compiles ('#ifdef MODULE_PARM', named by parm-guard, a
	version test for 2.2.18 and later)."""
	sstack = cond_stack(path, site)
	stext = cond_text(path, sstack)
	dstacks = [cond_stack(path, dl) for dl in dlines]
	# the blocks every one of those lines is in (lines hoisted after the
	# #endif of the declarations' own #if are in the ones around it)
	common = dstacks[0]
	for ds in dstacks[1:]:
		k = 0
		while k < min(len(common), len(ds)) and common[k] == ds[k]:
			k += 1
		common = common[:k]
	if len(dstacks) > 1 and common == dstacks[0]:
		common = common[:-1]
	ctext = cond_text(path, common)
	lost = []
	for b, t in zip(sstack, stext):
		if b in common or t in ctext or t == ("#ifdefMODULE", 0):
			continue
		if parm_guard_line(path, b):
			continue
		cond = branch_condition(path, b[0], b[1])
		if cond is not None:
			from .cppcond import always_on_modern
			# 'defined(MODULE) && LINUX_VERSION_CODE > 0x20115' is
			# '#ifdef MODULE' on those kernels
			cond = re.sub(r'\bdefined\s*(\(\s*(MODULE|LINUX_VERSION_CODE)\s*\)|'
				      r'(MODULE|LINUX_VERSION_CODE)\b)', "1", cond)
			# a version macro of <linux/ftape.h> or the driver's
			# own: KERNEL_VER(2,1,18), VERSION(2,5,0)
			cond = re.sub(r'\b\w*VER\w*\s*\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)',
				      lambda v: "0x%02x%02x%02x" % tuple(int(v.group(k)) for k in (1, 2, 3)),
				      cond)
			if always_on_modern(cond):
				continue
		l = re.sub(r'\s+', ' ', blanked(path)[b[0] - 1]).strip()
		n, has_else = if_branches(path, b[0])
		what = "'%s'" % l if b[1] == 0 else \
			"the #else of '%s'" % l if has_else and b[1] == n - 1 else \
			"an #elif of '%s'" % l
		lost.append((b[0], what))
	return lost


def parm_guard_line(path, b):
	"""Is the #if branch b one parm_guard names (MODULE_PARM's own
	guard, kernels before 2.6.17 only)?"""
	l = re.sub(r'\s+', ' ', blanked(path)[b[0] - 1]).strip()
	return bool(re.match(r'# ?(?:ifn?def|if !? ?defined ?\(?) ?MODULE_PARM\b', l)) or \
		old_kernels_only(l, b[1])


def exclusive(path, dl, site):
	"""Is the line dl never compiled together with the line site?  True
	when they sit in different branches of one #if, or of two #ifs that
	test the same condition ('#ifdef MODULE ... #else' far above, and
	'#ifdef MODULE' around the site)."""
	ds, ss = cond_stack(path, dl), cond_stack(path, site)
	dt, st = cond_text(path, ds), cond_text(path, ss)
	for (dif, dbr), (dtx, dnb) in zip(ds, dt):
		for (sif, sbr), (stx, snb) in zip(ss, st):
			if (dif == sif and dbr != sbr) or (dtx == stx and dnb != snb):
				return True
	return False


CHOSEN: dict[tuple[str, str], tuple] = {}	# (file, variable) -> (line of the declaration its line follows, form)


FORM_MACRO = {"param": "module_param", "array": "module_param_array",
	      "string": "module_param_string", "named": "module_param_named",
	      "array_named": "module_param_array_named", "cb": "module_param_cb",
	      "call": "module_param_call", "flat": "module_param_cb"}


CHOSEN_V: dict[tuple[str, str], list] = {}	# (file, MODULE_PARM name) -> (line, column) of the declared names


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
	for ts, k, ext in plain_decls(name, text):
		line = text.count("\n", 0, k) + 1
		col = k - (text.rfind("\n", 0, k) + 1)
		if toplevel([_Pos(path, line, col)]):
			out.append((ts, line, col, ext))
	return out


# a function-like #define: name, parameters, body (continued lines too)
FUNC_DEFINE_RE = re.compile(r'^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(([^()]*)\)'
			    r'((?:[^\n]*\\\n)*[^\n]*)', re.M)


def macro_decls(name, path):
	"""Declarations of name that a function-like macro of the file makes
	at file scope, as (type, line, column, extern) of the use: a driver's
	own 'CARD_PARAM(io, 0x300);' with '#define CARD_PARAM(n, v) static
	int n[MAX_CARDS] = ...', the use expanded and read as text_decls
	reads a declaration.  spatch sees a macro call there."""
	raw = read_text(path)
	text = blank_comments(raw)
	out = []
	for d in FUNC_DEFINE_RE.finditer(text):
		params = [x.strip() for x in d.group(2).split(",")]
		body = raw[d.start(3):d.end(3)].replace("\\\n", " ")
		body = blank_comments(body)
		if not re.search(r'\b(%s)\b' % "|".join(map(re.escape, params)), body) \
				if params != [""] else True:
			continue
		for u in re.finditer(r'^[ \t]*' + re.escape(d.group(1)) + r'\s*\(', text, re.M):
			k, depth, args, cur = u.end(), 1, [], ""
			while k < len(text) and depth:
				c = text[k]
				depth += (c == "(") - (c == ")")
				if depth == 1 and c == ",":
					args.append(cur)
					cur = ""
				elif depth:
					cur += raw[k]
				k += 1
			args = [a.strip() for a in args + [cur]]
			if depth or len(args) != len(params) or name not in args:
				continue
			line = text.count("\n", 0, u.start()) + 1
			col = len(re.match(r'[ \t]*', text[u.start():]).group(0))
			if not toplevel([_Pos(path, line, col)]):
				continue
			amap = dict(zip(params, args))
			exp = re.sub(r'[A-Za-z_]\w*', lambda t: amap.get(t.group(0), t.group(0)), body)
			for ts, _, ext in plain_decls(name, exp.strip().rstrip(";") + ";"):
				out.append((ts, line, col, ext))
	return out


def plain_decls(name, text):
	"""The plain declarations 'storage type *name[dims] attrs = init;'
	of name in text (comments blanked), as (type, offset, extern)."""
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
		base = " ".join(w for w in prefix.replace("*", " * ").split()
				if w not in ("static", "extern", "register"))
		dims = tail.group(1).strip()
		out.append(((base + " " + dims).strip(), m.start(), "extern" in words))
	return out


def local_header_decls(name, path):
	"""Declarations of name in the headers a file includes with quotes
	(the own headers of a driver, never the include/ of the tree)."""
	text = read_text(path)
	here = file_dir(path)
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


def may_be_elsewhere(name, path):
	"""Whether a variable name that this file neither declares nor uses
	may still exist for its module: the file includes a local header
	that cannot be read here (outside the driver, not shipped), or
	another C file or header beside it declares it at file scope and
	not static (a module of several files: insmod found the variable by
	its symbol, defined in one file and named by MODULE_PARM in
	another).  Removing such a MODULE_PARM would lose a real parameter."""
	here = file_dir(path)
	text = read_text(path)
	for m in re.finditer(r'^\s*#\s*include\s*"([^"]+)"', text, re.M):
		if not os.path.isfile(os.path.join(here, m.group(1))):
			return True
	word = re.compile(r'^(?![\s#])(?!static\b)[^\n;(){}]*\b' + re.escape(name) +
			  r'\s*(\[[^\]\n]*\]\s*)*[=;,]', re.M)
	try:
		names = sorted(os.listdir(here))
	except OSError:
		return True
	for f in names:
		full = os.path.join(here, f)
		if not (f.endswith((".c", ".h")) and full != os.path.abspath(path) and
			os.path.isfile(full)):
			continue
		other = blank_comments(read_text(full))
		for m in word.finditer(other):
			# at file scope: not a member of a struct written at
			# column 0 (amiflop.c's 'unsigned char track, ...')
			before = other[:m.start()]
			if before.count("{") <= before.count("}"):
				return True
	return False


def word_count(name, path):
	"""Uses of name in the code of the file (not in comments or strings)
	beyond MODULE_PARM/MODULE_PARM_DESC."""
	text = blank_comments(read_text(path))
	text = re.sub(r'MODULE_PARM(_DESC)?\s*\(\s*' + re.escape(name) + r'\b',
		      '', text)
	return len(re.findall(r'\b' + re.escape(name) + r'\b', text))


# words that start a statement but not a declaration
STMT_WORDS = NOT_TYPE_WORDS | {"break", "continue", "default", "else"}


def local_names(name, text):
	"""Whether every mention of name in the code text (comments and
	strings blanked, MODULE_PARM/MODULE_PARM_DESC of it removed) is a
	struct member (declared in a struct or union, or reached through
	'.' or '->'), a function's parameter, or a local that the function
	using it declares: then the text has no variable of that name at
	file scope, and uses none (ps2esdi's 'track', a local; 3c515's
	'full_duplex', a member).  Any other mention, a file-scope one above
	all (a declaration spatch missed, a macro that declares it), says
	no."""
	blocks = []	# (start, end, header) of the top-level {} blocks
	depth = 0
	start = head = 0
	for i, c in enumerate(text):
		if c == "{":
			if depth == 0:
				start = i
				k = i
				while k > 0 and text[k - 1] not in ";}":
					k -= 1
				head = text[k:i]
			depth += 1
		elif c == "}" and depth:
			depth -= 1
			if depth == 0:
				blocks.append((start, i, head))
	for m in re.finditer(r'\b' + re.escape(name) + r'\b', text):
		o = m.start()
		if re.search(r'(\.|->)\s*$', text[max(0, o - 40):o]):
			continue
		blk = next((b for b in blocks if b[0] < o < b[1]), None)
		if blk is None:
			# at file scope: only as a parameter of a function's
			# declaration or definition
			k = o
			while k > 0 and text[k - 1] not in ";{}":
				k -= 1
			stmt = text[k:o]
			if stmt.count("(") > stmt.count(")") and \
					re.match(r'\s*(?:[A-Za-z_]\w*[\s*]+)+[A-Za-z_]\w*\s*\(', stmt):
				continue
			return False
		hd = re.sub(r'^[ \t]*#.*$', '', blk[2], flags=re.M)
		if re.search(r'\b(struct|union)\b[^()]*$', hd) and "(" not in hd:
			continue	# a member's declaration
		fn = re.search(r'\(([^()]*)\)\s*$', hd)
		if not fn:
			return False
		if re.search(r'\b' + re.escape(name) + r'\b', fn.group(1)):
			continue	# the function's parameter
		# a local declared before this use in the same function
		body = text[blk[0] + 1:blk[1]]
		decl = False
		for dm in re.finditer(r'\b' + re.escape(name) + r'\b\s*(?=[\[=;,])', body):
			if dm.start() > o - blk[0] - 1:
				break
			k = dm.start()
			while k > 0 and body[k - 1] not in ";{}":
				k -= 1
			pre = body[k:dm.start()]
			words = re.findall(r'[A-Za-z_]\w*', pre)
			if words and words[0] not in STMT_WORDS and "(" not in pre and \
					re.match(r'\s*[A-Za-z_]\w*[\s*]+(?:[\w\s*]*)(?:[^;{}()]*,[\s*]*)?$', pre):
				decl = True
		if not decl:
			return False
	return True


def near_variable(name, path):
	"""A file-scope variable of the file whose name holds name as a word
	of its own ('default_vmode' for 'vmode'), or None."""
	text = blank_comments(read_text(path))
	seen = set()
	for m in re.finditer(r'\b(\w+_%s|%s_\w+)\b' % (re.escape(name), re.escape(name)), text):
		w = m.group(1)
		if w not in seen:
			seen.add(w)
			if [d for d in text_decls(w, path) if not d[3]]:
				return w
	return None


def only_locals(name, path):
	"""local_names of the file and of the headers it includes with
	quotes (the driver's own)."""
	pat = re.compile(r'MODULE_PARM(_DESC)?\s*\(\s*' + re.escape(name) + r'\b')
	for f in [path] + [h for h in local_header_paths(path)]:
		if not local_names(name, pat.sub("", blank_comments(read_text(f)))):
			return False
	return True


def local_header_paths(path):
	"""The headers a file includes with quotes that exist."""
	here = file_dir(path)
	out = []
	for m in re.finditer(r'^\s*#\s*include\s*"([^"]+)"', read_text(path), re.M):
		h = os.path.join(here, m.group(1))
		if os.path.isfile(h):
			out.append(h)
	return out


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
			 and (fm in ("cb", "flat") or res["form"] in ("cb", "flat"))]
		if other:
			# one rule adds the lines of one form after a
			# declaration (its ++ adds them all); a line of
			# another rule after the same token does not go in
			res["diags"].append(Reason.ORDER.diag(
				dv=res["dv"], macro=FORM_MACRO[res["form"]],
				other=other[0][0], other_macro=FORM_MACRO[other[0][1]]))
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
		if res.get("sect"):
			rec["sect"] = res["sect"]
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


KEEP_MIN = [False]


def decide1(v, t, p):
	"""decide_form, then the other #if branches that declare the variable
	with another type: each gets its own line after its declaration, with
	its own type (one module_param line has one type, and the wrong one
	does not build); a scalar in one branch and an array in another have
	no common form and are left."""
	res = decide_form(v, t, p)
	group = res.pop("group", None) or []
	if res["form"] == "left" or len(group) < 2:
		return res
	if res["form"] not in ("param", "array", "named", "array_named"):
		if res["after"]:
			branch_lines_note(res, group, p.file)
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
			res["diags"].append(Reason.BRANCH_TYPES.diag(
				dv=res["dv"], declared=res["declared"],
				dline=res["dline"], other=decl, oline=d[1]))
			res["form"] = "left"
			return res
		types[(d[1], d[2])] = pt[0]
		if pt[0] != res["ty"]:
			what = letter_mismatch(res["letter"], pt)
			if what:
				res["diags"].append(Reason.BRANCH_TYPE_MISMATCH.diag(
					typestr=res["typestr"],
					letter_type=LETTERS[res["letter"]][2], what=what,
					decl=decl, line=d[1], ty=pt[0]))
	if len(set(types.values())) > 1:
		res["after"] = True
		res["dtypes"] = types
		res["dposes"] = [(d[1], d[2]) for d in group]
		shown = sorted(set((d[1], "%s %s%s" % (norm_base(split_type(d[0])[0]), res["dv"],
						       "".join("[%s]" % x for x in split_type(d[0])[1])))
				   for d in group))
		ifs = set(cond_stack(p.file, d[1])[-1][0] for d in group
			  if cond_stack(p.file, d[1]))
		where = "in the branches of the #if at line %d" % min(ifs) \
			if len(ifs) == 1 else "in #if branches"
		res["diags"].append(Reason.BRANCH_LINES_TYPES.diag(
			dv=res["dv"], decls=" and ".join("'%s' (line %d)" % (
				decl.replace("* ", "*"), dl) for dl, decl in shown),
			where=where))
	elif res["after"]:
		branch_lines_note(res, group, p.file)
	return res


def branch_lines_note(res, group, path):
	"""Declared below the site (or above it, in a branch the site is not
	in) in several branches of one #if, with one type: the lines added
	after each declaration are the same, and the converter puts one after
	the #endif when every branch, #else included, declares the variable.
	Otherwise a configuration takes no branch that declares it, where one
	line after the #endif would not compile: say why each keeps its own."""
	fs = cond_stack(path, group[0][1])
	if not fs:
		return
	n, has_else = if_branches(path, fs[-1][0])
	seen = set(cond_stack(path, d[1])[-1][1] for d in group)
	if has_else and seen == set(range(n)):
		return
	starts = dict((br, "#%s at line %d" % (kw, no))
		      for no, br, kw, _ in if_body(path, fs[-1][0]) if kw)
	starts[0] = "#if"
	missing = [starts[b] for b in range(n) if b not in seen]
	why = "which has no #else" if not has_else else \
		"not in the branch of its %s" % " nor of its ".join(missing)
	res["diags"].append(Reason.BRANCH_LINES.diag(
		dv=res["dv"], lines=" and ".join(
			str(d[1]) for d in sorted(group, key=lambda d: d[1])),
		line=fs[-1][0], why=why))


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
	inner = open_braces([p])
	if inner:
		# MODULE_PARM made one file-scope string; module_param* defines
		# a static function and objects in sections, which no block holds
		diags.append(Reason.IN_FUNCTION.diag(v=v, line=inner[0]))
		return res
	twin = modern_twin(path, int(p.line), v)
	if twin:
		diags.append(Reason.COMPAT.diag(v=v, line=twin[0], cond=twin[1]))
		return res
	same = modern_same(path, int(p.line), v)
	if same:
		diags.append(Reason.DUPLICATE.diag(v=v, line=same))
		res["form"] = "drop"
		return res
	guard = parm_guard(path, int(p.line))
	if guard:
		what = guard[1] if guard[1].startswith("the ") else "'%s'" % guard[1]
		diags.append(Reason.PARM_GUARD.diag(v=v, what=what, line=guard[0]))
	s = decode(t, defs, fdefs=function_defines(path))
	if s is None:
		diags.append(Reason.TYPESTR_UNEXPANDED.diag(t=t, v=v))
		return res
	m = TYPESTR_RE.match(s.strip())
	if not m:
		diags.append(Reason.TYPESTR_INVALID.diag(s=s, v=v))
		return res
	mn, mx, letter, csize = m.group(1), m.group(2), m.group(3), m.group(4)
	res["letter"], res["typestr"] = letter, s
	counted = mn is not None
	if counted:
		mx = mx if mx is not None else mn
		if mn.startswith("{"):
			diags.append(Reason.TYPESTR_MIN_SYMBOL.diag(s=s, v=v))
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
			decls = decls or text_decls(tgt, path) or macro_decls(tgt, path)
	if not decls:
		# 'extern unsigned int ft_fdc_base;' in the driver's own header,
		# defined in another file of the module (ftape): module_param
		# takes its address and type from that declaration, as upstream
		# converted ftape
		found = [hd for hd in local_header_decls(tgt, path) if hd[1][3]]
		if found:
			hdr_decl = found[0][0]
			ts0, hl, hc, hext = found[0][1]
			decls = [(ts0, 0, 0, hext)]
	defs_only = [d for d in decls if not d[3]]
	if not decls:
		hdr = header_decl(tgt, path)
		near = near_variable(tgt, path)
		if near and word_count(tgt, path) and (not hdr or not hdr[1]):
			diags.append(Reason.NEAR_VARIABLE.diag(tgt=tgt, near=near))
			return res
		if word_count(tgt, path) and (not hdr or not hdr[1]) and \
				only_locals(tgt, path) and not may_be_elsewhere(tgt, path):
			# the name is only a local, a parameter or a struct member:
			# the old macro never referenced a variable of it, and
			# module_param would need one; maintainers removed the line
			diags.append(Reason.ONLY_LOCALS.diag(tgt=tgt))
			res["form"] = "drop"
			res["novar"] = True
			return res
		if hdr and hdr[1]:
			diags.append(Reason.EXTERN_ONLY_IN_HEADER.diag(tgt=tgt, header=hdr[0]))
		elif hdr:
			diags.append(Reason.HEADER_NOT_VARIABLE.diag(tgt=tgt, header=hdr[0]))
		elif word_count(tgt, path) == 0 and not may_be_elsewhere(tgt, path):
			# the old macro only named the variable for insmod and
			# never referenced it, so this compiled; module_param
			# takes its address: maintainers removed the line
			diags.append(Reason.UNUSED_NAME.diag(tgt=tgt))
			res["form"] = "drop"
			res["novar"] = True
		else:
			diags.append(Reason.NO_DECLARATION.diag(tgt=tgt))
		return res
	if not defs_only and hdr_decl:
		diags.append(Reason.EXTERN_IN_HEADER.diag(
			tgt=tgt, header=os.path.basename(hdr_decl)))
	elif not defs_only:
		diags.append(Reason.EXTERN_HERE.diag(tgt=tgt))
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
		# nor does it get a line: a branch the site is never compiled
		# with (the #else of '#ifdef MODULE' below a site under
		# '#ifdef MODULE') did not have the parameter
		ok = [d for d in below if not exclusive(path, d[1], site)] or below
		chosen, res["after"] = ok[0], True
		group = [d for d in branches_of(below, ok[0]) if d in ok]
	else:
		ok = [d for d in above if not exclusive(path, d[1], site)] or above
		chosen, res["after"] = ok[-1], True
		group = [d for d in branches_of(above, ok[-1]) if d in ok]
	if res["after"]:
		res["dposes"] = [(d[1], d[2]) for d in group]
		lost = lost_conditions(path, site, [d[1] for d in group])
		if lost:
			no, what = lost[0]
			diags.append(Reason.LOST_IF.diag(
				tgt=tgt, dline=group[0][1], what=what, line=no))
			return res
	ts, dline, dcol, ext = chosen
	res["dline"], res["dcol"] = dline, dcol
	res["group"] = group
	dtext = decl_text(hdr_decl or path, hl if hdr_decl else dline)
	# the init and exit sections of every era: __devinitdata, __cpuinitdata,
	# __meminitdata (2.6), __initdata_or_module, __exitdata...
	sect = re.search(r'\b__(?:(?:dev|cpu|mem)?(init|exit)(?:data|const)|'
			 r'(init)data_or_module)\b', dtext)
	if sect:
		# --check-build declares the variable in the same section, so
		# that modpost judges the references to it
		res["sect"] = sect.group(0)
	if PERM[0].strip("0") and sect and (sect.group(1) or sect.group(2)) == "init":
		diags.append(Reason.INIT_SECTION.diag(
			tgt=tgt, sect=sect.group(0), perm=PERM[0]))
	elif PERM[0].strip("0") and sect:
		diags.append(Reason.EXIT_SECTION.diag(
			tgt=tgt, sect=sect.group(0), perm=PERM[0]))
	base, dims = split_type(ts)
	if not defs_only and dims and not dims[0].strip():
		# 'extern char *dasd[];': module_param_array takes the size
		# with ARRAY_SIZE, which an incomplete array does not have
		diags.append(Reason.EXTERN_NO_SIZE.diag(
			tgt=tgt, decl=("extern %s %s[]" % (norm_base(base), tgt))
			.replace("* ", "*"),
			where=" in %s" % os.path.basename(hdr_decl) if hdr_decl else ""))
		res["diags"] = [dg for dg in diags if dg[0] != "extern"]
		return res
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
				# a count no #define here gives (the driver's header
				# is not in SRC): the size measured against it, as
				# 'N + 1' is one more than N whatever N is
				k = [eval_int(dim, dict(defs, **{n: str(x)})) for x in (1000, 2000)]
				if None not in k and k[0] - 1000 == k[1] - 2000:
					return k[0] == 1000, re.sub(r'\s+', ' ', dim.strip())
				return None, dim
			n = nv
		if val is not None:
			return val == n, val
		return None, dim

	def check_letter(pt):
		what = letter_mismatch(letter, pt)
		if what:
			diags.append(Reason.TYPE_MISMATCH.diag(
				lettered=lettered, letter_type=LETTERS[letter][2],
				what=what, decl=declared, ty=pt[0],
				loss=SIGNED_BYTE if pt == ("byte", 1, True) else ""))

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
			diags.append(Reason.STRING_ARRAY_LEFT.diag(
				lettered=lettered, shown=shown, mn=mn, mx=mx, n=n,
				tgt=tgt, dim=dims[0] if dims else "N", why=why))
			return res
		if not dims and norm_base(base).endswith("*"):
			diags.append(Reason.C_ON_POINTER.diag(lettered=lettered, decl=declared))
			res.update(form="named" if tgt != v else "param",
				   ty="charp")
			return res
		if len(dims) != 1 or not is_char_base(base):
			diags.append(Reason.STRING_TYPE.diag(lettered=lettered, decl=declared))
			return res
		eq, val = same_size(n, dims[0])
		if eq is False:
			diags.append(Reason.STRING_SIZE.diag(
				lettered=lettered, n=n, tgt=tgt, size=val))
		res.update(form="string")
		return res

	# letters b h i l s
	if letter == "s" and len(dims) == 1 and is_char_base(base):
		diags.append(Reason.S_ON_CHAR_ARRAY.diag(decl=declared))
		res.update(form="string")
		return res
	if letter == "s" and not dims and not norm_base(base).endswith("*"):
		diags.append(Reason.S_ON_NON_POINTER.diag(decl=declared))
		return res
	if len(dims) > 1 and letter in "bhil":
		pt = ptype(base, path)
		if pt is not None and not re.search(r'\b(const|volatile)\b', base):
			# the old kernel filled the elements in memory order, as
			# param_array_ops does over a kparam_array of them all
			diags.append(Reason.MULTI_DIM_FLAT.diag(
				decl=declared, ty=pt[0], allowed="" if mx is None else
				"; the type string allowed %s" % mx))
			res.update(form="flat", ty=pt[0], after=True, ndims=len(dims))
			return res
	if len(dims) > 1 and re.search(r'\b(const|volatile)\b', base):
		q = re.search(r'\b(const|volatile)\b', base).group(1)
		diags.append(Reason.MULTI_DIM_QUALIFIED.diag(q=q, decl=declared))
		return res
	if len(dims) > 1:
		diags.append(Reason.MULTI_DIM.diag(decl=declared, lettered=lettered))
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
		diags.append(Reason.UNKNOWN_TYPE.diag(decl=declared, why=why))
		return res
	res["ty"] = pt[0]
	typedef_chain_notes(base, path, diags)
	if re.search(r'\bvolatile\b', base):
		diags.append(Reason.VOLATILE.diag(decl="volatile " + declared))
	if norm_base(base) != "char *" and re.search(r'\bconst\b', base):
		diags.append(Reason.CONST.diag(decl=declared))
	if norm_base(base) == "char *" and re.search(r'\bconst\b', base):
		diags.append(Reason.CONST_CHARP.diag(decl=declared))
	if not dims:
		if counted and (not isinstance(mx, int) or mx > 1):
			call = setup_call(v, path, int(p.line))
			if isinstance(call, dict):
				diags.append(Reason.RANGE_ON_SCALAR_CALL.diag(
					lettered=lettered, decl=declared, mn=mn, mx=mx,
					parser=call["parser"], v=v, setfn=call["setfn"],
					perm=PERM[0], sline=call["sline"],
					unguard="; its '#ifndef MODULE' (line %d) "
					"and #endif go (modparm-convert "
					"removes them): __setup is empty in "
					"a module, and the module needs the "
					"parser" % call["unguard"]
					if call["unguard"] else ""))
				res.update(call, form="call", after=True, ty=pt[0],
					   dline=call["sline"], dcol=call["scol"],
					   dposes=[(call["sline"], call["scol"])])
				return res
			diags.append(count_on_scalar(lettered, declared, mn, mx, v,
						     path, call))
		check_letter(pt)
		res.update(form="named" if tgt != v else "param")
		return res
	# array
	if not counted:
		# Upstream conversions used module_param_array here: it sets
		# the first element from one value, as before, and takes more.
		diags.append(Reason.SCALAR_ON_ARRAY.diag(
			lettered=lettered, decl=declared, tgt=tgt))
		check_letter(pt)
		res.update(form="array_named" if tgt != v else "array")
		return res
	check_letter(pt)
	eq, val = same_size(mx, dims[0])
	if eq is False:
		diags.append(Reason.RANGE_SIZE.diag(
			lettered=lettered, mx=mx, decl=declared, size=val))
	if mn > 1 and KEEP_MIN[0]:
		res.update(form="cb", min=mn)
		diags.append(Reason.CALLBACK.diag(lettered=lettered, mn=mn))
		return res
	if mn > 1:
		diags.append(Reason.MINIMUM.diag(lettered=lettered, mn=mn))
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


def no_variable(v, t, p):
	"""Whether the MODULE_PARM at p is removed because it names no
	variable (not because the variable has its module_param already)."""
	r = decide(v, t, p[0])
	return r["form"] == "drop" and bool(r.get("novar"))


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


PLACED: dict[tuple[str, str], dict] = {}	# (file, MODULE_PARM name) -> decision, for lines added after a declaration

# the arguments after the name of the line of each form that one rule
# of modparm.cocci adds after a declaration (cb and flat add more lines)
AFTER_ARGS = {"param": ("ty", "perm"), "array": ("ty", "NULL", "perm"),
	      "string": ("dv", "sizeof", "perm"), "named": ("tgt", "ty", "perm"),
	      "array_named": ("dv", "ty", "NULL", "perm")}


def is_after(v, t, p):
	"""Script constraint of that rule: is the MODULE_PARM at p decided
	for one of those forms, its line after the declaration?"""
	r = decide(v, t, p[0])
	return r["form"] in AFTER_ARGS and is_form(v, t, p, r["form"], True)


def after_macro(v, p):
	"""The macro of the line added for the MODULE_PARM naming v."""
	return FORM_MACRO[PLACED[(p[0].file, v)]["form"]]


def placed_args(v, q):
	"""Its arguments after the name, for the declaration at q."""
	out = []
	for a in AFTER_ARGS[PLACED[(q[0].file, v)]["form"]]:
		if a == "NULL":
			out.append(a)
		elif a == "sizeof":
			out.append("sizeof(%s)" % placed(v, q, "dv"))
		else:
			out.append(placed(v, q, a))
	return ", ".join(out)


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
	here = file_dir(path)
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
	return Reason.STRING_ARRAY_CHARP.diag(
		lettered=lettered, decl=declared, name=name, dim=dims[0],
		reads=": check the reads at line%s %s" % (
			"s" if len(reads) > 1 else "", ", ".join(reads))
		if reads else "")


STRARR_DONE: set[tuple[str, str]] = set()	# (file, array of strings) whose declaration became char *name[N]


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
		res["diags"].append(Reason.MINIMUM_MODULE_ARRAY.diag(
			typestr=res["typestr"], mn=mn))
	res["diags"].append(Reason.MODULE_ARRAY.diag(
		dv=res["dv"], declared=declared,
		cond=blanked(path)[if_line - 1].strip(),
		aline=a[1], sline=scalars[0][1]))
	res.update(form="array_named" if named else "array", ty=pt[0], base=base,
		   dims=dims, after=True, dline=a[1], dcol=a[2],
		   dposes=[(a[1], a[2])], declared=declared)
	return True


def setup_parser(v, path):
	"""The '__setup("v=", fn)' of the file that hands the boot option of
	the same name to fn (which parses the list itself), as (fn, line,
	column of __setup), or None."""
	raw = read_text(path)
	text = blank_comments(raw)
	for m in re.finditer(r'\b__setup\s*\(\s*"([^"]*)"\s*,\s*(\w+)\s*\)', raw):
		# not in a comment
		if text.startswith("__setup", m.start()) and m.group(1).rstrip("=") == v:
			line = raw.count("\n", 0, m.start()) + 1
			col = m.start() - (raw.rfind("\n", 0, m.start()) + 1)
			return m.group(2), line, col
	return None


# what may stand before the name of a __setup parser: 'static int __init'
PARSER_WORDS = {"static", "inline", "int"}


def parser_definition(fn, path):
	"""The definition of the __setup parser fn in the file, as (its line,
	whether it is in an init section, whether its parameter is const
	char *), or None when the file does not define it as 'int fn(char
	*str)' at file scope (the signature __setup calls)."""
	text = blank_comments(read_text(path))
	for m in re.finditer(r'\b' + re.escape(fn) + r'\s*\(([^()]*)\)\s*\{', text):
		k = m.start()
		while k > 0 and text[k - 1] not in ";{}":
			k -= 1
		prefix = re.split(r'^[ \t]*#.*$', text[k:m.start()], flags=re.M)[-1]
		words = re.findall(r'[A-Za-z_]\w*', prefix)
		if "int" not in words or re.search(r'[^\w\s]', prefix) or \
				any(w not in PARSER_WORDS and not w.startswith("__") for w in words):
			continue
		par = re.match(r'\s*(const\s+)?char\s*\*\s*\w*\s*$', m.group(1))
		if not par:
			continue
		line = text.count("\n", 0, m.start()) + 1
		if not toplevel([_Pos(path, line, m.start() - (text.rfind("\n", 0, m.start()) + 1))]):
			continue
		init = any(re.match(r'__(?:dev|cpu|mem)?init$', w) for w in words)
		return line, init, bool(par.group(1))
	return None


def compiled_with(path, line, site):
	"""Is line compiled wherever site is?  Its #if blocks enclose the
	site too, or test the same conditions again around it."""
	ls, ss = cond_stack(path, line), cond_stack(path, site)
	return ss[:len(ls)] == ls or \
		cond_text(path, ss)[:len(ls)] == cond_text(path, ls)


def writable(perm):
	"""Does the permission let sysfs write the parameter?"""
	try:
		return bool(int(perm, 8) & 0o222)
	except ValueError:
		return bool(re.search(r'W|0[0-7]*[2367]', perm))


def setup_call(v, path, site):
	"""A count on a scalar whose boot option a __setup function of the
	file parses ("1-2i" on mcd's 'short mcd_port', the second value for
	mcd_irq): upstream passed the module parameter to that function with
	module_param_call (mcd), so that the module takes the whole list as
	the built-in driver does.  As a dict (parser, its __setup line and
	column, the setter's name and argument), or a str saying why that is
	not possible here, or None when no __setup parses the option."""
	found = setup_parser(v, path)
	if not found:
		return None
	fn, sline, scol = found
	head = ("at boot '%s=' goes to %s(), which parses the whole list, " % (v, fn))
	d = parser_definition(fn, path)
	if d is None:
		return head + ("but it is not defined here as 'int %s(char *)': "
			       "pass the parameter to it with module_param_call "
			       "by hand" % fn)
	dline, init, const = d
	raw = read_text(path)
	at = sum(len(l) + 1 for l in raw.split("\n")[:sline - 1]) + scol
	if not re.match(r'__setup\s*\([^()]*\)\s*;', raw[at:]):
		# spatch takes '__setup(...)' without its ';' for part of what
		# follows: the setter could not be placed after it
		return head + ("but its __setup (line %d) has no ';': pass the "
			       "parameter to it with module_param_call by hand" % sline)
	guard = module_guard(path, site, dline, sline)
	for what, ln in (("%s()" % fn, dline), ("its __setup", sline)):
		if not guard and not compiled_with(path, ln, site):
			st = cond_stack(path, ln)
			cond = blanked(path)[st[-1][0] - 1].strip() if st else "an #if"
			return head + ("but %s (line %d) is not compiled wherever the "
				       "MODULE_PARM is (it is under '%s'): module_param_call "
				       "to it would not build as a module; take it out of "
				       "that #if and pass the parameter to it with "
				       "module_param_call, as upstream did for mcd" %
				       (what, ln, cond))
	if init and writable(PERM[0]):
		return head + ("but %s() is __init and permission %s lets sysfs "
			       "call it after init, when it is gone: with "
			       "permission 0, module_param_call passes the "
			       "parameter to it" % (fn, PERM[0]))
	return {"parser": fn, "sline": sline, "scol": scol,
		"setfn": "modparm_set_" + v,
		"arg": "val" if const else "(char *)val", "unguard": guard}


MODULE_GUARD_RE = re.compile(r'\s*#\s*(?:ifndef\s+MODULE|if\s*!\s*defined\s*\(?\s*MODULE\s*\)?)\s*$')


def module_guard(path, site, dline, sline):
	"""The line of the '#ifndef MODULE' that holds nothing but the
	__setup parser (from dline) and its __setup (sline), one level inside
	the #if blocks of the site, with no #else; or None.  2.4 drivers
	compiled their parser for the built-in driver only; __setup is empty
	in a module since 2.6, so the guard can go and the module parameter
	can reach the parser too."""
	ps = cond_stack(path, dline)
	if not ps or cond_stack(path, sline) != ps or ps[:-1] != cond_stack(path, site) or \
			ps[-1][1] != 0:
		return None
	gl = ps[-1][0]
	lines = blanked(path)
	if not MODULE_GUARD_RE.match(lines[gl - 1]) or if_branches(path, gl) != (1, False):
		return None
	# the parser's lines: from its first word (the line that starts
	# 'static int __init') to its closing brace
	first = dline
	while first > gl + 1 and lines[first - 2].strip() and \
			not re.search(r'[;{}]\s*$', lines[first - 2]) and \
			not lines[first - 2].lstrip().startswith("#"):
		first -= 1
	depth, last, opened = 0, None, False
	for no in range(dline, len(lines) + 1):
		for ch in lines[no - 1]:
			if ch == "{":
				depth += 1
				opened = True
			elif ch == "}":
				depth -= 1
		if opened and depth == 0:
			last = no
			break
	if last is None:
		return None
	for no, _, _, l in if_body(path, gl):
		if l.strip() and not first <= no <= last and no != sline:
			return None
	return gl


def count_on_scalar(lettered, declared, mn, mx, v, path, why=None):
	"""A count ("1-4i") on a scalar: upstream made it module_param (one
	value); the old kernel wrote the further values past the variable."""
	meant = ""
	if mn > 1 or (isinstance(mx, int) and mx > 16):
		# "10-240l" on lockd's nlm_grace_period, "1-255i" on mdacon's
		# mda_first_vc: the author wrote the values' range as a count
		meant = ("; a count like this on a scalar is the range of its "
			 "value the author meant (%s to %s), which the old kernel "
			 "never checked%s and module_param does not either: a "
			 "module_param_cb setter can, as upstream wrote for lockd" %
			 (mn, mx, " (it demanded at least %d values)" % mn if mn > 1 else ""))
	return Reason.RANGE_ON_SCALAR.diag(
		lettered=lettered, decl=declared, mn=mn, mx=mx, meant=meant,
		why="; " + why if why else "")
