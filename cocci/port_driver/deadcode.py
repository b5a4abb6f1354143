# SPDX-License-Identifier: GPL-2.0-only
"""Dead compat branches: an #if/#elif chain that tests LINUX_VERSION_CODE
keeps only the branch the target kernel compiles.

Each condition is evaluated by the converter's own cpp evaluator
(modparm_rules.cppcond) with LINUX_VERSION_CODE of KDIR.  A condition
that names anything else (CONFIG_X, a macro of the driver's own,
defined(...)) is not decided: its branch and every later one stay as
they are, and the note says so.  Branches before it that are decided
false are removed, and its #elif becomes #if."""

import re
from dataclasses import dataclass, field

from modparm_rules import cppcond

DIRECTIVE = re.compile(r'^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b(.*)$')
COMMENT = re.compile(r'/\*.*?\*/|//.*$', re.S)


@dataclass
class DeadResult:
	text: str
	removed: int = 0		# branches removed
	groups: int = 0			# #if groups resolved
	undecided: list = field(default_factory=list)	# (line, condition) left as is


def logical_lines(lines):
	"""Index of each line that starts a directive, with its whole text
	(backslash continuations joined) and the index after it."""
	i = 0
	while i < len(lines):
		j, text = i, lines[i]
		while text.endswith("\\") and j + 1 < len(lines):
			j += 1
			text = text[:-1] + " " + lines[j]
		yield i, j + 1, text
		i = j + 1


def value(cond, code):
	"""True/False when cond is decided at LINUX_VERSION_CODE code, else None."""
	cond = COMMENT.sub(" ", cond).strip()
	if "LINUX_VERSION_CODE" not in cond:
		return None
	try:
		toks = cppcond.expand(cppcond.tokens(cond), {})
	except (cppcond.Unknown, RecursionError):
		return None
	names = [t for t in toks if isinstance(t, tuple) or
		 (isinstance(t, str) and re.match(r'[A-Za-z_]', t) and t != "LINUX_VERSION_CODE")]
	if names:
		return None

	def env(t):
		return code
	try:
		return bool(cppcond.evaluate(toks, env))
	except (cppcond.Unknown, RecursionError, OverflowError, TypeError):
		return None


def groups(lines):
	"""Every #if group: [(kind, start, end, cond)] per branch and the
	#endif's (start, end), outermost first in file order."""
	stack, out = [], []
	for s, e, text in logical_lines(lines):
		m = DIRECTIVE.match(text)
		if not m:
			continue
		kind, rest = m.group(1), m.group(2)
		if kind in ("if", "ifdef", "ifndef"):
			stack.append([(kind, s, e, rest)])
		elif not stack:
			continue		# unbalanced: left to the compiler
		elif kind in ("elif", "else"):
			stack[-1].append((kind, s, e, rest))
		else:
			g = stack.pop()
			out.append((g, (s, e)))
	out.sort(key=lambda ge: ge[0][0][1])
	return out


def rewrite_one(lines, code):
	"""Rewrite the first decidable group: the new lines and the number
	of branches it removed, or None when no group is decidable."""
	for branches, (es, ee) in groups(lines):
		vals = []
		for kind, s, e, cond in branches:
			vals.append(value(cond, code) if kind in ("if", "elif") else
				    True if kind == "else" else None)
		if vals[0] is None:
			kind, s, e, cond = branches[0]
			continue
		starts = [b[1] for b in branches] + [es]
		new = lines[:starts[0]]
		for k, v in enumerate(vals):
			kind, s, e, cond = branches[k]
			if v is None:
				# this branch and the rest stay: its #elif opens the group
				first = lines[s:e]
				first[0] = re.sub(r'#([ \t]*)elif', r'#\1if', first[0], count=1)
				return new + first + lines[e:], k
			if v:
				# the branch's body, without the directives around it
				return new + lines[e:starts[k + 1]] + lines[ee:], len(branches) - 1
		return new + lines[ee:], len(branches)
	return None


def remove_dead(text, code):
	"""text without the branches that kernel code never compiles."""
	lines = text.split("\n")
	result = DeadResult(text)
	while True:
		r = rewrite_one(lines, code)
		if r is None:
			break
		lines, n = r
		result.removed += n
		result.groups += 1
	result.text = "\n".join(lines)
	# the version tests left: each names something else
	for s, _, text in logical_lines(lines):
		m = DIRECTIVE.match(text)
		if m and m.group(1) in ("if", "elif") and "LINUX_VERSION_CODE" in m.group(2):
			result.undecided.append((s + 1, COMMENT.sub(" ", m.group(2)).strip()))
	return result
