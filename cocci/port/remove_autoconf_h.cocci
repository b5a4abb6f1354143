// SPDX-License-Identifier: GPL-2.0-only
/// Remove #include <linux/autoconf.h>
///
/// The header was moved to include/generated/ in 2.6.33: kbuild has given
/// every file the configuration since (-include linux/kconfig.h), so the
/// include is dead and 6.1 stops at it.
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch
virtual report

@r depends on patch@
@@
- #include <linux/autoconf.h>

@s depends on report@
position p;
@@
 #include <linux/autoconf.h>@p

@script:python depends on report@
p << s.p;
@@
coccilib.report.print_report(p[0], "linux/autoconf.h is gone since 2.6.33: remove the #include")
