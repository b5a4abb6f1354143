#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Unit tests of the modparm_convert package on recorded inputs
(tests/data/convert: spatch's output and stderr for a file, the
repaired result).  Output is KTAP.  Needs git, not spatch."""

import difflib
import os
import re
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from modparm_convert import checkbuild, fixups, outdir, patches, report, results, sites, spatch, tree  # noqa: E402

DATA = os.path.join(HERE, "data", "convert")
# Its order_comment.c copies tests/order_comment.c on purpose: the spatch output recorded beside it was made from this text.
TESTS = HERE


def data(name):
	with open(os.path.join(DATA, name), "rb") as f:
		return f.read().decode("utf-8", "surrogateescape")


class SitesTest(unittest.TestCase):
	def test_sites_code_macro_dead(self):
		code, macro, dead = sites.find_sites(data("sites.c"))
		self.assertEqual(code, [5, 14, 17, 19])
		self.assertEqual(macro, [8, 10])
		self.assertEqual(dead, [12])

	def test_own_definitions(self):
		# (text, {#define line: its calls}): only a #define under no #if
		# (an include guard is none) makes the calls the file's own
		table = [
			('#define MODULE_PARM(x, t) { &x, t },\nMODULE_PARM(a, "i")\n'
			 'MODULE_PARM(b, "i") MODULE_PARM(c, "i")\n', {1: [2, 3, 3]}),
			('#if LINUX_VERSION_CODE < 0x20100\n#define MODULE_PARM(x, y)\n#endif\n'
			 'MODULE_PARM(a, "i");\n', {}),
			('#ifndef MODULE_PARM\n#define MODULE_PARM(x, y)\n#endif\nMODULE_PARM(a, "i");\n', {}),
			('#ifndef X_H\n#define X_H\n#define MODULE_PARM(x, y) \\\n\tMODULE_PARM_X(x)\n'
			 'MODULE_PARM(a, "i")\n#endif\n', {3: [5]}),
			('MODULE_PARM(a, "i");\n#define MODULE_PARM(x, t) {x},\nMODULE_PARM(b, "i")\n'
			 '#undef MODULE_PARM\nMODULE_PARM(c, "i");\n/* #define MODULE_PARM */\n', {2: [3]}),
		]
		for text, want in table:
			self.assertEqual(sites.own_definitions(text), want, text)

	def test_site_variable_on_next_line(self):
		self.assertEqual(sites.site_variable(data("sites.c"), 5), "a")

	def test_params_declared_is_declares_param_in_of_each(self):
		# the one-pass set must hold exactly the variables the search
		# per variable finds: a prefix of a name, a name split over
		# lines, a statement after another, and one not at a statement
		text = ("module_param(foobar, int, 0);\n"
			"x = 1; module_param_array(arr , int, NULL, 0);\n"
			"\tmodule_param_named(alias, real, int, 0);\n"
			"f(module_param(inner, int, 0));\n"
			"module_param(\nsplit, int, 0);\n"
			"} module_param_string(s2,\tbuf, 8, 0);\n")
		names = ["foo", "foobar", "arr", "alias", "real", "inner", "split", "s2", "buf"]
		want = set(n for n in names if sites.declares_param_in(text, n))
		self.assertEqual(want, {"foobar", "arr", "alias", "s2"})
		self.assertEqual(sites.params_declared(text), want)

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


class FixupsTest(unittest.TestCase):
	def test_split_glued(self):
		old = ["static int b;", "", 'MODULE_PARM(a, "i"); MODULE_PARM(b, "i");',
		       "#ifdef MODULE", '\t\tMODULE_PARM(irq, "i");', "#endif"]
		new = ["static int b; module_param(b, int, 0);", "#ifdef MODULE",
		       "\t\tmodule_param(irq, int, 0);", "#endif"]
		self.assertEqual(fixups.split_glued(old, new),
				 ["static int b;", "module_param(b, int, 0);", "#ifdef MODULE",
				  "\t\tmodule_param(irq, int, 0);", "#endif"])

	def test_restore_blank_lines_between_blocks(self):
		# spatch's output of tests/order_below_blank.c: the line added
		# after a's declaration replaces the blank lines above b's
		# MODULE_PARM; a MODULE_PARM converted in place keeps its line
		old = ['MODULE_PARM(a, "i");', "static int a = 1;", "", "",
		       'MODULE_PARM(b, "i");', 'MODULE_PARM_DESC(b, "B");', "",
		       "static int b;", "", 'MODULE_PARM(c, "i");']
		new = ["static int a = 1;", "module_param(a, int, 0);",
		       'MODULE_PARM_DESC(b, "B");', "", "static int b;",
		       "module_param(b, int, 0);", "module_param(c, int, 0);"]
		self.assertEqual(fixups.restore_blank_lines(old, new),
				 ["static int a = 1;", "module_param(a, int, 0);", "",
				  'MODULE_PARM_DESC(b, "B");', "", "static int b;",
				  "module_param(b, int, 0);", "module_param(c, int, 0);"])

	def test_fix_comments_over_lines(self):
		# spatch's output of tests/order_comment_lines.c: the comment
		# begun after the declaration follows the new module_param line
		old = ['MODULE_PARM(n, "i");', "int n = 20;\t/* Maximum number of ",
		       "\t * reads", "\t */", "int m;"]
		new = ["int n = 20;", "module_param(n, int, 0);\t/* Maximum number of",
		       "\t * reads", "\t */", "int m;"]
		self.assertEqual(fixups.fix_comments(old, new),
				 ["int n = 20;\t/* Maximum number of ", "\t * reads", "\t */",
				  "module_param(n, int, 0);", "int m;"])
		# a comment whose end has code after it is left as spatch wrote it
		new2 = new[:3] + ["\t */ int k;", "int m;"]
		old2 = old[:3] + ["\t */ int k;", "int m;"]
		self.assertEqual(fixups.fix_comments(old2, new2), new2)

	# spatch's output of a MODULE_PARM above '#ifdef A / static int v = 1; /
	# #else / static int v; / #endif', with what comes between the lines
	OLD_IF = ['MODULE_PARM(v, "i");', "#ifdef A", "static int v = 1;", "#else",
		  "static int v;", "#endif"]

	def hoisted(self, new, old=None):
		return fixups.hoist_branch_lines(old or self.OLD_IF, new)

	def test_hoist_one_line_after_endif(self):
		line = "module_param(v, int, 0);"
		self.assertEqual(self.hoisted(["#ifdef A", "static int v = 1;", line, "#else",
					       "static int v;", line, "#endif", "", "int f;"]),
				 ["#ifdef A", "static int v = 1;", "#else", "static int v;",
				  "#endif", line, "", "int f;"])

	def test_hoist_three_branches_and_nested(self):
		line = "module_param(v, int, 0);"
		new = ["#ifdef M", "#if A", "static int v = 1;", line, "#elif B",
		       "#ifdef C", "int c;", "#endif", "static int v = 2;", line, "#else",
		       "static int v;", line, "#endif", "#endif"]
		self.assertEqual(self.hoisted(new),
				 ["#ifdef M", "#if A", "static int v = 1;", "#elif B", "#ifdef C",
				  "int c;", "#endif", "static int v = 2;", "#else", "static int v;",
				  "#endif", line, "#endif"])

	def test_hoist_keeps_the_moved_comment(self):
		new = ["#ifdef A", "static int v = 1;", "module_param(v, int, 0); /* v */",
		       "#else", "static int v;", "module_param(v, int, 0);", "#endif"]
		self.assertEqual(self.hoisted(new)[-1], "module_param(v, int, 0); /* v */")

	def test_no_hoist(self):
		line = "module_param(v, int, 0);"
		cases = {
			# no #else: a configuration without v
			"no else": ["#ifdef A", "static int v = 1;", line, "#endif"],
			"a branch without it": ["#if A", "static int v = 1;", line, "#elif B",
						"#else", "static int v;", line, "#endif"],
			# each with its own type
			"other types": ["#ifdef A", "static long v = 1;", "module_param(v, long, 0);",
					"#else", "static int v;", line, "#endif"],
			# a line only in a nested #if of one branch
			"nested": ["#ifdef A", "#ifdef C", "static int v = 1;", line, "#endif",
				   "#else", "static int v;", line, "#endif"],
			# a #define after it could change what it means
			"define after": ["#ifdef A", "static int v = 1;", line, "#define v w",
					 "#else", "static int v;", line, "#endif"],
			# not spatch's: the old file had them
			"old lines": ["#ifdef A", "static int v = 1;", line, "#else",
				      "static int v;", line, "#endif"],
			# in place of a MODULE_PARM in each branch (aha152x)
			"in place": ["#ifdef A", "static int v[9];", line, "#else",
				     "static int v[8];", line, "#endif"],
		}
		olds = {"old lines": cases["old lines"],
			"in place": ["#ifdef A", "static int v[9];", 'MODULE_PARM(v, "1-9i");', "#else",
				     "static int v[8];", 'MODULE_PARM(v, "1-8i");', "#endif"]}
		for name, new in cases.items():
			old = olds.get(name)
			self.assertEqual(self.hoisted(new, old), new, name)


	def test_unguard(self):
		line = "module_param(v, int, 0);"
		desc = ['MODULE_PARM_DESC(v,', '\t"the v");']
		guards = ["#ifdef MODULE_PARM", "#if defined(MODULE_PARM)", "# if defined MODULE_PARM"]
		for g in guards:
			new = ["static int v;", g, line] + desc + ["/* c */", "#endif", "int x;"]
			self.assertEqual(fixups.unguard([], new),
					 ["static int v;", line] + desc + ["/* c */", "int x;"], g)
			old = ["static int v;", g, 'MODULE_PARM(v, "i");', "#endif"]
			got = ["static int v;", line]
			self.assertEqual(fixups.removed_guards(old, got), {2})
		# an #if inside the guard that holds only parameter lines keeps
		# its condition, which 6.1 tests as the old kernels did (an RTSP
		# helper's '#ifndef IFX_RTSP_NAT_ALG' in its '#ifdef MODULE_PARM')
		nested = ["#ifdef MODULE_PARM", "", "#ifndef A", line] + desc + \
			 ["#else", "MODULE_PARM_DESC(w, \"x\");", "#endif", "", "#endif"]
		self.assertEqual(fixups.unguard([], nested), nested[1:-1], "nested #if")
		spaced = ["int a;", "", "#ifdef MODULE_PARM", "", line, "#endif", "", "int x;"]
		self.assertEqual(fixups.unguard([], spaced), ["int a;", "", line, "", "int x;"],
				 "one of the blank lines around the guard")
		kept = {
			"an #else": ["#ifdef MODULE_PARM", line, "#else", "#endif"],
			"a site left": ["#ifdef MODULE_PARM", line, 'MODULE_PARM(w, "q");', "#endif"],
			"other code": ["#ifdef MODULE_PARM", line, "static int compat;", "#endif"],
			"nested #if, other code": ["#ifdef MODULE_PARM", "#ifdef A", line,
						   "static int compat;", "#endif", "#endif"],
			"nested guard": ["#ifdef MODULE_PARM", "#if LINUX_VERSION_CODE < 0x020600",
					 line, "#endif", "#endif"],
			"nested #if, no parameter": ["#ifdef MODULE_PARM", "#ifdef A",
						     "MODULE_PARM_DESC(v, \"x\");", "#endif", "#endif"],
			"nested #define": ["#ifdef MODULE_PARM", "#define A 1", line, "#endif"],
			"no parameter": ["#ifdef MODULE_PARM", "MODULE_PARM_DESC(v, \"x\");", "#endif"],
			"another guard": ["#ifdef MODULE", line, "#endif"],
			"#ifndef": ["#ifndef MODULE_PARM", line, "#endif"],
		}
		for name, new in kept.items():
			self.assertEqual(fixups.unguard([], new), new, name)


	def test_unguard_parsers(self):
		old = ["#ifndef MODULE", "static int __init f(char *s)", "{", "}",
		       '__setup("v=", f);', "#endif /* MODULE */", "int x;"]
		call = "module_param_call(v, modparm_set_v, NULL, NULL, 0);"
		new = old[:5] + [call] + old[5:]
		self.assertEqual(fixups.unguard_parsers(old, new), old[1:5] + [call, "int x;"])
		# an #else, another guard, or a call the old file had: kept
		for o in (["#ifndef MODULE", call, "#else", "#endif"],
			  ["#ifdef CONFIG_X", call, "#endif"],
			  ["#if !defined(MODULE)", call, "#endif"]):
			self.assertEqual(fixups.unguard_parsers(o, o), o)
		n = ["#if !defined(MODULE)", call, "#endif"]
		self.assertEqual(fixups.unguard_parsers([], n), [call])


	def test_trimmed_opcodes_as_whole_files(self):
		# the repairs match the two texts past their shared first and
		# last lines: where difflib on the whole files could align a
		# repeated line another way, they must give what it gives
		par = ['MODULE_PARM(a, "i");', 'MODULE_PARM_DESC(a, "A");']
		block = ["#ifdef MODULE"] + par + ["#endif", ""]
		cases = {
			"empty": ([], []),
			"all added": ([], ["static int a;", "module_param(a, int, 0);"]),
			"all removed": (par, []),
			"change at the start": (
				par + ["static int a;", "", "int x;"],
				['MODULE_PARM_DESC(a, "A");', "static int a;", "module_param(a, int, 0);",
				 "", "int x;"]),
			"change at the end": (
				["/* a */", "", "static int a;", ""] + par,
				["/* a */", "", "static int a;", "module_param(a, int, 0);", "",
				 'MODULE_PARM_DESC(a, "A");']),
			"repeated blocks": (
				block + block + ["static int a;", "", "}", ""] + block,
				block[:1] + block[2:] + block + ["static int a;", "module_param(a, int, 0);",
								  "", "}", ""] + block),
			"a run longer than the shared start": (
				["x", "y", "x", "y", "", 'MODULE_PARM(a, "i");', "static int a;"],
				["x", "y", "", "static int a;", "module_param(a, int, 0);"]),
			# the shared end would take the shared start's last line
			"ends overlapping": (
				["static int b;", "}", "/* c */", 'MODULE_PARM(a, "i");',
				 'MODULE_PARM(a, "i");', "x", "x", "/* c */", "static int a;", "}",
				 "static int b;"],
				["static int b;", "}", "/* c */", 'MODULE_PARM(a, "i");', "x", "x",
				 "/* c */", "static int a;", "}", "static int b;"]),
			# matched past the shared ends without the check, the
			# repairs gave another text for these two
			"a longer run in the middle": (
				["#ifdef MODULE", "#endif", 'MODULE_PARM(a, "i");', 'MODULE_PARM(a, "i");',
				 "", "static int a;", "}", 'MODULE_PARM(a, "i");', "#ifdef MODULE",
				 "#endif", 'MODULE_PARM(a, "i");', "", "}", "}"],
				["#ifdef MODULE", "#endif", 'MODULE_PARM(a, "i");', "", "static int a;",
				 "module_param(a, int, 0);", "}", "#ifdef MODULE", "#endif", "", "}", "}"]),
			"comments repeated": (
				["/* c */", 'MODULE_PARM(b, "i");', "/* c */", "/* c */",
				 'MODULE_PARM(b, "i");', "#ifdef MODULE", "static int b;",
				 'MODULE_PARM(b, "i");', "", "static int b;", "", "static int a;",
				 'MODULE_PARM(b, "i");', "static int a;"],
				["/* c */", "/* c */", "/* c */", "#ifdef MODULE", "static int b;",
				 "module_param(b, int, 0);", "", "static int b;", "", "static int a;",
				 "module_param(a, int, 0);", "static int a;", "module_param(a, int, 0);"]),
			"blank lines": (
				["", "", 'MODULE_PARM(a, "i");', "", "", "static int a;", "", ""],
				["", "", "", "", "static int a;", "module_param(a, int, 0);", "", ""]),
		}

		def whole(old, new):
			return tuple(difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes())

		def repairs(old, new):
			return (fixups.apply_all(old, new), fixups.removed_guards(old, new),
				[f(old, new) for f in (fixups.restore_blank_lines, fixups.move_orphan_comments,
						       fixups.drop_removed_comments,
						       fixups.drop_empty_conditionals,
						       fixups.hoist_branch_lines)])
		trimmed = fixups.opcodes
		for name, (old, new) in cases.items():
			self.assertEqual(fixups.opcodes(old, new), whole(old, new), name)
			got = repairs(old, new)
			fixups.opcodes = whole
			try:
				want = repairs(old, new)
			finally:
				fixups.opcodes = trimmed
			self.assertEqual(got, want, name)


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
		t = tree.Tree()
		old = data("order_comment.c")
		code = sites.find_sites(old)[0]
		new = t.account("order_comment.c", old, code, self.recorded())
		self.assertEqual(new, data("order_comment.fixed.c"))
		self.assertEqual((t.found, t.converted, t.nleft()), (3, 3, 0))

	def test_site_only_spatch_saw_is_an_error(self):
		t = tree.Tree()
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
		t = tree.Tree()
		old = data("order_comment.c")
		code = sites.find_sites(old)[0]
		r = self.recorded()
		r.vars = {9: "late", 15: "with_desc", 22: "retries"}
		r.sites = {l - 1: v for l, v in r.sites.items()}
		r.vars = {l - 1: v for l, v in r.vars.items()}
		self.assertEqual(t.account("order_comment.c", old, code, r), data("order_comment.fixed.c"))
		self.assertEqual((t.found, t.converted, t.failed), (3, 3, []))

	def test_spatch_lines_off_other_variables(self):
		t = tree.Tree()
		old = data("order_comment.c")
		code = sites.find_sites(old)[0]
		r = self.recorded()
		r.sites = {l - 1: v for l, v in r.sites.items()}
		r.vars = {l: "x" for l in r.sites}
		self.assertIsNone(t.account("order_comment.c", old, code, r))
		self.assertEqual(t.failed, ["order_comment.c"])

	def test_site_spatch_missed_leaves_the_file(self):
		t = tree.Tree()
		old = data("order_comment.c")
		code = sites.find_sites(old)[0]
		r = self.recorded()
		del r.sites[code[0]]
		self.assertIsNone(t.account("order_comment.c", old, code, r))
		self.assertEqual((t.found, t.converted, t.left), (3, 0, {"parse": 3}))
		self.assertEqual([d[1] for d in t.diags], [code[0]])


	def test_failure_of_the_semantic_patch_is_internal(self):
		t = tree.Tree()
		old = data("order_comment.c")
		code = sites.find_sites(old)[0]
		r = results.FileResult()
		r.failed = True
		r.crash = spatch.python_error("Traceback (most recent call last):\n"
					      '  File "<string>", line 5, in <module>\n'
					      "IndexError: list index out of range\n"
					      'Error in Python script, line 1118, file "/x/modparm.cocci": '
					      "Python failure\n")
		self.assertEqual(r.crash, "IndexError: list index out of range (modparm.cocci line 1118)")
		self.assertIsNone(t.account("order_comment.c", old, code, r))
		self.assertEqual((t.found, t.left), (3, {"internal": 3}))
		self.assertIn("IndexError", t.diags[0][5])
		self.assertIn("internal error: modparm.cocci failed on 1 file, left untouched: "
			      "order_comment.c", "\n".join(report.summary(t, "x", 0)))
		# with --file-groups spatch names the file and goes on
		log = ("HANDLING: a.c\nTraceback (most recent call last):\n"
		       '  File "<string>", line 5, in <module>\nKeyError: \'x\'\n'
		       'EXN: Failure("Error in Python script, line 7, file \\"/y/modparm.cocci\\": '
		       'Python failure") in a.c\nHANDLING: b.c\n')
		self.assertEqual(spatch.python_errors(log), {"a.c": "KeyError: 'x' (modparm.cocci line 7)"})

	def test_several_sites_on_one_line(self):
		t = tree.Tree()
		old = '#include <linux/module.h>\nstatic int a, b;\nMODULE_PARM(a, "i"); MODULE_PARM(b, "i");\n'
		r = results.parse_log("modparm-site: x.c:3:1: converted param\n"
				      "modparm-site: x.c:3:22: converted param\n")
		r.new = old.replace("MODULE_PARM(a, \"i\")", "module_param(a, int, 0)").replace(
			"MODULE_PARM(b, \"i\")", "module_param(b, int, 0)").encode()
		self.assertIsNotNone(t.account("x.c", old, sites.find_sites(old)[0], r))
		self.assertEqual((t.found, t.converted, t.nleft()), (2, 2, 0))


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


def decl(name, type_, qtype=None, dims=(), rtype=None):
	d = {"type": type_, "qtype": qtype or type_, "decl": name, "dims": list(dims)}
	if rtype:
		d["rtype"] = rtype
	return d


class CheckBuildSourceTest(unittest.TestCase):
	"""The module --check-build compiles for one converted file."""

	CONVERTED = "\n".join([
		"#include <linux/module.h>",
		"typedef unsigned int ioaddr_t;",
		"static volatile int x;",
		"module_param(x, int, 0);",
		"static ioaddr_t io[MAX_IO];",
		"static char *board = \"auto\";",
		"module_param_array(io, uint,",
		"\t\t   NULL, 0);",
		"#define gscd_port gscd",
		"static short gscd;",
		"module_param_named(gscd_port, gscd, short, 0);",
		"module_param(board, charp, 0);",
		""])

	def sites(self):
		S = checkbuild.Site
		return [S("a.c", "drv/a.c", 3, "x", "param", decl("x", "int", "volatile int")),
			S("a.c", "drv/a.c", 6, "io", "array", decl("io", "ioaddr_t", dims=["MAX_IO"],
								    rtype="unsigned int")),
			S("a.c", "drv/a.c", 9, "gscd_port", "named", decl("gscd", "short")),
			S("a.c", "drv/a.c", 12, "board", "param", decl("board", "char *", "const char *"))]

	def source(self):
		return checkbuild.module_source("m.c", self.sites(), self.CONVERTED)

	def copied(self, text):
		"""{line in the converted file: copied line} by the #line directives."""
		out = {}
		at = None
		for l in text.split("\n"):
			m = re.match(r'#line (\d+) "(.*)"$', l)
			if m:
				at = int(m.group(1)) if m.group(2) == "drv/a.c" else None
			elif at is not None:
				out[at] = l
				at += 1
		return out

	def test_line_directives_name_the_converted_lines(self):
		text, spans = self.source()
		got = self.copied(text)
		conv = self.CONVERTED.split("\n")
		self.assertTrue(got)
		for ln, l in got.items():
			self.assertEqual(l, conv[ln - 1])
		params = [l for l in conv if l.startswith("module_param")]
		self.assertEqual(len([l for l in got.values() if l.startswith("module_param")]),
				 len(params))

	def test_comment_going_on_below_is_cut(self):
		# spatch leaves a declaration's trailing comment on the added line
		chunk = ["module_param(u, int, 0); /* XX: one day", "\t  more */"]
		self.assertEqual(checkbuild.cut_open_comment(chunk[:1]), ["module_param(u, int, 0);"])
		kept = ["module_param(u, int, 0); /* closed */"]
		self.assertEqual(checkbuild.cut_open_comment(kept), kept)

	def test_statement_over_two_lines_copied_whole(self):
		got = self.copied(self.source()[0])
		first = [ln for ln, l in got.items() if l.startswith("module_param_array(io")][0]
		self.assertEqual(got[first + 1], "\t\t   NULL, 0);")

	def test_declarations(self):
		text = self.source()[0]
		self.assertIn("static volatile int x;", text)
		# the typedef of the file is not in the module: what it names is
		self.assertIn("static unsigned int io[1];", text)
		self.assertIn("MAX_IO", text.split("static unsigned int io[1];")[1].split("\n")[0])
		self.assertIn("static short gscd;", text)
		# modparm_const.cocci dropped the const in the converted text
		self.assertIn("static char *board;", text)
		self.assertTrue(text.startswith("// ") and "#include <linux/moduleparam.h>" in text)
		self.assertTrue(text.rstrip().endswith('MODULE_LICENSE("GPL");'))

	def test_const_kept_where_the_converted_text_kept_it(self):
		conv = self.CONVERTED.replace("static char *board", "static const char *board")
		text = checkbuild.module_source("m.c", self.sites(), conv)[0]
		self.assertIn("static const char *board;", text)

	def test_const_scalar_dropped_with_the_converted_text(self):
		d = decl("copybreak", "int", "const int")
		self.assertEqual(checkbuild.declaration(d, "static int copybreak = 200;\n"),
				 "static int copybreak;")
		self.assertEqual(checkbuild.declaration(d, "static const int copybreak = 200;\n"),
				 "static const int copybreak;")
		# a const member of the same name is not the declaration
		self.assertEqual(checkbuild.declaration(
			d, "struct s {\n\tconst int copybreak;\n};\nstatic int copybreak;\n"),
			"static int copybreak;")
		# a const elsewhere in the text is not the declaration's
		self.assertEqual(checkbuild.declaration(
			d, "static int f(const char *s) { return copybreak; }\nstatic int copybreak;\n"),
			"static int copybreak;")

	def test_evaluated_dimension_kept(self):
		self.assertEqual(checkbuild.declaration(decl("v", "u16", dims=[12]), ""),
				 "static u16 v[12];")

	def test_init_section_kept(self):
		d = decl("gc", "int", dims=[6])
		d["sect"] = "__initdata"
		self.assertEqual(checkbuild.declaration(d, ""), "static int gc[6] __initdata;")
		# an annotation 6.1 no longer has is not the parameter's concern
		d["sect"] = "__devinitdata"
		self.assertEqual(checkbuild.declaration(d, ""), "static int gc[6];")

	def test_modpost_section_mismatch_fails_its_site(self):
		# modpost's line as 6.1 prints it (a build with the old name of
		# the generated kparam_array)
		S = checkbuild.Site
		gc = S("j.c", "j.c", 5, "gc", "cb", decl("gc", "int", dims=[6]))
		other = S("j.c", "j.c", 6, "tgfx", "array", decl("tgfx", "int", dims=[7]))
		log = ("  MODPOST /tmp/x/Module.symvers\n"
		       "WARNING: modpost: /tmp/x/modparm_check_0.o: section mismatch in reference: "
		       "modparm_arr_gc (section: .data) -> gc (section: .init.data)\n"
		       "ERROR: modpost: Section mismatches detected.\n")
		checkbuild.mismatches(log, {"modparm_check_0.o": ([gc, other], []),
					    "modparm_check_1.o": ([], [])})
		self.assertEqual(gc.errors, ["modpost: section mismatch in reference: modparm_arr_gc "
					     "(section: .data) -> gc (section: .init.data)"])
		self.assertEqual(other.errors, [])

	def test_spans_cover_each_site_once(self):
		sites = self.sites()
		text, spans = checkbuild.module_source("m.c", sites, self.CONVERTED)
		lines = text.split("\n")
		for s in sites:
			mine = [sp for sp in spans if s in sp[3]]
			self.assertEqual(sorted(sp[0] for sp in mine), ["drv/a.c", "m.c"])
			decl_span = [sp for sp in mine if sp[0] == "m.c"][0]
			self.assertRegex(lines[decl_span[1] - 1], r'^static .*\b%s\b' % s.decl["decl"])

	def assert_blocks_copied(self, case, sites, first):
		"""Each site's block of the converted case, from its first line
		(first % the site's name) to its __MODULE_PARM_TYPE, is in the
		module as it stands in the case."""
		with open(os.path.join(TESTS, case)) as f:
			conv = f.read()
		text, spans = checkbuild.module_source("m.c", sites, conv)
		lines = conv.split("\n")
		for s in sites:
			sp = [x for x in spans if x[0] == "c.c" and s in x[3]][0]
			block = lines[sp[1] - 1:sp[2]]
			self.assertEqual(block[0], first % s.name)
			self.assertTrue(block[-1].startswith("__MODULE_PARM_TYPE(%s," % s.name))
			self.assertIn("\n".join(block), text)

	def test_generated_setter_block_copied(self):
		S = checkbuild.Site
		self.assert_blocks_copied("callback_two.res", [
			S("c.c", "c.c", 6, "irqs", "cb", decl("irqs", "int", dims=[4])),
			S("c.c", "c.c", 10, "ports", "cb", decl("ports", "short", dims=[3]))],
			"static unsigned int modparm_num_%s;")

	def test_multidim_block_copied(self):
		S = checkbuild.Site
		self.assert_blocks_copied("multidim_build.res", [
			S("c.c", "c.c", 6, "map", "flat", decl("map", "int", dims=[2, 3])),
			S("c.c", "c.c", 9, "pairs", "flat", decl("pairs", "unsigned short", dims=[1, 2]))],
			"static struct kparam_array __param_arr_%s = {")

	def test_site_without_its_line_is_an_error(self):
		s = checkbuild.Site("a.c", "a.c", 3, "gone", "param", decl("gone", "int"))
		checkbuild.module_source("m.c", [s], self.CONVERTED)
		self.assertEqual(len(s.errors), 1)


