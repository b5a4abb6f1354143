// SPDX-License-Identifier: GPL-2.0-only
/// Pass the count of module_param_array() by address
///
/// From 2.6.0 to 2.6.9 module_param_array(name, type, num, perm) took the
/// count variable itself and the macro took its address; 2.6.10 made the
/// argument a pointer (&num, or NULL for no count).  6.1 stores it in
/// struct kparam_array's "unsigned int *num", so a plain int is an
/// integer-to-pointer conversion, an error with -Werror.
///
/// Left with a diagnostic: the old half of a version test whose other
/// branch already has the 2.6.10 form (converting it would register the
/// parameter twice on the kernels that branch is for, and 6.1 compiles
/// the other branch anyway), and a count whose declaration is not in the
/// file (it may be a pointer already).  A count that is also a parameter,
/// shared by two arrays or written by the driver is converted and named:
/// the kernel now writes it on every load.
//
// Confidence: High
// Copyright: (C) 2026 the modparm project.
// Comments: diagnostics are GCC style "file:line:col: warning: msg
//           [modparm-KIND]" on stderr in patch mode; report mode prints
//           them with coccilib.report.  Each decided site is also
//           printed as "modparm-api-site: file:line:col: converted|left
//           array-count" for modparm-convert.
// Options: --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import re
import sys

TEXT = {}	# file -> its lines, comments blanked
DONE = set()	# (file, line, col) of the sites decided

def lines_of(path):
	if path not in TEXT:
		with open(path, errors="replace") as f:
			t = f.read()
		t = re.sub(r'/\*.*?\*/', lambda m: re.sub(r'[^\n]', ' ', m.group(0)), t, flags=re.S)
		t = re.sub(r'//[^\n]*', '', t)
		TEXT[path] = t.split("\n")
	return TEXT[path]

def chains(lines):
	"""For each line (0-based) the stack of (chain, branch) of the #if
	blocks around it; chains: [[(first line, directive)...branches]]."""
	stack, per, all_ = [], [], []
	for l in lines:
		d = re.match(r'\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)', l)
		if d and d.group(1).startswith("if"):
			all_.append([(len(per), l.strip())])
			stack.append((len(all_) - 1, 0))
		elif d and d.group(1) in ("elif", "else") and stack:
			c, b = stack.pop()
			all_[c].append((len(per), l.strip()))
			stack.append((c, b + 1))
		elif d and d.group(1) == "endif" and stack:
			c, _ = stack.pop()
			all_[c].append((len(per), None))
		per.append(list(stack))
	return per, all_

def args_of(stmt):
	"""Top-level arguments of the call in stmt."""
	i = stmt.find("(")
	out, depth, cur = [], 0, ""
	for ch in stmt[i + 1:]:
		if ch == "(":
			depth += 1
		elif ch == ")":
			if depth == 0:
				break
			depth -= 1
		if ch == "," and depth == 0:
			out.append(cur.strip())
			cur = ""
		else:
			cur += ch
	out.append(cur.strip())
	return out

ARRAY_RE = re.compile(r'\bmodule_param_array(_named)?\s*\(')

def array_calls(lines, lo, hi):
	"""(line, variable, count) of the module_param_array* calls in lines
	lo..hi-1 (0-based)."""
	out = []
	for i in range(lo, hi):
		m = ARRAY_RE.search(lines[i])
		if not m:
			continue
		a = args_of(" ".join(lines[i:i + 6])[m.start():])
		k = 1 if m.group(1) else 0
		if len(a) >= k + 4:
			out.append((i + 1, a[k], a[k + 2]))
	return out

def pointer_decl(lines, n):
	"""(line, pointer?) of the file-scope declaration of n, or None."""
	r = re.compile(r'^(?:static\s+|extern\s+)?(?:(?:unsigned|signed|int|long|short|'
		       r'const|volatile|u32|u16|u8|s32|__u32|size_t)\s+|\w+\s+)*(\*?)\s*%s\s*[=;,\[]'
		       % re.escape(n))
	for i, l in enumerate(lines):
		m = r.match(l)
		if m and not l.lstrip().startswith(("return", "module_param")):
			return i + 1, m.group(1) == "*"
	# "static int a, n;"
	r2 = re.compile(r'^(?:static\s+)?(?:unsigned\s+)?(?:int|long|short|unsigned)\b[^;()]*,\s*(\*?)\s*%s\s*[=;,]'
			% re.escape(n))
	for i, l in enumerate(lines):
		m = r2.match(l)
		if m:
			return i + 1, m.group(1) == "*"
	return None

WRITE = r'(?:(?<![=!<>])=(?!=)|\+\+|--|[-+*/%%|&^]=|<<=|>>=)'

def driver_write(lines, n, dline):
	"""The first line (1-based) below dline where the driver assigns n."""
	r = re.compile(r'(?<![\w.>])%s\s*%s|(?:\+\+|--)\s*%s\b' % (re.escape(n), WRITE, re.escape(n)))
	for i, l in enumerate(lines):
		if i + 1 == dline or re.match(r'\s*(?:static\s+|extern\s+)?(?:unsigned\s+)?int\b', l):
			continue
		if r.search(l):
			return i + 1
	return None

