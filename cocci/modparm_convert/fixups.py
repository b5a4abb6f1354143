# SPDX-License-Identifier: GPL-2.0-only
"""Repairs of spatch's layout after a MODULE_PARM moved below a later
declaration: comments, blank lines and an emptied #ifdef MODULE go back
where a maintainer expects them.  Each takes and returns lists of lines
(no newlines)."""

from __future__ import annotations

import difflib
import functools
import re

from .sites import strip_comments

TYPE_CHECKING = False
if TYPE_CHECKING:
	from typing import List, Tuple
	# (old lines, repaired new lines, whether the new text ends with '\n')
	Repair = Tuple[List[str], List[str], bool]


def trim_exact(old, new, p, s):
	"""Whether SequenceMatcher on the whole texts takes the p shared
	first lines and the s shared last lines (cut not to overlap them)
	as matching blocks, so that matching only the middles gives its
	opcodes.  It takes the longest block first (the leftmost of equal
	ones), then the longest on each side of it.  A block other than
	those two is lines of a middle (ma + mb at most) and at most three
	runs of shared lines, each a run of old lines found elsewhere in old
	too: when no run of k old lines occurs twice, such a block has at
	most ma + mb + 3 (k - 1) lines, and the shared start must be at
	least that long (it wins a tie, being leftmost), the shared end
	longer."""
	ma, mb = len(old) - p - s, len(new) - p - s
	if not ma and not mb:
		return True	# the same text
	# cut at the shared start, the shared end may go on into it: a
	# longer block than the s lines
	if s and min(ma, mb) == 0 and min(len(old), len(new)) > s and \
			old[-s - 1] == new[-s - 1]:
		return False
	lim = min(([p] if p else []) + ([s - 1] if s else []))
	if lim < ma + mb:
		return False
	k = (lim - ma - mb) // 3 + 1
	seen = set()
	for i in range(len(old) - k + 1):
		w = old[i:i + k]
		if w in seen:
			return False
		seen.add(w)
	return True


@functools.lru_cache(maxsize=4)
def _opcodes(old, new):
	n, m = len(old), len(new)
	p = 0
	while p < min(n, m) and old[p] == new[p]:
		p += 1
	s = 0
	while s < min(n, m) - p and old[n - 1 - s] == new[m - 1 - s]:
		s += 1
	if (p or s) and not trim_exact(old, new, p, s):
		p = s = 0
	ops = [("equal", 0, p, 0, p)] if p else []
	sm = difflib.SequenceMatcher(None, old[p:n - s], new[p:m - s], autojunk=False)
	ops += [(op, i1 + p, i2 + p, j1 + p, j2 + p) for op, i1, i2, j1, j2 in sm.get_opcodes()]
	if s:
		ops.append(("equal", n - s, n, m - s, m))
	return tuple(ops)


def opcodes(old_lines, new_lines):
	"""difflib's opcodes (no junk) of two lists of lines.  spatch
	changes a few lines of a long file, and SequenceMatcher on the whole
	files of an old tree cost most of the repairs' time (its longest
	match search walks every occurrence of each blank line and brace):
	the lines the texts share at the start and at the end are taken as
	equal and only the middles matched, where trim_exact shows that the
	whole texts give the same opcodes (else the whole texts are
	matched).  The middles' first and last lines differ, so their
	opcodes never start or end with an 'equal' that would join the
	shared ends.  The repairs of a file ask again and again about the
	same two texts (most change nothing): the last few answers are
	kept."""
	return _opcodes(tuple(old_lines), tuple(new_lines))


