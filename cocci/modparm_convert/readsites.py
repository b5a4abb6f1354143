# SPDX-License-Identifier: GPL-2.0-only
"""The read stage: the texts of the files that mention MODULE_PARM and
the sites in them: those to convert (to spatch), those in #define bodies
(to the wrapper macros), those under #if 0, and the calls of a file's or
a header's own MODULE_PARM macro (no parameters, noted)."""

from __future__ import annotations

import collections
import os

from . import ownheader, sites
from .tree import Tree
from .find import Found
from .text import decode, plural, read


TYPE_CHECKING = False
if TYPE_CHECKING:
	from typing import Optional


class Sources:
	"""What the read stage hands on, by relative path."""
	__slots__ = ("todo", "texts", "crlf", "macro_sites", "mtexts")

	def __init__(self) -> None:
		# the files with sites to convert, in order: their text (LF line
		# ends) and the lines of their sites (a line as often as it has one)
		self.todo: list[str] = []
		self.texts: dict[str, tuple[str, list[int]]] = {}
		self.crlf: dict[str, bytes] = {}	# CRLF files' bytes
		self.macro_sites: dict[str, list[int]] = {}	# in #define bodies
		self.mtexts: dict[str, str] = {}	# those files' texts


def read_sites(found: Found, t: Tree) -> Sources:
	"""The sites of found.cands; unreadable files and notes go to t."""
	raw: dict[str, bytes] = {}
	errors: dict[str, OSError] = {}
	for rel in found.cands:
		try:
			raw[rel] = found.raw[rel] if rel in found.raw else \
				read(os.path.join(found.base, rel))
		except OSError as e:
			errors[rel] = e
	# headers whose own #define of MODULE_PARM holds for the files
	# that include them: {header: (line, its own calls)}, and the
	# calls of those files, {header: {file: [lines]}}
	own_headers = ownheader.find(found.cands, {rel: decode(b) for rel, b in raw.items()
						  if rel.endswith(".h")})
	own_included: dict[str, dict[str, list[int]]] = collections.defaultdict(dict)
	src = Sources()
	for rel in found.cands:
		if rel in errors:
			t.unread.append(rel)
			t.diags.append((rel, 0, 0, "error", "input", "cannot read: %s: skipped"
					% errors[rel].strerror))
			continue
		text = text_of(rel, raw[rel], src, t)
		code, macro, dead = sites.find_sites(text)
		for h, calls in sorted(ownheader.calls(found.base, rel, text, own_headers, code).items()):
			code = [l for l in code if l not in calls]
			own_included[h][rel] = calls
		code, macro = own_macro(rel, text, code, macro, own_headers.get(rel), t)
		if macro:
			src.macro_sites[rel] = macro
			src.mtexts[rel] = text
		for ln in dead:
			t.diags.append((rel, ln, 1, "note", "dead-code", "MODULE_PARM under "
					"#if 0: not converted"))
		t.macro += len(dead)
		if code:
			src.texts[rel] = (text, code)
			src.todo.append(rel)
	for h, (ln, calls) in sorted(own_headers.items()):
		t.diags.append((h, ln, 1, "note", "own-macro",
				ownheader.note(calls, own_included.get(h, {}))))
	return src


def text_of(rel: str, raw: bytes, src: Sources, t: Tree) -> str:
	"""The text of a file's bytes, with LF line ends (a CRLF file's bytes
	kept in src.crlf), noted in t when not UTF-8 or CRLF."""
	text = decode(raw)
	try:
		raw.decode("utf-8")
	except UnicodeDecodeError as e:
		t.diags.append((rel, 0, 0, "note", "input", "not UTF-8 (byte %d): "
				"converted byte for byte, the other bytes kept as they are" % e.start))
	if b"\r\n" in raw:
		# spatch and the repairs see LF; the result gets CRLF back
		text = text.replace("\r\n", "\n")
		src.crlf[rel] = raw
		t.diags.append((rel, 0, 0, "note", "input", "CRLF line ends: "
				"converted, and written with CRLF line ends"))
	return text


def own_macro(rel: str, text: str, code: list[int], macro: list[int],
	      own_header: Optional[tuple[int, list[int]]], t: Tree) -> tuple[list[int], list[int]]:
	"""(code, macro) without the file's own #define of MODULE_PARM and
	its calls, noted in t (a header's is noted with the calls of the
	files that include it: own_header)."""
	for ln, calls in sorted(sites.own_definitions(text).items()):
		# the file's own macro: neither its #define nor its
		# calls are kernel parameters
		macro = [l for l in macro if l != ln]
		code = [l for l in code if l not in calls]
		if (own_header or (None,))[0] == ln:
			continue	# noted below, with the including files' calls
		uses = "; its %s (line%s %s) %s" % (
			plural(len(calls), "call"), "s" if len(calls) > 1 else "",
			", ".join(map(str, sorted(set(calls)))),
			"are no parameters either" if len(calls) > 1 else
			"is no parameter either") if calls else ""
		t.diags.append((rel, ln, 1, "note", "own-macro", "a #define of "
				"MODULE_PARM itself, under no #if: the file's own macro, "
				"not a parameter%s: left" % uses))
	return code, macro
