# SPDX-License-Identifier: GPL-2.0-only
"""The declarations of a MODULE_PARM's variable that the C text shows
where spatch saw none: in a local header, in a part of the file spatch
could not parse, made by a function-like macro of the driver; #define
aliases of its name; and, when there is none, whether the name is only
a local, a parameter or a member (the MODULE_PARM then goes) or may
exist elsewhere in the module."""

import os
import re
from typing import Optional

from .ctext import (blank_comments, defines, file_dir, include_paths, Pos,
		    read_text, toplevel)
from .decision import Decl



def alias_of(v: str, path: str) -> str:
	d = defines(path)
	val = d.get(v)
	if val and re.match(r'^[A-Za-z_]\w*$', val):
		return val
	return v


def reverse_alias_of(v: str, path: str) -> str:
	"""A name #defined to v ('#define vortex_debug debug'), or v."""
	for k, val in sorted(defines(path).items()):
		if val == v and k != v:
			return k
	return v


def header_decl(name: str, path: str) -> Optional[tuple[str, bool]]:
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


NOT_TYPE_WORDS = frozenset({"return", "typedef", "goto", "case", "else", "if",
		  "while", "for", "do", "switch", "sizeof", "define"})


def text_decls(name: str, path: str) -> list[Decl]:
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
		if toplevel([Pos(path, line, col)]):
			out.append((ts, line, col, ext))
	return out


# a function-like #define: name, parameters, body (continued lines too)
FUNC_DEFINE_RE = re.compile(r'^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(([^()]*)\)'
			    r'((?:[^\n]*\\\n)*[^\n]*)', re.M)


def macro_decls(name: str, path: str) -> list[Decl]:
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
			indent = re.match(r'[ \t]*', text[u.start():])
			assert indent is not None	# matches the empty string too
			col = len(indent.group(0))
			if not toplevel([Pos(path, line, col)]):
				continue
			amap = dict(zip(params, args))
			exp = re.sub(r'[A-Za-z_]\w*', lambda t: amap.get(t.group(0), t.group(0)), body)
			for ts, _, ext in plain_decls(name, exp.strip().rstrip(";") + ";"):
				out.append((ts, line, col, ext))
	return out


def plain_decls(name: str, text: str) -> list[tuple[str, int, bool]]:
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


def local_header_decls(name: str, path: str) -> list[tuple[str, Decl]]:
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


def decl_text(path: str, line: int) -> str:
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


def may_be_elsewhere(name: str, path: str) -> bool:
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


def word_count(name: str, path: str) -> int:
	"""Uses of name in the code of the file (not in comments or strings)
	beyond MODULE_PARM/MODULE_PARM_DESC."""
	text = blank_comments(read_text(path))
	text = re.sub(r'MODULE_PARM(_DESC)?\s*\(\s*' + re.escape(name) + r'\b',
		      '', text)
	return len(re.findall(r'\b' + re.escape(name) + r'\b', text))


# words that start a statement but not a declaration
STMT_WORDS = NOT_TYPE_WORDS | {"break", "continue", "default", "else"}


def toplevel_blocks(text: str) -> list[tuple[int, int, str]]:
	"""The top-level {} blocks of the text, as (start, end, header: the
	text from the end of the statement before to the brace)."""
	blocks = []
	depth = 0
	start, head = 0, ""
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
	return blocks


def local_before(name: str, body: str, upto: int) -> bool:
	"""Does the function body declare a local name before offset upto?"""
	decl = False
	for dm in re.finditer(r'\b' + re.escape(name) + r'\b\s*(?=[\[=;,])', body):
		if dm.start() > upto:
			break
		k = dm.start()
		while k > 0 and body[k - 1] not in ";{}":
			k -= 1
		pre = body[k:dm.start()]
		words = re.findall(r'[A-Za-z_]\w*', pre)
		if words and words[0] not in STMT_WORDS and "(" not in pre and \
				re.match(r'\s*[A-Za-z_]\w*[\s*]+(?:[\w\s*]*)(?:[^;{}()]*,[\s*]*)?$', pre):
			decl = True
	return decl


def local_names(name: str, text: str) -> bool:
	"""Whether every mention of name in the code text (comments and
	strings blanked, MODULE_PARM/MODULE_PARM_DESC of it removed) is a
	struct member (declared in a struct or union, or reached through
	'.' or '->'), a function's parameter, or a local that the function
	using it declares: then the text has no variable of that name at
	file scope, and uses none (ps2esdi's 'track', a local; 3c515's
	'full_duplex', a member).  Any other mention, a file-scope one above
	all (a declaration spatch missed, a macro that declares it), says
	no."""
	blocks = toplevel_blocks(text)
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
		if not local_before(name, text[blk[0] + 1:blk[1]], o - blk[0] - 1):
			return False
	return True


def near_variable(name: str, path: str) -> Optional[str]:
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


def only_locals(name: str, path: str) -> bool:
	"""local_names of the file and of the headers it includes with
	quotes (the driver's own)."""
	pat = re.compile(r'MODULE_PARM(_DESC)?\s*\(\s*' + re.escape(name) + r'\b')
	for f in [path] + [h for h in local_header_paths(path)]:
		if not local_names(name, pat.sub("", blank_comments(read_text(f)))):
			return False
	return True


def local_header_paths(path: str) -> list[str]:
	"""The headers a file includes with quotes that exist."""
	here = file_dir(path)
	out = []
	for m in re.finditer(r'^\s*#\s*include\s*"([^"]+)"', read_text(path), re.M):
		h = os.path.join(here, m.group(1))
		if os.path.isfile(h):
			out.append(h)
	return out