class CheckBuildLogTest(unittest.TestCase):
	"""Errors of a recorded kbuild log (the module of
	tests/convert/check-build/volatile_param.c) given to their sites."""

	def modules(self):
		with open(os.path.join(TESTS, "convert", "check-build", "volatile_param.c")) as f:
			old = f.read()
		conv = re.sub(r'MODULE_PARM\((\w+), "i"\);', r'module_param(\1, int, 0);', old)
		S = checkbuild.Site
		ss = []
		for ln in sites.find_sites(old)[0]:
			v = sites.site_variable(old, ln)
			ss.append(S("volatile_param.c", "volatile_param.c", ln, v, "param",
				    decl(v, "int", "volatile int" if v == "count" else "int")))
		text, spans = checkbuild.module_source("modparm_check_0.c", ss, conv)
		return ss, {"modparm_check_0.o": (ss, spans)}

	def test_error_in_a_kernel_macro_goes_to_the_site_its_note_names(self):
		sites, modules = self.modules()
		loose = checkbuild.attribute(checkbuild.diagnostics(data("checkbuild_volatile.log")), modules)
		self.assertEqual(loose, {})
		bad = [s for s in sites if s.errors]
		self.assertEqual([s.name for s in bad], ["count"])
		self.assertTrue(bad[0].gcc)
		self.assertIn("discards 'volatile' qualifier", bad[0].errors[0])
		# the site is the line of its MODULE_PARM: no other line to name
		self.assertNotIn("converted file", bad[0].errors[0])

	def test_error_naming_no_site_belongs_to_the_module(self):
		sites, modules = self.modules()
		log = ("  CC [M]  /s/modparm_check_0.o\n/s/modparm_check_0.c:1:10: fatal error: "
		       "linux/module.h: No such file or directory\n")
		loose = checkbuild.attribute(checkbuild.diagnostics(log), modules)
		self.assertEqual(list(loose), ["modparm_check_0.o"])
		self.assertIn("fatal error", loose["modparm_check_0.o"])
		self.assertFalse([s for s in sites if s.errors])

	def test_error_in_a_declaration_names_it(self):
		sites, modules = self.modules()
		name, first = [(sp[0], sp[1]) for sp in modules["modparm_check_0.o"][1]
			       if sites[0] in sp[3] and sp[0] == "modparm_check_0.c"][0]
		log = ("  CC [M]  /s/modparm_check_0.o\n/s/%s:%d:8: error: unknown type name "
		       "'uchar'\n" % (name, first))
		checkbuild.attribute(checkbuild.diagnostics(log), modules)
		self.assertEqual([s for s in sites if s.errors], [sites[0]])
		self.assertIn("in the declaration made from its type, static int speed;",
			      sites[0].errors[0])


