// SPDX-License-Identifier: GPL-2.0-only
/// Remove #include <linux/config.h>
///
/// The header was emptied and then removed in 2.6.19: kbuild has given
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
- #include <linux/config.h>

@s depends on report@
position p;
@@
 #include <linux/config.h>@p

@script:python depends on report@
p << s.p;
@@
coccilib.report.print_report(p[0], "linux/config.h is gone since 2.6.19: remove the #include")
