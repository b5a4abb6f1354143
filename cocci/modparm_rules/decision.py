# SPDX-License-Identifier: GPL-2.0-only
"""The decision of one MODULE_PARM site, as the rules of modparm.cocci
read it: its form, its diagnostics, and the pieces of the new line (the
fresh identifiers of the rewrite rules are named after these fields:
piece() reads them by name)."""

from dataclasses import dataclass, field
from typing import Optional

from .reasons import Diag


# a declaration: (type string, line, column, extern)
Decl = tuple[str, int, int, bool]


@dataclass
class Decision:
	"""What decide_form and the #if branches decided for a site."""
	tgt: str		# the variable the new line names (an alias's target)
	dv: str			# the declared variable
	perm: str		# the new line's permission
	# param, array, string, named, array_named, cb, call, flat, drop, left
	form: str = "left"
	diags: list[Diag] = field(default_factory=list)
	after: bool = False	# the line goes after the declaration
	ty: Optional[str] = None	# the module_param type
	min: int = 0		# cb: the minimum count its setter checks
	letter: Optional[str] = None	# the type string's letter
	typestr: Optional[str] = None	# the type string, expanded
	novar: bool = False	# drop: the name is no variable at all
	# the declaration the line follows, and those of the other #if
	# branches that get a line too, as (line, column)
	dline: int = 0
	dcol: int = 0
	dposes: Optional[list[tuple[int, int]]] = None
	dtypes: Optional[dict[tuple[int, int], str]] = None	# their own types
	group: Optional[list[Decl]] = None	# until the branches are decided
	sect: Optional[str] = None	# the declaration's section
	base: str = ""		# its base type
	dims: list[str] = field(default_factory=list)	# its dimensions
	declared: str = ""	# the declaration as the diagnostics show it
	strarray: bool = False	# char name[N][M] that becomes char *name[N]
	ndims: int = 0		# flat: the number of dimensions
	# call: the __setup parser, its __setup's place, the setter, its
	# argument, and the '#ifndef MODULE' around them that goes
	parser: str = ""
	sline: int = 0
	scol: int = 0
	setfn: str = ""
	arg: str = ""
	unguard: Optional[int] = None
