# SPDX-License-Identifier: GPL-2.0-only
"""What the script rules of one spatch run share: the options, the
declarations spatch recorded, and the decisions taken so far."""


PERM = ["0"]


KEEP_MIN = [False]


DECLS: dict[tuple[str, str], list] = {}	# (file, name) -> [(type string, line, col, extern)]


DONE: dict[tuple[str, str, str], dict] = {}	# (file, line, col) -> decision


ADDED: set[tuple[str, str]] = set()	# (file, variable) that got their module_param after the declaration


CHOSEN: dict[tuple[str, str], tuple] = {}	# (file, variable) -> (line of the declaration its line follows, form)


CHOSEN_V: dict[tuple[str, str], list] = {}	# (file, MODULE_PARM name) -> (line, column) of the declared names


PLACED: dict[tuple[str, str], dict] = {}	# (file, MODULE_PARM name) -> decision, for lines added after a declaration


STRARR_DONE: set[tuple[str, str]] = set()	# (file, array of strings) whose declaration became char *name[N]
