// SPDX-License-Identifier: GPL-2.0-only
/// Remove __devinit, __devexit, __devinitdata and __devexit_p()
///
/// 3.8 made hotplug unconditional: the annotations had become empty
/// (and __devexit_p(f) plain f) and were removed.  Removing them keeps
/// every function and table as the kernel built it since.  spatch's own
/// standard.h hides the annotations; devinit-macros.h makes them
/// attributes the rules can remove.
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --macro-file devinit-macros.h

virtual patch
virtual report

@depends on patch@
attribute name __devinit;
identifier f;
@@
- __devinit
 f(...) {...}

@depends on patch@
attribute name __devexit;
identifier f;
@@
- __devexit
 f(...) {...}

@depends on patch@
attribute name __devinit;
identifier f;
type T;
@@
 T
- __devinit
 f(...);

@depends on patch@
attribute name __devexit;
identifier f;
type T;
@@
 T
- __devexit
 f(...);

@depends on patch@
attribute name __devinitdata;
identifier x;
type T;
initializer i;
@@
 T x[]
- __devinitdata
 = i;

@depends on patch@
attribute name __devinitconst;
identifier x;
type T;
initializer i;
@@
 T x[]
- __devinitconst
 = i;

@depends on patch@
expression f;
@@
- __devexit_p(f)
+ f
