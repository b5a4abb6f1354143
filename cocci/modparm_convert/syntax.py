# SPDX-License-Identifier: GPL-2.0-only
"""Why spatch could not parse a file: the mistakes of old code that the
old compilers never saw (the code sat in a configuration nobody built)
and that make spatch skip the code around them, MODULE_PARMs included."""

import re

from .sites import strip_comments

# a file-scope declaration that ends its line without ';': storage and
# type words, the name, then dimensions or an initializer without braces
# (a line of type words alone may be the first of a function definition)
DECL_RE = re.compile(r'^\s*(?:(?:static|extern|const|volatile|unsigned|signed|'
		     r'struct|union|enum)\s+)*[A-Za-z_]\w*[\s*]+([A-Za-z_]\w*)\s*'
		     r'(?:(?:\[[^\]]*\]\s*)+|(?:\[[^\]]*\]\s*)*=\s*[^;{}=]*[\w)\]"\'])\s*$')
# what the next line of code starts with when it is a new statement at
# file scope: a declaration or a macro call (MODULE_PARM, EXPORT_SYMBOL)
STARTS_RE = re.compile(r'^\s*(?:static|extern|const|unsigned|signed|int|char|short|'
		       r'long|struct|union|enum|void|[A-Z][A-Z0-9_]*\s*\()\b')
NOT_TYPES = ("return", "else", "goto", "case", "do", "typedef", "sizeof")
# a call at file scope of a macro that was a declaration and needed its
# ';' (2.4: 'const char __module_parm_x[] ... = "..."'), the whole call
# on the line
CALL_RE = re.compile(r'^\s*(MODULE_PARM|MODULE_PARM_DESC)\s*\((\s*[A-Za-z_]\w*)?.*\)\s*$')


def unended(lines, match):
	"""[(line, what, next line)] of the file-scope lines of lines (their
	comments blanked) that match(line) accepts, giving what, followed by
	a line of code that starts another statement."""
	out = []
	depth = 0
	cont = False	# the line continues a preprocessor line
	for no, line in enumerate(lines, 1):
		was_cont, cont = cont, line.rstrip().endswith("\\")
		if was_cont or line.lstrip().startswith("#"):
			continue
		what = match(line) if depth == 0 else None
		depth += line.count("{") - line.count("}")
		if what is None:
			continue
		nxt = next(((k, l) for k, l in enumerate(lines[no:], no + 1)
			    if l.strip() and not l.lstrip().startswith("#")), None)
		if nxt is None or not STARTS_RE.match(nxt[1]):
			continue
		out.append((no, what, nxt[0]))
	return out


def missing_semicolons(text):
	"""[(line, name, next line)] of the declarations at file scope whose
	';' is missing: the line ends the declaration (a name, a number, a
	')' or ']') and the next line of code starts another statement."""
	def declaration(line):
		m = DECL_RE.match(line)
		if not m or line.split()[0] in NOT_TYPES or line.rstrip().endswith((",", "=")):
			return None
		return m.group(1)
	return unended(strip_comments(text).split("\n"), declaration)


def unended_calls(text):
	"""[(line, macro, next line)] of the MODULE_PARM and MODULE_PARM_DESC
	calls at file scope without their ';', followed by another statement
	(a compiler that built the file as a module refused them: the code
	sat in a configuration nobody built that way)."""
	def call(line):
		m = CALL_RE.match(line)
		if not m or line.count("(") != line.count(")"):
			return None
		return m.group(1)
	return unended(strip_comments(text, keep_strings=True).split("\n"), call)


def explain(text):
	"""The first cause found, as (line, message), or None."""
	found = [(no, "the declaration of '%s'" % name, nxt)
		 for no, name, nxt in missing_semicolons(text)]
	found += [(no, "this %s()" % macro, nxt) for no, macro, nxt in unended_calls(text)]
	if not found:
		return None
	no, what, nxt = min(found)
	return no, ("%s ends without ';' (line %d, which follows it, starts "
		    "another statement): spatch cannot parse the code around it; "
		    "add the ';'" % (what, nxt))
