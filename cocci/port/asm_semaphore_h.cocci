// SPDX-License-Identifier: GPL-2.0-only
/// Replace #include <asm/semaphore.h> by <linux/semaphore.h>
///
/// The semaphore became generic code in 2.6.26 and its header moved;
/// the API (down, up, sema_init) is the same.
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch
virtual report

@depends on patch@
@@
- #include <asm/semaphore.h>
+ #include <linux/semaphore.h>

@s depends on report@
position p;
@@
 #include <asm/semaphore.h>@p

@script:python depends on report@
p << s.p;
@@
coccilib.report.print_report(p[0], "asm/semaphore.h moved to linux/semaphore.h in 2.6.26")