def fix_comments(old_lines, new_lines):
	"""spatch attaches the trailing comment of a declaration to the
	module_param line added after it: give it back to the declaration."""
	olds = set(old_lines)
	out = list(new_lines)
	for i in range(1, len(out)):
		m = out[i].startswith("module_param") and \
			re.match(r'^(module_param\w*\(.*\);)(\s+(/\*.*\*/|//.*))$', out[i])
		if m and out[i - 1] + m.group(2) in olds and out[i - 1] not in olds:
			out[i - 1] += m.group(2)
			out[i] = m.group(1)
	# the same with a comment that runs over the next lines (linux-wlan-ng's
	# 'int prism2_irq_evread_max=20;\t/* Maximum number of' and three
	# more lines): the module_param line goes after the comment's end
	stripped = {l.rstrip(): l for l in old_lines}
	i = 1
	while i < len(out):
		m = out[i].startswith("module_param") and \
			re.match(r'^(module_param\w*\(.*\);)(\s+/\*(?:(?!\*/).)*)$', out[i])
		whole = (out[i - 1] + m.group(2)).rstrip() if m else None
		end = next((j for j in range(i + 1, len(out)) if "*/" in out[j]), None) if m else None
		if m and out[i - 1] not in olds and whole in stripped and end is not None \
				and out[end].rstrip().endswith("*/"):
			out[i - 1] = stripped[whole]
			out[i:end + 1] = out[i + 1:end + 1] + [m.group(1)]
			i = end
		i += 1
	# a removed MODULE_PARM's own comment must not land on the line above:
	# it goes with the module_param line of that variable
	sitecomments = {}
	for l in old_lines:
		m = "MODULE_PARM" in l and \
			re.match(r'^\s*MODULE_PARM\s*\(\s*(\w+).*\);(\s+(/\*.*\*/|//.*))$', l)
		if m:
			sitecomments[m.group(2)] = m.group(1)
	moved = {}
	for i in range(len(out)):
		if out[i] in olds:
			continue
		for c, v in sitecomments.items():
			# the line above: code, or an #if line ('#ifdef MODULE
			# /* debug level */' when the site was first in its block)
			if out[i].endswith(c) and (out[i][:-len(c)].rstrip().endswith(("*/", ";")) or
						   (out[i][:-len(c)].rstrip() in olds and
						    is_directive(out[i][:-len(c)]))) \
					and not re.match(r'^module_param\w*\(\s*' + re.escape(v) + r'\s*,',
							 out[i]):
				out[i] = out[i][:-len(c)]
				moved[v] = c
				break
	for i in range(len(out)):
		m = moved and re.match(r'^module_param\w*\(\s*(\w+)\s*,.*\);$', out[i])
		if m and m.group(1) in moved:
			out[i] += moved.pop(m.group(1))
	return out


def restore_blank_lines(old_lines, new_lines):
	"""spatch drops the blank line above a MODULE_PARM it removes: put it
	back unless that makes two blank lines in a row.  When the removed
	MODULE_PARM followed the declaration of another variable whose own
	MODULE_PARM stood above it (the block 'MODULE_PARM(a); static int a;'
	then, after blank lines, the block of b), spatch's new module_param
	of a takes the place of those lines: the blank line goes back after
	it, between the blocks."""
	out = []
	for op, i1, i2, j1, j2 in opcodes(old_lines, new_lines):
		if op in ("equal", "insert"):
			# the regexps below on every line of an equal run cost
			# more than the matching
			out.extend(new_lines[j1:j2])
			continue
		removed = [m.group(1) for m in (re.match(r'\s*MODULE_PARM\s*\(\s*(\w+)', l)
						for l in old_lines[i1:i2]) if m]
		added = [re.match(r'\s*module_param\w*\(\s*(\w+)', l) for l in new_lines[j1:j2]]
		moved_in = op == "replace" and removed and all(added) and \
			not set(m.group(1) for m in added) & set(removed)
		if op == "delete" and removed or moved_in:
			out.extend(new_lines[j1:j2])
			for l in old_lines[i1:i2]:
				if l.strip() == "" and (not out or out[-1].strip() != "") \
						and (j2 >= len(new_lines) or new_lines[j2].strip() != ""):
					out.append(l)
		else:
			out.extend(new_lines[j1:j2])
	return out


def is_directive(line):
	return re.match(r'\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b', line) is not None


