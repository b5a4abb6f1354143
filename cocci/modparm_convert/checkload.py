# SPDX-License-Identifier: GPL-2.0-only
"""--check-load: the converted parameters of each file, built as a small
module (slices.py: the parameter statements and what they need, with the
initialisers) that reports what each of its parameters holds when it
loads, are loaded in the project's QEMU guest (qemu/run.sh, TCG, a hard
time-out; nothing is loaded on this machine):

  - with a value for every parameter, the one the old type string and
    the C type allow at their edge: the module must report that value;
  - without values: it must report the initialiser of the old
    declaration (a default the conversion lost shows here);
  - with a bad value per parameter (out of range, too many elements, a
    string longer than its buffer): insmod must fail and the kernel must
    give its reason.

One boot loads every module.  A guest that panics or hangs names the
module it was loading (the console tail is its reason) and is booted
again for the modules after it.  Each failure is a diagnostic naming
the file and line of the parameter's site."""

import os
import re
import shutil
import subprocess
from typing import Optional

from modparm_rules.typetable import BY_NAME, CTYPE, LETTER_LIMITS, LETTERS, LIMITS

from . import checkbuild
from .sites import line_before, split_args, strip_comments
from .slices import slice_module

KIND = "check-load"
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
GUEST_SCRIPT = os.path.join(HERE, "checkload-guest.sh")
BOOT_TIMEOUT = int(os.environ.get("MODPARM_BOOT_TIMEOUT", "600"))
# the guest's limit for one insmod: a setter that never returns costs
# this, not the boot
LOAD_TIMEOUT = int(os.environ.get("MODPARM_LOAD_TIMEOUT", "60"))

REPORTER = r'''
/* modparm-convert --check-load: report every parameter as sysfs would */
static int __init modparm_check_report(void)
{
	char *buf = kmalloc(PAGE_SIZE, GFP_KERNEL);
	unsigned int i;

	if (!buf)
		return -ENOMEM;
	/* the array and string getters want the lock sysfs takes */
	kernel_param_lock(THIS_MODULE);
	for (i = 0; i < THIS_MODULE->num_kp; i++) {
		const struct kernel_param *kp = &THIS_MODULE->kp[i];
		int n = kp->ops->get ? kp->ops->get(buf, kp) : -EPERM;

		if (n < 0) {
			pr_info("modparm-check: %s error %d\n", kp->name, n);
			continue;
		}
		n = min_t(int, n, PAGE_SIZE - 1);
		while (n > 0 && buf[n - 1] == '\n')
			n--;
		buf[n] = '\0';
		pr_info("modparm-check: %s=%s\n", kp->name, buf);
	}
	kernel_param_unlock(THIS_MODULE);
	kfree(buf);
	return 0;
}
module_init(modparm_check_report);

static void __exit modparm_check_exit(void)
{
}
module_exit(modparm_check_exit);
'''


class Param:
	"""One parameter of a check-load module."""

	def __init__(self, k, name, macro, args, cline):
		self.k, self.name, self.macro, self.args, self.cline = k, name, macro, args, cline
		self.kind = None	# a module_param type (typetable), string, custom, getonly
		self.array = False
		self.var = None
		self.count = None	# the count variable of an array, None for NULL
		self.max = None		# elements of an array, bytes of a string
		self.rel = self.shown = None
		self.line = None	# of the site in the file as it was
		self.letter = None	# of the old type string
		self.good = self.want = self.default = self.bad = self.why = None
		self.errors = []
		self.default_checked = False
		self.refused = False
		self.compiled = False
		self.through = None	# the wrapper macro of a use
		self.cands = None	# its texts in a wrapper defined twice
		self.old = None		# the text its default is read from, when not the file's


def statement_args(text, cline):
	"""The arguments of the parameter statement at line cline."""
	rest = "\n".join(text.split("\n")[cline - 1:cline + 8])
	i = rest.index("(")
	depth = 0
	for j in range(i, len(rest)):
		depth += (rest[j] == "(") - (rest[j] == ")")
		if depth == 0:
			return split_args(rest[i + 1:j])
	return []


