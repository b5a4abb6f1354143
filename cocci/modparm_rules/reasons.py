# SPDX-License-Identifier: GPL-2.0-only
"""Every diagnostic a decision gives, in one place: why a site is left,
removed or converted with a loss, each reason with its kind (the
[modparm-KIND] tag that scripts and the converter's report count) and its
text.  The decisions name a reason and give the values its text needs
(Reason.COMPAT.diag(v=..., line=..., cond=...)); the wording is read and
changed here, never where the decision is taken.

Several reasons share a kind: the kind says what class of problem it is
(what a reader filters on), the reason which case of it."""

import enum


# one diagnostic: (kind, message), as out_diag prints it
Diag = tuple[str, str]


class Reason(enum.Enum):
	"""A reason, as (kind, text); the text is a %-format over named
	values, given by diag()."""

	kind: str
	text: str

	def __init__(self, kind: str, text: str) -> None:
		self.kind = kind
		self.text = text

	def diag(self, **values: object) -> Diag:
		"""The diagnostic of this reason with these values."""
		return self.kind, self.text % values

	# -- where the site is: removal, compat, guards ------------------------
	IN_FUNCTION = ("in-function", (
		"MODULE_PARM of '%(v)s' inside the block "
		"opened at line %(line)d (a function body, a struct or an "
		"initializer): module_param* defines file-scope "
		"objects and cannot go there; move it to file scope, "
		"after the variable: left unchanged"))
	COMPAT = ("compat", (
		"'%(v)s' already has its module_param at line "
		"%(line)d, in another branch of '%(cond)s' (a compat block for "
		"old kernels): left unchanged"))
	DUPLICATE = ("duplicate", (
		"'%(v)s' already has its module_param at "
		"line %(line)d: a second one would define the parameter "
		"twice; MODULE_PARM removed"))
	PARM_GUARD = ("parm-guard", (
		"'%(v)s' is under %(what)s (line %(line)d), which "
		"no kernel since 2.6.17 (no MODULE_PARM) compiles: "
		"remove that #if so that the parameter "
		"exists"))
	NOT_PLACED = ("internal", (
		"module_param for '%(v)s' could not be placed "
		"after its declaration (line %(line)d): left unchanged"))
	ORDER = ("order", (
		"'%(dv)s' (%(macro)s) is declared with "
		"'%(other)s' (%(other_macro)s) in one declaration that "
		"both lines must follow: split the "
		"declaration by hand; left unchanged"))

	# -- the type string ---------------------------------------------------
	TYPESTR_UNEXPANDED = ("type-string", (
		"cannot expand the type string "
		"%(t)s of '%(v)s': left unchanged"))
	TYPESTR_INVALID = ("type-string", (
		"invalid type string \"%(s)s\" of "
		"'%(v)s': left unchanged"))
	TYPESTR_MIN_SYMBOL = ("type-string", (
		"type string \"%(s)s\" of '%(v)s' has a "
		"minimum count that is not a number: left "
		"unchanged"))

	# -- the declaration ---------------------------------------------------
	NEAR_VARIABLE = ("no-declaration", (
		"no variable '%(tgt)s' here (only a "
		"local, a function's parameter or a struct member "
		"of that name), but the file has '%(near)s': if the "
		"parameter meant it, module_param_named(%(tgt)s, %(near)s, "
		"...) (as upstream converted matroxfb's vmode); "
		"left unchanged"))
	ONLY_LOCALS = ("no-variable", (
		"MODULE_PARM names '%(tgt)s', which "
		"is no variable of this file (only a local, a "
		"function's parameter or a struct member of that "
		"name; the old macro never referenced it): "
		"MODULE_PARM (and any MODULE_PARM_DESC of it) removed"))
	EXTERN_ONLY_IN_HEADER = ("no-declaration", (
		"'%(tgt)s' is only declared in %(header)s "
		"(extern, defined in another file): no "
		"declaration here to follow, left unchanged"))
	HEADER_NOT_VARIABLE = ("no-declaration", (
		"no variable '%(tgt)s' here: %(header)s "
		"declares only a struct member or another "
		"non-variable of that name: left unchanged"))
	UNUSED_NAME = ("no-variable", (
		"MODULE_PARM names '%(tgt)s', "
		"which is neither declared nor used in this "
		"file (the old macro never referenced it): "
		"MODULE_PARM (and any MODULE_PARM_DESC of it) removed"))
	NO_DECLARATION = ("no-declaration", (
		"no file-scope declaration "
		"of '%(tgt)s' in this file or its own headers "
		"(only a local, a parameter or a struct "
		"member of that name, or declared elsewhere): "
		"left unchanged"))
	EXTERN_IN_HEADER = ("extern", (
		"'%(tgt)s' is only declared extern, in %(header)s (defined "
		"in another file of the module): type taken from "
		"that declaration"))
	EXTERN_HERE = ("extern", (
		"'%(tgt)s' is only declared extern here; "
		"type taken from that declaration"))
	EXTERN_NO_SIZE = ("no-declaration", (
		"'%(tgt)s' is only declared extern, "
		"as an array of no size ('%(decl)s'%(where)s): module_param_array "
		"needs its size, which only its definition in another "
		"file gives; put the parameter beside that definition "
		"(as upstream moved dasd's to dasd_devmap.c): left "
		"unchanged"))

	# -- where the line goes -----------------------------------------------
	LOST_IF = ("lost-if", (
		"'%(tgt)s' is declared only at line %(dline)d, "
		"outside %(what)s (line %(line)d) around this MODULE_PARM: "
		"its module_param line would go after that "
		"declaration, out of the #if, and give the "
		"parameter to configurations that never had it; "
		"move the declaration above the #if (or the "
		"#if, with its MODULE_PARM_DESC, below the "
		"declaration) and convert again: left "
		"unchanged"))
	BRANCH_TYPES = ("branch-types", (
		"'%(dv)s' is declared as "
		"'%(declared)s' at line %(dline)d and as '%(other)s' at line %(oline)d "
		"(other #if branches): no one module_param "
		"form fits both: left unchanged"))
	BRANCH_TYPE_MISMATCH = ("type-mismatch", (
		"type \"%(typestr)s\" (%(letter_type)s) "
		"does not match the %(what)s of the "
		"declaration '%(decl)s' (line %(line)d): converted "
		"as %(ty)s"))
	BRANCH_LINES_TYPES = ("branch-lines", (
		"'%(dv)s' is declared as %(decls)s %(where)s: one "
		"module_param line after each declaration, with its "
		"own type (one line would have the wrong type in a "
		"configuration)"))
	BRANCH_LINES = ("branch-lines", (
		"'%(dv)s' is declared at lines %(lines)s, in "
		"branches of the #if at line %(line)d, %(why)s: one module_param "
		"line after each declaration (one line after the #endif "
		"would name no variable in a configuration that takes no "
		"branch declaring it)"))
	MODULE_ARRAY = ("module-array", (
		"'%(dv)s' is '%(declared)s' under '%(cond)s' (line %(aline)d) "
		"and a scalar in its other branch (line %(sline)d): "
		"module_param_array after the array's declaration, "
		"as upstream converted it; built in, the scalar "
		"gets no parameter"))

	# -- sections and qualifiers -------------------------------------------
	INIT_SECTION = ("initdata", (
		"'%(tgt)s' is in an init section (%(sect)s): with "
		"permission %(perm)s its sysfs file would read freed "
		"memory after init; use permission 0 or drop "
		"the annotation"))
	EXIT_SECTION = ("initdata", (
		"'%(tgt)s' is in an exit section (%(sect)s), "
		"discarded when the driver is built in: with "
		"permission %(perm)s its sysfs file would read memory "
		"that is not there; use permission 0 or drop the "
		"annotation"))
	VOLATILE = ("volatile", (
		"'%(decl)s' is volatile: module_param's type "
		"check discards the qualifier (a compiler warning); "
		"converted, drop the volatile"))
	CONST = ("const", (
		"'const %(decl)s' is const: a parameter is "
		"written when the module loads (the old kernel "
		"wrote to read-only data) and the type check of "
		"module_param rejects it: drop the const "
		"(modparm_const.cocci does)"))
	CONST_CHARP = ("const-charp", (
		"'const %(decl)s': module_param's charp "
		"type check wants char *: drop the const "
		"(modparm_const.cocci does)"))

	# -- the letter against the declared type -----------------------------
	TYPE_MISMATCH = ("type-mismatch", (
		"type %(lettered)s (%(letter_type)s) does not match "
		"the %(what)s of the declaration '%(decl)s': "
		"converted as %(ty)s%(loss)s"))
	UNKNOWN_TYPE = ("unknown-type", (
		"cannot map the declared type of "
		"'%(decl)s' to a module_param type%(why)s: left unchanged"))

	# -- strings -----------------------------------------------------------
	STRING_ARRAY_LEFT = ("string-array", (
		"type %(lettered)s of '%(shown)s' is an array "
		"of %(mn)s-%(mx)s strings of %(n)s chars, which module_param "
		"takes only as 'char *%(tgt)s[%(dim)s]' (module_param_array "
		"of charp, as upstream converted them), and %(why)s: "
		"left unchanged"))
	STRING_ARRAY_CHARP = ("string-array", (
		"type %(lettered)s on '%(decl)s': declared 'char *%(name)s[%(dim)s]' and "
		"converted to module_param_array(%(name)s, charp, ...), as upstream did; "
		"its uses only read the strings, but an element not given is now "
		"NULL, not \"\"%(reads)s"))
	C_ON_POINTER = ("c-on-pointer", (
		"type %(lettered)s on the pointer '%(decl)s': "
		"the old kernel copied the string over the "
		"pointer; converted to charp"))
	STRING_TYPE = ("string-type", (
		"type %(lettered)s on '%(decl)s', which is not "
		"a char array: left unchanged"))
	STRING_SIZE = ("string-size", (
		"type %(lettered)s gives %(n)s bytes but "
		"sizeof(%(tgt)s) is %(size)s: converted with sizeof(%(tgt)s)"))
	S_ON_CHAR_ARRAY = ("s-on-char-array", (
		"type \"s\" (char *) on the "
		"char array '%(decl)s': converted to module_param_string"))
	S_ON_NON_POINTER = ("type-mismatch", (
		"type \"s\" (char *) on '%(decl)s', which "
		"is not a pointer: left unchanged"))

	# -- arrays ------------------------------------------------------------
	MULTI_DIM_FLAT = ("multi-dim", (
		"'%(decl)s' is a multi-dimensional "
		"array: the old kernel filled its elements in "
		"memory order; converted to module_param_cb "
		"with param_array_ops over all its elements "
		"as %(ty)s, which fills them the same way (up to "
		"all of them%(allowed)s)"))
	MULTI_DIM_QUALIFIED = ("no-equivalent", (
		"'%(q)s %(decl)s' is a %(q)s multi-dimensional "
		"array: a parameter is written when the module "
		"loads, through a plain pointer; drop the %(q)s and it "
		"converts (module_param_cb with param_array_ops over "
		"its elements): left unchanged"))
	MULTI_DIM = ("no-equivalent", (
		"'%(decl)s' is a multi-dimensional array: "
		"no module_param equivalent for %(lettered)s (the old kernel "
		"filled its elements in memory order; upstream gave "
		"mcdx's such array a module_param_call setter that "
		"parses the list into it): left unchanged"))
	SCALAR_ON_ARRAY = ("scalar-on-array", (
		"scalar type %(lettered)s on the array "
		"'%(decl)s': only the first element was set; converted "
		"to module_param_array, which also accepts up to "
		"ARRAY_SIZE(%(tgt)s) values"))
	RANGE_SIZE = ("range-size", (
		"type %(lettered)s allows at most %(mx)s values but "
		"'%(decl)s' has %(size)s elements: converted to an array "
		"of up to %(size)s"))
	CALLBACK = ("callback", (
		"type %(lettered)s requires at least %(mn)d values: "
		"converted to module_param_cb with a setter that "
		"keeps that check"))
	MINIMUM = ("minimum", (
		"type %(lettered)s requires at least %(mn)d values; "
		"module_param_array has no minimum: converted "
		"without that check (-D keep_minimum keeps it "
		"with a module_param_cb setter)"))
	MINIMUM_MODULE_ARRAY = ("minimum", (
		"type \"%(typestr)s\" requires at least %(mn)d "
		"values; module_param_array has no minimum: "
		"converted without that check"))

	# -- counts on scalars -------------------------------------------------
	RANGE_ON_SCALAR = ("range-on-scalar", (
		"type %(lettered)s on the scalar '%(decl)s' is an element "
		"count (%(mn)s to %(mx)s values): the old kernel wrote the values after "
		"the first past the variable; converted to module_param, which "
		"takes one value: the count is gone%(meant)s%(why)s"))
	RANGE_ON_SCALAR_CALL = ("range-on-scalar", (
		"type %(lettered)s on the scalar "
		"'%(decl)s' is an element count (%(mn)s to %(mx)s values), "
		"which %(parser)s() parses at boot ('%(v)s='): converted "
		"to module_param_call(%(v)s, %(setfn)s, NULL, NULL, %(perm)s) "
		"after its __setup (line %(sline)d), which gives the "
		"module the list too, as upstream did for mcd; "
		"no getter: the parameter has no value in "
		"sysfs%(unguard)s"))


# what a signed char declaration converted to byte loses (TYPE_MISMATCH's
# loss)
SIGNED_BYTE = ("; byte is unsigned and 6.1 has no signed byte type: a "
	       "negative value given at load is refused now (the initial "
	       "value stays); declare it short to take one, as upstream did "
	       "for w9968cf's video_nr")