def move_orphan_comments(old_lines, new_lines):
	"""spatch (--keep-comments) leaves the comment above a MODULE_PARM it
	moves below the declaration where it was.  It stays there while it
	still heads some code (its MODULE_PARM_DESC, say); when nothing but a
	blank line, an #endif or the end of the file follows it, it described
	only that MODULE_PARM and goes with its module_param line, above the
	lines added after the declaration, as a reviewer expects of moved
	code."""
	ops = opcodes(old_lines, new_lines)
	bare = strip_comments("\n".join(new_lines)).split("\n")
	moves = []	# (first comment line, line after it, variable), in new
	for op, i1, i2, j1, j2 in ops:
		if op != "delete":
			continue
		m = None
		for l in old_lines[i1:i2]:
			m = re.match(r'\s*MODULE_PARM\s*\(\s*(\w+)', l)
			if m:
				break
		if not m or re.match(r'\s*MODULE_PARM\s*\(', old_lines[i1]) is None:
			continue
		k = j1
		while k > 0 and new_lines[k - 1].strip() and not bare[k - 1].strip():
			k -= 1
		if k == j1 or not new_lines[k].lstrip().startswith(("/*", "//")) \
				or (j1 < len(new_lines) and new_lines[j1].strip()
			       and not is_directive(new_lines[j1])):
			continue
		moves.append((k, j1, m.group(1)))
	inserts = {}	# new line index -> comment lines to put above it
	dropped = set()
	for k, j1, v in moves:
		# above that variable's module_param line, or above the setter
		# code generated with a module_param_cb line
		start = None
		for i, l in enumerate(new_lines):
			if re.match(r'static unsigned int modparm_num_' + re.escape(v) + r';$', l):
				start = i
			if re.match(r'\s*module_param\w*\(\s*' + re.escape(v) + r'\s*,', l):
				start = i if start is None else start
				break
		if start is None or k <= start <= j1:
			continue
		inserts.setdefault(start, []).extend(new_lines[k:j1])
		dropped.update(range(k, j1))
		# no blank line doubled where the comment was
		if j1 < len(new_lines) and not new_lines[j1].strip() and \
				(k == 0 or not new_lines[k - 1].strip()):
			dropped.add(j1)
	out = []
	for i, l in enumerate(new_lines):
		out.extend(inserts.get(i, []))
		if i not in dropped:
			out.append(l)
	out.extend(inserts.get(len(new_lines), []))
	return out


def drop_removed_comments(old_lines, new_lines):
	"""A MODULE_PARM removed with no line of its own anywhere (a name
	declared nowhere; its MODULE_PARM_DESC goes with it) leaves the
	comment above it behind.  When that comment starts a paragraph (a
	blank line, a directive or the top of the file above it) and nothing
	but a blank line, an #endif or the end of the file follows it now, it
	described only the removed lines: it goes too, as maintainers removed
	it, with a blank line it would leave doubled.  A comment that still
	heads other code stays."""
	bare = strip_comments("\n".join(new_lines)).split("\n")
	dropped = set()
	for op, i1, i2, j1, j2 in opcodes(old_lines, new_lines):
		if op != "delete":
			continue
		m = re.match(r'\s*MODULE_PARM\s*\(\s*(\w+)', old_lines[i1])
		if not m or any(re.match(r'\s*module_param\w*\(\s*%s\s*,' % re.escape(m.group(1)), l)
				for l in new_lines):
			continue
		k = j1
		while k > 0 and new_lines[k - 1].strip() and not bare[k - 1].strip():
			k -= 1
		if k == j1 or not new_lines[k].lstrip().startswith(("/*", "//")):
			continue
		if k > 0 and new_lines[k - 1].strip() and not is_directive(new_lines[k - 1]):
			continue	# the comment ends a paragraph of other code
		if j1 < len(new_lines) and new_lines[j1].strip() and not \
				re.match(r'\s*#\s*endif\b', new_lines[j1]):
			continue	# it heads other code still
		dropped.update(range(k, j1))
		if j1 < len(new_lines) and not new_lines[j1].strip() and \
				(k == 0 or not new_lines[k - 1].strip()):
			dropped.add(j1)
	return [l for i, l in enumerate(new_lines) if i not in dropped]


