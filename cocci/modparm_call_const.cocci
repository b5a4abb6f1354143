// SPDX-License-Identifier: GPL-2.0-only
/// Make the handlers of module_param_call() take a const kernel_param
///
/// Before 2.6.36 the set and get handlers of module_param_call() took
/// "struct kernel_param *"; since then the kernel calls them through
/// struct kernel_param_ops, whose members take "const struct
/// kernel_param *".  6.1 still has module_param_call() (it builds the ops
/// itself), but a handler of the old type is an incompatible pointer, an
/// error with 6.1's -Werror=incompatible-pointer-types.  The definition
/// changes, and Coccinelle changes its prototypes with it.
///
/// The kernel's own helpers (param_set_int, ...) are already right; a
/// NULL setter or getter needs nothing.  A handler that is not a function
/// of this file (a macro, a function pointer variable, a function of
/// another file) is named and left: its type cannot be changed here.
//
// Confidence: High
// Copyright: (C) 2026 the modparm project.
// Comments: diagnostics are GCC style "file:line:col: warning: msg
//           [modparm-KIND]" on stderr in patch mode; report mode prints
//           them with coccilib.report.  Each decided site is also
//           printed as "modparm-api-site: file:line:col: converted|left|
//           unchanged call-const" for modparm-convert.
// Options: --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import re
import sys

TEXT = {}
DONE = set()
REPORT = [False]

def text_of(path):
	if path not in TEXT:
		with open(path, errors="replace") as f:
			t = f.read()
		t = re.sub(r'/\*.*?\*/', lambda m: re.sub(r'[^\n]', ' ', m.group(0)), t, flags=re.S)
		TEXT[path] = re.sub(r'//[^\n]*', '', t)
	return TEXT[path]

def say(p, kind, msg, sev="warning"):
	text = "%s: %s [modparm-%s]" % (sev, msg, kind)
	if REPORT[0]:
		coccilib.report.print_report(p, text)
	else:
		sys.stderr.write("%s:%s:%d: %s\n" % (p.file, p.line, int(p.column) + 1, text))

def handler(text, h):
	"""What h is in the file: 'stock', 'old' (a function of the file
	taking a non-const kernel_param), 'const', or why it cannot be
	changed."""
	if re.match(r'param_(?:set|get)_\w+$', h):
		return "stock"
	e = re.escape(h)
	if re.search(r'^\s*#\s*define\s+%s\b' % e, text, re.M):
		return "it is a macro"
	if re.search(r'\(\s*\*\s*%s\s*\)\s*\(' % e, text):
		return "it is a function pointer variable"
	m = re.search(r'(?<![\w.>])%s\s*\(([^;{}()]*)\)\s*\{' % e, text)
	if not m:
		return "it is not a function defined in this file"
	if re.search(r'(?<!const)\s+struct\s+kernel_param\s*\*', " " + m.group(1)):
		return "old"
	return "const"

def decide(p, s, g, perm):
	key = (p.file, p.line, p.column)
	if key in DONE:
		return
	DONE.add(key)
	text = text_of(p.file)
	kinds = []
	for role, h in (("setter", s), ("getter", g)):
		if h == "NULL":
			continue
		k = handler(text, h)
		if k in ("stock", "old", "const"):
			kinds.append(k)
			continue
		say(p, "call-handler", "module_param_call %s '%s': %s, so its type "
		    "cannot be checked or changed here; it must take 'const struct "
		    "kernel_param *' on 6.1: left unchanged" % (role, h, k))
		kinds.append("left")
	if s == "NULL":
		say(p, "call-handler", "module_param_call with no setter: a value "
		    "given for it when the module loads calls a NULL pointer, on 6.1 "
		    "as on 2.6; give it none", "note")
	# with permission 0 there is no sysfs file to read
	if g == "NULL" and not re.fullmatch(r'0+', perm.strip()):
		say(p, "call-handler", "module_param_call with no getter: its sysfs "
		    "file cannot be read (EPERM), as before", "note")
	what = "left" if "left" in kinds else "converted" if "old" in kinds else "unchanged"
	if REPORT[0]:
		if what == "converted":
			say(p, "call-const", "a handler of module_param_call takes 'struct "
			    "kernel_param *': 6.1 calls it with a const one")
		return
	sys.stderr.write("modparm-api-site: %s:%s:%d: %s call-const\n"
			 % (p.file, p.line, int(p.column) + 1, what))

@r@
declarer name module_param_call;
identifier name, s, g;
expression arg, perm;
position p;
@@

module_param_call@p(name, s, g, arg, perm);

@script:python depends on report || org@
@@
REPORT[0] = True

@script:python@
p << r.p;
s << r.s;
g << r.g;
perm << r.perm;
@@
decide(p[0], s, g, perm)

// one rule per role, each inheriting only its handler: a handler that
// serves two parameters is changed once
@depends on patch disable optional_qualifier@
identifier r.s, a, kp;
type R, A;
@@

R s(A a,
- struct kernel_param *kp
+ const struct kernel_param *kp
  ) {...}

@depends on patch disable optional_qualifier@
identifier r.g, a, kp;
type R, A;
@@

R g(A a,
- struct kernel_param *kp
+ const struct kernel_param *kp
  ) {...}

@depends on context disable optional_qualifier@
identifier r.s, a, kp;
type R, A;
@@

* R s(A a, struct kernel_param *kp) {...}

@depends on context disable optional_qualifier@
identifier r.g, a, kp;
type R, A;
@@

* R g(A a, struct kernel_param *kp) {...}
