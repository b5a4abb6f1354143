// SPDX-License-Identifier: GPL-2.0-only
/// acpi_driver .remove handlers lose their unused "int type" argument
///
/// 3.9 removed the type argument of acpi_driver's remove operation.  A
/// handler named in an acpi_driver's .ops.remove that never reads the
/// argument loses it (its prototypes follow); one that reads it is
/// left for a person, since what it decided on is gone.
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch
virtual report

@r@
identifier drv, fn;
@@
struct acpi_driver drv = { ..., .ops = { ..., .remove = fn, ..., }, ..., };

@depends on patch@
identifier r.fn, d, t;
@@
 int fn(struct acpi_device *d
-	, int t
 ) {
 ... when != t
 }
