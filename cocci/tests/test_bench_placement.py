#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Unit tests of bench_placement.py (where make bench says the
module_param lines of a conversion went), on two small trees written
here from the order_ifdef_nested case.  Output is KTAP."""

import io
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stdout

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(here))
sys.path.insert(0, here)
import bench_placement  # noqa: E402
from test_convert import ktap_main  # noqa: E402


def moved(text):
	"""The case converted with each module_param line put after its
	declaration, out of the #ifs around the site (what a wrong placement
	gives)."""
	out = []
	for line in text.split("\n"):
		if line.startswith("MODULE_PARM("):
			continue
		out.append(line)
		if line.startswith("int debug") or line.startswith("static int probe"):
			var = "debug" if "debug" in line else "probe"
			out.append("module_param(%s, int, 0);" % var)
	return "\n".join(out)


class PlacementTest(unittest.TestCase):
	def run_bench(self, new_text, old_text=None):
		if old_text is None:
			with open(os.path.join(here, "order_ifdef_nested.c")) as f:
				old_text = f.read()
		with tempfile.TemporaryDirectory() as t:
			for name, text in (("old", old_text), ("new", new_text)):
				os.mkdir(os.path.join(t, name))
				with open(os.path.join(t, name, "drv.c"), "w") as f:
					f.write(text)
			buf = io.StringIO()
			with redirect_stdout(buf):
				rc = bench_placement.main(["bench_placement.py",
							   os.path.join(t, "old"),
							   os.path.join(t, "new")])
		self.assertEqual(rc, 0)
		return buf.getvalue()

	def test_in_place(self):
		with open(os.path.join(here, "order_ifdef_nested.res")) as f:
			got = self.run_bench(f.read())
		self.assertIn("2 converted sites, 2 in place, 0 moved", got)

	def test_moved_out_of_nested_ifdef(self):
		# declared under '#ifdef ACX_DEBUG', the site under '#ifdef
		# MODULE' / '#ifdef ACX_DEBUG': declared in every configuration
		# of the site, so a move is needless and is listed
		with open(os.path.join(here, "order_ifdef_nested.c")) as f:
			got = self.run_bench(moved(f.read()))
		self.assertIn("2 converted sites, 0 in place, 2 moved, 2 of them "
			      "declared above", got)
		self.assertIn("moved, declared above: drv.c:14: debug", got)
		self.assertIn("moved, declared above: drv.c:26: probe", got)

	def test_moved_other_condition(self):
		# a declaration under a condition the site does not test is
		# no declaration above for it
		with open(os.path.join(here, "order_ifdef_nested.c")) as f:
			old = f.read().replace("#ifdef ACX_DEBUG\nint debug",
					       "#ifdef ACX_TRACE\nint debug")
		got = self.run_bench(moved(old), old)
		self.assertIn("2 converted sites, 0 in place, 2 moved, 1 of them "
			      "declared above", got)
		self.assertNotIn(": debug", got)


if __name__ == "__main__":
	ktap_main(sys.modules[__name__])
