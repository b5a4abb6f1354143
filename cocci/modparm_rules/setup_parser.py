# SPDX-License-Identifier: GPL-2.0-only
"""A count on a scalar whose boot option a __setup parser of the file
takes ("1-2i" on mcd's mcd_port): the module_param_call that hands the
module parameter to that parser, as upstream did for mcd, or why it
cannot; and the diagnostic of a count on a scalar otherwise."""

import re
from typing import Any, Optional, Union

from .ctext import (blank_comments, blanked, cond_stack, if_body, if_branches,
		    Pos, read_text, toplevel)
from .reasons import Diag, Reason
from .cond_blocks import compiled_with
from .state import STATE



def setup_parser(v: str, path: str) -> Optional[tuple[str, int, int]]:
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
PARSER_WORDS = frozenset({"static", "inline", "int"})


def parser_definition(fn: str, path: str) -> Optional[tuple[int, bool, bool]]:
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
		if not toplevel([Pos(path, line, m.start() - (text.rfind("\n", 0, m.start()) + 1))]):
			continue
		init = any(re.match(r'__(?:dev|cpu|mem)?init$', w) for w in words)
		return line, init, bool(par.group(1))
	return None


def writable(perm: str) -> bool:
	"""Does the permission let sysfs write the parameter?"""
	try:
		return bool(int(perm, 8) & 0o222)
	except ValueError:
		return bool(re.search(r'W|0[0-7]*[2367]', perm))


def setup_call(v: str, path: str, site: int) -> Union[None, str, dict[str, Any]]:
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
	if init and writable(STATE.perm):
		return head + ("but %s() is __init and permission %s lets sysfs "
			       "call it after init, when it is gone: with "
			       "permission 0, module_param_call passes the "
			       "parameter to it" % (fn, STATE.perm))
	return {"parser": fn, "sline": sline, "scol": scol,
		"setfn": "modparm_set_" + v,
		"arg": "val" if const else "(char *)val", "unguard": guard}


MODULE_GUARD_RE = re.compile(r'\s*#\s*(?:ifndef\s+MODULE|if\s*!\s*defined\s*\(?\s*MODULE\s*\)?)\s*$')


def module_guard(path: str, site: int, dline: int, sline: int) -> Optional[int]:
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


def count_on_scalar(lettered: str, declared: str, mn: int, mx: Union[int, str],
		    v: str, path: str, why: Optional[str] = None) -> Diag:
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
