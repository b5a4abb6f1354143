#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Tests of the module-parameter API part of modparm-convert: the run of
the API semantic patches in a conversion (real spatch), the parameter
slices of a converted file, and --check-load's host side (the values
it chooses, the old defaults it evaluates, the verdict on what a guest
reported).  Output is KTAP."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from modparm_convert import api, checkload, sites, slices  # noqa: E402
from test_convert import ktap_main  # noqa: E402

CONVERT = os.path.join(HERE, "..", "modparm-convert")


class SliceTest(unittest.TestCase):
	TEXT = """#include <linux/module.h>
#include "local.h"
#define NCARDS 2
#define UNUSED 9
static int io[NCARDS] = { 0x300 };
static unsigned int nio;
static int other;
static int set_x(const char *val,
		 const struct kernel_param *kp);
static int helper(int v)
{
	return v + other;
}
static int set_x(const char *val, const struct kernel_param *kp)
{
	return helper(param_set_int(val, kp));
}
static void unrelated(void)
{
}
#ifdef OLD
module_param_array(io, int, nio, 0);
#else
module_param_array(io, int, &nio, 0);
#endif
module_param_call(x, set_x, param_get_int, &other, 0444);
module_init(unrelated);
"""

	def test_what_the_parameters_need_and_nothing_else(self):
		text, params = slices.slice_module(self.TEXT, "d.c")
		for need in ("#define NCARDS 2", "static int io[NCARDS]", "static unsigned int nio;",
			     "static int helper(int v)", "static int other;", "\t\t const struct kernel_param *kp);",
			     "#ifdef OLD", "#else", "#endif", 'MODULE_LICENSE("GPL");'):
			self.assertIn(need, text)
		for never in ("UNUSED", "unrelated", '"local.h"', "module_init"):
			self.assertNotIn(never, text)
		self.assertEqual([(n, m) for n, m, _ in params],
				 [("io", "module_param_array"), ("io", "module_param_array"),
				  ("x", "module_param_call")])
		# the lines gcc names are those of the converted file
		self.assertIn('#line 24 "d.c"\nmodule_param_array(io, int, &nio, 0);', text)

	def test_no_parameter_no_module(self):
		self.assertIsNone(slices.slice_module("static int a;\n", "e.c"))

	def test_uses_of_wrapper_macros(self):
		"""A use is a parameter statement of its own (with no ';' of
		its own too), and its #define comes with it from the header
		that holds it, with what that needs; a parameter of a macro is
		no name of the file."""
		header = ("#ifndef H\n#define H\n#define MAX 4\n#define UNUSED_H 1\n"
			  "#define ARR(var) static int var[MAX]; module_param_array(var, int, NULL, 0)\n"
			  "#endif\n")
		text = ("#include <linux/module.h>\n#include <drv/h.h>\n"
			"#define INT(name, v) static int name = v; module_param(name, int, 0);\n"
			"static int v;\n"
			"INT(io, 3)\nINT(irq,\n    5)\nARR(cards);\nstatic int after;\n")
		r = slices.slice_module(text, "d.c", uses={5: (5, [("io", "module_param")]),
							     6: (7, [("irq", "module_param")]),
							     8: (8, [("cards", "module_param_array")])},
					headers=[(header, "inc/drv/h.h")], only_uses=True)
		got, params = r
		for need in ('#line 3 "inc/drv/h.h"\n#define MAX 4', '#line 5 "inc/drv/h.h"\n#define ARR',
			     '#line 3 "d.c"\n#define INT(name', '#line 5 "d.c"\nINT(io, 3)\n#line 6',
			     '#line 6 "d.c"\nINT(irq,\n    5)\n', '#line 8 "d.c"\nARR(cards);'):
			self.assertIn(need, got)
		for never in ("UNUSED_H", "static int v;", "after", "drv/h.h>"):
			self.assertNotIn(never, got)
		self.assertEqual(params, [("io", "module_param", 5), ("irq", "module_param", 6),
					  ("cards", "module_param_array", 8)])


