# SPDX-License-Identifier: GPL-2.0-only
"""What every MODULE_PARM site needs settled before its form is chosen,
one step a function (forms.decide_form runs them in order; a step that
decides the site, left or removed, ends the run): where the site is
(a block, a compat #if, a module_param already there), its type string,
the declaration of its variable (or the reasons there is none), where its
line goes, and the declared type.  What they find is one Site record,
which the form functions of forms.py read."""

import os
import re
from dataclasses import dataclass, field
from typing import Any, Optional

from .ctext import defines, function_defines, open_braces, cond_stack
from .types import TYPESTR_RE, decode, norm_base, split_type
from .reasons import Diag, Reason
from .cond_blocks import (exclusive, lost_conditions, modern_same,
			  modern_twin, parm_guard, visible_at)
from .declarations import (alias_of, decl_text, header_decl,
			   local_header_decls, macro_decls, may_be_elsewhere,
			   near_variable, only_locals, text_decls, word_count)
from .decision import Decision, Decl
from .state import STATE


@dataclass
class Site:
	"""One MODULE_PARM site while it is decided.  res is the decision
	itself (the dict the script rules read), diags its list of
	diagnostics; the other fields are what the steps found."""
	v: str
	p: Any
	path: str
	defs: dict[str, str]
	res: Decision
	diags: list[Diag]
	tgt: str
	shown: str
	typestr: str = ""
	letter: str = ""
	csize: Optional[str] = None
	counted: bool = False
	mn: Any = None		# the minimum count: an int once checked
	mx: Any = None		# the maximum: an int or a symbol's name
	decls: list[Decl] = field(default_factory=list)
	defs_only: list[Decl] = field(default_factory=list)
	hdr_decl: Optional[str] = None
	hdr_line: int = 0
	chosen: Optional[Decl] = None
	group: list[Decl] = field(default_factory=list)
	base: str = ""
	dims: list[str] = field(default_factory=list)
	declared: str = ""
	lettered: str = ""


def new_site(v: str, p: Any) -> Site:
	"""The site, left until a step decides otherwise."""
	path = p.file
	diags: list[Diag] = []
	tgt = alias_of(v, path)
	res = Decision(tgt=tgt, dv=tgt, perm=STATE.perm, diags=diags)
	shown = "%s" % v if tgt == v else "%s (alias of %s)" % (v, tgt)
	return Site(v=v, p=p, path=path, defs=defines(path), res=res,
		    diags=diags, tgt=tgt, shown=shown)


def where_it_is(st: Site) -> bool:
	"""A site in a block, in the old branch of a compat #if, or beside a
	module_param of its variable is decided here; one under a guard no
	kernel with module_param compiles is named."""
	v, p = st.v, st.p
	inner = open_braces([p])
	if inner:
		# MODULE_PARM made one file-scope string; module_param* defines
		# a static function and objects in sections, which no block holds
		st.diags.append(Reason.IN_FUNCTION.diag(v=v, line=inner[0]))
		return False
	twin = modern_twin(st.path, int(p.line), v)
	if twin:
		st.diags.append(Reason.COMPAT.diag(v=v, line=twin[0], cond=twin[1]))
		return False
	same = modern_same(st.path, int(p.line), v)
	if same:
		st.diags.append(Reason.DUPLICATE.diag(v=v, line=same))
		st.res.form = "drop"
		return False
	guard = parm_guard(st.path, int(p.line))
	if guard:
		what = guard[1] if guard[1].startswith("the ") else "'%s'" % guard[1]
		st.diags.append(Reason.PARM_GUARD.diag(v=v, what=what, line=guard[0]))
	return True


def read_typestring(st: Site, t: str) -> bool:
	"""The type string, its macros expanded: counts, letter, size."""
	s = decode(t, st.defs, fdefs=function_defines(st.path))
	if s is None:
		st.diags.append(Reason.TYPESTR_UNEXPANDED.diag(t=t, v=st.v))
		return False
	m = TYPESTR_RE.match(s.strip())
	if not m:
		st.diags.append(Reason.TYPESTR_INVALID.diag(s=s, v=st.v))
		return False
	mn, mx, st.letter, st.csize = m.group(1), m.group(2), m.group(3), m.group(4)
	st.res.letter, st.res.typestr = st.letter, s
	st.typestr = s
	st.counted = mn is not None
	if st.counted:
		mx = mx if mx is not None else mn
		if mn.startswith("{"):
			st.diags.append(Reason.TYPESTR_MIN_SYMBOL.diag(s=s, v=st.v))
			return False
		mn = int(mn)
		mx = int(mx) if not mx.startswith("{") else mx[1:-1]
	st.mn, st.mx = mn, mx
	return True