def describe(p, text=""):
	"""Fill p's kind, array, var and count from its statement (in the
	converted text: a generated setter's array is read from there)."""
	a, m = p.args, p.macro
	stock = lambda h: (re.match(r'param_(?:set|get)_(\w+)$', h) or [None, None])[1]
	var = lambda e: re.sub(r'^&\s*', '', e).strip()
	if m == "module_param" and len(a) == 3:
		p.kind, p.var = a[1], a[0]
	elif m == "module_param_named" and len(a) == 4:
		p.kind, p.var = a[2], a[1]
	elif m in ("module_param_array", "module_param_array_named"):
		k = 1 if m.endswith("named") else 0
		p.kind, p.var, p.array = a[k + 1], a[k], True
		c = a[k + 2]
		p.count = None if c == "NULL" else var(c)
	elif m == "module_param_string" and len(a) == 4:
		p.kind, p.var = "string", a[1]
	elif m == "module_param_call" and len(a) == 5:
		s, g = stock(a[1]), stock(a[2])
		# no setter: a value would call a NULL pointer
		p.kind = "getonly" if a[1] == "NULL" else s if s and s == g else "custom"
		p.var = var(a[3])
	elif m == "module_param_cb" and len(a) == 4:
		o = re.match(r'&\s*param_ops_(\w+)$', a[1])
		p.kind = o.group(1) if o else "custom"
		p.var = var(a[2])
	else:
		p.kind = "custom"
	# handlers of an array (the setter modparm.cocci writes for a
	# minimum count): its struct kparam_array names the elements
	t = re.search(r'__MODULE_PARM_TYPE\(\s*%s\s*,\s*"array of (\w+)"' % re.escape(p.name), text)
	if p.kind == "custom" and t and p.var:
		arr = re.search(r'\b%s\s*=\s*\{([^;]*)\}\s*;' % re.escape(p.var), text)
		elem = arr and re.search(r'\.elem\s*=\s*(\w+)', arr.group(1))
		if elem:
			num = re.search(r'\.num\s*=\s*&\s*(\w+)', arr.group(1))
			p.kind, p.array, p.var = t.group(1), True, elem.group(1)
			p.count = num.group(1) if num else None
	if p.kind == "copystring":
		p.kind = "string"


def c_int(tok):
	m = re.fullmatch(r'(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)[uUlL]*', tok)
	if not m:
		return None
	s = m.group(1)
	return int(s, 16) if s[:2].lower() == "0x" else int(s, 8) if len(s) > 1 and s[0] == "0" else int(s)


def evaluate(expr, defines, depth=0):
	"""The value of a C constant initialiser (an int, a str, a list for
	a brace list), the file's #defines expanded, or None."""
	e = expr.strip()
	if depth > 8 or not e:
		return None
	if e.startswith("{"):
		if not e.endswith("}"):
			return None
		# elements in order, and GNU C's index designators, [3] = v and
		# [0 ... N-1] = v (lm_sensors' SENSORS_DEFAULTS); a member
		# designator is no array's
		vals, pos = [], 0
		for x in [x for x in split_args(e[1:-1]) if x]:
			dm = re.match(r'\[([^\]]*)\]\s*=(.*)$', x, re.S)
			if x.startswith(".") or (x.startswith("[") and not dm):
				return None
			ends = re.split(r'\.\.\.', dm.group(1)) if dm else None
			if dm:
				lo, hi = (evaluate(ends[0], defines, depth + 1),
					  evaluate(ends[-1], defines, depth + 1))
				if len(ends) > 2 or not isinstance(lo, int) or \
						not isinstance(hi, int) or not 0 <= lo <= hi < 65536:
					return None
				x, pos = dm.group(2), lo
			else:
				hi = pos
			v = evaluate(x, defines, depth + 1)
			if v is None:
				return None
			vals += [0] * (hi + 1 - len(vals))
			vals[pos:hi + 1] = [v] * (hi + 1 - pos)
			pos = hi + 1
		return vals
	m = re.fullmatch(r'"((?:[^"\\]|\\.)*)"', e)
	if m:
		return m.group(1)
	if re.fullmatch(r'[A-Za-z_]\w*', e) and e in defines:
		# a #define of a whole initialiser (a brace list, a string)
		return evaluate(defines[e], defines, depth + 1)
	if e == "NULL":
		return 0
	out = []
	for tok in re.findall(r'0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*|[A-Za-z_]\w*|<<|>>|\S', e):
		if tok[0].isdigit():
			v = c_int(tok)
			if v is None:
				return None
			out.append(str(v))
		elif re.match(r'[A-Za-z_]', tok):
			if tok in ("true", "false"):
				out.append("1" if tok == "true" else "0")
				continue
			if tok not in defines:
				return None
			v = evaluate(defines[tok], defines, depth + 1)
			if not isinstance(v, int):
				return None
			out.append("(%d)" % v)
		elif tok in "+-*()|&^~<<>>%" or tok in ("<<", ">>"):
			out.append(tok)
		elif tok == "/":
			out.append("//")
		else:
			return None
	try:
		v = eval("".join(out), {"__builtins__": {}}, {})
	except Exception:
		return None
	return v if isinstance(v, int) else None


def defines_of(text):
	out = {}
	for m in re.finditer(r'^[ \t]*#[ \t]*define[ \t]+(\w+)[ \t]+([^\n]*)$', text, re.M):
		out.setdefault(m.group(1), re.sub(r'/\*.*?\*/|//.*', '', m.group(2)).strip())
	return out