class EvaluateTest(unittest.TestCase):
	def test_initialisers(self):
		d = {"BASE": "0x300", "N": "(BASE + 2)"}
		self.assertEqual(checkload.evaluate("0x340", d), 0x340)
		self.assertEqual(checkload.evaluate("N", d), 0x302)
		self.assertEqual(checkload.evaluate("{ 1, -2, 010 }", d), [1, -2, 8])
		self.assertEqual(checkload.evaluate('"any"', d), "any")
		self.assertIsNone(checkload.evaluate("sizeof(int)", d))
		self.assertEqual(checkload.evaluate("{ [1] = 2 }", d), [0, 2])
		self.assertEqual(checkload.evaluate("{ 7, [3 ... N - 0x2fd] = BASE, 9 }", d),
				 [7, 0, 0, 0x300, 0x300, 0x300, 9])
		self.assertIsNone(checkload.evaluate("{ .a = 2 }", d))
		self.assertIsNone(checkload.evaluate("{ [N] = 1, [1 ... 0] = 2 }", d))
		self.assertIsNone(checkload.evaluate("HEADER_VALUE", d))

	def test_initialiser_of_a_declaration(self):
		old = "static int a = 5, b;\nstatic char *s = \"x;y\";\nint f(void)\n{\n\ta = 1;\n}\n"
		self.assertEqual(checkload.initialiser(old, "a"), "5")
		self.assertEqual(checkload.initialiser(old, "b"), "")
		self.assertEqual(checkload.initialiser(old, "s"), '"x;y"')
		self.assertIsNone(checkload.initialiser(old, "c"))


def param(macro, args, text, old, maxn=None):
	p = checkload.Param(0, args[0], macro, args, 1)
	checkload.describe(p, text)
	p.compiled = True
	p.max = maxn
	checkload.plan(p, old, text)
	return p


class PlanTest(unittest.TestCase):
	def test_old_letter_bounds_the_value(self):
		old = 'static unsigned int u = 7;\nMODULE_PARM(u, "i");\n'
		p = checkload.Param(0, "u", "module_param", ["u", "uint", "0"], 1)
		checkload.describe(p)
		p.letter, p.compiled = "i", True
		checkload.plan(p, old, "")
		# "i" read an int: its largest value, not the uint's
		self.assertEqual(p.good, "2147483647")
		self.assertEqual(p.default, "7")
		self.assertEqual(p.bad, "4294967296")
		self.assertEqual(p.why, "`4294967296' invalid for parameter `u'")

	def test_array_with_count(self):
		old = "static short v[3] = { -1, 2 };\nstatic int n = 1;\n"
		p = param("module_param_array", ["v", "short", "&n", "0"], "", old, 3)
		self.assertEqual(p.good, "-32768,2,3")
		self.assertEqual(p.default, "-1")	# the count's initialiser: 1 shown
		self.assertEqual(p.bad, "1,1,1,1")
		self.assertEqual(p.why, "v: can only take 3 arguments")

	def test_string_and_charp_and_bool(self):
		p = param("module_param_string", ["name", "buf", "8", "0"], "", 'static char buf[8] = "ab";\n', 8)
		self.assertEqual((p.good, p.default, p.bad), ("modparm", "ab", "xxxxxxxx"))
		p = param("module_param", ["s", "charp", "0"], "", "static char *s;\n")
		self.assertEqual((p.good, p.default, p.bad), ("modparm_value", "(null)", None))
		p = param("module_param", ["f", "bool", "0"], "", "static bool f = 1;\n")
		self.assertEqual((p.good, p.want, p.default), ("y", "Y", "Y"))

	def test_handlers(self):
		p = param("module_param_call", ["m", "NULL", "get_m", "&m", "0444"], "", "static int m;\n")
		self.assertEqual((p.kind, p.good), ("getonly", None))
		p = param("module_param_call", ["m", "set_m", "get_m", "&m", "0444"], "", "static int m = 2;\n")
		self.assertEqual((p.kind, p.good, p.default), ("custom", "1", None))
		p = param("module_param_call", ["m", "param_set_int", "param_get_int", "&m", "0"], "",
			  "static int m = 2;\n")
		self.assertEqual((p.kind, p.default), ("int", "2"))


class TypeMarkTest(unittest.TestCase):
	def test_which_definition_the_build_took(self):
		"""A wrapper defined twice under #if: the mark's size is 1 + the
		index of the definition whose type the variable has."""
		p = checkload.Param(3, "w", "module_param_array", ["w", "short", "NULL", "0"], 1)
		checkload.describe(p)
		p.cands = ["module_param_array(w, short, NULL, 0)", "module_param_array(w, ulong, NULL, 0)"]
		self.assertEqual(checkload.type_mark(3, p),
				 "static const char modparm_type_3[__builtin_types_compatible_p("
				 "typeof(w[0]), short) ? 1 : (__builtin_types_compatible_p(typeof(w[0]), "
				 "unsigned long) ? 2 : (3))] __used;")