class CheckBuildKdirTest(unittest.TestCase):
	def test_not_a_built_kernel(self):
		top = tempfile.mkdtemp()
		try:
			with self.assertRaises(checkbuild.KdirError) as e:
				checkbuild.kernel_dir(top)
			self.assertIn("Module.symvers", str(e.exception))
			for n in ("include/generated/autoconf.h", "scripts/mod/modpost",
				  "source/Makefile", "source/scripts/x", "Module.symvers"):
				os.makedirs(os.path.dirname(os.path.join(top, n)), exist_ok=True)
				open(os.path.join(top, n), "w").close()
			with open(os.path.join(top, ".config"), "w") as f:
				f.write("# CONFIG_MODULES is not set\n")
			with self.assertRaises(checkbuild.KdirError) as e:
				checkbuild.kernel_dir(top)
			self.assertIn("CONFIG_MODULES", str(e.exception))
			with open(os.path.join(top, ".config"), "w") as f:
				f.write("CONFIG_MODULES=y\n")
			self.assertEqual(checkbuild.kernel_dir(top),
					 (os.path.join(os.path.realpath(top), "source"), top))
		finally:
			shutil.rmtree(top)

	def test_records_carry_the_declaration(self):
		recs = [{"file": "f.c", "line": 3, "var": "x", "site": "converted", "form": "param",
			 "type": "int", "qtype": "volatile int", "decl": "x", "dims": []},
			{"file": "f.c", "line": 5, "var": "y", "site": "left", "form": "left"}]
		r = results.from_records(recs, {"f.c": 0})[0]
		self.assertEqual(r.decls, {3: {"type": "int", "qtype": "volatile int",
					       "decl": "x", "dims": []}})


