# SPDX-License-Identifier: GPL-2.0-only
"""Publishing a run's results: the report, OUT (built in the scratch
directory, replaced whole) and, with --in-place, the sources, each
proved writable first, none half-written."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile

from . import api, outdir
from .config import Config, RunState
from .failures import Failure, PartWritten
from .text import encode, read
from .tree import Tree

TYPE_CHECKING = False
if TYPE_CHECKING:
	from typing import Optional


def replace_file(path: str, data: bytes) -> None:
	"""Write path whole or not at all."""
	d, b = os.path.split(path)
	fd, new = tempfile.mkstemp(prefix=".%s.modparm." % b[:32], dir=d or ".")
	try:
		with os.fdopen(fd, "wb") as f:
			f.write(data)
		if os.path.exists(path):
			shutil.copymode(path, new)
		os.replace(new, path)
	except BaseException:
		os.unlink(new)
		raise


def unwritable(o: Config, t: Tree, base: str, newtext: dict[str, str]) -> Optional[str]:
	"""Why publish() could not write everything, or None: checked before
	anything is written, so that a refusal writes nothing."""
	if o.report:
		why = outdir.report_refused(o.report, o.src, o.out)
		if why:
			return why
	if api.found(t):
		why = outdir.refused(o.out, o.src, None)
		if why:
			return why
	if o.inplace:
		for rel in sorted(newtext):
			p = os.path.join(base, rel)
			d = os.path.dirname(p) or "."
			# replace_file writes a new file beside it and renames it
			if not os.access(p, os.W_OK) or not os.access(d, os.W_OK | os.X_OK):
				return ("--in-place: %s is not writable (%s): nothing written; make "
					"it writable, or leave out --in-place and apply the patches"
					% (p, "the file" if not os.access(p, os.W_OK) else "its directory"))
	return None


def publish(o: Config, t: Tree, base: str, stage: str, newtext: dict[str, str],
	    state: Optional[RunState] = None) -> None:
	"""Report, OUT (replaced whole) and, with --in-place, the sources, each
	proved writable first.  An interrupt waits until this is done, so
	nothing is left half-written."""
	old = signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
	done = []
	try:
		why = unwritable(o, t, base, newtext)
		if why:
			raise Failure(why)
		try:
			if o.report:
				replace_file(o.report, read(os.path.join(stage, "report.txt")))
				done.append("the report %s" % o.report)
			if api.found(t):
				outdir.publish(stage, o.out)
				done.append("OUT %s" % o.out)
			if o.inplace:
				for rel, new in sorted(newtext.items()):
					replace_file(os.path.join(base, rel), encode(new))
					done.append(rel)
		except OSError as e:
			what = "%s: cannot write: %s" % (e.filename or "", e.strerror)
			if not done:
				raise Failure(what + ": nothing written")
			raise PartWritten("%s; written before: %s" % (what, ", ".join(done)))
		if state is not None:
			state.published = True
	finally:
		signal.pthread_sigmask(signal.SIG_SETMASK, old)
