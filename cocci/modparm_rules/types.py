# SPDX-License-Identifier: GPL-2.0-only
"""Types: the old type strings ("1-4i", "c18", built with
__MODULE_STRING and #defines: decode, TYPESTR_RE), and a declared C type
-> module_param type (norm_base, ptype), through the typedefs of the
file and of its headers down to a type of the table (typetable.py: the
kernel's own typedefs are rows there)."""

import os
import re
from typing import Optional

from .ctext import (blank_comments, eval_int, include_dirs_auto,
		    include_paths, read_text, shown_header)
from .state import STATE
from .typetable import (CTYPE, DECLARED, LETTERS, OTHER_SIGN, STRING_CHARS,
			PType)


STRING_RE = re.compile(r'"((?:[^"\\]|\\.)*)"')


TOKEN_RE = re.compile(r'\s*("(?:[^"\\]|\\.)*"|[A-Za-z_]\w*|\d\w*|\S)')


# the letters are those of the table (bhils)
TYPESTR_RE = re.compile(r'^(?:(\d+|\{\w+\})(?:-(\d+|\{\w+\}))?)?'
			r'(?:([%s])|c(\d+|\{\w+\}))$' % "".join(LETTERS))


def join_tokens(toks):
	"""Tokens as cpp's # spells them: a blank only between two words."""
	out = ""
	for tok in toks:
		if out and re.match(r'\w', tok) and re.match(r'.*\w$', out, re.S):
			out += " "
		out += tok
	return out


def call_args(toks, i):
	"""(the argument token lists of the call whose "(" is toks[i], the
	index after its ")"), or None when it does not close."""
	args, cur, lvl = [], [], 0
	for j in range(i, len(toks)):
		tok = toks[j]
		if tok == "(":
			lvl += 1
			if lvl == 1:
				continue
		elif tok == ")":
			lvl -= 1
			if lvl == 0:
				return args + [cur], j + 1
		elif tok == "," and lvl == 1:
			args.append(cur)
			cur = []
			continue
		cur.append(tok)
	return None


def cpp_expand(toks, defs, fdefs, depth=0):
	"""The tokens with the object-like (defs) and function-like (fdefs)
	macros expanded as cpp does, or None (too deep, a call that does not
	close, the wrong number of arguments)."""
	if depth > 10:
		return None
	out = []
	i = 0
	while i < len(toks):
		tok = toks[i]
		if tok in fdefs and i + 1 < len(toks) and toks[i + 1] == "(":
			call = call_args(toks, i + 1)
			if call is None:
				return None
			new = cpp_call(fdefs[tok], call[0], defs, fdefs, depth)
			if new is None:
				return None
			out += new
			i = call[1]
		elif tok in defs and tok not in fdefs:
			new = cpp_expand(TOKEN_RE.findall(defs[tok]), defs, fdefs, depth + 1)
			if new is None:
				return None
			out += new
			i += 1
		else:
			out.append(tok)
			i += 1
	return out


def cpp_call(macro, args, defs, fdefs, depth):
	"""The expansion of one call of a function-like macro (parameters,
	body): '#x' is the argument as written, a parameter beside '##' the
	argument as written, any other the argument macro-expanded first
	(why STR(N) with '#define STR(x) STR1(x)' stringifies N's value),
	and the result expanded again."""
	params, body = macro
	if args == [[]] and not params:
		args = []
	if len(args) != len(params):
		return None
	btoks = []
	for tok in TOKEN_RE.findall(body):
		if tok == "#" and btoks and btoks[-1] == "#":
			btoks[-1] = "##"
		else:
			btoks.append(tok)
	out = []
	k = 0
	while k < len(btoks):
		tok = btoks[k]
		if tok == "#" and k + 1 < len(btoks) and btoks[k + 1] in params:
			raw = join_tokens(args[params.index(btoks[k + 1])])
			out.append('"%s"' % raw.replace("\\", "\\\\").replace('"', '\\"'))
			k += 2
			continue
		if tok in params:
			arg = args[params.index(tok)]
			if (k and btoks[k - 1] == "##") or (k + 1 < len(btoks) and btoks[k + 1] == "##"):
				out += arg
			else:
				arg = cpp_expand(arg, defs, fdefs, depth + 1)
				if arg is None:
					return None
				out += arg
		else:
			out.append(tok)
		k += 1
	pasted = []
	for tok in out:
		if pasted and pasted[-1] == "##":
			pasted.pop()
			pasted[-1] = pasted[-1] + tok if pasted else tok
		else:
			pasted.append(tok)
	return cpp_expand(pasted, defs, fdefs, depth + 1)


def decode(t, defs, depth=0, fdefs=None):
	"""Old type string expression -> its text, or None if not decodable.
	fdefs: the function-like #defines ({name: (parameters, body)}) that
	may build it, expanded as cpp does."""
	if depth > 10:
		return None
	toks = TOKEN_RE.findall(t)
	if fdefs and any(tok in fdefs for tok in toks) and \
			not any(tok in ("__MODULE_STRING", "__stringify", "stringify") for tok in toks):
		toks = cpp_expand(toks, defs, fdefs)
		if toks is None:
			return None
		t = " ".join(toks)
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
			sub = decode(defs[tok], defs, depth + 1, fdefs)
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
	if STATE.include_dirs and typedef_on_path(name, path):
		return typedef_on_path(name, path)
	texts = [read_text(path)]
	texts += [read_text(h) for h in include_paths(path, texts[0])]
	for text in texts:
		m = re.search(r'\btypedef\s+([^;{}]*?)\b' + re.escape(name) +
			      r'\s*;', text)
		if m:
			return norm_base(m.group(1))
	return typedef_on_path(name, path)


def ptype(base: str, path: str) -> Optional[PType]:
	"""Normalised C base type -> (param type, size, signed) or None."""
	b = norm_base(base)
	seen = 0
	while b not in DECLARED and seen < 5 and re.match(r'^\w+$', b):
		r = typedef_of(b, path)
		if r is None:
			break
		b = r
		seen += 1
	# a plain or signed char, under the kernel's names too (w9968cf's
	# 's8 video_nr[]'), after its typedefs: byte, with its own sign
	if b in OTHER_SIGN:
		return OTHER_SIGN[b]
	return DECLARED.get(b)


def is_char_base(base: str) -> bool:
	"""Whether an array of base is a char array module_param_string
	copies into."""
	return norm_base(base) in STRING_CHARS


def letter_mismatch(letter: Optional[str], pt: Optional[PType]) -> Optional[str]:
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


# module_param type -> the C type its param_check_<type> wants (what
# modparm.cocci imports)
PARAM_CTYPE = CTYPE


VIA: dict[tuple[str, str], tuple] = {}		# (file, typedef name) -> (definition, header, other definitions)


CONFLICTS = {}		# (file, typedef name) -> [(header, definition)]


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
	if not STATE.include_dirs and not STATE.include_src:
		return None
	if STATE.include_dirs:
		near, far = STATE.include_dirs, []
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


def typedef_chain_notes(base, path, diags):
	"""A note naming the header each typedef of the declared type came
	from, when it was found on the package's include path (not in the file
	or the headers beside it), and the other definitions it chose against."""
	b = norm_base(base)
	for _ in range(5):
		via = VIA.get((path, b))
		if not via or not via[0]:
			break
		how = "-I" if STATE.include_dirs else "the include/ directories under SRC"
		other = ""
		if via[2]:
			other = "; not %s (%s)" % (", ".join(
				"'%s' of %s" % (d, shown_header(h)) for h, d in via[2]),
				"later on the -I path" if STATE.include_dirs else
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
