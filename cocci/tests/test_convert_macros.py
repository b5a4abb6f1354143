#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Unit tests of modparm_convert.macros (MODULE_PARM in #define bodies),
table-driven, without spatch.  Output is KTAP."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from modparm_convert import macros, sites  # noqa: E402
from test_convert import ktap_main  # noqa: E402


def defs_of(text, rel="x.c"):
	return {d.name: d for d in macros.scan(rel, text)[0]}


class GuardTest(unittest.TestCase):
	# (the lines around the #define, dead on every kernel with module_param)
	CASES = [
		("#ifndef module_param\n%s\n#endif", True),
		("#ifndef module_param_array\n%s\n#endif", True),
		("#ifdef module_param\n#else\n%s\n#endif", True),
		("#if !defined(module_param)\n%s\n#endif", True),
		("#if LINUX_VERSION_CODE < KERNEL_VERSION(2,6,0)\n%s\n#endif", True),
		("#if LINUX_VERSION_CODE < KERNEL_VERSION(2,5,0)\n%s\n#endif", True),
		("#if LINUX_VERSION_CODE >= KERNEL_VERSION(2,6,0)\n#else\n%s\n#endif", True),
		# 2.6.0 to 2.6.9 have module_param and compile this branch
		("#if LINUX_VERSION_CODE < KERNEL_VERSION(2,6,10)\n%s\n#endif", False),
		("#ifdef module_param\n%s\n#endif", False),
		("#ifndef module_param\n#else\n%s\n#endif", False),
		("#ifdef CONFIG_OLD\n%s\n#endif", False),
		("%s", False),
	]

	def test_guards(self):
		for frame, dead in self.CASES:
			text = frame % "#define P(n) static int n; MODULE_PARM(n, \"i\")"
			d = defs_of(text)["P"]
			self.assertEqual(macros.dead_on_modern(d.conds), dead, frame)


class ScanTest(unittest.TestCase):
	def test_states_and_bodies(self):
		text = ("#define A(n, v) \\\n\tstatic int n = v; /* c */ \\\n\tMODULE_PARM(n, \"i\")\n"
			"A(x, 1);\n#if 0\n#define B(n) MODULE_PARM(n, \"i\")\n#endif\n")
		defs, states = macros.scan("x.c", text)
		self.assertEqual([d.name for d in defs], ["A"])
		self.assertEqual((defs[0].first, defs[0].last, defs[0].params), (1, 3, ["n", "v"]))
		self.assertEqual(defs[0].ncalls, 1)
		self.assertEqual(states[:7], ["macro"] * 3 + ["code", "dead", "dead", "code"])


class SubstituteTest(unittest.TestCase):
	def expand(self, text, use, name):
		defs = defs_of(text)
		for n, d in enumerate(defs.values()):
			d.id = n
		x = macros.substitute(defs[name], sites.split_args(use), defs.get)
		return macros.MARK_RE.sub("MODULE_PARM", x)

	def test_table(self):
		int_parm = '#define INT_MODULE_PARM(n, v) static int n = v; MODULE_PARM(n, "i")\n'
		for text, use, name, want in [
			(int_parm, "irq_mask, 0xdeb8", "INT_MODULE_PARM",
			 'static int irq_mask = 0xdeb8; MODULE_PARM(irq_mask, "i")'),
			# ## pastes, # makes a string
			('#define F(x) static int force_ ## x; MODULE_PARM(force_##x, "i"); '
			 'MODULE_PARM_DESC(force_##x, #x)\n', "lm75", "F",
			 'static int force_lm75; MODULE_PARM(force_lm75, "i"); '
			 'MODULE_PARM_DESC(force_lm75, "lm75")'),
			# a wrapper used in another macro is expanded in turn
			(int_parm + "#define Q(q) INT_MODULE_PARM(q##_size, 64)\n", "rx", "Q",
			 'static int rx_size = 64; MODULE_PARM(rx_size, "i")'),
			# arguments with commas in strings and parentheses
			('#define S(v, d) static int v; MODULE_PARM(v, "i"); MODULE_PARM_DESC(v, d)\n',
			 'io, "a, b (c)"', "S",
			 'static int io; MODULE_PARM(io, "i"); MODULE_PARM_DESC(io, "a, b (c)")'),
		]:
			self.assertEqual(self.expand(text, use, name), want, name)

	def test_wrong_argument_count(self):
		d = defs_of('#define P(a, b) static int a = b; MODULE_PARM(a, "i")\n')["P"]
		d.id = 0
		self.assertIsNone(macros.substitute(d, ["x"], lambda n: None))


class UnconstTest(unittest.TestCase):
	# (text, name, text after, declaration named) or None: unchanged
	CASES = [
		('#define X_PARAM(n, v) static const int n = v; MODULE_PARM(n, "i")', "n",
		 '#define X_PARAM(n, v) static int n = v; MODULE_PARM(n, "i")',
		 "static const int n = v"),
		('#define S(name, def) \\\n\tstatic const char * const name = def; \\\n'
		 '\tMODULE_PARM(name, "s")', "name",
		 '#define S(name, def) \\\n\tstatic char * name = def; \\\n\tMODULE_PARM(name, "s")',
		 "static const char * const name = def"),
		("static const unsigned short io[4] = { 1 };", "io",
		 "static unsigned short io[4] = { 1 };", "static const unsigned short io[4] = { 1 }"),
		# the const of another declaration, of an argument, of a call
		('#define P(n) static const int other; static int n; MODULE_PARM(n, "i")', "n",
		 None, None),
		('#define T(t, n) static t n; MODULE_PARM(n, "i")', "n", None, None),
		("static int n = f((const int) 1);", "n", None, None),
	]

	def test_table(self):
		for text, name, after, decl in self.CASES:
			got = macros.unconst(text, name)
			self.assertEqual(got, None if after is None else (after, decl), text)