def drop_empty_conditionals(old_lines, new_lines):
	"""An #if/#endif that held only MODULE_PARMs now moved below their
	declarations is left empty: remove it (only when nothing, not even a
	comment, is left inside), and a blank line it leaves doubled."""
	tonew = {}
	for op, i1, i2, j1, j2 in opcodes(old_lines, new_lines):
		if op == "equal":
			for d in range(i2 - i1):
				tonew[j1 + d] = i1 + d
	out = list(new_lines)
	i = 0
	while i < len(out):
		if "#" not in out[i] or not re.match(r'\s*#\s*if(n?def)?\b', out[i]) or i not in tonew:
			i += 1
			continue
		e = i + 1
		while e < len(out) and not out[e].strip():
			e += 1
		if e >= len(out) or not re.match(r'\s*#\s*endif\b', out[e]):
			i += 1
			continue
		# the same block in the old file held a MODULE_PARM
		o = tonew[i] + 1
		depth = 0
		had = False
		while o < len(old_lines):
			if re.match(r'\s*#\s*if', old_lines[o]):
				depth += 1
			elif re.match(r'\s*#\s*endif\b', old_lines[o]):
				if depth == 0:
					break
				depth -= 1
			elif re.match(r'\s*MODULE_PARM\s*\(', old_lines[o]):
				had = True
			o += 1
		if not had:
			i += 1
			continue
		del out[i:e + 1]
		del_map = {}
		for n, oi in tonew.items():
			if n > e:
				del_map[n - (e + 1 - i)] = oi
			elif n < i:
				del_map[n] = oi
		tonew = del_map
		if 0 < i < len(out) and not out[i - 1].strip() and not out[i].strip():
			del out[i]
			tonew = dict((n - 1 if n > i else n, oi) for n, oi in tonew.items() if n != i)
		i = max(i - 1, 0)
	return out


DIRECTIVE_RE = re.compile(r'\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b')

# a module_param line, and a comment after it
ADDED_RE = re.compile(r'\s*(module_param\w*\s*\(.*\);)\s*(/\*.*\*/|//.*)?$')


def if_blocks(lines):
	"""The #if blocks of lines (comments blanked), innermost first as they close: (index of
	the #if, indices of its #elif/#else lines, index of the #endif,
	whether it has an #else, for each branch the indices of the lines
	at its own level, not in a nested #if)."""
	out, stack = [], []
	for i, l in enumerate(lines):
		m = DIRECTIVE_RE.match(l) if "#" in l else None
		if m is None:
			if stack:
				stack[-1][4][-1].append(i)
			continue
		kw = m.group(1)
		if kw.startswith("if"):
			stack.append([i, [], None, False, [[]]])
		elif stack and kw in ("elif", "else"):
			stack[-1][1].append(i)
			stack[-1][3] = stack[-1][3] or kw == "else"
			stack[-1][4].append([])
		elif stack:
			b = stack.pop()
			b[2] = i
			out.append(tuple(b))
	return out


def hoist_branch_lines(old_lines, new_lines):
	"""spatch adds a module_param line after the variable's declaration in
	each branch of an #if that declares it ('#ifdef CONFIG_X / static
	int v = 1; / #else / static int v; / #endif', below the site): the
	same line in every branch of an #if with an #else goes once after its
	#endif, which cpp reads the same in every configuration (each takes
	one branch, and the line came after the declaration in each).  Only
	lines spatch added, each once in every branch at the branch's own
	level, with no #define or #undef after it in its branch that could
	change what it means; a line that differs between branches (another
	type) stays in each, and so does a line that took the place of a
	MODULE_PARM in each branch (the driver's own layout)."""
	olds = set(old_lines)
	out = list(new_lines)
	# the lines that are not spatch's additions: old lines, and those that
	# replaced a MODULE_PARM of their variable in place
	fixed = [l in olds for l in out]
	for op, i1, i2, j1, j2 in opcodes(old_lines, new_lines):
		if op != "replace":
			continue
		for j in range(j1, j2):
			m = re.match(r'\s*module_param\w*\s*\(\s*(\w+)\s*,', new_lines[j])
			if m and any(re.match(r'\s*MODULE_PARM\s*\(\s*%s\s*,' % m.group(1), l)
				     for l in old_lines[i1:i2]):
				fixed[j] = True

	def added(i):
		"""The code of line i when spatch added it as a module_param
		line, else None."""
		m = ADDED_RE.match(out[i])
		return m.group(1) if m and not fixed[i] else None

	changed = True
	while changed:
		changed = False
		bare = strip_comments("\n".join(out)).split("\n")
		for _, mids, end, has_else, branches in if_blocks(bare):
			if not has_else:
				continue
			common = None
			for br in branches:
				codes = [added(i) for i in br]
				once = set(c for c in codes if c and codes.count(c) == 1)
				common = once if common is None else common & once
			if not common:
				continue
			bounds = list(mids) + [end]
			take = []
			for c in sorted(common, key=lambda c: next(i for i in branches[0] if added(i) == c)):
				at = [next(i for i in br if added(i) == c) for br in branches]
				if any(re.match(r'\s*#\s*(define|undef)\b', out[k])
				       for i, stop in zip(at, bounds) for k in range(i + 1, stop)):
					continue
				# the MODULE_PARM's own comment, given to one of them
				notes = set(ADDED_RE.match(out[i]).group(2) for i in at) - {None}
				if len(notes) > 1:
					continue
				take.append((c + (" " + notes.pop() if notes else ""), at))
			if not take:
				continue
			drop = set(i for _, at in take for i in at)
			out = [l for i, l in enumerate(out[:end + 1]) if i not in drop] + \
				[t for t, _ in take] + out[end + 1:]
			fixed = [f for i, f in enumerate(fixed[:end + 1]) if i not in drop] + \
				[False] * len(take) + fixed[end + 1:]
			changed = True
			break
	return out


