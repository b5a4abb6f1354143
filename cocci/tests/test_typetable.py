#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Tests of the table of module_param types (modparm_rules/typetable.py)
and of what is generated from it: the rows agree with each other and
with 6.1's linux/moduleparam.h (when a 6.1 tree or Debian's headers are
there), the views the converter reads give what the kernel does, and
modparm_helpers.cocci's generated type list is the table's (stale:
`make update` rewrites it).  Output is KTAP."""

import glob
import os
import re
import shutil
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
COCCI_DIR = os.path.dirname(HERE)
sys.path.insert(0, COCCI_DIR)
import gen_smpl_types  # noqa: E402
from modparm_convert import checkload  # noqa: E402
from modparm_rules import types, typetable  # noqa: E402
from test_convert import KtapResult  # noqa: E402

TYPES = typetable.TYPES


def moduleparam_h():
	"""linux/moduleparam.h of a 6.1 tree: the extracted one under
	$BUILD, else Debian's headers; None when neither is there."""
	build = os.environ.get("BUILD") or os.path.join(COCCI_DIR, "..", "build")
	cands = [os.path.join(build, "linux", "include", "linux", "moduleparam.h")]
	cands += sorted(glob.glob("/usr/src/linux-headers-6.1.*-common/include/linux/moduleparam.h"))
	for c in cands:
		if os.path.isfile(c):
			return c
	return None


class GeneratedTest(unittest.TestCase):
	"""modparm_helpers.cocci's generated part against the table."""

	def test_helpers_cocci_current(self):
		self.assertEqual(gen_smpl_types.main(["--check", gen_smpl_types.COCCI]), 0,
				 "modparm_helpers.cocci is stale: run make update")

	def test_stale_copy_found_and_rewritten(self):
		with open(gen_smpl_types.COCCI) as f:
			good = f.read()
		self.assertIn("|invbool|", good)
		d = tempfile.mkdtemp()
		try:
			path = os.path.join(d, "h.cocci")
			with open(path, "w") as f:
				f.write(good.replace("|invbool|", "|", 1))
			with open(os.devnull, "w") as null:
				err, sys.stderr = sys.stderr, null
				try:
					stale = gen_smpl_types.main(["--check", path])
				finally:
					sys.stderr = err
			self.assertEqual(stale, 1)
			out, sys.stdout = sys.stdout, open(os.devnull, "w")
			try:
				self.assertEqual(gen_smpl_types.main([path]), 0)
			finally:
				sys.stdout.close()
				sys.stdout = out
			with open(path) as f:
				self.assertTrue(f.read() == good, "not rewritten to the committed text")
		finally:
			shutil.rmtree(d)

	def test_every_helper_named(self):
		with open(gen_smpl_types.COCCI) as f:
			text = f.read()
		for name in typetable.HELPERS_26:
			for fn in ("param_set_" + name, "param_get_" + name):
				self.assertTrue("R %s(ps);" % fn in text, fn)


class RowsTest(unittest.TestCase):
	"""The rows agree with each other."""

	def test_names_unique(self):
		names = [t.name for t in TYPES]
		self.assertEqual(len(names), len(set(names)))

	def test_declared_in_one_row(self):
		# a dict built from the rows would let a later row win silently
		seen = {}
		for t in TYPES:
			for d in t.declared + t.typedefs + tuple(d for d, _ in t.other_sign):
				self.assertNotIn(d, seen, "%s in %s and %s" % (d, seen.get(d), t.name))
				seen[d] = t.name

	def test_limits_of_size_and_sign(self):
		for t in TYPES:
			if t.limits is None:
				continue
			bits = 8 * t.size
			want = (-2 ** (bits - 1), 2 ** (bits - 1) - 1) if t.signed else (0, 2 ** bits - 1)
			self.assertEqual(t.limits, want, t.name)

	def test_own_ctype_maps_back(self):
		# the C type of a type that declared types map to is one of them
		for t in TYPES:
			if t.declared:
				self.assertEqual(types.ptype(t.ctype, "none.c"),
						 (t.name, t.size, t.signed), t.name)

	def test_letters(self):
		self.assertEqual("".join(typetable.LETTERS), "bhils")
		for t in TYPES:
			if t.letter:
				self.assertEqual(types.ptype(t.ctype, "none.c")[0], t.name)
		self.assertEqual(types.TYPESTR_RE.match("1-4h").group(3), "h")
		self.assertIsNone(types.TYPESTR_RE.match("1-4q"))

	def test_unsigned_short_array(self):
		# one row decides it, whatever spelling or kernel typedef
		for d in ("unsigned short", "short unsigned int", "u16", "__le16", "umode_t"):
			self.assertEqual(types.ptype(d, "none.c"), ("ushort", 2, False), d)


