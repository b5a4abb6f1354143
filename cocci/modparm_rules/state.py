# SPDX-License-Identifier: GPL-2.0-only
"""What the script rules of one spatch run share: its options, the
declarations spatch recorded, the decisions taken so far, the records
for the converter, and what was read from the C text (cached: a file
is read once a run).

Why one module-level handle: spatch runs each script rule, each script
constraint ('position p : script:python(v, t) { is_form(...) }') and
each fresh identifier's script as a separate piece of Python in one
embedded interpreter, and hands them only their rule's metavariables.
What one rule decided (the form of a site, the declaration a line was
added after) reaches the next only through state that outlives the
rule.  So that state is this one typed record, STATE, never rebound
(Final); modparm.cocci's @initialize:python@ resets it, so that each
spatch process starts with an empty one, and the unit tests may reset
it between cases.  Each --jobs worker has its own copy (merge.
gathers their records in the finalize rule)."""

from dataclasses import dataclass, field, fields
from typing import Any, Final, Optional


from .decision import Decision, Decl


@dataclass
class RulesState:
	"""The shared state of one spatch run (see the module's comment)."""
	# -- options (virtual rules and -D values of the run)
	perm: str = "0"			# -D perm, the new lines' permission
	keep_min: bool = False		# -D keep_minimum
	report: bool = False		# report mode: coccilib.report's output
	stats_on: bool = False		# -D stats: a modparm-site line a site
	include_dirs: list[str] = field(default_factory=list)	# -D modparm_includes
	include_src: Optional[str] = None	# -D modparm_src
	# -- decisions
	# (file, name) -> the declarations spatch recorded
	decls: dict[tuple[str, str], list[Decl]] = field(default_factory=dict)
	# (file, line, col) of a site -> its decision
	done: dict[tuple[str, str, str], Decision] = field(default_factory=dict)
	# (file, variable) -> (line of the declaration its line follows, form)
	chosen: dict[tuple[str, str], tuple[int, str]] = field(default_factory=dict)
	# (file, MODULE_PARM name) -> (line, column) of the declared names
	chosen_v: dict[tuple[str, str], list[tuple[int, int]]] = field(default_factory=dict)
	# (file, MODULE_PARM name) -> decision, for lines added after a declaration
	placed: dict[tuple[str, str], Decision] = field(default_factory=dict)
	# (file, variable) that got their module_param after the declaration
	added: set[tuple[str, str]] = field(default_factory=set)
	# (file, array of strings) whose declaration became char *name[N]
	strarr_done: set[tuple[str, str]] = field(default_factory=set)
	# -- the records for the converter (-D modparm_json): modparm.cocci
	# hands this list to the coccinelle module for merge., so it is
	# only ever appended to, never rebound, after the reset
	records: list[dict[str, Any]] = field(default_factory=list)
	# -- what was read from the C text, by path
	defines: dict[str, dict[str, str]] = field(default_factory=dict)
	function_defines: dict[str, dict[str, Any]] = field(default_factory=dict)
	blanked: dict[str, list[str]] = field(default_factory=dict)
	file_dirs: dict[str, str] = field(default_factory=dict)
	auto_dirs: dict[str, list[str]] = field(default_factory=dict)	# SRC -> its include/ dirs

	def reset(self) -> None:
		"""Empty, as a new spatch run starts."""
		fresh = RulesState()
		for f in fields(self):
			setattr(self, f.name, getattr(fresh, f.name))


STATE: Final[RulesState] = RulesState()