def strip_left_spaces(old_lines, new_lines):
	"""Two MODULE_PARMs on one line, both moved below their declarations:
	spatch removes the line but leaves the space between them at the end
	of the line above.  A line spatch wrote (not an old line) gets its
	trailing blanks off."""
	olds = set(old_lines)
	return [l.rstrip() if l not in olds else l for l in new_lines]


def split_glued(old_lines, new_lines):
	"""spatch removes a MODULE_PARM that starts a line and keeps what
	follows it on that line ('MODULE_PARM(a, "i"); MODULE_PARM(b, "i");',
	a moved below and b converted in place) at the end of the line above:
	'static int b; module_param(b, int, 0);', or after an #include.  Such
	a line, an old line followed by code of a MODULE_PARM line, is split
	back in two."""
	olds = set(old_lines)
	tails = [l.strip() for l in old_lines if "MODULE_PARM" in l and
		 re.search(r'\bMODULE_PARM\s*\(', l)]
	out = []
	for l in new_lines:
		done = False
		if l not in olds:
			for m in re.finditer(r'\s+', l):
				head, rest = l[:m.start()], l[m.end():].strip()
				# code, not a comment (fix_comments places those)
				if head.strip() and head in olds and strip_comments(rest).strip() and \
						not re.search(r'\bMODULE_PARM\s*\(', head) and \
						(rest.startswith("module_param") or
						 any(t.endswith(rest) for t in tails)):
					out += [head, rest]
					done = True
					break
		if not done:
			out.append(l)
	return out


# an #if that compiles its block only where MODULE_PARM exists
GUARD_RE = re.compile(r'\s*#\s*(?:ifdef\s+MODULE_PARM|if\s+defined\s*\(?\s*MODULE_PARM\s*\)?)\s*$')
# what such a block may hold for its guard to go: the converted lines
# and their descriptions, which 6.1 compiles anywhere
PARAM_LINE_RE = re.compile(r'\s*(?:module_param\w*|MODULE_PARM_DESC)\s*\(')
# a conditional inside such a block, which may stay when the guard goes:
# not one that tests MODULE_PARM or the kernel version (a guard itself)
NESTED_IF_RE = re.compile(r'#\s*(?:if|ifdef|ifndef|elif|else|endif)\b(?!.*\b(?:MODULE_PARM|LINUX_VERSION_CODE)\b)')