class KernelTest(unittest.TestCase):
	"""The rows against 6.1's linux/moduleparam.h."""

	def setUp(self):
		self.h = moduleparam_h()
		if self.h is None:
			self.skipTest("no 6.1 linux/moduleparam.h (build/linux or Debian's "
				      "linux-headers-6.1)")
		with open(self.h) as f:
			self.text = f.read()

	def test_ops_and_check(self):
		for t in TYPES:
			if t.name == "copystring":
				# module_param_string's setter, no ops of its own
				self.assertTrue("int param_set_copystring(" in self.text, self.h)
				continue
			self.assertTrue(re.search(r'kernel_param_ops param_ops_%s;' % t.name, self.text),
					"no param_ops_%s in %s" % (t.name, self.h))
			if t.ctype is None:
				continue
			ctype = self.checked_type(t.name)
			self.assertEqual(ctype, t.ctype, t.name)

	def checked_type(self, name):
		"""The type param_check_NAME compares with, through the
		param_check_OTHER it is defined as (hexint's is uint's)."""
		for _ in range(3):
			m = re.search(r'#define param_check_%s\b(?:\(name, p\))?\s+(\w+)'
				      r'(?:\(name, p(?:, ([^)]*))?\))?' % name, self.text)
			self.assertIsNotNone(m, "param_check_%s" % name)
			if m.group(1) == "__param_check":
				return m.group(2)
			name = re.match(r'param_check_(\w+)$', m.group(1)).group(1)
		return None

	def test_helpers_declared(self):
		for name in typetable.HELPERS_26:
			self.assertTrue(re.search(r'\bparam_(set|get)_%s\(' % name, self.text), name)


class LoadValuesTest(unittest.TestCase):
	"""--check-load's texts of a default, as the kernel's getters show
	them."""

	def test_wrapped(self):
		self.assertEqual(checkload.scalar_text("byte", 256), "0")
		self.assertEqual(checkload.scalar_text("short", 40000), "-25536")
		self.assertEqual(checkload.scalar_text("ushort", -1), "65535")
		self.assertEqual(checkload.scalar_text("ulong", -1), str(2 ** 64 - 1))

	def test_booleans(self):
		self.assertEqual(checkload.scalar_text("bool", 2), "Y")
		self.assertEqual(checkload.scalar_text("invbool", 1), "N")
		self.assertEqual(checkload.scalar_text("invbool", 0), "Y")
		self.assertEqual(checkload.scalar_text("bint", 5), "1")
		self.assertEqual(checkload.scalar_text("bint", 0), "0")

	def test_letter_narrows(self):
		# "b" on an int: 2.6 took 0..255, the edge is 255
		p = checkload.Param(0, "x", "module_param", ["x", "int", "0"], 1)
		checkload.describe(p)
		p.letter = "b"
		checkload.plan(p, "static int x;\n", "")
		self.assertEqual(p.good, "255")
		p.letter = "i"
		checkload.plan(p, "static int x;\n", "")
		self.assertEqual(p.good, str(-2 ** 31))
		self.assertEqual(p.bad, str(2 ** 31))


class Result(KtapResult):
	"""KtapResult, with skips, and failures kept for the exit status."""

	def addFailure(self, test, err):
		self.failures.append((test, ""))
		super().addFailure(test, err)

	def addError(self, test, err):
		self.errors.append((test, ""))
		super().addError(test, err)

	def addSkip(self, test, reason):
		self.n += 1
		print("ok %d - %s # SKIP %s" % (self.n, test.id().split(".", 1)[1], reason))


if __name__ == "__main__":
	suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
	print("KTAP version 1")
	print("1..%d" % suite.countTestCases())
	r = Result(open(os.devnull, "w"), False, 0)
	suite.run(r)
	sys.exit(0 if r.wasSuccessful() else 1)
