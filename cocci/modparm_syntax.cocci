// SPDX-License-Identifier: GPL-2.0-only
/// Remove ALSA's MODULE_PARM_SYNTAX() beside a module_param*()
///
/// ALSA 0.9 described each insmod parameter's syntax for its
/// configuration tools with MODULE_PARM_SYNTAX(name, "..."), next to its
/// MODULE_PARM.  The macro went with the 2.6 sound drivers (no 6.1 header
/// defines it, so a call is an error), and maintainers removed every
/// one.  Beside a module_param*() of the same parameter (the MODULE_PARM
/// converted, or a 2.6 driver converted already) it is removed; one of a
/// parameter that has none (its MODULE_PARM left) stays with it, named.
//
// Confidence: High
// Copyright: (C) 2026 the modparm project.
// Comments: diagnostics are GCC style "file:line:col: note: msg
//           [modparm-syntax]" on stderr in patch mode; report mode prints
//           them with coccilib.report.  Each decided site is also
//           printed as "modparm-api-site: file:line:col: converted|left
//           syntax" for modparm-convert.
// Options: --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import sys

REPORT = [False]
DONE = set()
BESIDE = {}	# MODULE_PARM_SYNTAX position -> line of its module_param*

def key(p):
	return (p.file, p.line, p.column)

def say(p, msg, sev):
	text = "%s: %s [modparm-syntax]" % (sev, msg)
	if REPORT[0]:
		coccilib.report.print_report(p, text)
	else:
		sys.stderr.write("%s:%s:%d: %s\n" % (p.file, p.line, int(p.column) + 1, text))

def site(p, what):
	key = (p.file, p.line, p.column)
	if key in DONE:
		return False
	DONE.add(key)
	if not REPORT[0]:
		sys.stderr.write("modparm-api-site: %s:%s:%d: %s syntax\n"
				 % (p.file, p.line, int(p.column) + 1, what))
	return True

@script:python depends on report || org@
@@
REPORT[0] = True

@syn@
declarer name MODULE_PARM_SYNTAX;
identifier v;
expression e;
position p;
@@

MODULE_PARM_SYNTAX@p(v, e);

// the parameter of that name (the first argument of each form)
@param@
declarer name module_param, module_param_array, module_param_string,
	module_param_named, module_param_array_named, module_param_call,
	module_param_cb;
identifier syn.v;
position q;
@@

(
module_param@q(v, ...);
|
module_param_array@q(v, ...);
|
module_param_string@q(v, ...);
|
module_param_named@q(v, ...);
|
module_param_array_named@q(v, ...);
|
module_param_call@q(v, ...);
|
module_param_cb@q(v, ...);
)

@script:python@
p << syn.p;
q << param.q;
@@
BESIDE[(p[0].file, p[0].line, p[0].column)] = q[0].line

// a MODULE_PARM_SYNTAX beside its parameter's module_param* goes
@ok@
declarer name MODULE_PARM_SYNTAX;
identifier v;
expression e;
position p : script:python() { key(p[0]) in BESIDE };
@@

MODULE_PARM_SYNTAX@p(v, e);

@left@
declarer name MODULE_PARM_SYNTAX;
identifier v;
expression e;
position p : script:python() { key(p[0]) not in BESIDE };
@@

MODULE_PARM_SYNTAX@p(v, e);

@script:python@
p << ok.p;
v << ok.v;
@@
if site(p[0], "converted"):
	say(p[0], "MODULE_PARM_SYNTAX of '%s' removed: 6.1 has no MODULE_PARM_SYNTAX "
	    "(ALSA's hint for its configurator, gone with 2.6); the parameter is "
	    "its module_param* at line %s" % (v, BESIDE[key(p[0])]), "note")

@script:python@
p << left.p;
v << left.v;
@@
if site(p[0], "left"):
	say(p[0], "MODULE_PARM_SYNTAX of '%s', which has no module_param* here: "
	    "left with its parameter; remove it when that is converted (6.1 has "
	    "no MODULE_PARM_SYNTAX)" % v, "warning")

@depends on patch@
identifier ok.v;
expression ok.e;
position ok.p;
@@

- MODULE_PARM_SYNTAX@p(v, e);

@depends on context@
identifier ok.v;
expression ok.e;
position ok.p;
@@

* MODULE_PARM_SYNTAX@p(v, e);
