// SPDX-License-Identifier: GPL-2.0-only
/// Drop const from the declaration of a module parameter
///
/// The kernel writes a parameter when the module loads, so its variable
/// is not const.  module_param's type check (param_check_<type>, a
/// pointer comparison) rejects a const one: "const int x" fails, and so
/// does "const char *x" for charp, whose check wants char **.  6.1
/// builds with -Werror=incompatible-pointer-types and
/// -Werror=discarded-qualifiers.  Old drivers converted from MODULE_PARM
/// often have either; the old kernel wrote to them regardless.
//
// Confidence: High
// Copyright: (C) 2026 the modparm project.
// Comments: run after modparm.cocci; modparm-convert does.
// Options: --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report

@r@
declarer name module_param, module_param_array, module_param_named;
declarer name module_param_array_named, module_param_string;
identifier x, n;
@@

(
module_param(x, ...);
|
module_param_array(x, ...);
|
module_param_named(n, x, ...);
|
module_param_array_named(n, x, ...);
|
module_param_string(n, x, ...);
)

// a local of the same name in a function is not the parameter
@loc@
identifier r.x, f;
type T;
position q;
@@

f(...) { <...
(
T x@q;
|
T x@q = ...;
|
T x@q[...];
|
T x@q[...] = ...;
|
const char *x@q;
|
const char *x@q = ...;
|
const char *x@q[...];
|
const char *x@q[...] = ...;
)
...> }

@fix depends on patch@
identifier r.x;
type T;
position q != loc.q;
@@

(
- const
  T x@q;
|
- const
  T x@q = ...;
|
- const
  T x@q[...];
|
- const
  T x@q[...] = ...;
|
- const
  char *x@q;
|
- const
  char *x@q = ...;
|
- const
  char *x@q[...];
|
- const
  char *x@q[...] = ...;
)

@depends on context@
identifier r.x;
type T;
position q != loc.q;
@@

(
* const T x@q;
|
* const T x@q = ...;
|
* const T x@q[...];
|
* const T x@q[...] = ...;
|
* const char *x@q;
|
* const char *x@q = ...;
|
* const char *x@q[...];
|
* const char *x@q[...] = ...;
)

@c depends on report || org@
identifier r.x;
type T;
position q != loc.q;
@@

(
const T x@q;
|
const T x@q = ...;
|
const T x@q[...];
|
const T x@q[...] = ...;
|
const char *x@q;
|
const char *x@q = ...;
|
const char *x@q[...];
|
const char *x@q[...] = ...;
)

@script:python depends on report@
x << r.x;
q << c.q;
@@
coccilib.report.print_report(q[0], "warning: module parameter '%s' is declared "
			     "const: drop the const [modparm-const]" % x)

@script:python depends on org@
x << r.x;
q << c.q;
@@
coccilib.org.print_todo(q[0], "module parameter '%s' declared const" % x)
