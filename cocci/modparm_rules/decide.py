# SPDX-License-Identifier: GPL-2.0-only
"""What modparm.cocci's script rules call: the decision of each
MODULE_PARM site, taken once (decide: forms.decide_form, then the other
#if branches of its declaration), with its diagnostics, -D stats line and
record; the declarations spatch recorded (record_decl); and the script
constraints and fresh identifiers of the rewrite rules (is_form, chosen,
is_after, placed_args...): which rule rewrites a site, and where its
line goes (after the declaration, at_decl)."""

import re
import sys
from types import MappingProxyType
from typing import Any, Mapping, Optional

from .ctext import defines, eval_int, read_text
from .types import norm_base, typedef_of
from .records import emit, out_diag
from .reasons import Reason
from .forms import decide_form
from .branch_decls import decide_branches
from .decision import Decision
from .state import STATE


def set_perm(p: str) -> None:
	STATE.perm = p


def record_decl(name: str, ts: str, q: Any) -> None:
	line = read_text(q.file).split("\n")[int(q.line) - 1]
	ext = bool(re.search(r'\bextern\b', line[:int(q.column)]))
	key = (q.file, name)
	ent = (ts, int(q.line), int(q.column), ext)
	STATE.decls.setdefault(key, [])
	if ent not in STATE.decls[key]:
		STATE.decls[key].append(ent)


FORM_MACRO: Mapping[str, str] = MappingProxyType({"param": "module_param", "array": "module_param_array",
	      "string": "module_param_string", "named": "module_param_named",
	      "array_named": "module_param_array_named", "cb": "module_param_cb",
	      "call": "module_param_call", "flat": "module_param_cb"})


def _at(q: Any, lines: list[int]) -> bool:
	p = q[0]
	# dl is the line of a declaration outside functions (d, d_rev)
	return any(int(p.line) <= dl <= int(p.line_end) for dl in lines)


def _at_name(q: Any, poses: list[tuple[int, int]]) -> bool:
	"""Does the declaration at q hold a declared name at one of these
	positions?  By column too: a MODULE_PARM is a declaration for
	spatch, and 'MODULE_PARM(x, "i"); static int x;' puts both on one
	line."""
	p = q[0]
	lo = (int(p.line), int(p.column))
	hi = (int(p.line_end), int(p.column_end))
	return any(lo <= pos < hi for pos in poses)


def at_decl(q: Any, v: str) -> bool:
	"""Is the declaration at q the one the module_param of the
	MODULE_PARM naming v follows?"""
	return _at_name(q, STATE.chosen_v.get((q[0].file, v), []))


def at_decl_dv(q: Any, dv: str) -> bool:
	"""The same, by the declared name."""
	dl = STATE.chosen.get((q[0].file, dv))
	return _at(q, [] if dl is None else [dl[0]])


def decide(v: str, t: str, p: Any) -> Decision:
	"""Choose the modern form for one MODULE_PARM site.  Diagnostics are
	printed once per site."""
	key = (p.file, p.line, p.column)
	if key in STATE.done:
		return STATE.done[key]
	res = decide1(v, t, p)
	STATE.done[key] = res
	if res.form == "cb" or (res.form != "left" and res.after):
		other = [(n, fm) for (f, n), (dl, fm) in STATE.chosen.items()
			 if f == p.file and dl == res.dline and n != res.dv
			 and (fm in ("cb", "flat") or res.form in ("cb", "flat"))]
		if other:
			# one rule adds the lines of one form after a
			# declaration (its ++ adds them all); a line of
			# another rule after the same token does not go in
			res.diags.append(Reason.ORDER.diag(
				dv=res.dv, macro=FORM_MACRO[res.form],
				other=other[0][0], other_macro=FORM_MACRO[other[0][1]]))
			res.form = "left"
		else:
			STATE.chosen[(p.file, res.dv)] = (res.dline, res.form)
			STATE.chosen_v[(p.file, v)] = res.dposes or \
				[(res.dline, res.dcol)]
	for kind, msg in res.diags:
		out_diag(p, kind, msg)
	rec = {"file": p.file, "line": int(p.line), "col": int(p.column) + 1,
	       "var": v, "site": "left"
	       if res.form == "left" else "converted", "form": res.form}
	if res.form not in ("left", "drop"):
		rec.update(check_type(res.base, res.dims, res.dv, p.file))
		if res.sect:
			rec["sect"] = res.sect
	emit(rec)
	if STATE.stats_on:
		# with the column: a line may hold several sites
		sys.stderr.write("modparm-site: %s:%s:%d: %s %s\n" % (
			p.file, p.line, int(p.column) + 1, "left" if res.form == "left"
			else "converted", res.form))
	return res