def header_decls(st: Site, extern: bool) -> bool:
	"""The first declaration of the variable in the driver's own
	headers, extern or not, taken as the only one."""
	found = [hd for hd in local_header_decls(st.tgt, st.path)
		 if bool(hd[1][3]) == extern]
	if not found:
		return False
	st.hdr_decl = found[0][0]
	ts0, st.hdr_line, _, hext = found[0][1]
	st.decls = [(ts0, 0, 0, hext)]
	return True


def find_declarations(st: Site) -> bool:
	"""The declarations of the variable: those spatch recorded, else
	those of the driver's own headers or of the text; without any, the
	site is decided by no_declaration."""
	path, v = st.path, st.v
	decls = STATE.decls.get((path, st.tgt), [])
	if not decls and st.tgt != v and STATE.decls.get((path, v)):
		# '#define azt_port aztcd' then 'static int azt_port': the
		# declaration is that of the alias target, under the name the
		# MODULE_PARM uses; keep that name
		decls = STATE.decls[(path, v)]
		st.tgt = v
		st.res.tgt = st.res.dv = v
		st.shown = v
	st.decls = decls
	# what spatch did not see: the own header of the driver first,
	# then the text of the file
	if not [d for d in decls if not d[3]] and not header_decls(st, False):
		st.decls = decls or text_decls(st.tgt, path) or macro_decls(st.tgt, path)
	# 'extern unsigned int ft_fdc_base;' in the driver's own header,
	# defined in another file of the module (ftape): module_param
	# takes its address and type from that declaration, as upstream
	# converted ftape
	if not st.decls:
		header_decls(st, True)
	st.defs_only = [d for d in st.decls if not d[3]]
	if not st.decls:
		no_declaration(st)
		return False
	if not st.defs_only and st.hdr_decl:
		st.diags.append(Reason.EXTERN_IN_HEADER.diag(
			tgt=st.tgt, header=os.path.basename(st.hdr_decl)))
	elif not st.defs_only:
		st.diags.append(Reason.EXTERN_HERE.diag(tgt=st.tgt))
	return True


def no_declaration(st: Site) -> None:
	"""No declaration at all: removed when the name is no variable of
	the module (the old macro never referenced it), else left, saying
	what the name is."""
	tgt, path = st.tgt, st.path
	hdr = header_decl(tgt, path)
	near = near_variable(tgt, path)
	if near and word_count(tgt, path) and (not hdr or not hdr[1]):
		st.diags.append(Reason.NEAR_VARIABLE.diag(tgt=tgt, near=near))
		return
	if word_count(tgt, path) and (not hdr or not hdr[1]) and \
			only_locals(tgt, path) and not may_be_elsewhere(tgt, path):
		# the name is only a local, a parameter or a struct member:
		# the old macro never referenced a variable of it, and
		# module_param would need one; maintainers removed the line
		st.diags.append(Reason.ONLY_LOCALS.diag(tgt=tgt))
		st.res.form = "drop"
		st.res.novar = True
		return
	if hdr and hdr[1]:
		st.diags.append(Reason.EXTERN_ONLY_IN_HEADER.diag(tgt=tgt, header=hdr[0]))
	elif hdr:
		st.diags.append(Reason.HEADER_NOT_VARIABLE.diag(tgt=tgt, header=hdr[0]))
	elif word_count(tgt, path) == 0 and not may_be_elsewhere(tgt, path):
		# the old macro only named the variable for insmod and
		# never referenced it, so this compiled; module_param
		# takes its address: maintainers removed the line
		st.diags.append(Reason.UNUSED_NAME.diag(tgt=tgt))
		st.res.form = "drop"
		st.res.novar = True
	else:
		st.diags.append(Reason.NO_DECLARATION.diag(tgt=tgt))


def branches_of(path: str, ds: list[Decl], first: Decl) -> list[Decl]:
	"""first and the declarations of the same variable in the other
	branches of its #if: each branch gets its line, or a
	configuration loses the parameter"""
	fs = cond_stack(path, first[1])
	return [d for d in ds if d is first or
		(fs and cond_stack(path, d[1])[:-1] == fs[:-1] and
		 cond_stack(path, d[1])[-1][0] == fs[-1][0])]


