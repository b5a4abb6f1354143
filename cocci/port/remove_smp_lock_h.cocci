// SPDX-License-Identifier: GPL-2.0-only
/// Remove #include <linux/smp_lock.h> where the big kernel lock is unused
///
/// The big kernel lock and its header were removed in 2.6.39.  A file
/// that no longer calls lock_kernel() or unlock_kernel() (most drivers
/// included the header out of habit) loses the include.  A file that
/// still calls them keeps it: what the lock protected needs a lock of
/// the driver's own, which no rule can choose; report mode names it.
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch
virtual report

@uses@
position p;
@@
(
 lock_kernel@p()
|
 unlock_kernel@p()
)

@depends on patch && !uses@
@@
- #include <linux/smp_lock.h>

@script:python depends on report@
p << uses.p;
@@
coccilib.report.print_report(p[0], "the big kernel lock is gone since 2.6.39: protect this with a mutex of the driver's own")