def initialiser(text, var):
	"""The initialiser text of the file-scope declaration of var in
	text, "" when it has none, None when there is no declaration."""
	clean = strip_comments(text)
	for m in re.finditer(r'^[^\n#(){};]*?\b%s\b\s*(\[[^\]]*\]\s*)*(=|;|,)' % re.escape(var), clean, re.M):
		if re.match(r'\s*(module_param|MODULE_PARM|return)\b', m.group(0)):
			continue
		if m.group(2) != "=":
			return ""
		start = m.end()
		depth, j = 0, start
		while j < len(clean):
			c = clean[j]
			if c in "({":
				depth += 1
			elif c in ")}":
				depth -= 1
			elif c in ",;" and depth == 0:
				break
			j += 1
		# the text itself: strip_comments blanked the strings
		return text[start:j].strip()
	return None


def int_text(kind: str, v: int) -> str:
	"""v as the kernel shows a kind: wrapped into its limits, as C's
	conversion to the parameter's type does."""
	lo, hi = LIMITS[kind]
	span = hi - lo + 1
	v = (v - lo) % span + lo
	return str(v)


def plan(p, old, new):
	"""Values for p: good (insmod argument), want (what the module must
	report), default (what it must report without values, None when
	not judged), bad (argument) and why (the kernel's reason)."""
	k = p.kind
	n = p.name
	pt = BY_NAME.get(k)
	if k in LIMITS:
		lo, hi = LIMITS[k]
		if p.letter in LETTER_LIMITS:
			lo, hi = max(lo, LETTER_LIMITS[p.letter][0]), min(hi, LETTER_LIMITS[p.letter][1])
		edge = lo if lo < 0 else hi
		vals = [edge] + [(i + 1) % (hi + 1) for i in range(1, p.max or 1)]
		p.good = ",".join(str(v) for v in vals)
		p.want = p.good
		if not p.array:
			p.bad = str(LIMITS[k][1] + 1)
			p.why = "`%s' invalid for parameter `%s'" % (p.bad, n)
	elif pt is not None and pt.truth is not None:
		vals = ["y"] + ["n"] * ((p.max or 1) - 1)
		p.good = ",".join(vals)
		# what the getter shows for the value given: an invbool
		# stores the opposite and shows it inverted again
		yes, no = pt.truth
		p.want = ",".join(yes if v == "y" else no for v in vals)
		if not p.array:
			p.bad, p.why = "maybe", "`maybe' invalid for parameter `%s'" % n
	elif k == "charp":
		vals = ["modparm_value"] + ["v%d" % i for i in range(1, p.max or 1)]
		p.good = p.want = ",".join(vals)
	elif k == "string" and p.max:
		p.good = p.want = ("modparm_string_value" * 20)[:p.max - 1]
		p.bad = "x" * p.max
		p.why = "%s: string doesn't fit in %d chars" % (n, p.max - 1)
	elif k == "custom":
		p.good = "1"
	if p.array and p.max:
		p.bad = ",".join(["1"] * (p.max + 1))
		p.why = "%s: can only take %d arguments" % (n, p.max)
	# the default: the old declaration's initialiser
	if k in ("custom", "getonly") or p.var is None:
		return
	init = initialiser(old, p.var)
	if init is None:
		return
	d = defines_of(old)
	v = evaluate(init, d) if init else (None if p.array or k == "string" else 0)
	if init == "" and (p.array or k == "string"):
		v = [] if p.array else ""
	if v is None:
		return
	if p.array:
		if not isinstance(v, list):
			return
		shown = p.max
		if p.count:
			ci = initialiser(old, p.count)
			if ci is None:
				ci = initialiser(new, p.count)
			c = evaluate(ci, d) if ci else 0
			if not isinstance(c, int):
				return
			shown = c
		v = (v + [0] * p.max)[:shown]
		p.default = ",".join(scalar_text(k, x) for x in v)
		if None in [scalar_text(k, x) for x in v]:
			p.default = None
	elif k == "string":
		p.default = v if isinstance(v, str) else None
	else:
		p.default = scalar_text(k, v)


def scalar_text(k: str, v: object) -> Optional[str]:
	"""What the getter of kind k shows for a variable initialised to v
	(None: not known)."""
	pt = BY_NAME.get(k)
	if k in LIMITS and isinstance(v, int):
		return int_text(k, v)
	if pt is not None and pt.truth is not None and isinstance(v, int):
		# an invbool's variable holds the opposite of what it shows
		yes, no = pt.truth
		return yes if bool(v) != pt.inverted else no
	if k == "charp":
		# a NULL pointer prints as the kernel's "%s" prints it
		return v if isinstance(v, str) else "(null)" if v == 0 else None
	return None


