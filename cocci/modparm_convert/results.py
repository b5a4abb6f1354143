# SPDX-License-Identifier: GPL-2.0-only
"""What spatch said about one file: the sites it decided and the
diagnostics it gave."""

import re

DIAG_RE = re.compile(r'^(.*?):(\d+):(\d+): (warning|note|error): (.*) \[modparm-([\w-]+)\]$')
SITE_RE = re.compile(r'^modparm-site: (.*?):(\d+): (converted|left) (\w+)$')


class FileResult:
	"""sites: {line: (converted|left, form)}; diags: [(line, col, severity,
	kind, message)]; new: the rewritten text, None when spatch failed."""

	def __init__(self):
		self.sites = {}
		self.diags = []
		self.new = None
		self.failed = False


def parse_log(text):
	"""A FileResult from spatch's stderr with -D stats."""
	r = FileResult()
	for line in text.split("\n"):
		m = SITE_RE.match(line)
		if m:
			r.sites[int(m.group(2))] = (m.group(3), m.group(4))
			continue
		m = DIAG_RE.match(line)
		if m:
			r.diags.append((int(m.group(2)), int(m.group(3)), m.group(4),
					m.group(6), m.group(5)))
	return r
