# SPDX-License-Identifier: GPL-2.0-only
"""The options of one conversion, checked: one record that every stage
reads and none changes, and the one fact of a run that the command's
interrupt handler needs back from it (whether it published)."""

import dataclasses
from typing import Optional


@dataclasses.dataclass
class Options:
	"""The command line as given (cli.parse), before it is checked."""
	perm: str = "0"
	out: Optional[str] = None
	inplace: bool = False
	keep_minimum: bool = False
	signoff: bool = False
	jobs: Optional[str] = None
	report: Optional[str] = None
	name: Optional[str] = None
	check_build: Optional[str] = None
	check_load: Optional[str] = None
	kernel: Optional[str] = None
	src: Optional[str] = None
	includes: list[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(frozen=True)
class Config:
	"""A conversion's options as cli.main checked and completed them."""
	src: str		# SRC, without a trailing '/'
	name: str		# NAME of OUT and of the summary
	out: str		# OUT
	perm: str		# --perm, octal
	jobs: int
	spatch: str		# the spatch command
	cocci: str		# modparm.cocci
	cocci2: str		# modparm_const.cocci
	macros: str		# modparm-macros.h (--macro-file)
	author: str		# the patches' author, "Name <email>"
	date: str		# the patches' date, git's "SECONDS +ZONE"
	inplace: bool = False
	keep_minimum: bool = False
	signoff: bool = False
	report: Optional[str] = None
	includes: tuple[str, ...] = ()	# -I, absolute
	check_build: Optional[str] = None	# KDIR of --check-build (or --check-load)
	check_load: Optional[str] = None
	kernel: Optional[str] = None	# --kernel IMAGE of --check-load
	ktree: Optional[str] = None	# KDIR's source tree and build directory
	kobj: Optional[str] = None


@dataclasses.dataclass
class RunState:
	"""What an interrupt needs to know of a run: once it published, the
	results stand and the message says so."""
	published: bool = False
