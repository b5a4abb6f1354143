// SPDX-License-Identifier: GPL-2.0-only
/// cancel_rearming_delayed_work{,queue}() to cancel_delayed_work_sync()
///
/// Both cancelled a delayed work that may queue itself again and waited
/// for it; 2.6.23's cancel_delayed_work_sync() does the same for any
/// workqueue (the queue argument was only used to flush it), and the
/// old names were removed.
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch
virtual report

@depends on patch@
expression wq, dw;
@@
(
- cancel_rearming_delayed_workqueue(wq, dw)
+ cancel_delayed_work_sync(dw)
|
- cancel_rearming_delayed_work(dw)
+ cancel_delayed_work_sync(dw)
)