class JudgeTest(unittest.TestCase):
	def module(self):
		m = checkload.Module("modparm_load_0", "a.c", "a.c", "", "")
		for k, (name, good, want, default, bad, why) in enumerate([
				("x", "5", "5", "1", "9", "`9' invalid for parameter `x'"),
				("s", "v", "v", None, None, None)]):
			p = checkload.Param(k, name, "module_param", [], 1)
			p.compiled = True
			p.good, p.want, p.default, p.bad, p.why = good, want, default, bad, why
			m.params.append(p)
		return m

	LOG = """    MPC-BEGIN modparm_load_0
    MPC-RC modparm_load_0 good 0
    MPC-LOG modparm_load_0 good [    1.5] modparm-check: x=%s
    MPC-LOG modparm_load_0 good [    1.5] modparm-check: s=v
    MPC-RC modparm_load_0 default 0
    MPC-LOG modparm_load_0 default [    1.6] modparm-check: x=1
    MPC-LOG modparm_load_0 default [    1.6] modparm-check: s=
    MPC-RC modparm_load_0 bad0 %d
    MPC-LOG modparm_load_0 bad0 [    1.7] modparm_load_0: `9' invalid for parameter `x'
    MPC-END modparm_load_0
"""

	def test_all_right(self):
		m = self.module()
		checkload.judge(m, checkload.parse_guest(self.LOG % ("5", 1))["modparm_load_0"])
		self.assertEqual([p.errors for p in m.params], [[], []])
		self.assertTrue(m.params[0].refused and m.params[0].default_checked)

	def test_wrong_value_and_accepted_bad_value(self):
		m = self.module()
		checkload.judge(m, checkload.parse_guest(self.LOG % ("6", 0))["modparm_load_0"])
		self.assertEqual(m.params[0].errors, ["loaded with x=5, the module holds '6'",
						      "insmod accepted the bad value x=9"])
		self.assertEqual(m.params[1].errors, [])

	def test_failed_load_names_the_module(self):
		m = self.module()
		log = self.LOG.replace("good 0", "good 1") % ("5", 1)
		checkload.judge(m, checkload.parse_guest(log)["modparm_load_0"])
		self.assertTrue(m.error.startswith("insmod with a value for every parameter failed"))

	def test_hang_names_the_phase_and_the_limit(self):
		m = self.module()
		log = ("    MPC-BEGIN modparm_load_0\n    MPC-RC modparm_load_0 good 0\n"
		       "    MPC-RC modparm_load_0 default 0\n    MPC-HANG modparm_load_0 bad0 20\n"
		       "    MPC-LOG modparm_load_0 bad0 [    2.1] x: waiting\n"
		       "    MPC-END modparm_load_0\n")
		checkload.judge(m, checkload.parse_guest(log)["modparm_load_0"])
		self.assertEqual(m.error, "insmod with the bad value x=9 did not return within 20 s: "
				 "the guest gave up on it and loaded the other modules")
		self.assertTrue(m.judged)


class SelectTest(unittest.TestCase):
	"""The choice of files for the API patches reads the text before its
	comments and literals are blanked, and blanks only those that may
	hold something: it must never skip one that holds it."""

	CALLS = ["module_param_array(v, int, num, 0);", "module_param_array(v, int, NULL, 0);",
		 "module_param_array(v, int, &num, 0);",
		 "module_param_array_named(a, v, int, num, 0);",
		 "module_param_array_named(a, v, int, NULL, 0);"]
	# what a comment or a literal may hide or make, put anywhere
	PIECES = ["/*c*/", "/* , x */", "// c\n", '"s"', "'c'", "\n", "/*", "*/", '"', "'",
		  "/* ( */", "/* ) */", "x", " "]

	def test_never_skips_an_old_count(self):
		texts = []
		for call in self.CALLS:
			for piece in self.PIECES:
				for k in range(len(call) + 1):
					texts.append(call[:k] + piece + call[k:])
					for other in ("/*", "*/", '"', "//"):
						texts.append(other + call[:k] + piece + call[k:])
		held = 0
		for t in texts:
			if api.old_count(sites.strip_comments(t)):
				held += 1
				self.assertTrue(api.maybe_old_count(t), repr(t))
				self.assertTrue(api.may_want(t), repr(t))
		# the table is no easy input: the blanked text holds an old count
		# in many of them, and the test skips some that hold none
		self.assertGreater(held, 200)
		self.assertTrue(any(not api.maybe_old_count(t) for t in texts))

	def test_wanted_on_the_text(self):
		self.assertEqual(api.wanted("module_param_call(a, set_a, get_a, &a, 0);"),
				 ["modparm_call_const.cocci"])
		self.assertEqual(api.wanted("xmodule_param_call(a, s, g, &a, 0);"), [])
		self.assertEqual(api.wanted("extern int param_set_x(const char *, struct "
					    "kernel_param *);"), ["modparm_helpers.cocci"])
		self.assertEqual(api.wanted("int param_set_x(const char *, const struct "
					    "kernel_param *);"), [])
		self.assertEqual(api.wanted("n = param_array_set(val, kp);"), ["modparm_helpers.cocci"])
		self.assertEqual(api.wanted("module_param_array(v, int, num, 0);"),
				 ["modparm_array_count.cocci"])
		self.assertEqual(api.wanted('MODULE_PARM_SYNTAX(index, "default:-1");'),
				 ["modparm_syntax.cocci"])
		self.assertTrue(api.may_want("MODULE_PARM_SYNTAX(index, SNDRV_INDEX_DESC);"))


