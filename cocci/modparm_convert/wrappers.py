# SPDX-License-Identifier: GPL-2.0-only
"""The stages of MODULE_PARMs in #define bodies: before the spatch run,
the wrapper macros and shims, their uses and the copies of the files
that use them with the macros expanded (spatch converts those copies
in the same run); after it, the macros decided from the copies' results,
their #defines rewritten in the new texts, every use counted as a site."""

import os

from . import macros, sites
from .account import Accounted
from .config import Config
from .find import Found
from .readsites import Sources
from .rewrite import Rewritten
from .text import decode, encode, read
from .tree import Tree


def expand(cfg: Config, found: Found, src: Sources) -> macros.Macros:
	"""The macros stage before spatch: the wrapper macros and shims of
	src's MODULE_PARMs in #define bodies, and the copies of the files
	that use them, expanded for the spatch run (mac.synth)."""
	return wrapper_macros(found.base, found.rels, src.macro_sites, src.mtexts, cfg.jobs,
			      list(cfg.includes))


def wrapper_macros(base, rels, macro_sites, mtexts, jobs=1, dirs=None):
	"""The wrapper macros and shims of the MODULE_PARMs in #define
	bodies, their uses in every .c and .h file of SRC (rels), resolved
	through the package's include path (dirs: its -I directories), and
	the copies of the files that use them, expanded for spatch."""
	mac = macros.Macros(base, mtexts, dirs)
	try:
		mac.find_definitions(macro_sites)
		if any(d.kind in ("wrapper", "outer", "shim") for d in mac.defs):
			mac.find_uses(sites.mentioning(base, rels, lambda rel, msg: None,
						       sorted(mac.byname), jobs))
			mac.expand()
	except Exception as e:	# pylint: disable=broad-except
		# the converter's own failure, not the input's: each MODULE_PARM
		# in a #define is named with it, nothing of the macros changes
		return macros.Failed(macro_sites, e)
	return mac


def finish(t: Tree, mac: macros.Macros, rewritten: Rewritten, src: Sources,
	   acc: Accounted) -> macros.Macros:
	"""The macros stage after spatch: decide the wrapper macros from
	spatch's results on the expanded copies, rewrite their definitions
	and remove the dead shims in the files' new texts (acc.newtext), and
	count every use as a site in t; returns the macros as decided."""
	return macro_changes(t, mac, rewritten.results, len(src.todo), set(src.todo), src.texts,
			     acc.newtext, src.crlf)


def macro_changes(t, mac, results, first, counted, texts, newtext, crlf):
	"""finish() of spatch's results (the expanded copies' from index
	first), the files with sites counted, their texts and new texts."""
	try:
		mac.decide({n: results.get(first + n) for n in range(len(mac.synth))})
		mac.rewrite()
	except Exception as e:	# pylint: disable=broad-except
		mac = macros.Failed(mac.macro_sites, e)
	edit_defines(t, mac, texts, newtext, crlf)
	mac.account(t, counted)
	t.macro += mac.uncounted()
	t.shims_removed = mac.removed_shims()
	if mac.nuses:
		t.macro_uses = (mac.nuses, mac.nconv)
	return mac


def edit_defines(t, mac, texts, newtext, crlf):
	"""The edits of the #defines of mac in the new texts and in t.changed
	(a file of no site of its own gets its patch here)."""
	for rel in sorted(mac.edits):
		if rel in t.failed:
			# a file left untouched is left whole, its #defines too
			mac.undo(rel, "spatch could not parse %s, which is left untouched"
				 % os.path.basename(rel))
			continue
		if rel in texts:
			old = texts[rel][0]
			raw = crlf[rel] if rel in crlf else encode(old)
		else:
			raw = read(os.path.join(mac.base, rel))
			old = decode(raw).replace("\r\n", "\n")
		cur = newtext.get(rel, old).replace("\r\n", "\n")
		new = macros.apply_edits(old.split("\n"), cur.split("\n"), mac.edits[rel])
		if new is None:
			mac.undo(rel, "spatch changed the lines of the #define")
			continue
		new = "\n".join(new)
		if b"\r\n" in raw:
			new = new.replace("\n", "\r\n")
		newtext[rel] = new
		k = next((i for i, c in enumerate(t.changed) if c[0] == rel), None)
		if k is not None:
			t.changed[k] = (rel, t.changed[k][1], encode(new)) + t.changed[k][3:]
		else:
			t.changed.append((rel, raw, encode(new), [], []))
	t.changed.sort(key=lambda c: c[0])
