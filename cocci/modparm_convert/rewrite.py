# SPDX-License-Identifier: GPL-2.0-only
"""The rewrite stage: the spatch run of modparm.cocci, whose script
rules decide each site's form (modparm_rules/decide.py) and make the
edit, on the files with sites and on the copies of the files that use
wrapper macros, expanded."""

from __future__ import annotations

import os

from . import macros
from .find import Found
from .readsites import Sources
from .results import FileResult
from .spatch import Spatch
from .text import encode


class Rewritten:
	"""spatch's results by index: src.todo's files first, then the
	expanded copies of the macros (mac.synth), in order."""
	__slots__ = ("results",)

	def __init__(self, results: dict[int, FileResult]) -> None:
		self.results = results


def rewrite(sp: Spatch, jobs: int, found: Found, src: Sources, mac: macros.Macros) -> Rewritten:
	"""Hand the files to the tree run sp began (jobs at a time); when one
	file breaks the whole run, each is run on its own to find it."""
	paths = [os.path.abspath(os.path.join(found.base, rel)) for rel in src.todo]
	contents = {n: encode(src.texts[rel][0]) for n, rel in enumerate(src.todo)
		    if rel in src.crlf}
	# the copies with the wrapper macros expanded go to the same run
	spans = [(p, src.texts[rel][0]) for p, rel in zip(paths, src.todo)]
	for rel, _, stext, _ in mac.synth:
		contents[len(spans)] = encode(stext)
		paths.append(os.path.abspath(os.path.join(found.base, rel)))
		spans.append((paths[-1], stext))
	if not spans:
		sp.stop()	# no file for the run begun above
	results = sp.tree(spans, jobs, contents) if spans else {}
	if results is None:
		# one file broke the whole run: each on its own finds it
		results = sp.run(paths, jobs, contents)
	return Rewritten(results)