def unguard(old_lines, new_lines):
	"""Drivers put their MODULE_PARMs under '#ifdef MODULE_PARM' to build
	where the macro was missing; the module_param lines that took their
	place there are compiled by no kernel since 2.6.17, so the parameters
	would be gone.  Upstream dropped the guard: an '#ifdef MODULE_PARM'
	block with no #else whose code is only module_param* lines and
	MODULE_PARM_DESCs loses its #ifdef and #endif (a MODULE_PARM left
	unconverted in it keeps them).  An #if inside it that holds only such
	lines stays, with its own condition ('#ifndef IFX_RTSP_NAT_ALG' of an
	RTSP helper, the condition of the variables' declarations)."""
	bare = strip_comments("\n".join(new_lines)).split("\n")
	drop = set()
	for start, mids, end, _, _ in if_blocks(bare):
		if mids or not GUARD_RE.match(bare[start]):
			continue
		ok, some, open_stmt = True, False, False
		for line in bare[start + 1:end]:
			code = line.strip()
			if not code:
				continue
			if not open_stmt and NESTED_IF_RE.match(code):
				continue
			if code.startswith("#") or re.search(r'\bMODULE_PARM\s*\(', code):
				ok = False
				break
			if not open_stmt and not PARAM_LINE_RE.match(line):
				ok = False
				break
			some = some or bool(re.match(r'\s*module_param', line))
			open_stmt = not code.endswith(";")
		if ok and some and not open_stmt:
			drop |= {start, end}
	# a guard line between two blank lines takes one of them along
	for i in sorted(drop):
		if 0 < i < len(new_lines) - 1 and not new_lines[i - 1].strip() and \
				not new_lines[i + 1].strip() and i - 1 not in drop:
			drop.add(i + 1)
	return [l for i, l in enumerate(new_lines) if i not in drop]


MODULE_GUARD_RE = re.compile(r'\s*#\s*(?:ifndef\s+MODULE|if\s*!\s*defined\s*\(?\s*MODULE\s*\)?)\s*$')


def unguard_parsers(old_lines, new_lines):
	"""A 2.4 __setup parser under '#ifndef MODULE' to which modparm.cocci
	passed the module parameter (module_param_call after its __setup,
	inside that block: decided only when the block holds nothing else)
	must be compiled in the module too: the #ifndef and its #endif go
	(__setup is empty in a module)."""
	olds = set(old_lines)
	bare = strip_comments("\n".join(new_lines)).split("\n")
	drop = set()
	for start, mids, end, _, _ in if_blocks(bare):
		if mids or not MODULE_GUARD_RE.match(bare[start]):
			continue
		if any(re.match(r'\s*module_param_call\s*\(', new_lines[i]) and new_lines[i] not in olds
		       for i in range(start + 1, end)):
			drop |= {start, end}
	return [l for i, l in enumerate(new_lines) if i not in drop]


def removed_guards(old_lines, new_lines):
	"""The old line numbers (1-based) of the '#ifdef MODULE_PARM' lines
	that unguard() removed."""
	out = set()
	for op, i1, i2, _, _ in opcodes(old_lines, new_lines):
		if op in ("delete", "replace"):
			out |= {i + 1 for i in range(i1, i2) if GUARD_RE.match(old_lines[i])}
	return out


def apply_all(old_lines, new_lines):
	"""All repairs, in order, on spatch's result."""
	new_lines = split_glued(old_lines, new_lines)
	new_lines = strip_left_spaces(old_lines, new_lines)
	new_lines = fix_comments(old_lines, new_lines)
	new_lines = restore_blank_lines(old_lines, new_lines)
	new_lines = hoist_branch_lines(old_lines, new_lines)
	new_lines = move_orphan_comments(old_lines, new_lines)
	new_lines = drop_removed_comments(old_lines, new_lines)
	new_lines = drop_empty_conditionals(old_lines, new_lines)
	new_lines = unguard_parsers(old_lines, new_lines)
	return unguard(old_lines, new_lines)


def repair(old: str, new: bytes) -> Repair:
	"""(old lines, spatch's new lines repaired, whether the new text ends
	with a line break): apply_all on one file, without state, so
	that the files can be repaired in parallel."""
	old_lines = old.split("\n")
	new_lines = new.decode("utf-8", "surrogateescape").split("\n")
	eol_new = new_lines[-1] == ""
	if old_lines[-1] == "":
		old_lines.pop()
	if eol_new:
		new_lines.pop()
	return old_lines, apply_all(old_lines, new_lines), eol_new
