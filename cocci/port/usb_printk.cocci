// SPDX-License-Identifier: GPL-2.0-only
/// USB's err(), info() and warn() to pr_err(), pr_info() and pr_warn()
///
/// 2.6.32 removed these macros from include/linux/usb.h, where each was
/// printk(KERN_<LEVEL> KBUILD_MODNAME ": " format "\n", ## arg).  The
/// call becomes pr_<level>() with that very prefix and newline, so the
/// log line is the same.  A file that defines its own err/info/warn (a
/// macro or a function) or pr_fmt() (which would prefix the message a
/// second time) is left as it is; dbg() printed __FILE__ and only with
/// DEBUG, so it is for a person (pr_debug or dev_dbg).
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch

@defined@
identifier m = {err, info, warn, pr_fmt};
@@
#define m(...) ...

@deffn@
identifier m = {err, info, warn};
@@
 m(...) { ... }

@r depends on patch && !defined && !deffn@
identifier m = {err, info, warn};
constant char[] f;
position p;
@@
 m@p(f, ...)

@script:python s@
f << r.f;
m << r.m;
nf;
pr;
@@
coccinelle.nf = cocci.make_ident('KBUILD_MODNAME ": " ' + f[:-1] + '\\n"')
coccinelle.pr = cocci.make_ident({"err": "pr_err", "info": "pr_info", "warn": "pr_warn"}[m])

@depends on patch@
identifier r.m, s.nf, s.pr;
constant char[] r.f;
position r.p;
@@
- m@p(f
+ pr(nf
  , ...)
