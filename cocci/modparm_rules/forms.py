# SPDX-License-Identifier: GPL-2.0-only
"""The form of one MODULE_PARM site (decide_form): the steps of site.py
settle where it is, its type string and its declaration; then the class
of the type string and the declaration (a string, an array of strings, a
multi-dimensional array, a scalar, an array...) picks one function from
FORMS, which decides module_param, _array, _string, _named,
_array_named, module_param_call, a module_param_cb setter, or left with
a reason."""

import re
from types import MappingProxyType
from typing import Any, Callable, Mapping, Optional, Union

from .ctext import eval_int
from .types import (LETTERS, is_char_base, letter_mismatch, norm_base,
		    ptype, typedef_chain_notes, typedef_conflict)
from .reasons import SIGNED_BYTE, Reason
from .typetable import PType
from .decision import Decision
from .setup_parser import count_on_scalar, setup_call
from .site import (Site, find_declarations, new_site, place_line,
		   read_declaration, read_typestring, where_it_is)
from .state import STATE
from .string_arrays import string_array_refused, string_array_to_charp



# the form of a #define alias ('#define vortex_debug debug'): the
# parameter keeps the MODULE_PARM's name, the variable is the alias's
NAMED: Mapping[str, str] = MappingProxyType({"param": "named", "array": "array_named"})


def named(st: Site, form: str) -> str:
	"""The form, or its _named variant for a #define alias."""
	return NAMED[form] if st.tgt != st.v else form


def same_size(st: Site, n: Union[int, str], dim: str) -> tuple[Optional[bool], Any]:
	"""Whether a count or size of the type string (an int, or a symbol)
	is the declared size dim, and that size: (None, dim) when unknown."""
	val = eval_int(dim, st.defs) if dim else None
	if isinstance(n, str):
		nv = eval_int(n, st.defs)
		if nv is None:
			if re.sub(r'\s+', '', dim) == n:
				return True, dim
			# a count no #define here gives (the driver's header
			# is not in SRC): the size measured against it, as
			# 'N + 1' is one more than N whatever N is
			k = [eval_int(dim, dict(st.defs, **{n: str(x)})) for x in (1000, 2000)]
			if None not in k and k[0] - 1000 == k[1] - 2000:
				return k[0] == 1000, re.sub(r'\s+', ' ', dim.strip())
			return None, dim
		n = nv
	if val is not None:
		return val == n, val
	return None, dim


def check_letter(st: Site, pt: PType) -> None:
	"""The letter against the module_param type of the declaration."""
	what = letter_mismatch(st.letter, pt)
	if what:
		st.diags.append(Reason.TYPE_MISMATCH.diag(
			lettered=st.lettered, letter_type=LETTERS[st.letter][2],
			what=what, decl=st.declared, ty=pt[0],
			loss=SIGNED_BYTE if pt == ("byte", 1, True) else ""))


# -- "cN": strings ----------------------------------------------------------

def string_size(st: Site) -> Union[int, str]:
	"""N of "cN": a number or a symbol's name."""
	assert st.csize is not None
	return int(st.csize) if not st.csize.startswith("{") else st.csize[1:-1]


def decide_string_array(st: Site) -> Decision:
	"""A count of strings ("1-4c16"): 'char name[4][16]' whose uses only
	read the strings becomes 'char *name[4]' with module_param_array of
	charp, as upstream converted them; else left."""
	res, tgt, dims = st.res, st.tgt, st.dims
	why = string_array_refused(tgt, st.base, dims, st.path, res, st.hdr_decl)
	if why is None:
		st.diags.append(string_array_to_charp(st.lettered, st.declared, tgt,
						      dims, st.path))
		res.form, res.ty, res.strarray = named(st, "array"), "charp", True
		res.base, res.dims = "char *", dims[:1]
		return res
	st.diags.append(Reason.STRING_ARRAY_LEFT.diag(
		lettered=st.lettered, shown=st.shown, mn=st.mn, mx=st.mx,
		n=string_size(st), tgt=tgt, dim=dims[0] if dims else "N", why=why))
	return res


