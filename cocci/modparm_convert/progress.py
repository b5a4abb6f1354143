# SPDX-License-Identifier: GPL-2.0-only
"""Progress of a long run on a terminal: files done / total, sites so far.
Silent when stderr is not a terminal (logs and pipes get only results)."""

import glob
import sys


class Progress:
	def __init__(self, total, stream=None):
		self.stream = stream or sys.stderr
		self.total = total
		self.on = total > 0 and self.stream.isatty()
		self.shown = False

	def show(self, files, nsites):
		self.say("%d/%d files, %d sites so far" % (min(files, self.total), self.total, nsites))

	def say(self, text):
		if not self.on:
			return
		self.stream.write("\rmodparm-convert: %s\033[K" % text)
		self.stream.flush()
		self.shown = True

	def done(self):
		if self.shown:
			self.stream.write("\r\033[K")
			self.stream.flush()
			self.shown = False


def spatch_counts(patterns):
	"""(files handled, sites decided) so far from spatch's stderr (its
	own, and with --jobs its workers' files, which grow as they go)."""
	files = sites = 0
	for pat in patterns:
		for p in glob.glob(pat):
			try:
				with open(p, "rb") as f:
					data = f.read()
			except OSError:
				continue
			files += data.count(b"\nHANDLING: ") + data.startswith(b"HANDLING: ")
			sites += data.count(b"\nmodparm-site: ") + data.startswith(b"modparm-site: ")
	return files, sites
