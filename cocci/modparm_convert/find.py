# SPDX-License-Identifier: GPL-2.0-only
"""The find stage: the .c and .h files of SRC, those that mention
MODULE_PARM and those that hold what the API semantic patches look for,
with the bytes of the files read to find them."""

from __future__ import annotations

import os

from . import api, sites
from .tree import Tree
from .config import Config
from .text import read


class Found:
	"""What the find stage hands on: relative paths under base."""
	__slots__ = ("base", "rels", "cands", "apihits", "raw")

	def __init__(self, base: str, rels: list[str], cands: list[str], apihits: set[str],
		     raw: dict[str, bytes]) -> None:
		self.base = base	# the directory of SRC's files: SRC, or a file's own
		self.rels = rels	# every .c and .h file of the run
		self.cands = cands	# of them, those that mention MODULE_PARM
		self.apihits = apihits	# those that hold what the API patches look for
		self.raw = raw		# the bytes of the files read to find them


def find(cfg: Config, t: Tree) -> Found:
	"""The files of cfg.src; those that cannot be read are reported in t."""
	raw: dict[str, bytes] = {}
	base, rels, cands, apihits = candidates(cfg.src, t, cfg.jobs, raw)
	return Found(base, rels, cands, apihits, raw)


# up to this many files, candidates() reads them itself: the grep
# processes (two a job) cost more than reading a driver's few files
FEW_FILES = 200


def few_candidates(base, rels, data):
	"""candidates()' two greps on a few files, read here: (those of rels
	that hold MODULE_PARM as a word or api.GREP_ERE, whether one could
	not be read); data gets the bytes of those."""
	found, err = set(), False
	for rel in rels:
		try:
			b = read(os.path.join(base, rel))
		except OSError:
			err = True
			continue
		if any(w.encode() in b for w in api.GREP_WORDS) and \
				(sites.WORD_RE.search(b) or api.GREP_RE.search(b)):
			found.add(rel)
			data[rel] = b
	return found, err


def candidates(src, t, jobs=1, data=None):
	"""(base directory, every .c and .h file of the run, those that
	mention MODULE_PARM, those that hold what the API semantic patches
	look for), relative paths.  One grep reads the tree for both (jobs
	at a time): on a kernel tree each read of every file costs seconds.
	data, a dict, gets the bytes of the files read, for the steps after,
	which then need not read them again."""
	def problem(rel, msg):
		t.unread.append(rel)
		t.diags.append((rel, 0, 0, "error", "input", msg))

	if os.path.isdir(src):
		base, rels = src, sites.walk(src, problem)
	else:
		base, rels = os.path.dirname(src) or ".", [os.path.basename(src)]
	data = {} if data is None else data
	if len(rels) <= FEW_FILES:
		found, err = few_candidates(base, rels, data)
	else:
		# a fixed-string grep, several times faster than the
		# expressions, first narrows the tree to the files that hold a
		# string each of them needs (MODULE_PARM, module_param,
		# param_array_, param_set_, param_get_); the expressions then
		# read those only
		pre, err1 = sites.grep(base, rels, ["-F"] + [a for w in api.GREP_WORDS
							    for a in ("-e", w)], jobs)
		found, err2 = sites.grep(base, [r for r in rels if r in pre],
					 ["-E", "-e", r"\bMODULE_PARM\b", "-e", api.GREP_ERE], jobs)
		err = err1 or err2
	if err:
		# only then: a test of every file costs a second on a kernel tree
		sites.unreadable(base, rels, found, problem)
	parm, hits = [], set()
	for rel in rels:
		if rel not in found:
			continue
		try:
			if rel not in data:
				data[rel] = read(os.path.join(base, rel))
		except OSError:
			continue	# gone since: read below, and reported there
		text = data[rel]
		if sites.WORD_RE.search(text):
			parm.append(rel)
		if api.GREP_RE.search(text):
			hits.add(rel)
	return base, rels, parm, hits
