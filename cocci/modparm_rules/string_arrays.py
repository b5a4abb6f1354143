# SPDX-License-Identifier: GPL-2.0-only
"""An array of strings ('char name[4][16]' with "1-4c16"): whether its
uses only read the strings, so that it can become 'char *name[4]' with
module_param_array(name, charp, ...), as upstream converted them."""

import os
import re
from typing import Optional, Union

from .ctext import blank_comments, file_dir, read_text
from .types import norm_base
from .decision import Decision
from .reasons import Diag, Reason
from .declarations import decl_text



# functions whose first argument they write (a string array element there
# is written into)
WRITERS = ("strcpy", "strncpy", "strlcpy", "strscpy", "strcat", "strncat",
	   "sprintf", "snprintf", "vsprintf", "vsnprintf", "memcpy", "memmove",
	   "memset", "copy_from_user", "__copy_from_user", "get_user",
	   "sscanf")


def string_array_uses(name: str, path: str) -> list[tuple[int, Optional[str]]]:
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
			fn = re.search(r'(\w+)\s*\(\s*$', before)
			assert fn is not None	# the search above matched
			why = "an element written by " + fn.group(1) + "()"
		out.append((line, why))
	return out


def string_array_refused(name: str, base: str, dims: list[str], path: str,
			 res: Decision, hdr_decl: Optional[str]) -> Optional[str]:
	"""Why the array of strings name cannot become 'char *name[N]' with
	module_param_array(name, charp, ...), as upstream converted them, or
	None: its uses must only read the strings."""
	if norm_base(base) != "char" or len(dims) != 2:
		return "it is not declared as 'char %s[N][M]'" % name
	if hdr_decl or res.after or len(res.group or []) != 1:
		return "its declaration is not one declaration above the site"
	dtext = re.split(r'^[ \t]*#.*$', decl_text(path, res.dline), flags=re.M)[-1]
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


def includers(path: str) -> list[str]:
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


def string_array_uses_all(name: str, path: str) -> list[tuple[Union[int, str], Optional[str]]]:
	"""string_array_uses of the file and of the files that include it,
	the lines of those as 'file:line'."""
	out: list[tuple[Union[int, str], Optional[str]]] = []
	out += string_array_uses(name, path)
	for g in includers(path):
		out += [("%s:%d" % (os.path.basename(g), l), why)
			for l, why in string_array_uses(name, g)]
	return out


def string_array_to_charp(lettered: str, declared: str, name: str,
			  dims: list[str], path: str) -> Diag:
	"""The warning of an array of strings converted to char *."""
	reads = sorted(set(str(l) for l, why in string_array_uses_all(name, path)))
	return Reason.STRING_ARRAY_CHARP.diag(
		lettered=lettered, decl=declared, name=name, dim=dims[0],
		reads=": check the reads at line%s %s" % (
			"s" if len(reads) > 1 else "", ", ".join(reads))
		if reads else "")