class EditTest(unittest.TestCase):
	def test_edits_follow_spatch_changes(self):
		old = ["a", "#define P(n) MODULE_PARM(n, \"i\")", "b", "MODULE_PARM(x, \"i\");"]
		cur = ["a", "#define P(n) MODULE_PARM(n, \"i\")", "b", "static int x;",
		       "module_param(x, int, 0);"]
		got = macros.apply_edits(old, cur, [(2, 2, ["#define P(n) module_param(n, int, 0)"])])
		self.assertEqual(got[1], "#define P(n) module_param(n, int, 0)")
		self.assertEqual(got[3:], cur[3:])

	def test_edit_of_changed_lines_refused(self):
		old = ["a", "x", "b"]
		self.assertIsNone(macros.apply_edits(old, ["a", "y", "b"], [(2, 2, ["z"])]))

	def test_same_removal_twice_made_once(self):
		# two shims of one #if block each remove the block: the lines
		# after it stay
		old = ["#if OLD", "#define a MODULE_PARM", "#define b MODULE_PARM", "#endif",
		       "#if X", "int x;", "#endif"]
		got = macros.apply_edits(old, list(old), [(1, 4, []), (1, 4, []), (2, 2, [])])
		self.assertEqual(got, old[4:])

	def test_overlapping_edits_refused(self):
		old = ["a", "b", "c", "d"]
		self.assertIsNone(macros.apply_edits(old, list(old), [(1, 3, []), (3, 4, [])]))
		self.assertIsNone(macros.apply_edits(old, list(old), [(1, 3, []), (2, 2, ["x"])]))

	def test_shim_removal(self):
		# (file, lines removed): the whole #ifndef block and one blank line
		# when the shim was all it held, else the #define alone
		for text, gone in [
			("a\n\n#ifndef module_param\n#define module_param(x, y, z) MODULE_PARM(x, \"i\")\n"
			 "#endif\n\nb\n", (3, 6)),
			("#ifndef module_param\n#define module_param(x, y, z) MODULE_PARM(x, \"i\")\n"
			 "#define OLD 1\n#endif\n", (2, 2)),
			("#ifndef module_param\n#define module_param(x, y, z) MODULE_PARM(x, \"i\")\n"
			 "#else\n#define NEW 1\n#endif\n", (2, 2)),
		]:
			m = macros.Macros("/nonexistent", {"x.c": text})
			line = text.split("\n").index(next(l for l in text.split("\n") if "MODULE_PARM(" in l)) + 1
			m.find_definitions({"x.c": [line]})
			d = m.byname["module_param"][0]
			first, last, new = m.shim_removal(d)
			self.assertEqual(((first, last), new), (gone, []), text)


class IncludePathTest(unittest.TestCase):
	"""A use sees the wrapper of the header its build includes: the -I
	directories, or the include/ directories of the file's ancestors."""

	def tree(self, t):
		files = {
			"old/include/ver.h": "#define P(v, i) static int v = i; MODULE_PARM(v, \"i\")\n",
			"new/include/ver.h": "#define P(v, i) static int v = i; module_param(v, int, 0)\n",
			"old/drv/a.c": "#include \"ver.h\"\nP(a, 1);\n",
			"new/drv/b.c": "#include \"ver.h\"\nP(b, 1);\n",
			"new/drv/c.c": "#include <ver.h>\nP(c, 1);\n",
		}
		for rel, text in files.items():
			os.makedirs(os.path.join(t, os.path.dirname(rel)), exist_ok=True)
			with open(os.path.join(t, rel), "w") as f:
				f.write(text)

	def uses(self, dirs=None):
		import tempfile
		with tempfile.TemporaryDirectory() as t:
			self.tree(t)
			m = macros.Macros(t, {}, dirs and [os.path.join(t, d) for d in dirs])
			m.find_definitions({"old/include/ver.h": [1]})
			m.find_uses(["old/drv/a.c", "new/drv/b.c", "new/drv/c.c"])
			got = sorted(u.rel for u in m.uses)
			hdr = macros.includes(os.path.join(t, "new/drv/b.c"), "#include \"ver.h\"\n",
					      dirs and [os.path.join(t, d) for d in dirs])
			return got, [os.path.relpath(h, t) for h in hdr]

	def test_nearest_include(self):
		# each driver's own version directory: only old/'s use is a site
		self.assertEqual(self.uses(), (["old/drv/a.c"], ["new/include/ver.h"]))

	def test_include_dirs(self):
		# -I old/include: every use is built with the old header
		self.assertEqual(self.uses(["old/include"]),
				 (["new/drv/b.c", "new/drv/c.c", "old/drv/a.c"], ["old/include/ver.h"]))


if __name__ == "__main__":
	ktap_main(sys.modules[__name__])