class OutdirTest(unittest.TestCase):
	"""Which OUT is refused, on real directories (no spatch)."""

	def setUp(self):
		self.top = tempfile.mkdtemp()
		os.makedirs(os.path.join(self.top, "pkg", "drv"))
		open(os.path.join(self.top, "pkg", "drv", "a.c"), "w").close()

	def tearDown(self):
		shutil.rmtree(self.top)

	def p(self, *parts):
		return os.path.join(self.top, *parts)

	def test_a_name_that_only_starts_like_src_is_not_inside(self):
		# drv2 and drv.modparm-patches start with 'drv' but are beside it
		self.assertIsNone(outdir.refused(self.p("pkg", "drv2"), self.p("pkg", "drv"), None))
		self.assertIsNone(outdir.refused(outdir.default(self.p("pkg", "drv"), "drv"),
						 self.p("pkg", "drv"), None))
		self.assertIn("holds the sources", outdir.refused(self.p("pkg"), self.p("pkg", "drv"), None))

	def test_the_default_is_beside_the_directory_the_patches_apply_in(self):
		self.assertEqual(outdir.default(self.p("pkg", "drv") + "/", "drv"),
				 self.p("pkg", "drv.modparm-patches"))
		self.assertEqual(outdir.default(self.p("pkg", "drv"), "a.c"),
				 self.p("pkg", "a.c.modparm-patches"))

	def test_only_a_marked_directory_of_its_own_files_is_replaced(self):
		out = self.p("out")
		os.mkdir(out)
		self.assertIsNone(outdir.refused(out, self.p("pkg", "drv"), None))
		for n in ("series", "report.txt", "0001-a-convert.patch"):
			open(os.path.join(out, n), "w").close()
		self.assertIn("did not write", outdir.refused(out, self.p("pkg", "drv"), None))
		with open(os.path.join(out, outdir.MARKER), "w") as f:
			f.write("something else\n")
		self.assertIn("did not write", outdir.refused(out, self.p("pkg", "drv"), None))
		with open(os.path.join(out, outdir.MARKER), "w") as f:
			f.write(outdir.MARK_TEXT)
		self.assertIsNone(outdir.refused(out, self.p("pkg", "drv"), None))
		os.mkdir(os.path.join(out, "sub"))
		self.assertIn("holds sub,", outdir.refused(out, self.p("pkg", "drv"), None))


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