class Module:
	def __init__(self, name, rel, shown, old, new):
		self.name, self.rel, self.shown = name, rel, shown
		self.old, self.new = old, new
		self.params = []
		self.error = None	# why it was not loaded / did not load
		self.judged = False


def kernel_has(o):
	"""Whether the kernel tree of o has a header, as #include <...>
	names it."""
	dirs = [os.path.join(o.ktree, d) for d in ("include", "arch/x86/include",
						  "include/uapi", "arch/x86/include/uapi")]
	return lambda h: any(os.path.isfile(os.path.join(d, h)) for d in dirs)


def make_module(n, rel, shown, old, new, have=None, uf=None, only_uses=False):
	"""The Module of one converted file, its C text, or None.  uf: the
	file's uses of wrapper macros (checkmacros.UseFile), each parameter
	of a use a parameter of the module; only_uses: those only."""
	name = "modparm_load_%d" % n
	marks = []
	r = slice_module(new, shown, have=have, uses=uf.slice_uses() if uf else None,
			 headers=uf.headers if uf else (), only_uses=only_uses)
	if r is None:
		return None, None
	text, params = r
	m = Module(name, rel, shown, old, new)
	# an alias (#define card_irq cards) names the parameter by
	# what it expands to, as the kernel does
	defs = defines_of(new)
	# a mark after each parameter statement, under the same #if: its
	# symbols tell which statements were compiled and, by their sizes,
	# how many elements an array has and how long a string is
	for k, (pname, macro, cline) in enumerate(params):
		use = uf.param(cline, pname, macro) if uf else None
		if use is not None:
			p = Param(k, pname, macro, use[2], cline)
			p.through, p.old = use[6], uf.expanded
			p.cands = use[4] if len(use[4]) > 1 else None
		else:
			p = Param(k, pname, macro, statement_args(new, cline), cline)
		describe(p, new)
		for _ in range(4):
			if re.fullmatch(r'\w+', defs.get(p.name, "")):
				p.name = defs[p.name]
		p.rel, p.shown = rel, shown
		letter = letter_of(p.old or old, p.var or pname)
		if use is not None:
			p.line, p.letter = use[5], letter[1]
		elif letter[0]:
			p.line, p.letter = letter
		else:
			p.line = line_before(old, new, cline)
		m.params.append(p)
		v = p.var
		if v and re.fullmatch(r'\w+', v):
			mark = "static const char modparm_mark_%d_%s[%s] __used;" % (
				k, "a" if p.array else "s",
				"sizeof(%s) / sizeof(%s[0])" % (v, v) if p.array else
				"sizeof(%s)" % v if p.kind == "string" else "1")
		else:
			mark = "static const char modparm_mark_%d_s[1] __used;" % k
		if p.cands and v and re.fullmatch(r'\w+', v):
			mark += "\n" + type_mark(k, p)
		marks.append((cline, mark))
	# insert each mark right after its statement's #line block (of the
	# file itself: a header's lines come before it)
	out = []
	here = '"%s"' % shown.replace('"', '\\"')
	tl = text.split("\n")
	i = 0
	while i < len(tl):
		out.append(tl[i])
		mm = re.match(r'#line (\d+) (".*")$', tl[i])
		if mm and mm.group(2) == here and i + 1 < len(tl):
			cur = int(mm.group(1))
			ends = [mk for cl, mk in marks if cl == cur]
			# copy the statement's lines up to the next #line, then the mark
			j = i + 1
			while j < len(tl) and not tl[j].startswith("#line "):
				out.append(tl[j])
				j += 1
			for mk in ends:
				out.append(mk)
			i = j
			continue
		i += 1
	return m, "\n".join(out) + REPORTER


def call_of(text):
	"""(macro, [arguments]) of a module_param* text."""
	m = re.match(r'\s*(\w+)\s*\(', text)
	e = balanced_end(text, m.end() - 1)
	return m.group(1), [a.strip() for a in split_args(text[m.end():e])]


def type_mark(k, p):
	"""A symbol whose size is 1 + the index of the text of p.cands whose
	type the variable has (as the compiler sees it): which definition of
	a wrapper defined twice under #if this build took."""
	x = "%s[0]" % p.var if p.array else p.var
	expr = "%d" % (len(p.cands) + 1)
	for i in reversed(range(len(p.cands))):
		probe = Param(k, p.name, *call_of(p.cands[i]), p.cline)
		describe(probe)
		t = CTYPE.get(probe.kind)
		if t:
			expr = "__builtin_types_compatible_p(typeof(%s), %s) ? %d : (%s)" % (x, t, i + 1, expr)
	return "static const char modparm_type_%d[%s] __used;" % (k, expr)


