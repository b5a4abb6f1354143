# SPDX-License-Identifier: GPL-2.0-only
"""The layout repair stage: spatch's new texts with fixups.apply_all's
repairs of their layout (fixups.repair), in parallel when there are
many."""

from __future__ import annotations

from .config import Config
from .fixups import repair
from .readsites import Sources
from .rewrite import Rewritten

TYPE_CHECKING = False
if TYPE_CHECKING:
	from typing import Dict

	from .fixups import Repair
	# the repairs done, by index of the file in the spatch run
	Repaired = Dict[int, Repair]


def repair_all(cfg: Config, src: Sources, rewritten: Rewritten) -> Repaired:
	"""{index: repair(...)} of the files spatch rewrote, cfg.jobs
	processes at a time: the repairs' line diffs take most of the
	converter's own time on an old tree, and spatch has finished with
	the cores.  A file not here is repaired by the account stage."""
	jobs, results = cfg.jobs, rewritten.results
	work = [(n, src.texts[rel][0], results[n].new) for n, rel in enumerate(src.todo)
		if n in results and results[n].new is not None]
	if jobs < 2 or len(work) < 4 * jobs:
		# a few files repair faster than a pool of processes starts
		return {}
	# the pools' module loads logging: imported by the runs that use one
	import concurrent.futures	# pylint: disable=import-outside-toplevel
	try:
		with concurrent.futures.ProcessPoolExecutor(min(jobs, len(work))) as ex:
			done = ex.map(repair, [w[1] for w in work], [w[2] for w in work],
				      chunksize=max(1, len(work) // (4 * jobs)))
			return {w[0]: d for w, d in zip(work, done)}
	except (OSError, concurrent.futures.process.BrokenProcessPool):
		return {}	# the account stage repairs each file itself
