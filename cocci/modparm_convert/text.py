# SPDX-License-Identifier: GPL-2.0-only
"""The small helpers of the converter's text: the sources' bytes as text
and back (bytes that are no UTF-8 kept through surrogates), counts in
English, and the name a diagnostic gives a file."""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
	from typing import Optional


def plural(n: int, word: str, many: Optional[str] = None) -> str:
	return "%d %s" % (n, word if n == 1 else (many or word + "s"))


def read(path: str) -> bytes:
	with open(path, "rb") as f:
		return f.read()


def decode(b: bytes) -> str:
	return b.decode("utf-8", "surrogateescape")


def encode(s: str) -> bytes:
	return s.encode("utf-8", "surrogateescape")


def shown(show: str, rel: str) -> str:
	"""A file as the diagnostics on stderr name it."""
	return os.path.join(show, rel) if show != "." else rel