def decide_charp(st: Site) -> Decision:
	""""cN" on a pointer: the old kernel copied the string over it."""
	st.diags.append(Reason.C_ON_POINTER.diag(lettered=st.lettered,
						 decl=st.declared))
	st.res.form, st.res.ty = named(st, "param"), "charp"
	return st.res


def decide_string(st: Site) -> Decision:
	""""cN" on a char array: module_param_string with its sizeof."""
	if len(st.dims) != 1 or not is_char_base(st.base):
		st.diags.append(Reason.STRING_TYPE.diag(lettered=st.lettered,
							decl=st.declared))
		return st.res
	n = string_size(st)
	eq, val = same_size(st, n, st.dims[0])
	if eq is False:
		st.diags.append(Reason.STRING_SIZE.diag(
			lettered=st.lettered, n=n, tgt=st.tgt, size=val))
	st.res.form = "string"
	return st.res


def decide_s_on_char_array(st: Site) -> Decision:
	""""s" (char *) on a char array: module_param_string."""
	st.diags.append(Reason.S_ON_CHAR_ARRAY.diag(decl=st.declared))
	st.res.form = "string"
	return st.res


def decide_s_not_pointer(st: Site) -> Decision:
	st.diags.append(Reason.S_ON_NON_POINTER.diag(decl=st.declared))
	return st.res


# -- numbers ----------------------------------------------------------------

def decide_multi_dim(st: Site) -> Decision:
	"""A multi-dimensional array: module_param_cb with param_array_ops
	over all its elements (the old kernel filled them in memory order),
	or left when it is qualified or of no module_param type."""
	base, res = st.base, st.res
	qualified = re.search(r'\b(const|volatile)\b', base)
	if st.letter in "bhil":
		pt = ptype(base, st.path)
		if pt is not None and not qualified:
			st.diags.append(Reason.MULTI_DIM_FLAT.diag(
				decl=st.declared, ty=pt[0], allowed="" if st.mx is None else
				"; the type string allowed %s" % st.mx))
			res.form, res.ty, res.after = "flat", pt[0], True
			res.ndims = len(st.dims)
			return res
	if qualified:
		st.diags.append(Reason.MULTI_DIM_QUALIFIED.diag(q=qualified.group(1),
								decl=st.declared))
		return res
	st.diags.append(Reason.MULTI_DIM.diag(decl=st.declared, lettered=st.lettered))
	return res


def param_type(st: Site) -> Optional[PType]:
	"""The module_param type of the declaration, with the notes on its
	typedefs and qualifiers; None (and why) when there is none."""
	base, path, declared = st.base, st.path, st.declared
	pt = ptype(base, path)
	if pt is None and typedef_conflict(base, path):
		st.diags.append(typedef_conflict(base, path))
		return None
	if pt is None:
		nb = norm_base(base)
		why = ""
		if re.match(r'^(signed )?long long( int)?$', nb):
			why = " (module_param has ullong but no signed long long type)"
		elif nb.startswith("enum "):
			why = " (module_param has no enum type: declare it int)"
		elif nb.endswith("*"):
			why = " (a pointer; only char * is a module_param type, charp)"
		st.diags.append(Reason.UNKNOWN_TYPE.diag(decl=declared, why=why))
		return None
	st.res.ty = pt[0]
	typedef_chain_notes(base, path, st.diags)
	if re.search(r'\bvolatile\b', base):
		st.diags.append(Reason.VOLATILE.diag(decl="volatile " + declared))
	if norm_base(base) != "char *" and re.search(r'\bconst\b', base):
		st.diags.append(Reason.CONST.diag(decl=declared))
	if norm_base(base) == "char *" and re.search(r'\bconst\b', base):
		st.diags.append(Reason.CONST_CHARP.diag(decl=declared))
	return pt


def decide_scalar(st: Site) -> Decision:
	"""A scalar: module_param (or _named); a count on it becomes
	module_param_call to the __setup parser of its boot option when
	there is one (decide_call), else one value and a warning."""
	pt = param_type(st)
	if pt is None:
		return st.res
	if st.counted and (not isinstance(st.mx, int) or st.mx > 1):
		call = setup_call(st.v, st.path, int(st.p.line))
		if isinstance(call, dict):
			return decide_call(st, call, pt)
		st.diags.append(count_on_scalar(st.lettered, st.declared, st.mn,
						st.mx, st.v, st.path, call))
	check_letter(st, pt)
	st.res.form = named(st, "param")
	return st.res