class LeanTest(unittest.TestCase):
	"""modparm_call_const.cocci is given a file it cannot change with the
	bodies that cannot matter to it blanked: what it reports must be
	what it reports of the file itself."""

	TEXT = """#include <linux/moduleparam.h>

static int a, b, c;

static int uses_a_pointer(void)
{
	int (*set_a)(const char *, const struct kernel_param *) = NULL;

	return set_a != NULL;
}

static void quoted(void)
{
	pr_info("/*");
}

static int set_c(const char *v, const struct kernel_param *kp)
{
	return kstrtoint(v, 0, kp->arg);
}
/* what text_of() takes for the end of the comment of quoted() */

static int get_c(char *buf, const struct kernel_param *kp)
{
	return sprintf(buf, "%d", c);
}

static int unrelated(int x)
{
	int y = x * 2;

	if (y > 3)
		return y;
	return 0;
}

static void defines(void)
{
#define get_b param_get_int
}

#define ALIAS(name) int name(int x) { \\
	return x; \\
}

module_param_call(a, set_a, param_get_int, &a, 0444);
module_param_call(b, param_set_int, get_b, &b, 0444);
module_param_call(c, set_c, get_c, &c, 0444);
module_param_call(d, NULL, get_c, &c, 0);
"""

	def spatch(self, text):
		"""What modparm_call_const.cocci says of text, the file named
		f.c, as the converter runs it."""
		d = tempfile.mkdtemp(dir=self.tmp)
		with open(os.path.join(d, "f.c"), "w") as f:
			f.write(text)
		r = subprocess.run([os.environ.get("SPATCH", "spatch"), "--sp-file",
				    os.path.join(HERE, "..", "modparm_call_const.cocci"), "-D", "patch",
				    "--very-quiet", "--no-includes"] + api.python_option() +
				   [os.path.join(d, "f.c")], stdout=subprocess.PIPE,
				   stderr=subprocess.PIPE, universal_newlines=True)
		self.assertEqual(r.returncode, 0, r.stderr)
		return r.stdout, r.stderr.replace(d + "/", "")

	def setUp(self):
		self.tmp = tempfile.mkdtemp()

	def tearDown(self):
		shutil.rmtree(self.tmp)

	def test_only_bodies_that_cannot_matter(self):
		lean = api.lean_call_text(self.TEXT, sites.strip_comments(self.TEXT))
		self.assertEqual(len(lean), len(self.TEXT))
		self.assertEqual(lean.split("\n")[:29], self.TEXT.split("\n")[:29])
		self.assertNotIn("x * 2", lean)
		self.assertIn("static int unrelated(int x)\n{\n", lean)
		for kept in ("int (*set_a)", 'pr_info("/*");', "kstrtoint", "sprintf",
			     "#define get_b", "\treturn x; \\\n}\n", "module_param_call(d, NULL, get_c, &c, 0);"):
			self.assertIn(kept, lean)

	def test_not_a_file_it_may_change(self):
		for old in ("static int set_c(const char *v, struct kernel_param *kp);\n",
			    "typedef struct kernel_param kp_t;\n",
			    "#define KP struct kernel_param\n"):
			text = self.TEXT + old
			self.assertIsNone(api.lean_call_text(text, sites.strip_comments(text)), old)
		text = "module_param_call(a, set_a, NULL, &a, 0);\n"
		self.assertIsNone(api.lean_call_text(text, text))

	def test_reports_the_same(self):
		if not shutil.which(os.environ.get("SPATCH", "spatch")):
			self.skipTest("spatch not found")
		whole = self.spatch(self.TEXT)
		for what in ("unchanged", "left", "no setter", "function pointer variable",
			     "it is a macro", "not a function defined in this file"):
			self.assertIn(what, whole[1])
		self.assertEqual(self.spatch(api.lean_call_text(
			self.TEXT, sites.strip_comments(self.TEXT))), whole)
		# the input is no easy one: every body blanked reports otherwise
		clean = sites.strip_comments(self.TEXT)
		every = self.TEXT
		for s, e in api.function_bodies(clean):
			every = every[:s] + sites.spaces(every[s:e]) + every[e:]
		self.assertNotEqual(self.spatch(every), whole)


