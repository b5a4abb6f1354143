# SPDX-License-Identifier: GPL-2.0-only
"""The #if blocks around a MODULE_PARM site and its declarations, as
far as they decide the site: a module_param already in another branch
(modern_twin) or beside it (modern_same), a guard no kernel with
module_param compiles (parm_guard), whether a declaration is compiled
with the site (visible_at, exclusive, compiled_with), and the branches a
line moved after its declaration would leave (lost_conditions)."""

import re
from typing import Optional

from .ctext import (DIRECTIVE, blanked, cond_stack, cond_text, if_body,
		    if_branches, Pos, toplevel)



def modern_twin(path: str, site: int, v: str) -> Optional[tuple[int, str]]:
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


def parm_guard(path: str, site: int) -> Optional[tuple[int, str]]:
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


def old_kernels_only(line: str, br: int) -> bool:
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


def modern_same(path: str, site: int, v: str) -> Optional[int]:
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
		if toplevel([Pos(path, no, 0)]) and not exclusive(path, no, site):
			return no
	return None


def visible_at(path: str, site: int, lines: list[int]) -> bool:
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
	groups: dict[int, set[int]] = {}
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


def branch_condition(path: str, if_line: int, br: int) -> Optional[str]:
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


def lost_conditions(path: str, site: int, dlines: list[int]) -> list[tuple[int, str]]:
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


def parm_guard_line(path: str, b: tuple[int, int]) -> bool:
	"""Is the #if branch b one parm_guard names (MODULE_PARM's own
	guard, kernels before 2.6.17 only)?"""
	l = re.sub(r'\s+', ' ', blanked(path)[b[0] - 1]).strip()
	return bool(re.match(r'# ?(?:ifn?def|if !? ?defined ?\(?) ?MODULE_PARM\b', l)) or \
		old_kernels_only(l, b[1])


def exclusive(path: str, dl: int, site: int) -> bool:
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


def compiled_with(path: str, line: int, site: int) -> bool:
	"""Is line compiled wherever site is?  Its #if blocks enclose the
	site too, or test the same conditions again around it."""
	ls, ss = cond_stack(path, line), cond_stack(path, site)
	return ss[:len(ls)] == ls or \
		cond_text(path, ss)[:len(ls)] == cond_text(path, ls)