def letter_of(old, var):
	"""(line, letter) of the MODULE_PARM of var in old: the letter of
	its type string, its string literals joined ("1-" __MODULE_STRING(4)
	"h" is an h); (None, None) when old has none."""
	mp = re.search(r'\bMODULE_PARM\s*\(\s*%s\s*,' % re.escape(var), old)
	if not mp:
		return None, None
	e = balanced_end(old, old.index("(", mp.start()))
	ts = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', old[mp.end():e]))
	lt = re.search(r'([%s])$|c\d+$' % "".join(LETTERS), ts)
	return old[:mp.start()].count("\n") + 1, lt.group(1) if lt else None


def balanced_end(text, i):
	"""The offset of the ')' that closes the '(' at text[i] (the end of
	text when none)."""
	depth = 0
	for j in range(i, len(text)):
		depth += (text[j] == "(") - (text[j] == ")")
		if depth == 0:
			return j
	return len(text)


def module_error(log, name):
	"""gcc's first error in module name's part of a kbuild log, or the
	first line that says error and names it."""
	errs = [g for g in checkbuild.diagnostics(log) if g[0] == name + ".o" and
		g[1][0][2] in ("error", "fatal error")]
	if errs:
		e = errs[0][1][0]
		return "%s:%d: %s" % (os.path.basename(e[0]), e[1], e[4])
	return checkbuild.first_error(log, name + ".o") or "the module did not build"


def read_marks(obj, prefix="modparm_mark_"):
	"""{k: size} of the marks compiled into obj."""
	p = subprocess.run(["nm", "-S", "--defined-only", obj], stdout=subprocess.PIPE,
			   stderr=subprocess.DEVNULL)
	out = {}
	for line in p.stdout.decode(errors="replace").split("\n"):
		f = line.split()
		if len(f) == 4 and f[3].startswith(prefix):
			k = int(f[3].split("_")[2])
			out[k] = int(f[1], 16)
	return out


def build(o, mods, scratch):
	"""Build the modules (name -> C text) in scratch; return the kbuild log."""
	with open(os.path.join(scratch, "Kbuild"), "w") as f:
		f.write("".join("obj-m += %s.o\n" % n for n in sorted(mods)))
	for n, text in mods.items():
		with open(os.path.join(scratch, n + ".c"), "w", errors="surrogateescape") as f:
			f.write(text)
	cmd = ["make", "-C", o.ktree] + (["O=" + o.kobj] if o.kobj else []) + [
		"M=" + scratch, checkbuild.KCFLAGS, "-k", "-j%d" % o.jobs,
		"--output-sync=target", "modules"]
	log = os.path.join(scratch, "build.log")
	checkbuild.run_make(cmd, log, len(mods))
	with open(log, "rb") as f:
		return f.read().decode("utf-8", "replace")


def guest_plan(mods):
	"""The plan the guest script follows: per module its good arguments
	and each bad one."""
	out = ["T %d" % LOAD_TIMEOUT]
	for m in mods:
		out.append("M %s" % m.name)
		# arrays last: a count that is a parameter too ends with the
		# number of values its array was given
		good = sorted([p for p in m.params if p.compiled and p.good is not None],
			      key=lambda p: p.array)
		out.append("G %s %s" % (m.name, " ".join("%s=%s" % (p.name, p.good) for p in good)))
		for p in m.params:
			if p.compiled and p.bad is not None:
				out.append("B %s %d %s=%s" % (m.name, p.k, p.name, p.bad))
	return "\n".join(out) + "\n"


def parse_guest(log):
	"""{module: {"phases": {phase: (rc, [kernel lines])}, "end": bool}}
	from the guest script's output."""
	res = {}
	for raw in log.split("\n"):
		line = raw.strip()
		f = line.split(" ", 3)
		if not f or not f[0].startswith("MPC-"):
			continue
		tag = f[0][4:]
		if tag == "BEGIN":
			res.setdefault(f[1], {"phases": {}, "end": False})
		elif tag == "END" and f[1] in res:
			res[f[1]]["end"] = True
		elif tag == "HANG" and len(f) >= 4 and f[1] in res:
			res[f[1]]["hang"] = (f[2], f[3])
		elif tag == "RC" and len(f) >= 4 and f[1] in res:
			res[f[1]]["phases"].setdefault(f[2], [None, []])[0] = int(f[3])
		elif tag == "LOG" and len(f) >= 4 and f[1] in res:
			msg = re.sub(r'^\[\s*[\d.]+\]\s*', '', f[3])
			res[f[1]]["phases"].setdefault(f[2], [None, []])[1].append(msg)
	return res


def reported(lines):
	out = {}
	for l in lines:
		m = re.match(r'modparm-check: (\S+?)(=| error )(.*)$', l)
		if m:
			out[m.group(1)] = m.group(3) if m.group(2) == "=" else None
	return out