def place_line(st: Site) -> bool:
	"""The module_param line takes the place of the MODULE_PARM whenever
	the variable exists there (declared above it, in every branch of an
	#if that does not enclose the site); otherwise it goes once,
	directly after the first declaration below the site, or after the
	last one above it when that is in a branch the site is not in."""
	path, res = st.path, st.res
	pool = st.defs_only or st.decls
	site = int(st.p.line)
	# by line and column: 'static int x = 1; MODULE_PARM(x, "i");' puts
	# the declaration on the line of the site, before it
	at = (site, int(st.p.column))
	above = [d for d in pool if (d[1], d[2]) < at]
	below = [d for d in pool if (d[1], d[2]) > at]
	# a declaration in a branch the site is never compiled with does not
	# make the variable exist there, nor does its type count
	near = [d for d in above if not exclusive(path, d[1], site)]
	if near and visible_at(path, site, [d[1] for d in near]):
		st.chosen, res.after = near[0], False
		st.group = near
	elif below:
		# nor does it get a line: a branch the site is never compiled
		# with (the #else of '#ifdef MODULE' below a site under
		# '#ifdef MODULE') did not have the parameter
		ok = [d for d in below if not exclusive(path, d[1], site)] or below
		st.chosen, res.after = ok[0], True
		st.group = [d for d in branches_of(path, below, ok[0]) if d in ok]
	else:
		ok = [d for d in above if not exclusive(path, d[1], site)] or above
		st.chosen, res.after = ok[-1], True
		st.group = [d for d in branches_of(path, above, ok[-1]) if d in ok]
	if res.after:
		res.dposes = [(d[1], d[2]) for d in st.group]
		lost = lost_conditions(path, site, [d[1] for d in st.group])
		if lost:
			no, what = lost[0]
			st.diags.append(Reason.LOST_IF.diag(
				tgt=st.tgt, dline=st.group[0][1], what=what, line=no))
			return False
	return True


# the init and exit sections of every era: __devinitdata, __cpuinitdata,
# __meminitdata (2.6), __initdata_or_module, __exitdata...
SECTION_RE = re.compile(r'\b__(?:(?:dev|cpu|mem)?(init|exit)(?:data|const)|'
			r'(init)data_or_module)\b')


def section_notes(st: Site, dline: int) -> None:
	"""The section of the declaration, and what a sysfs file of a
	variable there would read."""
	dtext = decl_text(st.hdr_decl or st.path, st.hdr_line if st.hdr_decl else dline)
	sect = SECTION_RE.search(dtext)
	if sect:
		# --check-build declares the variable in the same section, so
		# that modpost judges the references to it
		st.res.sect = sect.group(0)
	perm = STATE.perm
	if perm.strip("0") and sect and (sect.group(1) or sect.group(2)) == "init":
		st.diags.append(Reason.INIT_SECTION.diag(
			tgt=st.tgt, sect=sect.group(0), perm=perm))
	elif perm.strip("0") and sect:
		st.diags.append(Reason.EXIT_SECTION.diag(
			tgt=st.tgt, sect=sect.group(0), perm=perm))


def read_declaration(st: Site) -> bool:
	"""The chosen declaration: its line, section, base type and
	dimensions; an extern array of no size is left."""
	res = st.res
	assert st.chosen is not None
	ts, dline, dcol, _ = st.chosen
	res.dline, res.dcol = dline, dcol
	res.group = st.group
	section_notes(st, dline)
	base, dims = split_type(ts)
	if not st.defs_only and dims and not dims[0].strip():
		# 'extern char *dasd[];': module_param_array takes the size
		# with ARRAY_SIZE, which an incomplete array does not have
		st.diags.append(Reason.EXTERN_NO_SIZE.diag(
			tgt=st.tgt, decl=("extern %s %s[]" % (norm_base(base), st.tgt))
			.replace("* ", "*"),
			where=" in %s" % os.path.basename(st.hdr_decl) if st.hdr_decl else ""))
		res.diags = [dg for dg in st.diags if dg[0] != "extern"]
		return False
	res.base, res.dims = base, dims
	st.base, st.dims = base, dims
	declared = "%s %s%s" % (norm_base(base), st.tgt,
				"".join("[%s]" % d for d in dims))
	st.declared = res.declared = declared.replace("* ", "*")
	st.lettered = '"%s"' % st.typestr
	return True
