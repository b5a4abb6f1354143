# SPDX-License-Identifier: GPL-2.0-only
"""The account stage: spatch's result of each file with sites, its
layout repaired, taken into the run's counts (Tree.account): every site
counted once, a file whose rewrite cannot be trusted left whole, and
the new texts of the files that changed."""

from __future__ import annotations

from .readsites import Sources
from .rewrite import Rewritten
from .text import encode
from .tree import Tree

TYPE_CHECKING = False
if TYPE_CHECKING:
	from .repair import Repaired


class Accounted:
	"""What the account stage hands on, by relative path."""
	__slots__ = ("newtext", "accounted")

	def __init__(self) -> None:
		# the new texts of the changed files, with their own line ends
		self.newtext: dict[str, str] = {}
		# each file with sites as this stage left it, LF line ends: its
		# new text, or its old one when it did not change (what
		# --check-build builds its sites from)
		self.accounted: dict[str, str] = {}


def account(t: Tree, src: Sources, rewritten: Rewritten, repaired: Repaired) -> Accounted:
	"""Count src's files into t from spatch's results (rewritten) and the
	repairs done (repaired; the others are repaired here)."""
	acc = Accounted()
	for n, rel in enumerate(src.todo):
		text, code = src.texts[rel]
		new = t.account(rel, text, code, rewritten.results.get(n), repaired.get(n))
		if new is None:
			t.explain(rel, text, code)
		acc.accounted[rel] = new if new is not None else text
		if new is not None and rel in src.crlf:
			new = new.replace("\n", "\r\n")
			t.changed[-1] = (rel, src.crlf[rel], encode(new)) + t.changed[-1][3:]
		if new is not None:
			acc.newtext[rel] = new
	return acc
