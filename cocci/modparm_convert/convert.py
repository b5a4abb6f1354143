# SPDX-License-Identifier: GPL-2.0-only
"""The conversion of one tree, as the sequence of its stages.  Each
stage is a module with one entry point that takes the records of the
stages before it and returns its own; the Tree (tree.py) is the run's
accounting, which every stage reports its diagnostics and counts to."""

from __future__ import annotations

import importlib
import os
import shutil

from . import api
from .account import account
from .config import Config, RunState
from .find import find
from .patchset import write
from .publish import publish
from .readsites import read_sites
from .repair import repair_all
from .report import report, say
from .rewrite import rewrite
from .spatch import Spatch, begin
from .text import decode
from .tree import Tree
from .wrappers import expand, finish

TYPE_CHECKING = False
if TYPE_CHECKING:
	from typing import Mapping, Optional


def convert(cfg: Config, env: Mapping[str, str], sp: Optional[Spatch] = None,
	    state: Optional[RunState] = None) -> int:
	"""Run a conversion; returns the exit status.  sp: the spatch.begin()
	of cfg, when the caller began it (its tree run then starts while
	the converter loads and finds the files)."""
	t = Tree()
	sp = sp or begin(cfg, env)
	tmp = sp.tmp
	try:
		# OUT is built in the scratch directory and copied beside OUT
		# only when it is published: a run that fails writes nothing
		stage = os.path.join(tmp, "out")
		os.mkdir(stage)
		# imported only when asked for: compiling the checks costs more
		# than converting a small driver
		check = importlib.import_module(".check", __package__) if cfg.check_build else None
		found = find(cfg, t)
		src = read_sites(found, t)
		mac = expand(cfg, found, src)
		rewritten = rewrite(sp, cfg.jobs, found, src, mac)
		repaired = repair_all(cfg, src, rewritten)
		acc = account(t, src, rewritten, repaired)
		mac = finish(t, mac, rewritten, src, acc)
		api.run(cfg, t, found.base, found.rels, acc.newtext, tmp, decode, found.apihits,
			found.raw)
		changes, series = write(cfg, t, mac, tmp, stage)
		if check:
			check.check(cfg, t, found, src, rewritten, acc, mac, tmp)
		rep = report(cfg, t, found, src.crlf, changes, series, check, stage)
		publish(cfg, t, found.base, stage, acc.newtext, state)
		say(cfg, t, rep, acc.newtext, series)
		return 1 if t.failed or t.unread or (check and check.failed(cfg, t)) else 0
	finally:
		sp.stop()
		shutil.rmtree(tmp, ignore_errors=True)