class RunTest(unittest.TestCase):
	"""The API patches in a conversion (spatch): one patch per file with
	both conversions, diagnostics on the lines of the file as it is."""

	def setUp(self):
		self.tmp = tempfile.mkdtemp()
		self.src = os.path.join(self.tmp, "drv")
		os.makedirs(os.path.join(self.src, "compat"))
		with open(os.path.join(self.src, "both.c"), "w") as f:
			f.write('#include <linux/module.h>\n'
				'static int debug;\n'
				'MODULE_PARM(debug, "i");\n'
				'static int io[4];\n'
				'static int nio;\n'
				'module_param_array(io, int, nio, 0);\n'
				'module_param_array(io, int, undeclared_count, 0);\n')
		with open(os.path.join(self.src, "compat", "moduleparam.h"), "w") as f:
			f.write("extern int param_set_int(const char *val, struct kernel_param *kp);\n")
		with open(os.path.join(self.src, "compat", "mp.h"), "w") as f:
			f.write("#define module_param_array_named(a, b, c, d, e) /* old */\n")

	def tearDown(self):
		shutil.rmtree(self.tmp)

	def test_one_patch_per_file_and_counts(self):
		if not shutil.which(os.environ.get("SPATCH", "spatch")):
			self.skipTest("spatch not found")
		out = os.path.join(self.tmp, "out")
		r = subprocess.run([CONVERT, "--out", out, self.src], stdout=subprocess.PIPE,
				   stderr=subprocess.PIPE, universal_newlines=True)
		self.assertEqual(r.returncode, 0, r.stderr)
		with open(os.path.join(out, "series")) as f:
			series = f.read().split()
		self.assertEqual(len(series), 1)
		with open(os.path.join(out, series[0])) as f:
			patch = f.read()
		self.assertIn("+module_param(debug, int, 0);", patch)
		self.assertIn("+module_param_array(io, int, &nio, 0);", patch)
		self.assertIn("Pass the count of module_param_array() by address", patch)
		# the line of the file as it is, not of the converted text
		self.assertIn("drv/both.c:7:1: warning: module_param_array(io): the count "
			      "'undeclared_count' is not declared", r.stderr)
		self.assertIn("drv/compat/moduleparam.h:1:12: warning: 'param_set_int' declared "
			      "with the 2.6 prototype in the package's own copy", r.stderr)
		self.assertIn("drv/compat/mp.h:1:1: note: 'module_param_array_named' defined by "
			      "the package", r.stderr)
		self.assertIn("drv: 4 module-parameter API sites in 3 files, 1 converted, "
			      "0 already right, 3 left (1 array-count, 2 compat-header)", r.stdout)


	def test_fixtures_convert_once(self):
		"""The fixture tree converted in place converts to nothing more."""
		if not shutil.which(os.environ.get("SPATCH", "spatch")):
			self.skipTest("spatch not found")
		tree = os.path.join(self.tmp, "fixtures")
		shutil.copytree(os.path.join(HERE, "load", "fixtures"), tree)
		for n, opts in enumerate((["--in-place"], [])):
			r = subprocess.run([CONVERT, "--perm", "0444", "--out",
					    os.path.join(self.tmp, "o%d" % n)] + opts + [tree],
					   stdout=subprocess.PIPE, stderr=subprocess.PIPE,
					   universal_newlines=True)
			self.assertEqual(r.returncode, 0, r.stderr)
		with open(os.path.join(self.tmp, "o1", "series")) as f:
			self.assertEqual(f.read(), "")
		self.assertIn(" 0 converted, ", r.stdout)


if __name__ == "__main__":
	ktap_main(sys.modules[__name__])