def new_form_elsewhere(lines, line, x):
	"""(line, directive) of a 2.6.10 module_param_array of x (or a
	module_param* of it) in another branch of an #if around line."""
	per, all_ = chains(lines)
	for c, b in reversed(per[line - 1]):
		br = all_[c]
		for k in range(len(br) - 1):
			if k == b or br[k][1] is None:
				continue
			lo, hi = br[k][0] + 1, br[k + 1][0]
			for ln, v, cnt in array_calls(lines, lo, hi):
				if v == x and (cnt.startswith("&") or cnt == "NULL" or
					       (pointer_decl(lines, cnt) or (0, False))[1]):
					return ln, br[0][1]
			for i in range(lo, hi):
				if re.search(r'\bmodule_param(?:_named|_cb|_string)?\s*\([^;]*\b%s\b'
					     % re.escape(x), lines[i]):
					return i + 1, br[0][1]
	return None

def say(p, kind, msg, sev="warning"):
	text = "%s: %s [modparm-%s]" % (sev, msg, kind)
	if REPORT[0]:
		coccilib.report.print_report(p, text)
	else:
		sys.stderr.write("%s:%s:%d: %s\n" % (p.file, p.line, int(p.column) + 1, text))

def site(p, what):
	if REPORT[0]:
		if what == "converted":
			say(p, "array-count", "the count of module_param_array is passed by "
			    "name (2.6.0-2.6.9): 6.1 takes its address")
		return
	sys.stderr.write("modparm-api-site: %s:%s:%d: %s array-count\n"
			 % (p.file, p.line, int(p.column) + 1, what))

REPORT = [False]

def decide(p, x, n):
	"""True when the count of the site at p should become &n."""
	key = (p.file, p.line, p.column)
	if key in DONE:
		return False
	DONE.add(key)
	lines = lines_of(p.file)
	line = int(p.line)
	if n == "NULL":
		return False
	d = pointer_decl(lines, n)
	if d and d[1]:
		return False	# already the 2.6.10 form with a pointer variable
	other = new_form_elsewhere(lines, line, x)
	if other:
		say(p, "compat", "'%s' already has its 2.6.10 module_param_array at line %d, "
		    "in another branch of '%s' (a compat block for old kernels): left "
		    "unchanged" % (x, other[0], other[1]), "note")
		site(p, "left")
		return False
	if d is None:
		say(p, "array-count", "module_param_array(%s): the count '%s' is not "
		    "declared in this file, so whether it is an int (2.6.0-2.6.9, pass "
		    "&%s) or a pointer (2.6.10 on) is unknown: left unchanged" % (x, n, n))
		site(p, "left")
		return False
	calls = [c for c in array_calls(lines, 0, len(lines)) if c[2] in (n, "&" + n)]
	arrays = sorted(set(c[1] for c in calls))
	if len(arrays) > 1:
		say(p, "array-count", "count '%s' is shared by the arrays %s: the kernel "
		    "sets it to the number of values of whichever is given last" %
		    (n, ", ".join("'%s'" % a for a in arrays)), "note")
	if any(re.search(r'\bmodule_param(?:_named)?\s*\(\s*%s\s*,' % re.escape(n), l)
	       for l in lines):
		say(p, "array-count", "count '%s' is a module parameter too: the kernel "
		    "also sets it to the number of values given for '%s'" % (n, x), "note")
	w = driver_write(lines, n, d[0])
	if w:
		say(p, "array-count", "count '%s' is also written by the driver (line %d): "
		    "the kernel sets it when the module loads, the driver's value "
		    "replaces it; converted, check that use" % (n, w))
	site(p, "converted")
	return True

@r@
declarer name module_param_array, module_param_array_named;
identifier x, n, nm;
expression t, perm;
type T;
position p;
@@

(
module_param_array@p(x, t, n, perm);
|
module_param_array@p(x, T, n, perm);
|
module_param_array_named@p(nm, x, t, n, perm);
|
module_param_array_named@p(nm, x, T, n, perm);
)

@script:python depends on report || org@
@@
REPORT[0] = True

@script:python ok@
p << r.p;
x << r.x;
n << r.n;
@@
if not decide(p[0], x, n):
	cocci.include_match(False)

@depends on patch@
identifier r.n, x, nm;
expression t, perm;
type T;
position r.p;
@@

(
module_param_array@p(x, t,
- n
+ &n
  , perm);
|
module_param_array@p(x, T,
- n
+ &n
  , perm);
|
module_param_array_named@p(nm, x, t,
- n
+ &n
  , perm);
|
module_param_array_named@p(nm, x, T,
- n
+ &n
  , perm);
)

@depends on context@
identifier r.n, x, nm;
expression t, perm;
type T;
position r.p;
@@

(
* module_param_array@p(x, t, n, perm);
|
* module_param_array@p(x, T, n, perm);
|
* module_param_array_named@p(nm, x, t, n, perm);
|
* module_param_array_named@p(nm, x, T, n, perm);
)
