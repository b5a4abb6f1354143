// SPDX-License-Identifier: GPL-2.0-only
/// The kernel's parameter helpers as 6.1 has them
///
/// param_array_set() and param_array_get() were exported from 2.6.0 to
/// 2.6.35; 2.6.36 made them static and exports them only as the members
/// of param_array_ops, so a handler that calls them calls
/// param_array_ops.set/.get (kernel_param's arg and arr are one union,
/// so the kernel_param it passes still names the same struct
/// kparam_array).
///
/// The helpers param_set_<type>/param_get_<type> took "struct
/// kernel_param *" before 2.6.36; linux/moduleparam.h declares them with
/// "const struct kernel_param *" now.  A driver's own prototype of one of
/// them, copied from the old header, conflicts with that declaration and
/// is removed: the kernel header declares it.  A package's own copy of
/// moduleparam.h is its compatibility layer for old kernels, not driver
/// code: it is named and left.
//
// Confidence: High
// Copyright: (C) 2026 the modparm project.
// Comments: diagnostics are GCC style "file:line:col: warning: msg
//           [modparm-KIND]" on stderr in patch mode; report mode prints
//           them with coccilib.report.  Each decided site is also
//           printed as "modparm-api-site: file:line:col: converted|left
//           helper" for modparm-convert.
// Options: --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import os
import re
import sys

REPORT = [False]
DONE = set()

def say(p, kind, msg, sev="warning"):
	text = "%s: %s [modparm-%s]" % (sev, msg, kind)
	if REPORT[0]:
		coccilib.report.print_report(p, text)
	else:
		sys.stderr.write("%s:%s:%d: %s\n" % (p.file, p.line, int(p.column) + 1, text))

def site(p, what):
	key = (p.file, p.line, p.column)
	if key in DONE:
		return False
	DONE.add(key)
	if REPORT[0]:
		return True
	sys.stderr.write("modparm-api-site: %s:%s:%d: %s helper\n"
			 % (p.file, p.line, int(p.column) + 1, what))
	return True

def old_prototype(p):
	"""Whether the prototype at p takes a non-const kernel_param (the
	header of 6.1 has the const ones)."""
	with open(p.file, errors="replace") as f:
		rest = "\n".join(f.read().split("\n")[int(p.line) - 1:])
	text = " " + re.sub(r'\s+', ' ', rest[:rest.find(";")])
	return re.search(r'(?<!const )struct kernel_param ?\*', text) is not None

def own_header(p):
	return os.path.basename(p.file) == "moduleparam.h"

@script:python depends on report || org@
@@
REPORT[0] = True

@arr@
expression v, kp;
position p;
@@

(
param_array_set@p(v, kp)
|
param_array_get@p(v, kp)
)

@script:python@
p << arr.p;
@@
if site(p[0], "converted"):
	say(p[0], "helper", "param_array_set/param_array_get are static since "
	    "2.6.36: called as param_array_ops.set/.get", "note")

@depends on patch@
expression v, kp;
@@

(
- param_array_set(v, kp)
+ param_array_ops.set(v, kp)
|
- param_array_get(v, kp)
+ param_array_ops.get(v, kp)
)

@depends on context@
expression v, kp;
@@

(
* param_array_set(v, kp)
|
* param_array_get(v, kp)
)

// The helpers linux/moduleparam.h of 6.1 declares (and 2.6 exported).
// A prototype of one of them, each named: the grep query of this
// semantic patch (spatch --dir parses only the files that name one);
// proto below, which binds the name, matches the same prototypes.
@named@
type R;
parameter list ps;
@@

(
R param_set_byte(ps);
|
R param_get_byte(ps);
|
R param_set_short(ps);
|
R param_get_short(ps);
|
R param_set_ushort(ps);
|
R param_get_ushort(ps);
|
R param_set_int(ps);
|
R param_get_int(ps);
|
R param_set_uint(ps);
|
R param_get_uint(ps);
|
R param_set_long(ps);
|
R param_get_long(ps);
|
R param_set_ulong(ps);
|
R param_get_ulong(ps);
|
R param_set_charp(ps);
|
R param_get_charp(ps);
|
R param_set_bool(ps);
|
R param_get_bool(ps);
|
R param_set_invbool(ps);
|
R param_get_invbool(ps);
|
R param_set_copystring(ps);
|
R param_get_copystring(ps);
|
R param_set_string(ps);
|
R param_get_string(ps);
|
R param_array_set(ps);
|
R param_array_get(ps);
)

@proto depends on named@
identifier f =~ "^param_(set|get)_(byte|short|ushort|int|uint|long|ulong|charp|bool|invbool|copystring|string)$|^param_array_(set|get)$";
type R;
parameter list ps;
position p;
@@

R f@p(ps);

@script:python keep@
p << proto.p;
f << proto.f;
@@
if not old_prototype(p[0]):
	# already the 6.1 prototype, as in the moduleparam.h of 6.1
	cocci.include_match(False)
elif own_header(p[0]):
	if site(p[0], "left"):
		say(p[0], "compat-header", "'%s' declared with the 2.6 prototype in "
		    "the package's own copy of moduleparam.h (its compatibility "
		    "layer for old kernels): left unchanged; on 6.1 the driver "
		    "must include <linux/moduleparam.h> instead" % f)
	cocci.include_match(False)
elif site(p[0], "converted"):
	say(p[0], "helper", "own prototype of the kernel's '%s' removed: "
	    "<linux/moduleparam.h> declares it (with a const kernel_param since "
	    "2.6.36)" % f, "warning" if REPORT[0] else "note")

@depends on patch@
identifier proto.f;
type R;
parameter list ps;
position proto.p;
@@

- R f@p(ps);

@depends on context@
identifier proto.f;
type R;
parameter list ps;
position proto.p;
@@

* R f@p(ps);
