# SPDX-License-Identifier: GPL-2.0-only
"""A variable declared in several #if branches: the note when each
declaration gets its own line, and the array under '#ifdef MODULE' with
a scalar in its #else (slram's map)."""

import re
from typing import Optional

from .ctext import blanked, cond_stack, if_body, if_branches
from .types import LETTERS, letter_mismatch, norm_base, ptype, split_type
from .reasons import Reason
from .decision import Decision, Decl



def branch_lines_note(res: Decision, group: list[Decl], path: str) -> None:
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
	res.diags.append(Reason.BRANCH_LINES.diag(
		dv=res.dv, lines=" and ".join(
			str(d[1]) for d in sorted(group, key=lambda d: d[1])),
		line=fs[-1][0], why=why))


def module_branch_array(res: Decision, group: list[Decl], path: str) -> bool:
	"""A count ("3-8s") on a variable declared as an array under '#ifdef
	MODULE' and as a scalar in its #else (slram's map: the module took a
	list, the built-in driver one string for its __setup): upstream put
	module_param_array after the array's declaration only.  Updates res
	and says so; False when the branches are not that shape."""
	if not re.match(r'^\d', res.typestr or ""):
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
	named = res.form in ("named", "array_named")
	declared = ("%s %s[%s]" % (norm_base(base), res.dv, dims[0])).replace("* ", "*")
	res.diags[:] = [dg for dg in res.diags if dg[0] not in
			   ("range-on-scalar", "type-mismatch", "range-size", "minimum")]
	count = re.match(r'^(\d+)', res.typestr or "")
	assert count is not None	# the test of typestr above
	mn = int(count.group(1))
	if mn > 1:
		res.diags.append(Reason.MINIMUM_MODULE_ARRAY.diag(
			typestr=res.typestr, mn=mn))
	res.diags.append(Reason.MODULE_ARRAY.diag(
		dv=res.dv, declared=declared,
		cond=blanked(path)[if_line - 1].strip(),
		aline=a[1], sline=scalars[0][1]))
	res.form = "array_named" if named else "array"
	res.ty, res.base, res.dims, res.declared = pt[0], base, dims, declared
	res.after, res.dline, res.dcol = True, a[1], a[2]
	res.dposes = [(a[1], a[2])]
	return True


def decide_branches(res: Decision, group: list[Decl], path: str) -> None:
	"""The other #if branches that declare the variable with another
	type: each gets its own line after its declaration, with its own
	type (one module_param line has one type, and the wrong one does
	not build); a scalar in one branch and an array in another have no
	common form and are left."""
	if res.form not in ("param", "array", "named", "array_named"):
		if res.after:
			branch_lines_note(res, group, path)
		return
	types = branch_param_types(res, group, path)
	if types is None:
		return
	if len(set(types.values())) > 1:
		branch_lines_typed(res, group, path, types)
	elif res.after:
		branch_lines_note(res, group, path)


def branch_param_types(res: Decision, group: list[Decl],
		       path: str) -> Optional[dict[tuple[int, int], str]]:
	"""The module_param type of each declaration, by (line, column); None
	when the branches decided the site (left, or module_branch_array)."""
	types = {}
	for d in group:
		b, dims = split_type(d[0])
		pt = ptype(b, path)
		decl = "%s %s%s" % (norm_base(b), res.dv,
				    "".join("[%s]" % x for x in dims))
		decl = decl.replace("* ", "*")
		if pt is not None and bool(dims) != bool(res.dims) and \
				module_branch_array(res, group, path):
			return None
		if pt is None or bool(dims) != bool(res.dims) or len(dims) > 1:
			res.diags.append(Reason.BRANCH_TYPES.diag(
				dv=res.dv, declared=res.declared,
				dline=res.dline, other=decl, oline=d[1]))
			res.form = "left"
			return None
		types[(d[1], d[2])] = pt[0]
		if pt[0] != res.ty:
			assert res.letter is not None	# decided from a type string
			what = letter_mismatch(res.letter, pt)
			if what:
				res.diags.append(Reason.BRANCH_TYPE_MISMATCH.diag(
					typestr=res.typestr,
					letter_type=LETTERS[res.letter][2], what=what,
					decl=decl, line=d[1], ty=pt[0]))
	return types


def branch_lines_typed(res: Decision, group: list[Decl], path: str,
		       types: dict[tuple[int, int], str]) -> None:
	"""Several types: a line after each declaration, with its type."""
	res.after = True
	res.dtypes = types
	res.dposes = [(d[1], d[2]) for d in group]
	shown = sorted(set((d[1], "%s %s%s" % (norm_base(split_type(d[0])[0]), res.dv,
					       "".join("[%s]" % x for x in split_type(d[0])[1])))
			   for d in group))
	ifs = set(cond_stack(path, d[1])[-1][0] for d in group
		  if cond_stack(path, d[1]))
	where = "in the branches of the #if at line %d" % min(ifs) \
		if len(ifs) == 1 else "in #if branches"
	res.diags.append(Reason.BRANCH_LINES_TYPES.diag(
		dv=res.dv, decls=" and ".join("'%s' (line %d)" % (
			decl.replace("* ", "*"), dl) for dl, decl in shown),
		where=where))