class SyntaxTest(unittest.TestCase):
	"""The declarations without ';' that make spatch skip a file's code,
	and the shapes that only look like them."""
	CASES = [
		('static int asize=CONFIG_X\nMODULE_PARM(asize, "i");\n', [(1, "asize", 2)]),
		("static int x[4]\nstatic int y;\n", [(1, "x", 2)]),
		('int debug = LEVEL\n#ifdef MODULE\nMODULE_PARM(debug, "i");\n#endif\n',
		 [(1, "debug", 3)]),
		('static char *s = "a" /* b */\nEXPORT_SYMBOL(s);\n', [(1, "s", 2)]),
		("static int ok = 1 +\n\t2;\n", []),
		("static int\nfoo(int a)\n{\n\tint z = 1\n\treturn z;\n}\n", []),
		("static int io = 0x300 /* base */\n\t, irq = 5;\n", []),
		('static char *s = "a"\n"b";\n', []),
		("static int x __initdata\n= 5;\n", []),
		("#define X 1 \\\n\tstatic int y = 2\nint z;\n", []),
	]

	def test_missing_semicolons(self):
		from modparm_convert import syntax
		for text, want in self.CASES:
			self.assertEqual(syntax.missing_semicolons(text), want, text)

	UNENDED = [
		('static int a;\nMODULE_PARM(a, "i")\nMODULE_PARM_DESC(a, "x");\n',
		 [(2, "MODULE_PARM", 3)]),
		('MODULE_PARM(a, "i");\nMODULE_PARM_DESC(a, "x")\nstatic int b;\n',
		 [(2, "MODULE_PARM_DESC", 3)]),
		# the last line of the file, or before a function's body: not
		# a statement that follows
		('static int a;\nMODULE_PARM(a, "i")\n', []),
		('MODULE_PARM(a, "i")\n{\n', []),
		# inside a function, a #define, a call over two lines
		('int f(void)\n{\n\tMODULE_PARM(a, "i")\n\tint b;\n}\n', []),
		('#define P(n) \\\n\tMODULE_PARM(n, "i")\nstatic int b;\n', []),
		('MODULE_PARM(a,\n\t"i")\nstatic int b;\n', []),
	]

	def test_unended_calls(self):
		from modparm_convert import syntax
		for text, want in self.UNENDED:
			self.assertEqual(syntax.unended_calls(text), want, text)
		text = 'static int a;\nMODULE_PARM(a, "i")\nstatic int b = C\nint d;\n'
		self.assertEqual(syntax.explain(text)[0], 2)
		self.assertIn("this MODULE_PARM() ends without ';' (line 3", syntax.explain(text)[1])

	def test_explain_moves_the_sites_to_parse(self):
		from modparm_convert import syntax
		t = tree.Tree()
		text = 'static int io;\nMODULE_PARM(io, "i");\nstatic int a = B\nMODULE_PARM(a, "i");\n'
		t.failed.append("x.c")
		t.leave("internal", 2)
		t.diags.append(("x.c", 4, 1, "warning", "internal", "could not be placed"))
		t.explain("x.c", text, [2, 4])
		self.assertEqual(t.left, {"parse": 2})
		self.assertEqual(t.causes, {"x.c": 3})
		self.assertEqual(sorted((d[1], d[3], d[4]) for d in t.diags),
				 [(2, "warning", "parse"), (3, "error", "parse"), (4, "warning", "parse")])
		self.assertIn("'a' ends without ';'", syntax.explain(text)[1])


class IncludeOptionTest(unittest.TestCase):
	def test_dash_i_both_spellings_in_order(self):
		from modparm_convert import cli
		o = cli.parse(["-I", "inc", "-Iarch/hpux/include", "--perm", "0444", "src"])
		self.assertEqual(o.includes, ["inc", "arch/hpux/include"])
		self.assertEqual(o.src, "src")

	def test_dash_i_without_directory(self):
		from modparm_convert import cli
		err = sys.stderr
		sys.stderr = open(os.devnull, "w")
		try:
			self.assertEqual(cli.parse(["src", "-I"]), 2)
		finally:
			sys.stderr.close()
			sys.stderr = err


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


def ktap_main(module):
	"""Run a module's unittest cases as one KTAP document; the exit
	status says whether all passed."""
	suite = unittest.defaultTestLoader.loadTestsFromModule(module)
	print("KTAP version 1")
	print("1..%d" % suite.countTestCases())
	r = KtapResult(open(os.devnull, "w"), False, 0)
	suite.run(r)
	sys.exit(0 if r.wasSuccessful() else 1)


if __name__ == "__main__":
	ktap_main(sys.modules[__name__])
