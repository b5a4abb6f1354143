# SPDX-License-Identifier: GPL-2.0-only
"""The options of one conversion, checked: one record that every stage
reads and none changes, and the one fact of a run that the command's
interrupt handler needs back from it (whether it published).

The records of the converter are plain classes with __slots__, not
dataclasses: importing dataclasses (and inspect with it) and typing
costs more of a small driver's conversion than the work it saves, and
the command's start is on the critical path of spatch's tree run."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
	from typing import Optional


class Options:
	"""The command line as given (cli.parse), before it is checked."""
	perm: str
	out: Optional[str]
	inplace: bool
	keep_minimum: bool
	signoff: bool
	jobs: Optional[str]
	report: Optional[str]
	name: Optional[str]
	check_build: Optional[str]
	check_load: Optional[str]
	kernel: Optional[str]
	src: Optional[str]
	includes: list[str]

	def __init__(self) -> None:
		self.perm = "0"
		self.out = self.jobs = self.report = self.name = None
		self.check_build = self.check_load = self.kernel = self.src = None
		self.inplace = self.keep_minimum = self.signoff = False
		self.includes = []


class Config:
	"""A conversion's options as cli.checked() checked and completed
	them; frozen."""
	__slots__ = ("src", "name", "out", "perm", "jobs", "spatch", "cocci", "cocci2", "macros",
		     "author", "date", "inplace", "keep_minimum", "signoff", "report", "includes",
		     "check_build", "check_load", "kernel", "ktree", "kobj")
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
	inplace: bool
	keep_minimum: bool
	signoff: bool
	report: Optional[str]
	includes: tuple[str, ...]	# -I, absolute
	check_build: Optional[str]	# KDIR of --check-build (or --check-load)
	check_load: Optional[str]
	kernel: Optional[str]	# --kernel IMAGE of --check-load
	ktree: Optional[str]	# KDIR's source tree and build directory
	kobj: Optional[str]

	def __init__(self, *, src: str, name: str, out: str, perm: str, jobs: int, spatch: str,
		     cocci: str, cocci2: str, macros: str, author: str, date: str,
		     inplace: bool = False, keep_minimum: bool = False, signoff: bool = False,
		     report: Optional[str] = None, includes: tuple[str, ...] = (),
		     check_build: Optional[str] = None, check_load: Optional[str] = None,
		     kernel: Optional[str] = None, ktree: Optional[str] = None,
		     kobj: Optional[str] = None) -> None:
		values = dict(locals())
		for k in self.__slots__:
			object.__setattr__(self, k, values[k])

	def __setattr__(self, name: str, value: object) -> None:
		raise AttributeError("Config is frozen: %s" % name)

	def __delattr__(self, name: str) -> None:
		raise AttributeError("Config is frozen: %s" % name)

	def __repr__(self) -> str:
		return "Config(%s)" % ", ".join("%s=%r" % (k, getattr(self, k)) for k in self.__slots__)


class RunState:
	"""What an interrupt needs to know of a run: once it published, the
	results stand and the message says so."""
	__slots__ = ("published",)
	published: bool

	def __init__(self) -> None:
		self.published = False
