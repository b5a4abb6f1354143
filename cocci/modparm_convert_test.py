#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Unit tests of the modparm_convert package on recorded inputs
(modparm_convert/test_data: spatch's output and stderr for a file, the
repaired result).  Output is KTAP.  Needs git, not spatch."""

import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from modparm_convert import convert, fixups, patches, results, sites  # noqa: E402

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "modparm_convert", "test_data")


def data(name):
	with open(os.path.join(DATA, name), "rb") as f:
		return f.read().decode("utf-8", "surrogateescape")


class SitesTest(unittest.TestCase):
	def test_sites_code_macro_dead(self):
		code, macro, dead = sites.find_sites(data("sites.c"))
		self.assertEqual(code, [5, 14, 17, 19])
		self.assertEqual(macro, [8, 10])
		self.assertEqual(dead, [12])

	def test_site_variable_on_next_line(self):
		self.assertEqual(sites.site_variable(data("sites.c"), 5), "a")

	def test_walk_odd_names_and_dangling_link(self):
		top = tempfile.mkdtemp()
		try:
			os.makedirs(os.path.join(top, "with space"))
			for n in ("with space/a b.c", "new\nline.c", "x.h", "x.txt"):
				open(os.path.join(top, n), "w").close()
			os.symlink("missing.c", os.path.join(top, "gone.c"))
			seen = []
			got = sites.walk(top, lambda rel, msg: seen.append((rel, msg)))
			self.assertEqual(got, ["new\nline.c", "with space/a b.c", "x.h"])
			self.assertEqual([r for r, _ in seen], ["gone.c"])
			self.assertIn("dangling", seen[0][1])
		finally:
			shutil.rmtree(top)


class AccountTest(unittest.TestCase):
	def recorded(self):
		r = results.parse_log(data("order_comment.stderr"))
		with open(os.path.join(DATA, "order_comment.spatch.c"), "rb") as f:
			r.new = f.read()
		return r

	def test_parse_log(self):
		r = results.parse_log(data("order_comment.stderr"))
		self.assertEqual(r.sites, {9: ("converted", "param"), 15: ("converted", "param"),
					   22: ("converted", "param")})

	def test_repairs_of_recorded_spatch_output(self):
		t = convert.Tree()
		old = data("order_comment.c")
		code = sites.find_sites(old)[0]
		new = t.account("order_comment.c", old, code, self.recorded())
		self.assertEqual(new, data("order_comment.fixed.c"))
		self.assertEqual((t.found, t.converted, t.nleft()), (3, 3, 0))

	def test_site_only_spatch_saw_is_an_error(self):
		t = convert.Tree()
		old = data("order_comment.c")
		code = sites.find_sites(old)[0]
		new = t.account("order_comment.c", old, code[:-1], self.recorded())
		self.assertIsNone(new)
		self.assertEqual(t.found, 3)
		self.assertEqual(t.left, {"internal": 3})
		self.assertEqual([(d[0], d[1], d[3]) for d in t.diags],
				 [("order_comment.c", code[-1], "error")])
		self.assertEqual(t.failed, ["order_comment.c"])

	def test_spatch_lines_off_but_same_sites(self):
		t = convert.Tree()
		old = data("order_comment.c")
		code = sites.find_sites(old)[0]
		r = self.recorded()
		r.vars = {9: "late", 15: "with_desc", 22: "retries"}
		r.sites = {l - 1: v for l, v in r.sites.items()}
		r.vars = {l - 1: v for l, v in r.vars.items()}
		self.assertEqual(t.account("order_comment.c", old, code, r), data("order_comment.fixed.c"))
		self.assertEqual((t.found, t.converted, t.failed), (3, 3, []))

	def test_spatch_lines_off_other_variables(self):
		t = convert.Tree()
		old = data("order_comment.c")
		code = sites.find_sites(old)[0]
		r = self.recorded()
		r.sites = {l - 1: v for l, v in r.sites.items()}
		r.vars = {l: "x" for l in r.sites}
		self.assertIsNone(t.account("order_comment.c", old, code, r))
		self.assertEqual(t.failed, ["order_comment.c"])

	def test_site_spatch_missed_leaves_the_file(self):
		t = convert.Tree()
		old = data("order_comment.c")
		code = sites.find_sites(old)[0]
		r = self.recorded()
		del r.sites[code[0]]
		self.assertIsNone(t.account("order_comment.c", old, code, r))
		self.assertEqual((t.found, t.converted, t.left), (3, 0, {"parse": 3}))
		self.assertEqual([d[1] for d in t.diags], [code[0]])


class TreeRunTest(unittest.TestCase):
	"""What one spatch run over a tree leaves: records (JSON of the
	finalize rule) and one diff for all files."""

	def test_records(self):
		import json
		r = results.from_records(json.loads(data("order_comment.json")), {"order_comment.c": 0})
		self.assertEqual(r[0].sites, results.parse_log(data("order_comment.stderr")).sites)

	def test_diff_gives_spatch_output(self):
		parts = results.split_diff(data("order_comment.diff"), {"order_comment.c", "other.c"})
		self.assertEqual(list(parts), ["order_comment.c"])
		self.assertEqual(results.apply_diff(data("order_comment.c"), parts["order_comment.c"]),
				 data("order_comment.spatch.c"))

	def test_diff_not_matching_is_an_error(self):
		parts = results.split_diff(data("order_comment.diff"), {"order_comment.c"})
		with self.assertRaises(results.DiffError):
			results.apply_diff(data("sites.c"), parts["order_comment.c"])


class PatchesTest(unittest.TestCase):
	def series(self):
		tmp = tempfile.mkdtemp()
		try:
			changes = [("drivers/a.c", b"MODULE_PARM(a, \"i\");\n", b"module_param(a, int, 0);\n",
				    "a: convert\n\nbody\n"),
				   ("odd\nname.c", b"x\n", b"y\n", "odd: convert\n\nbody\n")]
			names = patches.write_series(tmp, os.path.join(tmp, "out"), "T <t@e>", changes)
			return names, [open(os.path.join(tmp, "out", n), "rb").read() for n in names]
		finally:
			shutil.rmtree(tmp)

	def test_format_patch_series(self):
		names, texts = self.series()
		self.assertEqual(names, ["0001-a-convert.patch", "0002-odd-convert.patch"])
		self.assertIn(b"Subject: [PATCH 1/2] a: convert\n", texts[0])
		self.assertIn(b"Date: Thu, 1 Jan 1970 00:00:00 +0000\n", texts[0])
		self.assertIn(b"+module_param(a, int, 0);\n", texts[0])
		self.assertIn(b'diff --git "a/odd\\nname.c" "b/odd\\nname.c"', texts[1])

	def test_reproducible(self):
		self.assertEqual(self.series(), self.series())


class KtapResult(unittest.TextTestResult):
	def __init__(self, *a, **kw):
		super().__init__(*a, **kw)
		self.n = 0

	def emit(self, test, ok, why=""):
		self.n += 1
		print("%s %d - %s" % ("ok" if ok else "not ok", self.n, test.id().split(".", 1)[1]))
		for l in why.rstrip().split("\n") if why else []:
			print("# " + l)

	def addSuccess(self, test):
		self.emit(test, True)

	def addFailure(self, test, err):
		self.emit(test, False, self._exc_info_to_string(err, test))

	def addError(self, test, err):
		self.emit(test, False, self._exc_info_to_string(err, test))


if __name__ == "__main__":
	suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
	print("KTAP version 1")
	print("1..%d" % suite.countTestCases())
	r = KtapResult(open(os.devnull, "w"), False, 0)
	suite.run(r)
	sys.exit(0 if r.wasSuccessful() else 1)