def check_type(base: str, dims: list[str], dv: str, path: str) -> dict[str, Any]:
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


def decide1(v: str, t: str, p: Any) -> Decision:
	"""decide_form, then the other #if branches that declare the variable
	(branch_decls.decide_branches)."""
	res = decide_form(v, t, p)
	group = res.group or []
	res.group = None
	if res.form != "left" and len(group) >= 2:
		decide_branches(res, group, p.file)
	return res


def is_form(v: str, t: str, p: Any, form: str, after: bool) -> bool:
	"""Script constraint of the rewrite rules: is the MODULE_PARM at p
	decided for this form, in place or after its declaration?"""
	r = decide(v, t, p[0])
	if r.form != form or (r.after or form == "cb") != after:
		return False
	if r.strarray and (p[0].file, r.dv) not in STATE.strarr_done:
		# its declaration was not rewritten: a charp array would not build
		return False
	if after:
		STATE.placed[(p[0].file, v)] = r
	return True


def no_variable(v: str, t: str, p: Any) -> bool:
	"""Whether the MODULE_PARM at p is removed because it names no
	variable (not because the variable has its module_param already)."""
	r = decide(v, t, p[0])
	return r.form == "drop" and bool(r.novar)


def piece(r: Decision, what: str) -> str:
	"""The text a fresh identifier of the added code stands for."""
	if what == "ty":
		return r.ty or "int"
	return getattr(r, what)


def chosen(v: str, t: str, p: Any, what: str) -> str:
	return piece(decide(v, t, p[0]), what)


def placed(v: str, q: Any, what: str) -> str:
	"""The same for a line added after a declaration (at q), from the
	decision of the site naming v in that file; the type is that of
	this declaration when the #if branches declare different types."""
	r = STATE.placed[(q[0].file, v)]
	if what == "ty" and r.dtypes:
		for (dl, dc), ty in r.dtypes.items():
			if _at_name(q, [(dl, dc)]):
				return ty
	return piece(r, what)


def added(v: str, q: Any) -> None:
	"""The line of v went in after its declaration: its MODULE_PARM can go."""
	STATE.added.add((q[0].file, STATE.placed[(q[0].file, v)].dv))


# the arguments after the name of the line of each form that one rule
# of modparm.cocci adds after a declaration (cb and flat add more lines)
AFTER_ARGS: Mapping[str, tuple[str, ...]] = MappingProxyType({"param": ("ty", "perm"), "array": ("ty", "NULL", "perm"),
	      "string": ("dv", "sizeof", "perm"), "named": ("tgt", "ty", "perm"),
	      "array_named": ("dv", "ty", "NULL", "perm")})


def is_after(v: str, t: str, p: Any) -> bool:
	"""Script constraint of that rule: is the MODULE_PARM at p decided
	for one of those forms, its line after the declaration?"""
	r = decide(v, t, p[0])
	return r.form in AFTER_ARGS and is_form(v, t, p, r.form, True)


def after_macro(v: str, p: Any) -> str:
	"""The macro of the line added for the MODULE_PARM naming v."""
	return FORM_MACRO[STATE.placed[(p[0].file, v)].form]


def placed_args(v: str, q: Any) -> str:
	"""Its arguments after the name, for the declaration at q."""
	out = []
	for a in AFTER_ARGS[STATE.placed[(q[0].file, v)].form]:
		if a == "NULL":
			out.append(a)
		elif a == "sizeof":
			out.append("sizeof(%s)" % placed(v, q, "dv"))
		else:
			out.append(placed(v, q, a))
	return ", ".join(out)


def string_array_decl_at(q: Any, name: str) -> bool:
	"""Is q the declaration of the array of strings name that the
	decision converts?"""
	for (f, ln, col), r in STATE.done.items():
		if f == q[0].file and r.strarray and r.dv == name and \
				int(q[0].line) == r.dline:
			return True
	return False


def string_array_decided(v: str, t: str, p: Any) -> Optional[str]:
	"""The declared name of a site decided as an array of strings to
	turn into char pointers, or None."""
	r = decide(v, t, p)
	return r.dv if r.strarray else None


