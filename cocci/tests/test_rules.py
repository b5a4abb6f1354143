#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Table-driven unit tests of modparm_rules, the decisions that
modparm.cocci's script rules call, without spatch.  The tables are in
tests/data/rules/*.tsv (one test per row, tab-separated, "#"
comments); the forms table reads the test cases of tests/, whose .res
and .diag files are the reviewed results.  Output is KTAP."""

import os
import re
import sys
import unittest

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from modparm_rules import (cppcond, cond_blocks, ctext, decide,  # noqa: E402
			   declarations, types)
from test_convert import KtapResult  # noqa: E402

DATA = os.path.join(HERE, "data", "rules")
TESTS = HERE


def table(name):
	"""The rows of a data/rules table: lists of fields."""
	with open(os.path.join(DATA, name)) as f:
		return [l.rstrip("\n").split("\t") for l in f
			if l.strip() and not l.startswith("#")]


def none(field):
	return None if field == "-" else field


# a position as spatch hands it to a script rule (strings)
Pos = ctext.Pos


def add_rows(cls, name, rows, check):
	"""One test method of cls per row, named after the row."""
	for n, row in enumerate(rows, 1):
		label = re.sub(r'\W+', '_', row[0] + "_" + row[1]).strip("_")
		setattr(cls, "test_%02d_%s" % (n, label),
			lambda self, row=row: check(self, *row))


class TypeStringTest(unittest.TestCase):
	"""decode() of the type-string expression with the file's #defines,
	then TYPESTR_RE."""

	def check(self, expr, defs, decoded, mn, mx, letter, csize):
		d, fd = {}, {}
		for one in [] if defs == "-" else defs.split(";"):
			k, v = one.split("=", 1)
			m = re.match(r'(\w+)\((.*)\)$', k)
			if m:
				# a function-like #define: NAME(params)=body
				fd[m.group(1)] = ([x.strip() for x in m.group(2).split(",") if x.strip()], v)
			else:
				d[k] = v
		got = types.decode(expr, d, fdefs=fd)
		self.assertEqual(got, none(decoded))
		m = types.TYPESTR_RE.match(got.strip()) if got is not None else None
		if mn == "bad":
			self.assertIsNone(m)
			return
		self.assertIsNotNone(m, got)
		self.assertEqual(m.groups(), tuple(none(x) for x in (mn, mx, letter, csize)))


add_rows(TypeStringTest, "typestrings", table("typestrings.tsv"), TypeStringTest.check)


class CTypeTest(unittest.TestCase):
	"""ptype(): a declared base type -> module_param type, size, sign."""

	def check(self, declared, ty, size, signed):
		# no file: only the tables, no typedef of the file
		got = types.ptype(declared, os.path.join(DATA, "ifs.c"))
		if ty == "none":
			self.assertIsNone(got)
			return
		sign = None if signed == "-" else signed == "1"
		self.assertEqual(got, (ty, int(size), sign))


add_rows(CTypeTest, "ctypes", table("ctypes.tsv"), CTypeTest.check)


class IfWalkTest(unittest.TestCase):
	"""cond_stack() and if_branches() on ifs.c."""

	def check(self, what, line, expected):
		path = os.path.join(DATA, "ifs.c")
		if what == "stack":
			got = " ".join("%d:%d" % s for s in ctext.cond_stack(path, int(line)))
			self.assertEqual(got or "-", expected)
		elif what == "same":
			decl, site = line, expected.split()[0]
			got = cond_blocks.compiled_with(path, int(decl), int(site))
			self.assertEqual("%s %s" % (site, "yes" if got else "no"), expected)
		else:
			n, has_else = ctext.if_branches(path, int(line))
			self.assertEqual("%d %s" % (n, "else" if has_else else "-"), expected)


add_rows(IfWalkTest, "ifs", table("ifs.tsv"), IfWalkTest.check)


class CppCondTest(unittest.TestCase):
	"""values_on_modern(): an #if condition on every kernel with
	module_param."""

	def check(self, cond, macros, expected):
		m = {}
		for one in [] if macros == "-" else macros.split(";"):
			k, body = one.split("=", 1)
			name, _, params = k.partition("(")
			m[name] = ([p.strip() for p in params.rstrip(")").split(",")]
				   if params else None, body)
		got = cppcond.values_on_modern(cond, m)
		want = {"false": {False}, "true": {True}, "both": {False, True},
			"none": None}[expected]
		self.assertEqual(got, want)


add_rows(CppCondTest, "cppconds", table("cppconds.tsv"), CppCondTest.check)


class FormTest(unittest.TestCase):
	"""decide1(): the form of a site of tests/CASE.c, the declaration
	recorded as the SmPL rules d/d_rev record it."""

	def check(self, case, var, spatch_type, form, ty, kinds):
		path = os.path.join(TESTS, case + ".c")
		with open(path) as f:
			lines = f.read().split("\n")
		site = next(n for n, l in enumerate(lines, 1)
			    if re.match(r'\s*MODULE_PARM\(\s*%s\s*,' % var, l))
		p = Pos(path, site, lines[site - 1].index("MODULE_PARM"))
		dv = declarations.alias_of(var, path)
		if spatch_type != "-":
			# the file-scope declaration of dv above the site
			dl = next(n for n, l in enumerate(lines[:site], 1)
				  if not l.startswith("#") and "MODULE_PARM" not in l
				  and re.search(r'\b%s\b' % dv, l))
			col = re.search(r'\b%s\b' % dv, lines[dl - 1]).start()
			decide.record_decl(dv, spatch_type, Pos(path, dl, col))
		r = decide.decide1(var, self.typestring(lines[site - 1]), p)
		self.assertEqual(r.form, form, r.diags)
		if ty != "-":
			self.assertEqual(r.ty, ty)
		self.assertEqual(",".join(k for k, _ in r.diags) or "-", kinds, r.diags)

	@staticmethod
	def typestring(line):
		"""The second argument of MODULE_PARM(v, t); as SmPL binds t."""
		return re.match(r'\s*MODULE_PARM\(\s*\w+\s*,\s*(.*)\);', line).group(1).strip()


add_rows(FormTest, "forms", table("forms.tsv"), FormTest.check)


if __name__ == "__main__":
	suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
	print("KTAP version 1")
	print("1..%d" % suite.countTestCases())
	r = KtapResult(open(os.devnull, "w"), False, 0)
	suite.run(r)
	sys.exit(0 if r.wasSuccessful() else 1)