def decide_call(st: Site, call: dict[str, Any], pt: PType) -> Decision:
	"""module_param_call(v, setter, NULL, NULL, perm) after the __setup
	whose parser takes the whole list, as upstream did for mcd."""
	v = st.v
	st.diags.append(Reason.RANGE_ON_SCALAR_CALL.diag(
		lettered=st.lettered, decl=st.declared, mn=st.mn, mx=st.mx,
		parser=call["parser"], v=v, setfn=call["setfn"],
		perm=STATE.perm, sline=call["sline"],
		unguard="; its '#ifndef MODULE' (line %d) "
		"and #endif go (modparm-convert "
		"removes them): __setup is empty in "
		"a module, and the module needs the "
		"parser" % call["unguard"]
		if call["unguard"] else ""))
	res = st.res
	res.form, res.after, res.ty = "call", True, pt[0]
	res.parser, res.setfn, res.arg = call["parser"], call["setfn"], call["arg"]
	res.sline, res.scol, res.unguard = call["sline"], call["scol"], call["unguard"]
	res.dline, res.dcol = call["sline"], call["scol"]
	res.dposes = [(call["sline"], call["scol"])]
	return res


def decide_array(st: Site) -> Decision:
	"""An array: module_param_array (or _named), up to its size; a
	minimum count kept by a module_param_cb setter with -D
	keep_minimum."""
	pt = param_type(st)
	if pt is None:
		return st.res
	res, lettered = st.res, st.lettered
	if not st.counted:
		# Upstream conversions used module_param_array here: it sets
		# the first element from one value, as before, and takes more.
		st.diags.append(Reason.SCALAR_ON_ARRAY.diag(
			lettered=lettered, decl=st.declared, tgt=st.tgt))
		check_letter(st, pt)
		res.form = named(st, "array")
		return res
	check_letter(st, pt)
	eq, val = same_size(st, st.mx, st.dims[0])
	if eq is False:
		st.diags.append(Reason.RANGE_SIZE.diag(
			lettered=lettered, mx=st.mx, decl=st.declared, size=val))
	if st.mn > 1 and STATE.keep_min:
		res.form, res.min = "cb", st.mn
		st.diags.append(Reason.CALLBACK.diag(lettered=lettered, mn=st.mn))
		return res
	if st.mn > 1:
		st.diags.append(Reason.MINIMUM.diag(lettered=lettered, mn=st.mn))
	res.form = named(st, "array")
	return res


FORMS: Mapping[str, Callable[[Site], Decision]] = MappingProxyType({
	"string_array": decide_string_array,
	"charp": decide_charp,
	"string": decide_string,
	"s_on_char_array": decide_s_on_char_array,
	"s_not_pointer": decide_s_not_pointer,
	"multi_dim": decide_multi_dim,
	"scalar": decide_scalar,
	"array": decide_array,
})


def form_class(st: Site) -> str:
	"""The class of the site, a key of FORMS: the letter and size of
	the type string against the shape of the declaration."""
	pointer = norm_base(st.base).endswith("*")
	if st.csize is not None:
		if st.counted:
			return "string_array"
		return "charp" if not st.dims and pointer else "string"
	if st.letter == "s" and len(st.dims) == 1 and is_char_base(st.base):
		return "s_on_char_array"
	if st.letter == "s" and not st.dims and not pointer:
		return "s_not_pointer"
	if len(st.dims) > 1:
		return "multi_dim"
	return "array" if st.dims else "scalar"


def decide_form(v: str, t: str, p: Any) -> Decision:
	"""The form of the MODULE_PARM(v, t) at p, as a decision (the dict
	the script rules read: form, diags, the pieces of the new line)."""
	st = new_site(v, p)
	if not (where_it_is(st) and read_typestring(st, t) and
		find_declarations(st) and place_line(st) and read_declaration(st)):
		return st.res
	return FORMS[form_class(st)](st)