def phase_text(m, phase):
	"""What the guest did in a phase of module m."""
	if phase == "good":
		return "insmod with a value for every parameter"
	if phase == "default":
		return "insmod without values"
	p = next((p for p in m.params if "bad%d" % p.k == phase), None)
	return "insmod with the bad value %s=%s" % (p.name, p.bad) if p else "insmod"


def judge(m, r):
	"""Check module m against its guest results r."""
	ph = r["phases"]
	if r.get("hang"):
		# (the kernel's lines of that time are the rest of the guest's)
		phase, secs = r["hang"]
		m.error = ("%s did not return within %s s: the guest gave up on it and loaded "
			   "the other modules" % (phase_text(m, phase), secs))
		m.judged = True
		return
	good = ph.get("good")
	if good is None or good[0] != 0:
		m.error = "insmod with a value for every parameter failed%s" % (
			": " + good[1][-1] if good and good[1] else "")
	else:
		got = reported(good[1])
		for p in m.params:
			if not p.compiled:
				continue
			if p.name not in got:
				p.errors.append("the module did not report '%s' when loaded with %s=%s"
						% (p.name, p.name, p.good))
			elif p.want is not None and got[p.name] != p.want:
				p.errors.append("loaded with %s=%s, the module holds '%s'"
						% (p.name, p.good, got[p.name]))
	dflt = ph.get("default")
	if dflt is None or dflt[0] != 0:
		if not m.error:
			m.error = "insmod without values failed%s" % (
				": " + dflt[1][-1] if dflt and dflt[1] else "")
	else:
		got = reported(dflt[1])
		for p in m.params:
			if p.compiled and p.default is not None:
				p.default_checked = True
				if got.get(p.name) != p.default:
					p.errors.append("loaded without values, the module holds '%s', "
							"not the old default '%s'" % (got.get(p.name), p.default))
	for p in m.params:
		if not p.compiled or p.bad is None:
			continue
		b = ph.get("bad%d" % p.k)
		if b is None:
			p.errors.append("the bad value %s=%s was not tried" % (p.name, p.bad))
		elif b[0] == 0:
			p.errors.append("insmod accepted the bad value %s=%s" % (p.name, p.bad))
		elif not any(p.why in l for l in b[1]):
			p.errors.append("%s=%s refused, but not for '%s' (kernel said: %s)" % (
				p.name, p.bad, p.why, "; ".join(b[1][-2:]) or "nothing"))
		else:
			p.refused = True
	m.judged = True


def stage(o, mods, scratch, gen):
	"""The initramfs of the modules mods; its path."""
	g = os.path.join(scratch, "guest")
	shutil.rmtree(g, ignore_errors=True)
	for d in ("tests", "modules", "data"):
		os.makedirs(os.path.join(g, d))
	shutil.copy(GUEST_SCRIPT, os.path.join(g, "tests", "modparm-checkload"))
	os.chmod(os.path.join(g, "tests", "modparm-checkload"), 0o755)
	for m in mods:
		shutil.copy(os.path.join(scratch, m.name + ".ko"), os.path.join(g, "modules"))
	with open(os.path.join(g, "data", "checkload.plan"), "w") as f:
		f.write(guest_plan(mods))
	cpio = os.path.join(scratch, "initramfs.cpio.gz")
	subprocess.run([os.path.join(REPO, "qemu", "mkinitramfs.sh"), gen,
			os.path.join(REPO, "qemu", "init"), g, cpio], check=True,
		       stdout=subprocess.DEVNULL)
	return cpio


