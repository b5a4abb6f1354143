# SPDX-License-Identifier: GPL-2.0-only
"""How a conversion fails as a whole; the command turns each into its
exit status and message (cli.run)."""


class Failure(Exception):
	"""Usage or environment error: exit 2, nothing written."""


class PartWritten(Exception):
	"""Writing failed after something was written: exit 1, naming what."""