def boot(o, kernel, cpio, out):
	"""Boot once; (guest log, console tail or None when it ran to the
	end, seconds)."""
	p = subprocess.run([os.path.join(REPO, "qemu", "run.sh"), "--kernel", kernel,
			    "--initrd", cpio, "--out", out, "--accel", "tcg",
			    # a distribution's kernel needs more than the project's
			    "--mem", "512M" if o.kernel else "256M",
			    "--timeout", str(BOOT_TIMEOUT), "--append", "ktest.timeout=%d" % BOOT_TIMEOUT],
			   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
	with open(os.path.join(out, "ktap.log"), errors="replace") as f:
		log = f.read()
	secs = 0.0
	try:
		with open(os.path.join(out, "boot-seconds")) as f:
			secs = float(f.read().strip() or 0)
	except (OSError, ValueError):
		pass
	if p.returncode == 0:
		return log, None, secs
	tail = ""
	try:
		with open(os.path.join(out, "console.log"), errors="replace") as f:
			tail = " | ".join(l.strip() for l in f.read().strip().split("\n")[-6:])
	except OSError:
		pass
	err = p.stderr.decode(errors="replace").strip().split("\n")
	why = [l for l in err if "FAIL" in l or "error" in l]
	return log, "%s; console: %s" % (why[0] if why else "the guest failed", tail), secs


def image_release(path):
	"""The kernel release a bzImage names in its setup header (what
	`file` shows as its version), or None."""
	try:
		with open(path, "rb") as f:
			head = f.read(0x10000)
	except OSError:
		return None
	if head[0x202:0x206] != b"HdrS" or len(head) < 0x210:
		return None
	at = int.from_bytes(head[0x20e:0x210], "little") + 0x200
	v = head[at:at + 256].split(b" ")[0].split(b"\0")[0]
	return v.decode(errors="replace") or None


def kdir_release(kdir):
	"""UTS_RELEASE of the kernel KDIR builds modules for, or None."""
	try:
		with open(os.path.join(kdir, "include", "generated", "utsrelease.h")) as f:
			m = re.search(r'UTS_RELEASE\s+"([^"]*)"', f.read())
	except OSError:
		return None
	return m.group(1) if m else None


def image_of(o):
	return o.kernel or os.path.join(o.check_load, "arch", "x86", "boot", "bzImage")


def image_refused(o):
	"""Why the kernel --check-load would boot cannot load KDIR's modules,
	or None: no image, or an image of another release than KDIR's
	headers (its vermagic refuses every module)."""
	k = image_of(o)
	if not os.path.isfile(k):
		if o.kernel:
			return "--kernel %s: no such file" % o.kernel
		return "--check-load %s: no kernel image %s to boot (or name one with --kernel IMAGE)" % (
			o.check_load, k)
	a, b = image_release(k), kdir_release(o.check_load)
	if o.kernel and a is None:
		return "--kernel %s: not a bzImage (no Linux boot header)" % o.kernel
	if a and b and a != b:
		return ("--kernel %s is Linux %s, but %s builds modules for %s: they would not "
			"load (vermagic); pass the headers of %s" % (k, a, o.check_load, b, a))
	return None


def check(o, files, scratch):
	"""Load the converted parameters of files ([(rel, shown, old text,
	new text, its uses of wrapper macros or None)]) in QEMU; returns
	(modules, stats)."""
	os.makedirs(scratch)
	kernel = image_of(o)
	mods, texts = [], {}
	for n, (rel, shown, old, new, uf) in enumerate(files):
		m, text = make_module(n, rel, shown, old, new, kernel_has(o), uf)
		if m is None:
			continue
		mods.append(m)
		texts[m.name] = text
	stats = {"boots": 0, "seconds": 0.0}
	if not mods:
		return mods, stats
	log = build(o, texts, scratch)
	# one module that does not compile stops modpost, and so the .ko,
	# of all the others: build again without it
	ok = {n: t for n, t in texts.items() if os.path.exists(os.path.join(scratch, n + ".o"))}
	if ok and len(ok) < len(texts):
		build(o, ok, scratch)
	built = []
	for m in mods:
		obj = os.path.join(scratch, m.name + ".o")
		ko = os.path.join(scratch, m.name + ".ko")
		if not os.path.exists(ko):
			m.error = "its parameter module does not build: %s" % module_error(log, m.name)
			for p in m.params:
				p.compiled = False
			continue
		marks = read_marks(obj)
		types = read_marks(obj, "modparm_type_")
		for p in m.params:
			p.compiled = p.k in marks
			if p.compiled and p.cands and 0 < types.get(p.k, 0) <= len(p.cands):
				# the definition of the wrapper this build took
				p.macro, p.args = call_of(p.cands[types[p.k] - 1])
				p.kind = p.var = p.count = None
				p.array = False
				describe(p, m.new)
			if p.compiled and (p.array or p.kind == "string"):
				p.max = marks[p.k]
			if p.compiled:
				plan(p, p.old or m.old, m.new)
		for q in m.params:
			for p in m.params:
				if q.compiled and q.array and q.count and p.compiled and \
						p.var == q.count and not p.array:
					p.want = str(q.max)
		built.append(m)
	if not os.path.isfile(kernel):
		for m in built:
			m.error = "no kernel image %s to boot" % kernel
		return mods, stats
	# the kernel source's own archiver when KDIR has it; a distribution's
	# headers do not: Debian's cpio then (qemu/mkinitramfs.sh)
	gen = os.path.join(scratch, "gen_init_cpio")
	src = os.path.join(o.ktree, "usr", "gen_init_cpio.c")
	if os.path.isfile(src):
		subprocess.run(["cc", "-O2", "-o", gen, src], check=True)
	else:
		gen = "cpio"
	todo = list(built)
	while todo:
		cpio = stage(o, todo, scratch, gen)
		out = os.path.join(scratch, "boot%d" % stats["boots"])
		glog, crash, secs = boot(o, kernel, cpio, out)
		stats["boots"] += 1
		stats["seconds"] += secs
		res = parse_guest(glog)
		if crash:
			# the guest wrote each module's name to the kernel log
			# before loading it: the console names the one it died on
			try:
				with open(os.path.join(out, "console.log"), errors="replace") as f:
					begun = re.findall(r'MPC-BEGIN (\S+)', f.read())
			except OSError:
				begun = []
			if begun and begun[-1] in [m.name for m in todo]:
				res.setdefault(begun[-1], {"phases": {}, "end": False})["end"] = False
				for m in todo:
					if m.name != begun[-1] and m.name in res and not res[m.name]["end"]:
						del res[m.name]
		rest = []
		for m in todo:
			r = res.get(m.name)
			if r is not None and r["end"]:
				judge(m, r)
			elif r is not None:
				m.error = "the guest failed while loading it: %s" % (crash or "no end")
			else:
				rest.append(m)
		if crash and not [m for m in todo if m.name in res and not res[m.name]["end"]]:
			# the guest failed before any module: none can be judged
			for m in rest:
				m.error = "the guest failed before loading it: %s" % crash
			rest = []
		if len(rest) == len(todo):
			break
		todo = rest
	return mods, stats


def run(o, t, base, show, newtext, scratch, usefiles=()):
	"""--check-load of the files the run changed and of those with uses
	of wrapper macros (usefiles: [checkmacros.UseFile]): diagnostics for
	each failed site, the counts in t.load."""
	files = []
	ufs = {f.rel: f for f in usefiles}
	for rel in sorted(set(newtext) | set(ufs)):
		try:
			with open(os.path.join(base, rel), "rb") as f:
				old = f.read().decode("utf-8", "surrogateescape").replace("\r\n", "\n")
		except OSError:
			continue
		new = newtext[rel].replace("\r\n", "\n") if rel in newtext else old
		files.append((rel, os.path.join(show, rel) if show != "." else rel, old, new,
			      ufs.get(rel)))
	mods, stats = check(o, files, scratch)
	keep = os.environ.get("MODPARM_CHECKLOAD_KEEP")
	if keep:
		# the modules, the guest's tree and its logs, for a look after
		shutil.rmtree(keep, ignore_errors=True)
		shutil.copytree(scratch, keep, symlinks=True)
	failed = 0
	for m in mods:
		for p in m.params:
			errs = ([m.error] if m.error else []) + p.errors
			if m.error and not p.compiled and not m.judged and "does not build" not in m.error:
				errs = [m.error]
			if not p.compiled and not m.error:
				continue	# the other branch of a compat block
			if errs:
				failed += 1
				t.diags.append((p.rel, p.line, 1, "error", KIND, "parameter '%s' (%s%s): %s"
						% (p.name, p.macro, " in %s" % p.through if p.through
						   else "", errs[0])))
	sites = [p for m in mods for p in m.params if p.compiled or m.error]
	t.load = {"sites": len(sites), "files": len(mods), "failed": failed,
		  "unbuilt": len([p for m in mods for p in m.params
				  if m.error and not p.compiled and not m.judged]),
		  "values": len([p for p in sites if p.compiled and not p.errors and m_ok(mods, p)]),
		  "defaults": len([p for p in sites if p.default_checked and not
				   [e for e in p.errors if "without values" in e]]),
		  "unjudged": len([p for p in sites if p.compiled and p.default is None]),
		  "refused": len([p for p in sites if p.refused]),
		  "bad": len([p for p in sites if p.compiled and p.bad is not None]),
		  "boots": stats["boots"], "seconds": stats["seconds"]}
	return t.load


def m_ok(mods, p):
	return not [m for m in mods if p in m.params and m.error]


def summary(t):
	"""The check-load lines of the summary."""
	d = getattr(t, "load", None)
	if not d:
		return []
	return ["modparm-convert: check-load: %d defaults kept (%d not judged: an "
		"initialiser or handler not evaluated), %d of %d bad values refused with the "
		"kernel's reason, %d boot%s, %.1f s in QEMU"
		% (d["defaults"], d["unjudged"], d["refused"], d["bad"], d["boots"],
		   "" if d["boots"] == 1 else "s", d["seconds"]),
		"modparm-convert: check-load: %d site%s in %d file%s, %d loaded in QEMU and "
		"judged right, %d failed%s"
		% (d["sites"], "" if d["sites"] == 1 else "s", d["files"],
		   "" if d["files"] == 1 else "s", d["values"], d["failed"],
		   " (%d not loaded: %s module did not build)" % (
			   d["unbuilt"], "its" if d["unbuilt"] == 1 else "their")
		   if d["unbuilt"] else "")]


def failed(t):
	d = getattr(t, "load", None)
	return bool(d and d["failed"])
